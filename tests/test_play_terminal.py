"""`ono99 play`, driven in a real pseudo-terminal as a person would use it."""

from __future__ import annotations

import io
import re
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from children import HANG_GUARD

pytest.importorskip("pexpect")
import pexpect  # only once the test run knows it is installed

if TYPE_CHECKING:
    from collections.abc import Iterator

PROMPT = "Your move: "
ROUND_PAUSE = r"Press Enter for the next round"
# Run from elsewhere than the source tree, so the installed ono99 is what runs.
ELSEWHERE = tempfile.gettempdir()


def _interruptible() -> None:
    """As at a terminal, let Ctrl-C interrupt, whatever the test runner did with SIGINT."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


_SPAWNED: list[pexpect.spawn[str]] = []


@pytest.fixture(autouse=True)
def _no_child_outlives_its_test() -> Iterator[None]:
    """Every command a test spawned is ended when the test ends, passed or failed."""
    yield
    while _SPAWNED:
        child = _SPAWNED.pop()
        child.close(force=True)


def spawn_command(*args: str, cwd: str = ELSEWHERE) -> pexpect.spawn[str]:
    """``ono99 ARGS`` in a pseudo-terminal of 40 lines by 120 columns.

    Each ``expect`` waits for what it looks for, however busy the machine; its
    time limit only guards against a command that hangs.
    """
    child = pexpect.spawn(
        sys.executable,
        ["-m", "ono99", *args],
        encoding="utf-8",
        timeout=HANG_GUARD,
        cwd=cwd,
        preexec_fn=_interruptible,
    )
    _SPAWNED.append(child)
    child.setwinsize(40, 120)
    return child


def spawn(*args: str) -> pexpect.spawn[str]:
    return spawn_command("play", *args)


def test_a_whole_game_with_bad_input_on_the_way() -> None:
    child = spawn("--players", "3", "--seed", "1")
    child.expect(r"seed 1: you are player 0 of 3\.")
    child.expect(r"Against you: 2 cautious players\.")
    child.expect(r"Round 1, total 0, play goes clockwise\. Your turn\.")
    child.expect("Your hand: ")
    child.expect(r"  a\) ")
    child.expect(PROMPT)
    # Nonsense, a card not held, and a letter past the list: each asks again.
    child.sendline("banana")
    child.expect("is not a card of this game")
    child.expect(PROMPT)
    child.sendline("z")
    child.expect("choose a letter from a to")
    child.expect(PROMPT)
    child.sendline("help")
    child.expect("Type the letter of a move")
    child.expect(PROMPT)
    # Then always the first choice, and Enter between rounds, to the end of the game.
    endings = ["You win the game!", r"Player \d wins the game\. Better luck next time\."]
    found = 0
    while found < 2:
        child.sendline("a" if found == 0 else "")
        found = child.expect([PROMPT, ROUND_PAUSE, *endings])
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    rest = child.before or ""
    assert "Traceback" not in rest
    # The winner is told once.
    assert "wins the game" not in rest and "win the game" not in rest


def test_every_letter_is_a_move() -> None:
    """Commands are words, so a move's letter never means anything else."""
    child = spawn("--players", "2", "--seed", "0", "--variant", "ninety-nine-pagat")
    child.expect(r"  d\) Queen")
    child.expect(PROMPT)
    child.sendline("d")
    child.expect("You play Queen")
    child.sendline("quit")
    child.close()


def test_a_plus_or_minus_card_is_asked_about_in_words() -> None:
    """Naming a card that counts +10 or -10 asks which, in the game's words, not Python's."""
    child = spawn("--players", "2", "--seed", "0", "--variant", "ninety-nine-pagat")
    child.expect(r"10 as \+10 +\(total 10\)")
    child.expect(r"10 as -10 +\(total -10\)")
    child.expect(PROMPT)
    child.sendline("10")
    child.expect("Which way?")
    child.expect(r"Choose a or b \(Enter to go back\): ")
    assert "amount=" not in (child.before or "")
    child.sendline("a")
    child.expect(r"You play 10 for 10: total 10")
    child.sendline("quit")
    child.close()


def test_the_person_is_spoken_to_as_you() -> None:
    """The game speaks to the person in the second person: never "player 0" for them."""
    child = spawn("--players", "2", "--seed", "0", "--variant", "ninety-nine-pagat")
    child.logfile_read = seen = io.StringIO()
    child.expect(PROMPT)
    child.sendline("king")
    child.expect("Not that: you hold no King")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    text = seen.getvalue()
    assert "You are dealt" in text
    assert "you lead" in text
    greeting, rest = text.split("\n", 1)
    assert "you are player 0" in greeting
    assert "layer 0" not in rest


def test_cards_are_laid_away_into_the_crib() -> None:
    """Cribbage: "'lays away' two of them face down" (Bicycle Cards). The prompt numbers
    the hand; a wrong count is refused in words and asked again; two numbers lay those
    cards away, the opponent's are told only by their count, and the play follows."""
    crib = Path(__file__).resolve().parent / "variants" / "files" / "cribbage.toml"
    child = spawn(str(crib), "--players", "2", "--seed", "3")
    child.expect(r"Round 1: lay 2 cards away\. The crib is player 1's\.")
    child.expect(r"Your hand: 1\) ")
    child.expect(PROMPT)
    child.sendline("3")
    child.expect(r"Not that: you lay 2 cards away into the crib, not 1\. Try again\.")
    child.expect(PROMPT)
    child.sendline("1 2")
    child.expect("You lay away ")
    child.expect("Player 1 lays away 2 cards to the crib, face down")
    child.expect("The starter is turned up")
    child.expect(r"  a\) ")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("Bye.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_plain_text_when_not_a_terminal() -> None:
    """Through a pipe: no colour codes, lines wrapped, and no pause to wait on."""
    moves = "\n".join(["a"] * 400) + "\n"
    run = subprocess.run(
        [sys.executable, "-m", "ono99", "play", "--seed", "1", "--no-pause"],
        input=moves,
        capture_output=True,
        text=True,
        cwd=ELSEWHERE,
        check=False,
        timeout=HANG_GUARD,
    )
    assert run.returncode == 0, run.stderr
    assert "\x1b[" not in run.stdout
    assert max(len(line) for line in run.stdout.splitlines()) <= 80
    assert "Press Enter" not in run.stdout
    assert run.stdout.count("win the game") + run.stdout.count("wins the game") == 1


def test_end_of_input_leaves_cleanly() -> None:
    child = spawn("--seed", "2", "--variant", "ono99-1980")
    child.expect(PROMPT)
    child.sendeof()
    child.expect("Bye.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_leaves_cleanly() -> None:
    child = spawn("--seed", "3")
    child.expect(PROMPT)
    child.sendintr()
    child.expect("Bye.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in (child.before or "")


def test_quit() -> None:
    child = spawn("--seed", "4", "--players", "2")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("Bye.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


# A player that takes a while over each move, so that a game lasts long enough
# for the progress bar to draw counts short of the end.
SLOW_PLAYER = """
import time

import ono99


class SlowPlayer:
    def __init__(self):
        self.cautious = ono99.CautiousPlayer()

    def choose(self, observation):
        time.sleep(0.01)
        return self.cautious.choose(observation)
"""


def test_simulate_shows_progress_in_a_terminal(tmp_path: Path) -> None:
    """On a terminal the simulation draws a progress bar on standard error."""
    (tmp_path / "slow.py").write_text(SLOW_PLAYER, encoding="utf-8")
    child = spawn_command(
        *("simulate", "--games", "6", "--players", "2", "--jobs", "2"),
        *("--strategy", "slow:SlowPlayer", "--strategy", "cautious"),
        cwd=str(tmp_path),
    )
    child.expect(r"seed \d+, chosen at random")
    # The bar moves game by game: a count short of the end is drawn before 6/6.
    child.expect(r"(?<!\d)[1-5]/6(?!\d)")
    child.expect(r"6/6")
    child.expect("games/s")
    child.expect("win rate")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_compare_shows_a_bar_for_each_variant() -> None:
    """compare draws one progress bar a variant, each to its end, then the table."""
    child = spawn_command(
        *("compare", "ono99-1980", "ono99-2022"),
        *("--games", "30", "--players", "2", "--jobs", "1", "--seed", "2"),
    )
    child.logfile_read = seen = io.StringIO()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = seen.getvalue()
    assert "games/s" in text
    assert "decided by" in text  # the table, after the bars
    bars = [line for line in re.split(r"[\r\n]+", text) if "30/30" in line]
    assert any("ono99-1980" in line for line in bars)
    assert any("ono99-2022" in line for line in bars)
