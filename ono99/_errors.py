"""The library's exceptions: one base class, each error also a built-in."""

from __future__ import annotations

__all__ = [
    "ArgumentError",
    "IllegalMoveError",
    "Ono99Error",
    "PluginError",
    "ReplayError",
    "RuleError",
    "SimulationError",
    "VariantError",
]


class Ono99Error(Exception):
    """Base class of every error this library raises on purpose."""


# The most problems a message lists (all of them stay in VariantError.problems).
_MAX_LISTED = 20


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
            shown = self.problems[:_MAX_LISTED]
            message = f"{head}{count} problems:\n" + "\n".join(f"  - {p}" for p in shown)
            if count > len(shown):
                message += f"\n  ... and {count - len(shown)} more (all in .problems)"
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


class ArgumentError(Ono99Error, ValueError):
    """An argument given to the library is not one it can use.

    The message names the argument and says what was expected. Bad values of
    every kind (a wrong type, a seat that does not exist, a number out of
    range) raise this one class, so one ``except`` catches them all.

    Args:
        name: The argument's name.
        message: What is wrong with it, in words.
    """

    def __init__(self, name: str, message: str) -> None:
        self.name = name
        self.message = message
        super().__init__(f"{name}: {message}")

    def __reduce__(self) -> tuple[type[ArgumentError], tuple[str, str]]:
        return (type(self), (self.name, self.message))


class SimulationError(Ono99Error):
    """A game of a simulation could not be played to its end.

    The message names the game's number and seeds, so it can be played again
    alone: a player raised an error or chose an illegal move, the game did not
    end, or a worker process died.

    Args:
        message: What went wrong, and in which game.
        game: The game's number in the simulation (from 0), if known.
        seed: The game's own seed (:meth:`ono99.Game` ``seed``), if known.
    """

    def __init__(self, message: str, game: int | None = None, seed: int | None = None) -> None:
        self.message = message
        self.game = game
        self.seed = seed
        super().__init__(message)

    def __reduce__(self) -> tuple[type[SimulationError], tuple[str, int | None, int | None]]:
        return (type(self), (self.message, self.game, self.seed))


class PluginError(Ono99Error, TypeError):
    """An installed package's rule object does not follow the rule-object contract.

    Raised when the ``ono99.rules`` entry points are first read; the message
    names the entry point and what its class lacks.
    """


class RuleError(Ono99Error, RuntimeError):
    """A rule object failed: its code raised, or gave back what its protocol does not allow.

    A rule object is code (an effect, condition, trigger or outcome, perhaps
    from an installed package); when a call to it raises, or returns a value
    of the wrong type (a total that is not an integer, a seat that does not
    exist), the library raises this error rather than let the rule's own
    exception escape. The message starts with where the variant holds the
    rule object (its TOML key path, such as ``cards.seven.effects[1]``), and
    names its kind and ``type``, the method and what went wrong; for a rule
    object from an installed package it also names the entry point and the
    package. What the rule object raised is the exception's ``__cause__``.

    A move during which a rule object fails is not played: :meth:`ono99.Game.play`
    leaves the game exactly as it was before the move. A game whose rule
    object fails while it is dealt is not made.

    Args:
        message: What failed, in words.
        rule: The rule object's ``type`` (its name in TOML), if it has one.
        path: The TOML key path of the rule object in its variant, if known.
    """

    def __init__(self, message: str, rule: str | None = None, path: str = "") -> None:
        self.message = message
        self.rule = rule
        self.path = path
        super().__init__(message)

    def __reduce__(self) -> tuple[type[RuleError], tuple[str, str | None, str]]:
        return (type(self), (self.message, self.rule, self.path))


# The public classes live at the top of the package: tracebacks and reprs say
# ``ono99.IllegalMoveError``, not the private module's name.
for _cls in (
    Ono99Error,
    VariantError,
    IllegalMoveError,
    ReplayError,
    ArgumentError,
    SimulationError,
    PluginError,
    RuleError,
):
    _cls.__module__ = "ono99"
