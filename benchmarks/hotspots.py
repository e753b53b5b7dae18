"""Profile the engine with cProfile: where ``simulate`` and the step-by-step API spend time.

Usage::

    python benchmarks/hotspots.py              # simulate, 4 random players, 500 games
    python benchmarks/hotspots.py --step       # legal_moves + play instead
    python benchmarks/hotspots.py --observing  # players that read observations

It prints the functions that take the most time of their own (``tottime``).
cProfile adds a cost to every call, so it shows where the time goes, not how
fast the engine is: ``benchmarks/run.py`` measures that.

cProfile sees Python functions only: run it where the engine is pure Python
(an editable install). A compiled engine is profiled with ``perf record``, which
names its C functions (``CPyDef__engine___Engine___play_card`` and so on).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats

from run import PLAYERS, VARIANT, ObservingPlayer, step_api

import ono99
from ono99.cli import version


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--step", action="store_true", help="profile legal_moves + play")
    parser.add_argument("--observing", action="store_true", help="players read observations")
    parser.add_argument("--top", type=int, default=20, help="how many functions to show")
    args = parser.parse_args()
    print(version())
    variant = ono99.load_variant(VARIANT)
    profile = cProfile.Profile()
    if args.step:
        profile.runcall(step_api, args.games)
    else:
        strategies = ObservingPlayer if args.observing else "random"
        profile.runcall(
            ono99.simulate,
            variant,
            players=PLAYERS,
            games=args.games,
            strategies=strategies,
            seed=1,
            jobs=1,
        )
    pstats.Stats(profile).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
