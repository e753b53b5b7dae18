"""Simulations: every failure names its game, a dead worker is a clear error, and no
worker process outlives the simulation, however it ends.

The tests that end processes start a script in a new process, wait for events
(files written, processes gone) rather than for a time, and end the script and
its workers whatever happens (tests/children.py): a loaded machine makes them
slower, never flaky.
"""

from __future__ import annotations

import concurrent.futures
import os
import signal
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from children import HANG_GUARD, finish, started, wait_for
from process_helpers import Illegal, Raises

import ono99
from ono99.simulation import _chunks, _simulate
from ono99.simulation._seeds import game_seed

if TYPE_CHECKING:
    import contextlib
    import subprocess
    import threading

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


def start(script: str, **env: str) -> contextlib.AbstractContextManager[subprocess.Popen[str]]:
    """A Python process running ``script`` in its own session, tests/ on its path.

    Used as a context manager, which ends it and its workers however the test ends.
    """
    environ = {**os.environ, "PYTHONPATH": str(TESTS), **env}
    return started([sys.executable, "-c", script], env=environ)


def gone(pid: int) -> bool:
    """Whether a process has ended (a zombie waiting to be reaped counts as ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True
    return "\nState:\tZ" in status


@POSIX
def test_a_pool_ended_early_is_not_woken_again_at_exit() -> None:
    """Regression: after Ctrl-C a run printed a traceback at exit (OSError: bad file
    descriptor), when the executor's exit hook woke the killed pool's manager thread as
    that thread closed its wake-up pipe, a race without a lock before Python 3.12.
    Killed, the pool is no longer listed for that wake-up, and its manager thread
    still ends by itself."""
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=1)
    pool.submit(time.sleep, 60)
    manager: threading.Thread = pool._executor_manager_thread  # type: ignore[assignment]
    wakeups = concurrent.futures.process._threads_wakeups
    assert manager in wakeups
    _simulate._kill_workers(pool)
    assert manager not in wakeups
    manager.join(HANG_GUARD)
    assert not manager.is_alive()


DIES = """
import ono99, process_helpers
ono99.simulate("ono99-2022", players=2, games=40, jobs=2, strategies=process_helpers.dies)
"""


@POSIX
def test_a_dead_worker_is_a_clear_error_every_time() -> None:
    """The same run several times: never a hang at exit, never a raw BrokenProcessPool."""
    for _ in range(4):
        with start(DIES) as child:
            _, err = finish(child)
        assert child.returncode == 1
        assert "ono99.SimulationError: a worker process died while playing games" in err, err
        assert "BrokenProcessPool" not in err


# The script takes Ctrl-C as it would at a terminal, whatever the test run did with
# SIGINT: a shell ignores it in a job run in the background (``pytest &``), and a
# process that starts with SIGINT ignored never raises KeyboardInterrupt.
SLOW = """
import signal, sys, ono99, process_helpers
signal.signal(signal.SIGINT, signal.default_int_handler)
print("started", flush=True)
try:
    ono99.simulate("ono99-2022", players=2, games=8, jobs=2, strategies=process_helpers.Slow)
except KeyboardInterrupt:
    sys.exit(130)
"""


def workers_of(folder: Path) -> list[int]:
    """The ids of the two workers of a slow run, once both have started (see Slow)."""
    assert wait_for(lambda: len(list(folder.iterdir())) >= 2), "no workers started"
    return [int(p.name) for p in folder.iterdir()]


@POSIX
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_when_their_parent_is_killed(how: signal.Signals, tmp_path: Path) -> None:
    """Workers whose parent is killed outright notice and end by themselves."""
    with start(SLOW, ONO99_PIDS=str(tmp_path)) as child:
        workers = workers_of(tmp_path)
        os.kill(child.pid, how)
        finish(child)
        assert wait_for(lambda: all(gone(pid) for pid in workers)), "workers outlived it"


@POSIX
def test_ctrl_c_stops_whatever_the_players(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) ends the run
    and its workers, with no traceback, though no player ever moves: the run does not
    wait for the games in progress. (How quickly is not timed here: a busy machine
    would make any limit flaky.)"""
    with start(SLOW, ONO99_PIDS=str(tmp_path)) as child:
        workers = workers_of(tmp_path)
        os.killpg(child.pid, signal.SIGINT)
        _, err = finish(child)
        assert child.returncode == 130, err
        assert "Traceback" not in err
        assert wait_for(lambda: all(gone(pid) for pid in workers)), "workers outlived it"
