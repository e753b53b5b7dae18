"""Moves: what a player can do on their turn."""

from __future__ import annotations

from typing import ClassVar

from attrs import field, frozen

__all__ = [
    "NO_MOVES",
    "Decline",
    "Move",
    "Play",
    "PutAside",
    "Redraw",
    "as_move",
    "chosen",
    "unsaid",
]


@frozen(repr=False)
class Play:
    """Play one card from the hand, with the choices the card leaves open.

    Attributes:
        card: The card's id in the variant file (``"minus_ten"``, ``"7"``).
        amount: For a card that lets the player choose an amount (an Ace
            counting 1 or 11), the amount chosen; ``None`` for other cards.
        target: For a card that lets the player name a player (who plays
            next), that player's seat; ``None`` for other cards.
        say: What the player says the total is after the card, in a variant
            whose rules judge it (``announce-the-total``); ``None`` says
            nothing. The legal moves of such a variant carry the true total.
        declare: For a card that lets the player name something as it is
            played (a suit, a colour, a rank: :class:`~ono99.rules.Declare`),
            what the player names (``"hearts"``); ``None`` for other cards.

    The game's legal moves list every choice, so a player picking from them
    never has to build one.

    >>> from ono99 import Play
    >>> Play("minus_ten")
    Play(card='minus_ten')
    >>> Play("ace", amount=11)
    Play(card='ace', amount=11)
    >>> print(Play("5", target=2))
    play 5, naming player 2
    >>> print(Play("8", declare="hearts"))
    play 8, declaring hearts
    """

    type: ClassVar[str] = "play"
    card: str
    amount: int | None = field(default=None, kw_only=True)
    target: int | None = field(default=None, kw_only=True)
    say: int | None = field(default=None, kw_only=True)
    declare: str | None = field(default=None, kw_only=True)

    def __repr__(self) -> str:
        text = f"card={self.card!r}"
        if self.amount is not None:
            text += f", amount={self.amount!r}"
        if self.target is not None:
            text += f", target={self.target!r}"
        if self.say is not None:
            text += f", say={self.say!r}"
        if self.declare is not None:
            text += f", declare={self.declare!r}"
        return f"Play({text})"

    def __str__(self) -> str:
        text = f"play {self.card}"
        if self.amount is not None:
            text += f" for {self.amount}"
        if self.target is not None:
            text += f", naming player {self.target}"
        if self.declare is not None:
            text += f", declaring {self.declare}"
        if self.say is not None:
            text += f", saying {self.say}"
        return text


@frozen
class Redraw:
    """Discard the variant's redraw cards (four ONO 99 cards) and draw as many.

    >>> from ono99 import Redraw
    >>> Redraw()
    Redraw()
    """

    type: ClassVar[str] = "redraw"

    def __str__(self) -> str:
        return "redraw"


@frozen
class Decline:
    """Answer nothing to a reaction aimed at the player, and take what it aims.

    Legal only while a reaction is open for the player
    (:attr:`ono99.Game.reaction`, :class:`~ono99.rules.AimAt`): the player
    may answer with a card the rule allows (``Play(card)``), or decline.

    >>> from ono99 import Decline
    >>> Decline(), str(Decline())
    (Decline(), 'decline (take it)')
    """

    type: ClassVar[str] = "decline"

    def __str__(self) -> str:
        return "decline (take it)"


@frozen
class PutAside:
    """Lay cards away from the hand into the crib, several at once, once the hands are dealt.

    "Each player looks at their six cards and 'lays away' two of them face
    down to reduce the hand to four. The four cards laid away together
    constitute 'the crib'" (Bicycle Cards, Cribbage). Legal only in the
    put-aside phase (``deal.put_aside``), for the seat whose turn it is:
    ``cards`` are that many of its cards (``deal.put_aside`` of them), as
    many of one kind as the hand holds. The legal moves list each choice
    once, its cards in the hand's order.

    Attributes:
        cards: The ids of the cards laid away.

    >>> from ono99 import PutAside
    >>> print(PutAside(("5_of_hearts", "king_of_clubs")))
    put 5_of_hearts, king_of_clubs aside
    """

    type: ClassVar[str] = "put_aside"
    cards: tuple[str, ...]

    def __str__(self) -> str:
        given: object = self.cards  # typed a tuple of ids, but a caller may pass anything
        if isinstance(given, tuple | list):
            return f"put {', '.join(str(card) for card in given)} aside"
        return f"put {given!r} aside"


Move = Play | Redraw | Decline | PutAside
"""Any move."""

NO_MOVES: tuple[Move, ...] = ()
"""No legal moves (the game is over, or a copy halted), shared."""


def as_move(move: object) -> object:
    """``move`` as a plain :class:`Play` or :class:`Redraw`, if it is one of either kind.

    A subclass (``class MyPlay(Play)``) becomes the plain move with the same
    fields, read once, so that whatever checks a move and whatever plays it
    see the same thing. Anything else is returned as it is, for the check to
    refuse.
    """
    kind = type(move)
    if kind is Play or kind is Redraw:
        return move
    if isinstance(move, Play):
        return Play(
            move.card,
            amount=move.amount,
            target=move.target,
            say=move.say,
            declare=move.declare,
        )
    if isinstance(move, Redraw):
        return Redraw()
    if isinstance(move, Decline):
        return Decline()
    if isinstance(move, PutAside) and type(move) is not PutAside:
        return PutAside(move.cards)
    return move


def chosen(play: Play) -> tuple[object, object, object]:
    """The amount, target and declaration ``play`` gives, as given: a caller may pass anything.

    Typed as objects so that the compiled engine, which checks a move's
    choices, reads them without a check of its own (that would raise
    ``TypeError`` rather than say what is wrong).
    """
    return play.amount, play.target, play.declare


def unsaid(move: Move) -> Move:
    """``move`` saying nothing of the total (``Play.say``).

    What a move says makes no move illegal (a rule may judge it), so moves
    are told apart without it: where a rule judges it, the legal moves say
    the true total, and an action of the environments plays that move.
    """
    if isinstance(move, Play) and move.say is not None:
        return Play(move.card, amount=move.amount, target=move.target, declare=move.declare)
    return move
