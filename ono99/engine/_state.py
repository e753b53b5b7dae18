"""A game's whole state as plain data: what :func:`ono99.testing.snapshot` compares."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._engine import ENGINE_FIELDS
from ._game import engine_of
from ._round import DECLARED, ROUND_FIELDS, STARTER, STOCK

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["game_state"]

# Engine and round fields shown under the name of the Game property that shows
# the same fact (the others keep their own names), and those left out: caches
# (the legal moves, events shared by every game), what the variant and the
# player count decide, and the round (its fields are listed one by one).
_PUBLIC_NAMES = {"n": "players", "current": "current_player", "turn_plays": "played_this_turn"}
# The zones of every variant under their names in a state (ono99.BUILT_IN_ZONES).
_ZONE_NAMES = {"stock": "draw_pile", "pile": "discard_pile", "hand": "hands"}
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
    del out["rng"], out["piles"], out["forced"]
    out["random_state"] = engine.rng.getstate()
    # Every zone of the table by its name: the zones of every variant under
    # the names the Game properties give them, a zone of one pile as its list
    # (the stock top card first, as draw_pile), the declared zones in "zones",
    # a record of them (laid_away, whose cards lie in the crib) under its name.
    declared: dict[str, Any] = {}
    for z, (zone, piles) in enumerate(zip(engine.rules.table, r.piles, strict=True)):
        cards = [[ids[k] for k in (pile[::-1] if z == STOCK else pile)] for pile in piles]
        if zone.records:
            out[zone.name] = cards
        elif z >= DECLARED:
            declared[zone.name] = cards
        elif z == STARTER:
            out["starter"] = r.starter
        else:
            out[_ZONE_NAMES.get(zone.name, zone.name)] = cards if zone.per_owner else cards[0]
    out["zones"] = declared
    out["plays_owed"] = r.forced - r.plays_made
    # The phase in progress and those an interrupt was opened over, by name.
    out["phase"] = r.phase.name
    out["paused"] = [phase.name for phase in r.paused]
    return out


def _plain_copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain_copy(v) for v in value]
    return value
