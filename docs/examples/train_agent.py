"""Train a small agent on a 2-player variant through the Gymnasium environment.

Usage::

    python train_agent.py            # the full run: 60,000 games of training (a few minutes)
    python train_agent.py --quick    # 4,000 games, to try it (well under a minute)

The agent is tabular Monte-Carlo control (every-visit, constant step size)
with numpy only: its state is the running total, the cards in its hand, the
plays it owes and the other player's hand size, read from the observation
vector by the names of its slots. It trains against the random player, then
plays ``ono99.simulate`` matches (seats alternating) against the random and
the cautious players, which report win rates with 95% confidence intervals.

Every source of chance is seeded from ``--seed``: the games' deals and the
random opponent (each game's seed), the agent's exploring (its own
generator); the measured games are seeded 2024. Two runs with one seed
print one ``digest`` (of the value table and the results).
"""

from __future__ import annotations

import argparse
import hashlib
import random
from collections import defaultdict

import gymnasium
import numpy as np

import ono99
import ono99.envs.gymnasium  # registers ono99/Ono99-v2
from ono99.envs import action_table, observation_encoder

VARIANT = "ono99-2022"
PLAYERS = 2


class Features:
    """The part of the observation vector the table is indexed by."""

    def __init__(self, variant: str, players: int) -> None:
        names = observation_encoder(variant, players).names
        self.hand = [i for i, name in enumerate(names) if name.startswith("hand[")]
        self.total = names.index("total")
        self.owed = names.index("plays_owed")
        self.other = names.index("hand_size[+1]")

    def key(self, vector: np.ndarray) -> tuple[int, ...]:
        """The state: total, plays owed, the other's hand size, and the hand's card counts."""
        return (
            int(vector[self.total]),
            int(vector[self.owed]),
            int(vector[self.other]),
            *(int(vector[i]) for i in self.hand),
        )


class TabularAgent:
    """Action values per (state, action), and the greedy choice among legal actions."""

    def __init__(self, actions: int, features: Features) -> None:
        self.values: defaultdict[tuple[int, ...], np.ndarray] = defaultdict(
            lambda: np.zeros(actions)
        )
        self.features = features

    def act(self, vector: np.ndarray, mask: np.ndarray, rng: random.Random, explore: float) -> int:
        """A random legal action with probability ``explore``, else the best legal one."""
        legal = np.flatnonzero(mask)
        if rng.random() < explore:
            return int(rng.choice(legal))
        values = self.values[self.features.key(vector)][legal]
        return int(legal[int(np.argmax(values))])

    def learn(self, visits: list[tuple[tuple[int, ...], int]], reward: float, step: float) -> None:
        """Move the value of each (state, action) of an episode towards its final reward."""
        for key, action in visits:
            row = self.values[key]
            row[action] += step * (reward - row[action])


def train(agent: TabularAgent, episodes: int, seed: int) -> None:
    """Play ``episodes`` games against the random player, exploring less and less."""
    rng = random.Random(seed)
    env = gymnasium.make("ono99/Ono99-v2", variant=VARIANT, players=PLAYERS, opponents="random")
    for episode in range(episodes):
        explore = max(0.02, 0.3 * (1 - episode / episodes))
        vector, info = env.reset(seed=seed + episode, options=None)
        visits, done, reward = [], False, 0.0
        while not done:
            action = agent.act(vector, info["action_mask"], rng, explore)
            visits.append((agent.features.key(vector), action))
            vector, reward, done, _, info = env.step(action)
        agent.learn(visits, float(reward), step=0.05)


class TrainedPlayer:
    """The trained agent as an ono99 player, for ``ono99.simulate``."""

    def __init__(self, agent: TabularAgent) -> None:
        self.agent = agent
        self.table = action_table(VARIANT)
        self.encoder = observation_encoder(VARIANT, PLAYERS)
        self.rng = random.Random(0)

    def choose(self, observation: ono99.Observation) -> ono99.Move:
        """The agent's best legal move (no exploring)."""
        mask = np.zeros(len(self.table), dtype=bool)
        legal = self.table.actions_of(observation.legal_moves)
        mask[list(legal)] = True
        action = self.agent.act(self.encoder.encode(observation), mask, self.rng, explore=0.0)
        return legal[action]


def evaluate(agent: TabularAgent, opponent: str, games: int) -> ono99.WinRate:
    """The agent's win rate against ``opponent``, seats alternating, from ``ono99.simulate``."""
    player = TrainedPlayer(agent)

    def trained(_seed: int) -> ono99.Player:
        return player

    result = ono99.simulate(
        VARIANT,
        players=PLAYERS,
        games=games,
        strategies=[trained, opponent],
        rotate=True,
        seed=2024,
        jobs=1,  # the agent's table stays in this process
    )
    return next(rate for rate in result.by_strategy if rate.label == "trained")


def digest(agent: TabularAgent, lines: list[str]) -> str:
    """A short hash of the value table and the printed results."""
    hasher = hashlib.sha256()
    for key in sorted(agent.values):
        hasher.update(repr(key).encode())
        hasher.update(agent.values[key].tobytes())
    hasher.update("\n".join(lines).encode())
    return hasher.hexdigest()[:16]


def main() -> None:
    """Train, then measure the agent against the random and the cautious players."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run, to try it")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    episodes, games = (4_000, 1_000) if args.quick else (60_000, 4_000)
    agent = TabularAgent(len(action_table(VARIANT)), Features(VARIANT, PLAYERS))
    train(agent, episodes, seed=args.seed)
    print(f"{VARIANT}, {PLAYERS} players: trained on {episodes} games against random")
    lines = []
    for opponent in ("random", "cautious"):
        rate = evaluate(agent, opponent, games)
        lines.append(f"  against {opponent}: won {rate.wins} of {rate.games} games, {rate}")
        print(lines[-1])
    print(f"  digest {digest(agent, lines)} (seed {args.seed})")


if __name__ == "__main__":
    main()
