"""Is the search player stronger than the cautious one, and how fast does it decide?

One search player against cautious ones, the search seat rotating from game to
game so that it plays every seat equally often. Prints the search player's win
rate with its 95% Wilson interval beside its fair share (1 / players): it is
measurably stronger when the whole interval lies above, and its speed as
decisions per second of CPU time (every call of ``choose``, including those
with a single legal move, which need no search) and per searched decision
(two or more legal moves), with a 95% interval from the spread between games.

    python benchmarks/search_vs_cautious.py --games 400     # both editions, 2 and 4 players
    python benchmarks/search_vs_cautious.py --variant ono99-1980 --players 2 --games 400

Without ``--variant`` or ``--players`` one run measures each shipped edition
at 2 and 4 players and ends with a table of the four (``--markdown`` prints
it as Markdown too, for notes and issues; the docs keep the figures, in the
simulate how-to).

Options of :class:`ono99.SearchPlayer` are passed on with ``--option NAME=VALUE``
(``--option iterations=400``). The same ``--seed`` gives the same games and
the same decisions whatever ``--jobs`` is; only the times vary. CPU time is
measured in the process that plays the game, so it does not count waiting
for a shared core.

:func:`measure` returns the figures as a dict, for ``benchmarks/run.py``.

Measured with ``--games 2000``, the compiled engine, on a 2-core machine
shared with other jobs (load average 3 to 9): the defaults decide 1,810 to
6,310 times a second (808 to 1,411 before the search was kept within
``reach`` of the bust limit), and win 59.2%, 27.3%, 53.6% and 28.7% (1980
at 2 and 4 players, 2022 at 2 and 4; before, 58.6%, 27.2%, 52.8% and
28.6%); the intervals, earlier figures and ``--option patience=2`` are in
the simulate how-to's section on the search player. "Searched" decisions
are those with two or more legal moves; the player searches only those
near the bust limit. ``benchmarks/search_speed.py``
compares the speed of two versions side by side.
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import json
import math
import random
import sys
import time
from typing import Any

import rich.console
import rich.table

import ono99
from ono99.simulation import wilson_interval

EDITIONS = ("ono99-1980", "ono99-2022")


class _Timed:
    """A search player that counts its decisions and the CPU time they take."""

    def __init__(self, player: ono99.SearchPlayer) -> None:
        self.player = player
        self.decisions = 0
        self.searched = 0
        self.cpu = 0.0

    def choose(self, observation: ono99.Observation) -> ono99.Move:
        start = time.process_time()
        move = self.player.choose(observation)
        self.cpu += time.process_time() - start
        self.decisions += 1
        self.searched += len(observation.legal_moves) > 1
        return move


def _play(task: tuple[str, int, int, int, int, dict[str, Any]]) -> tuple[bool, int, int, float]:
    """One game: (the search player won, decisions, searched decisions, CPU seconds)."""
    variant, players, game_seed, seat, player_seed, options = task
    game = ono99.Game(variant, players, seed=game_seed)
    search = _Timed(ono99.SearchPlayer(player_seed, **options))
    seats: list[ono99.Player] = [ono99.CautiousPlayer() for _ in range(players)]
    seats[seat] = search
    winner = ono99.play_out(game, seats)
    return winner == seat, search.decisions, search.searched, search.cpu


def _ratio(cpu: list[float], counts: list[int]) -> tuple[float, float, float]:
    """Seconds per decision over all games, and a 95% interval (delta method, per game)."""
    total = sum(counts)
    if not total:
        return math.nan, math.nan, math.nan
    r = sum(cpu) / total
    n = len(cpu)
    if n < 2:
        return r, math.nan, math.nan
    mean_count = total / n
    spread = sum((c - r * k) ** 2 for c, k in zip(cpu, counts, strict=True)) / (n - 1)
    error = math.sqrt(spread / n) / mean_count
    return r, max(0.0, r - 1.96 * error), r + 1.96 * error


def measure(
    variant: str = "ono99-2022",
    players: int = 2,
    games: int = 200,
    *,
    seed: int = 2024,
    jobs: int | None = 1,
    **options: Any,
) -> dict[str, Any]:
    """Play ``games`` games of one search player against cautious ones; the figures.

    Args:
        variant: The variant's id.
        players: Players per game (one of them the search player).
        games: How many games.
        seed: Seed of every game's deal and of the search player.
        jobs: Worker processes (``None``: one per CPU).
        **options: Keyword arguments of :class:`ono99.SearchPlayer`.

    Returns:
        A dict: ``wins``, ``games``, ``rate``, ``interval`` (95% Wilson),
        ``fair``, ``decisions``, ``searched``, ``cpu_seconds``,
        ``ms_per_decision`` and ``ms_per_searched`` (each a mean with a 95%
        interval), ``decisions_per_second``.
    """
    rng = random.Random(seed)
    tasks = [
        (variant, players, rng.getrandbits(63), i % players, rng.getrandbits(63), options)
        for i in range(games)
    ]
    if jobs == 1:
        results = list(map(_play, tasks))
    else:
        with concurrent.futures.ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_play, tasks, chunksize=max(1, games // 50)))
    wins = sum(r[0] for r in results)
    decisions = [r[1] for r in results]
    searched = [r[2] for r in results]
    cpu = [r[3] for r in results]
    per_decision = _ratio(cpu, decisions)
    per_searched = _ratio(cpu, searched)
    return {
        "variant": variant,
        "players": players,
        "options": options,
        "wins": wins,
        "games": games,
        "rate": wins / games,
        "interval": wilson_interval(wins, games),
        "fair": 1 / players,
        "decisions": sum(decisions),
        "searched": sum(searched),
        "cpu_seconds": sum(cpu),
        "ms_per_decision": tuple(1e3 * x for x in per_decision),
        "ms_per_searched": tuple(1e3 * x for x in per_searched),
        "decisions_per_second": 1 / per_decision[0] if per_decision[0] else math.inf,
    }


def describe(figures: dict[str, Any]) -> str:
    """The figures of :func:`measure` in a few lines of words."""
    low, high = figures["interval"]
    verdict = _verdict(figures)
    ms, ms_low, ms_high = figures["ms_per_decision"]
    sms, sms_low, sms_high = figures["ms_per_searched"]
    return (
        f"{figures['variant']}, {figures['players']} players, "
        f"{figures['options'] or 'defaults'}:\n"
        f"  search won {figures['wins']} of {figures['games']} games: {figures['rate']:.1%}, "
        f"95% CI {low:.1%} to {high:.1%}, fair share {figures['fair']:.1%}: {verdict}\n"
        f"  {figures['decisions']} decisions ({figures['searched']} searched) in "
        f"{figures['cpu_seconds']:.1f} s of CPU: "
        f"{figures['decisions_per_second']:.1f} decisions/s;\n"
        f"  {ms:.2f} ms a decision (95% CI {ms_low:.2f} to {ms_high:.2f}), "
        f"{sms:.2f} ms a searched one ({sms_low:.2f} to {sms_high:.2f})"
    )


def _verdict(figures: dict[str, Any]) -> str:
    """Whether the 95% interval lies above the fair share, below it, or around it."""
    low, high = figures["interval"]
    if low > figures["fair"]:
        return "stronger"
    if high < figures["fair"]:
        return "weaker"
    return "not measurably different"


def _rows(runs: list[dict[str, Any]]) -> list[tuple[str, ...]]:
    """The summary table's rows, one a run: edition, players, wins, rate, interval, verdict."""
    rows: list[tuple[str, ...]] = []
    for f in runs:
        low, high = f["interval"]
        rows.append(
            (
                f["variant"],
                str(f["players"]),
                f"{f['wins']} / {f['games']}",
                f"{f['rate']:.1%}",
                f"{low:.1%} to {high:.1%}",
                f"{f['fair']:.0%}",
                _verdict(f),
                f"{f['decisions_per_second']:.0f}",
            )
        )
    return rows


HEADERS = (
    "edition",
    "players",
    "search wins",
    "rate",
    "95% CI (Wilson)",
    "fair share",
    "verdict",
    "decisions/s",
)


def summary(runs: list[dict[str, Any]], *, markdown: bool = False) -> str:
    """The figures of several :func:`measure` runs as one table (Markdown, or for a terminal)."""
    rows = _rows(runs)
    if markdown:
        lines = ["| " + " | ".join(HEADERS) + " |", "|" + "---|" * len(HEADERS)]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        return "\n".join(lines)
    table = rich.table.Table(*HEADERS, title="search player against cautious ones")
    for row in rows:
        table.add_row(*row)
    console = rich.console.Console(width=120)
    with console.capture() as captured:
        console.print(table)
    return captured.get()


def _option(text: str) -> tuple[str, Any]:
    name, _, value = text.partition("=")
    try:
        return name, ast.literal_eval(value)
    except (ValueError, SyntaxError):
        return name, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", help="one variant (default: each shipped edition)")
    parser.add_argument("--players", type=int, help="one player count (default: 2 and 4)")
    parser.add_argument(
        "--all", action="store_true", help="each edition at 2 and 4 players (the default)"
    )
    parser.add_argument("--games", type=int, default=200, help="games of each run")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (0: one per CPU)")
    parser.add_argument("--option", action="append", default=[], type=_option)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    parser.add_argument("--markdown", action="store_true", help="the table in Markdown too")
    args = parser.parse_args()
    variants = [args.variant] if args.variant and not args.all else list(EDITIONS)
    counts = [args.players] if args.players and not args.all else [2, 4]
    options = dict(args.option)
    runs = []
    for variant in variants:
        for players in counts:
            figures = measure(
                variant, players, args.games, seed=args.seed, jobs=args.jobs or None, **options
            )
            runs.append(figures)
            print(describe(figures), flush=True)
            if args.json:
                json.dump(figures, sys.stdout)
                print()
    if len(runs) > 1:
        print(summary(runs), end="")
        if args.markdown:
            print(summary(runs, markdown=True))


if __name__ == "__main__":
    main()
