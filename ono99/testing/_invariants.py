"""The invariants of the engine, the error that reports one broken, and state snapshots."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ono99._errors import Ono99Error
from ono99.engine import game_state

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ono99.engine import Game


INVARIANTS: Mapping[str, str] = {
    "cards conserved": "hands + draw pile + discard pile + out of play equal the deck, "
    "kind by kind",
    "hand size": "no hand exceeds the hand size (unless a card's effect that changes hands "
    "made it grow); a player's refill stops short only when no card is left to draw",
    "floor": "with a floor, the total never goes below it",
    "total follows the card": "each play changes the total exactly as the card's effects say "
    "(a card whose total depends on the table: as the engine read it there, see told total)",
    "told total": "the total a move is told to make (Observation.total_after of the move "
    "played, for the player to move) is the total the play makes",
    "plays owed": "plays owed are at least 1 and come from the cards' forced plays, passed on "
    "or combined as the variant's stacking allows",
    "eliminated never act": "a player out of the game (or of the round) never moves, draws or "
    "is dealt cards again",
    "tokens never increase": "a player's tokens only go down, one at a time for a lost round, "
    "unless a card's effect or a trigger changes them (and says so in a TokensChanged event)",
    "scores never decrease": "a player's score only goes up, unless a card's effect or a trigger "
    "changes it (and says so in a ScoreChanged event)",
    "triggers fire": "each trigger fires exactly when what it watches happens: a play trigger "
    "after each play whose totals it matches, for the player; a loss trigger for each player "
    "who loses; a round-end trigger at the end of each round, for its winner (none when a "
    "game won at once stops the round before its end); in the variant's order",
    "one winner": "a finished game has exactly one winner, the only player left in the game "
    "(or one team of partners: the winner's partners may be left in it too)",
    "reactions": "only the player a reaction names answers or declines it, and only while it "
    "is open; an answer sends it back to the one who aimed it (or ends it); one still open "
    "when its round ends lapses (ReactionLapsed)",
    "partners": "partners (players.teams) hold the same points and the same tokens at every step",
    "game ends": "a game with random players ends within the move bound",
    "round bound": "a game takes no more rounds than round.max_rounds and its scoring allow, "
    "nor more plays in a round than round.max_plays",
    "legal moves": "a move is legal exactly when legal_moves() lists it",
    "illegal move": "an illegal move raises IllegalMoveError and leaves the game unchanged",
    "observation": "an observation holds the player's own cards and public facts only: changing "
    "other players' cards or the draw order does not change it",
    "player log": "a player's log holds no card of another player's deal or draws, and is the "
    "same when other players' cards or the draw order change",
    "move then consequences": "the events a move returns start with the move's own (not "
    "automatic, the first by the mover) and end with what followed on its own (automatic)",
    "event log": "the events account for the state: hands, piles and totals rebuilt from the log "
    "equal the game's",
    "deterministic": "the same seed and moves give the same event log",
    "replay": "a record saved as JSON and replayed gives the same state",
}
# Documented where it is public, in ono99.testing.


class InvariantError(Ono99Error, AssertionError):
    """An invariant of the engine does not hold.

    Args:
        invariant: The invariant's name, a key of :data:`INVARIANTS`.
        detail: What was found.
        where: The variant, seats, seed and move it was found at.
    """

    def __init__(self, invariant: str, detail: str, where: str = "") -> None:
        self.invariant = invariant
        self.detail = detail
        self.where = where
        stated = INVARIANTS.get(invariant, "")
        message = f"invariant {invariant!r} broken"
        if where:
            message += f" in {where}"
        message += f": {detail}"
        if stated:
            message += f" (the invariant: {stated})"
        super().__init__(message)


# ------------------------------------------------------------------ snapshots


def snapshot(game: Game, *, logs: bool = True) -> dict[str, Any]:
    """Everything a game holds, as plain comparable data (random state included).

    Two games with equal snapshots are in the same state and will stay so
    under the same moves. A fact that :class:`~ono99.Game` shows is under the
    name of its property (``current_player``, ``in_round``, ``hands``,
    ``draw_pile`` top card first, ``plays_owed``...), with cards as ids, so
    that two snapshots that differ say where in the words of the API; the
    rest of the engine's state (plays passed on to the next player, skips,
    the random generator's state as ``random_state``...) is under names of
    its own.

    Args:
        game: The game.
        logs: Whether to copy the game's logs (``events``, ``moves``, and the
            count's ``history``) whole. With ``False`` each is its length and
            its last entry: enough to tell that a move refused changed nothing
            (they grow a move at a time, entries never change), in time that
            does not grow with the game.

    >>> import ono99
    >>> from ono99.testing import snapshot
    >>> state = snapshot(ono99.Game("ono99-2022", players=2, seed=1))
    >>> state["current_player"], state["total"], state["hands"][0]
    (0, 0, ['play_2', '10', 'ono99', 'minus_ten'])
    """
    return game_state(game, logs=logs)
