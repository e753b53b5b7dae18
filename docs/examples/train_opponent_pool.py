"""Train MaskablePPO against a pool of its own earlier snapshots, beside the cautious player.

Usage::

    pip install "ono99[rl-train]"
    python train_opponent_pool.py                          # 1,000,000 steps, 2,000 games each way
    python train_opponent_pool.py --quick                  # 20,000 steps and 200 games
    python train_opponent_pool.py --against howto.zip      # also play the how-to's model

The agent is the how-to's network (``train_maskable_ppo.py``), trained on
the fast batch as a Stable-Baselines3 VecEnv: 128 games of ``ono99-2022`` for
two, the agent at a seat drawn for each game. In half of them the cautious
player is the opponent; in the other half, an opponent drawn for each game
from a pool of the agent's own earlier snapshots (one taken every
``--every`` steps, the first of the untrained network), all of the pool's
games asked in one forward pass for each snapshot. Then ``ono99.simulate``
plays the trained policy against the random and the cautious players, and
against a model saved by ``train_maskable_ppo.py --save``, seats
alternating, and reports the win rates with 95% confidence intervals.

Every source of chance is seeded from ``--seed``: the games' deals and the
opponents (the environments' seeds), the seat drawn for each game, the
network's weights and PPO's sampling (Stable-Baselines3's ``seed``); the
measured games are seeded 2024. Two runs with one seed print one
``digest`` (of the trained weights and the results), on one machine and
one PyTorch build.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import random
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import ono99
import ono99.envs.gymnasium  # registers ono99/Ono99-v2
from ono99.envs import PolicyPlayer, batched
from ono99.envs.gymnasium import Ono99MixVectorEnv
from ono99.envs.stable_baselines3 import Ono99VecEnv

if TYPE_CHECKING:
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

VARIANT = "ono99-2022"
PLAYERS = 2
GAMES = 64  # in each half of the batch


class OpponentPool:
    """Frozen snapshots of a policy; each game plays one of them, drawn when it is dealt."""

    def __init__(self, seed: int) -> None:
        self.snapshots: list[MaskableActorCriticPolicy] = []
        self.rng = random.Random(seed)
        self.drawn: OrderedDict[int, int] = OrderedDict()  # a game's seed: its snapshot

    def add(self, model: MaskablePPO) -> None:
        """Keep a frozen copy of the model's policy now."""
        snapshot = copy.deepcopy(model.policy)
        snapshot.set_training_mode(False)
        self.snapshots.append(snapshot)

    def __call__(self, observations: np.ndarray, masks: np.ndarray, seeds: np.ndarray) -> Any:
        """The actions of each game's snapshot: one forward pass for each snapshot asked."""
        which = np.array([self._snapshot(int(seed)) for seed in seeds])
        actions = np.zeros(len(seeds), np.int64)
        for k in np.unique(which):
            rows = which == k
            actions[rows], _ = self.snapshots[k].predict(
                observations[rows], action_masks=masks[rows].astype(bool), deterministic=True
            )
        return actions

    def _snapshot(self, seed: int) -> int:
        """The snapshot of the game of ``seed``: drawn at its first move, kept to its end."""
        if seed not in self.drawn:
            self.drawn[seed] = self.rng.randrange(len(self.snapshots))
            if len(self.drawn) > 8 * GAMES:  # games long over
                self.drawn.popitem(last=False)
        return self.drawn[seed]


class Snapshots(BaseCallback):
    """Add the model to the pool every ``every`` steps."""

    def __init__(self, pool: OpponentPool, every: int) -> None:
        super().__init__()
        self.pool = pool
        self.every = every
        self.last = 0

    def _on_step(self) -> bool:
        if self.num_timesteps - self.last >= self.every:
            self.pool.add(self.model)
            self.last = self.num_timesteps
        return True


def train(steps: int, every: int, seed: int) -> tuple[MaskablePPO, OpponentPool]:
    """MaskablePPO trained for ``steps`` steps against the cautious player and the pool."""
    pool = OpponentPool(seed)
    halves = [
        gymnasium.make_vec(
            "ono99/Ono99-v2",
            num_envs=GAMES,
            variant=VARIANT,
            players=PLAYERS,
            opponents=opponent,
            seat="random",
            autoreset_mode="same-step",
        )
        for opponent in ("cautious", batched(pool))
    ]
    envs = Ono99VecEnv(Ono99MixVectorEnv(halves))
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        n_steps=16,  # 2,048 steps a rollout, as the how-to's 8 x 256
        batch_size=512,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=1.0,
        ent_coef=0.01,
        seed=seed,
        verbose=0,
    )
    pool.add(model)  # the untrained network first
    model.learn(total_timesteps=steps, callback=Snapshots(pool, every))
    return model, pool


def as_player(model: MaskablePPO) -> ono99.Player:
    """The model as a player: its most likely legal action."""

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    return PolicyPlayer(policy, VARIANT, PLAYERS)


def evaluate(player: ono99.Player, opponent: Any, games: int) -> ono99.WinRate:
    """The player's win rate against ``opponent``, seats alternating, from ``ono99.simulate``."""

    def trained(_seed: int) -> ono99.Player:
        return player

    result = ono99.simulate(
        VARIANT,
        players=PLAYERS,
        games=games,
        strategies=[trained, opponent],
        rotate=True,
        seed=2024,
        jobs=1,  # the models stay in this process
    )
    return next(rate for rate in result.by_strategy if rate.label == "trained")


def digest(model: MaskablePPO, lines: list[str]) -> str:
    """A short hash of the trained network's weights and the printed results."""
    hasher = hashlib.sha256()
    for tensor in model.policy.state_dict().values():
        hasher.update(tensor.detach().cpu().numpy().tobytes())
    hasher.update("\n".join(lines).encode())
    return hasher.hexdigest()[:16]


def main() -> None:
    """Train against the pool and the cautious player, then measure the policy."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run, to try it")
    parser.add_argument("--steps", type=int, help="training steps (default 1,000,000)")
    parser.add_argument("--every", type=int, help="steps between snapshots (default 100,000)")
    parser.add_argument("--games", type=int, help="games against each player (default 2,000)")
    parser.add_argument("--against", help="a model saved by train_maskable_ppo.py --save")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    steps, every, games = (20_000, 5_000, 200) if args.quick else (1_000_000, 100_000, 2_000)
    steps, every, games = args.steps or steps, args.every or every, args.games or games
    torch.set_num_threads(1)
    start = time.process_time()
    model, pool = train(steps, every, args.seed)
    minutes = (time.process_time() - start) / 60
    print(
        f"{VARIANT}, {PLAYERS} players: {steps:,} steps against cautious and a pool of "
        f"{len(pool.snapshots)} snapshots ({minutes:.1f} CPU-min)"
    )
    player = as_player(model)
    opponents: list[tuple[str, Any]] = [("random", "random"), ("cautious", "cautious")]
    if args.against:
        other = as_player(MaskablePPO.load(args.against, device="cpu"))
        opponents.append(("the how-to's model", lambda _seed: other))
    lines = []
    for label, opponent in opponents:
        rate = evaluate(player, opponent, games)
        lines.append(f"  against {label}: won {rate.wins} of {rate.games} games, {rate}")
        print(lines[-1])
    print(f"  digest {digest(model, lines)} (seed {args.seed})")


if __name__ == "__main__":
    main()
