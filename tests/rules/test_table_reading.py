"""Rules decided by the table: conditions that read it, and a ``when`` they decide.

Each test asks one rule object about a stand-in table (``ruletable.FakeTable``),
quoting the rule it serves; the games that play them are in
``tests/engine/test_table_totals.py``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from attrs import frozen
from ruletable import CARD, FakeCard, FakeTable, ranks

import ono99
from ono99 import PluginError
from ono99.rules import (
    Add,
    AddChoice,
    BaseEffect,
    CardInfo,
    Multiply,
    PreviousCard,
    SetTotal,
    Table,
    TableCount,
    TotalAtLeast,
    When,
)

RED = FakeCard("7h", "7 of hearts", rank="7", suit="hearts", colour="red")
BLACK = FakeCard("7s", "7 of spades", rank="7", suit="spades", colour="black")
SEVEN = FakeCard("7c", "7 of clubs", rank="7", suit="clubs", colour="black")

# "Spade A: reset the Current Points to 0 (this effect is nullified after four
# shuffles)" (Neodigy, "Let's Poker 99", as the app store describes it).
RESET = When((TableCount("reshuffles", at_most=3),), (SetTotal(0),))
# The previous-colour example: "a seven adds 7 when the card before it is red, and
# takes 7 away when it is black".
SEVENS = When((PreviousCard(colour=("red",)),), (Add(7),), (Add(-7),))


def test_the_conditions_that_read_the_table_declare_it() -> None:
    assert PreviousCard.reads_table and TableCount.reads_table
    assert not TotalAtLeast.reads_table


@pytest.mark.parametrize(
    ("reshuffles", "total"),
    [(0, 0), (3, 0), (4, 80)],  # "nullified after four shuffles"
)
def test_lets_poker_99_ace_of_spades_resets_until_the_fourth_shuffle(
    reshuffles: int, total: int
) -> None:
    """Let's Poker 99: "Spade A: reset the Current Points to 0 (this effect is
    nullified after four shuffles)"."""
    table = FakeTable(total=80, reshuffles=reshuffles)
    assert RESET.reads_table
    assert RESET.total_on(table, CARD, 80) == total


def test_a_seven_counts_by_the_colour_of_the_card_before_it() -> None:
    """The previous-colour example: a seven adds 7 on a red card, takes 7 away on a
    black one; the first card of a count has none before it, and adds."""
    on_red = FakeTable(count_cards=(RED, SEVEN))  # the seven is being played
    on_black = FakeTable(count_cards=(BLACK, SEVEN))
    first = FakeTable(count_cards=(SEVEN,))
    assert SEVENS.total_on(on_red, SEVEN, 40) == 47
    assert SEVENS.total_on(on_black, SEVEN, 40) == 33
    assert SEVENS.total_on(first, SEVEN, 40) == 47


@pytest.mark.parametrize(
    ("no_previous", "first"),
    [("allows", -5), ("refuses", 5)],
)
def test_no_previous_says_what_the_first_card_of_a_count_reads(
    no_previous: Any, first: int
) -> None:
    """With no card before it, ``previous_card`` answers as ``no_previous`` says: the
    default, ``"allows"``, takes a ``when``'s effects (as every shipped file and golden
    game plays); ``"refuses"`` its ``otherwise``. After a card it reads that card."""
    rule = When((PreviousCard(colour=("red",), no_previous=no_previous),), (Add(-5),), (Add(5),))
    five = FakeCard("5c", "5 of clubs", rank="5", suit="clubs", colour="black")
    assert rule.total_on(FakeTable(count_cards=(five,)), five, 40) == 40 + first
    assert rule.total_on(FakeTable(count_cards=(RED, five)), five, 40) == 35
    assert rule.total_on(FakeTable(count_cards=(BLACK, five)), five, 40) == 45


def test_previous_card_refusing_the_first_card_of_a_count_says_so() -> None:
    """As a card's condition, ``no_previous = "refuses"``: the card may not open a count."""
    rule = PreviousCard(same=("suit",), no_previous="refuses")
    assert rule.check(FakeTable(count_cards=(), playing=False), SEVEN) == (
        "7 of clubs may not start a count: only on a card of its own suit, "
        "and never as the first card of a count"
    )
    assert rule.check(FakeTable(count_cards=(SEVEN,), playing=False), SEVEN) is None
    assert (
        PreviousCard(same=("suit",)).check(FakeTable(count_cards=(), playing=False), SEVEN) is None
    )


def test_a_game_reads_no_previous_on_its_first_card(tmp_path: Any) -> None:
    """The same five in a game dealt from a stacked deck: played first, it adds 5 when
    the file says ``no_previous = "refuses"``; the count's later fives read the card
    before (a red 3: -5)."""
    path = tmp_path / "fives.toml"
    path.write_text(
        'extends = "ninety-nine"\nid = "fives"\n\n[standard_deck]\nall_by_suit = true\n\n'
        "[[ranks.5.effects]]\n"
        'type = "when"\n'
        'conditions = [{ type = "previous_card", colour = ["red"], no_previous = "refuses" }]\n'
        'effects = [{ type = "add", amount = -5 }]\n'
        'otherwise = [{ type = "add", amount = 5 }]\n',
        encoding="utf-8",
    )
    variant = ono99.load_variant(path)
    # Dealt in turn: player 0 holds the fives and a 2, player 1 a red 3, a 6 and a 2.
    deck = ["5_of_clubs", "3_of_hearts", "5_of_spades", "6_of_clubs", "2_of_clubs", "2_of_spades"]
    game = ono99.Game(variant, 2, seed=1, deck=deck)
    game.play(ono99.Play("5_of_clubs"))
    assert game.total == 5
    game.play(ono99.Play("3_of_hearts"))
    game.play(ono99.Play("5_of_spades"))
    assert game.total == 3


def test_without_a_table_the_conditions_that_read_it_do_not_hold() -> None:
    """What the checks of a file ask (total_after, no table): the otherwise branch."""
    assert SEVENS.total_after(40) == 33
    assert RESET.total_after(80) == 80


def test_a_when_decided_by_the_table_acts_by_the_same_table() -> None:
    """apply() chooses its branch as total_on() does, on the table of the play."""
    acted: list[str] = []

    @frozen
    class Note(BaseEffect):
        type = "note"
        word: str = ""

        def apply(self, table: Table, card: CardInfo) -> None:
            acted.append(self.word)

        def describe(self) -> str:
            return "notes"

    rule = When((PreviousCard(colour=("red",)),), (Note("red"),), (Note("black"),))
    rule.apply(FakeTable(count_cards=(RED, SEVEN)), SEVEN)
    rule.apply(FakeTable(count_cards=(BLACK, SEVEN)), SEVEN)
    assert acted == ["red", "black"]
    assert not rule.reads_table  # it changes no total


@pytest.mark.parametrize(
    ("rule", "cards", "playing", "allowed"),
    [
        (TableCount("count_cards", at_least=2), ranks("5", "6"), False, True),
        (TableCount("count_cards", at_least=2), ranks("5", "6"), True, False),  # before it: 1
        (TableCount("count_cards", at_most=0), (), False, True),
        (TableCount("players_in_round", at_most=2), (), False, False),  # three in the round
        (TableCount("players_in_round", 3, 3), (), False, True),
    ],
)
def test_table_count_counts_what_the_table_shows(
    rule: TableCount, cards: tuple[FakeCard, ...], playing: bool, allowed: bool
) -> None:
    """The cards of the count are those before the card, whether it is asked of
    between plays or while it is played."""
    table = FakeTable(count_cards=cards, playing=playing)
    assert (rule.check(table, CARD) is None) == allowed


def test_table_count_says_why_it_refuses() -> None:
    rule = TableCount("reshuffles", at_most=3)
    assert rule.check(FakeTable(reshuffles=4), CARD) == (
        "Play 2 may be played when the stock has been reshuffled at most 3 times; it is 4"
    )
    assert TableCount("count_cards", 1, 2).describe() == (
        "only when from 1 to 2 cards have been played in the count before it"
    )
    assert TableCount("players_in_round", at_least=3).describe() == (
        "only when at least 3 players are in the round"
    )


@pytest.mark.parametrize(
    ("rule", "problems"),
    [
        (TableCount("reshuffles"), [("at_least", "expected at_least, at_most or both")]),
        (TableCount("reshuffles", at_least=-1), [("at_least", "expected 0 or more, got -1")]),
        (
            TableCount("count_cards", at_least=3, at_most=2),
            [("at_most", "expected at least at_least (3), got 2")],
        ),
        (TableCount("players_in_round", at_least=2), []),
    ],
)
def test_table_count_problems(rule: TableCount, problems: list[tuple[str, str]]) -> None:
    assert rule.problems() == problems


def test_a_when_accepts_conditions_that_read_the_table() -> None:
    assert SEVENS.problems() == []
    assert RESET.problems() == []
    assert SEVENS.describe() == (
        "on a red card: adds 7 to the total; otherwise subtracts 7 from the total"
    )


def test_a_choice_may_not_depend_on_the_table() -> None:
    """The amounts a move chooses among are listed before the play."""
    rule = When((PreviousCard(colour=("red",)),), (AddChoice((1, 11)),), (Multiply(2),))
    assert rule.problems() == [
        (
            "effects[0]",
            "an effect that leaves a choice (an amount, a player, a thing to name) may not "
            "depend on the "
            "total or the table: the choice must be known before the play",
        )
    ]


def test_an_effect_that_writes_total_on_reads_the_table() -> None:
    """reads_table follows from writing total_on(), as acts from writing apply()."""

    @frozen
    class Doubles(BaseEffect):
        """Doubles the card before it: "adds what the card before it added" (a test rule)."""

        type = "doubles"

        def total_after(self, total: int, amount: int | None = None) -> int:
            return total

        def total_on(
            self, table: Table, card: CardInfo, total: int, amount: int | None = None
        ) -> int:
            before = table.previous_card
            return total + (int(before.rank) if before and before.rank.isdigit() else 0)

        def describe(self) -> str:
            return "adds what the card before it shows"

    rule = Doubles()
    assert rule.reads_table and rule.changes_total
    assert rule.total_on(FakeTable(count_cards=ranks("6", "2")), CARD, 10) == 16
    # A when holding it reads the table too.
    assert When((TotalAtLeast(0),), (rule,)).reads_table


def test_total_on_needs_total_after() -> None:
    """The checks of a variant file ask total_after(), where no table is known."""
    with pytest.raises(PluginError, match=r"writes total_on\(\) but no total_after\(\)"):

        @frozen
        class Lopsided(BaseEffect):
            type = "lopsided"

            def total_on(
                self, table: Any, card: Any, total: int, amount: int | None = None
            ) -> int:
                return total

            def describe(self) -> str:
                return "nothing"

    with pytest.raises(PluginError, match="reads_table"):

        @frozen
        class Stated(BaseEffect):
            type = "stated"
            reads_table: ClassVar[bool] = True

            def describe(self) -> str:
                return "nothing"
