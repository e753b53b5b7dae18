"""What a rule object is handed: the card it belongs to and the table of a game in progress.

The engine implements these protocols (its cards, and the table a rule object
gets for one call); rule objects read and change a game only through them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Protocol

if TYPE_CHECKING:
    import random

    from ._declare import Declaration
    from ._react import Reaction

__all__ = ["CardInfo", "StackOn", "Stacking", "Table"]

Stacking = Literal["none", "multiply", "add"]
"""How a forced player's forcing card combines with what it owed (``forced_play.stacking``)."""

StackOn = Literal["any_play", "answer"]
"""Which of a forced player's forcing cards stack (``forced_play.stack_on``)."""


class CardInfo(Protocol):
    """What a rule object may know of a card: the one it belongs to, or one played before.

    The engine's cards, and :class:`ono99.Card`, have these attributes.
    """

    @property
    def id(self) -> str:
        """The card's id in the variant file."""
        ...

    @property
    def name(self) -> str:
        """The card's printed name."""
        ...

    @property
    def rank(self) -> str:
        """Its rank (``"king"``), or ``""`` for a card that has none."""
        ...

    @property
    def suit(self) -> str:
        """Its suit (``"spades"``), or ``""`` for a kind of several suits, or of none."""
        ...

    @property
    def colour(self) -> str:
        """``"black"``, ``"red"``, or ``""`` for a card of no suit."""
        ...

    @property
    def tags(self) -> tuple[str, ...]:
        """The words of the variant's own the card carries."""
        ...

    @property
    def value(self) -> int | None:
        """What the card adds to the total when that is a fixed amount, else ``None``.

        What it counts in a hand at the show (:class:`~ono99.rules.HandFifteens`).
        """
        ...


class Table(Protocol):
    """The part of a game in progress that rule objects read and change.

    The engine implements this; rule objects only use these attributes and
    methods. Conditions only read it (the table a question gets refuses
    changes and random draws); effects change it in :meth:`Effect.apply`.
    Every change to hands, tokens or scores made through these methods is
    recorded as an event (:mod:`ono99.events`), after the
    :class:`~ono99.events.Played` event of the card.

    Each method checks its arguments before it changes anything: a seat that
    is not one of the table's (``-1`` included), a card the seat does not
    hold, a count that is not a whole number raise
    :class:`~ono99.ArgumentError`, which the engine reports as the rule
    object's :class:`~ono99.RuleError` (the move is not played).

    Attributes:
        total: The running total.
        total_before: The total before the card now being played (what a
            ``when`` effect decides by); the total itself between plays.
        direction: ``1`` for clockwise (to the left), ``-1`` after a reverse.
        next_owed: Plays the next player will owe (0 when not forced).
        next_forced_by: Id of the card that forced the next player.
        ends_turn: Set to end the turn now, whatever plays were still owed.
        skip: How many players the turn passes over when it ends (0: play
            goes to the next player in the direction of play).
        target: The player the move being played names (``Play.target``),
            or ``None``; only cards that choose a player accept one.
        next_player: Set to a seat to make that player play next, whatever
            the direction and ``skip`` say; ``None`` otherwise.
        said: What the move being played says the total is
            (``Play(..., say=N)``), or ``None`` when it says nothing.
        reshuffles: How often the stock has been made anew from the discard
            pile this round.
    """

    total: int
    total_before: int
    said: int | None
    reshuffles: int
    direction: int
    next_owed: int
    next_forced_by: str
    ends_turn: bool
    skip: int
    target: int | None
    next_player: int | None

    # What rule objects only read: the table refuses to set them.

    @property
    def forced(self) -> int:
        """How many plays the current turn must make (1 on an ordinary turn, 2 after a Play 2)."""
        ...

    @property
    def forced_by(self) -> str:
        """Id of the card that forced the current turn's plays (``""`` if none)."""
        ...

    @property
    def answering(self) -> bool:
        """True while making the first play of a forced turn, the play that may deflect it."""
        ...

    @property
    def players_in_round(self) -> int:
        """How many players are still in the round."""
        ...

    @property
    def playing(self) -> bool:
        """Whether a card is being played (the latest of :attr:`count_cards` is that card).

        True while a card's effects and triggers are asked, and when the engine
        asks what a card would make (:meth:`Effect.total_on`, which is handed
        the table as that card is played); false between plays, when a
        condition asks whether a card may be played.
        """
        ...

    @property
    def stacking(self) -> Stacking:
        """How a forced player's forcing card combines with the plays it owed.

        ``"none"``, ``"multiply"`` or ``"add"``, from the variant's
        ``forced_play.stacking``.
        """
        ...

    @property
    def stack_on(self) -> StackOn:
        """Which of a forced player's forcing cards stack.

        ``"answer"`` (only the answer, back to back) or ``"any_play"``, from
        the variant's ``forced_play.stack_on``.
        """
        ...

    @property
    def player(self) -> int:
        """The seat playing the card (whose move it is)."""
        ...

    @property
    def bust(self) -> int:
        """The variant's bust limit."""
        ...

    @property
    def count_cards(self) -> tuple[CardInfo, ...]:
        """The cards played since the count last started, the latest last.

        The count is the round's, unless it starts again (``total.restart``);
        while a card is played (:attr:`playing`), that card is the last.
        """
        ...

    @property
    def previous_card(self) -> CardInfo | None:
        """The card played before the one now being played, or ``None``.

        Since the count started; between plays (when a condition asks), the
        last card played. A card whose player named a suit, colour or rank
        with it (:attr:`declared`) is seen as of the one named.
        """
        ...

    @property
    def declared(self) -> Declaration | None:
        """What the player of the card before named with it (:class:`~ono99.rules.Declare`).

        ``None`` when that card named nothing, or there is none. Between plays,
        what the last card played named; :attr:`previous_card` shows the card
        as what was named.
        """
        ...

    @property
    def declaring(self) -> Declaration | None:
        """What the move being played names with its card (``Play.declare``), or ``None``."""
        ...

    @property
    def reaction(self) -> Reaction | None:
        """The reaction open (:class:`~ono99.rules.AimAt`), or ``None``."""
        ...

    @property
    def dealer(self) -> int:
        """The seat that dealt the round."""
        ...

    @property
    def starter(self) -> CardInfo | None:
        """The card turned up at the deal (``deal.starter``), or ``None``."""
        ...

    @property
    def showing(self) -> int:
        """At the show, the seat whose hand is shown; ``-1`` otherwise."""
        ...

    @property
    def shown(self) -> tuple[CardInfo, ...]:
        """The hand shown at the show, as its seat was dealt it (without the starter).

        When a declared zone is shown (:attr:`shown_zone`, the crib), its
        cards. Empty at any other moment.
        """
        ...

    @property
    def shown_zone(self) -> str:
        """At the show, the declared zone shown (``"crib"``), or ``""`` for a hand.

        A zone shown is counted for :attr:`showing`, its owner, after the
        hands ("the dealer ... then takes what is in crib", Encyclopaedia
        Britannica, 11th ed.); a rule that counts a zone otherwise than a
        hand (a flush in the crib) reads this.
        """
        ...

    @property
    def rng(self) -> random.Random:
        """The game's random generator, seeded with the game.

        A rule object that draws from it (``table.rng.choice(...)``) plays
        the same again from the same seed. Only an effect's or an outcome's
        ``apply`` may draw: a condition, ``targets`` and ``fires_on`` are
        questions the engine may ask more than once, so the table they get
        refuses (the rule object's :class:`~ono99.RuleError`). Draw whole
        numbers (``randrange``, ``randint``, ``choice``, ``shuffle``,
        ``sample``): under OpenSpiel each such draw is a chance node, and a
        draw of a float (``random()``, ``uniform()``) is refused there, having
        no finite outcomes.
        """
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

    def open_reaction(self, reaction: Reaction) -> None:
        """Open ``reaction`` for its seat, once the card is played (from an effect's ``apply``).

        Before play goes on, that player (not the next in turn) answers with a
        card ``reaction.answer`` allows, or declines and takes
        ``reaction.outcomes`` (see :class:`~ono99.rules.AimAt`). An effect that
        opens one declares ``opens_reactions``. One reaction at a time: a second
        one opened by the same play replaces the first.

        It is aimed at a player in the round other than its ``by``, for a card
        of the variant, with ``what`` in words, ``outcomes`` a tuple of
        outcomes, ``answer`` a tuple of conditions that read the card,
        ``answered`` ``"send_back"`` or ``"block"``, ``max_answers`` from 1 to
        20 and ``answers`` from 0 to it; anything else raises
        :class:`~ono99.ArgumentError` naming the field.
        """
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
