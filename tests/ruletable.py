"""A stand-in for the engine's table and a card, for testing rule objects one at a time.

The engine hands rule objects a :class:`ono99.rules.Table`; these plain classes have the
same fields, so a test can set up any moment of a turn and read what a rule changed.
"""

from __future__ import annotations

from typing import Any

import attrs


@attrs.define
class FakeTable:
    """A table as the engine shows it to rule objects."""

    total: int = 0
    direction: int = 1
    forced: int = 1
    forced_by: str = ""
    answering: bool = False
    players_in_round: int = 3
    stacking: Any = "none"
    stack_on: Any = "any_play"
    next_owed: int = 0
    next_forced_by: str = ""
    ends_turn: bool = False
    skip: int = 0
    target: int | None = None
    next_player: int | None = None
    played: list[str] = attrs.Factory(list)

    def times_played_this_turn(self, card_id: str) -> int:
        return self.played.count(card_id)


@attrs.frozen
class FakeCard:
    id: str = "p2"
    name: str = "Play 2"


CARD = FakeCard()
