"""diff_variants: every rule that differs between two variants, by key path."""

from __future__ import annotations

import ono99


def test_the_editions_differ_where_the_rules_say() -> None:
    """The 1980 totals "could be minus ten ... minus twenty" (R80); the 2022 ones
    never go below 0 (M22): the floor is one of the differences, and cards only one
    edition has are one row each, in words."""
    rows = {key: (a, b) for key, a, b in ono99.diff_variants("ono99-1980", "ono99-2022")}
    assert rows["total.floor"] == ("none", "0")
    assert rows["players.max"] == ("8", "6")
    assert rows["cards.double_play"][1] == "(not set)"
    assert rows["cards.double_play"][0].startswith("Double Play (2 cards): Makes the next player")
    assert rows["cards.play_2"][0] == "(not set)"
    assert "id" not in rows and "name" not in rows


def test_no_difference_between_a_variant_and_its_alias() -> None:
    assert ono99.diff_variants("ono99-1980", "gibsons-1988") == []


def test_a_house_rule_shows_as_what_it_changes() -> None:
    rows = ono99.diff_variants("ono99-1980", "ono99-1980+floor-zero")
    assert rows == [("total.floor", "none", "0")]
