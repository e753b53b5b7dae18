"""The JSON Schemas of variant and house-rule files: shipped, current, true to the loader."""

from __future__ import annotations

import functools
import json
import re
import tomllib
from importlib import resources
from typing import TYPE_CHECKING, Any

import attrs
import jsonschema
import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ono99
from ono99 import VariantError, dump_variant, json_schema, load_variant, loads_variant
from ono99.authoring._schema import SCHEMA_FILES, schema_text
from ono99.cli._main import main
from ono99.loading._files import house_rules_dir, variants_dir
from ono99.rules import rule_types
from ono99.testing import triggers, variants

if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path

    from ono99.rules import RuleKind

# The shipped files, found where the loader finds them (the source tree or the installed package).
VARIANTS = sorted(variants_dir().glob("*.toml"))
HOUSE_RULES = sorted(house_rules_dir().glob("*.toml"))


def _add_rule(monkeypatch: pytest.MonkeyPatch, kind: str, cls: type) -> None:
    """Make the schema's registry of ``kind`` hold ``cls`` too, under its ``type``."""

    def registry(asked: RuleKind, *, shipped_only: bool = False) -> Mapping[str, type]:
        found = rule_types(asked, shipped_only=shipped_only)
        return {**found, cls.type: cls} if asked == kind else found  # type: ignore[attr-defined]

    monkeypatch.setattr("ono99.authoring._reference.rule_types", registry)


def _validator(kind: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json_schema(kind))  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", list(SCHEMA_FILES))
def test_the_shipped_schema_is_the_generated_one(kind: str) -> None:
    """Regenerate with: python -m ono99.authoring._schema ono99/schemas/<kind>.schema.json"""
    shipped = resources.files("ono99") / "schemas" / SCHEMA_FILES[kind]  # type: ignore[index]
    assert shipped.read_text(encoding="utf-8") == schema_text(kind)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", list(SCHEMA_FILES))
def test_the_schema_is_a_valid_draft_2020_12_schema(kind: str) -> None:
    schema = json_schema(kind)  # type: ignore[arg-type]
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: p.stem)
def test_every_shipped_variant_validates(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert [e.message for e in _validator("variant").iter_errors(data)] == []


@pytest.mark.parametrize("path", HOUSE_RULES, ids=lambda p: p.stem)
def test_every_shipped_house_rule_validates(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert [e.message for e in _validator("house-rule").iter_errors(data)] == []


def test_a_whole_dumped_variant_validates() -> None:
    for name in ono99.list_variants():
        data = tomllib.loads(dump_variant(load_variant(name)))
        assert [e.message for e in _validator("variant").iter_errors(data)] == [], name


def test_every_rule_object_of_the_registry_is_a_tagged_table() -> None:
    defs = json_schema()["$defs"]
    kinds = (
        ("effect", rule_types("effect")),
        ("condition", rule_types("condition")),
        ("trigger", rule_types("trigger")),
        ("outcome", rule_types("outcome")),
    )
    for kind, types in kinds:
        assert defs[kind]["oneOf"] == [{"$ref": f"#/$defs/{kind}-{name}"} for name in types]
        for name, rule in types.items():
            table = defs[f"{kind}-{name}"]
            assert table["properties"]["type"]["const"] == name
            assert set(table["properties"]) == {"type", *(f.name for f in attrs.fields(rule))}
            assert table["description"]  # editors show it on hover


def test_a_rule_object_added_to_the_registry_appears(monkeypatch: pytest.MonkeyPatch) -> None:
    """The schema iterates the registry: an installed rule object needs no schema code."""

    @attrs.frozen
    class Double:
        """Double the total.

        Attributes:
            times: How many times over.
        """

        type = "double"
        times: int = 2

        def problems(self) -> list[tuple[str, str]]:
            return [] if self.times >= 2 else [("times", "expected 2 or more")]

    _add_rule(monkeypatch, "effect", Double)
    table = json_schema()["$defs"]["effect-double"]
    assert table["properties"]["times"] == {
        "description": "How many times over.",
        "type": "integer",
        "minimum": 2,
        "default": 2,
    }
    assert table["description"] == "Double the total."


def test_keys_types_defaults_enums_and_ranges() -> None:
    props = json_schema()["properties"]
    assert props["total"]["properties"]["floor"]["anyOf"] == [
        {"type": "integer"},
        {"const": "none"},
    ]
    assert props["total"]["properties"]["floor"]["default"] == "none"
    assert props["round"]["properties"]["end"]["enum"] == ["first_loss", "last_standing"]
    assert props["players"]["properties"]["min"]["minimum"] == 2
    card = json_schema()["$defs"]["card"]["properties"]
    assert card["count"]["minimum"] == 0
    amounts = json_schema()["$defs"]["effect-add_choice"]["properties"]["amounts"]
    assert amounts["minItems"] == 2
    assert amounts["uniqueItems"] is True
    assert "`[1, 11]`" in amounts["description"]  # Markdown, not reStructuredText


def test_a_house_rule_file_may_set_one_key_of_a_card() -> None:
    data = tomllib.loads("[cards.minus_ten]\ncount = 6\n")
    assert list(_validator("house-rule").iter_errors(data)) == []
    assert list(_validator("variant").iter_errors({"extends": "ono99-2022", **data})) == []
    assert list(_validator("variant").iter_errors(data))  # no parent: name and cards needed


def test_the_command_prints_and_writes_the_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out) == json_schema()
    out = tmp_path / "house.json"
    assert main(["schema", "--kind", "house-rule", "-o", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8")) == json_schema("house-rule")


# ----------------------------------------------------------- differential test

# Messages of the loader's structural problems: what a schema can say.
_STRUCTURAL = re.compile(
    # (Not "missing required key (or every, ...)": a rule between keys, checked with the ranges.)
    r"unknown key|unknown (effect|condition|trigger|outcome)|missing required key(?! \(or)|"
    r"expected (an integer|a number,|a string|true or false|one of|a table|an array|"
    r"an integer, or \"none\")"
)
_BASES = [
    tomllib.loads(dump_variant(load_variant(name)))
    for name in (
        "ono99-1980",
        "ono99-2022",
        "ninety-nine-pagat",
        "ninety-nine-everything2",
        "ninety-nine-milestones",
        "ninety-nine-bradwilson",
    )
]


@st.composite
def _with_triggers(draw: st.DrawFn) -> dict[str, Any]:
    """A generated variant with ``[[triggers]]`` (of every registered kind), as TOML data."""
    variant = draw(variants(playable=False))
    if not variant.triggers:
        total = variant.total
        more = triggers(bust=total.bust, floor=total.floor)
        variant = attrs.evolve(
            variant, triggers=tuple(draw(st.lists(more, min_size=1, max_size=3)))
        )
    data: dict[str, Any] = tomllib.loads(dump_variant(variant))
    return data


_DOCUMENTS = st.one_of(st.sampled_from(_BASES), _with_triggers())
_OTHER_VALUES = st.one_of(
    st.text(max_size=5),
    st.integers(-5, 200),
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False).filter(lambda f: not f.is_integer()),
    st.lists(st.integers(0, 3), max_size=2),
    st.dictionaries(st.sampled_from(["a", "type"]), st.integers(0, 3), max_size=1),
)


def _places(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """Every value below ``data`` with its path (tables and arrays too)."""
    out: list[tuple[tuple[Any, ...], Any]] = [(path, data)] if path else []
    if isinstance(data, dict):
        for key, value in data.items():
            out += _places(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _places(value, (*path, index))
    return out


def _key_path(parts: tuple[Any, ...]) -> str:
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text.lstrip(".")


def _set(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> None:
    target: Any = data
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value


def _other_type(old: Any, value: Any) -> bool:
    return not _same_type(value, old)


def _same_type(a: object, b: object) -> bool:
    return type(a) is type(b) or (isinstance(a, dict) and isinstance(b, dict))


@st.composite
def _broken_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A whole valid variant with one to three structural mistakes (often in its triggers):
    an unknown key, a value of another type, a misspelt choice, a key left out."""
    doc: dict[str, Any] = json.loads(json.dumps(draw(_DOCUMENTS)))
    for _ in range(draw(st.integers(1, 3))):
        places = _places(doc)
        in_triggers = [place for place in places if place[0][0] == "triggers"]
        use_triggers: bool = draw(st.booleans()) if in_triggers else False
        if use_triggers:
            places = in_triggers
        path, value = draw(st.sampled_from(places))
        mistake = draw(st.sampled_from(["unknown key", "wrong type", "bad enum", "missing key"]))
        if mistake == "unknown key" and isinstance(value, dict):
            value[draw(st.sampled_from(["colour", "bsut", "amonut", "typ"]))] = 1
        elif mistake == "missing key" and isinstance(value, dict) and value:
            del value[draw(st.sampled_from(sorted(value)))]
        elif mistake == "bad enum" and isinstance(value, str):
            _set(doc, path, value + draw(st.sampled_from(["x", "_", "s"])))
        else:
            new = draw(_OTHER_VALUES.filter(functools.partial(_other_type, value)))
            _set(doc, path, new)
    return doc


_RANGES = ("minimum", "minItems", "uniqueItems")


def _between_keys(error: jsonschema.ValidationError) -> bool:
    """Whether ``error`` is a rule table of a known type breaking only a rule between its
    keys (a trigger's ``value`` or ``every``, one of the two) or a range: what the loader
    checks with the ranges, once every type is right."""
    if error.validator != "oneOf" or not error.context:
        return False
    branches: dict[Any, list[jsonschema.ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    matching = [
        subs
        for subs in branches.values()
        if not any(sub.validator == "const" and list(sub.path) == ["type"] for sub in subs)
    ]
    return len(matching) == 1 and all(
        sub.validator in ("anyOf", *_RANGES) and not sub.path for sub in matching[0]
    )


def _schema_paths(doc: dict[str, Any]) -> set[str]:
    """Where the schema finds errors: an unknown or missing key at the key itself."""
    out: set[str] = set()
    for error in _validator("variant").iter_errors(doc):
        if error.validator in _RANGES or _between_keys(error):
            continue  # the loader's semantic checks find these too, once the types are right
        at = tuple(error.absolute_path)
        if error.validator == "additionalProperties":
            known = error.schema.get("properties", {})
            out |= {_key_path((*at, key)) for key in error.instance if key not in known}
        elif error.validator == "required":
            missing = [key for key in error.validator_value if key not in error.instance]
            out |= {_key_path((*at, key)) for key in missing}
        else:
            out.add(_key_path(at))
    return out


def _loader_paths(doc: dict[str, Any]) -> set[str]:
    """Where the loader finds structural problems (not its semantic checks)."""
    try:
        loads_variant(tomli_w.dumps(doc))
    except VariantError as exc:
        found = set()
        for line in exc.problems:
            path, _, message = line.partition(": ")
            if _STRUCTURAL.match(message):
                found.add("" if path == "(top level)" else path)
        return found
    return set()


def _covers(prefix: str, path: str) -> bool:
    return path == prefix or path.startswith((f"{prefix}.", f"{prefix}[")) or not prefix


@pytest.mark.parametrize("written", [{}, {"from": 4}, {"to": 4}])
def test_a_range_missing_an_end_is_placed_alike_by_the_schema_and_the_loader(
    written: dict[str, int],
) -> None:
    """The property below once drew ``players.teams.at = {}``: the schema named each
    missing end (``at.from``, ``at.to``), the loader the table (``at``). Both name
    each missing end now."""
    doc = tomllib.loads(dump_variant(load_variant("ninety-nine-pagat")))
    doc["players"]["teams"] = {"at": written, "size": 2}
    missing = {f"players.teams.at.{end}" for end in ("from", "to") if end not in written}
    assert _schema_paths(doc) == _loader_paths(doc) == missing


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(_broken_documents())
def test_the_schema_and_the_loader_agree_on_structural_errors(doc: dict[str, Any]) -> None:
    """Invariant: a document has a structural error (unknown key, wrong type, bad
    enum) by the schema exactly when the loader reports one, at the same key path.

    Ranges, and rules between keys (a trigger's ``value`` or ``every``), are left
    aside: both check them, but the loader checks them only once the types are
    right. A mistake may also make no error at all (a new name).

    The schema may place an error at a table that holds the bad key (an effect
    that matches none of the tagged tables), so each side's paths must each lie
    at or below one of the other's. Integer-valued floats (``6.0``) are left
    out: JSON Schema counts them as integers, TOML and the loader do not.
    """
    schema = _schema_paths(doc)
    loader = _loader_paths(doc)
    assert bool(schema) == bool(loader), (schema, loader)
    for path in loader:
        assert any(_covers(s, path) for s in schema), (path, schema)
    for path in schema:
        assert any(_covers(path, p) or _covers(p, path) for p in loader), (path, loader)


def test_a_rule_between_keys_is_left_to_the_semantic_checks_with_the_ranges() -> None:
    """A ``pass_over`` with neither ``value`` nor ``every``, beside an unknown key: the
    loader reports the unknown key (its types are not right yet), the schema both; the
    comparison above sets the second aside, as it does ranges."""
    doc = tomllib.loads(dump_variant(load_variant("ninety-nine-bradwilson")))
    del doc["triggers"][1]["value"]
    assert _schema_paths(doc) == _loader_paths(doc) == set()
    doc["forced_play"]["colour"] = 1
    assert _schema_paths(doc) == _loader_paths(doc) == {"forced_play.colour"}
    # The rule between keys, left alone, is found by both.
    del doc["forced_play"]["colour"]
    with pytest.raises(VariantError, match=r"triggers\[1\]\.value: missing required key"):
        loads_variant(tomli_w.dumps(doc))
    assert [e.validator for e in _validator("variant").iter_errors(doc)] == ["oneOf"]


@pytest.mark.parametrize(
    ("key", "value"),
    [("same", [0, "rank"]), ("same", ["shape"]), ("colour", ["green"])],
)
def test_an_array_of_names_is_checked_item_by_item(key: str, value: list[object]) -> None:
    """``same = [0, "rank"]`` in a ``previous_card`` condition: the loader refused the 0
    at ``same[0]``, the schema accepted any array (its items had no type; the property
    test above found it). Each item is one of the names now, in both."""
    doc = tomllib.loads(dump_variant(load_variant("ono99-2022")))
    doc["cards"]["0"]["conditions"] = [{"type": "previous_card", key: value}]
    bad = f"cards.0.conditions[0].{key}[{next(i for i, v in enumerate(value) if v != 'rank')}]"
    assert _loader_paths(doc) == {bad}
    assert any(_covers(path, bad) for path in _schema_paths(doc))


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(_DOCUMENTS)
def test_the_schema_and_the_loader_accept_the_same_whole_variants(doc: dict[str, Any]) -> None:
    """Invariant: a whole variant the loader accepts (shipped, or generated with triggers and
    every setting) has no schema error."""
    loads_variant(tomli_w.dumps(doc))
    assert _schema_paths(doc) == set()


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('for = "ono99-1980"\n[total]\nbust = 100\n', "for"),
        ('extends = "ono99-1980"\n[total]\nbust = 100\n', "extends"),
        ("colour = 1\n[total]\nbust = 100\n", "colour"),
        ('[round]\nend = "last_stand"\n', "round.end"),
        ('[cards.minus_ten]\ncount = "six"\n', "cards.minus_ten.count"),
    ],
)
def test_the_house_rule_schema_and_the_loader_agree(text: str, key: str, tmp_path: Path) -> None:
    """What the loader refuses in a house-rule file, the house-rule schema refuses there."""
    data = tomllib.loads(text)
    errors = list(_validator("house-rule").iter_errors(data))
    assert errors
    found = {_key_path(tuple(e.absolute_path)) for e in errors}
    assert any(_covers(path, key) for path in found), found
    rule = tmp_path / "rule.toml"
    rule.write_text(text, encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant("ono99-1980", [rule])
    assert any(line.startswith(f"{key}: ") for line in info.value.problems), info.value.problems


def test_a_setting_of_a_type_the_schema_cannot_state_accepts_anything(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A rule object from another package never breaks ``ono99 schema``."""

    @attrs.frozen
    class Odd:
        """Something else.

        Attributes:
            weights: Some mapping.
            ratio: A number.
        """

        type = "odd"
        weights: dict[str, int] = attrs.field(factory=dict)
        ratio: float = 0.5

    _add_rule(monkeypatch, "condition", Odd)
    table = json_schema()["$defs"]["condition-odd"]["properties"]
    assert table["weights"] == {"description": "Some mapping."}
    assert table["ratio"] == {"description": "A number.", "type": "number", "default": 0.5}


@pytest.mark.parametrize(
    ("trigger", "accepted"),
    [
        ({"type": "land_on", "value": 33, "outcomes": [{"type": "win_round"}]}, True),
        ({"type": "round_ends", "outcomes": [{"type": "points", "who": "player", "by": 1}]}, True),
        ({"type": "land_on", "outcomes": [{"type": "win_round"}]}, False),  # no value
        # "none" is no value either, unless every multiple of a number is watched.
        ({"type": "land_on", "value": "none", "outcomes": [{"type": "win_round"}]}, False),
        ({"type": "land_on", "every": 10, "outcomes": [{"type": "win_round"}]}, True),
        ({"type": "pass_over", "every": 0, "outcomes": [{"type": "win_round"}]}, False),
        ({"type": "land_on", "value": 33, "outcomes": [{"type": "zap"}]}, False),
        (
            {
                "type": "pass_over",
                "value": 3,
                "outcomes": [{"type": "tokens", "who": "x", "by": 1}],
            },
            False,
        ),
        (
            {
                "type": "pass_over",
                "value": 3,
                "outcomes": [{"type": "tokens", "who": "player", "by": 0}],
            },
            False,
        ),
        ({"type": "reach_bust", "outcomes": [{"type": "end_round"}], "value": 3}, False),
        ({"type": "explode", "outcomes": [{"type": "end_round"}]}, False),
    ],
)
def test_trigger_tables_are_checked_like_the_loader_checks_them(
    trigger: dict[str, Any], accepted: bool
) -> None:
    """A ``[[triggers]]`` table the schema accepts loads, and one it refuses does not."""
    data = {"id": "t", "extends": "ninety-nine", "triggers": [trigger]}
    errors = list(_validator("variant").iter_errors(data))
    assert (errors == []) is accepted
    if accepted:
        loads_variant(tomli_w.dumps(data))
    else:
        with pytest.raises(VariantError):
            loads_variant(tomli_w.dumps(data))


def test_a_table_key_without_a_default_is_required_where_no_variant_is_extended() -> None:
    """``[redraw]`` names the card to trade in, which has no default: a file that
    extends no variant must say it (the loader: "missing required key"), and so
    the schema says; a file that extends one may leave it to the base."""
    whole = tomllib.loads(dump_variant(load_variant("ono99-2022")))
    del whole["redraw"]["card"]
    with pytest.raises(VariantError, match=r"redraw\.card: missing required key"):
        loads_variant(tomli_w.dumps(whole))
    errors = list(_validator("variant").iter_errors(whole))
    assert [(e.validator, list(e.absolute_path)) for e in errors] == [("required", ["redraw"])]
    extending = {"extends": "ono99-2022", "id": "mine", "redraw": {"count": 4}}
    loads_variant(tomli_w.dumps(extending))
    assert list(_validator("variant").iter_errors(extending)) == []


def test_a_string_is_no_array_of_names_to_the_loader_either() -> None:
    """``colour = ""`` in a ``card`` condition: the loader read the string's characters as
    the array's items (none), and accepted it where the schema asks for an array (the
    property test above found it). Both refuse it, at the same key."""
    doc = tomllib.loads(dump_variant(load_variant("ono99-2022")))
    doc["cards"]["0"]["conditions"] = [{"type": "card", "colour": ""}]
    assert _loader_paths(doc) == {"cards.0.conditions[0].colour"}
    assert any(_covers(path, "cards.0.conditions[0].colour") for path in _schema_paths(doc))
