"""What a simulation finds: win rates, distributions, and the results themselves.

:class:`SimulationResult` is what :func:`~ono99.simulate` returns, and
:class:`Comparison` what :func:`~ono99.compare_variants` returns: frozen, equal
when their seeds and settings are, and plain data for JSON through ``to_data``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from attrs import astuple, field, frozen

from ono99._variant import Variant

from ._report import comparison_table, result_table

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "Comparison",
    "Distribution",
    "GameDetails",
    "SimulationResult",
    "WinRate",
    "wilson_interval",
]

_Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


def wilson_interval(successes: int, trials: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default).

    None of ``trials`` gives an interval from exactly 0, all of them one to
    exactly 1 (where rounding would leave a few units of 1e-18 either side).

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    >>> wilson_interval(0, 150)[0], wilson_interval(150, 150)[1]
    (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


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

    ``str()`` of a win rate is its :attr:`rate` and its 95% confidence
    :attr:`interval`, in per cent to one decimal, as the tables print it:

    >>> from ono99 import WinRate
    >>> rate = WinRate(label="seat 0", seats=1, wins=156, games=300, fair=1 / 3)
    >>> rate.rate, str(rate)
    (0.52, '52.0% (46.4%-57.6%)')
    >>> print(f"{rate.label} wins {rate}, a fair share being {rate.fair:.0%}")
    seat 0 wins 52.0% (46.4%-57.6%), a fair share being 33%
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

        >>> from ono99 import Distribution
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


@frozen
class GameDetails:
    """One game of a simulation, move by move in sum (``simulate(..., details=True)``).

    Attributes:
        winner: The winner's seat.
        plays: Cards played (a redraw is not a play), as :attr:`SimulationResult.plays` counts.
        rounds: Rounds played.
        deciding_card: The card that decided the game ("" for none), as
            :attr:`SimulationResult.deciding_cards` counts.
        turns: Turns in which a player chose at least one move. A turn
            starts with a move by another seat than the last one, or with a
            move while no card has been played yet this turn: a seat that
            plays again (a skip round a table of two) starts a new turn, and
            a redraw's following play counts as a turn of its own. A player
            with no safe play, who busts without being asked, has no turn.
        choice_turns: Those of :attr:`turns` in which at least one move had
            more than one distinct legal move to choose from.
        moves: Moves the players chose.
        options: The distinct legal moves of each of those moves, summed
            (each card once however many copies the hand holds, each amount
            or player it may name apart, as :meth:`~ono99.Game.legal_moves`
            lists them).
        lead_changes: How often the lead changed, as Ludii's lead-change
            metric counts it: the leaders are the seats best placed (most
            tokens, or the lowest score; the highest when points win), all
            of them on a tie; the standings change only as a round ends, and
            each time the set of leaders differs from the one before counts,
            from the start (every seat level) to the end (the winner
            alone). Always 0 when a game has no tokens or points.
        comeback: Whether the winner was not among the best placed after
            round ``R // 2`` of the game's ``R`` rounds (``False`` for a game
            of one round, or without tokens or points).
        capped: Whether the game ended by a cap (``round.max_rounds`` or
            ``round.max_game_plays``) rather than by the rules of play.
        decided_at: The moves the players had chosen when the winner came
            to lead alone for good: at the end of the round after which the
            winner alone was best placed at every round's end to the last
            (the whole of :attr:`moves` when that was only at the end, in a
            game of one round, or in one without tokens or points).

    >>> import ono99
    >>> result = ono99.simulate("ono99-2022", players=2, games=1, seed=1, details=True)
    >>> game = result.details[0]
    >>> game.plays, game.turns, game.choice_turns, game.deciding_card
    (33, 30, 27, 'play_2')
    """

    winner: int
    plays: int
    rounds: int
    deciding_card: str
    turns: int
    choice_turns: int
    moves: int
    options: int
    lead_changes: int
    comeback: bool
    capped: bool
    decided_at: int = 0


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
        details: Each game's :class:`GameDetails`, in order, when
            :func:`simulate` was asked for them (``details=True``); else empty.

    >>> import ono99
    >>> result = ono99.simulate("ono99-2022", players=3, games=300, seed=1,
    ...                         strategies=["cautious", "random", "random"])
    >>> result.wins, result.games
    ((156, 71, 73), 300)
    >>> [str(rate) for rate in result.by_strategy]
    ['52.0% (46.4%-57.6%)', '48.0% (42.4%-53.6%)']
    >>> result.plays_per_game.mean, result.deciding_cards[0]
    (40.68, ('play_2', 80))
    >>> result.decided_by("reverse")
    55
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
    details: tuple[GameDetails, ...] = ()

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
            **({"details": [list(astuple(d)) for d in self.details]} if self.details else {}),
        }

    def table(self) -> str:
        """A summary for people: wins, lengths and deciding cards, as text tables."""
        return result_table(self)


@frozen
class Comparison:
    """Several variants simulated with the same seeds, side by side.

    Attributes:
        results: One :class:`SimulationResult` per variant, in the order given.

    >>> import ono99
    >>> comparison = ono99.compare_variants(["ono99-1980", "ono99-1980-option"],
    ...                                     players=2, games=20, seed=1)
    >>> [result.wins for result in comparison.results]
    [(8, 12), (9, 11)]
    """

    results: tuple[SimulationResult, ...]

    def table(self) -> str:
        """The variants side by side: one column each, one row per measure."""
        return comparison_table(self)

    def to_data(self) -> list[dict[str, Any]]:
        """Each result as plain data for JSON."""
        return [r.to_data() for r in self.results]
