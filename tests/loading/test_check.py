"""check_file and ``ono99 validate``: what cannot work is an error, what plays badly a warning."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import attrs
import pytest

import ono99
from ono99 import Finding, check_file, list_house_rules, list_variants
from ono99.authoring._check import file_kind
from ono99.cli._main import main
from ono99.loading._files import house_rules_dir, variants_dir

if TYPE_CHECKING:
    from pathlib import Path

SHIPPED = [
    *sorted(variants_dir().glob("*.toml")),
    *sorted(house_rules_dir().glob("*.toml")),
]


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_file_is_clean(path: Path) -> None:
    assert check_file(path) == []


def test_shipped_files_are_told_apart() -> None:
    assert {file_kind(p) for p in variants_dir().glob("*.toml")} == {"variant"}
    assert {file_kind(p) for p in house_rules_dir().glob("*.toml")} == {"house-rule"}
    assert len(list_variants()) + len(list_house_rules()) == len(SHIPPED)


# Each case plays badly; validate --strict must fail on it, naming the key.
BAD = {
    # "a card can never be played (add 60 with bust 50 and floor 0)"
    "add-60": (
        'extends = "ono99-2022"\n[total]\nbust = 50\n'
        '[cards.big]\nname = "Big"\ncount = 4\neffects = [{ type = "add", amount = 60 }]\n',
        "cards.big.effects",
        "can never be played",
    ),
    # "add_choice [200, 300]"
    "choice": (
        'extends = "ninety-nine"\n[cards.huge]\nname = "Huge"\ncount = 4\n'
        'effects = [{ type = "add_choice", amounts = [200, 300] }]\n',
        "cards.huge.effects",
        "can never be played",
    ),
    "one-choice": (
        'extends = "ono99-2022"\n[cards.ace]\nname = "Ace"\ncount = 4\n'
        'effects = [{ type = "add_choice", amounts = [1, 300] }]\n',
        "cards.ace.effects[0]",
        "the amount 300 can never be chosen",
    ),
    # "tokens when scoring is none"
    "tokens": (
        'extends = "ono99-2022"\n[match.tokens]\ncount = 5\n',
        "match.tokens.count",
        'match.scoring is "none"',
    ),
    # "stacking with no forcing card"
    "stacking": (
        'extends = "ninety-nine"\n[forced_play]\nstacking = "multiply"\n',
        "forced_play.stacking",
        "no card forces plays",
    ),
    # "deflect with nothing to deflect"
    "deflect": (
        'extends = "ninety-nine"\n[cards.4]\n'
        'effects = [{ type = "reverse" }, { type = "deflect" }]\n',
        "cards.4.effects[1]",
        "no card forces plays",
    ),
    # "points on cards in a tokens game"
    "points": (
        'extends = "ninety-nine"\n[cards.ace]\npoints = 11\n',
        "cards.ace.points",
        "tokens game",
    ),
    # "a trigger outcome that changes tokens in a game scored by points"
    "tokens-outcome-in-a-points-game": (
        'extends = "ninety-nine-bradwilson"\n[[add_triggers]]\ntype = "land_on"\nvalue = 50\n'
        'outcomes = [{ type = "tokens", who = "player", by = -1 }]\n',
        "add_triggers[0].outcomes[0]",
        'it changes tokens, and match.scoring is "points"',
    ),
    "steps": (
        'extends = "ono99-2022"\n[deck]\ncopies_by_players = [{ more_than = 6, value = 2 }]\n',
        "deck.copies_by_players[0].more_than",
        "at most 6 play",
    ),
    "undo-bust": (
        'extends = "ono99-2022"\n[no_safe_play]\nundo_bust = false\n',
        "no_safe_play.undo_bust",
        "changes nothing",
    ),
    # A card whose effects never act: its conditions refuse every play.
    "never-with-effects": (
        'extends = "ono99-1980"\n[cards.hold]\nconditions = [{ type = "never" }]\n',
        "cards.hold.conditions",
        "can never be played (conditions[0]: can never be played), so its effects never act",
    ),
    # A condition above the bust, with totals a round can reach (the 2022 floor) ...
    "at-least-above-bust": (
        'extends = "ono99-2022"\n[cards.reverse]\n'
        'conditions = [{ type = "total_at_least", value = 120 }]\n',
        "cards.reverse.conditions",
        "refuse the totals a round can reach (from 0 to 98)",
    ),
    # ... and with totals without a floor, too many to follow (1980's Minus Tens).
    "at-least-above-bust-no-floor": (
        'extends = "ono99-1980"\n[cards.reverse]\n'
        'conditions = [{ type = "total_at_least", value = 120 }]\n',
        "cards.reverse.conditions",
        "refuse every total from -40 (the lowest the deck can make) to 98",
    ),
    # Two conditions that together refuse every total.
    "odd-and-even": (
        'extends = "ono99-2022"\n[cards.play_2]\n'
        'conditions = [{ type = "total_odd" }, { type = "total_even" }]\n',
        "cards.play_2.conditions",
        "(conditions[0]: only when the total is odd; conditions[1]: only when the total is even)",
    ),
    # "for = ["ono99-198"] has a typo (no did you mean)"
    "typo": (
        'for = ["ono99-198"]\n[total]\nbust = 100\n',
        "for[0]",
        'did you mean "ono99-1980"?',
    ),
}


@pytest.mark.parametrize("case", list(BAD))
def test_strict_fails_on_what_plays_badly(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, key, words = BAD[case]
    path = _write(tmp_path, f"{case}.toml", text)
    found = check_file(path)
    assert [(f.level, f.path) for f in found] == [("warning", key)], found
    assert words in found[0].message
    status, out, _ = _run(capsys, "validate", str(path))
    assert status == 0
    assert f"warning: {key}: " in out
    assert "ok" in out
    status, out, _ = _run(capsys, "validate", "--strict", str(path))
    assert status == 1
    assert f"warning: {key}: " in out


def test_a_card_only_to_be_held_is_no_warning(tmp_path: Path) -> None:
    """The editions' O'NO 99 card ("CANNOT BE PLAYED", 1980) is held, never played: with
    no effects, its never condition is what the rules say, not a mistake."""
    text = 'extends = "ono99-2022"\n[cards.dud]\nname = "Dud"\ncount = 2\n'
    path = _write(tmp_path, "dud.toml", text + 'conditions = [{ type = "never" }]\n')
    assert check_file(path) == []


def test_a_setting_inherited_is_not_the_files_to_fix(tmp_path: Path) -> None:
    """ono99-1980 keeps points for its points house rules; a file extending it is clean."""
    path = _write(tmp_path, "mine.toml", 'extends = "ono99-1980"\n[deal]\nhand_size = 5\n')
    assert check_file(path) == []


def test_a_house_rule_that_breaks_a_variant_it_is_for_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'a house rule checked alone is fine but breaks a variant it is for (floor = 200)'"""
    path = _write(tmp_path, "floor.toml", 'for = ["ono99-1980"]\n[total]\nfloor = 200\n')
    found = check_file(path)
    assert [(f.level, f.path, f.variants) for f in found] == [
        ("error", "total.floor", ("ono99-1980",))
    ]
    assert "expected at most total.start (0), got 200" in found[0].message
    status, _, err = _run(capsys, "validate", str(path))
    assert status == 1
    assert "total.floor" in err
    assert "laid over ono99-1980" in err


def test_a_house_rules_added_trigger_that_changes_nothing_is_named_as_written(
    tmp_path: Path,
) -> None:
    """A trigger a house rule adds is warned of at the key path the file wrote: its
    token outcome changes nothing where points are kept, its points outcome is used."""
    text = (
        'for = ["ninety-nine-bradwilson"]\n[[add_triggers]]\ntype = "land_on"\nvalue = 50\n'
        'outcomes = [{ type = "points", who = "player", by = 1 }, '
        '{ type = "tokens", who = "player", by = -1 }]\n'
    )
    found = check_file(_write(tmp_path, "fifty.toml", text))
    assert [(f.level, f.path, f.variants) for f in found] == [
        ("warning", "add_triggers[0].outcomes[1]", ("ninety-nine-bradwilson",))
    ]
    assert "changes nothing: it changes tokens" in found[0].message


def test_a_house_rule_for_no_variant_is_laid_over_every_shipped_one(tmp_path: Path) -> None:
    """What breaks some of the shipped variants is a warning: the rule may be for the others."""
    path = _write(tmp_path, "six.toml", "[cards.minus_ten]\ncount = 6\n")
    found = check_file(path)
    assert {f.level for f in found} == {"warning"}
    assert "name the variants it is for" in found[0].message
    assert set(found[0].variants) < set(list_variants())


def test_a_house_rule_without_for_that_fits_no_shipped_variant_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A house rule that loads over none of the shipped variants is not ok, and says why.

    ``amount`` for ``amounts`` breaks every variant; ``ono99 demo --house-rule``
    refuses the file, so ``ono99 validate`` must not call it ok.
    """
    path = _write(tmp_path, "floor.toml", "[total]\nfloor = 200\n")
    found = check_file(path)
    assert [(f.level, f.path) for f in found] == [("error", "total.floor")]
    assert set(found[0].variants) == set(list_variants())
    assert "loads over none of the shipped variants" in found[0].message
    typo = _write(
        tmp_path,
        "amount.toml",
        '[cards.ace]\neffects = [{ type = "add_choice", amount = [10, -10] }]\n',
    )
    status, out, err = _run(capsys, "validate", str(typo))
    assert status == 1
    assert ": ok" not in out + err
    assert "loads over none of the shipped variants" in err


def test_the_readmes_three_line_house_rule_validates_as_a_house_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, "six-minus-tens.toml", "[cards.minus_ten]\ncount = 6\n")
    assert file_kind(path) == "house-rule"
    status, out, _ = _run(capsys, "validate", str(path))
    assert status == 0
    assert "ok (house rule six-minus-tens, setting cards.minus_ten.count" in out
    # It fits only the editions that have a Minus Ten: one warning says which do not.
    (finding,) = check_file(path)
    assert finding.path == "cards.minus_ten"
    assert "ninety-nine" in finding.variants
    assert "ono99-1980" not in finding.variants
    named = _write(tmp_path, "named.toml", 'for = ["ono99-2022"]\n[cards.minus_ten]\ncount = 6\n')
    assert check_file(named) == []


def test_house_rule_option_checks_a_file_as_a_house_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, "rule.toml", 'name = "Ten"\n[cards.ten]\nname = "X"\ncount = 1\n')
    assert file_kind(path) == "variant"  # it reads as a whole (broken) variant
    status, _, _ = _run(capsys, "validate", str(path))
    assert status == 1
    status, out, _ = _run(capsys, "validate", "--house-rule", str(path))
    assert status == 0
    assert "ok (house rule rule, setting cards.ten.name, cards.ten.count)" in out


def test_json_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text, key, _ = BAD["add-60"]
    path = _write(tmp_path, "add-60.toml", text)
    bad = _write(tmp_path, "bad.toml", 'extends = "ono99-2022"\n[total]\nbust = "x"\n')
    status, out, _ = _run(capsys, "validate", "--json", "--strict", str(path), str(bad))
    assert status == 1
    data = json.loads(out)
    assert (data["errors"], data["warnings"], data["strict"]) == (1, 1, True)
    first, second = data["files"]
    assert first["ok"] is True
    assert first["findings"][0]["path"] == key
    assert first["findings"][0]["level"] == "warning"
    assert second["ok"] is False
    assert second["findings"][0] == {
        "level": "error",
        "path": "total.bust",
        "message": 'expected an integer, got "x"',
        "file": str(bad),
        "variants": [],
    }


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # TOML lists, not Python tuples
        (
            'effects = [{ type = "add_choice", amounts = [10] }]',
            "expected 2 or more amounts to choose from, got [10]",
        ),
        # no "(the keys here are )" when nothing may be set
        ('effects = [{ type = "hold", include_self = true }]', "unknown key (nothing may be set"),
        # a string shows by its quotes, without "(a string)"
        ('count = "six"', 'expected an integer, got "six"'),
    ],
)
def test_messages_use_toml_spelling(text: str, words: str, tmp_path: Path) -> None:
    path = _write(tmp_path, "mine.toml", f'extends = "ono99-2022"\n[cards.play_2]\n{text}\n')
    (finding,) = check_file(path)
    assert finding.level == "error"
    assert words in finding.message
    assert "(a string)" not in finding.message


def test_a_missing_file_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (finding,) = check_file(tmp_path / "missing.toml")
    assert finding.level == "error"
    assert "no such" in finding.message
    status, _, err = _run(capsys, "validate")
    assert status == 2  # a bad command line, as the CLI reference says
    assert err.startswith("usage: ono99 validate")
    assert "ono99 validate: error: argument FILE: give at least one file" in err


def test_a_finding_reads_as_a_line() -> None:
    finding = Finding("warning", "total.bust", "too low", "mine.toml", ("ono99-1980",))
    assert str(finding) == "mine.toml: warning: total.bust: too low (laid over ono99-1980)"


def test_a_variant_found_sound_is_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The loader checks a variant and the engine asks again when it compiles it: the
    second asking finds it already sound, and a variant made anew is checked anew."""
    from ono99.loading import _checks  # noqa: PLC0415 - the module whose work is counted

    calls: list[object] = []
    problems_of = _checks._problems_of

    def counted(variant: ono99.Variant) -> list[Any]:
        calls.append(variant)
        return problems_of(variant)

    monkeypatch.setattr(_checks, "_problems_of", counted)
    variant = ono99.loads_variant('extends = "ono99-2022"\nid = "checked-once"\nname = "x"')
    assert calls == [variant]
    ono99.Game(variant, players=2, seed=1)
    assert _checks.check_variant(variant) == []
    assert calls == [variant]
    again = attrs.evolve(variant, name="y")
    assert _checks.check_variant(again) == []
    assert calls == [variant, again]


def _wide_variant(cards: int) -> str:
    """A variant whose totals run to a million, with cards its conditions let be played late."""
    text = (
        'id = "wide"\nname = "Wide"\n[total]\nbust = 1000000\nfloor = 0\n'
        '[cards.up]\nname = "Up"\ncount = 40\neffects = [{ type = "add", amount = 1 }]\n'
    )
    for i in range(cards):
        text += (
            f'[cards.c{i}]\nname = "C{i}"\ncount = 1\n'
            'effects = [{ type = "add", amount = 1 }]\n'
            f'conditions = [{{ type = "total_at_least", value = {999_999 - i} }}]\n'
        )
    return text


def test_the_checks_ask_the_rule_objects_a_bounded_number_of_times(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Invariant: ``check_file`` asks a variant's conditions at most ``MOST_ASKS`` times.

    A 6 kB file whose totals run to a million asked each card's condition at
    every total (45 million times, 12 s); ``ono99 validate`` had no bound on
    its time. How long the check takes is measured in ``benchmarks/check_file.py``.
    """
    from ono99.authoring._warnings import MOST_ASKS  # noqa: PLC0415
    from ono99.rules import TotalAtLeast  # noqa: PLC0415

    asked = [0]
    allows_at = TotalAtLeast.allows_at

    def counted(self: TotalAtLeast, total: int) -> bool | None:
        asked[0] += 1
        return allows_at(self, total)

    monkeypatch.setattr(TotalAtLeast, "allows_at", counted)
    path = _write(tmp_path, "wide.toml", _wide_variant(45))
    assert check_file(path) == []
    assert 0 < asked[0] <= MOST_ASKS


def test_a_check_out_of_budget_says_nothing_it_has_not_proved() -> None:
    """The analyses are sound: with nothing left to ask, they warn of nothing.

    With the whole budget the round that never ends is found; with none, no
    warning is given rather than one that was not proved.
    """
    from ono99 import loads_variant  # noqa: PLC0415
    from ono99.authoring._warnings import Budget, play_warnings  # noqa: PLC0415

    never = loads_variant(
        'id = "up-and-down"\nname = "Up and down"\n[total]\nfloor = 0\nbust = 10\n'
        '[cards.one]\nname = "One"\ncount = 24\n'
        'effects = [{ type = "add_choice", amounts = [1, -1] }]\n'
    )
    found = play_warnings(never)
    assert any("a round can never end by itself" in message for _, message in found)
    assert play_warnings(never, Budget(0)) == []


# ------------------------------------------------------------ shadowed ranks

# "[ranks.<rank>] gives the rules of every card of a rank; and a [cards.<id>] table
# changes or adds one kind, key by key" (ono99.StandardDeck): a card table wins over
# its rank's table, whichever file either is in.
_QUEENS = "".join(
    f'[cards.queen_of_{suit}]\neffects = [{{ type = "add", amount = 10 }}]\n'
    for suit in ("clubs", "diamonds", "hearts", "spades")
)
_BY_SUIT = '[standard_deck]\nby_suit = ["queen"]\n'


def test_a_rank_table_every_card_table_shadows_is_warned_of(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ``[ranks.queen]`` whose every queen has its own effects changes nothing."""
    text = f'extends = "ninety-nine"\n{_BY_SUIT}[ranks.queen]\n'
    text += 'effects = [{ type = "add", amount = 20 }]\n' + _QUEENS
    path = _write(tmp_path, "queens.toml", text)
    (finding,) = check_file(path)
    assert (finding.level, finding.path) == ("warning", "ranks.queen")
    assert finding.message == (
        "changes nothing: every card of the rank has its own table setting effects "
        "(cards.queen_of_clubs, cards.queen_of_diamonds, cards.queen_of_hearts, "
        "cards.queen_of_spades)"
    )
    status, out, _ = _run(capsys, "validate", str(path))
    assert status == 0
    assert "warning: ranks.queen: changes nothing" in out
    status, _, _ = _run(capsys, "validate", "--strict", str(path))
    assert status == 1


def test_a_rank_table_shadowed_by_inherited_card_tables_is_warned_of(tmp_path: Path) -> None:
    """The card tables may be in the file extended: they still win over the rank's."""
    _write(tmp_path, "base.toml", f'extends = "ninety-nine"\nid = "base"\n{_BY_SUIT}{_QUEENS}')
    text = 'extends = "base.toml"\nid = "mine"\n[ranks.queen]\nname = "Dame"\n'
    text += 'effects = [{ type = "add", amount = 20 }]\n'
    path = _write(tmp_path, "mine.toml", text)
    (finding,) = check_file(path)
    # The name is the rank's yet: "Dame of clubs" (the card tables set only effects).
    assert (finding.level, finding.path) == ("warning", "ranks.queen.effects")
    assert finding.message.startswith(
        "changes nothing: every card of the rank has its own effects (cards.queen_of_clubs, "
    )
    assert ono99.load_variant(path).card("queen_of_clubs").name == "Dame of clubs"


def test_a_rank_table_some_card_of_the_rank_takes_is_no_warning(tmp_path: Path) -> None:
    """As in ninety-nine-king-of-spades: the rank's effects are every other queen's."""
    text = f'extends = "ninety-nine"\n{_BY_SUIT}[ranks.queen]\n'
    text += 'effects = [{ type = "add", amount = 20 }]\n'
    text += '[cards.queen_of_spades]\neffects = [{ type = "set_total", value = 99 }]\n'
    assert check_file(_write(tmp_path, "spade.toml", text)) == []


def test_a_house_rules_rank_table_the_variants_card_tables_shadow_is_warned_of(
    tmp_path: Path,
) -> None:
    """A house rule's ``[ranks.queen]`` laid over a variant whose queens all have their own
    effects changes nothing there: warned of, with the variant named."""
    base = _write(
        tmp_path, "base.toml", f'extends = "ninety-nine"\nid = "base"\n{_BY_SUIT}{_QUEENS}'
    )
    rule = _write(
        tmp_path, "rule.toml", '[ranks.queen]\neffects = [{ type = "add", amount = 20 }]\n'
    )
    found = check_file(rule, kind="house-rule", over=[str(base)])
    assert [(f.level, f.path, f.variants) for f in found] == [
        ("warning", "ranks.queen", (str(base),))
    ]
    assert found[0].message.startswith("changes nothing: every card of the rank has its own")
    # Over ninety-nine, whose queens take their rank's table, it changes the queens.
    assert check_file(rule, kind="house-rule", over=["ninety-nine"]) == []


_AIM = (
    '{{ type = "aim", what = "{what}", outcomes = [{{ type = "points", who = "player", by = 1 }}],'
    ' answer = [{{ type = "card", rank = ["king"] }}] }}'
)


def test_two_aims_on_one_card_are_a_warning_at_the_second(tmp_path: Path) -> None:
    """One reaction is open at a time (Table.open_reaction): a card's second aim replaces
    its first, which is then never answered nor taken. The warning names the second aim
    where the file wrote it, under the rank's table; one aim is clean."""
    two = f"{_AIM.format(what='a drink')}, {_AIM.format(what='a shot')}"
    text = 'extends = "ninety-nine-drinks"\nid = "two"\n[ranks.king]\neffects = [{}]\n'
    (found,) = check_file(_write(tmp_path, "two.toml", text.format(two)))
    assert (found.level, found.path) == ("warning", "ranks.king.effects[1]")
    assert "opens a reaction as effects[0] does" in found.message
    assert "the first is never answered nor taken" in found.message
    assert check_file(_write(tmp_path, "one.toml", text.format(_AIM.format(what="a drink")))) == []


def test_a_starter_from_a_deck_the_hands_use_up_is_a_warning(tmp_path: Path) -> None:
    """The starter is turned from what is left once the hands are dealt: with thirteen
    cards each, four players hold the whole deck of 52 and no starter is ever turned (three
    leave 13 to turn one from)."""
    text = 'extends = "cribbage-pegging"\nid = "up"\n[deal]\nhand_size = 13\nstarter = true\n'
    (found,) = check_file(_write(tmp_path, "up.toml", text))
    assert (found.level, found.path) == ("warning", "deal.starter")
    assert found.message.startswith("no starter can be turned at 4 players: the hands")
    game = ono99.Game(ono99.load_variant(tmp_path / "up.toml"), 4, seed=1)
    assert game.starter is None
    assert ono99.Game(ono99.load_variant(tmp_path / "up.toml"), 3, seed=1).starter is not None
