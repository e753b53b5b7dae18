"""The ono99 command, called as main(argv) the way the entry point calls it."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from stacking import FILLER, stacked

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
        ["analyse"],
        ["analyze"],
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
        assert f"\n{variant_id} " in out
        assert " ".join(ono99.load_variant(variant_id).description.split()) in flat
    for rule in ono99.list_house_rules():
        assert f"\n{rule} " in out
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
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "--variant", "nope", "--games", "5"])
    assert exit_.value.code == 2
    assert "no shipped variant 'nope'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "--strategy", "careful"])
    assert exit_.value.code == 2
    assert "no strategy 'careful'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "meant"),
    [
        (["rules", "nosuch"], "noddy"),
        (["rules", "ono99-198"], "ono99-1980"),
        (["diff", "ono99-1980", "ono99-202"], "ono99-2022"),
        (["demo", "ninety-nien"], "ninety-nine"),
        (["compare", "ono99-1980", "cribage-pegging", "--games", "2"], "cribbage-pegging"),
    ],
)
def test_an_unknown_variant_is_a_bad_command_line_in_a_line_with_the_closest_id(
    argv: list[str], meant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A name that is no shipped variant exits 2 as any bad argument does, after the usage,
    in one short line naming the closest id (it printed all twenty ids and exited 1)."""
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    (line,) = [line for line in err.splitlines() if ": error: " in line]
    assert f"did you mean {meant!r}?" in line
    assert "ono99 variants lists them" in line
    assert len(line) < 200
    assert err.startswith("usage: ")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["rules", "ono99-1980", "--house-rule", "two-deck"], "did you mean 'two-decks'?"),
        (["validate", "--house-rule", "lastt-standing"], "did you mean 'last-standing'?"),
        (["rules", "ono99-2022", "--house-rule", "ono99-1980"], "is a variant, not a house rule"),
    ],
)
def test_an_unknown_house_rule_is_a_bad_command_line_too(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--house-rule`` names are checked as ``VARIANT`` is: exit 2, one line, the closest."""
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    (line,) = [line for line in capsys.readouterr().err.splitlines() if ": error: " in line]
    assert "argument --house-rule: " in line
    assert said in line
    assert len(line) < 200


def test_a_house_rule_named_as_the_variant_says_to_lay_it_over_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``ono99 rules last-standing``: a bad command line that says how a house rule is used."""
    with pytest.raises(SystemExit) as exit_:
        main(["rules", "last-standing"])
    assert exit_.value.code == 2
    assert "is a house rule, not a variant: lay it over one with --house-rule" in (
        capsys.readouterr().err
    )


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
    with pytest.raises(SystemExit) as exit_:
        main(["rules", "two-decks"])
    assert exit_.value.code == 2
    assert "--house-rule" in capsys.readouterr().err


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
    assert "about 10 to 20 times slower" in flat
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


COMMANDS = [
    "variants",
    "rules",
    "diff",
    "schema",
    "validate",
    "simulate",
    "compare",
    "play",
    "demo",
]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_help_ends_with_examples_and_names_values_alike(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each command's help shows examples of itself, and its values are named by one
    convention: N, VARIANT, RULE, STRATEGY, FILE, ADDRESS (a Dask scheduler's), and A and
    B, the two sides of diff."""
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = capsys.readouterr().out
    examples = out.split("\nexamples:\n", 1)[1]
    assert f"  ono99 {command}" in examples
    usage = " ".join(out.split("\n\n", 1)[0].split())
    named = set(re.findall(r"\b[A-Z][A-Z_|]*[A-Z]\b|\b[AB]\b", usage))
    assert named <= {"N", "VARIANT", "RULE", "STRATEGY", "FILE", "ADDRESS", "A", "B"}, named


def test_the_command_lines_help_has_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "examples:\n  ono99 demo" in out
    assert "'ono99 COMMAND --help'" in out


def test_diff_keeps_a_key_whole_in_a_narrow_window(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 60 columns, a key path is never cut (the values wrap instead)."""
    monkeypatch.setenv("COLUMNS", "60")
    _, out, _ = run(capsys, "diff", "ono99-1980", "ono99-2022")
    keys = [line.split()[0] for line in out.splitlines()[2:] if line and not line[0].isspace()]
    assert "no_safe_play.action" in keys
    assert "cards.minus_ten.count" in keys
    assert max(len(line) for line in out.splitlines()) <= 60


def test_colour_on_a_terminal_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Colour where rich finds a terminal (FORCE_COLOR stands for one here), none in a
    pipe, none with NO_COLOR; the text is the same."""
    _, plain, _ = run(capsys, "diff", "ono99-1980", "ono99-2022")
    assert "\x1b[" not in plain
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    _, coloured, _ = run(capsys, "diff", "ono99-1980", "ono99-2022")
    assert "\x1b[36m" in coloured  # the keys, in cyan
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == plain
    monkeypatch.setenv("NO_COLOR", "1")
    _, uncoloured, _ = run(capsys, "diff", "ono99-1980", "ono99-2022")
    assert "\x1b[36m" not in uncoloured


def test_demo_shows_the_first_round_then_a_line_a_round_then_what_next(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(
        capsys, "demo", "--variant", "ono99-1980", "--players", "3", "--seed", "7"
    )
    assert status == 0
    lines = out.splitlines()
    assert len(lines) < 60
    assert "Player 0 plays 5: total 5" in out  # the first round, play by play
    assert "Round 2, 23 plays: player 1 has no safe play and busts at 104" in out
    assert "Player 0 wins the game" in out
    after = out.split("Try next\n", 1)[1]
    assert "[cards.hold]" in after and "count = 8" in after
    assert "ono99 demo ono99-1980 --house-rule house.toml" in after
    assert "ono99 play" in after
    assert "tutorial" in after
    _, every, _ = run(
        capsys, "demo", "--variant", "ono99-1980", "--players", "3", "--seed", "7", "--verbose"
    )
    assert "Round 2: player 0 deals, player 1 leads" in every
    assert len(every.splitlines()) > 300


def test_the_next_steps_house_rule_works_as_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out, _ = run(capsys, "demo", "--seed", "1")
    after = out.split("Try next\n", 1)[1]
    rule = "\n".join(line.strip() for line in after.splitlines()[1:3]) + "\n"
    (tmp_path / "house.toml").write_text(rule, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    command = after.split("then: ", 1)[1].splitlines()[0].split()
    status, out, err = run(capsys, *command[1:], "--seed", "1")
    assert status == 0, err
    assert "+ house" in out.splitlines()[0]


def test_play_shows_the_hand_in_the_order_of_the_cards() -> None:
    out = io.StringIO()
    ono99_cli_play(out)
    hand = next(line for line in out.getvalue().splitlines() if line.startswith("Your hand"))
    assert hand == "Your hand: 3, 4, Play 2, ONO 99."


def ono99_cli_play(out: io.StringIO) -> None:
    from ono99.cli._interactive import play_in_terminal  # noqa: PLC0415

    variant = ono99.load_variant("ono99-2022")
    play_in_terminal(variant, players=3, seed=3, read=lambda _: "quit", out=out)


def test_play_shows_the_total_a_repeat_makes() -> None:
    """A card that "does what the last one did" is offered as one move, at the total the
    card before it makes (a 6 again: 12), not at its own choice's."""
    from ono99.cli._interactive import _describe  # noqa: PLC0415

    variant = ono99.loads_variant(
        'extends = "ninety-nine"\nid = "echo"\n[cards.echo]\nname = "Echo"\ncount = 4\n'
        'effects = [{ type = "repeat_previous" }, { type = "add_choice", amounts = [1, 2] }]\n'
    )
    hands = [["6", "2", "3"], ["echo", "queen", "8"]]
    game = ono99.Game(variant, 2, seed=1, deck=stacked(hands, FILLER))
    assert _describe(game, ono99.Play("6")) == "6  (total 6)"
    game.play(ono99.Play("6"))
    echo = [m for m in game.legal_moves() if isinstance(m, ono99.Play) and m.card == "echo"]
    assert [_describe(game, m) for m in echo] == ["Echo  (total 12)"]


def test_play_asks_for_the_total_where_a_rule_judges_it() -> None:
    """With ``announce-the-total`` the moves do not give the total away; after the
    move the person says it, and a wrong total costs a token."""
    from ono99.cli._interactive import play_in_terminal  # noqa: PLC0415

    variant = ono99.load_variant("ninety-nine", ["announce-the-total"])
    answers = iter(["a", "five", "9999", "quit"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    out = io.StringIO()
    play_in_terminal(variant, players=2, seed=3, read=read, out=out)
    text = out.getvalue()
    assert prompts[:3] == ["Your move: ", "Say the new total: ", "Say the new total: "]
    assert "say the total the card makes, as a whole number" in text
    assert "(total " not in text
    assert "You lose 1 token" in text or "you lose 1 token" in text.lower()


@pytest.mark.parametrize("command", ["demo", "simulate", "play", "rules"])
def test_every_command_that_plays_one_variant_takes_it_first(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ono99 COMMAND VARIANT`` as ``rules`` takes it; ``--variant`` says the same where
    it was taken before (demo, simulate, play), and the two naming different variants
    is a usage error."""
    extra = {"demo": ["--seed", "1"], "simulate": ["--games", "2", "--seed", "1", "--json"]}
    extra["play"] = ["--seed", "1", "--no-pause"]
    args = extra.get(command, [])

    def told(*argv: str) -> tuple[int, str, str]:
        monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
        status, out, err = run(capsys, *argv)
        return status, re.sub(r'"seconds": [0-9.e-]+', "", out), err

    status, first, _ = told(command, "ono99-1980", *args)
    assert status == 0
    assert "O'NO 99 (International Games, 1980)" in first or '"ono99-1980"' in first
    if command == "rules":
        return
    status, option, _ = told(command, "--variant", "ono99-1980", *args)
    assert (status, option) == (0, first)
    status, _, err = told(command, "ono99-2022", "--variant", "ono99-1980", *args)
    assert status == 2
    assert "--variant: names 'ono99-1980', but VARIANT names 'ono99-2022'" in err


def test_demo_named_first_plays_as_the_issue_asks(capsys: pytest.CaptureFixture[str]) -> None:
    """``ono99 demo ono99-1980 --seed 1`` plays the 1980 edition (it was refused)."""
    status, out, _ = run(capsys, "demo", "ono99-1980", "--seed", "1")
    assert status == 0
    assert out.startswith("O'NO 99 (International Games, 1980), 4 players, seed 1")


@pytest.mark.parametrize(
    ("low", "high", "dealt"), [(2, 10, 4), (2, 3, 3), (5, 8, 5), (4, 4, 4), (2, 4, 4)]
)
def test_one_rule_for_the_default_number_of_players(
    low: int, high: int, dealt: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --players, demo, simulate and play all deal 4, or the nearest number the
    variant allows (the rule cli.rst states)."""
    path = tmp_path / "v.toml"
    path.write_text(
        f'extends = "ono99-2022"\nid = "v"\n[players]\nmin = {low}\nmax = {high}\n',
        encoding="utf-8",
    )
    status, out, _ = run(capsys, "demo", str(path), "--seed", "1")
    assert status == 0, out
    assert f", {dealt} players, seed 1" in out.splitlines()[0]
    status, out, _ = run(capsys, "simulate", str(path), "--games", "1", "--seed", "1", "--json")
    assert json.loads(out)["players"] == dealt


def test_play_deals_four_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    """``ono99 play`` follows the same rule: you and three built-in players."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", io.StringIO("quit\n"))
        status, out, _ = run(capsys, "play", "--seed", "1", "--no-pause")
    assert status == 0
    assert "you are player 0 of 4" in out


def test_validate_lays_a_house_rule_over_the_variant_files_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``validate FILE --house-rule RULE`` lays RULE over FILE, as --house-rule does in
    every command: a problem it has there is an error of RULE. With no variant file it
    is checked over the variants its 'for' names (as before, and as checking it alone)."""
    monkeypatch.chdir(tmp_path)
    Path("mine.toml").write_text(
        'extends = "ono99-2022"\nid = "mine"\n[cards.minus_ten]\ncount = 0\n', encoding="utf-8"
    )
    Path("rule.toml").write_text("[cards.hold]\ncount = 9\n", encoding="utf-8")
    status, _, err = run(capsys, "validate", "mine.toml", "--house-rule", "rule.toml")
    assert status == 1  # the 2022 edition has no Hold
    assert "rule.toml: cards.hold: mine has no card 'hold' to change" in err
    assert err.rstrip().endswith("(laid over mine.toml)")
    Path("old.toml").write_text('extends = "ono99-1980"\nid = "old"\n', encoding="utf-8")
    status, out, _ = run(capsys, "validate", "old.toml", "--house-rule", "rule.toml")
    assert status == 0
    assert "old.toml: ok" in out and "rule.toml: ok (house rule rule" in out
    status, out, _ = run(capsys, "validate", "mine.toml", "--house-rule", "two-decks")
    assert status == 0
    assert "two-decks: ok (house rule two-decks" in out
    status, out, _ = run(capsys, "validate", "--strict", "--house-rule", "rule.toml")
    assert status == 1  # alone, laid over every shipped variant: some lack a hold
    assert "name the variants it is for" in out


def test_compare_keeps_each_variant_id_whole_at_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Piped, 80 columns wide: the header holds each id on one line, and no line is wider."""
    monkeypatch.setenv("COLUMNS", "80")
    ids = ["ono99-1980", "ono99-1980-option", "ono99-2022"]
    status, out, _ = run(
        capsys, "compare", *ids, "--games", "4", "--seed", "1", "--players", "2",
        "--strategy", "cautious", "--strategy", "random",
    )  # fmt: skip
    assert status == 0
    header = out.splitlines()[0].split()
    assert header == ids
    assert max(len(line) for line in out.splitlines()) <= 80
