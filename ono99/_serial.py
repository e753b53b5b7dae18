"""Moves, events and game records as plain data (for JSON, TOML, or a database)."""

from __future__ import annotations

from typing import Any

import attrs
import cattrs

from . import events as ev
from ._errors import ReplayError
from ._game import GameRecord
from ._moves import Move, Play, Redraw

__all__ = ["from_data", "to_data"]

_MOVES: dict[str, type[Move]] = {cls.type: cls for cls in (Play, Redraw)}
_KINDS: dict[str, type[Any]] = {**_MOVES, **ev.EVENT_TYPES, "game_record": GameRecord}

_converter = cattrs.Converter(forbid_extra_keys=True)


def _structure_move(value: Any, _: Any) -> Move:
    result = from_data(value)
    if not isinstance(result, Play | Redraw):
        raise ReplayError(f"expected a move, got {value!r}")
    return result


_converter.register_structure_hook(Move, _structure_move)


def to_data(obj: Any) -> Any:
    """A move, event or :class:`~ono99.GameRecord` as plain data.

    Tables carry a ``type`` key; :func:`from_data` reverses this.

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
    raise TypeError(f"cannot turn {obj!r} into data")


def from_data(data: Any) -> Any:
    """The move, event or game record that :func:`to_data` turned into ``data``.

    Raises:
        ReplayError: If the data does not describe one.

    >>> from_data({"type": "play", "card": "7"})
    Play(card='7')
    >>> from_data({"type": "play", "card": "5", "target": 2})
    Play(card='5', target=2)
    """
    if isinstance(data, list):
        return [from_data(d) for d in data]
    if not isinstance(data, dict) or data.get("type") not in _KINDS:
        known = ", ".join(sorted(_KINDS))
        raise ReplayError(f"expected a table with a type key (one of {known}), got {data!r}")
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
