"""The observation vector: what one player may know, as numbers in named slots."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from attrs import frozen

from ono99._args import shown, whole
from ono99._errors import ArgumentError
from ono99.engine import Layout, Observation, Vector, compile_variant, engine_of, seat_of, view_of
from ono99.loading import variant_arg

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from ono99._variant import Variant, VariantLike
    from ono99.engine import Game

__all__ = ["Feature", "ObservationEncoder", "observation_encoder"]


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


class _Slots:
    """A group of slots' values, as :meth:`ObservationEncoder.encode` writes them."""

    def __init__(self, encoder: ObservationEncoder, start: int, stop: int) -> None:
        self.encoder = encoder
        self.start = start
        self.stop = stop

    def __call__(self, obs: Observation, _order: Sequence[int]) -> list[float]:
        return [float(v) for v in self.encoder.encode(obs)[self.start : self.stop]]


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
      plays (all 0 on a turn that is not forced);
    - ``count[card]``: the cards played since the count last started, by
      card (what pairs, runs and ``previous_card`` read);
    - ``last_play[card]``: 1 for the card the count's last play acted as
      (what a card that repeats the card before it does);
    - ``passes``: the players who passed in a row since the last play.
    - ``partner[+k]``: 1 for each of the observer's partners, in a variant
      played in teams at some player count (``players.teams``; the slots
      are there at every count of such a variant, all 0 where it is played
      alone).

    Seats are relative to the observer, so one agent can learn from every
    seat. The layout depends on the variant (its cards) and the number of
    seats only: by default one per player, or, given ``max_players``, that
    many, the seats of players who are not there all 0. Vectors padded to
    the same ``max_players`` have one layout and one space whatever the
    number of players, so one policy plays them all.

    Every slot has finite bounds (:attr:`low`, :attr:`high`), worked out
    from the variant for up to ``max_players`` players: each count of a
    card is at most the deck's count of it, hand sizes and the draw pile at
    most the deck; the total runs from the floor (with none, as far below
    the start as the bust limit is above it) to the highest total one card
    makes from a safe total; the plays owed up to twice the hand size;
    tokens up to the most a player starts with; scores up to what a round
    brings a player under the target (at least as much again as the
    target), and as far below 0; the round up to ``round.max_rounds``;
    each card of the count up to the deck's size, and the passes up to the
    seats. The rules let a few of these be passed in rare games (a run of
    busts that are not undone, forced plays stacked over and over, players
    tied at the target who play on, tokens given back by a rule): a value past a
    bound is shown as the bound, so a vector is always in its space. (None
    was, in 1,000 random games of each shipped variant at each of its
    fewest, four and most players: 54,000 games.)

    :meth:`encode` reads an :class:`~ono99.Observation`; :meth:`encode_game`
    gives the same vector straight from a :class:`~ono99.Game` and a seat,
    without building the observation (what the environments use, many
    times faster). An encoder pickles (as its variant and counts).

    Args:
        variant: The variant, or the id or path to load it.
        players: How many play.
        max_players: How many seats the vector has room for (at least
            ``players``); by default ``players``.

    Attributes:
        names: The name of each slot.
        low: The least value of each slot.
        high: The most value of each slot.

    Raises:
        ArgumentError: If ``players`` or ``max_players`` is not a whole
            number, or ``max_players`` is less than ``players``.

    >>> from ono99.envs import observation_encoder
    >>> import ono99
    >>> encoder = observation_encoder("ono99-2022", 2)
    >>> encoder.names[:3], len(encoder)
    (('hand[0]', 'hand[1]', 'hand[2]'), 124)
    >>> game = ono99.Game("ono99-2022", players=2, seed=1)
    >>> vector = encoder.encode(game.observation(0))
    >>> dict(zip(encoder.names, vector.tolist()))["hand_size[+1]"]
    4.0
    >>> bool((encoder.encode_game(game, 0) == vector).all())
    True
    >>> len(observation_encoder("ono99-2022", 2, max_players=6))
    148
    >>> bounds = dict(zip(encoder.names, zip(encoder.low.tolist(), encoder.high.tolist())))
    >>> bounds["total"], bounds["plays_owed"], bounds["hand[minus_ten]"]
    ((0.0, 108.0), (0.0, 8.0), (0.0, 10.0))
    """

    def __init__(self, variant: VariantLike, players: int, max_players: int | None = None) -> None:
        self.variant = variant = variant_arg(variant)
        whole("players", players)
        seats = players if max_players is None else max_players
        whole("max_players", seats)
        if players < 1 or seats < players:
            raise ArgumentError(
                "max_players",
                f"expected room for at least the {shown(players)} players, got {shown(seats)}",
            )
        self.players = players
        self.max_players = seats
        self.layout = layout = Layout(variant, players, seats)
        """Where each slot is, its name and its bounds (the engine's, which writes the vector)."""
        self.names: tuple[str, ...] = layout.names
        self.low: NDArray[np.float32] = np.array(layout.low, dtype=np.float32)
        self.high: NDArray[np.float32] = np.array(layout.high, dtype=np.float32)
        self.features = tuple(
            Feature(
                layout.names[start:stop],
                tuple(map(float, layout.low[start:stop])),
                tuple(map(float, layout.high[start:stop])),
                _Slots(self, start, stop),
            )
            for start, stop in layout.groups
        )
        self._ids = compile_variant(variant).ids

    def __reduce__(self) -> tuple[Any, tuple[Variant, int, int]]:
        # The shared encoder of the same variant and counts (its slots are read by closures).
        return (observation_encoder, (self.variant, self.players, self.max_players))

    def __len__(self) -> int:
        return len(self.names)

    def encode(self, observation: Observation) -> NDArray[np.float32]:
        """The observation as a vector of ``float32``, one value per slot of :attr:`names`.

        Raises:
            ArgumentError: If ``observation`` is not an observation of a game
                of this encoder's variant and number of players.
        """
        given: object = observation  # typed an Observation, but a caller may pass anything
        if not isinstance(given, Observation) or len(given.hand_sizes) != self.players:
            raise ArgumentError(
                "observation",
                f"expected an observation of a {self.players}-player game of "
                f"{self.variant.id}, got {shown(observation)}",
            )
        try:
            view = view_of(observation, self.layout.card_index)
        except KeyError as error:
            raise ArgumentError(
                "observation",
                f"it names a card {shown(error.args[0])} that {self.variant.id} lacks",
            ) from None
        values = [0] * self.layout.size
        Vector(self.layout, values).show(view)
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
        seat = seat_of(game, player)
        engine = engine_of(game)
        if engine.n != self.players or engine.rules.ids != self._ids:
            raise ArgumentError(
                "game",
                f"expected a game of {self.variant.id} for {self.players} players, "
                f"got {game.variant.id} for {game.players}",
            )
        values = [0] * self.layout.size
        Vector(self.layout, values).update(engine, seat)
        if out is None:
            return np.array(values, dtype=np.float32)
        out[:] = values
        return out

    def __repr__(self) -> str:
        padded = f" max_players={self.max_players}" if self.max_players != self.players else ""
        return (
            f"<ObservationEncoder {self.variant.id} players={self.players}{padded}: "
            f"{len(self)} slots>"
        )


@functools.lru_cache(maxsize=64)
def _encoder(variant: Variant, players: int, max_players: int | None) -> ObservationEncoder:
    return ObservationEncoder(variant, players, max_players)


def observation_encoder(
    variant: VariantLike, players: int, max_players: int | None = None
) -> ObservationEncoder:
    """The (shared) :class:`ObservationEncoder` of ``variant`` for ``players`` players.

    ``max_players`` pads the vector to that many seats (see :class:`ObservationEncoder`).
    """
    variant = variant_arg(variant)
    if max_players == players:
        max_players = None
    return _encoder(variant, players, max_players)
