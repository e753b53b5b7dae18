"""Training against a frozen copy: the opponent asked move by move, or once for the batch.

Usage::

    python benchmarks/frozen_opponent.py            # the full run (a few minutes)
    python benchmarks/frozen_opponent.py --quick    # a smaller run, to try a change

A frozen MaskablePPO policy (sb3-contrib, the ``rl-train`` extra; a network
of two layers of 64, as the how-to trains, freshly made: a trained one costs
the same) plays the other seat of ``ono99-2022`` for two, the agent at a seat
drawn for each game. It prints environment steps per CPU-second, in three
set-ups, each with the opponent asked two ways:

(a) stepping the batch alone, random legal actions for the agent: 64 games
    (``gymnasium.make_vec``), the opponent a :class:`~ono99.envs.Policy`
    (``model.predict`` once a move) or ``batched(policy)`` (once for every
    game where it is to move);
(b) MaskablePPO learning, as the how-to trains (Stable-Baselines3's
    ``make_vec_env``, 8 environments, ``n_steps=256``), against the
    per-move policy;
(c) MaskablePPO learning on the fast batch as a Stable-Baselines3 VecEnv
    (``ono99.envs.stable_baselines3.vec_env``, 64 games, ``n_steps=32``: the
    same 2,048 steps a rollout), against the per-move policy and the
    batched one.

Every figure is the best of a few runs, in CPU time, PyTorch on one thread.

Measured with the pure-Python engine (an editable install) on a two-core
machine shared with other jobs (load average 2.7 to 5.0), one full run: (a)
1,880 steps/CPU-s with the opponent asked once a move, 8,226 batched; (b)
1,337; (c) 1,884 once a move, 6,894 batched. With the compiled engine
(``ONO99_COMPILE=1 pip install ".[rl-train]"``, load average 6.7 to 10, one
full run): (a) 2,610 once a move, 21,618 batched; (b) 1,436; (c) 2,145 once a
move, 7,042 batched: the network's calls, not the game, bound the learning.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env

import ono99.envs.gymnasium  # noqa: F401 - registers ono99/Ono99-v2
from ono99.cli import version
from ono99.envs import batched
from ono99.envs.stable_baselines3 import vec_env

VARIANT = "ono99-2022"
PLAYERS = 2
BATCH = 64


def frozen_model() -> MaskablePPO:
    """A MaskablePPO model of the how-to's size, on a batch of the variant (never trained)."""
    envs = vec_env(2, variant=VARIANT, players=PLAYERS)
    return MaskablePPO("MlpPolicy", envs, seed=1, device="cpu")


def per_move(model: MaskablePPO) -> Any:
    """The model as a policy asked once a move."""

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    return policy


def per_batch(model: MaskablePPO) -> batched:
    """The model as a batched policy: one forward pass for every game asked."""

    def policy(observations: np.ndarray, masks: np.ndarray, _seeds: np.ndarray) -> np.ndarray:
        actions, _ = model.predict(
            observations, action_masks=masks.astype(bool), deterministic=True
        )
        return actions

    return batched(policy)


def batch_steps(opponent: Any, rounds: int) -> float:
    """Steps a CPU-second of the batch alone, the agent's actions random legal ones."""
    envs = gymnasium.make_vec(
        "ono99/Ono99-v2",
        num_envs=BATCH,
        variant=VARIANT,
        players=PLAYERS,
        opponents=opponent,
        seat="random",
    )
    rng = np.random.default_rng(1)
    start = time.process_time()
    _, info = envs.reset(seed=1)
    for _ in range(rounds):
        mask = info["action_mask"]
        _, _, _, _, info = envs.step((rng.random(mask.shape) * mask).argmax(axis=1))
    return rounds * BATCH / (time.process_time() - start)


def learning_steps(envs: Any, n_steps: int, steps: int) -> float:
    """Steps a CPU-second of MaskablePPO learning on ``envs`` (the how-to's settings)."""
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        n_steps=n_steps,
        batch_size=512,
        n_epochs=4,
        gamma=1.0,
        ent_coef=0.01,
        seed=1,
        device="cpu",
    )
    start = time.process_time()
    model.learn(total_timesteps=steps)
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smaller run")
    args = parser.parse_args()
    rounds, steps, repeats = (50, 8_192, 1) if args.quick else (300, 40_960, 3)
    torch.set_num_threads(1)
    model = frozen_model()
    one, many = per_move(model), per_batch(model)
    print(f"{version()}; {VARIANT}, {PLAYERS} players, a frozen MaskablePPO opponent")
    for label, opponent in (("per move", one), ("batched", many)):
        rate = max(batch_steps(opponent, rounds) for _ in range(repeats))
        print(f"(a) the batch of {BATCH}, opponent {label}:{rate:>14,.0f} steps/CPU-s")
    kwargs = {"variant": VARIANT, "players": PLAYERS, "seat": "random"}
    rate = max(
        learning_steps(
            make_vec_env(
                "ono99/Ono99-v2", n_envs=8, seed=1, env_kwargs={**kwargs, "opponents": one}
            ),
            256,
            steps,
        )
        for _ in range(repeats)
    )
    print(f"(b) MaskablePPO, make_vec_env of 8, opponent per move:{rate:>8,.0f} steps/CPU-s")
    for label, opponent in (("per move", one), ("batched", many)):
        rate = max(
            learning_steps(vec_env(BATCH, opponents=opponent, **kwargs), 2048 // BATCH, steps)
            for _ in range(repeats)
        )
        print(f"(c) MaskablePPO, vec_env of {BATCH}, opponent {label}:{rate:>10,.0f} steps/CPU-s")


if __name__ == "__main__":
    main()
