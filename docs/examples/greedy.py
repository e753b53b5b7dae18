"""A player that squeezes the next player: it leaves the total as high as it safely can."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ono99

if TYPE_CHECKING:
    from collections.abc import Sequence


class GreedyPlayer:
    """Plays the legal move that leaves the highest total."""

    def choose(self, observation: ono99.Observation) -> ono99.Move:
        """The legal move after which the total is highest."""
        return max(observation.legal_moves, key=observation.total_after)


class QuickGreedyPlayer(GreedyPlayer):
    """The greedy player, deciding without an observation (a quick player)."""

    def pick(
        self, legal_moves: Sequence[ono99.Move], total: int, variant: ono99.Variant
    ) -> ono99.Move:
        """The legal move after which the total is highest."""
        return max(legal_moves, key=lambda m: total_after(variant, total, m))


def total_after(variant: ono99.Variant, total: int, move: ono99.Move) -> int:
    """The total after ``move``, worked out from the variant's rule objects.

    What ``Observation.total_after`` says, for a player that has no observation.
    """
    if isinstance(move, ono99.Play):
        for effect in variant.card(move.card).effects:
            total = effect.total_after(total)
    floor = variant.total.floor
    return total if floor is None else max(total, floor)
