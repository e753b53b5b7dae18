"""The shipped conditions: when a card may be played."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from attrs import frozen

from ._defaults import BaseCondition, out_of_range
from ._registry import shipped

if TYPE_CHECKING:
    from ._table import CardInfo, Table

__all__ = [
    "CardIs",
    "CardTest",
    "Never",
    "NotAsAnswer",
    "OncePerTurn",
    "TableCount",
    "TotalAtLeast",
    "TotalAtMost",
    "TotalEven",
    "TotalMultipleOf",
    "TotalOdd",
    "card_words",
    "matches",
]


@shipped
@frozen
class Never(BaseCondition):
    """The card can never be played.

    Rule: "THE O'NO 99 CARD: CANNOT BE PLAYED. If you are dealt — or draw the
    O'NO 99 card, you must keep it and not play it" (International Games
    1980); "ONO 99 card: can never be played" (Mattel 2022).
    """

    type = "never"
    blocks_every_play = True

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Always refuse."""
        return f"{card.name} can never be played"

    def allows_at(self, total: int) -> bool | None:
        """Never: it refuses every play."""
        return False

    def describe(self) -> str:
        """The condition in words."""
        return "can never be played"


@shipped
@frozen
class TotalMultipleOf(BaseCondition):
    """The card may be played only when the total is a multiple of ``n``.

    Rule: "You have the option to play the 99 card when your point value ends
    in 0" (International Games 1980, O'NO 99 card option). Whether negative
    totals such as -10 "end in 0" is not stated; secondary sources say
    "multiple of ten", so they count unless ``negative = false``.

    Attributes:
        n: The total must be divisible by this.
        negative: Whether negative multiples (-10, -20) count.
    """

    type = "total_multiple_of"
    n: int = 10
    negative: bool = True

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Refuse unless the total is a multiple of ``n``."""
        total = table.total
        if total % self.n == 0 and (self.negative or total >= 0):
            return None
        return (
            f"{card.name} may only be played when the total is a multiple of {self.n}"
            f"{'' if self.negative else ' (and not negative)'}; the total is {total}"
        )

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        return out_of_range("n", self.n, 1)

    def allows_at(self, total: int) -> bool | None:
        """Whether ``total`` is a multiple of ``n`` (and not negative, unless allowed)."""
        return total % self.n == 0 and (self.negative or total >= 0)

    def describe(self) -> str:
        """The condition in words."""
        return f"only when the total is a multiple of {self.n}"


@shipped
@frozen
class NotAsAnswer(BaseCondition):
    """The card may not be the first play of a forced turn.

    Rule: "A player affected by the Double Play card may not play another
    Double Play card on his first play" (International Games 1980).

    The rule is what keeps two Double Plays from being played back to back,
    so a house rule that stacks them there (``forced_play.stacking`` other
    than ``"none"`` with ``forced_play.stack_on = "answer"``: "back-to-back
    double-play (2x) cards ... like passing along a 4x? We played it that
    way", PieMan, BoardGameGeek 2004) lifts it, unless ``stacking_lifts`` is
    false.

    Attributes:
        stacking_lifts: Whether stacking on the answer lifts the condition.
    """

    type = "not_as_answer"
    stacking_lifts: bool = True

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Refuse on the first play of a forced turn (unless stacking lifts it)."""
        if table.answering and not (
            self.stacking_lifts and table.stacking != "none" and table.stack_on == "answer"
        ):
            return f"{card.name} may not answer forced plays (the first play of a forced turn)"
        return None

    def describe(self) -> str:
        """The condition in words (the rulebook says when stacking lifts it)."""
        return "not as the first play of a forced turn"


@shipped
@frozen
class OncePerTurn(BaseCondition):
    """At most one card with this id may be played in one turn.

    Rule: "Only (1) O'NO 99 card may be played during a player's turn"
    (International Games 1980, O'NO 99 card option).
    """

    type = "once_per_turn"
    reads_turn_plays = True

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Refuse a second card of this kind in the same turn."""
        if table.times_played_this_turn(card.id):
            return f"only one {card.name} may be played in a turn"
        return None

    def describe(self) -> str:
        """The condition in words."""
        return "at most one per turn"


@shipped
@frozen
class TotalAtLeast(BaseCondition):
    """The card may be played only when the total is at least ``value``.

    Rule: "/2 if the total is over 49 and even" (PlayAural's "33/66/99"
    Ninety-Nine): over 49 is ``{ type = "total_at_least", value = 50 }``.

    Attributes:
        value: The lowest total at which the card may be played.
    """

    type = "total_at_least"
    value: int

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Refuse below ``value``."""
        if table.total >= self.value:
            return None
        return (
            f"{card.name} may only be played when the total is at least {self.value}; "
            f"it is {table.total}"
        )

    def allows_at(self, total: int) -> bool | None:
        """Whether ``total`` is at least ``value``."""
        return total >= self.value

    def describe(self) -> str:
        """The condition in words."""
        return f"only when the total is at least {self.value}"


@shipped
@frozen
class TotalAtMost(BaseCondition):
    """The card may be played only when the total is at most ``value``.

    Rule: "x2, or /2 if the total is over 49" (PlayAural's "33/66/99"
    Ninety-Nine): the doubling card, at 49 or below, is
    ``{ type = "total_at_most", value = 49 }``.

    Attributes:
        value: The highest total at which the card may be played.
    """

    type = "total_at_most"
    value: int

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Refuse above ``value``."""
        if table.total <= self.value:
            return None
        return (
            f"{card.name} may only be played when the total is at most {self.value}; "
            f"it is {table.total}"
        )

    def allows_at(self, total: int) -> bool | None:
        """Whether ``total`` is at most ``value``."""
        return total <= self.value

    def describe(self) -> str:
        """The condition in words."""
        return f"only when the total is at most {self.value}"


@shipped
@frozen
class TotalEven(BaseCondition):
    """The card may be played only when the total is even (0 is even).

    Rule: "/2 if the total is over 49 and even" (PlayAural's "33/66/99"
    Ninety-Nine).
    """

    type = "total_even"

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Refuse when the total is odd."""
        if table.total % 2 == 0:
            return None
        return f"{card.name} may only be played when the total is even; it is {table.total}"

    def allows_at(self, total: int) -> bool | None:
        """Whether ``total`` is even."""
        return total % 2 == 0

    def describe(self) -> str:
        """The condition in words."""
        return "only when the total is even"


@shipped
@frozen
class TotalOdd(BaseCondition):
    """The card may be played only when the total is odd.

    Rule: the counterpart of "/2 if the total is ... even" (PlayAural's
    "33/66/99" Ninety-Nine), for a card that acts on the other totals.
    """

    type = "total_odd"

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Refuse when the total is even."""
        if table.total % 2 != 0:
            return None
        return f"{card.name} may only be played when the total is odd; it is {table.total}"

    def allows_at(self, total: int) -> bool | None:
        """Whether ``total`` is odd."""
        return total % 2 != 0

    def describe(self) -> str:
        """The condition in words."""
        return "only when the total is odd"


_MEASURE_WORDS: dict[str, str] = {
    "reshuffles": "the stock has been reshuffled",
    "count_cards": "cards have been played in the count before it",
    "players_in_round": "players are in the round",
}


@shipped
@frozen
class TableCount(BaseCondition):
    """Only when a count the table shows is at least ``at_least`` and at most ``at_most``.

    What it counts (``of``):

    - ``"reshuffles"``: how often the stock has been made anew from the
      discard pile this round (:attr:`~ono99.rules.Table.reshuffles`);
    - ``"count_cards"``: the cards played since the count started, before
      the card (:attr:`~ono99.rules.Table.count_cards`, the card itself left
      out while it is played);
    - ``"players_in_round"``: the players still in the round.

    As a card's condition it says when the card may be played; in a ``when``
    effect it decides the effect at each play (it reads the table: see
    ``reads_table``: see :class:`~ono99.rules.Condition`).

    Rule: "Spade A: reset the Current Points to 0 (this effect is nullified
    after four shuffles)" (Neodigy, "Let's Poker 99", its rules as the app
    store describes them); with the shuffle of the deal not counted, the ace
    of spades resets while the stock has been reshuffled at most three
    times::

        effects = [{ type = "when",
                     conditions = [{ type = "table_count", of = "reshuffles", at_most = 3 }],
                     effects = [{ type = "set_total", value = 0 }] }]

    Attributes:
        of: What it counts: ``"reshuffles"``, ``"count_cards"`` or
            ``"players_in_round"``.
        at_least: The count must be at least this (``"none"``: no least).
        at_most: The count must be at most this (``"none"``: no most).

    >>> from ono99.rules import TableCount
    >>> TableCount("reshuffles", at_most=3).describe()
    'only when the stock has been reshuffled at most 3 times'
    """

    type = "table_count"
    reads_table = True
    of: Literal["reshuffles", "count_cards", "players_in_round"]
    at_least: int | None = None
    at_most: int | None = None

    def _counted(self, table: Table) -> int:
        if self.of == "reshuffles":
            return table.reshuffles
        if self.of == "players_in_round":
            return table.players_in_round
        return len(table.count_cards) - (1 if table.playing else 0)

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Refuse unless the count is within the bounds."""
        counted = self._counted(table)
        low, high = self.at_least, self.at_most
        if (low is None or counted >= low) and (high is None or counted <= high):
            return None
        return (
            f"{card.name} may be played {self.describe().removeprefix('only ')}; it is {counted}"
        )

    def problems(self) -> list[tuple[str, str]]:
        """No bound at all, a bound below 0, or the least above the most."""
        found: list[tuple[str, str]] = []
        if self.at_least is None and self.at_most is None:
            found.append(("at_least", "expected at_least, at_most or both"))
        for key in ("at_least", "at_most"):
            value = getattr(self, key)
            if value is not None:
                found += out_of_range(key, value, 0)
        if self.at_least is not None and self.at_most is not None and self.at_least > self.at_most:
            found.append(
                ("at_most", f"expected at least at_least ({self.at_least}), got {self.at_most}")
            )
        return found

    def describe(self) -> str:
        """The condition in words."""
        what = _MEASURE_WORDS[self.of]
        low, high = self.at_least, self.at_most
        times = " times" if self.of == "reshuffles" else ""
        if low is not None and high is not None:
            bound = f"{low}{times}" if low == high else f"from {low} to {high}{times}"
        elif low is not None:
            bound = f"at least {low}{times}"
        else:
            bound = f"at most {high}{times}"
        if self.of == "reshuffles":
            return f"only when {what} {bound}"
        return f"only when {bound} {what}"


def card_words(ranks: tuple[str, ...], suits: tuple[str, ...], colours: tuple[str, ...]) -> str:
    """What a card test allows, in words: ``"black or red king or queen of spades"`` and the like.

    What the rulebook says of a :class:`CardTest`'s settings (any of the
    ranks, suits and colours given; ``"card"`` for no rank).

    >>> card_words(("king", "queen"), ("spades",), ()), card_words((), (), ("red",))
    ('king or queen of spades', 'red card')
    """
    words = " or ".join(colours)
    rank = " or ".join(ranks) or "card"
    text = f"{words} {rank}" if words else rank
    return f"{text} of {' or '.join(suits)}" if suits else text


def matches(card: CardInfo, test: CardTest) -> bool:
    """Whether ``card`` is what ``test`` allows: each setting given holds (tags: all carried)."""
    return (
        (not test.rank or card.rank in test.rank)
        and (not test.suit or card.suit in test.suit)
        and (not test.colour or card.colour in test.colour)
        and all(tag in card.tags for tag in test.tags)
    )


@frozen
class CardTest:
    """What a card must be: one of these ranks, suits and colours, and have these tags.

    Each setting left empty allows any value; all the settings given must hold.

    Attributes:
        rank: The ranks allowed (``["king", "queen"]``).
        suit: The suits allowed (``["spades"]``).
        colour: The colours allowed (``["black"]``).
        tags: Tags the card must all carry.
    """

    rank: tuple[str, ...] = ()
    suit: tuple[str, ...] = ()
    colour: tuple[Literal["black", "red"], ...] = ()
    tags: tuple[str, ...] = ()


@shipped
@frozen
class CardIs(CardTest, BaseCondition):
    """The card is of one of these ranks, suits or colours (and carries these tags).

    As a card's own condition it is settled by what the card is; inside a
    ``when`` effect it makes one rule for a whole rank differ by suit
    (:class:`~ono99.rules.When`).

    Rule: "a spade or club 10 is plus or minus 10, a heart or diamond 10 only plus
    10" (a rule players give for the black and red tens, in the 99 family), written
    once for the rank: ``{ type = "card", colour = ["black"] }`` picks the black tens.

    >>> from ono99.rules import CardIs
    >>> from ono99 import Card
    >>> CardIs(colour=("black",)).allows_card(Card("10_of_spades", "10", 1, suit="spades"))
    True
    """

    type = "card"
    reads_card = True

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Refuse a card that is not what the settings say."""
        if matches(card, self):
            return None
        return f"{card.name} is not a {card_words(self.rank, self.suit, self.colour)}"

    def allows_card(self, card: CardInfo) -> bool | None:
        """Whether ``card`` is what the settings say."""
        return matches(card, self)

    def describe(self) -> str:
        """The condition in words."""
        text = card_words(self.rank, self.suit, self.colour)
        if self.tags:
            text += f" marked {' and '.join(self.tags)}"
        return f"only if the card is a {text}"
