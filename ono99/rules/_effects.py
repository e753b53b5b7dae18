"""The shipped effects: what a card does when it is played."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Literal

from attrs import frozen

from ono99._limits import MAX_CHOICES, MAX_HAND_SIZE, MAX_SKIP

from ._defaults import BaseEffect, out_of_range
from ._registry import shipped

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ._table import CardInfo, Table

__all__ = [
    "Add",
    "AddChoice",
    "ChooseNext",
    "Deflect",
    "Draw",
    "ForcePlays",
    "Hold",
    "Multiply",
    "Reverse",
    "SetTotal",
    "Skip",
]


@shipped
@frozen
class Add(BaseEffect):
    """Add an amount to the total; a negative amount subtracts.

    Number cards add their face value; Minus Ten adds ``-10``. The variant's
    floor, if any, is applied by the engine after all effects.

    Rules: "Play 1 card, announce the new total" (Mattel 2022); "The MINUS TEN
    card, when played, subtracts ten points from the point value passed to the
    player" (International Games 1980).

    Attributes:
        amount: What the card adds to the total.

    >>> from ono99.rules import Add
    >>> Add(9).total_after(57)
    66
    >>> Add(9).describe()
    'adds 9 to the total'
    """

    type = "add"
    adds_to_total = True
    amount: int

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total after this effect.

        Args:
            total: The total before it.
            amount: The amount the move chose, for effects with ``choices``;
                effects without choices (like this one) ignore it.
        """
        return total + self.amount

    def describe(self) -> str:
        """The effect in words."""
        if self.amount < 0:
            return f"subtracts {-self.amount} from the total"
        if self.amount == 0:
            return "adds nothing to the total"
        return f"adds {self.amount} to the total"


@shipped
@frozen
class Hold(BaseEffect):
    """Keep the total and pass it to the next player.

    Rule: "The HOLD card, when played, maintains the point value passed to that
    player and passes the same point value to the next player" (International
    Games 1980).
    """

    type = "hold"

    def describe(self) -> str:
        """The effect in words."""
        return "keeps the total as it is"


@shipped
@frozen
class Reverse(BaseEffect):
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

    type = "reverse"

    def apply(self, table: Table, card: CardInfo) -> None:
        """Flip the direction of play (with three or more players in the round)."""
        if table.players_in_round > 2:
            table.direction = -table.direction

    def describe(self) -> str:
        """The effect in words."""
        return "reverses the direction of play (with two players in the round, changes nothing)"


@shipped
@frozen
class ForcePlays(BaseEffect):
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

    type = "force_plays"
    plays: int = 2

    @property
    def forces_plays(self) -> int:
        """The plays the next player owes (before any stacking)."""
        return self.plays

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
        return out_of_range("plays", self.plays, 2, MAX_HAND_SIZE)

    def describe(self) -> str:
        """The effect in words."""
        return f"makes the next player play {self.plays} cards"


@shipped
@frozen
class Deflect(BaseEffect):
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

    type = "deflect"
    answers_forced_plays = True
    min_players: int = 2

    def apply(self, table: Table, card: CardInfo) -> None:
        """End a forced turn and pass its plays on."""
        if table.answering and table.players_in_round >= self.min_players:
            table.ends_turn = True
            if table.forced > table.next_owed:
                table.next_owed = table.forced
                table.next_forced_by = table.forced_by

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        return out_of_range("min_players", self.min_players, 2)

    def describe(self) -> str:
        """The effect in words."""
        text = "answers forced plays: played first on a forced turn, it ends the turn"
        text += " and the next player owes the plays"
        if self.min_players > 2:
            text += f" (only with {self.min_players} or more players in the round)"
        return text


@shipped
@frozen
class AddChoice(BaseEffect):
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

    >>> from ono99.rules import AddChoice
    >>> ace = AddChoice((1, 11))
    >>> ace.total_after(80, 11), ace.choices
    (91, (1, 11))
    >>> ace.describe()
    'adds 1 or 11 to the total, as the player chooses'
    >>> AddChoice((10, -10)).describe()
    'adds or subtracts 10, as the player chooses'
    """

    type = "add_choice"
    adds_to_total = True
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


@shipped
@frozen
class SetTotal(BaseEffect):
    """Set the total to a fixed value, whatever it was.

    A value at or above the bust limit would make the card unplayable, so the
    variant check refuses it; the variant's floor still applies.

    Rules: "A King takes the point total to 99 (or keeps it 99 if the total is
    already 99)" (considerable.com); "9 ... Count automatically becomes 99"
    (denexa.com, "Ninety-Nine"); "king....the value is set to 98" (pagat.com,
    "98").

    Attributes:
        value: The new total.

    >>> from ono99.rules import SetTotal
    >>> SetTotal(99).total_after(12)
    99
    >>> SetTotal(99).describe()
    'sets the total to 99'
    """

    type = "set_total"
    value: int

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total is ``value``."""
        return self.value

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

    def describe(self) -> str:
        """The effect in words."""
        return f"sets the total to {self.value}"


@shipped
@frozen
class Skip(BaseEffect):
    """The next player, or the next ``players`` players, miss their turn.

    Players are counted in the direction of play, among those still in the
    round. With two players, skipping the other one gives the turn back to
    the player who played the card.

    Rules: "3 ... +3 ... Next player skipped" (denexa.com, "Ninety-Nine");
    "a 3 skips the next player's turn" (t_games, Ninety-Nine), whose "chicago"
    options move the skip to the 9 ("zero=4/9 skip=9").

    Attributes:
        players: How many players miss their turn.

    >>> from ono99.rules import Skip
    >>> Skip().describe(), Skip(2).describe()
    ('skips the next player', 'skips the next 2 players')
    """

    type = "skip"
    players: int = 1

    def apply(self, table: Table, card: CardInfo) -> None:
        """Pass over ``players`` more players when the turn ends."""
        table.skip += self.players

    def problems(self) -> list[tuple[str, str]]:
        """Settings out of range, as ``(field, what was expected)`` pairs."""
        return out_of_range("players", self.players, 1, MAX_SKIP)

    def describe(self) -> str:
        """The effect in words."""
        if self.players == 1:
            return "skips the next player"
        return f"skips the next {self.players} players"


@shipped
@frozen
class ChooseNext(BaseEffect):
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

    >>> from ono99.rules import ChooseNext
    >>> ChooseNext().describe()
    'names the next player (any other player still in); play goes on from there'
    >>> ChooseNext(include_self=True).describe()
    'names the next player (any player still in, themselves included); play goes on from there'
    """

    type = "choose_next"
    include_self: bool = False

    def apply(self, table: Table, card: CardInfo) -> None:
        """Make the named player the next to play."""
        if table.target is not None:
            table.next_player = table.target

    def targets(self, table: Table) -> list[int]:
        """The players still in the round; the one playing only with ``include_self``."""
        seats = table.seats_in_round()
        return sorted(seats if self.include_self else [s for s in seats if s != table.player])

    def describe(self) -> str:
        """The effect in words."""
        who = (
            "any player still in, themselves included"
            if self.include_self
            else ("any other player still in")
        )
        return f"names the next player ({who}); play goes on from there"


@shipped
@frozen
class Multiply(BaseEffect):
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

    >>> from ono99.rules import Multiply
    >>> Multiply(2).total_after(30)
    60
    >>> Multiply(0.5).total_after(45), Multiply(0.5).total_after(-45)
    (22, -23)
    >>> Multiply(0.5).describe()
    'multiplies the total by 0.5 (rounding down)'
    """

    type = "multiply"
    factor: float

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total times ``factor``, rounded down."""
        factor = self.factor
        if float(factor).is_integer():
            return total * int(factor)
        # Exactly as written: 0.29 x 100 is 29, not 28.999...
        from fractions import Fraction  # noqa: PLC0415 (fractions imports decimal: only if used)

        return math.floor(Fraction(repr(float(factor))) * total)

    def problems(self) -> list[tuple[str, str]]:
        """A factor that is not a finite number above 0."""
        if math.isfinite(self.factor) and self.factor > 0:
            return []
        return [("factor", f"expected a number more than 0, got {self.factor}")]

    def describe(self) -> str:
        """The effect in words."""
        factor = f"{self.factor:g}"
        if float(self.factor).is_integer():
            return f"multiplies the total by {factor}"
        return f"multiplies the total by {factor} (rounding down)"


@shipped
@frozen
class Draw(BaseEffect):
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

    >>> from ono99.rules import Draw
    >>> Draw(2).describe()
    'makes the next player draw 2 cards'
    >>> Draw(1, who="chosen").describe()
    'makes a player of their choice draw 1 card'
    """

    type = "draw"
    changes_hands = True
    cards: int = 1
    who: Literal["next", "self", "chosen"] = "next"

    @property
    def chooses_player(self) -> bool:
        """Whether the move names who draws (``who = "chosen"``)."""
        return self.who == "chosen"

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
        return out_of_range("cards", self.cards, 1)

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
