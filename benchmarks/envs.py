"""Environment steps per second, side by side with the engine's own step API.

Usage::

    python benchmarks/envs.py            # the full run (about a minute)
    python benchmarks/envs.py --quick    # a smaller run, to try a change

For ``ono99-2022`` with 4 players, every move a random legal one, it prints:

(a) the engine's step API: ``legal_moves()`` then ``play()``, no observation;
(b) the PettingZoo AEC environment (``raw_env``): ``last()`` (the observation
    vector and action mask of the agent to move) then ``step()``; each step
    is one move;
(c) the Gymnasium environment, one seat played by the agent and three by
    built-in random players: ``step()`` calls per second (each plays the
    agent's move and the others' until its next turn, and returns the next
    observation and mask), and the moves per second that makes. It is seeded
    once, as a training loop does;
(d) the batched Gymnasium environment (``gymnasium.make_vec``) over 64 such
    games: each game's step counts as one, a game that ended being dealt
    afresh at its next step; the random agent draws the whole batch's
    actions at once;
(e) the OpenSpiel game ``python_ono99`` beside OpenSpiel's own C++
    ``crazy_eights`` for as many players, in the same loop: random legal
    actions and chance outcomes drawn by their odds, every action applied
    (chance ones included) counted, the two measured in turn in one run
    (``benchmarks/openspiel_speed.py`` sets them side by side at 2 and 4
    players, counting decisions);
(f) the PettingZoo AEC environment of (b) beside the hand-written loop of
    ``benchmarks/reference.py`` (the same rules, plain ints and lists, no
    environment), measured in turn: (b)'s steps and the cards they play per
    second against the loop's plays per second;
(g) the self-play batch (``gymnasium.make_vec`` with ``seat=[0, 1, 2, 3]``)
    over 16 games, every seat learning, beside (c): decisions of a learning
    seat per second in each (in (g) every move is one, each game's row of
    the seat to move counting once a step; in (c) each ``step`` is one),
    measured in turn.

Each figure is the best of several runs, in one process on one core, counted
in CPU time (so other jobs on the machine weigh less on it). It
measures the ``ono99`` it imports, and says which engine that has: build the
compiled one with ``ONO99_COMPILE=1 pip install .[rl]`` in a virtual
environment.

Measured with the compiled engine on a two-core machine shared with other
jobs (load average 3.2 to 3.5), two runs: (a) 595,000-609,000 moves/s,
(b) 145,000-149,000 steps/s, (c) 93,000-97,000 steps/s, (d)
111,000-112,000 steps/s, (e) 58,000 OpenSpiel actions/s for
``python_ono99`` against 417,000-425,000 for ``crazy_eights``, 0.14x (with
chance outcomes of random bits rather than cards it was 0.05x, side by side
in the pure-Python build). (e) was measured before the OpenSpiel game fixed
the stock's next card after each move: ``benchmarks/openspiel_speed.py``
gives its figures since.

(f), measured with the compiled engine on an otherwise idle two-core machine
(two full runs of each build in turn, 2,000 games, best of five): 140,000 to
142,000 AEC steps/s against 541,000-542,000 plays/s of the loop, 0.26x, where
the build before what all seats see was written once a move gave
115,600-118,000 against 535,000-539,000, 0.22x. Earlier, under a load average
of 3.1 to 3.3: 0.23-0.24x, and 0.19-0.20x before the AEC step moved into the
compiled kernel. With the pure-Python engine (an editable install, 500 games,
best of five, load average 6 to 6.5): 0.068-0.069x.

(g), measured with the compiled engine (load average 0.6 to 1.0, best of
five, four runs): 66,500-74,000 self-play decisions/s against 61,500-69,500
steps/s of (c), 1.05-1.09x; 46,500-48,000 against 69,000 (0.67-0.70x) before a
game's rows were stepped in the compiled kernel. Pure-Python: 0.90x.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import gymnasium
import numpy as np
import pyspiel

import ono99
import ono99.envs.gymnasium  # registers ono99/Ono99-v2
import ono99.envs.openspiel  # registers python_ono99
from ono99.cli import version
from ono99.envs.pettingzoo import raw_env

sys.path.insert(0, str(Path(__file__).parent))
import reference  # the hand-written loop, beside this file

VARIANT = "ono99-2022"
PLAYERS = 4
BATCH = 64  # games in the batched Gymnasium environment


def best(run, games: int, repeats: int) -> float:  # type: ignore[no-untyped-def]
    """The best of several runs of ``run(games) -> (steps, seconds)``, in steps per second."""
    return max(steps / seconds for steps, seconds in (run(games) for _ in range(repeats)))


def engine_steps(games: int) -> tuple[int, float]:
    variant = ono99.load_variant(VARIANT)
    rng = random.Random(1)
    steps = 0
    start = time.process_time()
    for seed in range(games):
        game = ono99.Game(variant, PLAYERS, seed=seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
            steps += 1
    return steps, time.process_time() - start


def pettingzoo_steps(games: int) -> tuple[int, float]:
    steps, _, seconds = pettingzoo_plays(games)
    return steps, seconds


def pettingzoo_plays(games: int) -> tuple[int, int, float]:
    """Random play of the raw AEC environment: (steps, cards played, CPU seconds)."""
    env = raw_env(VARIANT, PLAYERS, seed=1)
    rng = random.Random(1)
    steps = plays = 0
    start = time.process_time()
    for _ in range(games):
        env.reset()
        while env.agents:
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(observation["action_mask"].nonzero()[0].tolist()))
            steps += 1
        plays += env.game.cards_played
    return steps, plays, time.process_time() - start


def reference_plays(games: int) -> tuple[int, float]:
    """The hand-written loop of ``reference.py``: (cards played, CPU seconds)."""
    rng = random.Random(1)
    start = time.process_time()
    plays = sum(reference.play_game(PLAYERS, rng) for _ in range(games))
    return plays, time.process_time() - start


def gymnasium_steps(games: int) -> tuple[int, int, float]:
    env = gymnasium.make(
        "ono99/Ono99-v2", variant=VARIANT, players=PLAYERS, opponents="random"
    ).unwrapped
    rng = random.Random(1)
    steps = moves = 0
    start = time.process_time()
    for game in range(games):
        # Seeded once, as a training loop does: each later game takes the next seed.
        _, info = env.reset(seed=1 if game == 0 else None)
        done = False
        while not done:
            _, _, done, _, info = env.step(rng.choice(info["action_mask"].nonzero()[0].tolist()))
            steps += 1
        moves += len(env.game.moves)
    return steps, moves, time.process_time() - start


def vector_steps(games: int) -> tuple[int, float]:
    """Steps of the batched Gymnasium environment: each game's step counts as one."""
    envs = gymnasium.make_vec(
        "ono99/Ono99-v2", num_envs=BATCH, variant=VARIANT, players=PLAYERS, opponents="random"
    )
    rng = np.random.default_rng(1)
    steps = 0
    # About as many games as the other runs (an episode is about twelve steps).
    rounds = games * 12 // BATCH
    start = time.process_time()
    _, info = envs.reset(seed=1)
    for _ in range(rounds):
        # A random legal action in each game, drawn for the whole batch at once
        # (0 in a game that ended: the step deals it afresh and ignores it).
        mask = info["action_mask"]
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        _, _, _, _, info = envs.step(actions)
        steps += BATCH
    return steps, time.process_time() - start


def selfplay_decisions(games: int) -> tuple[int, float]:
    """Decisions of the self-play batch, every seat learning: one a game each step."""
    envs = gymnasium.make_vec(
        "ono99/Ono99-v2",
        num_envs=BATCH,
        variant=VARIANT,
        players=PLAYERS,
        seat=list(range(PLAYERS)),
    )
    rng = np.random.default_rng(1)
    decisions = 0
    # About as many games as the other runs (a game is about 45 moves).
    rounds = games * 45 * PLAYERS // BATCH
    start = time.process_time()
    _, info = envs.reset(seed=1)
    for _ in range(rounds):
        mask = info["action_mask"]
        moving = int(mask.any(axis=1).sum())  # one row a game, or none where it ended
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        _, _, _, _, info = envs.step(actions)
        decisions += moving
    return decisions, time.process_time() - start


def openspiel_actions(game: pyspiel.Game, games: int) -> tuple[int, float]:
    """Random play of an OpenSpiel game: every action applied, chance outcomes included."""
    rng = random.Random(1)
    actions = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, odds = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, odds)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smaller run")
    args = parser.parse_args()
    games, repeats = (200, 2) if args.quick else (2000, 5)
    print(f"{version()}; {VARIANT}, {PLAYERS} random players, {games} games, best of {repeats}")
    a = best(engine_steps, games, repeats)
    print(f"(a) engine step API (legal_moves + play):   {a:>10,.0f} moves/s")
    b = best(pettingzoo_steps, games, repeats)
    print(f"(b) PettingZoo AEC (last + step):           {b:>10,.0f} steps/s  ({b / a:.0%} of a)")
    runs = [gymnasium_steps(games) for _ in range(repeats)]
    c_steps, c_moves, c_seconds = max(runs, key=lambda r: r[0] / r[2])
    c, c_all = c_steps / c_seconds, c_moves / c_seconds
    print(
        f"(c) Gymnasium (step, 3 random opponents):   {c:>10,.0f} steps/s  "
        f"({c_all:,.0f} moves/s, {c_all / a:.0%} of a)"
    )
    d = best(vector_steps, games, repeats)
    print(f"(d) Gymnasium vector env, {BATCH} games:       {d:>10,.0f} steps/s  (per game)")
    ours = pyspiel.load_game("python_ono99", {"variant": VARIANT, "players": PLAYERS})
    theirs = pyspiel.load_game("crazy_eights", {"players": PLAYERS})
    e_ours = e_theirs = 0.0
    for _ in range(repeats):  # in turn, so that both see the same load
        e_ours = max(e_ours, per_second(openspiel_actions(ours, games // 4)))
        e_theirs = max(e_theirs, per_second(openspiel_actions(theirs, games // 4)))
    print(f"(e) OpenSpiel python_ono99 (random play):   {e_ours:>10,.0f} actions/s")
    print(
        f"    OpenSpiel crazy_eights (C++), {PLAYERS} players: {e_theirs:>10,.0f} actions/s  "
        f"(python_ono99 {e_ours / e_theirs:.2f}x)"
    )
    f_steps = f_plays = f_ref = 0.0
    for _ in range(repeats):  # in turn, so that both see the same load
        steps, plays, seconds = pettingzoo_plays(games)
        f_steps, f_plays = max(f_steps, steps / seconds), max(f_plays, plays / seconds)
        f_ref = max(f_ref, per_second(reference_plays(games)))
    print(f"(f) hand-written loop (reference.py):       {f_ref:>10,.0f} plays/s")
    print(
        f"    PettingZoo AEC beside it:               {f_steps:>10,.0f} steps/s  "
        f"({f_steps / f_ref:.2f}x; {f_plays:,.0f} cards played/s, {f_plays / f_ref:.2f}x)"
    )

    g = g_single = 0.0
    for _ in range(repeats):  # in turn, so that both see the same load
        g = max(g, per_second(selfplay_decisions(games)))
        steps, _, seconds = gymnasium_steps(games)
        g_single = max(g_single, steps / seconds)
    print(f"(g) self-play batch, {BATCH // PLAYERS} games, every seat: {g:>10,.0f} decisions/s")
    print(
        f"    Gymnasium (c) beside it:                {g_single:>10,.0f} decisions/s  "
        f"(self-play {g / g_single:.2f}x)"
    )


def per_second(run: tuple[int, float]) -> float:
    actions, seconds = run
    return actions / seconds


if __name__ == "__main__":
    main()
