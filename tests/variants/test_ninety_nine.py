"""Scenario tests for ``ninety-nine``, the common rules, and facts of the whole family.

The other standard-deck "99" variants each have a module of their own here
(``test_ninety_nine_pagat.py``, ``test_ninety_eight.py``...). Each test plays a rule
of one variant's source on a stacked deck and checks the outcome; the docstring
quotes the source. Cards are dealt one at a time from the
dealer's left, and seat 0 leads the first round (see ``stacking.stacked``).
"""

from __future__ import annotations

from collections import Counter

import pytest
from stacking import FAMILY, cards_in_play, drive, stacked

import ono99
from ono99 import Play, events

RANKS = ["ace", *map(str, range(2, 11)), "jack", "queen", "king"]


@pytest.mark.parametrize("variant_id", FAMILY)
def test_a_standard_deck(variant_id: str) -> None:
    """The family plays "a standard 52 card deck" (pagat.com), four cards of each
    rank, each card knowing its rank; a rank whose cards matter by their suit (the
    King of spades) is told apart by suit, and the joker rules add "jokers=2"
    (t_games)."""
    variant = ono99.load_variant(variant_id)
    counts = Counter[str]()
    suits: dict[str, set[str]] = {}
    for card in variant.cards:
        counts[card.rank] += card.count
        if card.suit:
            suits.setdefault(card.rank, set()).add(card.suit)
    assert all(s == {"clubs", "diamonds", "hearts", "spades"} for s in suits.values())
    jokers = counts.pop("joker", 0)
    assert counts == dict.fromkeys(RANKS, 4)
    assert jokers == (2 if variant_id == "ninety-nine-jokers" else 0)


# ------------------------------------------------------------------- ninety-nine


@pytest.fixture(scope="module")
def common() -> ono99.Variant:
    return ono99.load_variant("ninety-nine")


def test_common_facts(common: ono99.Variant) -> None:
    """considerable.com: "3 tokens for each player"; "receive three cards from the
    dealer"; "Each player must play a card without sending the total number of
    points higher than 99" (so 99 itself is safe)."""
    assert ono99.load_variant("99") == common
    assert common.deal.hand_size == 3
    assert common.total.bust == 100
    assert common.match.scoring == "tokens"
    assert common.match.tokens.count == 3
    assert not common.match.tokens.play_on_at_zero
    assert common.round.end == "first_loss"


def test_common_ace_counts_one_or_eleven(common: ono99.Variant) -> None:
    """considerable.com: "An Ace adds either 1 or 11 points, announced by the player
    who plays it". Both amounts are legal moves while they keep the total at or
    below 99; the move must say which."""
    deck = stacked([["ace", "2", "3"], ["5", "6", "7"], ["8", "jack", "queen"]], ["4"] * 4)
    game = ono99.Game(common, players=3, seed=1, deck=deck)
    assert game.legal_moves() == (
        Play("ace", amount=1),
        Play("ace", amount=11),
        Play("2"),
        Play("3"),
    )
    with pytest.raises(ono99.IllegalMoveError, match="Ace counts 1 or 11: the move must say"):
        game.play(Play("ace"))
    happened = game.play(Play("ace", amount=11))
    assert happened[0] == events.Played(0, "ace", 11, amount=11)
    assert game.total == 11


def test_common_ace_for_eleven_only_when_safe(common: ono99.Variant) -> None:
    """considerable.com: "Each player must play a card without sending the total
    number of points higher than 99": at 89 an Ace may count 1 but not 11."""
    deck = stacked(
        [["king", "ace", "2"], ["10", "5", "6"], ["9", "jack", "8"]], ["3", "4", "5", "6"]
    )
    game = ono99.Game(common, players=3, seed=1, deck=deck)
    drive(game, "king", "10", "9")
    assert game.total == 89 and game.current_player == 0
    assert Play("ace", amount=1) in game.legal_moves()
    assert Play("ace", amount=11) not in game.legal_moves()
    assert game.why_illegal(Play("ace", amount=11)) == (
        "Ace for 11 would take the total to 100; it must stay below 100"
    )
    game.play(Play("ace", amount=1))
    assert game.total == 90


def test_common_four_reverses_and_nine_passes(common: ono99.Variant) -> None:
    """considerable.com: "A 4 reverses play (and does not change the total number of
    points)"; "A 9 is a pass (and does not change the total number of points"."""
    deck = stacked([["5", "4", "2"], ["6", "7", "8"], ["9", "3", "2"]], ["5", "6", "7"])
    game = ono99.Game(common, players=3, seed=1, deck=deck)
    drive(game, "5", "6", "9")
    assert game.total == 11 and game.current_player == 0
    game.play(Play("4"))
    assert game.total == 11 and game.direction == -1 and game.current_player == 2
    game.play(Play("3"))
    assert game.total == 14 and game.current_player == 1


def test_common_ten_subtracts_ten(common: ono99.Variant) -> None:
    """considerable.com: "A 10 subtracts 10 points from the total". Nothing stops the
    total going below 0."""
    deck = stacked([["5", "2", "3"], ["10", "7", "8"]], ["4", "6"])
    game = ono99.Game(common, players=2, seed=1, deck=deck)
    drive(game, "5", "10")
    assert game.total == -5
    assert Play("10", amount=-10) not in game.legal_moves()


def test_common_king_takes_the_total_to_99_or_keeps_it(common: ono99.Variant) -> None:
    """considerable.com: "A King takes the point total to 99 (or keeps it 99 if the
    total is already 99)"."""
    deck = stacked([["2", "3", "4"], ["king", "5", "6"], ["king", "7", "8"]], ["9"] * 3)
    game = ono99.Game(common, players=3, seed=1, deck=deck)
    drive(game, "2", "king")
    assert game.total == 99
    assert game.legal_moves() == (Play("king"),)
    game.play(Play("king"))
    assert game.total == 99 and game.current_player == 0


def test_common_99_is_safe_and_who_cannot_stay_below_100_loses_a_token(
    common: ono99.Variant,
) -> None:
    """considerable.com: "If a player cannot play a card that keeps the total at or
    less than 99, that player loses a token and the round ends. The cards are then
    shuffled and dealt, and the process begins again." Reaching exactly 99 is safe."""
    deck = stacked([["king", "5", "6"], ["10", "7", "8"], ["jack", "2", "3"]], ["7", "8", "3"])
    game = ono99.Game(common, players=3, seed=1, deck=deck)
    drive(game, "king", "10")
    assert game.total == 89
    happened = game.play(Play("jack"))
    assert happened[0] == events.Played(2, "jack", 99)
    # Seat 0 holds 5, 6, 7 at 99: no card keeps the total at or below 99.
    assert happened[2:6] == (
        events.LaidDown(0, ("5", "6", "7")),
        events.RoundEnded(1, (0,), None),
        events.TokenLost(0, 2),
        events.RoundStarted(2, 0, 1, 0),
    )
    assert game.tokens == (2, 3, 3) and game.total == 0 and game.current_player == 1


def test_common_out_with_the_third_token(common: ono99.Variant) -> None:
    """considerable.com: "Players are eliminated when they lose the third token"; "The
    last player with a token remaining is the winner"."""
    for seed in range(5):
        game = ono99.Game(common, players=4, seed=seed)
        ono99.play_out(game, [ono99.RandomPlayer(seed + i) for i in range(4)])
        lost: Counter[int] = Counter()
        for event in game.events:
            if isinstance(event, events.TokenLost):
                lost[event.player] += 1
                assert event.tokens == 3 - lost[event.player]
            elif isinstance(event, events.Eliminated):
                assert lost[event.player] == 3
        assert game.tokens[game.winner or 0] > 0
        assert sorted(seat for seat in range(4) if lost[seat] == 3) == sorted(
            seat for seat in range(4) if seat != game.winner
        )


def test_common_two_decks_for_more_than_eight(common: ono99.Variant) -> None:
    """99 card game directions: "Use two decks of cards when playing with more than
    eight players"."""
    assert sum(cards_in_play(ono99.Game(common, 8, seed=1)).values()) == 52
    nine = cards_in_play(ono99.Game(common, 9, seed=1))
    assert sum(nine.values()) == 104 and nine["king"] == 8
