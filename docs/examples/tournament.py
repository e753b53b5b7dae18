"""Play many games on several processes, and count the wins per seat."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import ono99

if TYPE_CHECKING:
    from concurrent.futures import Executor


def play_games(variant: str, players: int, seeds: range) -> Counter[int]:
    """Play one game per seed with cautious players; count the wins per seat."""
    wins: Counter[int] = Counter()
    for seed in seeds:
        game = ono99.Game(variant, players, seed=seed)
        wins[ono99.play_out(game, [ono99.CautiousPlayer()] * players)] += 1
    return wins


def simulate(
    variant: str, players: int, games: int, executor: Executor, chunk: int = 250
) -> Counter[int]:
    """Play ``games`` games, seeds 0 to ``games - 1``, in chunks on ``executor``."""
    chunks = [range(start, min(start + chunk, games)) for start in range(0, games, chunk)]
    futures = [executor.submit(play_games, variant, players, seeds) for seeds in chunks]
    wins: Counter[int] = Counter()
    for future in futures:
        wins += future.result()
    return wins
