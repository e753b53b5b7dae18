"""Problems found in a variant file, and the words they are reported in.

A :class:`Problem` is a key path and what is wrong there. The helpers here
write values and types the way a TOML file spells them, so that every message
of the loader, the overlay of house rules and the file checks reads alike.
"""

from __future__ import annotations

import difflib
import json
import re
import types
import typing
from typing import Any, Literal, NamedTuple, NoReturn

import attrs

from ono99._limits import MAX_ECHO, clip
from ono99._variant import Card
from ono99.rules import AnyCondition, AnyEffect, AnyOutcome, AnyTrigger

__all__ = [
    "BARE_KEY",
    "RULE_ARRAYS",
    "Problem",
    "ProblemError",
    "ProblemsError",
    "card_id_problem",
    "describe_type",
    "describe_value",
    "is_array",
    "join_path",
    "key_name",
    "reject",
    "suggest",
    "toml_value",
]


class Problem(NamedTuple):
    """One problem: its key path, what is wrong, and other keys that bear on it.

    ``related`` lists the key paths whose values together make the problem
    (the deck size depends on ``players.max`` and ``deal.hand_size`` too), so
    that a problem found in a combination of files can be laid at the door of
    the file that set one of them last. When that file does not set ``path``
    itself, the message says where ``path`` comes from, and ``fix`` (if any)
    what the file may write.
    """

    path: str
    message: str
    related: tuple[str, ...] = ()
    fix: str = ""
    """What a file that does not set ``path`` itself (it inherits it) may write instead."""


class ProblemError(Exception):
    """A problem found at ``subpath`` below the value being structured."""

    def __init__(self, message: str, subpath: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.subpath = subpath


class ProblemsError(Exception):
    """Several problems, each at a key path."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(problems)
        self.problems = problems


def toml_value(value: object) -> str:
    """A value as it is written in TOML: ``"four"``, ``true``, ``[1, 2]``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    return repr(value)


def describe_value(value: object) -> str:
    """A value as written in TOML, with its type where the spelling does not show it.

    ``"four"`` (quotes show a string), ``4 (an integer)``, ``an array``.
    """
    kinds: list[tuple[type, str]] = [
        (bool, "a boolean"),
        (int, "an integer"),
        (float, "a float"),
        (str, "a string"),
        (list, "an array"),
        (dict, "a table"),
    ]
    for cls, name in kinds:
        if isinstance(value, cls):
            if isinstance(value, dict | list):
                return name
            if isinstance(value, str):
                return clip(toml_value(value))
            return f"{clip(toml_value(value))} ({name})"
    return f"{clip(repr(value))} (a {type(value).__name__})"


def is_array(tp: object) -> bool:
    """Whether ``tp`` is an array of values of one type (``tuple[X, ...]``)."""
    args = typing.get_args(tp)
    return typing.get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis


def _is_union(tp: object) -> bool:
    return typing.get_origin(tp) in (typing.Union, types.UnionType)


RULE_ARRAYS: dict[object, str] = {
    tuple[AnyEffect, ...]: "effect",
    tuple[AnyCondition, ...]: "condition",
    tuple[AnyTrigger, ...]: "trigger",
    tuple[AnyOutcome, ...]: "outcome",
}
"""The kind of rule object an array of rule tables holds, by the field's type."""


def describe_type(tp: Any) -> str:
    """What a field of this type expects in TOML, in words: ``an integer``."""
    if tp is int:
        return "an integer"
    if tp is str:
        return "a string"
    if tp is bool:
        return "true or false"
    if typing.get_origin(tp) is Literal:
        return "one of " + ", ".join(toml_value(a) for a in typing.get_args(tp))
    if tp == int | None:
        return 'an integer, or "none"'
    if _is_union(tp):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1:
            return describe_type(args[0])
    if tp == tuple[Card, ...]:
        return "a table of cards, one [cards.<id>] table each"
    if tp in RULE_ARRAYS:
        return f"an array of {RULE_ARRAYS[tp]} tables"
    if typing.get_origin(tp) is tuple:
        return f"an array of {describe_type(typing.get_args(tp)[0]).split(' ', 1)[1]}s"
    if attrs.has(tp):
        return "a table"
    return str(tp)


def reject(what: str, value: object) -> NoReturn:
    """Raise a :class:`ProblemError`: ``expected <what>, got <value>``."""
    raise ProblemError(f"expected {what}, got {describe_value(value)}")


BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
"""What TOML writes as a key without quotes."""


def key_name(key: str) -> str:
    """A key of a file as a key path writes it: bare where TOML allows, else quoted.

    A key that is empty, blank or holds a dot would otherwise be read as no key,
    nothing, or two keys.

    >>> key_name("players")
    'players'
    >>> key_name(" ")
    '" "'
    >>> key_name("a.b")
    '"a.b"'
    """
    return clip(key if BARE_KEY.fullmatch(key) else toml_value(key))


def card_id_problem(card_id: str) -> str:
    """What is wrong with a card id that is no bare key."""
    return f"a card id may hold only letters, digits, '_' and '-', got {clip(repr(card_id))}"


def join_path(path: str, sub: str) -> str:
    """``path`` and a subpath below it, as one key path."""
    if not sub:
        return path
    if not path:
        return sub.lstrip(".")
    if sub.startswith("["):
        return path + sub
    return f"{path}.{sub.lstrip('.')}"


def suggest(word: str, choices: typing.Iterable[str], quote: bool = False) -> str:
    """``"; did you mean 'x'?"`` for the closest of ``choices``, or nothing."""
    if len(word) > MAX_ECHO:  # no name is that long; comparing it would only cost time
        return ""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    if not close:
        return ""
    shown = toml_value(close[0]) if quote else repr(close[0])
    return f"; did you mean {shown}?"
