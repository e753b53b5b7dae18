"""Measure the engine's speed against a hand-written loop, in one run.

Usage::

    python benchmarks/run.py            # the full run (about a minute)
    python benchmarks/run.py --quick    # a smaller run, to try a change

It prints, for ``ono99-2022`` with 4 random players:

(a) ``ono99.simulate`` throughput, in cards played per second;
(b) the step-by-step public API (``legal_moves`` then ``play``) on the same games;
(c) the straight-line reference loop in ``benchmarks/reference.py``;

then (a)/(c) and (b)/(c), the time of ``import ono99`` and of a first
``load_variant`` in a fresh interpreter, and the speed-up of 2 processes over 1
on a run long enough (about 3 s in one process with the compiled engine) that
starting the worker processes is not most of what it measures. Each figure is
the best of several runs.

It measures the ``ono99`` it imports, and says which engine that has: run from
a virtual environment where ``pip install .`` built the compiled engine, or
where ``pip install -e .`` left it pure Python.

Two figures give the others context: (a') ``simulate`` with random players
that are not quick players (they get an ``Observation`` at every move), and
the speed-up of 2 processes over 1 for a plain arithmetic loop, which is the
most this machine's cores allow any program.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import reference

import ono99
from ono99 import events
from ono99._cli import version

VARIANT = "ono99-2022"
PLAYERS = 4


def best_rate(run, repeats: int) -> float:  # type: ignore[no-untyped-def]
    """The best of several runs of ``run() -> (plays, seconds)``, in plays per second."""
    rates = []
    for _ in range(repeats):
        plays, seconds = run()
        rates.append(plays / seconds)
    return max(rates)


def reference_loop(games: int) -> tuple[int, float]:
    rng = random.Random(1)
    start = time.perf_counter()
    plays = sum(reference.play_game(PLAYERS, rng) for _ in range(games))
    return plays, time.perf_counter() - start


def step_api(games: int) -> tuple[int, float]:
    variant = ono99.load_variant(VARIANT)
    rng = random.Random(1)
    finished = []
    start = time.perf_counter()
    for seed in range(games):
        game = ono99.Game(variant, PLAYERS, seed=seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        finished.append(game)
    seconds = time.perf_counter() - start
    plays = sum(isinstance(e, events.Played) for g in finished for e in g.events)
    return plays, seconds


def simulated(games: int, jobs: int = 1) -> tuple[int, float]:
    simulate = getattr(ono99, "simulate", None)
    if simulate is None:  # before the simulator exists: the players' loop
        variant = ono99.load_variant(VARIANT)
        finished = []
        start = time.perf_counter()
        for seed in range(games):
            game = ono99.Game(variant, PLAYERS, seed=seed)
            ono99.play_out(game, [ono99.RandomPlayer(seed + i) for i in range(PLAYERS)])
            finished.append(game)
        seconds = time.perf_counter() - start
        return sum(isinstance(e, events.Played) for g in finished for e in g.events), seconds
    start = time.perf_counter()
    result = simulate(
        VARIANT, players=PLAYERS, games=games, strategies="random", seed=1, jobs=jobs
    )
    return result.plays, time.perf_counter() - start


class ObservingPlayer:
    """A random player that is not a quick player: it is asked with an observation."""

    def __init__(self, seed: int) -> None:
        self._player = ono99.RandomPlayer(seed)

    def choose(self, observation: ono99.Observation) -> ono99.Move:
        return self._player.choose(observation)


def simulated_observing(games: int) -> tuple[int, float]:
    start = time.perf_counter()
    result = ono99.simulate(
        VARIANT, players=PLAYERS, games=games, strategies=ObservingPlayer, seed=1, jobs=1
    )
    return result.plays, time.perf_counter() - start


def busy(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def machine_ceiling(n: int = 10_000_000) -> float:
    """The speed-up of 2 processes over 1 for a plain loop: what the cores allow."""
    start = time.perf_counter()
    busy(n)
    busy(n)
    one = time.perf_counter() - start
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        list(pool.map(busy, [1000, 1000]))  # start the workers before timing
        start = time.perf_counter()
        list(pool.map(busy, [n, n]))
        two = time.perf_counter() - start
    return one / two


def fresh_interpreter(code: str, repeats: int = 7) -> float:
    """The median time, in ms, that ``code`` reports in a fresh interpreter."""
    times = []
    for _ in range(repeats):
        out = subprocess.run(  # noqa: S603 - runs this interpreter on our own code
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "0"},
        ).stdout
        times.append(float(out))
    return statistics.median(times)


IMPORT = (
    "import time; t = time.perf_counter(); import ono99; print((time.perf_counter() - t) * 1e3)"
)
LOAD = (
    "import ono99, time; t = time.perf_counter(); ono99.load_variant('ono99-2022'); "
    "print((time.perf_counter() - t) * 1e3)"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smaller, faster run")
    args = parser.parse_args()
    games = 300 if args.quick else 2000
    repeats = 2 if args.quick else 3

    c = best_rate(lambda: reference_loop(games * 2), repeats)
    b = best_rate(lambda: step_api(games), repeats)
    a = best_rate(lambda: simulated(games), repeats)
    observing = best_rate(lambda: simulated_observing(games), repeats)
    print(
        f"Python {sys.version.split()[0]}, {version()}, "
        f"{VARIANT}, {PLAYERS} random players, {games} games"
    )
    print(f"(a) simulate:          {a:>10,.0f} plays/s")
    print(f"(b) legal_moves+play:  {b:>10,.0f} plays/s")
    print(f"(c) reference loop:    {c:>10,.0f} plays/s")
    print(f"(a') simulate, players reading observations: {observing:>10,.0f} plays/s")
    print(f"(a)/(c) = {a / c:.3f}   (goal >= 0.5)")
    print(f"(b)/(c) = {b / c:.3f}   (goal >= 0.25)")
    print(f"import ono99:          {fresh_interpreter(IMPORT):8.1f} ms   (goal <= 150)")
    print(f"first load_variant:    {fresh_interpreter(LOAD):8.1f} ms   (goal <= 5)")
    if getattr(ono99, "simulate", None) is not None:
        many = games * 12
        # The best of several runs, as for the rates above.
        one = min(simulated(many, jobs=1)[1] for _ in range(repeats))
        two = min(simulated(many, jobs=2)[1] for _ in range(repeats))
        print(f"2 processes over 1:    {one / two:8.2f} x   (goal >= 1.8, {many} games)")
        print(f"  a plain loop, same:  {machine_ceiling():8.2f} x   (what the cores allow)")


if __name__ == "__main__":
    main()
