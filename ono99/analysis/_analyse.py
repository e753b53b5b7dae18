""":func:`analyse`: a variant's design profile, played through :func:`~ono99.simulate`.

Every section is one simulation (or one per kind of card), with a seed
derived from the master seed and the section's name, so two variants
analysed with one seed play the same deals, and ``jobs`` changes nothing.
"""

from __future__ import annotations

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
from ono99.simulation import simulate

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
from ._restricted import AvoidingPlayer
from ._stats import chi_square_p, mean_interval, ratio_interval

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ono99._variant import Variant, VariantLike
    from ono99.loading import PathName
    from ono99.players import Strategy
    from ono99.simulation import SimulationResult

__all__ = ["SEARCH_SHARE", "Section", "analyse", "plan", "section_labels", "section_seed"]

SEARCH_SHARE = 8
"""By default a rung with a search player plays ``games // SEARCH_SHARE`` games."""

IMPORTANCE_SHARE = 2
"""By default each kind of card plays ``games // IMPORTANCE_SHARE`` games."""


def section_seed(seed: int, section: str) -> int:
    """The master seed of one section of a profile: the same for every variant.

    >>> section_seed(1, "main") == section_seed(1, "main") != section_seed(1, "skill")
    True
    """
    digest = hashlib.blake2b(f"ono99/analyse/{seed}/{section}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


class Section:
    """One simulation of a profile: its name (a progress label), players and games."""

    __slots__ = ("games", "label", "name", "strategies")

    def __init__(self, name: str, label: str, strategies: list[Strategy], games: int) -> None:
        self.name = name
        self.label = label
        self.strategies = strategies
        self.games = games


def section_labels(variant: Variant) -> list[str]:
    """The names in words of a profile's sections, as ``analyse`` passes them to ``progress``.

    >>> import ono99
    >>> section_labels(ono99.load_variant("ono99-2022"))[:2]
    ['fairness, length, decisions', 'skill: cautious among random']
    """
    return [section.label for section in plan(variant, 2, 1, 1, 1)]


def plan(
    variant: Variant, players: int, games: int, search_games: int, importance_games: int
) -> list[Section]:
    """The simulations of a profile, in the order they are played."""
    others = players - 1
    sections = [
        Section("main", "fairness, length, decisions", ["cautious"] * players, games),
        Section(
            "cautious/random",
            "skill: cautious among random",
            ["cautious", *["random"] * others],
            games,
        ),
        Section(
            "search/cautious",
            "skill: search among cautious",
            ["search", *["cautious"] * others],
            search_games,
        ),
        Section(
            "search/random",
            "skill: search among random",
            ["search", *["random"] * others],
            search_games,
        ),
    ]
    for card in variant.cards:
        if card.count > 0:
            sections.append(
                Section(
                    f"importance/{card.id}",
                    f"importance: {card.name}",
                    [functools.partial(AvoidingPlayer, card.id), *["cautious"] * others],
                    importance_games,
                )
            )
    return sections


def analyse(
    variant: VariantLike,
    *,
    house_rules: Sequence[PathName] = (),
    players: int | None = None,
    games: int = 2000,
    search_games: int | None = None,
    importance_games: int | None = None,
    seed: int | None = None,
    jobs: int | None = None,
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
    - *Card importance* (restricted play, after Jaffe et al., AIIDE 2012): for
      each kind of card, a cautious player who never plays it while it has
      another legal move, in one moving seat among cautious players
      (``importance_games`` games a card).

    Each section's seed is derived from ``seed`` and the section's name, the
    same for every variant: two variants analysed with one seed play the
    same deals, and the profile is the same whatever ``jobs``. The defaults
    (2,000 games; 250 for each search rung; 1,000 a card) give seat shares
    within about 2 points at four players (the Wilson interval's half width
    at 25% is 1.9 points), in about 25 seconds of one core for
    ``ono99-2022`` at four players; a variant with longer games takes
    longer in proportion (the 1980 edition, some three and a half minutes).

    Args:
        variant: A :class:`~ono99.Variant`, or the id or path to load one.
        house_rules: House rules to lay over a variant given by id or path.
        players: Players per game (default: 4, or the variant's nearest).
        games: Games of the main section and of the cautious rung.
        search_games: Games of each rung with a search player (default:
            ``games // 8``, at least 1).
        importance_games: Games for each kind of card (default:
            ``games // 2``, at least 1).
        seed: The master seed (default: one chosen at random, kept in the
            profile's ``seed`` so the profile can be made again).
        jobs: Processes to use (default: one per CPU); ``1`` plays here.
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
        SimulationError: If a game cannot be played to its end.

    >>> import ono99
    >>> profile = ono99.analyse("ono99-2022", players=2, games=100, seed=1, jobs=1)
    >>> round(sum(share.value for share in profile.fairness.seats), 9)
    1.0
    >>> profile == ono99.analyse("ono99-2022", players=2, games=100, seed=1, jobs=2)
    True
    """
    started = time.perf_counter()
    loaded = _variant(variant, house_rules)
    whole("games", games, 1, MAX_GAMES)
    if search_games is None:
        search_games = max(1, games // SEARCH_SHARE)
    whole("search_games", search_games, 1, MAX_GAMES)
    if importance_games is None:
        importance_games = max(1, games // IMPORTANCE_SHARE)
    whole("importance_games", importance_games, 1, MAX_GAMES)
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
    if progress is not None and not callable(progress):
        raise ArgumentError("progress", f"expected a function or None, got {shown(progress)}")
    sections = plan(loaded, players, games, search_games, importance_games)
    results: dict[str, SimulationResult] = {}
    for section in sections:
        results[section.name] = simulate(
            loaded,
            players=players,
            games=section.games,
            strategies=section.strategies,
            seed=section_seed(seed, section.name),
            jobs=jobs,
            rotate=section.name != "main",
            progress=None if progress is None else functools.partial(progress, section.label),
            details=section.name == "main",
        )
    return _profile(loaded, players, seed, games, search_games, importance_games, results, started)


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


def _profile(  # noqa: PLR0917 - one caller, which names nothing twice
    variant: Variant,
    players: int,
    seed: int,
    games: int,
    search_games: int,
    importance_games: int,
    results: dict[str, SimulationResult],
    started: float,
) -> Profile:
    main = results["main"]
    details = main.details
    fair = 1 / players
    seats = tuple(Estimate.rate(wins, games) for wins in main.wins)
    best = max(range(players), key=lambda seat: (main.wins[seat], -seat))
    expected = games / players
    chi = math.fsum((wins - expected) ** 2 / expected for wins in main.wins)
    fairness = Fairness(
        fair=fair,
        seats=seats,
        advantage=seats[best].shifted(fair),
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
    )
    rungs = []
    for name in ("cautious/random", "search/cautious", "search/random"):
        result = results[name]
        player, against = name.split("/")
        rungs.append(Rung.of(player, against, result.by_strategy[0].wins, result.games, fair))
    skill = Skill(rungs=tuple(rungs[:2]), gap=rungs[2])
    importance = []
    for card in variant.cards:
        if card.count <= 0:
            continue
        result = results[f"importance/{card.id}"]
        rate = Estimate.rate(result.by_strategy[0].wins, result.games)
        importance.append(
            CardImportance(
                card=card.id,
                name=card.name,
                win_rate=rate,
                importance=rate.short_of(fair),
                decided=Estimate.rate(main.decided_by(card.id), games),
            )
        )
    changes = [d.lead_changes for d in details]
    mean, sd, low, high = mean_interval(changes)
    drama = Drama(
        lead_changes=Estimate("mean", mean, low, high, games, sd / math.sqrt(games)),
        comebacks=Estimate.rate(sum(d.comeback for d in details), games),
        measured=variant.match.scoring != "none" and any(d.rounds > 1 for d in details),
    )
    return Profile(
        variant=variant.id,
        name=variant.name,
        fingerprint=fingerprint(variant),
        players=players,
        seed=seed,
        games=games,
        search_games=search_games,
        importance_games=importance_games,
        fairness=fairness,
        completion=completion,
        duration=duration,
        decisions=decisions,
        skill=skill,
        importance=tuple(importance),
        drama=drama,
        seconds=time.perf_counter() - started,
    )


def _ratio(numerators: list[int], denominators: list[int], *, share: bool = False) -> Estimate:
    ratio, se, low, high = ratio_interval(numerators, denominators)
    if share:
        low, high = max(0.0, low), min(1.0, high)
    return Estimate("share" if share else "ratio", ratio, low, high, len(numerators), se)
