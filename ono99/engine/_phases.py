"""The engine's own phases: the deal, the starter, the show, the play, settling the round.

Each is a :class:`ono99.Phase` registered by its TOML name; a variant lists
them in ``[round] phases`` (by default, as ``deal.starter`` and ``deal.show``
say). The interrupt phase of a reaction out of turn is here too; what it does is
the reactions' (``_react``).

Not compiled (a compiled class would make the class attributes that
:class:`ono99.Phase` declares attributes of each instance): each method
hands the work to the engine's compiled functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from attrs import frozen

from ono99._phases import Phase, phase_type

from ._deal import deal_round, turn_up
from ._legality import play_moves, why_not_played
from ._play import play_move
from ._react import react, reaction_moves, why_not_reaction
from ._scoring import begin_play, end_play, settle_round, show_hands

if TYPE_CHECKING:
    from ._engine import Engine

__all__ = ["Deal", "PlayPhase", "React", "Settle", "Show", "TurnUp"]


@phase_type
@frozen
class Deal(Phase):
    """The deal: "Dealer shuffles cards and deals each player 4 cards, one at a time" (1980).

    The deal passes on, the deck is shuffled and each seat in the round is
    dealt ``deal.hand_size`` cards from the player after the dealer round;
    the rest is the stock. Where a show scores the hands, they are kept as
    dealt. Always the first phase; :meth:`Engine.start_round` runs it with
    the deck's order when a game is dealt from a stacked deck.
    """

    name: ClassVar[str] = "deal"
    required: ClassVar[bool] = True
    after: ClassVar[frozenset[str]] = frozenset()
    before: ClassVar[frozenset[str]] = frozenset({"turn_up", "show", "play", "settle"})

    # Its work: the compiled function itself, called with the engine alone (a
    # method here would run uncompiled at each round).
    begin = staticmethod(deal_round)


@phase_type
@frozen
class TurnUp(Phase):
    """The starter: "the top card of the deck is turned up" (Noddy; ``deal.starter``).

    "This card is used by both players for scoring their hands": everybody
    sees it, it is nobody's, and it is out of play until the round ends. The
    triggers of the turn-up (``on_turn_up``) score as it is turned: "If the
    starter is a jack ... the dealer pegs (scores) 2 points at once" (Bicycle
    Cards, Cribbage).
    """

    name: ClassVar[str] = "turn_up"
    before: ClassVar[frozenset[str]] = frozenset({"show", "play", "settle"})

    begin = staticmethod(turn_up)  # see _deal


@phase_type
@frozen
class Show(Phase):
    """The show: "the players total up the points in their hands" (Noddy; ``deal.show``).

    Each hand as dealt, with the starter, is scored by the triggers that
    score at the show, in turn from the player after the dealer ("the
    non-dealing player counts first"). Before the play (Noddy) or after it
    (Cribbage's show), as the list places it.
    """

    name: ClassVar[str] = "show"
    after: ClassVar[frozenset[str]] = frozenset({"deal", "turn_up"})

    begin = staticmethod(show_hands)  # see _scoring


@phase_type
@frozen
class PlayPhase(Phase):
    """The play: "play passes to next player in turn" (pagat.com, Ninety-Nine).

    The seat to move plays a card (or trades in a redraw) until a rule ends
    the round. Its legal moves, and why any other move is not one, are the
    card's conditions, the choices it leaves and the bust limit
    (``_legality``). A declaration (``Play.declare``) is the play's state:
    the round's ``declared``. A target reached at once at the show before
    it wins the game before anyone plays.
    """

    name: ClassVar[str] = "play"
    moves: ClassVar[bool] = True
    required: ClassVar[bool] = True

    # Its begin, its moves, its reasons, its part of a move and its end: the
    # compiled functions themselves, called with the engine alone (no method between).
    begin = staticmethod(begin_play)  # see _scoring
    legal = staticmethod(play_moves)  # see _legality
    why_illegal = staticmethod(why_not_played)
    apply = staticmethod(play_move)  # see _play
    end = staticmethod(end_play)  # see _scoring

    def moved(self, game: Engine, going_on: bool) -> None:
        """Pass the turn once it is over; open the reaction the card aimed, if any."""
        game.after_play(going_on)


@phase_type
@frozen
class Settle(Phase):
    """Settling the round: "On a fourth loss, that player is completely out" (1980).

    ("If all three tokens are lost, a player is allowed to lose one more
    round": ``match``.) The round is scored as ``match`` says (tokens, points, or nobody but a
    survivor stays in); the game ends when one side is left or it ran too
    long, else the deal passes on and the next round is dealt. Always the
    last phase.
    """

    name: ClassVar[str] = "settle"
    required: ClassVar[bool] = True
    after: ClassVar[frozenset[str]] = frozenset({"deal", "turn_up", "show", "play"})
    before: ClassVar[frozenset[str]] = frozenset()

    begin = staticmethod(settle_round)  # see _scoring


@phase_type
@frozen
class React(Phase):
    """A reaction out of turn: "If this player also throws up a king, the drink is returned".

    (drinkspellen.info, "99": ``aim_at``.)
    A card aims something at a player (:class:`ono99.rules.AimAt`), who
    answers it with a card that may answer it (sending it back, where it
    says so, to be answered in turn) or declines and takes it (``Decline()``).
    Opened over the play by the card, closed when answered or declined, or
    when it lapses (nobody is left to answer it): never listed.
    """

    name: ClassVar[str] = "react"
    moves: ClassVar[bool] = True
    interrupt: ClassVar[bool] = True

    # Its moves, its reasons and its part of a move (see _react).
    legal = staticmethod(reaction_moves)
    why_illegal = staticmethod(why_not_reaction)
    apply = staticmethod(react)
