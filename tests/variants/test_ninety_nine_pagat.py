"""Scenario tests for ``ninety-nine-pagat``, the rules of pagat.com.

Each test plays a rule of the source on a stacked deck (see ``stacking.stacked``).
"""

from __future__ import annotations

import pytest
from stacking import cards_in_play, stacked

import ono99
from ono99 import Play, events


@pytest.fixture(scope="module")
def pagat() -> ono99.Variant:
    return ono99.load_variant("ninety-nine-pagat")


def test_pagat_pennies_and_packs(pagat: ono99.Variant) -> None:
    """pagat.com: "Each player begins the game with 5 pennies (or chips). Deal out 3
    cards to each player from a standard 52 card deck (if more than 4 people are
    playing use 2 decks and give each player just 3 pennies)"."""
    four = ono99.Game(pagat, 4, seed=1)
    five = ono99.Game(pagat, 5, seed=1)
    assert four.tokens == (5,) * 4 and five.tokens == (3,) * 5
    assert sum(cards_in_play(four).values()) == 52
    assert sum(cards_in_play(five).values()) == 104
    assert [len(four.hand(seat)) for seat in range(4)] == [3] * 4


def test_pagat_ten_plus_or_minus(pagat: ono99.Variant) -> None:
    """pagat.com: "Ten - increases or reduces the value of the pile by ten, at the
    player's choice"."""
    deck = stacked([["10", "2", "3"], ["king", "5", "6"], ["10", "7", "8"]], ["4"] * 3)
    game = ono99.Game(pagat, players=3, seed=1, deck=deck)
    assert {Play("10", amount=10), Play("10", amount=-10)} <= set(game.legal_moves())
    assert Play("10") not in game.legal_moves()
    game.play(Play("10", amount=10))
    assert game.total == 10
    game.play(Play("king"))
    # At 99 only minus ten keeps the total at or below 99.
    assert Play("10", amount=-10) in game.legal_moves()
    assert Play("10", amount=10) not in game.legal_moves()
    game.play(Play("10", amount=-10))
    assert game.total == 89


def test_pagat_pass_to_you_back_on_you(pagat: ono99.Variant) -> None:
    """pagat.com: "Player 1 plays a King and says "99". Player 2 plays a nine and says
    (looking at player 3) "pass to you 99". Player 3 plays a four and says (looking at
    player 2, since play order will now run counterclockwise) "back on you 99"."""
    deck = stacked(
        [["king", "2", "3"], ["9", "10", "6"], ["4", "7", "8"], ["jack", "queen", "2"]],
        ["3", "5", "6"],
    )
    game = ono99.Game(pagat, players=4, seed=1, deck=deck)
    game.play(Play("king"))
    assert (game.total, game.current_player) == (99, 1)
    game.play(Play("9"))
    assert (game.total, game.current_player) == (99, 2)
    game.play(Play("4"))
    assert (game.total, game.current_player, game.direction) == (99, 1, -1)


def test_pagat_lay_down_and_toss_a_penny(pagat: ono99.Variant) -> None:
    """pagat.com: "If you cannot play without taking the value of the pile over 99,
    you lay down your hand. The play ends, and you toss one penny into the
    center"."""
    deck = stacked([["king", "2", "3"], ["5", "6", "7"]], ["8"])
    game = ono99.Game(pagat, players=2, seed=1, deck=deck)
    happened = game.play(Play("king"))
    assert events.LaidDown(1, ("5", "6", "7")) in happened
    assert events.TokenLost(1, 4) in happened
    assert game.tokens == (5, 4) and game.round == 2
