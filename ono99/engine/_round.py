"""The round in progress; a move's checkpoint.

:class:`Round` holds the state of one round (the total, the zones the cards
lie in, the turn); rule objects see it through the table the engine hands them
(``_table.Table``).

The zone table is :attr:`Round.piles`: one entry for each zone, the zones of
every variant first (:data:`ono99.BUILT_IN_ZONES`, in its order: ``STOCK``,
``PILE``, ``HAND``, ...), then those the variant declares, in its order; each
entry is the zone's piles (one, or one a seat or team), each a plain list of
card indices. What reads or writes every zone (a copy, a pickle, a seat's view,
a game's state, a position, a rebuilt position) goes over this one table, and
cards move between its piles by one primitive, :func:`move_card`. For the hot
paths, the round also names the piles of the zones of every variant
(``draw``, ``discard``, ``hands``, ``out_of_play``, ``dealt``; ``zones``, the
declared ones): each is the table's own list, never a copy
(:meth:`Round.link`), so a pile changed through one is changed in both.

:class:`Checkpoint` keeps what a move may change, for the engine to put it
back when a rule object fails. Compiled with the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ono99._phases import Phase

if TYPE_CHECKING:
    from collections.abc import Callable

    from ono99.rules import Declaration, Reaction, Stacking, StackOn

    from ._engine import Engine

__all__ = [
    "DEALT",
    "DECLARED",
    "HAND",
    "OUT_OF_PLAY",
    "PILE",
    "RECORDS",
    "ROUND_FIELDS",
    "STARTER",
    "STOCK",
    "Checkpoint",
    "Round",
    "move_card",
    "placed",
]

# Where each zone of every variant is in the zone table (ono99.BUILT_IN_ZONES's
# order); the zones a variant declares follow from DECLARED on.
STOCK: Final = 0  # the draw pile, its top card last
PILE: Final = 1  # the discard pile, its top card last
HAND: Final = 2  # a pile a seat
STARTER: Final = 3  # the card turned up at the deal, or none
OUT_OF_PLAY: Final = 4
DEALT: Final = 5  # the hands as dealt, a pile a seat where there is a show (else none)
DECLARED: Final = 6
# The zones that record where cards lie in another zone too: the starter lies
# out of play, the hands as dealt are the hands (or those kept, once laid away).
# Shared by a round and its copies, so replaced (Round.set_record), never
# written in place; the other zones hold each card once.
RECORDS = (STARTER, DEALT)

# The round's state, one attribute each (what Round.copy copies).
ROUND_FIELDS = (
    "answering",
    "declared",
    "declaring",
    "direction",
    "ends_turn",
    "forced",
    "forced_by",
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
    "passes",
    "paused",
    "phase",
    "piles",
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
    "shown",
    "skip",
    "stack_on",
    "stacking",
    "stuck",
    "target",
    "total",
    "total_before",
    "turn_plays",
)
# The names the round gives the piles of the zone table (see Round.link), kept
# with it: not copied or pickled apart from it.
_LINKED = ("dealt", "discard", "draw", "hands", "out_of_play", "zones")


# The phase of a round whose phases have not begun: no moves.
_NO_PHASE = Phase()


class Round:
    """The state of the round in progress.

    Rule objects see it through the table the engine hands them, which
    reads and sets its fields.
    """

    __slots__ = ROUND_FIELDS + _LINKED

    # The table's piles by name (see link).
    hands: list[list[int]]
    draw: list[int]
    discard: list[int]
    out_of_play: list[int]
    dealt: list[list[int]]
    zones: list[list[list[int]]]

    def __init__(
        self,
        stacking: Stacking,
        stack_on: StackOn,
        piles: list[list[list[int]]] | None = None,
    ) -> None:
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
        # The zone table (see the module's docstring): the zones of every
        # variant, empty, no hands yet, and none declared until the deal.
        self.piles: list[list[list[int]]] = (
            [[[]], [[]], [], [[]], [[]], []] if piles is None else piles
        )
        self.link()
        self.in_round: list[bool] = []
        self.losers: list[int] = []
        # Players a rule made lose the round in the middle of a play (an outcome
        # such as lose_round, or no tokens left at once), taken out once it is
        # played; and the first seat whose score reached a target that wins at
        # once (-1: none).
        self.losing: tuple[int, ...] = ()  # a tuple: copied with the round for nothing
        self.reached = -1
        # Whether the show has scored the hands as dealt this round (a zone
        # shown at the show shows its cards from then on).
        self.shown = False
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

    def link(self) -> None:
        """Name the piles of the zone table's zones of every variant (after the table is set).

        ``draw``, ``discard`` and ``out_of_play`` are their zone's one pile;
        ``hands`` and ``dealt`` the list of a zone's piles, a seat each;
        ``zones`` the declared zones' entries. Each is the table's own list:
        a pile is replaced through the table (or these lists' items), never
        by setting one of these names.
        """
        piles = self.piles
        self.draw = piles[STOCK][0]
        self.discard = piles[PILE][0]
        self.hands = piles[HAND]
        self.out_of_play = piles[OUT_OF_PLAY][0]
        self.dealt = piles[DEALT]
        self.zones = piles[DECLARED:]

    def set_record(self, zone: int, piles: list[list[int]]) -> None:
        """Replace a record zone's piles (``STARTER`` or ``DEALT``) with ``piles``.

        A copy shares the records with its original (see :meth:`copy`), so a
        record is never written in place: it is replaced, here, and the name
        that stands for it linked again.
        """
        self.piles[zone] = piles
        if zone == DEALT:
            self.dealt = piles

    @property
    def starter(self) -> int:
        """The card turned up at the deal (``deal.starter``), -1 for none: the starter zone's."""
        pile = self.piles[STARTER][0]
        return pile[0] if pile else -1

    def copy(self) -> Round:
        """An independent copy: every zone's piles copied (the records shared), and each field.

        The zone table is copied zone by zone, each as its shape in the table
        says; the other fields by name, not in a loop over them: a search copies
        a round for each playout, and a loop of getattr and setattr costs
        several times as much.
        """
        # The zones of every variant by their shape (a pile, or a pile a seat),
        # the records shared (replaced, never written in place: set_record);
        # then each declared zone's piles.
        piles = self.piles
        table = [
            [piles[STOCK][0][:]],
            [piles[PILE][0][:]],
            [hand[:] for hand in piles[HAND]],
            piles[STARTER],
            [piles[OUT_OF_PLAY][0][:]],
            piles[DEALT],
        ]
        for z in range(DECLARED, len(piles)):
            table.append([pile[:] for pile in piles[z]])
        new = Round(self.stacking, self.stack_on, table)
        new.answering = self.answering
        new.declared = self.declared  # frozen
        new.declaring = self.declaring
        new.direction = self.direction
        new.ends_turn = self.ends_turn
        new.forced = self.forced
        new.forced_by = self.forced_by
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
        new.shown = self.shown
        new.skip = self.skip
        new.stuck = self.stuck[:]
        new.target = self.target
        new.total = self.total
        new.total_before = self.total_before
        new.turn_plays = self.turn_plays[:]
        return new

    def __reduce__(self) -> tuple[Callable[..., Round], tuple[object, ...]]:
        # By the fields: a compiled class cannot be made without its arguments.
        return (_round_from, ({name: getattr(self, name) for name in ROUND_FIELDS},))


def _round_from(fields: dict[str, Any]) -> Round:
    """A round with these fields (how a pickled round is read back).

    A round pickled before the zone table held every zone has its zones as
    fields of their own (``draw``, ``hands``, ``starter``, ...): they are put
    in the table.
    """
    if "piles" not in fields:
        fields = dict(fields)
        starter = fields.pop("starter", -1)
        fields["piles"] = [
            [fields.pop("draw", [])],
            [fields.pop("discard", [])],
            fields.pop("hands", []),
            [[starter] if starter >= 0 else []],
            [fields.pop("out_of_play", [])],
            [list(hand) for hand in fields.pop("dealt", ())],
            *fields.pop("zones", []),
        ]
    new = Round(fields["stacking"], fields["stack_on"])
    for name, value in fields.items():
        setattr(new, name, value)
    new.link()
    return new


def move_card(  # noqa: PLR0917 - positional: the hot path calls it for every card
    r: Round, source: int, at: int, target: int, to: int, card: int = -1
) -> int:
    """Move a card from one pile of the zone table to another: the engine's one card move.

    The deal, draws, the starter, plays to the pile, reactions, the redraw,
    cards given and laid down all move their cards with it.

    Args:
        r: The round.
        source: The zone the card leaves (its place in the table: ``STOCK``, ...).
        at: Which of its piles (a seat's, for a zone a seat; 0 for a zone of one).
        target: The zone the card goes to.
        to: Which of its piles.
        card: The card (its index), taken from where it first lies in the
            pile; -1 for the pile's top (last) card.

    Returns:
        The card moved, put on top of the target pile.
    """
    pile = r.piles[source][at]
    if card < 0:
        card = pile.pop()
    else:
        pile.remove(card)
    r.piles[target][to].append(card)
    return card


def placed(r: Round, records: tuple[int, ...] = RECORDS) -> list[int]:
    """Every card the round's zones hold, each once, in table order.

    The records are left out (``records``: their places in the table, the
    zones of every variant's and any declared ``RecordZone``'s:
    ``CompiledVariant.records``), whose cards lie in another zone too.
    """
    cards: list[int] = []
    for z, zone in enumerate(r.piles):
        if z in records:
            continue
        for pile in zone:
            cards.extend(pile)
    return cards


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
