"""A ``[standard_deck]`` that is wrong: each problem is a VariantError at the deck's own keys."""

from __future__ import annotations

import json
import textwrap
from typing import TYPE_CHECKING

import pytest

import ono99
from ono99.authoring._schema import json_schema

if TYPE_CHECKING:
    from pathlib import Path


def _error(tmp_path: Path, text: str) -> ono99.VariantError:
    path = tmp_path / "deck.toml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    with pytest.raises(ono99.VariantError) as info:
        ono99.load_variant(path)
    return info.value


@pytest.mark.parametrize("key", ["suits", "ranks"])
def test_an_empty_deck_with_a_card_left_out(tmp_path: Path, key: str) -> None:
    """No suits (or no ranks) make no cards: the file is told so, not an IndexError."""
    error = _error(
        tmp_path,
        f"""
        id = "deck"
        name = "Deck"
        [standard_deck]
        {key} = []
        leave_out = ["2_of_clubs"]
        """,
    )
    assert any(p.startswith(f"standard_deck.{key}: ") for p in error.problems), error.problems
    assert str(tmp_path / "deck.toml") in str(error)


@pytest.mark.parametrize(
    ("jokers", "expected"), [(-5, "expected 0 or more"), (10**18, "expected at most 10000")]
)
def test_jokers_out_of_range_are_the_decks_key(tmp_path: Path, jokers: int, expected: str) -> None:
    """``jokers`` out of range is reported at ``standard_deck.jokers``, in the file that set it.

    The shipped file it extends is not blamed for the deck this file makes too large.
    """
    error = _error(
        tmp_path,
        f"""
        extends = "cribbage-pegging"
        id = "more-jokers"
        [standard_deck]
        jokers = {jokers}
        """,
    )
    assert error.source == str(tmp_path / "deck.toml")
    assert any(p.startswith("standard_deck.jokers: ") and expected in p for p in error.problems), (
        error.problems
    )


def test_no_jokers_over_a_variant_with_joker_rules_is_the_users_key(tmp_path: Path) -> None:
    """``jokers = 0`` over ``ninety-nine-jokers``, whose ``[cards.joker]`` gives the jokers
    their rules: the file that set the count is told, at ``standard_deck.jokers``, what to
    write instead, and the shipped file is not blamed for a joker with no name. Giving the
    joker a name and a count of 0 makes a deck without jokers."""
    error = _error(
        tmp_path,
        """
        extends = "ninety-nine-jokers"
        id = "no-jokers"
        [standard_deck]
        jokers = 0
        """,
    )
    assert error.source == str(tmp_path / "deck.toml")
    (problem,) = error.problems
    assert problem.startswith("standard_deck.jokers: 0 makes no joker, but cards.joker gives")
    path = tmp_path / "none.toml"
    path.write_text(
        'extends = "ninety-nine-jokers"\nid = "none"\n[standard_deck]\njokers = 0\n'
        '[cards.joker]\nname = "Joker"\ncount = 0\n',
        encoding="utf-8",
    )
    assert ono99.load_variant(path).deck_size == 52


def test_the_json_schema_gives_jokers_a_minimum() -> None:
    """Editors flag a negative number of jokers, as the loader does."""
    schema = json.loads(json.dumps(json_schema("variant")))
    jokers = schema["properties"]["standard_deck"]["properties"]["jokers"]
    assert jokers["minimum"] == 0
