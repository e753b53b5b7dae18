"""The rule objects that read the count: what was played before, and what was said.

Each test sets up a count on a stand-in table (``ruletable.FakeTable``) and asks
one rule object about it, quoting the rule it implements.
"""

from __future__ import annotations

import pytest
from ruletable import FakeCard, FakeTable, ranks

from ono99.rules import (
    AnnouncedWrong,
    ChangePoints,
    CountEnds,
    Flush,
    OfAKind,
    PreviousCard,
    RepeatPrevious,
    Run,
)

PEG = (ChangePoints("player", 2),)


@pytest.mark.parametrize(
    ("played", "fires"),
    [
        (("7", "7"), {2}),
        (("3", "7", "7"), {2}),
        (("7", "7", "7"), {3}),  # a pair royal is not also a pair
        (("7", "7", "7", "7"), {4}),
        (("king", "queen"), set()),  # "King and jack do not make a pair" (HOY)
        (("7", "8", "7"), set()),  # the latest cards only
        (("7",), set()),
    ],
)
def test_of_a_kind_says_what_the_latest_cards_make(
    played: tuple[str, ...], fires: set[int]
) -> None:
    """Cribbage (HOY): "Playing a card of same rank as that previously played pegs 2.
    Playing a third card of the same rank makes pair royal and pegs 6"."""
    table = FakeTable(count_cards=ranks(*played))
    assert {n for n in (2, 3, 4) if OfAKind(n, outcomes=PEG).fires_on(table)} == fires


def test_cards_of_no_rank_make_no_pair() -> None:
    table = FakeTable(count_cards=(FakeCard("p2", "Play 2"), FakeCard("p2", "Play 2")))
    assert not OfAKind(2, outcomes=PEG).fires_on(table)


@pytest.mark.parametrize(
    ("played", "length"),
    [
        (("7", "6", "8"), 3),  # HOY: "7, 6, 8 played in that order score 3 for run"
        (("5", "2", "4", "3"), 4),  # HOY: "5, 2, 4, 3 played in that order score 4"
        (("4", "5", "ace", "2", "3"), 5),  # a run of five, not one of three
        (("9", "2", "4", "3"), 3),
        (("8", "7", "7", "6"), None),
        (("queen", "king", "ace"), None),  # "the ace is always low" (Bicycle)
        (("jack", "queen", "king"), 3),
        (("6", "8"), None),
    ],
)
def test_only_the_longest_run_of_the_latest_cards_fires(
    played: tuple[str, ...], length: int | None
) -> None:
    """HOY: "Playing a card which, with the two or more played immediately previously,
    makes a sequence of three or more cards, pegs 1 for each card in the run"."""
    table = FakeTable(count_cards=ranks(*played))
    fired = [n for n in range(3, 8) if Run(n, outcomes=PEG).fires_on(table)]
    assert fired == ([] if length is None else [length])


def test_a_run_in_an_order_of_its_own() -> None:
    """``order`` names the ranks low to high: an ace high after the king."""
    high = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")
    table = FakeTable(count_cards=ranks("queen", "king", "ace"))
    assert Run(3, outcomes=PEG, order=high).fires_on(table)
    assert not Run(3, outcomes=PEG).fires_on(table)


def test_run_and_of_a_kind_problems_and_words() -> None:
    assert Run(2, outcomes=PEG).problems() == [("length", "expected 3 or more, got 2")]
    assert ("order", "expected each rank once") in Run(
        3, outcomes=PEG, order=("a", "a")
    ).problems()
    assert OfAKind(1, outcomes=PEG).problems() == [("count", "expected 2 or more, got 1")]
    assert OfAKind(2, outcomes=PEG).describe() == (
        "when a play makes a pair of the latest cards: the player gains 2 points"
    )
    assert Run(4, outcomes=PEG).describe() == (
        "when the latest 4 cards make a run: the player gains 2 points"
    )


@pytest.mark.parametrize(
    ("total", "played", "fires"),
    [(30, ("king", "queen", "jack"), True), (31, ("king",), False), (0, (), False)],
)
def test_count_ends_is_the_go(total: int, played: tuple[str, ...], fires: bool) -> None:
    """HOY: "he must say 'Go,' and his opponent pegs 1 ... If such additional cards bring
    the total to exactly 31, he pegs 2 instead of 1": not at 31, and not on an empty count."""
    go = CountEnds(outcomes=(ChangePoints("player", 1),), unless_total=31)
    assert go.fires_on(FakeTable(total=total, count_cards=ranks(*played), playing=False)) is fires
    assert CountEnds(outcomes=PEG).fires_on(FakeTable(total=31, count_cards=ranks("king")))
    assert go.describe() == (
        "when the count ends (unless at 31), for the last to play: the player gains 1 point"
    )


@pytest.mark.parametrize(
    ("said", "missing_is_wrong", "fires"),
    [(40, True, False), (41, True, True), (None, True, True), (None, False, False)],
)
def test_announced_wrong(said: int | None, missing_is_wrong: bool, fires: bool) -> None:
    """ "players must state the running total after playing and lose if they're wrong"
    (betaveros.wordpress.com, "99")."""
    wrong = AnnouncedWrong(outcomes=PEG, missing_is_wrong=missing_is_wrong)
    assert wrong.fires_on(FakeTable(total=40, said=said)) is fires
    assert wrong.reads_announcement and wrong.reads_table and wrong.after_play


def test_previous_card_same_suit_or_rank() -> None:
    """Crazy Eights: a card must match the card before it in suit or in rank."""
    follow = PreviousCard(same=("suit", "rank"))
    seven_of_hearts = FakeCard("7h", "7 of hearts", rank="7", suit="hearts")
    before = (FakeCard("7s", "7 of spades", rank="7", suit="spades"),)
    table = FakeTable(count_cards=before, playing=False)
    assert follow.check(table, seven_of_hearts) is None  # same rank
    king_of_clubs = FakeCard("kc", "King of clubs", rank="king", suit="clubs")
    assert follow.check(table, king_of_clubs) == (
        "King of clubs may not be played on 7 of spades: only on a card of its own suit or rank"
    )
    # The first card of a count may always be played.
    assert follow.check(FakeTable(playing=False), king_of_clubs) is None


def test_previous_card_of_a_rank() -> None:
    """A card that may only follow a king or a queen (``rank = [...]``)."""
    court = PreviousCard(rank=("king", "queen"))
    # Asked between plays: the card before is the last one played.
    assert court.check(FakeTable(count_cards=ranks("queen"), playing=False), FakeCard()) is None
    refused = court.check(FakeTable(count_cards=ranks("7"), playing=False), FakeCard())
    assert refused == "Play 2 may not be played on 7: only on a king or queen"


def test_repeat_previous_declares_what_it_does() -> None:
    """ "this card does what the last one did": the engine applies the card before's
    effects (see the engine's scenario tests); the rule object only declares it."""
    repeat = RepeatPrevious()
    assert repeat.repeats_previous and repeat.changes_total
    assert repeat.total_after(40) == 40
    assert repeat.describe() == "does what the card played before it did"


def test_a_flush_in_the_play_is_of_the_suit_of_the_latest_card() -> None:
    """Hoyle: "when three or more cards of a suit are laid down successively": the suit is
    the latest card's, whatever the count's earlier cards were, and the card before the
    latest three must not share it."""
    three = Flush(length=3, outcomes=PEG)

    def suited(*suits: str) -> tuple[FakeCard, ...]:
        return tuple(FakeCard(f"c{i}", f"c{i}", rank="2", suit=s) for i, s in enumerate(suits))

    assert three.fires_on(
        FakeTable(count_cards=suited("hearts", "spades", "clubs", "clubs", "clubs"))
    )
    assert not three.fires_on(FakeTable(count_cards=suited("clubs", "clubs", "clubs", "clubs")))
    assert not three.fires_on(FakeTable(count_cards=suited("", "", "")))
    assert not three.fires_on(FakeTable(count_cards=suited("clubs", "clubs")))
    assert three.problems() == []
    assert Flush(length=1, outcomes=PEG).problems() == [("length", "expected 2 or more, got 1")]
    assert three.describe() == (
        "when the latest 3 cards are of one suit: the player gains 2 points"
    )


def test_a_card_of_a_rank_outside_the_order_breaks_a_run() -> None:
    """ "The ace is always low and cannot form a sequence with a king" (Bicycle,
    "Cribbage"): a card of a rank the order does not hold is in no run, among the latest
    cards or just before them; a run of the latest cards then stops at it."""
    run = Run(3, outcomes=PEG, order=("2", "3", "4", "5"))
    assert run.fires_on(FakeTable(count_cards=ranks("joker", "3", "2", "4")))
    assert not run.fires_on(FakeTable(count_cards=ranks("3", "joker", "2", "4")))
    assert not run.fires_on(FakeTable(count_cards=ranks("5", "3", "2", "4")))  # a run of four
    assert Run(3, outcomes=PEG).fires_on(FakeTable(count_cards=ranks("king", "ace", "2", "3")))
    assert not Run(3, outcomes=PEG).fires_on(FakeTable(count_cards=ranks("queen", "king", "ace")))


def test_the_words_of_a_wrong_announcement() -> None:
    """ "Players must state the running total after playing and lose if they're wrong":
    the rulebook says whether saying nothing is wrong too."""
    assert AnnouncedWrong(outcomes=PEG).describe() == (
        "when a player announces a wrong total, or none, with a card: the player gains 2 points"
    )
    assert AnnouncedWrong(outcomes=PEG, missing_is_wrong=False).describe() == (
        "when a player announces a wrong total with a card: the player gains 2 points"
    )
    assert CountEnds(outcomes=PEG).describe() == (
        "when the count ends, for the last to play: the player gains 2 points"
    )


def test_the_words_of_a_card_that_must_follow_the_card_before() -> None:
    """ "A card must match the card before it, in suit or in rank" (Crazy Eights): the
    rulebook says what the card before must share, or be, or both."""
    assert PreviousCard(same=("suit", "rank")).describe() == (
        "only on a card of its own suit or rank"
    )
    assert PreviousCard(same=("rank",), colour=("red",)).describe() == (
        "only on a card of its own rank and a red card"
    )
    assert PreviousCard(same=("rank",), suit=("hearts",)).describe() == (
        "only on a card of its own rank and a card of hearts"
    )
    assert PreviousCard(suit=("hearts",)).describe() == "only on a card of hearts"
    assert PreviousCard().describe() == "only on a card of any kind"


def test_a_run_is_no_longer_than_its_order() -> None:
    """ "A sequence of three or more cards": at most as many as the order has ranks."""
    assert Run(14, outcomes=PEG).problems() == [("length", "expected at most 13, got 14")]
    assert Run(13, outcomes=PEG).problems() == []
