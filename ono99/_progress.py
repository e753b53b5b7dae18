"""Progress of a simulation, game by game, even when the games run in other processes.

A worker plays a chunk of games; after each it tells its :class:`Ticker`, which
sends the count on at most every tenth of a second (and at the end of the
chunk), so that a slow game is seen as soon as it ends and a fast one costs
next to nothing. :class:`Feed` is the parent's side: it adds up what the
tickers send and what the finished chunks say, and calls the user's
``progress(games_done, games)``, one call at a time, never going backwards.

The command line draws that with ``rich`` (:class:`ProgressBars`), imported
only when a bar is drawn, so that ``import ono99`` stays quick.
"""

from __future__ import annotations

import contextlib
import threading
import time
from typing import TYPE_CHECKING, Any, Literal, Protocol

from attrs import define, field

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence
    from types import TracebackType

    from rich.progress import Progress

__all__ = ["Feed", "ProgressBars", "Ticker"]

_INTERVAL = 0.1  # seconds between a worker's reports, at most ten a second


class _Sink(Protocol):
    def put(self, item: int | None, /) -> None: ...


@define
class Ticker:
    """Counts the games a worker finishes and sends the count to the parent.

    Travels to the worker inside each task (so it must pickle: its sink is a
    queue proxy, or an object of this process when the games run here).
    """

    sink: _Sink
    pending: int = field(default=0, init=False)
    last: float = field(default=0.0, init=False)

    def game_done(self) -> None:
        """Count one game, and send the count on if the last report is old enough."""
        self.pending += 1
        now = time.monotonic()
        if now - self.last >= _INTERVAL:
            self.flush(now)

    def flush(self, now: float | None = None) -> None:
        """Send on whatever is counted and not yet sent."""
        if self.pending:
            self.sink.put(self.pending)
            self.pending = 0
        self.last = time.monotonic() if now is None else now


class Feed:
    """The parent's side: turns reports from workers into ``progress`` calls.

    Args:
        progress: The user's ``progress(games_done, games)``, or ``None``.
        games: How many games there are in all.
        where: ``"here"`` when the games run in this process, ``"processes"``
            for a local process pool (reports come through a manager's queue),
            or ``"elsewhere"`` for any other executor, which may run on
            machines that cannot reach this one: then progress moves only as
            chunks finish.
    """

    def __init__(
        self,
        progress: Callable[[int, int], object] | None,
        games: int,
        where: Literal["here", "processes", "elsewhere"],
    ) -> None:
        self._progress = progress
        self._games = games
        self._lock = threading.Lock()
        self._ticked = 0
        self._chunks = 0
        self._shown = -1
        self._manager: Any = None
        self._queue: Any = None
        self._thread: threading.Thread | None = None
        self.ticker: Ticker | None = None
        if progress is None or where == "elsewhere":
            return
        if where == "here":
            self.ticker = Ticker(_Here(self))
            return
        import multiprocessing  # noqa: PLC0415 - only a process pool needs it

        self._manager = multiprocessing.Manager()
        self._queue = self._manager.Queue()
        self.ticker = Ticker(self._queue)
        self._thread = threading.Thread(target=self._drain, name="ono99-progress", daemon=True)
        self._thread.start()

    def __enter__(self) -> Feed:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def chunks_done(self, done: int, games: int) -> None:  # noqa: ARG002 - progress's signature
        """A chunk finished: ``done`` games are finished in all, for certain."""
        with self._lock:
            self._chunks = done
            self._show()

    def ticked(self, count: int) -> None:
        """A worker finished ``count`` more games."""
        with self._lock:
            self._ticked += count
            self._show()

    def close(self) -> None:
        """Stop listening to the workers (idempotent)."""
        if self._thread is not None:
            with contextlib.suppress(Exception):  # the manager may be gone after Ctrl-C
                self._queue.put(None)
            self._thread.join(timeout=5)
            self._thread = None
        if self._manager is not None:
            self._manager.shutdown()
            self._manager = None

    def _show(self) -> None:
        # Chunks are certain, reports may lag or (after a failed chunk) run ahead of them.
        done = min(self._games, max(self._chunks, self._ticked))
        if self._progress is not None and done > self._shown:
            self._shown = done
            self._progress(done, self._games)

    def _drain(self) -> None:
        while True:
            try:
                item = self._queue.get()
            except (EOFError, OSError):  # the manager went away
                return
            if item is None:
                return
            self.ticked(item)


@define
class _Here:
    """A ticker's sink when the games run in this process: report at once."""

    feed: Feed

    def put(self, item: int | None, /) -> None:
        if item is not None:
            self.feed.ticked(item)


class ProgressBars:
    """Progress bars on standard error for the command line, one per simulation.

    Each bar shows the games done of all, the rate, the time spent and the
    time left, and moves game by game. Nothing is drawn when standard error
    is not a terminal (or ``enabled`` is false).

    Args:
        labels: One bar per label (one per variant for ``compare``).
        enabled: Draw at all.
    """

    def __init__(self, labels: Sequence[str], *, enabled: bool = True) -> None:
        self._labels = list(labels)
        self._bars: Progress | None = None
        self._tasks: list[Any] = []
        if not enabled:
            return
        from rich.console import Console  # noqa: PLC0415 - rich only loads for a bar

        console = Console(stderr=True)
        if not console.is_terminal:
            return
        from rich.progress import (  # noqa: PLC0415
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self._bars = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TaskProgressColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            TextColumn("elapsed,"),
            TimeRemainingColumn(),
            TextColumn("left"),
            console=console,
            transient=False,
            refresh_per_second=5,
        )

    @contextlib.contextmanager
    def shown(self, games: int) -> Iterator[ProgressBars]:
        """Draw the bars, each for ``games`` games, while the block runs."""
        if self._bars is None:
            yield self
            return
        self._tasks = [
            self._bars.add_task(label, total=games, rate="", start=True) for label in self._labels
        ]
        with self._bars:
            yield self

    def callback(self, index: int) -> Callable[[int, int], None] | None:
        """The ``progress`` callback for bar ``index`` (``None`` when nothing is drawn)."""
        bars = self._bars
        if bars is None:
            return None
        task = self._tasks[index]

        def progress(done: int, games: int) -> None:
            elapsed = bars.tasks[index].elapsed or 0.0
            rate = f"{done / elapsed:,.1f} games/s" if elapsed > 0 else ""
            bars.update(task, completed=done, total=games, rate=rate)

        return progress
