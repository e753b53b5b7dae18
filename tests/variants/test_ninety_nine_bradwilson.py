"""Scenario tests for ``ninety-nine-bradwilson``: a "99" rule set with triggers.

Each test plays a rule of the source on a stacked deck (see ``stacking.stacked``).
"""

from __future__ import annotations

from stacking import FILLER, drive, stacked

import ono99
from ono99 import Play


def test_bradwilson_crossing_33_costs_a_point_and_15_ends_the_game() -> None:
    """bradwilson.io: "crossing 33, 66 or 99 costs the player one point; game to 15"."""
    variant = ono99.load_variant("ninety-nine-bradwilson")
    deck = stacked([["jack", "queen", "2"], ["queen", "jack", "3"], ["king", "9", "7"]], FILLER)
    game = ono99.Game(variant, players=3, seed=1, deck=deck)
    drive(game, "jack", "queen", "king")
    assert game.scores == (0, 0, 0)
    game.play(Play("queen"))
    assert game.total == 40 and game.scores == (1, 0, 0)
    assert variant.match.points.target == 15 and variant.match.points.at_target == "end"
    for seed in range(5):
        game = ono99.Game(variant, players=3, seed=seed)
        ono99.play_out(game, [ono99.RandomPlayer(seed=seed)] * 3)
        assert max(game.scores) >= 15
        assert game.winner is not None
        assert game.scores[game.winner] == min(game.scores)
