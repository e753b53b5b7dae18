"""Strategies for simulations: the shipped ones by name, and player factories.

A :data:`Strategy` is what :func:`~ono99.simulate`, the environments and the
command line take for a seat: a shipped strategy's name or a
:data:`PlayerFactory`. :func:`make_player` makes one player of either.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeAlias

from ono99._args import shown, whole
from ono99._errors import ArgumentError
from ono99.engine._protocols import Player

from ._players import CautiousPlayer, RandomPlayer, RecklessPlayer
from ._search import SearchPlayer

__all__ = [
    "PlayerFactory",
    "Strategy",
    "list_strategies",
    "make_player",
    "strategy_factory",
    "strategy_name",
]

PlayerFactory: TypeAlias = Callable[[int], Player]
"""Makes a player for one seat of one game from a seed: ``factory(seed) -> Player``.

A class whose first argument is a seed, such as :class:`~ono99.RandomPlayer` or
:class:`~ono99.SearchPlayer`, is one already; so is
``functools.partial(ono99.SearchPlayer, iterations=400)``. To run on other
processes it must be picklable: a module-level function or class, not a lambda.
"""

Strategy: TypeAlias = str | PlayerFactory
"""A shipped strategy's name (see :func:`list_strategies`) or a player factory."""


def _random(seed: int) -> Player:
    return RandomPlayer(seed)


def _cautious(_seed: int) -> Player:
    return CautiousPlayer()


def _reckless(_seed: int) -> Player:
    return RecklessPlayer()


def _search(seed: int) -> Player:
    return SearchPlayer(seed)


_STRATEGIES: dict[str, Callable[[int], Player]] = {
    "random": _random,
    "cautious": _cautious,
    "reckless": _reckless,
    "search": _search,
}


def list_strategies() -> list[str]:
    """The names of the shipped strategies, for :func:`simulate` and the command line.

    >>> list_strategies()
    ['cautious', 'random', 'reckless', 'search']
    """
    return sorted(_STRATEGIES)


def make_player(strategy: Strategy, seed: int) -> Player:
    """A player of ``strategy`` (a name or a factory), seeded with ``seed``.

    Raises:
        ArgumentError: If there is no shipped strategy of that name, or
            ``strategy`` is neither a name nor a factory.

    >>> make_player("cautious", 1)
    CautiousPlayer()
    """
    whole("seed", seed)
    return strategy_factory(strategy)(seed)


def strategy_factory(strategy: Strategy) -> PlayerFactory:
    """The factory of ``strategy``: itself, or the shipped strategy of that name."""
    if isinstance(strategy, str):
        factory = _STRATEGIES.get(strategy.lower())
        if factory is None:
            known = ", ".join(list_strategies())
            raise ArgumentError(
                "strategy", f"no strategy {shown(strategy)}; the strategies are {known}"
            )
        return factory
    if not callable(strategy):
        raise ArgumentError(
            "strategy", f"expected a strategy's name or a player factory, got {shown(strategy)}"
        )
    return strategy


def strategy_name(strategy: Strategy) -> str:
    """How results name ``strategy``: its name, or the factory's (a partial's function's)."""
    if isinstance(strategy, str):
        return strategy.lower()
    inner = strategy.func if isinstance(strategy, functools.partial) else strategy
    return str(getattr(inner, "__name__", None) or repr(strategy))
