"""A game's whole state as plain data: what :func:`ono99.testing.snapshot` compares."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._engine import ENGINE_FIELDS
from ._game import engine_of
from ._round import ROUND_FIELDS

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["game_state"]

# Engine and round fields shown under the name of the Game property that shows
# the same fact (the others keep their own names), and those left out: caches
# (the legal moves, events shared by every game), what the variant and the
# player count decide, and the round (its fields are listed one by one).
_PUBLIC_NAMES = {"n": "players", "current": "current_player", "turn_plays": "played_this_turn"}
_LEFT_OUT = frozenset({"legal", "drew", "played", "rules", "full_deck", "r"})
# What grows a move at a time (the count's history starts again only with a new count).
_LOGS = frozenset({"events", "moves", "history"})


def game_state(game: Game, *, logs: bool = True) -> dict[str, Any]:
    """Everything ``game`` holds, as plain comparable data (see :func:`ono99.testing.snapshot`)."""
    engine = engine_of(game)
    r = engine.r
    out: dict[str, Any] = {
        name.lstrip("_"): _plain_copy(value) for name, value in vars(game).items() if name != "_e"
    }
    for owner, fields in ((engine, ENGINE_FIELDS), (r, ROUND_FIELDS)):
        for name in fields:
            if name in _LEFT_OUT:
                continue
            value = getattr(owner, name)
            if not logs and name in _LOGS:
                value = (len(value), value[-1] if value else None)
            out[_PUBLIC_NAMES.get(name, name)] = _plain_copy(value)
    ids = engine.rules.ids
    del out["rng"], out["draw"], out["discard"], out["forced"]
    out["random_state"] = engine.rng.getstate()
    out["hands"] = [[ids[k] for k in hand] for hand in r.hands]
    out["draw_pile"] = [ids[k] for k in reversed(r.draw)]
    out["discard_pile"] = [ids[k] for k in r.discard]
    out["out_of_play"] = [ids[k] for k in r.out_of_play]
    out["zones"] = {
        zone.name: [[ids[k] for k in pile] for pile in piles]
        for zone, piles in zip(engine.rules.zones, r.zones, strict=True)
    }
    out["plays_owed"] = r.forced - r.plays_made
    # The phase in progress and those an interrupt was opened over, by name.
    out["phase"] = r.phase.name
    out["paused"] = [phase.name for phase in r.paused]
    return out


def _plain_copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain_copy(v) for v in value]
    return value
