"""The round in progress, the :class:`~ono99.rules.Table` rule objects see; a move's checkpoint.

:class:`Round` holds the state of one round (the total, the hands and piles,
the turn) and is what the engine passes rule objects as their table; its
methods check what a rule object asks before they change anything.
:class:`Checkpoint` keeps what a move may change, for the engine to put it
back when a rule object fails. Compiled with the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ono99 import events as ev
from ono99._args import is_int, shown
from ono99._errors import ArgumentError
from ono99._limits import MAX_TOTAL

from ._compiled import card_index

if TYPE_CHECKING:
    from collections.abc import Callable

    from ono99.rules import Stacking, StackOn

    from ._engine import Engine

__all__ = ["ROUND_FIELDS", "Checkpoint", "Round"]

# The round's state, one attribute each (what Round.copy copies).
ROUND_FIELDS = (
    "answering",
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
    "next_forced_by",
    "next_owed",
    "next_player",
    "out_of_play",
    "passes",
    "players_in_round",
    "playing",
    "plays_made",
    "reshuffles",
    "round_over",
    "round_plays",
    "round_winner",
    "said",
    "skip",
    "stack_on",
    "stacking",
    "stuck",
    "target",
    "total",
    "total_before",
    "turn_plays",
)


class Round:
    """The state of the round in progress; the :class:`~ono99.rules.Table` rule objects see.

    Besides the round's fields it knows, while a rule object is asked
    something, its game (``game``, which draws cards and keeps tokens and
    scores), the id of the card whose effects are acting (``acting``) and
    whether the rules played that card (``acting_automatic``); none of
    these is copied or pickled with the round. The game is set only for
    those calls so that a game and its round never hold each other: a
    finished game is freed at once, not left to the cycle collector.
    """

    __slots__ = (*ROUND_FIELDS, "acting", "acting_automatic", "game")

    def __init__(self, stacking: Stacking, stack_on: StackOn) -> None:
        self.game: Engine | None = None
        self.acting = ""
        self.acting_automatic = False
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
        self.reshuffles = 0

    def times_played_this_turn(self, card_id: str) -> int:
        """How often the current player has played ``card_id`` this turn."""
        return self.turn_plays.count(card_id)

    @property
    def bust(self) -> int:
        """The variant's bust limit."""
        return self.engine().rules.bust

    @property
    def count_cards(self) -> tuple[Any, ...]:
        """The cards played since the count last started, the latest last."""
        cards = self.engine().rules.cards
        return tuple(cards[k] for k in self.history)

    @property
    def previous_card(self) -> Any:
        """The card played before the one being played (between plays: the last one)."""
        history = self.history
        back = 2 if self.playing else 1
        if len(history) < back:
            return None
        return self.engine().rules.cards[history[-back]]

    @property
    def rng(self) -> Any:
        """The game's random generator, seeded with it (kept for a move's undo first)."""
        game = self.engine()
        game.keep_rng()
        return game.rng

    # The rest of the Table: what the game knows beyond the round's fields.
    # Rule objects may pass anything: each method checks its arguments before
    # it changes anything (a bad one raises ArgumentError, which the engine
    # reports as the rule object's failure).

    def engine(self) -> Engine:
        """The game this round belongs to."""
        game = self.game
        if game is None:
            raise RuntimeError("the table is only there while the engine asks a rule object")
        return game

    def seat_arg(self, name: str, seat: object) -> int:
        """``seat``, checked to be a seat of the table (never counted from the end)."""
        n = self.engine().n
        if not is_int(seat) or not 0 <= seat < n:
            raise ArgumentError(name, f"there is no seat {shown(seat)}: seats are 0 to {n - 1}")
        return seat

    def card_arg(self, seat: int, card_id: object) -> int:
        """The index of ``card_id``, which ``seat`` must hold."""
        game = self.engine()
        index = card_index(game.rules, card_id)
        if index is None or index not in self.hands[seat]:
            raise ArgumentError("card_id", f"player {seat} holds no card {shown(card_id)}")
        return index

    @property
    def player(self) -> int:
        """The seat whose move it is."""
        return self.engine().current

    def seats_in_round(self) -> list[int]:
        """The seats in the round, from the player on in the direction of play."""
        game = self.engine()
        n, first, in_round, direction = game.n, game.current, self.in_round, self.direction
        return [
            (first + i * direction) % n for i in range(n) if in_round[(first + i * direction) % n]
        ]

    def next_seat(self, seat: object) -> int:
        """The next seat in the round after ``seat`` in the direction of play."""
        at = self.seat_arg("seat", seat)
        return self.engine().next_seat(at, self.in_round, self.direction)

    def hand(self, seat: object) -> tuple[str, ...]:
        """The card ids ``seat`` holds."""
        at = self.seat_arg("seat", seat)
        ids = self.engine().rules.ids
        return tuple(ids[k] for k in self.hands[at])

    def draw_cards(self, seat: object, cards: object) -> int:
        """``seat`` draws up to ``cards`` cards; how many were drawn."""
        at = self.seat_arg("seat", seat)
        if not is_int(cards) or cards < 0:
            raise ArgumentError("cards", f"expected a whole number, 0 or more, got {shown(cards)}")
        return self.engine().draw_cards(at, cards, self.acting_automatic)

    def discard_card(self, seat: object, card_id: object) -> None:
        """``seat`` puts one ``card_id`` on the discard pile."""
        at = self.seat_arg("seat", seat)
        index = self.card_arg(at, card_id)
        self.hands[at].remove(index)
        self.discard.append(index)
        game = self.engine()
        game.emit(ev.Discarded(at, game.rules.ids[index], automatic=self.acting_automatic))

    def give_card(self, seat: object, to: object, card_id: object) -> None:
        """``seat`` gives one ``card_id`` to ``to``."""
        at = self.seat_arg("seat", seat)
        other = self.seat_arg("to", to)
        index = self.card_arg(at, card_id)
        self.hands[at].remove(index)
        self.hands[other].append(index)
        game = self.engine()
        game.emit(ev.CardGiven(at, other, game.rules.ids[index], automatic=self.acting_automatic))

    def swap_hands(self, seat: object, other: object) -> None:
        """``seat`` and ``other`` swap hands."""
        at = self.seat_arg("seat", seat)
        with_seat = self.seat_arg("other", other)
        hands = self.hands
        hands[at], hands[with_seat] = hands[with_seat], hands[at]
        self.engine().emit(ev.HandsSwapped(at, with_seat, automatic=self.acting_automatic))

    def tokens(self, seat: object) -> int:
        """The tokens ``seat`` holds."""
        return self.engine().tokens[self.seat_arg("seat", seat)]

    def score(self, seat: object) -> int:
        """The points ``seat`` has scored."""
        return self.engine().scores[self.seat_arg("seat", seat)]

    def change_tokens(self, seat: object, by: object) -> None:
        """Give ``seat`` ``by`` tokens (take them when negative), never below 0."""
        at = self.seat_arg("seat", seat)
        change = self.change_arg(by)
        game = self.engine()
        new = min(MAX_TOTAL, max(0, game.tokens[at] + change))
        change = new - game.tokens[at]
        if change:
            for mate in game.mates[at]:  # partners share their tokens
                game.tokens[mate] = new
                game.emit(ev.TokensChanged(mate, change, new, automatic=self.acting_automatic))

    def change_score(self, seat: object, by: object) -> None:
        """Add ``by`` to ``seat``'s score, never below 0 (unless the variant allows it)."""
        at = self.seat_arg("seat", seat)
        change = self.change_arg(by)
        game = self.engine()
        low = -MAX_TOTAL if game.rules.negative_scores else 0
        new = min(MAX_TOTAL, max(low, game.scores[at] + change))
        change = new - game.scores[at]
        if change:
            for mate in game.mates[at]:  # partners share their points
                game.scores[mate] = new
                game.emit(ev.ScoreChanged(mate, change, new, automatic=self.acting_automatic))

    def change_arg(self, by: object) -> int:
        """``by``, checked to be a change of tokens or points (an integer, not too large)."""
        if not is_int(by) or not -MAX_TOTAL <= by <= MAX_TOTAL:
            raise ArgumentError(
                "by", f"expected an integer from {-MAX_TOTAL} to {MAX_TOTAL}, got {shown(by)}"
            )
        return by

    def tell(self, rule: object, text: object, seats: object = ()) -> None:
        """Record what an effect did."""
        if not isinstance(rule, str):
            raise ArgumentError("rule", f"expected the rule's type (a str), got {shown(rule)}")
        if not isinstance(text, str):
            raise ArgumentError("text", f"expected a str, got {shown(text)}")
        if not isinstance(seats, tuple | list):
            raise ArgumentError("seats", f"expected a tuple of seats, got {shown(seats)}")
        named = tuple(self.seat_arg("seats", seat) for seat in seats)
        game = self.engine()
        game.emit(
            ev.RuleActed(
                game.current,
                self.acting,
                rule,
                text,
                named,
                automatic=self.acting_automatic,
            )
        )

    def copy(self) -> Round:
        """An independent copy (the hands and piles copied too).

        Every field of ``ROUND_FIELDS`` by name, not in a loop over them: a
        search copies a round for each playout, and a loop of getattr and
        setattr costs several times as much.
        """
        new = Round(self.stacking, self.stack_on)
        new.answering = self.answering
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
        new.next_forced_by = self.next_forced_by
        new.next_owed = self.next_owed
        new.next_player = self.next_player
        new.out_of_play = self.out_of_play[:]
        new.passes = self.passes
        new.players_in_round = self.players_in_round
        new.playing = self.playing
        new.plays_made = self.plays_made
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
