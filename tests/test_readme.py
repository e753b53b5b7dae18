"""The README: every shell command runs as written, every count in its prose is true.

The README's Python examples run in ``tests/test_doctests.py``'s way here too
(:func:`test_the_readmes_python_examples_run`). The commands of "The command
line" run in this process, in a folder holding the files they name; those
that install the package (``Try it``, ``Run the tests``) run in a copy of the
checkout, each in a fresh virtual environment, and are ``slow``.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import ono99
from ono99.cli._main import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

pytestmark = pytest.mark.skipif(not README.is_file(), reason="the README is not in this tree")


def _text() -> str:
    return README.read_text(encoding="utf-8")


def _blocks(language: str) -> list[str]:
    """The fenced blocks of ``language`` (```` ```sh ````), in order."""
    return re.findall(rf"^```{language}\n(.*?)^```$", _text(), re.M | re.S)


def _section(title: str) -> str:
    """The README's section ``## title``, up to the next one."""
    return _text().split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def _commands(block: str) -> list[str]:
    """A block's commands, their comments left out."""
    return [line.split("  #", 1)[0].strip() for line in block.splitlines() if line.strip()]


def test_the_readme_has_the_blocks_these_tests_run() -> None:
    """Each section these tests run has its block (a renamed section must not pass unseen)."""
    for title in ("Try it", "Change the rules", "The command line", "Run the tests"):
        assert "```" in _section(title), title
    assert len(_commands(_command_line_block())) >= 8


# ------------------------------------------------------------- the counts


NUMBERS = {
    "four": 4,
    "three": 3,
    "twelve": 12,
    "eleven": 11,
    "thirteen": 13,
    "fifteen": 15,
    "sixteen": 16,
    "a dozen": 12,
    "two": 2,
}


def test_the_counts_in_the_prose_are_those_of_the_shipped_files() -> None:
    """ "three optional rule sets of the 1980 edition, twelve rule sets of the adding game
    "99" (and 98), cribbage's pegging play, its ancestor Noddy, and fifteen house rules":
    each number is what
    ``list_variants()`` and ``list_house_rules()`` hold, and no shipped file is left out."""
    flat = " ".join(_text().split())
    said = re.search(
        r"ships both editions, (\w+) optional rule sets of the 1980 edition, (\w+) rule sets "
        r'of the adding game "99" \(and 98\), (\w+) of Cribbage \(six-card, five-card, '
        r"three-hand and four-hand\), its pegging play alone, its ancestor Noddy, "
        r"and (\w+) house rules",
        flat,
    )
    assert said is not None, "the README no longer says what it ships in these words"
    options, adding, cribbage, house = (NUMBERS[word] for word in said.groups())
    variants = ono99.list_variants()
    assert options == len([v for v in variants if v.startswith("ono99-1980-")])
    nineties = [v for v in variants if v.startswith(("ninety-", "ninety-nine"))]
    assert adding == len(nineties)
    assert house == len(ono99.list_house_rules())
    cribs = [v for v in variants if v.startswith("cribbage") and v != "cribbage-pegging"]
    assert cribbage == len(cribs)
    editions = {"ono99-1980", "ono99-2022", "cribbage-pegging", "noddy"}
    assert len(variants) == options + adding + cribbage + len(editions)


# ------------------------------------------------------ the house rule


def _house_rule() -> str:
    (block,) = _blocks("toml")
    return block


def test_the_house_rule_validates_strictly_as_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ono99 validate --strict six-minus-tens.toml`` passes on the file as the README
    shows it (laid over each edition its ``for`` names), and it makes six -10 cards in
    either edition."""
    monkeypatch.chdir(tmp_path)
    Path("six-minus-tens.toml").write_text(_house_rule(), encoding="utf-8")
    assert "validate --strict six-minus-tens.toml" in " ".join(_text().split())
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        status = main(["validate", "--strict", "six-minus-tens.toml"])
    assert status == 0, out.getvalue()
    assert "warning" not in out.getvalue()
    for edition in ("ono99-1980", "ono99-2022"):
        variant = ono99.load_variant(edition, house_rules=["six-minus-tens.toml"])
        assert variant.card("minus_ten").count == 6


def test_the_house_rules_error_message_is_the_one_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "had the file said ``count = -6`` and ``[totl]``": the error shown is the one raised
    (``...`` standing for the text the README leaves out, the folder for /home/you)."""
    monkeypatch.chdir(tmp_path)
    bad = _house_rule().replace("count = 6", "count = -6") + "\n[totl]\nbust = 9\n"
    Path("six-minus-tens.toml").write_text(bad, encoding="utf-8")
    (shown,) = _blocks("text")
    with pytest.raises(ono99.VariantError) as raised:
        ono99.load_variant("ono99-2022", house_rules=["six-minus-tens.toml"])
    got = f"ono99.VariantError: {raised.value}\n".replace(str(tmp_path), "/home/you")
    assert doctest.OutputChecker().check_output(shown, got, doctest.ELLIPSIS), got


def test_validate_reports_every_mistake_of_the_readmes_example(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Every mistake in a file is reported": ``ono99 validate`` and :func:`ono99.check_file`
    report both of the example's (``count = -6`` and ``[totl]``), at the key paths the
    README shows, in one pass, as ``load_variant`` does (validate reported only ``totl``)."""
    monkeypatch.chdir(tmp_path)
    bad = _house_rule().replace("count = 6", "count = -6") + "\n[totl]\nbust = 9\n"
    Path("six-minus-tens.toml").write_text(bad, encoding="utf-8")
    (shown,) = _blocks("text")
    paths = re.findall(r"^  - ([\w.]+):", shown, re.M)
    assert sorted(paths) == ["cards.minus_ten.count", "totl"]
    found = ono99.check_file("six-minus-tens.toml")
    assert sorted(f.path for f in found if f.level == "error") == sorted(paths)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["validate", "six-minus-tens.toml"])
    assert status == 1
    reported = err.getvalue().splitlines()
    for path in paths:
        (line,) = [line for line in reported if f": {path}: " in line]
        assert line.startswith("ono99: error: six-minus-tens.toml: "), line


# ---------------------------------------------------- the command line


def _command_line_block() -> str:
    (block,) = re.findall(r"```sh\n(.*?)```", _section("The command line"), re.S)
    return str(block)


# Where a command plays many games, a test plays few: the command is otherwise as written.
FEWER_GAMES = {"--games 2000": "--games 20"}


def _command_cases() -> list[str]:
    return _commands(_command_line_block())


@pytest.mark.parametrize("command", _command_cases())
def test_each_command_of_the_command_line_section_runs(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each command runs as written (with fewer games) and exits 0, in a folder that has
    the files it names: ``my-variant.toml`` is a variant as the README describes one
    (``extends = "ono99-2022"`` and only what differs); ``play`` is told ``quit``."""
    monkeypatch.chdir(tmp_path)
    Path("my-variant.toml").write_text(
        'extends = "ono99-2022"\nid = "my-variant"\n\n[cards.minus_ten]\ncount = 6\n',
        encoding="utf-8",
    )
    for many, few in FEWER_GAMES.items():
        command = command.replace(many, few)
    argv = shlex.split(command)
    assert argv[0] == "ono99"
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        status = main(argv[1:])
    assert status == 0, f"{command}\n{out.getvalue()}"
    assert "error" not in out.getvalue(), out.getvalue()


# ---------------------------------------------------- the Python examples


def test_the_readmes_python_examples_run() -> None:
    """The ``>>>`` examples of "Use it from Python" print what they show, one block after
    the other in one session, as a reader types them."""
    blocks = _blocks("python")
    assert blocks
    assert blocks[0].startswith(">>> import ono99\n")
    parser = doctest.DocTestParser()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    session: dict[str, object] = {}
    for index, block in enumerate(blocks):
        test = parser.get_doctest(block, session, f"README python block {index}", None, 0)
        out = io.StringIO()
        runner = doctest.DocTestRunner(optionflags=flags)
        result = runner.run(test, out=out.write, clear_globs=False)
        assert result.failed == 0, out.getvalue()
        session = test.globs  # the next block goes on from here


# --------------------------------------------- the commands that install


def _checkout(tmp_path: Path) -> Path:
    """A copy of this checkout's files (no virtual environments, caches or builds)."""
    if os.environ.get("ONO99_EXPECT_INSTALLED"):
        pytest.skip("the install commands are tested once, from the checkout, not the wheel")
    if not (ROOT / "pyproject.toml").is_file():
        pytest.skip("not a checkout")
    target = tmp_path / "ono99"
    skip = shutil.ignore_patterns(
        ".git",
        ".venv*",
        "*cache*",
        "__pycache__",
        "_build",
        "build",
        "dist",
        "*.so",
        ".hypothesis",
    )
    shutil.copytree(ROOT, target, ignore=skip)
    return target


def _run(command: str, folder: Path) -> str:
    """``command`` in bash, in ``folder``, as a reader types it; its output."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    env["PATH"] = os.pathsep.join(
        p for p in env.get("PATH", "").split(os.pathsep) if Path(sys.prefix) not in Path(p).parents
    )
    done = subprocess.run(  # noqa: S603 - the README's own command
        ["bash", "-c", command],  # noqa: S607
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def test_try_it_installs_and_plays_as_written(tmp_path: Path) -> None:
    """ "Try it", as written, in a copy of the checkout: a fresh venv, ``pip install .``,
    and a game of the 2022 edition played to its end."""
    (command,) = _commands(_blocks("sh")[0])
    assert command.startswith("python3 -m venv .venv && ")
    out = _run(command, _checkout(tmp_path))  # pip's lines, then the game
    assert "\nONO 99 (Mattel, 2022), 4 players, seed " in out
    assert "wins the game" in out


def test_the_test_command_installs_its_own_environment_as_written(tmp_path: Path) -> None:
    """ "Run the tests", as written up to the suite itself (which is this one): its own
    venv, not Try it's ``.venv``; the editable install the README says runs the
    pure-Python engine; and the suite it installs collects without an error."""
    (block,) = re.findall(r"```sh\n(.*?)```", _section("Run the tests"), re.S)
    (command,) = _commands(block)
    assert ".venv/" not in command and ".venv-test/bin/pip install -e" in command
    assert command.endswith(" && .venv-test/bin/pytest")
    folder = _checkout(tmp_path)
    out = _run(f"{command} --collect-only -q -p no:cacheprovider", folder)
    assert re.search(r"^\d+ tests collected", out, re.M), out[-2000:]
    version = _run(".venv-test/bin/ono99 --version", folder)
    assert version.strip().endswith("(pure-Python engine)")
    assert "pure-Python one" in " ".join(_section("Run the tests").split())
