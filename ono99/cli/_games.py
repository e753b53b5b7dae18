"""The commands that play games: ``demo``, ``simulate``, ``compare`` and ``play``."""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import random
import sys
from typing import TYPE_CHECKING

from ono99 import events as ev
from ono99._errors import Ono99Error
from ono99.authoring import never_ends
from ono99.engine import Game, describe_event
from ono99.loading import load_variant
from ono99.players import CautiousPlayer, RandomPlayer
from ono99.simulation import (
    Grid,
    ProgressBars,
    compare_variants,
    comparison_parts,
    plot_results,
    result_parts,
    simulate,
)

from ._interactive import play_in_terminal
from ._options import (
    PLAYERS_HELP,
    STRATEGIES_HELP,
    UsageError,
    chart_file,
    default_players,
    examples,
    jobs_wanted,
    match_options,
    player_count,
    players_for,
    run_seed,
    strategy,
    variant_name,
    variant_options,
    whole,
)
from ._output import ERROR, HEADING, KEY, MUTED, OK, WARNING, heading, say, table

if TYPE_CHECKING:
    import concurrent.futures
    from collections.abc import Iterator, Sequence

    from ono99._variant import Variant
    from ono99.engine import Player
    from ono99.simulation import Part

__all__ = ["add_game_commands", "executor_of", "limit_options", "warn_of_caps"]

TUTORIAL = "https://ono99.readthedocs.io/en/latest/tutorial/getting-started.html"
"""The tutorial, where the demo sends a reader next."""


# ------------------------------------------------------------------- demo


def _demo(args: argparse.Namespace) -> int:
    variant = load_variant(args.variant, args.house_rule, later_wins=args.later_wins)
    players = players_for(args.players, variant)
    game = Game(variant, players, seed=run_seed(args))
    seats: list[Player] = [
        CautiousPlayer() if seat % 2 == 0 else RandomPlayer(game.seed + seat)
        for seat in range(players)
    ]
    kinds = ", ".join(f"{seat}: {type(p).__name__}" for seat, p in enumerate(seats))
    say((f"{variant.name}, {players} players, seed {game.seed}", HEADING), f" ({kinds})")
    told = _Teller(game, every_play=args.verbose)
    told(game.events)
    while not game.is_over:
        seat = game.current_player
        told(game.play(seats[seat].choose(game.observation(seat))))
    told.close()
    _next_steps(variant, args.variant)
    return 0


class _Teller:
    """Tells a game's events: the first round play by play, later ones in a line each.

    With ``every_play``, every event of every round, the cards dealt and drawn
    included. Call :meth:`close` after the last events.
    """

    # What a round told in one line still shows: how it ended, and what it cost.
    _OUTCOMES = (
        ev.Busted,
        ev.Stuck,
        ev.LaidDown,
        ev.Eliminated,
        ev.TokenLost,
        ev.Scored,
    )

    def __init__(self, game: Game, *, every_play: bool) -> None:
        self.game = game
        self.every_play = every_play
        self.round = 0
        self.plays = 0
        self.outcomes: list[str] = []

    def __call__(self, happened: Sequence[ev.Event]) -> None:
        variant = self.game.variant
        for event in happened:
            if isinstance(event, ev.RoundStarted):
                self.close()
                self.round, self.plays = event.round, 0
                if event.round == 2 and not self.every_play:
                    say(("Each later round in a line (--verbose shows every play):", MUTED))
            if isinstance(event, ev.Played):
                self.plays += 1
            line = describe_event(event, variant, hidden=not self.every_play)
            if line is None:
                continue
            if self.every_play or self.round <= 1 or isinstance(event, ev.GameWon):
                self.close()
                _tell(event, line)
            elif isinstance(event, self._OUTCOMES):
                self.outcomes.append(line[0].lower() + line[1:])

    def close(self) -> None:
        """Tell the round summed up so far, if there is one."""
        if self.outcomes:
            say(
                (f"Round {self.round}", "bold"),
                f", {self.plays} plays: ",
                "; ".join(self.outcomes),
            )
            self.outcomes = []


def _tell(event: ev.Event, line: str) -> None:
    if isinstance(event, ev.RoundStarted):
        say((line, "bold"))
    elif isinstance(event, ev.Busted | ev.Stuck | ev.LaidDown | ev.Eliminated):
        say((line, ERROR))
    elif isinstance(event, ev.GameWon):
        say((line, f"bold {OK}"))
    elif isinstance(event, ev.RoundEnded | ev.TokenLost | ev.Scored):
        say((line, WARNING))
    else:
        say(line)


def _next_steps(variant: Variant, name: str) -> None:
    """What to try next: a house rule of three lines, a game of one's own, the tutorial.

    ``name`` is the variant as the command line named it.
    """
    card = next((c for c in variant.cards if c.count and not c.plays_as_number()), None)
    say()
    heading("Try next")
    if card is not None:
        say("- Change a rule: save these lines as ", ("house.toml", KEY))
        say((f"    [cards.{card.id}]", KEY))
        say((f"    count = {card.count * 2}", KEY))
        say(
            f"  (twice as many {card.name} cards), then: ",
            (f"ono99 demo {name} --house-rule house.toml", KEY),
        )
    say("- Play against the built-in players: ", ("ono99 play", KEY))
    say("- Play 2,000 games and count the wins: ", ("ono99 simulate --games 2000", KEY))
    say("- The tutorial, to your own variant and player: ", (TUTORIAL, KEY))


# ------------------------------------------------------------ simulations


def _summary(parts: list[Part]) -> None:
    """A simulation's summary drawn with rich: the first line a heading, tables that fit."""
    for index, part in enumerate(parts):
        if isinstance(part, Grid):
            say()
            table(part.header, part.rows, right=part.right)
        elif index == 0:
            heading(part)
        else:
            say(part)


def limit_options(parser: argparse.ArgumentParser) -> None:
    """A command that may play for long: its ``--time-limit`` and ``--scheduler``."""
    parser.add_argument(
        "--time-limit",
        type=seconds,
        metavar="N",
        help="stop with an error once N seconds have passed (default: no limit)",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play the games on the Dask cluster whose scheduler is at ADDRESS, such as "
        "tcp://10.0.0.5:8786 (needs the dask extra: pip install 'ono99[dask]'); "
        "the same seed gives the same results",
    )


def seconds(text: str) -> float:
    """``--time-limit``: a number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"expected seconds above 0, got {text!r}")
    return value


@contextlib.contextmanager
def executor_of(args: argparse.Namespace) -> Iterator[concurrent.futures.Executor | None]:
    """The executor of ``--scheduler``'s cluster while the block runs (``None`` without it)."""
    address: str | None = args.scheduler
    if address is None:
        yield None
        return
    try:
        import distributed  # noqa: PLC0415 - the optional dask extra, only when asked for
    except ImportError:
        raise UsageError(
            "--scheduler",
            "playing on a Dask cluster needs the dask extra: pip install 'ono99[dask]'",
        ) from None
    try:
        client = distributed.Client(address, timeout=30)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        raise UsageError(
            "--scheduler", f"no Dask scheduler answered at {address!r}: {exc}"
        ) from None
    with client:
        yield client.get_executor()  # type: ignore[no-untyped-call]


def warn_of_caps(variant: Variant) -> None:
    """Say at once, before any game, where a variant's games are expected to run to its caps.

    The warnings are those ``ono99 validate`` gives of a round or a game that
    can never end by itself.
    """
    for key, message in never_ends(variant):
        say(
            f"{variant.id}: ",
            ("warning:", WARNING),
            f" {key}: {message}; its games are expected to run to these caps, "
            "and take as long (--time-limit bounds the wait)",
            stderr=True,
        )


def _simulate(args: argparse.Namespace) -> int:
    chart = chart_file(args)
    variant = load_variant(args.variant, args.house_rule, later_wins=args.later_wins)
    players = players_for(args.players, variant)
    strategies = args.strategy or ["cautious"]
    seed = run_seed(args)
    jobs = jobs_wanted(args)
    warn_of_caps(variant)
    bars = ProgressBars([variant.id], enabled=not args.json and not args.quiet)
    with executor_of(args) as executor, bars.shown(args.games):
        result = simulate(
            variant,
            players=players,
            games=args.games,
            strategies=strategies,
            seed=seed,
            jobs=jobs,
            executor=executor,
            rotate=args.rotate,
            progress=bars.callback(0),
            time_limit=args.time_limit,
        )
    if args.json:
        print(json.dumps(result.to_data()))  # plain, for other tools (json escapes controls)
    else:
        _summary(result_parts(result))
    if chart is not None:
        plot_results(result, chart)
        if not args.json:
            say("\nchart written to ", (str(chart), KEY))
    return 0


def _compare(args: argparse.Namespace) -> int:
    chart = chart_file(args)
    variants = [
        load_variant(v, args.house_rule, later_wins=args.later_wins) for v in args.variants
    ]
    players = args.players
    if players is None:  # the default rule, over the range every variant allows
        low = max(v.players.min for v in variants)
        players = default_players(low, max(low, min(v.players.max for v in variants)))
    for variant in variants:
        players_for(players, variant)
    seed = run_seed(args)
    jobs = jobs_wanted(args)
    bars = ProgressBars([v.id for v in variants], enabled=not args.json and not args.quiet)
    with bars.shown(args.games):
        comparison = compare_variants(
            variants,
            players=players,
            games=args.games,
            strategies=args.strategy or ["cautious"],
            seed=seed,
            jobs=jobs,
            rotate=args.rotate,
            progress=bars.comparison(),
        )
    if args.json:
        print(json.dumps(comparison.to_data()))  # plain, for other tools
    else:
        for part in comparison_parts(comparison):
            if isinstance(part, Grid):
                table(part.header, part.rows, right=part.right)
    if chart is not None:
        plot_results(comparison, chart)
        if not args.json:
            say("\nchart written to ", (str(chart), KEY))
    return 0


# ------------------------------------------------------------------- play


def _play(args: argparse.Namespace) -> int:
    variant = load_variant(args.variant, args.house_rule, later_wins=args.later_wins)
    players = players_for(args.players, variant)
    if not 0 <= args.seat < players:
        raise UsageError("--seat", f"expected a seat from 0 to {players - 1}, got {args.seat}")
    if sys.stdin is None or sys.stdin.closed:
        raise Ono99Error("play reads your moves from standard input, which is closed")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    return play_in_terminal(  # which prints the seed in its greeting
        variant,
        players=players,
        seed=seed,
        opponent=args.opponent,
        seat=args.seat,
        pause=not args.no_pause,
    )


def add_game_commands(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    formatter: type[argparse.HelpFormatter],
) -> None:
    """Add the commands that play games to the command's subparsers."""
    sim = commands.add_parser(
        "simulate",
        help="play many games between built-in players and summarise them",
        description=(
            "Play many games between built-in players (or your own): wins per seat and "
            "strategy with 95% confidence intervals, game lengths, and the cards that "
            "decided games. The same seed gives the same result, whatever --jobs. A game "
            "takes about a millisecond, or a hundredth of a second or so with a 'search' player."
        ),
        epilog=examples(
            "ono99 simulate ono99-1980 --players 3 --games 2000 --seed 1",
            "ono99 simulate --players 2 --strategy cautious --strategy reckless",
            "ono99 simulate --players 2 --games 200 --strategy search --strategy cautious",
            "ono99 simulate --strategy greedy:GreedyPlayer --strategy cautious --players 2",
            "ono99 simulate --games 5000 --json > results.json",
        ),
        formatter_class=formatter,
    )
    variant_options(sim)
    match_options(sim, games=1000)
    limit_options(sim)
    sim.set_defaults(run=_simulate, parser=sim)

    compare = commands.add_parser(
        "compare",
        help="simulate several variants with the same seeds, side by side",
        description=(
            "Simulate several variants with the same seeds and players, side by side, "
            "one progress bar a variant."
        ),
        epilog=examples(
            "ono99 compare ono99-1980 ono99-1980-option --games 2000",
            "ono99 compare ono99-2022 my-variant.toml --players 3 --chart compare.png",
        ),
        formatter_class=formatter,
    )
    compare.add_argument(
        "variants",
        nargs="+",
        type=variant_name,
        metavar="VARIANT",
        help="variant ids or TOML file paths",
    )
    variant_options(compare, default=None)
    match_options(compare, games=500)
    compare.set_defaults(run=_compare, parser=compare)

    play = commands.add_parser(
        "play",
        help="play a game in the terminal against built-in players",
        description=(
            "Play a game against built-in players. On your turn, type the letter of a move "
            "from the list (or a card's name); to lay cards away into a crib, their numbers "
            "in your hand or their names; 'help' explains, 'quit' leaves."
        ),
        epilog=examples(
            "ono99 play",
            "ono99 play ono99-1980 --players 3 --seed 7",
            "ono99 play --opponent search --house-rule two-decks",
        ),
        formatter_class=formatter,
    )
    variant_options(play)
    play.add_argument(
        "--players", type=player_count, metavar="N", help=f"players, you included ({PLAYERS_HELP})"
    )
    play.add_argument(
        "--seed", type=whole, metavar="N", help="seed of the shuffles (default: chosen and shown)"
    )
    play.add_argument(
        "--no-pause", action="store_true", help="do not wait for Enter between rounds"
    )
    play.add_argument(
        "--opponent",
        type=strategy,
        default="cautious",
        metavar="STRATEGY",
        help=f"the other players' strategy: {STRATEGIES_HELP} (default: cautious)",
    )
    play.add_argument(
        "--seat", type=whole, default=0, metavar="N", help="your seat, from 0 (default: 0)"
    )
    play.set_defaults(run=_play, parser=play)

    demo = commands.add_parser(
        "demo",
        help="watch built-in players play a whole game, turn by turn",
        description=(
            "Watch built-in players play a whole game: the first round play by play, "
            "each later round in a line; then what to try next."
        ),
        epilog=examples(
            "ono99 demo",
            "ono99 demo ono99-1980 --players 3 --seed 7",
            "ono99 demo --house-rule two-decks --verbose",
        ),
        formatter_class=formatter,
    )
    variant_options(demo)
    demo.add_argument("--players", type=player_count, metavar="N", help=PLAYERS_HELP)
    demo.add_argument(
        "--seed", type=whole, metavar="N", help="seed of the shuffles (default: chosen, printed)"
    )
    demo.add_argument(
        "--verbose",
        action="store_true",
        help="show every play of every round, and the cards dealt and drawn",
    )
    demo.set_defaults(run=_demo, parser=demo)
