"""Events: the record of everything that happened in a game.

:meth:`ono99.Game.play` returns the events a move caused, and
:attr:`ono99.Game.events` is the whole log. Events are frozen attrs classes
that :func:`ono99.to_data` turns into plain data. Cards are named by their id
in the variant file; players by their seat, from 0.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import field, frozen

__all__ = [
    "Busted",
    "Dealt",
    "Drew",
    "Eliminated",
    "Event",
    "GameWon",
    "LaidDown",
    "Played",
    "PlaysOwed",
    "Redrew",
    "Reshuffled",
    "RoundEnded",
    "RoundStarted",
    "Scored",
    "Stuck",
    "TokenLost",
]


@frozen
class RoundStarted:
    """A round began: cards were shuffled and the total set to its start.

    Attributes:
        round: The round's number, from 1.
        dealer: The dealer's seat.
        leader: The seat that plays first.
        total: The total at the start.
    """

    type: ClassVar[str] = "round_started"
    round: int
    dealer: int
    leader: int
    total: int


@frozen
class Dealt:
    """A player was dealt a hand (seen only by that player)."""

    type: ClassVar[str] = "dealt"
    player: int
    cards: tuple[str, ...]


@frozen(repr=False)
class Played:
    """A player played a card; ``total`` is the total after it.

    Attributes:
        player: Who played.
        card: The card's id.
        total: The total after the card.
        amount: The amount chosen, for a card that leaves one to choose.
        target: The player named, for a card that names one.

    >>> Played(0, "ace", 11, amount=11)
    Played(player=0, card='ace', total=11, amount=11)
    """

    type: ClassVar[str] = "played"
    player: int
    card: str
    total: int
    amount: int | None = field(default=None, kw_only=True)
    target: int | None = field(default=None, kw_only=True)

    def __repr__(self) -> str:
        text = f"player={self.player!r}, card={self.card!r}, total={self.total!r}"
        if self.amount is not None:
            text += f", amount={self.amount!r}"
        if self.target is not None:
            text += f", target={self.target!r}"
        return f"Played({text})"


@frozen
class Redrew:
    """A player discarded their redraw cards (four ONO 99 cards) to draw as many."""

    type: ClassVar[str] = "redrew"
    player: int
    cards: tuple[str, ...]


@frozen
class Drew:
    """A player drew a card (seen only by that player)."""

    type: ClassVar[str] = "drew"
    player: int
    card: str


@frozen
class Reshuffled:
    """The discard pile was shuffled into a new draw pile of ``cards`` cards."""

    type: ClassVar[str] = "reshuffled"
    cards: int


@frozen
class PlaysOwed:
    """A player must make ``plays`` plays this turn, forced by the card ``by`` (its id)."""

    type: ClassVar[str] = "plays_owed"
    player: int
    plays: int
    by: str


@frozen
class Busted:
    """A player took the total to the bust limit or past it, and lost the round."""

    type: ClassVar[str] = "busted"
    player: int
    total: int


@frozen
class Stuck:
    """A player could play no card at all (only O'NO 99 cards) and lost the round."""

    type: ClassVar[str] = "stuck"
    player: int


@frozen
class LaidDown:
    """A player had no safe play, laid the hand down and lost the round.

    The cards leave play, or go to the discard pile, as the variant's
    ``no_safe_play.laid_down`` says.
    """

    type: ClassVar[str] = "laid_down"
    player: int
    cards: tuple[str, ...]


@frozen
class RoundEnded:
    """A round ended.

    Attributes:
        round: The round's number.
        losers: The seats that lost it, in order.
        survivor: The last player standing, when the round played to one.
    """

    type: ClassVar[str] = "round_ended"
    round: int
    losers: tuple[int, ...]
    survivor: int | None


@frozen
class TokenLost:
    """A player lost a token; ``tokens`` are those left."""

    type: ClassVar[str] = "token_lost"
    player: int
    tokens: int


@frozen
class Scored:
    """A player scored ``points`` for the round; ``score`` is the new total score."""

    type: ClassVar[str] = "scored"
    player: int
    points: int
    score: int


@frozen
class Eliminated:
    """A player is out of the game."""

    type: ClassVar[str] = "eliminated"
    player: int


@frozen
class GameWon:
    """The game is over and ``player`` won it."""

    type: ClassVar[str] = "game_won"
    player: int


Event = (
    RoundStarted
    | Dealt
    | Played
    | Redrew
    | Drew
    | Reshuffled
    | PlaysOwed
    | Busted
    | Stuck
    | LaidDown
    | RoundEnded
    | TokenLost
    | Scored
    | Eliminated
    | GameWon
)
"""Any event."""

EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (
        RoundStarted,
        Dealt,
        Played,
        Redrew,
        Drew,
        Reshuffled,
        PlaysOwed,
        Busted,
        Stuck,
        LaidDown,
        RoundEnded,
        TokenLost,
        Scored,
        Eliminated,
        GameWon,
    )
}
