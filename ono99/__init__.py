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
from ._errors import (
    ArgumentError,
    IllegalMoveError,
    Ono99Error,
    PluginError,
    ReplayError,
    RuleError,
    SimulationError,
    VariantError,
)
from ._phases import Phase, phase_type, phase_types
from ._variant import (
    Card,
    Deal,
    DealScore,
    Deck,
    ExtraCard,
    ForcedPlay,
    Match,
    NoSafePlay,
    PlayerCount,
    PlayerStep,
    Points,
    RankRules,
    RedrawRule,
    Reshuffle,
    RoundRules,
    StandardDeck,
    Teams,
    Tokens,
    Total,
    Variant,
    VariantLike,
)
from ._zones import BUILT_IN_ZONES, LAID_AWAY, RecordZone, Zone
from .analysis import (
    AvoidingPlayer,
    CardImportance,
    Completion,
    Decisions,
    Difference,
    Drama,
    Duration,
    Estimate,
    Fairness,
    Profile,
    Quantity,
    Rung,
    Skill,
    analyse,
    plot_profiles,
)
from .authoring import Finding, Format, check_file, diff_variants, rulebook
from .engine import (
    Decline,
    Game,
    GameRecord,
    Move,
    Observation,
    Play,
    Player,
    PutAside,
    QuickPlayer,
    Redraw,
    SeenZone,
    describe_event,
    from_data,
    to_data,
)
from .loading import (
    HouseRule,
    PathName,
    dump_variant,
    fingerprint,
    list_house_rules,
    list_variants,
    load_house_rule,
    load_variant,
    loads_variant,
)
from .players import (
    CautiousPlayer,
    PlayerFactory,
    RandomPlayer,
    RecklessPlayer,
    SearchPlayer,
    Strategy,
    list_strategies,
    make_player,
    play_out,
)
from .simulation import (
    Comparison,
    Distribution,
    GameDetails,
    SimulationResult,
    WinRate,
    compare_variants,
    plot_results,
    simulate,
)

__version__ = "0.1.0"


__all__ = [
    "BUILT_IN_ZONES",
    "LAID_AWAY",
    "ArgumentError",
    "AvoidingPlayer",
    "Card",
    "CardImportance",
    "CautiousPlayer",
    "Comparison",
    "Completion",
    "Deal",
    "DealScore",
    "Decisions",
    "Deck",
    "Decline",
    "Difference",
    "Distribution",
    "Drama",
    "Duration",
    "Estimate",
    "ExtraCard",
    "Fairness",
    "Finding",
    "ForcedPlay",
    "Format",
    "Game",
    "GameDetails",
    "GameRecord",
    "HouseRule",
    "IllegalMoveError",
    "Match",
    "Move",
    "NoSafePlay",
    "Observation",
    "Ono99Error",
    "PathName",
    "Phase",
    "Play",
    "Player",
    "PlayerCount",
    "PlayerFactory",
    "PlayerStep",
    "PluginError",
    "Points",
    "Profile",
    "PutAside",
    "Quantity",
    "QuickPlayer",
    "RandomPlayer",
    "RankRules",
    "RecklessPlayer",
    "RecordZone",
    "Redraw",
    "RedrawRule",
    "ReplayError",
    "Reshuffle",
    "RoundRules",
    "RuleError",
    "Rung",
    "SearchPlayer",
    "SeenZone",
    "SimulationError",
    "SimulationResult",
    "Skill",
    "StandardDeck",
    "Strategy",
    "Teams",
    "Tokens",
    "Total",
    "Variant",
    "VariantError",
    "VariantLike",
    "WinRate",
    "Zone",
    "analyse",
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
    "phase_type",
    "phase_types",
    "play_out",
    "plot_profiles",
    "plot_results",
    "rulebook",
    "rules",
    "simulate",
    "to_data",
]

if TYPE_CHECKING:
    from .authoring import json_schema


def __getattr__(name: str) -> object:
    # The JSON Schema is for authors' tools: it is built on first use, which keeps
    # ``import ono99`` quick and ``python -m ono99.authoring._schema`` a plain script.
    if name == "json_schema":
        from .authoring import json_schema  # noqa: PLC0415

        return json_schema
    # The testing tools, imported on first use as ``import ono99.testing`` would:
    # ``ono99.testing.check_invariants`` works after a plain ``import ono99``.
    # (``from . import testing`` would ask this function again, for ever.)
    if name == "testing":
        import importlib  # noqa: PLC0415

        return importlib.import_module("ono99.testing")
    raise AttributeError(f"module 'ono99' has no attribute {name!r}")


def __dir__() -> list[str]:
    # What a user sees in ``dir(ono99)`` and in an editor's completion: the
    # curated API and the version, not the private modules it is built from.
    return sorted([*__all__, "__version__"])
