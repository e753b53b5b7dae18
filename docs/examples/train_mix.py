"""Train one MaskablePPO agent on a mix of variants, then measure it on each.

Usage::

    pip install "ono99[rl-train]"
    python train_mix.py              # 1,000,000 steps, 1,000 games each way on each variant
    python train_mix.py --quick      # 20,000 steps and 100 games, to try it

With ``spaces="universal"`` every variant, house rule and player count has
the same observation and action spaces (``ono99.envs.UniversalSpaces``), so
one network plays them all. The agent (the how-to's network) trains on 32
games of each variant of :data:`MIX` at once (a ``Ono99MixVectorEnv`` as a
Stable-Baselines3 VecEnv), against the cautious player, at a seat drawn for
each game. Then ``ono99.simulate`` plays it on each variant against the
random and the cautious players, seats alternating, with 95% confidence
intervals.

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

import ono99
import ono99.envs.gymnasium  # registers ono99/Ono99-v2
from ono99.envs import PolicyPlayer
from ono99.envs.gymnasium import Ono99MixVectorEnv
from ono99.envs.stable_baselines3 import Ono99VecEnv

if TYPE_CHECKING:
    import numpy as np

MIX = ("ono99-2022", "ono99-1980", "ninety-nine", "ninety-nine-taiwan")
"""The variants trained on, each for two players."""
PLAYERS = 2
GAMES = 32  # of each variant


def train(steps: int, seed: int) -> MaskablePPO:
    """MaskablePPO trained for ``steps`` steps on the mix, against the cautious player."""
    batches = [
        gymnasium.make_vec(
            "ono99/Ono99-v2",
            num_envs=GAMES,
            variant=variant,
            players=PLAYERS,
            opponents="cautious",
            seat="random",
            spaces="universal",
            autoreset_mode="same-step",
        )
        for variant in MIX
    ]
    model = MaskablePPO(
        "MlpPolicy",
        Ono99VecEnv(Ono99MixVectorEnv(batches)),
        n_steps=16,  # 2,048 steps a rollout, as the how-to's 8 x 256
        batch_size=512,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=1.0,
        ent_coef=0.01,
        seed=seed,
        verbose=0,
    )
    return model.learn(total_timesteps=steps)


def evaluate(model: MaskablePPO, variant: str, opponent: str, games: int) -> ono99.WinRate:
    """The model's win rate on ``variant`` against ``opponent``, seats alternating."""

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    player = PolicyPlayer(policy, variant, PLAYERS, spaces="universal")

    def trained(_seed: int) -> ono99.Player:
        return player

    result = ono99.simulate(
        variant,
        players=PLAYERS,
        games=games,
        strategies=[trained, opponent],
        rotate=True,
        seed=2024,
        jobs=1,  # the model stays in this process
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
    """Train on the mix, then measure the agent on each variant."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run, to try it")
    parser.add_argument("--steps", type=int, help="training steps (default 1,000,000)")
    parser.add_argument("--games", type=int, help="games against each player (default 1,000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    steps, games = (20_000, 100) if args.quick else (1_000_000, 1_000)
    steps, games = args.steps or steps, args.games or games
    torch.set_num_threads(1)
    start = time.process_time()
    model = train(steps, args.seed)
    minutes = (time.process_time() - start) / 60
    print(f"{', '.join(MIX)}, {PLAYERS} players: {steps:,} steps ({minutes:.1f} CPU-min)")
    lines = []
    for variant in MIX:
        for opponent in ("random", "cautious"):
            rate = evaluate(model, variant, opponent, games)
            lines.append(
                f"  {variant} against {opponent}: won {rate.wins} of {rate.games}, {rate}"
            )
            print(lines[-1])
    print(f"  digest {digest(model, lines)} (seed {args.seed})")


if __name__ == "__main__":
    main()
