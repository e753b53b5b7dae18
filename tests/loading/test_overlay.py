"""The overlay (``ono99.loading._overlay``): files laid over one another, each key with its file.

Tables merge key by key and any other value replaces the one before it; every key
path remembers the file that set it last, so a problem is blamed on that file.
"""

from __future__ import annotations

import pytest

from ono99 import VariantError
from ono99.loading._overlay import Doc, check_top_keys, leaves, merge, overlay, raise_problems
from ono99.loading._problems import Problem


def test_tables_merge_and_other_values_replace() -> None:
    """A file states only what differs: ``deal.leader`` survives a file that sets only
    ``deal.hand_size``, and a card's ``effects`` array is replaced whole."""
    base = {"deal": {"hand_size": 4, "leader": "left"}, "effects": [1, 2]}
    top = {"deal": {"hand_size": 3}, "effects": [3]}
    assert merge(base, top) == {"deal": {"hand_size": 3, "leader": "left"}, "effects": [3]}
    assert base == {"deal": {"hand_size": 4, "leader": "left"}, "effects": [1, 2]}


def test_leaves_walk_tables_and_stop_at_arrays() -> None:
    data = {"deal": {"hand_size": 3}, "aliases": ["a", "b"], "empty": {}}
    assert list(leaves(data)) == [("deal.hand_size", 3), ("aliases", ["a", "b"]), ("empty", {})]


def test_a_problem_is_blamed_on_the_last_file_that_set_its_key() -> None:
    doc = Doc(source="child.toml")
    overlay(doc, {"deal": {"hand_size": 4}, "players": {"min": 2}}, "base.toml", None)
    overlay(doc, {"deal": {"hand_size": 0}}, "child.toml", "base")
    assert doc.data == {"deal": {"hand_size": 0}, "players": {"min": 2}}
    assert doc.where(Problem("deal.hand_size", "expected 1 or more")) == "child.toml"
    assert doc.where(Problem("players.min", "expected 2 or more")) == "base.toml"
    # A problem below a key that was set blames the file that set the table.
    assert doc.where(Problem("players.min[0]", "x")) == "base.toml"
    # A problem of a combination blames the latest file among its keys.
    assert doc.where(Problem("players.min", "x", related=("deal.hand_size",))) == "child.toml"


def test_a_card_the_base_lacks_must_be_a_whole_card() -> None:
    """A card table laid over a variant that has no such card is a typo unless it is a
    whole new card (a name and a count): it is reported with the cards there are."""
    doc = Doc(source="child.toml")
    overlay(doc, {"cards": {"king": {"name": "King", "count": 4}}}, "base.toml", None)
    child = {"cards": {"kign": {"count": 2}, "joker": {"name": "Joker", "count": 2}}}
    overlay(doc, child, "child.toml", "base")
    assert set(doc.data["cards"]) == {"king", "joker"}
    ((problem, file),) = doc.problems
    assert (problem.path, file) == ("cards.kign", "child.toml")
    assert problem.message == (
        "base has no card 'kign' to change; did you mean 'king'? "
        "(a new card needs a name too; the cards of base are king)"
    )


def test_unknown_top_level_keys_are_removed_and_reported_once() -> None:
    data = {"id": "x", "nmae": "X", "colour": "red"}
    found = check_top_keys(data, ["id", "name"], "a variant", "x.toml")
    assert data == {"id": "x"}
    assert [(p.path, p.message, f) for p, f in found] == [
        (
            "nmae",
            "unknown key; did you mean 'name'? (the keys of a variant are id, name)",
            "x.toml",
        ),
        ("colour", "unknown key", "x.toml"),
    ]


def test_problems_of_one_file_name_it_once_and_of_several_each() -> None:
    with pytest.raises(VariantError) as one:
        raise_problems([(Problem("deal.hand_size", "expected 1 or more"), "a.toml")], "b.toml")
    assert one.value.source == "a.toml"
    assert one.value.problems == ("deal.hand_size: expected 1 or more",)
    with pytest.raises(VariantError) as two:
        raise_problems(
            [(Problem("", "empty"), "a.toml"), (Problem("id", "missing"), "b.toml")], "both"
        )
    assert two.value.source == "both"
    assert two.value.problems == ("a.toml: (top level): empty", "b.toml: id: missing")


def test_add_triggers_adds_after_the_triggers_there_and_each_keeps_its_file() -> None:
    """``[[add_triggers]]`` adds to the array below it (``[[triggers]]`` replaces it):
    a problem in an added trigger blames the file that added it, one in a trigger
    already there the file that set it."""
    doc = Doc(source="rule.toml")
    overlay(doc, {"triggers": [{"type": "a"}]}, "base.toml", None)
    overlay(doc, {"add_triggers": [{"type": "b"}, {"type": "c"}]}, "rule.toml", "base")
    assert doc.data["triggers"] == [{"type": "a"}, {"type": "b"}, {"type": "c"}]
    assert "add_triggers" not in doc.data
    assert doc.where(Problem("triggers[0].value", "x")) == "base.toml"
    assert doc.where(Problem("triggers[2].value", "x")) == "rule.toml"
    # Over nothing, or beside [[triggers]] in the same file, it adds to what is there.
    fresh = Doc(source="v.toml")
    overlay(fresh, {"triggers": [{"type": "a"}], "add_triggers": [{"type": "b"}]}, "v.toml", None)
    assert fresh.data["triggers"] == [{"type": "a"}, {"type": "b"}]
    assert fresh.blame(Problem("triggers[0]", "x")) == (Problem("triggers[0]", "x"), "v.toml")
    assert fresh.blame(Problem("triggers[1]", "x")) == (Problem("add_triggers[0]", "x"), "v.toml")


def test_a_problem_in_an_added_trigger_is_named_as_its_file_wrote_it() -> None:
    """Messages give the key path of the file to change: ``add_triggers[1].value`` in the
    house rule, not the ``triggers[2].value`` the item became once laid over its base."""
    doc = Doc(source="rule.toml")
    overlay(doc, {"triggers": [{"type": "a"}]}, "base.toml", None)
    overlay(doc, {"add_triggers": [{"type": "b"}, {"type": "c"}]}, "rule.toml", "base")
    overlay(doc, {"add_triggers": [{"type": "d"}]}, "more.toml", "base")
    assert doc.blame(Problem("triggers[2].value", "x")) == (
        Problem("add_triggers[1].value", "x"),
        "rule.toml",
    )
    assert doc.blame(Problem("triggers[3]", "x")) == (Problem("add_triggers[0]", "x"), "more.toml")
    assert doc.blame(Problem("triggers[0].type", "x")) == (
        Problem("triggers[0].type", "x"),
        "base.toml",
    )
    # A file that sets the array whole wrote every item itself.
    overlay(doc, {"triggers": [{"type": "e"}, {"type": "f"}]}, "last.toml", "base")
    assert doc.blame(Problem("triggers[1]", "x")) == (Problem("triggers[1]", "x"), "last.toml")


def test_add_triggers_must_be_an_array() -> None:
    doc = Doc(source="rule.toml")
    overlay(doc, {"triggers": [{"type": "a"}]}, "base.toml", None)
    overlay(doc, {"add_triggers": 3}, "rule.toml", "base")
    assert doc.data["triggers"] == [{"type": "a"}]
    ((problem, file),) = doc.problems
    assert (problem.path, file) == ("add_triggers", "rule.toml")
    assert problem.message == (
        "expected an array of tables ([[add_triggers]]) adding to triggers, got 3 (an integer)"
    )
