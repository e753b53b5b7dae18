"""The OpenSpiel game ``python_ono99`` side by side with OpenSpiel's C++ ``crazy_eights``.

Usage::

    python benchmarks/openspiel_speed.py            # the full run (about 5 seconds)
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
legal moves, mapped to actions) and ``apply_action()`` (the move played on
the state's own game); each card is a chance node of its own: the deal's
cards in a row before the deal is played, then after each move one that
fixes the stock's next card (no player sees it), which the next move draws
at once (see :mod:`ono99.envs.openspiel`). ``crazy_eights`` is written in
C++ and its decisions are a few hundred nanoseconds.

It measures the ``ono99`` it imports and says which engine that has:
install with ``ONO99_COMPILE=1 pip install ".[rl]"`` for the compiled one.

Measured with the compiled engine on a two-core machine shared with other
jobs (load average 2.1 to 3.4), three runs: ``python_ono99`` made
65,600-67,600 decisions a second at 2 players (146,000-151,000 actions)
against ``crazy_eights``' 261,100-267,400, 0.25x (0.251x to 0.255x); at 4
players 64,500-66,500 (151,000-156,000 actions) against 251,300-255,100,
0.25-0.26x (0.253x to 0.264x). The pure-Python engine, in the same minute:
52,100 at 2 players, 0.195x; 51,800 at 4, 0.205x. Before the chance nodes
were cut as they are now (each drawn card a chance node reached by playing
the move on a copy up to the draw, then again once the card was given, and
the deal played again from the start at each of its cards), the compiled
engine made 33,600-35,500 at 2 players (0.10-0.11x) and 30,900-31,700 at 4
(0.10x), at load average 4.5 to 9. Of a decision's time now, about a third
is the engine's move (with its log, which the information state reads),
and most of the rest OpenSpiel's calls into Python and the chance node
that fixes the next card after each move (about one a decision, and one
per card dealt).

Measured later on a machine whose speed varied by a third between runs, the
ratio ranged from 0.19x to 0.28x for the same build; the figures of that
sitting, and what changed since, are in ``docs/explanation/speed.rst``.
"""

from __future__ import annotations

import argparse
import random
import time

import pyspiel

import ono99.envs.openspiel  # noqa: F401 - registers python_ono99
from ono99.cli import version


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
