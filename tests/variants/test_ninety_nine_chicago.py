"""Scenario tests for ``ninety-nine-chicago``.

Each test plays a rule of the source on a stacked deck (see ``stacking.stacked``).
"""

from __future__ import annotations

from stacking import drive, stacked

import ono99


def test_chicago_nine_counts_zero_and_skips() -> None:
    """t_games, option group chicago: "zero=4/9 skip=9": a 9 adds nothing and the next
    player misses a turn; the 10 counts minus ten ("minus=T plus-minus=!")."""
    chicago = ono99.load_variant("ninety-nine-chicago")
    deck = stacked([["5", "2", "3"], ["9", "6", "7"], ["8", "jack", "queen"]], ["4"] * 3)
    game = ono99.Game(chicago, players=3, seed=1, deck=deck)
    drive(game, "5", "9")
    assert game.total == 5 and game.current_player == 0
    assert chicago.card("10").effects == (ono99.rules.Add(-10),)
    assert chicago.card("king").effects == (ono99.rules.SetTotal(99),)
    assert chicago.card("4").effects == (ono99.rules.Reverse(),)
