"""Players and factories that misbehave on purpose, for the simulation tests.

They live in a module of their own so that worker processes (and the scripts
the tests start) can import them by name.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import TYPE_CHECKING

import ono99

if TYPE_CHECKING:
    from ono99 import Move, Observation


class Raises:
    """A player that raises on its first move."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, observation: Observation) -> Move:
        raise ZeroDivisionError("boom")


class Illegal:
    """A player that plays a card it does not hold."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, observation: Observation) -> Move:
        return ono99.Play("no-such-card")


def dies(seed: int) -> ono99.Player:
    """A factory whose worker process dies at once (as if killed by the system)."""
    os.kill(os.getpid(), signal.SIGKILL)
    return ono99.CautiousPlayer()  # never reached


class Slow:
    """A player that records its process id in $ONO99_PIDS, then thinks for ever."""

    def __init__(self, seed: int) -> None:
        folder = os.environ.get("ONO99_PIDS")
        if folder:
            (Path(folder) / str(os.getpid())).touch()

    def choose(self, observation: Observation) -> Move:
        while True:
            time.sleep(0.05)
