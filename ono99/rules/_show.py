"""The show: each hand scored, with the starter, for fifteens, pairs, runs, a flush and the knave.

Triggers asked at the show (``on_show``), once for each hand, in turn from
the player after the dealer round to the dealer (``show.when`` says whether
the show comes once the hands are dealt, or at the round's end). Each counts
how many times the hand shown scores (:meth:`times_on`), reading
:attr:`Table.shown <ono99.rules.Table.shown>` and
:attr:`Table.starter <ono99.rules.Table.starter>`; its outcomes are applied
that many times for the player, each time a
:class:`~ono99.events.TriggerFired` event saying why.

Rules: "For every 15, 2 points. For a pair, or two of a sort, 2 points. For a
pair-royal, or three of a sort, 6 points. For a double pair-royal, or four
ditto, 12 points. For a sequence of any suits, according to the number. For
flushes, according to the number. For a knave, or noddy, of the same suit as
turned up, one point" (Hoyle's Games, "Cribbage", reckoning the hand with the
turned-up card); in Noddy, "if a Knave (Jack) is turned up, the dealer gets
2 points".
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, ClassVar, Literal

from attrs import field, frozen

from ._cards import STANDARD_RANKS
from ._conditions import CardTest, card_words, matches
from ._contract import Outcome
from ._defaults import BaseTrigger, out_of_range
from ._registry import shipped

if TYPE_CHECKING:
    from ._table import CardInfo, Table

__all__ = [
    "HandFifteens",
    "HandFlush",
    "HandKnave",
    "HandPairs",
    "HandRuns",
    "StarterIs",
    "TurnedUp",
]


def _with_starter(table: Table) -> tuple[CardInfo, ...]:
    starter = table.starter
    return table.shown if starter is None else (*table.shown, starter)


class _ShowTrigger(BaseTrigger):
    """A trigger asked at the show, once for each hand (each class has its ``outcomes``)."""

    __slots__ = ()

    on_show: ClassVar[bool] = True


@shipped
@frozen
class HandFifteens(_ShowTrigger):
    """Scores once for each set of cards of the hand, with the starter, that count ``value``.

    Rule: "For every 15, 2 points" (Hoyle's Games, "Cribbage", the show: "reckoning
    the cards every way they can possibly be varied, and always including the
    turned up-card"). A card counts what it adds to the total (a 7 counts 7,
    a king 10); a card that adds no fixed amount, or nothing, or takes away,
    counts in no set.

    Attributes:
        value: What the cards of a set add up to.
        outcomes: What each set scores, in order.
    """

    type = "hand_fifteens"
    outcomes: tuple[Outcome, ...] = field(kw_only=True)
    value: int = 15

    def times_on(self, table: Table) -> int:
        """How many sets of the cards shown (and the starter) add up to ``value``.

        Counted by the sums the cards can make, not by listing the sets, so a
        large hand costs no more than its cards times ``value``.
        """
        ways = [1] + [0] * self.value  # ways[s]: the sets found so far that add up to s
        for card in _with_starter(table):
            counts = card.value
            if counts is None or counts <= 0 or counts > self.value:
                continue
            for total in range(self.value, counts - 1, -1):
                ways[total] += ways[total - counts]
        return ways[self.value]

    def problems(self) -> list[tuple[str, str]]:
        """A value below 1 or above 1,000, and the outcomes' problems."""
        return super().problems() + out_of_range("value", self.value, 1, 1_000)

    def describe(self) -> str:
        """The trigger in words."""
        return (
            f"for each set of cards in a hand, with the starter, that counts {self.value}: "
            f"{self.outcome_words()}"
        )


@shipped
@frozen
class HandPairs(_ShowTrigger):
    """Scores once for each pair of cards of one rank in the hand, with the starter.

    Rule: "For a pair, or two of a sort, 2 points. For a pair-royal, or three of
    a sort, 6 points. For a double pair-royal, or four ditto, 12 points" (Hoyle's
    Games, "Cribbage"): three of a rank are three pairs, four are six, so 2
    points a pair scores them all. Cards of no rank never pair.

    Attributes:
        outcomes: What each pair scores, in order.
    """

    type = "hand_pairs"
    outcomes: tuple[Outcome, ...] = field(kw_only=True)

    def times_on(self, table: Table) -> int:
        """How many pairs of one rank the cards shown, and the starter, make."""
        ranks = Counter(card.rank for card in _with_starter(table) if card.rank)
        return sum(n * (n - 1) // 2 for n in ranks.values())

    def describe(self) -> str:
        """The trigger in words."""
        return f"for each pair of one rank in a hand, with the starter: {self.outcome_words()}"


@shipped
@frozen
class HandRuns(_ShowTrigger):
    """Scores once for each card of each run of ``length`` or more in the hand, with the starter.

    Rule: "For a sequence of any suits, according to the number" (Hoyle's Games,
    "Cribbage"): a run of three scores 3 at 1 point a card; the longest runs
    count, each as often as the cards make it (a 3, 4, 4, 5 is two runs of
    three, 6). Ranks are consecutive in ``order``, ace low by default.

    Attributes:
        length: The fewest cards that make a run.
        outcomes: What each card of a run scores, in order.
        order: The ranks from low to high.
    """

    type = "hand_runs"
    outcomes: tuple[Outcome, ...] = field(kw_only=True)
    length: int = 3
    order: tuple[str, ...] = STANDARD_RANKS

    def times_on(self, table: Table) -> int:
        """The cards of each run the cards shown make, each counted as often as made.

        A run is the longest the ranks make (a run of four is not also a run of
        three); runs apart from each other (2, 3, 4 and 8, 9, 10, jack) each
        score, whichever is the longer.
        """
        place = {rank: i for i, rank in enumerate(self.order)}
        counts = Counter(place[card.rank] for card in _with_starter(table) if card.rank in place)
        scored = 0
        at = 0
        top = len(self.order)
        while at < top:
            if counts[at] == 0:
                at += 1
                continue
            end = at
            ways = 1
            while end < top and counts[end] > 0:
                ways *= counts[end]
                end += 1
            size = end - at
            if size >= self.length:
                scored += size * ways
            at = end
        return scored

    def problems(self) -> list[tuple[str, str]]:
        """A length below 3, ranks named twice, and the outcomes' problems."""
        found = super().problems() + out_of_range("length", self.length, 3, len(self.order))
        if len(set(self.order)) < len(self.order):
            found.append(("order", "expected each rank once"))
        return found

    def describe(self) -> str:
        """The trigger in words."""
        return (
            f"for each card of a run of {self.length} or more in a hand, with the starter: "
            f"{self.outcome_words()}"
        )


@shipped
@frozen
class HandFlush(_ShowTrigger):
    """Scores once for each card of a hand of ``length`` or more cards of one suit.

    Rule: "For flushes, according to the number" (Hoyle's Games, "Cribbage");
    "Three cards of the same suit in hand ... usually entitle the player to
    reckon that number as a flush, and also one more when the turn-up card
    happens to be of the same suit" (ibid.). The flush is of the hand's own
    cards, all of one suit; the starter adds one when it is of that suit too
    (unless ``with_starter`` is false).

    The crib (a declared zone shown at the show, :attr:`Table.shown_zone
    <ono99.rules.Table.shown_zone>`) is where the books differ. "In crib, no
    flush is reckoned unless the start is of the same suit as the cards in
    crib" (Encyclopaedia Britannica, 11th ed.; "To have a flush in the crib,
    all five cards must be in the same suit", Bicycle Cards, Five-Card
    Cribbage): ``crib = "with_starter"``. Hoyle allows "four in crib" as a
    flush, as a hand's, then adds that "among professed gamesters it is not
    customary to allow flushes in crib, unless all the cards, including that
    turned up, are of the same suit": ``crib = "as_hand"``, the default (a
    zone shown is counted as a hand is, unless the file says otherwise).

    >>> from ono99.rules import ChangePoints, HandFlush
    >>> one = ChangePoints(who="player", by=1)
    >>> HandFlush(outcomes=(one,), length=4, crib="with_starter").describe()[-69:]
    'in a crib, only with a starter of its suit): the player gains 1 point'

    Attributes:
        length: The fewest cards of one suit, all the hand's, that make a flush.
        with_starter: Whether a starter of the flush's suit scores with it.
        crib: How a flush in a declared zone shown (the crib) counts:
            ``"with_starter"``, only when the starter is of its suit too, and
            then every card of it and the starter; ``"as_hand"``, as a hand's.
        outcomes: What each card of the flush scores, in order.
    """

    type = "hand_flush"
    outcomes: tuple[Outcome, ...] = field(kw_only=True)
    length: int = 3
    with_starter: bool = True
    crib: Literal["with_starter", "as_hand"] = "as_hand"

    def times_on(self, table: Table) -> int:
        """The cards of the flush: the hand's, and the starter's when of its suit.

        In the crib (``crib = "with_starter"``), nothing unless the starter
        is of the flush's suit.
        """
        shown = table.shown
        suits = {card.suit for card in shown}
        if len(shown) < self.length or len(suits) != 1 or "" in suits:
            return 0
        starter = table.starter
        matched = starter is not None and starter.suit in suits
        if self.crib == "with_starter" and table.shown_zone:
            return len(shown) + 1 if matched else 0
        extra = self.with_starter and matched
        return len(shown) + (1 if extra else 0)

    def problems(self) -> list[tuple[str, str]]:
        """A length below 2, and the outcomes' problems."""
        return super().problems() + out_of_range("length", self.length, 2)

    def describe(self) -> str:
        """The trigger in words."""
        crib = (
            "; in a crib, only with a starter of its suit" if self.crib == "with_starter" else ""
        )
        return (
            f"for each card of a hand of {self.length} or more cards all of one suit "
            f"(the starter too, if of that suit{crib}): {self.outcome_words()}"
        )


@shipped
@frozen
class HandKnave(_ShowTrigger):
    """Scores when the hand holds the card of ``rank`` of the starter's suit.

    Rule: "For a knave, or noddy, of the same suit as turned up, one point"
    (Hoyle's Games, "Cribbage"); "the person with the Knave of the suit turned
    up (called Knave Noddy) receives 1 point" (Noddy).

    Attributes:
        rank: The rank that scores in the starter's suit.
        outcomes: What it scores, in order.
    """

    type = "hand_knave"
    outcomes: tuple[Outcome, ...] = field(kw_only=True)
    rank: str = "jack"

    def times_on(self, table: Table) -> int:
        """1 when the hand holds a card of ``rank`` in the starter's suit."""
        starter = table.starter
        if starter is None or not starter.suit:
            return 0
        held = any(c.rank == self.rank and c.suit == starter.suit for c in table.shown)
        return 1 if held else 0

    def describe(self) -> str:
        """The trigger in words."""
        return f"when a hand holds the {self.rank} of the starter's suit: {self.outcome_words()}"


@shipped
@frozen
class StarterIs(CardTest, _ShowTrigger):
    """At the show, scores for the dealer if the starter is of these ranks, suits or colours.

    Rule: "if a Knave (Jack) is turned up, the dealer gets 2 points" (Noddy);
    "the dealer turns up and lays on the crib the uppermost card, for which,
    if a knave, he makes 2 points" (Hoyle's Games, "Five-Card Cribbage"). Asked
    at the show with the dealer's hand, and only then: it scores nothing when
    the starter is turned up, nor in a variant without ``deal.show``. For a
    score at the turn-up itself, see :class:`TurnedUp`.
    """

    type = "starter_is"
    outcomes: tuple[Outcome, ...] = field(kw_only=True)

    def times_on(self, table: Table) -> int:
        """1 for the dealer's hand when the starter is such a card."""
        starter = table.starter
        if starter is None or table.showing != table.dealer:
            return 0
        return 1 if matches(starter, self) else 0

    def describe(self) -> str:
        """The trigger in words."""
        card = card_words(self.rank, self.suit, self.colour)
        return f"when the starter is a {card}, for the dealer: {self.outcome_words()}"


@shipped
@frozen
class TurnedUp(CardTest, BaseTrigger):
    """Scores for the dealer at once when the starter turned up is of these ranks or suits.

    Rule: "If the starter is a jack, it is called 'His Heels,' and the dealer
    pegs (scores) 2 points at once" (Bicycle Cards, Cribbage); "the game ends
    immediately either player reaches the final hole even if this is during
    the play or when the dealer pegs 'two for his heels'" (Six Card Cribbage,
    members.shaw.ca). Asked once, as the starter is turned up (``deal.starter``),
    before the play and before any show; the player is the dealer. Where the
    first to the target wins at once, the dealer can win the game with it.

    The books differ on when: Noddy's "if a Knave (Jack) is turned up, the
    dealer gets 2 points" says not, and :class:`StarterIs` scores it at the
    show, with the dealer's hand.

    >>> from ono99.rules import ChangePoints, TurnedUp
    >>> heels = TurnedUp(rank=("jack",), outcomes=(ChangePoints(who="player", by=2),))
    >>> heels.on_turn_up, heels.on_show
    (True, False)
    >>> print(heels.describe())
    when the starter turned up is a jack, for the dealer, at once: the player gains 2 points
    """

    type = "turned_up"
    outcomes: tuple[Outcome, ...] = field(kw_only=True)
    on_turn_up: ClassVar[bool] = True

    def fires_on(self, table: Table) -> bool:
        """Whether the starter is such a card."""
        starter = table.starter
        return starter is not None and matches(starter, self)

    def describe(self) -> str:
        """The trigger in words."""
        card = card_words(self.rank, self.suit, self.colour)
        return (
            f"when the starter turned up is a {card}, for the dealer, at once: "
            f"{self.outcome_words()}"
        )
