"""A player that squeezes the next player: it leaves the total as high as it safely can."""

from __future__ import annotations

import ono99


class GreedyPlayer:
    """Plays the legal move that leaves the highest total."""

    def choose(self, observation: ono99.Observation) -> ono99.Move:
        """The legal move after which the total is highest."""
        return max(observation.legal_moves, key=lambda move: total_after(observation, move))


def total_after(observation: ono99.Observation, move: ono99.Move) -> int:
    """The total after ``move``, worked out from the variant's rule objects."""
    total = observation.total
    if isinstance(move, ono99.Play):
        for effect in observation.variant.card(move.card).effects:
            total = effect.total_after(total)
    floor = observation.variant.total.floor
    return total if floor is None else max(total, floor)
