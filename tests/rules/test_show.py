"""The show's triggers, one at a time, on a stand-in table: what each counts in a hand.

Each quotes the rule it scores: Hoyle's Games, "Cribbage" (the show "reckoning the
cards every way they can possibly be varied, and always including the turned
up-card"), and Noddy as the Guild of St Ives tells it.
"""

from __future__ import annotations

from ruletable import FakeCard, FakeTable

from ono99.rules import (
    ChangePoints,
    Flush,
    HandFifteens,
    HandFlush,
    HandKnave,
    HandPairs,
    HandRuns,
    StarterIs,
)

POINT = (ChangePoints("player", 1),)
VALUES = {"ace": 1, "jack": 10, "queen": 10, "king": 10}


def card(rank: str, suit: str = "spades") -> FakeCard:
    value = VALUES.get(rank) or int(rank)
    return FakeCard(f"{rank}_of_{suit}", rank.title(), rank=rank, suit=suit, value=value)


def showing(*hand: FakeCard, starter: FakeCard | None = None, seat: int = 1) -> FakeTable:
    return FakeTable(shown=hand, starter=starter, showing=seat, dealer=1)


def test_every_fifteen_counts_every_way_it_can_be_made() -> None:
    """Hoyle: "For every 15, 2 points", the cards "reckoned every way": three 5s and a
    knave make 5+5+5 and the knave with each 5, four fifteens."""
    hand = showing(card("5"), card("5", "hearts"), card("5", "clubs"), starter=card("jack"))
    assert HandFifteens(outcomes=POINT).times_on(hand) == 4
    assert HandFifteens(outcomes=POINT).times_on(showing(card("7"), card("9"))) == 0
    # A card that adds no fixed amount counts in no set.
    odd = FakeCard("wild", "Wild", rank="", value=None)
    assert HandFifteens(outcomes=POINT).times_on(showing(odd, card("5"), card("king"))) == 1


def test_pairs_count_each_pair_of_one_rank() -> None:
    """Hoyle: "For a pair ... 2 points. For a pair-royal, or three of a sort, 6 points.
    For a double pair-royal, or four ditto, 12 points": 1, 3 and 6 pairs at 2 each."""
    pairs = HandPairs(outcomes=POINT)
    assert pairs.times_on(showing(card("9"), card("9", "hearts"), card("2"))) == 1
    three = showing(card("9"), card("9", "hearts"), card("9", "clubs"))
    assert pairs.times_on(three) == 3
    four = showing(card("9"), card("9", "hearts"), card("9", "clubs"), starter=card("9", "d"))
    assert pairs.times_on(four) == 6


def test_runs_count_each_card_of_each_run_the_cards_make() -> None:
    """Hoyle: "For a sequence of any suits, according to the number": 3, 4, 5 is 3; a
    3, 4, 4, 5 is two runs of three, 6; a run of four is not also a run of three."""
    runs = HandRuns(outcomes=POINT)
    assert runs.times_on(showing(card("3"), card("4"), card("5"))) == 3
    assert runs.times_on(showing(card("3"), card("4"), card("4", "hearts"), card("5"))) == 6
    assert runs.times_on(showing(card("3"), card("4"), card("5"), starter=card("6"))) == 4
    assert runs.times_on(showing(card("queen"), card("king"), card("ace"))) == 0  # ace low


def test_a_flush_is_of_the_hands_own_cards_and_the_starter_adds_one() -> None:
    """Hoyle: "Three cards of the same suit in hand ... entitle the player to reckon that
    number as a flush, and also one more when the turn-up card happens to be of the
    same suit"."""
    flush = HandFlush(outcomes=POINT)
    hand = (card("2", "hearts"), card("7", "hearts"), card("king", "hearts"))
    assert flush.times_on(showing(*hand)) == 3
    assert flush.times_on(showing(*hand, starter=card("4", "hearts"))) == 4
    assert flush.times_on(showing(*hand, starter=card("4", "clubs"))) == 3
    assert flush.times_on(showing(card("2", "clubs"), *hand[1:], starter=card("4", "hearts"))) == 0


def test_the_knave_of_the_starters_suit_and_the_dealers_knave() -> None:
    """Hoyle: "For a knave, or noddy, of the same suit as turned up, one point"; Noddy:
    "if a Knave (Jack) is turned up, the dealer gets 2 points" (for the dealer only)."""
    knave = HandKnave(outcomes=POINT)
    assert knave.times_on(showing(card("jack", "clubs"), starter=card("4", "clubs"))) == 1
    assert knave.times_on(showing(card("jack", "clubs"), starter=card("4", "hearts"))) == 0
    heels = StarterIs(rank=("jack",), outcomes=POINT)
    assert heels.times_on(showing(card("2"), starter=card("jack"), seat=1)) == 1
    assert heels.times_on(showing(card("2"), starter=card("jack"), seat=0)) == 0


def test_a_flush_in_the_play_is_of_the_latest_cards() -> None:
    """Hoyle: "the person playing the third card reckons 3, and the player laying down a
    fourth of the same suit scores 4": each length's trigger says what the latest make."""
    three, four = Flush(length=3, outcomes=POINT), Flush(length=4, outcomes=POINT)
    hearts = (card("2", "hearts"), card("7", "hearts"), card("king", "hearts"))
    table = FakeTable(count_cards=(card("3"), *hearts))
    assert three.fires_on(table) and not four.fires_on(table)
    table = FakeTable(count_cards=(card("3", "hearts"), *hearts))
    assert four.fires_on(table) and not three.fires_on(table)
