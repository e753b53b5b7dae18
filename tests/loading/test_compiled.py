"""The compiled rules (``ono99.engine._compiled``): a variant turned into the engine's tables.

Each card becomes a ``CompiledCard`` (its total effects, actions, conditions, the fixed
amount it adds when it has one); a variant becomes ``CompiledVariant``, the flat settings the
engine reads on every move.
"""

from __future__ import annotations

import attrs
import pytest

import ono99
from ono99.engine._compiled import CompiledCard, CompiledVariant, compile_variant
from ono99.rules import (
    Add,
    AddChoice,
    ChooseNext,
    Deflect,
    Hold,
    Multiply,
    Never,
    Reverse,
    SetTotal,
)


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
    rules = CompiledVariant(variant)
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
    assert compile_variant(variant) is compile_variant(variant)


def test_compiled_rules_of_the_1980_edition() -> None:
    variant = ono99.load_variant("ono99-1980")
    rules = CompiledVariant(attrs.evolve(variant, deck=ono99.Deck(copies=2)))
    assert len(rules.deck) == 108
    assert rules.deck.count(rules.index["10"]) == 20
    assert rules.floor is None
    assert rules.lay_down is False
    assert rules.first_loss_ends_round is True
    assert (rules.redraw_card, rules.redraw_count) == (-1, 0)
    minus = rules.cards[rules.index["minus_ten"]]
    assert rules.total_after(minus, 5) == -5
    kept = CompiledVariant(attrs.evolve(variant, reshuffle=ono99.Reshuffle(keep_top_card=True)))
    assert kept.keep_top_card is True
    stacked = CompiledVariant(attrs.evolve(variant, forced_play=ono99.ForcedPlay("multiply")))
    assert stacked.stacking == "multiply"


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
        CompiledVariant(broken)
    assert info.value.source == "broken"
    assert str(info.value).startswith("broken: ")
    assert any(p.startswith("deal.hand_size: expected 1 or more") for p in info.value.problems)


@pytest.mark.parametrize("variant_id", ono99.list_variants())
def test_every_shipped_variant_compiles_to_its_deck(variant_id: str) -> None:
    """The compiled cards keep the variant's order, each indexed by its place, and the
    deck holds each card as many times as the variant says (``count`` per copy)."""
    variant = ono99.load_variant(variant_id)
    rules = compile_variant(variant)
    assert [(c.index, c.id) for c in rules.cards] == list(enumerate(c.id for c in variant.cards))
    assert all(rules.index[c.id] == c.index for c in rules.cards)
    assert len(rules.deck) == variant.deck_size
    for card in rules.cards:
        assert rules.deck.count(card.index) == card.card.count * variant.deck.copies
    assert (rules.hand_size, rules.bust) == (variant.deal.hand_size, variant.total.bust)
