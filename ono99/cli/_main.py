"""The ``ono99`` command: play, read, compare and simulate variants.

Progress bars, colour and wrapping come from ``rich``, imported only when
they are drawn; charts (``simulate --chart``) need the ``plot`` extra.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import importlib.util
import inspect
import json
import os
import random
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ono99 import __version__
from ono99._errors import Ono99Error
from ono99._limits import MAX_GAMES, MAX_PLAYERS
from ono99._text import escape
from ono99.authoring._check import check_file, file_kind
from ono99.authoring._diff import diff_variants
from ono99.authoring._rulebook import rulebook
from ono99.authoring._schema import schema_text
from ono99.engine import _engine
from ono99.engine._game import Game
from ono99.engine._narrate import describe_event
from ono99.loading._loader import list_house_rules, list_variants, load_house_rule, load_variant
from ono99.players._factory import Strategy, list_strategies
from ono99.players._players import CautiousPlayer, RandomPlayer
from ono99.simulation._plot import MATPLOTLIB_MISSING, chart_path, plot_results
from ono99.simulation._progress import ProgressBars
from ono99.simulation._simulate import compare_variants, simulate

from ._interactive import play_in_terminal

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ono99._variant import Variant
    from ono99.authoring._check import FileKind, Finding
    from ono99.engine._protocols import Player
    from ono99.players._factory import PlayerFactory


# ------------------------------------------------------------------ output


def say(text: str = "", *, end: str = "\n", file: TextIO | None = None) -> None:
    """Print ``text`` escaped (see :func:`~ono99._text.escape`): all the command prints."""
    print(escape(text), end=end, file=sys.stdout if file is None else file)


def error(message: str) -> None:
    """Report a failure on standard error, as every command does: ``ono99: error: ...``."""
    say(f"ono99: error: {message}", file=sys.stderr)


class UsageError(Exception):
    """A command-line value found wrong after parsing: reported like argparse's, exit status 2.

    Args:
        option: The option or argument (``--players``).
        message: What is wrong with its value.
    """

    def __init__(self, option: str, message: str) -> None:
        super().__init__(f"argument {option}: {message}")


__all__ = ["build_parser", "main"]


# ---------------------------------------------------------------- variants


def _load(source: str, house_rules: Sequence[str] = (), *, later_wins: bool = False) -> Variant:
    """Load a variant, with house rules laid over it in order."""
    return load_variant(source, house_rules, later_wins=later_wins)


def _listing(title: str, rows: list[tuple[str, str]]) -> None:
    """Names and one-line descriptions, wrapped at 79 columns."""
    width = max(len(name) for name, _ in rows)
    say(title)
    for name, text in rows:
        lines = textwrap.wrap(text, max(30, 79 - width - 4)) or [""]
        say(f"  {name:{width}}  {lines[0]}")
        for line in lines[1:]:
            say(" " * (width + 4) + line)


def _variants(_: argparse.Namespace) -> int:
    rows = []
    for name in list_variants():
        variant = load_variant(name)
        also = f" Also called: {', '.join(variant.aliases)}." if variant.aliases else ""
        rows.append((name, variant.description + also))
    _listing("Variants (an id, or any name it is also called):", rows)
    house = [(rule, load_house_rule(rule).description) for rule in list_house_rules()]
    if house:
        say()
        _listing("House rules (--house-rule ID, or VARIANT+ID):", house)
    return 0


def _rules(args: argparse.Namespace) -> int:
    say(rulebook(_load(args.variant, args.house_rule, later_wins=args.later_wins)), end="")
    return 0


def _diff(args: argparse.Namespace) -> int:
    a = load_variant(args.a)
    b = load_variant(args.b, args.house_rule, later_wins=args.later_wins)
    rows = diff_variants(a, b)
    if not rows:
        say(f"{a.id} and {b.id} have the same rules")
        return 0
    _print_table(["rule", a.id, b.id], rows)
    return 0


def _print_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """A table that fits the terminal's width, long cells wrapped within their column.

    Printed to a pipe, it is as wide as ``COLUMNS`` says, or 80 characters.
    """
    # rich is imported here, not at the top: only a command that prints a table pays for it.
    from rich import box  # noqa: PLC0415
    from rich.console import Console  # noqa: PLC0415
    from rich.table import Table  # noqa: PLC0415
    from rich.text import Text  # noqa: PLC0415

    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
    console = Console(highlight=False)
    for title in header:
        table.add_column(Text(escape(title)), overflow="fold")
    for row in rows:
        table.add_row(*(Text(escape(cell)) for cell in row))
    with console.capture() as captured:
        console.print(table)
    lines = captured.get().splitlines()
    sys.stdout.write("".join(line.rstrip() + "\n" for line in lines))


def _schema(args: argparse.Namespace) -> int:
    text = schema_text(args.kind)
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise Ono99Error(f"cannot write {args.output}: {exc.strerror or exc}") from None
    return 0


def _validate(args: argparse.Namespace) -> int:
    checks: list[tuple[str, FileKind | None]] = [(name, None) for name in args.files]
    checks += [(name, "house-rule") for name in args.house_rule]
    if not checks:
        raise Ono99Error("validate: give at least one file (or --house-rule FILE)")
    reports = []
    for name, forced in checks:
        kind = forced or file_kind(name)
        reports.append((name, kind, check_file(name, kind=kind)))
    errors = sum(f.level == "error" for _, _, found in reports for f in found)
    warnings = sum(f.level == "warning" for _, _, found in reports for f in found)
    if args.json:
        data = {
            "files": [
                {
                    "file": name,
                    "kind": kind,
                    "ok": not any(f.level == "error" for f in found),
                    "findings": [f.to_data() for f in found],
                }
                for name, kind, found in reports
            ],
            "errors": errors,
            "warnings": warnings,
            "strict": args.strict,
        }
        say(json.dumps(data, indent=2))
    else:
        for name, kind, found in reports:
            _print_report(name, kind, found)
    return 1 if errors or (args.strict and warnings) else 0


def _print_report(name: str, kind: str, found: Sequence[Finding]) -> None:
    """A file's findings, errors on standard error, then a line saying how it went."""
    for finding in found:
        if finding.level == "error":  # as every command reports a failure: ono99: error: ...
            error(str(finding).replace(": error: ", ": ", 1))
        else:
            say(str(finding))
    if any(f.level == "error" for f in found):
        return
    count = len(found)
    notes = f", {count} warning{'s' if count != 1 else ''}" if count else ""
    if kind == "house-rule":
        rule = load_house_rule(name)
        keys = ", ".join(rule.keys)
        say(f"{name}: ok (house rule {rule.id}, setting {keys}{notes})")
    else:
        variant = load_variant(name)
        kinds, size = len(variant.cards), variant.deck_size
        say(f"{name}: ok (variant {variant.id}, {kinds} kinds of card, {size} cards{notes})")


# ------------------------------------------------------------------- games


def _demo(args: argparse.Namespace) -> int:
    variant = _load(args.variant, args.house_rule, later_wins=args.later_wins)
    players = _players(args.players, variant, 4)
    game = Game(variant, players, seed=_seed(args))
    seats: list[Player] = [
        CautiousPlayer() if seat % 2 == 0 else RandomPlayer(game.seed + seat)
        for seat in range(players)
    ]
    kinds = ", ".join(f"{seat}: {type(p).__name__}" for seat, p in enumerate(seats))
    say(f"{variant.name}, {players} players, seed {game.seed} ({kinds})")
    for event in game.events:
        _show(event, game, args.verbose)
    while not game.is_over:
        seat = game.current_player
        for event in game.play(seats[seat].choose(game.observation(seat))):
            _show(event, game, args.verbose)
    return 0


def _show(event: object, game: Game, verbose: bool) -> None:
    line = describe_event(event, game.variant, hidden=not verbose)  # type: ignore[arg-type]
    if line is not None:
        say(line)


def _chart(args: argparse.Namespace) -> Path | None:
    """The file ``--chart`` writes (``.png`` added when it has no extension).

    Checked before a long run, not after it: matplotlib, the extension, and a
    folder to write in.
    """
    if not args.chart:
        return None
    if importlib.util.find_spec("matplotlib") is None:
        raise Ono99Error(f"--chart: {MATPLOTLIB_MISSING}")
    try:
        target = chart_path(args.chart)
    except Ono99Error as exc:
        raise UsageError("--chart", str(exc)) from None
    folder = target.parent
    if not folder.is_dir():
        raise UsageError("--chart", f"no folder {str(folder)!r} to write {target.name} in")
    if not os.access(folder, os.W_OK):
        raise UsageError("--chart", f"cannot write in the folder {str(folder)!r}")
    return target


def _players(given: int | None, variant: Variant, default: int) -> int:
    """``--players``, or ``default`` within the variant's range; a usage error if out of it."""
    low, high = variant.players.min, variant.players.max
    if given is None:
        return min(default, high)
    if not low <= given <= high:
        raise UsageError(
            "--players", f"{variant.name} is for {low} to {high} players, not {given}"
        )
    return given


def _jobs(args: argparse.Namespace) -> int | None:
    """``--jobs``, with a note when it asks for more processes than there are CPUs."""
    cpus = os.cpu_count() or 1
    jobs: int | None = args.jobs
    if jobs is not None and jobs > cpus:
        say(
            f"ono99: note: --jobs {jobs} is more than this machine's {cpus} CPUs; "
            "processes beyond them only wait their turn",
            file=sys.stderr,
        )
    return jobs


def _seed(args: argparse.Namespace) -> int:
    """The seed given, or one chosen now and printed, so the run can be repeated."""
    if args.seed is not None:
        return int(args.seed)
    seed = random.SystemRandom().randrange(1_000_000)
    say(f"seed {seed}, chosen at random (--seed {seed} repeats this)", file=sys.stderr)
    return seed


def _simulate(args: argparse.Namespace) -> int:
    chart = _chart(args)
    variant = _load(args.variant, args.house_rule, later_wins=args.later_wins)
    players = _players(args.players, variant, 4)
    strategies = args.strategy or ["cautious"]
    seed = _seed(args)
    jobs = _jobs(args)
    bars = ProgressBars([variant.id], enabled=not args.json and not args.quiet)
    with bars.shown(args.games):
        result = simulate(
            variant,
            players=players,
            games=args.games,
            strategies=strategies,
            seed=seed,
            jobs=jobs,
            rotate=args.rotate,
            progress=bars.callback(0),
        )
    if args.json:
        say(json.dumps(result.to_data()))
    else:
        say(result.table())
    if chart is not None:
        plot_results(result, chart)
        if not args.json:
            say(f"\nchart written to {chart}")
    return 0


def _compare(args: argparse.Namespace) -> int:
    chart = _chart(args)
    variants = [_load(v, args.house_rule, later_wins=args.later_wins) for v in args.variants]
    players = args.players
    if players is None:
        players = min(4, *(v.players.max for v in variants))
    for variant in variants:
        _players(players, variant, 4)
    seed = _seed(args)
    jobs = _jobs(args)
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
        say(json.dumps(comparison.to_data()))
    else:
        say(comparison.table())
    if chart is not None:
        plot_results(comparison, chart)
        if not args.json:
            say(f"\nchart written to {chart}")
    return 0


def _play(args: argparse.Namespace) -> int:
    variant = _load(args.variant, args.house_rule, later_wins=args.later_wins)
    players = _players(args.players, variant, 3)
    if not 0 <= args.seat < players:
        raise UsageError("--seat", f"expected a seat from 0 to {players - 1}, got {args.seat}")
    if sys.stdin is None or sys.stdin.closed:
        raise Ono99Error("play reads your moves from standard input, which is closed")
    return play_in_terminal(
        variant,
        players=players,
        seed=_seed_quietly(args),
        opponent=args.opponent,
        seat=args.seat,
        pause=not args.no_pause,
    )


def _seed_quietly(args: argparse.Namespace) -> int:
    """The seed given, or one chosen now (``play`` prints it in its greeting)."""
    return int(args.seed) if args.seed is not None else random.SystemRandom().randrange(1_000_000)


# ------------------------------------------------------------------ parser


def _count(most: int | None) -> Callable[[str], int]:
    """An argument type: a whole number from 1 to ``most``."""

    def count(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < 1:
            raise argparse.ArgumentTypeError(f"expected 1 or more, got {value}")
        if most is not None and value > most:
            raise argparse.ArgumentTypeError(f"expected at most {most:,}, got {value:,}")
        return value

    return count


_positive = _count(None)
_player_count = _count(MAX_PLAYERS)
_game_count = _count(MAX_GAMES)
_job_count = _count(1024)


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def _strategy(text: str) -> Strategy:
    """A shipped strategy's name, or ``module:Name`` of a player class or factory."""
    if ":" in text:
        return _load_strategy(text)
    if text.lower() not in list_strategies():
        known = ", ".join(list_strategies())
        raise argparse.ArgumentTypeError(
            f"no strategy {text!r} (choose from {known}, or give MODULE:CLASS of your own player)"
        )
    return text.lower()


class _Unseeded:
    """A player class that takes no seed, as a factory (which is given one)."""

    def __init__(self, cls: Callable[[], Player]) -> None:
        self.cls = cls
        self.__name__ = getattr(cls, "__name__", repr(cls))

    def __call__(self, seed: int) -> Player:  # noqa: ARG002 - a factory's signature
        return self.cls()


def _load_strategy(text: str) -> PlayerFactory:
    """Import ``module:Name`` (from the current folder too), as tools do for entry points."""
    module_name, _, name = text.partition(":")
    if not module_name or not name:
        raise argparse.ArgumentTypeError(
            f"expected MODULE:CLASS, such as greedy:GreedyPlayer, got {text!r}"
        )
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise argparse.ArgumentTypeError(f"cannot import {module_name!r}: {exc}") from None
    obj: object = module
    for part in name.split("."):
        if not hasattr(obj, part):
            raise argparse.ArgumentTypeError(f"module {module_name!r} has no {name!r}") from None
        obj = getattr(obj, part)
    if not callable(obj):
        raise argparse.ArgumentTypeError(f"{text!r} is not a player class or factory")
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):  # a builtin: trust it to take the seed
        return obj
    try:
        signature.bind(0)
    except TypeError:
        try:
            signature.bind()
        except TypeError:
            raise argparse.ArgumentTypeError(
                f"{text!r} must take a seed, or nothing, to make a player"
            ) from None
        return _Unseeded(obj)
    return obj


def _variant_options(parser: argparse.ArgumentParser, default: str | None = "ono99-2022") -> None:
    if default is not None:
        parser.add_argument(
            "--variant",
            default=default,
            metavar="ID|PATH",
            help=f"variant id or TOML file path (default: {default})",
        )
    parser.add_argument(
        "--house-rule",
        action="append",
        default=[],
        metavar="ID|PATH",
        help="apply a house rule on top (repeat for several, applied in order)",
    )
    _later_wins_option(parser)


def _later_wins_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--later-wins",
        action="store_true",
        help="where two house rules set one key differently, the later one wins",
    )


def _match_options(parser: argparse.ArgumentParser, *, games: int) -> None:
    parser.add_argument(
        "--players",
        type=_player_count,
        metavar="N",
        help="players per game (default: 4, or the variant's most)",
    )
    parser.add_argument(
        "--games", type=_game_count, default=games, metavar="N", help=f"games (default: {games})"
    )
    parser.add_argument(
        "--seed",
        type=_whole,
        metavar="N",
        help="master seed: the same seed plays the same games (default: chosen and printed)",
    )
    parser.add_argument(
        "--strategy",
        action="append",
        type=_strategy,
        metavar="NAME",
        help=(
            f"player strategy: {', '.join(list_strategies())}, or MODULE:CLASS for your own "
            "player (a class taking a seed, or nothing, imported from the current folder "
            "too); once for every seat, or once per seat (default: cautious). 'search' looks "
            "ahead by playing moves out: about 50 to 100 times slower than the others, so "
            "give it hundreds of games, not tens of thousands"
        ),
    )
    parser.add_argument(
        "--rotate",
        action="store_true",
        help="move the strategies one seat on each game, so each plays every seat",
    )
    parser.add_argument(
        "--jobs", type=_job_count, metavar="N", help="processes to use (default: one per CPU)"
    )
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object instead of tables"
    )
    parser.add_argument(
        "--quiet", action="store_true", help="no progress bars (none are drawn off a terminal)"
    )
    parser.add_argument(
        "--chart",
        metavar="FILE",
        help="also draw charts to FILE (PNG, SVG or PDF; needs the 'plot' extra)",
    )


def version() -> str:
    """The version, and whether the engine runs compiled (a wheel built with mypyc)."""
    kind = "pure-Python" if _engine.__file__.endswith(".py") else "compiled"
    return f"ono99 {__version__} ({kind} engine)"


def build_parser() -> argparse.ArgumentParser:
    """The command's argument parser."""
    parser = argparse.ArgumentParser(
        prog="ono99",
        description="Play, read, compare and simulate O'NO 99 and its relatives.",
        epilog="Run 'ono99 COMMAND --help' for a command's options.",
    )
    parser.add_argument("--version", action="version", version=version())
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    variants = commands.add_parser(
        "variants",
        help="list the shipped variants and house rules",
        description="List the shipped variants and house rules, one line each.",
    )
    variants.set_defaults(run=_variants, parser=variants)

    rules = commands.add_parser(
        "rules",
        help="print a variant's rulebook, in words",
        description="Print the rules of a variant in words, generated from its TOML.",
    )
    rules.add_argument("variant", metavar="VARIANT", help="variant id or TOML file path")
    _variant_options(rules, default=None)
    rules.set_defaults(run=_rules, parser=rules)

    diff = commands.add_parser(
        "diff",
        help="show every rule that differs between two variants",
        description="A table of every rule (by TOML key) that differs between two variants.",
    )
    diff.add_argument("a", metavar="A", help="variant id or TOML file path")
    diff.add_argument("b", metavar="B", help="variant id or TOML file path")
    diff.add_argument(
        "--house-rule",
        action="append",
        default=[],
        metavar="ID|PATH",
        help="lay a house rule over B (repeat for several, applied in order); with A and B "
        "the same variant, the table shows what the house rules change",
    )
    _later_wins_option(diff)
    diff.set_defaults(run=_diff, parser=diff)

    schema = commands.add_parser(
        "schema",
        help="print the JSON Schema of variant or house-rule files, for editors",
        description=(
            "Print a JSON Schema (draft 2020-12) of variant files, or of house-rule files, "
            "generated from the library and its installed rule objects. Editors such as "
            "Taplo (Even Better TOML) use it for completion, hover help and checks."
        ),
    )
    schema.add_argument(
        "--kind",
        choices=("variant", "house-rule"),
        default="variant",
        help="which files the schema describes (default: variant)",
    )
    schema.add_argument(
        "-o", "--output", metavar="FILE", help="write the schema to FILE instead of printing it"
    )
    schema.set_defaults(run=_schema, parser=schema)

    validate = commands.add_parser(
        "validate",
        help="check variant and house-rule files; exit status 1 if any is bad",
        description=(
            "Check variant and house-rule files and report every problem with its TOML key "
            "path: errors where a file cannot work, warnings where it will play badly (a card "
            "that can never be played, a setting that changes nothing). A house rule is laid "
            "over each variant its 'for' names, or over every shipped one. The exit status is "
            "1 if any file has an error (or, with --strict, a warning)."
        ),
    )
    validate.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="a variant or house-rule TOML file (which one is told from what it holds)",
    )
    validate.add_argument(
        "--house-rule",
        action="append",
        default=[],
        metavar="FILE",
        help="a file to check as a house rule, whatever it holds (repeat for several)",
    )
    validate.add_argument(
        "--strict", action="store_true", help="fail (exit status 1) on warnings too"
    )
    validate.add_argument(
        "--json", action="store_true", help="print the findings as one JSON object"
    )
    validate.set_defaults(run=_validate, parser=validate)

    sim = commands.add_parser(
        "simulate",
        help="play many games between built-in players and summarise them",
        description=(
            "Play many games between built-in players (or your own): wins per seat and "
            "strategy with 95% confidence intervals, game lengths, and the cards that "
            "decided games. The same seed gives the same result, whatever --jobs. A game "
            "takes about a millisecond, or up to a tenth of a second with a 'search' player."
        ),
    )
    _variant_options(sim)
    _match_options(sim, games=1000)
    sim.set_defaults(run=_simulate, parser=sim)

    compare = commands.add_parser(
        "compare",
        help="simulate several variants with the same seeds, side by side",
        description=(
            "Simulate several variants with the same seeds and players, side by side, "
            "one progress bar a variant."
        ),
    )
    compare.add_argument(
        "variants", nargs="+", metavar="VARIANT", help="variant ids or TOML file paths"
    )
    _variant_options(compare, default=None)
    _match_options(compare, games=500)
    compare.set_defaults(run=_compare, parser=compare)

    play = commands.add_parser(
        "play",
        help="play a game in the terminal against built-in players",
        description=(
            "Play a game against built-in players. On your turn, type the letter of a move "
            "from the list (or a card's name); 'help' explains, 'quit' leaves."
        ),
    )
    _variant_options(play)
    play.add_argument(
        "--players", type=_player_count, metavar="N", help="players, you included (default: 3)"
    )
    play.add_argument(
        "--seed", type=_whole, metavar="N", help="seed of the shuffles (default: chosen and shown)"
    )
    play.add_argument(
        "--no-pause", action="store_true", help="do not wait for Enter between rounds"
    )
    play.add_argument(
        "--opponent",
        type=_strategy,
        default="cautious",
        metavar="NAME",
        help=(
            f"the other players' strategy: {', '.join(list_strategies())}, or MODULE:CLASS "
            "(default: cautious)"
        ),
    )
    play.add_argument(
        "--seat", type=_whole, default=0, metavar="N", help="your seat, from 0 (default: 0)"
    )
    play.set_defaults(run=_play, parser=play)

    demo = commands.add_parser(
        "demo",
        help="watch built-in players play a whole game, turn by turn",
        description="Watch built-in players play a whole game, turn by turn.",
    )
    _variant_options(demo)
    demo.add_argument("--players", type=_player_count, help="number of players (default: 4)")
    demo.add_argument(
        "--seed", type=_whole, help="seed of the shuffles (default: chosen and printed)"
    )
    demo.add_argument("--verbose", action="store_true", help="also show the cards dealt and drawn")
    demo.set_defaults(run=_demo, parser=demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns its exit status.

    Every failure is reported on standard error as ``ono99: error: ...``
    (argparse's own as ``ono99 COMMAND: error: ...`` after the usage line),
    never as a traceback. The exit status is 0 on success, 1 when the
    command failed (a bad file, a game that cannot be played, output that
    cannot be written), 2 for a bad command line, whether argparse or the
    command found it, and 130 after Ctrl-C.
    """
    args = build_parser().parse_args(argv)
    try:
        status: int = args.run(args)
        sys.stdout.flush()  # a full disk shows here, not as a traceback at exit
    except UsageError as exc:
        args.parser.print_usage(sys.stderr)
        say(f"{args.parser.prog}: error: {exc}", file=sys.stderr)
        return 2
    except (Ono99Error, ValueError) as exc:
        error(str(exc))
        return 1
    except KeyboardInterrupt:
        say(file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (``ono99 demo | head``)
        _silence_stdout()
        return 0
    except OSError as exc:  # the output cannot be written (a full disk), a folder gone
        _silence_stdout()
        error(_os_error(exc))
        return 1
    except (MemoryError, RecursionError) as exc:
        error(f"out of memory or too deeply nested ({type(exc).__name__})")
        return 1
    return status


def _os_error(exc: OSError) -> str:
    """An operating-system error in words, without a traceback."""
    what = exc.strerror or str(exc)
    if exc.errno == errno.ENOSPC:
        return f"cannot write the output: {what}"
    where = f": {exc.filename}" if exc.filename else ""
    return f"{what}{where}"


def _silence_stdout() -> None:
    """Send what is left for standard output nowhere, so that exiting raises nothing more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real file descriptor (a test's captured output)
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
