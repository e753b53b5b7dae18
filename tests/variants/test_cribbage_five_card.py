"""Scenario tests for ``cribbage-five-card``: five cards, three for last, one count to 31.

Each test plays a rule on a stacked deck (``stacking.stacked``: the hands, then the
stock from its top, whose first card is the starter), quoting Hoyle's Games'
"Cribbage" (HG), Bicycle Cards' "Five-Card Cribbage" (BIC5) or the other sources the
variant file names. The last seat deals the first round, so seat 0 is the first
non-dealer.
"""

from __future__ import annotations

import pytest
from stacking import drive, stacked

import ono99
from ono99 import events as ev


@pytest.fixture(scope="module")
def five() -> ono99.Variant:
    return ono99.load_variant("cribbage-five-card")


def first_show(game: ono99.Game) -> list[tuple[int | None, str]]:
    """The first deal's show, in order: (seat, trigger) of each score of a hand or crib."""
    starts = [i for i, e in enumerate(game.events) if isinstance(e, ev.RoundStarted)]
    first = game.events[: starts[1]] if len(starts) > 1 else game.events
    return [
        (e.player, e.trigger)
        for e in first
        if isinstance(e, ev.TriggerFired) and e.trigger.startswith("hand_")
    ]


def test_three_for_last_at_the_first_deal_only(five: ono99.Variant) -> None:
    """HG: "The non-dealer at the commencement of the game in five-card cribbage scores 3
    points, called taking three for last"; BIC5: "the losing player pegs three holes to
    compensate him for the disadvantage that his opponent has in getting the first
    crib": seat 0 has 3 before a card is laid away; the second deal's non-dealer (seat
    1) is given nothing."""
    game = ono99.Game(five, players=2, seed=7)
    assert game.scores == (3, 0)
    assert game.moves == ()
    assert all(isinstance(m, ono99.PutAside) and len(m.cards) == 2 for m in game.legal_moves())
    player = ono99.CautiousPlayer()
    while game.round == 1:
        game.play(player.choose(game.observation(game.current_player)))
    second = max(i for i, e in enumerate(game.events) if isinstance(e, ev.RoundStarted))
    before = game.scores
    assert not any(isinstance(e, ev.ScoreChanged) for e in game.events[second:])
    assert game.scores == before


def test_the_play_ends_at_the_first_go(five: ono99.Variant) -> None:
    """BIC5: "the play ends when the first Go or 31 is reached. When play ends with a Go,
    the person who played the last card scores 1 for it"; HG: "Such cards as remain
    after this, are not to be played". King, 10, queen make 30: neither the dealer's
    jack or 8 nor the non-dealer's 9 comes in, so the non-dealer pegs 1 for the go and
    the deal ends with three cards unplayed; no new count is started."""
    pone = ["king_of_clubs", "queen_of_spades", "9_of_clubs", "2_of_diamonds", "3_of_diamonds"]
    dealer = ["10_of_hearts", "jack_of_hearts", "8_of_spades", "4_of_spades", "6_of_spades"]
    game = ono99.Game(five, players=2, seed=1, deck=stacked([pone, dealer], ["7_of_diamonds"]))
    game.play(ono99.PutAside(("2_of_diamonds", "3_of_diamonds")))
    game.play(ono99.PutAside(("4_of_spades", "6_of_spades")))
    at = len(game.events)
    happened = drive(game, "king_of_clubs", "10_of_hearts", "queen_of_spades")
    assert game.round == 2
    assert not any(isinstance(e, ev.CountStarted) for e in happened)
    played = [e.card for e in game.events[at:] if isinstance(e, ev.Played)]
    assert played == ["king_of_clubs", "10_of_hearts", "queen_of_spades"]
    go = [e for e in happened if isinstance(e, ev.TriggerFired) and e.trigger == "count_ends"]
    assert [e.player for e in go] == [0]


def test_a_flush_of_three_in_hand_and_of_five_in_the_crib(five: ono99.Variant) -> None:
    """BIC5: "if the player holds three cards of the same suit in his hand, he counts 3 for
    flush. If the starter is of the same suit as the flush, the count is 4. To have a
    flush in the crib, all five cards must be in the same suit". The non-dealer's three
    clubs score 4 with a club turned up and 3 with a diamond; the crib's four diamonds
    score nothing with the club, and 5 with the diamond."""
    hands = [
        ["king_of_clubs", "queen_of_clubs", "9_of_clubs", "2_of_diamonds", "3_of_diamonds"],
        ["10_of_hearts", "jack_of_spades", "8_of_spades", "9_of_diamonds", "king_of_diamonds"],
    ]
    flushes = []
    for starter in ("7_of_clubs", "7_of_diamonds"):
        game = ono99.Game(five, players=2, seed=1, deck=stacked(hands, [starter]))
        game.play(ono99.PutAside(("2_of_diamonds", "3_of_diamonds")))
        game.play(ono99.PutAside(("9_of_diamonds", "king_of_diamonds")))
        while game.round == 1 and not game.is_over:
            game.play(game.legal_moves()[0])
        flushes.append([seat for seat, name in first_show(game) if name == "hand_flush"])
    with_club, with_diamond = flushes
    assert with_club == [0] * 4  # three clubs and the club turned up; no crib flush
    assert with_diamond == [0] * 3 + [1] * 5  # three clubs; the crib's five diamonds
