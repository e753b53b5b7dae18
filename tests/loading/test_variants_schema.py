"""The TOML reference (docs/reference/schema.rst) matches the model, key for key."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import attrs

from ono99 import Card, Variant, Zone, rules
from ono99._variant import RankRules, StandardDeck
from ono99.authoring._schema import BEGIN, END, render

REFERENCE = Path(__file__).resolve().parents[2] / "docs" / "reference" / "schema.rst"


def _text() -> str:
    return REFERENCE.read_text(encoding="utf-8")


def test_the_reference_is_up_to_date() -> None:
    """Regenerate it with: python -m ono99.authoring._schema docs/reference/schema.rst"""
    text = _text()
    assert render(text) == text, "run: python -m ono99.authoring._schema docs/reference/schema.rst"


def _model_keys(cls: type, prefix: str = "") -> set[str]:
    """Every key path of the model, found independently of the generator."""
    keys: set[str] = set()
    hints = typing.get_type_hints(cls)
    for field in attrs.fields(cls):
        tp = hints[field.name]
        inner = [a for a in (tp, *typing.get_args(tp)) if attrs.has(a)]
        path = f"{prefix}.{field.name}" if prefix else field.name
        if tp == tuple[Card, ...]:
            keys |= {f"cards.<id>.{f.name}" for f in attrs.fields(Card) if f.name != "id"}
        elif tp == tuple[Zone, ...]:
            keys |= {f"zones.<name>.{f.name}" for f in attrs.fields(Zone) if f.name != "name"}
        elif inner:
            keys |= _model_keys(inner[0], path)
        else:
            keys.add(path)
    return keys


def _documented_keys(text: str) -> set[str]:
    """The keys in the first column of the reference's variant tables."""
    generated = text[text.index(BEGIN) : text.index("\nEffects\n")]
    return set(re.findall(r"^   \* - ``([\w.<>]+)``$", generated, re.MULTILINE))


def test_every_model_key_is_documented_and_nothing_else() -> None:
    """The model's keys, and those that make cards from a standard deck."""
    deck = _model_keys(StandardDeck, "standard_deck") | _model_keys(RankRules, "ranks.<rank>")
    assert _documented_keys(_text()) == _model_keys(Variant) | deck


def test_every_effect_and_condition_is_documented() -> None:
    text = _text()
    kinds: list[tuple[str, type[rules.Effect] | type[rules.Condition]]] = [
        *rules.rule_types("effect").items(),
        *rules.rule_types("condition").items(),
    ]
    for name, cls in kinds:
        heading = f'``type = "{name}"``'
        assert heading in text, name
        section = text[text.index(heading) :]
        section = section[: section.find('``type = "', len(heading))]
        for field in attrs.fields(cls):
            assert f"   * - ``{field.name}``" in section, (name, field.name)


def test_the_file_keys_and_house_rule_keys_are_documented() -> None:
    prose = _text()[: _text().index(BEGIN)]
    for key in ("extends", "house_rules", "id", "name", "description", "source", "aliases", "for"):
        assert f"   * - ``{key}``" in prose, key
    assert END in _text()
