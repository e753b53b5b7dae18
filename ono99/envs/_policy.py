"""A policy (observation vector and action mask to an action) as an ono99 player."""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from ono99._errors import IllegalMoveError

from ._actions import action_table
from ._encoding import observation_encoder

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from ono99._variant import VariantLike
    from ono99.engine import Game, Move, Observation

__all__ = ["Policy", "PolicyPlayer"]


class Policy(Protocol):
    """What a learned policy is to the environments: a callable from what an agent sees.

    It is given the observation vector (``float32``, the layout of an
    :class:`~ono99.envs.ObservationEncoder`) and the action mask (``int8``,
    1 for each legal action) and returns an action index (an ``int`` or a
    numpy integer). A Stable-Baselines3 model is one in a line::

        policy = lambda obs, mask: model.predict(obs, action_masks=mask, deterministic=True)[0]
    """

    def __call__(self, observation: NDArray[np.float32], mask: NDArray[np.int8], /) -> Any: ...


class PolicyPlayer:
    """A :class:`Policy` as an ono99 :class:`~ono99.Player`, to play it against anyone.

    It encodes each observation as the environments do (with the same
    ``max_players`` padding as the policy was trained on), asks the policy,
    and plays the move of the action it returns. Give it as an opponent to
    :class:`~ono99.envs.gymnasium.Ono99Env` and the other environments
    (a bare policy given there is wrapped in one), or to
    :func:`ono99.simulate` to measure it. It pickles when its policy does.

    Args:
        policy: The policy.
        variant: The variant, or the id or path to load it.
        players: How many play.
        max_players: The padding of the vectors the policy reads (see
            :class:`~ono99.envs.ObservationEncoder`); by default none.
        announce: The actions the policy chooses from: ``"true_total"`` (every
            play announces the true total) or ``"choose"`` (each play also
            has an action saying nothing), as it was trained with (see
            :class:`~ono99.envs.ActionTable`).

    Raises:
        IllegalMoveError: From :meth:`choose`, if the policy returns an
            action that is not legal (or not an action at all).

    >>> import ono99
    >>> from ono99.envs import PolicyPlayer
    >>> first = PolicyPlayer(lambda obs, mask: mask.nonzero()[0][0], "ono99-2022", 2)
    >>> result = ono99.simulate("ono99-2022", players=2, games=4, seed=1, jobs=1,
    ...                         strategies=[lambda seed: first, "random"])
    >>> result.games
    4
    """

    def __init__(
        self,
        policy: Policy,
        variant: VariantLike,
        players: int,
        max_players: int | None = None,
        *,
        announce: str = "true_total",
    ) -> None:
        if not callable(policy):
            raise TypeError(
                f"policy: expected a callable (observation, mask) -> action, got {policy!r}"
            )
        self.policy = policy
        self.encoder = observation_encoder(variant, players, max_players)
        self.table = action_table(self.encoder.variant, announce=announce)

    def choose(self, observation: Observation) -> Move:
        """The move of the action the policy picks from ``observation``."""
        legal = self.table.actions_of(observation.legal_moves)
        mask = np.zeros(len(self.table), np.int8)
        mask[list(legal)] = 1
        return self._move(self.encoder.encode(observation), mask, legal)

    def choose_in(self, game: Game, seat: int) -> Move:
        """:meth:`choose` for ``seat`` of ``game`` (to move), read from the game directly."""
        moves, actions = self.table.actions_now(game)
        mask = np.zeros(len(self.table), np.int8)
        mask[actions] = 1
        vector = self.encoder.encode_game(game, seat)
        return self._move(vector, mask, dict(zip(actions, moves, strict=True)))

    def _move(
        self, vector: NDArray[np.float32], mask: NDArray[np.int8], legal: dict[int, Move]
    ) -> Move:
        action = self.policy(vector, mask)
        try:
            index = operator.index(np.asarray(action).reshape(()).item())
        except (TypeError, ValueError):
            index = None
        move = legal.get(index) if index is not None and not isinstance(action, bool) else None
        if move is None:
            raise IllegalMoveError(
                f"the policy chose action {action!r}, which is not legal: the legal actions "
                f"are {sorted(legal)}",
                action,
            )
        return move

    def __repr__(self) -> str:
        return f"<PolicyPlayer {self.policy!r} for {self.encoder!r}>"
