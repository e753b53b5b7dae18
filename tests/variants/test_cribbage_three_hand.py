"""Scenario tests for ``cribbage-three-hand``: a card from the pack to the crib, the show in turn.

Each test plays a rule on a stacked deck (``stacking.stacked``: the hands, then the
stock from its top: its first card goes to the crib, the next is the starter),
quoting Bicycle Cards' "Three-Hand Cribbage" (BIC3) or the other sources the variant
file names. The last seat (2) deals the first round, so seat 0 lays away first.
"""

from __future__ import annotations

import pytest
from stacking import stacked

import ono99
from ono99 import events as ev
from ono99.engine import game_state

CLUBS = ["ace_of_clubs", "2_of_clubs", "3_of_clubs", "4_of_clubs", "5_of_clubs"]
HEARTS = ["ace_of_hearts", "2_of_hearts", "3_of_hearts", "4_of_hearts", "5_of_hearts"]
SPADES = ["ace_of_spades", "2_of_spades", "3_of_spades", "4_of_spades", "5_of_spades"]


@pytest.fixture(scope="module")
def three() -> ono99.Variant:
    return ono99.load_variant("cribbage-three-hand")


def dealt(variant: ono99.Variant) -> ono99.Game:
    stock = ["king_of_diamonds", "queen_of_diamonds", "7_of_diamonds"]
    return ono99.Game(variant, players=3, seed=1, deck=stacked([CLUBS, HEARTS, SPADES], stock))


def test_the_crib_takes_a_card_from_the_pack_and_one_from_each(three: ono99.Variant) -> None:
    """BIC3: "Five cards are dealt to each player, one at a time, plus one card to the
    crib. Each player puts one card into the crib. Thus, the crib, is four cards, as in
    the two-player game. The crib belongs to the dealer": the crib holds the pack's card
    before anyone lays away, nobody holding it; each player then lays away one card, in
    turn from the dealer's left, and keeps four."""
    game = dealt(three)
    assert game_state(game)["zones"]["crib"] == [["king_of_diamonds"]]
    pack = [e for e in game.events if isinstance(e, ev.LaidAway)]
    assert pack == [ev.LaidAway(None, ("king_of_diamonds",), "crib", automatic=True)]
    assert all(len(m.cards) == 1 for m in game.legal_moves() if isinstance(m, ono99.PutAside))
    assert len(game.legal_moves()) == 5
    for seat, card in enumerate(("5_of_clubs", "5_of_hearts", "5_of_spades")):
        assert game.current_player == seat
        game.play(ono99.PutAside((card,)))
    crib = ["king_of_diamonds", "5_of_clubs", "5_of_hearts", "5_of_spades"]
    assert game_state(game)["zones"]["crib"] == [crib]
    assert [len(game.hand(seat)) for seat in range(3)] == [4, 4, 4]
    assert game.starter == "queen_of_diamonds"


def test_the_hands_are_counted_from_the_dealer_s_left_and_the_crib_last(
    three: ono99.Variant,
) -> None:
    """BIC3: "The hands are counted in order, beginning with the player to the dealer's
    left, continuing left, and ending with the crib"; the crib is the dealer's. Each
    hand of ace to 4 of a suit, with the queen turned up, scores two fifteens, a run of
    four and a flush of four (12); the crib, a king and three 5s with the queen, seven
    fifteens and a pair royal (20), for the dealer, last."""
    game = dealt(three)
    for card in ("5_of_clubs", "5_of_hearts", "5_of_spades"):
        game.play(ono99.PutAside((card,)))
    while game.round == 1 and not game.is_over:
        game.play(game.legal_moves()[0])
    after_play = max(i for i, e in enumerate(game.events) if isinstance(e, ev.Played))
    shown = [
        (e.player, e.trigger)
        for e in game.events[after_play:]
        if isinstance(e, ev.TriggerFired) and e.trigger.startswith("hand_")
    ]
    hand = [("hand_fifteens", 2), ("hand_runs", 4), ("hand_flush", 4)]
    each = [name for name, times in hand for _ in range(times)]
    crib = ["hand_fifteens"] * 7 + ["hand_pairs"] * 3
    assert shown == [(0, n) for n in each] + [(1, n) for n in each] + [(2, n) for n in each + crib]
