"""The table as the checker's model knows it, for the rules that read the table.

A trigger that reads the table (``reads_table``) is asked :meth:`fires_on`,
and a card's effect whose total depends on the table is asked ``total_on``,
with a :class:`CountView` built from the model: the count, the total, what
the play said and declared. What the model does not follow (hands, the
generator, the methods that change the table) raises :class:`Unknown`, and
the checker then takes the trigger as maybe due, or the total as the engine
read it (checked against what the move was told).
"""

from __future__ import annotations

from typing import NoReturn

import attrs

from ono99.rules import CardInfo, Declaration

__all__ = ["CountView", "Unknown"]


class Unknown(BaseException):
    """A rule read what the checker's model does not know.

    A :class:`BaseException`, so that a rule that catches :class:`Exception`
    does not take it for its own failure.
    """


@attrs.frozen
class CountView:
    """What the model knows of the table when a rule that reads it is asked.

    ``playing``: a card is being played (the count's latest), as the table is
    while a card's total is read and its play's triggers are asked.
    """

    player: int
    total: int
    total_before: int
    said: int | None
    bust: int
    direction: int
    count_cards: tuple[CardInfo, ...]
    previous_card: CardInfo | None
    players_in_round: int
    reshuffles: int
    declared: Declaration | None = None
    declaring: Declaration | None = None
    playing: bool = False

    def __getattr__(self, name: str) -> NoReturn:
        raise Unknown(name)
