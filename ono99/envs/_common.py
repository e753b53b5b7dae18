"""What the environments share: the variant, the seeds of their games, actions, opponents."""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, SupportsIndex, Union, cast

import numpy as np

from ono99._args import shown
from ono99._errors import ArgumentError
from ono99._variant import Variant
from ono99.engine import cut_short as _cut_short
from ono99.engine import engine_of
from ono99.loading import load_variant
from ono99.players import make_player

from ._policy import BatchedPlayer, PolicyPlayer, batched

if TYPE_CHECKING:
    from ono99._variant import VariantLike
    from ono99.engine import Game, Player
    from ono99.loading import PathName

    from ._policy import Policy

__all__ = [
    "Opponent",
    "Opponents",
    "Seeds",
    "action_index",
    "cut_short",
    "learning_seats",
    "make_variant",
    "seated",
]


def learning_seats(given: Sequence[int] | None, players: int, name: str) -> tuple[int, ...]:
    """The learning seats ``given`` (by default all), checked: at least one, in order, each once.

    The one reading of the learning seats of the parallel PettingZoo
    environment (``learners``) and the self-play batch (``seats``).

    Raises:
        ValueError: If they are not whole numbers from 0 to ``players - 1``
            in increasing order, at least one (``name`` says whose).
    """
    asked: list[object] = list(range(players)) if given is None else list(given)
    seats = [s for s in asked if isinstance(s, int) and not isinstance(s, bool)]
    if (
        not seats
        or seats != asked
        or sorted(set(seats)) != seats
        or not 0 <= seats[0] <= seats[-1] < players
    ):
        raise ValueError(
            f"{name}: expected seats from 0 to {players - 1} in order, at least one, got {given!r}"
        )
    return tuple(seats)


def make_variant(variant: VariantLike, house_rules: Sequence[PathName] | PathName = ()) -> Variant:
    """The variant to play: ``variant`` (loaded if named) with ``house_rules`` laid over it.

    Raises:
        VariantError: If the variant or a house rule cannot be loaded.
        ValueError: If house rules come with a variant that is already loaded.
    """
    if not isinstance(variant, Variant):
        return load_variant(variant, house_rules)
    if house_rules:
        raise ValueError(
            "house_rules: give the variant by id or path to lay house rules over it "
            "(or load it with them: ono99.load_variant(id, house_rules))"
        )
    return variant


class Seeds:
    """The seeds of an environment's games, all from the one seed a user gives.

    A seed given to ``reset`` starts a new sequence; a reset without one
    takes the next seed of the current sequence. With no seed ever given,
    each game's seed (and each built-in player's) is drawn from the
    operating system, never from the global random generator; the game keeps
    its seed, so it can still be replayed.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed) if seed is not None else None

    def next(self, seed: int | None = None) -> int | None:
        """The seed of the next game (``seed`` restarts the sequence)."""
        if seed is not None:
            self._rng = random.Random(seed)
        if self._rng is None:
            return None
        return self._rng.getrandbits(63)

    def spawn(self) -> int:
        """A seed for something else the environment draws (its built-in players)."""
        rng = self._rng if self._rng is not None else random.SystemRandom()
        return rng.getrandbits(63)


def action_index(action: object, count: int) -> int:
    """``action`` as an action of the space ``Discrete(count)``: a whole number below ``count``.

    An ``int``, a numpy integer or a 0-d integer array from 0 to ``count - 1``.
    Anything else (a ``bool``, a float such as ``1.5`` or ``NaN``, a string,
    ``None``, a number out of the range such as ``99``) is refused rather than
    rounded or taken as a move: the policy of every environment (see
    :mod:`ono99.envs`).

    Raises:
        ArgumentError: If ``action`` is no action of the space.
    """
    index: int | None
    if type(action) is int or type(action) is np.int64:  # the usual cases, at once
        # A cast, not narrowing: where numpy's types are unknown (mypyc's build) the
        # check above narrows nothing.
        index = operator.index(cast("SupportsIndex", action))
    elif isinstance(action, bool | np.bool_) or (
        isinstance(action, np.ndarray) and action.dtype.kind not in "iu"
    ):
        index = None
    else:
        try:
            index = operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            index = None
    if index is None or not 0 <= index < count:
        raise ArgumentError(
            "action",
            f"expected an action index, a whole number from 0 to {count - 1}, got {shown(action)}",
        )
    return index


def cut_short(game: Game) -> bool:
    """Whether ``game`` ended at one of the variant's limits rather than by play.

    ``round.max_game_plays`` and ``round.max_rounds`` end a game that has
    not ended by then ("the best placed player wins"); the environments
    call such an end a truncation, as for a time limit. (A game that happens
    to be decided by play at the very move or round a limit falls on counts
    as cut short too.)
    """
    return _cut_short(engine_of(game))


Opponent = Union[str, "Player", "Policy", batched]
"""Who plays a seat no agent plays: a strategy's name, a player, a policy or a batched one."""


class Opponents:
    """The players of the seats no agent plays, as a user gives them.

    Args:
        given: A strategy's name (``"random"``, ``"cautious"``...), a
            :class:`~ono99.Player`, a :class:`~ono99.envs.Policy` or a
            :class:`~ono99.envs.batched` policy for all of them, or a list
            with one for each, in seat order.
        count: How many seats they play.
        variant: The variant (what a policy's vectors are of).
        players: How many play.
        max_players: The padding of a policy's vectors.
        announce: Whether a policy's actions include announcing (``"true_total"``
            or ``"choose"``, as the agents' do).
        spaces: The spaces a policy reads, as the agents' (``"variant"`` or
            ``"universal"``).

    Raises:
        ValueError: If the list is of the wrong length, or an entry is
            neither a known strategy, a player nor a callable.
    """

    def __init__(
        self,
        given: Opponent | Sequence[Opponent],
        count: int,
        *,
        variant: Variant,
        players: int,
        max_players: int | None,
        announce: str = "true_total",
        spaces: str = "variant",
    ) -> None:
        if isinstance(given, str) or not isinstance(given, Sequence):
            given = [given] * count
        if len(given) != count:
            raise ValueError(
                f"opponents: expected one for each of the {count} other seats, got {len(given)}"
            )
        entries: list[str | Player] = []
        for opponent in given:
            if isinstance(opponent, str):
                make_player(opponent, 0)  # an unknown name fails now, with the known ones
                entries.append(opponent)
            elif isinstance(opponent, batched):
                entries.append(
                    BatchedPlayer(
                        opponent, variant, players, max_players, announce=announce, spaces=spaces
                    )
                )
            elif callable(getattr(opponent, "choose", None)):
                entries.append(opponent)  # type: ignore[arg-type]
            elif callable(opponent):
                entries.append(
                    PolicyPlayer(
                        opponent, variant, players, max_players, announce=announce, spaces=spaces
                    )
                )
            else:
                raise ValueError(
                    f"opponents: {opponent!r} is neither a strategy's name, a player (an "
                    "object with a choose(observation) method) nor a policy (a callable from "
                    "the observation vector and action mask to an action)"
                )
        self.given: tuple[str | Player, ...] = tuple(entries)

    def make(self, seeds: Seeds) -> list[Player]:
        """The players: named ones made afresh, seeded from ``seeds``; the others as given."""
        return [
            make_player(entry, seeds.spawn()) if isinstance(entry, str) else entry
            for entry in self.given
        ]


def seated(made: list[Player], agents: Sequence[int], players: int) -> list[Player | None]:
    """Each seat's player: ``None`` for the agents' seats, the others in seat order."""
    others = iter(made)
    return [None if seat in agents else next(others) for seat in range(players)]
