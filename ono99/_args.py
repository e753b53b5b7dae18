"""Checking the arguments a caller gives, with errors that name the argument.

Every public entry point passes what it is given through these helpers before
using it, so a value of the wrong type or out of range raises
:class:`~ono99.ArgumentError` (naming the argument and what was expected)
rather than whatever built-in error the first line to touch it would raise.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard

from ._errors import ArgumentError
from ._limits import MAX_ECHO, clip

__all__ = ["is_int", "is_list", "shown", "whole"]


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an integer and not a boolean."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_list(value: object) -> bool:
    """Whether ``value`` is a sequence of items (a list or tuple), not a string."""
    return isinstance(value, Sequence) and not isinstance(value, str | bytes)


def shown(value: object, limit: int = MAX_ECHO) -> str:
    """``repr(value)`` for a message, cut short when long.

    >>> shown("x" * 100, 5)
    "'xxxx... (97 more characters)"
    """
    try:
        text = repr(value)
    except Exception:
        text = f"<a {type(value).__name__}>"
    return clip(text, limit)


def whole(name: str, value: object, low: int | None = None, high: int | None = None) -> int:
    """``value``, checked to be a whole number from ``low`` to ``high``.

    Raises:
        ArgumentError: If it is not (a boolean is not a number here).

    >>> whole("players", 3, 2, 10)
    3
    >>> whole("players", "3")
    Traceback (most recent call last):
    ...
    ono99.ArgumentError: players: expected a whole number, got '3'
    """
    if not is_int(value):
        raise ArgumentError(name, f"expected a whole number, got {shown(value)}")
    if low is not None and value < low:
        raise ArgumentError(name, f"expected {low} or more, got {shown(value)}")
    if high is not None and value > high:
        raise ArgumentError(name, f"expected at most {high}, got {shown(value)}")
    return value
