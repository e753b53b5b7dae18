"""The checker's handlers of the events that move cards.

Cards are conserved and hands keep their size; each play moves the total as
the card's effects say, never below the floor.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ono99._args import is_int
from ono99._limits import MAX_TOTAL
from ono99.rules._failures import ask

from ._model import LogModel

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ono99 import events as ev
    from ono99._variant import Variant

__all__ = ["CardEvents"]


class CardEvents(LogModel):
    """Deals, plays, redraws, draws, reshuffles, lay-downs and effects on hands."""

    def _on_dealt(self, event: ev.Dealt) -> None:
        self._actor(event.player, "is dealt cards")
        self._hands[event.player] = list(event.cards)
        self._draw -= len(event.cards)
        self.expect(self._draw >= 0, "cards conserved", "more cards dealt than the deck has")

    def _on_played(self, event: ev.Played) -> None:
        self._actor(event.player, f"plays {event.card}")
        self._take(event.player, [event.card])
        self._discard.append(event.card)
        expected = _total_after(self.variant, event.card, self._total, event.amount)
        self.expect(
            event.total == expected,
            "total follows the card",
            lambda: (
                f"{event.card} took the total from {self._total} to {event.total}, "
                f"its effects say {expected}"
            ),
        )
        floor = self.rules.floor
        self.expect(
            floor is None or event.total >= floor,
            "floor",
            f"the total went to {event.total}, below the floor {floor}",
        )
        self._before_bust = self._total
        self._due = [
            (self._describe(trigger), event.player)
            for trigger in self.rules.play_triggers
            if ask(
                trigger,
                self.rules.trigger_path(trigger),
                "fires",
                self._total,
                event.total,
                self.rules.bust,
                check=lambda fired: isinstance(fired, bool),
                expected="True or False",
            )
        ]
        self._total = event.total
        self._refilling = event.player
        self._last_played = event.player
        self._acting = any(e.changes_hands for e in self.variant.card(event.card).resolved_effects)
        if not event.automatic:
            self._played()

    def _on_redrew(self, event: ev.Redrew) -> None:
        self._actor(event.player, "redraws")
        self._take(event.player, list(event.cards))
        self._discard.extend(event.cards)
        self._refilling = event.player
        self._played()

    def _on_drew(self, event: ev.Drew) -> None:
        self.expect(
            self._refilling == event.player or self._acting,
            "hand size",
            f"player {event.player} drew outside a refill after their play",
        )
        self._actor(event.player, "draws")
        self.expect(self._draw > 0, "cards conserved", "a card was drawn from an empty pile")
        self._draw -= 1
        self._hands[event.player].append(event.card)

    def _on_reshuffled(self, event: ev.Reshuffled) -> None:
        keep = 1 if self.rules.keep_top_card and self._discard else 0
        self.expect(
            self._draw == 0 and event.cards == len(self._discard) - keep > 0,
            "cards conserved",
            lambda: (
                f"reshuffled {event.cards} cards with {self._draw} left to draw "
                f"and {len(self._discard)} discarded"
            ),
        )
        self._draw = event.cards
        self._discard = self._discard[len(self._discard) - keep :]

    def _on_laid_down(self, event: ev.LaidDown) -> None:
        self._actor(event.player, "lays down")
        self.expect(
            Counter(event.cards) == Counter(self._hands[event.player]),
            "event log",
            f"player {event.player} laid down {event.cards}, not the hand held",
        )
        if self.rules.laid_down_discarded:
            self._discard.extend(event.cards)
        else:
            self._out += len(event.cards)
        self._hands[event.player] = []
        self._in_round[event.player] = False
        self._lost(event.player)

    def _on_discarded(self, event: ev.Discarded) -> None:
        self._effect_event(event.player)
        self._take(event.player, [event.card])
        self._discard.append(event.card)

    def _on_card_given(self, event: ev.CardGiven) -> None:
        self._effect_event(event.player)
        self._take(event.player, [event.card])
        self._hands[event.to].append(event.card)

    def _on_hands_swapped(self, event: ev.HandsSwapped) -> None:
        self._effect_event(event.player)
        hands = self._hands
        hands[event.player], hands[event.other] = hands[event.other], hands[event.player]

    def _take(self, player: int, cards: Sequence[str]) -> None:
        hand = self._hands[player]
        for card in cards:
            self.expect(
                card in hand, "cards conserved", f"player {player} played {card} not in {hand}"
            )
            hand.remove(card)


def _total_after(variant: Variant, card_id: str, total: int, amount: int | None = None) -> int:
    """The total after a card, straight from the variant's rule objects, floor and bounds."""
    for i, effect in enumerate(variant.card(card_id).effects):
        where = f"cards.{card_id}.effects[{i}]"
        total = ask(
            effect, where, "total_after", total, amount, check=is_int, expected="an integer"
        )
    floor = variant.total.floor
    return min(MAX_TOTAL, max(total, -MAX_TOTAL if floor is None else floor))
