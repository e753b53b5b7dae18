"""Events: the record of everything that happened in a game.

:meth:`ono99.Game.play` returns the events a move caused, and
:attr:`ono99.Game.events` is the whole log. Events are frozen attrs classes
that :func:`ono99.to_data` turns into plain data. Cards are named by their id
in the variant file; players by their seat, from 0.

Every event says whether the move made it or the rules did on their own:
``automatic`` is ``False`` for what the move itself did (the card played, the
cards drawn after it, a change of direction, forced plays passed on) and
``True`` for what followed without a decision (the deal, a player with no safe
play busting or laying down, a round's end and its scoring, the next deal).
Some kinds of event are always one or the other (``automatic`` is a class
attribute there); the others carry it, and :func:`ono99.to_data` writes it
only when it is true. So the events :meth:`~ono99.Game.play` returns split in
two at the first automatic one:

>>> import ono99
>>> game = ono99.Game("ono99-1980", players=2, seed=3, deck=["10", "10"])
>>> game.play(ono99.Play("10"))[0].automatic
False

A player sees only their own cards: :func:`seen_by` gives the log as one
player saw it, another player's deal and draws as counts
(:class:`DealtUnseen`, :class:`DrewUnseen`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from attrs import field, fields, frozen

if TYPE_CHECKING:
    from collections.abc import Iterable

    from attrs import AttrsInstance

__all__ = [
    "Answered",
    "Busted",
    "CardGiven",
    "CardGivenUnseen",
    "CountStarted",
    "Dealt",
    "DealtUnseen",
    "Declined",
    "Deflected",
    "DirectionChanged",
    "Discarded",
    "Drew",
    "DrewUnseen",
    "Eliminated",
    "Event",
    "GameWon",
    "HandsSwapped",
    "LaidAway",
    "LaidAwayUnseen",
    "LaidDown",
    "OutOfRound",
    "Passed",
    "Played",
    "PlaysOwed",
    "ReactionLapsed",
    "ReactionOpened",
    "Redrew",
    "Reshuffled",
    "RoundEnded",
    "RoundStarted",
    "RuleActed",
    "ScoreChanged",
    "Scored",
    "StarterTurned",
    "Stuck",
    "TokenLost",
    "TokensChanged",
    "TriggerFired",
    "seen_by",
]

# Whether an event was the move's own doing or followed on its own (see above):
# a keyword field on the kinds of event that can be either.
_AUTOMATIC = field(default=False, kw_only=True)


def _repr(self: AttrsInstance) -> str:
    """The event's repr, leaving out keyword fields at their default (``automatic=False``)."""
    shown = ", ".join(
        f"{a.name}={getattr(self, a.name)!r}"
        for a in fields(type(self))
        if not (a.kw_only and getattr(self, a.name) == a.default)
    )
    return f"{type(self).__name__}({shown})"


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
    automatic: ClassVar[bool] = True
    round: int
    dealer: int
    leader: int
    total: int


@frozen
class StarterTurned:
    """The starter was turned up from the stock once the hands were dealt (seen by all).

    Attributes:
        card: The card's id.
    """

    type: ClassVar[str] = "starter_turned"
    automatic: ClassVar[bool] = True
    card: str


@frozen(repr=False)
class LaidAway:
    """Cards were laid away into a zone (the crib) once the hands were dealt.

    "Each player looks at their six cards and 'lays away' two of them face
    down" (Bicycle Cards, Cribbage): seen only by the player who laid them
    (a :class:`LaidAwayUnseen` for the others).

    Attributes:
        player: Who laid them away, or ``None`` for cards dealt from the
            stock ("plus one card to the crib", Three-Hand Cribbage).
        cards: The cards' ids.
        zone: The zone they went to.
        automatic: ``True`` for the stock's cards, which no move chose.
    """

    type: ClassVar[str] = "laid_away"
    player: int | None
    cards: tuple[str, ...]
    zone: str
    automatic: bool = _AUTOMATIC

    __repr__ = _repr


@frozen
class LaidAwayUnseen:
    """Cards were laid away into a zone, face down (a player's view of :class:`LaidAway`)."""

    type: ClassVar[str] = "laid_away_unseen"
    automatic: ClassVar[bool] = True
    player: int | None
    cards: int
    zone: str


@frozen
class Dealt:
    """A player was dealt a hand (seen only by that player)."""

    type: ClassVar[str] = "dealt"
    automatic: ClassVar[bool] = True
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
        say: What the move said the total is, when it said (``Play.say``).
        declare: What the player named with the card, for a card that names
            a suit, a colour or a rank (``Play.declare``).
        automatic: Whether the rules played it (the busting card of a player
            with no safe play) rather than the player's move.

    >>> from ono99.events import Played
    >>> Played(0, "ace", 11, amount=11)
    Played(player=0, card='ace', total=11, amount=11)
    >>> Played(1, "8", 19, declare="hearts")
    Played(player=1, card='8', total=19, declare='hearts')
    """

    type: ClassVar[str] = "played"
    player: int
    card: str
    total: int
    amount: int | None = field(default=None, kw_only=True)
    target: int | None = field(default=None, kw_only=True)
    say: int | None = field(default=None, kw_only=True)
    declare: str | None = field(default=None, kw_only=True)
    automatic: bool = _AUTOMATIC

    __repr__ = _repr


@frozen
class Redrew:
    """A player discarded their redraw cards (four ONO 99 cards) to draw as many."""

    type: ClassVar[str] = "redrew"
    automatic: ClassVar[bool] = False
    player: int
    cards: tuple[str, ...]


@frozen(repr=False)
class Drew:
    """A player drew a card (seen only by that player).

    ``automatic`` when the draw follows an automatic play (a bust's card).
    """

    type: ClassVar[str] = "drew"
    player: int
    card: str
    automatic: bool = _AUTOMATIC

    __repr__ = _repr


@frozen(repr=False)
class Reshuffled:
    """The discard pile was shuffled into a new draw pile of ``cards`` cards.

    ``automatic`` when the draw that needed it follows an automatic play.
    """

    type: ClassVar[str] = "reshuffled"
    cards: int
    automatic: bool = _AUTOMATIC

    __repr__ = _repr


@frozen
class PlaysOwed:
    """A player must make ``plays`` plays this turn, forced by the card ``by`` (its id)."""

    type: ClassVar[str] = "plays_owed"
    automatic: ClassVar[bool] = False
    player: int
    plays: int
    by: str


@frozen(repr=False)
class DirectionChanged:
    """A player's card reversed the direction of play.

    With two players in the round a Reverse acts as a Hold ("In a one-on-one
    game, the reverse card acts as a hold card", International Games 1980;
    "With 2 players it has the same effect as discarding a 0", Mattel 2022):
    the direction stays as it is, and there is no event.

    Attributes:
        player: Who played the card.
        direction: The new direction: ``1`` clockwise (to the left), ``-1``.
        automatic: Whether the card was played by the rules (a bust's card).
    """

    type: ClassVar[str] = "direction_changed"
    player: int
    direction: int
    automatic: bool = _AUTOMATIC

    __repr__ = _repr


@frozen
class Deflected:
    """A forced player answered with a card that passes the forced plays on.

    The answer (the first play of a forced turn) ended the turn after one
    card, and the plays pass on (the next :class:`PlaysOwed` says to whom):
    "the player affected may, on his first play, use a Reverse Card, thus
    reversing the Double Play back" (International Games 1980); "answer with
    a Reverse (sends it back the other way) or their own Play 2 (passes it
    on)" (Mattel 2022).

    Always the move's own: a player who has no safe play and busts with such
    a card passes nothing on.

    Attributes:
        player: Who answered.
        card: The id of the card answered with.
        plays: The plays passed on (more than were owed, if they stacked).
    """

    type: ClassVar[str] = "deflected"
    automatic: ClassVar[bool] = False
    player: int
    card: str
    plays: int


@frozen
class DealtUnseen:
    """Another player was dealt ``cards`` cards (a player's view of :class:`Dealt`)."""

    type: ClassVar[str] = "dealt_unseen"
    automatic: ClassVar[bool] = True
    player: int
    cards: int


@frozen(repr=False)
class DrewUnseen:
    """Another player drew a card (a player's view of :class:`Drew`)."""

    type: ClassVar[str] = "drew_unseen"
    player: int
    automatic: bool = _AUTOMATIC

    __repr__ = _repr


@frozen(repr=False)
class CardGivenUnseen:
    """``player`` gave ``to`` a card (the view of :class:`CardGiven` of anyone else)."""

    type: ClassVar[str] = "card_given_unseen"
    player: int
    to: int
    automatic: bool = _AUTOMATIC

    __repr__ = _repr


@frozen
class Busted:
    """A player took the total to the bust limit or past it, and lost the round."""

    type: ClassVar[str] = "busted"
    automatic: ClassVar[bool] = True
    player: int
    total: int


@frozen
class Stuck:
    """A player could play no card at all (only O'NO 99 cards) and lost the round."""

    type: ClassVar[str] = "stuck"
    automatic: ClassVar[bool] = True
    player: int


@frozen
class OutOfRound:
    """A rule took a player out of the round in the middle of it: they lost the round.

    A ``lose_round`` outcome, or no tokens left where that puts a player out at
    once (``match.tokens.out_at_zero = "at_once"``), once the play is made.
    """

    type: ClassVar[str] = "out_of_round"
    automatic: ClassVar[bool] = True
    player: int


@frozen
class Passed:
    """A player could play no card and passed ("Go"); they stay in the round.

    As a variant's ``no_safe_play.action = "pass"`` says.
    """

    type: ClassVar[str] = "passed"
    automatic: ClassVar[bool] = True
    player: int


@frozen(repr=False)
class ReactionOpened:
    """A card aimed something at a player, who may answer it at once (:class:`~ono99.rules.AimAt`).

    Attributes:
        player: Who aimed it (who played the card).
        seat: Who may answer it now, out of turn.
        card: The card it was aimed with.
        what: What is aimed, in words (``"a drink"``).
    """

    type: ClassVar[str] = "reaction_opened"
    player: int
    seat: int
    card: str
    what: str
    automatic: bool = _AUTOMATIC

    __repr__ = _repr


@frozen
class Answered:
    """A player answered a reaction aimed at them, out of turn, with a card.

    Attributes:
        player: Who answered.
        card: The card answered with (put on the discard pile; its effects do
            not act).
        to: Who it goes back to, who may answer in turn; ``None`` when the
            answer ends it.
    """

    type: ClassVar[str] = "answered"
    automatic: ClassVar[bool] = False
    player: int
    card: str
    to: int | None


@frozen
class Declined:
    """A player took what a reaction aimed at them, answering nothing (:class:`~ono99.Decline`)."""

    type: ClassVar[str] = "declined"
    automatic: ClassVar[bool] = False
    player: int
    what: str


@frozen
class ReactionLapsed:
    """A reaction ended unanswered, and nobody takes what it aimed.

    The play that opened it also ended the round or the game (the last card
    of the round, a loss, a target reached), or the player it was aimed at
    is out of the round: nobody is left to answer it. A reaction is always
    answered, declined (:class:`Declined`), or lapses.

    Attributes:
        player: Who it was aimed at.
        what: What was aimed, in words (``"a drink"``).
    """

    type: ClassVar[str] = "reaction_lapsed"
    automatic: ClassVar[bool] = True
    player: int
    what: str


@frozen
class CountStarted:
    """Every player passed in a row, and the count starts again at ``total``.

    ``player`` leads it: the player after the last to play (``total.restart``).
    """

    type: ClassVar[str] = "count_started"
    automatic: ClassVar[bool] = True
    player: int
    total: int


@frozen
class LaidDown:
    """A player had no safe play, laid the hand down and lost the round.

    The cards leave play, or go to the discard pile, as the variant's
    ``no_safe_play.laid_down`` says.
    """

    type: ClassVar[str] = "laid_down"
    automatic: ClassVar[bool] = True
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
    automatic: ClassVar[bool] = True
    round: int
    losers: tuple[int, ...]
    survivor: int | None


@frozen
class TokenLost:
    """A player lost a token; ``tokens`` are those left."""

    type: ClassVar[str] = "token_lost"
    automatic: ClassVar[bool] = True
    player: int
    tokens: int


@frozen
class Scored:
    """A player scored ``points`` for the round; ``score`` is the new total score."""

    type: ClassVar[str] = "scored"
    automatic: ClassVar[bool] = True
    player: int
    points: int
    score: int


@frozen
class Eliminated:
    """A player is out of the game."""

    type: ClassVar[str] = "eliminated"
    automatic: ClassVar[bool] = True
    player: int


@frozen
class GameWon:
    """The game is over and ``player`` won it."""

    type: ClassVar[str] = "game_won"
    automatic: ClassVar[bool] = True
    player: int


@frozen(repr=False)
class Discarded:
    """A card's effect made a player put a card from the hand on the discard pile."""

    type: ClassVar[str] = "discarded"
    player: int
    card: str
    automatic: bool = _AUTOMATIC

    __repr__ = _repr


@frozen(repr=False)
class CardGiven:
    """A card's effect made ``player`` give a card to ``to`` (seen only by those two)."""

    type: ClassVar[str] = "card_given"
    player: int
    to: int
    card: str
    automatic: bool = _AUTOMATIC

    __repr__ = _repr


@frozen(repr=False)
class HandsSwapped:
    """A card's effect made ``player`` and ``other`` swap hands."""

    type: ClassVar[str] = "hands_swapped"
    player: int
    other: int
    automatic: bool = _AUTOMATIC

    __repr__ = _repr


@frozen(repr=False)
class TokensChanged:
    """A rule gave (or took) tokens; ``tokens`` are those now held.

    A card's effect or a trigger's outcome; where partners share their tokens,
    each partner's change is told.
    """

    type: ClassVar[str] = "tokens_changed"
    player: int
    change: int
    tokens: int
    automatic: bool = _AUTOMATIC

    __repr__ = _repr


@frozen(repr=False)
class ScoreChanged:
    """A rule added (or took) points; ``score`` is the new score.

    A card's effect or a trigger's outcome; or, where partners share their
    points, a partner's share of what a seat scored (as its own
    :class:`Scored` at a round's end, or its own change).
    """

    type: ClassVar[str] = "score_changed"
    player: int
    change: int
    score: int
    automatic: bool = _AUTOMATIC

    __repr__ = _repr


@frozen(repr=False)
class RuleActed:
    """A rule object recorded what it did, in words (:meth:`ono99.rules.Table.tell`).

    Attributes:
        player: Who played the card.
        card: The card's id.
        rule: The effect's ``type``.
        text: What happened, in words.
        seats: The players it concerns.
        automatic: Whether the card was played by the rules (a bust's card).
    """

    type: ClassVar[str] = "rule_acted"
    player: int
    card: str
    rule: str
    text: str
    seats: tuple[int, ...] = ()
    automatic: bool = _AUTOMATIC

    __repr__ = _repr


@frozen(repr=False)
class TriggerFired:
    """A trigger of the variant fired (:class:`ono99.rules.Trigger`); its outcomes follow.

    Attributes:
        player: The player it fired for (who played, lost, or won the
            round), or ``None`` for a round that ended with no winner.
        trigger: The trigger's ``type``.
        text: The trigger and its outcomes, in words.
        automatic: Whether a card the rules played (a bust's card) fired it,
            or the rules themselves (a loss, the end of a round).
    """

    type: ClassVar[str] = "trigger_fired"
    player: int | None
    trigger: str
    text: str
    automatic: bool = _AUTOMATIC

    __repr__ = _repr


Event = (
    RoundStarted
    | Dealt
    | StarterTurned
    | LaidAway
    | LaidAwayUnseen
    | Played
    | Redrew
    | Drew
    | Reshuffled
    | PlaysOwed
    | DirectionChanged
    | Deflected
    | DealtUnseen
    | DrewUnseen
    | CardGivenUnseen
    | Busted
    | Stuck
    | OutOfRound
    | Passed
    | ReactionOpened
    | Answered
    | Declined
    | ReactionLapsed
    | CountStarted
    | LaidDown
    | RoundEnded
    | TokenLost
    | Scored
    | Eliminated
    | GameWon
    | Discarded
    | CardGiven
    | HandsSwapped
    | TokensChanged
    | ScoreChanged
    | RuleActed
    | TriggerFired
)
"""Any event."""

EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (
        RoundStarted,
        Dealt,
        StarterTurned,
        LaidAway,
        LaidAwayUnseen,
        Played,
        Redrew,
        Drew,
        Reshuffled,
        PlaysOwed,
        DirectionChanged,
        Deflected,
        DealtUnseen,
        DrewUnseen,
        CardGivenUnseen,
        Busted,
        Stuck,
        OutOfRound,
        Passed,
        ReactionOpened,
        Answered,
        Declined,
        ReactionLapsed,
        CountStarted,
        LaidDown,
        RoundEnded,
        TokenLost,
        Scored,
        Eliminated,
        GameWon,
        Discarded,
        CardGiven,
        HandsSwapped,
        TokensChanged,
        ScoreChanged,
        RuleActed,
        TriggerFired,
    )
}


def seen_by(events: Iterable[Event], player: int) -> tuple[Event, ...]:
    """The events as ``player`` saw them: no card another player holds.

    The player's own deals and draws are kept; another player's
    :class:`Dealt` becomes :class:`DealtUnseen` (how many cards) and their
    :class:`Drew` becomes :class:`DrewUnseen`; a :class:`CardGiven` between two
    other players becomes :class:`CardGivenUnseen`. Everything else is public:
    cards played, redrawn or laid down face up, totals, forced plays,
    scores. A bot, a replay viewer or a learning agent can read this log
    without seeing a hidden card. :meth:`ono99.Game.player_log` gives it for
    a game.

    Args:
        events: A log, or part of one (such as what :meth:`ono99.Game.play`
            returned).
        player: The seat whose view it is.

    >>> from ono99.events import Dealt, Drew, seen_by
    >>> log = [Dealt(0, ("2", "3")), Dealt(1, ("9", "10")), Drew(1, "hold")]
    >>> seen_by(log, 0)
    (Dealt(player=0, cards=('2', '3')), DealtUnseen(player=1, cards=2), DrewUnseen(player=1))
    """
    seen: list[Event] = []
    for event in events:
        if type(event) is Dealt and event.player != player:
            seen.append(DealtUnseen(event.player, len(event.cards)))
        elif type(event) is Drew and event.player != player:
            seen.append(DrewUnseen(event.player, automatic=event.automatic))
        elif type(event) is LaidAway and event.player != player:
            seen.append(LaidAwayUnseen(event.player, len(event.cards), event.zone))
        elif type(event) is CardGiven and player not in (event.player, event.to):
            seen.append(CardGivenUnseen(event.player, event.to, automatic=event.automatic))
        else:
            seen.append(event)
    return tuple(seen)
