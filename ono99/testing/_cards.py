"""The checker's handlers of the events that move cards.

Cards are conserved and hands keep their size; each play moves the total as
the card's effects say, never below the floor.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import attrs

from ono99._args import is_int
from ono99._limits import MAX_TOTAL
from ono99.rules import Declaration, ask

from ._model import LogModel
from ._view import Unknown

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

    def _on_starter_turned(self, event: ev.StarterTurned) -> None:
        self.expect(
            self.rules.starter, "event log", f"{event.card} was turned up: there is no starter"
        )
        self.expect(self._draw > 0, "cards conserved", "the starter was turned from an empty pile")
        self._draw -= 1
        self._out += 1  # out of play, face up, until the round ends

    def _on_laid_away(self, event: ev.LaidAway) -> None:
        # Into a declared zone (the crib): from a hand, or dealt from the stock.
        if event.player is None:
            self._draw -= len(event.cards)
            self.expect(
                self._draw >= 0, "cards conserved", "the crib was dealt more than the stock"
            )
        else:
            self._actor(event.player, "lays cards away")
            self._take(event.player, event.cards)
            self._laid[event.player].extend(event.cards)
        self._zoned += len(event.cards)

    def _on_played(self, event: ev.Played) -> None:
        self._actor(event.player, f"plays {event.card}")
        self._take(event.player, [event.card])
        self._discard.append(event.card)
        acting, amount = self._acting_card(event.card, event.amount)
        floor = self.rules.floor
        tried_below = False
        declaring = self._declaration(event)
        read: int | None = None
        if self.rules.by_id[acting].reads_table:
            # Its total depends on the table: judged on the table as the model
            # knows it when the card is played, as play judges it.
            read = self._total_read(event, acting, amount, declaring)
        if read is not None:
            raw = read
            expected = _bounded(self.variant, raw)
        elif self.rules.by_id[acting].reads_table:
            # It read what the model does not follow: the engine's reading is
            # checked against what the move was told (the invariant "told
            # total", in GameChecker.play).
            raw = expected = event.total
            # Nor does the log say where the card tried to take the total: a
            # card the rules played for a player with no safe play, which left
            # the total at the floor, may have tried to take it below.
            tried_below = event.automatic and event.total == floor
        else:
            raw = _raw_total_after(self.variant, acting, self._total, amount)
            expected = _bounded(self.variant, raw)
        self.expect(
            event.total == expected,
            "total follows the card",
            lambda: (
                f"{event.card} took the total from {self._total} to {event.total}, "
                f"its effects say {expected}"
                + (f" (it does what {acting} did)" if acting != event.card else "")
            ),
        )
        self.expect(
            floor is None or event.total >= floor,
            "floor",
            f"the total went to {event.total}, below the floor {floor}",
        )
        # Where going below the floor is illegal, only the rules' own play (a player
        # with no safe play) may try it: the player then busts, the total held at the floor.
        self._below_floor = (
            self.rules.floor_illegal and floor is not None and (raw < floor or tried_below)
        )
        before = self._before_bust = self._total
        self._total = event.total
        self._count.append(event.card)
        self._last_acting, self._last_amount = acting, amount
        self._said = event.say
        self._declared_before, self._declared = self._declared, declaring
        self._passes = 0
        self._last_in_count = self._last_actor = event.player
        self._due = self._play_due(event.player, before)
        self._refilling = event.player
        self._last_played = event.player
        self._acting = any(e.changes_hands for e in self.variant.card(acting).resolved_effects)
        if not event.automatic:
            self._played()

    def _total_read(
        self, event: ev.Played, acting: str, amount: int | None, declaring: Declaration | None
    ) -> int | None:
        """What the play ``event`` makes of the total, ``acting``'s effects read on the table.

        The table is the model's as the card is played: the count with the card
        in it, the card before as it was declared. ``None`` if a rule read what
        the model does not follow (:class:`Unknown`).
        """
        # Between plays, the card before is the count's last, as it was declared;
        # asked of the card being played, the count holds it too.
        view = self._count_view(event.player, self._total, playing=False)
        table: Any = attrs.evolve(
            view,
            count_cards=(*view.count_cards, self.variant.card(event.card)),
            declaring=declaring,
            playing=True,
        )
        card = self.variant.card(acting)
        total = self._total
        try:
            for i, effect in enumerate(card.resolved_effects):
                where = f"cards.{acting}.effects[{i}]"
                method, args = (
                    ("total_on", (table, card, total, amount))
                    if effect.reads_table
                    else ("total_after", (total, amount))
                )
                total = ask(effect, where, method, *args, check=is_int, expected="an integer")
        except Unknown:
            return None
        return total

    def _declaration(self, event: ev.Played) -> Declaration | None:
        """What the play ``event`` tells declared its card to be, if it named something."""
        if event.declare is None:
            return None
        kinds = [e.declares for e in self.variant.card(event.card).resolved_effects if e.declares]
        self.expect(
            bool(kinds), "event log", f"{event.card} names nothing, yet its play named one"
        )
        return Declaration(kinds[0] if kinds else "", event.declare, event.card, event.player)

    def _acting_card(self, card: str, amount: int | None) -> tuple[str, int | None]:
        """The card whose effects a play of ``card`` applies, and its amount.

        Itself, unless it repeats the card before it in the count (then that
        card's, with that play's amount).
        """
        repeats = any(e.repeats_previous for e in self.variant.card(card).resolved_effects)
        if repeats and self._count and self._last_acting is not None:
            return self._last_acting, self._last_amount
        return card, amount

    def _play_due(self, player: int, before: int) -> list[tuple[str, int | None, bool]]:
        """The play triggers a play from ``before`` to the total fires, in order."""
        rules = self.rules
        due: list[tuple[str, int | None, bool]] = []
        view = None
        for trigger, reads in zip(rules.play_triggers, rules.play_reads, strict=True):
            fired: bool | None
            if reads:
                view = view or self._count_view(player, before, playing=True)
                fired = self._fires(trigger, view)
            else:
                fired = trigger.fires(before, self._total, rules.bust)
            if fired is not False:
                due.append((self._describe(trigger), player, fired is None))
        return due

    def _on_redrew(self, event: ev.Redrew) -> None:
        self._actor(event.player, "redraws")
        self._take(event.player, list(event.cards))
        self._discard.extend(event.cards)
        self._refilling = event.player
        self._redrew = True  # it draws as many, whether or not plays refill hands
        self._played()

    def _on_drew(self, event: ev.Drew) -> None:
        self.expect(
            (self._refilling == event.player and (self.rules.refill or self._redrew))
            or self._acting,
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
            self.rules.reshuffles
            and self._draw == 0
            and event.cards == len(self._discard) - keep > 0,
            "cards conserved",
            lambda: (
                f"reshuffled {event.cards} cards with {self._draw} left to draw "
                f"and {len(self._discard)} discarded"
                + ("" if self.rules.reshuffles else " (the variant never reshuffles)")
            ),
        )
        self._draw = event.cards
        self._discard = self._discard[len(self._discard) - keep :]
        self._reshuffles += 1

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

    # -- reactions: answered (or declined) by the player they name, and only then

    def _on_reaction_opened(self, event: ev.ReactionOpened) -> None:
        self.expect(
            self._last_played == event.player,
            "reactions",
            f"player {event.player} aimed {event.what} without playing a card",
        )
        self._reaction = (event.seat, event.player, event.what)

    def _on_answered(self, event: ev.Answered) -> None:
        self._by_the_named(event.player, "answered")
        self._actor(event.player, f"answers with {event.card}")
        self._take(event.player, [event.card])
        self._discard.append(event.card)
        self._refilling = event.player  # draws again, as after a play
        self._played()
        reaction = self._reaction
        if event.to is None or reaction is None:
            self._reaction = None
            return
        self.expect(
            event.to == reaction[1],
            "reactions",
            f"player {event.player} sent {reaction[2]} back to player {event.to}, "
            f"not to player {reaction[1]}, who aimed it",
        )
        self._reaction = (event.to, event.player, reaction[2])

    def _on_declined(self, event: ev.Declined) -> None:
        self._by_the_named(event.player, "declined")
        self._reaction = None
        self._triggered = True  # what was aimed follows, as a trigger's outcomes
        self._played()

    def _on_reaction_lapsed(self, event: ev.ReactionLapsed) -> None:
        self._by_the_named(event.player, "let lapse")
        self._reaction = None

    def _by_the_named(self, player: int, what: str) -> None:
        reaction = self._reaction
        self.expect(
            reaction is not None and reaction[0] == player,
            "reactions",
            lambda: (
                f"player {player} {what} with no reaction open"
                if reaction is None
                else f"player {player} {what} a reaction aimed at player {reaction[0]}"
            ),
        )


def _raw_total_after(variant: Variant, card_id: str, total: int, amount: int | None = None) -> int:
    """The total a card's rule objects give, before the floor and bounds."""
    for i, effect in enumerate(variant.card(card_id).resolved_effects):
        where = f"cards.{card_id}.effects[{i}]"
        total = ask(
            effect, where, "total_after", total, amount, check=is_int, expected="an integer"
        )
    return total


def _bounded(variant: Variant, total: int) -> int:
    """``total`` held to the floor and the bounds."""
    floor = variant.total.floor
    return min(MAX_TOTAL, max(total, -MAX_TOTAL if floor is None else floor))
