"""The ``when`` effect as a rule object: its checks, its words, and its branches.

Rules: "2 = x2, or /2 if the total is over 49 and even" (PlayAural's "33/66/99"
Ninety-Nine, after qcsalon.net); "a seven adds 7 when the card before it is red, and
takes 7 away when it is black" (the ``previous-colour`` example of the documentation).
The tables it reads are tested in ``tests/rules/test_table_reading.py``.
"""

from __future__ import annotations

from attrs import frozen
from ruletable import FakeCard, FakeTable, ranks

from ono99.rules import (
    Add,
    AddChoice,
    BaseEffect,
    CardInfo,
    CardIs,
    ChooseNext,
    Declare,
    ForcePlays,
    Multiply,
    Never,
    OncePerTurn,
    PreviousCard,
    Reverse,
    SetTotal,
    Skip,
    Table,
    TableCount,
    TotalAtLeast,
    TotalEven,
    When,
    each_effect,
)

RED = FakeCard("7h", "7 of hearts", rank="7", suit="hearts", colour="red")
BLACK = FakeCard("7s", "7 of spades", rank="7", suit="spades", colour="black")
SEVEN = FakeCard("7c", "7 of clubs", rank="7", suit="clubs", colour="black")
CHOICE = (
    "an effect that leaves a choice (an amount, a player, a thing to name) may not depend "
    "on the total or the table: the choice must be known before the play"
)


def test_a_when_with_no_condition_is_refused() -> None:
    """ "These effects when the conditions hold": a ``when`` needs at least one."""
    assert When((), (Add(1),)).problems() == [("conditions", "expected at least one condition")]


def test_every_mistake_of_a_when_is_reported_at_its_key_path() -> None:
    """A condition that cannot decide an effect (it reads only the turn), each branch
    effect that leaves a choice where the total or the table decides, and a branch
    effect's own problem at its key path inside the branch: all of them, in order."""
    rule = When(
        (Never(), OncePerTurn(), TotalEven()),
        (AddChoice((1, 11)), ChooseNext()),
        (Declare("suit"), ForcePlays(1)),
    )
    assert rule.problems() == [
        (
            "conditions[1]",
            "a once_per_turn condition cannot decide an effect: only one that reads the "
            "total (total_at_least, total_even...), the card (card) or the table "
            "(previous_card, table_count) can",
        ),
        ("effects[0]", CHOICE),
        ("effects[1]", CHOICE),
        ("otherwise[0]", CHOICE),
        ("otherwise[1].plays", "expected 2 or more, got 1"),
    ]


def test_a_when_decided_by_the_card_alone_may_leave_a_choice() -> None:
    """ "Black cards add, red cards subtract", written once for a rank: what the card is
    is known before the play, so its branch may leave an amount to choose; once the
    total decides too, it may not."""
    assert When((CardIs(colour=("red",)),), (AddChoice((1, 11)),)).problems() == []
    by_both = When((CardIs(colour=("red",)), TotalAtLeast(50)), (AddChoice((1, 11)),))
    assert by_both.problems() == [("effects[0]", CHOICE)]
    by_table = When((PreviousCard(colour=("red",)),), (), (ChooseNext(),))
    assert by_table.problems() == [("otherwise[0]", CHOICE)]


def test_a_branch_effect_that_does_not_fit_the_bust_limit_is_reported_in_its_branch() -> None:
    """A ``set_total`` at or above the bust limit could never be played, in either branch:
    each is reported at its key path in the branch."""
    rule = When((TotalAtLeast(50),), (SetTotal(200),), (Add(1), SetTotal(99)))
    assert rule.problems_at(99, 0) == [
        (
            "effects[0].value",
            "expected less than total.bust (99), got 200: the card could never be played",
        ),
        (
            "otherwise[1].value",
            "expected less than total.bust (99), got 99: the card could never be played",
        ),
    ]


def test_the_cards_a_branch_names_are_found_at_their_key_paths() -> None:
    """An effect (of another package) that names a card is checked against the deck
    wherever it is, in either branch of a ``when``."""

    @frozen
    class Summon(BaseEffect):
        type = "summon"
        card: str = ""

        def referenced_cards(self) -> list[tuple[str, str]]:
            return [("card", self.card)]

        def describe(self) -> str:
            return f"summons {self.card}"

    rule = When((TotalEven(),), (Add(1), Summon("king")), (Summon("ace"),))
    assert rule.referenced_cards() == [("effects[1].card", "king"), ("otherwise[0].card", "ace")]


def test_the_rulebook_words_of_a_when() -> None:
    """The rulebook joins the conditions with "and", says what each branch does, every
    effect of it, and that an empty branch does nothing."""
    halve = When((TotalAtLeast(50), TotalEven()), (Multiply(0.5),), (Multiply(2),))
    assert halve.describe() == (
        "when the total is at least 50 and the total is even: multiplies the total by 0.5 "
        "(rounding down); otherwise multiplies the total by 2"
    )
    assert (
        When((TotalAtLeast(50),), ()).describe() == "when the total is at least 50: does nothing"
    )
    both = When(
        (PreviousCard(colour=("red",)), TableCount("reshuffles", at_most=3)),
        (Add(7), Skip()),
        (Add(-7), Reverse()),
    )
    assert both.describe() == (
        "on a red card and the stock has been reshuffled at most 3 times: adds 7 to the "
        "total; skips the next player; otherwise subtracts 7 from the total; reverses the "
        "direction of play (with two players in the round, changes nothing)"
    )


def test_a_branch_whose_own_total_reads_the_table_is_played_on_the_table() -> None:
    """A ``when`` in a ``when``'s branch, both decided by the table: on a red card, "adds
    10 once two cards are down, else 1"; on a black one, "subtracts 7". Each total is
    read on the table of the play, and the outer ``when`` reads the table because its
    branch does."""
    inner = When((TableCount("count_cards", at_least=2),), (Add(10),), (Add(1),))
    rule = When((PreviousCard(colour=("red",)),), (inner,), (Add(-7),))
    assert rule.reads_table
    # Two cards before the seven (a red one last): the inner when adds 10.
    assert rule.total_on(FakeTable(count_cards=(*ranks("5"), RED, SEVEN)), SEVEN, 40) == 50
    # One card before it: the inner when adds 1.
    assert rule.total_on(FakeTable(count_cards=(RED, SEVEN)), SEVEN, 40) == 41
    assert rule.total_on(FakeTable(count_cards=(BLACK, SEVEN)), SEVEN, 40) == 33
    # Without a table, neither condition holds.
    assert rule.total_after(40) == 33


def test_a_when_decided_by_the_total_reads_it_before_the_card() -> None:
    """ "/2 if the total is over 49": decided on the total before the card (the table's
    ``total_before``), for the branch that acts and for the total alike."""
    rule = When((TotalAtLeast(50),), (Skip(), Multiply(0.5)), (Reverse(), Multiply(2)))
    table = FakeTable(total=10, total_before=60)
    rule.apply(table, SEVEN)
    assert (table.skip, table.direction) == (1, 1)
    table = FakeTable(total=60, total_before=10)
    rule.apply(table, SEVEN)
    assert (table.skip, table.direction) == (0, -1)
    assert rule.total_on(FakeTable(), SEVEN, 60) == 30
    assert rule.total_on(FakeTable(), SEVEN, 30) == 60


def test_what_a_when_can_do_is_what_either_branch_can() -> None:
    """A ``when`` changes the total, acts, forces plays or names a player if either branch
    does; it reads the table only when a branch changes the total."""
    rule = When((TotalEven(),), (ForcePlays(3),), (Add(1), ForcePlays(4)))
    assert (rule.changes_total, rule.acts, rule.forces_plays) == (True, True, 4)
    assert not rule.reads_table
    quiet = When((PreviousCard(colour=("red",)),), (Skip(),))
    assert (quiet.changes_total, quiet.acts, quiet.reads_table) == (False, True, False)
    assert When((TotalEven(),), ()).forces_plays == 0


def test_a_when_for_a_whole_rank_is_decided_for_each_card_deep() -> None:
    """ "Black cards add, red cards subtract", written once for a rank: what the card is
    decides a ``when`` for each kind of card, and a ``when`` held in either branch is
    decided for the same card; what is left (a total to read) stays a ``when``."""
    inner = When((CardIs(rank=("7",)),), (Add(7),), (Add(1),))
    rule = When((CardIs(colour=("red",)),), (inner,), (Skip(), inner))
    assert rule.for_card(RED) == (Add(7),)
    assert rule.for_card(SEVEN) == (Skip(), Add(7))
    eight = FakeCard("8h", "8 of hearts", rank="8", suit="hearts", colour="red")
    assert rule.for_card(eight) == (Add(1),)
    by_total = When((CardIs(colour=("red",)), TotalAtLeast(50)), (inner,), (inner, Skip()))
    assert by_total.for_card(RED) == (When((TotalAtLeast(50),), (Add(7),), (Add(7), Skip())),)
    assert by_total.for_card(SEVEN) == (Add(7), Skip())


def test_every_effect_a_card_holds_is_walked_past_one_of_another_kind() -> None:
    """What a card can do in any branch is read from each effect and each effect it holds:
    an effect that is no attrs class (of another package) holds none, and the effects
    after it are still walked."""

    class Plain:
        kind = "effect"
        type = "plain"

    held = When((TotalEven(),), (ForcePlays(3),))
    walked = [e.type for e in each_effect((Plain(), held))]  # type: ignore[arg-type]
    assert walked == ["plain", "when", "force_plays"]


def test_the_branch_that_acts_is_given_the_card() -> None:
    """The chosen branch's effects act "on the table as the card is played": each is given
    the card played."""
    seen: list[str] = []

    @frozen
    class Note(BaseEffect):
        type = "note"

        def apply(self, table: Table, card: CardInfo) -> None:
            seen.append(card.id)

        def describe(self) -> str:
            return "notes"

    When((TotalEven(),), (Note(),), (Note(),)).apply(FakeTable(total_before=3), RED)
    assert seen == [RED.id]


def test_a_branch_effect_is_checked_against_the_floor_too() -> None:
    """A branch effect's check against the bust limit and the floor sees both."""

    @frozen
    class Floored(BaseEffect):
        type = "floored"

        def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
            return [("floor", f"{bust} {floor}")]

        def describe(self) -> str:
            return "floors"

    assert When((TotalEven(),), (), (Floored(),)).problems_at(99, -5) == [
        ("otherwise[0].floor", "99 -5")
    ]


def test_a_when_decided_by_the_card_asked_without_it_takes_otherwise_with_the_amount() -> None:
    """Where neither the card nor the table is known (a check of the file), a condition
    that reads them does not hold: the ``otherwise`` branch, for the amount the move
    chose (an ace for 11)."""
    rule = When((CardIs(colour=("red",)),), (Add(1),), (AddChoice((1, 11)),))
    assert rule.total_after(40, 11) == 51
    assert rule.total_on(FakeTable(), SEVEN, 40, 11) == 51
    assert rule.total_on(FakeTable(), SEVEN, 40, 1) == 41
