"""ono99: the card game O'NO 99 and its relatives, with rules as data.

Load an edition, start a game, and play it move by move::

    >>> import ono99
    >>> game = ono99.Game(ono99.load_variant("ono99-2022"), players=4, seed=1)
    >>> winner = ono99.play_out(game, [ono99.CautiousPlayer()] * 4)
    >>> game.is_over and winner == game.winner
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events, rules
from ._check import Finding, check_file
from ._diff import diff_variants
from ._errors import (
    ArgumentError,
    IllegalMoveError,
    Ono99Error,
    PluginError,
    ReplayError,
    SimulationError,
    VariantError,
)
from ._files import PathName
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
from ._narrate import describe_event
from ._observation import Observation
from ._player_factory import PlayerFactory, Strategy, list_strategies, make_player
from ._players import CautiousPlayer, RandomPlayer, RecklessPlayer, play_out
from ._plot import plot_results
from ._protocols import Player, QuickPlayer
from ._results import Comparison, Distribution, SimulationResult, WinRate
from ._rulebook import Format, rulebook
from ._search import SearchPlayer
from ._serial import from_data, to_data
from ._simulate import compare_variants, simulate
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
    VariantLike,
)

__version__ = "0.1.0"

__all__ = [
    "ArgumentError",
    "Card",
    "CautiousPlayer",
    "Comparison",
    "Deal",
    "Deck",
    "Distribution",
    "Finding",
    "ForcedPlay",
    "Format",
    "Game",
    "GameRecord",
    "HouseRule",
    "IllegalMoveError",
    "Match",
    "Move",
    "NoSafePlay",
    "Observation",
    "Ono99Error",
    "PathName",
    "Play",
    "Player",
    "PlayerCount",
    "PlayerFactory",
    "PlayerStep",
    "PluginError",
    "Points",
    "QuickPlayer",
    "RandomPlayer",
    "RecklessPlayer",
    "Redraw",
    "RedrawRule",
    "ReplayError",
    "Reshuffle",
    "RoundRules",
    "SearchPlayer",
    "SimulationError",
    "SimulationResult",
    "Strategy",
    "Tokens",
    "Total",
    "Variant",
    "VariantError",
    "VariantLike",
    "WinRate",
    "check_file",
    "compare_variants",
    "describe_event",
    "diff_variants",
    "dump_variant",
    "events",
    "fingerprint",
    "from_data",
    "json_schema",
    "list_house_rules",
    "list_strategies",
    "list_variants",
    "load_house_rule",
    "load_variant",
    "loads_variant",
    "make_player",
    "play_out",
    "plot_results",
    "rulebook",
    "rules",
    "simulate",
    "to_data",
]

if TYPE_CHECKING:
    from ._schema import json_schema


def __getattr__(name: str) -> object:
    # The JSON Schema is for authors' tools: it is built on first use, which keeps
    # ``import ono99`` quick and ``python -m ono99._schema`` a plain script.
    if name == "json_schema":
        from ._schema import json_schema  # noqa: PLC0415

        return json_schema
    raise AttributeError(f"module 'ono99' has no attribute {name!r}")


def __dir__() -> list[str]:
    # What a user sees in ``dir(ono99)`` and in an editor's completion: the
    # curated API and the version, not the private modules it is built from.
    return sorted([*__all__, "__version__"])
