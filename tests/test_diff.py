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


def test_a_changed_array_is_one_row_in_toml() -> None:
    """An array is one value: no per-element rows with a misleading "(not set)"."""
    rows = ono99.diff_variants("ono99-1980", "ono99-1980-option")
    assert rows == [
        ("cards.ono99.effects", "[]", '[{ type = "hold" }]'),
        (
            "cards.ono99.conditions",
            '[{ type = "never" }]',
            '[{ type = "total_multiple_of", n = 10, negative = true }, '
            '{ type = "once_per_turn" }]',
        ),
    ]


def test_the_rows_of_one_card_stay_together() -> None:
    rows = [key for key, _, _ in ono99.diff_variants("ninety-nine", "ono99-1980")]
    cards = [key.split(".")[1] for key in rows if key.startswith("cards.")]
    runs = [card for i, card in enumerate(cards) if i == 0 or cards[i - 1] != card]
    assert len(runs) == len(set(runs)), runs


def test_one_card_is_one_card() -> None:
    variant = ono99.loads_variant(
        'extends = "ono99-2022"\nid = "one"\n[cards.joker]\nname = "Joker"\ncount = 1\n'
        'effects = [{ type = "hold" }]\n'
    )
    rows = {key: (a, b) for key, a, b in ono99.diff_variants("ono99-2022", variant)}
    assert rows["cards.joker"][1].startswith("Joker (1 card): ")
