"""How long the default design profile takes: ``ono99.analyse`` on one core.

The issue's budget is the default profile of ``ono99-2022`` at four players
(every section, the defaults) within 60 seconds on one core. This plays it
with ``jobs=1`` (everything in this process), timing each section from the
progress callback, and prints the wall-clock and CPU seconds, the widest
seat interval and the load average before and after (compare only runs on an
idle machine)::

    python benchmarks/analyse.py                      # ono99-2022, 4 players
    python benchmarks/analyse.py ono99-1980 --players 3 --games 1000
    python benchmarks/analyse.py --precision 2        # each headline within +-2 points

By default the profile aims at +-3 points on every headline interval (no
count of games given); ``--games N`` plays exactly those counts instead.

It measures the ``ono99`` it imports: install with ``ONO99_COMPILE=1 pip
install .`` for the compiled engine.
"""

from __future__ import annotations

import argparse
import os
import time

import ono99


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?", default="ono99-2022")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--precision", type=float, default=None)
    args = parser.parse_args()
    engine = ono99.engine._engine.__file__
    kind = "pure-Python" if engine.endswith(".py") else "compiled"
    print(f"ono99 {ono99.__version__} ({kind} engine), {args.variant}, {args.players} players,")
    games = "the defaults, aiming at +-3 points" if args.games is None else args.games
    print(f"games {games} (the other sections' defaults), jobs {args.jobs}, seed {args.seed}")
    print(f"before: load average {os.getloadavg()[0]:.1f} (1 min), {os.cpu_count()} CPUs")
    finished: dict[str, float] = {}

    def progress(label: str, done: int, games: int) -> None:
        if done == games:
            finished[label] = time.perf_counter()

    started, cpu = time.perf_counter(), time.process_time()
    profile = ono99.analyse(
        args.variant,
        players=args.players,
        games=args.games,
        seed=args.seed,
        jobs=args.jobs,
        precision=args.precision,
        progress=progress,
    )
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    last = started
    cards = 0.0
    for label, at in finished.items():
        if label.startswith("importance: "):
            cards += at - last
        else:
            print(f"  {label:32s} {at - last:6.1f} s")
        last = at
    print(f"  {'importance, every card':32s} {cards:6.1f} s ({len(profile.importance)} cards)")
    widest = max(s.high - s.low for s in profile.fairness.seats) / 2
    print(f"total: {wall:.1f} s wall-clock, {cpu:.1f} s CPU (budget 60 s)")
    print(f"widest seat interval: +-{widest * 100:.1f} points (goal <= 3)")
    for section, width in profile.widths().items():
        print(f"  widest interval, {section:24s} +-{width:.1f} points")
    print(
        f"games: {profile.games} main, "
        + ", ".join(
            f"{r.win_rate.games} {r.player}/{r.against}"
            for r in (*profile.skill.rungs, profile.skill.gap)
        )
        + f", {profile.importance_games} importance"
    )
    print(f"after: load average {os.getloadavg()[0]:.1f} (1 min)")


if __name__ == "__main__":
    main()
