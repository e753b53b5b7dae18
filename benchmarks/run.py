"""Measure the engine's speed against a hand-written loop, and how it scales, in one run.

Usage::

    python benchmarks/run.py            # every figure (a few minutes on two cores)
    python benchmarks/run.py --quick    # a smaller run, to try a change
    python benchmarks/run.py --json     # the figures as JSON too

It prints, for ``ono99-2022`` with 4 random players:

(a) ``ono99.simulate`` throughput with the shipped players (random, then
    cautious), in cards played per second, on one core;
(b) the step-by-step public API (``legal_moves`` then ``play``) on the same games;
(c) the straight-line reference loop in ``benchmarks/reference.py``;

then (a)/(c) and (b)/(c) against the goals. Each of (a), (b) and (c) is the
best of several runs taken in turn (so that a change in the machine's load
weighs on all of them alike), counted in CPU time of this process
(:func:`time.process_time`), so other jobs on a shared machine weigh less on
them; the machine's load average is printed before and after.

Then the time of ``import ono99`` and of a first ``load_variant`` in a fresh
interpreter; how the work scales, in wall-clock time: 2 processes over 1, a
Dask ``LocalCluster`` of 2 worker processes over 1 process (with the ``dask``
extra), each on a run long enough (120,000 games, some 5 s in one process) that
starting workers is not most of what it measures, beside what the cores allow
a plain arithmetic loop; and 1,000,000 games on every core (wall-clock and
CPU time; ``--quick`` and ``--no-million`` leave it out). Last come the
memory a game takes (``benchmarks/memory.py``) and the search player's speed
and strength against cautious players in both editions at 2 and 4 players
(``benchmarks/search_vs_cautious.py``), each when that file is there and has
a ``measure()`` function.

It measures the ``ono99`` it imports, and says which engine that has: run from
a virtual environment where ``ONO99_COMPILE=1 pip install .`` built the
compiled engine, or where ``pip install -e .`` left it pure Python.

For context, (a') is ``simulate`` with random players that are not quick
players (they get an ``Observation`` at every move).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import importlib
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

import reference

import ono99
from ono99.cli import version

VARIANT = "ono99-2022"
PLAYERS = 4
EDITIONS = ("ono99-1980", "ono99-2022")  # the search player's, at 2 and 4 players

cpu = time.process_time
wall = time.perf_counter


def reference_loop(games: int) -> tuple[int, float]:
    rng = random.Random(1)
    start = cpu()
    plays = sum(reference.play_game(PLAYERS, rng) for _ in range(games))
    return plays, cpu() - start


def step_api(games: int) -> tuple[int, float]:
    variant = ono99.load_variant(VARIANT)
    rng = random.Random(1)
    plays = 0
    start = cpu()
    for seed in range(games):
        game = ono99.Game(variant, PLAYERS, seed=seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        plays += game.cards_played  # the game is let go, as the reference loop's are
    return plays, cpu() - start


def simulated(games: int, strategies: Any = "random") -> tuple[int, float]:
    start = cpu()
    result = ono99.simulate(
        VARIANT, players=PLAYERS, games=games, strategies=strategies, seed=1, jobs=1
    )
    return result.plays, cpu() - start


class ObservingPlayer:
    """A random player that is not a quick player: it is asked with an observation."""

    def __init__(self, seed: int) -> None:
        self._player = ono99.RandomPlayer(seed)

    def choose(self, observation: ono99.Observation) -> ono99.Move:
        return self._player.choose(observation)


def best_rates(runs: dict[str, Any], repeats: int) -> dict[str, float]:
    """Each ``runs[name]() -> (plays, seconds)``, in turn, ``repeats`` times: the best rates."""
    rates: dict[str, float] = dict.fromkeys(runs, 0.0)
    for _ in range(repeats):
        for name, run in runs.items():
            plays, seconds = run()
            rates[name] = max(rates[name], plays / seconds)
    return rates


def simulated_wall(games: int, jobs: int = 1, executor: Any = None) -> float:
    start = wall()
    ono99.simulate(
        VARIANT,
        players=PLAYERS,
        games=games,
        strategies="random",
        seed=1,
        jobs=jobs,
        executor=executor,
    )
    return wall() - start


def busy(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def machine_ceiling(n: int = 10_000_000) -> float:
    """The speed-up of 2 processes over 1 for a plain loop: what the cores allow."""
    start = wall()
    busy(n)
    busy(n)
    one = wall() - start
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        list(pool.map(busy, [1000, 1000]))  # start the workers before timing
        start = wall()
        list(pool.map(busy, [n, n]))
        two = wall() - start
    return one / two


def dask_speedup(games: int, repeats: int) -> tuple[float, float, float] | str:
    """(1 process, 2 Dask workers, speed-up) in wall-clock seconds, or why not measured."""
    try:
        from distributed import Client, LocalCluster  # noqa: PLC0415 - an optional extra
    except ImportError:
        return "not measured (the dask extra is not installed: pip install 'ono99[dask]')"
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster,
        Client(cluster) as client,
    ):
        executor = client.get_executor()
        simulated_wall(200, jobs=2, executor=executor)  # the workers import ono99 first
        one = min(simulated_wall(games) for _ in range(repeats))
        two = min(simulated_wall(games, jobs=2, executor=executor) for _ in range(repeats))
    return one, two, one / two


def million(jobs: int) -> tuple[float, float, int]:
    """1,000,000 games on ``jobs`` processes: (wall seconds, CPU seconds of all, plays)."""
    before = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    start = wall()
    result = ono99.simulate(
        VARIANT, players=PLAYERS, games=1_000_000, strategies="random", seed=1, jobs=jobs
    )
    seconds = wall() - start
    after = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    used = sum(
        (a.ru_utime + a.ru_stime) - (b.ru_utime + b.ru_stime)
        for a, b in zip(after, before, strict=True)
    )
    return seconds, used, result.plays


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


def companion(name: str, **options: Any) -> dict[str, Any] | str:
    """``benchmarks/<name>.py``'s ``measure(**options)``, or why it was not measured."""
    if not (Path(__file__).parent / f"{name}.py").exists():
        return f"not measured (no benchmarks/{name}.py)"
    module = importlib.import_module(name)
    measure = getattr(module, "measure", None)
    if measure is None:
        return f"not measured (benchmarks/{name}.py has no measure())"
    figures: dict[str, Any] = measure(**options)
    return figures


def show(label: str, figures: dict[str, Any] | str) -> None:
    """Print a companion benchmark's figures, one line each."""
    if isinstance(figures, str):
        print(f"{label}: {figures}")
        return
    print(f"{label}:")
    for key, value in figures.items():
        print(f"  {key}: {json.dumps(value, default=str)}")


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smaller, faster run")
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE")
    parser.add_argument("--no-million", action="store_true", help="leave out the 1,000,000 games")
    parser.add_argument(
        "--search-games", type=int, default=200, help="games of each search benchmark"
    )
    args = parser.parse_args()
    games = 300 if args.quick else 2000
    repeats = 3 if args.quick else 7
    figures: dict[str, Any] = {"version": version(), "python": sys.version.split()[0]}

    print(
        f"Python {figures['python']}, {figures['version']}, "
        f"{VARIANT}, {PLAYERS} players, {games} games, best of {repeats}, CPU time"
    )
    print(f"before: {load()}, {os.cpu_count()} CPUs")
    rates = best_rates(
        {
            "c": lambda: reference_loop(games * 2),
            "a": lambda: simulated(games),
            "a_cautious": lambda: simulated(games, "cautious"),
            "b": lambda: step_api(games),
        },
        repeats,
    )
    rates["a_observing"] = best_rates({"x": lambda: simulated(games, ObservingPlayer)}, 2)["x"]
    a, b, c = rates["a"], rates["b"], rates["c"]
    figures["plays_per_second"] = rates
    figures["a_over_c"], figures["b_over_c"] = a / c, b / c
    print(f"(a) simulate, random:  {a:>10,.0f} plays/s")
    print(f"    simulate, cautious: {rates['a_cautious']:>9,.0f} plays/s")
    print(f"(b) legal_moves+play:  {b:>10,.0f} plays/s")
    print(f"(c) reference loop:    {c:>10,.0f} plays/s")
    print(f"(a') simulate, players reading observations: {rates['a_observing']:>10,.0f} plays/s")
    print(f"(a)/(c) = {a / c:.3f}   (goal >= 1.0, stretch 1.5)")
    print(f"(b)/(c) = {b / c:.3f}   (goal >= 0.8)")
    print(f"after: {load()}")

    figures["import_ms"] = fresh_interpreter(IMPORT)
    figures["load_variant_ms"] = fresh_interpreter(LOAD)
    print(f"import ono99:          {figures['import_ms']:8.1f} ms   (goal <= 150)")
    print(f"first load_variant:    {figures['load_variant_ms']:8.1f} ms   (goal <= 5)")

    print(f"scaling, wall-clock time ({load()}):")
    many = 6000 if args.quick else 120_000
    scale_repeats = 2 if args.quick else 3
    one = min(simulated_wall(many, jobs=1) for _ in range(scale_repeats))
    two = min(simulated_wall(many, jobs=2) for _ in range(scale_repeats))
    figures["two_processes"] = {"games": many, "one_s": one, "two_s": two, "speedup": one / two}
    print(f"2 processes over 1:    {one / two:8.2f} x   (goal >= 1.8; {many} games, {one:.1f} s)")
    dask = dask_speedup(many, scale_repeats)
    if isinstance(dask, str):
        figures["dask"] = dask
        print(f"2 Dask workers over 1 process: {dask}")
    else:
        d1, d2, speedup = dask
        figures["dask"] = {"games": many, "one_s": d1, "two_s": d2, "speedup": speedup}
        print(f"2 Dask workers over 1: {speedup:8.2f} x   (goal >= 1.7; {many} games)")
    ceiling = machine_ceiling()
    figures["plain_loop_two_processes"] = ceiling
    print(f"  a plain loop, same:  {ceiling:8.2f} x   (what the cores allow)")
    if args.quick or args.no_million:
        print("1,000,000 games: not measured (--quick or --no-million)")
    else:
        jobs = os.cpu_count() or 1
        seconds, used, plays = million(jobs)
        figures["million"] = {"jobs": jobs, "wall_s": seconds, "cpu_s": used, "plays": plays}
        print(
            f"1,000,000 games, {jobs} processes: {seconds:.1f} s wall, {used:.1f} s CPU "
            f"({plays:,} plays; {load()})"
        )

    memory = companion("memory", games=300 if args.quick else 1000)
    figures["memory"] = memory
    show("memory per game (benchmarks/memory.py)", memory)
    cases = [("ono99-2022", 2)] if args.quick else [(v, p) for v in EDITIONS for p in (2, 4)]
    figures["search"] = {}
    for variant, players in cases:
        search = companion(
            "search_vs_cautious",
            variant=variant,
            players=players,
            games=20 if args.quick else args.search_games,
        )
        figures["search"][f"{variant}/{players}"] = search
        show(f"search player against cautious ones, {variant}, {players} players", search)

    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2, default=str), encoding="utf-8")


if __name__ == "__main__":
    main()
