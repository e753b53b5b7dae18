"""Simulations: every failure names its game, a dead worker is a clear error, and no
worker process outlives the simulation, however it ends.

The tests that end processes start a script in a new process and wait for
events (files written, processes gone) with generous time limits, so that a
loaded machine makes them slower, never flaky.
"""

from __future__ import annotations

import concurrent.futures
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from process_helpers import Illegal, Raises

import ono99
from ono99.simulation import _chunks
from ono99.simulation._seeds import game_seed

TESTS = Path(__file__).parent
POSIX = pytest.mark.skipif(os.name != "posix", reason="POSIX signals and /proc")


# ------------------------------------------------ errors name the game and its seed


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize(
    ("factory", "says"),
    [(Raises, "ZeroDivisionError: boom"), (Illegal, "there is no card 'no-such-card'")],
)
def test_an_error_in_a_game_names_the_game_and_its_seed(
    factory: ono99.PlayerFactory, says: str, jobs: int
) -> None:
    with pytest.raises(ono99.SimulationError) as caught:
        ono99.simulate("ono99-2022", players=2, games=4, seed=3, jobs=jobs, strategies=factory)
    error = caught.value  # with two processes, whichever failing game is met first
    assert error.game is not None
    assert error.game in range(4)
    assert error.seed == game_seed(3, error.game)
    assert f"game {error.game} of the simulation with seed 3 failed" in str(error)
    assert f"seed={error.seed}" in str(error)
    assert says in str(error)


def test_a_game_that_does_not_end_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_chunks, "MAX_MOVES", 3)
    with pytest.raises(ono99.SimulationError, match=r"game 0 .* did not end within 3 moves"):
        ono99.simulate("ono99-2022", players=2, games=2, seed=1, jobs=1)


# ------------------------------------------------------------------ --jobs capped


def test_no_more_workers_than_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int | None] = []

    class Recording(concurrent.futures.ProcessPoolExecutor):
        def __init__(self, max_workers: int | None = None, **options: Any) -> None:
            asked.append(max_workers)
            super().__init__(max_workers, **options)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Recording)
    result = ono99.simulate("ono99-2022", players=2, games=2, jobs=1000)
    assert result.games == 2
    assert asked == [2]


# --------------------------------------------------------- processes end with it


def start(script: str, **env: str) -> subprocess.Popen[str]:
    """A Python process running ``script`` in its own session, tests/ on its path."""
    environ = {**os.environ, "PYTHONPATH": str(TESTS), **env}
    return subprocess.Popen(  # noqa: S603 - the test's own script
        [sys.executable, "-c", script],
        env=environ,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def gone(pid: int) -> bool:
    """Whether a process has ended (a zombie waiting to be reaped counts as ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True
    return "\nState:\tZ" in status


def wait_for(test: object, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if test():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return bool(test())  # type: ignore[operator]


DIES = """
import ono99, process_helpers
ono99.simulate("ono99-2022", players=2, games=40, jobs=2, strategies=process_helpers.dies)
"""


@POSIX
def test_a_dead_worker_is_a_clear_error_promptly_every_time() -> None:
    """The same run several times: never a hang at exit, never a raw BrokenProcessPool."""
    for _ in range(4):
        child = start(DIES)
        try:
            _, err = child.communicate(timeout=60)
        finally:
            child.kill()
        assert child.returncode == 1
        assert "ono99.SimulationError: a worker process died while playing games" in err, err
        assert "BrokenProcessPool" not in err


SLOW = """
import sys, ono99, process_helpers
print("started", flush=True)
try:
    ono99.simulate("ono99-2022", players=2, games=8, jobs=2, strategies=process_helpers.Slow)
except KeyboardInterrupt:
    sys.exit(130)
"""


def slow_run(tmp_path: Path) -> tuple[subprocess.Popen[str], list[int]]:
    """A simulation of players that never move, and the ids of its two workers."""
    child = start(SLOW, ONO99_PIDS=str(tmp_path))
    assert wait_for(lambda: len(list(tmp_path.iterdir())) >= 2, 60), "no workers started"
    return child, [int(p.name) for p in tmp_path.iterdir()]


@POSIX
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_when_their_parent_is_killed(how: signal.Signals, tmp_path: Path) -> None:
    child, workers = slow_run(tmp_path)
    try:
        os.kill(child.pid, how)
        child.communicate(timeout=30)
        assert wait_for(lambda: all(gone(pid) for pid in workers), 10), "workers outlived it"
    finally:
        for pid in workers:
            if not gone(pid):
                os.kill(pid, signal.SIGKILL)


@POSIX
def test_ctrl_c_stops_at_once_whatever_the_players(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) ends the run
    and its workers within seconds, with no traceback, though no player ever moves."""
    child, workers = slow_run(tmp_path)
    try:
        os.killpg(child.pid, signal.SIGINT)
        pressed = time.monotonic()
        _, err = child.communicate(timeout=30)
        took = time.monotonic() - pressed
        assert child.returncode == 130, err
        assert "Traceback" not in err
        assert wait_for(lambda: all(gone(pid) for pid in workers), 10)
        assert took < 10  # well under a second when the machine is idle
    finally:
        for pid in workers:
            if not gone(pid):
                os.kill(pid, signal.SIGKILL)
