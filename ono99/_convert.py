"""Structuring TOML data into a :class:`~ono99.Variant`, and back.

One cattrs converter does both directions. Its hooks are strict (a string is
never silently turned into a number) and every problem is reported with the
TOML key path where it was found.
"""

from __future__ import annotations

import difflib
import typing
from typing import Any, Literal, NoReturn

import attrs
from cattrs.errors import (
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
)
from cattrs.gen import make_dict_structure_fn
from cattrs.preconf.tomllib import make_converter

from ._variant import Card, Variant
from .rules import AnyCondition, AnyEffect, condition_types, effect_types

__all__ = ["ProblemsError", "check_variant", "structure_variant", "unstructure_variant"]


class _ProblemError(Exception):
    """A problem found at ``subpath`` below the value being structured."""

    def __init__(self, message: str, subpath: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.subpath = subpath


class ProblemsError(Exception):
    """Several problems, each at a subpath."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        super().__init__(problems)
        self.problems = problems


def describe_value(value: object) -> str:
    """A value and its TOML type, for messages: ``'four' (a string)``."""
    kinds: list[tuple[type, str]] = [
        (bool, "a boolean"),
        (int, "an integer"),
        (float, "a float"),
        (str, "a string"),
        (list, "an array"),
        (dict, "a table"),
    ]
    for cls, name in kinds:
        if isinstance(value, cls):
            if isinstance(value, dict | list):
                return name
            return f"{value!r} ({name})"
    return f"{value!r}"


def _expected(what: str, value: object) -> NoReturn:
    raise _ProblemError(f"expected {what}, got {describe_value(value)}")


def _join(path: str, sub: str) -> str:
    if not sub:
        return path
    if not path:
        return sub.lstrip(".")
    if sub.startswith("["):
        return path + sub
    return f"{path}.{sub.lstrip('.')}"


def _suggest(word: str, choices: typing.Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def _field_names(cl: type) -> list[str]:
    return [a.name for a in attrs.fields(cl)] if attrs.has(cl) else []


def problems_from(exc: BaseException, path: str = "") -> list[tuple[str, str]]:
    """Turn a structuring failure into ``(key path, message)`` pairs."""
    if isinstance(exc, ClassValidationError | IterableValidationError):
        pairs: list[tuple[str, str]] = []
        if isinstance(exc, ClassValidationError):
            with_notes, others = exc.group_exceptions()
            for sub, note in with_notes:
                pairs += problems_from(sub, _join(path, str(note.name)))
        else:
            with_index, others = exc.group_exceptions()
            for sub, inote in with_index:
                pairs += problems_from(sub, f"{path}[{inote.index}]")
        for sub in others:
            pairs += problems_from(sub, path)
        return pairs
    if isinstance(exc, ForbiddenExtraKeysError):
        names = _field_names(exc.cl)
        return [
            (
                _join(path, key),
                f"unknown key{_suggest(key, names)} (known keys here: {', '.join(names)})",
            )
            for key in sorted(exc.extra_fields)
        ]
    if isinstance(exc, ProblemsError):
        return [(_join(path, sub), msg) for sub, msg in exc.problems]
    if isinstance(exc, _ProblemError):
        return [(_join(path, exc.subpath), exc.message)]
    if isinstance(exc, KeyError):
        return [(path, "missing required key")]
    return [(path, str(exc))]


# ------------------------------------------------------------------ converter

converter = make_converter(forbid_extra_keys=True, detailed_validation=True)


def _register_exact(tp: object, hook: typing.Callable[[Any, Any], Any]) -> None:
    converter.register_structure_hook_func(lambda t: t == tp, hook)


def _strict_int(value: object, _: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        _expected("an integer", value)
    return value


def _strict_str(value: object, _: object) -> str:
    if not isinstance(value, str):
        _expected("a string", value)
    return value


def _strict_bool(value: object, _: object) -> bool:
    if not isinstance(value, bool):
        _expected("true or false", value)
    return value


converter.register_structure_hook(int, _strict_int)
converter.register_structure_hook(str, _strict_str)
converter.register_structure_hook(bool, _strict_bool)


def _is_literal(tp: object) -> bool:
    return typing.get_origin(tp) is Literal


def _literal_hook(tp: Any) -> Any:
    allowed = typing.get_args(tp)

    def hook(value: object, _: object) -> object:
        if value not in allowed or isinstance(value, bool):
            choices = ", ".join(repr(a) for a in allowed)
            hint = _suggest(value, map(str, allowed)) if isinstance(value, str) else ""
            raise _ProblemError(f"expected one of {choices}, got {describe_value(value)}{hint}")
        return value

    return hook


converter.register_structure_hook_factory(_is_literal, _literal_hook)


def _attrs_hook(cl: Any) -> Any:
    inner = make_dict_structure_fn(
        cl, converter, _cattrs_forbid_extra_keys=True, _cattrs_detailed_validation=True
    )

    def hook(value: object, _: object) -> object:
        if not isinstance(value, dict):
            _expected("a table", value)
        return inner(value, cl)

    return hook


converter.register_structure_hook_factory(attrs.has, _attrs_hook)


def _floor_hook(value: object, _: object) -> int | None:
    if value == "none":
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        _expected('an integer, or "none" for no floor', value)
    return value


_register_exact(int | None, _floor_hook)


def _array(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        _expected(f"an array of {what}", value)
    return value


def _structure_items(values: list[Any], structure: typing.Callable[[Any], Any]) -> tuple[Any, ...]:
    problems: list[tuple[str, str]] = []
    out = []
    for index, item in enumerate(values):
        try:
            out.append(structure(item))
        except Exception as exc:  # every failure becomes a reported problem
            problems += problems_from(exc, f"[{index}]")
    if problems:
        raise ProblemsError(problems)
    return tuple(out)


def _tagged(kinds: typing.Mapping[str, type], what: str) -> typing.Callable[[Any], Any]:
    def structure(item: object) -> object:
        if not isinstance(item, dict):
            _expected(f'a table such as {{ type = "{next(iter(kinds))}" }}', item)
        if "type" not in item:
            raise _ProblemError(f"missing required key 'type' (one of {', '.join(sorted(kinds))})")
        kind = item["type"]
        if kind not in kinds:
            hint = _suggest(kind, kinds) if isinstance(kind, str) else ""
            raise _ProblemError(
                f"unknown {what} {describe_value(kind)}{hint}; known {what}s: "
                + ", ".join(sorted(kinds)),
                ".type",
            )
        rest = {k: v for k, v in item.items() if k != "type"}
        return converter.structure(rest, kinds[kind])

    return structure


_structure_effect = _tagged(effect_types(), "effect")
_structure_condition = _tagged(condition_types(), "condition")


_register_exact(
    tuple[AnyEffect, ...],
    lambda v, _: _structure_items(_array(v, "effects"), _structure_effect),
)
_register_exact(
    tuple[AnyCondition, ...],
    lambda v, _: _structure_items(_array(v, "conditions"), _structure_condition),
)
_register_exact(
    tuple[str, ...],
    lambda v, _: _structure_items(_array(v, "strings"), lambda s: _strict_str(s, str)),
)


def _structure_cards(value: object, _: object) -> tuple[Card, ...]:
    if not isinstance(value, dict):
        _expected("a table of cards, one [cards.<id>] table each", value)
    problems: list[tuple[str, str]] = []
    cards = []
    for card_id, table in value.items():
        if not isinstance(table, dict):
            problems.append((card_id, f"expected a table, got {describe_value(table)}"))
            continue
        if "id" in table:
            problems.append((f"{card_id}.id", "unknown key (a card's id is its table's name)"))
            continue
        try:
            cards.append(converter.structure({"id": card_id, **table}, Card))
        except Exception as exc:  # every failure becomes a reported problem
            problems += problems_from(exc, card_id)
    if problems:
        raise ProblemsError(problems)
    return tuple(cards)


_register_exact(tuple[Card, ...], _structure_cards)


# ---------------------------------------------------------------- unstructure


def _rule_data(rule: AnyEffect | AnyCondition) -> dict[str, Any]:
    return {"type": rule.type, **attrs.asdict(rule)}


def _plain(obj: Any) -> Any:
    """Attrs objects as TOML-ready data: no ``None``, tuples as lists."""
    if isinstance(obj, tuple):
        return [_plain(o) for o in obj]
    if attrs.has(type(obj)):
        out: dict[str, Any] = {}
        for a in attrs.fields(type(obj)):
            value = getattr(obj, a.name)
            if value is not None:
                out[a.name] = _plain(value)
        return out
    return obj


def unstructure_variant(variant: Variant) -> dict[str, Any]:
    """The variant as plain TOML-ready data; :func:`structure_variant` reverses it."""
    data: dict[str, Any] = _plain(attrs.evolve(variant, cards=()))
    data["total"]["floor"] = "none" if variant.total.floor is None else variant.total.floor
    del data["cards"]
    cards: dict[str, Any] = {}
    for card in variant.cards:
        table = _plain(attrs.evolve(card, effects=(), conditions=()))
        del table["id"]
        table["effects"] = [_rule_data(e) for e in card.effects]
        table["conditions"] = [_rule_data(c) for c in card.conditions]
        cards[card.id] = table
    data["cards"] = cards
    return data


# ------------------------------------------------------------------ structure


def structure_variant(data: dict[str, Any]) -> Variant:
    """Structure plain data into a variant and check it.

    Raises:
        ProblemsError: Every problem found, each with its key path.
    """
    try:
        variant = converter.structure(data, Variant)
    except (ClassValidationError, _ProblemError, ProblemsError) as exc:
        raise ProblemsError(problems_from(exc)) from None
    problems = check_variant(variant)
    if problems:
        raise ProblemsError(problems)
    return variant


MAX_DECK_SIZE = 10_000
"""The most cards a deck may hold: far more than any card game needs, few enough
that a typo such as ``count = 1000000000`` is an error rather than a game that
cannot be dealt."""


def check_variant(variant: Variant) -> list[tuple[str, str]]:
    """Checks beyond types: counts, sizes, references, and that games can end.

    Returns:
        ``(key path, message)`` for every problem found; empty when the
        variant is sound.
    """
    out: list[tuple[str, str]] = []
    if not variant.id:
        out.append(("id", "expected a non-empty id"))
    players = variant.players
    if players.min < 2:
        out.append(("players.min", f"expected 2 or more, got {players.min}"))
    if players.max < players.min:
        out.append(
            ("players.max", f"expected at least players.min ({players.min}), got {players.max}")
        )
    if variant.deck.copies < 1:
        out.append(("deck.copies", f"expected 1 or more, got {variant.deck.copies}"))
    hand = variant.deal.hand_size
    if hand < 1:
        out.append(("deal.hand_size", f"expected 1 or more, got {hand}"))
    ids = set()
    for card in variant.cards:
        path = f"cards.{card.id}"
        ids.add(card.id)
        if card.count < 0:
            out.append((f"{path}.count", f"expected 0 or more, got {card.count}"))
        for kind, rules in (("effects", card.effects), ("conditions", card.conditions)):
            for i, rule in enumerate(rules):
                out += [
                    (f"{path}.{kind}[{i}].{name}", msg)
                    for name, msg in getattr(rule, "problems", list)()
                ]
    if not variant.cards:
        out.append(("cards", "expected at least one [cards.<id>] table"))
    need = max(players.max, 2) * max(hand, 1)
    if variant.deck_size < need and variant.deck.copies >= 1:
        out.append(
            (
                "cards",
                f"the deck holds {variant.deck_size} cards, too few to deal "
                f"{hand} to each of {players.max} players ({need} needed)",
            )
        )
    total = variant.total
    if total.bust <= total.start:
        out.append(
            ("total.bust", f"expected more than total.start ({total.start}), got {total.bust}")
        )
    if total.floor is not None and total.floor > total.start:
        out.append(
            ("total.floor", f"expected at most total.start ({total.start}), got {total.floor}")
        )
    if not any(
        card.count > 0
        and not any(c.type == "never" for c in card.conditions)
        and _total_after(card, total.start) > total.start
        for card in variant.cards
    ):
        out.append(("cards", "no card can raise the total, so a round could never end"))
    if variant.redraw is not None:
        if variant.redraw.card not in ids:
            out.append(
                (
                    "redraw.card",
                    f"no card {variant.redraw.card!r} in [cards]"
                    f"{_suggest(variant.redraw.card, ids)}",
                )
            )
        if not 1 <= variant.redraw.count <= max(hand, 1):
            out.append(
                (
                    "redraw.count",
                    f"expected 1 to the hand size ({hand}), got {variant.redraw.count}",
                )
            )
    match = variant.match
    if match.scoring == "none" and variant.round.end != "last_standing":
        out.append(
            (
                "match.scoring",
                'scoring "none" plays one round to the last player '
                'standing, so it needs round.end = "last_standing"',
            )
        )
    if match.tokens.count < 1:
        out.append(("match.tokens.count", f"expected 1 or more, got {match.tokens.count}"))
    if match.points.target < 1:
        out.append(("match.points.target", f"expected 1 or more, got {match.points.target}"))
    out += _check_size_and_points(variant)
    return out


def _check_size_and_points(variant: Variant) -> list[tuple[str, str]]:
    """A deck small enough to deal, and points that only ever add up."""
    out: list[tuple[str, str]] = []
    if variant.deck_size > MAX_DECK_SIZE:
        out.append(
            (
                "cards",
                f"the deck holds {variant.deck_size} cards (counts times deck.copies); "
                f"at most {MAX_DECK_SIZE} are allowed",
            )
        )
    # A score never goes down: a card in hand costs points, never earns them.
    for card in variant.cards:
        if card.points < 0:
            out.append((f"cards.{card.id}.points", f"expected 0 or more, got {card.points}"))
    points = variant.match.points
    for name in ("bust", "missing_card"):
        value = getattr(points, name)
        if value < 0:
            out.append((f"match.points.{name}", f"expected 0 or more, got {value}"))
    if (
        variant.match.scoring == "points"
        and points.bust <= 0
        and points.missing_card <= 0
        and all(card.points <= 0 for card in variant.cards)
    ):
        out.append(
            (
                "match.points.bust",
                "no score can ever grow (bust, missing_card and every card's points are 0), "
                "so a points game could never end",
            )
        )
    return out


def _total_after(card: Card, total: int) -> int:
    for effect in card.effects:
        total = effect.total_after(total)
    return total
