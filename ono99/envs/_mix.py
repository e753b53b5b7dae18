"""Batches side by side as one Gymnasium vector environment: a mix of variants or opponents.

:class:`Ono99MixVectorEnv` lives beside :mod:`ono99.envs.gymnasium`, which
exports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np
from gymnasium import spaces as gym_spaces
from gymnasium.vector.utils import batch_space

from ono99._errors import ArgumentError

from ._batch import actions_of, seed_arg

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import NDArray

__all__ = ["Ono99MixVectorEnv"]


class Ono99MixVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """Batches side by side as one: a mix of variants, or of opponents, to train one agent on.

    Its rows are the rows of each batch in turn (the first batch's, then the
    second's...), each batch an :class:`~ono99.envs.gymnasium.Ono99VectorEnv` or an
    :class:`~ono99.envs.gymnasium.Ono99SelfPlayVectorEnv` with the same spaces: batches made with
    ``spaces="universal"`` share them (:class:`~ono99.envs.UniversalSpaces`)
    whatever their variants, house rules and player counts, so one agent
    trains on a mix of variants; batches of one variant and player count
    (and ``max_players``) share them too, so one agent trains against a
    league of opponents (built-in players in one batch, earlier snapshots
    of itself in another). A step splits the actions among the batches
    and joins what they return; an info key that only some batches give
    (``"illegal"``, ``"final_obs"``) is ``None`` in the others' rows, its
    ``_`` mark ``False``. ``reset(seed=s)`` seeds the batch whose rows start
    at row ``r`` with ``s + r``.

    Args:
        batches: The batches, all with the same spaces and the same
            ``autoreset_mode``.

    Raises:
        ArgumentError: If there are no batches, or they do not share their spaces
            and autoreset mode.

    >>> import gymnasium
    >>> import ono99.envs.gymnasium
    >>> from ono99.envs.gymnasium import Ono99MixVectorEnv
    >>> mix = Ono99MixVectorEnv([
    ...     gymnasium.make_vec("ono99/Ono99-v2", num_envs=2, variant=variant, players=players,
    ...                        spaces="universal")
    ...     for variant, players in [("ono99-2022", 2), ("ninety-nine", 4), ("ono99-1980", 3)]
    ... ])
    >>> observations, info = mix.reset(seed=1)
    >>> observations.shape, info["action_mask"].shape
    ((6, 803), (6, 213))
    """

    def __init__(self, batches: Sequence[gymnasium.vector.VectorEnv[Any, Any, Any]]) -> None:
        given = list(batches)
        first = given[0] if given else None
        given_as: list[object] = list(given)  # a caller may pass anything
        if (
            first is None
            or any(not isinstance(batch, gymnasium.vector.VectorEnv) for batch in given_as)
            or any(
                batch.metadata.get("rows") != "ono99"
                or batch.single_observation_space != first.single_observation_space
                or batch.single_action_space != first.single_action_space
                or batch.metadata["autoreset_mode"] is not first.metadata["autoreset_mode"]
                for batch in given
            )
        ):
            raise ArgumentError(
                "batches",
                "expected batches of ono99.envs.gymnasium with the same spaces (made with "
                "spaces='universal', or of one variant and player count) and the same "
                "autoreset_mode",
            )
        self.batches = given
        self.metadata = {"autoreset_mode": first.metadata["autoreset_mode"], "rows": "ono99"}
        self.num_envs = sum(batch.num_envs for batch in given)
        self.render_mode = None
        self.single_observation_space = first.single_observation_space
        self.single_action_space = first.single_action_space
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        space = first.single_action_space
        assert isinstance(space, gym_spaces.Discrete)  # noqa: S101 - every batch's is
        self._actions = int(space.n)
        self._starts = [0]
        for batch in given:
            self._starts.append(self._starts[-1] + batch.num_envs)

    def reset(
        self,
        *,
        seed: int | None = None,
        options: dict[str, Any] | None = None,  # noqa: ARG002 - Gymnasium's signature
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """Deal a new game in each batch (``seed + r`` for the batch starting at row ``r``).

        Raises:
            ArgumentError: If ``seed`` is neither a whole number nor ``None``.
        """
        first = seed_arg(seed)
        results = [
            batch.reset(seed=None if first is None else first + start)
            for batch, start in zip(self.batches, self._starts, strict=False)
        ]
        return np.concatenate([r[0] for r in results]), self._join([r[1] for r in results])

    def step(
        self, actions: Any
    ) -> tuple[
        NDArray[np.float32],
        NDArray[np.float64],
        NDArray[np.bool_],
        NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Step each batch with its rows' actions.

        Raises:
            ArgumentError: If ``actions`` are not one whole number for each row
                (nothing is played).
        """
        chosen = actions_of(actions, self.num_envs, self._actions)
        starts = self._starts
        results = [
            batch.step(chosen[start:stop])
            for batch, start, stop in zip(self.batches, starts, starts[1:], strict=False)
        ]
        observations, rewards, terminated, truncated = (
            np.concatenate([r[k] for r in results]) for k in range(4)
        )
        return observations, rewards, terminated, truncated, self._join([r[4] for r in results])

    def _join(self, infos: list[dict[str, Any]]) -> dict[str, Any]:
        """The batches' infos as one, row for row."""
        keys = list(dict.fromkeys(key for info in infos for key in info))
        joined = {}
        for key in keys:
            parts = []
            for info, batch in zip(infos, self.batches, strict=True):
                if key in info:
                    parts.append(info[key])
                elif key.startswith("_"):
                    parts.append(np.zeros(batch.num_envs, np.bool_))
                else:
                    parts.append(np.full(batch.num_envs, None, dtype=object))
            joined[key] = np.concatenate(parts)
        return joined
