"""Malformed variant and house-rule files: each gives a VariantError that says what to fix.

Every test names the file, the TOML key path and what was expected, as the
error must. No malformed file may raise anything but :class:`ono99.VariantError`.
"""

from __future__ import annotations

import textwrap
import tomllib
from typing import TYPE_CHECKING, Any

import attrs
import pytest
import tomli_w
from hypothesis import given
from hypothesis import strategies as st

import ono99
from ono99.loading._checks import check_variant
from ono99.loading._files import variants_dir
from ono99.loading._problems import Problem
from ono99.rules import BaseEffect

if TYPE_CHECKING:
    from pathlib import Path

# A small sound variant to break in one place at a time.
MINI = """
id = "mini"
name = "Mini"

[players]
min = 2
max = 4

[cards.five]
name = "Five"
count = 12
effects = [{ type = "add", amount = 5 }]

[cards.hold]
name = "Hold"
count = 6
effects = [{ type = "hold" }]
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def load_error(source: str | Path, house_rules: Any = (), **kwargs: Any) -> ono99.VariantError:
    with pytest.raises(ono99.VariantError) as info:
        ono99.load_variant(source, house_rules, **kwargs)
    return info.value


def problem(error: ono99.VariantError, path: str, *fragments: str) -> str:
    """The one problem line at ``path``, checked to hold every fragment."""
    lines = [p for p in error.problems if p.startswith(f"{path}: ")]
    assert lines, f"no problem at {path!r} in {error.problems}"
    assert len(lines) == 1, lines
    for fragment in fragments:
        assert fragment in lines[0], f"{fragment!r} not in {lines[0]!r}"
    return lines[0]


def _merged(base: dict[str, Any], top: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in top.items():
        both = isinstance(value, dict) and isinstance(out.get(key), dict)
        out[key] = _merged(out[key], value) if both else value
    return out


def mini_with(folder: Path, extra: str, base: str = MINI) -> Path:
    """A standalone file: MINI with the TOML ``extra`` merged into it."""
    data = _merged(tomllib.loads(base), tomllib.loads(textwrap.dedent(extra)))
    return write(folder, "mini.toml", tomli_w.dumps(data))


# ------------------------------------------------------------ one bad value

# (what is added to MINI, key path, fragments of the message)
BAD_VALUES = [
    ('[deck]\ncopies = "two"\n', "deck.copies", 'expected an integer, got "two"'),
    ("[deck]\ncopies = true\n", "deck.copies", "expected an integer, got true (a boolean)"),
    ("[total]\nbust = 99.5\n", "total.bust", "expected an integer, got 99.5 (a float)"),
    ('[total]\nfloor = "zero"\n', "total.floor", 'expected an integer, or "none" for no floor'),
    (
        '[round]\nend = "last_stand"\n',
        "round.end",
        'expected one of "first_loss", "last_standing", got "last_stand"',
        'did you mean "last_standing"?',
    ),
    (
        '[deal]\nfirst_dealer = "Random"\n',
        "deal.first_dealer",
        'did you mean "random"?',
    ),
    ("[reshuffle]\nkeep_top_card = 1\n", "reshuffle.keep_top_card", "expected true or false"),
    ("[match]\ntokens = 3\n", "match.tokens", "expected a table, got 3 (an integer)"),
    ('aliases = "mine"\n', "aliases", 'expected an array of strings, got "mine"'),
    ("aliases = [1]\n", "aliases[0]", "expected a string, got 1 (an integer)"),
    ("[players]\nmaximum = 3\n", "players.maximum", "unknown key; did you mean 'max'?"),
    ("[match.points]\ntraget = 300\n", "match.points.traget", "did you mean 'target'?"),
    ("[totl]\nbust = 3\n", "totl", "unknown key; did you mean 'total'?"),
    ('extend = "ono99-1980"\n', "extend", "unknown key; did you mean 'extends'?"),
    ("[cards.ten]\nname = 10\ncount = 4\n", "cards.ten.name", "expected a string, got 10"),
    (
        '[cards.ten]\nname = "Ten"\ncount = 4\neffects = [{ type = "ad", amount = 10 }]\n',
        "cards.ten.effects[0].type",
        'unknown effect "ad"; did you mean "add"?',
        "the effects installed are add, add_choice, aim, choose_next, declare, deflect, draw, "
        "force_plays, "
        "hold, multiply, repeat_previous, reverse, set_total, skip, when",
    ),
    (
        '[cards.ten]\nname = "Ten"\ncount = 4\neffects = [{ type = "add" }]\n',
        "cards.ten.effects[0].amount",
        "missing required key (expected an integer)",
    ),
    (
        '[cards.ten]\nname = "Ten"\ncount = 4\n'
        'effects = [{ type = "add", amount = 1, ammount = 2 }]\n',
        "cards.ten.effects[0].ammount",
        "unknown key; did you mean 'amount'?",
    ),
    (
        '[cards.ten]\nname = "Ten"\ncount = 4\neffects = ["add"]\n',
        "cards.ten.effects[0]",
        'expected a table such as { type = "add" }, got "add"',
    ),
    (
        '[cards.ten]\nname = "Ten"\ncount = 4\neffects = { type = "add", amount = 1 }\n',
        "cards.ten.effects",
        "expected an array of effects, got a table",
    ),
    (
        '[cards.ten]\nname = "Ten"\ncount = 4\nconditions = [{ n = 10 }]\n',
        "cards.ten.conditions[0]",
        "missing required key 'type' (the conditions installed are card, follows_declared, "
        "never, not_as_answer",
    ),
    (
        '[cards.ten]\nname = "Ten"\ncount = 4\nconditions = [{ type = "nevr" }]\n',
        "cards.ten.conditions[0].type",
        'unknown condition "nevr"; did you mean "never"?',
    ),
    ("[cards]\nten = 10\n", "cards.ten", "expected a table, got 10 (an integer)"),
    (
        '[cards.ten]\nid = "ten"\nname = "Ten"\ncount = 4\n',
        "cards.ten.id",
        "unknown key (a card's id is the name of its table)",
    ),
    (
        '[cards.ten]\nname = "Ten"\n',
        "cards.ten.count",
        "missing required key (expected an integer)",
    ),
    # Checks beyond types.
    ("[cards.five]\ncount = -1\n", "cards.five.count", "expected 0 or more, got -1"),
    ("[cards.five]\npoints = -5\n", "cards.five.points", "expected 0 or more, got -5"),
    ("[players]\nmin = 1\n", "players.min", "expected 2 or more, got 1"),
    ("[players]\nmin = 5\n", "players.max", "expected at least players.min (5), got 4"),
    ("[deck]\ncopies = 0\n", "deck.copies", "expected 1 or more, got 0"),
    ("[deal]\nhand_size = 0\n", "deal.hand_size", "expected 1 or more, got 0"),
    (
        "[players]\nmax = 6\n",
        "cards",
        "the deck holds 18 cards, too few to deal 4 (deal.hand_size) to each of 6 players "
        "(players.max): expected at least 24",
    ),
    (
        "[deal]\nhand_size = 5\n",
        "cards",
        "too few to deal 5 (deal.hand_size) to each of 4 players",
    ),
    (
        '[cards.five]\neffects = [{ type = "add", amount = -5 }]\n',
        "cards",
        "no card can raise the total, so a round could never end",
    ),
    (
        '[cards.five]\nconditions = [{ type = "never" }]\n',
        "cards",
        "no card can raise the total",
    ),
    (
        '[cards.five]\neffects = [{ type = "add_choice", amounts = [] }]\n',
        "cards.five.effects[0].amounts",
        "expected 2 or more amounts to choose from, got []",
    ),
    (
        '[cards.five]\neffects = [{ type = "add_choice", amounts = [1, 11] }, '
        '{ type = "add_choice", amounts = [10, -10] }]\n',
        "cards.five.effects[1]",
        "a card offers one choice of amount; effects[0] already does",
    ),
    ("[total]\nstart = 99\n", "total.bust", "expected more than total.start (99), got 99"),
    ("[total]\nfloor = 5\n", "total.floor", "expected at most total.start (0), got 5"),
    (
        '[redraw]\ncard = "hodl"\n',
        "redraw.card",
        "no card 'hodl' in [cards]; did you mean 'hold'?",
    ),
    ('[redraw]\ncard = "hold"\ncount = 5\n', "redraw.count", "expected 1 to the hand size (4)"),
    ("[redraw]\ncount = 4\n", "redraw.card", "missing required key (expected a string)"),
    (
        '[redraw]\ncard = "hold"\ncount = 4\n[cards.hold]\ncount = 3\n',
        "redraw.count",
        "the deck holds only 3 'hold' cards, so a redraw of 4 could never happen",
    ),
    (
        '[round]\nend = "first_loss"\n',
        "match.scoring",
        'scoring "none" plays one round to the last player standing, so it needs '
        'round.end = "last_standing"',
    ),
    ("[match.tokens]\ncount = 0\n", "match.tokens.count", "expected 1 or more, got 0"),
    ("[match.points]\ntarget = 0\n", "match.points.target", "expected 1 or more, got 0"),
    ("[match.points]\nbust = -25\n", "match.points.bust", "expected 0 or more, got -25"),
    (
        "[match.points]\nmissing_card = -1\n",
        "match.points.missing_card",
        "expected 0 or more, got -1",
    ),
    (
        '[cards.five]\neffects = [{ type = "add", amount = 5 }, '
        '{ type = "force_plays", plays = 1 }]\n',
        "cards.five.effects[1].plays",
        "expected 2 or more, got 1",
    ),
    (
        '[cards.hold]\neffects = [{ type = "hold" }, { type = "deflect", min_players = 1 }]\n',
        "cards.hold.effects[1].min_players",
        "expected 2 or more, got 1",
    ),
    (
        '[cards.hold]\nconditions = [{ type = "total_multiple_of", n = 0 }]\n',
        "cards.hold.conditions[0].n",
        "expected 1 or more, got 0",
    ),
    (
        '[cards."minus ten"]\nname = "Minus Ten"\ncount = 1\n'
        'effects = [{ type = "add", amount = -10 }]\n',
        'cards."minus ten"',
        "a card id may hold only letters, digits, '_' and '-', got 'minus ten'",
    ),
    (
        '[cards." "]\nname = "Blank"\ncount = 1\n',
        'cards." "',
        "a card id may hold only letters, digits, '_' and '-', got ' '",
    ),
    ('id = ""\n', "id", "expected a non-empty id"),
]


@pytest.mark.parametrize(
    ("extra", "path", "fragments"),
    [(case[0], case[1], case[2:]) for case in BAD_VALUES],
    ids=[case[1] + ":" + case[2][:30] for case in BAD_VALUES],
)
def test_a_bad_value_is_reported_at_its_key_path(
    tmp_path: Path, extra: str, path: str, fragments: tuple[str, ...]
) -> None:
    file = mini_with(tmp_path, extra)
    error = load_error(file)
    assert isinstance(error, ValueError)
    assert error.source == str(file)
    assert str(file) in str(error)
    problem(error, path, *fragments)


def test_a_bad_card_id_is_reported_with_the_card_s_other_problems(tmp_path: Path) -> None:
    """A card id that is no bare key is named as TOML writes it, quoted, beside what else
    is wrong in its table (an id alone is not the only problem a file is told of)."""
    error = load_error(mini_with(tmp_path, '[cards."a.b"]\nname = "A"\ncount = "1"\n'))
    problem(error, 'cards."a.b"', "a card id may hold only letters")
    problem(error, 'cards."a.b".count', "expected an integer")


def test_the_sound_base_loads(tmp_path: Path) -> None:
    variant = ono99.load_variant(mini_with(tmp_path, ""))
    assert (variant.id, variant.deck_size) == ("mini", 18)


def test_a_file_missing_its_required_keys(tmp_path: Path) -> None:
    error = load_error(write(tmp_path, "empty.toml", ""))
    problem(error, "name", "missing required key (expected a string)")
    problem(error, "cards", "missing required key (expected a table of cards")


def test_several_problems_are_reported_together(tmp_path: Path) -> None:
    file = mini_with(
        tmp_path,
        """
        [deck]
        copies = "2"
        [total]
        bust = "99"
        [deal]
        hand_sise = 4
        """,
    )
    error = load_error(file)
    assert len(error.problems) == 3
    assert str(error).startswith(f"{file}: 3 problems:\n  - ")
    problem(error, "deck.copies", "expected an integer")
    problem(error, "total.bust", "expected an integer")
    problem(error, "deal.hand_sise", "did you mean 'hand_size'?")


def test_range_problems_are_reported_together(tmp_path: Path) -> None:
    file = mini_with(
        tmp_path,
        """
        [players]
        min = 1
        [cards.five]
        count = -3
        [match.tokens]
        count = 0
        """,
    )
    error = load_error(file)
    problem(error, "players.min", "expected 2 or more, got 1")
    problem(error, "cards.five.count", "expected 0 or more, got -3")
    problem(error, "match.tokens.count", "expected 1 or more, got 0")


@pytest.mark.parametrize("kind", ["os.system", "__import__", "builtins.eval", "Add"])
def test_effect_names_come_only_from_the_registry(tmp_path: Path, kind: str) -> None:
    """Loading never runs code: a ``type`` that names anything else is an unknown effect."""
    file = mini_with(
        tmp_path, f'[cards.x]\nname = "X"\ncount = 1\neffects = [{{ type = "{kind}" }}]\n'
    )
    problem(load_error(file), "cards.x.effects[0].type", f'unknown effect "{kind}"')


@attrs.frozen
class _Names(BaseEffect):
    """A stand-in rule object that names a card, as a rule such as a deflector list may."""

    type = "names"
    card: str

    def referenced_cards(self) -> list[tuple[str, str]]:
        return [("card", self.card)]

    def describe(self) -> str:
        return f"names {self.card}"


def _naming(card: str) -> Any:
    """Effects holding the stand-in (not one of the library's effect types)."""
    return (_Names(card),)


def test_every_card_a_rule_names_must_exist() -> None:
    """``check_variant`` asks each rule object for the cards it names."""
    base = ono99.load_variant("ono99-2022")
    hold = attrs.evolve(base.cards[-1], effects=_naming("revrese"))
    broken = attrs.evolve(base, cards=(*base.cards[:-1], hold))
    assert Problem(
        "cards.ono99.effects[0].card",
        "no card 'revrese' in [cards]; did you mean 'reverse'?",
        ("cards",),
    ) in check_variant(broken)
    fine = attrs.evolve(
        base, cards=(*base.cards[:-1], attrs.evolve(hold, effects=_naming("reverse")))
    )
    assert check_variant(fine) == []


# ------------------------------------------------------------ syntax errors


@pytest.mark.parametrize(
    ("text", "where", "what"),
    [
        ('id = "x"\nname = "y"\n[cards\n', "line 3, column 7", "Expected ']'"),
        ('id = "x"\n\n[cards.a]\ncount = 3 3\n', "line 4, column 11", ""),
        ('id = "x"\nid = "y"\n', "line 2", "Cannot overwrite a value"),
        ('name = "unclosed', "line 1, column 17 (the end of the file)", "Unterminated string"),
        ('effects = [{ type = "add", amount = 1 ]\n', "line 1, column 39", "inline table"),
    ],
)
def test_syntax_errors_keep_line_and_column(
    tmp_path: Path, text: str, where: str, what: str
) -> None:
    file = write(tmp_path, "broken.toml", text)
    error = load_error(file)
    assert error.source == str(file)
    (message,) = error.problems
    assert message.startswith(f"invalid TOML at {where}")
    assert what in message


def test_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    file = tmp_path / "latin1.toml"
    file.write_bytes('name = "Café"\n'.encode("latin-1"))
    error = load_error(file)
    assert "not UTF-8" in str(error)
    assert error.source == str(file)


def test_a_missing_file_and_a_folder(tmp_path: Path) -> None:
    error = load_error(tmp_path / "nowhere.toml")
    assert error.source == str(tmp_path / "nowhere.toml")
    assert "no such variant file" in str(error)
    assert "no such variant file" in str(load_error(tmp_path))


def test_an_unknown_variant_id_suggests_one() -> None:
    error = load_error("ono99-1908")
    assert "no shipped variant 'ono99-1908'; did you mean 'ono99-1980'?" in str(error)
    assert "the shipped variants are " in str(error) and " ono99-1980," in str(error)


def test_a_suggestion_is_an_id_the_list_shows_or_says_whose_name_it_is() -> None:
    """The list of ids shows no alias: an id is suggested first, and an alias names its id."""
    assert "did you mean 'ono99-2022'?" in str(load_error("ono99-2020"))
    assert "did you mean 'gibsons-1988' (another name of ono99-1980)?" in str(
        load_error("gibson-1988")
    )


def test_a_house_rule_file_given_as_a_variant(tmp_path: Path) -> None:
    rule = write(tmp_path, "r.toml", 'for = ["ono99-1980"]\n[total]\nbust = 100\n')
    assert load_error(rule).problems == (
        "for: only a house rule says which variants it is for; lay this file over a "
        "variant as a house rule (house_rules=[...] in Python, --house-rule at the "
        "command line)",
    )


def test_a_house_rule_id_given_as_a_variant() -> None:
    error = str(load_error("two-decks"))
    assert "that is a house rule; lay it over a variant (house_rules=[...] in Python" in error
    assert "--house-rule at the command line" in error


def test_a_variant_that_extends_another_has_a_title_of_its_own(tmp_path: Path) -> None:
    """A file that extends an edition without a name is not titled as the edition."""
    path = write(tmp_path, "to-100.toml", 'extends = "ono99-2022"\n[total]\nbust = 101\n')
    variant = ono99.load_variant(path)
    assert variant.name == "to-100"
    assert variant.description == "ONO 99 (Mattel, 2022), with the changes in to-100.toml."
    assert ono99.rulebook(variant).startswith("to-100\n")


def test_a_game_of_an_unknown_variant() -> None:
    with pytest.raises(ono99.VariantError, match="no shipped variant 'nope'"):
        ono99.Game("nope", players=2)


# ------------------------------------------------------------------ extends


def test_a_cycle_shows_the_chain(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", 'extends = "b.toml"\nname = "A"\n')
    write(tmp_path, "b.toml", 'extends = "c.toml"\n')
    write(tmp_path, "c.toml", 'extends = "a.toml"\n')
    error = load_error(tmp_path / "a.toml")
    assert error.source == str((tmp_path / "c.toml").resolve())
    assert error.problems == (
        "extends: the chain loops: a.toml extends b.toml extends c.toml extends a.toml",
    )


def test_a_file_extending_itself(tmp_path: Path) -> None:
    write(tmp_path, "me.toml", 'extends = "me.toml"\n')
    assert "the chain loops: me.toml extends me.toml" in str(load_error(tmp_path / "me.toml"))


def test_a_missing_parent_shows_the_chain(tmp_path: Path) -> None:
    write(tmp_path, "child.toml", 'extends = "parent.toml"\n')
    write(tmp_path, "parent.toml", 'extends = "ono99-1908"\n')
    error = load_error(tmp_path / "child.toml")
    assert error.source == str((tmp_path / "parent.toml").resolve())
    (message,) = error.problems
    assert message.startswith(
        "extends: child.toml extends parent.toml extends 'ono99-1908', "
        "but no shipped variant 'ono99-1908'; did you mean 'ono99-1980'?"
    )


def test_a_missing_parent_file(tmp_path: Path) -> None:
    write(tmp_path, "child.toml", 'extends = "sub/parent.toml"\n')
    error = load_error(tmp_path / "child.toml")
    assert error.problems == (
        "extends: child.toml extends 'sub/parent.toml', but no such variant file: "
        f"{tmp_path / 'sub' / 'parent.toml'}",
    )


def test_extends_must_be_a_string(tmp_path: Path) -> None:
    error = load_error(write(tmp_path, "v.toml", "extends = 1980\n"))
    assert error.problems == (
        "extends: expected a variant id or a path relative to this file, got 1980 (an integer)",
    )


def test_changing_a_card_the_parent_lacks(tmp_path: Path) -> None:
    file = write(tmp_path, "v.toml", 'extends = "ono99-1980"\n[cards.minus_10]\ncount = 6\n')
    problem(
        load_error(file),
        "cards.minus_10",
        "ono99-1980 has no card 'minus_10' to change; did you mean 'minus_ten'?",
        "a new card needs a name too",
    )
    file = write(tmp_path, "w.toml", 'extends = "ono99-1980"\n[cards."minus 10"]\ncount = 6\n')
    problem(load_error(file), 'cards."minus 10"', "ono99-1980 has no card 'minus 10' to change")


def test_a_child_problem_is_the_childs(tmp_path: Path) -> None:
    file = write(tmp_path, "v.toml", 'extends = "ono99-2022"\n[cards.minus_ten]\ncount = -1\n')
    error = load_error(file)
    assert error.source == str(file)
    problem(error, "cards.minus_ten.count", "expected 0 or more, got -1")


def test_a_child_making_the_deck_too_small(tmp_path: Path) -> None:
    file = write(tmp_path, "v.toml", 'extends = "ono99-1980"\n[players]\nmax = 20\n')
    error = load_error(file)
    assert error.source == str(file)
    problem(error, "cards", "the deck holds 54 cards, too few", "each of 20 players")


def test_house_rules_in_a_variant_need_extends(tmp_path: Path) -> None:
    file = mini_with(tmp_path, 'house_rules = ["two-decks"]\n')
    assert load_error(file).problems == (
        "house_rules: a variant file lays house rules over the variant it extends; "
        'add extends = "<variant id or path>"',
    )


def test_house_rules_in_a_variant_must_be_an_array(tmp_path: Path) -> None:
    file = write(tmp_path, "v.toml", 'extends = "ono99-1980"\nhouse_rules = "two-decks"\n')
    assert "house_rules: expected an array of house-rule ids or paths" in str(load_error(file))


# -------------------------------------------------------------- house rules


def test_an_unknown_house_rule_suggests_one() -> None:
    error = load_error("ono99-1980", ["last-standin"])
    assert "no shipped house rule 'last-standin'; did you mean 'last-standing'?" in str(error)


def test_a_variant_given_as_a_house_rule() -> None:
    error = load_error("ono99-1980", ["ono99-2022"])
    assert "no shipped house rule 'ono99-2022': that is a variant" in str(error)


def test_a_house_rule_for_another_edition() -> None:
    error = load_error("ono99-2022", ["floor-zero"])
    assert error.source == str(variants_dir() / "house" / "floor-zero.toml")
    assert error.problems == (
        "for: the house rule 'floor-zero' is for ono99-1980 (or a variant that extends it), "
        "and ono99-2022 is neither: leave it out",
    )


def test_a_house_rule_fits_the_descendants_of_its_edition() -> None:
    assert ono99.load_variant("ono99-1980-points", ["floor-zero"]).total.floor == 0
    error = load_error("ono99-1980-points", ["negative-totals"])
    assert "and ono99-1980-points is neither" in str(error)


def test_a_house_rule_for_an_edition_by_alias(tmp_path: Path) -> None:
    rule = write(tmp_path, "r.toml", 'for = ["Gibsons-1988"]\n[total]\nbust = 100\n')
    assert ono99.load_variant("ono99-1980", [rule]).total.bust == 100
    assert "is for Gibsons-1988" in str(load_error("ono99-2022", [rule]))


def test_a_house_rule_with_bad_keys(tmp_path: Path) -> None:
    rule = write(
        tmp_path,
        "bad.toml",
        """
        nmae = "Bad"
        id = 5
        for = "ono99-1980"
        [total]
        bust = "100"
        """,
    )
    error = load_error("ono99-1980", [rule])
    assert error.source == str(rule)
    problem(error, "nmae", "unknown key; did you mean 'name'?", "the keys of a house rule are")
    problem(error, "id", "expected a string, got 5 (an integer)")
    problem(error, "for", 'expected an array of strings, such as ["ono99-1980"], got "ono99-1980"')
    problem(error, "total.bust", 'expected an integer, got "100"')


def test_a_house_rule_setting_a_variants_name(tmp_path: Path) -> None:
    rule = write(tmp_path, "r.toml", "[total]\nbust = 100\n[deal]\nhand_sise = 3\n")
    problem(load_error("ono99-2022", [rule]), "deal.hand_sise", "did you mean 'hand_size'?")


@pytest.mark.parametrize(
    ("text", "path", "fragment"),
    [
        ('extends = "ono99-1980"\n[total]\nbust = 100\n', "extends", "cannot extend one"),
        ('house_rules = ["two-decks"]\n[total]\nbust = 100\n', "house_rules", "cannot apply"),
        ('name = "Nothing"\n', "(top level)", "the house rule changes nothing"),
    ],
)
def test_what_a_house_rule_may_not_do(tmp_path: Path, text: str, path: str, fragment: str) -> None:
    rule = write(tmp_path, "r.toml", text)
    problem(load_error("ono99-1980", [rule]), path, fragment)
    with pytest.raises(ono99.VariantError, match=fragment):
        ono99.load_house_rule(rule)


def test_a_house_rule_problem_is_the_house_rules(tmp_path: Path) -> None:
    """A value that is wrong only once laid over the variant names the house rule."""
    rule = write(tmp_path, "fewer.toml", "[cards.minus_ten]\ncount = -2\n")
    error = load_error("ono99-2022", [rule])
    assert error.source == str(rule)
    problem(error, "cards.minus_ten.count", "expected 0 or more, got -2")


def test_a_house_rule_changing_a_card_the_variant_lacks(tmp_path: Path) -> None:
    rule = write(tmp_path, "r.toml", "[cards.double_play]\ncount = 4\n")
    error = load_error("ono99-2022", [rule])
    assert error.source == str(rule)
    problem(error, "cards.double_play", "ono99-2022 has no card 'double_play' to change")


def test_problems_from_several_files_name_each(tmp_path: Path) -> None:
    child = write(tmp_path, "child.toml", 'extends = "ono99-1980"\n[deck]\ncopies = "2"\n')
    rule = write(tmp_path, "r.toml", "[total]\nbust = true\n")
    error = load_error(child, [rule])
    assert error.source == "child with house rules r"
    assert f"{child}: deck.copies: expected an integer" in str(error)
    assert f"{rule}: total.bust: expected an integer, got true" in str(error)


def test_a_house_rule_syntax_error(tmp_path: Path) -> None:
    rule = write(tmp_path, "r.toml", "[total\nbust = 100\n")
    error = load_error("ono99-1980", [rule])
    assert error.source == str(rule)
    assert error.problems[0].startswith("invalid TOML at line 1, column 7")


@pytest.mark.parametrize(
    ("text", "line", "hint"),
    [
        (
            'extends = "ono99-2022"\n[cards.big]\nname = "Big"\ncount = 4\n'
            'effects = [{ type = "add",\n  amount = 200 }]\n',
            5,
            "inline tables are one line",
        ),
        ('extends = "ono99-2022"\n[players]\nteams = { at = [4], }\n', 3, "no comma after"),
        ('extends = "ono99-2022"\n[total]\nbust 100\n', 3, "key = value"),
        ('extends = "ono99-2022"\nname = Big\n', 2, "text is written in quotes"),
        ('extends = "ono99-2022"\n[total]\nbust = 1\nbust = 2\n', 4, "set once"),
        ('extends = "ono99-2022"\nname = "Big\n', 2, 'use """..."""'),
    ],
)
def test_a_syntax_error_is_reported_once_at_its_line_with_the_common_cause(
    tmp_path: Path, text: str, line: int, hint: str
) -> None:
    """TOML 1.0: "Inline tables are intended to appear on a single line" and take "no
    trailing comma"; a syntax error's one problem gives its line and, for the common
    causes, what to write (tomllib's "Invalid initial character for a key part" alone
    said nothing of the split inline table)."""
    path = write(tmp_path, "v.toml", text)
    error = load_error(path)
    (message,) = error.problems
    assert message.startswith(f"invalid TOML at line {line}, column ")
    assert hint in message
    (finding,) = ono99.check_file(path)
    assert finding.message == message


def test_inherited_partnerships_at_counts_a_file_no_longer_allows_are_left_out(
    tmp_path: Path,
) -> None:
    """cribbage-pegging plays four in partnerships; a file extending it with
    ``players.max = 2`` (written when it allowed two or three) plays two, as before,
    with no partnerships, and so does a house rule laid over it; what the file lists
    itself is still checked."""
    text = 'extends = "cribbage-pegging"\nid = "two"\n[players]\nmax = 2\n'
    variant = ono99.load_variant(write(tmp_path, "two.toml", text))
    assert (variant.players.max, variant.players.teams.at) == (2, ())
    assert ono99.Game(variant, players=2, seed=1).teams == ()
    rule = write(tmp_path, "three.toml", "[players]\nmax = 3\n")
    assert ono99.load_variant("cribbage-pegging", [rule]).players.teams.at == ()
    assert ono99.load_variant("cribbage-pegging").players.teams.at == (4,)
    own = 'extends = "cribbage-pegging"\nid = "p"\n[players]\nmax = 2\nteams = { at = [4] }\n'
    problem(load_error(write(tmp_path, "own.toml", own)), "players.teams.at[0]", "got 4")


def test_an_inherited_key_is_named_as_inherited_with_the_fix(tmp_path: Path) -> None:
    """A file extending cribbage-pegging with teams of three does not set
    ``players.teams.at``: the problem says where it comes from, and what to write."""
    text = 'extends = "cribbage-pegging"\nid = "p3"\n[players]\nteams = { size = 3 }\n'
    error = load_error(write(tmp_path, "p3.toml", text))
    message = problem(error, "players.teams.at[0]", "4 players do not make two or more teams")
    assert "players.teams.at is not set in this file: it comes from cribbage-pegging;" in message
    assert "teams = { at = [] }" in message


def test_a_key_the_file_sets_itself_is_not_said_to_be_inherited(tmp_path: Path) -> None:
    """The same problem in the file that writes ``teams`` names no other file."""
    text = 'extends = "cribbage-pegging"\nid = "p"\n[players]\nteams = { at = [5] }\n'
    message = problem(load_error(write(tmp_path, "p.toml", text)), "players.teams.at[0]")
    assert "not set in this file" not in message
    assert "teams = { at = [] }" not in message


def test_two_house_rules_that_disagree_name_both(tmp_path: Path) -> None:
    error = load_error("ono99-1980", ["points", "last-standing"])
    house = variants_dir() / "house"
    assert error.problems == (
        f"the house rules 'points' ({house / 'points.toml'}) and 'last-standing' "
        f'({house / "last-standing.toml"}) both set match.scoring, to "points" and '
        '"none": leave one out, or pass later_wins=True (--later-wins at the command line) '
        "to let the later one win",
    )


def test_the_later_house_rule_wins_when_asked() -> None:
    both = ["points", "last-standing"]
    assert ono99.load_variant("ono99-1980", both, later_wins=True).match.scoring == "none"
    assert ono99.load_variant("ono99-1980", both[::-1], later_wins=True).match.scoring == "points"


def test_house_rules_that_agree_do_not_conflict() -> None:
    """``points`` and ``points-elimination`` both set ``match.scoring = "points"``."""
    variant = ono99.load_variant("ono99-1980", ["points", "points-elimination"])
    assert (variant.match.scoring, variant.round.end) == ("points", "last_standing")


def test_a_variant_file_settles_its_house_rules_conflict(tmp_path: Path) -> None:
    base = 'extends = "ono99-1980"\nhouse_rules = ["points", "last-standing"]\n'
    error = load_error(write(tmp_path, "v.toml", base))
    assert "both set match.scoring" in str(error)
    assert "set the key in this file to settle it" in str(error)
    settled = write(tmp_path, "w.toml", base + '[match]\nscoring = "none"\n')
    assert ono99.load_variant(settled).match.scoring == "none"


# ---------------------------------------------------- nothing else escapes

_SCALARS = st.one_of(
    st.integers(-200, 200),
    st.booleans(),
    st.text(max_size=8),
    st.floats(allow_nan=False, allow_infinity=False),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def _key_paths(data: dict[str, Any], prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    paths = []
    for key, value in data.items():
        paths.append((*prefix, key))
        if isinstance(value, dict):
            paths += _key_paths(value, (*prefix, key))
    return paths


_BASE = tomllib.loads((variants_dir() / "ono99-2022.toml").read_text(encoding="utf-8"))
_PATHS = _key_paths(_BASE)


@given(st.lists(st.tuples(st.sampled_from(_PATHS), _VALUES), min_size=1, max_size=3))
def test_any_broken_file_gives_a_variant_error(changes: list[tuple[tuple[str, ...], Any]]) -> None:
    """Invariant: whatever values replace those of a sound file, loading it either
    succeeds or raises VariantError; never another exception."""
    data = tomllib.loads(tomli_w.dumps(_BASE))
    for path, value in changes:
        table = data
        for key in path[:-1]:
            table = table[key] if isinstance(table.get(key), dict) else {}
        table[path[-1]] = value
    try:
        text = tomli_w.dumps(data)
    except (TypeError, ValueError):  # not expressible in TOML: nothing to load
        return
    problems: tuple[str, ...] = ("loaded",)
    try:
        ono99.loads_variant(text)
    except ono99.VariantError as error:
        problems = error.problems
    assert problems
    assert all(problems)


@pytest.mark.parametrize("plays", [-5, 0, -(2**63)])
def test_a_declaration_that_follows_from_a_setting_out_of_range_is_the_settings_problem(
    plays: int,
) -> None:
    """``force_plays`` with ``plays = -5`` declares ``forces_plays = -5``, which the engine
    cannot read; the file is told what is wrong with ``plays`` (a VariantError at its key),
    not that the rule object failed."""
    text = (
        'extends = "ono99-2022"\nid = "x"\nname = "x"\n[cards.play_2]\n'
        f'effects = [{{ type = "force_plays", plays = {plays} }}]\n'
    )
    with pytest.raises(ono99.VariantError) as error:
        ono99.loads_variant(text)
    assert error.value.problems == (
        f"cards.play_2.effects[0].plays: expected 2 or more, got {plays}",
    )


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('" " = 0', '" ": unknown key'),
        ('"" = 0', '"": unknown key'),
        ('"a.b" = 0', '"a.b": unknown key'),
        ('[players]\n" " = 1', 'players." ": unknown key'),
    ],
)
def test_an_unknown_key_that_is_no_bare_key_is_named_as_toml_writes_it(
    text: str, problem: str
) -> None:
    """A key path names the key the file wrote: a blank key was shown as nothing
    (``f.toml:  : unknown key``), an empty one as ``(top level)`` and ``"a.b"`` as two
    keys; each is quoted as TOML quotes it (the loader fuzz found the blank one)."""
    with pytest.raises(ono99.VariantError) as error:
        ono99.loads_variant(f'extends = "ono99-2022"\nid = "x"\n{text}\n', "f.toml")
    assert error.value.problems[0].startswith(problem)


def test_validate_gives_the_quoted_key_as_the_findings_path(tmp_path: Path) -> None:
    """``ono99 validate --json`` splits each problem into its key path and message: a
    quoted key is part of the path, not left in the message with an empty path."""
    path = tmp_path / "f.toml"
    path.write_text('extends = "ono99-2022"\nid = "x"\n[players]\n"a.b" = 1\n', "utf-8")
    (finding,) = ono99.check_file(path)
    assert (finding.path, finding.message) == (
        'players."a.b"',
        "unknown key (the keys here are min, max, teams)",
    )


def test_a_card_with_too_many_effects_is_refused(tmp_path: Path) -> None:
    """A card holds at most ``MAX_CARD_RULES`` effects and conditions, a when's own counted.

    Every play asks each of them; 5,000 on one card loaded and played at 15 ms a move.
    """
    from ono99._limits import MAX_CARD_RULES  # noqa: PLC0415

    holds = ", ".join(['{ type = "hold" }'] * MAX_CARD_RULES)
    inside = '{ type = "when", conditions = [{ type = "total_even" }], effects = [' + holds + "] }"
    path = write(
        tmp_path,
        "many.toml",
        f"""
        extends = "ninety-nine"
        id = "many"
        [cards.king]
        effects = [{inside}]
        """,
    )
    error = load_error(path)
    assert (
        f"cards.king.effects: expected at most {MAX_CARD_RULES} effects and conditions on a "
        f"card (with those a when holds), got {MAX_CARD_RULES + 1}"
    ) in error.problems
    assert error.source == str(path)
    fewer = path.read_text(encoding="utf-8").replace('{ type = "hold" }, ', "", 1)
    path.write_text(fewer, encoding="utf-8")
    assert len(ono99.load_variant(path).card("king").effects) == 1


def test_a_variant_with_too_many_rule_objects_is_refused(tmp_path: Path) -> None:
    """A variant holds at most ``MAX_RULES`` rule objects: cards' and triggers' together."""
    from ono99._limits import MAX_CARD_RULES, MAX_RULES  # noqa: PLC0415

    per_card = MAX_CARD_RULES
    cards = MAX_RULES // per_card + 1
    holds = ", ".join(['{ type = "hold" }'] * per_card)
    tables = "".join(
        f'[cards.c{i}]\nname = "C{i}"\ncount = 1\neffects = [{holds}]\n' for i in range(cards)
    )
    path = tmp_path / "lots.toml"
    path.write_text(f'extends = "ninety-nine"\nid = "lots"\n{tables}', encoding="utf-8")
    error = load_error(path)
    assert any(
        p.startswith(f"cards: expected at most {MAX_RULES} rule objects in a variant")
        for p in error.problems
    ), error.problems


def test_too_many_kinds_of_card_are_refused_before_they_are_structured(tmp_path: Path) -> None:
    """At most ``MAX_KINDS`` card tables, in a variant or a house rule; ``count = 0`` counts.

    Cards that are not in the deck were not bounded: 24,000 of them in a file
    under 1 MB took minutes to load, and ``ono99 validate`` as long again for each
    variant a house rule is laid over.
    """
    from ono99._limits import MAX_KINDS  # noqa: PLC0415

    tables = "".join(f'[cards.z{i}]\nname = "Z"\ncount = 0\n' for i in range(MAX_KINDS + 1))
    variant = tmp_path / "kinds.toml"
    variant.write_text(f'extends = "ninety-nine"\nid = "kinds"\n{tables}', encoding="utf-8")
    expected = f"cards: expected at most {MAX_KINDS} kinds of card"
    assert any(p.startswith(expected) for p in load_error(variant).problems)
    rule = tmp_path / "kinds-rule.toml"
    rule.write_text(tables, encoding="utf-8")
    with pytest.raises(ono99.VariantError) as info:
        ono99.load_house_rule(rule)
    assert [p for p in info.value.problems if p.startswith(expected)], info.value.problems
