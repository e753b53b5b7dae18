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
    TurnedUp,
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


def test_runs_apart_from_each_other_each_score() -> None:
    """Hoyle: "For a sequence of any suits, according to the number": a hand holding two
    runs scores each, a 2, 3, 4 and an 8, 9, 10, jack 3 + 4, whichever run is the
    longer (the lower run was once dropped when the higher was longer)."""
    runs = HandRuns(outcomes=POINT)
    low_short = showing(*(card(r) for r in ("2", "3", "4", "8", "9", "10", "jack")))
    low_long = showing(*(card(r) for r in ("ace", "2", "3", "4", "8", "9", "10")))
    assert runs.times_on(low_short) == 7
    assert runs.times_on(low_long) == 7
    # Two runs of three, one of them made twice (a double run): 3 + 3 * 2.
    double = ("2", "3", "4", "8", "9", "9", "10")
    assert (
        runs.times_on(
            showing(*(card(r, "hearts" if i == 5 else "spades") for i, r in enumerate(double)))
        )
        == 9
    )
    # A run shorter than the length asked scores nothing beside a long one.
    assert HandRuns(outcomes=POINT, length=4).times_on(low_short) == 4


def test_a_fifteen_counts_each_card_by_what_it_adds() -> None:
    """Hoyle: "For every 15, 2 points", "reckoning the cards every way": a card that
    makes the value alone is a set; a card counting more than the value, or nothing,
    or taking away, is in no set."""
    tens = HandFifteens(outcomes=POINT, value=10)
    assert tens.times_on(showing(card("king"), card("5"), card("5", "hearts"))) == 2
    minus = FakeCard("minus", "Minus 3", rank="", value=-3)
    zero = FakeCard("hold", "Hold", rank="", value=0)
    assert (
        HandFifteens(outcomes=POINT, value=5).times_on(
            showing(card("king"), card("5"), minus, zero, starter=card("2"))
        )
        == 1
    )
    assert HandFifteens(outcomes=POINT).times_on(showing()) == 0


def test_a_hand_flush_needs_every_card_of_the_hand_of_one_suit() -> None:
    """Hoyle: "Three cards of the same suit in hand ... and also one more when the turn-up
    card happens to be of the same suit": fewer than the length, cards of no suit, or a
    starter not counted (``with_starter = false``) score as the rule says."""
    hearts = (card("2", "hearts"), card("7", "hearts"), card("king", "hearts"))
    four = HandFlush(outcomes=POINT, length=4)
    assert four.times_on(showing(*hearts, starter=card("4", "hearts"))) == 0
    assert four.times_on(showing(*hearts, card("9", "hearts"))) == 4
    bare = HandFlush(outcomes=POINT, with_starter=False)
    assert bare.times_on(showing(*hearts, starter=card("4", "hearts"))) == 3
    plain = FakeCard("x", "X", rank="", suit="")
    assert HandFlush(outcomes=POINT, length=2).times_on(showing(plain, plain)) == 0


def test_a_flush_in_the_crib_needs_the_starter_of_its_suit() -> None:
    """Britannica (11th ed.): "In crib, no flush is reckoned unless the start is of the same
    suit as the cards in crib" (``crib = "with_starter"``): four hearts in the crib score
    nothing with a club turned up, and five with a heart; in a hand, four with either.
    Hoyle's "four in crib" (``crib = "as_hand"``, the default) counts the crib as a hand."""
    hearts = (
        card("2", "hearts"),
        card("7", "hearts"),
        card("9", "hearts"),
        card("king", "hearts"),
    )
    strict = HandFlush(outcomes=POINT, length=4, crib="with_starter")

    def crib(starter: FakeCard) -> FakeTable:
        return FakeTable(shown=hearts, starter=starter, showing=1, dealer=1, shown_zone="crib")

    assert strict.times_on(crib(card("4", "clubs"))) == 0
    assert strict.times_on(crib(card("4", "hearts"))) == 5
    assert strict.times_on(showing(*hearts, starter=card("4", "clubs"))) == 4
    assert strict.times_on(showing(*hearts, starter=card("4", "hearts"))) == 5
    loose = HandFlush(outcomes=POINT, length=4)
    assert loose.crib == "as_hand"
    assert loose.times_on(crib(card("4", "clubs"))) == 4
    assert loose.times_on(crib(card("4", "hearts"))) == 5
    # A crib of mixed suits is no flush, whatever the starter.
    mixed = FakeTable(
        shown=(*hearts[:3], card("king", "spades")),
        starter=card("4", "hearts"),
        showing=1,
        shown_zone="crib",
    )
    assert strict.times_on(mixed) == 0


def test_no_knave_or_starter_scores_without_a_starter() -> None:
    """Hoyle's knave "of the same suit as turned up" and Noddy's turned-up knave need a
    turned-up card, with a suit; the knave's rank may be another (``rank``)."""
    knave = HandKnave(outcomes=POINT)
    assert knave.times_on(showing(card("jack", "clubs"))) == 0
    suitless = FakeCard("j", "Joker", rank="joker", suit="")
    assert (
        knave.times_on(showing(FakeCard("jk", "J", rank="jack", suit=""), starter=suitless)) == 0
    )
    kings = HandKnave(outcomes=POINT, rank="king")
    assert kings.times_on(showing(card("king", "clubs"), starter=card("4", "clubs"))) == 1
    assert kings.times_on(showing(card("jack", "clubs"), starter=card("4", "clubs"))) == 0
    assert StarterIs(rank=("jack",), outcomes=POINT).times_on(showing(card("jack"))) == 0


def test_the_shows_problems_and_words() -> None:
    """Each show trigger's bounds are reported at their key; the rulebook says what each
    scores and what it gives."""
    assert HandFifteens(outcomes=POINT, value=0).problems() == [
        ("value", "expected 1 or more, got 0")
    ]
    assert HandFifteens(outcomes=POINT, value=1001).problems() == [
        ("value", "expected at most 1000, got 1001")
    ]
    assert HandRuns(outcomes=POINT, length=2).problems() == [
        ("length", "expected 3 or more, got 2")
    ]
    assert HandRuns(outcomes=POINT, length=14).problems() == [
        ("length", "expected at most 13, got 14")
    ]
    assert HandRuns(outcomes=POINT, order=("a", "b", "a")).problems() == [
        ("order", "expected each rank once")
    ]
    assert HandFlush(outcomes=POINT, length=1).problems() == [
        ("length", "expected 2 or more, got 1")
    ]
    gains = "the player gains 1 point"
    assert HandFifteens(outcomes=POINT, value=31).describe() == (
        f"for each set of cards in a hand, with the starter, that counts 31: {gains}"
    )
    assert HandPairs(outcomes=POINT).describe() == (
        f"for each pair of one rank in a hand, with the starter: {gains}"
    )
    assert HandRuns(outcomes=POINT, length=4).describe() == (
        f"for each card of a run of 4 or more in a hand, with the starter: {gains}"
    )
    assert HandFlush(outcomes=POINT, length=4).describe() == (
        "for each card of a hand of 4 or more cards all of one suit (the starter too, if "
        f"of that suit): {gains}"
    )
    assert HandFlush(outcomes=POINT, length=4, crib="with_starter").describe() == (
        "for each card of a hand of 4 or more cards all of one suit (the starter too, if "
        f"of that suit; in a crib, only with a starter of its suit): {gains}"
    )
    assert HandKnave(outcomes=POINT, rank="king").describe() == (
        f"when a hand holds the king of the starter's suit: {gains}"
    )
    assert StarterIs(outcomes=POINT, rank=("jack",)).describe() == (
        f"when the starter is a jack, for the dealer: {gains}"
    )


def test_a_set_counts_each_card_once() -> None:
    """ "For every 15, 2 points": each set of cards counts once; a king and an ace make one
    set of 10 (the king alone), not two."""
    assert HandFifteens(outcomes=POINT, value=10).times_on(showing(card("king"), card("ace"))) == 1
    assert HandFifteens(outcomes=POINT, value=11).times_on(showing(card("king"), card("ace"))) == 1


def test_the_words_of_a_starter_of_a_suit() -> None:
    """Noddy: "if a Knave (Jack) is turned up, the dealer gets 2 points"; a starter rule
    may name a suit instead."""
    assert StarterIs(outcomes=POINT, suit=("hearts",)).describe() == (
        "when the starter is a card of hearts, for the dealer: the player gains 1 point"
    )


def test_the_words_of_a_card_turned_up_name_its_suit_and_colour() -> None:
    """ "If the starter is a jack, it is called 'His Heels,' and the dealer pegs (scores)
    2 points at once" (Bicycle Cards, Cribbage): a house rule may name the suit or the
    colour of the card turned up instead, and its words say which."""
    assert TurnedUp(outcomes=POINT, suit=("spades",)).describe() == (
        "when the starter turned up is a card of spades, for the dealer, at once: "
        "the player gains 1 point"
    )
    assert TurnedUp(outcomes=POINT, rank=("jack",), colour=("red",)).describe() == (
        "when the starter turned up is a red jack, for the dealer, at once: "
        "the player gains 1 point"
    )
