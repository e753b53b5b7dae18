"""``ono99 analyse`` (and ``analyze``): profiles as tables, JSON and charts."""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING

import pytest

import ono99
from ono99.analysis import _analyse
from ono99.cli._main import main

if TYPE_CHECKING:
    from pathlib import Path

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
    assert "2 profiles" in out and "difference" in out


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
    assert "2 profiles, 2 players, seed 1" in out


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
