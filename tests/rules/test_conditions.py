"""Conditions, one rule object at a time, against the rule texts they implement.

Each test asks a condition about a card at a moment set up on a stand-in table
(``ruletable.FakeTable``): the reason it gives for refusing, or ``None``. The
conditions on the total are also played in games in ``test_primitives.py``.
"""

from __future__ import annotations

import pytest
from ruletable import FakeCard, FakeTable

from ono99.rules import (
    Condition,
    Never,
    NotAsAnswer,
    OncePerTurn,
    Stacking,
    StackOn,
    TotalAtLeast,
    TotalAtMost,
    TotalEven,
    TotalMultipleOf,
    TotalOdd,
)


def test_never_refuses() -> None:
    """ "THE O'NO 99 CARD: CANNOT BE PLAYED" (1980)."""
    card = FakeCard("ono99", "O'NO 99")
    assert Never().check(FakeTable(), card) == "O'NO 99 can never be played"
    assert Never().describe() == "can never be played"


@pytest.mark.parametrize(
    ("total", "negative", "allowed"),
    [(0, True, True), (10, True, True), (20, False, True), (-10, True, True), (0, False, True),
     (-10, False, False), (5, True, False), (11, True, False), (-5, True, False)],
)  # fmt: skip
def test_total_multiple_of(total: int, negative: bool, allowed: bool) -> None:
    """ "You have the option to play the 99 card when your point value ends in 0" (1980)."""
    card = FakeCard("ono99", "O'NO 99")
    reason = TotalMultipleOf(10, negative).check(FakeTable(total=total), card)
    assert (reason is None) == allowed
    if not allowed:
        assert reason == (
            f"O'NO 99 may only be played when the total is a multiple of 10"
            f"{'' if negative else ' (and not negative)'}; the total is {total}"
        )


def test_total_multiple_of_range_and_words() -> None:
    assert TotalMultipleOf() == TotalMultipleOf(10, True)
    assert TotalMultipleOf(1).problems() == []
    assert TotalMultipleOf(0).problems() == [("n", "expected 1 or more, got 0")]
    assert TotalMultipleOf(5).describe() == "only when the total is a multiple of 5"


def test_not_as_answer() -> None:
    """ "A player affected by the Double Play card may not play another Double Play card on his
    first play" (1980)."""
    card = FakeCard("dp", "Double Play")
    table = FakeTable(answering=True, forced_by="play_2")
    assert NotAsAnswer().check(table, card) == (
        "Double Play may not answer forced plays (the first play of a forced turn)"
    )
    assert NotAsAnswer().check(FakeTable(answering=False), card) is None
    assert NotAsAnswer().describe() == "not as the first play of a forced turn"


@pytest.mark.parametrize(
    ("stacking", "stack_on", "lifts", "refused"),
    [("multiply", "answer", True, False), ("add", "answer", True, False),
     ("multiply", "answer", False, True), ("multiply", "any_play", True, True),
     ("none", "answer", True, True)],
)  # fmt: skip
def test_stacking_on_the_answer_lifts_not_as_answer(
    stacking: Stacking, stack_on: StackOn, lifts: bool, refused: bool
) -> None:
    """The stacking house rule is about back-to-back Double Plays ("Is that like passing
    along a 4x? We played it that way", PieMan), so stacking on the answer lifts "may not
    play another Double Play card on his first play", unless stacking_lifts is false."""
    table = FakeTable(answering=True, forced=2, stacking=stacking, stack_on=stack_on)
    reason = NotAsAnswer(stacking_lifts=lifts).check(table, FakeCard("dp", "Double Play"))
    assert (reason is not None) == refused


def test_once_per_turn() -> None:
    """ "Only (1) O'NO 99 card may be played during a player's turn" (1980 option)."""
    card = FakeCard("ono99", "O'NO 99")
    assert OncePerTurn().check(FakeTable(played=["7"]), card) is None
    assert OncePerTurn().check(FakeTable(played=["ono99"]), card) == (
        "only one O'NO 99 may be played in a turn"
    )
    assert OncePerTurn().describe() == "at most one per turn"


@pytest.mark.parametrize(
    ("condition", "allowed", "words"),
    [(TotalAtLeast(50), {50, 51}, "at least 50"), (TotalAtMost(49), {-1, 0, 49}, "at most 49"),
     (TotalEven(), {0, 50}, "even"), (TotalOdd(), {-1, 49, 51}, "odd")],
    ids=repr,
)  # fmt: skip
def test_conditions_on_the_total(condition: Condition, allowed: set[int], words: str) -> None:
    """ "2 = x2, or /2 if the total is over 49 and even" (PlayAural's "33/66/99"
    Ninety-Nine): each condition allows exactly the totals it names, says why it refuses
    the others, and answers ``allows_at`` alike."""
    card = FakeCard("2_halves", "Halve")
    for total in (-1, 0, 49, 50, 51):
        reason = condition.check(FakeTable(total=total), card)
        assert (reason is None) == (total in allowed), total
        assert condition.allows_at(total) == (total in allowed), total
        if reason is not None:
            assert reason == f"Halve may only be played when the total is {words}; it is {total}"
    assert condition.describe() == f"only when the total is {words}"
    assert condition.problems() == []
