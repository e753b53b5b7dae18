"""The checker's handlers of the events of turn order: plays owed and direction."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._model import LogModel

if TYPE_CHECKING:
    from ono99 import events as ev

__all__ = ["TurnEvents"]


class TurnEvents(LogModel):
    """Plays owed (forced, passed on or combined) and changes of direction."""

    def _on_plays_owed(self, event: ev.PlaysOwed) -> None:
        self._actor(event.player, "owes plays")
        self._plays_owed(event.plays)
        deflected, self._deflected = self._deflected, None
        self.expect(
            deflected is None or deflected == event.plays,
            "event log",
            f"{deflected} plays were passed on and player {event.player} owes {event.plays}",
        )

    def _plays_owed(self, plays: int) -> None:
        stacking = self.rules.stacking
        allowed = set(self._forced_plays) | self._owed_seen
        for seen in self._owed_seen:
            for fresh in self._forced_plays:
                if stacking == "multiply":
                    allowed.add(seen * fresh)
                elif stacking == "add":
                    allowed.add(seen + fresh)
        self.expect(
            plays > 1 and plays in allowed,
            "plays owed",
            lambda: (
                f"{plays} plays owed; the cards force {self._forced_plays} with stacking "
                f"{stacking!r}, and {sorted(self._owed_seen)} were owed before"
            ),
        )
        self._owed_seen.add(plays)

    def _on_direction_changed(self, event: ev.DirectionChanged) -> None:
        self.expect(
            event.direction == -self._direction and sum(self._in_round) > 2,
            "event log",
            lambda: (
                f"the direction went from {self._direction} to {event.direction} with "
                f"{sum(self._in_round)} players in the round"
            ),
        )
        self._direction = event.direction

    def _on_deflected(self, event: ev.Deflected) -> None:
        self._actor(event.player, "answers forced plays")
        self._deflected = event.plays
