"""A player that looks ahead over random deals of the cards it cannot see.

The player cannot see the other hands or the draw pile, so it searches over
*determinizations*: games consistent with everything its observation shows,
the unseen cards dealt at random. Its choice is a sampled expectimax: the
maximum, over its legal moves, of the expected outcome over the deals (the
chance node), each move's outcome found by playing the round out, the
player's own turns with the careful policy and the others' cautiously.
Every move is tried on the same deals (common random numbers), so moves are
compared pair by pair on equal luck, and the player leaves the careful
choice only for a move that is better by more than the sampling error.
"""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from typing import TYPE_CHECKING

from ono99._args import is_int, shown
from ono99.engine import (
    ROUND_NOT_OVER,
    Game,
    SeenZone,
    compile_variant,
    engine_of,
    losers,
    play_round,
    players_in_round,
)

from ._policies import Traits, careful_move, ranked_move, told_of, traits_of
from ._put_aside import lays_away, put_aside_move

if TYPE_CHECKING:
    from ono99.engine import Engine, Move, Observation

__all__ = ["SearchPlayer"]

# A round that runs this long in a rollout is scored as a draw (it never happens
# in the shipped variants; it keeps a pathological variant from hanging a search).
# The first such rollout ends the player's searching for good: a variant whose
# rounds need not end would otherwise spend this many plays on every rollout of
# every decision (64 deals of each move, at each decision near the limit).
_MAX_ROLLOUT = 1_000

# After each batch of deals a move stays in the race while its mean gain over
# the careful choice, plus ``patience`` standard errors, is more than this
# share of a round. Chosen with the defaults on recorded searches of the
# shipped editions (every move's outcome on 300 deals, 150 decisions each at 2
# and 4 players, judged on deals the search had not seen).
_WORTHWHILE = 0.05


class SearchPlayer:
    """Looks ahead over random deals of the unseen cards, and plays the best move it finds.

    For each decision it deals the cards it cannot see at random, consistent
    with its observation: the unseen cards are the deck less its own hand, the
    discard pile and the cards out of play; each other player gets a random
    hand of the size they hold, and the rest form the draw pile in a random
    order. In each deal it tries every legal move and plays the round out,
    its own later turns with a careful policy and the other seats with the
    cautious one (:class:`~ono99.CautiousPlayer`), scoring the share of the
    other players it outlasted (1 for surviving the round, 0 for losing it
    first).
    This is a sampled expectimax of depth one: its moves are the max node,
    the deals the chance node, the playouts the evaluation.

    The careful policy is the cautious one (number cards first, the highest
    total) with the helpers spent by the total: with no number card to play,
    below 10 under the bust limit it spends those that lower the total
    first and keeps those that force plays, from there on the other way
    round; owing forced plays near the limit, it passes them on at once or
    lowers the total before a number card. Played alone it beats cautious
    players (52.0% heads-up in the 2022 edition, 56.6% in the 1980 one).

    Deals come in batches of ``batch``, up to ``iterations`` in all. Moves are
    compared with the careful choice deal by deal (common random numbers:
    every move meets the same deals); after each batch a move leaves the race
    once its mean gain, plus ``patience`` standard errors, is below 5% of a
    round, and the search stops early when none is left to challenge the
    careful choice. The player plays another move than the careful one
    only when its mean gain is more than ``confidence`` standard errors above
    zero. With a single legal move it does not search. Where a playout's
    round has not ended after 1,000 plays (a variant whose rounds need not
    end), it plays the careful choice from then on, without searching.

    It searches only near the bust limit, where the total is less than
    ``reach`` under it, and elsewhere plays the careful choice. Recorded
    searches of both editions heads-up (every move's outcome on 600 deals
    the search had not seen, some 4,500 decisions each) found all that the
    search gains over the careful choice at totals within 20 of the limit;
    below, what its choices gained added up to nothing or less, at three
    quarters of its playouts.

    Each deal is a copy of one position built from the observation, with the
    unseen cards shuffled anew; playouts run on the engine itself, on copies
    that keep no event log and stop when the round ends, so a decision
    takes a fifth of a millisecond with the compiled engine heads-up (5,100
    to 6,300 decisions a second in the shipped editions, 1,800 to 4,800 at
    4 players), and a heads-up game of the 2022 edition costs about as much
    as 2,400 plays of a hand-written loop of its rules.
    :ref:`search-figures` gives its win rates against the cautious player,
    with intervals: measurably above the fair share in both editions at 2
    and 4 players. It is
    deterministic for a given seed.

    Args:
        seed: Seed of the player's random deals (``None``: a random seed).
        iterations: The most deals searched per decision: more is stronger
            and slower.
        batch: Deals between two checks of the moves still in the race.
        confidence: How many standard errors a move must gain over the
            careful choice to be played instead.
        patience: How many standard errors of doubt a move gets before it
            leaves the race: more keeps promising moves longer, stronger and
            slower (``patience=2`` takes about 1.5 times as long a decision
            and finds more of the moves that beat the careful choice).
        reach: The player searches only where the total is less than
            ``reach`` under the bust limit (``None``: at every total, with
            the decisions of the search before there was a reach, two to
            seven times as slow).

    Raises:
        ValueError: If ``iterations`` or ``batch`` is below 1, ``confidence``
            or ``patience`` below 0, or ``reach`` not a whole number of 1 or
            more (nor ``None``).

    >>> import ono99
    >>> game = ono99.Game("ono99-2022", players=2, seed=3)
    >>> players = [ono99.SearchPlayer(seed=1, iterations=20), ono99.CautiousPlayer()]
    >>> ono99.play_out(game, players) in (0, 1)
    True
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int = 64,
        batch: int = 5,
        confidence: float = 1.0,
        patience: float = 1.0,
        reach: int | None = 20,
    ) -> None:
        if iterations < 1 or batch < 1:
            raise ValueError(
                "iterations and batch must be 1 or more, "
                f"not {shown(iterations)} and {shown(batch)}"
            )
        if not confidence >= 0 or not patience >= 0:  # NaN fails too
            raise ValueError(
                "confidence and patience must be 0 or more, "
                f"not {shown(confidence)} and {shown(patience)}"
            )
        if reach is not None and (not is_int(reach) or reach < 1):
            raise ValueError(
                f"reach must be a whole number, 1 or more, or None, not {shown(reach)}"
            )
        self.seed = seed
        self.iterations = iterations
        self.batch = batch
        self.confidence = confidence
        self.patience = patience
        self.reach = reach
        self._rng = random.Random(seed)
        self._cache: list[Traits] = []
        # Set once a rollout has run to _MAX_ROLLOUT: rounds that need not end.
        self._endless = False

    def __repr__(self) -> str:
        return f"SearchPlayer(seed={self.seed!r}, iterations={self.iterations})"

    def choose(self, observation: Observation) -> Move:
        """The move the search rates best among ``observation.legal_moves``.

        Cards laid away into the crib are chosen as
        :class:`~ono99.CautiousPlayer` chooses them (the cards kept
        whose hand, and crib, score most on average over every starter, with
        the crib's owner in mind), not by a search.
        """
        if lays_away(observation):
            return put_aside_move(observation)
        legal = observation.legal_moves
        traits = traits_of(self._cache, observation.variant)
        total = observation.total
        best = careful_move(traits, legal, total, observation.answering, told_of(observation))
        reach = self.reach
        # An answer out of turn is the careful one (answer when a card can): what
        # is at stake there is what the reaction aims, not the total.
        if (
            len(legal) > 1
            and not self._endless
            and observation.reaction is None
            and (reach is None or traits.rules.bust - total < reach)
        ):
            best = self._search(observation, traits, best)
        return best

    # ------------------------------------------------------------ internals

    def _search(self, observation: Observation, traits: Traits, base: Move) -> Move:
        """Race the legal moves against ``base`` on shared deals; the winner."""
        rng = self._rng
        me = observation.player
        position = _position(observation, traits, rng)
        legal = observation.legal_moves
        if position.legal_moves() != legal:
            return base  # the rules read something the observation does not show
        outcome = _Playout(position, me, traits)
        deals = _Deals(position, me, rng)
        moves = [m for m in legal if m != base]
        # Per rival (by its index in ``moves``), its gain over ``base`` in each deal.
        gains: list[list[float]] = [[] for _ in moves]
        rivals = list(range(len(moves)))
        dealt = 0
        while rivals and dealt < self.iterations:
            for _ in range(min(self.batch, self.iterations - dealt)):
                dealt += 1
                deal = deals.next()
                if deal.compute_legal() != legal:
                    continue  # a rule reads cards this deal placed: not this position
                own = outcome(deal.copy(rng), base)
                last = rivals[-1]
                for i in rivals:
                    game = deal if i == last else deal.copy(rng)
                    gains[i].append(outcome(game, moves[i]) - own)
                if outcome.endless:
                    self._endless = True
                    return base
            rivals = [i for i in rivals if _upper(gains[i], self.patience) > _WORTHWHILE]
        best, top = base, 0.0
        z = self.confidence
        for move, found in zip(moves, gains, strict=True):
            if len(found) > 1:
                mean, error = _mean_error(found)
                if mean > z * error and mean > top:
                    best, top = move, mean
        return best


def _position(observation: Observation, traits: Traits, rng: random.Random) -> Engine:
    """A game consistent with ``observation``, the unseen cards dealt at random.

    Every zone of the table is rebuilt as the seat sees it: what it sees of a
    zone as it is, the cards it does not see (the others' hands, the crib's
    cards face down, the stock) dealt at random from the unseen cards, each
    pile of the size it sees. A crib round is rebuilt so in each of its
    phases: while cards are laid away (:meth:`~ono99.Game.from_position` tells
    the put-aside phase from the hands), and in the play after it, the round's
    dealer, whose the crib is, as the observation says.
    """
    # A record's cards (the cards each seat laid away) lie in the zone it
    # records (the crib): counted there, the seat's own kept there when that
    # is face down, the others' taken from it.
    zones_of = compile_variant(observation.variant).zones
    of = {zone.name: zone.records for zone in zones_of if zone.records}  # record: zone recorded
    record_of = {recorded: name for name, recorded in of.items()}
    seen = {zone.name: zone for zone in observation.zones}
    unseen = Counter(traits.deck(len(observation.hand_sizes)))
    unseen.subtract(observation.hand)
    unseen.subtract(observation.discard_pile)
    unseen.subtract(observation.out_of_play)
    for zone in observation.zones:
        if zone.name not in of:
            known = _known(zone, seen.get(record_of.get(zone.name, "")))
            for pile in zone.cards:
                unseen.subtract(pile or known)
    cards = list(unseen.elements())
    me = observation.player
    hands: list[tuple[str, ...]] = []
    at = 0
    for seat, size in enumerate(observation.hand_sizes):
        if seat == me:
            hands.append(observation.hand)
        else:
            hands.append(tuple(cards[at : at + size]))
            at += size
    # The declared zones' piles: those seen as they are, the others dealt at
    # random (empty where not even their size is seen).
    zones: dict[str, list[list[str]]] = {}
    for zone in observation.zones:
        if zone.name in of:
            zones[zone.name] = _record(zone, zones.get(of[zone.name], [[]]))
            continue
        kept = list(_known(zone, seen.get(record_of.get(zone.name, ""))))
        piles = []
        for pile, seen_size in zip(zone.cards, zone.sizes, strict=True):
            if pile is not None:
                piles.append(list(pile))
            else:
                hidden = (seen_size or 0) - len(kept)
                piles.append(kept + cards[at : at + hidden])
                at += hidden
        zones[zone.name] = piles
    game = Game.from_position(
        observation.variant,
        hands,
        cards[at:],
        discard_pile=observation.discard_pile,
        out_of_play=observation.out_of_play,
        total=observation.total,
        direction=observation.direction,
        current_player=me,
        plays_owed=observation.plays_owed,
        played_this_turn=observation.played_this_turn,
        forced_by=observation.forced_by or "",
        in_round=observation.in_round,
        in_game=observation.in_game,
        tokens=observation.tokens,
        scores=observation.scores,
        round=observation.round,
        count=observation.count,
        last_play=observation.last_play,
        last_player=observation.last_player,
        passes=observation.passes,
        starter=observation.starter,
        declared=observation.declared,
        reaction=observation.reaction,
        zones={name: piles if len(piles) != 1 else piles[0] for name, piles in zones.items()},
        dealer=observation.dealer if observation.dealer >= 0 else None,
        seed=rng.getrandbits(32),
    )
    return engine_of(game)


def _known(zone: SeenZone, record: SeenZone | None) -> tuple[str, ...]:
    """The cards the seat knows lie in ``zone``'s one pile, face down: those its record shows."""
    if record is None or len(zone.cards) != 1 or zone.cards[0] is not None:
        return ()
    return tuple(card for pile in record.cards for card in pile or ())


def _record(record: SeenZone, recorded: list[list[str]]) -> list[list[str]]:
    """A record's piles (the cards each seat laid away), as rebuilt.

    Those seen as they are; the others taken in turn from the cards of the
    pile it records (``recorded``) that no seen pile holds.
    """
    pool = Counter(recorded[0] if len(recorded) == 1 else ())
    for pile in record.cards:
        pool.subtract(pile or ())
    rest = list(pool.elements())
    piles = []
    for pile, size in zip(record.cards, record.sizes, strict=True):
        if pile is not None:
            piles.append(list(pile))
        else:
            piles.append(rest[: size or 0])
            del rest[: size or 0]
    return piles


def _mean_error(values: list[float]) -> tuple[float, float]:
    """The mean and its standard error."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(variance / n)


def _upper(values: list[float], z: float) -> float:
    """An upper confidence bound of the mean (infinite while there is nothing to go on)."""
    if len(values) < 2:
        return math.inf
    mean, error = _mean_error(values)
    return mean + z * error


class _Deals:
    """Deals of the cards ``me`` cannot see, at random, into copies of ``position``."""

    __slots__ = ("position", "rng", "seats", "unseen")

    def __init__(self, position: Engine, me: int, rng: random.Random) -> None:
        self.position = position
        self.rng = rng
        self.seats, self.unseen = position.unseen(me)

    def next(self) -> Engine:
        """A new deal."""
        return self.position.redealt(self.rng, self.seats, self.unseen, log=False, round_only=True)


class _Playout:
    """Plays a move, then the round out (``me`` carefully, the others cautiously); scores it.

    The score is the share of the other players in the round that ``me``
    outlasted: 1 for surviving the round, 0 for being the first out of it.
    """

    __slots__ = ("before", "endless", "me", "mine", "others", "reads", "span", "traits")

    def __init__(self, position: Engine, me: int, traits: Traits) -> None:
        self.me = me
        self.traits = traits
        # The players already out of the round, and the others still in it.
        self.before = len(losers(position))
        self.span = max(1, players_in_round(position) - 1)
        self.mine = functools.partial(careful_move, traits)
        # The cautious ranking itself: no Python frame between the playout loop and it.
        self.others = functools.partial(ranked_move, traits, cautious=True)
        # Whether a card's total may depend on the table: then each choice is
        # told the totals the playout's own table makes, as a player is.
        self.reads = traits.rules.reads_table
        # Whether a rollout has run to _MAX_ROLLOUT without the round ending.
        self.endless = False

    def __call__(self, game: Engine, move: Move) -> float:
        """Play ``move`` and the round out on ``game`` (a round-only copy): ``me``'s score."""
        game.play(move)
        mine, others = self.mine, self.others
        if self.reads:
            mine = functools.partial(_careful_told, self.traits, game)
            others = functools.partial(_cautious_told, self.traits, game)
        place = play_round(game, self.me, mine, others, _MAX_ROLLOUT)
        if place == ROUND_NOT_OVER:
            self.endless = True
            return 0.5  # a round that would not end: call it even
        if place >= 0:
            return (place - self.before) / self.span
        return self._ended(game)

    def _ended(self, game: Engine) -> float:
        """``me``'s score in the round that just ended on ``game``."""
        me, losers, survivor = self.me, game.last_losers, game.last_survivor
        if me in losers:
            return (losers.index(me) - self.before) / self.span
        if survivor is not None and survivor != me:
            # Another player won the round (a rule gave it to them): ``me``
            # outlasted only those who lost before it ended.
            return (len(losers) - self.before) / self.span
        return 1.0


def _told(game: Engine) -> dict[tuple[str, int | None], int] | None:
    """The totals ``game``'s table makes of the player to move's table-reading cards."""
    told = game.told_totals()
    return {(card, amount): total for card, amount, total in told} if told else None


def _careful_told(
    traits: Traits, game: Engine, legal: tuple[Move, ...], total: int, answering: bool
) -> Move:
    """The careful choice in a playout of ``game``, told the totals its table makes."""
    return careful_move(traits, legal, total, answering, _told(game))


def _cautious_told(traits: Traits, game: Engine, legal: tuple[Move, ...], total: int) -> Move:
    """The cautious choice in a playout of ``game``, told the totals its table makes."""
    return ranked_move(traits, legal, total, True, _told(game))
