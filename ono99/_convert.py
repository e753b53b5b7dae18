"""Structuring TOML data into a :class:`~ono99.Variant`, and back.

One cattrs converter does both directions. Its hooks are strict (a string is
never silently turned into a number) and every problem is reported with the
TOML key path where it was found. :func:`check_variant` then checks what types
cannot say: counts, sizes, references, and that a game can end.
"""

from __future__ import annotations

import difflib
import json
import re
import types
import typing
from typing import Any, Literal, NamedTuple, NoReturn

import attrs
from cattrs.errors import (
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
)
from cattrs.gen import make_dict_structure_fn
from cattrs.preconf.tomllib import make_converter

from ._limits import (
    MAX_DECK_SIZE,
    MAX_ECHO,
    MAX_HAND_SIZE,
    MAX_PLAYERS,
    MAX_POINTS_TARGET,
    MAX_TOKENS,
    clip,
)
from ._variant import Card, PlayerStep, Variant
from .rules import (
    AnyCondition,
    AnyEffect,
    AnyOutcome,
    AnyTrigger,
    rule_class,
    shipped_condition_types,
    shipped_effect_types,
    shipped_outcome_types,
    shipped_trigger_types,
    unknown_rule,
)

__all__ = [
    "MINIMUMS",
    "Problem",
    "ProblemsError",
    "check_variant",
    "describe_type",
    "describe_value",
    "structure_variant",
    "suggest",
    "unstructure_variant",
]

# A card id names the card in moves, events and key paths (cards.<id>.count).
CARD_ID = re.compile(r"[A-Za-z0-9_-]+")


class Problem(NamedTuple):
    """One problem: its key path, what is wrong, and other keys that bear on it.

    ``related`` lists the key paths whose values together make the problem
    (the deck size depends on ``players.max`` and ``deal.hand_size`` too), so
    that a problem found in a combination of files can be laid at the door of
    the file that set one of them last.
    """

    path: str
    message: str
    related: tuple[str, ...] = ()


class _ProblemError(Exception):
    """A problem found at ``subpath`` below the value being structured."""

    def __init__(self, message: str, subpath: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.subpath = subpath


class ProblemsError(Exception):
    """Several problems, each at a key path."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(problems)
        self.problems = problems


def toml_value(value: object) -> str:
    """A value as it is written in TOML: ``"four"``, ``true``, ``[1, 2]``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    return repr(value)


def describe_value(value: object) -> str:
    """A value as written in TOML, with its type where the spelling does not show it.

    ``"four"`` (quotes show a string), ``4 (an integer)``, ``an array``.
    """
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
            if isinstance(value, str):
                return clip(toml_value(value))
            return f"{clip(toml_value(value))} ({name})"
    return f"{clip(repr(value))} (a {type(value).__name__})"


def _is_union(tp: object) -> bool:
    return typing.get_origin(tp) in (typing.Union, types.UnionType)


def describe_type(tp: Any) -> str:
    """What a field of this type expects in TOML, in words: ``an integer``."""
    if tp is int:
        return "an integer"
    if tp is str:
        return "a string"
    if tp is bool:
        return "true or false"
    if typing.get_origin(tp) is Literal:
        return "one of " + ", ".join(toml_value(a) for a in typing.get_args(tp))
    if tp == int | None:
        return 'an integer, or "none"'
    if _is_union(tp):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1:
            return describe_type(args[0])
    if tp == tuple[Card, ...]:
        return "a table of cards, one [cards.<id>] table each"
    if tp == tuple[AnyEffect, ...]:
        return "an array of effect tables"
    if tp == tuple[AnyCondition, ...]:
        return "an array of condition tables"
    if tp == tuple[AnyTrigger, ...]:
        return "an array of trigger tables"
    if tp == tuple[AnyOutcome, ...]:
        return "an array of outcome tables"
    if typing.get_origin(tp) is tuple:
        return f"an array of {describe_type(typing.get_args(tp)[0]).split(' ', 1)[1]}s"
    if attrs.has(tp):
        return "a table"
    return str(tp)


def _expected(what: str, value: object) -> NoReturn:
    raise _ProblemError(f"expected {what}, got {describe_value(value)}")


def join_path(path: str, sub: str) -> str:
    """``path`` and a subpath below it, as one key path."""
    if not sub:
        return path
    if not path:
        return sub.lstrip(".")
    if sub.startswith("["):
        return path + sub
    return f"{path}.{sub.lstrip('.')}"


def suggest(word: str, choices: typing.Iterable[str], quote: bool = False) -> str:
    """``"; did you mean 'x'?"`` for the closest of ``choices``, or nothing."""
    if len(word) > MAX_ECHO:  # no name is that long; comparing it would only cost time
        return ""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    if not close:
        return ""
    shown = toml_value(close[0]) if quote else repr(close[0])
    return f"; did you mean {shown}?"


def _field_names(cl: type) -> list[str]:
    if not attrs.has(cl):
        return []
    # A card's id is the name of its table, not a key in it.
    return [a.name for a in attrs.fields(cl) if not (cl is Card and a.name == "id")]


def problems_from(exc: BaseException, path: str = "", expected: Any = None) -> list[Problem]:
    """Turn a structuring failure into problems, each at its key path.

    Args:
        exc: What structuring raised.
        path: The key path of the value that failed.
        expected: The type expected there, if known (for missing keys).
    """
    if isinstance(exc, ClassValidationError | IterableValidationError):
        found: list[Problem] = []
        if isinstance(exc, ClassValidationError):
            with_notes, others = exc.group_exceptions()
            for sub, note in with_notes:
                found += problems_from(sub, join_path(path, str(note.name)), note.type)
        else:
            with_index, others = exc.group_exceptions()
            for sub, inote in with_index:
                found += problems_from(sub, f"{path}[{inote.index}]")
        for sub in others:
            found += problems_from(sub, path)
        return found
    if isinstance(exc, ForbiddenExtraKeysError):
        names = _field_names(exc.cl)
        known = f"the keys here are {', '.join(names)}" if names else "nothing may be set here"
        # The keys allowed are listed once, with the first unknown key.
        return [
            Problem(
                join_path(path, clip(key)),
                f"unknown key{suggest(key, names)}{'' if i else f' ({known})'}",
            )
            for i, key in enumerate(sorted(exc.extra_fields))
        ]
    if isinstance(exc, ProblemsError):
        return [p._replace(path=join_path(path, p.path)) for p in exc.problems]
    if isinstance(exc, _ProblemError):
        return [Problem(join_path(path, exc.subpath), exc.message)]
    if isinstance(exc, KeyError):
        what = f" (expected {describe_type(expected)})" if expected is not None else ""
        return [Problem(path, f"missing required key{what}")]
    return [Problem(path, str(exc))]


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


def _strict_float(value: object, _: object) -> float:
    # An integer is a number too: ``factor = 2`` means 2.0.
    if isinstance(value, bool) or not isinstance(value, int | float):
        _expected("a number", value)
    return float(value)


converter.register_structure_hook(int, _strict_int)
converter.register_structure_hook(float, _strict_float)
converter.register_structure_hook(str, _strict_str)
converter.register_structure_hook(bool, _strict_bool)


def _is_literal(tp: object) -> bool:
    return typing.get_origin(tp) is Literal


def _literal_hook(tp: Any) -> Any:
    allowed = typing.get_args(tp)

    def hook(value: object, _: object) -> object:
        if isinstance(value, bool) or value not in allowed:
            hint = suggest(value, map(str, allowed), quote=True) if isinstance(value, str) else ""
            raise _ProblemError(f"expected {describe_type(tp)}, got {describe_value(value)}{hint}")
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
    problems: list[Problem] = []
    out = []
    for index, item in enumerate(values):
        try:
            out.append(structure(item))
        except Exception as exc:  # every failure becomes a reported problem
            problems += problems_from(exc, f"[{index}]")
    if problems:
        raise ProblemsError(problems)
    return tuple(out)


def _tagged(what: str, example: str) -> typing.Callable[[Any], Any]:
    # Rule objects are looked up by name in the registry of shipped and
    # installed rule classes: a file can only choose among them, never name
    # code to run.

    def structure(item: object) -> object:
        if not isinstance(item, dict):
            _expected(f'a table such as {{ type = "{example}" }}', item)
        if "type" not in item:
            raise _ProblemError(f"missing required key 'type' ({unknown_rule(what, '')})")
        kind = item["type"]
        cls = rule_class(what, kind) if isinstance(kind, str) else None
        if cls is None:
            known = list(_SHIPPED_OF[what]())
            hint = suggest(kind, known, quote=True) if isinstance(kind, str) else ""
            raise _ProblemError(
                f"unknown {what} {describe_value(kind)}{hint} ({unknown_rule(what, str(kind))})",
                ".type",
            )
        rest = {k: v for k, v in item.items() if k != "type"}
        return converter.structure(rest, cls)

    return structure


_SHIPPED_OF: dict[str, typing.Callable[[], typing.Mapping[str, type]]] = {
    "effect": shipped_effect_types,
    "condition": shipped_condition_types,
    "trigger": shipped_trigger_types,
    "outcome": shipped_outcome_types,
}
_structure_effect = _tagged("effect", "add")
_structure_condition = _tagged("condition", "never")
_structure_trigger = _tagged("trigger", "land_on")
_structure_outcome = _tagged("outcome", "tokens")


_register_exact(
    tuple[AnyEffect, ...],
    lambda v, _: _structure_items(_array(v, "effects"), _structure_effect),
)
_register_exact(
    tuple[AnyCondition, ...],
    lambda v, _: _structure_items(_array(v, "conditions"), _structure_condition),
)
_register_exact(
    tuple[AnyTrigger, ...],
    lambda v, _: _structure_items(_array(v, "triggers"), _structure_trigger),
)
_register_exact(
    tuple[AnyOutcome, ...],
    lambda v, _: _structure_items(_array(v, "outcomes"), _structure_outcome),
)
_register_exact(
    tuple[str, ...],
    lambda v, _: _structure_items(_array(v, "strings"), lambda s: _strict_str(s, str)),
)
_register_exact(
    tuple[int, ...],
    lambda v, _: _structure_items(_array(v, "integers"), lambda i: _strict_int(i, int)),
)
_register_exact(
    tuple[PlayerStep, ...],
    lambda v, _: _structure_items(
        _array(v, "tables such as { more_than = 4, value = 2 }"),
        lambda t: converter.structure(t, PlayerStep),
    ),
)


def _structure_cards(value: object, _: object) -> tuple[Card, ...]:
    if not isinstance(value, dict):
        _expected("a table of cards, one [cards.<id>] table each", value)
    problems: list[Problem] = []
    cards = []
    for card_id, table in value.items():
        if not isinstance(table, dict):
            problems.append(Problem(card_id, f"expected a table, got {describe_value(table)}"))
            continue
        if "id" in table:
            problems.append(
                Problem(f"{card_id}.id", "unknown key (a card's id is the name of its table)")
            )
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


def _is_default(field: attrs.Attribute[Any], value: object) -> bool:
    # A default made by a factory never compares equal, so such a setting is
    # always written out: safe, if not the shortest.
    default = field.default
    return default is not attrs.NOTHING and bool(value == default)


def _rule_data(
    rule: AnyEffect | AnyCondition | AnyTrigger | AnyOutcome, omit_defaults: bool
) -> dict[str, Any]:
    out: dict[str, Any] = {"type": rule.type}
    for field in attrs.fields(type(rule)):
        value = getattr(rule, field.name)
        if value is None or (omit_defaults and _is_default(field, value)):
            continue
        if field.name == "outcomes" and rule.kind == "trigger":
            out["outcomes"] = [_rule_data(o, omit_defaults) for o in value]
        else:
            out[field.name] = _plain(value, omit_defaults)
    return out


def _plain(obj: Any, omit_defaults: bool = False) -> Any:
    """Attrs objects as TOML-ready data: no ``None``, tuples as lists."""
    if isinstance(obj, tuple):
        return [_plain(o, omit_defaults) for o in obj]
    if attrs.has(type(obj)):
        out: dict[str, Any] = {}
        for field in attrs.fields(type(obj)):
            value = getattr(obj, field.name)
            if value is None or (omit_defaults and _is_default(field, value)):
                continue
            out[field.name] = _plain(value, omit_defaults)
        return out
    return obj


def unstructure_variant(variant: Variant, *, omit_defaults: bool = False) -> dict[str, Any]:
    """The variant as plain TOML-ready data; :func:`structure_variant` reverses it.

    Args:
        variant: The variant.
        omit_defaults: Leave out every setting that has its default value (the
            canonical form hashed by :func:`ono99.fingerprint`).
    """
    data: dict[str, Any] = _plain(attrs.evolve(variant, cards=(), triggers=()), omit_defaults)
    data.pop("triggers", None)
    if variant.triggers or not omit_defaults:
        data["triggers"] = [_rule_data(t, omit_defaults) for t in variant.triggers]
    floor = variant.total.floor
    if floor is None and not omit_defaults:
        data["total"]["floor"] = "none"
    data.pop("cards", None)
    cards: dict[str, Any] = {}
    for card in variant.cards:
        table = _plain(attrs.evolve(card, effects=(), conditions=()), omit_defaults)
        del table["id"]
        if card.effects or not omit_defaults:
            table["effects"] = [_rule_data(e, omit_defaults) for e in card.effects]
        if card.conditions or not omit_defaults:
            table["conditions"] = [_rule_data(c, omit_defaults) for c in card.conditions]
        cards[card.id] = table
    data["cards"] = cards
    return data


# ------------------------------------------------------------------ structure


def structure_variant(data: dict[str, Any]) -> Variant:
    """Structure plain data into a variant and check it.

    Type problems are reported first; the checks of :func:`check_variant` run
    once the types are right.

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


MINIMUMS: dict[str, int] = {
    "players.min": 2,
    "deck.copies": 1,
    "deck.copies_by_players.more_than": 1,
    "deck.copies_by_players.value": 1,
    "deal.hand_size": 1,
    "cards.<id>.count": 0,
    "cards.<id>.points": 0,
    "match.tokens.count": 1,
    "match.tokens.count_by_players.more_than": 1,
    "match.tokens.count_by_players.value": 1,
    "match.points.target": 1,
    "match.points.bust": 0,
    "match.points.missing_card": 0,
    "match.points.survivor": 0,
    "match.tokens.lost": 0,
    "round.max_plays": 1,
    "round.max_rounds": 1,
    "round.max_game_plays": 1,
}
"""The least value of each integer setting that has one, by its key path in the
reference (a card's keys under ``cards.<id>``, an array of tables' keys without
an index). :func:`check_variant` checks them, and the JSON Schema states them."""


def _at_least(path: str, value: int, key: str | None = None) -> list[Problem]:
    """A problem if ``value`` is below the minimum of ``key`` (default: ``path``)."""
    low = MINIMUMS[path if key is None else key]
    return [] if value >= low else [Problem(path, f"expected {low} or more, got {value}")]


def _at_most(path: str, value: int, high: int, what: str) -> list[Problem]:
    if value <= high:
        return []
    return [Problem(path, f"expected at most {high} ({what}), got {value}")]


def check_variant(variant: Variant) -> list[Problem]:
    """Checks beyond types: counts, sizes, references, and that games can end.

    Rule objects take part through their protocol (:class:`ono99.rules.Effect`,
    :class:`ono99.rules.Condition`): ``problems()`` and ``problems_at(bust,
    floor)`` return ``(field, what was expected)`` pairs for settings out of
    range, and ``referenced_cards()`` returns ``(field, card id)`` pairs for
    the cards the rule names, each of which must exist.

    Returns:
        Every problem found; empty when the variant is sound.
    """
    out: list[Problem] = []
    if not variant.id:
        out.append(Problem("id", "expected a non-empty id"))
    players = variant.players
    out += _at_least("players.min", players.min)
    if players.max < players.min:
        out.append(
            Problem(
                "players.max",
                f"expected at least players.min ({players.min}), got {players.max}",
                ("players.min",),
            )
        )
    out += _at_most("players.max", players.max, MAX_PLAYERS, "the most players at one table")
    out += _at_least("deck.copies", variant.deck.copies)
    out += _check_steps("deck.copies_by_players", variant.deck.copies_by_players)
    hand = variant.deal.hand_size
    out += _at_least("deal.hand_size", hand)
    out += _at_most("deal.hand_size", hand, MAX_HAND_SIZE, "the most cards a hand is dealt")
    out += _check_cards(variant)
    total = variant.total
    if total.bust <= total.start:
        out.append(
            Problem(
                "total.bust",
                f"expected more than total.start ({total.start}), got {total.bust}",
                ("total.start",),
            )
        )
    if total.floor is not None and total.floor > total.start:
        out.append(
            Problem(
                "total.floor",
                f"expected at most total.start ({total.start}), got {total.floor}",
                ("total.start",),
            )
        )
    if variant.cards and not any(
        card.count > 0
        and _is_sound(card)
        and not any(c.blocks_every_play for c in card.conditions)
        and max(_totals_after(card, total.start)) > total.start
        for card in variant.cards
    ):
        out.append(
            Problem(
                "cards",
                "no card can raise the total, so a round could never end "
                "(expected at least one card with count > 0 and an effect "
                'such as { type = "add", amount = 5 })',
            )
        )
    out += _check_redraw(variant)
    match = variant.match
    if match.scoring == "none" and variant.round.end != "last_standing":
        out.append(
            Problem(
                "match.scoring",
                'scoring "none" plays one round to the last player standing, so it needs '
                'round.end = "last_standing" (or choose scoring "tokens" or "points")',
                ("round.end",),
            )
        )
    out += _at_least("match.tokens.count", match.tokens.count)
    out += _at_most("match.tokens.count", match.tokens.count, MAX_TOKENS, "the most tokens")
    out += _check_steps("match.tokens.count_by_players", match.tokens.count_by_players)
    for i, step in enumerate(match.tokens.count_by_players):
        out += _at_most(
            f"match.tokens.count_by_players[{i}].value", step.value, MAX_TOKENS, "the most tokens"
        )
    points = match.points
    out += _at_least("match.points.target", points.target)
    out += _at_most(
        "match.points.target", points.target, MAX_POINTS_TARGET, "the highest points target"
    )
    out += _at_least("match.points.bust", points.bust)
    out += _at_least("match.points.missing_card", points.missing_card)
    out += _check_triggers(variant)
    out += _at_least("round.max_plays", variant.round.max_plays)
    out += _at_least("round.max_rounds", variant.round.max_rounds)
    out += _at_least("round.max_game_plays", variant.round.max_game_plays)
    out += _at_least("match.tokens.lost", variant.match.tokens.lost)
    out += _at_least("match.points.survivor", points.survivor)
    out += _check_game_ends(variant)
    return out


def _check_triggers(variant: Variant) -> list[Problem]:
    out: list[Problem] = []
    total = variant.total
    for i, trigger in enumerate(variant.triggers):
        where = f"triggers[{i}]"
        for name, message in trigger.problems():
            out.append(Problem(f"{where}.{name}", message))
        for name, message in trigger.problems_at(total.bust, total.floor):
            out.append(Problem(f"{where}.{name}", message, ("total.bust", "total.floor")))
    return out


def _check_game_ends(variant: Variant) -> list[Problem]:
    """A deck small enough to deal, and a points game where some score can grow."""
    out: list[Problem] = []
    counts = _deck_player_counts(variant)
    most = max(variant.deck_size, *(variant.deck_size_for(p) for p in counts))
    if most > MAX_DECK_SIZE:
        out.append(
            Problem(
                "cards",
                f"the deck holds {most} cards (card counts times deck.copies): "
                f"expected at most {MAX_DECK_SIZE}",
                ("deck.copies", "deck.copies_by_players"),
            )
        )
    points = variant.match.points
    if (
        variant.match.scoring == "points"
        and points.bust <= 0
        and points.missing_card <= 0
        and points.survivor <= 0
        and not variant.triggers
        and all(card.points <= 0 for card in variant.cards)
    ):
        out.append(
            Problem(
                "match.points.bust",
                "no score can ever grow (bust, missing_card, survivor and every card's points "
                "are 0, and no trigger), "
                "so a points game could never end",
                ("match.points.missing_card", "match.scoring"),
            )
        )
    return out


def _check_cards(variant: Variant) -> list[Problem]:
    out: list[Problem] = []
    if not variant.cards:
        return [Problem("cards", "expected at least one [cards.<id>] table")]
    ids = {card.id for card in variant.cards}
    for card in variant.cards:
        path = f"cards.{card.id}"
        if not CARD_ID.fullmatch(card.id):
            out.append(
                Problem(
                    path,
                    f"a card id may hold only letters, digits, '_' and '-', got {card.id!r}",
                )
            )
        out += _at_least(f"{path}.count", card.count, "cards.<id>.count")
        out += _at_least(f"{path}.points", card.points, "cards.<id>.points")
        kinds: tuple[tuple[str, tuple[AnyEffect | AnyCondition, ...]], ...] = (
            ("effects", card.effects),
            ("conditions", card.conditions),
        )
        for kind, rules in kinds:
            for i, rule in enumerate(rules):
                where = f"{path}.{kind}[{i}]"
                for name, message in rule.problems():
                    out.append(Problem(f"{where}.{name}", message))
                for name, message in rule.problems_at(variant.total.bust, variant.total.floor):
                    out.append(Problem(f"{where}.{name}", message, ("total.bust", "total.floor")))
                for name, ref in rule.referenced_cards():
                    if ref not in ids:
                        out.append(
                            Problem(
                                f"{where}.{name}",
                                f"no card {ref!r} in [cards]{suggest(ref, ids)}",
                                ("cards",),
                            )
                        )
        out += _check_choices(card)
    players, hand = variant.players, variant.deal.hand_size
    for count in _deck_player_counts(variant):
        need = max(count, 2) * max(hand, 1)
        size = variant.deck_size_for(count)
        if variant.deck.copies_for(count) >= 1 and size < need:
            out.append(
                Problem(
                    "cards",
                    f"the deck holds {size} cards, too few to deal {hand} "
                    f"(deal.hand_size) to each of {count} players "
                    f"({'players.max' if count == players.max else 'deck.copies_by_players'}): "
                    f"expected at least {need} (raise card counts or deck.copies)",
                    ("players.max", "deal.hand_size", "deck.copies", "deck.copies_by_players"),
                )
            )
            break
    return out


def _deck_player_counts(variant: Variant) -> list[int]:
    """One player count for each deck size the variant deals: the most players it serves.

    The number of decks changes only where a ``copies_by_players`` step starts,
    so these counts meet every deck size up to ``players.max``.
    """
    steps = variant.deck.copies_by_players
    most = variant.players.max
    return sorted({most, *(s.more_than for s in steps if s.more_than < most)})


def _check_choices(card: Card) -> list[Problem]:
    """A card offers at most one choice of amount."""
    path = f"cards.{card.id}.effects"
    out: list[Problem] = []
    choosing = [i for i, effect in enumerate(card.effects) if effect.choices]
    if len(choosing) > 1:
        out.append(
            Problem(
                f"{path}[{choosing[1]}]",
                f"a card offers one choice of amount; effects[{choosing[0]}] already does",
            )
        )
    return out


def _check_steps(path: str, steps: tuple[PlayerStep, ...]) -> list[Problem]:
    out: list[Problem] = []
    seen: set[int] = set()
    for i, step in enumerate(steps):
        out += _at_least(f"{path}[{i}].more_than", step.more_than, f"{path}.more_than")
        if step.more_than in seen:
            out.append(Problem(f"{path}[{i}].more_than", f"{step.more_than} is given twice"))
        seen.add(step.more_than)
        out += _at_least(f"{path}[{i}].value", step.value, f"{path}.value")
    return out


def _check_redraw(variant: Variant) -> list[Problem]:
    redraw = variant.redraw
    if redraw is None:
        return []
    ids = {card.id for card in variant.cards}
    if redraw.card not in ids:
        return [
            Problem(
                "redraw.card",
                f"no card {redraw.card!r} in [cards]{suggest(redraw.card, ids)}",
                ("cards",),
            )
        ]
    hand = variant.deal.hand_size
    if not 1 <= redraw.count <= max(hand, 1):
        return [
            Problem(
                "redraw.count",
                f"expected 1 to the hand size ({hand}), got {redraw.count}",
                ("deal.hand_size",),
            )
        ]
    held = variant.card(redraw.card).count * variant.deck.copies
    if held < redraw.count:
        return [
            Problem(
                "redraw.count",
                f"the deck holds only {held} {redraw.card!r} cards, so a redraw of "
                f"{redraw.count} could never happen: expected at most {held}",
                (f"cards.{redraw.card}.count", "deck.copies"),
            )
        ]
    return []


def _is_sound(card: Card) -> bool:
    """Whether the totals ``card`` makes can be worked out.

    They can when its rule objects have their settings in range and it offers at
    most one choice of amount; the problems of any other card are reported
    where they are.
    """
    rules: tuple[AnyEffect | AnyCondition, ...] = (*card.effects, *card.conditions)
    if any(rule.problems() for rule in rules):
        return False
    return sum(1 for effect in card.effects if effect.choices) <= 1


def _totals_after(card: Card, total: int) -> list[int]:
    """The totals a card can make from ``total``, one per amount it offers."""
    choices: list[int] = [a for e in card.effects for a in e.choices]
    if not choices:
        for effect in card.effects:
            total = effect.total_after(total)
        return [total]
    out = []
    for amount in choices:
        new = total
        for effect in card.effects:
            new = effect.total_after(new, amount)
        out.append(new)
    return out


def _prepare() -> None:
    """Build the structuring code for every rule class now, not on the first load.

    cattrs generates and compiles one function per attrs class the first time
    it meets the class; doing it while the library is imported keeps the first
    :func:`~ono99.load_variant` as quick as the later ones.
    """
    shipped = [cls for kind in _SHIPPED_OF.values() for cls in kind().values()]
    for cls in (Variant, PlayerStep, *shipped):
        converter.get_structure_hook(cls)


_prepare()
