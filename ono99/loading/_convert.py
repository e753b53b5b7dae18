"""Structuring TOML data into a :class:`~ono99.Variant`, and back.

One cattrs converter does both directions. Its hooks are strict (a string is
never silently turned into a number) and every problem is reported with the
TOML key path where it was found (the words are those of
:mod:`ono99.loading._problems`). :func:`~ono99.loading._checks.check_variant` then
checks what types cannot say: counts, sizes, references, and that a game can
end.
"""

from __future__ import annotations

import functools
import typing
from typing import Any, Literal

import attrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError
from cattrs.gen import make_dict_structure_fn, override
from cattrs.preconf.tomllib import make_converter

from ono99._errors import PluginError
from ono99._limits import MAX_RANGE
from ono99._variant import (
    NONE,
    NONE_MEANS,
    Card,
    DealScore,
    ExtraCard,
    PlayerStep,
    StandardDeck,
    Variant,
)
from ono99._zones import Zone
from ono99.rules import (
    KINDS,
    AnyCondition,
    AnyEffect,
    AnyOutcome,
    AnyTrigger,
    rule_class,
    rule_types,
    unknown_rule,
)

from ._checks import check_variant, too_many_kinds
from ._problems import (
    Problem,
    ProblemError,
    ProblemsError,
    card_id_problem,
    describe_type,
    describe_value,
    is_array,
    join_path,
    key_name,
    reject,
    suggest,
)
from ._standard import DECK_KEYS, expand, origin

__all__ = ["converter", "problems_from", "structure_variant", "unstructure_variant"]


def _field_names(cl: type) -> list[str]:
    if not attrs.has(cl):
        return []
    # A card's id is the name of its table, not a key in it.
    return [
        a.name
        for a in attrs.fields(cl)
        if not (cl is Card and a.name == "id") and not (cl is Zone and a.name == "name")
    ]


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
                join_path(path, key_name(key)),
                f"unknown key{suggest(key, names)}{'' if i else f' ({known})'}",
            )
            for i, key in enumerate(sorted(exc.extra_fields))
        ]
    if isinstance(exc, ProblemsError):
        return [p._replace(path=join_path(path, p.path)) for p in exc.problems]
    if isinstance(exc, ProblemError):
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
        reject("an integer", value)
    return value


def _strict_str(value: object, _: object) -> str:
    if not isinstance(value, str):
        reject("a string", value)
    return value


def _strict_bool(value: object, _: object) -> bool:
    if not isinstance(value, bool):
        reject("true or false", value)
    return value


def _strict_float(value: object, _: object) -> float:
    # An integer is a number too: ``factor = 2`` means 2.0.
    if isinstance(value, bool) or not isinstance(value, int | float):
        reject("a number", value)
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
            raise ProblemError(f"expected {describe_type(tp)}, got {describe_value(value)}{hint}")
        return value

    return hook


converter.register_structure_hook_factory(_is_literal, _literal_hook)


def _array_hook(tp: Any) -> Any:
    """Any other array of one type, each item structured as its type.

    Never a string, whose characters would be read as its items.
    """
    item = typing.get_args(tp)[0]
    what = f"values, each {describe_type(item)}"

    def hook(value: object, _: object) -> tuple[Any, ...]:
        return _structure_items(_array(value, what), lambda v: converter.structure(v, item))

    return hook


# Before the arrays registered below, which are asked first.
converter.register_structure_hook_factory(is_array, _array_hook)


def _attrs_hook(cl: Any) -> Any:
    overrides: dict[str, Any] = {
        name: override(struct_hook=_optional_int_hook(meaning))
        for name, meaning in _optional_ints(cl).items()
    }
    inner = make_dict_structure_fn(
        cl,
        converter,
        _cattrs_forbid_extra_keys=True,
        _cattrs_detailed_validation=True,
        **overrides,
    )

    def hook(value: object, _: object) -> object:
        if not isinstance(value, dict):
            reject("a table", value)
        return inner(value, cl)

    return hook


converter.register_structure_hook_factory(attrs.has, _attrs_hook)


def _optional_int_hook(meaning: str = "") -> typing.Callable[[object, object], int | None]:
    """Structure an ``int | None`` field: an integer, or ``"none"`` for ``None`` (``meaning``)."""
    what = f'an integer, or "{NONE}"' + (f" for {meaning}" if meaning else "")

    def hook(value: object, _: object) -> int | None:
        if value == NONE:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            reject(what, value)
        return value

    return hook


_register_exact(int | None, _optional_int_hook())


@functools.cache
def _optional_ints(cl: Any) -> dict[str, str]:
    """The ``int | None`` fields of an attrs class, each with what ``None`` means there."""
    hints = typing.get_type_hints(cl)
    return {
        a.name: a.metadata.get(NONE_MEANS, "")
        for a in attrs.fields(cl)
        if hints.get(a.name) == int | None
    }


def _array(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        reject(f"an array of {what}", value)
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
            reject(f'a table such as {{ type = "{example}" }}', item)
        if "type" not in item:
            raise ProblemError(f"missing required key 'type' ({unknown_rule(what, '')})")
        kind = item["type"]
        try:
            cls = rule_class(what, kind) if isinstance(kind, str) else None
        except PluginError as exc:  # installed, but its entry point cannot be loaded
            raise ProblemError(str(exc), ".type") from exc
        if cls is None:
            known = list(_SHIPPED_OF[what])
            hint = suggest(kind, known, quote=True) if isinstance(kind, str) else ""
            raise ProblemError(
                f"unknown {what} {describe_value(kind)}{hint} ({unknown_rule(what, str(kind))})",
                ".type",
            )
        rest = {k: v for k, v in item.items() if k != "type"}
        return converter.structure(rest, cls)

    return structure


_SHIPPED_OF: dict[str, typing.Mapping[str, type]] = {
    kind: rule_types(kind, shipped_only=True) for kind in KINDS
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
_RANGE_EXAMPLE = "{ from = -10, to = 10 }"


def _int_range(value: dict[Any, Any]) -> tuple[int, ...]:
    """The integers of a range ``{ from = a, to = b }``, both ends included."""
    extra = sorted(str(key) for key in value if key not in {"from", "to"})
    if extra:
        raise ProblemError(
            f"unknown key {extra[0]!r} (a range has the keys from and to)", f".{extra[0]}"
        )
    missing = [key for key in ("from", "to") if key not in value]
    if missing:  # at the key itself, as any missing key is
        raise ProblemsError(
            [
                Problem(f".{key}", f"missing required key (a range such as {_RANGE_EXAMPLE})")
                for key in missing
            ]
        )
    ends = []
    for key in ("from", "to"):
        try:
            ends.append(_strict_int(value[key], int))
        except ProblemError as exc:
            raise ProblemError(exc.message, f".{key}") from None
    low, high = ends
    if low > high:
        raise ProblemError(f"expected from at most to, got from = {low} and to = {high}")
    if high - low + 1 > MAX_RANGE:
        raise ProblemError(
            f"expected a range of at most {MAX_RANGE} integers, got {high - low + 1} "
            f"(from = {low}, to = {high})"
        )
    return tuple(range(low, high + 1))


def _int_items(value: object, _: object) -> tuple[int, ...]:
    """An array of integers, or a range of them: ``{ from = -10, to = 10 }``."""
    if isinstance(value, dict):
        return _int_range(value)
    return _structure_items(_array(value, "integers"), lambda i: _strict_int(i, int))


_register_exact(tuple[int, ...], _int_items)
_register_exact(
    tuple[PlayerStep, ...],
    lambda v, _: _structure_items(
        _array(v, "tables such as { more_than = 4, value = 2 }"),
        lambda t: converter.structure(t, PlayerStep),
    ),
)
_register_exact(
    tuple[DealScore, ...],
    lambda v, _: _structure_items(
        _array(v, 'tables such as { seat = "left_of_dealer", points = 3 }'),
        lambda t: converter.structure(t, DealScore),
    ),
)
_register_exact(
    tuple[ExtraCard, ...],
    lambda v, _: _structure_items(
        _array(v, 'tables such as { card = "joker", count = 1 }'),
        lambda t: converter.structure(t, ExtraCard),
    ),
)


def _named_tables(
    value: object, cls: type[Any], field: str, what: str, *, quoted: bool = False
) -> tuple[Any, ...]:
    """Each table of ``value`` as a ``cls``, its ``field`` the name of its table.

    Every table's problems are reported together. ``quoted``: a name that is no
    bare key is a problem too (said beside what else is wrong in its table: the
    checks that also find it run only once all is typed).
    """
    if not isinstance(value, dict):
        reject(f"a table of {what}s, one [{what}s.<{field}>] table each", value)
    problems: list[Problem] = []
    items = []
    for name, table in value.items():
        key = key_name(name)
        if quoted and key != name:
            problems.append(Problem(key, card_id_problem(name)))
        if not isinstance(table, dict):
            problems.append(Problem(key, f"expected a table, got {describe_value(table)}"))
            continue
        if field in table:
            problems.append(
                Problem(
                    f"{key}.{field}", f"unknown key (a {what}'s {field} is the name of its table)"
                )
            )
            continue
        try:
            items.append(converter.structure({field: name, **table}, cls))
        except Exception as exc:  # every failure becomes a reported problem
            problems += problems_from(exc, key)
    if problems:
        raise ProblemsError(problems)
    return tuple(items)


_register_exact(tuple[Card, ...], lambda v, _: _named_tables(v, Card, "id", "card", quoted=True))
_register_exact(tuple[Zone, ...], lambda v, _: _named_tables(v, Zone, "name", "zone"))


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
        if isinstance(value, tuple) and value and all(map(_is_rule, value)):
            # Rule objects inside a rule object: a trigger's outcomes, a when's branches.
            out[field.name] = [_rule_data(r, omit_defaults) for r in value]
        else:
            out[field.name] = _plain(value, omit_defaults)
    return out


def _is_rule(obj: object) -> bool:
    """Whether ``obj`` is a rule object (written as a table tagged by its ``type``)."""
    return attrs.has(type(obj)) and getattr(obj, "kind", None) in KINDS


def _plain(obj: Any, omit_defaults: bool = False) -> Any:
    """Attrs objects as TOML-ready data: no ``None``, tuples as lists."""
    if isinstance(obj, tuple):
        return [_plain(o, omit_defaults) for o in obj]
    if attrs.has(type(obj)):
        out: dict[str, Any] = {}
        for field in attrs.fields(type(obj)):
            value = getattr(obj, field.name)
            if omit_defaults and _is_default(field, value):
                continue
            if value is None:
                if field.name in _optional_ints(obj.__class__):
                    out[field.name] = NONE
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
    data: dict[str, Any] = _plain(
        attrs.evolve(variant, cards=(), triggers=(), zones=()), omit_defaults
    )
    data.pop("triggers", None)
    data.pop("zones", None)
    if variant.zones:
        data["zones"] = {
            zone.name: {k: v for k, v in _plain(zone, omit_defaults).items() if k != "name"}
            for zone in variant.zones
        }
    if variant.triggers or not omit_defaults:
        data["triggers"] = [_rule_data(t, omit_defaults) for t in variant.triggers]
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


STRUCTURE_ERRORS = (ClassValidationError, ProblemError, ProblemsError)
"""What structuring a value with :data:`converter` may raise for a bad value."""


def structure_variant(data: dict[str, Any]) -> Variant:
    """Structure plain data into a variant and check it.

    Type problems are reported first; the checks of :func:`check_variant` run
    once the types are right.

    Raises:
        ProblemsError: Every problem found, each with its key path.
    """
    written = data
    try:
        if any(key in data for key in DECK_KEYS):
            data = expand(data, _standard_deck(data))
        too_many = too_many_kinds(data)
        if too_many:
            raise ProblemsError(too_many)
        variant = converter.structure(data, Variant)
    except STRUCTURE_ERRORS as exc:
        raise ProblemsError(_as_written(problems_from(exc), written)) from None
    problems = check_variant(variant)
    if problems:
        raise ProblemsError(_as_written(problems, written))
    return variant


def _standard_deck(data: dict[str, Any]) -> StandardDeck | None:
    """The file's ``[standard_deck]``, structured (``None`` if it has none)."""
    if "standard_deck" not in data:
        return None
    try:
        return converter.structure(data["standard_deck"], StandardDeck)
    except STRUCTURE_ERRORS as exc:
        raise ProblemsError(problems_from(exc, "standard_deck")) from None


def _as_written(problems: list[Problem], data: dict[str, Any]) -> list[Problem]:
    """``problems`` at the key paths the file wrote (a card's rank keys in ``[ranks]``)."""
    if "ranks" not in data:
        return problems
    # A key of a rank, wrong, is wrong in every card of the rank: said once.
    return list(
        dict.fromkeys(
            p._replace(
                path=origin(p.path, data), related=tuple(origin(r, data) for r in p.related)
            )
            for p in problems
        )
    )


def _prepare() -> None:
    """Build the structuring code for every rule class now, not on the first load.

    cattrs generates and compiles one function per attrs class the first time
    it meets the class; doing it while the library is imported keeps the first
    :func:`~ono99.load_variant` as quick as the later ones.
    """
    shipped = [cls for kind in _SHIPPED_OF.values() for cls in kind.values()]
    for cls in (Variant, PlayerStep, DealScore, ExtraCard, *shipped):
        converter.get_structure_hook(cls)


_prepare()
