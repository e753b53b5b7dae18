"""Scenario tests for ``ninety-eight``.

Each test plays a rule of the source on a stacked deck (see ``stacking.stacked``).
"""

from __future__ import annotations

from collections import Counter

import pytest
from stacking import stacked

import ono99
from ono99 import Play, events


@pytest.fixture(scope="module")
def ninety_eight() -> ono99.Variant:
    return ono99.load_variant("ninety-eight")


def test_ninety_eight_example(ninety_eight: ono99.Variant) -> None:
    """pagat.com, Ninety-eight: "The first player plays an 8 and says 8; the next player
    plays a 6 and says 14; the next player plays a king and says 98; the next player
    plays a jack and says 98; the next player plays a ten and says 88; the next player
    plays a 7 and says 95; the next player's four cards are 4, 5, 6, 9 - this player
    must lose." The loser drops out and the others play on at 95
    (en.shram.kiev.ua)."""
    deck = stacked(
        [
            ["8", "10", "2", "3"],
            ["6", "7", "ace", "2"],
            ["king", "4", "5", "6"],
            ["jack", "queen", "3", "ace"],
        ],
        ["jack", "queen", "9", "2", "3", "ace"],
    )
    game = ono99.Game(ninety_eight, players=4, seed=1, deck=deck)
    said = [game.play(Play(card))[0] for card in ("8", "6", "king", "jack", "10", "7")]
    assert [event.total for event in said if isinstance(event, events.Played)] == [
        8,
        14,
        98,
        98,
        88,
        95,
    ]
    laid = [e for e in game.events if isinstance(e, events.LaidDown)]
    assert laid == [events.LaidDown(2, ("4", "5", "6", "9"))]
    assert game.in_round == (True, True, False, True)
    assert game.total == 95 and game.current_player == 3
    # The laid-down cards join the played cards.
    assert Counter(("4", "5", "6", "9")) <= Counter(game.discard_pile)


def test_ninety_eight_limits(ninety_eight: ono99.Variant) -> None:
    """pagat.com, Ninety-eight: "The aim is to avoid taking the value above 98";
    "king....the value is set to 98"; "jack, queen....the value stays the same"."""
    deck = stacked([["king", "2", "3", "4"], ["king", "queen", "ace", "5"]], ["6", "7"])
    game = ono99.Game(ninety_eight, players=2, seed=1, deck=deck)
    game.play(Play("king"))
    assert game.total == 98
    assert game.legal_moves() == (Play("queen"), Play("king"))
    game.play(Play("queen"))
    assert game.total == 98
