"""Scenario tests for ``ninety-nine-taiwan``: a "99" rule set with triggers.

Each test plays a rule of the source on a stacked deck (see ``stacking.stacked``).
"""

from __future__ import annotations

import pytest
from stacking import FILLER, drive, stacked

import ono99
from ono99 import Play, rules
from ono99._variant import STANDARD_SUITS


@pytest.fixture(scope="module")
def taiwan() -> ono99.Variant:
    return ono99.load_variant("ninety-nine-taiwan")


def test_taiwan_5_may_name_its_player(taiwan: ono99.Variant) -> None:
    """blog.vero.site: "5: choose anyone to play next, including yourself"."""
    five = ["5", "2", "3", "6", "7"]
    deck = stacked([five, ["8", "9", "10", "4", "8"], ["9", "10", "4", "8", "9"]], ["2", "3"])
    game = ono99.Game(taiwan, players=3, seed=1, deck=deck)
    assert {Play("5", target=s) for s in range(3)} <= set(game.legal_moves())
    game.play(Play("5", target=0))
    assert game.current_player == 0 and game.total == 0


def test_taiwan_ace_of_spades_sets_0_and_queen_minus_20_at_15_gives_0(
    taiwan: ono99.Variant,
) -> None:
    """blog.vero.site: "The ace of spades resets the total to 0"; "Q: +20 or -20";
    "If the total would go below 0, it becomes 0"."""
    hands = [["6", "7", "3", "4", "8"], ["9", "2", "3", "4", "8"], ["queen", "ace_of_spades"]]
    hands[2] += ["queen", "8", "9"]
    game = ono99.Game(taiwan, players=3, seed=1, deck=stacked(hands, FILLER))
    drive(game, "6", "9")
    assert game.total == 15
    game.play(Play("queen", amount=-20))
    assert game.total == 0
    drive(game, "7", "2")
    assert game.total == 9
    game.play(Play("ace_of_spades"))
    assert game.total == 0
    # The aces are told apart by suit: the other three still add one ("other aces are +1").
    aces = [card for card in taiwan.cards if card.rank == "ace"]
    assert [(a.suit, a.count) for a in aces] == [(s, 1) for s in STANDARD_SUITS]
    assert [a.effects for a in aces[:3]] == [(rules.Add(1),)] * 3


def test_taiwan_jack_passes_and_skips_nobody(taiwan: ono99.Variant) -> None:
    """Let's Poker 99: J, "skip me and move on to the next player after that": the
    player's own turn is passed, the total stays, and the next player plays (as after
    any card; the smnet poker99 skip card moves the turn on as a number card does)."""
    hands = [["jack", "2", "3", "6", "7"], ["8", "9", "10", "4", "8"], ["9", "10", "4", "8", "9"]]
    game = ono99.Game(taiwan, players=3, seed=1, deck=stacked(hands, FILLER))
    drive(game, "6")
    assert (game.current_player, game.total) == (1, 6)
    drive(game, "8", "9")
    assert game.current_player == 0
    game.play(Play("jack"))
    assert (game.current_player, game.total) == (1, 23)
