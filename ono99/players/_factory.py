"""Strategies for simulations: the shipped ones by name, and player factories.

A :data:`Strategy` is what :func:`~ono99.simulate`, the environments and the
command line take for a seat: a shipped strategy's name or a
:data:`PlayerFactory`. :func:`make_player` makes one player of either.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import TypeAlias, cast

from attrs import frozen

from ono99._args import shown, whole
from ono99._errors import ArgumentError
from ono99.engine import Player

from ._players import CautiousPlayer, RandomPlayer, RecklessPlayer
from ._search import SearchPlayer

__all__ = [
    "PlayerFactory",
    "Strategy",
    "list_strategies",
    "make_player",
    "not_a_strategy",
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

Strategy: TypeAlias = str | PlayerFactory | Callable[[], Player]
"""What takes a seat: a shipped strategy's name (see :func:`list_strategies`), a
:data:`PlayerFactory`, or a player class (or function) that takes no seed, such
as :class:`~ono99.CautiousPlayer`, called with nothing.

Pass the class, not a player made from it (``LowestFirst``, not
``LowestFirst()``): every seat of every game gets a player of its own.
"""


@frozen
class _Unseeded:
    """A factory that takes no seed, as one that is given one (and ignores it).

    Picklable whenever the factory it holds is, so it travels to other processes.
    """

    factory: Callable[[], Player]

    def __call__(self, seed: int) -> Player:  # noqa: ARG002 - every factory is given a seed
        return self.factory()


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

    >>> from ono99 import list_strategies
    >>> list_strategies()
    ['cautious', 'random', 'reckless', 'search']
    """
    return sorted(_STRATEGIES)


def make_player(strategy: Strategy, seed: int) -> Player:
    """A player of ``strategy`` (a name, a class or a factory), seeded with ``seed``.

    A class or factory that takes no seed is called with nothing.

    Raises:
        ArgumentError: If there is no shipped strategy of that name, or
            ``strategy`` is neither a name nor a class or factory (a player
            made already, say: pass its class).

    >>> from ono99 import CautiousPlayer, make_player
    >>> make_player("cautious", 1)
    CautiousPlayer()
    >>> make_player(CautiousPlayer, 1)
    CautiousPlayer()
    """
    whole("seed", seed)
    return strategy_factory(strategy)(seed)


def strategy_factory(strategy: Strategy) -> PlayerFactory:
    """The factory of ``strategy``: the shipped strategy of that name, or itself.

    A class or factory that takes no seed is wrapped in one that takes it (and
    ignores it); one that takes neither is an error now, not in a game later.
    """
    if isinstance(strategy, str):
        factory = _STRATEGIES.get(strategy.lower())
        if factory is None:
            known = ", ".join(list_strategies())
            raise ArgumentError(
                "strategy", f"no strategy {shown(strategy)}; the strategies are {known}"
            )
        return factory
    if not callable(strategy):
        raise ArgumentError("strategy", not_a_strategy(strategy))
    factory = cast("Callable[..., Player]", strategy)
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):  # a builtin: trust it to take the seed
        return factory
    try:
        signature.bind(0)
    except TypeError:
        try:
            signature.bind()
        except TypeError:
            raise ArgumentError(
                "strategy",
                f"{_name(factory)} must take a seed, or nothing, to make a player; "
                f"it takes {signature}",
            ) from None
        return _Unseeded(factory)
    return factory


def not_a_strategy(value: object) -> str:
    """Why ``value`` is no strategy, and what to pass instead (for an error message)."""
    if callable(getattr(value, "choose", None)) or callable(getattr(value, "pick", None)):
        cls = type(value).__name__
        return (
            f"got a player, {shown(value)}: pass its class ({cls}, not {cls}()) or a "
            "function that makes one, so that every seat of every game gets a player of "
            "its own"
        )
    return f"expected a strategy's name or a player class or factory, got {shown(value)}"


def _name(factory: object) -> str:
    inner = factory.func if isinstance(factory, functools.partial) else factory
    return str(getattr(inner, "__name__", None) or shown(factory))


def strategy_name(strategy: Strategy) -> str:
    """How results name ``strategy``: its name, or the factory's (a partial's function's)."""
    if isinstance(strategy, str):
        return strategy.lower()
    if isinstance(strategy, _Unseeded):
        strategy = strategy.factory
    return _name(strategy)
