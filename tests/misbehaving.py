"""Rule objects that misbehave on purpose: they raise, or give back what their protocol forbids.

Each is a frozen attrs class of the kind a plugin would write, misbehaving in
one ``member`` once the total reaches ``at`` (so that a game can start and
play a while first): raising ``error``, giving back ``value``, or (for
``apply``) leaving ``value`` in a field of the table or passing it to a table
method. They stand for an installed package's rule objects; ``tests`` that
need them installed through the entry points hand the registry a fake entry
point naming this module.

:func:`state` is everything a game is: what a test compares before and after
a move that failed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import attrs
from attrs import frozen

import ono99
from ono99.engine._game import engine_of
from ono99.rules import BaseCondition, BaseEffect, BaseOutcome, BaseTrigger, Outcome

if TYPE_CHECKING:
    from ono99.rules import CardInfo, Table

How = Literal["raise", "return", "field", "method"]

ERRORS: tuple[type[BaseException], ...] = (
    KeyError,
    TypeError,
    ValueError,
    IndexError,
    AttributeError,
    ZeroDivisionError,
    RecursionError,
    RuntimeError,
    ono99.IllegalMoveError,
)

# The table's fields a misbehaving effect may set, and the methods it may call.
FIELDS = ("total", "direction", "skip", "next_player", "next_owed", "ends_turn", "forced")
METHODS = ("give_card", "discard_card", "draw_cards", "swap_hands", "change_tokens", "hand")


def _misbehave(rule: Any, reached: bool, good: object) -> Any:
    """``good``, or, once ``reached``, what ``rule`` says to do instead."""
    if not reached:
        return good
    if rule.how == "raise":
        raise ERRORS[rule.error % len(ERRORS)]("misbehaving on purpose")
    return rule.value


def _act(rule: Any, table: Table) -> None:
    """Set a table field to ``value``, or pass ``value`` to a table method."""
    if rule.how == "field":
        setattr(table, FIELDS[rule.error % len(FIELDS)], rule.value)
    elif rule.how == "method":
        method = METHODS[rule.error % len(METHODS)]
        value = rule.value
        calls: dict[str, tuple[object, ...]] = {
            "give_card": (table.player, value, "1"),
            "discard_card": (value, "1"),
            "draw_cards": (table.player, value),
            "swap_hands": (table.player, value),
            "change_tokens": (value, 1),
            "hand": (value,),
        }
        getattr(table, method)(*calls[method])
    else:
        _misbehave(rule, True, None)


@frozen
class WildEffect(BaseEffect):
    """An effect that adds 1, acts, may name a player, and misbehaves in ``member``."""

    type = "wild_effect"
    changes_total = True
    acts = True
    member: str = "apply"
    how: How = "raise"
    at: int = 0
    error: int = 0
    value: Any = None

    @property
    def chooses_player(self) -> bool:
        return self.member == "targets"

    def total_after(self, total: int, amount: int | None = None) -> int:
        result: int = _misbehave(
            self, self.member == "total_after" and total >= self.at, total + 1
        )
        return result

    def apply(self, table: Table, card: CardInfo) -> None:
        if self.member == "apply" and table.total >= self.at:
            _act(self, table)

    def targets(self, table: Table) -> list[int]:
        seats = [s for s in table.seats_in_round() if s != table.player]
        found: list[int] = _misbehave(self, table.total >= self.at, seats)
        return found

    def problems(self) -> list[tuple[str, str]]:
        found: list[tuple[str, str]] = _misbehave(self, self.member == "problems", [])
        return found

    def describe(self) -> str:
        text: str = _misbehave(self, self.member == "describe", "adds 1, and misbehaves")
        return text


@frozen
class WildCondition(BaseCondition):
    """A condition that allows every play, and misbehaves in ``member``."""

    type = "wild_condition"
    member: str = "check"
    how: How = "raise"
    at: int = 0
    error: int = 0
    value: Any = None

    def check(self, table: Table, card: CardInfo) -> str | None:
        reason: str | None = _misbehave(
            self, self.member == "check" and table.total >= self.at, None
        )
        return reason

    def allows_at(self, total: int) -> bool | None:
        found: bool | None = _misbehave(
            self, self.member == "allows_at" and total >= self.at, True
        )
        return found

    def describe(self) -> str:
        text: str = _misbehave(self, self.member == "describe", "always")
        return text


@frozen
class WildOutcome(BaseOutcome):
    """An outcome that gives the player a point, and misbehaves in ``member``."""

    type = "wild_outcome"
    member: str = "apply"
    how: How = "raise"
    at: int = 0
    error: int = 0
    value: Any = None

    def apply(self, table: Table, seat: int) -> None:
        if self.member == "apply" and table.total >= self.at:
            _act(self, table)
        elif seat >= 0:
            table.change_score(seat, 1)

    def describe(self) -> str:
        text: str = _misbehave(self, self.member == "describe", "the player scores a point")
        return text


@frozen
class WildTrigger(BaseTrigger):
    """A trigger fired by every play that reaches ``at``, which misbehaves in ``member``."""

    type = "wild_trigger"
    after_play = True
    member: str = "fires"
    how: How = "raise"
    at: int = 0
    error: int = 0
    value: Any = None
    outcomes: tuple[Outcome, ...] = (WildOutcome(member=""),)

    def fires(self, before: int, after: int, bust: int) -> bool:
        reached = after >= self.at
        fired: bool = _misbehave(self, self.member == "fires" and reached, reached)
        return fired

    def describe(self) -> str:
        text: str = _misbehave(self, self.member == "describe", "when a play reaches it")
        return text


@frozen
class WildTableTrigger(WildTrigger):
    """A :class:`WildTrigger` that reads the table: asked ``fires_on`` rather than ``fires``."""

    type = "wild_table_trigger"
    reads_table = True
    member: str = "fires_on"

    def fires_on(self, table: Table) -> bool:
        reached = table.total >= self.at
        fired: bool = _misbehave(self, self.member == "fires_on" and reached, reached)
        return fired


WILD = {
    cls.type: cls
    for cls in (WildEffect, WildCondition, WildTrigger, WildTableTrigger, WildOutcome)
}


def with_rule(variant: ono99.Variant, rule: Any, card: str = "1") -> ono99.Variant:
    """``variant`` with ``rule`` added: to ``card``'s effects or conditions, or as a trigger."""
    kind = type(rule).kind
    if kind == "trigger":
        return attrs.evolve(variant, triggers=(*variant.triggers, rule), id="wild")
    if kind == "outcome":
        trigger = WildTrigger(member="", outcomes=(rule,))
        return attrs.evolve(variant, triggers=(*variant.triggers, trigger), id="wild")
    cards = tuple(
        (
            attrs.evolve(c, effects=(*c.effects, rule))
            if kind == "effect"
            else attrs.evolve(c, conditions=(*c.conditions, rule))
        )
        if c.id == card
        else c
        for c in variant.cards
    )
    return attrs.evolve(variant, cards=cards, id="wild")


def state(game: ono99.Game) -> tuple[object, ...]:
    """Everything a game is: its logs, every card's place, the turn, the scores, the shuffles."""
    seats = range(game.players)
    return (
        game.events,
        game.moves,
        tuple(game.hand(seat) for seat in seats),
        game.draw_pile,
        game.discard_pile,
        game.out_of_play,
        game.total,
        game.direction,
        game.current_player,
        game.plays_owed,
        game.answering,
        game.played_this_turn,
        game.forced_by,
        game.tokens,
        game.scores,
        game.in_game,
        game.in_round,
        game.round,
        game.dealer,
        game.winner,
        game.cards_played,
        engine_of(game).legal,
        engine_of(game).rng.getstate(),
    )
