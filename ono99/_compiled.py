"""A variant compiled for play: cards as integers and rule tables built once.

The engine works on card indices rather than ids, and on tables computed once
per variant here, so that a move costs little. Nothing here knows any card or
variant by name: it only reads the variant's settings and rule objects.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ._convert import check_variant
from ._errors import VariantError

if TYPE_CHECKING:
    from ._variant import Card, Variant
    from .rules import AnyCondition, AnyEffect

__all__ = ["CompiledCard", "Rules", "compile_rules"]


class CompiledCard:
    """One kind of card, ready for the engine."""

    __slots__ = (
        "actions",
        "card",
        "conditions",
        "delta",
        "id",
        "index",
        "name",
        "points",
        "totals",
    )

    def __init__(self, index: int, card: Card) -> None:
        self.index = index
        self.card = card
        self.id = card.id
        self.name = card.name
        self.points = card.points
        # Effects that change the total, and those that act on the table.
        self.totals: tuple[AnyEffect, ...] = tuple(e for e in card.effects if e.changes_total)
        self.actions: tuple[AnyEffect, ...] = tuple(e for e in card.effects if e.acts)
        self.conditions: tuple[AnyCondition, ...] = card.conditions
        # When every total effect adds a fixed amount, the new total is total + delta.
        self.delta: int | None = None
        if all(e.type == "add" for e in self.totals):
            self.delta = sum(e.total_after(0) for e in self.totals)

    def total_after(self, total: int) -> int:
        """The total after this card's effects, before the floor."""
        if self.delta is not None:
            return total + self.delta
        for effect in self.totals:
            total = effect.total_after(total)
        return total


class Rules:
    """A variant's settings and cards in the form the engine reads."""

    def __init__(self, variant: Variant) -> None:
        problems = check_variant(variant)
        if problems:
            raise VariantError([f"{p.path}: {p.message}" for p in problems], variant.id)
        self.variant = variant
        self.cards = tuple(CompiledCard(i, c) for i, c in enumerate(variant.cards))
        self.index = {c.id: c.index for c in self.cards}
        deck: list[int] = []
        for _ in range(variant.deck.copies):
            for c in self.cards:
                deck.extend([c.index] * c.card.count)
        self.deck = tuple(deck)
        self.hand_size = variant.deal.hand_size
        self.start = variant.total.start
        self.bust = variant.total.bust
        self.floor = variant.total.floor
        self.stacking = variant.forced_play.stacking
        self.lay_down = variant.no_safe_play.action == "lay_down"
        self.undo_bust = variant.no_safe_play.undo_bust
        self.first_loss_ends_round = variant.round.end == "first_loss"
        self.keep_top_card = variant.reshuffle.keep_top_card
        redraw = variant.redraw
        self.redraw_card = self.index[redraw.card] if redraw else -1
        self.redraw_count = redraw.count if redraw else 0

    def total_after(self, card: CompiledCard, total: int) -> int:
        """The total after playing ``card``, with the floor applied."""
        new = card.total_after(total)
        floor = self.floor
        if floor is not None and new < floor:
            return floor
        return new


@functools.lru_cache(maxsize=32)
def compile_rules(variant: Variant) -> Rules:
    """The compiled form of a variant, built once and shared."""
    return Rules(variant)
