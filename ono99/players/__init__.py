"""The shipped players, above the engine they play through.

The random, cautious and reckless players and :func:`~ono99.play_out`
(``_players``); the policies behind their choices, read from what a card does
and compiled with the engine (``_policies``); the search player
(``_search``); and strategies chosen by name for simulations and the command
line (``_factory``). A player of your own needs none of this: any object with
``choose(observation)`` will do (:class:`~ono99.Player`). The public names are
exported from :mod:`ono99`.
"""

from __future__ import annotations

from ._factory import (
    PlayerFactory,
    Strategy,
    list_strategies,
    make_player,
    not_a_strategy,
    strategy_factory,
    strategy_name,
)
from ._players import CautiousPlayer, RandomPlayer, RecklessPlayer, play_out
from ._policies import RankingSeat, random_seat
from ._search import SearchPlayer

__all__ = [
    "CautiousPlayer",
    "PlayerFactory",
    "RandomPlayer",
    "RankingSeat",
    "RecklessPlayer",
    "SearchPlayer",
    "Strategy",
    "list_strategies",
    "make_player",
    "not_a_strategy",
    "play_out",
    "random_seat",
    "strategy_factory",
    "strategy_name",
]
