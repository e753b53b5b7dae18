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


def test_an_array_of_integers_may_be_written_as_a_range() -> None:
    """``{ from = a, to = b }`` stands for the integers from a to b, both included, where
    an array of integers is expected: a Ten worth any value from -10 to +10 (21 amounts)
    offers 21 moves, one for each amount in order, and the action table has one each."""
    variant = ono99.loads_variant(
        'extends = "ninety-nine"\nid = "wild-ten"\nname = "Wild ten"\n[cards.10]\n'
        'effects = [{ type = "add_choice", amounts = { from = -10, to = 10 } }]\n'
    )
    (effect,) = variant.card("10").effects
    assert effect.choices == tuple(range(-10, 11))
    game = ono99.Game(variant, 3, seed=1, deck=["10"])
    tens = [m for m in game.legal_moves() if isinstance(m, ono99.Play) and m.card == "10"]
    assert [move.amount for move in tens] == list(range(-10, 11))
    assert ono99.loads_variant(ono99.dump_variant(variant)) == variant


@pytest.mark.parametrize(
    ("written", "path", "says"),
    [
        ("{ from = 3, to = 1 }", "amounts", "expected from at most to, got from = 3 and to = 1"),
        ("{ from = -150, to = 150 }", "amounts", "a range of at most 201 integers, got 301"),
        ("{ from = 1 }", "amounts.to", "missing required key (a range such as"),
        ("{ to = 1 }", "amounts.from", "missing required key (a range such as"),
        ("{ from = 1, to = 2, step = 1 }", "amounts.step", "unknown key 'step'"),
        ('{ from = "a", to = 2 }', "amounts.from", 'expected an integer, got "a"'),
    ],
)
def test_a_bad_range_is_refused_at_its_key(written: str, path: str, says: str) -> None:
    """A range with ``from`` above ``to``, of more than 201 integers, or with keys of
    its own missing or unknown is the library's error at its key path."""
    with pytest.raises(ono99.VariantError) as caught:
        ono99.loads_variant(
            'extends = "ninety-nine"\nid = "w"\nname = "w"\n[cards.10]\n'
            f'effects = [{{ type = "add_choice", amounts = {written} }}]\n'
        )
    (problem,) = caught.value.problems
    assert problem.startswith(f"cards.10.effects[0].{path}: ")
    assert says in problem


def test_a_range_missing_both_ends_names_each_at_its_key() -> None:
    """``at = {}``: each missing end is reported at its own key path, as the JSON Schema
    reports it (the two once disagreed: the loader named the range's table)."""
    with pytest.raises(ono99.VariantError) as caught:
        ono99.loads_variant(
            'extends = "ninety-nine"\nid = "w"\nname = "w"\n[players.teams]\nat = {}\nsize = 2\n'
        )
    assert [p.partition(": ")[0] for p in caught.value.problems] == [
        "players.teams.at.from",
        "players.teams.at.to",
    ]
