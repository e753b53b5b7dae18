"""Hardening of the ono99 command: no traceback, one error convention, escaped output.

Each case is a command line that once showed a Python traceback, blocked, or
let a file's control characters reach the terminal.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from children import HANG_GUARD

import ono99
from ono99.cli._interactive import play_in_terminal
from ono99.cli._main import main

CORPUS = Path(__file__).parent / "hardening"
POSIX = pytest.mark.skipif(os.name != "posix", reason="POSIX shells, FIFOs and /dev files")


def command(*argv: str, shell: str | None = None, cwd: Path | None = None) -> tuple[int, str]:
    """Run the installed command in a new process; its exit status and standard error."""
    if shell is None:
        args = [sys.executable, "-m", "ono99", *argv]
    else:  # a shell line, with "{ono99}" standing for the command
        args = ["sh", "-c", shell.format(ono99=f'"{sys.executable}" -m ono99')]
    done = subprocess.run(  # noqa: S603 - the test's own command lines
        args, capture_output=True, text=True, timeout=HANG_GUARD, cwd=cwd, check=False
    )
    return done.returncode, done.stderr


def no_traceback(err: str) -> bool:
    return "Traceback" not in err and "Exception ignored" not in err


# ------------------------------------------------------- validate checks before reading


@POSIX
def test_validate_refuses_a_fifo_without_reading_it(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "f.toml")
    status, err = command("validate", "f.toml", cwd=tmp_path)
    assert status == 1
    assert err == "ono99: error: f.toml: not a regular file\n"


@POSIX
def test_validate_refuses_a_device(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "/dev/zero"]) == 1
    assert capsys.readouterr().err == "ono99: error: /dev/zero: not a regular file\n"


# ------------------------------------------------------------------ no traceback


@POSIX
@pytest.mark.parametrize(
    ("shell", "message"),
    [
        ("{ono99} variants > /dev/full", "ono99: error: cannot write the output"),
        ("{ono99} play <&-", "ono99: error: play reads your moves from standard input"),
        (
            "mkdir d && cd d && rmdir ../d && {ono99} rules ono99-2022 >/dev/null && echo ok >&2",
            "ok",
        ),
        ("mkdir d && cd d && rmdir ../d && {ono99} validate x.toml", "no such variant file"),
    ],
)
def test_a_hostile_environment_gives_an_error_not_a_traceback(
    shell: str, message: str, tmp_path: Path
) -> None:
    if "/dev/full" in shell and not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    _, err = command(shell=shell, cwd=tmp_path)
    assert no_traceback(err), err
    assert message in err


LONG = "v" * 300


@pytest.mark.parametrize(
    "argv",
    [
        ["rules", LONG],
        ["rules", "ono99-2022", "--house-rule", LONG],
        ["rules", f"ono99-2022+{LONG}"],
        ["diff", LONG, "ono99-2022"],
        ["simulate", "--variant", LONG, "--games", "2"],
    ],
)
def test_a_long_unknown_name_is_a_short_usage_error(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """An unknown variant or house rule is a bad argument: exit 2, and the name cut short."""
    with pytest.raises(SystemExit) as raised:
        main(argv)
    assert raised.value.code == 2
    err = capsys.readouterr().err
    assert "error: argument" in err
    assert LONG not in err
    assert len(err) < 600


@pytest.mark.parametrize(
    "argv",
    [
        ["validate", str(CORPUS / "nested-500.toml")],
        ["rules", str(CORPUS / "nested-500.toml")],
    ],
)
def test_bad_files_fail_with_status_1(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("ono99: error: ")
    assert len(err) < 2000


# ------------------------------------------------------- usage errors: argparse's way


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--players", "1000"], "argument --players: expected at most 100"),
        (
            ["simulate", "--players", "7"],
            "argument --players: ONO 99 (Mattel, 2022) is for 2 to 6",
        ),
        (["compare", "ono99-2022", "--players", "7"], "argument --players:"),
        (["demo", "--players", "9"], "argument --players:"),
        (["play", "--seat", "5"], "argument --seat: expected a seat from 0 to 3, got 5"),
        (["play", "--players", "8"], "argument --players:"),
        (["simulate", "--games", "1000000000000"], "argument --games: expected at most"),
        (["simulate", "--jobs", "100000"], "argument --jobs: expected at most"),
        (["simulate", "--chart", "no/such/folder/x.png"], "argument --chart: no folder"),
        (["simulate", "--chart", "x.gif"], "argument --chart:"),
    ],
)
def test_a_bad_value_found_after_parsing_exits_2_like_argparse(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Checked before any game is played: a bad --chart does not wait for the simulation."""
    if "--chart" in argv:
        pytest.importorskip("matplotlib")
    assert _status(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: ono99 ")
    assert f": error: {message}" in err


@pytest.mark.parametrize("case", ["folder", "folder.png", "dot", "read-only file", "under a file"])
@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_a_chart_that_cannot_be_written_is_refused_before_any_game(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    case: str,
    command: str,
) -> None:
    """A ``--chart`` naming a folder, or a file that cannot be written, exits 2 at once.

    The CLI reference: "a ``--chart`` file that cannot be written, all checked
    before any game is played". No game is played: the simulation is never called.
    """
    pytest.importorskip("matplotlib")
    import ono99.cli._games as games  # noqa: PLC0415  # the module whose simulation is stubbed

    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(games, "simulate", no_games)
    monkeypatch.setattr(games, "compare_variants", no_games)
    (tmp_path / "folder").mkdir()
    (tmp_path / "folder.png").mkdir()
    locked = tmp_path / "locked.png"
    locked.write_bytes(b"")
    locked.chmod(0o444)
    if case == "read-only file" and os.access(locked, os.W_OK):
        pytest.skip("this user can write any file")
    target = {
        "folder": str(tmp_path / "folder"),
        "folder.png": str(tmp_path / "folder.png"),
        "dot": ".",
        "read-only file": str(locked),
        "under a file": str(locked / "wins.png"),
    }[case]
    monkeypatch.chdir(tmp_path)
    argv = [command, *(["ono99-2022"] if command == "compare" else [])]
    assert _status([*argv, "--games", "1000", "--chart", target]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: ono99 ")
    assert ": error: argument --chart: " in err
    assert "Traceback" not in err


def test_chart_reports_the_file_it_wrote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "wins"
    assert (
        main(["simulate", "--games", "4", "--jobs", "1", "--quiet", "--chart", str(target)]) == 0
    )
    assert (tmp_path / "wins.png").is_file()
    assert f"chart written to {target}.png" in capsys.readouterr().out


# ------------------------------------------------------------- escaped output

HOSTILE = "\x1b]0;PWNED\x07\x1b[2J"


def hostile_variant(tmp_path: Path) -> Path:
    path = tmp_path / "pwn.toml"
    path.write_text(
        'extends = "ono99-1980"\nid = "pwn"\n'
        'name = "\\u001b]0;PWNED\\u0007\\u001b[2J"\n'
        'description = "\\u001b[31mred \\u202e"\n'
        '[cards.10]\nname = "Ten\\u001b[2J"\n'
        "[players]\nmax = 3\n"
    )
    return path


@pytest.mark.parametrize(
    "argv",
    [
        ["rules", "{}"],
        ["validate", "{}"],
        ["diff", "{}", "ono99-1980"],
        ["demo", "--variant", "{}", "--seed", "1", "--verbose"],
        ["simulate", "--variant", "{}", "--games", "3", "--jobs", "1", "--quiet"],
        ["compare", "{}", "ono99-1980", "--games", "3", "--jobs", "1"],
        ["simulate", "--variant", "{}", "--players", "4"],
    ],
)
def test_nothing_from_a_file_reaches_the_terminal_unescaped(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(hostile_variant(tmp_path))
    _status([path if a == "{}" else a for a in argv])
    out, err = capsys.readouterr()
    for text in (out, err):
        assert "\x1b" not in text
        assert "\x07" not in text
        assert "\u202e" not in text
    if argv[0] not in ("validate", "compare", "diff"):  # these show the id, not the name
        assert "\\x1b" in out + err


def _status(argv: list[str]) -> int:
    """The exit status of ``main(argv)``, whether it returns it or argparse exits."""
    with contextlib.suppress(SystemExit):
        return main(argv)
    return 2


def test_play_escapes_what_it_prints(tmp_path: Path) -> None:
    out = StringIO()
    variant = ono99.load_variant(hostile_variant(tmp_path))
    play_in_terminal(variant, players=2, seed=1, read=lambda _: "quit", out=out)
    assert "\x1b" not in out.getvalue()
    assert "\\x1b" in out.getvalue()


def test_jobs_above_the_cpu_count_is_noted(capsys: pytest.CaptureFixture[str]) -> None:
    jobs = (os.cpu_count() or 1) + 1
    assert main(["simulate", "--games", "2", "--jobs", str(jobs), "--quiet"]) == 0
    err = capsys.readouterr().err
    assert f"ono99: note: --jobs {jobs} is more than this machine's" in err


# ------------------------------------------------- files that once escaped validate


@pytest.mark.parametrize("json_output", [False, True])
def test_validate_reports_an_integer_python_cannot_read(
    json_output: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    """5,000 digits: validate --json once printed no JSON, only Python's ValueError."""
    path = str(CORPUS / "integer-5000-digits.toml")
    assert main(["validate", *(["--json"] if json_output else []), path]) == 1
    out, err = capsys.readouterr()
    if json_output:
        (finding,) = json.loads(out)["files"][0]["findings"]
        assert finding["path"] == "total.bust"
    else:
        assert "total.bust: expected an integer from -2**63" in err
    assert no_traceback(err)


@POSIX
@pytest.mark.parametrize("json_output", [False, True])
def test_validate_reports_a_symbolic_link_to_itself(
    json_output: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    loop = tmp_path / "loop.toml"
    loop.symlink_to(loop)
    assert main(["validate", *(["--json"] if json_output else []), str(loop)]) == 1
    out, err = capsys.readouterr()
    if json_output:
        (finding,) = json.loads(out)["files"][0]["findings"]
        assert "symbolic link that leads to no file" in finding["message"]
    else:
        assert "symbolic link that leads to no file" in err
    assert no_traceback(err)
