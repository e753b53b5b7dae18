"""Moves: what a player can do on their turn."""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

__all__ = ["Move", "Play", "Redraw"]


@frozen
class Play:
    """Play one card from the hand.

    Attributes:
        card: The card's id in the variant file (``"minus_ten"``, ``"7"``).

    >>> Play("minus_ten")
    Play(card='minus_ten')
    """

    type: ClassVar[str] = "play"
    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@frozen
class Redraw:
    """Discard the variant's redraw cards (four ONO 99 cards) and draw as many.

    >>> Redraw()
    Redraw()
    """

    type: ClassVar[str] = "redraw"

    def __str__(self) -> str:
        return "redraw"


Move = Play | Redraw
"""Any move."""
