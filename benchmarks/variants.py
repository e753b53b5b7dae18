"""``simulate``'s CPU time for every shipped variant, comparable across versions.

For each variant that ``ono99.list_variants()`` lists (or those named), it
times ``ono99.simulate(variant, players=P, games=G, seed=1, jobs=1)`` with
the default (cautious) players, in CPU time, the best of ``--repeat`` runs,
and prints the milliseconds and the plays a game. It uses nothing but the
public API that every version of ``ono99`` has had, so the same script
measures an older checkout: build each version in a virtual environment of
its own (``ONO99_COMPILE=1 pip install .`` for the compiled engine) and run
the script from each in turn, at the same load, so that every shipped
variant's speed before and after a change is set side by side::

    python benchmarks/variants.py --json after.json
    /path/to/before-venv/bin/python benchmarks/variants.py --json before.json
    python benchmarks/variants.py --compare before.json after.json

A variant's games are the same in both versions when its rules are: the
plays a game then agree, and say so.

Measured so for reactions, declarations and the rules that read the table
(``ad27ae2`` against the build with them, both compiled; each variant three
times in turn with each build): every shipped variant within 5%, the same
games; ``docs/explanation/speed.rst`` has the table. A single run of each
build spreads far wider on a shared machine: compare several taken in turn.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import ono99
import ono99.engine


def measure(variant: str, players: int, games: int, repeat: int) -> tuple[float, float]:
    """The best CPU milliseconds of ``repeat`` simulations, and the plays a game."""
    best = float("inf")
    plays = 0.0
    for _ in range(repeat):
        start = time.process_time()
        result = ono99.simulate(variant, players=players, games=games, seed=1, jobs=1)
        best = min(best, time.process_time() - start)
        plays = result.plays / games
    return best * 1000, plays


def players_for(variant: str, wanted: int) -> int:
    """``wanted`` players if the variant allows it, else the nearest count it allows."""
    rules = ono99.load_variant(variant).players
    return min(max(wanted, rules.min), rules.max)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", help="variant ids (default: every shipped one)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument(
        "--compare",
        nargs=2,
        type=Path,
        metavar=("BEFORE", "AFTER"),
        help="set two files of figures side by side (nothing is measured)",
    )
    args = parser.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    figures: dict[str, dict[str, float]] = {}
    # Older versions do not say which engine they run (no ono99.engine.COMPILED).
    compiled = getattr(ono99.engine, "COMPILED", None)
    engine = "engine not stated" if compiled is None else "compiled" if compiled else "pure-Python"
    engine += " engine" if compiled is not None else ""
    print(f"ono99 {ono99.__version__} ({engine}), {args.games} games, best of {args.repeat}")
    for variant in args.variants or ono99.list_variants():
        players = players_for(variant, args.players)
        ms, plays = measure(variant, players, args.games, args.repeat)
        figures[variant] = {"players": players, "ms": ms, "plays": plays}
        print(f"{variant:32} {players} players {ms:9.1f} ms  {plays:7.1f} plays a game")
        sys.stdout.flush()
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", "utf-8")


def compare(before_file: Path, after_file: Path) -> None:
    """Each variant in both files: its time before and after, and the ratio."""
    before = json.loads(before_file.read_text("utf-8"))
    after = json.loads(after_file.read_text("utf-8"))
    print(f"{'variant':32} {'before ms':>10} {'after ms':>10} {'after/before':>13}  same games")
    for variant in sorted(before.keys() & after.keys()):
        old, new = before[variant], after[variant]
        same = "yes" if abs(old["plays"] - new["plays"]) < 1e-9 else "no"
        ratio = new["ms"] / old["ms"]
        print(f"{variant:32} {old['ms']:10.1f} {new['ms']:10.1f} {ratio:13.3f}  {same}")


if __name__ == "__main__":
    main()
