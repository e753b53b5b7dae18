"""The OpenSpiel game ``python_ono99`` side by side with OpenSpiel's C++ ``crazy_eights``.

Usage::

    python benchmarks/openspiel_speed.py            # the full run (about 20 seconds)
    python benchmarks/openspiel_speed.py --quick    # a smaller run, to try a change

Both games are played by the same loop, at 2 and at 4 players (each game at
the same number of players): a random legal action at each decision, each
chance outcome drawn by its odds, every action applied through OpenSpiel's
``State`` API. It counts the *decisions* (a player's actions) and, beside
them, every action applied (chance outcomes included) per CPU second. The
two games are measured in turn, several times in one run, and the best of
each is kept, so that both see the same load; the ratio is
``python_ono99``'s figure over ``crazy_eights``'. The variant is
``ono99-2022`` (``--variant`` for another).

A decision of ``python_ono99`` costs its ``legal_actions()`` (the engine's
legal moves, mapped to actions) and ``apply_action()`` (the move played in
the engine, then each card it draws given as a chance node); ``crazy_eights``
is written in C++ and its decisions are a few hundred nanoseconds.

It measures the ``ono99`` it imports and says which engine that has:
install with ``ONO99_COMPILE=1 pip install ".[rl]"`` for the compiled one.

Measured with the compiled engine on a two-core machine shared with other
jobs (load average 4.5 to 9), two runs: ``python_ono99`` made 33,600-35,500
decisions a second at 2 players (75,000-79,000 actions) against
``crazy_eights``' 323,600-328,800, 0.10-0.11x; at 4 players 30,900-31,700
(72,800-74,500 actions) against 310,200-314,800, 0.10x. The pure-Python
engine: 25,300 at 2 players, 0.075x. Where a decision's time goes
(compiled, 4 players): a third is the move played on a copy of the game
up to its first draw, which stops there to ask for the chance outcome, a
sixth the move played again once the outcome is given, a sixth the deal
(played again from the start at each of its chance nodes), and the rest
OpenSpiel's calls into Python and the legal actions. Each chance node
replays the engine from the last decision, the price of chance nodes that
are the cards themselves in an engine that runs a move to its end.
"""

from __future__ import annotations

import argparse
import random
import time

import pyspiel

import ono99.envs.openspiel  # noqa: F401 - registers python_ono99
from ono99.cli._main import version


def play(game: pyspiel.Game, games: int, seed: int = 1) -> tuple[int, int, float]:
    """Random play of ``games`` games: (decisions, actions, CPU seconds)."""
    rng = random.Random(seed)
    decisions = actions = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, odds = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, odds)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
            actions += 1
    return decisions, actions, time.process_time() - start


def measure(game: pyspiel.Game, games: int) -> tuple[float, float]:
    """One run: (decisions a CPU second, actions a CPU second)."""
    decisions, actions, seconds = play(game, games)
    return decisions / seconds, actions / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smaller run")
    parser.add_argument("--variant", default="ono99-2022", help="the variant (an id or path)")
    args = parser.parse_args()
    games, repeats = (60, 2) if args.quick else (400, 5)
    print(f"{version()}; {args.variant}; {games} games a run, best of {repeats}")
    print(f"{'':>28} {'decisions/s':>12} {'actions/s':>12} {'ratio':>7}")
    for players in (2, 4):
        ours = pyspiel.load_game("python_ono99", {"variant": args.variant, "players": players})
        theirs = pyspiel.load_game("crazy_eights", {"players": players})
        best_ours = best_theirs = (0.0, 0.0)
        for _ in range(repeats):  # in turn, so that both see the same load
            best_ours = max(best_ours, measure(ours, games))
            # crazy_eights' games are longer and its actions faster: as many games.
            best_theirs = max(best_theirs, measure(theirs, games))
        ratio = best_ours[0] / best_theirs[0]
        print(
            f"{f'python_ono99, {players} players':>28} {best_ours[0]:>12,.0f} "
            f"{best_ours[1]:>12,.0f} {ratio:>6.3f}x"
        )
        print(
            f"{f'crazy_eights (C++), {players} players':>28} {best_theirs[0]:>12,.0f} "
            f"{best_theirs[1]:>12,.0f}"
        )


if __name__ == "__main__":
    main()
