"""The one engine that plays every variant, and :class:`~ono99.Game`, its public face.

The state machine (``_engine``) interprets a variant's tables (``_tables``),
built once per variant from its rule objects; it draws every random choice
from the game's seeded generator (``_chance``) and asks players for moves
through the protocols of ``_protocols``. Around it: the moves (``_moves``),
what a player sees (``_observation``), a game set up at a chosen position
(``_position``), records as JSON (``_serial``) and events told in words
(``_narrate``). ``_game`` holds :class:`~ono99.Game`, which checks what a
caller gives it and is the only module here that the layers above use. The
public names are exported from :mod:`ono99`.
"""

from __future__ import annotations

from . import _engine
from ._chance import choice
from ._engine import ENGINE_FIELDS, Engine
from ._game import (
    Game,
    GameRecord,
    deal,
    engine_of,
    play_checked,
    play_to_end,
    redealt,
    redealt_unseen,
    seat_of,
)
from ._moves import Move, Play, Redraw, unsaid
from ._narrate import describe_event, second_person
from ._observation import Observation
from ._protocols import Player, QuickPlayer
from ._round import ROUND_FIELDS, Round
from ._serial import from_data, to_data
from ._state import game_state
from ._steps import (
    ROUND_NOT_OVER,
    cut_short,
    legal_now,
    losers,
    play_decided,
    play_quick,
    play_round,
    players_in,
    players_in_round,
    seat_done,
    total,
)
from ._tables import CompiledCard, CompiledVariant, compile_variant
from ._view import Layout, Vector, View, see, view_of

__all__ = [
    "COMPILED",
    "ENGINE_FIELDS",
    "ROUND_FIELDS",
    "ROUND_NOT_OVER",
    "CompiledCard",
    "CompiledVariant",
    "Engine",
    "Game",
    "GameRecord",
    "Layout",
    "Move",
    "Observation",
    "Play",
    "Player",
    "QuickPlayer",
    "Redraw",
    "Round",
    "Vector",
    "View",
    "choice",
    "compile_variant",
    "cut_short",
    "deal",
    "describe_event",
    "engine_of",
    "from_data",
    "game_state",
    "legal_now",
    "losers",
    "play_checked",
    "play_decided",
    "play_quick",
    "play_round",
    "play_to_end",
    "players_in",
    "players_in_round",
    "redealt",
    "redealt_unseen",
    "seat_done",
    "seat_of",
    "second_person",
    "see",
    "to_data",
    "total",
    "unsaid",
    "view_of",
]

COMPILED: bool = not (_engine.__file__ or "").endswith(".py")
"""Whether the engine runs compiled (a wheel built with mypyc), not as pure Python."""
