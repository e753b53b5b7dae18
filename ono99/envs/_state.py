"""The whole table as one vector, for a centralised critic: hidden information included."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from ono99.engine import Game

    from ._encoding import ObservationEncoder

__all__ = ["TableState"]


class TableState:
    """The slots of the PettingZoo environments' ``state()``, and its writer.

    The vector holds, in order:

    - seat 0's observation vector (the slots of ``encoder``, written by the
      engine's one writer of them), so its seats ``+k`` are seat ``k``;
    - ``plays_owed_now``: what the player to move still has to play this
      turn (0 once the game is over);
    - ``hands[s][card]``: how many of each card seat ``s`` holds, for each
      seat the vector has room for (padded seats all 0);
    - ``draw_pile[card]``: how many of each card the draw pile holds;
    - ``draw_order[i]``: the draw pile in order, top card first: 1 plus the
      index of the ``i``-th card's kind (in the variant's order of cards),
      0 past the bottom card; one slot for each card of the largest deck.

    It leaves out only the order of the discard pile (its counts are
    there) and the game's history.

    Args:
        encoder: The observation encoder of the environment.

    Attributes:
        names: The name of each slot.
        low: The least value of each slot.
        high: The most value of each slot.
    """

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.encoder = encoder
        layout = encoder.layout
        ids = list(layout.card_index)  # the card ids, in the variant's order
        cards = layout.cards
        card_high = list(layout.high[layout.hand : layout.hand + cards])
        deck = layout.count_high
        names = list(encoder.names)
        low = list(layout.low)
        high = list(layout.high)
        names.append("plays_owed_now")
        low.append(0)
        high.append(layout.owed_high)
        self._hands = len(names)
        for seat in range(layout.seats):
            names += [f"hands[{seat}][{card}]" for card in ids]
            low += [0] * cards
            high += card_high
        self._draw = len(names)
        names += [f"draw_pile[{card}]" for card in ids]
        low += [0] * cards
        high += card_high
        self._order = len(names)
        names += [f"draw_order[{i}]" for i in range(deck)]
        low += [0] * deck
        high += [cards] * deck
        self.names: tuple[str, ...] = tuple(names)
        self.low: NDArray[np.float32] = np.array(low, dtype=np.float32)
        self.high: NDArray[np.float32] = np.array(high, dtype=np.float32)
        self._index = layout.card_index
        self._cards = cards
        self._deck = deck

    def __len__(self) -> int:
        return len(self.names)

    def of(self, game: Game) -> NDArray[np.float32]:
        """The whole table of ``game`` now, as a new vector (every hand and the draw pile)."""
        out = np.zeros(len(self.names), np.float32)
        encoder = self.encoder
        encoder.encode_game(game, 0, out[: len(encoder)])
        if not game.is_over:
            out[len(encoder)] = min(game.plays_owed, self.encoder.layout.owed_high)
        index, cards = self._index, self._cards
        for seat in range(game.players):
            start = self._hands + seat * cards
            for card in game.hand(seat):
                out[start + index[card]] += 1
        pile = [index[card] for card in game.draw_pile][: self._deck]
        for k in pile:
            out[self._draw + k] += 1
        out[self._order : self._order + len(pile)] = np.array(pile, dtype=np.float32) + 1
        return np.minimum(out, self.high)
