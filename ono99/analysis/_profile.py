"""What :func:`~ono99.analyse` finds: a :class:`Profile` and its sections, frozen.

Each figure is an :class:`Estimate`: a value with its 95% interval and how it
was measured. A profile is plain data for JSON (:meth:`Profile.to_data`,
:meth:`Profile.from_data`), and two profiles give their :class:`Difference`
figure by figure (:meth:`Profile.differences`).
"""

from __future__ import annotations

import functools
import math
import warnings
from typing import TYPE_CHECKING, Any, Literal

import cattrs
from attrs import evolve, field, frozen

from ono99._args import shown
from ono99._errors import ArgumentError

from ._stats import Z95, normal_p, score_p, step_up, wilson

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "CardImportance",
    "Completion",
    "Decisions",
    "Difference",
    "Drama",
    "Duration",
    "Estimate",
    "Fairness",
    "Profile",
    "Quantity",
    "Rung",
    "Skill",
    "differences_data",
]

ADVANTAGE = "largest seat advantage"
"""The figure of the largest seat share less the fair share."""

SIGNIFICANCE = 0.05
"""The p-value below which a difference or a skill step is called significant."""


@frozen
class Estimate:
    """A figure of a profile, with its 95% interval.

    Attributes:
        kind: ``"rate"``: a share of games (Wilson interval); ``"mean"``: a
            mean over games (Student t interval); ``"ratio"``: a ratio of two
            sums over games, such as legal moves per move (delta-method
            interval, each game one draw); ``"share"``: such a ratio that is
            a share, such as the turns with a choice among all turns
            (its interval kept within 0 and 1); ``"difference"``: a
            difference of shares (a seat's advantage over the fair share, a
            card's importance), shown in percentage points.
        value: The estimate.
        low: The low end of its 95% interval.
        high: The high end.
        games: The games it was measured on.
        se: Its standard error: ``sqrt(p (1 - p) / n)`` for a rate,
            ``sd / sqrt(n)`` for a mean, the delta method's for a ratio.
    """

    kind: Literal["rate", "share", "difference", "mean", "ratio"]
    value: float
    low: float
    high: float
    games: int
    se: float

    @classmethod
    def rate(cls, successes: int, trials: int) -> Estimate:
        """The share ``successes / trials`` and its Wilson interval.

        >>> import ono99
        >>> ono99.Estimate.rate(30, 100).value
        0.3
        """
        p = successes / trials if trials else 0.0
        low, high = wilson(successes, trials)
        se = math.sqrt(p * (1 - p) / trials) if trials else 0.0
        return cls("rate", p, low, high, trials, se)

    @property
    def successes(self) -> int:
        """For a rate, the games it counts (``value * games``, rounded)."""
        return round(self.value * self.games)

    def shifted(self, by: float) -> Estimate:
        """The same estimate less ``by`` (a rate against its fair share, say)."""
        return Estimate(
            "difference", self.value - by, self.low - by, self.high - by, self.games, self.se
        )

    def short_of(self, target: float) -> Estimate:
        """How far the estimate falls short of ``target`` (``target`` less it)."""
        return Estimate(
            "difference",
            target - self.value,
            target - self.high,
            target - self.low,
            self.games,
            self.se,
        )

    def __str__(self) -> str:
        if self.kind == "difference":
            return (
                f"{self.value * 100:+.1f} points ({self.low * 100:+.1f} to {self.high * 100:+.1f})"
            )
        if self.kind in {"rate", "share"}:
            return f"{self.value:.1%} ({self.low:.1%} to {self.high:.1%})"
        return f"{self.value:.2f} ({self.low:.2f} to {self.high:.2f})"


@frozen
class Quantity:
    """How a whole-number quantity was spread over games (plays, turns, rounds).

    Attributes:
        mean: The mean, with its Student t interval.
        sd: The sample standard deviation (divisor ``n - 1``).
        median: The median (the lower middle value of an even count).
        p90: The 90th percentile: the smallest value with at least 90% of
            games at or below it.

    >>> import ono99
    >>> mean = ono99.Estimate("mean", 36.55, 33.35, 39.75, games=40, se=1.58)
    >>> plays = ono99.Quantity(mean, sd=10.0, median=38, p90=48)
    >>> str(plays.mean), plays.median, plays.p90
    ('36.55 (33.35 to 39.75)', 38, 48)
    """

    mean: Estimate
    sd: float
    median: float
    p90: float


@frozen
class Fairness:
    """Does every seat have the same chance? Measured on cautious players at every seat.

    Attributes:
        fair: The fair share, ``1 / players``.
        seats: The win share of each seat, from seat 0 (the dealer's left
            plays first), with Wilson intervals; they sum to 1.
        advantage: The largest seat share less the fair share; ``1 -
            fair`` when one seat always wins. Its interval holds the largest
            true share less the fair share with 95% at least: every seat's
            share has a simultaneous interval (Wilson's, at the Bonferroni
            level ``1 - 0.05 / players``), and the largest share lies between
            the largest of their low ends and the largest of their high ends.
        advantage_seat: The seat with that share (the first of a tie).
        chi_square: Pearson's statistic ``sum (wins - games/players)^2 /
            (games/players)`` over the seats.
        p_value: Its upper tail with ``players - 1`` degrees of freedom: how
            likely seat shares as uneven as these are if every seat is
            equally likely to win. Below 0.05, the seats are not fair.

    Seat 1 of two won 22 of 40 games, seat 0 the other 18:

    >>> import ono99
    >>> seats = (ono99.Estimate.rate(18, 40), ono99.Estimate.rate(22, 40))
    >>> advantage = ono99.Estimate("difference", 0.05, -0.1, 0.21, games=40, se=0.08)
    >>> fairness = ono99.Fairness(0.5, seats, advantage, 1, 0.4, 0.527)
    >>> str(fairness.advantage)
    '+5.0 points (-10.0 to +21.0)'
    """

    fair: float
    seats: tuple[Estimate, ...]
    advantage: Estimate
    advantage_seat: int
    chi_square: float
    p_value: float


@frozen
class Completion:
    """Do games end by the rules? Measured on the games of :class:`Fairness`.

    Attributes:
        finished: The share of games that ended by the rules of play, not by
            a cap of the variant (``round.max_rounds`` reached, or
            ``round.max_game_plays``).
        capped: How many games a cap ended.

    >>> import ono99
    >>> completion = ono99.Completion(ono99.Estimate.rate(38, 40), capped=2)
    >>> str(completion.finished)
    '95.0% (83.5% to 98.6%)'
    """

    finished: Estimate
    capped: int


@frozen
class Duration:
    """How long games last, on the games of :class:`Fairness`.

    Attributes:
        plays: Cards played a game (a redraw is not a play).
        turns: Turns a game (see :class:`~ono99.GameDetails`).
        rounds: Rounds a game.

    Forty games alike, each of 36 plays in 33 turns and one round:

    >>> import ono99
    >>> def each(n):
    ...     return ono99.Quantity(ono99.Estimate("mean", n, n, n, 40, 0.0), 0.0, n, n)
    >>> duration = ono99.Duration(plays=each(36), turns=each(33), rounds=each(1))
    >>> str(duration.plays.mean), duration.rounds.p90
    ('36.00 (36.00 to 36.00)', 1)
    """

    plays: Quantity
    turns: Quantity
    rounds: Quantity


@frozen
class Decisions:
    """How often a player has a choice, on the games of :class:`Fairness`.

    Attributes:
        choice_share: The share of turns in which a move had more than one
            distinct legal move (a ratio of sums over games).
        branching: The mean number of distinct legal moves of a move the
            players chose: the branching factor (a ratio of sums over games).
        turn_branching: The branching factor a turn: the distinct legal
            moves of a turn's moves, summed, over the turns (a ratio of sums
            over games); above :attr:`branching` by what turns of more than
            one move add. ``None`` only in a profile made before it was
            measured.

    >>> import ono99
    >>> choice_share = ono99.Estimate("share", 0.8, 0.75, 0.85, games=40, se=0.02)
    >>> branching = ono99.Estimate("ratio", 2.3, 2.2, 2.4, games=40, se=0.05)
    >>> turn = ono99.Estimate("ratio", 2.5, 2.4, 2.6, games=40, se=0.05)
    >>> decisions = ono99.Decisions(choice_share, branching, turn)
    >>> str(decisions.choice_share), str(decisions.turn_branching)
    ('80.0% (75.0% to 85.0%)', '2.50 (2.40 to 2.60)')
    """

    choice_share: Estimate
    branching: Estimate
    turn_branching: Estimate | None = None


@frozen
class Rung:
    """One step of the skill ladder: a stronger player among weaker ones.

    The stronger player takes one seat, moving round the table from game to
    game; the weaker fill the others.

    Attributes:
        player: The stronger player's strategy.
        against: The strategy of the other seats.
        win_rate: Its win share, with its Wilson interval.
        fair: What it would win were it no stronger: ``1 / players``.
        p_value: The binomial score test of "it wins its fair share".
        significant: Whether ``p_value`` is below 0.05 and it wins more than
            its share.

    Cautious players won 23 of 40 games among random ones, two to a game:

    >>> import ono99
    >>> rung = ono99.Rung.of("cautious", "random", wins=23, games=40, fair=0.5)
    >>> str(rung.edge), rung.significant
    ('+7.5 points (-7.8 to +21.5)', False)
    """

    player: str
    against: str
    win_rate: Estimate
    fair: float
    p_value: float
    significant: bool

    @classmethod
    def of(cls, player: str, against: str, wins: int, games: int, fair: float) -> Rung:
        """The rung of ``wins`` in ``games`` against a fair share ``fair``."""
        rate = Estimate.rate(wins, games)
        p = score_p(wins, games, fair)
        return cls(player, against, rate, fair, p, p < SIGNIFICANCE and rate.value > fair)

    @property
    def edge(self) -> Estimate:
        """The win share less the fair share, with its interval."""
        return self.win_rate.shifted(self.fair)


@frozen
class Skill:
    """Does skill pay? The ladder of shipped players, each against the one below.

    Attributes:
        rungs: Cautious among random players, then search among cautious
            ones.
        gap: Search among random players: the whole ladder in one figure.

    >>> import ono99
    >>> rungs = (
    ...     ono99.Rung.of("cautious", "random", 23, 40, 0.5),
    ...     ono99.Rung.of("search", "cautious", 30, 40, 0.5),
    ... )
    >>> skill = ono99.Skill(rungs, gap=ono99.Rung.of("search", "random", 36, 40, 0.5))
    >>> [rung.significant for rung in skill.rungs], skill.gap.significant
    ([False, True], True)
    """

    rungs: tuple[Rung, ...]
    gap: Rung


@frozen
class CardImportance:
    """How much one kind of card matters: restricted play (Jaffe et al., AIIDE 2012).

    Two players take the same moving seat among cautious players, on the same
    deals: the *restricted* player, a cautious player who never plays the card
    while it has another legal move (:class:`~ono99.AvoidingPlayer`), and the
    same cautious player *unrestricted*. Until the first choice the restriction
    changes, their games are the same game, move for move; a game in which it
    changes none is the same game to its end.

    Attributes:
        card: The card's id.
        name: Its printed name.
        win_rate: The restricted player's win share.
        unrestricted: The unrestricted player's win share, on the same deals.
            With a precision, a card whose interval was narrow enough played
            no further batch: each card's three figures are over its own
            games, the first of the unrestricted player's.
        importance: The unrestricted player's win share less the restricted
            one's: what giving up the card costs, in points (negative for a
            card better left in the hand). Its interval is the paired one
            (Student t over the games' differences, each game -1, 0 or 1).
            Where the restriction never changes a choice, it is exactly 0,
            with no interval (its low and high ends are 0).
        decided: The share of the games of :class:`Fairness` that the card
            decided (the last card another player played before the final
            loss, as :attr:`~ono99.SimulationResult.deciding_cards`).
        legal: The unrestricted player's decisions in which a play of the
            card was legal.
        changed: Those of them in which the restricted player would have
            chosen another move.

    A player who kept back every 0 won 12 of 40 games where the same player
    won 14 unrestricted, on the same deals:

    >>> import ono99
    >>> importance = ono99.Estimate("difference", 0.05, -0.04, 0.14, games=40, se=0.045)
    >>> zero = ono99.CardImportance("0", "0", ono99.Estimate.rate(12, 40),
    ...     ono99.Estimate.rate(14, 40), importance, ono99.Estimate.rate(5, 40),
    ...     legal=180, changed=31)
    >>> str(zero.importance), zero.note
    ('+5.0 points (-4.0 to +14.0)', '')
    """

    card: str
    name: str
    win_rate: Estimate
    unrestricted: Estimate
    importance: Estimate
    decided: Estimate
    legal: int = 0
    changed: int = 0

    @property
    def note(self) -> str:
        """``"never legal"``, ``"never changes a choice"``, or ``""`` for a card that does."""
        if not self.legal:
            return "never legal"
        if not self.changed:
            return "never changes a choice"
        return ""


@frozen
class Drama:
    """Does the lead change, does the half-way leader win? On the games of :class:`Fairness`.

    The standings are the tokens, or the points, of the players still in the
    game; they change only when a round ends. The *leaders* are the seats
    best placed (most tokens, or the lowest score; the highest where points
    win): a tie leads together. As Ludii's lead-change metric counts it
    (after Browne's thesis), a lead change is a move after which the set of
    leaders differs from the set before it, from the start (every seat
    level) to the end (the winner alone); a game's changes are divided by
    its moves, and the figure is the mean of that over games.

    Attributes:
        lead_changes: Lead changes a move (a share of moves), with its
            Student t interval; ``None`` where there is nothing to lead.
        comebacks: Deprecated, and gone in the next minor release (reading
            it warns): the share of all games won by a player who was not
            among the leaders after round ``R // 2`` of the game's ``R``
            rounds, which :attr:`leader_wins` says from the other side (of
            the games with a half-way, ``1 - leader_wins``); ``None`` where
            there is nothing to lead. No table shows it, nor does a side by
            side compare it.
        measured: Whether any game had standings to lead: more than one
            round, with tokens or points. When false, every figure is
            ``None``: "not applicable", not zero.
        decisiveness: How early the winner is clear, after Ludii's
            decisiveness (the share of a game's moves after the winner's
            standing passes what no loser reached): the share of a game's
            moves chosen after the winner came to lead alone for good (alone
            among the leaders at every round's end from then on; see
            :attr:`~ono99.GameDetails.decided_at`), averaged over games,
            with its Student t interval. 0 for a game whose winner was clear
            only at its end (every game of one round); higher is less
            dramatic. ``None`` where there is nothing to lead, or in a
            profile made before it was measured.
        leader_wins: The share of games of more than one round won by a
            leader after round ``R // 2`` of the game's ``R`` rounds (any of
            them, on a tie), with its Wilson interval: those games less
            their comebacks. ``None`` where there is nothing to lead, or in
            a profile made before it was measured.

    >>> import ono99
    >>> lead_changes = ono99.Estimate("share", 0.052, 0.043, 0.061, games=40, se=0.0045)
    >>> drama = ono99.Drama(
    ...     lead_changes, None, measured=True, leader_wins=ono99.Estimate.rate(28, 40)
    ... )
    >>> str(drama.lead_changes), str(drama.leader_wins)
    ('5.2% (4.3% to 6.1%)', '70.0% (54.6% to 81.9%)')
    """

    lead_changes: Estimate | None
    # Made as ``comebacks``, read through the deprecated property of that name.
    _comebacks: Estimate | None = field(alias="comebacks")
    measured: bool
    decisiveness: Estimate | None = None
    leader_wins: Estimate | None = None

    @property
    def comebacks(self) -> Estimate | None:
        """Deprecated: the games won from behind at half-way; read :attr:`leader_wins`."""
        warnings.warn(
            "Drama.comebacks is deprecated and goes in the next minor release: "
            "read Drama.leader_wins (of the games with a half-way, 1 - leader_wins)",
            DeprecationWarning,
            stacklevel=2,
        )
        return self._comebacks


@frozen
class Difference:
    """One figure of two profiles: ``other`` less ``base``, and whether it is significant.

    For rates, Newcombe's hybrid score interval of the difference and the
    pooled two-proportion z-test; for means and ratios, the normal interval
    ``d +- 1.96 sqrt(se_1^2 + se_2^2)`` and its z-test. The two profiles'
    games share their seeds, which makes the games alike and so these
    intervals (which take them as independent) err on the wide side.

    A side by side tests many figures at once: :meth:`Profile.differences`
    marks as significant those that Benjamini and Hochberg's procedure
    finds at a false discovery rate of 5% over all the figures it tests,
    so that of the differences it marks, at most 5% are expected to be
    noise (and where two variants play alike, the chance of marking any
    is at most 5%). :meth:`of` alone tests one figure at 5%.

    Attributes:
        figure: The figure's name, as :meth:`Profile.figures` names it.
        base: The figure in the first profile.
        other: The figure in the second.
        difference: ``other.value - base.value``.
        low: The low end of the difference's 95% interval.
        high: The high end.
        p_value: The test of "no difference", of this figure alone.
        significant: Whether it is a discovery: ``p_value`` below 0.05
            alone, or in a side by side, below its Benjamini-Hochberg
            threshold.

    >>> import ono99
    >>> base, other = ono99.Estimate.rate(18, 40), ono99.Estimate.rate(26, 40)
    >>> difference = ono99.Difference.of("seat 0 wins", base, other)
    >>> round(difference.difference, 2), difference.significant
    (0.2, False)
    """

    figure: str
    base: Estimate
    other: Estimate
    difference: float
    low: float
    high: float
    p_value: float
    significant: bool

    @classmethod
    def of(cls, figure: str, base: Estimate, other: Estimate) -> Difference:
        """The difference between two estimates of ``figure``, tested alone at 5%."""
        d = other.value - base.value
        if base.kind == "rate" and other.kind == "rate":
            low = d - math.hypot(other.value - other.low, base.high - base.value)
            high = d + math.hypot(other.high - other.value, base.value - base.low)
            n1, n2 = base.games, other.games
            pooled = (base.successes + other.successes) / (n1 + n2) if n1 + n2 else 0.0
            se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2)) if n1 and n2 else 0.0
        else:
            se = math.hypot(base.se, other.se)
            low, high = d - Z95 * se, d + Z95 * se
        p = normal_p(d / se) if se > 0 else float(abs(d) < 1e-12)
        return cls(figure, base, other, d, low, high, p, p < SIGNIFICANCE)


@frozen
class Profile:
    """A design profile of a variant: what its rules do to the game, with 95% intervals.

    Made by :func:`~ono99.analyse`; equal when their seeds and settings are.
    :meth:`to_data` and :meth:`from_data` make it JSON and back.

    Attributes:
        variant: The variant's id (with its house rules, joined by ``+``).
        name: The variant's name.
        fingerprint: The fingerprint of its rules (:func:`~ono99.fingerprint`).
        players: Players per game.
        seed: The master seed: each section's games are dealt from a seed
            derived from it and the section's name, the same for every
            variant, so two profiles with one seed play the same deals.
        games: Games of the main section (fairness, completion, duration,
            decisions, drama, deciding cards) and of the cautious rung.
        search_games: Games of each rung with a search player.
        importance_games: Games for each kind of card.
        fairness: Win shares per seat.
        completion: Games that end by the rules.
        duration: Plays, turns and rounds a game.
        decisions: Choices and branching.
        skill: The skill ladder.
        importance: Each kind of card, in the variant's order.
        drama: Lead changes, the half-way leader's wins, decisiveness.
        precision: The half width asked for, in points, if any
            (``analyse(..., precision=)``); each section then played as
            many games as it needed, or as its share of the time allowed.
        seconds: Wall-clock time taken (not compared by ``==``).
    """

    variant: str
    name: str
    fingerprint: str
    players: int
    seed: int
    games: int
    search_games: int
    importance_games: int
    fairness: Fairness
    completion: Completion
    duration: Duration
    decisions: Decisions
    skill: Skill
    importance: tuple[CardImportance, ...]
    drama: Drama
    precision: float | None = None
    seconds: float = field(default=0.0, eq=False)

    def figures(self) -> dict[str, Estimate]:
        """Every figure of the profile by name, in the order of its sections.

        >>> import ono99
        >>> profile = ono99.analyse("ono99-2022", players=2, games=40, seed=1, jobs=1)
        >>> list(profile.figures())[:3]
        ['seat 0 wins', 'seat 1 wins', 'largest seat advantage']
        """
        out: dict[str, Estimate] = {}
        for seat, share in enumerate(self.fairness.seats):
            out[f"seat {seat} wins"] = share
        out[ADVANTAGE] = self.fairness.advantage
        out["games finished by the rules"] = self.completion.finished
        duration = self.duration
        out["plays a game"] = duration.plays.mean
        out["turns a game"] = duration.turns.mean
        out["rounds a game"] = duration.rounds.mean
        out["turns with a choice"] = self.decisions.choice_share
        out["legal moves a move"] = self.decisions.branching
        if self.decisions.turn_branching is not None:
            out["legal moves a turn"] = self.decisions.turn_branching
        for rung in (*self.skill.rungs, self.skill.gap):
            out[f"{rung.player} among {rung.against}"] = rung.win_rate
        for card in self.importance:
            out[f"importance of {card.name}"] = card.importance
        for card in self.importance:
            out[f"games decided by {card.name}"] = card.decided
        drama = self.drama
        if drama.lead_changes is not None:
            out["lead changes a move"] = drama.lead_changes
        if drama.decisiveness is not None:
            out["decisiveness"] = drama.decisiveness
        if drama.leader_wins is not None:
            out["half-way leader wins"] = drama.leader_wins
        return out

    def widths(self) -> dict[str, float]:
        """The widest half interval of each section's headline figures, in points.

        The seats' win shares, each rung of the skill ladder, and the cards'
        importance (a card that never changes a choice has none):
        what ``analyse(..., precision=)`` asks of each.
        """

        def half(estimate: Estimate) -> float:
            return (estimate.high - estimate.low) / 2 * 100

        out = {"seat win shares": max(half(share) for share in self.fairness.seats)}
        for rung in (*self.skill.rungs, self.skill.gap):
            out[f"{rung.player} among {rung.against}"] = half(rung.win_rate)
        out["card importance"] = max(
            (half(card.importance) for card in self.importance), default=0.0
        )
        return out

    def differences(self, other: Profile) -> tuple[Difference, ...]:
        """Each figure the two profiles share: ``other``'s less this one's, and its test.

        Figures only one of them has (a seat, a card of one variant only)
        are left out, and so is the largest seat advantage (the largest of
        several shares may belong to another seat in each profile: each
        seat's own share is compared instead). The differences are marked
        significant by Benjamini and Hochberg's procedure over all of them,
        at a false discovery rate of 5% (see :class:`Difference`).
        """
        mine, theirs = self.figures(), other.figures()
        found = [
            Difference.of(name, mine[name], theirs[name])
            for name in mine
            if name in theirs and name != ADVANTAGE
        ]
        marks = step_up([d.p_value for d in found], SIGNIFICANCE)
        return tuple(evolve(d, significant=mark) for d, mark in zip(found, marks, strict=True))

    def to_data(self) -> dict[str, Any]:
        """The profile as plain data for JSON.

        >>> import json, ono99
        >>> profile = ono99.analyse("ono99-2022", players=2, games=40, seed=1, jobs=1)
        >>> ono99.Profile.from_data(json.loads(json.dumps(profile.to_data()))) == profile
        True
        """
        data: dict[str, Any] = _converter().unstructure(self)
        return data

    @classmethod
    def from_data(cls, data: object) -> Profile:
        """The profile that :meth:`to_data` gave as ``data``.

        Raises:
            ArgumentError: If ``data`` is not a profile's data.
        """
        if not isinstance(data, dict):
            raise ArgumentError("data", f"expected a profile's data (a dict), got {shown(data)}")
        try:
            return _converter().structure(data, cls)
        except (cattrs.BaseValidationError, KeyError, TypeError, ValueError) as exc:
            detail = (
                "; ".join(cattrs.transform_error(exc))
                if isinstance(exc, cattrs.BaseValidationError)
                else str(exc)
            )
            raise ArgumentError("data", f"not a profile's data: {detail}") from None

    def summary(self) -> list[tuple[str, str]]:
        """The profile in a few lines of ``(figure, value)``, as a rulebook page shows it."""
        return summary_rows(self)


def differences_data(base: Profile, other: Profile) -> list[dict[str, Any]]:
    """``base.differences(other)`` as plain data for JSON."""
    data: list[dict[str, Any]] = _converter().unstructure(list(base.differences(other)))
    return data


def summary_rows(profile: Profile) -> list[tuple[str, str]]:
    """The headline figures of ``profile``, as ``(figure, value)`` in words."""
    fairness = profile.fairness
    duration = profile.duration
    rows = [
        (
            "Seat win shares",
            ", ".join(f"{share.value:.0%}" for share in fairness.seats)
            + f" (fair {fairness.fair:.0%}; seats fair: p = {fairness.p_value:.2f})",
        ),
        (
            "Largest seat advantage",
            f"seat {fairness.advantage_seat}: {fairness.advantage}",
        ),
        ("Finished by the rules", str(profile.completion.finished)),
        (
            "Plays a game",
            f"{duration.plays.mean.value:.1f} (median {duration.plays.median:g}, "
            f"90% within {duration.plays.p90:g})",
        ),
        ("Rounds a game", f"{duration.rounds.mean.value:.2f}"),
        ("Turns with a choice", str(profile.decisions.choice_share)),
        ("Legal moves a move", str(profile.decisions.branching)),
    ]
    if profile.decisions.turn_branching is not None:
        rows.append(("Legal moves a turn", str(profile.decisions.turn_branching)))
    for rung in (*profile.skill.rungs, profile.skill.gap):
        mark = "significant" if rung.significant else "not significant"
        rows.append(
            (
                f"{rung.player.capitalize()} among {rung.against}",
                f"{rung.win_rate} against a fair {rung.fair:.0%} ({mark})",
            )
        )
    ranked = sorted(profile.importance, key=lambda c: -c.importance.low)
    if ranked:
        top = ranked[0]
        if top.importance.low > 0:
            rows.append(("Most important card", f"{top.name}: {top.importance}"))
        else:
            rows.append(("Most important card", "none measurably above 0"))
    decided = max(profile.importance, key=lambda c: c.decided.value, default=None)
    if decided is not None:
        rows.append(("Card that decides most games", f"{decided.name}: {decided.decided}"))
    drama = profile.drama
    if drama.lead_changes is None:
        rows.append(("Lead changes a move", "not applicable (no standings to lead)"))
    else:
        rows.append(("Lead changes a move", str(drama.lead_changes)))
        if drama.leader_wins is not None:
            rows.append(("Half-way leader wins", str(drama.leader_wins)))
        if drama.decisiveness is not None:
            rows.append(("Decisiveness", str(drama.decisiveness)))
    return rows


def quantity(values: Sequence[int]) -> Quantity:
    """The :class:`Quantity` of ``values`` (one a game)."""
    from ._stats import mean_interval  # noqa: PLC0415 - beside its one caller

    mean, sd, low, high = mean_interval(values)
    n = len(values)
    ordered = sorted(values)
    median = ordered[(n - 1) // 2] if n else 0
    p90 = ordered[max(0, math.ceil(0.9 * n) - 1)] if n else 0
    se = sd / math.sqrt(n) if n else 0.0
    return Quantity(Estimate("mean", mean, low, high, n, se), sd, median, p90)


@functools.cache
def _converter() -> cattrs.Converter:
    """The converter of profiles to plain data and back, made on first use (import stays quick)."""
    converter = cattrs.Converter()
    # Whole numbers where a figure is a float (a median of 3) are written as floats.
    converter.register_unstructure_hook(float, float)
    # Drama's deprecated field keeps its name in the data while it is kept.
    renamed = cattrs.gen.override(rename="comebacks")
    converter.register_unstructure_hook(
        Drama, cattrs.gen.make_dict_unstructure_fn(Drama, converter, _comebacks=renamed)
    )
    converter.register_structure_hook(
        Drama, cattrs.gen.make_dict_structure_fn(Drama, converter, _comebacks=renamed)
    )
    return converter
