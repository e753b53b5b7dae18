"""What a playing card is: the ranks and suits of a standard deck, and the suits' colours."""

from __future__ import annotations

from types import MappingProxyType

__all__ = ["STANDARD_RANKS", "STANDARD_SUITS", "SUIT_COLOURS"]

STANDARD_RANKS = (
    "ace",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "jack",
    "queen",
    "king",
)
"""The ranks of a standard deck, from the ace (low) to the king."""

STANDARD_SUITS = ("clubs", "diamonds", "hearts", "spades")
"""The suits of a standard deck, in bridge order."""

SUIT_COLOURS = MappingProxyType(
    {"clubs": "black", "spades": "black", "diamonds": "red", "hearts": "red"}
)
"""The colour of each standard suit: what :attr:`Card.colour` reads."""
