"""The variant-file reference and JSON Schemas, generated from the model so that they cannot drift.

``docs/reference/schema.rst`` holds hand-written prose around a generated part:
a table per TOML table of a variant file, every key with its type, default,
meaning (from the model's docstrings) and the shipped files that set it, then
every effect and condition. :func:`json_schema` walks the same model, reads the
same docstrings and the same registry of rule objects, and states the same
keys as a JSON Schema (draft 2020-12) that editors use for completion and
hover help; the package ships one for variant files and one for house-rule
files in ``ono99/schemas/``. Regenerate them after changing the model::

    python -m ono99.authoring._schema docs/reference/schema.rst
    python -m ono99.authoring._schema ono99/schemas/variant.schema.json
    python -m ono99.authoring._schema ono99/schemas/house-rule.schema.json

and check they are up to date with ``--check`` (the test suite does).
"""

from __future__ import annotations

import json
import re
import sys
import typing
from typing import TYPE_CHECKING, Any, Literal

import attrs

from ono99._limits import (
    MAX_TRIGGERS,
)
from ono99._variant import NONE, NOT_RULES, Card, RankRules, StandardDeck, Variant
from ono99._zones import Zone
from ono99.loading import (
    CARD_ID,
    MINIMUMS,
    NON_EMPTY,
    RULE_ARRAYS,
    RULE_KEYS,
    HouseRule,
    is_array,
)

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

from ._reference import (
    BEGIN,
    CARD_KEY,
    END,
    RANK_KEY,
    array_class,
    docs,
    fields,
    generated,
    key_paths,
    rule_kinds,
    table_class,
)

__all__ = [
    "BEGIN",
    "DIALECT",
    "END",
    "SCHEMA_FILES",
    "SchemaKind",
    "json_schema",
    "key_paths",
    "main",
    "render",
    "schema_text",
    "update",
]


SchemaKind = Literal["variant", "house-rule"]

DIALECT = "https://json-schema.org/draft/2020-12/schema"

SCHEMA_FILES: dict[SchemaKind, str] = {
    "variant": "variant.schema.json",
    "house-rule": "house-rule.schema.json",
}
"""The file of each schema the package ships, in ``ono99/schemas/``."""

# Keys that are not settings of the model: how a file is built, and whom a house rule is for.
_EXTENDS = (
    "The variant this file starts from: a shipped variant's id, or the path of a variant "
    "file relative to this one. Only what differs need be written."
)
_HOUSE_RULES = (
    "House rules laid over the variant this file extends, in order: ids of shipped house "
    "rules or paths relative to this file."
)
_ADD_TRIGGERS = (
    "Triggers added after those of what this file is laid over (the variant it extends, or "
    "the variant a house rule is laid over); triggers = [...] replaces them all."
)
_FOR = (
    "The ids of the variants this house rule is for (it also fits any variant that extends "
    "one of them); leave it out when it fits every variant."
)
_HOUSE_RULE = (
    "A house rule: settings laid over a variant. It states only what it changes; a card "
    "table may change one key of a card the variant has."
)


def _plain(text: str) -> str:
    """Reference prose as editors show it: Markdown code spans.

    For ``literals``, and for cross-references (``:class:`~ono99.rules.Trigger```
    becomes `Trigger`).
    """
    text = re.sub(r":[a-z]+:`~?([^`<]*?\.)?([^.`<]+)`", r"`\2`", text)
    return re.sub(r"``(.+?)``", r"`\1`", text).strip()


def _json_value(value: object) -> object:
    if value is None:
        return NONE
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    return value


def _default_of(field: attrs.Attribute[Any]) -> dict[str, object]:
    """``{"default": value}`` for a default TOML can spell; nothing for a table or a factory."""
    value = field.default
    if isinstance(value, attrs.Factory) or attrs.has(type(value)):  # type: ignore[arg-type]
        return {}
    value = _json_value(value)
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return {}
    return {"default": value}


def _rule_sample(tp: Any) -> object:
    """A value of this type, to build a rule object whose settings are probed."""
    if tp is bool:
        return False
    if tp is int:
        return 1
    if tp is str:
        return "x"
    if tp == tuple[int, ...]:
        return (1, 2)
    return ()


def _field_problem(rule: type, values: dict[str, object], name: str) -> bool | None:
    """Whether a rule object with these settings reports a problem with ``name``.

    ``None`` when it cannot be built or checked with them.
    """
    try:
        found: list[tuple[str, str]] = rule(**values).problems()
        return any(field == name for field, _ in found)
    except Exception:  # a rule object that cannot be probed states no range
        return None


def _rule_ranges(rule: type) -> dict[str, dict[str, object]]:
    """The range of each setting of a rule object, found by asking its ``problems()``.

    An integer setting gets the least value it accepts, counting down from its
    default; an array of integers the fewest items, and whether they must
    differ. The rule object is the one source of its ranges: the schema only
    reports what it says.
    """
    hints = typing.get_type_hints(rule)
    base: dict[str, object] = {}
    for field in attrs.fields(rule):
        default = field.default
        given = default is not attrs.NOTHING and not isinstance(default, attrs.Factory)  # type: ignore[arg-type]
        base[field.name] = default if given else _rule_sample(hints[field.name])
    out: dict[str, dict[str, object]] = {}
    for field in attrs.fields(rule):
        tp = hints[field.name]
        start = base[field.name]
        if tp is int and isinstance(start, int):
            # The values refused, counting down: all of them from some value on is
            # a minimum; a few with accepted values below them are exceptions
            # (an amount that must not be 0).
            refused: list[int] = []
            for value in range(start, min(start, 0) - 3, -1):
                bad = _field_problem(rule, {**base, field.name: value}, field.name)
                if bad is None:
                    break
                if bad:
                    refused.append(value)
                elif refused:
                    out[field.name] = {"not": {"enum": refused}}
                    break
            else:
                if refused:
                    out[field.name] = {"minimum": refused[0] + 1}
        elif tp == tuple[int, ...]:
            found: dict[str, object] = {}
            fewest = next(
                (
                    count
                    for count in range(4)
                    if _field_problem(rule, {**base, field.name: tuple(range(count))}, field.name)
                    is False
                ),
                0,
            )
            if fewest:
                found["minItems"] = fewest
            repeated = (0,) * max(2, fewest)
            if _field_problem(rule, {**base, field.name: repeated}, field.name):
                found["uniqueItems"] = True
            if found:
                out[field.name] = found
    return out


def _described(schema: dict[str, Any], text: str) -> dict[str, Any]:
    if text.strip():
        schema = {"description": _plain(text), **schema}
    return schema


def _value_schema(tp: Any, path: str, required: bool) -> dict[str, Any]:
    """The schema of one value of type ``tp`` at the reference key path ``path``."""
    if tp is bool:
        return {"type": "boolean"}
    if tp is str:
        return {"type": "string"}
    if tp is int:
        out: dict[str, Any] = {"type": "integer"}
        if path in MINIMUMS:
            out["minimum"] = MINIMUMS[path]
        return out
    if typing.get_origin(tp) is Literal:
        return {"type": "string", "enum": list(typing.get_args(tp))}
    if tp == int | None:
        return {"anyOf": [{"type": "integer"}, {"const": NONE}]}
    if tp in RULE_ARRAYS:
        array: dict[str, Any] = {"type": "array", "items": {"$ref": f"#/$defs/{RULE_ARRAYS[tp]}"}}
        if path == "triggers":
            array["maxItems"] = MAX_TRIGGERS
        return array
    if tp == tuple[str, ...]:
        strings: dict[str, Any] = {"type": "array", "items": {"type": "string"}}
        if path in NON_EMPTY:
            strings["minItems"] = 1
        return strings
    if tp == tuple[int, ...]:
        # An array of integers, or a range of them: { from = -10, to = 10 }. One
        # schema for both (items for an array, the rest for a table), so that an
        # editor offers the key once, with its description.
        return {
            "type": ["array", "object"],
            "items": {"type": "integer"},
            "propertyNames": {"enum": ["from", "to"]},
            "additionalProperties": {"type": "integer"},
            "required": ["from", "to"],
        }
    if tp == tuple[Card, ...]:
        return {
            "type": "object",
            "propertyNames": {"pattern": f"^{CARD_ID.pattern}$"},
            "additionalProperties": {"$ref": "#/$defs/card"},
        }
    if tp == tuple[Zone, ...]:
        return {
            "type": "object",
            "propertyNames": {"pattern": f"^{CARD_ID.pattern}$"},
            "additionalProperties": _table_schema(Zone, f"{path}.<name>", required=required),
        }
    item = array_class(tp)
    if item is not None:
        # An array replaces the one before it whole: each table states every required key.
        return {"type": "array", "items": _table_schema(item, path, required=True)}
    if is_array(tp):
        items = _value_schema(typing.get_args(tp)[0], path, required)
        return {"type": "array", "items": items} if items else {"type": "array"}
    table = table_class(tp)
    if table is not None:
        return _table_schema(table, path, required=required)
    if tp is float:
        return {"type": "number"}
    # A setting of a type the schema cannot state (a rule object of another
    # package may have one) accepts any value here; loading the file checks it.
    return {}


def _table_schema(cls: type, prefix: str, *, required: bool) -> dict[str, Any]:
    """An attrs class as a table: each field a key, with its meaning and default."""
    properties: dict[str, Any] = {}
    needed: list[str] = []
    for field, tp, own in fields(cls):
        if (cls is Card and field.name == "id") or (cls is Zone and field.name == "name"):
            continue  # a card's id, a zone's name, is the name of its table
        path = f"{prefix}.{field.name}" if prefix else field.name
        schema = _value_schema(tp, path, required)
        inner = table_class(tp)
        meaning = own
        if inner is not None and array_class(tp) is None:
            # The table's class says what the table holds; the field's own
            # words stand in only when it does not (both together read twice).
            meaning = docs(inner)[0] or own
        if field.default is attrs.NOTHING:
            needed.append(field.name)
        else:
            schema.update(_default_of(field) if tp != tuple[Zone, ...] else {"default": {}})
        properties[field.name] = _described(schema, meaning)
    out: dict[str, Any] = {"type": "object", "properties": properties}
    if required and needed:
        out["required"] = needed
    out["additionalProperties"] = False
    return out


def _required_keys(cls: type) -> dict[str, Any]:
    """The keys without a default of each table below ``cls``, as nested ``required`` lists.

    What a file that extends no variant must state in a table it writes
    (``card`` in ``[redraw]``); the tables themselves may be left out.
    """
    out: dict[str, Any] = {}
    for field, tp, _ in fields(cls):
        inner = table_class(tp)
        if inner is None or array_class(tp) is not None or inner in {Card, Zone}:
            continue  # an array's tables state every key already (see _value_schema)
        needed = [f.name for f in attrs.fields(inner) if f.default is attrs.NOTHING]
        below = _required_keys(inner)
        table: dict[str, Any] = {}
        if needed:
            table["required"] = needed
        if below:
            table["properties"] = below
        if table:
            out[field.name] = table
    return out


def _rule_schema(kind: str, name: str, rule: type) -> dict[str, Any]:
    """One rule object: a table tagged by its ``type``."""
    summary, meanings = docs(rule)
    ranges = _rule_ranges(rule)
    properties: dict[str, Any] = {
        "type": {"const": name, "description": _plain(f"{summary} ({kind} `{name}`)")}
    }
    needed = ["type"]
    for field, tp, _ in fields(rule):
        schema = {**_value_schema(tp, f"{kind} {name}.{field.name}", True)}
        schema.update(ranges.get(field.name, {}))
        if field.default is attrs.NOTHING:
            needed.append(field.name)
        else:
            schema.update(_default_of(field))
        properties[field.name] = _described(schema, meanings.get(field.name, ""))
    return {
        "title": f'{kind} "{name}"',
        "description": _plain(summary),
        "type": "object",
        "properties": properties,
        "required": needed,
        "additionalProperties": False,
        # What a class says of its keys together (one of two keys, say).
        **getattr(rule, "json_schema", {}),
    }


def _rule_defs() -> dict[str, Any]:
    """Each rule object of the registry, and the tagged union of each kind."""
    defs: dict[str, Any] = {}
    for kind, _, types, _ in rule_kinds():
        names = list(types)
        article = "An" if kind[0] in "aeiou" else "A"
        defs[kind] = {
            "description": _plain(
                f"{article} {kind}: a table whose `type` is one of {', '.join(names)}."
            ),
            "type": "object",
            "required": ["type"],
            # The tables say what each ``type`` means; a list of the names here as
            # well would be offered by an editor a second time, with no meaning.
            "oneOf": [{"$ref": f"#/$defs/{kind}-{name}"} for name in names],
        }
        for name, rule in types.items():
            defs[f"{kind}-{name}"] = _rule_schema(kind, name, rule)
    return defs


def json_schema(kind: SchemaKind = "variant") -> dict[str, Any]:
    """A JSON Schema (draft 2020-12) of variant files or of house-rule files.

    Generated from the model like the TOML reference: every key with its
    type, default, allowed values, least value and meaning, and each effect
    and condition the rule registry knows (installed ones too) as a table
    tagged by its ``type``. Editors such as Taplo (Even Better TOML) use it
    for completion, hover help and checks as you type.

    The schema checks a file's structure: keys, types, allowed values and
    ranges. Whether the rules make a playable game (a deck large enough to
    deal, a card that can raise the total) is checked only by loading the
    file (:func:`ono99.load_variant`, :func:`ono99.check_file`).

    Args:
        kind: ``"variant"`` for variant files, ``"house-rule"`` for
            house-rule files.

    Raises:
        ValueError: If ``kind`` is neither.

    >>> import ono99
    >>> schema = ono99.json_schema()
    >>> schema["properties"]["total"]["properties"]["bust"]["default"]
    99
    >>> sorted(ono99.json_schema("house-rule")["properties"])[:3]
    ['add_triggers', 'aliases', 'cards']
    """
    if kind not in SCHEMA_FILES:
        raise ValueError(f"kind must be 'variant' or 'house-rule', not {kind!r}")
    variant = _table_schema(Variant, "", required=False)
    properties: dict[str, Any] = variant["properties"]
    cards = properties.pop("cards")
    properties["standard_deck"] = _described(
        _table_schema(StandardDeck, "standard_deck", required=False), docs(StandardDeck)[0]
    )
    properties["ranks"] = _described(
        {
            "type": "object",
            "additionalProperties": _table_schema(RankRules, RANK_KEY, required=False),
        },
        docs(RankRules)[0],
    )
    properties["add_triggers"] = {
        **{key: value for key, value in properties["triggers"].items() if key != "default"},
        "description": _ADD_TRIGGERS,
    }
    if kind == "variant":
        summary, _ = docs(Variant)
        title = "ono99 variant file"
        properties = {
            "extends": {"description": _EXTENDS, "type": "string"},
            "house_rules": {
                "description": _HOUSE_RULES,
                "type": "array",
                "items": {"type": "string"},
            },
            **properties,
            "cards": cards,
        }
        # Without a variant to start from, a file states its name and its cards,
        # and each card every key that has no default (a file that extends
        # another may change one key of a card it inherits).
        card_keys = _table_schema(Card, CARD_KEY, required=True).get("required", [])
        # A standard deck makes the cards, and a [cards] table may then change
        # one key of a card it made.
        rest: dict[str, Any] = {
            "if": {"required": ["extends"]},
            "else": {
                "required": ["name"],
                "properties": _required_keys(Variant),
                "if": {"required": ["standard_deck"]},
                "else": {
                    "required": ["cards"],
                    "properties": {"cards": {"additionalProperties": {"required": card_keys}}},
                },
            },
        }
    else:
        summary, title = _HOUSE_RULE, "ono99 house-rule file"
        _, own = docs(HouseRule)
        meta = {key: properties[key] for key in NOT_RULES}
        for key in own.keys() & meta.keys():  # a house rule's own id, name...
            meta[key] = {**meta[key], "description": _plain(own[key])}
        meta["for"] = {"description": _FOR, "type": "array", "items": {"type": "string"}}
        settings = {key: properties[key] for key in RULE_KEYS if key != "cards"}
        properties = {**meta, **settings, "cards": cards}
        rest = {"minProperties": 1}
    card_summary, _ = docs(Card)
    card = _table_schema(Card, CARD_KEY, required=False)
    return {
        "$schema": DIALECT,
        "title": title,
        "description": _plain(summary),
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
        **rest,
        "$defs": {
            "card": {"description": _plain(card_summary), **card},
            **_rule_defs(),
        },
    }


def schema_text(kind: SchemaKind = "variant") -> str:
    """:func:`json_schema` as the text of a ``.json`` file."""
    return json.dumps(json_schema(kind), indent=2, ensure_ascii=False) + "\n"


def render(text: str) -> str:
    """``text`` with its generated part (between the markers) made anew.

    Raises:
        ValueError: If the markers are missing.
    """
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"the markers {BEGIN!r} and {END!r} are missing")
    body = "\n".join(generated()).rstrip("\n")
    return f"{text[: start + len(BEGIN)]}\n\n{body}\n\n{text[end:]}"


def update(path: Path, *, check: bool = False) -> bool:
    """Regenerate the reference in ``path``; with ``check``, only compare.

    A file named as in :data:`SCHEMA_FILES` is written whole, as the JSON
    Schema of its kind; any other holds the reference between the markers.

    Returns:
        Whether the file was (or, with ``check``, is) up to date.
    """
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    kind = next((k for k, name in SCHEMA_FILES.items() if path.name == name), None)
    new = schema_text(kind) if kind is not None else render(text)
    if new == text:
        return True
    if not check:
        path.write_text(new, encoding="utf-8")
    return False


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m ono99.authoring._schema [--check] FILE``."""
    from pathlib import Path  # noqa: PLC0415  # only the command needs it at run time

    args = list(sys.argv[1:] if argv is None else argv)
    check = "--check" in args
    files = [a for a in args if a != "--check"]
    if len(files) != 1:
        print("usage: python -m ono99.authoring._schema [--check] FILE", file=sys.stderr)
        return 2
    fresh = update(Path(files[0]), check=check)
    if check and not fresh:
        print(f"{files[0]} is out of date: run python -m ono99.authoring._schema {files[0]}")
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
