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

What a rule object can do is declared on its class, as the :class:`Effect`
and :class:`Condition` protocols list: ``type`` (its TOML name),
``changes_total`` (the engine asks it for the new total), ``acts`` (the
engine calls :meth:`~Reverse.apply` after the total is set), ``choices``,
``chooses_player`` and the rest. Nothing else in the library tests a rule's
class or its ``type``; the registry (:func:`effect_types`) is built from the
classes, and installed packages add their own through the ``ono99.rules``
entry points. Some cards leave a choice to the player, and the move
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

import functools
import math
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol, TypeVar

import attrs
from attrs import frozen

from ._errors import PluginError
from ._limits import MAX_CHOICES, MAX_HAND_SIZE, MAX_SKIP

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

__all__ = [
    "ENTRY_POINT_GROUP",
    "KNOWN_PLUGINS",
    "Add",
    "AddChoice",
    "AnyCondition",
    "AnyEffect",
    "AnyOutcome",
    "AnyTrigger",
    "CardInfo",
    "ChangePoints",
    "ChangeTokens",
    "ChooseNext",
    "Condition",
    "Deflect",
    "Draw",
    "Effect",
    "EndRound",
    "ForcePlays",
    "Hold",
    "LandOn",
    "Multiply",
    "Never",
    "NotAsAnswer",
    "OncePerTurn",
    "Outcome",
    "PassOver",
    "PlayerLoses",
    "ReachBust",
    "Reverse",
    "RoundEnds",
    "SetTotal",
    "Skip",
    "Table",
    "TotalAtLeast",
    "TotalAtMost",
    "TotalEven",
    "TotalMultipleOf",
    "TotalOdd",
    "Trigger",
    "WinRound",
    "condition_types",
    "effect_types",
    "outcome_types",
    "shipped_condition_types",
    "shipped_effect_types",
    "shipped_outcome_types",
    "shipped_trigger_types",
    "trigger_types",
]

Stacking = Literal["none", "multiply", "add"]
StackOn = Literal["any_play", "answer"]

ENTRY_POINT_GROUP = "ono99.rules"
"""The entry-point group through which installed packages add rule objects."""

KNOWN_PLUGINS: Mapping[str, str] = MappingProxyType(
    {"swap_hands": "ono99-hand-rules", "pass_hands": "ono99-hand-rules"}
)
"""Rule types that known packages provide, by ``type``: the package to install.

A variant file that names one of these while its package is not installed
gets an error saying what to install.
"""


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

    The engine implements this; rule objects only use these attributes and
    methods. Conditions only read it; effects change it in
    :meth:`Effect.apply`. Every change to hands, tokens or scores made through
    these methods is recorded as an event (:mod:`ono99.events`), after the
    :class:`~ono99.events.Played` event of the card.

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

    @property
    def player(self) -> int:
        """The seat playing the card (whose move it is)."""
        ...

    def seats_in_round(self) -> list[int]:
        """The seats still in the round, from :attr:`player` on in the direction of play.

        The player comes first when still in the round; every other seat once.
        """
        ...

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in the direction of play, among those in the round."""
        ...

    def times_played_this_turn(self, card_id: str) -> int:
        """How many cards with this id the current player played this turn.

        Always recorded (the observation's ``played_this_turn`` shows the
        same plays); a condition that reads it declares ``reads_turn_plays``
        (see :class:`Condition`).
        """
        ...

    def hand(self, seat: int) -> tuple[str, ...]:
        """The card ids ``seat`` holds (a rule object sees every hand; players never do)."""
        ...

    def draw_cards(self, seat: int, cards: int) -> int:
        """``seat`` draws up to ``cards`` cards; how many were drawn.

        The discard pile is reshuffled into the draw pile as when refilling
        a hand; fewer cards are drawn when both are used up.
        """
        ...

    def discard_card(self, seat: int, card_id: str) -> None:
        """``seat`` puts one ``card_id`` from the hand on the discard pile."""
        ...

    def give_card(self, seat: int, to: int, card_id: str) -> None:
        """``seat`` gives one ``card_id`` from the hand to ``to``."""
        ...

    def swap_hands(self, seat: int, other: int) -> None:
        """``seat`` and ``other`` swap hands."""
        ...

    def tokens(self, seat: int) -> int:
        """The tokens ``seat`` holds (token games)."""
        ...

    def score(self, seat: int) -> int:
        """The points ``seat`` has scored (points games)."""
        ...

    def change_tokens(self, seat: int, by: int) -> None:
        """Give ``seat`` ``by`` tokens (take them when negative), never below 0.

        A player left with no tokens stays in the round; the game takes it
        into account when the round is scored.
        """
        ...

    def change_score(self, seat: int, by: int) -> None:
        """Add ``by`` points to ``seat``'s score (subtract when negative), never below 0."""
        ...

    def tell(self, rule: str, text: str, seats: tuple[int, ...] = ()) -> None:
        """Record what an effect did as a :class:`~ono99.events.RuleActed` event.

        Args:
            rule: The effect's ``type``.
            text: What happened, in words (it must not name cards that only
                one player may see).
            seats: The players it concerns.
        """
        ...


class Effect(Protocol):
    """What a card's effect is: the contract every effect class follows.

    The engine, the variant check, the shipped players, the rulebook and
    :mod:`ono99.testing` learn everything they need of an effect from these
    members and nothing else: none of them looks at an effect's class or its
    ``type`` string. An effect class is a frozen :func:`attrs.frozen` class
    whose fields are its TOML settings, and it defines every member below;
    those marked *optional* have the neutral value given, which a class that
    has nothing to say there writes out (a protocol cannot supply defaults, and
    writing them keeps what the class can do on the class).

    Class attributes:

    - ``kind``: ``"effect"``.
    - ``type``: its name in TOML (``{ type = "add" }``).
    - ``changes_total``: the engine asks :meth:`total_after` for the new total.
    - ``adds_to_total`` (optional, ``False``): the new total is always the old
      one plus an amount (fixed, or the amount the move chooses); the engine
      then works the total out once per card.
    - ``acts``: the engine calls :meth:`apply` once the total is set.
    - ``answers_forced_plays`` (optional, ``False``): it can pass forced
      plays on.
    - ``changes_hands`` (optional, ``False``): :meth:`apply` may move cards
      between hands and piles, or change tokens or scores, through the
      :class:`Table`'s methods.

    Members that may depend on the settings (class attributes or properties):

    - ``choices`` (optional, ``()``): the amounts a move chooses among; the
      engine passes the chosen one to :meth:`total_after`.
    - ``chooses_player`` (optional, ``False``): a move names a player
      (:attr:`Table.target`), one of :meth:`targets`.
    - ``forces_plays`` (optional, ``0``): how many plays it makes the next
      player owe, before stacking (forced-play settings then matter).

    Methods: :meth:`total_after`, :meth:`apply`, :meth:`targets` (optional:
    ``[]``), :meth:`problems` (optional: ``[]``), :meth:`problems_at`
    (optional: ``[]``), :meth:`referenced_cards` (optional: ``[]``) and
    :meth:`describe`.
    """

    # An attrs class: its fields are its TOML settings.
    __attrs_attrs__: ClassVar[Any]
    kind: ClassVar[str]
    type: ClassVar[str]
    changes_total: ClassVar[bool]
    adds_to_total: ClassVar[bool]
    acts: ClassVar[bool]
    answers_forced_plays: ClassVar[bool]
    changes_hands: ClassVar[bool]

    @property
    def choices(self) -> tuple[int, ...]:
        """The amounts a move may choose among; empty when the card leaves no choice."""
        ...

    @property
    def chooses_player(self) -> bool:
        """Whether a move playing the card names a player."""
        ...

    @property
    def forces_plays(self) -> int:
        """How many plays it makes the next player owe (before stacking); 0 for none."""
        ...

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total after this effect, from ``total``, for the chosen ``amount``."""
        ...

    def apply(self, table: Table, card: CardInfo) -> None:
        """Act on the table once the new total is set (called when ``acts``)."""
        ...

    def targets(self, table: Table) -> list[int]:
        """The players a move may name (asked when ``chooses_player``)."""
        ...

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        ...

    def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
        """Settings that do not fit the variant's bust limit and floor, as pairs."""
        ...

    def referenced_cards(self) -> list[tuple[str, str]]:
        """The card ids the settings name, as ``(field, card id)`` pairs."""
        ...

    def describe(self) -> str:
        """The effect in words, for the rulebook (``"adds 9 to the total"``)."""
        ...


class Condition(Protocol):
    """When a card may be played: the contract every condition class follows.

    Like :class:`Effect`, a frozen attrs class that defines every member.

    Class attributes:

    - ``kind``: ``"condition"``.
    - ``type``: its name in TOML.
    - ``blocks_every_play`` (optional, ``False``): it refuses every play, so
      the card can never be played.
    - ``reads_turn_plays`` (optional, ``False``): :meth:`check` reads
      :meth:`Table.times_played_this_turn` (the engine records the plays of a
      turn only when some condition says so).

    Methods: :meth:`check`, :meth:`allows_at` (optional: ``None``),
    :meth:`problems` (optional: ``[]``), :meth:`problems_at` (optional:
    ``[]``), :meth:`referenced_cards` (optional: ``[]``) and :meth:`describe`.
    """

    __attrs_attrs__: ClassVar[Any]
    kind: ClassVar[str]
    type: ClassVar[str]
    blocks_every_play: ClassVar[bool]
    reads_turn_plays: ClassVar[bool]

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Why the card may not be played now, in words; ``None`` when it may."""
        ...

    def allows_at(self, total: int) -> bool | None:
        """Whether :meth:`check` lets the card be played at ``total``, whatever else holds.

        ``True``: it allows every play at this total; ``False``: it refuses
        every play at this total; ``None`` (the neutral answer): it depends on
        more than the total (the turn, the hands), or the class does not say.
        ``ono99 validate`` asks it to prove that a variant's rounds can never
        end; a wrong ``True`` or ``False`` there is a false alarm, ``None``
        never is.
        """
        ...

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        ...

    def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
        """Settings that do not fit the variant's bust limit and floor, as pairs."""
        ...

    def referenced_cards(self) -> list[tuple[str, str]]:
        """The card ids the settings name, as ``(field, card id)`` pairs."""
        ...

    def describe(self) -> str:
        """The condition in words, for the rulebook."""
        ...


class Outcome(Protocol):
    """What a trigger does when it fires: the contract every outcome class follows.

    Like :class:`Effect`, a frozen attrs class that defines every member.

    Class attributes:

    - ``kind``: ``"outcome"``.
    - ``type``: its name in TOML (``{ type = "tokens", who = "others", by = -1 }``).
    - ``ends_round``: the round ends once the trigger's outcomes are applied.
    - ``wins_round``: the trigger's player wins the round (it ends with them as
      its winner, and nobody loses it).

    Methods: :meth:`apply`, :meth:`problems` (optional: ``[]``) and
    :meth:`describe`.
    """

    __attrs_attrs__: ClassVar[Any]
    kind: ClassVar[str]
    type: ClassVar[str]
    ends_round: ClassVar[bool]
    wins_round: ClassVar[bool]

    def apply(self, table: Table, seat: int) -> None:
        """Act on the table for the trigger's player ``seat`` (tokens and scores)."""
        ...

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        ...

    def describe(self) -> str:
        """The outcome in words, for the rulebook (``"every other player loses 1 token"``)."""
        ...


class Trigger(Protocol):
    """A rule of the variant, not of a card, fired by what happens to the total or the round.

    A variant lists its triggers in ``[[triggers]]`` tables; each names the
    outcomes it has::

        [[triggers]]
        type = "land_on"
        value = 33
        outcomes = [{ type = "tokens", who = "others", by = -1 }]

    Class attributes (what the engine asks, never the class or ``type``):

    - ``kind``: ``"trigger"``.
    - ``type``: its name in TOML.
    - ``after_play``: asked after every card played, by :meth:`fires`, with the
      total before and after the card (the player is the one who played it).
    - ``on_loss``: fires when a player loses the round (busts, lays down or
      is stuck); the player is the one who lost.
    - ``on_round_end``: fires when a round ends; the player is the round's
      winner or last player standing (outcomes for "the player" do nothing
      when there is none).

    Members: ``outcomes`` (a field: the outcomes, applied in order),
    :meth:`fires`, :meth:`problems`, :meth:`problems_at` and :meth:`describe`.
    """

    __attrs_attrs__: ClassVar[Any]
    kind: ClassVar[str]
    type: ClassVar[str]
    after_play: ClassVar[bool]
    on_loss: ClassVar[bool]
    on_round_end: ClassVar[bool]

    @property
    def outcomes(self) -> tuple[Outcome, ...]:
        """What the trigger does when it fires, in order."""
        ...

    def fires(self, before: int, after: int, bust: int) -> bool:
        """Whether a play that took the total from ``before`` to ``after`` fires it."""
        ...

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        ...

    def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
        """Settings that do not fit the variant's bust limit and floor, as pairs."""
        ...

    def describe(self) -> str:
        """The trigger and its outcomes in words, for the rulebook."""
        ...


AnyEffect = Effect
"""Any effect (the :class:`Effect` protocol)."""

AnyCondition = Condition
"""Any condition (the :class:`Condition` protocol)."""

AnyTrigger = Trigger
"""Any trigger (the :class:`Trigger` protocol)."""

AnyOutcome = Outcome
"""Any outcome (the :class:`Outcome` protocol)."""

_T = TypeVar("_T")
_SHIPPED: dict[str, dict[str, type[Any]]] = {
    "effect": {},
    "condition": {},
    "trigger": {},
    "outcome": {},
}


def _shipped(cls: type[_T]) -> type[_T]:
    """Enter a class of this module in the registry of shipped rule objects."""
    _SHIPPED[cls.kind][cls.type] = cls  # type: ignore[attr-defined]
    return cls


# The neutral values of the optional members, which the shipped classes name
# (they take the members' arguments and ignore them).


def _no_problems(self: object) -> list[tuple[str, str]]:  # noqa: ARG001
    return []


def _no_problems_at(self: object, bust: int, floor: int | None) -> list[tuple[str, str]]:  # noqa: ARG001
    return []


def _no_targets(self: object, table: Table) -> list[int]:  # noqa: ARG001
    return []


def _no_cards(self: object) -> list[tuple[str, str]]:  # noqa: ARG001
    return []


def _depends(self: object, total: int) -> bool | None:  # noqa: ARG001
    return None


# --------------------------------------------------------------------- effects


@_shipped
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

    kind: ClassVar[str] = "effect"
    type: ClassVar[str] = "add"
    adds_to_total: ClassVar[bool] = True
    forces_plays: ClassVar[int] = 0
    answers_forced_plays: ClassVar[bool] = False
    changes_hands: ClassVar[bool] = False
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

    problems = _no_problems
    problems_at = _no_problems_at
    referenced_cards = _no_cards
    targets = _no_targets

    def describe(self) -> str:
        """The effect in words."""
        if self.amount < 0:
            return f"subtracts {-self.amount} from the total"
        if self.amount == 0:
            return "adds nothing to the total"
        return f"adds {self.amount} to the total"


@_shipped
@frozen
class Hold:
    """Keep the total and pass it to the next player.

    Rule: "The HOLD card, when played, maintains the point value passed to that
    player and passes the same point value to the next player" (International
    Games 1980).
    """

    kind: ClassVar[str] = "effect"
    type: ClassVar[str] = "hold"
    adds_to_total: ClassVar[bool] = False
    forces_plays: ClassVar[int] = 0
    answers_forced_plays: ClassVar[bool] = False
    changes_hands: ClassVar[bool] = False
    changes_total: ClassVar[bool] = False
    acts: ClassVar[bool] = False
    choices: ClassVar[tuple[int, ...]] = ()
    chooses_player: ClassVar[bool] = False

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total is unchanged."""
        return total

    def apply(self, table: Table, card: CardInfo) -> None:
        """Nothing changes: play passes on as usual."""

    problems = _no_problems
    problems_at = _no_problems_at
    referenced_cards = _no_cards
    targets = _no_targets

    def describe(self) -> str:
        """The effect in words."""
        return "keeps the total as it is"


@_shipped
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

    kind: ClassVar[str] = "effect"
    type: ClassVar[str] = "reverse"
    adds_to_total: ClassVar[bool] = False
    forces_plays: ClassVar[int] = 0
    answers_forced_plays: ClassVar[bool] = False
    changes_hands: ClassVar[bool] = False
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

    problems = _no_problems
    problems_at = _no_problems_at
    referenced_cards = _no_cards
    targets = _no_targets

    def describe(self) -> str:
        """The effect in words."""
        return "reverses the direction of play (with two players in the round, changes nothing)"


@_shipped
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

    kind: ClassVar[str] = "effect"
    type: ClassVar[str] = "force_plays"
    adds_to_total: ClassVar[bool] = False
    answers_forced_plays: ClassVar[bool] = False
    changes_hands: ClassVar[bool] = False
    changes_total: ClassVar[bool] = False
    acts: ClassVar[bool] = True
    choices: ClassVar[tuple[int, ...]] = ()
    chooses_player: ClassVar[bool] = False
    plays: int = 2

    @property
    def forces_plays(self) -> int:
        """The plays the next player owes (before any stacking)."""
        return self.plays

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

    problems_at = _no_problems_at
    referenced_cards = _no_cards
    targets = _no_targets

    def describe(self) -> str:
        """The effect in words."""
        return f"makes the next player play {self.plays} cards"


@_shipped
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

    kind: ClassVar[str] = "effect"
    type: ClassVar[str] = "deflect"
    adds_to_total: ClassVar[bool] = False
    forces_plays: ClassVar[int] = 0
    answers_forced_plays: ClassVar[bool] = True
    changes_hands: ClassVar[bool] = False
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

    problems_at = _no_problems_at
    referenced_cards = _no_cards
    targets = _no_targets

    def describe(self) -> str:
        """The effect in words."""
        text = "answers forced plays: played first on a forced turn, it ends the turn"
        text += " and the next player owes the plays"
        if self.min_players > 2:
            text += f" (only with {self.min_players} or more players in the round)"
        return text


@_shipped
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

    kind: ClassVar[str] = "effect"
    type: ClassVar[str] = "add_choice"
    adds_to_total: ClassVar[bool] = True
    forces_plays: ClassVar[int] = 0
    answers_forced_plays: ClassVar[bool] = False
    changes_hands: ClassVar[bool] = False
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

    problems_at = _no_problems_at
    referenced_cards = _no_cards
    targets = _no_targets

    def describe(self) -> str:
        """The effect in words."""
        amounts = self.amounts
        if len(amounts) == 2 and amounts[0] == -amounts[1]:
            return f"adds or subtracts {abs(amounts[0])}, as the player chooses"
        if all(a >= 0 for a in amounts):
            return f"adds {_words(amounts)} to the total, as the player chooses"
        signed = [f"{a:+d}" for a in amounts]
        return f"changes the total by {_words(signed)}, as the player chooses"


@_shipped
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

    kind: ClassVar[str] = "effect"
    type: ClassVar[str] = "set_total"
    adds_to_total: ClassVar[bool] = False
    forces_plays: ClassVar[int] = 0
    answers_forced_plays: ClassVar[bool] = False
    changes_hands: ClassVar[bool] = False
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

    def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
        """A value at or above the bust limit: the card could never be played."""
        if self.value < bust:
            return []
        return [
            (
                "value",
                f"expected less than total.bust ({bust}), got {self.value}: "
                "the card could never be played",
            )
        ]

    problems = _no_problems
    referenced_cards = _no_cards
    targets = _no_targets

    def describe(self) -> str:
        """The effect in words."""
        return f"sets the total to {self.value}"


@_shipped
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

    kind: ClassVar[str] = "effect"
    type: ClassVar[str] = "skip"
    adds_to_total: ClassVar[bool] = False
    forces_plays: ClassVar[int] = 0
    answers_forced_plays: ClassVar[bool] = False
    changes_hands: ClassVar[bool] = False
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

    problems_at = _no_problems_at
    referenced_cards = _no_cards
    targets = _no_targets

    def describe(self) -> str:
        """The effect in words."""
        if self.players == 1:
            return "skips the next player"
        return f"skips the next {self.players} players"


@_shipped
@frozen
class ChooseNext:
    """The player names who plays next; play goes on from that player.

    The move names the player: ``Play("5", target=2)``. Any other player still
    in the round may be named, and with ``include_self`` the player too; the
    legal moves list each. Play then continues in the current direction from
    the named player. A card played without a target (the forced play of a
    player who has no safe play) names nobody and play passes on as usual.

    Rules: "Fives allow the player to select the next person to play, not
    himself. Play then continues normally from that person" (Everything2,
    elwen, "Ninety-nine"); "5 = target any player" (Taiwan / Hong Kong
    "Poker 99", blog.vero.site), which ``include_self = true`` reads as any
    player at all, the one playing included.

    Attributes:
        include_self: Whether the player may name themselves (and so play
            again at once).

    >>> ChooseNext().describe()
    'names the next player (any other player still in); play goes on from there'
    >>> ChooseNext(include_self=True).describe()
    'names the next player (any player still in, themselves included); play goes on from there'
    """

    kind: ClassVar[str] = "effect"
    type: ClassVar[str] = "choose_next"
    adds_to_total: ClassVar[bool] = False
    forces_plays: ClassVar[int] = 0
    answers_forced_plays: ClassVar[bool] = False
    changes_hands: ClassVar[bool] = False
    changes_total: ClassVar[bool] = False
    acts: ClassVar[bool] = True
    choices: ClassVar[tuple[int, ...]] = ()
    chooses_player: ClassVar[bool] = True
    include_self: bool = False

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total is unchanged."""
        return total

    def apply(self, table: Table, card: CardInfo) -> None:
        """Make the named player the next to play."""
        if table.target is not None:
            table.next_player = table.target

    def targets(self, table: Table) -> list[int]:
        """The players still in the round; the one playing only with ``include_self``."""
        seats = table.seats_in_round()
        return sorted(seats if self.include_self else [s for s in seats if s != table.player])

    problems = _no_problems
    problems_at = _no_problems_at
    referenced_cards = _no_cards

    def describe(self) -> str:
        """The effect in words."""
        who = (
            "any player still in, themselves included"
            if self.include_self
            else ("any other player still in")
        )
        return f"names the next player ({who}); play goes on from there"


@_shipped
@frozen
class Multiply:
    """Multiply the total by a factor, rounding down to a whole number.

    A factor that is not whole gives a total that is rounded *down* (towards
    minus infinity): with ``factor = 0.5`` a total of 45 becomes 22, and -45
    becomes -23. The factor is read as written (0.1 is a tenth, exactly).

    Rules: "2 = x2, or /2 if the total is over 49 and even" (PlayAural's
    "33/66/99" Ninety-Nine, after qcsalon.net): two cards, ``factor = 2``
    and ``factor = 0.5`` with the conditions ``total_at_least`` 50 and
    ``total_even``. "Double the total" in house rules is ``factor = 2``.

    Attributes:
        factor: What the total is multiplied by; more than 0.

    >>> Multiply(2).total_after(30)
    60
    >>> Multiply(0.5).total_after(45), Multiply(0.5).total_after(-45)
    (22, -23)
    >>> Multiply(0.5).describe()
    'multiplies the total by 0.5 (rounding down)'
    """

    kind: ClassVar[str] = "effect"
    type: ClassVar[str] = "multiply"
    adds_to_total: ClassVar[bool] = False
    forces_plays: ClassVar[int] = 0
    answers_forced_plays: ClassVar[bool] = False
    changes_hands: ClassVar[bool] = False
    changes_total: ClassVar[bool] = True
    acts: ClassVar[bool] = False
    choices: ClassVar[tuple[int, ...]] = ()
    chooses_player: ClassVar[bool] = False
    factor: float

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total times ``factor``, rounded down."""
        factor = self.factor
        if float(factor).is_integer():
            return total * int(factor)
        # Exactly as written: 0.29 x 100 is 29, not 28.999...
        from fractions import Fraction  # noqa: PLC0415 (fractions imports decimal: only if used)

        return math.floor(Fraction(repr(float(factor))) * total)

    def apply(self, table: Table, card: CardInfo) -> None:
        """No effect on the table beyond the total."""

    def problems(self) -> list[tuple[str, str]]:
        """A factor that is not a finite number above 0."""
        if math.isfinite(self.factor) and self.factor > 0:
            return []
        return [("factor", f"expected a number more than 0, got {self.factor}")]

    problems_at = _no_problems_at
    referenced_cards = _no_cards
    targets = _no_targets

    def describe(self) -> str:
        """The effect in words."""
        factor = f"{self.factor:g}"
        if float(self.factor).is_integer():
            return f"multiplies the total by {factor}"
        return f"multiplies the total by {factor} (rounding down)"


@_shipped
@frozen
class Draw:
    """A player draws cards: the next player, the one playing, or a player named.

    The cards come from the draw pile (the discard pile is reshuffled into it
    when it runs out, as when refilling a hand); hands may so grow beyond the
    hand size. With ``who = "chosen"`` the move names the player
    (``Play("draw_two", target=1)``), any other player still in the round.

    Rules: no edition or relative in the research has such a card; it is made
    for the house rule the Mattel family knows from UNO: "Draw Two card - When
    you play this card, the next person to play must draw 2 cards" (UNO,
    Mattel), and for the 2022 rule that a hand is topped up by drawing: "Play 2
    ... play one, call the total, draw, then play the second" (Mattel 2022).

    Attributes:
        cards: How many cards are drawn; 1 or more.
        who: ``"next"`` (the next player in the direction of play),
            ``"self"`` (the player who played the card) or ``"chosen"``
            (a player the move names).

    >>> Draw(2).describe()
    'makes the next player draw 2 cards'
    >>> Draw(1, who="chosen").describe()
    'makes a player of their choice draw 1 card'
    """

    kind: ClassVar[str] = "effect"
    type: ClassVar[str] = "draw"
    adds_to_total: ClassVar[bool] = False
    forces_plays: ClassVar[int] = 0
    answers_forced_plays: ClassVar[bool] = False
    changes_hands: ClassVar[bool] = True
    changes_total: ClassVar[bool] = False
    acts: ClassVar[bool] = True
    choices: ClassVar[tuple[int, ...]] = ()
    cards: int = 1
    who: Literal["next", "self", "chosen"] = "next"

    @property
    def chooses_player(self) -> bool:
        """Whether the move names who draws (``who = "chosen"``)."""
        return self.who == "chosen"

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total is unchanged."""
        return total

    def apply(self, table: Table, card: CardInfo) -> None:
        """The player ``who`` says draws ``cards`` cards."""
        if self.who == "self":
            seat: int | None = table.player
        elif self.who == "next":
            seat = table.next_seat(table.player)
        else:
            seat = table.target
        if seat is not None:
            table.draw_cards(seat, self.cards)

    def targets(self, table: Table) -> list[int]:
        """Any other player still in the round (for ``who = "chosen"``)."""
        if self.who != "chosen":
            return []
        return sorted(s for s in table.seats_in_round() if s != table.player)

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        return [] if self.cards >= 1 else [("cards", f"expected 1 or more, got {self.cards}")]

    problems_at = _no_problems_at
    referenced_cards = _no_cards

    def describe(self) -> str:
        """The effect in words."""
        cards = "1 card" if self.cards == 1 else f"{self.cards} cards"
        who = {
            "next": "makes the next player draw",
            "self": "makes the player draw",
            "chosen": "makes a player of their choice draw",
        }[self.who]
        return f"{who} {cards}"


def _words(items: Sequence[object]) -> str:
    """``(1, 11)`` as ``'1 or 11'``; three or more as ``'1, 5 or 11'``."""
    texts = [str(i) for i in items]
    if len(texts) < 2:
        return "".join(texts)
    return f"{', '.join(texts[:-1])} or {texts[-1]}"


# ------------------------------------------------------------------ conditions


@_shipped
@frozen
class Never:
    """The card can never be played.

    Rule: "THE O'NO 99 CARD: CANNOT BE PLAYED. If you are dealt — or draw the
    O'NO 99 card, you must keep it and not play it" (International Games
    1980); "ONO 99 card: can never be played" (Mattel 2022).
    """

    kind: ClassVar[str] = "condition"
    type: ClassVar[str] = "never"
    blocks_every_play: ClassVar[bool] = True
    reads_turn_plays: ClassVar[bool] = False

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Always refuse."""
        return f"{card.name} can never be played"

    def allows_at(self, total: int) -> bool | None:
        """Never: it refuses every play."""
        return False

    problems = _no_problems
    problems_at = _no_problems_at
    referenced_cards = _no_cards

    def describe(self) -> str:
        """The condition in words."""
        return "can never be played"


@_shipped
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

    kind: ClassVar[str] = "condition"
    type: ClassVar[str] = "total_multiple_of"
    blocks_every_play: ClassVar[bool] = False
    reads_turn_plays: ClassVar[bool] = False
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

    def allows_at(self, total: int) -> bool | None:
        """Whether ``total`` is a multiple of ``n`` (and not negative, unless allowed)."""
        return total % self.n == 0 and (self.negative or total >= 0)

    problems_at = _no_problems_at
    referenced_cards = _no_cards

    def describe(self) -> str:
        """The condition in words."""
        return f"only when the total is a multiple of {self.n}"


@_shipped
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

    kind: ClassVar[str] = "condition"
    type: ClassVar[str] = "not_as_answer"
    blocks_every_play: ClassVar[bool] = False
    reads_turn_plays: ClassVar[bool] = False
    stacking_lifts: bool = True

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Refuse on the first play of a forced turn (unless stacking lifts it)."""
        if table.answering and not (
            self.stacking_lifts and table.stacking != "none" and table.stack_on == "answer"
        ):
            return f"{card.name} may not answer forced plays (the first play of a forced turn)"
        return None

    allows_at = _depends  # it depends on the turn

    problems = _no_problems
    problems_at = _no_problems_at
    referenced_cards = _no_cards

    def describe(self) -> str:
        """The condition in words (the rulebook says when stacking lifts it)."""
        return "not as the first play of a forced turn"


@_shipped
@frozen
class OncePerTurn:
    """At most one card with this id may be played in one turn.

    Rule: "Only (1) O'NO 99 card may be played during a player's turn"
    (International Games 1980, O'NO 99 card option).
    """

    kind: ClassVar[str] = "condition"
    type: ClassVar[str] = "once_per_turn"
    blocks_every_play: ClassVar[bool] = False
    reads_turn_plays: ClassVar[bool] = True

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Refuse a second card of this kind in the same turn."""
        if table.times_played_this_turn(card.id):
            return f"only one {card.name} may be played in a turn"
        return None

    allows_at = _depends  # it depends on the turn

    problems = _no_problems
    problems_at = _no_problems_at
    referenced_cards = _no_cards

    def describe(self) -> str:
        """The condition in words."""
        return "at most one per turn"


@_shipped
@frozen
class TotalAtLeast:
    """The card may be played only when the total is at least ``value``.

    Rule: "/2 if the total is over 49 and even" (PlayAural's "33/66/99"
    Ninety-Nine): over 49 is ``{ type = "total_at_least", value = 50 }``.

    Attributes:
        value: The lowest total at which the card may be played.
    """

    kind: ClassVar[str] = "condition"
    type: ClassVar[str] = "total_at_least"
    blocks_every_play: ClassVar[bool] = False
    reads_turn_plays: ClassVar[bool] = False
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

    problems = _no_problems
    problems_at = _no_problems_at
    referenced_cards = _no_cards

    def describe(self) -> str:
        """The condition in words."""
        return f"only when the total is at least {self.value}"


@_shipped
@frozen
class TotalAtMost:
    """The card may be played only when the total is at most ``value``.

    Rule: "x2, or /2 if the total is over 49" (PlayAural's "33/66/99"
    Ninety-Nine): the doubling card, at 49 or below, is
    ``{ type = "total_at_most", value = 49 }``.

    Attributes:
        value: The highest total at which the card may be played.
    """

    kind: ClassVar[str] = "condition"
    type: ClassVar[str] = "total_at_most"
    blocks_every_play: ClassVar[bool] = False
    reads_turn_plays: ClassVar[bool] = False
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

    problems = _no_problems
    problems_at = _no_problems_at
    referenced_cards = _no_cards

    def describe(self) -> str:
        """The condition in words."""
        return f"only when the total is at most {self.value}"


@_shipped
@frozen
class TotalEven:
    """The card may be played only when the total is even (0 is even).

    Rule: "/2 if the total is over 49 and even" (PlayAural's "33/66/99"
    Ninety-Nine).
    """

    kind: ClassVar[str] = "condition"
    type: ClassVar[str] = "total_even"
    blocks_every_play: ClassVar[bool] = False
    reads_turn_plays: ClassVar[bool] = False

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Refuse when the total is odd."""
        if table.total % 2 == 0:
            return None
        return f"{card.name} may only be played when the total is even; it is {table.total}"

    def allows_at(self, total: int) -> bool | None:
        """Whether ``total`` is even."""
        return total % 2 == 0

    problems = _no_problems
    problems_at = _no_problems_at
    referenced_cards = _no_cards

    def describe(self) -> str:
        """The condition in words."""
        return "only when the total is even"


@_shipped
@frozen
class TotalOdd:
    """The card may be played only when the total is odd.

    Rule: the counterpart of "/2 if the total is ... even" (PlayAural's
    "33/66/99" Ninety-Nine), for a card that acts on the other totals.
    """

    kind: ClassVar[str] = "condition"
    type: ClassVar[str] = "total_odd"
    blocks_every_play: ClassVar[bool] = False
    reads_turn_plays: ClassVar[bool] = False

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Refuse when the total is even."""
        if table.total % 2 != 0:
            return None
        return f"{card.name} may only be played when the total is odd; it is {table.total}"

    def allows_at(self, total: int) -> bool | None:
        """Whether ``total`` is odd."""
        return total % 2 != 0

    problems = _no_problems
    problems_at = _no_problems_at
    referenced_cards = _no_cards

    def describe(self) -> str:
        """The condition in words."""
        return "only when the total is odd"


# -------------------------------------------------------------------- outcomes


def _seats_for(table: Table, who: str, seat: int) -> list[int]:
    """``[seat]`` for ``"player"``; every other seat in the round for ``"others"``."""
    if who == "player":
        return [seat] if seat >= 0 else []
    return [s for s in table.seats_in_round() if s != seat]


def _who_words(who: str, by: int, unit: str) -> str:
    """``"every other player loses 2 tokens"`` and the like."""
    verb = "gains" if by > 0 else "loses"
    subject = "the player" if who == "player" else "every other player in the round"
    count = abs(by)
    return f"{subject} {verb} {count} {unit}{'' if count == 1 else 's'}"


@_shipped
@frozen
class ChangeTokens:
    """The player, or every other player in the round, gains or loses tokens.

    Rule: "landing exactly on 33 or 66: every other player loses 1 token ...
    passing over 33 or 66 without landing on it: the player loses 1 token"
    (qcsalon.net, "Ninety-nine"). A player never goes below 0 tokens; one
    left with none is out when the round is scored, unless
    ``match.tokens.play_on_at_zero`` keeps them in.

    Attributes:
        who: ``"player"`` (the trigger's player) or ``"others"`` (every other
            player in the round).
        by: Tokens gained (negative: lost).
    """

    kind: ClassVar[str] = "outcome"
    type: ClassVar[str] = "tokens"
    ends_round: ClassVar[bool] = False
    wins_round: ClassVar[bool] = False
    who: Literal["player", "others"]
    by: int

    def apply(self, table: Table, seat: int) -> None:
        """Change the tokens."""
        for s in _seats_for(table, self.who, seat):
            table.change_tokens(s, self.by)

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        return [] if self.by else [("by", "expected a number other than 0")]

    def describe(self) -> str:
        """The outcome in words."""
        return _who_words(self.who, self.by, "token")


@_shipped
@frozen
class ChangePoints:
    """The player, or every other player in the round, gains or loses points.

    Rule: "crossing 33, 66 or 99 costs the player one point" (bradwilson.io,
    "99"); a score never goes below 0.

    Attributes:
        who: ``"player"`` or ``"others"``.
        by: Points gained (negative: lost).
    """

    kind: ClassVar[str] = "outcome"
    type: ClassVar[str] = "points"
    ends_round: ClassVar[bool] = False
    wins_round: ClassVar[bool] = False
    who: Literal["player", "others"]
    by: int

    def apply(self, table: Table, seat: int) -> None:
        """Change the scores."""
        for s in _seats_for(table, self.who, seat):
            table.change_score(s, self.by)

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        return [] if self.by else [("by", "expected a number other than 0")]

    def describe(self) -> str:
        """The outcome in words."""
        return _who_words(self.who, self.by, "point")


@_shipped
@frozen
class WinRound:
    """The player wins the round, which ends at once; nobody loses it.

    Rule: "Landing exactly on 99: every other player loses 2 tokens and the
    player wins the round" (qcsalon.net, "Ninety-nine").
    """

    kind: ClassVar[str] = "outcome"
    type: ClassVar[str] = "win_round"
    ends_round: ClassVar[bool] = True
    wins_round: ClassVar[bool] = True

    def apply(self, table: Table, seat: int) -> None:
        """Nothing on the table: the engine ends the round (``wins_round``)."""

    problems = _no_problems

    def describe(self) -> str:
        """The outcome in words."""
        return "the player wins the round"


@_shipped
@frozen
class EndRound:
    """The round ends at once; those who lost it so far are its losers.

    Rule: "Going over 99: the player loses 2 tokens and the round ends"
    (qcsalon.net, "Ninety-nine").
    """

    kind: ClassVar[str] = "outcome"
    type: ClassVar[str] = "end_round"
    ends_round: ClassVar[bool] = True
    wins_round: ClassVar[bool] = False

    def apply(self, table: Table, seat: int) -> None:
        """Nothing on the table: the engine ends the round (``ends_round``)."""

    problems = _no_problems

    def describe(self) -> str:
        """The outcome in words."""
        return "the round ends"


# -------------------------------------------------------------------- triggers


def _outcome_problems(outcomes: tuple[Outcome, ...]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    if not outcomes:
        out.append(("outcomes", "expected at least one outcome"))
    for i, outcome in enumerate(outcomes):
        out += [(f"outcomes[{i}].{field}", what) for field, what in outcome.problems()]
    return out


def _outcome_words(outcomes: tuple[Outcome, ...]) -> str:
    return "; ".join(o.describe() for o in outcomes)


@_shipped
@frozen
class LandOn:
    """Fires when a play brings the total exactly to ``value`` (from another total).

    Rule: "Landing exactly on 33 or 66: every other player loses 1 token"
    (qcsalon.net, "Ninety-nine"). A play that leaves the total where it was
    (a Hold at 33) does not land on it.

    Attributes:
        value: The total landed on.
        outcomes: What happens then, in order.
    """

    kind: ClassVar[str] = "trigger"
    type: ClassVar[str] = "land_on"
    after_play: ClassVar[bool] = True
    on_loss: ClassVar[bool] = False
    on_round_end: ClassVar[bool] = False
    value: int
    outcomes: tuple[Outcome, ...]

    def fires(self, before: int, after: int, bust: int) -> bool:
        """Whether the total moved onto ``value``."""
        return after == self.value and before != self.value

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        return _outcome_problems(self.outcomes)

    def problems_at(self, bust: int, floor: int | None) -> list[tuple[str, str]]:
        """A value no play can land on (at or above the bust, below the floor)."""
        if self.value > bust:
            return [("value", f"expected a total no higher than the bust limit {bust}")]
        return []

    def describe(self) -> str:
        """The trigger in words."""
        then = _outcome_words(self.outcomes)
        return f"when a play brings the total to exactly {self.value}: {then}"


@_shipped
@frozen
class PassOver:
    """Fires when a play takes the total up past ``value`` without landing on it.

    Rule: "Passing over 33 or 66 without landing on it: the player loses 1
    token" (qcsalon.net); "crossing 33, 66 or 99 costs the player one point"
    (bradwilson.io). Only a rising total passes over: the sources speak of
    counting up, and a Minus Ten taking 40 to 30 is not said to cost anything.

    Attributes:
        value: The total passed over.
        outcomes: What happens then, in order.
    """

    kind: ClassVar[str] = "trigger"
    type: ClassVar[str] = "pass_over"
    after_play: ClassVar[bool] = True
    on_loss: ClassVar[bool] = False
    on_round_end: ClassVar[bool] = False
    value: int
    outcomes: tuple[Outcome, ...]

    def fires(self, before: int, after: int, bust: int) -> bool:
        """Whether the total rose from below ``value`` to above it."""
        return before < self.value < after

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        return _outcome_problems(self.outcomes)

    problems_at = _no_problems_at

    def describe(self) -> str:
        """The trigger in words."""
        return (
            f"when a play takes the total past {self.value} without landing on it: "
            f"{_outcome_words(self.outcomes)}"
        )


@_shipped
@frozen
class ReachBust:
    """Fires when a play takes the total to the bust limit or beyond.

    Rule: "Going over 99: the player loses 2 tokens and the round ends"
    (qcsalon.net, "Ninety-nine"). Such a play is always the card a player
    with no safe play must play (``no_safe_play.action = "play_lowest"``).

    Attributes:
        outcomes: What happens then, in order.
    """

    kind: ClassVar[str] = "trigger"
    type: ClassVar[str] = "reach_bust"
    after_play: ClassVar[bool] = True
    on_loss: ClassVar[bool] = False
    on_round_end: ClassVar[bool] = False
    outcomes: tuple[Outcome, ...]

    def fires(self, before: int, after: int, bust: int) -> bool:
        """Whether the total reached the bust limit."""
        return after >= bust

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        return _outcome_problems(self.outcomes)

    problems_at = _no_problems_at

    def describe(self) -> str:
        """The trigger in words."""
        return f"when a play reaches the bust limit: {_outcome_words(self.outcomes)}"


@_shipped
@frozen
class PlayerLoses:
    """Fires when a player loses the round: busts, lays the hand down or is stuck.

    Rule: a bust that costs more than one token ("the player loses 2 tokens",
    qcsalon.net) or a point ("You lose a point for going over", a common
    scoring of "99").

    Attributes:
        outcomes: What happens then (to the player who lost), in order.
    """

    kind: ClassVar[str] = "trigger"
    type: ClassVar[str] = "player_loses"
    after_play: ClassVar[bool] = False
    on_loss: ClassVar[bool] = True
    on_round_end: ClassVar[bool] = False
    outcomes: tuple[Outcome, ...]

    def fires(self, before: int, after: int, bust: int) -> bool:
        """Always (the engine asks only when a player loses)."""
        return True

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        return _outcome_problems(self.outcomes)

    problems_at = _no_problems_at

    def describe(self) -> str:
        """The trigger in words."""
        return f"when a player loses the round: {_outcome_words(self.outcomes)}"


@_shipped
@frozen
class RoundEnds:
    """Fires when a round ends; the player is its winner or last player standing.

    Rule: "the round goes on until one player is left, who scores 1 point"
    (Gronemann, "Ninety-Nine"). With no winner (a round ended by
    ``end_round``), outcomes for ``"player"`` do nothing and ``"others"``
    means every player still in the round.

    Attributes:
        outcomes: What happens then, in order (``end_round`` and
            ``win_round`` add nothing: the round is already over).
    """

    kind: ClassVar[str] = "trigger"
    type: ClassVar[str] = "round_ends"
    after_play: ClassVar[bool] = False
    on_loss: ClassVar[bool] = False
    on_round_end: ClassVar[bool] = True
    outcomes: tuple[Outcome, ...]

    def fires(self, before: int, after: int, bust: int) -> bool:
        """Always (the engine asks only when a round ends)."""
        return True

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        return _outcome_problems(self.outcomes)

    problems_at = _no_problems_at

    def describe(self) -> str:
        """The trigger in words."""
        return f"when a round ends, for its winner: {_outcome_words(self.outcomes)}"


# -------------------------------------------------------------------- registry

_MEMBERS = {
    "effect": (
        "kind",
        "type",
        "changes_total",
        "adds_to_total",
        "acts",
        "forces_plays",
        "answers_forced_plays",
        "changes_hands",
        "choices",
        "chooses_player",
        "total_after",
        "apply",
        "targets",
        "problems",
        "problems_at",
        "referenced_cards",
        "describe",
    ),
    "condition": (
        "kind",
        "type",
        "blocks_every_play",
        "reads_turn_plays",
        "check",
        "allows_at",
        "problems",
        "problems_at",
        "referenced_cards",
        "describe",
    ),
    "trigger": (
        "kind",
        "type",
        "after_play",
        "on_loss",
        "on_round_end",
        "outcomes",
        "fires",
        "problems",
        "problems_at",
        "describe",
    ),
    "outcome": ("kind", "type", "ends_round", "wins_round", "apply", "problems", "describe"),
}


def _entry_points() -> Sequence[Any]:
    """The installed entry points of :data:`ENTRY_POINT_GROUP`."""
    from importlib.metadata import entry_points  # noqa: PLC0415 (only when a plugin is sought)

    return list(entry_points(group=ENTRY_POINT_GROUP))


def _check_plugin(name: str, value: str, cls: object) -> type[Any]:
    """The class an entry point names, if it follows the protocol; else :class:`PluginError`."""
    where = f"entry point {name} = {value!r} (group {ENTRY_POINT_GROUP})"
    if not isinstance(cls, type) or not attrs.has(cls):
        raise PluginError(f"{where}: expected a frozen attrs class, got {cls!r}")
    kind = getattr(cls, "kind", None)
    if kind not in _MEMBERS:
        raise PluginError(
            f'{where}: expected kind = "effect", "condition", "trigger" or "outcome", got {kind!r}'
        )
    missing = [m for m in _MEMBERS[kind] if not hasattr(cls, m)]
    if missing:
        raise PluginError(f"{where}: the {kind} protocol needs {', '.join(missing)}")
    if getattr(cls, "type", None) != name:
        raise PluginError(
            f"{where}: the class's type is {getattr(cls, 'type', None)!r}, "
            "not the entry point's name"
        )
    if any(name in shipped for shipped in _SHIPPED.values()):
        raise PluginError(f"{where}: {name!r} is a rule type the library ships")
    return cls


@functools.cache
def _registry() -> Mapping[str, Mapping[str, type[Any]]]:
    """Shipped and installed rule classes by kind and type, built once."""
    found: dict[str, dict[str, type[Any]]] = {k: dict(v) for k, v in _SHIPPED.items()}
    for point in sorted(_entry_points(), key=lambda p: p.name):
        cls = _check_plugin(point.name, point.value, point.load())
        found[cls.kind][cls.type] = cls
    return MappingProxyType({k: MappingProxyType(v) for k, v in found.items()})


def effect_types() -> Mapping[str, type[Effect]]:
    """The effect classes by the ``type`` name used in TOML, installed plugins included.

    The shipped classes come first; installed packages add theirs through the
    ``ono99.rules`` entry-point group (read once, the first time it is asked).

    >>> effect_types()["reverse"]
    <class 'ono99.rules.Reverse'>
    """
    return _registry()["effect"]


def condition_types() -> Mapping[str, type[Condition]]:
    """The condition classes by the ``type`` name used in TOML, installed plugins included.

    >>> sorted(shipped_condition_types())[:3]
    ['never', 'not_as_answer', 'once_per_turn']
    """
    return _registry()["condition"]


def trigger_types() -> Mapping[str, type[Trigger]]:
    """The trigger classes by the ``type`` name used in TOML, installed plugins included.

    >>> sorted(shipped_trigger_types())[:2]
    ['land_on', 'pass_over']
    """
    return _registry()["trigger"]


def outcome_types() -> Mapping[str, type[Outcome]]:
    """The outcome classes by the ``type`` name used in TOML, installed plugins included."""
    return _registry()["outcome"]


def shipped_trigger_types() -> Mapping[str, type[Trigger]]:
    """The trigger classes the library itself ships, by ``type``."""
    return MappingProxyType(_SHIPPED["trigger"])


def shipped_outcome_types() -> Mapping[str, type[Outcome]]:
    """The outcome classes the library itself ships, by ``type``."""
    return MappingProxyType(_SHIPPED["outcome"])


def shipped_effect_types() -> Mapping[str, type[Effect]]:
    """The effect classes the library itself ships, by ``type``."""
    return MappingProxyType(_SHIPPED["effect"])


def shipped_condition_types() -> Mapping[str, type[Condition]]:
    """The condition classes the library itself ships, by ``type``."""
    return MappingProxyType(_SHIPPED["condition"])


def rule_class(kind: str, name: str) -> type[Any] | None:
    """The class of the effect or condition ``name``, or ``None``.

    A shipped type is found without reading the installed entry points.
    """
    found = _SHIPPED[kind].get(name)
    if found is None:
        found = _registry()[kind].get(name)
    return found


def unknown_rule(kind: str, name: str) -> str:
    """What to say of a rule type that is neither shipped nor installed."""
    known = ", ".join(sorted(_registry()[kind]))
    package = KNOWN_PLUGINS.get(name)
    if package is not None:
        return (
            f"{name!r} comes from the package {package}, which is not installed "
            f"(pip install {package}); the {kind}s installed are {known}"
        )
    return f"the {kind}s installed are {known}"


if TYPE_CHECKING:  # every shipped class follows its protocol
    _effect_check: tuple[type[Effect], ...] = (
        Add,
        Hold,
        Reverse,
        ForcePlays,
        Deflect,
        AddChoice,
        SetTotal,
        Skip,
        ChooseNext,
        Multiply,
        Draw,
    )
    _condition_check: tuple[type[Condition], ...] = (
        Never,
        TotalMultipleOf,
        NotAsAnswer,
        OncePerTurn,
        TotalAtLeast,
        TotalAtMost,
        TotalEven,
        TotalOdd,
    )
    _trigger_check: tuple[type[Trigger], ...] = (
        LandOn,
        PassOver,
        ReachBust,
        PlayerLoses,
        RoundEnds,
    )
    _outcome_check: tuple[type[Outcome], ...] = (ChangeTokens, ChangePoints, WinRound, EndRound)
