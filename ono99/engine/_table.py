"""The :class:`~ono99.rules.Table` a rule object is handed: the round's fields and the game's.

The engine makes one for each question it asks a rule object (a condition's
``check``, an effect's ``apply`` or ``targets``, a trigger's ``fires_on``,
an outcome's ``apply``) and drops it after: it holds the game only for that
call, so a game and its round never hold each other and a finished game is
freed at once. Reading and setting a field reads and sets the round's; the
methods check what a rule object asks before they change anything. Asked a
question (``reading``), the table refuses every change and every random draw:
what a condition or a list of targets decides must be the same each time it is
asked, or ``legal_moves()`` would list a move that ``play()`` refuses. Asked
what a card would make (an effect's ``total_on``), the table shows that card as
played: the latest of the count, the one before it the previous card. Compiled
with the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ono99 import events as ev
from ono99._args import is_int, shown
from ono99._errors import ArgumentError
from ono99._limits import MAX_TOTAL
from ono99.rules import MAX_ANSWERS, DeclaredCard, Reaction

from ._compiled import card_index
from ._round import HAND, PILE, move_card

if TYPE_CHECKING:
    import random

    from ono99.rules import Declaration, Stacking, StackOn

    from ._engine import Engine
    from ._round import Round

__all__ = ["Table"]


def read_only(name: str) -> None:
    """Refuse to set ``name``, a field of the table that rule objects only read."""
    raise AttributeError(f"rule objects only read the table's {name}: the engine sets it")


class Table:
    """What a rule object reads and changes of the game in progress (:class:`ono99.rules.Table`).

    Args:
        game: The game asking.
        acting: The id of the card whose effects act (``""`` for a trigger's
            outcomes and for questions).
        automatic: Whether the rules played that card for the player.
        reading: Whether the rule object is only asked a question: then the
            table refuses changes and random draws.
        asking: For a question of what a play of a card would make, the
            card's index: the table shows it as played (``playing``, the
            latest of the count); -1 otherwise.
    """

    __slots__ = ("acting", "asking", "automatic", "game", "r", "reading", "showing", "shown_zone")

    def __init__(
        self,
        game: Engine,
        acting: str = "",
        automatic: bool = False,
        reading: bool = False,
        asking: int = -1,
    ) -> None:
        self.game = game
        self.r: Round = game.r
        self.acting = acting
        self.automatic = automatic
        self.reading = reading
        self.showing = -1  # at the show, the seat whose hand is shown
        self.shown_zone = ""  # at the show, the declared zone shown for that seat, if one is
        self.asking = asking

    def changing(self) -> Round:
        """The round, to change; refused while the rule object is only asked a question."""
        if self.reading:
            raise RuntimeError(
                "a question (a condition, targets, fires_on) only reads the table: "
                "change it in apply()"
            )
        return self.r

    # The round's fields that rule objects set.

    @property
    def total(self) -> int:
        """The running total."""
        return self.r.total

    @total.setter
    def total(self, value: int) -> None:
        self.changing().total = value

    @property
    def total_before(self) -> int:
        """The total before the card now being played."""
        return self.r.total_before

    @total_before.setter
    def total_before(self, value: int) -> None:
        self.changing().total_before = value

    @property
    def said(self) -> int | None:
        """What the move being played says the total is, or ``None``."""
        return self.r.said

    @said.setter
    def said(self, value: int | None) -> None:
        self.changing().said = value

    @property
    def reshuffles(self) -> int:
        """How often the stock has been made anew from the discard pile this round."""
        return self.r.reshuffles

    @reshuffles.setter
    def reshuffles(self, value: int) -> None:
        self.changing().reshuffles = value

    @property
    def direction(self) -> int:
        """``1`` for clockwise, ``-1`` after a reverse."""
        return self.r.direction

    @direction.setter
    def direction(self, value: int) -> None:
        self.changing().direction = value

    @property
    def next_owed(self) -> int:
        """Plays the next player will owe."""
        return self.r.next_owed

    @next_owed.setter
    def next_owed(self, value: int) -> None:
        self.changing().next_owed = value

    @property
    def next_forced_by(self) -> str:
        """Id of the card that forced the next player."""
        return self.r.next_forced_by

    @next_forced_by.setter
    def next_forced_by(self, value: str) -> None:
        self.changing().next_forced_by = value

    @property
    def ends_turn(self) -> bool:
        """Whether the turn ends now."""
        return self.r.ends_turn

    @ends_turn.setter
    def ends_turn(self, value: bool) -> None:
        self.changing().ends_turn = value

    @property
    def skip(self) -> int:
        """How many players the turn passes over when it ends."""
        return self.r.skip

    @skip.setter
    def skip(self, value: int) -> None:
        self.changing().skip = value

    @property
    def target(self) -> int | None:
        """The player the move being played names, or ``None``."""
        return self.r.target

    @target.setter
    def target(self, value: int | None) -> None:
        self.changing().target = value

    @property
    def next_player(self) -> int | None:
        """The seat made to play next, or ``None``."""
        return self.r.next_player

    @next_player.setter
    def next_player(self, value: int | None) -> None:
        self.changing().next_player = value

    # The round's fields that rule objects only read.

    @property
    def forced(self) -> int:
        """How many plays the current turn must make."""
        return self.r.forced

    @forced.setter
    def forced(self, _value: int) -> None:
        read_only("forced")

    @property
    def forced_by(self) -> str:
        """Id of the card that forced the current turn's plays."""
        return self.r.forced_by

    @forced_by.setter
    def forced_by(self, _value: str) -> None:
        read_only("forced_by")

    @property
    def answering(self) -> bool:
        """Whether the play being made may answer forced plays."""
        return self.r.answering

    @answering.setter
    def answering(self, _value: bool) -> None:
        read_only("answering")

    @property
    def players_in_round(self) -> int:
        """How many players are still in the round."""
        return self.r.players_in_round

    @players_in_round.setter
    def players_in_round(self, _value: int) -> None:
        read_only("players_in_round")

    @property
    def stacking(self) -> Stacking:
        """How forced plays combine (the variant's ``forced_play.stacking``)."""
        return self.r.stacking

    @stacking.setter
    def stacking(self, _value: Stacking) -> None:
        read_only("stacking")

    @property
    def stack_on(self) -> StackOn:
        """Which forcing cards stack (the variant's ``forced_play.stack_on``)."""
        return self.r.stack_on

    @stack_on.setter
    def stack_on(self, _value: StackOn) -> None:
        read_only("stack_on")

    # What the game knows beyond the round's fields.

    @property
    def player(self) -> int:
        """The seat whose move it is."""
        return self.game.current

    @property
    def bust(self) -> int:
        """The variant's bust limit."""
        return self.game.rules.bust

    @property
    def playing(self) -> bool:
        """Whether a card is being played (or asked of): the latest of the count."""
        return self.asking >= 0 or self.r.playing

    @property
    def count_cards(self) -> tuple[Any, ...]:
        """The cards played since the count last started, the latest last."""
        cards = self.game.rules.cards
        shown = tuple(cards[k] for k in self.r.history)
        if self.asking >= 0:
            return (*shown, cards[self.asking])
        return shown

    @property
    def previous_card(self) -> Any:
        """The card played before the one being played (between plays: the last one)."""
        r = self.r
        history = r.history
        # Asked of a card not yet played, the card before it is the last one played.
        back = 2 if r.playing and self.asking < 0 else 1
        if len(history) < back:
            return None
        card = self.game.rules.cards[history[-back]]
        declared = r.declared
        if declared is not None:  # the card as its player declared it
            return DeclaredCard(card, declared)
        return card

    @property
    def declared(self) -> Declaration | None:
        """What the card before was declared to be (between plays: the last card)."""
        return self.r.declared

    @property
    def declaring(self) -> Declaration | None:
        """What the move being played declares with its card, or ``None``."""
        return self.r.declaring

    @property
    def reaction(self) -> Reaction | None:
        """The reaction open, or ``None``."""
        return self.r.reaction

    def open_reaction(self, reaction: object) -> None:
        """Open ``reaction`` for its seat, once the card is played."""
        r = self.changing()
        if not isinstance(reaction, Reaction):
            raise ArgumentError("reaction", f"expected a Reaction, got {shown(reaction)}")
        seat = self.seat_arg("reaction.seat", getattr(reaction, "seat"))  # noqa: B009 - untyped
        by = self.seat_arg("reaction.by", getattr(reaction, "by"))  # noqa: B009
        if not r.in_round[seat]:
            raise ArgumentError("reaction.seat", f"player {seat} is out of the round")
        if seat == by:
            raise ArgumentError(
                "reaction.seat", f"player {seat} aims it: a reaction is aimed at another player"
            )
        wrong = _reaction_problem(reaction, self.game)
        if wrong is not None:
            raise ArgumentError(*wrong)
        if not reaction.outcomes or not reaction.answer:
            raise ArgumentError(
                "reaction", "expected outcomes (what is taken) and answer (what may answer)"
            )
        r.reaction = reaction
        game = self.game
        game.emit(
            ev.ReactionOpened(
                reaction.by, seat, reaction.card, reaction.what, automatic=self.automatic
            )
        )

    @property
    def dealer(self) -> int:
        """The seat that dealt the round."""
        return self.game.dealer

    @property
    def starter(self) -> Any:
        """The card turned up at the deal, or ``None``."""
        index = self.r.starter
        return None if index < 0 else self.game.rules.cards[index]

    @property
    def shown(self) -> tuple[Any, ...]:
        """At the show, the cards the seat shown was dealt, or the zone shown; empty otherwise."""
        seat = self.showing
        if seat < 0:
            return ()
        cards = self.game.rules.cards
        if self.shown_zone:
            return tuple(cards[k] for k in self.zone_cards(self.shown_zone, seat))
        return tuple(cards[k] for k in self.r.dealt[seat])

    def zone_cards(self, name: str, seat: int) -> list[int]:
        """The cards of the declared zone ``name`` that ``seat`` owns (its one pile if shared)."""
        game = self.game
        zones = game.rules.zones
        at = next((i for i, zone in enumerate(zones) if zone.name == name), -1)
        if at < 0 or at >= len(self.r.zones):
            return []
        piles = self.r.zones[at]
        pile = 0
        if len(piles) > 1:
            teams = game.teams
            team = next((i for i, mates in enumerate(teams) if seat in mates), -1)
            pile = team if zones[at].owner == "team" and team >= 0 else seat
        return piles[pile] if pile < len(piles) else []

    @property
    def rng(self) -> random.Random:
        """The game's random generator (its state kept for a move's undo first).

        Refused to a question: a condition that drew at random would decide
        differently each time it is asked.
        """
        if self.reading:
            raise RuntimeError(
                "a question (a condition, targets, fires_on) gets no random source: "
                "it would answer differently each time; draw in apply()"
            )
        game = self.game
        game.keep_rng()
        return game.rng

    def times_played_this_turn(self, card_id: str) -> int:
        """How often the current player has played ``card_id`` this turn."""
        return self.r.turn_plays.count(card_id)

    # Rule objects may pass anything: each method checks its arguments before
    # it changes anything (a bad one raises ArgumentError, which the engine
    # reports as the rule object's failure).

    def seat_arg(self, name: str, seat: object) -> int:
        """``seat``, checked to be a seat of the table (never counted from the end)."""
        n = self.game.n
        if not is_int(seat) or not 0 <= seat < n:
            raise ArgumentError(name, f"there is no seat {shown(seat)}: seats are 0 to {n - 1}")
        return seat

    def card_arg(self, seat: int, card_id: object) -> int:
        """The index of ``card_id``, which ``seat`` must hold."""
        index = card_index(self.game.rules, card_id)
        if index is None or index not in self.r.hands[seat]:
            raise ArgumentError("card_id", f"player {seat} holds no card {shown(card_id)}")
        return index

    def seats_in_round(self) -> list[int]:
        """The seats in the round, from the player on in the direction of play."""
        game = self.game
        r = self.r
        n, first, in_round, direction = game.n, game.current, r.in_round, r.direction
        return [
            (first + i * direction) % n for i in range(n) if in_round[(first + i * direction) % n]
        ]

    def next_seat(self, seat: object) -> int:
        """The next seat in the round after ``seat`` in the direction of play."""
        at = self.seat_arg("seat", seat)
        r = self.r
        return self.game.next_seat(at, r.in_round, r.direction)

    def hand(self, seat: object) -> tuple[str, ...]:
        """The card ids ``seat`` holds."""
        at = self.seat_arg("seat", seat)
        ids = self.game.rules.ids
        return tuple(ids[k] for k in self.r.hands[at])

    def draw_cards(self, seat: object, cards: object) -> int:
        """``seat`` draws up to ``cards`` cards; how many were drawn."""
        self.changing()
        at = self.seat_arg("seat", seat)
        if not is_int(cards) or cards < 0:
            raise ArgumentError("cards", f"expected a whole number, 0 or more, got {shown(cards)}")
        return self.game.draw_cards(at, cards, self.automatic)

    def discard_card(self, seat: object, card_id: object) -> None:
        """``seat`` puts one ``card_id`` on the discard pile."""
        r = self.changing()
        at = self.seat_arg("seat", seat)
        index = self.card_arg(at, card_id)
        move_card(r, HAND, at, PILE, 0, index)
        game = self.game
        game.emit(ev.Discarded(at, game.rules.ids[index], automatic=self.automatic))

    def give_card(self, seat: object, to: object, card_id: object) -> None:
        """``seat`` gives one ``card_id`` to ``to``."""
        r = self.changing()
        at = self.seat_arg("seat", seat)
        other = self.seat_arg("to", to)
        index = self.card_arg(at, card_id)
        move_card(r, HAND, at, HAND, other, index)
        game = self.game
        game.emit(ev.CardGiven(at, other, game.rules.ids[index], automatic=self.automatic))

    def swap_hands(self, seat: object, other: object) -> None:
        """``seat`` and ``other`` swap hands."""
        r = self.changing()
        at = self.seat_arg("seat", seat)
        with_seat = self.seat_arg("other", other)
        hands = r.hands
        hands[at], hands[with_seat] = hands[with_seat], hands[at]
        self.game.emit(ev.HandsSwapped(at, with_seat, automatic=self.automatic))

    def tokens(self, seat: object) -> int:
        """The tokens ``seat`` holds."""
        return self.game.tokens[self.seat_arg("seat", seat)]

    def score(self, seat: object) -> int:
        """The points ``seat`` has scored."""
        return self.game.scores[self.seat_arg("seat", seat)]

    def change_tokens(self, seat: object, by: object) -> None:
        """Give ``seat`` ``by`` tokens (take them when negative), never below 0."""
        self.changing()
        at = self.seat_arg("seat", seat)
        change = self.change_arg(by)
        game = self.game
        new = min(MAX_TOTAL, max(0, game.tokens[at] + change))
        change = new - game.tokens[at]
        if change:
            r = self.r
            for mate in game.mates[at]:  # partners share their tokens
                game.tokens[mate] = new
                game.emit(ev.TokensChanged(mate, change, new, automatic=self.automatic))
                if new == 0 and game.rules.out_at_zero_at_once and r.in_round[mate]:
                    r.losing = (*r.losing, mate)  # out of the round once the play is made

    def change_score(self, seat: object, by: object) -> None:
        """Add ``by`` to ``seat``'s score, never below 0 (unless the variant allows it)."""
        self.changing()
        at = self.seat_arg("seat", seat)
        change = self.change_arg(by)
        game = self.game
        low = -MAX_TOTAL if game.rules.negative_scores else 0
        new = min(MAX_TOTAL, max(low, game.scores[at] + change))
        change = new - game.scores[at]
        if change:
            for mate in game.mates[at]:  # partners share their points
                game.scores[mate] = new
                game.emit(ev.ScoreChanged(mate, change, new, automatic=self.automatic))
            wins_at = game.rules.wins_at
            if wins_at and new >= wins_at and self.r.reached < 0:
                self.r.reached = at  # the first to the target wins, once the play is made

    def change_arg(self, by: object) -> int:
        """``by``, checked to be a change of tokens or points (an integer, not too large)."""
        if not is_int(by) or not -MAX_TOTAL <= by <= MAX_TOTAL:
            raise ArgumentError(
                "by", f"expected an integer from {-MAX_TOTAL} to {MAX_TOTAL}, got {shown(by)}"
            )
        return by

    def tell(self, rule: object, text: object, seats: object = ()) -> None:
        """Record what an effect did."""
        self.changing()
        if not isinstance(rule, str):
            raise ArgumentError("rule", f"expected the rule's type (a str), got {shown(rule)}")
        if not isinstance(text, str):
            raise ArgumentError("text", f"expected a str, got {shown(text)}")
        if not isinstance(seats, tuple | list):
            raise ArgumentError("seats", f"expected a tuple of seats, got {shown(seats)}")
        named = tuple(self.seat_arg("seats", seat) for seat in seats)
        game = self.game
        game.emit(
            ev.RuleActed(game.current, self.acting, rule, text, named, automatic=self.automatic)
        )


def _reaction_problem(reaction: Reaction, game: Engine) -> tuple[str, str] | None:
    """What is wrong with a reaction a rule object opens, as (its field, why); ``None`` if nothing.

    Each field read untyped (``getattr``): a rule object of another package
    may have set any value (a string of outcomes, a chain of a billion
    answers), which a compiled read of the typed field would refuse with a raw
    TypeError.
    """
    outcomes: object = getattr(reaction, "outcomes")  # noqa: B009 - read untyped
    if not isinstance(outcomes, tuple) or not all(
        getattr(o, "kind", None) == "outcome" for o in outcomes
    ):
        return ("reaction.outcomes", f"expected a tuple of outcomes, got {shown(outcomes)}")
    answer: object = getattr(reaction, "answer")  # noqa: B009 - read untyped
    if not isinstance(answer, tuple) or not all(
        getattr(c, "kind", None) == "condition" and getattr(c, "reads_card", False) is True
        for c in answer
    ):
        return (
            "reaction.answer",
            f"expected a tuple of conditions that read the card, got {shown(answer)}",
        )
    what: object = getattr(reaction, "what")  # noqa: B009 - read untyped
    if not isinstance(what, str) or not what.strip():
        return ("reaction.what", f"expected what is aimed, in words, got {shown(what)}")
    card: object = getattr(reaction, "card")  # noqa: B009 - read untyped
    if card_index(game.rules, card) is None:
        return ("reaction.card", f"there is no card {shown(card)} in {game.variant.id}")
    answered: object = getattr(reaction, "answered")  # noqa: B009 - read untyped
    if answered not in ("send_back", "block") or not isinstance(answered, str):
        return ("reaction.answered", f'expected "send_back" or "block", got {shown(answered)}')
    most: object = getattr(reaction, "max_answers")  # noqa: B009 - read untyped
    if not is_int(most) or not 1 <= most <= MAX_ANSWERS:
        return ("reaction.max_answers", f"expected 1 to {MAX_ANSWERS}, got {shown(most)}")
    answers: object = getattr(reaction, "answers")  # noqa: B009 - read untyped
    if not is_int(answers) or not 0 <= answers <= most:
        return ("reaction.answers", f"expected 0 to {most} (max_answers), got {shown(answers)}")
    return None
