""":func:`analyse`: a variant's design profile, played through :func:`~ono99.simulate`.

Every section is one simulation (or one per kind of card), with a seed
derived from the master seed and the section's name, so two variants
analysed with one seed play the same deals, and ``jobs`` changes nothing.
A section asked for a precision plays more games in further batches, each
with a seed derived from the section's name and the batch's number.
"""

from __future__ import annotations

import concurrent.futures
import functools
import hashlib
import math
import os
import random
import time
from typing import TYPE_CHECKING

from ono99._args import shown, whole
from ono99._errors import ArgumentError, VariantError
from ono99._limits import MAX_GAMES
from ono99.loading import fingerprint, load_variant, variant_arg
from ono99.simulation import seconds_arg, simulate

from ._profile import (
    CardImportance,
    Completion,
    Decisions,
    Drama,
    Duration,
    Estimate,
    Fairness,
    Profile,
    Rung,
    Skill,
    quantity,
)
from ._restricted import AvoidingPlayer, Tally
from ._stats import chi_square_p, mean_interval, ratio_interval, simultaneous_z, wilson

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ono99._variant import Variant, VariantLike
    from ono99.loading import PathName
    from ono99.players import Strategy
    from ono99.simulation import GameDetails, SimulationResult

__all__ = [
    "DEFAULT_GAMES",
    "DEFAULT_PRECISION",
    "PRECISION_SECONDS",
    "SEARCH_SHARE",
    "analyse",
    "decisiveness",
    "leader_wins",
    "seat_advantage",
    "section_labels",
    "section_seed",
]

SEARCH_SHARE = 8
"""By default a rung with a search player plays ``games // SEARCH_SHARE`` games."""

IMPORTANCE_SHARE = 2
"""By default the restricted players play ``games // IMPORTANCE_SHARE`` games."""

DEFAULT_GAMES = 2000
"""Games of the main section and of the cautious rung, unless ``games`` says otherwise."""

DEFAULT_PRECISION = 3.0
"""The half width a profile aims at when given no precision and no counts, in points."""

PRECISION_SECONDS = 300.0
"""The time limit of a profile that aims at a precision without one, in seconds."""

# Fewer games than this do not tell how wide an interval is (nor how long a game takes).
_LEAST_GROWTH = 20

# The batches a section may grow by, each a seed of its own.
_MOST_BATCHES = 64


def section_seed(seed: int, section: str) -> int:
    """The master seed of one section of a profile: the same for every variant.

    >>> section_seed(1, "main") == section_seed(1, "main") != section_seed(1, "skill")
    True
    """
    digest = hashlib.blake2b(f"ono99/analyse/{seed}/{section}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def _batch_seed(seed: int, section: str, batch: int) -> int:
    """The seed of a section's ``batch``: its first batch has the section's own seed."""
    return section_seed(seed, section if batch == 0 else f"{section}/{batch}")


MAIN = "fairness, length, decisions"
RUNGS = (
    ("cautious", "random", "games"),
    ("search", "cautious", "search_games"),
    ("search", "random", "search_games"),
)
UNRESTRICTED = "importance: the unrestricted player"


def section_labels(variant: Variant) -> list[str]:
    """The names in words of a profile's sections, as ``analyse`` passes them to ``progress``.

    >>> import ono99
    >>> section_labels(ono99.load_variant("ono99-2022"))[:2]
    ['fairness, length, decisions', 'skill: cautious among random']
    """
    return [
        MAIN,
        *(f"skill: {player} among {against}" for player, against, _ in RUNGS),
        UNRESTRICTED,
        *(f"importance: {card.name}" for card in variant.cards if card.count > 0),
    ]


def analyse(
    variant: VariantLike,
    *,
    house_rules: Sequence[PathName] = (),
    players: int | None = None,
    games: int | None = None,
    search_games: int | None = None,
    importance_games: int | None = None,
    precision: float | None = None,
    time_limit: float | None = None,
    seed: int | None = None,
    jobs: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    progress: Callable[[str, int, int], object] | None = None,
) -> Profile:
    """What a variant's rules do to the game: a design profile, every figure with its interval.

    The profile plays the shipped players through :func:`~ono99.simulate`:

    - *Fairness, completion, duration, decisions, drama* and the cards that
      decide games: ``games`` games of cautious players at every seat.
    - *Skill*: a ladder of the shipped players, each in one seat (moving round
      the table from game to game) among players of the strategy below:
      cautious among random (``games`` games), search among cautious and
      search among random (``search_games`` games each; the search player
      takes about a millisecond a decision).
    - *Card importance* (restricted play, Jaffe et al., AIIDE 2012): for each
      kind of card, a cautious player who never plays it while it has another
      legal move, against the same cautious player unrestricted, each in one
      seat moving round the table among cautious players, on the same deals
      (``importance_games`` games). A game in which avoiding the card changes
      none of the player's choices is the same game either way, so a card
      that never changes a choice has an importance of exactly 0.

    Each section's seed is derived from ``seed`` and the section's name, the
    same for every variant: two variants analysed with one seed play the
    same deals, and the profile is the same whatever ``jobs`` or
    ``executor``.

    Given neither a precision nor any count of games, a profile aims at
    +-3 points (``DEFAULT_PRECISION``): it starts from 2,000 games (250
    for each search rung, 1,000 for card importance) and plays more where a
    headline interval is wider, within its time limit (at four players,
    ``ono99-2022`` with the compiled engine takes some 20 seconds of one
    core; :doc:`/explanation/speed`). Given counts and no precision, it
    plays exactly those counts.

    With ``precision`` (in points: ``2`` asks for +-2 points), a section
    whose widest headline interval is wider plays more games, in batches,
    until it is as narrow or its share of ``time_limit`` is spent; each
    section keeps the games it played, and the profile states the width
    each section reached (:meth:`Profile.widths`). The headline intervals
    are each seat's win share, each rung of the skill ladder and each card's
    importance. Where the time limit cuts a section short, the games played
    depend on the machine's speed: the profile states them, and ``games``
    (or the other counts) of that size play it again.

    Args:
        variant: A :class:`~ono99.Variant`, or the id or path to load one.
        house_rules: House rules to lay over a variant given by id or path.
        players: Players per game (default: 4, or the variant's nearest).
        games: Games of the main section and of the cautious rung
            (default: 2,000, where a precision asks, the first of them).
        search_games: Games of each rung with a search player (default:
            ``games // 8``, at least 1).
        importance_games: Games of card importance (default: ``games //
            2``, or ``games // 4`` where a precision asks, at least 1).
        precision: The widest half interval asked for, in percentage points
            (default: 3 when no count above is given, else none: the counts
            are played).
        time_limit: The most seconds the profile may take (default: none).
            Past it, no more games are started and
            :class:`~ono99.SimulationError` says so. With a precision and no
            time limit, the sections stop growing after 300 seconds
            (``PRECISION_SECONDS``) but never fail for time: each plays
            its first games, however long they take.
        seed: The master seed (default: one chosen at random, kept in the
            profile's ``seed`` so the profile can be made again).
        jobs: Processes to use (default: one per CPU); ``1`` plays here.
        executor: Any :class:`concurrent.futures.Executor` to play the games
            on instead, as :func:`~ono99.simulate` takes (a Dask cluster's
            ``client.get_executor()``); the unrestricted player of card
            importance is watched here, in this process.
        progress: Called as ``progress(section, games_done, games)`` as each
            section's games finish (``section`` names it in words, as the
            command's progress bars do).

    Returns:
        The frozen :class:`Profile`.

    Raises:
        VariantError: If the variant or a house rule cannot be loaded, a
            house rule does not fit it, or it does not allow ``players``.
        ArgumentError: If an argument is of the wrong type or out of range.
            Everything is checked before the first game is played.
        SimulationError: If a game cannot be played to its end, or the time
            limit runs out.

    >>> import ono99
    >>> profile = ono99.analyse("ono99-2022", players=2, games=100, seed=1, jobs=1)
    >>> round(sum(share.value for share in profile.fairness.seats), 9)
    1.0
    >>> profile == ono99.analyse("ono99-2022", players=2, games=100, seed=1, jobs=2)
    True
    """
    started = time.monotonic()
    loaded = _variant(variant, house_rules)
    if precision is None and games is None and search_games is None and importance_games is None:
        precision = DEFAULT_PRECISION
    if games is None:
        games = DEFAULT_GAMES
    whole("games", games, 1, MAX_GAMES)
    if search_games is None:
        search_games = max(1, games // SEARCH_SHARE)
    whole("search_games", search_games, 1, MAX_GAMES)
    if importance_games is None:
        # Where a precision asks, the first batch is a pilot: the rest is played as needed.
        share = IMPORTANCE_SHARE * (1 if precision is None else 2)
        importance_games = max(1, games // share)
    whole("importance_games", importance_games, 1, MAX_GAMES)
    if precision is not None:
        precision = _points(precision)
    # A time limit given is kept to the second; the one a precision implies only
    # stops the sections' growth, so that a busy machine gives a wider profile,
    # never an error.
    strict = time_limit is not None
    if time_limit is not None:
        time_limit = seconds_arg("time_limit", time_limit)
    if time_limit is None and precision is not None:
        time_limit = PRECISION_SECONDS
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    whole("seed", seed)
    low, high = loaded.players.min, loaded.players.max
    if players is None:
        players = max(low, min(4, high))
    whole("players", players, 1)
    if not low <= players <= high:
        raise VariantError(f"{loaded.name} is for {low} to {high} players, not {players}")
    if players < 2:
        raise ArgumentError("players", "a profile needs at least 2 players, to compare seats")
    if jobs is None:
        jobs = os.cpu_count() or 1
    whole("jobs", jobs, 1)
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise ArgumentError(
            "executor", f"expected a concurrent.futures.Executor, got {shown(executor)}"
        )
    if progress is not None and not callable(progress):
        raise ArgumentError("progress", f"expected a function or None, got {shown(progress)}")
    runner = _Runner(
        loaded,
        players,
        seed,
        jobs,
        executor,
        None if precision is None else precision / 100,
        None if time_limit is None else started + time_limit,
        progress,
        strict=strict,
    )
    main = runner.main(games)
    rungs = [
        runner.rung(player, against, games if count == "games" else search_games)
        for player, against, count in RUNGS
    ]
    importance = runner.importance(importance_games)
    return _profile(
        loaded,
        runner,
        main,
        rungs,
        importance,
        time.monotonic() - started,
    )


def _points(value: object) -> float:
    """``value`` if it is a precision in points (above 0, at most 100), else the error."""
    if not isinstance(value, int | float) or isinstance(value, bool) or not 0 < value <= 100:
        raise ArgumentError(
            "precision", f"expected points above 0, at most 100, got {shown(value)}"
        )
    return float(value)


def _variant(variant: VariantLike, house_rules: Sequence[PathName]) -> Variant:
    """The variant to profile, its house rules laid over it."""
    if isinstance(house_rules, str) or not isinstance(house_rules, list | tuple):
        raise ArgumentError(
            "house_rules",
            f"expected a list of house rules (ids or paths), got {shown(house_rules)}",
        )
    if not house_rules:
        return variant_arg(variant)
    if not isinstance(variant, str | os.PathLike):
        variant_arg(variant)  # the error for what it is, unless a Variant
        raise ArgumentError(
            "house_rules",
            "house rules are laid over a variant given by id or path; "
            "a Variant object already holds its rules",
        )
    return load_variant(variant, list(house_rules))


class _Main:
    """The games of cautious players at every seat: seat wins and each game's details."""

    def __init__(self, players: int) -> None:
        self.wins = [0] * players
        self.details: list[GameDetails] = []
        self.deciding: dict[str, int] = {}

    @property
    def games(self) -> int:
        return len(self.details)

    def add(self, result: SimulationResult) -> None:
        for seat, won in enumerate(result.wins):
            self.wins[seat] += won
        self.details += result.details
        for card, count in result.deciding_cards:
            self.deciding[card] = self.deciding.get(card, 0) + count

    def half_width(self) -> float:
        games = self.games
        return max((high - low) / 2 for low, high in (wilson(w, games) for w in self.wins))


class _Paired:
    """Card importance: the unrestricted player's wins game by game, and each restricted one's.

    Each restricted player plays the first of the unrestricted player's
    games, as many as its own interval needs: a card whose interval is
    narrow enough plays no further batch.
    """

    def __init__(self) -> None:
        self.base: list[int] = []
        self.legal: dict[str, int] = {}
        self.changed: dict[str, int] = {}
        # For each card, the restricted player's wins game by game.
        self.restricted: dict[str, list[int]] = {}

    def games(self, card: str) -> int:
        """The games of ``card``'s restricted player (all, where it changes no choice)."""
        mine = self.restricted.get(card)
        return len(self.base) if mine is None else len(mine)

    def difference(self, card: str) -> list[int]:
        """The unrestricted player's win less the restricted one's, game by game."""
        mine = self.restricted.get(card)
        if mine is None:
            return [0] * len(self.base)
        return [b - r for b, r in zip(self.base, mine, strict=False)]

    def card_width(self, card: str) -> float:
        """The half width of ``card``'s importance interval (0 where no choice changed)."""
        if card not in self.restricted:
            return 0.0
        _, _, low, high = mean_interval(self.difference(card))
        return (high - low) / 2

    def half_width(self) -> float:
        return max([0.0, *(self.card_width(card) for card in self.restricted)])


class _Runner:
    """Plays a profile's sections, each grown in batches to the precision asked for."""

    def __init__(  # noqa: PLR0917 - one caller, which names nothing twice
        self,
        variant: Variant,
        players: int,
        seed: int,
        jobs: int,
        executor: concurrent.futures.Executor | None,
        precision: float | None,
        deadline: float | None,
        progress: Callable[[str, int, int], object] | None,
        *,
        strict: bool = False,
    ) -> None:
        self.variant = variant
        self.players = players
        self.seed = seed
        self.jobs = jobs
        self.executor = executor
        self.precision = precision
        self.deadline = deadline
        # Whether a simulation past the deadline fails, or only no batch follows it.
        self.strict = strict
        self.progress = progress
        self.labels = section_labels(variant)
        # Sections not yet begun, for sharing out the time left.
        self.left = len(self.labels)
        self.widths: dict[str, float] = {}

    def _simulate(  # noqa: PLR0917 - private, each call names its sections' settings
        self,
        label: str,
        section: str,
        batch: int,
        strategies: list[Strategy],
        games: int,
        done: int,
        total: int,
        *,
        details: bool,
        here: bool = False,
    ) -> SimulationResult:
        progress = self.progress

        def report(games_done: int, _games: int) -> None:
            if progress is not None:
                progress(label, done + games_done, total)

        remaining = None
        if self.deadline is not None and self.strict:
            remaining = self.deadline - time.monotonic()
        return simulate(
            self.variant,
            players=self.players,
            games=games,
            strategies=strategies,
            seed=_batch_seed(self.seed, section, batch),
            jobs=1 if here else self.jobs,
            executor=None if here else self.executor,
            rotate=section != "main",
            progress=report,
            details=details,
            time_limit=None if remaining is None else max(remaining, 1e-3),
        )

    def _grow(
        self,
        label: str,
        first: int,
        play: Callable[[int, int, int], None],
        width: Callable[[], float],
    ) -> int:
        """Play ``first`` games, then batches until ``width()`` is the precision; the games."""
        self.left -= 1
        section_started = time.monotonic()
        play(0, first, first)
        played = first
        precision = self.precision
        batch = 1
        while precision is not None and batch < _MOST_BATCHES:
            found = width()
            if found <= precision:
                break
            want = math.ceil(played * (found / precision) ** 2) - played
            want = max(want, _LEAST_GROWTH)
            if self.deadline is not None:
                per_game = (time.monotonic() - section_started) / played
                share = (self.deadline - time.monotonic()) / (self.left + 1)
                want = min(want, math.floor(share / per_game) if per_game > 0 else want)
            want = min(want, MAX_GAMES - played)
            if want < 1:
                break
            play(batch, want, played + want)
            played += want
            batch += 1
        self.widths[label] = width()
        return played

    def main(self, games: int) -> _Main:
        main = _Main(self.players)

        def play(batch: int, count: int, total: int) -> None:
            main.add(
                self._simulate(
                    MAIN, "main", batch, ["cautious"], count, main.games, total, details=True
                )
            )

        self._grow(MAIN, games, play, main.half_width)
        return main

    def rung(self, player: str, against: str, games: int) -> tuple[int, int]:
        """A rung of the ladder: the stronger player's wins, and the games."""
        label = f"skill: {player} among {against}"
        section = f"{player}/{against}"
        strategies: list[Strategy] = [player, *[against] * (self.players - 1)]
        count = [0, 0]

        def play(batch: int, more: int, total: int) -> None:
            result = self._simulate(
                label, section, batch, strategies, more, count[1], total, details=False
            )
            count[0] += result.by_strategy[0].wins
            count[1] += more

        def width() -> float:
            low, high = wilson(count[0], count[1])
            return (high - low) / 2

        self._grow(label, games, play, width)
        return count[0], count[1]

    def importance(self, games: int) -> _Paired:
        """Card importance: the unrestricted player, watched here, then each restricted one."""
        paired = _Paired()
        cards = [card for card in self.variant.cards if card.count > 0]
        players = self.players
        self.left -= len(cards)  # grown with the unrestricted player's section

        def won(result: SimulationResult) -> list[int]:
            # Game i of a rotated simulation seats strategy 0 at seat (-i) % players.
            return [int((d.winner + i) % players == 0) for i, d in enumerate(result.details)]

        def play(batch: int, count: int, total: int) -> None:
            tally = Tally()
            done = len(paired.base)
            others: list[Strategy] = ["cautious"] * (players - 1)
            result = self._simulate(
                UNRESTRICTED,
                "importance",
                batch,
                [tally.player, *others],
                count,
                done,
                total,
                details=True,
                here=True,
            )
            base = won(result)
            for card in cards:
                label = f"importance: {card.name}"
                paired.legal[card.id] = paired.legal.get(card.id, 0) + tally.legal.get(card.id, 0)
                changed = tally.changed.get(card.id, 0)
                paired.changed[card.id] = paired.changed.get(card.id, 0) + changed
                mine = paired.restricted.get(card.id)
                if mine is not None and len(mine) < done:
                    # Narrow enough before an earlier batch: it plays no more games.
                    if self.progress is not None:
                        self.progress(label, total, total)
                    continue
                if not changed:
                    # No choice changed: each game is the unrestricted player's own.
                    if mine is not None:
                        mine += base
                    if self.progress is not None:
                        self.progress(label, total, total)
                    continue
                if mine is None:
                    mine = paired.restricted[card.id] = list(paired.base)
                elif self.precision is not None and paired.card_width(card.id) <= self.precision:
                    # Narrow enough already: this card plays no more games.
                    if self.progress is not None:
                        self.progress(label, total, total)
                    continue
                restricted = self._simulate(
                    label,
                    "importance",
                    batch,
                    [functools.partial(AvoidingPlayer, card.id), *others],
                    count,
                    done,
                    total,
                    details=True,
                )
                mine += won(restricted)
            paired.base += base

        self._grow(UNRESTRICTED, games, play, paired.half_width)
        return paired


def _profile(  # noqa: PLR0917 - one caller, which names nothing twice
    variant: Variant,
    runner: _Runner,
    main: _Main,
    rungs: list[tuple[int, int]],
    paired: _Paired,
    seconds: float,
) -> Profile:
    players = runner.players
    details = main.details
    games = main.games
    fair = 1 / players
    seats = tuple(Estimate.rate(wins, games) for wins in main.wins)
    best, advantage = seat_advantage(main.wins)
    expected = games / players
    chi = math.fsum((wins - expected) ** 2 / expected for wins in main.wins)
    fairness = Fairness(
        fair=fair,
        seats=seats,
        advantage=advantage,
        advantage_seat=best,
        chi_square=chi,
        p_value=chi_square_p(chi, players - 1),
    )
    capped = sum(d.capped for d in details)
    completion = Completion(Estimate.rate(games - capped, games), capped)
    duration = Duration(
        plays=quantity([d.plays for d in details]),
        turns=quantity([d.turns for d in details]),
        rounds=quantity([d.rounds for d in details]),
    )
    decisions = Decisions(
        choice_share=_ratio(
            [d.choice_turns for d in details], [d.turns for d in details], share=True
        ),
        branching=_ratio([d.options for d in details], [d.moves for d in details]),
        turn_branching=_ratio([d.options for d in details], [d.turns for d in details]),
    )
    made = [
        Rung.of(player, against, wins, played, fair)
        for (player, against, _), (wins, played) in zip(RUNGS, rungs, strict=True)
    ]
    skill = Skill(rungs=tuple(made[:2]), gap=made[2])
    importance = []
    base = paired.base
    for card in variant.cards:
        if card.count <= 0:
            continue
        played = paired.games(card.id)
        unrestricted = Estimate.rate(sum(base[:played]), played)
        differences = paired.difference(card.id)
        restricted = paired.restricted.get(card.id, base)
        if paired.changed.get(card.id, 0):
            mean, sd, low, high = mean_interval(differences)
            if len(differences) < 2:
                low, high = -1.0, 1.0
            effect = Estimate(
                "difference", mean, low, high, len(differences), sd / math.sqrt(len(differences))
            )
        else:
            effect = Estimate("difference", 0.0, 0.0, 0.0, len(differences), 0.0)
        importance.append(
            CardImportance(
                card=card.id,
                name=card.name,
                win_rate=Estimate.rate(sum(restricted), len(restricted)),
                unrestricted=unrestricted,
                importance=effect,
                decided=Estimate.rate(main.deciding.get(card.id, 0), games),
                legal=paired.legal.get(card.id, 0),
                changed=paired.changed.get(card.id, 0),
            )
        )
    measured = variant.match.scoring != "none" and any(d.rounds > 1 for d in details)
    drama = Drama(
        lead_changes=_per_move(details) if measured else None,
        comebacks=Estimate.rate(sum(d.comeback for d in details), games) if measured else None,
        measured=measured,
        decisiveness=decisiveness(details) if measured else None,
        leader_wins=leader_wins(details) if measured else None,
    )
    return Profile(
        variant=variant.id,
        name=variant.name,
        fingerprint=fingerprint(variant),
        players=players,
        seed=runner.seed,
        games=games,
        search_games=rungs[1][1],
        importance_games=len(base),
        fairness=fairness,
        completion=completion,
        duration=duration,
        decisions=decisions,
        skill=skill,
        importance=tuple(importance),
        drama=drama,
        precision=None if runner.precision is None else runner.precision * 100,
        seconds=seconds,
    )


def seat_advantage(wins: Sequence[int]) -> tuple[int, Estimate]:
    """The seat with most ``wins`` (the first of a tie), and its share less the fair share.

    The interval is that of the largest true share, less the fair share:
    every seat's share has a simultaneous Wilson interval (Bonferroni's, at
    the level ``1 - 0.05 / seats``); when all of them hold, which they do
    with 95% at least, the largest share lies between the largest of their
    low ends and the largest of their high ends.

    >>> best, advantage = seat_advantage([30, 20, 25, 25])
    >>> best, str(advantage)
    (0, '+5.0 points (-5.0 to +17.3)')
    """
    players = len(wins)
    games = sum(wins)
    fair = 1 / players
    best = max(range(players), key=lambda seat: (wins[seat], -seat))
    z = simultaneous_z(players)
    bounds = [wilson(won, games, z) for won in wins]
    share = Estimate.rate(wins[best], games)
    return best, Estimate(
        "difference",
        share.value - fair,
        max(low for low, _ in bounds) - fair,
        max(high for _, high in bounds) - fair,
        games,
        share.se,
    )


def _per_move(details: Sequence[GameDetails]) -> Estimate:
    """Lead changes a move, game by game (Ludii's lead change), averaged over games."""
    rates = [d.lead_changes / d.moves if d.moves else 0.0 for d in details]
    mean, sd, low, high = mean_interval(rates)
    se = sd / math.sqrt(len(rates))
    return Estimate("share", mean, max(0.0, low), min(1.0, high), len(rates), se)


def decisiveness(details: Sequence[GameDetails]) -> Estimate:
    """How early the winner is clear: the share of moves after it, averaged over games.

    A game's share is its moves after :attr:`~ono99.GameDetails.decided_at`
    over its moves (0 for a game without moves); the figure is their mean,
    with its Student t interval kept within 0 and 1.

    Two games of 10 moves: one whose winner led alone from the 4th move on,
    one whose winner was clear only at the end:

    >>> import ono99
    >>> games = [
    ...     ono99.GameDetails(0, 10, 3, "", 10, 8, 10, 25, 2, False, False, decided_at=4),
    ...     ono99.GameDetails(1, 10, 2, "", 10, 8, 10, 25, 2, True, False, decided_at=10),
    ... ]
    >>> decisiveness(games).value
    0.3
    """
    shares = [(d.moves - d.decided_at) / d.moves if d.moves else 0.0 for d in details]
    mean, sd, low, high = mean_interval(shares)
    se = sd / math.sqrt(len(shares)) if shares else 0.0
    return Estimate("share", mean, max(0.0, low), min(1.0, high), len(shares), se)


def leader_wins(details: Sequence[GameDetails]) -> Estimate:
    """The share of games of more than one round that a leader at half-way won.

    A leader at half-way is one of the best placed after round ``R // 2`` of
    the game's ``R`` rounds; the winner is one unless the game is a
    comeback (:attr:`~ono99.GameDetails.comeback`). Games of one round have
    no half-way standings and are left out.

    >>> import ono99
    >>> games = [
    ...     ono99.GameDetails(0, 10, 3, "", 10, 8, 10, 25, 2, False, False),
    ...     ono99.GameDetails(1, 10, 2, "", 10, 8, 10, 25, 2, True, False),
    ...     ono99.GameDetails(1, 10, 1, "", 10, 8, 10, 25, 1, False, False),
    ... ]
    >>> str(leader_wins(games))
    '50.0% (9.5% to 90.5%)'
    """
    halved = [d for d in details if d.rounds > 1]
    return Estimate.rate(sum(not d.comeback for d in halved), len(halved))


def _ratio(numerators: list[int], denominators: list[int], *, share: bool = False) -> Estimate:
    ratio, se, low, high = ratio_interval(numerators, denominators)
    if share:
        low, high = max(0.0, low), min(1.0, high)
    return Estimate("share" if share else "ratio", ratio, low, high, len(numerators), se)
