"""The observation vector: what one player may know, as numbers in named slots."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np
from attrs import frozen

from ono99._compiled import compile_rules
from ono99._loader import load_variant
from ono99._observation import Observation

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from ono99._variant import Variant

__all__ = ["Feature", "ObservationEncoder", "observation_encoder"]

# The bound of slots with none in the rules (the largest float32: Box spaces want finite bounds).
INF = float(np.finfo(np.float32).max)


@frozen
class Feature:
    """One group of slots of the observation vector.

    Attributes:
        name: The group's name; its slots are named ``name`` (one slot) or
            ``name[key]`` (a slot per card id or per seat).
        keys: The keys of the slots, or ``()`` for a single slot.
        low: The least value a slot can hold.
        high: The most value a slot can hold.
        values: The slots' values, read from an observation (and the
            observer's relative seat order).
    """

    name: str
    keys: tuple[str, ...]
    low: float
    high: float
    values: Callable[[Observation, Sequence[int]], Sequence[float]]

    @property
    def names(self) -> tuple[str, ...]:
        """The name of each slot."""
        if not self.keys:
            return (self.name,)
        return tuple(f"{self.name}[{key}]" for key in self.keys)


def _card_counts(cards: Sequence[str], ids: Sequence[str]) -> list[float]:
    counts = dict.fromkeys(ids, 0)
    for card in cards:
        counts[card] += 1
    return list(counts.values())


def _features(variant: Variant, players: int) -> list[Feature]:
    """The feature groups, in slot order (add a group here to extend the vector)."""
    rules = compile_rules(variant)
    ids = rules.ids
    deck = len(rules.deck_for(players))
    most = float(deck)
    seats = tuple(f"+{k}" for k in range(players))

    def per_seat(values: Callable[[Observation], Sequence[float]]) -> Callable[..., list[float]]:
        def read(obs: Observation, order: Sequence[int]) -> list[float]:
            got = values(obs)
            return [float(got[seat]) for seat in order]

        return read

    tokens = float(variant.match.tokens.count_for(players))
    return [
        Feature("hand", ids, 0, most, lambda o, _: _card_counts(o.hand, ids)),
        Feature("total", (), -INF, INF, lambda o, _: (o.total,)),
        Feature("direction", (), -1, 1, lambda o, _: (o.direction,)),
        Feature("plays_owed", (), 0, INF, lambda o, _: (o.plays_owed,)),
        Feature(
            "to_move",
            seats,
            0,
            1,
            lambda o, order: [float(o.current_player == s and o.winner is None) for s in order],
        ),
        Feature("hand_size", seats, 0, most, per_seat(lambda o: o.hand_sizes)),
        Feature("tokens", seats, 0, tokens, per_seat(lambda o: o.tokens)),
        Feature("score", seats, -INF, INF, per_seat(lambda o: o.scores)),
        Feature("in_game", seats, 0, 1, per_seat(lambda o: o.in_game)),
        Feature("in_round", seats, 0, 1, per_seat(lambda o: o.in_round)),
        Feature("round", (), 0, INF, lambda o, _: (o.round,)),
        Feature("draw_pile", (), 0, most, lambda o, _: (o.draw_pile_size,)),
        Feature("discard", ids, 0, most, lambda o, _: _card_counts(o.discard_pile, ids)),
        Feature("out_of_play", ids, 0, most, lambda o, _: _card_counts(o.out_of_play, ids)),
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
    - ``out_of_play[card]``: cards laid down this round, by card.

    Seats are relative to the observer, so one agent can learn from every
    seat. The layout depends on the variant (its cards) and the number of
    players only.

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
    (('hand[0]', 'hand[1]', 'hand[2]'), 62)
    >>> game = ono99.Game("ono99-2022", players=2, seed=1)
    >>> vector = encoder.encode(game.observation(0))
    >>> dict(zip(encoder.names, vector.tolist()))["hand_size[+1]"]
    4.0
    """

    def __init__(self, variant: Variant | str, players: int) -> None:
        if isinstance(variant, str):
            variant = load_variant(variant)
        self.variant = variant
        self.players = players
        self.features = tuple(_features(variant, players))
        self.names: tuple[str, ...] = tuple(n for f in self.features for n in f.names)
        self.low: NDArray[np.float32] = np.array(
            [f.low for f in self.features for _ in f.names], dtype=np.float32
        )
        self.high: NDArray[np.float32] = np.array(
            [f.high for f in self.features for _ in f.names], dtype=np.float32
        )
        self._orders = tuple(
            tuple((seat + k) % players for k in range(players)) for seat in range(players)
        )

    def __len__(self) -> int:
        return len(self.names)

    def encode(self, observation: Observation) -> NDArray[np.float32]:
        """The observation as a vector of ``float32``, one value per slot of :attr:`names`."""
        order = self._orders[observation.player]
        values: list[float] = []
        for feature in self.features:
            values.extend(feature.values(observation, order))
        return np.array(values, dtype=np.float32)

    def __repr__(self) -> str:
        return f"<ObservationEncoder {self.variant.id} players={self.players}: {len(self)} slots>"


@functools.lru_cache(maxsize=64)
def _encoder(variant: Variant, players: int) -> ObservationEncoder:
    return ObservationEncoder(variant, players)


def observation_encoder(variant: Variant | str, players: int) -> ObservationEncoder:
    """The (shared) :class:`ObservationEncoder` of ``variant`` for ``players`` players."""
    if isinstance(variant, str):
        variant = load_variant(variant)
    return _encoder(variant, players)
