"""Train MaskablePPO (sb3-contrib) on a 2-player variant, then measure it and play it.

Usage::

    pip install "ono99[rl-train]"
    python train_maskable_ppo.py                 # 1,000,000 steps, 2,000 games each way
    python train_maskable_ppo.py --quick         # 20,000 steps and 200 games, to try it
    python train_maskable_ppo.py --save howto.zip   # and keep the model (train_opponent_pool.py)

The agent is a small network (two layers of 64) that reads the whole
observation vector and picks among the legal actions only (the environment's
``action_masks()``). It trains against the cautious player, at a seat drawn
for each game, in 8 environments stepped together (Stable-Baselines3's
``make_vec_env``). Then ``ono99.simulate`` plays it against the random and the
cautious players, seats alternating, and reports its win rates with 95%
confidence intervals; last, the trained policy is an opponent in a new
environment, the first step of self-play.

Every source of chance is seeded from ``--seed``: the games' deals and the
opponents (the environments' seeds), the seat drawn for each game, the
network's weights and PPO's sampling (Stable-Baselines3's ``seed``); the
measured games are seeded 2024. Two runs with one seed print one
``digest`` (of the trained weights and the results), on one machine and
one PyTorch build.
"""

from __future__ import annotations

import argparse
import hashlib
import time
from typing import TYPE_CHECKING

import gymnasium
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env

import ono99
import ono99.envs.gymnasium  # registers ono99/Ono99-v2
from ono99.envs import PolicyPlayer

if TYPE_CHECKING:
    import numpy as np

VARIANT = "ono99-2022"
PLAYERS = 2


def train(steps: int, seed: int) -> MaskablePPO:
    """MaskablePPO trained for ``steps`` steps against the cautious player."""
    envs = make_vec_env(
        "ono99/Ono99-v2",
        n_envs=8,
        seed=seed,
        env_kwargs={
            "variant": VARIANT,
            "players": PLAYERS,
            "opponents": "cautious",
            "seat": "random",
        },
    )
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        n_steps=256,
        batch_size=512,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=1.0,  # one reward, at the end of the game
        ent_coef=0.01,
        seed=seed,
        verbose=0,
    )
    model.learn(total_timesteps=steps)
    return model


def as_policy(model: MaskablePPO) -> ono99.envs.Policy:
    """The trained model as a policy: its most likely legal action."""

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    return policy


def evaluate(model: MaskablePPO, opponent: str, games: int) -> ono99.WinRate:
    """The model's win rate against ``opponent``, seats alternating, from ``ono99.simulate``."""
    player = PolicyPlayer(as_policy(model), VARIANT, PLAYERS)

    def trained(_seed: int) -> ono99.Player:
        return player

    result = ono99.simulate(
        VARIANT,
        players=PLAYERS,
        games=games,
        strategies=[trained, opponent],
        rotate=True,
        seed=2024,
        jobs=1,  # the model stays in this process
    )
    return next(rate for rate in result.by_strategy if rate.label == "trained")


def against_itself(model: MaskablePPO) -> float:
    """One game with the trained policy as the opponent: the agent's reward."""
    env = gymnasium.make(
        "ono99/Ono99-v2", variant=VARIANT, players=PLAYERS, opponents=as_policy(model)
    )
    observation, info = env.reset(seed=7)
    done = truncated = False
    reward = 0.0
    while not (done or truncated):
        action = as_policy(model)(observation, info["action_mask"])
        observation, reward, done, truncated, info = env.step(action)
    return float(reward)


def digest(model: MaskablePPO, lines: list[str]) -> str:
    """A short hash of the trained network's weights and the printed results."""
    hasher = hashlib.sha256()
    for tensor in model.policy.state_dict().values():
        hasher.update(tensor.detach().cpu().numpy().tobytes())
    hasher.update("\n".join(lines).encode())
    return hasher.hexdigest()[:16]


def main() -> None:
    """Train, measure against the random and the cautious players, play against itself."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run, to try it")
    parser.add_argument("--steps", type=int, help="training steps (default 1,000,000)")
    parser.add_argument("--games", type=int, help="games against each player (default 2,000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", help="save the trained model to this file (a .zip)")
    args = parser.parse_args()
    steps, games = (20_000, 200) if args.quick else (1_000_000, 2_000)
    steps, games = args.steps or steps, args.games or games
    torch.set_num_threads(1)
    start = time.process_time()
    model = train(steps, args.seed)
    minutes = (time.process_time() - start) / 60
    if args.save:
        model.save(args.save)
    print(
        f"{VARIANT}, {PLAYERS} players: {steps:,} steps against cautious ({minutes:.1f} CPU-min)"
    )
    lines = []
    for opponent in ("random", "cautious"):
        rate = evaluate(model, opponent, games)
        lines.append(f"  against {opponent}: won {rate.wins} of {rate.games} games, {rate}")
        print(lines[-1])
    lines.append(f"  a game against itself: reward {against_itself(model):+.0f}")
    print(lines[-1])
    print(f"  digest {digest(model, lines)} (seed {args.seed})")


if __name__ == "__main__":
    main()
