"""The ``ono99`` command: play, read, compare and simulate variants.

The commands live by family (``_reading.py``: variants, rules, diff, schema,
validate; ``_games.py``: demo, simulate, compare, play; ``_analysis.py``:
analyse), their shared options
in ``_options.py``, and everything they print goes through ``_output.py``:
rich text and tables, colour on a terminal only. Charts (``simulate
--chart``) need matplotlib.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from typing import TYPE_CHECKING

from ono99 import __version__
from ono99._errors import Ono99Error
from ono99.engine import COMPILED

from ._analysis import add_analysis_command
from ._games import add_game_commands
from ._options import HelpFormatter, UsageError, examples, settle_variant
from ._output import error, say
from ._reading import add_reading_commands

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["build_parser", "main", "version"]


def version() -> str:
    """The version, and whether the engine runs compiled (a wheel built with mypyc)."""
    kind = "compiled" if COMPILED else "pure-Python"
    return f"ono99 {__version__} ({kind} engine)"


def build_parser() -> argparse.ArgumentParser:
    """The command's argument parser."""
    parser = argparse.ArgumentParser(
        prog="ono99",
        description="Play, read, compare and simulate O'NO 99 and its relatives.",
        epilog=examples(
            "ono99 demo                                  # watch a game",
            "ono99 variants                              # what is shipped",
            "ono99 rules ono99-1980                      # a rulebook, in words",
            "ono99 validate --strict my-variant.toml     # check your own file",
            "ono99 simulate --games 2000 --seed 1        # count wins",
            "ono99 demo ono99-1980 --seed 1              # any variant, named first",
            "ono99 analyse ono99-2022 --seed 1           # what the rules do to the game",
            "ono99 play                                  # play against the computer",
        )
        + "\n\nRun 'ono99 COMMAND --help' for a command's options and examples.",
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=version())
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    add_reading_commands(commands, HelpFormatter)
    add_game_commands(commands, HelpFormatter)
    add_analysis_command(commands, HelpFormatter)
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
        settle_variant(args)
        status: int = args.run(args)
        sys.stdout.flush()  # a full disk shows here, not as a traceback at exit
    except UsageError as exc:
        args.parser.print_usage(sys.stderr)
        say(f"{args.parser.prog}: error: {exc}", stderr=True)
        return 2
    except (Ono99Error, ValueError) as exc:
        error(str(exc))
        return 1
    except KeyboardInterrupt:
        say(stderr=True)
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
