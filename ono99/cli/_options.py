"""The command line's values: their types, the options commands share, and help text.

One convention names the values in every command's help: ``N`` a whole
number, ``VARIANT`` a variant's id (or alias) or the path of its TOML file,
``RULE`` a house rule's id or path, ``STRATEGY`` a player's strategy, ``FILE``
a file. Every command's help ends with examples (see :func:`examples`).
What the shared options settle to, checked before a long run, is read here
too (:func:`players_for`, :func:`run_seed`, :func:`jobs_wanted`,
:func:`chart_file`).
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import importlib.util
import os
import random
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING

from ono99._errors import ArgumentError, Ono99Error
from ono99._limits import MAX_GAMES, MAX_PLAYERS
from ono99.loading import (
    house_rules_registry,
    list_house_rules,
    list_variants,
    variants_registry,
)
from ono99.players import Strategy, list_strategies, strategy_factory
from ono99.simulation import MATPLOTLIB_MISSING, chart_path

from ._output import note, say

if TYPE_CHECKING:
    from collections.abc import Callable

    from ono99._variant import Variant

__all__ = [
    "PLAYERS_HELP",
    "HelpFormatter",
    "UsageError",
    "chart_file",
    "default_players",
    "examples",
    "house_rule_name",
    "jobs_wanted",
    "later_wins_option",
    "match_options",
    "players_for",
    "run_seed",
    "settle_variant",
    "strategy",
    "variant_name",
    "variant_options",
    "whole",
]


class UsageError(Exception):
    """A command-line value found wrong after parsing: reported like argparse's, exit status 2.

    Args:
        option: The option or argument (``--players``).
        message: What is wrong with its value.
    """

    def __init__(self, option: str, message: str) -> None:
        super().__init__(f"argument {option}: {message}")


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help, with the examples kept as written.

    A paragraph with indented lines (the examples) keeps its lines; any other
    paragraph is wrapped to the width, as argparse wraps.
    """

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = textwrap.dedent(text).strip("\n").split("\n\n")
        out = []
        for paragraph in paragraphs:
            if any(line.startswith(" ") for line in paragraph.splitlines()):
                out.append("\n".join(indent + line for line in paragraph.splitlines()))
            else:
                out.append(super()._fill_text(paragraph, width, indent))
        return "\n\n".join(out)


def examples(*lines: str) -> str:
    """A help's epilog of examples, each line a command (and a comment saying what it does).

    >>> examples("ono99 rules ono99-1980   # the 1980 rules").splitlines()
    ['examples:', '  ono99 rules ono99-1980   # the 1980 rules']
    """
    return "examples:\n" + "\n".join(f"  {line}" for line in lines)


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


player_count = _count(MAX_PLAYERS)
game_count = _count(MAX_GAMES)
job_count = _count(1024)


def whole(text: str) -> int:
    """An argument type: any whole number (a seed, a seat)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def strategy(text: str) -> Strategy:
    """A shipped strategy's name, or ``MODULE:CLASS`` of a player class or factory."""
    if ":" in text:
        return _load_strategy(text)
    if text.lower() not in list_strategies():
        known = ", ".join(list_strategies())
        raise argparse.ArgumentTypeError(
            f"no strategy {text!r} (choose from {known}, or give MODULE:CLASS of your own player)"
        )
    return text.lower()


def _load_strategy(text: str) -> Strategy:
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
    found: Strategy = obj  # checked next, as the library checks any strategy
    try:
        strategy_factory(found)  # a class that takes a seed, or nothing
    except ArgumentError as exc:
        raise argparse.ArgumentTypeError(f"{text!r}: {exc.message}") from None
    return found


STRATEGIES_HELP = (
    f"{', '.join(list_strategies())}, or MODULE:CLASS for your own player (a class that "
    "takes a seed, or nothing, imported from the current folder too)"
)


def _is_path(text: str) -> bool:
    return text.endswith(".toml") or os.sep in text or "/" in text


def _unknown(text: str, kind: str, ids: list[str], names: list[str]) -> str:
    """``no shipped KIND 'x'; did you mean 'y'? (...)``: ``ids`` first, ``names`` failing one."""
    shown = repr(text) if len(text) <= 40 else repr(text[:40]) + "..."
    close = difflib.get_close_matches(text.lower(), ids, n=1, cutoff=0.3)
    close = close or difflib.get_close_matches(text.lower(), names, n=1, cutoff=0.3)
    hint = f"; did you mean {close[0]!r}?" if close and len(text) <= 40 else ""
    return (
        f"no shipped {kind} {shown}{hint} (ono99 variants lists them; "
        "name a file of your own by its path)"
    )


def variant_name(text: str) -> str:
    """A ``VARIANT`` argument: a shipped variant's id or alias, or the path of a file.

    A name that is no shipped variant (nor a path: it has a ``/`` or ends in
    ``.toml``) is a bad command line, said in a line with the closest id, as
    argparse says a bad choice; a file is read, and its problems reported, by
    the command.

    Raises:
        argparse.ArgumentTypeError: If ``text`` names no shipped variant.
    """
    if _is_path(text):
        return text
    shipped = variants_registry()
    if text.lower() in shipped:
        return text
    if text.lower() in house_rules_registry():
        raise argparse.ArgumentTypeError(
            f"{text!r} is a house rule, not a variant: lay it over one with --house-rule"
        )
    raise argparse.ArgumentTypeError(_unknown(text, "variant", list_variants(), list(shipped)))


def house_rule_name(text: str) -> str:
    """A ``--house-rule`` argument: a shipped house rule's id or alias, or a file's path.

    Refused as :func:`variant_name` refuses a name, with the closest house rule.

    Raises:
        argparse.ArgumentTypeError: If ``text`` names no shipped house rule.
    """
    if _is_path(text):
        return text
    shipped = house_rules_registry()
    if text.lower() in shipped:
        return text
    if text.lower() in variants_registry():
        raise argparse.ArgumentTypeError(f"{text!r} is a variant, not a house rule")
    ids = list_house_rules()
    raise argparse.ArgumentTypeError(_unknown(text, "house rule", ids, list(shipped)))


def variant_options(parser: argparse.ArgumentParser, default: str | None = "ono99-2022") -> None:
    """The variant, named as every command names it, and ``--house-rule``.

    A command that plays one variant takes it as its first argument, ``VARIANT``
    (``default`` when it is left out), as ``rules`` does; ``--variant VARIANT``
    is kept as another way to say the same. With ``default`` ``None`` the
    command names its variants itself and only ``--house-rule`` is added.
    :func:`settle_variant` reads the variant given either way.
    """
    if default is not None:
        parser.add_argument(
            "variant",
            nargs="?",
            type=variant_name,
            metavar="VARIANT",
            help=f"variant id or TOML file path (default: {default})",
        )
        parser.add_argument(
            "--variant",
            dest="variant_option",
            type=variant_name,
            metavar="VARIANT",
            help="the same as VARIANT, as an option (kept from earlier releases)",
        )
        parser.set_defaults(variant_default=default)
    parser.add_argument(
        "--house-rule",
        action="append",
        default=[],
        type=house_rule_name,
        metavar="RULE",
        help="lay a house rule (id or TOML file path) over the variant; repeat for several, "
        "applied in order",
    )
    later_wins_option(parser)


def settle_variant(args: argparse.Namespace) -> None:
    """Set ``args.variant`` from ``VARIANT`` or ``--variant``, or to the command's default.

    Raises:
        UsageError: Both name a variant, and not the same one.
    """
    default = getattr(args, "variant_default", None)
    if default is None:
        return
    given, option = args.variant, args.variant_option
    if given is not None and option is not None and given != option:
        raise UsageError(
            "--variant", f"names {option!r}, but VARIANT names {given!r}: give one of them"
        )
    args.variant = given or option or default


DEFAULT_PLAYERS = 4
"""How many play when ``--players`` is left out: 4, or the nearest count the variant allows."""


PLAYERS_HELP = "default: 4, or the nearest number the variant allows"
"""What every command's help says of ``--players`` left out."""


def default_players(low: int, high: int) -> int:
    """Every command's number of players when ``--players`` is left out.

    The one rule: :data:`DEFAULT_PLAYERS` (4), or the variant's most if it
    allows fewer, or its fewest if it needs more.

    >>> default_players(2, 10), default_players(2, 3), default_players(5, 8)
    (4, 3, 5)
    """
    return max(low, min(DEFAULT_PLAYERS, high))


def run_options(parser: argparse.ArgumentParser) -> None:
    """A command that plays many games: its ``--jobs``, ``--json``, ``--quiet`` and ``--chart``."""
    parser.add_argument(
        "--jobs", type=job_count, metavar="N", help="processes to use (default: one per CPU)"
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
        help="also draw charts to FILE (PNG, SVG or PDF; needs matplotlib)",
    )


def later_wins_option(parser: argparse.ArgumentParser) -> None:
    """``--later-wins``: how two house rules that disagree are settled."""
    parser.add_argument(
        "--later-wins",
        action="store_true",
        help="where two house rules set one key differently, the later one wins",
    )


def match_options(parser: argparse.ArgumentParser, *, games: int) -> None:
    """The options of a simulation: players, games, seed, strategies, jobs, output."""
    parser.add_argument(
        "--players",
        type=player_count,
        metavar="N",
        help=f"players per game ({PLAYERS_HELP})",
    )
    parser.add_argument(
        "--games", type=game_count, default=games, metavar="N", help=f"games (default: {games})"
    )
    parser.add_argument(
        "--seed",
        type=whole,
        metavar="N",
        help="master seed: the same seed plays the same games (default: chosen and printed)",
    )
    parser.add_argument(
        "--strategy",
        action="append",
        type=strategy,
        metavar="STRATEGY",
        help=(
            f"player strategy: {STRATEGIES_HELP}; once for every seat, or once per seat "
            "(default: cautious). 'search' looks ahead by playing moves out: about 10 to 20 "
            "times slower than the others, so give it hundreds of games, not tens of thousands"
        ),
    )
    parser.add_argument(
        "--rotate",
        action="store_true",
        help="move the strategies one seat on each game, so each plays every seat",
    )
    run_options(parser)


def chart_file(args: argparse.Namespace) -> Path | None:
    """The file ``--chart`` writes (``.png`` added when it has no extension).

    Checked before a long run, not after it: matplotlib, the extension, and a
    folder to write in.
    """
    if not args.chart:
        return None
    if importlib.util.find_spec("matplotlib") is None:
        raise Ono99Error(f"--chart: {MATPLOTLIB_MISSING}")
    if Path(args.chart).is_dir():
        raise UsageError(
            "--chart", f"{str(args.chart)!r} is a folder: name a file in it, such as wins.png"
        )
    try:
        target = chart_path(args.chart)
    except Ono99Error as exc:
        raise UsageError("--chart", str(exc)) from None
    folder = target.parent
    if not folder.is_dir():
        raise UsageError("--chart", f"no folder {str(folder)!r} to write {target.name} in")
    if target.is_dir():
        raise UsageError("--chart", f"{str(target)!r} is a folder: name a file to write")
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        where = str(target) if target.exists() else f"in the folder {str(folder)!r}"
        raise UsageError("--chart", f"cannot write {where}")
    return target


def players_for(given: int | None, variant: Variant) -> int:
    """``--players``, or the one default rule's count; a usage error if out of range.

    The rule is :func:`default_players`'s.
    """
    low, high = variant.players.min, variant.players.max
    if given is None:
        return default_players(low, high)
    if not low <= given <= high:
        raise UsageError(
            "--players", f"{variant.name} is for {low} to {high} players, not {given}"
        )
    return given


def jobs_wanted(args: argparse.Namespace) -> int | None:
    """``--jobs``, with a note when it asks for more processes than there are CPUs."""
    cpus = os.cpu_count() or 1
    jobs: int | None = args.jobs
    if jobs is not None and jobs > cpus:
        note(
            f"--jobs {jobs} is more than this machine's {cpus} CPUs; "
            "processes beyond them only wait their turn"
        )
    return jobs


def run_seed(args: argparse.Namespace) -> int:
    """The seed given, or one chosen now and printed, so the run can be repeated."""
    if args.seed is not None:
        return int(args.seed)
    seed = random.SystemRandom().randrange(1_000_000)
    say(f"seed {seed}, chosen at random (--seed {seed} repeats this)", stderr=True)
    return seed
