"""Card rule objects: what a card does when played, and when it may be played.

A card in a variant file lists its *effects* (applied in order when the card
is played) and its *conditions* (all of which must allow the play). Each is a
small frozen attrs class named in TOML by its ``type``::

    [cards.minus_ten]
    name = "Minus Ten"
    count = 4
    effects = [{ type = "add", amount = -10 }]

    [cards.double_play]
    name = "Double Play"
    count = 2
    effects = [{ type = "force_plays", plays = 2 }]
    conditions = [{ type = "not_as_answer" }]

The engine knows nothing about particular cards: it asks each effect for the
new total (:meth:`~Add.total_after`), checks the bust limit and the floor,
then lets each effect act on the :class:`Table` (:meth:`~Reverse.apply`).

>>> from ono99.rules import Add, effect_types
>>> Add(-10).total_after(5)
-5
>>> sorted(effect_types())[:3]
['add', 'deflect', 'force_plays']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal, Protocol

from attrs import frozen

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = [
    "Add",
    "AnyCondition",
    "AnyEffect",
    "CardInfo",
    "Deflect",
    "ForcePlays",
    "Hold",
    "Never",
    "NotAsAnswer",
    "OncePerTurn",
    "Reverse",
    "Table",
    "TotalMultipleOf",
    "condition_types",
    "effect_types",
]

Stacking = Literal["none", "multiply", "add"]


class CardInfo(Protocol):
    """What a rule object may know of the card it belongs to."""

    @property
    def id(self) -> str:
        """The card's id in the variant file."""
        ...

    @property
    def name(self) -> str:
        """The card's printed name."""
        ...


class Table(Protocol):
    """The part of a game in progress that rule objects read and change.

    The engine implements this; rule objects only use these attributes.

    Attributes:
        total: The running total.
        direction: ``1`` for clockwise (to the left), ``-1`` after a reverse.
        forced: How many plays the current turn must make (1 on an ordinary
            turn, 2 after a Double Play or Play 2).
        forced_by: Name of the card that forced the current turn's plays.
        answering: True while making the first play of a forced turn, the
            play that may answer (deflect) the forced plays.
        players_in_round: How many players are still in the round.
        stacking: How a forced-plays card played by a forced player combines
            with the plays it was forced to make (``"none"``, ``"multiply"``
            or ``"add"``), from the variant's ``forced_play.stacking``.
        next_owed: Plays the next player will owe (0 when not forced).
        next_forced_by: Name of the card that forced the next player.
        ends_turn: Set to end the turn now, whatever plays were still owed.
    """

    total: int
    direction: int
    forced: int
    forced_by: str
    answering: bool
    players_in_round: int
    stacking: Stacking
    next_owed: int
    next_forced_by: str
    ends_turn: bool

    def times_played_this_turn(self, card_id: str) -> int:
        """How many cards with this id the current player played this turn."""
        ...


# --------------------------------------------------------------------- effects


@frozen
class Add:
    """Add an amount to the total; a negative amount subtracts.

    Number cards add their face value; Minus Ten adds ``-10``. The variant's
    floor, if any, is applied by the engine after all effects.

    Rules: "Play 1 card, announce the new total" (Mattel 2022); "The MINUS TEN
    card, when played, subtracts ten points from the point value passed to the
    player" (International Games 1980).

    Attributes:
        amount: What the card adds to the total.

    >>> Add(9).total_after(57)
    66
    """

    type: ClassVar[str] = "add"
    changes_total: ClassVar[bool] = True
    acts: ClassVar[bool] = False
    amount: int

    def total_after(self, total: int) -> int:
        """The total after this effect."""
        return total + self.amount

    def apply(self, table: Table, card: CardInfo) -> None:
        """No effect on the table beyond the total."""

    def describe(self) -> str:
        """The effect in words."""
        if self.amount < 0:
            return f"subtracts {-self.amount} from the total"
        if self.amount == 0:
            return "adds nothing to the total"
        return f"adds {self.amount} to the total"


@frozen
class Hold:
    """Keep the total and pass it to the next player.

    Rule: "The HOLD card, when played, maintains the point value passed to that
    player and passes the same point value to the next player" (International
    Games 1980).
    """

    type: ClassVar[str] = "hold"
    changes_total: ClassVar[bool] = False
    acts: ClassVar[bool] = False

    def total_after(self, total: int) -> int:
        """The total is unchanged."""
        return total

    def apply(self, table: Table, card: CardInfo) -> None:
        """Nothing changes: play passes on as usual."""

    def describe(self) -> str:
        """The effect in words."""
        return "keeps the total as it is"


@frozen
class Reverse:
    """Reverse the direction of play.

    Rules: "The REVERSE card, when played, holds the point value passed, and
    'reverses' the same point value and play-back in the opposite direction.
    ... In a one-on-one game, the reverse card acts as a hold card"
    (International Games 1980); "Reverse: reverses direction. With 2 players it
    has the same effect as discarding a 0" (Mattel 2022). With two players the
    next player is the other one whichever way play goes, so no special case
    is needed.
    """

    type: ClassVar[str] = "reverse"
    changes_total: ClassVar[bool] = False
    acts: ClassVar[bool] = True

    def total_after(self, total: int) -> int:
        """The total is unchanged."""
        return total

    def apply(self, table: Table, card: CardInfo) -> None:
        """Flip the direction of play."""
        table.direction = -table.direction

    def describe(self) -> str:
        """The effect in words."""
        return "reverses the direction of play"


@frozen
class ForcePlays:
    """Make the next player play more than one card on their turn.

    Rules: "The DOUBLE PLAY card ... causes the next player to make a normal
    play plus one additional" (International Games 1980); "Play 2: the next
    player must play 2 cards: play one, call the total, draw, then play the
    second" (Mattel 2022); "Play 2's don't 'stack'" (Mattel 2022).

    When the card is played by a player who was forced themselves, the
    variant's ``forced_play.stacking`` says whether the counts combine:
    ``"none"`` (the official rule: the next player owes exactly ``plays``),
    ``"multiply"`` (x2 then x2 makes x4) or ``"add"``.

    Attributes:
        plays: How many plays the next player must make.
    """

    type: ClassVar[str] = "force_plays"
    changes_total: ClassVar[bool] = False
    acts: ClassVar[bool] = True
    plays: int = 2

    def total_after(self, total: int) -> int:
        """The total is unchanged."""
        return total

    def apply(self, table: Table, card: CardInfo) -> None:
        """Set the plays the next player owes."""
        owed = self.plays
        if table.forced > 1:
            if table.stacking == "multiply":
                owed = table.forced * self.plays
            elif table.stacking == "add":
                owed = table.forced + self.plays
        if owed > table.next_owed:
            table.next_owed = owed
            table.next_forced_by = card.name

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        return [] if self.plays >= 2 else [("plays", f"expected 2 or more, got {self.plays}")]

    def describe(self) -> str:
        """The effect in words."""
        return f"makes the next player play {self.plays} cards"


@frozen
class Deflect:
    """Answer forced plays with this card: the turn ends, the next player owes them.

    Played as the first play of a forced turn, the card ends the turn and the
    forced plays pass to the next player in the (possibly just reversed)
    direction. Played at any other time it does nothing.

    Rules: "the player affected may, on his first play, use a Reverse Card,
    thus reversing the Double Play back ... or ... may play a Hold card on the
    first play, thus holding the Double Play card and passing the double play
    to the next player" (International Games 1980); "The targeted player may
    instead answer with a Reverse (sends it back the other way) or their own
    Play 2 (passes it on). Either way they play only that one card" (Mattel
    2022).

    Attributes:
        min_players: The card deflects only while at least this many players
            are in the round. The Mattel sheet says a two-player Reverse acts
            as a 0; ``min_players = 3`` reads that strictly (no deflection with
            two players), the default ``2`` lets it deflect.
    """

    type: ClassVar[str] = "deflect"
    changes_total: ClassVar[bool] = False
    acts: ClassVar[bool] = True
    min_players: int = 2

    def total_after(self, total: int) -> int:
        """The total is unchanged."""
        return total

    def apply(self, table: Table, card: CardInfo) -> None:
        """End a forced turn and pass its plays on."""
        if table.answering and table.players_in_round >= self.min_players:
            table.ends_turn = True
            if table.forced > table.next_owed:
                table.next_owed = table.forced
                table.next_forced_by = table.forced_by

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        if self.min_players >= 2:
            return []
        return [("min_players", f"expected 2 or more, got {self.min_players}")]

    def describe(self) -> str:
        """The effect in words."""
        text = "answers forced plays: played first on a forced turn, it ends the turn"
        text += " and the next player owes the plays"
        if self.min_players > 2:
            text += f" (only with {self.min_players} or more players in the round)"
        return text


# ------------------------------------------------------------------ conditions


@frozen
class Never:
    """The card can never be played.

    Rule: "THE O'NO 99 CARD: CANNOT BE PLAYED. If you are dealt — or draw the
    O'NO 99 card, you must keep it and not play it" (International Games
    1980); "ONO 99 card: can never be played" (Mattel 2022).
    """

    type: ClassVar[str] = "never"

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Always refuse."""
        return f"{card.name} can never be played"

    def describe(self) -> str:
        """The condition in words."""
        return "can never be played"


@frozen
class TotalMultipleOf:
    """The card may be played only when the total is a multiple of ``n``.

    Rule: "You have the option to play the 99 card when your point value ends
    in 0" (International Games 1980, O'NO 99 card option). Whether negative
    totals such as -10 "end in 0" is not stated; secondary sources say
    "multiple of ten", so they count unless ``negative = false``.

    Attributes:
        n: The total must be divisible by this.
        negative: Whether negative multiples (-10, -20) count.
    """

    type: ClassVar[str] = "total_multiple_of"
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
        return [] if self.n >= 1 else [("n", f"expected 1 or more, got {self.n}")]

    def describe(self) -> str:
        """The condition in words."""
        return f"only when the total is a multiple of {self.n}"


@frozen
class NotAsAnswer:
    """The card may not be the first play of a forced turn.

    Rule: "A player affected by the Double Play card may not play another
    Double Play card on his first play" (International Games 1980).
    """

    type: ClassVar[str] = "not_as_answer"

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Refuse on the first play of a forced turn."""
        if table.answering:
            return f"{card.name} may not answer a {table.forced_by}"
        return None

    def describe(self) -> str:
        """The condition in words."""
        return "not as the first play of a forced turn"


@frozen
class OncePerTurn:
    """At most one card with this id may be played in one turn.

    Rule: "Only (1) O'NO 99 card may be played during a player's turn"
    (International Games 1980, O'NO 99 card option).
    """

    type: ClassVar[str] = "once_per_turn"

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Refuse a second card of this kind in the same turn."""
        if table.times_played_this_turn(card.id):
            return f"only one {card.name} may be played in a turn"
        return None

    def describe(self) -> str:
        """The condition in words."""
        return "at most one per turn"


AnyEffect = Add | Hold | Reverse | ForcePlays | Deflect
"""Every effect a card may list."""

AnyCondition = Never | TotalMultipleOf | NotAsAnswer | OncePerTurn
"""Every condition a card may list."""

_EFFECTS: tuple[type[AnyEffect], ...] = (Add, Hold, Reverse, ForcePlays, Deflect)
_CONDITIONS: tuple[type[AnyCondition], ...] = (Never, TotalMultipleOf, NotAsAnswer, OncePerTurn)


def effect_types() -> Mapping[str, type[AnyEffect]]:
    """The effect classes by the ``type`` name used in TOML.

    >>> effect_types()["reverse"]
    <class 'ono99.rules.Reverse'>
    """
    return {cls.type: cls for cls in _EFFECTS}


def condition_types() -> Mapping[str, type[AnyCondition]]:
    """The condition classes by the ``type`` name used in TOML.

    >>> sorted(condition_types())
    ['never', 'not_as_answer', 'once_per_turn', 'total_multiple_of']
    """
    return {cls.type: cls for cls in _CONDITIONS}
