"""Declarations: a suit, a colour or a rank the player names as a card is played.

The move carries what the player names (``Play("8", declare="hearts")``);
the card's :class:`Declare` effect says what may be named. The engine keeps
the declaration with the card: rules that read the card before it
(:class:`~ono99.rules.PreviousCard`, :class:`FollowsDeclared`, any rule
object through :attr:`~ono99.rules.Table.declared`) see the card as what
its player named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from attrs import field, frozen

from ._cards import STANDARD_RANKS, STANDARD_SUITS, SUIT_COLOURS
from ._defaults import BaseCondition, BaseEffect
from ._registry import shipped

if TYPE_CHECKING:
    from ._table import CardInfo, Table

__all__ = ["Declaration", "Declare", "DeclaredCard", "FollowsDeclared"]

_COLOURS = ("black", "red")


@frozen
class Declaration:
    """What a player named with a card: :attr:`ono99.rules.Table.declared`.

    Attributes:
        of: What was named: ``"suit"``, ``"colour"`` or ``"rank"``.
        value: The suit, colour or rank named (``"hearts"``).
        card: The id of the card it was named with.
        seat: The seat that named it.

    >>> from ono99.rules import Declaration
    >>> print(Declaration("suit", "hearts", "8", 1))
    hearts (named by player 1 with 8)
    """

    of: str
    value: str
    card: str
    seat: int

    def __str__(self) -> str:
        return f"{self.value} (named by player {self.seat} with {self.card})"


class DeclaredCard:
    """A card seen as what its player declared: the suit, colour or rank named stand in.

    What :attr:`ono99.rules.Table.previous_card` is after a declaration: its
    id and name are the card's own; the attribute named (and, for a suit, its
    colour) is the declaration's.

    Args:
        card: The card played.
        declaration: What its player named with it.
    """

    __slots__ = ("_card", "declaration")

    def __init__(self, card: CardInfo, declaration: Declaration) -> None:
        self._card = card
        self.declaration = declaration

    @property
    def id(self) -> str:
        """The card's id."""
        return self._card.id

    @property
    def name(self) -> str:
        """The card's name."""
        return self._card.name

    @property
    def rank(self) -> str:
        """The rank named, or the card's own."""
        named = self.declaration
        return named.value if named.of == "rank" else self._card.rank

    @property
    def suit(self) -> str:
        """The suit named, or the card's own."""
        named = self.declaration
        return named.value if named.of == "suit" else self._card.suit

    @property
    def colour(self) -> str:
        """The colour named (a suit named gives its colour), or the card's own."""
        named = self.declaration
        if named.of == "colour":
            return named.value
        if named.of == "suit":
            return SUIT_COLOURS.get(named.value, "")
        return self._card.colour

    @property
    def tags(self) -> tuple[str, ...]:
        """The card's tags."""
        return self._card.tags

    @property
    def value(self) -> int | None:
        """What the card counts (see :attr:`ono99.rules.CardInfo.value`)."""
        return self._card.value

    def __repr__(self) -> str:
        return f"DeclaredCard({self._card.id!r}, {self.declaration!r})"


def _words(items: tuple[str, ...]) -> str:
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} or {items[-1]}"


@shipped
@frozen
class Declare(BaseEffect):
    """The player names a suit, a colour or a rank as the card is played.

    The move says what: ``Play("8", declare="hearts")``, one of ``options``
    (by default every suit, both colours, or every rank of a standard deck);
    the legal moves list each. Rules that read the card played before
    (:class:`~ono99.rules.PreviousCard`, :class:`FollowsDeclared`) then see
    this card as of the suit, colour or rank named, until the next card is
    played; a rule object reads :attr:`~ono99.rules.Table.declared`.

    Rule: "All 8s are wild and players can use them when they don't have
    another card to play or at other strategic times. The person who plays
    the 8 calls out what suit they want it to represent and the next player
    must play a card of that suit" (Hella Entertainment, "Crazy Eights");
    with :class:`FollowsDeclared` on the other cards::

        [ranks.8]
        effects = [{ type = "add", amount = 8 }, { type = "declare", of = "suit" }]

    Attributes:
        of: What is named: ``"suit"``, ``"colour"`` or ``"rank"``.
        options: What may be named (each a suit, a colour or a rank, as
            ``of`` says); empty for all of that kind in a standard deck.

    >>> from ono99.rules import Declare
    >>> Declare("suit").describe()
    'its player names a suit (clubs, diamonds, hearts or spades)'
    >>> Declare("colour").declarations(None)
    ['black', 'red']
    """

    type = "declare"
    of: Literal["suit", "colour", "rank"]
    options: tuple[str, ...] = field(default=())

    @property
    def declares(self) -> str:
        """``of``: what a move playing the card names."""
        return self.of

    def declarations(self, table: Table | None) -> list[str]:
        """What a move may name: ``options``, or all of that kind."""
        return list(self.options or self._all())

    def _all(self) -> tuple[str, ...]:
        if self.of == "suit":
            return STANDARD_SUITS
        if self.of == "colour":
            return _COLOURS
        return STANDARD_RANKS

    def problems(self) -> list[tuple[str, str]]:
        """An option that is not a suit, colour or rank (as ``of`` says), or one twice."""
        found: list[tuple[str, str]] = []
        known = self._all()
        for i, option in enumerate(self.options):
            if option not in known:
                found.append(
                    (f"options[{i}]", f"expected a {self.of} ({_words(known)}), got {option!r}")
                )
        if len(set(self.options)) != len(self.options):
            found.append(("options", "expected each option once"))
        return found

    def describe(self) -> str:
        """The effect in words."""
        return f"its player names a {self.of} ({_words(tuple(self.declarations(None)))})"


@shipped
@frozen
class FollowsDeclared(BaseCondition):
    """After a card whose player named a suit, colour or rank, only a card of it may follow.

    When the card before this one carried a declaration (:class:`Declare`),
    this card must be of the suit, colour or rank named; at any other time
    (no card before it, or one that named nothing) it may be played. Put it
    on every card but the ones that declare, which may then always be played
    (the wild card of Crazy Eights).

    Rule: "The person who plays the 8 calls out what suit they want it to
    represent and the next player must play a card of that suit" (Hella
    Entertainment, "Crazy Eights").

    >>> from ono99.rules import FollowsDeclared
    >>> FollowsDeclared().describe()
    'only of the suit, colour or rank named with the card before, if one was'
    """

    type = "follows_declared"
    reads_table = True

    def check(self, table: Table, card: CardInfo) -> str | None:
        """Refuse a card that is not what the card before named."""
        named = table.declared
        if named is None or getattr(card, named.of, None) == named.value:
            return None
        return (
            f"{card.name} may not follow {named.card}: player {named.seat} named "
            f"{named.value}, so only a card of {named.of} {named.value} may be played"
        )

    def describe(self) -> str:
        """The condition in words."""
        return "only of the suit, colour or rank named with the card before, if one was"
