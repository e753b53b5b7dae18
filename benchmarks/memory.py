"""How much memory a game in progress takes, and a copy of one.

Search and reinforcement-learning users hold thousands of games at once, so
the figure that matters is the memory each one adds. It is measured with the
standard library's :mod:`tracemalloc`: the bytes still allocated after
making ``--games`` games (or copies), less those allocated before, divided
by their number. What all games of a variant share (the variant, its
compiled rules, the events that recur) is made by a first game before the
count starts, so it is not counted.

Figures per game, for ``ono99-2022`` (4 players) and ``ono99-1980`` (2 players):

- a game just dealt;
- a game in progress, after ``--moves`` moves (its event log grows with them);
- ``Game.copy()`` of that game (the whole state: hands, piles, logs, the
  random generator's state of 2.5 kB);
- the engine copy the search player makes for each playout, which shares
  one random generator instead of copying it.

    python benchmarks/memory.py
    python benchmarks/memory.py --games 2000 --json

:func:`measure` returns the figures as a dict, for ``benchmarks/run.py``.
tracemalloc slows allocation down, so this measures no times.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import tracemalloc
from typing import TYPE_CHECKING, Any

import ono99
from ono99.engine import engine_of

if TYPE_CHECKING:
    from collections.abc import Callable

CASES = (("ono99-2022", 4), ("ono99-1980", 2))


def _bytes_each(make: Callable[[int], object], count: int) -> float:
    """The memory each of ``count`` objects made by ``make(i)`` holds, in bytes."""
    make(0)  # anything made once and shared is made before counting
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = [make(i) for i in range(count)]
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    # The list holding them is not part of what they take.
    held = len(kept) * 8 + 56
    return (after - before - held) / count


def _in_progress(variant: ono99.Variant, players: int, seed: int, moves: int) -> ono99.Game:
    """A game after up to ``moves`` random moves (fewer if it ends first)."""
    game = ono99.Game(variant, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def measure(games: int = 1000, moves: int = 40) -> dict[str, Any]:
    """Bytes per game dealt, per game in progress, per ``Game.copy()`` and per search copy.

    Args:
        games: How many games (and copies) each figure averages over.
        moves: Moves played in each game in progress.

    Returns:
        A dict with one entry per case, ``"ono99-2022/4"`` say, each a dict
        of ``dealt``, ``in_progress``, ``copy`` and ``search_copy`` (bytes per
        object), ``moves`` (the moves the games in progress had played, on
        average) and ``games``; and ``"tool": "tracemalloc"``.
    """
    figures: dict[str, Any] = {"tool": "tracemalloc"}
    for variant_id, players in CASES:
        figures[f"{variant_id}/{players}"] = _case(variant_id, players, games, moves)
    return figures


def _case(variant_id: str, players: int, games: int, moves: int) -> dict[str, float]:
    """The figures of :func:`measure` for one variant and player count."""
    variant = ono99.load_variant(variant_id)
    played = [_in_progress(variant, players, seed, moves) for seed in range(games)]
    shared = random.Random(0)
    return {
        "games": games,
        "moves": sum(len(g.moves) for g in played) / games,
        "dealt": _bytes_each(lambda i: ono99.Game(variant, players, seed=i), games),
        "in_progress": _bytes_each(lambda i: _in_progress(variant, players, i, moves), games),
        "copy": _bytes_each(lambda i: played[i].copy(), games),
        "search_copy": _bytes_each(lambda i: engine_of(played[i]).copy(shared), games),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=40, help="moves into each game in progress")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = measure(args.games, args.moves)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"bytes per object, measured with {figures['tool']}, {args.games} of each")
    for key, case in figures.items():
        if key == "tool":
            continue
        print(
            f"{key}: dealt {case['dealt']:,.0f}; in progress ({case['moves']:.0f} moves) "
            f"{case['in_progress']:,.0f}; Game.copy() {case['copy']:,.0f}; "
            f"search copy {case['search_copy']:,.0f}"
        )


if __name__ == "__main__":
    main()
