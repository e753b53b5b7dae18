"""Many games at once: who wins, how long games last, and which cards decide them.

:func:`simulate` plays games between shipped or user-written players, on
several processes by default or on any :class:`concurrent.futures.Executor`
(a Dask cluster's, for one). Every game's seed, and every player's, is derived
from the master seed and the game's number, so the result does not depend on
how the games were shared out. :func:`compare_variants` runs the same seeds
under several variants, side by side.
"""

from __future__ import annotations

import concurrent.futures
import concurrent.futures.process
import contextlib
import functools
import gc
import inspect
import math
import os
import pickle
import signal
import threading
import time
from typing import TYPE_CHECKING, Any, Literal

from attrs import evolve

from ono99._args import shown, whole
from ono99._errors import ArgumentError, SimulationError, VariantError
from ono99._limits import MAX_GAMES
from ono99.loading import variant_arg
from ono99.players import Strategy, not_a_strategy, strategy_factory, strategy_name

from ._chunks import OutOfTime, Task, chunks, play_chunk, play_chunk_pickled
from ._progress import Feed
from ._results import Comparison, Distribution, GameDetails, SimulationResult, WinRate

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ono99._variant import Variant, VariantLike

    from ._batch import Outcome

__all__ = ["compare_variants", "seconds_arg", "simulate"]


def simulate(
    variant: VariantLike,
    *,
    players: int = 4,
    games: int = 1000,
    strategies: Strategy | Sequence[Strategy] = "cautious",
    seed: int = 0,
    jobs: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    rotate: bool = False,
    chunk_size: int | None = None,
    progress: Callable[[int, int], object] | None = None,
    details: bool = False,
    time_limit: float | None = None,
) -> SimulationResult:
    """Play many games and count who won, how long they took and what decided them.

    Args:
        variant: A :class:`~ono99.Variant`, or the id or path to load one.
        players: Players per game.
        games: How many games.
        strategies: One strategy for every seat, or one per seat: the name of
            a shipped strategy (:func:`list_strategies`), or a player class or
            factory (:data:`Strategy`), which takes the seat's seed or
            nothing. Pass the class, not a player made from it.
        seed: The master seed. Game ``i`` is dealt with
            ``game_seed(seed, i)``, and that one generator makes every random
            choice of the game: its shuffles, then the moves of its
            ``"random"`` players, drawn from it in turn. A player factory
            makes each of its players from a seed of its own, derived from
            ``seed``, the game's number and the seat. So the result is the
            same whatever ``jobs`` or ``executor``.
        jobs: Processes to use (default: one per CPU); ``1`` plays in this
            process. With ``executor``, only how finely the games are split.
        executor: Any :class:`concurrent.futures.Executor` to run the games
            on instead, such as a Dask cluster's ``client.get_executor()``;
            it is not shut down.
        rotate: Move the strategies one seat round the table each game, so
            each strategy plays every seat equally often.
        chunk_size: Games per task sent to a worker (default: chosen from
            ``games`` and ``jobs``).
        progress: Called as ``progress(games_done, games)`` as games finish,
            game by game (at most about ten times a second for each worker
            process), first after the first game; never with a smaller
            ``games_done`` than before. It may be called from a thread of
            its own, but never twice at once. With ``executor``, it is called
            as chunks of games finish.
        details: Also keep each game's :class:`GameDetails` (turns, the
            legal moves of each move, lead changes, whether a cap ended it)
            in :attr:`SimulationResult.details`. Every move is then watched,
            which makes fast games about one and a half times slower.
        time_limit: The most seconds the games may take (default: no
            limit). Once it has passed, no game is begun: a game under way
            is played to its end (or to the variant's caps), and the
            simulation raises :class:`~ono99.SimulationError` saying how
            far it got. Leave it out for a result that never depends on the
            machine's speed.

    Returns:
        The frozen :class:`SimulationResult`.

    Raises:
        VariantError: If the variant cannot be loaded or does not allow
            ``players``.
        ArgumentError: If an argument is of the wrong type or out of range
            (at most 100,000,000 games), a strategy is unknown, or a
            factory cannot be sent to other processes.
        SimulationError: If a game cannot be played to its end (a player
            raises an error or chooses an illegal move, the game does not
            end, a worker process dies), the message naming the game's
            number and seed; or if ``time_limit`` runs out.

    >>> import ono99
    >>> result = ono99.simulate("ono99-2022", players=3, games=20, seed=1, jobs=1)
    >>> sum(result.wins), result.games
    (20, 20)
    >>> result == ono99.simulate("ono99-2022", players=3, games=20, seed=1, jobs=2)
    True
    """
    started = time.perf_counter()
    variant = variant_arg(variant)
    whole("games", games, 1, MAX_GAMES)
    whole("seed", seed)
    whole("players", players, 1)
    if not isinstance(rotate, bool):
        raise ArgumentError("rotate", f"expected True or False, got {shown(rotate)}")
    if not isinstance(details, bool):
        raise ArgumentError("details", f"expected True or False, got {shown(details)}")
    if progress is not None and not callable(progress):
        raise ArgumentError("progress", f"expected a function or None, got {shown(progress)}")
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise ArgumentError(
            "executor", f"expected a concurrent.futures.Executor, got {shown(executor)}"
        )
    if time_limit is not None:
        time_limit = seconds_arg("time_limit", time_limit)
    low, high = variant.players.min, variant.players.max
    if not low <= players <= high:
        raise VariantError(f"{variant.name} is for {low} to {high} players, not {players}")
    given: tuple[Strategy, ...]
    if isinstance(strategies, str) or callable(strategies):
        given = (strategies,) * players
    elif isinstance(strategies, list | tuple):
        given = tuple(strategies)
        if len(given) == 1:
            given *= players
        elif len(given) != players:
            raise ArgumentError(
                "strategies",
                f"give one strategy for every seat, or one per seat ({players}); got {len(given)}",
            )
    else:
        raise ArgumentError("strategies", not_a_strategy(strategies))
    for strategy in given:
        # Fails now on an unknown name, a player passed for its class, or a
        # class that takes neither a seed nor nothing.
        try:
            strategy_factory(strategy)
        except ArgumentError as exc:
            raise ArgumentError("strategies", exc.message) from None
    if jobs is None:
        jobs = os.cpu_count() or 1
    whole("jobs", jobs, 1)
    if chunk_size is None:
        # At least 8 chunks a process, to share the work out evenly; at most 250
        # games a chunk, since each chunk costs the parent process about half a
        # millisecond (a fast game takes well under that). A task sent to an
        # executor (a Dask cluster's) costs a few milliseconds, as much as
        # a hundred fast games: chunks of up to 5,000 games there.
        most = 250 if executor is None else 5000
        chunk_size = max(1, min(most, math.ceil(games / (jobs * 8))))
    whole("chunk_size", chunk_size, 1)
    pickled = pickle.dumps(variant)
    deadline = None if time_limit is None else time.time() + time_limit
    try:
        outcomes = _play_tasks(
            [
                Task(
                    pickled,
                    players,
                    given,
                    seed,
                    start,
                    stop,
                    rotate,
                    details=details,
                    deadline=deadline,
                )
                for start, stop in chunks(games, chunk_size)
            ],
            games=games,
            jobs=jobs,
            executor=executor,
            progress=progress,
        )
    except OutOfTime:
        raise SimulationError(
            f"the simulation ran out of its time limit of {time_limit:g} seconds before "
            f"its {games} games were played (seed {seed}); ask for fewer games, or allow "
            "more time"
        ) from None
    names = tuple(strategy_name(s) for s in given)
    return _summarise(
        variant=variant,
        players=players,
        games=games,
        seed=seed,
        names=names,
        rotate=rotate,
        outcomes=outcomes,
        seconds=time.perf_counter() - started,
    )


def seconds_arg(name: str, value: object) -> float:
    """``value`` if it is a number of seconds above 0, else the :class:`ArgumentError` saying so.

    >>> seconds_arg("time_limit", 2)
    2.0
    """
    if not isinstance(value, int | float) or isinstance(value, bool) or not 0 < value < math.inf:
        raise ArgumentError(name, f"expected seconds above 0, got {shown(value)}")
    return float(value)


def _play_tasks(
    tasks: list[Task],
    *,
    games: int,
    jobs: int,
    executor: concurrent.futures.Executor | None,
    progress: Callable[[int, int], object] | None,
) -> dict[int, list[Outcome]]:
    """Play every task here, on new processes or on ``executor``; outcomes by first game."""
    here = executor is None and (jobs == 1 or len(tasks) == 1)
    where: Literal["here", "processes", "elsewhere"] = (
        "here" if here else "processes" if executor is None else "elsewhere"
    )
    outcomes: dict[int, list[Outcome]] = {}
    with Feed(progress, games, where) as feed:
        tasks = [evolve(task, ticker=feed.ticker) for task in tasks]
        done = 0
        if here:
            for task in tasks:
                outcomes[task.start] = play_chunk(task)
                done += task.stop - task.start
                feed.chunks_done(done, games)
        elif executor is None:
            _check_picklable(tasks[0].strategies)
            _run_in_processes(min(jobs, len(tasks)), tasks, outcomes, games, feed.chunks_done)
        else:
            _check_picklable(tasks[0].strategies)
            _run_on(executor, tasks, outcomes, games, feed.chunks_done)
    return outcomes


def _check_picklable(strategies: tuple[Strategy, ...]) -> None:
    for strategy in strategies:
        try:
            pickle.dumps(strategy)
        except (pickle.PicklingError, AttributeError, TypeError) as exc:
            raise ArgumentError(
                "strategies",
                f"the strategy {shown(strategy)} cannot be sent to other processes ({exc}); "
                "use a module-level function or class, or jobs=1",
            ) from None


def _run_on(
    executor: concurrent.futures.Executor,
    tasks: list[Task],
    outcomes: dict[int, list[Outcome]],
    games: int,
    progress: Callable[[int, int], object] | None,
) -> None:
    futures = {executor.submit(play_chunk_pickled, task): task for task in tasks}
    try:
        _collect(futures, outcomes, games, progress, pickled=True)
    except BaseException:
        for future in futures:
            future.cancel()
        raise


def _collect(
    futures: dict[concurrent.futures.Future[Any], Task],
    outcomes: dict[int, list[Outcome]],
    games: int,
    progress: Callable[[int, int], object] | None,
    *,
    pickled: bool = False,
) -> None:
    """Gather the chunks' outcomes as they finish; a dead worker is a SimulationError.

    With ``pickled``, each future's result is its outcomes pickled
    (:func:`play_chunk_pickled`).
    """
    done = 0
    for future in concurrent.futures.as_completed(futures):
        task = futures[future]
        try:
            result = future.result()
            outcomes[task.start] = pickle.loads(result) if pickled else result  # noqa: S301 - pickled by play_chunk_pickled
        except concurrent.futures.process.BrokenProcessPool:
            raise SimulationError(
                f"a worker process died while playing games {task.start} to {task.stop - 1} "
                f"of the simulation with seed {task.seed} (killed, or out of memory); "
                "run them with jobs=1 to see what happens"
            ) from None
        done += task.stop - task.start
        if progress is not None:
            progress(done, games)


def _run_in_processes(
    workers: int,
    tasks: list[Task],
    outcomes: dict[int, list[Outcome]],
    games: int,
    progress: Callable[[int, int], object] | None,
) -> None:
    """Play the tasks on ``workers`` new processes, which never outlive this call.

    The workers leave Ctrl-C to this process and end on their own if it dies
    (killed, say): see :func:`_worker_starts`. Whatever ends the run early (an
    error, a dead worker, Ctrl-C) kills the workers at once rather than
    waiting for their chunks; pending futures are never cancelled one by one,
    which races the executor's own thread when a worker has died.
    """
    pool = concurrent.futures.ProcessPoolExecutor(
        max_workers=workers, initializer=_worker_starts, initargs=(os.getpid(),)
    )
    try:
        # The workers are forked from this process while other threads (an
        # earlier pool's manager, progress) may hold locks. Frozen, this
        # process's objects are never collected in a worker, so no inherited
        # object's finaliser (a finished pool's, taking its held lock) can hang
        # it; this process collects them as usual once the workers exist.
        gc.freeze()
        try:
            futures = {pool.submit(play_chunk, task): task for task in tasks}
        except concurrent.futures.process.BrokenProcessPool:  # a worker died before the last
            raise SimulationError(
                f"a worker process died while playing games of the simulation with seed "
                f"{tasks[0].seed} (killed, or out of memory); run it with jobs=1 to see "
                "what happens"
            ) from None
        finally:
            gc.unfreeze()
        _collect(futures, outcomes, games, progress)
    except BaseException:
        _kill_workers(pool)
        raise
    pool.shutdown(wait=True)


def _kill_workers(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """End the pool's worker processes now, and the pool with them."""
    # The executor keeps its processes in a private attribute (Python 3.14 adds
    # kill_workers() for this); without it, shutdown still ends them in time.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    for process in processes:
        with contextlib.suppress(OSError, ValueError):
            process.kill()
    pool.shutdown(wait=False)
    # shutdown() has woken the pool's manager thread, which now closes its wake-up
    # pipe as it ends. At exit, before Python 3.12, the executor wakes every
    # manager thread it still lists, unlocked: should that race this one closing
    # its pipe (Ctrl-C, then exit at once), it prints a traceback of a write to a
    # closed pipe. Unlisted, this thread is joined at exit as any other is.
    wakeups = getattr(concurrent.futures.process, "_threads_wakeups", None)
    if manager is not None and wakeups is not None:
        with contextlib.suppress(TypeError, KeyError):
            del wakeups[manager]
    for process in processes:
        with contextlib.suppress(OSError, ValueError, AssertionError):
            process.join(timeout=2)


# How often a worker checks that the process that started it is still there.
_WATCH_SECONDS = 0.2


def _worker_starts(parent: int) -> None:
    """Set up a worker: Ctrl-C is the parent's to handle, and the worker ends with it.

    Ctrl-C reaches every process in the terminal's group: the parent alone
    decides what it means (it kills its workers). A parent killed outright
    (SIGKILL, or SIGTERM's default) leaves its workers to the system, whose
    new parent they notice within a fraction of a second.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    first = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(_WATCH_SECONDS)
            if os.getppid() != first:
                os._exit(1)

    threading.Thread(target=watch, name=f"ono99-watch-{parent}", daemon=True).start()


def _summarise(
    *,
    variant: Variant,
    players: int,
    games: int,
    seed: int,
    names: tuple[str, ...],
    rotate: bool,
    outcomes: dict[int, list[Outcome]],
    seconds: float,
) -> SimulationResult:
    wins = [0] * players
    strategy_wins: dict[str, int] = {}
    plays: list[int] = []
    rounds: list[int] = []
    deciding: dict[str, int] = {}
    details: list[GameDetails] = []
    for start in sorted(outcomes):
        for winner, kind, played, round_count, card, seen in outcomes[start]:
            if seen is not None:
                details.append(GameDetails(winner, played, round_count, card, *seen))
            wins[winner] += 1
            strategy_wins[names[kind]] = strategy_wins.get(names[kind], 0) + 1
            plays.append(played)
            rounds.append(round_count)
            deciding[card] = deciding.get(card, 0) + 1
    by_seat = tuple(
        WinRate(f"seat {seat}", 1, wins[seat], games, 1 / players) for seat in range(players)
    )
    by_strategy = tuple(
        WinRate(name, seats, strategy_wins.get(name, 0), games, seats / players)
        for name, seats in ((name, names.count(name)) for name in dict.fromkeys(names))
    )
    return SimulationResult(
        variant=variant,
        players=players,
        games=games,
        seed=seed,
        strategies=names,
        rotate=rotate,
        wins=tuple(wins),
        by_seat=by_seat,
        by_strategy=by_strategy,
        plays=sum(plays),
        plays_per_game=Distribution.of(plays),
        rounds_per_game=Distribution.of(rounds),
        deciding_cards=tuple(sorted(deciding.items(), key=lambda item: (-item[1], item[0]))),
        seconds=seconds,
        details=tuple(details),
    )


def compare_variants(
    variants: Sequence[VariantLike],
    *,
    progress: Callable[[int, int, int], object] | None = None,
    **options: Any,
) -> Comparison:
    """Simulate several variants with the same seeds and settings, side by side.

    Args:
        variants: The variants (objects, ids or paths).
        progress: Called as ``progress(index, games_done, games)`` as the games
            of the variant at ``index`` finish, as :func:`simulate` calls its
            own ``progress`` (the variants are simulated one after the other).
        options: Passed to :func:`simulate` for each (``players``, ``games``,
            ``strategies``, ``seed``, ``jobs``, ...).

    >>> import ono99
    >>> both = ono99.compare_variants(["ono99-1980", "ono99-1980-option"], games=10, jobs=1)
    >>> [r.variant.id for r in both.results]
    ['ono99-1980', 'ono99-1980-option']
    """
    if not isinstance(variants, list | tuple) or not variants:
        raise ArgumentError(
            "variants", f"expected a list of variants, ids or paths, got {shown(variants)}"
        )
    unknown = set(options) - _SIMULATE_OPTIONS
    if unknown:
        known = ", ".join(sorted(_SIMULATE_OPTIONS | {"progress"}))
        raise ArgumentError(
            "options", f"simulate has no option {', '.join(sorted(unknown))} (it has {known})"
        )
    if progress is not None and not callable(progress):
        raise ArgumentError("progress", f"expected a function or None, got {shown(progress)}")
    return Comparison(
        tuple(
            simulate(variant, progress=_for_variant(progress, index), **options)
            for index, variant in enumerate(variants)
        )
    )


def _for_variant(
    progress: Callable[[int, int, int], object] | None, index: int
) -> Callable[[int, int], object] | None:
    """:func:`simulate`'s ``progress`` for the variant at ``index`` of a comparison."""
    if progress is None:
        return None
    return functools.partial(progress, index)


_SIMULATE_OPTIONS = frozenset(inspect.signature(simulate).parameters) - {"variant", "progress"}
