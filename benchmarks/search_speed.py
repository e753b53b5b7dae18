"""How many decisions a second the search player makes, comparable across versions.

One search player against cautious ones on fixed games (the search seat
rotating), timing only the search player's ``choose`` in CPU time. It uses
nothing but the public API that every version of ``ono99`` has had, so the
same script measures an older checkout: run it once with this one and once
with ``PYTHONPATH`` pointing at the other's source tree (or in a virtual
environment where it is installed), on the same machine at the same time,
and compare the two rates. The digest of the search player's moves says
whether the two versions made the same decisions.

    python benchmarks/search_speed.py ono99-2022 2 --games 60 --repeat 2
    git worktree add ../ono99-before f60d42d^
    PYTHONPATH=../ono99-before python benchmarks/search_speed.py ono99-2022 2 --games 60 --repeat 2

Measured so on an idle 2-core machine (the better of two runs each; the
seed 2024, 60 games of 2022 and 30 of 1980), against the search before its
speed work (``f60d42d^``), the search makes 10.9 and 11.2 times as many
decisions a second in the 2022 edition at 2 and 4 players and 14.4 and 16.1
in the 1980 edition with the pure-Python engine; 17.3, 18.7, 23.7 and 28.0
times with the compiled one (both versions built with ``ONO99_COMPILE=1``).

Each run also times the reference loop (``benchmarks/reference.py``) and
prices a whole game, every player and the engine included, in plays of it.
Against the search before it was kept within ``reach`` of the bust limit
(``84d5d03^``), on a 2-core machine shared with other jobs (load average
about 3; the better of two runs each, taken in turn), the compiled search
makes 5,809 decisions a second against 858 in 2022 heads-up, and 8,078
against 1,365 in 1980; a heads-up game costs 2,414 plays of the reference
loop against 14,198, and 5,983 against 30,418.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import reference

import ono99


class _Timed:
    """A search player that counts its decisions, their CPU time and its moves."""

    def __init__(self, player: ono99.SearchPlayer, moves: list[str]) -> None:
        self.player = player
        self.moves = moves
        self.cpu = 0.0
        self.decisions = 0

    def choose(self, observation: ono99.Observation) -> ono99.Move:
        start = time.process_time()
        move = self.player.choose(observation)
        self.cpu += time.process_time() - start
        self.decisions += 1
        self.moves.append(repr(move))
        return move


def measure(variant: str, players: int, games: int, seed: int) -> tuple[int, float, float, str]:
    """Play ``games`` games; the search player's decisions and CPU time, the games', a digest.

    The games' CPU seconds count every player and the engine; the digest is of
    the search player's moves.
    """
    rng = random.Random(seed)
    moves: list[str] = []
    decisions, cpu, whole = 0, 0.0, 0.0
    for index in range(games):
        start = time.process_time()
        game = ono99.Game(variant, players, seed=rng.getrandbits(63))
        seats: list[ono99.Player] = [ono99.CautiousPlayer() for _ in range(players)]
        timed = _Timed(ono99.SearchPlayer(seed=rng.getrandbits(32)), moves)
        seats[index % players] = timed
        ono99.play_out(game, seats)
        whole += time.process_time() - start
        decisions += timed.decisions
        cpu += timed.cpu
    digest = hashlib.sha256("".join(moves).encode()).hexdigest()[:12]
    return decisions, cpu, whole, digest


def reference_rate(games: int = 2000) -> float:
    """The hand-written reference loop's plays a second of CPU time (``run.py``'s (c)).

    The unit of a game's cost: 4 random players of the 2022 rules, as in
    ``benchmarks/run.py``.
    """
    rng = random.Random(1)
    start = time.process_time()
    plays = sum(reference.play_game(4, rng) for _ in range(games))
    return plays / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", help="a shipped variant, such as ono99-2022")
    parser.add_argument("players", type=int)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=1, help="runs; the best is kept")
    args = parser.parse_args()
    best, game_cpu, reference_best = 0.0, float("inf"), 0.0
    for _ in range(args.repeat):
        reference_best = max(reference_best, reference_rate())
        decisions, cpu, whole, digest = measure(args.variant, args.players, args.games, args.seed)
        best = max(best, decisions / cpu)
        game_cpu = min(game_cpu, whole / args.games)
    print(
        f"ono99 {ono99.__version__} from {ono99.__file__}\n"
        f"{args.variant}, {args.players} players, {args.games} games: {decisions} decisions, "
        f"{best:.1f} a second (best of {args.repeat}), moves digest {digest}\n"
        f"a game: {game_cpu * 1e3:.2f} ms of CPU, {game_cpu * reference_best:,.0f} plays of "
        f"the reference loop ({reference_best:,.0f} plays/s, best of {args.repeat})"
    )


if __name__ == "__main__":
    main()
