"""Scenario tests for ``ninety-nine-jokers``, the joker rules of t_games.

Each test plays a rule of the source on a stacked deck (see ``stacking.stacked``).
"""

from __future__ import annotations

import pytest
from stacking import drive, stacked

import ono99
from ono99 import Play


@pytest.fixture(scope="module")
def jokers() -> ono99.Variant:
    return ono99.load_variant("ninety-nine-jokers")


def test_jokers_take_the_total_to_99(jokers: ono99.Variant) -> None:
    """t_games, option group joker-rules: "jokers=2" and "99=x": a joker takes the
    total to 99."""
    assert jokers.deck_size == 54 and jokers.card("joker").count == 2
    deck = stacked([["7", "9", "3"], ["joker", "5", "6"]], ["8", "2"])
    game = ono99.Game(jokers, players=2, seed=1, deck=deck)
    drive(game, "7", "joker")
    assert game.total == 99


def test_jokers_king_counts_zero_and_reverses(jokers: ono99.Variant) -> None:
    """t_games, option group joker-rules: "zero=9/k reverse=k": the King adds nothing
    and reverses the order of play, the 9 adds nothing, and the 4 is an ordinary
    card."""
    deck = stacked([["4", "2", "3"], ["king", "5", "6"], ["9", "7", "8"]], ["2", "3", "5"])
    game = ono99.Game(jokers, players=3, seed=1, deck=deck)
    game.play(Play("4"))
    assert game.total == 4
    game.play(Play("king"))
    assert game.total == 4 and game.direction == -1 and game.current_player == 0
    game.play(Play("2"))
    game.play(Play("9"))
    assert game.total == 6 and game.current_player == 1
