"""What a player is: the protocols the engine asks for a move.

They sit below the engine that calls them (and below :class:`~ono99.Game`), so
that the engine, the game and the shipped players in ``_players`` all read
them without importing one another in a circle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ono99._variant import Variant

    from ._moves import Move
    from ._observation import Observation

__all__ = ["Player", "QuickPlayer"]


@runtime_checkable
class Player(Protocol):
    """Anything that picks a move from what its seat may know.

    A player sees only its :class:`~ono99.Observation`, whose ``legal_moves``
    lists what it may do; it must return one of them.

    >>> import ono99
    >>> class FirstMove:
    ...     def choose(self, observation: ono99.Observation) -> ono99.Move:
    ...         return observation.legal_moves[0]
    >>> isinstance(FirstMove(), ono99.Player)
    True
    """

    def choose(self, observation: Observation) -> Move:
        """Pick one of ``observation.legal_moves``."""
        ...


@runtime_checkable
class QuickPlayer(Player, Protocol):
    """A player that decides from its legal moves and the total alone.

    An :class:`~ono99.Observation` holds every public fact of the game, and
    building one at every move costs more than the move itself.
    :func:`~ono99.play_out` and :func:`~ono99.simulate` therefore ask a player that
    has a ``pick`` method for ``pick(legal_moves, total, variant)`` instead
    of ``choose(observation)``. The two must agree: ``pick`` returns what
    ``choose`` would for an observation with those legal moves, total and
    variant, and changes the player's state (its random generator) alike.
    Where the total a move makes depends on the table (a card whose effect
    reads the card before it, say: :attr:`~ono99.Observation.table_totals`),
    the legal moves and the total do not tell it, and the engine asks
    ``choose(observation)`` instead; so it does while cards are laid away
    into a crib (:class:`~ono99.PutAside`: whose the crib is, and the cards
    seen, are the observation's).
    The shipped random, cautious and reckless players are quick players.

    >>> import ono99
    >>> class FirstMove:
    ...     def choose(self, observation: ono99.Observation) -> ono99.Move:
    ...         return observation.legal_moves[0]
    ...     def pick(self, legal_moves, total, variant):
    ...         return legal_moves[0]
    >>> isinstance(FirstMove(), ono99.QuickPlayer)
    True
    """

    def pick(self, legal_moves: Sequence[Move], total: int, variant: Variant) -> Move:
        """Pick one of ``legal_moves`` (at least one) at ``total``, playing ``variant``."""
        ...
