"""ono99: the card game O'NO 99 and its relatives, with rules as data.

Load an edition, start a game, and play it move by move::

    >>> import ono99
    >>> game = ono99.Game(ono99.load_variant("ono99-2022"), players=4, seed=1)
    >>> winner = ono99.play_out(game, [ono99.CautiousPlayer()] * 4)
    >>> game.is_over and winner == game.winner
    True
"""

from __future__ import annotations

from . import events, rules
from ._errors import IllegalMoveError, Ono99Error, ReplayError, VariantError
from ._game import Game, GameRecord
from ._loader import (
    HouseRule,
    dump_variant,
    fingerprint,
    list_house_rules,
    list_variants,
    load_house_rule,
    load_variant,
    loads_variant,
)
from ._moves import Move, Play, Redraw
from ._observation import Observation
from ._players import CautiousPlayer, Player, RandomPlayer, play_out
from ._rulebook import rulebook
from ._serial import from_data, to_data
from ._variant import (
    Card,
    Deal,
    Deck,
    ForcedPlay,
    Match,
    NoSafePlay,
    PlayerCount,
    PlayerStep,
    Points,
    RedrawRule,
    Reshuffle,
    RoundRules,
    Tokens,
    Total,
    Variant,
)

__version__ = "0.1.0"

__all__ = [
    "Card",
    "CautiousPlayer",
    "Deal",
    "Deck",
    "ForcedPlay",
    "Game",
    "GameRecord",
    "HouseRule",
    "IllegalMoveError",
    "Match",
    "Move",
    "NoSafePlay",
    "Observation",
    "Ono99Error",
    "Play",
    "Player",
    "PlayerCount",
    "PlayerStep",
    "Points",
    "RandomPlayer",
    "Redraw",
    "RedrawRule",
    "ReplayError",
    "Reshuffle",
    "RoundRules",
    "Tokens",
    "Total",
    "Variant",
    "VariantError",
    "dump_variant",
    "events",
    "fingerprint",
    "from_data",
    "list_house_rules",
    "list_variants",
    "load_house_rule",
    "load_variant",
    "loads_variant",
    "play_out",
    "rulebook",
    "rules",
    "to_data",
]
