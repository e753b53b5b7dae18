"""``ono99 analyse`` (and ``analyze``): profiles as tables, JSON and charts."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path

import pytest

import ono99
from ono99.analysis import _analyse, comparison_sheets
from ono99.cli._main import main
from ono99.cli._output import table

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"

SMALL = ["--games", "20", "--search-games", "2", "--importance-games", "4", "--jobs", "1"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_analyse_json_has_every_section(capsys: pytest.CaptureFixture[str]) -> None:
    """The JSON is a profile: every section, intervals round each estimate, a card
    entry for each kind of card; and it reads back as the profile."""
    status, out, _ = run(
        capsys, "analyse", "ono99-2022", "--players", "2", "--seed", "1", "--json", *SMALL
    )
    assert status == 0
    data = json.loads(out)
    for section in (
        "fairness",
        "completion",
        "duration",
        "decisions",
        "skill",
        "importance",
        "drama",
    ):
        assert section in data
    profile = ono99.Profile.from_data(data)
    variant = ono99.load_variant("ono99-2022")
    assert {c.card for c in profile.importance} == {c.id for c in variant.cards if c.count}
    for estimate in profile.figures().values():
        assert estimate.low - 1e-9 <= estimate.value <= estimate.high + 1e-9
    assert profile == ono99.analyse(
        "ono99-2022", players=2, games=20, search_games=2, importance_games=4, seed=1, jobs=1
    )


def test_analyze_is_the_same_command(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "analyse", "ono99-2022", "--seed", "3", "--json", *SMALL)
    second = run(capsys, "analyze", "ono99-2022", "--seed", "3", "--json", *SMALL)
    assert json.loads(first[1])["fairness"] == json.loads(second[1])["fairness"]


def test_analyse_tables_and_a_chosen_seed(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --seed one is chosen and printed, as every shuffling command does."""
    status, out, err = run(capsys, "analyse", "ono99-1980", "--players", "3", *SMALL)
    assert status == 0
    assert "chosen at random (--seed" in err
    for title in ("fairness", "Skill ladder", "Card importance", "Drama", "Completion"):
        assert title in out


def test_a_house_rule_alone_stands_beside_its_base(capsys: pytest.CaptureFixture[str]) -> None:
    """One variant and --house-rule: the variant without and with the rule, side by side,
    with each difference and its test."""
    status, out, _ = run(
        capsys,
        "analyse",
        "ono99-1980",
        "--house-rule",
        "two-decks",
        "--seed",
        "2",
        "--json",
        *SMALL,
    )
    assert status == 0
    data = json.loads(out)
    assert [p["variant"] for p in data["profiles"]] == ["ono99-1980", "ono99-1980+two-decks"]
    [differences] = data["differences"]
    assert {"figure", "difference", "low", "high", "p_value", "significant"} <= set(differences[0])
    status, out, _ = run(
        capsys, "analyse", "ono99-1980", "--house-rule", "two-decks", "--seed", "2", *SMALL
    )
    assert "ono99-1980+two-decks less ono99-1980, 4 players, seed 2" in out
    assert "Benjamini-Hochberg" in out


def test_two_variants_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "analyse",
        "ono99-1980",
        "ono99-1980-option",
        "--players",
        "2",
        "--seed",
        "1",
        *SMALL,
    )
    assert status == 0
    assert "ono99-1980-option less ono99-1980, 2 players, seed 1" in out


def test_the_side_by_side_fits_80_columns_without_cutting_names(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 80 columns every figure's name is whole (none cut with an ellipsis), and
    every table names the docs page that defines its figures."""
    monkeypatch.setenv("COLUMNS", "80")
    status, out, _ = run(
        capsys, "analyse", "ono99-1980", "--house-rule", "two-decks", "--seed", "1", *SMALL
    )
    assert status == 0
    assert "\u2026" not in out
    assert max(len(line) for line in out.splitlines() if "readthedocs" not in line) <= 80
    for name in ("games finished by the rules", "importance of each card",
                 "games each card decided", "  Double Play ",
                 "cautious among random"):  # fmt: skip
        assert name in out
    for anchor in ("fairness", "skill-ladder", "card-importance", "drama", "side-by-side"):
        assert f"explanation/profile.html#{anchor}" in out


@functools.cache
def _tiny(variant: str, rule: str | None = None) -> ono99.Profile:
    """A profile of a few games (their intervals as wide as they come), made once."""
    fits = ono99.load_variant(variant).players
    return ono99.analyse(
        variant,
        house_rules=[] if rule is None else [rule],
        players=max(fits.min, min(4, fits.max)),
        games=3, search_games=1, importance_games=2, seed=1, jobs=1,
    )  # fmt: skip


def _pairs() -> list[tuple[str, str]]:
    """Each shipped variant beside it with a house rule it takes, and each house rule
    beside the first variant it is for: every card name and figure of them all."""
    pairs: dict[tuple[str, str], None] = {}
    for variant in ono99.list_variants():
        rules = ono99.list_house_rules(fits=variant)
        if rules:
            pairs[variant, rules[0]] = None
    for rule in ono99.list_house_rules():
        if not any(given == rule for _, given in pairs):
            fit = next(v for v in ono99.list_variants() if rule in ono99.list_house_rules(fits=v))
            pairs[fit, rule] = None
    return list(pairs)


@pytest.mark.parametrize(("variant", "rule"), _pairs())
def test_every_shipped_side_by_side_fits_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, variant: str, rule: str
) -> None:
    """Issue 50's words: a side by side fits 80 columns without cutting a name. For
    each shipped variant and house rule, profiles of a few games (whose figures and
    intervals are as wide as they come) are drawn as the command draws them: no line
    is over 80 columns, none holds an ellipsis, and every card's name is whole."""
    monkeypatch.setenv("COLUMNS", "80")
    base, other = _tiny(variant), _tiny(variant, rule)
    for sheet in comparison_sheets([base, other]):
        table(sheet.header, sheet.rows, right=sheet.right, title=sheet.title)
    out = capsys.readouterr().out
    assert "\u2026" not in out
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80, out
    for card in {c.name for c in (*base.importance, *other.importance)}:
        assert any(line.lstrip().startswith(f"{card} ") for line in lines), (card, out)


def test_caps_are_foretold_before_any_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A variant whose rounds can never end by themselves: analyse and simulate say so
    at once, with validate's warning, before the first game (which fails here)."""
    from ono99.cli import _games  # noqa: PLC0415

    def no_games(*_args: object, **_kwargs: object) -> None:
        raise ono99.SimulationError("no games in this test")

    monkeypatch.setattr(_analyse, "simulate", no_games)
    monkeypatch.setattr(_games, "simulate", no_games)
    path = str(EXAMPLES / "tens-both-ways.toml")
    for command in ("analyse", "simulate"):
        status, _, err = run(capsys, command, path, "--seed", "1", "--jobs", "1")
        assert status == 1
        assert "a round can never end by itself" in err
        assert "expected to run to these caps" in err
        assert err.index("caps") < err.index("no games in this test")


@pytest.mark.slow
def test_tens_both_ways_is_profiled_within_its_caps(capsys: pytest.CaptureFixture[str]) -> None:
    """Rounds nobody can lose: every game runs to its caps, and the search player's
    playouts stop searching after the first that does not end (a profile of one game a
    section, which took minutes where each playout ran to its cap)."""
    status, out, err = run(
        capsys, "analyse", str(EXAMPLES / "tens-both-ways.toml"), "--games", "1",
        "--search-games", "1", "--importance-games", "1", "--jobs", "1", "--seed", "1",
        "--json",
    )  # fmt: skip
    assert status == 0, err
    profile = ono99.Profile.from_data(json.loads(out))
    assert profile.completion.capped == 1


def test_precision_and_time_limit_options(capsys: pytest.CaptureFixture[str]) -> None:
    """--precision grows the sections and every section states its width."""
    status, out, _ = run(
        capsys, "analyse", "ono99-2022", "--players", "2", "--games", "20",
        "--search-games", "5", "--importance-games", "20", "--precision", "12",
        "--time-limit", "600", "--seed", "1", "--jobs", "1", "--json",
    )  # fmt: skip
    assert status == 0
    profile = ono99.Profile.from_data(json.loads(out))
    assert profile.precision == 12
    assert max(profile.widths().values()) <= 12
    for value in ("0", "-1", "x"):
        with pytest.raises(SystemExit):
            main(["analyse", "ono99-2022", "--precision", value])
        with pytest.raises(SystemExit):
            main(["simulate", "ono99-2022", "--time-limit", value])


@pytest.mark.parametrize(
    ("argv", "status", "message"),
    [
        (["nope"], 2, "no shipped variant 'nope'"),
        (["ono99-2022", "--players", "9"], 2, "2 to 6 players, not 9"),
        (["ono99-2022", "ono99-1980", "--players", "7"], 2, "not 7"),
        (["ono99-2022", "--house-rule", "points-first"], 1, "points-first"),
        (["ono99-2022", "--chart", "no-such-folder/x.png"], 2, "no folder"),
        (["ono99-2022", "--chart", "x.gif"], 2, "--chart"),
    ],
)
def test_bad_input_before_any_game(
    argv: list[str],
    status: int,
    message: str,
    *,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """Each is refused before a game is played (the simulation would fail the test)."""
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)

    def no_games(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(_analyse, "simulate", no_games)
    try:
        got_status, _, err = run(capsys, "analyse", *argv, "--seed", "1")
    except SystemExit as exit_:  # argparse's own refusal of a bad command line
        got_status, err = int(str(exit_.code)), capsys.readouterr().err
    assert got_status == status
    assert message in err


@pytest.mark.parametrize("games", ["0", "-4"])
def test_games_must_be_positive(games: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["analyse", "ono99-2022", "--games", games])
    assert exit_.value.code == 2
    assert "--games" in capsys.readouterr().err


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write in any folder")
def test_an_unwritable_chart_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("matplotlib")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    monkeypatch.setattr(_analyse, "simulate", lambda *a, **k: pytest.fail("a game was played"))
    try:
        status, _, err = run(capsys, "analyse", "ono99-2022", "--chart", str(locked / "c.png"))
    finally:
        locked.chmod(0o700)
    assert status == 2
    assert "cannot write" in err


def test_a_chart_is_drawn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    chart = tmp_path / "profile.png"
    status, out, _ = run(
        capsys,
        "analyse",
        "ono99-1980",
        "ono99-1980-option",
        "--seed",
        "1",
        "--chart",
        str(chart),
        *SMALL,
    )
    assert status == 0
    assert "chart written to" in out
    assert chart.stat().st_size > 10_000


def test_names_from_a_file_are_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A variant's and a card's name come from its file: markup and control characters
    are shown, not obeyed."""
    path = tmp_path / "odd.toml"
    path.write_text(
        'extends = "ono99-1980"\nid = "odd"\nname = "[bold red]Odd\\u001b[31m"\n'
        '[cards.hold]\nname = "[blink]Hold"\n'
    )
    status, out, _ = run(capsys, "analyse", str(path), "--seed", "1", *SMALL)
    assert status == 0
    assert "\x1b" not in out
    assert "[bold red]Odd" in out
    assert "[blink]Hold" in out
