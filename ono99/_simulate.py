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
import hashlib
import inspect
import math
import os
import pickle
import signal
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from attrs import evolve, field, frozen

from ._args import shown, variant_arg, whole
from ._batch import Outcome, SeatMaker, play_games
from ._compiled import compile_rules
from ._errors import ArgumentError, Ono99Error, SimulationError, VariantError
from ._limits import MAX_GAMES
from ._players import CautiousPlayer, RandomPlayer, RecklessPlayer
from ._progress import Feed, Ticker
from ._protocols import Player
from ._search import SearchPlayer
from ._strategies import RankingSeat, random_seat
from ._text import format_table
from ._variant import Variant

if TYPE_CHECKING:
    import random
    from collections.abc import Iterator, Sequence

__all__ = [
    "Comparison",
    "Distribution",
    "PlayerFactory",
    "SimulationResult",
    "Strategy",
    "WinRate",
    "compare_variants",
    "list_strategies",
    "make_player",
    "simulate",
]

PlayerFactory: TypeAlias = Callable[[int], Player]
"""Makes a player for one seat of one game from a seed: ``factory(seed) -> Player``.

A class whose first argument is a seed, such as :class:`~ono99.RandomPlayer` or
:class:`~ono99.SearchPlayer`, is one already; so is
``functools.partial(ono99.SearchPlayer, iterations=400)``. To run on other
processes it must be picklable: a module-level function or class, not a lambda.
"""

Strategy: TypeAlias = str | PlayerFactory
"""A shipped strategy's name (see :func:`list_strategies`) or a player factory."""

_Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


def _random(seed: int) -> Player:
    return RandomPlayer(seed)


def _cautious(_seed: int) -> Player:
    return CautiousPlayer()


def _reckless(_seed: int) -> Player:
    return RecklessPlayer()


def _search(seed: int) -> Player:
    return SearchPlayer(seed)


_STRATEGIES: dict[str, Callable[[int], Player]] = {
    "random": _random,
    "cautious": _cautious,
    "reckless": _reckless,
    "search": _search,
}


def list_strategies() -> list[str]:
    """The names of the shipped strategies, for :func:`simulate` and the command line.

    >>> list_strategies()
    ['cautious', 'random', 'reckless', 'search']
    """
    return sorted(_STRATEGIES)


def make_player(strategy: Strategy, seed: int) -> Player:
    """A player of ``strategy`` (a name or a factory), seeded with ``seed``.

    Raises:
        ArgumentError: If there is no shipped strategy of that name, or
            ``strategy`` is neither a name nor a factory.

    >>> make_player("cautious", 1)
    CautiousPlayer()
    """
    whole("seed", seed)
    return _factory(strategy)(seed)


def _factory(strategy: Strategy) -> PlayerFactory:
    """The factory of ``strategy``: itself, or the shipped strategy of that name."""
    if isinstance(strategy, str):
        factory = _STRATEGIES.get(strategy.lower())
        if factory is None:
            known = ", ".join(list_strategies())
            raise ArgumentError(
                "strategy", f"no strategy {shown(strategy)}; the strategies are {known}"
            )
        return factory
    if not callable(strategy):
        raise ArgumentError(
            "strategy", f"expected a strategy's name or a player factory, got {shown(strategy)}"
        )
    return strategy


def _strategy_name(strategy: Strategy) -> str:
    if isinstance(strategy, str):
        return strategy.lower()
    inner = strategy.func if isinstance(strategy, functools.partial) else strategy
    return str(getattr(inner, "__name__", None) or repr(strategy))


def _derive(*parts: int) -> int:
    """A 63-bit seed from integers, the same on every machine and process."""
    text = "ono99/" + "/".join(str(p) for p in parts)
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of a simulation with master seed ``seed``.

    >>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
    True
    """
    return _derive(seed, index)


def player_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the player in ``seat`` in game ``index`` of a simulation."""
    return _derive(seed, index, seat)


# ------------------------------------------------------------------ results


def wilson_interval(successes: int, trials: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default).

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


@frozen
class WinRate:
    """How often a seat, or the seats playing one strategy, won.

    Attributes:
        label: ``"seat 0"``, or the strategy's name.
        seats: How many seats it held in each game.
        wins: Games won.
        games: Games played.
        fair: The share of games it would win if every seat were equally
            strong: ``seats / players``.
    """

    label: str
    seats: int
    wins: int
    games: int
    fair: float

    @property
    def rate(self) -> float:
        """The share of games won."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson confidence interval of :attr:`rate`."""
        return wilson_interval(self.wins, self.games)

    def __str__(self) -> str:
        low, high = self.interval
        return f"{self.rate:.1%} ({low:.1%}-{high:.1%})"


@frozen
class Distribution:
    """How a whole-number quantity (plays, rounds) was spread over games.

    Attributes:
        counts: ``(value, games)`` pairs, by increasing value.
    """

    counts: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, values: Sequence[int]) -> Distribution:
        """The distribution of ``values``.

        >>> d = Distribution.of([3, 1, 3, 2])
        >>> d.counts, d.mean, d.median, d.min, d.max
        (((1, 1), (2, 1), (3, 2)), 2.25, 2, 1, 3)
        """
        tally: dict[int, int] = {}
        for value in values:
            tally[value] = tally.get(value, 0) + 1
        return cls(tuple(sorted(tally.items())))

    @property
    def games(self) -> int:
        """How many games were counted."""
        return sum(n for _, n in self.counts)

    @property
    def mean(self) -> float:
        """The mean value."""
        games = self.games
        return sum(v * n for v, n in self.counts) / games if games else 0.0

    @property
    def min(self) -> int:
        """The smallest value (0 when empty)."""
        return self.counts[0][0] if self.counts else 0

    @property
    def max(self) -> int:
        """The largest value (0 when empty)."""
        return self.counts[-1][0] if self.counts else 0

    def quantile(self, q: float) -> int:
        """The smallest value with at least a share ``q`` of games at or below it."""
        need = q * self.games
        seen = 0
        for value, n in self.counts:
            seen += n
            if seen >= need:
                return value
        return self.max

    @property
    def median(self) -> int:
        """The median value (the lower one when two share it)."""
        return self.quantile(0.5)

    def values(self) -> list[int]:
        """Every game's value, sorted."""
        return [v for v, n in self.counts for _ in range(n)]

    def __str__(self) -> str:
        return (
            f"mean {self.mean:.1f}, median {self.median}, "
            f"90th percentile {self.quantile(0.9)}, range {self.min}-{self.max}"
        )


def _is_special(variant: Variant, card_id: str) -> bool:
    """Whether a card does more than a number card (see :meth:`ono99.Card.plays_as_number`)."""
    return not variant.card(card_id).plays_as_number()


@frozen
class SimulationResult:
    """What :func:`simulate` found. Equal seeds and settings give equal results.

    Attributes:
        variant: The rules played.
        players: Players per game.
        games: Games played.
        seed: The master seed.
        strategies: The strategy of each seat (by name); with ``rotate`` the
            seat of game ``i`` plays ``strategies[(seat + i) % players]``.
        rotate: Whether strategies moved round the table from game to game.
        wins: Games won per seat.
        by_seat: Win rates per seat, with confidence intervals.
        by_strategy: Win rates per strategy, with confidence intervals.
        plays: Cards played in all the games.
        plays_per_game: Cards played per game.
        rounds_per_game: Rounds per game.
        deciding_cards: ``(card id, games)``, most first: the card that
            decided each game, that is the last card another player played
            before the game's final loss, the card that left its last loser
            without a safe play. ``""`` counts games where no other player had
            played in that round.
        seconds: Wall-clock time taken (not compared by ``==``).
    """

    variant: Variant = field(repr=False)
    players: int
    games: int
    seed: int
    strategies: tuple[str, ...]
    rotate: bool
    wins: tuple[int, ...]
    by_seat: tuple[WinRate, ...]
    by_strategy: tuple[WinRate, ...]
    plays: int
    plays_per_game: Distribution
    rounds_per_game: Distribution
    deciding_cards: tuple[tuple[str, int], ...]
    seconds: float = field(eq=False)

    def decided_by(self, card_id: str) -> int:
        """How many games ``card_id`` decided (see :attr:`deciding_cards`)."""
        return dict(self.deciding_cards).get(card_id, 0)

    def to_data(self) -> dict[str, Any]:
        """The result as plain data for JSON."""

        def rates(items: tuple[WinRate, ...]) -> list[dict[str, Any]]:
            return [
                {
                    "label": w.label,
                    "seats": w.seats,
                    "wins": w.wins,
                    "rate": w.rate,
                    "interval": list(w.interval),
                    "fair": w.fair,
                }
                for w in items
            ]

        return {
            "variant": self.variant.id,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "strategies": list(self.strategies),
            "rotate": self.rotate,
            "plays": self.plays,
            "wins": list(self.wins),
            "by_seat": rates(self.by_seat),
            "by_strategy": rates(self.by_strategy),
            "plays_per_game": {str(v): n for v, n in self.plays_per_game.counts},
            "rounds_per_game": {str(v): n for v, n in self.rounds_per_game.counts},
            "deciding_cards": dict(self.deciding_cards),
            "seconds": self.seconds,
        }

    def table(self) -> str:
        """A summary for people: wins, lengths and deciding cards, as text tables."""
        head = (
            f"{self.variant.name}: {self.games} games of {self.players} players, "
            f"seed {self.seed}, {self.seconds:.1f} s"
        )
        seat_rows = [
            [w.label, self.strategies[i] if not self.rotate else "(rotating)", str(w.wins), str(w)]
            for i, w in enumerate(self.by_seat)
        ]
        parts = [
            head,
            "",
            format_table(["seat", "strategy", "wins", "win rate (95% CI)"], seat_rows, right=[2]),
        ]
        if len(self.by_strategy) > 1:
            rows = [
                [w.label, str(w.seats), str(w.wins), str(w), f"{w.fair:.1%}"]
                for w in self.by_strategy
            ]
            parts += [
                "",
                format_table(
                    ["strategy", "seats", "wins", "win rate (95% CI)", "fair share"],
                    rows,
                    right=[1, 2, 4],
                ),
            ]
        parts += [
            "",
            f"cards played: {self.plays}",
            f"plays per game: {self.plays_per_game}",
            f"rounds per game: {self.rounds_per_game}",
            "",
            format_table(["deciding card", "games", "share"], self._deciding_rows(), right=[1, 2]),
        ]
        return "\n".join(parts)

    def _deciding_rows(self) -> list[list[str]]:
        rows = []
        numbers = 0
        for card_id, n in self.deciding_cards:
            if card_id and _is_special(self.variant, card_id):
                rows.append([self.variant.card(card_id).name, str(n), f"{n / self.games:.1%}"])
            else:
                numbers += n
        rows.append(["number cards, or none", str(numbers), f"{numbers / self.games:.1%}"])
        return rows


# ------------------------------------------------------------------ running


@frozen
class _Task:
    """A chunk of games for one worker.

    The variant travels pickled, made once for all tasks: a pickled task then
    costs a copy of those bytes, where pickling the variant for each task would
    cost the parent process more than a worker spends on some chunks.
    """

    variant: bytes
    players: int
    strategies: tuple[Strategy, ...]
    seed: int
    start: int
    stop: int
    rotate: bool
    # Reports each finished game, when progress is asked for.
    ticker: Ticker | None = None


# A guard against a game that never ends (as play_out's).
_MAX_MOVES = 1_000_000


def _play_chunk(task: _Task) -> list[Outcome]:
    """Play games ``task.start`` to ``task.stop``; runs in a worker.

    Raises:
        SimulationError: If a game cannot be played to its end, naming it.
    """
    variant = _unpickled(task.variant)
    ticker = task.ticker
    out = play_games(
        variant,
        task.players,
        range(task.start, task.stop),
        functools.partial(game_seed, task.seed),
        [_seat_maker(strategy, variant, task.seed) for strategy in task.strategies],
        rotate=task.rotate,
        max_moves=_MAX_MOVES,
        done=None if ticker is None else ticker.game_done,
        failed=functools.partial(_game_failed, task),
    )
    if ticker is not None:
        ticker.flush()
    return out


def _play_chunk_pickled(task: _Task) -> bytes:
    """:func:`_play_chunk`, its outcomes pickled in one piece; runs on an executor.

    An executor such as Dask's serializes a list item by item: for a chunk of
    5,000 games that took longer than playing them (two workers were 1.15 times
    as fast as one process, 1.9 with one bytes object a chunk).
    """
    return pickle.dumps(_play_chunk(task), protocol=pickle.HIGHEST_PROTOCOL)


def _seat_maker(strategy: Strategy, variant: Variant, seed: int) -> SeatMaker:
    """How ``strategy`` takes a seat in a game of a simulation with master seed ``seed``.

    The shipped random strategy draws from the game's own generator, so that
    one seeded generator makes every random choice of a game; the cautious
    and reckless ones have no state, so one player (compiled with the engine)
    serves every seat. Any other strategy's factory makes a player from the
    seat's own seed.
    """
    name = strategy.lower() if isinstance(strategy, str) else None
    if name == "random":
        return random_seat
    if name in {"cautious", "reckless"}:
        return RankingSeat(variant, cautious=name == "cautious").seat
    factory = _factory(strategy)

    def made(_rng: random.Random, index: int, seat: int) -> Player:
        player = factory(player_seed(seed, index, seat))
        if not (
            callable(getattr(player, "choose", None)) or callable(getattr(player, "pick", None))
        ):
            raise ArgumentError(
                "strategies", f"a player factory returned {shown(player)}, not a player"
            )
        return player

    return made


def _game_failed(task: _Task, index: int, seed: int, exc: Exception) -> SimulationError:
    """The error that says which game failed, how, and how to play it again."""
    what = str(exc) if isinstance(exc, Ono99Error) else f"{type(exc).__name__}: {exc}"
    return SimulationError(
        f"game {index} of the simulation with seed {task.seed} failed (the game's own "
        f"seed is {seed}: Game(variant, {task.players}, seed={seed}) deals it): {what}",
        game=index,
        seed=seed,
    )


@functools.lru_cache(maxsize=8)
def _unpickled(data: bytes) -> Variant:
    """The variant pickled as ``data``, one object for all the chunks that carry it.

    The object is the one whose rules are compiled, so that each game finds
    them by identity rather than by comparing whole variants.
    """
    variant: Variant = pickle.loads(data)  # noqa: S301 - pickled by simulate() itself
    return compile_rules(variant).variant


def _chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, size):
        yield start, min(games, start + size)


def simulate(
    variant: Variant | str | os.PathLike[str],
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
) -> SimulationResult:
    """Play many games and count who won, how long they took and what decided them.

    Args:
        variant: A :class:`~ono99.Variant`, or the id or path to load one.
        players: Players per game.
        games: How many games.
        strategies: One strategy for every seat, or one per seat: the name of
            a shipped strategy (:func:`list_strategies`) or a player factory
            (:data:`PlayerFactory`).
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
            end, a worker process dies); the message names the game's
            number and seed.

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
    if progress is not None and not callable(progress):
        raise ArgumentError("progress", f"expected a function or None, got {shown(progress)}")
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise ArgumentError(
            "executor", f"expected a concurrent.futures.Executor, got {shown(executor)}"
        )
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
        raise ArgumentError(
            "strategies",
            f"expected a strategy, or a list of one per seat, got {shown(strategies)}",
        )
    for strategy in given:
        _factory(strategy)  # fails early on an unknown name or a strategy of the wrong type
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
    outcomes = _play_tasks(
        [
            _Task(pickled, players, given, seed, start, stop, rotate)
            for start, stop in _chunks(games, chunk_size)
        ],
        games=games,
        jobs=jobs,
        executor=executor,
        progress=progress,
    )
    names = tuple(_strategy_name(s) for s in given)
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


def _play_tasks(
    tasks: list[_Task],
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
                outcomes[task.start] = _play_chunk(task)
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
    tasks: list[_Task],
    outcomes: dict[int, list[Outcome]],
    games: int,
    progress: Callable[[int, int], object] | None,
) -> None:
    futures = {executor.submit(_play_chunk_pickled, task): task for task in tasks}
    try:
        _collect(futures, outcomes, games, progress, pickled=True)
    except BaseException:
        for future in futures:
            future.cancel()
        raise


def _collect(
    futures: dict[concurrent.futures.Future[Any], _Task],
    outcomes: dict[int, list[Outcome]],
    games: int,
    progress: Callable[[int, int], object] | None,
    *,
    pickled: bool = False,
) -> None:
    """Gather the chunks' outcomes as they finish; a dead worker is a SimulationError.

    With ``pickled``, each future's result is its outcomes pickled
    (:func:`_play_chunk_pickled`).
    """
    done = 0
    for future in concurrent.futures.as_completed(futures):
        task = futures[future]
        try:
            result = future.result()
            outcomes[task.start] = pickle.loads(result) if pickled else result  # noqa: S301 - pickled by _play_chunk_pickled
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
    tasks: list[_Task],
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
            futures = {pool.submit(_play_chunk, task): task for task in tasks}
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
    for process in processes:
        with contextlib.suppress(OSError, ValueError):
            process.kill()
    pool.shutdown(wait=False)
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
    for start in sorted(outcomes):
        for winner, kind, played, round_count, card in outcomes[start]:
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
    )


# --------------------------------------------------------------- comparison


@frozen
class Comparison:
    """Several variants simulated with the same seeds, side by side.

    Attributes:
        results: One :class:`SimulationResult` per variant, in the order given.
    """

    results: tuple[SimulationResult, ...]

    def table(self) -> str:
        """The variants side by side: one column each, one row per measure."""
        results = self.results
        header = ["", *(r.variant.id for r in results)]
        rows: list[list[str]] = [
            ["games", *(str(r.games) for r in results)],
            ["players", *(str(r.players) for r in results)],
        ]
        seats = max(r.players for r in results)
        for seat in range(seats):
            rows.append(
                [
                    f"seat {seat} wins",
                    *(str(r.by_seat[seat]) if seat < r.players else "" for r in results),
                ]
            )
        names = list(dict.fromkeys(w.label for r in results for w in r.by_strategy))
        if len(names) > 1 or any(len(r.by_strategy) > 1 for r in results):
            for name in names:
                cells = []
                for r in results:
                    found = [w for w in r.by_strategy if w.label == name]
                    cells.append(str(found[0]) if found else "")
                rows.append([f"{name} wins", *cells])
        rows += [
            ["plays per game, mean", *(f"{r.plays_per_game.mean:.1f}" for r in results)],
            ["plays per game, median", *(str(r.plays_per_game.median) for r in results)],
            ["plays per game, 90%", *(str(r.plays_per_game.quantile(0.9)) for r in results)],
            ["rounds per game, mean", *(f"{r.rounds_per_game.mean:.1f}" for r in results)],
        ]
        special: dict[str, None] = {}
        for r in results:
            for card_id, _ in r.deciding_cards:
                if card_id and _is_special(r.variant, card_id):
                    special[r.variant.card(card_id).name] = None
        for name in special:
            cells = []
            for r in results:
                count = sum(
                    n
                    for card_id, n in r.deciding_cards
                    if card_id and r.variant.card(card_id).name == name
                )
                cells.append(f"{count / r.games:.1%}")
            rows.append([f"decided by {name}", *cells])
        return format_table(header, rows, right=range(1, len(header)))

    def to_data(self) -> list[dict[str, Any]]:
        """Each result as plain data for JSON."""
        return [r.to_data() for r in self.results]


def compare_variants(
    variants: Sequence[Variant | str | os.PathLike[str]], **options: Any
) -> Comparison:
    """Simulate several variants with the same seeds and settings, side by side.

    Args:
        variants: The variants (objects, ids or paths).
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
        known = ", ".join(sorted(_SIMULATE_OPTIONS))
        raise ArgumentError(
            "options", f"simulate has no option {', '.join(sorted(unknown))} (it has {known})"
        )
    return Comparison(tuple(simulate(v, **options) for v in variants))


_SIMULATE_OPTIONS = frozenset(inspect.signature(simulate).parameters) - {"variant"}
