"""A policy (observation vector and action mask to an action) as an ono99 player."""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from ono99._errors import ArgumentError, IllegalMoveError
from ono99.engine import play_checked

from ._actions import action_table
from ._encoding import observation_encoder
from ._universal import universal_of

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import NDArray

    from ono99._variant import VariantLike
    from ono99.engine import Game, Move, Observation

__all__ = ["BatchPolicy", "BatchedPlayer", "Policy", "PolicyPlayer", "batched", "play_batched"]


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
        spaces: ``"variant"``: the variant's own vectors and actions;
            ``"universal"``: those of :class:`~ono99.envs.UniversalSpaces`,
            for a policy trained on a mix of variants (``max_players`` is
            then theirs), the latest version; ``"universal-v0"``,
            ``"universal-v1"`` or ``"universal-v2"``: that version, the one
            it was trained on.

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
        spaces: str = "variant",
    ) -> None:
        if not callable(policy):
            raise TypeError(
                f"policy: expected a callable (observation, mask) -> action, got {policy!r}"
            )
        self.policy = policy
        self.universal = universal_of(spaces, announce)
        if self.universal is not None:
            max_players = self.universal.max_players
        self.encoder = observation_encoder(variant, players, max_players)
        self.table = action_table(self.encoder.variant, announce=announce)
        self._slots = self._actions = None
        if self.universal is not None:
            self._slots = self.universal.slots_of(self.encoder)
            self._actions = self.universal.actions_of(self.table)

    def seen(
        self,
        vectors: NDArray[np.float32],
        masks: NDArray[np.int8],
        legal: Sequence[dict[int, Move]],
    ) -> tuple[NDArray[np.float32], NDArray[np.int8], list[dict[int, Move]]]:
        """Rows of the variant's vectors, masks and legal moves, as the policy reads them.

        The same, or with ``spaces="universal"`` each in the universal spaces.
        """
        slots, actions, universal = self._slots, self._actions, self.universal
        if slots is None or actions is None or universal is None:
            return vectors, masks, list(legal)
        wide = np.zeros((len(vectors), len(universal)), np.float32)
        wide[:, slots] = vectors
        wide_masks = np.zeros((len(masks), universal.actions), np.int8)
        wide_masks[:, actions] = masks
        moves = [{int(actions[a]): move for a, move in row.items()} for row in legal]
        return wide, wide_masks, moves

    def choose(self, observation: Observation) -> Move:
        """The move of the action the policy picks from ``observation``."""
        legal = self.table.actions_of(observation.legal_moves, observation.hand)
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
        if self.universal is not None:
            vectors, masks, moves = self.seen(vector[None], mask[None], [legal])
            vector, mask, legal = vectors[0], masks[0], moves[0]
        return self._legal(self.policy(vector, mask), legal)

    def _legal(self, action: Any, legal: dict[int, Move]) -> Move:
        """The move of ``action``, if legal (one of ``legal``)."""
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


class BatchPolicy(Protocol):
    """A policy that decides for many games at once: what :func:`batched` wraps.

    It is given the observation vectors of the seats to move, one row each
    (``float32``, shape ``(k, slots)``), their action masks (``int8``, shape
    ``(k, actions)``) and the seeds of their games (``int64``, shape
    ``(k,)``: what tells one game from another, and one game of a batch
    from the next dealt in its row), and returns one action for each row (a
    sequence or an array of ``k`` whole numbers). A Stable-Baselines3 model
    is one in a line::

        policy = lambda obs, masks, seeds: model.predict(
            obs, action_masks=masks.astype(bool), deterministic=True
        )[0]
    """

    def __call__(
        self,
        observations: NDArray[np.float32],
        masks: NDArray[np.int8],
        seeds: NDArray[np.int64],
        /,
    ) -> Any: ...


class batched:  # noqa: N801 - read as a function: opponents=batched(policy)
    """A :class:`BatchPolicy` given as an opponent: called once for many games.

    Given as an opponent (``opponents=batched(policy)``, alone or in the
    list), the policy plays its seats as a :class:`Policy` would, but the
    batches :class:`~ono99.envs.gymnasium.Ono99VectorEnv` and
    :class:`~ono99.envs.gymnasium.Ono99SelfPlayVectorEnv` call it once for
    all their games where such a seat is to move, not once a move: a frozen
    network then runs one forward pass for the whole batch. Elsewhere (a
    single environment, PettingZoo's) it is called with one row at a time.

    Args:
        policy: The policy.

    Raises:
        ArgumentError: If ``policy`` is not callable.

    >>> import numpy as np
    >>> import gymnasium
    >>> import ono99.envs.gymnasium
    >>> from ono99.envs import batched
    >>> def first_legal(observations, masks, seeds):
    ...     return masks.argmax(axis=1)
    >>> envs = gymnasium.make_vec("ono99/Ono99-v2", num_envs=4, opponents=batched(first_legal))
    >>> observations, info = envs.reset(seed=1)
    """

    def __init__(self, policy: BatchPolicy) -> None:
        if not callable(policy):
            raise ArgumentError(
                "policy",
                f"expected a callable (observations, masks, seeds) -> actions, got {policy!r}",
            )
        self.policy = policy

    def __repr__(self) -> str:
        return f"batched({self.policy!r})"


class BatchedPlayer(PolicyPlayer):
    """A :class:`batched` policy as a player: each move asked as a batch of one.

    What the environments make of ``batched(policy)`` given as an opponent;
    the batch of games asks it for many at once (:meth:`decide`).

    Args:
        policy: The batched policy.
        variant: The variant, or the id or path to load it.
        players: How many play.
        max_players: The padding of the vectors the policy reads.
        announce: ``"true_total"`` or ``"choose"``, as for :class:`PolicyPlayer`.
        spaces: ``"variant"`` or ``"universal"``, as for :class:`PolicyPlayer`.
    """

    def __init__(
        self,
        policy: batched,
        variant: VariantLike,
        players: int,
        max_players: int | None = None,
        *,
        announce: str = "true_total",
        spaces: str = "variant",
    ) -> None:
        self.batched = policy
        self._seed = np.zeros(1, np.int64)  # the seed of the game of the move asked
        super().__init__(
            self._ask_one, variant, players, max_players, announce=announce, spaces=spaces
        )

    def decide(
        self,
        observations: NDArray[np.float32],
        masks: NDArray[np.int8],
        seeds: NDArray[np.int64],
        legal: Sequence[dict[int, Move]],
    ) -> list[Move]:
        """The move of each row: the policy called once for them all.

        Args:
            observations: The vectors of the seats to move, one row each
                (the variant's own: :meth:`seen` makes them what the
                policy reads).
            masks: Their action masks (the variant's own).
            seeds: Their games' seeds.
            legal: Each row's legal moves by action index (the variant's own).

        Raises:
            IllegalMoveError: If the policy returns the wrong number of
                actions, or an action that is not legal in its row.
        """
        observations, masks, legal = self.seen(observations, masks, legal)
        actions = self._ask(observations, masks, seeds)
        return [self._legal(action, row) for action, row in zip(actions, legal, strict=True)]

    def _ask(
        self, observations: NDArray[np.float32], masks: NDArray[np.int8], seeds: NDArray[np.int64]
    ) -> list[Any]:
        """The policy's actions for these rows, one each."""
        chosen = self.batched.policy(observations, masks, seeds)
        try:
            actions: list[Any] = np.asarray(chosen).reshape(len(masks)).tolist()
        except (TypeError, ValueError):
            raise IllegalMoveError(
                f"the batched policy returned {chosen!r}, not one action for each of the "
                f"{len(masks)} games",
                chosen,
            ) from None
        return actions

    def _ask_one(self, vector: NDArray[np.float32], mask: NDArray[np.int8]) -> Any:
        """The policy as a :class:`Policy`: one row, the seed :attr:`_seed` holds."""
        return self._ask(vector[None], mask[None], self._seed)[0]

    def choose(self, observation: Observation) -> Move:
        """The policy's move from ``observation``, as a batch of one (its seed given as 0)."""
        self._seed[0] = 0
        return super().choose(observation)

    def choose_in(self, game: Game, seat: int) -> Move:
        """The policy's move for ``seat`` of ``game`` (to move), as a batch of one."""
        self._seed[0] = game.seed
        return super().choose_in(game, seat)

    def __repr__(self) -> str:
        return f"<BatchedPlayer {self.batched.policy!r} for {self.encoder!r}>"


def play_batched(waiting: Sequence[tuple[Game, int, BatchedPlayer]]) -> None:
    """Play the move of each ``(game, seat, player)``: each batched policy asked once.

    In each game, ``seat`` is to move and ``player`` plays it; the players
    of one :class:`batched` policy (the games of a batch have one each) are
    asked together, in one call of the policy.
    """
    groups: dict[int, list[tuple[Game, int, BatchedPlayer]]] = {}
    for one in waiting:
        groups.setdefault(id(one[2].batched), []).append(one)
    for group in groups.values():
        player = group[0][2]
        encoder, table = player.encoder, player.table
        vectors = np.zeros((len(group), len(encoder)), np.float32)
        masks = np.zeros((len(group), len(table)), np.int8)
        seeds = np.zeros(len(group), np.int64)
        legal = []
        for row, (game, seat, _) in enumerate(group):
            moves, actions = table.actions_now(game)
            masks[row, actions] = 1
            encoder.encode_game(game, seat, vectors[row])
            seeds[row] = game.seed
            legal.append(dict(zip(actions, moves, strict=True)))
        for (game, _, _), move in zip(
            group, player.decide(vectors, masks, seeds, legal), strict=True
        ):
            play_checked(game, move)
