"""Train OpenSpiel's NFSP (PyTorch) on ``python_ono99`` by self-play, then measure it.

Usage::

    pip install "ono99[rl-train]"
    python train_nfsp.py                  # 15,000 games of self-play (a few CPU-minutes)
    python train_nfsp.py --quick          # 500 games and 200 to measure, to try it

Neural Fictitious Self-Play (Heinrich and Silver, 2016) as OpenSpiel ships it
(``open_spiel.python.pytorch.nfsp``): each of the two seats is an agent with a
best-response network (DQN) and an average-policy network, both two layers
of 64 over the game's information-state tensor (the observation vector of
:class:`~ono99.envs.ObservationEncoder`), trained on OpenSpiel's
``rl_environment``, which plays the chance nodes. Then seat 0's average
policy (a legal action drawn by its network's odds) plays ``ono99.simulate`` matches
(seats alternating) against the random and the cautious players as a
:class:`~ono99.envs.PolicyPlayer`: the game's tensor and actions are the
library's observation vector and action table, so the network reads the
vectors the library's environments make. The win rates come with 95%
confidence intervals.

Every source of chance is seeded from ``--seed``: the chance nodes (the
cards dealt and drawn, which ``rl_environment`` samples with its own
generator, given here as ``ChanceEventSampler(seed=...)``: the environment
has no ``seed`` keyword of its own), NFSP's networks and its numpy draws,
and the evaluation's games and policy. Two runs with one seed print one
``digest`` (of the trained networks and the results), on one machine and
one PyTorch build.
"""

from __future__ import annotations

import argparse
import hashlib
import time

import numpy as np
import pyspiel
import torch
from open_spiel.python import rl_environment
from open_spiel.python.pytorch import nfsp

import ono99
import ono99.envs.openspiel
from ono99.envs import PolicyPlayer, observation_encoder

VARIANT = "ono99-2022"
PLAYERS = 2


def scale() -> np.ndarray:
    """What each slot of the tensor is multiplied by: one over the most it can hold.

    The raw slots run from 0 or 1 (a card in the hand) to over a hundred (the
    total, the draw pile): scaled to [-1, 1], the networks learn far faster.
    """
    encoder = observation_encoder(VARIANT, PLAYERS)
    most = np.maximum(np.abs(encoder.low), np.abs(encoder.high))
    return (1.0 / np.maximum(most, 1.0)).astype(np.float32)


def scaled(time_step: rl_environment.TimeStep, by: np.ndarray) -> rl_environment.TimeStep:
    """``time_step`` with each player's information-state tensor scaled (in place)."""
    states = time_step.observations["info_state"]
    time_step.observations["info_state"] = [np.asarray(t, np.float32) * by for t in states]
    return time_step


def train(games: int, seed: int) -> list[nfsp.NFSP]:
    """An NFSP agent per seat, trained by self-play for ``games`` games."""
    game = pyspiel.load_game("python_ono99", {"variant": VARIANT, "players": PLAYERS})
    # The chance nodes are drawn by the sampler's own generator: seed it (the
    # environment takes no seed of its own, and drops unknown keywords).
    sampler = rl_environment.ChanceEventSampler(seed=seed)
    env = rl_environment.Environment(game, chance_event_sampler=sampler)
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    np.random.seed(seed)  # NFSP draws its mode and its actions from numpy's generator
    agents = [
        nfsp.NFSP(
            seat,
            size,
            actions,
            hidden_layers_sizes=[64, 64],
            reservoir_buffer_capacity=200_000,
            anticipatory_param=0.1,
            batch_size=128,
            rl_learning_rate=1e-3,
            sl_learning_rate=1e-3,
            optimizer_str="adam",
            min_buffer_size_to_learn=1_000,
            learn_every=64,
            replay_buffer_capacity=200_000,
            epsilon_start=0.06,
            epsilon_end=0.001,
            epsilon_decay_duration=games * 20,  # about 20 decisions a seat a game
            seed=seed + seat,
        )
        for seat in range(PLAYERS)
    ]
    by = scale()
    for _ in range(games):
        time_step = scaled(env.reset(), by)
        while not time_step.last():
            seat = time_step.observations["current_player"]
            time_step = scaled(env.step([agents[seat].step(time_step).action]), by)
        for agent in agents:  # each agent sees the end of the game
            agent.step(time_step)
    return agents


def as_policy(agent: nfsp.NFSP, seed: int) -> ono99.envs.Policy:
    """The agent's average policy: a legal action drawn by the network's odds."""
    network = agent._avg_network  # NFSP keeps it there
    rng = np.random.default_rng(seed)
    by = scale()

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        tensor = torch.from_numpy(observation * by).unsqueeze(0)
        with torch.no_grad():
            logits = network(tensor).squeeze(0).numpy()
        legal = np.flatnonzero(mask)
        odds = np.exp(logits[legal] - logits[legal].max())
        return int(rng.choice(legal, p=odds / odds.sum()))

    return policy


def evaluate(agent: nfsp.NFSP, opponent: str, games: int) -> ono99.WinRate:
    """The average policy's win rate against ``opponent``, seats alternating."""
    player = PolicyPlayer(as_policy(agent, seed=7), VARIANT, PLAYERS)

    def trained(_seed: int) -> ono99.Player:
        return player

    result = ono99.simulate(
        VARIANT,
        players=PLAYERS,
        games=games,
        strategies=[trained, opponent],
        rotate=True,
        seed=2024,
        jobs=1,  # the network stays in this process
    )
    return next(rate for rate in result.by_strategy if rate.label == "trained")


def digest(agents: list[nfsp.NFSP], lines: list[str]) -> str:
    """A short hash of the agents' networks and the printed results."""
    hasher = hashlib.sha256()
    for agent in agents:
        for network in (agent._avg_network, agent._rl_agent._q_network):  # NFSP keeps them there
            for tensor in network.state_dict().values():
                hasher.update(tensor.detach().cpu().numpy().tobytes())
    hasher.update("\n".join(lines).encode())
    return hasher.hexdigest()[:16]


def main() -> None:
    """Train by self-play, then measure against the random and the cautious players."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run, to try it")
    parser.add_argument("--games", type=int, help="games of self-play (default 15,000)")
    parser.add_argument("--measure", type=int, help="games against each player (default 2,000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games, measure = (500, 200) if args.quick else (15_000, 2_000)
    games, measure = args.games or games, args.measure or measure
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    start = time.process_time()
    agents = train(games, args.seed)
    minutes = (time.process_time() - start) / 60
    print(
        f"{VARIANT}, {PLAYERS} players: NFSP, {games:,} games of self-play ({minutes:.1f} CPU-min)"
    )
    lines = []
    for opponent in ("random", "cautious"):
        rate = evaluate(agents[0], opponent, measure)
        lines.append(f"  against {opponent}: won {rate.wins} of {rate.games} games, {rate}")
        print(lines[-1])
    print(f"  digest {digest(agents, lines)} (seed {args.seed})")


if __name__ == "__main__":
    main()
