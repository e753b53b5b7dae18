"""`ono99 play`, driven in a real pseudo-terminal as a person would use it."""

from __future__ import annotations

import signal
import sys
import tempfile

import pytest

pexpect = pytest.importorskip("pexpect")

PROMPT = "Your move: "
# Run from elsewhere than the source tree, so the installed ono99 is what runs.
ELSEWHERE = tempfile.gettempdir()


def _interruptible() -> None:
    """As at a terminal, let Ctrl-C interrupt, whatever the test runner did with SIGINT."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(*args: str) -> pexpect.spawn:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "ono99", "play", *args],
        encoding="utf-8",
        timeout=30,
        cwd=ELSEWHERE,
        preexec_fn=_interruptible,
    )
    child.setwinsize(40, 120)
    return child


def test_a_whole_game_with_bad_input_on_the_way() -> None:
    child = spawn("--players", "3", "--seed", "1")
    child.expect("you are player 0, against 2 cautious players")
    child.expect(r"Round 1, total 0, play goes clockwise\. Your turn\.")
    child.expect("Your hand: ")
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
    # Then always the first choice, to the end of the game.
    while True:
        child.sendline("a")
        found = child.expect([PROMPT, "You win!", "wins. Better luck next time."])
        if found:
            break
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in (child.before or "")


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


def test_simulate_shows_progress_in_a_terminal() -> None:
    """On a terminal the simulation draws a progress bar on standard error."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "ono99", "simulate", "--games", "40", "--players", "2", "--jobs", "1"],
        encoding="utf-8",
        timeout=60,
        cwd=ELSEWHERE,
        preexec_fn=_interruptible,
    )
    child.expect(r"\] 40/40 games")
    child.expect("win rate")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
