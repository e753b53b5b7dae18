"""Rule objects and compiled rules, one by one, against the rule texts they implement."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import ono99
from ono99._compiled import CompiledCard, Rules, compile_rules
from ono99.rules import (
    Add,
    AddChoice,
    ChooseNext,
    Deflect,
    Draw,
    ForcePlays,
    Hold,
    Multiply,
    Never,
    NotAsAnswer,
    OncePerTurn,
    Reverse,
    SetTotal,
    Skip,
    TotalAtLeast,
    TotalAtMost,
    TotalEven,
    TotalMultipleOf,
    TotalOdd,
    _words,
    condition_types,
    effect_types,
    shipped_condition_types,
    shipped_effect_types,
)


@attrs.define
class FakeTable:
    """A table as the engine shows it to rule objects."""

    total: int = 0
    direction: int = 1
    forced: int = 1
    forced_by: str = ""
    answering: bool = False
    players_in_round: int = 3
    stacking: Any = "none"
    stack_on: Any = "any_play"
    next_owed: int = 0
    next_forced_by: str = ""
    ends_turn: bool = False
    skip: int = 0
    target: int | None = None
    next_player: int | None = None
    played: list[str] = attrs.Factory(list)

    def times_played_this_turn(self, card_id: str) -> int:
        return self.played.count(card_id)


@attrs.frozen
class FakeCard:
    id: str = "p2"
    name: str = "Play 2"


CARD = FakeCard()


def test_add_adds_its_amount_and_says_so() -> None:
    """ "The MINUS TEN card ... subtracts ten points from the point value" (1980)."""
    assert Add(9).total_after(57) == 66
    assert Add(-10).total_after(5) == -5
    assert Add(0).total_after(7) == 7
    assert Add(9).describe() == "adds 9 to the total"
    assert Add(-10).describe() == "subtracts 10 from the total"
    assert Add(0).describe() == "adds nothing to the total"
    assert (Add.changes_total, Add.acts) == (True, False)
    table = FakeTable(total=5)
    Add(3).apply(table, CARD)
    assert table == FakeTable(total=5)


def test_hold_keeps_the_total() -> None:
    """ "The HOLD card ... maintains the point value passed" (1980)."""
    assert Hold().total_after(42) == 42
    assert Hold().describe() == "keeps the total as it is"
    assert (Hold.changes_total, Hold.acts) == (False, False)
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
    assert (Reverse.changes_total, Reverse.acts) == (False, True)


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
def test_force_plays_sets_what_the_next_player_owes(stacking: str, forced: int, owed: int) -> None:
    """ "causes the next player to make a normal play plus one additional" (1980); stacking
    combines with the plays the player was forced to make."""
    table = FakeTable(stacking=stacking, forced=forced)
    ForcePlays(2).apply(table, CARD)
    assert table.next_owed == owed
    assert table.next_forced_by == "p2"  # the card's id, as events name cards
    assert ForcePlays(2).total_after(3) == 3
    assert (ForcePlays.changes_total, ForcePlays.acts) == (False, True)


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


def test_deflect_answers_a_forced_turn() -> None:
    """ "the player affected may, on his first play, use a Reverse Card, thus reversing the
    Double Play back" (1980): the turn ends and the next player owes the plays."""
    table = FakeTable(answering=True, forced=2, forced_by="double_play", players_in_round=2)
    Deflect().apply(table, CARD)
    assert table.ends_turn
    assert (table.next_owed, table.next_forced_by) == (2, "double_play")
    assert Deflect().total_after(8) == 8
    assert (Deflect.changes_total, Deflect.acts) == (False, True)


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
    stacking: str, stack_on: str, lifts: bool, refused: bool
) -> None:
    """The stacking house rule is about back-to-back Double Plays ("Is that like passing
    along a 4x? We played it that way", PieMan), so stacking on the answer lifts "may not
    play another Double Play card on his first play", unless stacking_lifts is false."""
    table = FakeTable(answering=True, forced=2, stacking=stacking, stack_on=stack_on)
    reason = NotAsAnswer(stacking_lifts=lifts).check(table, FakeCard("dp", "Double Play"))
    assert (reason is not None) == refused


@pytest.mark.parametrize(
    ("stack_on", "answering", "owed", "ends_turn"),
    [("answer", True, 4, True), ("answer", False, 2, False),
     ("any_play", True, 4, True), ("any_play", False, 4, False)],
)  # fmt: skip
def test_which_forcing_cards_stack(
    stack_on: str, answering: bool, owed: int, ends_turn: bool
) -> None:
    """PieMan: back to back "like passing along a 4x"; cyoder: played after a number card
    "the second DP would only count x2" (stack_on = "answer"); "any_play" stacks both.
    An answer that stacks passes the plays on: the turn ends."""
    table = FakeTable(stacking="multiply", stack_on=stack_on, forced=2, answering=answering)
    ForcePlays(2).apply(table, CARD)
    assert (table.next_owed, table.ends_turn) == (owed, ends_turn)


def test_once_per_turn() -> None:
    """ "Only (1) O'NO 99 card may be played during a player's turn" (1980 option)."""
    card = FakeCard("ono99", "O'NO 99")
    assert OncePerTurn().check(FakeTable(played=["7"]), card) is None
    assert OncePerTurn().check(FakeTable(played=["ono99"]), card) == (
        "only one O'NO 99 may be played in a turn"
    )
    assert OncePerTurn().describe() == "at most one per turn"


def test_registries() -> None:
    """The TOML names of the shipped rule objects are a contract: each names its class."""
    assert shipped_effect_types() == {
        "add": Add,
        "hold": Hold,
        "reverse": Reverse,
        "force_plays": ForcePlays,
        "deflect": Deflect,
        "add_choice": AddChoice,
        "set_total": SetTotal,
        "skip": Skip,
        "choose_next": ChooseNext,
        "multiply": Multiply,
        "draw": Draw,
    }
    assert shipped_condition_types() == {
        "never": Never,
        "total_multiple_of": TotalMultipleOf,
        "not_as_answer": NotAsAnswer,
        "once_per_turn": OncePerTurn,
        "total_at_least": TotalAtLeast,
        "total_at_most": TotalAtMost,
        "total_even": TotalEven,
        "total_odd": TotalOdd,
    }
    # Installed plugins come on top of the shipped types, never instead of them.
    assert shipped_effect_types().items() <= effect_types().items()
    assert shipped_condition_types().items() <= condition_types().items()


# ------------------------------------------------------------------ compiled


def test_compiled_cards() -> None:
    card = ono99.Card(
        "x", "X", 2, effects=(Add(3), Reverse(), Add(-1), Deflect()), conditions=(Never(),)
    )
    compiled = CompiledCard(4, card)
    assert (compiled.index, compiled.id, compiled.name, compiled.card) == (4, "x", "X", card)
    assert compiled.points == 0
    assert compiled.totals == (Add(3), Add(-1))
    assert compiled.actions == (Reverse(), Deflect())
    assert compiled.conditions == (Never(),)
    assert compiled.delta == 2
    assert compiled.total_after(10) == 12
    plain = CompiledCard(0, ono99.Card("h", "H", 1, effects=(Hold(),), points=15))
    assert plain.totals == ()
    assert plain.delta == 0
    assert plain.points == 15
    assert plain.total_after(7) == 7


def test_compiled_cards_without_a_fixed_delta() -> None:
    """A total effect that does not add to the total is asked for the new total each time."""
    card = ono99.Card("d", "D", 1, effects=(Add(1), Multiply(2)))
    compiled = CompiledCard(0, card)
    assert compiled.delta is None
    assert compiled.total_after(5) == 12
    assert (compiled.choices, compiled.chooses_player) == ((), False)
    assert compiled.play == ono99.Play("d")


def test_compiled_rules_read_the_variant() -> None:
    variant = ono99.load_variant("ono99-2022")
    rules = Rules(variant)
    assert rules.variant is variant
    assert len(rules.deck) == variant.deck_size == 112
    assert rules.deck[:8] == (0,) * 8
    assert [c.id for c in rules.cards] == [c.id for c in variant.cards]
    assert rules.index["minus_ten"] == 11
    assert (rules.hand_size, rules.start, rules.bust, rules.floor) == (4, 0, 99, 0)
    assert rules.stacking == "none"
    assert rules.lay_down is True
    assert rules.first_loss_ends_round is False
    assert rules.keep_top_card is False
    assert (rules.redraw_card, rules.redraw_count) == (rules.index["ono99"], 4)
    minus = rules.cards[rules.index["minus_ten"]]
    # Playing a card that adds a fixed amount is safe below bust - amount.
    assert minus.safe_below == 109
    assert rules.cards[rules.index["10"]].safe_below == 89
    assert rules.cards[rules.index["reverse"]].safe_below == 99
    assert rules.total_after(minus, 5) == 0
    assert rules.total_after(minus, 10) == 0
    assert rules.total_after(minus, 15) == 5
    assert compile_rules(variant) is compile_rules(variant)


def test_compiled_rules_of_the_1980_edition() -> None:
    variant = ono99.load_variant("ono99-1980")
    rules = Rules(attrs.evolve(variant, deck=ono99.Deck(copies=2)))
    assert len(rules.deck) == 108
    assert rules.deck.count(rules.index["10"]) == 20
    assert rules.floor is None
    assert rules.lay_down is False
    assert rules.first_loss_ends_round is True
    assert (rules.redraw_card, rules.redraw_count) == (-1, 0)
    minus = rules.cards[rules.index["minus_ten"]]
    assert rules.total_after(minus, 5) == -5
    kept = Rules(attrs.evolve(variant, reshuffle=ono99.Reshuffle(keep_top_card=True)))
    assert kept.keep_top_card is True
    stacked = Rules(attrs.evolve(variant, forced_play=ono99.ForcedPlay("multiply")))
    assert stacked.stacking == "multiply"


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


def test_compiled_choices_and_the_shared_move() -> None:
    plain = CompiledCard(0, ono99.Card("7", "Seven", 4, effects=(Add(7),)))
    assert (plain.choices, plain.amounts, plain.chooses_player) == ((), (None,), False)
    assert plain.play == ono99.Play("7")
    assert (plain.delta, plain.additive) == (7, True)
    ace = CompiledCard(1, ono99.Card("ace", "Ace", 4, effects=(AddChoice((1, 11)),)))
    assert (ace.choices, ace.amounts, ace.play, ace.delta) == ((1, 11), (1, 11), None, None)
    assert (ace.total_after(0, 11), ace.total_after(0, 1), ace.additive) == (11, 1, True)
    assert ace.total_after(50, 11) == 61
    five = CompiledCard(2, ono99.Card("5", "Five", 4, effects=(Add(5), ChooseNext())))
    assert (five.chooses_player, five.play, five.delta) == (True, None, 5)
    king = CompiledCard(3, ono99.Card("k", "King", 4, effects=(SetTotal(99),)))
    assert (king.additive, king.delta) == (False, None)
    assert king.total_after(12) == 99


def test_compiling_an_unsound_variant_names_it() -> None:
    broken = attrs.evolve(ono99.load_variant("ono99-2022"), id="broken", deal=ono99.Deal(0))
    with pytest.raises(ono99.VariantError) as info:
        Rules(broken)
    assert info.value.source == "broken"
    assert str(info.value).startswith("broken: ")
    assert any(p.startswith("deal.hand_size: expected 1 or more") for p in info.value.problems)


def test_words() -> None:
    assert _words([]) == ""
    assert _words(["x"]) == "x"
    assert _words([1, 11]) == "1 or 11"
    assert _words([1, 5, 11]) == "1, 5 or 11"


def test_skips_add_up() -> None:
    """ "3 ... Next player skipped" (denexa.com): each skip passes over one more player."""
    table = FakeTable(skip=1)
    Skip(2).apply(table, CARD)
    assert table.skip == 3
    assert Skip(1).describe() == "skips the next player"
    assert Skip(0).problems() == [("players", "expected 1 or more, got 0")]
