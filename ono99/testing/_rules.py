"""Hypothesis strategies for rule objects: effects, conditions, triggers and outcomes.

Each is drawn from the registry, so a new rule object is drawn with no edit here.
"""

from __future__ import annotations

import functools
import typing
from typing import TYPE_CHECKING, Any

import attrs
from hypothesis import strategies as st

from ono99._limits import MAX_CHOICES
from ono99._variant import (
    STANDARD_RANKS,
    STANDARD_SUITS,
)
from ono99.rules import (
    AnyCondition,
    AnyEffect,
    AnyOutcome,
    rule_types,
)

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from ono99.rules import AnyTrigger


# ----------------------------------------------------------- rule objects


def _int_field(low: int, high: int) -> st.SearchStrategy[int]:
    return st.integers(low, high)


FIELD_STRATEGIES: dict[tuple[str, str], st.SearchStrategy[Any]] = {
    ("add", "amount"): st.one_of(_int_field(-12, 12), _int_field(-40, 40)),
    ("force_plays", "plays"): _int_field(2, 4),
    ("deflect", "min_players"): _int_field(2, 4),
    ("total_multiple_of", "n"): _int_field(1, 12),
    ("add_choice", "amounts"): st.one_of(
        st.lists(st.integers(-15, 15), min_size=2, max_size=3, unique=True).map(tuple),
        # A range, as { from = -10, to = 10 } writes one: up to MAX_CHOICES amounts.
        st.builds(
            lambda low, count: tuple(range(low, low + count)),
            st.integers(-100, 100),
            st.integers(2, MAX_CHOICES),
        ),
    ),
    ("set_total", "value"): _int_field(-10, 60),
    ("skip", "players"): _int_field(1, 3),
    ("multiply", "factor"): st.sampled_from([0.5, 1.5, 2.0, 3.0]),
    ("draw", "cards"): _int_field(1, 3),
    ("total_at_least", "value"): _int_field(-10, 60),
    ("total_at_most", "value"): _int_field(-10, 60),
    # A change of 0 is refused (drawn and filtered, it could abort a variant's draw).
    ("tokens", "by"): _int_field(-3, -1) | _int_field(1, 2),
    ("points", "by"): _int_field(-5, -1) | _int_field(1, 10),
    # A reaction: what is aimed, what the player takes, which cards answer it.
    ("aim", "what"): st.sampled_from(["a drink", "a penalty"]),
    ("aim", "outcomes"): st.deferred(lambda: st.lists(outcomes(), min_size=1, max_size=2)).map(
        tuple
    ),
    ("aim", "answer"): st.deferred(
        lambda: st.lists(conditions(["card"]), min_size=1, max_size=1)
    ).map(tuple),
    ("aim", "max_answers"): _int_field(1, 4),
    # A total watched: one (``value``), or every multiple of one, but those of another.
    ("land_on", "every"): st.just(0) | _int_field(2, 12),
    ("land_on", "except_every"): st.just(0) | _int_field(2, 12),
    ("pass_over", "every"): st.just(0) | _int_field(2, 12),
    ("pass_over", "except_every"): st.just(0) | _int_field(2, 12),
    # The count's and the show's patterns, at lengths the cards can make (not totals).
    ("of_a_kind", "count"): _int_field(2, 4),
    ("flush", "length"): _int_field(2, 5),
    ("run", "length"): _int_field(3, 5),
    ("run", "order"): st.just(STANDARD_RANKS),
    ("hand_runs", "length"): _int_field(3, 5),
    ("hand_runs", "order"): st.just(STANDARD_RANKS),
    ("hand_flush", "length"): _int_field(2, 5),
    ("hand_fifteens", "value"): _int_field(5, 31),
    ("hand_knave", "rank"): st.sampled_from(("jack", "king", "2")),
    # What may be named: all of the kind, or a few suits (refused, and drawn again,
    # where the declaration names colours or ranks).
    ("declare", "options"): st.one_of(
        st.just(()),
        st.lists(st.sampled_from(STANDARD_SUITS), min_size=1, max_size=4, unique=True).map(tuple),
    ),
}
# Documented where it is public, in ono99.testing.


def _annotation_strategy(tp: Any) -> st.SearchStrategy[Any]:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is bool:
        return st.booleans()
    if tp is int:
        return st.integers(-5, 30)
    if tp is float:
        return st.floats(-5, 30, allow_nan=False, allow_infinity=False)
    if tp is str:
        return st.text(max_size=8)
    if origin is typing.Literal:
        return st.sampled_from(args)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return st.lists(_annotation_strategy(args[0]), min_size=1, max_size=4).map(tuple)
    if origin is tuple:
        return st.tuples(*(_annotation_strategy(a) for a in args))
    if args and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        return st.one_of(st.none(), *(_annotation_strategy(a) for a in rest))
    return st.from_type(tp)


_HINTS: dict[type[Any], dict[str, Any]] = {}


def hints_of(cls: type[Any]) -> dict[str, Any]:
    """The annotations of a rule class's fields, resolved (once per class: costly)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def _rule_strategy(
    cls: type[Any], by_type: Mapping[Any, st.SearchStrategy[Any]] | None = None
) -> st.SearchStrategy[Any]:
    """Objects of ``cls`` with no ``problems()``; ``by_type`` draws fields of those annotations."""
    hints = hints_of(cls)
    fields = {}
    for field in attrs.fields(cls):
        key = (cls.type, field.name)
        chosen = FIELD_STRATEGIES.get(key)
        if chosen is None and by_type is not None:
            chosen = by_type.get(hints[field.name])
        fields[field.name] = _annotation_strategy(hints[field.name]) if chosen is None else chosen
    return st.builds(cls, **fields).filter(lambda rule: not rule.problems())


def effects(types: Iterable[str] | None = None) -> st.SearchStrategy[AnyEffect]:
    """Valid effect objects of every registered type (or of ``types``).

    >>> from ono99.testing import effects
    >>> from hypothesis import given
    >>> @given(effects(["add", "skip"]))
    ... def test_in_range(effect):
    ...     assert not effect.problems()
    >>> test_in_range()
    """
    return _effects(types, nested=True)


def _effects(types: Iterable[str] | None, *, nested: bool) -> st.SearchStrategy[AnyEffect]:
    """:func:`effects`; with ``nested``, a rule that holds rules draws them one level deep."""
    registry = rule_types("effect")
    names = sorted(registry) if types is None else list(types)
    if not nested:
        names = [name for name in names if not _nests(registry[name])]
    classes = tuple(registry[name] for name in names)
    held = tuple(rule_types("condition").values()) + tuple(registry.values()) if nested else ()
    return _effects_of(classes, held)


@functools.cache
def _effects_of(
    classes: tuple[type[Any], ...], held: tuple[type[Any], ...]
) -> st.SearchStrategy[AnyEffect]:
    """One of ``classes``; ``held`` (the registries, when rules hold rules) keys the cache.

    A strategy is built once for each set of classes the registries hold:
    building one resolves every field's annotation, which costs more than
    drawing from it.
    """
    inner = _inner(bool(held))
    return st.one_of([_rule_strategy(cls, inner) for cls in classes])


def _decides(condition: AnyCondition) -> bool:
    """Whether a condition can decide an effect (it reads the card, the table or the total)."""
    return condition.reads_card or condition.reads_table or condition.allows_at(0) is not None


def _inner(nested: bool) -> dict[Any, st.SearchStrategy[Any]]:
    """Strategies for the fields of rule objects that hold other rule objects.

    A ``when``'s conditions and branches, drawn from the registry as it is
    now (installed plugins included).
    """
    if not nested:
        return {}
    return {
        tuple[AnyCondition, ...]: st.lists(
            conditions().filter(_decides), min_size=1, max_size=2
        ).map(tuple),
        tuple[AnyEffect, ...]: st.lists(_effects(None, nested=False), max_size=2).map(tuple),
    }


def _nests(cls: type[Any]) -> bool:
    """Whether a rule class holds effects of its own (drawn one level deep only)."""
    return tuple[AnyEffect, ...] in hints_of(cls).values()


def conditions(types: Iterable[str] | None = None) -> st.SearchStrategy[AnyCondition]:
    """Valid condition objects of every registered type (or of ``types``)."""
    registry = rule_types("condition")
    names = sorted(registry) if types is None else list(types)
    return _rules_of(tuple(registry[name] for name in names))


@functools.cache
def _rules_of(classes: tuple[type[Any], ...]) -> st.SearchStrategy[Any]:
    """One of ``classes``, rule objects that hold no rule objects (built once for each)."""
    return st.one_of([_rule_strategy(cls) for cls in classes])


def outcomes(types: Iterable[str] | None = None) -> st.SearchStrategy[AnyOutcome]:
    """Valid trigger outcomes of every registered type (or of ``types``).

    >>> from ono99.testing import outcomes
    >>> from hypothesis import given
    >>> @given(outcomes())
    ... def test_in_range(outcome):
    ...     assert not outcome.problems()
    >>> test_in_range()
    """
    registry = rule_types("outcome")
    names = sorted(registry) if types is None else list(types)
    return _rules_of(tuple(registry[name] for name in names))


def triggers(
    types: Iterable[str] | None = None,
    *,
    bust: int = 100,
    floor: int | None = 0,
    with_outcomes: Iterable[str] | None = None,
) -> st.SearchStrategy[AnyTrigger]:
    """Valid triggers of every registered type (or of ``types``) for a bust limit and floor.

    A trigger's whole-number fields not listed in :data:`FIELD_STRATEGIES`
    (the total a ``land_on`` or ``pass_over`` watches) are totals the game can
    reach: from the floor (or 40 below the limit, whichever is higher) to the
    limit. Its outcomes are one to three of :func:`outcomes` (of the types
    ``with_outcomes``, default every registered type). Only triggers whose
    ``problems()`` and ``problems_at(bust, floor)`` find nothing are kept.

    >>> from ono99.testing import triggers
    >>> from hypothesis import given
    >>> @given(triggers(bust=50, floor=None))
    ... def test_fits(trigger):
    ...     assert not trigger.problems_at(50, None)
    >>> test_fits()
    """
    registry = rule_types("trigger")
    names = sorted(registry) if types is None else list(types)
    kinds = None if with_outcomes is None else tuple(with_outcomes)
    return _triggers_of(tuple(registry[name] for name in names), bust, floor, kinds)


@functools.lru_cache(maxsize=512)
def _triggers_of(
    classes: tuple[type[Any], ...], bust: int, floor: int | None, kinds: tuple[str, ...] | None
) -> st.SearchStrategy[AnyTrigger]:
    """:func:`triggers` of ``classes``, built once for each bust limit and floor.

    Building the strategy (its fields' annotations resolved, its parts
    validated) costs more than drawing from it, and each variant asks again.
    """
    low = bust - 40 if floor is None else max(floor, bust - 40)
    by_type: dict[Any, st.SearchStrategy[Any]] = {
        int: st.integers(low, bust),
        int | None: st.none() | st.integers(low, bust),
        tuple[AnyOutcome, ...]: st.lists(outcomes(kinds), min_size=1, max_size=3).map(tuple),
    }
    return st.one_of([_rule_strategy(cls, by_type) for cls in classes]).filter(
        lambda trigger: not trigger.problems_at(bust, floor)
    )
