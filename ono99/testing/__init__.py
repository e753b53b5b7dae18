"""Hypothesis strategies and invariant checks for ono99 variants.

The invariant checks (:func:`check_invariants`, :class:`GameChecker`) need
nothing beyond ``ono99`` itself. The strategies need `Hypothesis
<https://hypothesis.readthedocs.io>`_ (the ``test`` extra brings it), which
``import ono99`` never imports. After ``import ono99``, ``ono99.testing`` is
imported on first use.

Check your own variant file in one call: it plays seeded games with random
players and checks every invariant of the engine after every move::

    >>> from ono99.testing import check_invariants
    >>> check_invariants("ono99-1980-option", games=2, seed=1)
    Checked(games=2, moves=..., rounds=...)

A broken invariant raises :class:`InvariantError`, naming the invariant, the
variant, the seed and the move. The same checks drive the library's own
property tests, on these strategies:

- :func:`shipped_variants`: the variants shipped with the library;
- :func:`variants`: generated valid variants (random decks of rule objects,
  counts and settings within what the schema allows);
- :func:`effects` and :func:`conditions`: rule objects from the registries;
- :func:`move_sequences`: a variant, seat count, seed and legal moves;
- :func:`games`: games in progress;
- :func:`positions`: arguments of :meth:`ono99.Game.from_position`, most of
  them positions no game can reach, to check that each is built or refused
  with the library's error.

For example, a property test of your own::

    from hypothesis import given
    from ono99.testing import games

    @given(games(variants=shipped_variants()))
    def test_total_below_bust(game):
        assert game.is_over or game.total < game.variant.total.bust
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._check_invariants import Checked, check_invariants
from ._checker import GameChecker, candidate_moves
from ._invariants import InvariantError, snapshot

if TYPE_CHECKING:
    from collections.abc import Mapping

    from hypothesis import strategies as st

    from ._rules import conditions, effects, outcomes, triggers
    from ._strategies import (
        MoveSequence,
        any_variants,
        games,
        move_sequences,
        positions,
        shipped_variants,
        variants,
    )

    INVARIANTS: Mapping[str, str]
    """Every invariant :class:`GameChecker` checks, by name, with what it states."""

    FIELD_STRATEGIES: dict[tuple[str, str], st.SearchStrategy[Any]]
    """Strategies for particular fields of rule objects, by ``(type, field)``.

    A field not listed here is drawn from its annotation (``int`` from -5 to 30,
    ``bool``, ``Literal[...]``, tuples, or ``hypothesis.strategies.from_type``)
    and the object kept only if its ``problems()`` finds none. A new rule object
    in :func:`ono99.rules.rule_types` (of any kind) is
    covered without any change here; list a field to keep it in a useful range.
    """
else:
    from ._invariants import INVARIANTS

__all__ = [
    "FIELD_STRATEGIES",
    "INVARIANTS",
    "Checked",
    "GameChecker",
    "InvariantError",
    "MoveSequence",
    "any_variants",
    "candidate_moves",
    "check_invariants",
    "conditions",
    "effects",
    "games",
    "move_sequences",
    "outcomes",
    "positions",
    "shipped_variants",
    "snapshot",
    "triggers",
    "variants",
]


_NEED_HYPOTHESIS = frozenset(__all__) - set(globals())
"""The names built on Hypothesis (those not imported above), imported when first asked for."""


def __getattr__(name: str) -> Any:
    """Import the strategies on first use, so that the checks work without Hypothesis."""
    if name not in _NEED_HYPOTHESIS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    try:
        from . import _rules, _strategies  # noqa: PLC0415 - Hypothesis, only when asked for
    except ModuleNotFoundError as error:
        if error.name is None or error.name.partition(".")[0] != "hypothesis":
            raise
        raise ModuleNotFoundError(
            f"ono99.testing.{name} needs Hypothesis, which is not installed: "
            "pip install 'hypothesis>=6.100' (or install ono99 with its test extra)",
            name=error.name,
        ) from None
    return getattr(_rules if hasattr(_rules, name) else _strategies, name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | _NEED_HYPOTHESIS)
