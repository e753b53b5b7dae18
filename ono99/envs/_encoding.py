"""The observation vector: what one player may know, as numbers in named slots."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np
from attrs import frozen

from ono99._errors import ArgumentError
from ono99.engine._game import engine_of
from ono99.engine._observation import Observation
from ono99.engine._tables import compile_variant
from ono99.loading._loader import variant_arg

from ._kernel import Layout, fill

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from ono99._variant import Variant, VariantLike
    from ono99.engine._game import Game

__all__ = ["Feature", "ObservationEncoder", "observation_encoder"]

_Cards = Callable[["Observation"], Sequence[str]]

# The bound of slots with none in the rules (the largest float32: Box spaces want finite bounds).
INF = 3.4028234663852886e38  # float(np.finfo(np.float32).max)


@frozen
class Feature:
    """Some slots of the observation vector, read from an observation together.

    Attributes:
        names: The name of each slot.
        low: The least value each slot can hold.
        high: The most value each slot can hold.
        values: The slots' values, read from an observation and the order of
            the seats as the observer counts them (its own first).
    """

    names: tuple[str, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    values: Callable[[Observation, Sequence[int]], Sequence[float]]


def _counts(name: str, ids: Sequence[str], most: float, cards: _Cards) -> Feature:
    """One slot per card id: how many of that card ``cards`` gives."""
    n = len(ids)
    slot = {card: i for i, card in enumerate(ids)}

    def values(obs: Observation, _order: Sequence[int]) -> list[int]:
        counts = [0] * n
        for card in cards(obs):
            counts[slot[card]] += 1
        return counts

    return Feature(tuple(f"{name}[{i}]" for i in ids), (0,) * n, (most,) * n, values)


def _features(variant: Variant, players: int) -> list[Feature]:
    """The slots, in order: add a :class:`Feature` here to extend the vector."""
    rules = compile_variant(variant)
    ids = rules.ids
    most = float(len(rules.deck_for(players)))
    tokens = float(variant.match.tokens.count_for(players))
    seats = [f"+{k}" for k in range(players)]

    def scalars(obs: Observation, _order: Sequence[int]) -> tuple[int, ...]:
        return (obs.total, obs.direction, obs.plays_owed)

    def per_seat(obs: Observation, order: Sequence[int]) -> list[float]:
        mover = obs.current_player if obs.winner is None else -1
        sizes, tokens, scores = obs.hand_sizes, obs.tokens, obs.scores
        in_game, in_round = obs.in_game, obs.in_round
        return [
            *[float(s == mover) for s in order],
            *[sizes[s] for s in order],
            *[tokens[s] for s in order],
            *[scores[s] for s in order],
            *[in_game[s] for s in order],
            *[in_round[s] for s in order],
        ]

    def piles(obs: Observation, _order: Sequence[int]) -> tuple[int, ...]:
        return (obs.round, obs.draw_pile_size)

    n = players
    per_seat_names = tuple(
        f"{group}[{seat}]"
        for group in ("to_move", "hand_size", "tokens", "score", "in_game", "in_round")
        for seat in seats
    )
    return [
        _counts("hand", ids, most, lambda o: o.hand),
        Feature(("total", "direction", "plays_owed"), (-INF, -1, 0), (INF, 1, INF), scalars),
        Feature(
            per_seat_names,
            (0,) * n + (0,) * n + (0,) * n + (-INF,) * n + (0,) * n + (0,) * n,
            (1,) * n + (most,) * n + (tokens,) * n + (INF,) * n + (1,) * n + (1,) * n,
            per_seat,
        ),
        Feature(("round", "draw_pile"), (0, 0), (INF, most), piles),
        _counts("discard", ids, most, lambda o: o.discard_pile),
        _counts("out_of_play", ids, most, lambda o: o.out_of_play),
        Feature(("answering",), (0,), (1,), lambda o, _order: (o.answering,)),
        _counts("this_turn", ids, most, lambda o: o.played_this_turn),
        _counts("forced_by", ids, 1, lambda o: () if o.forced_by is None else (o.forced_by,)),
    ]


class ObservationEncoder:
    """Turns a player's :class:`~ono99.Observation` into a fixed-length vector.

    The vector holds only what the observation holds, so it never shows
    another player's cards or the order of the draw pile. Its slots, in
    order (``names`` lists them; ``+k`` is the seat ``k`` places to the
    observer's left, so ``+0`` is the observer):

    - ``hand[card]``: how many of each card (by id, in the variant's order)
      the observer holds;
    - ``total``, ``direction`` (``1`` or ``-1``), ``plays_owed`` (what the
      observer still has to play this turn, 0 when it is not their turn);
    - ``to_move[+k]``: 1 for the seat to move;
    - ``hand_size[+k]``, ``tokens[+k]``, ``score[+k]``, ``in_game[+k]``,
      ``in_round[+k]``: per seat;
    - ``round``, ``draw_pile`` (its size);
    - ``discard[card]``: the played cards not yet reshuffled, by card;
    - ``out_of_play[card]``: cards laid down this round, by card;
    - ``answering``: 1 when the play now due answers forced plays (the
      first play of a forced turn), else 0;
    - ``this_turn[card]``: the cards the player to move has played so far
      this turn, by card;
    - ``forced_by[card]``: 1 for the card that forced the current turn's
      plays (all 0 on a turn that is not forced).

    Seats are relative to the observer, so one agent can learn from every
    seat. The layout depends on the variant (its cards) and the number of
    players only.

    :meth:`encode` reads an :class:`~ono99.Observation`; :meth:`encode_game`
    gives the same vector straight from a :class:`~ono99.Game` and a seat,
    without building the observation (what the environments use, many
    times faster).

    Args:
        variant: The variant, or the id or path to load it.
        players: How many play.

    Attributes:
        names: The name of each slot.
        low: The least value of each slot.
        high: The most value of each slot.

    >>> from ono99.envs import observation_encoder
    >>> import ono99
    >>> encoder = observation_encoder("ono99-2022", 2)
    >>> encoder.names[:3], len(encoder)
    (('hand[0]', 'hand[1]', 'hand[2]'), 93)
    >>> game = ono99.Game("ono99-2022", players=2, seed=1)
    >>> vector = encoder.encode(game.observation(0))
    >>> dict(zip(encoder.names, vector.tolist()))["hand_size[+1]"]
    4.0
    >>> bool((encoder.encode_game(game, 0) == vector).all())
    True
    """

    def __init__(self, variant: VariantLike, players: int) -> None:
        self.variant = variant = variant_arg(variant)
        self.players = players
        self.features = tuple(_features(variant, players))
        self._ids = compile_variant(variant).ids
        self.names: tuple[str, ...] = tuple(n for f in self.features for n in f.names)
        self.low: NDArray[np.float32] = np.array(
            [low for f in self.features for low in f.low], dtype=np.float32
        )
        self.high: NDArray[np.float32] = np.array(
            [high for f in self.features for high in f.high], dtype=np.float32
        )
        self._orders = tuple(
            tuple((seat + k) % players for k in range(players)) for seat in range(players)
        )
        self._layout = Layout(dict(compile_variant(variant).index), players)
        if self._layout.size != len(self.names):  # the two orders of the slots must agree
            raise AssertionError(f"the layout has {self._layout.size} slots, not {len(self)}")

    def __len__(self) -> int:
        return len(self.names)

    def encode(self, observation: Observation) -> NDArray[np.float32]:
        """The observation as a vector of ``float32``, one value per slot of :attr:`names`."""
        order = self._orders[observation.player]
        values: list[float] = []
        for feature in self.features:
            values.extend(feature.values(observation, order))
        return np.array(values, dtype=np.float32)

    def encode_game(
        self, game: Game, player: int, out: NDArray[np.float32] | None = None
    ) -> NDArray[np.float32]:
        """``player``'s vector now, read from ``game``: :meth:`encode` of its observation.

        It reads only what :meth:`~ono99.Game.observation` would show
        ``player``.

        Args:
            game: The game, of this encoder's variant and number of players.
            player: The observer's seat.
            out: An array of :func:`len` of this encoder to write the
                vector into (and return); by default a new one.

        Raises:
            ArgumentError: If ``player`` is no seat of the game, or the game
                is of another variant or player count.
        """
        seat = game._seat(player)
        engine = engine_of(game)
        if engine.n != self.players or engine.rules.ids != self._ids:
            raise ArgumentError(
                "game",
                f"expected a game of {self.variant.id} for {self.players} players, "
                f"got {game.variant.id} for {game.players}",
            )
        values = [0] * self._layout.size
        fill(engine, seat, self._layout, values)
        if out is None:
            return np.array(values, dtype=np.float32)
        out[:] = values
        return out

    def __repr__(self) -> str:
        return f"<ObservationEncoder {self.variant.id} players={self.players}: {len(self)} slots>"


@functools.lru_cache(maxsize=64)
def _encoder(variant: Variant, players: int) -> ObservationEncoder:
    return ObservationEncoder(variant, players)


def observation_encoder(variant: VariantLike, players: int) -> ObservationEncoder:
    """The (shared) :class:`ObservationEncoder` of ``variant`` for ``players`` players."""
    variant = variant_arg(variant)
    return _encoder(variant, players)
