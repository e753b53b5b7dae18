"""The one engine that plays every variant, and :class:`~ono99.Game`, its public face.

The state machine (``_engine``) interprets a variant's tables (``_compiled``),
built once per variant from its rule objects; it draws every random choice
from the game's seeded generator (``_chance``) and asks players for moves
through the protocols of ``_protocols``. Around it: the moves (``_moves``),
what a seat sees (``_view``, shown as an :class:`~ono99.Observation` of
``_observation`` or as the numbers of a ``Layout``), a game set up at a chosen
position (``_position``), records as JSON (``_serial``), events told in words
(``_narrate``) and a game's whole state as data (``_state``). The public names
are exported from :mod:`ono99`.

This face is the only way the layers above reach the engine. Besides the
public classes (``Game``, ``Move``, ``Observation``, ``Player``, ...) it offers
them the fast core, what mypyc compiles, through a small named API:

- a game for checked arguments and its engine: :func:`deal`,
  :func:`engine_of`, :func:`seat_of`;
- moves: :func:`play_checked` (check and play), :func:`play_to_end` (players
  play the game out in the engine's loop), :func:`legal_now` (the legal moves
  as the engine keeps them), :func:`hand_now` (the cards of the player to
  move, which the put-aside move's actions are counted in), ``Engine.play``
  (a move taken from those, unchecked), ``Engine.copy`` and :func:`redealt` /
  :func:`redealt_unseen` (the unseen cards dealt again; :func:`unseen_now`
  says where they lie);
- loops that play many moves: :func:`play_quick`, :func:`play_decided`,
  :func:`play_round`, and the facts they ask after a move (:func:`total`,
  :func:`seat_done`, :func:`cut_short`, :func:`players_in`,
  :func:`players_in_round`, :func:`losers`, and the engine's read-only fields
  ``winner``, ``current``, ``in_game``, ``moves``, ``events``, ``round``,
  ``cards_played``, ``last_losers``, ``last_survivor``);
- what a seat sees: :func:`see` (the one reading of it), ``Layout`` and
  ``Vector`` (the observation vector's slots and their one writer),
  ``SeatVectors`` (every seat's vector of a game, what all see written once),
  :func:`view_of` (an observation as a view);
- the compiled rules (:func:`compile_variant`, ``CompiledCard``,
  ``CompiledVariant``), the engine's random choice (:func:`choice`), a game's
  state as data (:func:`game_state`), the crib as its owner would show it
  (:func:`crib_shown`, for a narrator), and whether the engine runs compiled
  (``COMPILED``).

Nothing above the engine reads its round or writes its fields.
"""

from __future__ import annotations

from . import _engine
from . import _phases as _phases  # registers the engine's phases, by name, for variant files
from . import _put_aside as _put_aside  # registers the put-aside phase (the crib)
from ._chance import choice
from ._compiled import CompiledCard, CompiledVariant, compile_variant
from ._engine import Engine
from ._game import (
    Game,
    copy_drawing,
    deal,
    engine_of,
    play_checked,
    play_to_end,
    redealt,
    redealt_unseen,
    seat_of,
)
from ._layout import Layout
from ._moves import Decline, Move, Play, PutAside, Redraw, unsaid
from ._narrate import describe_event, second_person
from ._observation import Observation, SeenZone
from ._protocols import Player, QuickPlayer
from ._put_aside import crib_shown
from ._record import GameRecord
from ._serial import from_data, to_data
from ._state import game_state
from ._steps import (
    ROUND_NOT_OVER,
    cut_short,
    hand_now,
    legal_now,
    losers,
    play_decided,
    play_quick,
    play_round,
    players_in,
    players_in_round,
    seat_done,
    total,
    turn_starts,
    unseen_now,
    won,
)
from ._view import SeatVectors, Vector, View, see, view_of

__all__ = [
    "COMPILED",
    "ROUND_NOT_OVER",
    "CompiledCard",
    "CompiledVariant",
    "Decline",
    "Engine",
    "Game",
    "GameRecord",
    "Layout",
    "Move",
    "Observation",
    "Play",
    "Player",
    "PutAside",
    "QuickPlayer",
    "Redraw",
    "SeatVectors",
    "SeenZone",
    "Vector",
    "View",
    "choice",
    "compile_variant",
    "copy_drawing",
    "crib_shown",
    "cut_short",
    "deal",
    "describe_event",
    "engine_of",
    "from_data",
    "game_state",
    "hand_now",
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
    "turn_starts",
    "unsaid",
    "unseen_now",
    "view_of",
    "won",
]

COMPILED: bool = not (_engine.__file__ or "").endswith(".py")
"""Whether the engine runs compiled (a wheel built with mypyc), not as pure Python."""
