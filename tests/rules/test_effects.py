"""Effects, one rule object at a time, against the rule texts they implement.

Each test applies an effect to a stand-in table (``ruletable.FakeTable``) or plays it in a
game dealt from a stacked deck, and checks what it does and how it reads in a rulebook.
``multiply``, ``draw`` and ``choose_next`` with ``include_self`` are played in
``test_primitives.py``; moves that carry a choice (``add_choice``, ``choose_next``) are
listed and checked in ``test_choices.py``.
"""

from __future__ import annotations

import attrs
import pytest
from ruletable import CARD, FakeTable
from stacking import stacked

import ono99
from ono99 import Play
from ono99.rules import (
    Add,
    AddChoice,
    ChooseNext,
    Deflect,
    ForcePlays,
    Hold,
    Reverse,
    SetTotal,
    Skip,
    Stacking,
    StackOn,
)
from ono99.rules._effects import _words


def test_add_adds_its_amount_and_says_so() -> None:
    """ "The MINUS TEN card ... subtracts ten points from the point value" (1980)."""
    assert Add(9).total_after(57) == 66
    assert Add(-10).total_after(5) == -5
    assert Add(0).total_after(7) == 7
    assert Add(9).describe() == "adds 9 to the total"
    assert Add(-10).describe() == "subtracts 10 from the total"
    assert Add(0).describe() == "adds nothing to the total"
    assert (Add(9).changes_total, Add(9).acts) == (True, False)
    table = FakeTable(total=5)
    Add(3).apply(table, CARD)
    assert table == FakeTable(total=5)


def test_hold_keeps_the_total() -> None:
    """ "The HOLD card ... maintains the point value passed" (1980)."""
    assert Hold().total_after(42) == 42
    assert Hold().describe() == "keeps the total as it is"
    assert (Hold().changes_total, Hold().acts) == (False, False)
    table = FakeTable(total=5)
    Hold().apply(table, CARD)
    assert table == FakeTable(total=5)


def test_reverse_flips_the_direction() -> None:
    """ "The REVERSE card ... 'reverses' the same point value and play-back" (1980)."""
    table = FakeTable(total=12)
    Reverse().apply(table, CARD)
    assert table.direction == -1
    Reverse().apply(table, CARD)
    assert table.direction == 1
    assert Reverse().total_after(12) == 12
    assert Reverse().describe() == (
        "reverses the direction of play (with two players in the round, changes nothing)"
    )
    assert (Reverse().changes_total, Reverse().acts) == (False, True)


def test_a_two_player_reverse_acts_as_a_hold() -> None:
    """ "In a one-on-one game, the reverse card acts as a hold card" (1980); "With 2 players
    it has the same effect as discarding a 0" (2022): the direction stays."""
    table = FakeTable(players_in_round=2)
    Reverse().apply(table, CARD)
    assert table.direction == 1


@pytest.mark.parametrize(
    ("stacking", "forced", "owed"),
    [("none", 1, 2), ("none", 2, 2), ("multiply", 1, 2), ("multiply", 2, 4), ("add", 2, 4),
     ("add", 3, 5), ("multiply", 3, 6), ("add", 1, 2)],
)  # fmt: skip
def test_force_plays_sets_what_the_next_player_owes(
    stacking: Stacking, forced: int, owed: int
) -> None:
    """ "causes the next player to make a normal play plus one additional" (1980); stacking
    combines with the plays the player was forced to make."""
    table = FakeTable(stacking=stacking, forced=forced)
    ForcePlays(2).apply(table, CARD)
    assert table.next_owed == owed
    assert table.next_forced_by == "p2"  # the card's id, as events name cards
    assert ForcePlays(2).total_after(3) == 3
    assert (ForcePlays(2).changes_total, ForcePlays(2).acts) == (False, True)


def test_force_plays_never_lowers_what_is_owed() -> None:
    table = FakeTable(next_owed=3, next_forced_by="Big")
    ForcePlays(2).apply(table, CARD)
    assert (table.next_owed, table.next_forced_by) == (3, "Big")
    table = FakeTable(next_owed=2, next_forced_by="Other")
    ForcePlays(2).apply(table, CARD)
    assert (table.next_owed, table.next_forced_by) == (2, "Other")


def test_force_plays_range_and_words() -> None:
    assert ForcePlays().plays == 2
    assert ForcePlays(2).problems() == []
    assert ForcePlays(1).problems() == [("plays", "expected 2 or more, got 1")]
    assert ForcePlays(3).describe() == "makes the next player play 3 cards"


@pytest.mark.parametrize(
    ("stack_on", "answering", "owed", "ends_turn"),
    [("answer", True, 4, True), ("answer", False, 2, False),
     ("any_play", True, 4, True), ("any_play", False, 4, False)],
)  # fmt: skip
def test_which_forcing_cards_stack(
    stack_on: StackOn, answering: bool, owed: int, ends_turn: bool
) -> None:
    """PieMan: back to back "like passing along a 4x"; cyoder: played after a number card
    "the second DP would only count x2" (stack_on = "answer"); "any_play" stacks both.
    An answer that stacks passes the plays on: the turn ends."""
    table = FakeTable(stacking="multiply", stack_on=stack_on, forced=2, answering=answering)
    ForcePlays(2).apply(table, CARD)
    assert (table.next_owed, table.ends_turn) == (owed, ends_turn)


def test_deflect_answers_a_forced_turn() -> None:
    """ "the player affected may, on his first play, use a Reverse Card, thus reversing the
    Double Play back" (1980): the turn ends and the next player owes the plays."""
    table = FakeTable(answering=True, forced=2, forced_by="double_play", players_in_round=2)
    Deflect().apply(table, CARD)
    assert table.ends_turn
    assert (table.next_owed, table.next_forced_by) == (2, "double_play")
    assert Deflect().total_after(8) == 8
    assert (Deflect().changes_total, Deflect().acts) == (False, True)


def test_deflect_does_nothing_unless_answering() -> None:
    table = FakeTable(answering=False, forced=2, forced_by="double_play")
    Deflect().apply(table, CARD)
    assert table == FakeTable(answering=False, forced=2, forced_by="double_play")


def test_deflect_keeps_a_bigger_debt() -> None:
    table = FakeTable(answering=True, forced=2, forced_by="A", next_owed=4, next_forced_by="B")
    Deflect().apply(table, CARD)
    assert table.ends_turn
    assert (table.next_owed, table.next_forced_by) == (4, "B")
    table = FakeTable(answering=True, forced=2, forced_by="A", next_owed=2, next_forced_by="B")
    Deflect().apply(table, CARD)
    assert (table.next_owed, table.next_forced_by) == (2, "B")


def test_deflect_needs_enough_players() -> None:
    """With ``min_players = 3`` a two-player Reverse acts as a 0 (Mattel 2022, strict)."""
    table = FakeTable(answering=True, forced=2, players_in_round=2)
    Deflect(min_players=3).apply(table, CARD)
    assert not table.ends_turn
    assert table.next_owed == 0
    table = FakeTable(answering=True, forced=2, players_in_round=3)
    Deflect(min_players=3).apply(table, CARD)
    assert table.ends_turn


def test_deflect_range_and_words() -> None:
    assert Deflect().min_players == 2
    assert Deflect(2).problems() == []
    assert Deflect(1).problems() == [("min_players", "expected 2 or more, got 1")]
    base = (
        "answers forced plays: played first on a forced turn, it ends the turn"
        " and the next player owes the plays"
    )
    assert Deflect().describe() == base
    assert Deflect(3).describe() == base + " (only with 3 or more players in the round)"


def test_add_choice_in_words() -> None:
    """ "An Ace adds either 1 or 11 points" (considerable.com); "Ten - increases or reduces the
    value of the pile by ten, at the player's choice" (pagat.com)."""
    assert AddChoice((1, 11)).describe() == "adds 1 or 11 to the total, as the player chooses"
    assert AddChoice((0, 5)).describe() == "adds 0 or 5 to the total, as the player chooses"
    assert AddChoice((10, -10)).describe() == "adds or subtracts 10, as the player chooses"
    assert AddChoice((-1, 4, 9)).describe() == (
        "changes the total by -1, +4 or +9, as the player chooses"
    )
    with pytest.raises(ValueError, match="the amount must be one of 1 or 11, not 5"):
        AddChoice((1, 11)).total_after(0, 5)
    with pytest.raises(ValueError, match="the amount must be one of 7, not None"):
        AddChoice((7,)).total_after(0)
    assert AddChoice((7,)).problems() == [
        ("amounts", "expected 2 or more amounts to choose from, got [7]")
    ]


def test_skips_add_up() -> None:
    """ "3 ... Next player skipped" (denexa.com): each skip passes over one more player."""
    table = FakeTable(skip=1)
    Skip(2).apply(table, CARD)
    assert table.skip == 3
    assert Skip(1).describe() == "skips the next player"
    assert Skip(0).problems() == [("players", "expected 1 or more, got 0")]


def test_words() -> None:
    assert _words([]) == ""
    assert _words(["x"]) == "x"
    assert _words([1, 11]) == "1 or 11"
    assert _words([1, 5, 11]) == "1, 5 or 11"


def test_rule_objects_in_words() -> None:
    """The new rule objects read well in a rulebook."""
    assert AddChoice((1, 11)).describe() == "adds 1 or 11 to the total, as the player chooses"
    assert AddChoice((10, -10)).describe() == "adds or subtracts 10, as the player chooses"
    assert AddChoice((1, 5, -3)).describe() == (
        "changes the total by +1, +5 or -3, as the player chooses"
    )
    assert SetTotal(99).describe() == "sets the total to 99"
    assert SetTotal(0).describe() == "sets the total to 0"
    assert Skip().describe() == "skips the next player"
    assert Skip(2).describe() == "skips the next 2 players"
    assert (
        ChooseNext().describe()
        == "names the next player (any other player still in); play goes on from there"
    )


def test_set_total_to_zero() -> None:
    """SetTotal works for any value below the bust limit, such as a reset to 0."""
    assert SetTotal(0).total_after(87) == 0
    common = ono99.load_variant("ninety-nine")
    reset = attrs.evolve(
        common,
        id="reset",
        cards=tuple(
            attrs.evolve(c, effects=(SetTotal(0),)) if c.id == "king" else c for c in common.cards
        ),
    )
    game = ono99.Game(reset, 2, seed=1, deck=stacked([["8", "2", "3"], ["king", "5", "6"]]))
    game.play(Play("8"))
    game.play(Play("king"))
    assert game.total == 0


def test_skip_two_players() -> None:
    """Skip(2) passes over the next two players still in the round."""
    common = ono99.load_variant("ninety-nine")
    skip2 = attrs.evolve(
        common,
        id="skip2",
        cards=tuple(
            attrs.evolve(c, effects=(ono99.rules.Add(3), Skip(2))) if c.id == "3" else c
            for c in common.cards
        ),
    )
    deck = stacked([["3", "2", "5"], ["6", "7", "8"], ["2", "5", "6"], ["7", "8", "2"]])
    game = ono99.Game(skip2, 4, seed=1, deck=deck)
    game.play(Play("3"))
    assert game.current_player == 3
    # With three players in the round, a skip of two comes back to the player.
    deck = stacked([["3", "2", "5"], ["6", "7", "8"], ["2"] * 3])
    three = ono99.Game(skip2, 3, seed=1, deck=deck)
    three.play(Play("3"))
    assert three.current_player == 0
