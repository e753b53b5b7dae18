"""Scenario tests for ``ninety-nine-gronemann``: a "99" rule set with triggers.

Each test plays a rule of the source on a stacked deck (see ``stacking.stacked``).
"""

from __future__ import annotations

from stacking import FILLER, stacked

import ono99
from ono99 import Play


def test_gronemann_survivor_scores_1_and_5_wins() -> None:
    """Gronemann: "the round goes on until one player is left, who scores 1 point;
    first to 5 points wins"."""
    variant = ono99.load_variant("ninety-nine-gronemann")
    deck = stacked([["king", "4", "5"], ["jack", "queen", "jack"]], FILLER)
    game = ono99.Game(variant, players=2, seed=1, deck=deck)
    game.play(Play("king"))  # 99: seat 1 holds only cards worth 10 and drops out
    assert game.round == 2 and game.scores == (1, 0)
    for seed in range(5):
        game = ono99.Game(variant, players=3, seed=seed)
        ono99.play_out(game, [ono99.RandomPlayer(seed=seed)] * 3)
        assert game.winner is not None
        assert game.scores[game.winner] == 5
        assert sorted(game.scores)[-2] < 5
