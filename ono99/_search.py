"""A player that looks ahead over random deals of the cards it cannot see.

The player cannot see the other hands or the draw pile, so it searches over
*determinizations*: games consistent with everything its observation shows,
the unseen cards dealt at random. Its choice is a sampled expectimax: the
maximum, over its legal moves, of the expected outcome over the deals (the
chance node), each move's outcome found by playing the round out with the
cautious strategy for every seat. Every move is tried on the same deals
(common random numbers), so moves are compared pair by pair on equal luck,
and the player leaves the cautious choice only for a move that is better by
more than the sampling error.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import TYPE_CHECKING

from . import events as ev
from ._args import shown
from ._game import Game
from ._moves import Move, Play
from ._players import _Traits, _traits, cautious_move

if TYPE_CHECKING:
    from ._observation import Observation

__all__ = ["SearchPlayer"]

# A round that runs this long in a rollout is scored as a draw (it never happens
# in the shipped variants; it keeps a pathological variant from hanging a search).
_MAX_ROLLOUT = 5_000

# A move whose gain over the cautious choice cannot be more than this (at the
# search's confidence) is not worth more deals.
_NEGLIGIBLE = 0.01


class SearchPlayer:
    """Looks ahead over random deals of the unseen cards, and plays the best move it finds.

    For each decision it deals the cards it cannot see at random, consistent
    with its observation: the unseen cards are the deck less its own hand, the
    discard pile and the cards out of play; each other player gets a random
    hand of the size they hold, and the rest form the draw pile in a random
    order. In each deal it tries every legal move and plays the round out
    with the cautious strategy for every seat, scoring the share of the other
    players it outlasted (1 for surviving the round, 0 for losing it first).
    This is a sampled expectimax of depth one: its moves are the max node,
    the deals the chance node, the playouts the evaluation.

    Deals come in batches of ``batch``, up to ``iterations`` in all. Moves are
    compared with the cautious choice deal by deal; after each batch a move
    is dropped once it clearly cannot gain more than 1% on it, and the
    search stops early when none is left to challenge it. The player plays
    another move than the cautious one only when its mean gain is more than
    ``confidence`` standard errors above zero.
    With a single legal move it does not search.

    It is deterministic for a given seed, and measurably stronger than
    :class:`~ono99.CautiousPlayer` (``benchmarks/search_vs_cautious.py``
    measures it).

    Args:
        seed: Seed of the player's random deals (``None``: a random seed).
        iterations: The most deals searched per decision: more is stronger
            and slower.
        batch: Deals between two checks of the moves still in the race.
        confidence: How many standard errors a move must gain over the
            cautious choice to be played instead.

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
        iterations: int = 100,
        batch: int = 20,
        confidence: float = 2.0,
    ) -> None:
        if iterations < 1 or batch < 1:
            raise ValueError(
                "iterations and batch must be 1 or more, "
                f"not {shown(iterations)} and {shown(batch)}"
            )
        self.seed = seed
        self.iterations = iterations
        self.batch = batch
        self.confidence = confidence
        self._rng = random.Random(seed)
        self._cache: list[_Traits] = []
        # The last decision in a turn owing more plays:
        # (round, discard pile, plays owed, cards played this turn before it).
        self._last: tuple[int, tuple[str, ...], int, tuple[str, ...]] | None = None

    def __repr__(self) -> str:
        return f"SearchPlayer(seed={self.seed!r}, iterations={self.iterations})"

    def choose(self, observation: Observation) -> Move:
        """The move the search rates best among ``observation.legal_moves``."""
        legal = observation.legal_moves
        turn = self._played_this_turn(observation)
        traits = _traits(self._cache, observation.variant)
        best = cautious_move(traits, legal, observation.total)
        if len(legal) > 1:
            best = self._search(observation, traits, turn, best)
        self._remember(observation, turn, best)
        return best

    # ------------------------------------------------------------ internals

    def _search(
        self, observation: Observation, traits: _Traits, turn: tuple[str, ...], base: Move
    ) -> Move:
        """Race the legal moves against ``base`` on shared deals; the winner."""
        me = observation.player
        span = max(1, sum(observation.in_round) - 1)
        rivals = [m for m in observation.legal_moves if m != base]
        # Per rival, its gain over ``base`` in each deal where both were tried.
        gains: dict[Move, list[float]] = {m: [] for m in rivals}
        deals = 0
        z = self.confidence
        while rivals and deals < self.iterations:
            for _ in range(min(self.batch, self.iterations - deals)):
                deals += 1
                game = self._deal(observation, traits, turn)
                if set(game.legal_moves()) != set(observation.legal_moves):
                    continue  # a memory slip about this turn: skip rather than mislead
                own = _outcome(game.copy(), base, me, span, traits)
                for move in rivals:
                    gains[move].append(_outcome(game.copy(), move, me, span, traits) - own)
            rivals = [m for m in rivals if _upper(gains[m], z) > _NEGLIGIBLE]
        best, top = base, 0.0
        for move, found in gains.items():
            if len(found) > 1:
                mean, error = _mean_error(found)
                if mean > z * error and mean > top:
                    best, top = move, mean
        return best

    def _played_this_turn(self, observation: Observation) -> tuple[str, ...]:
        """The cards this player already played this turn, as far as it remembers."""
        last = self._last
        if last is None:
            return ()
        round_no, discard, owed, turn = last
        if (
            observation.round == round_no
            and observation.plays_owed == owed - 1
            and observation.discard_pile[: len(discard)] == discard
            and len(observation.discard_pile) == len(discard) + 1
        ):
            return (*turn, observation.discard_pile[-1])
        return ()

    def _remember(self, observation: Observation, turn: tuple[str, ...], move: Move) -> None:
        if observation.plays_owed > 1 and isinstance(move, Play):
            owed = observation.plays_owed
            self._last = (observation.round, observation.discard_pile, owed, turn)
        else:
            self._last = None

    def _deal(self, observation: Observation, traits: _Traits, turn: tuple[str, ...]) -> Game:
        """A game consistent with ``observation``, the unseen cards dealt at random."""
        rng = self._rng
        unseen = Counter(traits.deck(len(observation.hand_sizes)))
        unseen.subtract(observation.hand)
        unseen.subtract(observation.discard_pile)
        unseen.subtract(observation.out_of_play)
        cards = list(unseen.elements())
        rng.shuffle(cards)
        me = observation.player
        hands: list[tuple[str, ...]] = []
        at = 0
        for seat, size in enumerate(observation.hand_sizes):
            if seat == me:
                hands.append(observation.hand)
            else:
                hands.append(tuple(cards[at : at + size]))
                at += size
        return Game.from_position(
            observation.variant,
            hands,
            cards[at:],
            discard_pile=observation.discard_pile,
            out_of_play=observation.out_of_play,
            total=observation.total,
            direction=observation.direction,
            current_player=me,
            plays_owed=observation.plays_owed,
            played_this_turn=turn,
            in_round=observation.in_round,
            in_game=observation.in_game,
            tokens=observation.tokens,
            scores=observation.scores,
            round=observation.round,
            seed=rng.getrandbits(32),
        )


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


def _outcome(game: Game, move: Move, me: int, span: int, traits: _Traits) -> float:
    """Play ``move``, then the round out cautiously: the share of players ``me`` outlasted."""
    losses: list[int] = []
    happened = game.play(move)
    for _ in range(_MAX_ROLLOUT):
        for event in happened:
            if isinstance(event, ev.Busted | ev.Stuck | ev.LaidDown):
                if event.player == me:
                    return len(losses) / span
                losses.append(event.player)
            elif isinstance(event, ev.RoundEnded):
                return 1.0
        happened = game.play(cautious_move(traits, game.legal_moves(), game.total))
    return 0.5  # a round that would not end: call it even
