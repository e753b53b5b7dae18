"""The converter (``ono99.loading._convert``): TOML data to a variant and back, with key paths.

Structuring checks types strictly and reports each problem at its key path; the
checks of the settings' values run only once the types are right. Unstructuring
gives the data a TOML file would hold, with every setting or only those that
differ from their defaults.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import ono99
from ono99.loading._convert import structure_variant, unstructure_variant
from ono99.loading._problems import ProblemsError


def problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(ProblemsError) as info:
        structure_variant(data)
    return [(p.path, p.message) for p in info.value.problems]


@pytest.fixture
def data() -> dict[str, Any]:
    """Every setting of the common "99" rules, as plain data."""
    return unstructure_variant(ono99.load_variant("ninety-nine"))


@pytest.mark.parametrize("variant_id", ono99.list_variants())
@pytest.mark.parametrize("omit_defaults", [False, True])
def test_structure_undoes_unstructure(variant_id: str, omit_defaults: bool) -> None:
    """Every shipped variant comes back equal from its data, in full or without defaults."""
    variant = ono99.load_variant(variant_id)
    assert structure_variant(unstructure_variant(variant, omit_defaults=omit_defaults)) == variant


def test_without_defaults_only_what_differs_is_written(data: dict[str, Any]) -> None:
    """The canonical form leaves out settings at their defaults (a start of 0, no floor)."""
    short = unstructure_variant(ono99.load_variant("ninety-nine"), omit_defaults=True)
    assert short["total"] == {"bust": 100}
    assert short["deal"] == {"hand_size": 3}
    assert "triggers" not in short
    assert data["total"] == {
        "start": 0,
        "bust": 100,
        "floor": "none",
        "below_floor": "raised",
        "restart": "never",
    }
    assert data["triggers"] == []


def test_a_rule_object_is_written_as_a_table_with_its_type(data: dict[str, Any]) -> None:
    assert data["cards"]["king"]["effects"] == [{"type": "set_total", "value": 99}]
    assert data["cards"]["ace"]["effects"] == [{"type": "add_choice", "amounts": [1, 11]}]


def test_a_value_of_the_wrong_type_is_named_by_its_key_path(data: dict[str, Any]) -> None:
    data["deal"]["hand_size"] = "four"
    assert problems(data) == [("deal.hand_size", 'expected an integer, got "four"')]


def test_a_boolean_is_no_integer(data: dict[str, Any]) -> None:
    """TOML's ``true`` is refused where a number is expected, though Python counts it as 1."""
    data["deal"]["hand_size"] = True
    assert problems(data) == [("deal.hand_size", "expected an integer, got true (a boolean)")]


def test_an_unknown_key_is_named_with_the_closest_key(data: dict[str, Any]) -> None:
    data["deal"]["hand_sise"] = 3
    ((path, message),) = problems(data)
    assert path == "deal.hand_sise"
    assert message.startswith("unknown key; did you mean 'hand_size'? (the keys here are ")


def test_an_unknown_rule_type_names_the_installed_ones(data: dict[str, Any]) -> None:
    data["cards"]["king"]["effects"] = [{"type": "set_totl", "value": 99}]
    ((path, message),) = problems(data)
    assert path == "cards.king.effects[0].type"
    assert message.startswith('unknown effect "set_totl"; did you mean "set_total"?')
    for name in ono99.rules.rule_types("effect"):
        assert name in message


def test_types_are_checked_before_values(data: dict[str, Any]) -> None:
    """A file with a wrong type and a value out of range reports the type first; once the
    type is right, the value is checked."""
    data["deal"]["hand_size"] = "four"
    data["players"]["min"] = 1
    assert [path for path, _ in problems(data)] == ["deal.hand_size"]
    data["deal"]["hand_size"] = 3
    assert problems(data) == [("players.min", "expected 2 or more, got 1")]


def test_structuring_leaves_the_data_as_it_was(data: dict[str, Any]) -> None:
    before = copy.deepcopy(data)
    structure_variant(data)
    assert data == before
