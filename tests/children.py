"""Child processes that tests start: each is always ended by the test that started it.

A busy machine makes a child slower, never a test fail: tests wait for events
(a file written, a process gone, the child's exit) rather than for a time, and
the only time limit is :data:`HANG_GUARD`, minutes long, a last resort against a
child that would otherwise hang the test run for ever.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

HANG_GUARD = 600.0
"""Seconds after which a child that has not done what it should is taken to hang."""


@contextlib.contextmanager
def started(args: Sequence[str], **options: Any) -> Iterator[subprocess.Popen[str]]:
    """Start ``args`` in a session of its own (pipes for its output, text mode).

    However the ``with`` block ends, the child and every process of its group
    (the workers it forked) are killed if still running, and the child is
    waited for and its pipes closed: nothing outlives the test.
    """
    child: subprocess.Popen[str] = subprocess.Popen(  # noqa: S603 - the tests' own commands
        args,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        **options,
    )
    try:
        yield child
    finally:
        end(child)


def end(child: subprocess.Popen[str]) -> None:
    """Kill ``child``'s process group, wait for the child and close its pipes."""
    _kill_group(child.pid)
    child.communicate()
    _kill_group(child.pid)  # a member of the group that outlived its leader


def _kill_group(group: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(group, signal.SIGKILL)


def finish(child: subprocess.Popen[str]) -> tuple[str, str]:
    """Wait for ``child`` to exit by itself (at most :data:`HANG_GUARD`); its output."""
    out, err = child.communicate(timeout=HANG_GUARD)
    return out, err


def wait_for(test: Callable[[], bool], seconds: float = HANG_GUARD) -> bool:
    """Whether ``test()`` came true, asked every 50 ms for at most ``seconds``."""
    end_at = time.monotonic() + seconds
    while time.monotonic() < end_at:
        if test():
            return True
        time.sleep(0.05)
    return test()
