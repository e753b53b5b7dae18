"""Moves, events and game records as plain data (for JSON, TOML, or a database)."""

from __future__ import annotations

import typing
from typing import TYPE_CHECKING, Any

import attrs
import cattrs

from ono99 import events as ev
from ono99._args import shown
from ono99._errors import ArgumentError, ReplayError
from ono99._limits import MAX_DEPTH
from ono99.loading import too_deep

from ._moves import Decline, Move, Play, PutAside, Redraw
from ._record import GameRecord

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["from_data", "to_data"]

_MOVES: dict[str, type[Move]] = {cls.type: cls for cls in (Play, Redraw, Decline, PutAside)}
_KINDS: dict[str, type[Any]] = {**_MOVES, **ev.EVENT_TYPES, "game_record": GameRecord}

_converter = cattrs.Converter(forbid_extra_keys=True)


# Strict types: data that is not already of the field's type is refused, never
# coerced (a seed of 1.5 is not 1, "3" players is not 3, "10" is no deck).
def _exactly(cls: type[Any]) -> Callable[[Any, Any], Any]:
    def structure(value: Any, _: Any) -> Any:
        if type(value) is not cls and not (
            cls is int and type(value) is not bool and isinstance(value, int)
        ):
            raise TypeError(f"expected {_WORDS[cls]}, got {shown(value)}")
        return value

    return structure


_WORDS: dict[type[Any], str] = {int: "a whole number", str: "a string", bool: "true or false"}
for _cls in _WORDS:
    _converter.register_structure_hook(_cls, _exactly(_cls))


def _is_tuple(tp: Any) -> bool:
    return typing.get_origin(tp) is tuple


def _structure_tuple(value: Any, tp: Any) -> tuple[Any, ...]:
    if not isinstance(value, list | tuple):
        raise TypeError(f"expected a list, got {shown(value)}")
    args = typing.get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_converter.structure(item, args[0]) for item in value)
    if len(value) != len(args):
        raise TypeError(f"expected a list of {len(args)}, got {shown(value)}")
    return tuple(_converter.structure(item, arg) for item, arg in zip(value, args, strict=True))


_converter.register_structure_hook_func(_is_tuple, _structure_tuple)


def _structure_move(value: Any, _: Any) -> Move:
    result = _from_data(value)
    if not isinstance(result, Play | Redraw | Decline | PutAside):
        raise ReplayError(f"expected a move, got {shown(value)}")
    return result


_converter.register_structure_hook(Move, _structure_move)


def to_data(obj: Any) -> Any:
    """A move, event or :class:`~ono99.GameRecord` as plain data.

    Tables carry a ``type`` key; :func:`from_data` reverses this.

    >>> from ono99 import Play, to_data
    >>> to_data(Play("minus_ten"))
    {'type': 'play', 'card': 'minus_ten'}
    >>> to_data(Play("ace", amount=11))
    {'type': 'play', 'card': 'ace', 'amount': 11}
    """
    if isinstance(obj, GameRecord):
        data = {"type": "game_record", **attrs.asdict(obj, recurse=False)}
        data["moves"] = [to_data(m) for m in obj.moves]
        data["deck"] = list(obj.deck) if obj.deck is not None else None
        return data
    if isinstance(obj, tuple | list):
        if too_deep(obj) is not None:
            raise ArgumentError("obj", f"nested more than {MAX_DEPTH} deep")
        return [to_data(o) for o in obj]
    kind = getattr(type(obj), "type", None)
    if kind in _KINDS and isinstance(obj, _KINDS[kind]):
        out: dict[str, Any] = {"type": kind}
        for a in attrs.fields(type(obj)):
            value = getattr(obj, a.name)
            if a.kw_only and value == a.default:
                continue  # at its default (Play.amount not chosen, automatic=False): left out
            out[a.name] = list(value) if isinstance(value, tuple) else value
        return out
    raise ArgumentError("obj", f"cannot turn {shown(obj)} into data")


def from_data(data: Any) -> Any:
    """The move, event or game record that :func:`to_data` turned into ``data``.

    Raises:
        ReplayError: If the data does not describe one.

    >>> from ono99 import from_data
    >>> from_data({"type": "play", "card": "7"})
    Play(card='7')
    >>> from_data({"type": "play", "card": "5", "target": 2})
    Play(card='5', target=2)
    """
    where = too_deep(data)
    if where is not None:
        raise ReplayError(f"the data is nested more than {MAX_DEPTH} deep (at {where})")
    return _from_data(data)


def _from_data(data: Any) -> Any:
    if isinstance(data, list):
        return [_from_data(d) for d in data]
    kind = data.get("type") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in _KINDS:  # a list or a table cannot be looked up
        known = ", ".join(sorted(_KINDS))
        raise ReplayError(f"expected a table with a type key (one of {known}), got {shown(data)}")
    cls = _KINDS[data["type"]]
    rest = {k: v for k, v in data.items() if k != "type"}
    try:
        return _converter.structure(rest, cls)
    except (cattrs.BaseValidationError, ReplayError, KeyError, TypeError, ValueError) as exc:
        details = (
            "; ".join(cattrs.transform_error(exc))
            if isinstance(exc, cattrs.BaseValidationError)
            else str(exc)
        )
        raise ReplayError(f"bad {data['type']} data: {details}") from None
