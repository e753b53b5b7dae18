"""Rules that read the cards played since the count started: pairs, runs, repeats, the count's end.

What a player scores from the sequence of plays (Cribbage's play: "a pair
2, three of a kind 6, four 12, runs, the last card 1"), what a card may be
played on (the card before it), a card that does what the one before it did,
and what a move says the total is. Each reads the :class:`~ono99.rules.Table`:
``count_cards``, ``previous_card``, ``said``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from attrs import field, frozen

from ._cards import STANDARD_RANKS
from ._conditions import CardTest, card_words, matches
from ._contract import Outcome
from ._defaults import BaseCondition, BaseEffect, BaseTrigger, out_of_range
from ._registry import shipped

if TYPE_CHECKING:
    from ._table import CardInfo, Table

__all__ = [
    "AnnouncedWrong",
    "CountEnds",
    "Flush",
    "OfAKind",
    "PreviousCard",
    "RepeatPrevious",
    "Run",
]


@shipped
@frozen
class OfAKind(BaseTrigger):
    """Fires when the latest ``count`` cards of the count share a rank, and no more do.

    Rule: "Playing a card of same rank as that previously played pegs 2.
    Playing a third card of the same rank makes pair royal and pegs 6.
    Playing the fourth card of the same rank makes double pair royal and pegs
    12" (Cribbage, "According to Hoyle"); "The tenth cards pair strictly by
    rank, a king with a king" (ibid.). A pair royal fires the trigger of
    three only, not that of two: each of a run of triggers for 2, 3 and 4
    says what the latest cards make. Cards of no rank never match.

    Attributes:
        count: How many cards of a rank, the latest of the count (2: a pair).
        outcomes: What happens then (for the player who played the last), in order.
    """

    type = "of_a_kind"
    count: int = 2
    outcomes: tuple[Outcome, ...] = field(kw_only=True)

    def fires_on(self, table: Table) -> bool:
        """Whether exactly the latest ``count`` cards share one rank."""
        cards = table.count_cards
        n = self.count
        if len(cards) < n:
            return False
        rank = cards[-1].rank
        if not rank or any(card.rank != rank for card in cards[-n:]):
            return False
        return len(cards) == n or cards[-n - 1].rank != rank

    def problems(self) -> list[tuple[str, str]]:
        """A count below 2, and the outcomes' problems."""
        return super().problems() + out_of_range("count", self.count, 2)

    def describe(self) -> str:
        """The trigger in words."""
        what = "a pair" if self.count == 2 else f"{self.count} of a kind"
        return f"when a play makes {what} of the latest cards: {self.outcome_words()}"


def _is_run(ranks: list[int]) -> bool:
    """Whether ``ranks`` (positions in the rank order) are consecutive, in any order."""
    return len(set(ranks)) == len(ranks) and max(ranks) - min(ranks) == len(ranks) - 1


@shipped
@frozen
class Flush(BaseTrigger):
    """Fires when the latest ``length`` cards of the count share a suit, and no more do.

    Rule: "Some parties permit flushes in play to be reckoned when three or
    more cards of a suit are laid down successively, that is, the person
    playing the third card reckons 3, and the player laying down a fourth of
    the same suit scores 4, and so on" (Hoyle's Games, "Cribbage"); Noddy
    scores a "Flush of Three or more - 1 point each card". As with runs, one
    trigger for each length says what the latest cards make. Cards of no suit
    never make a flush.

    Attributes:
        length: How many of the latest cards share the suit (2 or more).
        outcomes: What happens then, in order.
    """

    type = "flush"
    length: int = 3
    outcomes: tuple[Outcome, ...] = field(kw_only=True)

    def fires_on(self, table: Table) -> bool:
        """Whether the latest ``length`` cards share a suit and the card before them does not."""
        cards = table.count_cards
        n = self.length
        if len(cards) < n:
            return False
        suit = cards[-1].suit
        if not suit or any(card.suit != suit for card in cards[-n:]):
            return False
        return len(cards) == n or cards[-n - 1].suit != suit

    def problems(self) -> list[tuple[str, str]]:
        """A length below 2, and the outcomes' problems."""
        return super().problems() + out_of_range("length", self.length, 2)

    def describe(self) -> str:
        """The trigger in words."""
        return f"when the latest {self.length} cards are of one suit: {self.outcome_words()}"


@shipped
@frozen
class Run(BaseTrigger):
    """Fires when the latest ``length`` cards of the count make a run, and no more do.

    Rule: "Playing a card which, with the two or more played immediately
    previously, makes a sequence of three or more cards, pegs 1 for each card
    in the run ... so long as the three or more last cards played can be
    arranged in a run. Example: 7, 6, 8 played in that order score 3 for run;
    5, 2, 4, 3 played in that order score 4" (Cribbage, "According to Hoyle");
    "the ace is always low and cannot form a sequence with a king" (Bicycle,
    "Cribbage"). Ranks are consecutive in ``order`` (ace low by default); a
    card of a rank not in it breaks a run. Only the longest run the latest
    cards make fires: a run of 4 is not also a run of 3.

    Attributes:
        length: How many cards make the run (3 or more).
        outcomes: What happens then, in order.
        order: The ranks from low to high.
    """

    type = "run"
    length: int = 3
    outcomes: tuple[Outcome, ...] = field(kw_only=True)
    order: tuple[str, ...] = STANDARD_RANKS

    def _ranks(self, cards: tuple[CardInfo, ...]) -> list[int] | None:
        place = {rank: i for i, rank in enumerate(self.order)}
        found = [place.get(card.rank, -1) for card in cards]
        return None if -1 in found else found

    def fires_on(self, table: Table) -> bool:
        """Whether the latest ``length`` cards make a run, and no more of the latest do.

        More than one: 4, 5, ace, 2, 3 make a run of five, not one of three.
        """
        cards = table.count_cards
        n = self.length
        if len(cards) < n:
            return False
        ranks = self._ranks(cards[-n:])
        if ranks is None or not _is_run(ranks):
            return False
        for more in range(n + 1, min(len(cards), len(self.order)) + 1):
            longer = self._ranks(cards[-more:])
            if longer is None:
                return True  # a card of no rank in the order: no run goes past it
            if _is_run(longer):
                return False
        return True

    def problems(self) -> list[tuple[str, str]]:
        """A length below 3, ranks named twice, and the outcomes' problems."""
        found = super().problems() + out_of_range("length", self.length, 3, len(self.order))
        if len(set(self.order)) < len(self.order):
            found.append(("order", "expected each rank once"))
        return found

    def describe(self) -> str:
        """The trigger in words."""
        return f"when the latest {self.length} cards make a run: {self.outcome_words()}"


@shipped
@frozen
class CountEnds(BaseTrigger):
    """Fires when the count ends; the player is the last to play ("the go").

    Rule: "If a player is unable to play another card without exceeding 31,
    he must say 'Go,' and his opponent pegs 1 ... If such additional cards
    bring the total to exactly 31, he pegs 2 instead of 1"; "Playing the last
    card of all counts as a go" (Cribbage, "According to Hoyle"). The count
    ends when every player in the round has passed in a row, or nobody holds
    a card. ``unless_total`` leaves out a count that ended at that total (31,
    which scores 2 through a ``land_on`` trigger "instead of 1").

    Attributes:
        outcomes: What happens then, in order.
        unless_total: A total at which the trigger does not fire (``"none"``:
            always fires).
    """

    type = "count_ends"
    on_count_end = True
    outcomes: tuple[Outcome, ...] = field(kw_only=True)
    unless_total: int | None = None

    def fires_on(self, table: Table) -> bool:
        """Whether a card was played in the count, and it did not end at ``unless_total``."""
        return bool(table.count_cards) and table.total != self.unless_total

    def describe(self) -> str:
        """The trigger in words."""
        unless = "" if self.unless_total is None else f" (unless at {self.unless_total})"
        return f"when the count ends{unless}, for the last to play: {self.outcome_words()}"


@shipped
@frozen
class AnnouncedWrong(BaseTrigger):
    """Fires when a play's move says a total other than the one the play makes.

    Rule: "You must correctly state the new total when you play a card"
    (t_games, Ninety-Nine, which refuses a wrong one); a rule "whereby players
    must state the running total after playing and lose if they're wrong"
    (reported on betaveros.wordpress.com, "99"); "Add the value of your card
    to the previous total of the Discard Pile and announce the new total"
    (Mattel 2022, which names no penalty). A move that says nothing counts as wrong unless
    ``missing_is_wrong`` is false. The legal moves of a variant with this
    trigger say the true total (``Play.say``), so players who pick from them
    are always right.

    Attributes:
        outcomes: What happens then (to the player who played), in order.
        missing_is_wrong: Whether saying nothing is wrong too.
    """

    type = "announced_wrong"
    reads_announcement = True
    outcomes: tuple[Outcome, ...] = field(kw_only=True)
    missing_is_wrong: bool = True

    def fires_on(self, table: Table) -> bool:
        """Whether the move said a wrong total (or nothing, with ``missing_is_wrong``)."""
        said = table.said
        if said is None:
            return self.missing_is_wrong
        return said != table.total

    def describe(self) -> str:
        """The trigger in words."""
        what = "a wrong total, or none," if self.missing_is_wrong else "a wrong total"
        return f"when a player announces {what} with a card: {self.outcome_words()}"


@shipped
@frozen
class PreviousCard(CardTest, BaseCondition):
    """The card may be played only on a card of these ranks, suits or colours (see no_previous).

    Or, with ``same``, on a card of its own rank, suit or colour. The card
    before is the last card played since the count started. The first card
    of a count has none: ``no_previous`` says what the condition answers
    then, ``"allows"`` (the default: the first card of a count may always be
    played, and a ``when`` it decides takes its ``effects``) or ``"refuses"``
    (the card may not open a count, and a ``when`` takes its ``otherwise``).

    Rule: a card must match the card before it, in suit or in rank, as in
    the Crazy Eights family; in a variant file that is ``same = ["suit",
    "rank"]``. No shipped rule set uses it.

    It reads the table (the card before), so it can decide a ``when``
    effect at each play: "a card whose effect depends on the previous card's
    colour" is ``{ type = "when", conditions = [{ type = "previous_card",
    colour = ["red"] }], ... }`` (the ``previous-colour`` example of the
    documentation).

    Attributes:
        same: What the card must share with the card before (any one of them):
            ``"rank"``, ``"suit"``, ``"colour"``.
        no_previous: What it answers with no card before (the first card of
            a count): ``"allows"`` (the default) or ``"refuses"``.

    >>> from ono99.rules import PreviousCard
    >>> PreviousCard(colour=("red",)).describe()
    'only on a red card'
    >>> PreviousCard(colour=("red",), no_previous="refuses").describe()
    'only on a red card, and never as the first card of a count'
    """

    type = "previous_card"
    reads_table = True
    same: tuple[Literal["rank", "suit", "colour"], ...] = ()
    no_previous: Literal["allows", "refuses"] = "allows"

    def _allows(self, before: CardInfo, card: CardInfo) -> bool:
        if self.same and not any(
            getattr(before, what) and getattr(before, what) == getattr(card, what)
            for what in self.same
        ):
            return False
        return matches(before, self)

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Refuse a card that the card before does not allow."""
        before = table.previous_card
        if before is None:
            if self.no_previous == "allows":
                return None
            return f"{card.name} may not start a count: {self.describe()}"
        if self._allows(before, card):
            return None
        return f"{card.name} may not be played on {before.name}: {self.describe()}"

    def describe(self) -> str:
        """The condition in words."""
        first = ", and never as the first card of a count" if self.no_previous == "refuses" else ""
        parts = []
        if self.same:
            parts.append(f"its own {' or '.join(self.same)}")
        if self.rank or self.suit or self.colour or self.tags:
            kind = card_words(self.rank, self.suit, self.colour)
            if not self.same:
                return f"only on a {kind}{first}"  # "only on a red card", "only on a king"
            parts.append(f"a {kind}")
        return f"only on a card of {' and '.join(parts) or 'any kind'}{first}"


@shipped
@frozen
class RepeatPrevious(BaseEffect):
    """The card does what the card played before it did, in place of effects of its own.

    The card before's effects act again, with the amount it chose and the
    player it named, so the move that plays the repeat then makes no choice
    of its own (``Play(card)``); a repeat with no card before it in the count
    does what its other effects say (nothing, if it has none), with their
    choices. A player the card may no longer name (one gone out of the round
    since, or the one playing where the card may not name themselves) is not
    named again: the repeat names nobody, and play passes on as usual. The
    card itself is the one played (its rank, its place in the count).

    Rule: "this card does what the last one did", a card of house rules that
    players state in those words; no shipped rule set uses it.
    """

    type = "repeat_previous"
    repeats_previous = True

    def total_after(self, total: int, amount: int | None = None) -> int:
        """With no card before it in the count, the total as it is.

        With one, the engine asks the card before's effects instead.
        """
        return total

    def describe(self) -> str:
        """The effect in words."""
        return "does what the card played before it did"
