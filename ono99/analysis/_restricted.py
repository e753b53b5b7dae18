"""The restricted player of card importance: a cautious player who never plays one card.

After Jaffe et al., "Evaluating Competitive Game Balance with Restricted
Play" (AIIDE 2012): how much a card matters is how much a player loses by
giving it up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ono99.engine import Play
from ono99.players import CautiousPlayer

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ono99._variant import Variant
    from ono99.engine import Move, Observation

__all__ = ["AvoidingPlayer"]


class AvoidingPlayer:
    """A cautious player who never plays ``card`` while it has another legal move.

    It chooses as :class:`~ono99.CautiousPlayer` does among its legal moves
    without the card; when the card is all it may play, it plays it (a player
    must move). Where the card is not among the legal moves, it plays exactly
    as a cautious player. It is deterministic: the seed a simulation gives it
    is ignored.

    Args:
        card: The id of the card it avoids.
        seed: Ignored (a simulation gives each player one).

    >>> import ono99
    >>> player = ono99.AvoidingPlayer("10")
    >>> player.pick([ono99.Play("10"), ono99.Play("2")], 50, ono99.load_variant("ono99-2022"))
    Play(card='2')
    >>> player.pick([ono99.Play("10")], 50, ono99.load_variant("ono99-2022"))
    Play(card='10')
    """

    def __init__(self, card: str, seed: int | None = None) -> None:  # noqa: ARG002 - see Args
        self.card = card
        self._cautious = CautiousPlayer()

    def choose(self, observation: Observation) -> Move:
        """What :meth:`pick` picks for the observation's legal moves."""
        return self.pick(observation.legal_moves, observation.total, observation.variant)

    def pick(self, legal_moves: Sequence[Move], total: int, variant: Variant) -> Move:
        """The cautious choice among ``legal_moves`` without the card (all, if none is left)."""
        card = self.card
        kept = [m for m in legal_moves if not (isinstance(m, Play) and m.card == card)]
        return self._cautious.pick(kept or legal_moves, total, variant)

    def __repr__(self) -> str:
        return f"AvoidingPlayer({self.card!r})"
