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

Every effect has the class attributes ``type`` (its TOML name),
``changes_total`` (the engine asks it for the new total), ``acts`` (the
engine calls :meth:`~Reverse.apply` after the total is set), ``choices`` and
``chooses_player``. Some cards leave a choice to the player, and the move
carries it (:class:`ono99.Play`): an effect with ``choices`` (such as
:class:`AddChoice`, the Ace that counts 1 or 11) is given the amount the
move names, ``total_after(total, amount)``; an effect with ``chooses_player``
(:class:`ChooseNext`) reads the player the move names from
:attr:`Table.target`. The engine lists every choice among the legal moves::

    [cards.ace]
    name = "Ace"
    count = 4
    effects = [{ type = "add_choice", amounts = [1, 11] }]

    [cards.king]
    name = "King"
    count = 4
    effects = [{ type = "set_total", value = 99 }]

>>> from ono99.rules import Add, AddChoice, effect_types
>>> Add(-10).total_after(5)
-5
>>> AddChoice((1, 11)).total_after(50, 11)
61
>>> sorted(effect_types())[:3]
['add', 'add_choice', 'choose_next']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal, Protocol

from attrs import frozen

from ._limits import MAX_CHOICES, MAX_HAND_SIZE, MAX_SKIP

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

__all__ = [
    "Add",
    "AddChoice",
    "AnyCondition",
    "AnyEffect",
    "CardInfo",
    "ChooseNext",
    "Deflect",
    "ForcePlays",
    "Hold",
    "Never",
    "NotAsAnswer",
    "OncePerTurn",
    "Reverse",
    "SetTotal",
    "Skip",
    "Table",
    "TotalMultipleOf",
    "condition_types",
    "effect_types",
]

Stacking = Literal["none", "multiply", "add"]
StackOn = Literal["any_play", "answer"]


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
        forced_by: Id of the card that forced the current turn's plays (``""``
            on a turn that is not forced).
        answering: True while making the first play of a forced turn, the
            play that may answer (deflect) the forced plays.
        players_in_round: How many players are still in the round.
        stacking: How a forced-plays card played by a forced player combines
            with the plays it was forced to make (``"none"``, ``"multiply"``
            or ``"add"``), from the variant's ``forced_play.stacking``.
        stack_on: Which of a forced player's forcing cards stack:
            ``"answer"`` (only the answer, back to back) or ``"any_play"``,
            from the variant's ``forced_play.stack_on``.
        next_owed: Plays the next player will owe (0 when not forced).
        next_forced_by: Id of the card that forced the next player.
        ends_turn: Set to end the turn now, whatever plays were still owed.
        skip: How many players the turn passes over when it ends (0: play
            goes to the next player in the direction of play).
        target: The player the move being played names (``Play.target``),
            or ``None``; only cards that choose a player accept one.
        next_player: Set to a seat to make that player play next, whatever
            the direction and ``skip`` say; ``None`` otherwise.
    """

    total: int
    direction: int
    forced: int
    forced_by: str
    answering: bool
    players_in_round: int
    stacking: Stacking
    stack_on: StackOn
    next_owed: int
    next_forced_by: str
    ends_turn: bool
    skip: int
    target: int | None
    next_player: int | None

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
    >>> Add(9).describe()
    'adds 9 to the total'
    """

    type: ClassVar[str] = "add"
    changes_total: ClassVar[bool] = True
    acts: ClassVar[bool] = False
    choices: ClassVar[tuple[int, ...]] = ()
    chooses_player: ClassVar[bool] = False
    amount: int

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total after this effect.

        Args:
            total: The total before it.
            amount: The amount the move chose, for effects with ``choices``;
                effects without choices (like this one) ignore it.
        """
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
    choices: ClassVar[tuple[int, ...]] = ()
    chooses_player: ClassVar[bool] = False

    def total_after(self, total: int, amount: int | None = None) -> int:
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
    has the same effect as discarding a 0" (Mattel 2022). So with two players
    in the round the direction stays as it is (the other player plays next
    either way): :attr:`ono99.Game.direction`, the observation and the
    :class:`~ono99.events.DirectionChanged` event all agree that nothing
    turned.
    """

    type: ClassVar[str] = "reverse"
    changes_total: ClassVar[bool] = False
    acts: ClassVar[bool] = True
    choices: ClassVar[tuple[int, ...]] = ()
    chooses_player: ClassVar[bool] = False

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total is unchanged."""
        return total

    def apply(self, table: Table, card: CardInfo) -> None:
        """Flip the direction of play (with three or more players in the round)."""
        if table.players_in_round > 2:
            table.direction = -table.direction

    def describe(self) -> str:
        """The effect in words."""
        return "reverses the direction of play (with two players in the round, changes nothing)"


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
    ``"multiply"`` (x2 then x2 makes x4) or ``"add"``; and
    ``forced_play.stack_on`` says which plays stack. With ``"answer"`` only
    the card played as the answer does, back to back with the card that
    forced the turn: it passes the combined plays on and ends the turn, as
    any answer that passes forced plays on does ("back-to-back double-play
    (2x) cards ... like passing along a 4x? We played it that way", PieMan,
    BoardGameGeek 2004). One played later in the turn passes on only
    ``plays`` ("If an affected player were to play a number card followed by
    a DP ... the second DP would only count x2 for the next player (not
    x4)", cyoder, BoardGameGeek 2005). With ``"any_play"`` both stack.

    A chain goes on combining: under ``"multiply"`` a third Play 2 in a row
    passes on 8, a fourth 16; under ``"add"`` 6, then 8.

    Attributes:
        plays: How many plays the next player must make.
    """

    type: ClassVar[str] = "force_plays"
    changes_total: ClassVar[bool] = False
    acts: ClassVar[bool] = True
    choices: ClassVar[tuple[int, ...]] = ()
    chooses_player: ClassVar[bool] = False
    plays: int = 2

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total is unchanged."""
        return total

    def apply(self, table: Table, card: CardInfo) -> None:
        """Set the plays the next player owes (stacked, if the variant says so)."""
        owed = self.plays
        stacking = table.stacking
        if (
            stacking != "none"
            and table.forced > 1
            and (table.answering or table.stack_on == "any_play")
        ):
            if stacking == "multiply":
                owed = table.forced * self.plays
            else:
                owed = table.forced + self.plays
            if table.answering:
                table.ends_turn = True  # passed on, as any answer passes forced plays on
        if owed > table.next_owed:
            table.next_owed = owed
            table.next_forced_by = card.id

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        if self.plays < 2:
            return [("plays", f"expected 2 or more, got {self.plays}")]
        if self.plays > MAX_HAND_SIZE:
            return [("plays", f"expected at most {MAX_HAND_SIZE}, got {self.plays}")]
        return []

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
    choices: ClassVar[tuple[int, ...]] = ()
    chooses_player: ClassVar[bool] = False
    min_players: int = 2

    def total_after(self, total: int, amount: int | None = None) -> int:
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


@frozen
class AddChoice:
    """Add one of several amounts, chosen by the player who plays the card.

    The move names the amount: ``Play("ace", amount=11)``; the legal moves list
    each amount that keeps the total safe.

    Rules: "An Ace adds either 1 or 11 points, announced by the player who
    plays it" (considerable.com, "How to play 99"); "Ten - increases or reduces
    the value of the pile by ten, at the player's choice" (pagat.com, "99");
    "Queens add or subtract 20, at the player's choice" (Everything2, elwen,
    "Ninety-nine").

    Attributes:
        amounts: The amounts to choose from, such as ``[1, 11]`` or ``[10, -10]``.

    >>> ace = AddChoice((1, 11))
    >>> ace.total_after(80, 11), ace.choices
    (91, (1, 11))
    >>> ace.describe()
    'adds 1 or 11 to the total, as the player chooses'
    >>> AddChoice((10, -10)).describe()
    'adds or subtracts 10, as the player chooses'
    """

    type: ClassVar[str] = "add_choice"
    changes_total: ClassVar[bool] = True
    acts: ClassVar[bool] = False
    chooses_player: ClassVar[bool] = False
    amounts: tuple[int, ...]

    @property
    def choices(self) -> tuple[int, ...]:
        """The amounts a move may choose (the ``amounts`` setting)."""
        return self.amounts

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total after adding the chosen ``amount``.

        Raises:
            ValueError: If ``amount`` is not one of :attr:`amounts`. The engine
                never asks so: a move with another amount is illegal.
        """
        if amount is None or amount not in self.amounts:
            raise ValueError(f"the amount must be one of {_words(self.amounts)}, not {amount!r}")
        return total + amount

    def apply(self, table: Table, card: CardInfo) -> None:
        """No effect on the table beyond the total."""

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        if len(self.amounts) < 2:
            got = list(self.amounts)
            return [("amounts", f"expected 2 or more amounts to choose from, got {got}")]
        if len(self.amounts) > MAX_CHOICES:
            return [
                ("amounts", f"expected at most {MAX_CHOICES} amounts, got {len(self.amounts)}")
            ]
        if len(set(self.amounts)) < len(self.amounts):
            return [("amounts", f"expected different amounts, got {list(self.amounts)}")]
        return []

    def describe(self) -> str:
        """The effect in words."""
        amounts = self.amounts
        if len(amounts) == 2 and amounts[0] == -amounts[1]:
            return f"adds or subtracts {abs(amounts[0])}, as the player chooses"
        if all(a >= 0 for a in amounts):
            return f"adds {_words(amounts)} to the total, as the player chooses"
        signed = [f"{a:+d}" for a in amounts]
        return f"changes the total by {_words(signed)}, as the player chooses"


@frozen
class SetTotal:
    """Set the total to a fixed value, whatever it was.

    A value at or above the bust limit would make the card unplayable, so the
    variant check refuses it; the variant's floor still applies.

    Rules: "A King takes the point total to 99 (or keeps it 99 if the total is
    already 99)" (considerable.com); "9 ... Count automatically becomes 99"
    (denexa.com, "Ninety-Nine"); "king....the value is set to 98" (pagat.com,
    "98").

    Attributes:
        value: The new total.

    >>> SetTotal(99).total_after(12)
    99
    >>> SetTotal(99).describe()
    'sets the total to 99'
    """

    type: ClassVar[str] = "set_total"
    changes_total: ClassVar[bool] = True
    acts: ClassVar[bool] = False
    choices: ClassVar[tuple[int, ...]] = ()
    chooses_player: ClassVar[bool] = False
    value: int

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total is ``value``."""
        return self.value

    def apply(self, table: Table, card: CardInfo) -> None:
        """No effect on the table beyond the total."""

    def describe(self) -> str:
        """The effect in words."""
        return f"sets the total to {self.value}"


@frozen
class Skip:
    """The next player, or the next ``players`` players, miss their turn.

    Players are counted in the direction of play, among those still in the
    round. With two players, skipping the other one gives the turn back to
    the player who played the card.

    Rules: "3 ... +3 ... Next player skipped" (denexa.com, "Ninety-Nine");
    "a 3 skips the next player's turn" (t_games, Ninety-Nine), whose "chicago"
    options move the skip to the 9 ("zero=4/9 skip=9").

    Attributes:
        players: How many players miss their turn.

    >>> Skip().describe(), Skip(2).describe()
    ('skips the next player', 'skips the next 2 players')
    """

    type: ClassVar[str] = "skip"
    changes_total: ClassVar[bool] = False
    acts: ClassVar[bool] = True
    choices: ClassVar[tuple[int, ...]] = ()
    chooses_player: ClassVar[bool] = False
    players: int = 1

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total is unchanged."""
        return total

    def apply(self, table: Table, card: CardInfo) -> None:
        """Pass over ``players`` more players when the turn ends."""
        table.skip += self.players

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        if self.players < 1:
            return [("players", f"expected 1 or more, got {self.players}")]
        if self.players > MAX_SKIP:
            return [("players", f"expected at most {MAX_SKIP}, got {self.players}")]
        return []

    def describe(self) -> str:
        """The effect in words."""
        if self.players == 1:
            return "skips the next player"
        return f"skips the next {self.players} players"


@frozen
class ChooseNext:
    """The player names who plays next; play goes on from that player.

    The move names the player: ``Play("5", target=2)``. Any other player still
    in the round may be named (not the one playing); the legal moves list each.
    Play then continues in the current direction from the named player. A card
    played without a target (the forced play of a player who has no safe
    play) names nobody and play passes on as usual.

    Rule: "Fives allow the player to select the next person to play, not
    himself. Play then continues normally from that person" (Everything2,
    elwen, "Ninety-nine").

    >>> ChooseNext().describe()
    'names the next player (any other player still in); play goes on from there'
    """

    type: ClassVar[str] = "choose_next"
    changes_total: ClassVar[bool] = False
    acts: ClassVar[bool] = True
    choices: ClassVar[tuple[int, ...]] = ()
    chooses_player: ClassVar[bool] = True

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total is unchanged."""
        return total

    def apply(self, table: Table, card: CardInfo) -> None:
        """Make the named player the next to play."""
        if table.target is not None:
            table.next_player = table.target

    def describe(self) -> str:
        """The effect in words."""
        return "names the next player (any other player still in); play goes on from there"


def _words(items: Sequence[object]) -> str:
    """``(1, 11)`` as ``'1 or 11'``; three or more as ``'1, 5 or 11'``."""
    texts = [str(i) for i in items]
    if len(texts) < 2:
        return "".join(texts)
    return f"{', '.join(texts[:-1])} or {texts[-1]}"


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

    The rule is what keeps two Double Plays from being played back to back,
    so a house rule that stacks them there (``forced_play.stacking`` other
    than ``"none"`` with ``forced_play.stack_on = "answer"``: "back-to-back
    double-play (2x) cards ... like passing along a 4x? We played it that
    way", PieMan, BoardGameGeek 2004) lifts it, unless ``stacking_lifts`` is
    false.

    Attributes:
        stacking_lifts: Whether stacking on the answer lifts the condition.
    """

    type: ClassVar[str] = "not_as_answer"
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


AnyEffect = Add | Hold | Reverse | ForcePlays | Deflect | AddChoice | SetTotal | Skip | ChooseNext
"""Every effect a card may list."""

AnyCondition = Never | TotalMultipleOf | NotAsAnswer | OncePerTurn
"""Every condition a card may list."""

_EFFECTS: tuple[type[AnyEffect], ...] = (
    Add,
    Hold,
    Reverse,
    ForcePlays,
    Deflect,
    AddChoice,
    SetTotal,
    Skip,
    ChooseNext,
)
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
