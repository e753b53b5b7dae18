"""The library's exceptions: one base class, each error also a built-in."""

from __future__ import annotations

__all__ = ["IllegalMoveError", "Ono99Error", "PluginError", "ReplayError", "VariantError"]


class Ono99Error(Exception):
    """Base class of every error this library raises on purpose."""


class VariantError(Ono99Error, ValueError):
    """A variant or house-rule file (or a variant id) is not usable.

    The message names the file, the TOML key path of each problem and what was
    expected there. Several problems found in one file are reported together;
    they are also available one by one in :attr:`problems`.

    Args:
        problems: One line per problem, each starting with its key path.
        source: The file (or variant id) the problems were found in.
    """

    def __init__(self, problems: list[str] | str, source: str | None = None) -> None:
        self.problems: tuple[str, ...] = (
            (problems,) if isinstance(problems, str) else tuple(problems)
        )
        self.source = source
        head = f"{source}: " if source else ""
        if len(self.problems) == 1:
            message = head + self.problems[0]
        else:
            count = len(self.problems)
            message = f"{head}{count} problems:\n" + "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(message)


class IllegalMoveError(Ono99Error, ValueError):
    """A move that the rules do not allow was played.

    The message says why in words; the game is left exactly as it was.

    Args:
        reason: Why the move is illegal.
        move: The move that was refused.
    """

    def __init__(self, reason: str, move: object = None) -> None:
        self.reason = reason
        self.move = move
        super().__init__(reason)


class ReplayError(Ono99Error, ValueError):
    """A saved game cannot be replayed: other rules, or a move that no longer fits.

    Args:
        reason: What does not match.
    """

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


class PluginError(Ono99Error, TypeError):
    """An installed package's rule object does not follow the rule-object contract.

    Raised when the ``ono99.rules`` entry points are first read; the message
    names the entry point and what its class lacks.
    """


# The public classes live at the top of the package: tracebacks and reprs say
# ``ono99.IllegalMoveError``, not the private module's name.
for _cls in (Ono99Error, VariantError, IllegalMoveError, ReplayError, PluginError):
    _cls.__module__ = "ono99"
