"""The fast batches as Stable-Baselines3 vector environments, masks included.

Stable-Baselines3 and sb3-contrib (the ``rl-train`` extra) train on a
``VecEnv``: this module makes one of the batches of
:mod:`ono99.envs.gymnasium`, so that MaskablePPO trains on them directly,
with no wrapper per game::

    from sb3_contrib import MaskablePPO
    from ono99.envs.stable_baselines3 import vec_env

    envs = vec_env(64, variant="ono99-2022", players=2, opponents="cautious", seat="random")
    model = MaskablePPO("MlpPolicy", envs, seed=1).learn(100_000)

:func:`vec_env` takes :class:`~ono99.envs.gymnasium.Ono99Env`'s arguments;
with a list of seats as ``seat`` it makes the self-play batch
(:class:`~ono99.envs.gymnasium.Ono99SelfPlayVectorEnv`), every one of those
seats learning, a row each. :class:`Ono99VecEnv` wraps a batch made
otherwise. Importing this module imports Stable-Baselines3; importing
:mod:`ono99.envs` does not.

What the adapter adds is what Stable-Baselines3 expects of a ``VecEnv``:

- A game that ends is dealt afresh in the same step (the batch's
  ``AutoresetMode.SAME_STEP``): the row's ``done`` is set, its observation
  is the new game's first, and the ended game's last observation is in
  its info's ``"terminal_observation"`` (``"TimeLimit.truncated"`` saying
  whether it was cut short at a limit of the variant).
- :meth:`Ono99VecEnv.action_masks` gives each row's legal actions as
  ``bool``, where MaskablePPO looks for them (``env_method("action_masks")``).
  In the self-play batch the rows of a game wait while another of its
  seats moves: a waiting row's mask allows action 0 alone, which the batch
  does not read. With one action to choose from, such a step adds nothing
  to the policy's gradient (only the value function learns from it), and
  the rewards come to each row as the batch gives them: -1 to a seat
  knocked out, +1 or -1 to every seat at the end.
- Seeds: ``seed(s)`` (what an algorithm given ``seed=s`` calls) makes the
  next :meth:`~Ono99VecEnv.reset` deal game ``i`` with seed ``s + i``.
- The rewards are ``float32``; an action that is not legal (one outside
  the mask) ends that game with -1 and ``info["illegal"]`` saying why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np
from stable_baselines3.common.vec_env import VecEnv

from ono99._args import shown
from ono99._errors import ArgumentError

from ._batch import SAME_STEP
from .gymnasium import ENV_ID, Ono99MixVectorEnv, Ono99SelfPlayVectorEnv, Ono99VectorEnv

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["Ono99VecEnv", "vec_env"]


def vec_env(num_envs: int = 8, **kwargs: Any) -> Ono99VecEnv:
    """A batch of ``num_envs`` games (rows) as a Stable-Baselines3 ``VecEnv``.

    Args:
        num_envs: How many rows: games, or with a list of seats, learning
            seats of games (a multiple of their number).
        **kwargs: :class:`~ono99.envs.gymnasium.Ono99Env`'s arguments
            (``variant``, ``players``, ``opponents``, ``seat``...), as
            ``gymnasium.make_vec("ono99/Ono99-v2", ...)`` takes them.

    Raises:
        VariantError: If the variant or a house rule cannot be loaded.
        ValueError: If an argument is wrong, as for the batch.

    >>> from ono99.envs.stable_baselines3 import vec_env
    >>> envs = vec_env(4, variant="ninety-nine", players=2)
    >>> observations = envs.reset()
    >>> observations.shape, envs.action_masks().shape
    ((4, 110), (4, 14))
    """
    if "autoreset_mode" in kwargs:
        raise ArgumentError(
            "autoreset_mode", "a Stable-Baselines3 VecEnv resets in the same step, always"
        )
    batch = gymnasium.make_vec(ENV_ID, num_envs=num_envs, autoreset_mode=SAME_STEP, **kwargs)
    return Ono99VecEnv(batch)


class Ono99VecEnv(VecEnv):
    """A batch of :mod:`ono99.envs.gymnasium` as a Stable-Baselines3 ``VecEnv``.

    Args:
        batch: An :class:`~ono99.envs.gymnasium.Ono99VectorEnv` or an
            :class:`~ono99.envs.gymnasium.Ono99SelfPlayVectorEnv` made with
            ``autoreset_mode=AutoresetMode.SAME_STEP`` (:func:`vec_env`
            makes both), or an :class:`~ono99.envs.gymnasium.Ono99MixVectorEnv`
            of such batches (a mix of variants).

    Raises:
        ArgumentError: If ``batch`` is neither, or resets at the next step.

    Attributes:
        batch: The batch.
    """

    def __init__(self, batch: gymnasium.vector.VectorEnv[Any, Any, Any]) -> None:
        given: object = batch
        if not isinstance(given, Ono99VectorEnv | Ono99SelfPlayVectorEnv | Ono99MixVectorEnv):
            raise ArgumentError(
                "batch", f"expected a batch of ono99.envs.gymnasium, got {shown(given)}"
            )
        if given.metadata["autoreset_mode"] is not SAME_STEP:
            raise ArgumentError(
                "batch",
                "expected a batch made with autoreset_mode=AutoresetMode.SAME_STEP "
                "(ono99.envs.stable_baselines3.vec_env makes one)",
            )
        self.batch = given  # before the VecEnv asks it for its render mode
        super().__init__(given.num_envs, given.single_observation_space, given.single_action_space)
        self._masks = np.zeros((given.num_envs, 0), np.bool_)  # each row's, from reset on
        self._actions: Any = None

    # ------------------------------------------------------------ the VecEnv API

    def reset(self) -> NDArray[np.float32]:
        """Deal a new game in each row's game (seeded as ``seed()`` said, once)."""
        seed = self._seeds[0] if self._seeds and self._seeds[0] is not None else None
        observations, info = self.batch.reset(seed=seed)
        self._reset_seeds()
        self._reset_options()
        self._keep(info)
        return observations

    def step_async(self, actions: NDArray[Any]) -> None:
        """Take one action for each row, played by :meth:`step_wait`."""
        self._actions = actions

    def step_wait(
        self,
    ) -> tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.bool_], list[dict[str, Any]]]:
        """Play the actions: the observations, rewards, ends and infos of the rows.

        Raises:
            ArgumentError: If the actions are not one action of the space
                for each row (nothing is played).
            RuntimeError: Before the first :meth:`reset`.
        """
        actions, self._actions = self._actions, None
        if actions is None:
            raise RuntimeError("step_async() the actions before step_wait()")
        observations, rewards, terminated, truncated, info = self.batch.step(actions)
        dones = terminated | truncated
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        if dones.any():
            final = info["final_obs"]
            for i in np.flatnonzero(dones).tolist():
                infos[i]["terminal_observation"] = final[i]
                infos[i]["TimeLimit.truncated"] = bool(truncated[i])
        if "illegal" in info:
            for i in np.flatnonzero(info["_illegal"]).tolist():
                infos[i]["illegal"] = info["illegal"][i]
        self._keep(info)
        return observations, rewards.astype(np.float32), dones, infos

    def action_masks(self) -> NDArray[np.bool_]:
        """Each row's legal actions now, ``(num_envs, actions)`` (a waiting row: action 0)."""
        return self._masks.copy()

    def close(self) -> None:
        """Close the batch."""
        self.batch.close()

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        """The batch's attribute ``attr_name``, once for each row of ``indices``.

        Raises:
            AttributeError: If the batch has no such attribute.
        """
        value = getattr(self, attr_name) if attr_name == "action_masks" else None
        if value is None:
            value = getattr(self.batch, attr_name)
        return [value for _ in self._get_indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:  # noqa: ARG002 - the rows share the batch
        """Set the batch's attribute ``attr_name`` (the rows share it)."""
        setattr(self.batch, attr_name, value)

    def env_method(
        self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any
    ) -> list[Any]:
        """Call a method for each row of ``indices``.

        ``action_masks`` gives each row's mask; any other name calls the
        batch's method, once for each row.
        """
        rows = list(self._get_indices(indices))
        if method_name == "action_masks":
            return list(self._masks[rows])
        method = getattr(self.batch, method_name)
        return [method(*method_args, **method_kwargs) for _ in rows]

    def env_is_wrapped(
        self,
        wrapper_class: type[gymnasium.Wrapper[Any, Any, Any, Any]],  # noqa: ARG002 - none is
        indices: Any = None,
    ) -> list[bool]:
        """No row is a wrapped environment: all ``False``."""
        return [False for _ in self._get_indices(indices)]

    # --------------------------------------------------------------- internals

    def _keep(self, info: dict[str, Any]) -> None:
        masks = info["action_mask"].astype(np.bool_)
        masks[~masks.any(axis=1), 0] = True  # a waiting row (self-play): action 0, never read
        self._masks = masks
