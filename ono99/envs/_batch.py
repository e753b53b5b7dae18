"""The one core of the Gymnasium adapter's batches: reset, the frame of a step, autoreset, infos.

:class:`~ono99.envs.gymnasium.Ono99VectorEnv` (the agent at one seat of each
game) and :class:`~ono99.envs.gymnasium.Ono99SelfPlayVectorEnv` (several
learning seats of each game, a row each) are both a :class:`Batch`: they
differ only in how one of their games is dealt, moved, settled and shown,
which each says in a few methods; how a batch is reset, how its actions are
read, how the games where a batched opponent waits are played on, how a game
that ended is dealt afresh (at the next step or in the same step) and what
the infos hold are written here once. :class:`~ono99.envs.gymnasium.Ono99MixVectorEnv`
joins batches, and reads seeds and actions as they do.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np
from gymnasium import spaces as gym_spaces
from gymnasium.vector.utils import batch_space

from ono99._args import shown
from ono99._errors import ArgumentError

from ._common import action_index
from ._policy import play_batched

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from ono99.engine import Game

    from ._policy import BatchedPlayer
    from ._universal import Widen

__all__ = [
    "AUTORESET",
    "SAME_STEP",
    "Batch",
    "actions_of",
    "autoreset_arg",
    "batch_seeds",
    "final_observations",
    "seed_arg",
]

_MODES = getattr(gymnasium.vector, "AutoresetMode", None)  # Gymnasium 1.1 names the modes
AUTORESET = getattr(_MODES, "NEXT_STEP", "next-step")
"""How the vector environments reset a game that ended: at the next step (Gymnasium's default)."""
SAME_STEP = getattr(_MODES, "SAME_STEP", "same-step")
"""The other mode they offer: a game that ends is dealt afresh in the same step."""


def autoreset_arg(mode: object) -> Any:
    """``mode`` as one of the two autoreset modes; else :class:`~ono99.ArgumentError`.

    Gymnasium's ``AutoresetMode.NEXT_STEP`` or ``AutoresetMode.SAME_STEP``,
    or their values (``"NextStep"``, ``"SameStep"``), or ``"next-step"``,
    ``"same-step"``.
    """
    for known, names in (
        (AUTORESET, ("NextStep", "next-step")),
        (SAME_STEP, ("SameStep", "same-step")),
    ):
        if mode is known or (isinstance(mode, str) and mode in names):
            return known
    raise ArgumentError(
        "autoreset_mode",
        f"expected AutoresetMode.NEXT_STEP or AutoresetMode.SAME_STEP, got {shown(mode)}",
    )


def final_observations(
    observations: NDArray[np.float32], rows: Sequence[int]
) -> tuple[NDArray[np.object_], NDArray[np.bool_]]:
    """``info["final_obs"]`` and ``info["_final_obs"]``: the last observation of ``rows``."""
    final = np.full(len(observations), None, dtype=object)
    there = np.zeros(len(observations), np.bool_)
    for i in rows:
        final[i] = observations[i].copy()
        there[i] = True
    return final, there


def batch_seeds(seed: object, n: int) -> list[int | None]:
    """The seed of each of a batch's ``n`` games: ``seed + i`` for game ``i``, or each given.

    The one reading of a batch's ``reset(seed=...)``, for every batch: a whole
    number (game ``i`` dealt with ``seed + i``), ``None`` (each game its next
    seed), or a list of one of those for each game.

    Raises:
        ArgumentError: If ``seed`` is none of those (nothing is dealt).
    """
    if seed is None or (isinstance(seed, int | np.integer) and not isinstance(seed, bool)):
        first = seed_arg(seed)
        return [None if first is None else first + i for i in range(n)]
    if isinstance(seed, Sequence | np.ndarray) and not isinstance(seed, str | bytes):
        if len(seed) != n:
            raise ArgumentError("seed", f"expected one for each of the {n} games, got {len(seed)}")
        return [seed_arg(one) for one in seed]
    raise ArgumentError(
        "seed", f"expected a whole number, None or a list of them, got {shown(seed)}"
    )


def seed_arg(seed: object) -> int | None:
    """``seed`` as a whole number or ``None``; else :class:`~ono99.ArgumentError` says why."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise ArgumentError("seed", f"expected a whole number or None, got {shown(seed)}")
    return int(seed)


def actions_of(actions: Any, n: int, count: int) -> list[int]:
    """``actions`` as one action index for each of ``n`` rows, checked before any is played."""
    given = np.asarray(actions, dtype=object if isinstance(actions, list | tuple) else None)
    if given.shape != (n,):
        raise ArgumentError(
            "actions",
            f"expected one for each of the {n} games, got an array of shape {given.shape}",
        )
    if given.dtype.kind in "iu" and (not n or 0 <= given.min() <= given.max() < count):
        chosen: list[int] = given.tolist()  # Python ints already, each an action of the space
        return chosen
    return [action_index(action, count) for action in given.tolist()]


class Batch(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """Many games at once, ``rows`` rows each: what every batch of the library's does alike.

    Game ``i``'s rows are ``i * rows`` to ``i * rows + rows - 1``; all of a
    game's rows end together. A subclass keeps its games' vectors and masks
    in ``_observations`` and ``_masks`` (a row each), calls :meth:`_start`
    from its constructor, and says how one game is dealt (:meth:`_deal`),
    how a step moves the games (:meth:`_move`), how a game that moved is
    settled (:meth:`_settle`) and written (:meth:`_show`), which batched
    opponent waits in a game (:meth:`_waiter`) and how it plays on after
    (:meth:`_play_on`). ``_ended`` and ``_truncated`` hold, row by row,
    whether the row's game ended at the last step (it is dealt afresh at
    the next one).
    """

    # "rows": a batch of the library's, which Ono99MixVectorEnv joins.
    metadata = {"autoreset_mode": AUTORESET, "rows": "ono99"}  # noqa: RUF012 - as VectorEnv declares it

    _observations: NDArray[np.float32]
    _masks: NDArray[np.int8]

    def _start(self, num_envs: int, rows: int, wide: Widen, autoreset_mode: object) -> None:
        """Set what every batch has: its modes, spaces, rows and (not yet dealt) games."""
        self.metadata = {"autoreset_mode": autoreset_arg(autoreset_mode), "rows": "ono99"}
        self._same_step = self.metadata["autoreset_mode"] is SAME_STEP
        self.num_envs = num_envs
        self._per_game = rows
        self._count = num_envs // rows
        self._wide = wide
        self.single_observation_space = gym_spaces.Box(wide.low, wide.high, dtype=np.float32)
        self.single_action_space = gym_spaces.Discrete(wide.actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._started = False
        self._ended = [False] * num_envs
        self._truncated = [False] * num_envs
        self._seeds_seen: list[int] = []
        self._seed_rows = np.zeros(num_envs, np.int64)

    # ----------------------------------------------------------------- the API

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,  # noqa: ARG002 - Gymnasium's signature
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """Deal a new game in each (``seed + i`` for game ``i``, or each its next seed).

        Raises:
            ArgumentError: If ``seed`` is neither a whole number, ``None``,
                nor a list of one of those for each game (nothing is dealt).
        """
        seeds = batch_seeds(seed, self._count)
        for i, one in enumerate(seeds):
            self._deal(i, one)
        games = range(self._count)
        self._ask_batched(games)
        for i in games:
            self._show(i)
        self._started = True
        self._ended = [False] * self.num_envs
        self._truncated = [False] * self.num_envs
        return self._wide.vectors(self._observations), self._info()

    def step(
        self, actions: Any
    ) -> tuple[
        NDArray[np.float32],
        NDArray[np.float64],
        NDArray[np.bool_],
        NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Play, in each game, the action of the row to move (a game that ended is dealt afresh).

        Raises:
            ArgumentError: If ``actions`` are not one whole number for each
                row (nothing is played).
            IllegalMoveError: In the self-play batch, if the action of a
                seat to move is not legal (nothing is played; the one-seat
                batch ends that game instead, with -1 and ``info["illegal"]``).
            RuntimeError: Before the first :meth:`reset`.
        """
        if not self._started:
            raise RuntimeError("reset() the environment before using it")
        wide = self._wide
        given = actions_of(actions, self.num_envs, wide.actions)
        rewards = [0.0] * self.num_envs
        illegal: list[str | None] = [None] * self.num_envs
        moved = self._move(given, wide.natives(given), rewards, illegal)
        self._ask_batched(i for i, _ in moved)
        for i, dealt in moved:
            if not dealt:
                self._settle(i, rewards, illegal)
            self._show(i)
        done, cut = np.array(self._ended), np.array(self._truncated)
        final = None
        if self._same_step and (done.any() or cut.any()):
            rows = np.flatnonzero(done | cut).tolist()
            final = final_observations(wide.vectors(self._observations), rows)
            self._deal_afresh(sorted({row // self._per_game for row in rows}))
        info = self._info()
        if final is not None:
            info["final_obs"], info["_final_obs"] = final
        if illegal.count(None) < len(illegal):  # an action refused
            info["illegal"] = np.array(illegal, dtype=object)
            info["_illegal"] = np.array([reason is not None for reason in illegal])
        return wide.vectors(self._observations), np.array(rewards), done, cut, info

    # ------------------------------------------------------ what a batch says

    def _deal(self, i: int, seed: int | None) -> None:
        """Deal game ``i`` afresh, played only to a batched opponent's move if one comes first."""
        raise NotImplementedError

    def _move(
        self,
        given: list[int],
        chosen: list[int],
        rewards: list[float],
        illegal: list[str | None],
    ) -> list[tuple[int, bool]]:
        """Move the games by one step, each to a batched opponent's move if one comes first.

        ``given`` are the rows' actions in the action space, ``chosen`` the
        variant's actions (-1 for none of its). A game that ended at the last
        step is dealt afresh; a row's refused action may be said in
        ``illegal`` (or raised, before anything is played).

        Returns:
            The games to finish the step of, each as ``(i, dealt)``: games not
            named were stepped and written in full.
        """
        raise NotImplementedError

    def _settle(self, i: int, rewards: list[float], illegal: list[str | None]) -> None:
        """Set game ``i``'s rows' rewards, ``_ended`` and ``_truncated`` after its move."""
        raise NotImplementedError

    def _show(self, i: int) -> None:
        """Write game ``i``'s rows: their vectors and masks."""
        raise NotImplementedError

    def _waiter(self, i: int) -> tuple[Game, int, BatchedPlayer] | None:
        """The game, seat and player of the batched opponent to move in game ``i``, if one is."""
        raise NotImplementedError

    def _play_on(self, i: int) -> None:
        """Play game ``i`` on after its batched opponent moved (to the next one, if it comes)."""
        raise NotImplementedError

    def _dealt_seeds(self) -> list[int]:
        """Each game's seed."""
        raise NotImplementedError

    def _seats(self) -> NDArray[np.int64]:
        """Each row's seat in its game."""
        raise NotImplementedError

    # ------------------------------------------------------ what it does alike

    def _ask_batched(self, games: Iterable[int]) -> None:
        """Play on the games where a batched opponent waits, asking each policy once a round."""
        waiting = [(i, one) for i in games if (one := self._waiter(i)) is not None]
        while waiting:
            play_batched([one for _, one in waiting])
            for i, _ in waiting:
                self._play_on(i)
            waiting = [(i, one) for i, _ in waiting if (one := self._waiter(i)) is not None]

    def _deal_afresh(self, games: list[int]) -> None:
        """Deal ``games`` afresh now, in the step they ended."""
        k = self._per_game
        for i in games:
            self._deal(i, None)
            self._ended[i * k : i * k + k] = [False] * k
            self._truncated[i * k : i * k + k] = [False] * k
        self._ask_batched(games)
        for i in games:
            self._show(i)

    def _info(self) -> dict[str, Any]:
        seeds = self._dealt_seeds()
        if seeds != self._seeds_seen:
            self._seeds_seen = seeds
            self._seed_rows = np.repeat(np.array(seeds, np.int64), self._per_game)
        everywhere = np.ones(self.num_envs, np.bool_)
        return {
            "action_mask": self._wide.masks(self._masks),
            "_action_mask": everywhere,
            "seed": self._seed_rows.copy(),
            "_seed": everywhere.copy(),
            "seat": self._seats(),
            "_seat": everywhere.copy(),
        }
