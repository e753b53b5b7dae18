"""Build explicit deck orders for scenario tests."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import ono99

if TYPE_CHECKING:
    from collections.abc import Sequence


def stacked(hands: Sequence[Sequence[str]], draws: Sequence[str] = ()) -> list[str]:
    """A deck order (top card first) that deals ``hands`` and then ``draws``.

    ``hands[seat]`` is what each seat is dealt, with seat 0 the first to the
    dealer's left (the default first dealer is the last seat, so seat 0 leads).
    Cards are dealt one at a time around the table, as the rules say; the
    cards drawn afterwards come off the deck in the order given.
    """
    size = len(hands[0])
    assert all(len(hand) == size for hand in hands)
    order = [hand[i] for i in range(size) for hand in hands]
    return order + list(draws)


# The standard-deck "99" family as shipped.
FAMILY = [
    "ninety-nine",
    "ninety-nine-pagat",
    "ninety-nine-parlett",
    "ninety-nine-chicago",
    "ninety-nine-jokers",
    "ninety-nine-king-of-spades",
    "ninety-nine-everything2",
    "ninety-eight",
]


# Draws for the "99" rule sets with triggers: low number cards, so that what a test
# checks is not changed by what a player draws.
FILLER = ["5", "6", "7", "5", "6", "7", "5", "6", "7"]


def drive(game: ono99.Game, *moves: str | ono99.Play) -> list[ono99.events.Event]:
    """Play the moves in turn (a card id stands for a play without choices)."""
    happened: list[ono99.events.Event] = []
    for move in moves:
        happened += game.play(ono99.Play(move) if isinstance(move, str) else move)
    return happened


def cards_in_play(game: ono99.Game) -> Counter[str]:
    """Every card of the game, wherever it is: the draw pile, hands, discards, out of play."""
    cards: Counter[str] = Counter(game.draw_pile)
    for seat in range(game.players):
        cards.update(game.hand(seat))
    cards.update(game.discard_pile)
    cards.update(game.out_of_play)
    return cards
