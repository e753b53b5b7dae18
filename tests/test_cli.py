"""The ono99 command, called as main(argv) the way the entry point calls it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import ono99
from ono99.cli._main import build_parser, main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    "command",
    [
        [],
        ["variants"],
        ["rules"],
        ["diff"],
        ["validate"],
        ["simulate"],
        ["compare"],
        ["play"],
        ["demo"],
    ],
)
def test_help_everywhere(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args([*command, "--help"])
    assert exit_.value.code == 0
    assert "usage: ono99" in capsys.readouterr().out


def test_variants_lists_each_with_its_description(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "variants")
    assert status == 0
    flat = " ".join(out.split())
    for variant_id in ono99.list_variants():
        assert f"\n  {variant_id} " in out
        assert " ".join(ono99.load_variant(variant_id).description.split()) in flat
    for rule in ono99.list_house_rules():
        assert f"\n  {rule} " in out
        assert " ".join(ono99.load_house_rule(rule).description.split()) in flat


def test_rules_prints_the_rulebook(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "ono99-1980")
    assert status == 0
    assert out == ono99.rulebook("ono99-1980")


def test_diff_shows_every_differing_rule(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "diff", "ono99-1980", "ono99-1980-option")
    assert status == 0
    assert "cards.ono99.conditions" in out
    assert "conditions[0]" not in out  # an array is one row
    assert "total_multiple_of" in out
    status, out, _ = run(capsys, "diff", "ono99-1980", "gibsons-1988")
    assert "the same rules" in out


def test_validate_good_and_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.toml"
    good.write_text('extends = "ono99-2022"\nid = "mine"\n[cards.minus_ten]\ncount = 4\n')
    status, out, _ = run(capsys, "validate", str(good))
    assert status == 0
    assert "ok" in out
    bad = tmp_path / "bad.toml"
    bad.write_text('extends = "ono99-2022"\nid = "bad"\n[cards.minus_ten]\ncount = "four"\n')
    status, _, err = run(capsys, "validate", str(bad))
    assert status == 1
    assert "cards.minus_ten.count" in err
    assert "bad.toml" in err
    status, _, err = run(capsys, "validate", str(tmp_path / "missing.toml"))
    assert status == 1
    assert "no such" in err


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys,
        "simulate",
        "--variant",
        "ono99-1980",
        "--players",
        "3",
        "--games",
        "20",
        "--seed",
        "3",
        "--jobs",
        "1",
        "--json",
    )
    assert status == 0
    assert err == ""
    data = json.loads(out)
    expected = ono99.simulate("ono99-1980", players=3, games=20, seed=3, jobs=1)
    assert data["games"] == 20
    assert data["plays"] == expected.plays
    assert data["wins"] == list(expected.wins)
    assert data["seconds"] > 0


def test_simulate_table_with_a_strategy_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "simulate",
        "--players",
        "2",
        "--games",
        "10",
        "--jobs",
        "1",
        "--strategy",
        "cautious",
        "--strategy",
        "reckless",
    )
    assert status == 0
    assert "reckless" in out
    assert "win rate (95% CI)" in out


def test_simulate_bad_input_exits_nonzero(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(
        capsys,
        "simulate",
        "--players",
        "3",
        "--games",
        "5",
        "--strategy",
        "cautious",
        "--strategy",
        "random",
    )
    assert status == 1
    assert "one per seat" in err
    status, _, err = run(capsys, "simulate", "--variant", "nope", "--games", "5")
    assert status == 1
    assert "no shipped variant 'nope'" in err
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "--strategy", "careful"])
    assert exit_.value.code == 2
    assert "no strategy 'careful'" in capsys.readouterr().err


def test_compare_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "compare",
        "ono99-1980",
        "ono99-1980-option",
        "--games",
        "10",
        "--players",
        "2",
        "--jobs",
        "1",
    )
    assert status == 0
    assert out.splitlines()[0].split() == ["ono99-1980", "ono99-1980-option"]


def test_simulate_draws_a_chart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    chart = tmp_path / "wins.png"
    status, out, _ = run(
        capsys, "simulate", "--games", "10", "--players", "2", "--jobs", "1", "--chart", str(chart)
    )
    assert status == 0
    assert "chart written to" in out
    assert chart.stat().st_size > 10_000


def test_version_names_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    kind = "pure-Python" if ono99.engine._engine.__file__.endswith(".py") else "compiled"
    assert out == f"ono99 {ono99.__version__} ({kind} engine)\n"


def test_variants_shows_every_name_a_variant_is_also_called(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A name the command accepts (and suggests) is one that 'ono99 variants' shows."""
    _, out, _ = run(capsys, "variants")
    flat = " ".join(out.split())
    for alias in ono99.load_variant("ono99-1980").aliases:
        assert alias in flat
    assert "Also called: " in flat


def test_a_house_rule_given_as_a_variant_names_the_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(capsys, "rules", "two-decks")
    assert status == 1
    assert "--house-rule" in err


def test_a_seed_chosen_for_the_user_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --seed, simulate and demo choose one and say which, so the run can be repeated."""
    status, out, err = run(capsys, "simulate", "--games", "5", "--jobs", "1", "--quiet")
    assert status == 0
    seed = int(err.split("seed ", 1)[1].split(",", 1)[0])
    assert f"--seed {seed} repeats this" in err
    assert f"seed {seed}," in out
    status, out, err = run(capsys, "demo", "--players", "2")
    assert f"seed {int(err.split('seed ', 1)[1].split(',', 1)[0])}" in out
    # Given, it is not announced again.
    _, _, err = run(capsys, "simulate", "--games", "5", "--jobs", "1", "--seed", "4")
    assert "chosen" not in err


def test_strategy_module_class_loads_a_users_player(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--strategy MODULE:CLASS imports the docs' own example player from the current folder."""
    monkeypatch.chdir(Path(__file__).parent.parent / "docs" / "examples")
    monkeypatch.setattr(sys, "path", list(sys.path))
    args = ["--games", "12", "--players", "2", "--seed", "1", "--jobs", "2", "--json"]
    status, out, err = run(
        capsys, "simulate", *args, "--strategy", "greedy:GreedyPlayer", "--strategy", "cautious"
    )
    assert status == 0, err
    data = json.loads(out)
    assert [rate["label"] for rate in data["by_strategy"]] == ["GreedyPlayer", "cautious"]
    assert sum(data["wins"]) == 12
    with pytest.raises(SystemExit):
        main(["simulate", "--strategy", "greedy:NoSuchPlayer"])
    assert "module 'greedy' has no 'NoSuchPlayer'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "--strategy", "no_such_module:Player"])
    assert "cannot import 'no_such_module'" in capsys.readouterr().err


def test_help_says_what_search_costs(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    flat = " ".join(capsys.readouterr().out.split())
    assert "about 50 to 100 times slower" in flat
    assert "MODULE:CLASS" in flat


def test_later_wins_at_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """The conflict error names --later-wins, and the option settles the conflict."""
    rules = ["--house-rule", "points", "--house-rule", "last-standing"]
    status, _, err = run(capsys, "rules", "ono99-1980", *rules)
    assert status == 1
    assert "--later-wins at the command line" in err
    status, out, _ = run(capsys, "rules", "ono99-1980", *rules, "--later-wins")
    assert status == 0
    assert out == ono99.rulebook(
        ono99.load_variant("ono99-1980", ["points", "last-standing"], later_wins=True)
    )


def test_diff_with_house_rules_fits_the_width(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "50")
    status, out, _ = run(capsys, "diff", "ono99-1980", "ono99-1980", "--house-rule", "floor-zero")
    assert status == 0
    assert "total.floor" in out
    assert "ono99-1980+floor-zero" in out.replace("\n", "").replace(" ", "")
    assert max(len(line) for line in out.splitlines()) <= 50
    status, out, _ = run(capsys, "diff", "ono99-1980", "ono99-2022")
    assert max(len(line) for line in out.splitlines()) <= 50
    assert "(not set)" in out


def test_import_leaves_rich_for_the_command_line() -> None:
    code = "import sys, ono99; print(sorted(m for m in sys.modules if m.startswith('rich')))"
    command = [sys.executable, "-c", code]
    result = subprocess.run(command, capture_output=True, text=True, check=True)  # noqa: S603
    assert result.stdout.strip() == "[]"
