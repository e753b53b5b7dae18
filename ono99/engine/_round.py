"""The round in progress; a move's checkpoint.

:class:`Round` holds the state of one round (the total, the zones the cards
lie in, the turn); rule objects see it through the table the engine hands them
(``_table.Table``).

The zone table (:data:`ono99.BUILT_IN_ZONES` and the variant's own zones) is
kept here as plain lists of card indices, read and written directly: each
zone of every variant is a field named by :data:`ZONE_FIELDS` (the stock is
``draw``, the pile ``discard``, the hands ``hands``, ...), and the zones a
variant declares are ``zones``, one list of piles each (one pile, or one a
seat or team), in the variant's order. What reads every zone (a copy, a
seat's view, a game's state, a rebuilt position) goes through these two.

:class:`Checkpoint` keeps what a move may change, for the engine to put it
back when a rule object fails. Compiled with the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ono99._phases import Phase

if TYPE_CHECKING:
    from collections.abc import Callable

    from ono99.rules import Declaration, Reaction, Stacking, StackOn

    from ._engine import Engine

__all__ = ["ROUND_FIELDS", "ZONE_FIELDS", "Checkpoint", "Round"]

# The field of each zone of every variant (ono99.BUILT_IN_ZONES, in its order).
ZONE_FIELDS = {
    "stock": "draw",
    "pile": "discard",
    "hand": "hands",
    "starter": "starter",
    "out_of_play": "out_of_play",
    "dealt": "dealt",
}

# The round's state, one attribute each (what Round.copy copies).
ROUND_FIELDS = (
    "answering",
    "dealt",
    "declared",
    "declaring",
    "direction",
    "discard",
    "draw",
    "ends_turn",
    "forced",
    "forced_by",
    "hands",
    "history",
    "in_round",
    "last_amount",
    "last_card",
    "last_player",
    "last_target",
    "losers",
    "losing",
    "next_forced_by",
    "next_owed",
    "next_player",
    "out_of_play",
    "passes",
    "paused",
    "phase",
    "players_in_round",
    "playing",
    "plays_made",
    "reached",
    "reaction",
    "reshuffles",
    "resume",
    "round_over",
    "round_plays",
    "round_winner",
    "said",
    "skip",
    "stack_on",
    "stacking",
    "starter",
    "stuck",
    "target",
    "total",
    "total_before",
    "turn_plays",
    "zones",
)


# The phase of a round whose phases have not begun: no moves.
_NO_PHASE = Phase()


class Round:
    """The state of the round in progress.

    Rule objects see it through the table the engine hands them, which
    reads and sets its fields.
    """

    __slots__ = ROUND_FIELDS

    def __init__(self, stacking: Stacking, stack_on: StackOn) -> None:
        self.total = 0
        self.total_before = 0
        self.direction = 1
        self.forced = 1
        self.forced_by = ""
        self.answering = False
        self.players_in_round = 0
        self.stacking = stacking
        self.stack_on = stack_on
        self.next_owed = 0
        self.next_forced_by = ""
        self.ends_turn = False
        self.skip = 0
        self.target: int | None = None
        self.next_player: int | None = None
        self.plays_made = 0
        # Moves made this round (the round.max_plays guard), and whether a
        # trigger ended the round (won by round_winner, -1 for nobody).
        self.round_plays = 0
        self.round_over = False
        self.round_winner = -1
        self.turn_plays: list[str] = []
        self.hands: list[list[int]] = []
        self.draw: list[int] = []
        self.discard: list[int] = []
        self.out_of_play: list[int] = []
        self.in_round: list[bool] = []
        self.losers: list[int] = []
        # Players a rule made lose the round in the middle of a play (an outcome
        # such as lose_round, or no tokens left at once), taken out once it is
        # played; and the first seat whose score reached a target that wins at
        # once (-1: none).
        self.losing: tuple[int, ...] = ()  # a tuple: copied with the round for nothing
        self.reached = -1
        # The card turned up at the deal (deal.starter; -1: none), and the hands
        # as dealt, which the show scores (empty where there is no show).
        self.starter = -1
        self.dealt: tuple[tuple[int, ...], ...] = ()
        # The zones the variant declares: each its piles (see ZONE_FIELDS).
        self.zones: list[list[list[int]]] = []
        self.stuck: list[int] = []
        # The count since it last started: the cards played (indices, the last
        # one last), and the consecutive passes. The last play: who made it, the
        # card whose effects acted (a repeat's is the card it repeated), and
        # the amount and player it chose. -1: no card played yet.
        self.history: list[int] = []
        self.passes = 0
        self.last_player = -1
        self.last_card = -1
        self.last_amount: int | None = None
        self.last_target: int | None = None
        # Whether a card is being played (its effects and triggers are asked):
        # previous_card is then the card before it.
        self.playing = False
        # What the move playing the card says the total is (None: nothing).
        self.said: int | None = None
        # What the last card of the count was declared to be (Play.declare), and
        # while a card is played what its move declares (None: nothing).
        self.declared: Declaration | None = None
        self.declaring: Declaration | None = None
        # The reaction open (a player answers out of turn), and the seat whose
        # turn it is once it closes.
        self.reaction: Reaction | None = None
        self.resume = -1
        self.reshuffles = 0
        # The phase in progress (the neutral one until the round's phases
        # begin), and those an interrupt phase was opened over, the last last.
        self.phase = _NO_PHASE
        self.paused: tuple[Phase, ...] = ()

    def push(self, phase: Phase) -> None:
        """Open the interrupt ``phase`` over the phase in progress."""
        self.paused = (*self.paused, self.phase)
        self.phase = phase

    def pop(self) -> None:
        """Close the interrupt phase in progress: the phase it was opened over goes on."""
        paused = self.paused
        self.phase = paused[-1]
        self.paused = paused[:-1]

    def copy(self) -> Round:
        """An independent copy (the hands and piles copied too).

        Every field of ``ROUND_FIELDS`` by name, not in a loop over them: a
        search copies a round for each playout, and a loop of getattr and
        setattr costs several times as much.
        """
        new = Round(self.stacking, self.stack_on)
        new.answering = self.answering
        new.dealt = self.dealt  # never changed once dealt
        new.declared = self.declared  # frozen
        new.declaring = self.declaring
        new.starter = self.starter
        new.direction = self.direction
        new.discard = self.discard[:]
        new.draw = self.draw[:]
        new.ends_turn = self.ends_turn
        new.forced = self.forced
        new.forced_by = self.forced_by
        new.hands = [hand[:] for hand in self.hands]
        new.history = self.history[:]
        new.in_round = self.in_round[:]
        new.last_amount = self.last_amount
        new.last_card = self.last_card
        new.last_player = self.last_player
        new.last_target = self.last_target
        new.losers = self.losers[:]
        new.losing = self.losing
        new.next_forced_by = self.next_forced_by
        new.next_owed = self.next_owed
        new.next_player = self.next_player
        new.out_of_play = self.out_of_play[:]
        new.passes = self.passes
        new.paused = self.paused  # a tuple of frozen phases
        new.phase = self.phase  # frozen
        new.players_in_round = self.players_in_round
        new.playing = self.playing
        new.plays_made = self.plays_made
        new.reached = self.reached
        new.reaction = self.reaction  # frozen
        new.resume = self.resume
        new.reshuffles = self.reshuffles
        new.round_over = self.round_over
        new.round_plays = self.round_plays
        new.round_winner = self.round_winner
        new.said = self.said
        new.skip = self.skip
        new.stuck = self.stuck[:]
        new.target = self.target
        new.total = self.total
        new.total_before = self.total_before
        new.turn_plays = self.turn_plays[:]
        if self.zones:
            new.zones = [[pile[:] for pile in zone] for zone in self.zones]
        return new

    def __reduce__(self) -> tuple[Callable[..., Round], tuple[object, ...]]:
        # By the fields: a compiled class cannot be made without its arguments.
        return (_round_from, ({name: getattr(self, name) for name in ROUND_FIELDS},))


def _round_from(fields: dict[str, Any]) -> Round:
    """A round with these fields (how a pickled round is read back)."""
    new = Round(fields["stacking"], fields["stack_on"])
    for name, value in fields.items():
        setattr(new, name, value)
    return new


class Checkpoint:
    """What a move may change of a game, as it was before the move: to go back to.

    The round is a copy; the logs are kept as their lengths (a move only adds
    to them); the random generator's state is kept only once a move is about
    to shuffle (see :meth:`Engine.keep_rng`).
    """

    __slots__ = (
        "cards_played",
        "current",
        "dealer",
        "events",
        "halted",
        "in_game",
        "last_losers",
        "last_survivor",
        "legal",
        "moves",
        "r",
        "rng",
        "round",
        "scores",
        "tokens",
        "winner",
    )

    def __init__(self, game: Engine) -> None:
        self.r = game.r.copy()
        self.cards_played = game.cards_played
        self.current = game.current
        self.dealer = game.dealer
        self.events = len(game.events)
        self.halted = game.halted
        self.in_game = game.in_game[:]
        self.last_losers = game.last_losers
        self.last_survivor = game.last_survivor
        self.legal = game.legal
        self.moves = len(game.moves)
        self.rng: tuple[Any, ...] | None = None
        self.round = game.round
        self.scores = game.scores[:]
        self.tokens = game.tokens[:]
        self.winner = game.winner
