"""Progress of a simulation, game by game, even when the games run in other processes.

A worker plays a chunk of games; after each it tells its :class:`Ticker`, which
sends the count on at most every tenth of a second (and at the end of the
chunk), so that a slow game is seen as soon as it ends and a fast one costs
next to nothing. :class:`Feed` is the parent's side: it adds up what the
tickers send and what the finished chunks say, and calls the user's
``progress(games_done, games)``, one call at a time, never going backwards.

Worker processes report over a loopback socket that the parent listens on
with one thread, no helper process: if the parent dies, a report is simply
lost (reports are best effort; the finished chunks are what counts).

The command line draws that with ``rich`` (:class:`ProgressBars`), imported
only when a bar is drawn, so that ``import ono99`` stays quick.
"""

from __future__ import annotations

import contextlib
import functools
import secrets
import selectors
import socket
import struct
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

    Travels to the worker inside each task (so it must pickle: its sink is the
    address of the parent's socket and the run's secret, or an object of this
    process when the games run here).
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
            for a local process pool (reports come over a loopback socket),
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
        self._server: socket.socket | None = None
        self._token = b""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.ticker: Ticker | None = None
        if progress is None or where == "elsewhere":
            return
        if where == "here":
            self.ticker = Ticker(_Here(self))
            return
        self._server = socket.create_server(("127.0.0.1", 0))
        self._token = secrets.token_bytes(_TOKEN)
        host, port = self._server.getsockname()[:2]
        self.ticker = Ticker(_Line((host, port), self._token))
        self._thread = threading.Thread(target=self._serve, name="ono99-progress", daemon=True)
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
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _show(self) -> None:
        # Chunks are certain, reports may lag or (after a failed chunk) run ahead of them.
        done = min(self._games, max(self._chunks, self._ticked))
        if self._progress is not None and done > self._shown:
            self._shown = done
            self._progress(done, self._games)

    def _serve(self) -> None:
        """Accept workers and read their counts until closed; one thread for all."""
        server = self._server
        if server is None:  # pragma: no cover - the thread starts only with a server
            return
        server.setblocking(False)
        watch = selectors.DefaultSelector()
        watch.register(server, selectors.EVENT_READ)
        workers: dict[socket.socket, _Worker] = {}
        try:
            while not self._stop.is_set():
                for key, _ in watch.select(timeout=0.1):
                    if key.fileobj is server:
                        with contextlib.suppress(OSError):
                            joined, _address = server.accept()
                            joined.setblocking(False)
                            watch.register(joined, selectors.EVENT_READ, data=joined)
                            workers[joined] = _Worker(self._token)
                        continue
                    sock: socket.socket = key.data
                    try:
                        data = sock.recv(4096)
                    except (BlockingIOError, InterruptedError):
                        continue
                    except OSError:
                        data = b""
                    count = workers[sock].read(data) if data else None
                    if count is None:  # the worker is done, or was not one of ours
                        watch.unregister(sock)
                        sock.close()
                        del workers[sock]
                    elif count:
                        self.ticked(count)
        finally:
            for sock in workers:
                sock.close()
            watch.close()
            server.close()


class _Worker:
    """What the parent has read from one worker: its token first, then counts."""

    def __init__(self, token: bytes) -> None:
        self.expect = token + b"+"
        self.known = False
        self.unread = b""

    def read(self, data: bytes) -> int | None:
        """The games ``data`` reports (``None``: not our worker, hang up)."""
        self.unread += data
        if not self.known:
            if not self.unread.startswith(self.expect[: len(self.unread)]):
                return None
            if len(self.unread) < len(self.expect):
                return 0
            self.known, self.unread = True, self.unread[len(self.expect) :]
        whole = len(self.unread) - len(self.unread) % _COUNT.size
        count: int = sum(n for (n,) in _COUNT.iter_unpack(self.unread[:whole]))
        self.unread = self.unread[whole:]
        return count


@define
class _Here:
    """A ticker's sink when the games run in this process: report at once."""

    feed: Feed

    def put(self, item: int | None, /) -> None:
        if item is not None:
            self.feed.ticked(item)


_TOKEN = 16  # bytes of the secret a worker proves it was sent by this parent with
_COUNT = struct.Struct("!I")
# Each worker process's connection to each parent's listener (None once it failed).
_LINES: dict[tuple[str, int], socket.socket | None] = {}


@define
class _Line:
    """A ticker's sink in a worker process: a socket back to the parent.

    Opened on first use and kept for the worker's life; a report that cannot
    be sent (the parent is gone) is dropped, and the games go on.
    """

    address: tuple[str, int]
    token: bytes

    def put(self, item: int | None, /) -> None:
        if item is None:
            return
        if self.address not in _LINES:
            _LINES[self.address] = None
            with contextlib.suppress(OSError):
                opened = socket.create_connection(self.address, timeout=1)
                opened.sendall(self.token + b"+")
                _LINES[self.address] = opened
        line = _LINES[self.address]
        if line is None:
            return
        try:
            line.sendall(_COUNT.pack(item))
        except OSError:
            line.close()
            _LINES[self.address] = None


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
        """The ``progress`` callback of :func:`~ono99.simulate` for bar ``index``.

        ``None`` when nothing is drawn.
        """
        if self._bars is None:
            return None
        return functools.partial(self.update, index)

    def comparison(self) -> Callable[[int, int, int], None] | None:
        """The ``progress`` callback of :func:`~ono99.compare_variants`, a bar a variant.

        ``None`` when nothing is drawn.
        """
        return None if self._bars is None else self.update

    def update(self, index: int, done: int, games: int) -> None:
        """Move bar ``index`` to ``done`` games of ``games``."""
        bars = self._bars
        if bars is None:
            return
        elapsed = bars.tasks[index].elapsed or 0.0
        rate = f"{done / elapsed:,.1f} games/s" if elapsed > 0 else ""
        bars.update(self._tasks[index], completed=done, total=games, rate=rate)
