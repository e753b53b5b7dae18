"""An effect that depends on the total, on what the card is, or on the table: ``when``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from attrs import frozen

from ._contract import AnyCondition, AnyEffect
from ._defaults import BaseEffect
from ._registry import shipped

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from ._contract import Effect
    from ._table import CardInfo, Table

__all__ = ["When", "each_effect"]


def each_effect(effects: Iterable[AnyEffect]) -> Iterator[AnyEffect]:
    """Each effect, and each effect an effect holds (a ``when``'s branches), deep.

    An effect is held by another when it is an item of an array of effects
    (rule objects of kind ``"effect"``: not the outcomes an ``aim`` holds)
    among the holder's fields, as ``when`` holds ``effects`` and ``otherwise``:
    a plugin's effect that holds effects in a field is walked the same way.
    What a card can do in any branch (the plays it can force, say) is read
    from these.

    Args:
        effects: The effects of a card, in order.

    Yields:
        Each effect, then the effects it holds, in the order they are written.

    >>> from ono99.rules import Add, ForcePlays, Skip, TotalOdd, When, each_effect
    >>> card = (Add(3), When((TotalOdd(),), (ForcePlays(3),), (Skip(), ForcePlays(4))))
    >>> [e.type for e in each_effect(card)]
    ['add', 'when', 'force_plays', 'skip', 'force_plays']
    """
    for effect in effects:
        yield effect
        if not attrs.has(type(effect)):
            continue
        for field in attrs.fields(type(effect)):
            value = getattr(effect, field.name)
            if (
                isinstance(value, tuple)
                and value
                and all(getattr(v, "kind", None) == "effect" for v in value)
            ):
                yield from each_effect(value)


def _all(effects: tuple[AnyEffect, ...], flag: str) -> bool:
    return any(getattr(e, flag) for e in effects)


@shipped
@frozen
class When(BaseEffect):
    """These effects when the conditions hold, those otherwise.

    A condition that reads the card (:class:`~ono99.rules.CardIs`) is decided
    once, for each kind of card, so that a rule written for a whole rank can
    differ by suit; one that reads the total (``total_at_least``,
    ``total_even``...) is decided at each play, from the total before the
    card; one that reads the table (``previous_card``, ``table_count``:
    see ``reads_table``: :class:`~ono99.rules.Condition`) is decided at each play
    too, on the table as the card is played, before its effects act. No
    other condition can decide an effect. A ``when`` decided by the table
    reads the table for its total (``reads_table``): every total a player
    is told of its card's moves is the one the play makes.

    Rules: "2 = x2, or /2 if the total is over 49 and even" (PlayAural's
    "33/66/99" Ninety-Nine, after qcsalon.net), one card::

        effects = [{ type = "when",
                     conditions = [{ type = "total_at_least", value = 50 },
                                   { type = "total_even" }],
                     effects = [{ type = "multiply", factor = 0.5 }],
                     otherwise = [{ type = "multiply", factor = 2 }] }]

    and "black cards add, red cards subtract", one rank for all suits::

        effects = [{ type = "when", conditions = [{ type = "card", colour = ["black"] }],
                     effects = [{ type = "add", amount = 7 }],
                     otherwise = [{ type = "add", amount = -7 }] }]

    and "Spade A: reset the Current Points to 0 (this effect is nullified
    after four shuffles)" (Neodigy, "Let's Poker 99", its rules as the app
    store describes them), decided by the table::

        effects = [{ type = "when",
                     conditions = [{ type = "table_count", of = "reshuffles", at_most = 3 }],
                     effects = [{ type = "set_total", value = 0 }] }]

    Attributes:
        conditions: What must all hold (at least one).
        effects: The effects then, in order.
        otherwise: The effects when a condition does not hold (none: the card
            does nothing then).

    >>> from ono99.rules import Multiply, TotalAtLeast, When
    >>> halve = When((TotalAtLeast(50),), (Multiply(0.5),), (Multiply(2),))
    >>> halve.total_after(60), halve.total_after(30)
    (30, 60)
    """

    type = "when"
    conditions: tuple[AnyCondition, ...]
    effects: tuple[AnyEffect, ...] = ()
    otherwise: tuple[AnyEffect, ...] = ()

    @property
    def changes_total(self) -> bool:
        """Whether either branch changes the total."""
        return _all(self.effects + self.otherwise, "changes_total")

    @property
    def acts(self) -> bool:
        """Whether either branch acts on the table."""
        return _all(self.effects + self.otherwise, "acts")

    @property
    def changes_hands(self) -> bool:
        """Whether either branch moves cards or changes tokens or scores."""
        return _all(self.effects + self.otherwise, "changes_hands")

    @property
    def answers_forced_plays(self) -> bool:
        """Whether either branch can pass forced plays on."""
        return _all(self.effects + self.otherwise, "answers_forced_plays")

    @property
    def opens_reactions(self) -> bool:
        """Whether either branch may open a reaction."""
        return _all(self.effects + self.otherwise, "opens_reactions")

    @property
    def forces_plays(self) -> int:
        """The most plays either branch makes the next player owe."""
        return max((e.forces_plays for e in self.effects + self.otherwise), default=0)

    @property
    def reads_table(self) -> bool:
        """Whether the total it makes depends on the table: a condition or a branch reads it."""
        branches = self.effects + self.otherwise
        return _all(branches, "changes_total") and (
            any(c.reads_table for c in self.conditions) or _all(branches, "reads_table")
        )

    def _holds(self, total: int) -> bool:
        # Without a table, a condition that reads the table does not hold (allows_at: None).
        return all(c.allows_at(total) for c in self.conditions)

    def _holds_on(self, table: Table, card: CardInfo, total: int) -> bool:
        for condition in self.conditions:
            if condition.reads_table:
                if condition.check(table, card) is not None:
                    return False
            elif not condition.allows_at(total):
                return False
        return True

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total after the branch the total before the card chooses.

        Where no table is known (the checks of a variant file), a condition
        that reads the table does not hold: the ``otherwise`` branch.
        """
        for effect in self.effects if self._holds(total) else self.otherwise:
            if effect.changes_total:
                total = effect.total_after(total, amount)
        return total

    def total_on(self, table: Table, card: CardInfo, total: int, amount: int | None = None) -> int:
        """The total after the branch the table and the total before the card choose."""
        for effect in self.effects if self._holds_on(table, card, total) else self.otherwise:
            if effect.reads_table:
                total = effect.total_on(table, card, total, amount)
            elif effect.changes_total:
                total = effect.total_after(total, amount)
        return total

    def apply(self, table: Table, card: CardInfo) -> None:
        """Let the chosen branch act on the table."""
        holds = self._holds_on(table, card, table.total_before)
        for effect in self.effects if holds else self.otherwise:
            if effect.acts:
                effect.apply(table, card)

    def for_card(self, card: CardInfo) -> tuple[Effect, ...]:
        """Decide the conditions that read the card; the branch itself when none is left."""
        left = []
        for condition in self.conditions:
            holds = condition.allows_card(card)
            if holds is False:
                return _on(self.otherwise, card)
            if holds is None:
                left.append(condition)
        if not left:
            return _on(self.effects, card)
        effects, otherwise = _on(self.effects, card), _on(self.otherwise, card)
        return (When(tuple(left), effects, otherwise),)

    def problems(self) -> list[tuple[str, str]]:
        """Conditions that cannot decide an effect, and the branches' own problems."""
        found: list[tuple[str, str]] = []
        if not self.conditions:
            found.append(("conditions", "expected at least one condition"))
        by_total = False
        for i, condition in enumerate(self.conditions):
            if condition.reads_card:
                continue
            if not condition.reads_table and condition.allows_at(0) is None:
                found.append(
                    (
                        f"conditions[{i}]",
                        f"a {condition.type} condition cannot decide an effect: only one "
                        "that reads the total (total_at_least, total_even...), the "
                        "card (card) or the table (previous_card, table_count) can",
                    )
                )
            by_total = True
        for key in ("effects", "otherwise"):
            for i, effect in enumerate(getattr(self, key)):
                found += [(f"{key}[{i}].{k}", what) for k, what in effect.problems()]
                if by_total and (effect.choices or effect.chooses_player or effect.declares):
                    found.append(
                        (
                            f"{key}[{i}]",
                            "an effect that leaves a choice (an amount, a player, a thing "
                            "to name) may not "
                            "depend on the total or the table: the choice must be known "
                            "before the play",
                        )
                    )
        return found

    def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
        """The branches' problems with the bust limit and the floor."""
        return [
            (f"{key}[{i}].{k}", what)
            for key in ("effects", "otherwise")
            for i, effect in enumerate(getattr(self, key))
            for k, what in effect.problems_at(bust, floor)
        ]

    def referenced_cards(self) -> list[tuple[str, str]]:
        """The cards the branches name."""
        return [
            (f"{key}[{i}].{k}", card)
            for key in ("effects", "otherwise")
            for i, effect in enumerate(getattr(self, key))
            for k, card in effect.referenced_cards()
        ]

    def describe(self) -> str:
        """The effect in words."""
        parts = [c.describe().removeprefix("only ") for c in self.conditions]
        # "when the total is at least 50 and the total is even"
        parts[1:] = [part.removeprefix("when ") for part in parts[1:]]
        when = " and ".join(parts)
        then = "; ".join(e.describe() for e in self.effects) or "does nothing"
        text = f"{when}: {then}"
        if self.otherwise:
            text += f"; otherwise {'; '.join(e.describe() for e in self.otherwise)}"
        return text


def _on(effects: tuple[AnyEffect, ...], card: CardInfo) -> tuple[Effect, ...]:
    """``effects`` as they are on ``card``."""
    return tuple(e for effect in effects for e in effect.for_card(card))
