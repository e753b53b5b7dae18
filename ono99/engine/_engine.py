"""The state machine a :class:`~ono99.Game` plays its moves on.

:class:`Engine` holds a game's whole state and plays moves that are known to
be legal; :class:`~ono99.Game`, its public face, checks what a caller passes
before anything reaches it. The split lets this module be compiled (wheels
built with mypyc carry it as a C extension) while every argument a user gives
is still checked, and explained, in plain Python. Both forms run this one
source, so there is one engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ono99 import events as ev
from ono99._args import is_int, shown
from ono99._errors import IllegalMoveError
from ono99._limits import MAX_TOTAL
from ono99.rules import Declaration, Reaction

from ._chance import shuffle
from ._compiled import LEGAL_MEMO_SIZE, card_index, compile_variant
from ._moves import NO_MOVES, Decline, Move, Play, Redraw, as_move, chosen
from ._round import Checkpoint, Round
from ._scoring import count_over, end_round, out_of_cards, pass_turn, show_hands, win_at_once
from ._table import Table
from ._view import observation

if TYPE_CHECKING:
    import random
    from collections.abc import Callable, Sequence

    from ono99._variant import Variant
    from ono99.rules import Outcome, Trigger

    from ._compiled import CompiledCard, CompiledVariant
    from ._observation import Observation
    from ._protocols import Player

__all__ = ["ENGINE_FIELDS", "NO_MOVES", "Engine"]


# The game's state, one attribute each (what Engine.copy and snapshots read).
ENGINE_FIELDS = (
    "cards_played",
    "current",
    "dealer",
    "drew",
    "events",
    "full_deck",
    "halted",
    "in_game",
    "last_losers",
    "last_survivor",
    "legal",
    "logging",
    "moves",
    "n",
    "pick",
    "played",
    "r",
    "rng",
    "round",
    "round_only",
    "rules",
    "scores",
    "tokens",
    "variant",
    "winner",
)


# Fields an engine rebuilds from its variant rather than pickles (the compiled
# rules, the events shared by every game, the legal-move cache), and those it
# is made with.
_NOT_PICKLED = frozenset({"rules", "drew", "played", "legal", "variant", "n", "rng"})


class Engine:
    """A game's state, and the rules that move it on.

    Args:
        variant: The variant (already checked).
        rules: Its compiled form.
        players: How many play (already checked).
        rng: The generator of every shuffle.
        r: The round in progress (a copy's); by default an empty one.

    The engine starts empty: :meth:`begin` deals the first round.
    """

    # ``undo``: while a move of a guarded variant is played, the state to go
    # back to should a rule object fail (see play); never copied or pickled.
    # ``teams`` and ``mates``: the partnerships, fixed by the variant and the count.
    __slots__ = (*ENGINE_FIELDS, "mates", "teams", "undo")

    def __init__(
        self,
        variant: Variant,
        rules: CompiledVariant,
        players: int,
        rng: random.Random,
        r: Round | None = None,
    ) -> None:
        self.variant = variant
        self.rules = rules
        self.n = players
        self.full_deck = rules.deck_for(players)
        self.drew, self.played = rules.event_tables(players)
        self.cards_played = 0
        self.rng = rng
        self.winner: int | None = None
        self.round = 0
        self.current = 0
        self.dealer = players - 1
        # The round: an empty one until the first deal (a copy passes its own).
        self.r = Round(rules.stacking, rules.stack_on) if r is None else r
        self.events: list[ev.Event] = []
        # Whether events are recorded in ``events``: not in a copy made for a
        # playout (see copy), which reads only the state.
        self.logging = True
        self.moves: list[Move] = []
        self.in_game = [True] * players
        self.tokens = [variant.match.tokens.count_for(players)] * players
        self.scores = [0] * players
        # The teams (empty: each plays alone), and each seat's team (itself alone).
        self.teams, self.mates = rules.partners(players)
        # The last round's losers in the order they went out, and its survivor
        # (None: nobody survived it, or no round has ended).
        self.last_losers: tuple[int, ...] = ()
        self.last_survivor: int | None = None
        self.legal: tuple[Move, ...] | None = None
        # Whether the game stops when the round ends, dealing no next one (a
        # copy made to play one round out: see copy), and whether it has.
        self.round_only = False
        self.halted = False
        # What picks each card dealt or drawn, for code that makes every draw a chance
        # event of its own (see picked): the draw pile then has no order and is never
        # shuffled. None: the pile is shuffled, and drawn from the top.
        self.pick: Callable[[list[int]], int] | None = None
        self.undo: Checkpoint | None = None

    def begin(self, order: list[int] | None) -> None:
        """Choose the first dealer and deal the first round (in ``order``, if given)."""
        if self.variant.deal.first_dealer == "random":
            self.dealer = self.rng.randrange(self.n)
        self.start_round(order, first=True)
        self.advance()

    def copy(
        self, rng: random.Random | None = None, *, log: bool = True, round_only: bool = False
    ) -> Engine:
        """An independent copy, random state included, or drawing from ``rng`` if given.

        Copying the generator's state is most of what a copy costs; a search
        that plays thousands of copies out passes one generator they share.
        With ``log=False`` (and in any copy of an engine that keeps no log)
        the copy keeps no event log: its ``events`` stay empty, and it plays
        exactly as with one, a little faster. The rules never read the log.

        With ``round_only=True`` (and in any copy of such a copy) the copy
        stops when the round in progress ends: it scores the round as the
        game would (``last_losers``, ``last_survivor``, tokens, scores, a
        winner if the round decides the game), then, unless the game is won,
        sets ``halted`` and lists no moves, rather than shuffle and deal the
        next round, which a playout of one round would throw away.
        """
        if rng is None:
            rng = type(self.rng)()
            rng.setstate(self.rng.getstate())
        new = Engine(self.variant, self.rules, self.n, rng, self.r.copy())
        # Every other field of ENGINE_FIELDS by name (see Round.copy).
        new.cards_played = self.cards_played
        new.current = self.current
        new.dealer = self.dealer
        new.drew = self.drew
        new.logging = logging = self.logging and log
        new.events = self.events[:] if logging else []
        new.full_deck = self.full_deck
        new.halted = self.halted
        new.in_game = self.in_game[:]
        new.last_losers = self.last_losers
        new.last_survivor = self.last_survivor
        new.legal = self.legal
        new.moves = self.moves[:]
        new.pick = self.pick
        new.played = self.played
        new.round = self.round
        new.round_only = self.round_only or round_only
        new.scores = self.scores[:]
        new.tokens = self.tokens[:]
        new.winner = self.winner
        return new

    def unseen(self, seat: int) -> tuple[list[tuple[int, int]], list[int]]:
        """The cards ``seat`` cannot see, and where they are, for :meth:`redealt`.

        Returns:
            The other seats holding cards, each with its hand size; and those
            cards, their hands' then the draw pile's.
        """
        r = self.r
        seats = [(s, len(hand)) for s, hand in enumerate(r.hands) if s != seat and hand]
        return seats, [k for s, _ in seats for k in r.hands[s]] + r.draw

    def redealt(
        self,
        rng: random.Random,
        seats: list[tuple[int, int]],
        cards: list[int],
        *,
        shuffled: bool = True,
        log: bool = True,
        round_only: bool = False,
    ) -> Engine:
        """A copy drawing from ``rng`` in which ``cards`` are dealt again.

        The one way the library deals again the cards a player cannot see (the
        search player's deals, OpenSpiel's resampling, the observation check of
        :mod:`ono99.testing`): ``cards`` are shuffled with ``rng`` (unless
        ``shuffled`` is false: the caller has put them in the order to deal;
        ``cards`` itself is left as it was), then each ``(seat, size)`` of
        ``seats`` in turn takes its next ``size`` cards, and the rest become
        the draw pile (its top card last). :meth:`unseen` gives both for one
        seat. ``log`` and ``round_only`` as for :meth:`copy`.
        """
        cards = cards[:]
        if shuffled:
            shuffle(rng, cards)
        new = self.copy(rng, log=log, round_only=round_only)
        r = new.r
        at = 0
        for seat, size in seats:
            r.hands[seat] = cards[at : at + size]
            at += size
            if seat == new.current:
                new.legal = None  # the listed moves were of the hand it held
        r.draw = cards[at:]
        return new

    def __reduce__(self) -> tuple[Callable[..., Engine], tuple[object, ...]]:
        # By the fields, leaving out what it is made with or from (see _NOT_PICKLED).
        state = {name: getattr(self, name) for name in ENGINE_FIELDS if name not in _NOT_PICKLED}
        return (_engine_from, (self.variant, self.n, self.rng, state))

    # ------------------------------------------------------------------ moves

    def legal_moves(self) -> tuple[Move, ...]:
        """The current player's legal moves (listed once, then kept until the next move)."""
        legal = self.legal
        if legal is None:
            legal = self.compute_legal()
        return legal

    def play_checked(self, move: object) -> None:
        """Play ``move`` if it is legal; if not, raise and leave the game as it was.

        One of the very objects :meth:`legal_moves` listed needs no further
        check; anything else, even an equal move, gets the full check (and its
        reason) from :meth:`why_illegal`.

        Raises:
            IllegalMoveError: If the move is not legal.
        """
        for listed in self.legal or NO_MOVES:
            if listed is move:
                break
        else:
            # Judged and played as the plain move it stands for (a subclass of
            # Play is played as a Play, never taken for a redraw).
            move = as_move(move)
            reason = self.why_illegal(move)
            if reason is not None:
                raise IllegalMoveError(reason, move)
        # Listed, or found legal: a Move. (No cast() call: this runs every move.)
        self.play(move)  # type: ignore[arg-type]

    def play_returning(self, move: object) -> tuple[ev.Event, ...]:
        """:meth:`play_checked`, returning the events the move caused (what ``Game.play`` does)."""
        events = self.events
        mark = len(events)
        self.play_checked(move)
        return tuple(events[mark:])

    def play(self, move: Move) -> None:
        """Play ``move``, which the caller has found legal: all of it, or nothing.

        The move runs on to the next decision (players with no safe play, a
        new round). In a variant with rule objects of other packages
        (``rules.guarded``), the state is kept before the move, and should any
        of it fail (a rule object raising :class:`~ono99.RuleError`, or even
        Ctrl-C) the game goes back to it before the error goes on. The
        library's own rule objects, alone, cannot fail on a checked variant:
        their moves keep no copy, which would cost about as much as the move.
        """
        if not self.rules.guarded:
            self.apply_move(move)
            return
        undo = self.undo = Checkpoint(self)
        try:
            self.apply_move(move)
        except BaseException:
            self.restore(undo)
            raise
        finally:
            self.undo = None

    def restore(self, undo: Checkpoint) -> None:
        """Put the game back as it was when ``undo`` was made."""
        self.r = undo.r
        self.cards_played = undo.cards_played
        self.current = undo.current
        self.dealer = undo.dealer
        del self.events[undo.events :]
        self.halted = undo.halted
        self.in_game = undo.in_game
        self.last_losers = undo.last_losers
        self.last_survivor = undo.last_survivor
        self.legal = undo.legal
        del self.moves[undo.moves :]
        if undo.rng is not None:
            self.rng.setstate(undo.rng)
        self.round = undo.round
        self.scores = undo.scores
        self.tokens = undo.tokens
        self.winner = undo.winner

    def keep_rng(self) -> None:
        """Before a shuffle: keep the generator's state for the move's undo, if it has one."""
        undo = self.undo
        if undo is not None and undo.rng is None:
            undo.rng = self.rng.getstate()

    def apply_move(self, move: Move) -> None:
        """Play ``move`` (see :meth:`play`)."""
        moves = self.moves
        moves.append(move)
        self.legal = None
        rules = self.rules
        if self.r.reaction is not None:  # an answer out of turn, or a decline
            self.react(move)
            return
        if type(move) is Play:
            card = rules.by_id[move.card]
            if move is card.play:  # the card's one move: no amount, no target
                self.play_card(card)
            else:
                self.play_card(card, move.amount, move.target, say=move.say, declare=move.declare)
        else:
            self.redraw()
        r = self.r
        r.round_plays += 1
        if (r.reached >= 0 or r.losing) and self.settled():
            pass  # a rule ended the game, the round or the turn in the middle of the play
        elif (
            r.round_over
            or r.round_plays >= rules.max_plays
            or (len(moves) >= rules.max_game_plays and self.winner is None)
        ):
            # A trigger ended the round, or it or the game ran too long
            # (round.max_plays, round.max_game_plays).
            end_round(self)
        elif rules.can_run_out and out_of_cards(self):
            count_over(self)  # nobody holds a card, and none can be drawn
        elif r.ends_turn or r.plays_made >= r.forced:
            self.next_turn()
        now = self.r  # the round, or the next one if this move ended it
        if now.reaction is not None:  # the card aimed at a player, who answers first
            self.open_reaction()
        # What advance() does, with its first step inline: most moves leave
        # the next player a safe play.
        if not self.compute_legal():
            self.advance()

    # -------------------------------------------------------------- reactions

    def open_reaction(self) -> None:
        """Once a move that opened a reaction is played: the player it names answers first."""
        r = self.r
        reaction = r.reaction
        if reaction is None:
            return
        if self.winner is not None or self.halted or not r.in_round[reaction.seat]:
            r.reaction = None  # nobody is left to answer it
            return
        r.resume = self.current
        self.current = reaction.seat

    def react(self, move: Move) -> None:
        """Play ``move``, an answer to the reaction open or a decline (found legal)."""
        r = self.r
        rules = self.rules
        reaction = r.reaction
        assert reaction is not None  # noqa: S101 - react() is called only with one open
        seat = self.current
        if type(move) is Play:
            card = rules.by_id[move.card]
            r.hands[seat].remove(card.index)
            r.discard.append(card.index)
            self.cards_played += 1
            back = reaction.answered == "send_back" and r.in_round[reaction.by]
            self.emit(ev.Answered(seat, card.id, reaction.by if back else None))
            if rules.refill:
                self.refill_after(seat, False)
            if back:
                r.reaction = Reaction(
                    seat=reaction.by,
                    by=seat,
                    card=card.id,
                    what=reaction.what,
                    outcomes=reaction.outcomes,
                    answer=reaction.answer,
                    answered=reaction.answered,
                    answers=reaction.answers + 1,
                    max_answers=reaction.max_answers,
                )
                self.current = reaction.by
            else:
                r.reaction = None
                self.current = r.resume
        else:  # a decline: the player takes what was aimed
            r.reaction = None
            self.current = r.resume
            self.emit(ev.Declined(seat, reaction.what))
            self.apply_outcomes(reaction.outcomes, seat, False)
        r.round_plays += 1
        if (r.reached >= 0 or r.losing) and self.settled():
            pass  # what was taken ended the game, the round or the turn
        elif (
            r.round_over
            or r.round_plays >= rules.max_plays
            or (len(self.moves) >= rules.max_game_plays and self.winner is None)
        ):
            end_round(self)
        elif rules.can_run_out and out_of_cards(self):
            count_over(self)
        if not self.compute_legal():
            self.advance()

    def reaction_moves(self) -> tuple[Move, ...]:
        """The moves of the player a reaction is open for: each card that answers, and Decline."""
        r = self.r
        reaction = r.reaction
        assert reaction is not None  # noqa: S101 - asked only with one open
        moves: list[Move] = []
        if reaction.can_answer:
            table = Table(self, reading=True)
            for index in sorted(set(r.hands[self.current])):
                card = self.rules.cards[index]
                if all(c.check(table, card) is None for c in reaction.answer):
                    moves.append(Play(card.id))
        moves.append(Decline())
        legal = self.legal = tuple(moves)
        return legal

    def why_not_reaction(self, move: object) -> str | None:
        """Why ``move`` is no answer to the reaction open (nor a decline); ``None`` if it is."""
        r = self.r
        reaction = r.reaction
        assert reaction is not None  # noqa: S101 - asked only with one open
        player = self.current
        open_text = (
            f"player {reaction.by} aims {reaction.what} at player {player}, who answers "
            "with a card or declines (Decline())"
        )
        if isinstance(move, Decline):
            return None
        if isinstance(move, Redraw):
            return f"no redraw now: {open_text}"
        if not isinstance(move, Play):
            return f"{shown(move)} is not a move (expected Play or Decline): {open_text}"
        card_id: object = getattr(move, "card")  # noqa: B009 - read untyped: a caller may pass anything
        index = card_index(self.rules, card_id)
        if index is None:
            return f"there is no card {shown(card_id)} in {self.variant.id}"
        card = self.rules.cards[index]
        if card.index not in r.hands[player]:
            return f"player {player} holds no {card.name}"
        amount, target, declare = chosen(move)
        said: object = getattr(move, "say")  # noqa: B009 - read untyped, as the card
        given = [
            f"{name}={shown(value)}"
            for name, value in (
                ("amount", amount),
                ("target", target),
                ("say", said),
                ("declare", declare),
            )
            if value is not None
        ]
        if given:
            gives = ", ".join(given)
            return f"an answer is the card alone, with no choice (the move gives {gives})"
        if not reaction.can_answer:
            return (
                f"{reaction.what} has been answered {_times(reaction.answers)}, as often as "
                f"it may be: player {player} can only take it (Decline())"
            )
        table = Table(self, reading=True)
        for condition in reaction.answer:
            reason = condition.check(table, card)
            if reason is not None:
                return f"{card.name} does not answer {reaction.what}: {reason}"
        return None

    def play_out(self, players: Sequence[Player], max_moves: int) -> int | None:
        """Let ``players`` (one per seat) move, for at most ``max_moves`` moves.

        A quick player picks from the legal moves and the total; any other is
        given its :meth:`observation`, as a quick player is where a move's
        total depends on the table (:meth:`told_totals`), which the legal
        moves and the total do not tell.

        Returns:
            The winner, or ``None`` if the game has not ended.

        Raises:
            IllegalMoveError: If a player makes an illegal move.
        """
        variant = self.variant
        # A quick player decides from the legal moves and the total: no observation.
        picks = [getattr(player, "pick", None) for player in players]
        reads = self.rules.reads_table
        for _ in range(max_moves):
            if self.winner is not None:
                break
            seat = self.current
            pick = picks[seat]
            if pick is None or (reads and self.told_totals()):
                move = players[seat].choose(self.observation(seat))
            else:
                move = pick(self.legal or self.legal_moves(), self.r.total, variant)
            self.play_checked(move)
        return self.winner

    def observation(self, seat: int) -> Observation:
        """All that ``seat`` may know, and nothing else (see :meth:`ono99.Game.observation`)."""
        return observation(self, seat)

    # ----------------------------------------------------------------- checks
    #
    # The legal moves (compute_legal, card_moves) and the reasons a move is
    # illegal (why_illegal) are built from the same predicates: a card's
    # conditions (why_blocked), the choices it leaves (its amounts, and the
    # players it may name: targets), the bust limit (safe) and the redraw's
    # timing (redraw_too_late). The quick tests compute_legal reads are the
    # first three worked out once for a card that leaves no choice.

    def why_illegal(self, move: object) -> str | None:
        """Why ``move`` is illegal now, in words; ``None`` when it is legal.

        ``move`` may be anything a caller passes: first its shape (a
        :class:`~ono99.Play` of a card of the variant, or a
        :class:`~ono99.Redraw`), then the rules. Every field of a move is
        checked here, in one place, before anything is recorded: the card,
        what the move says (a whole number), then its amount and target
        (exactly the choices the card leaves open).
        """
        if self.winner is not None:
            return "the game is over"
        rules = self.rules
        r = self.r
        if r.reaction is not None:
            return self.why_not_reaction(move)
        player = self.current
        if isinstance(move, Play):
            # Typed str, but a caller may pass anything: read untyped, since the
            # compiled engine would refuse a card that is not a string outright.
            card_id: object = getattr(move, "card")  # noqa: B009
            index = card_index(rules, card_id)
            if index is None:
                known = ", ".join(rules.ids)
                if is_int(card_id):  # Play(10): the id is the string "10"
                    return (
                        f"a card is named by its id, a string (such as {shown(str(card_id))}), "
                        f"not {shown(card_id)}; the cards of {self.variant.id}: {known}"
                    )
                return (
                    f"there is no card {shown(card_id)} in {self.variant.id} (its cards: {known})"
                )
            card = rules.cards[index]
            if card.index not in r.hands[player]:
                return f"player {player} holds no {card.name}"
            amount, target, declare = chosen(move)
            said: object = getattr(move, "say")  # noqa: B009 - read untyped, as the card
            if said is not None and not is_int(said):
                return f"a move says the total as a whole number (say=N), not {shown(said)}"
            if said is not None and not -MAX_TOTAL <= said <= MAX_TOTAL:
                return f"no total is as far from 0 as say={shown(said)}"
            return (
                self.why_blocked(card)
                or self.why_choice(card, amount, target)
                or self.why_bust(card, move.amount)  # checked: None or a choice of the card
                or self.why_declared(card, declare)
            )
        if isinstance(move, Decline):
            return "no reaction is open: there is nothing to decline"
        if not isinstance(move, Redraw):
            return f"{shown(move)} is not a move (expected Play or Redraw)"
        if rules.redraw_card < 0:
            return f"{self.variant.name} has no redraw"
        card = rules.cards[rules.redraw_card]
        held = r.hands[player].count(card.index)
        if held < rules.redraw_count:
            return (
                f"a redraw needs {rules.redraw_count} {card.name} cards; "
                f"player {player} holds {held}"
            )
        if self.redraw_too_late():
            return "a redraw may only be the first play of a turn"
        return None

    def why_blocked(self, card: CompiledCard) -> str | None:
        """The first reason a condition of ``card`` gives against playing it now."""
        table = Table(self, reading=True)
        for condition in card.conditions:
            reason = condition.check(table, card)
            if reason is not None:
                return reason
        return None

    def why_choice(self, card: CompiledCard, amount: object, target: object) -> str | None:
        """Whether ``amount`` and ``target`` are exactly the choices ``card`` leaves open."""
        if card.repeats and (card.choices or card.chooses_player) and self.repeats_now():
            if amount is None and target is None:
                return None
            given = ", ".join(
                f"{name}={shown(value)}"
                for name, value in (("amount", amount), ("target", target))
                if value is not None
            )
            return (
                f"{card.name} does what the card before it did, with that card's choices: "
                f"the move makes none (it gives {given})"
            )
        if card.choices:
            options = _amounts_in_words(card.choices)
            if amount is None:
                return (
                    f"{card.name} counts {options}: the move must say which, "
                    f'e.g. Play("{card.id}", amount={card.choices[0]})'
                )
            if not is_int(amount) or amount not in card.choices:
                return f"{card.name} counts {options}, not {shown(amount)}"
        elif amount is not None:
            return (
                f"{card.name} leaves no amount to choose (the move gives amount={shown(amount)})"
            )
        if card.chooses_player:
            targets = self.targets(card)
            if target is None:
                seats = ", ".join(str(seat) for seat in targets)
                return (
                    f"{card.name} names the next player: the move must give a target "
                    f"(one of players {seats})"
                )
            if not is_int(target) or target not in targets:
                seats = ", ".join(str(seat) for seat in targets)
                return f"{card.name} may name one of players {seats}, not {shown(target)}"
        elif target is not None:
            return f"{card.name} names no player (the move gives target={shown(target)})"
        return None

    def why_declared(self, card: CompiledCard, declare: object) -> str | None:
        """Whether ``declare`` is one of the things ``card`` lets its player name (or none)."""
        if not card.declares or (card.repeats and self.repeats_now()):
            if declare is None:
                return None
            what = (
                "does what the card before it did, and names nothing"
                if card.declares
                else ("names nothing")
            )
            return f"{card.name} {what} (the move gives declare={shown(declare)})"
        words = self.declarations(card)
        options = ", ".join(words)
        if declare is None:
            return (
                f"{card.name} names a {card.declares} as it is played: the move must say "
                f'which, e.g. Play("{card.id}", declare="{words[0]}") (one of {options})'
            )
        if declare not in words:  # a string, or anything a caller passed
            return f"{card.name} names one of {options}, not {shown(declare)}"
        return None

    def declarations(self, card: CompiledCard) -> list[str]:
        """What a move playing ``card`` may name, as its effect says (``Play.declare``)."""
        declarer = card.declarer
        if declarer is None:
            return []
        return list(declarer.declarations(Table(self, reading=True)))

    def safe(self, card: CompiledCard, total: int, amount: int | None = None) -> bool:
        """Whether playing ``card`` (for ``amount``) at ``total`` keeps below the bust limit.

        And, where a play below the floor is illegal, at or above the floor.
        """
        rules = self.rules
        played = card
        if card.repeats:
            card, amount = self.acting_card(card, amount)
        if card.reads_table:
            raw = self.total_read(played, card, total, amount)
        elif rules.floor_illegal:
            raw = card.total_after(total, amount)
        else:
            return rules.total_after(card, total, amount) < rules.bust
        if rules.floor_illegal:
            floor = rules.floor
            return raw < rules.bust and (floor is None or raw >= floor)
        return rules.floored(raw) < rules.bust

    def why_bust(self, card: CompiledCard, amount: int | None) -> str | None:
        """Why playing ``card`` for ``amount`` would bust, in words; ``None`` if it would not."""
        total = self.r.total
        if self.safe(card, total, amount):
            return None
        rules = self.rules
        what = card.name if amount is None else f"{card.name} for {amount}"
        played = card
        if card.repeats:
            card, amount = self.acting_card(card, amount)
        if card.reads_table:
            raw = self.total_read(played, card, total, amount)
        else:
            raw = card.total_after(total, amount)
        new = rules.floored(raw)
        if rules.floor_illegal and rules.floor is not None and raw < rules.floor:
            return f"{what} would take the total to {raw}; it may not go below {rules.floor}"
        return f"{what} would take the total to {new}; it must stay below {rules.bust}"

    def acting_card(
        self, card: CompiledCard, amount: int | None
    ) -> tuple[CompiledCard, int | None]:
        """The card whose effects a play of ``card`` applies, and for which amount.

        Itself, unless it repeats the card played before it since the count
        started: then that card's, with the amount that play chose (a repeat
        with nothing before it does what its own effects say).
        """
        if card.repeats and self.repeats_now():
            r = self.r
            return self.rules.cards[r.last_card], r.last_amount
        return card, amount

    def repeats_now(self) -> bool:
        """Whether a card that repeats the card before it has one to repeat now.

        Then it does what that card did, with that card's choices; its own
        effects, and the choices they leave open, play no part.
        """
        r = self.r
        return r.last_card >= 0 and bool(r.history)

    def repeated_target(self, card: CompiledCard) -> int | None:
        """The player a repeat of ``card``, the card before it, names.

        The one that play named, if ``card`` may name them now; a player gone
        out of the round since, say, may not be: then nobody, and play passes
        on as usual (as after a forced play of a card that names a player).
        """
        target = self.r.last_target
        if target is not None and target not in self.targets(card):
            return None
        return target

    def redraw_too_late(self) -> bool:
        """Whether a redraw, allowed only as a turn's first play, comes too late."""
        return self.rules.redraw_first_only and self.r.plays_made > 0

    def targets(self, card: CompiledCard) -> list[int]:
        """The players a move playing ``card`` may name, as its effect says."""
        chooser = card.chooser
        if chooser is None:
            return []
        return list(chooser.targets(Table(self, reading=True)))

    def compute_legal(self) -> tuple[Move, ...]:
        """List the current player's legal moves and keep them in ``legal``."""
        if self.winner is not None or self.halted:
            self.legal = NO_MOVES
            return NO_MOVES
        r = self.r
        if r.reaction is not None:
            return self.reaction_moves()
        rules = self.rules
        hand = r.hands[self.current]
        total = r.total
        # The kinds of card held, as the bits of an integer (bit k: card index k):
        # cheaper than sorting the hand at every move.
        redraw = rules.redraw_card
        kinds = 0
        for index in hand:
            kinds |= 1 << index
        # Whether the hand holds enough redraw cards (-1: the variant has none).
        redraws = redraw >= 0 and hand.count(redraw) >= rules.redraw_count
        # A hand of quick-tested cards plays the kinds the total allows, and
        # each set of kinds has its moves listed once (rules.legal_memo).
        playable = -1
        if not kinds & ~rules.quick_kinds and 0 <= total < len(rules.playable):
            playable = kinds & rules.playable[total]
            found = rules.legal_memo.get(playable)
            if found is not None:
                legal = found
                if redraws and not self.redraw_too_late():
                    legal = (*found, Redraw())
                self.legal = legal
                return legal
        quick = rules.quick
        moves: list[Move] = []
        while kinds:  # each kind of card once, in the variant's order
            low = kinds & -kinds  # the lowest bit set: the next kind held
            kinds ^= low
            index = low.bit_length() - 1
            test = quick[index]
            if test is None:
                self.card_moves(rules.cards[index], total, moves)
            elif test and total < test[0]:  # an empty test: never playable
                moves.append(test[1])
        if playable >= 0 and len(rules.legal_memo) < LEGAL_MEMO_SIZE:
            rules.legal_memo[playable] = tuple(moves)
        if redraws and not self.redraw_too_late():
            moves.append(Redraw())
        legal = self.legal = tuple(moves)
        return legal

    def card_moves(self, card: CompiledCard, total: int, moves: list[Move]) -> None:
        """Add the legal moves of ``card`` (held by the current player) to ``moves``."""
        if card.conditions and self.why_blocked(card) is not None:
            return
        announces = self.rules.announces
        if card.play is not None and not announces:  # no choice to make: one move or none
            if self.safe(card, total):
                moves.append(card.play)
            return
        if card.repeats and self.repeats_now():  # the card before's choices, none of its own
            if self.safe(card, total):
                say = self.total_said(card, total, None) if announces else None
                moves.append(Play(card.id, say=say))
            return
        targets: list[int | None] = [None]
        if card.chooses_player:
            targets = list(self.targets(card))
        if card.declares:  # each thing it may name, innermost
            named = self.declarations(card)
            for amount in card.amounts:
                if self.safe(card, total, amount):
                    say = self.total_said(card, total, amount) if announces else None
                    moves.extend(
                        Play(card.id, amount=amount, target=t, say=say, declare=d)
                        for t in targets
                        for d in named
                    )
            return
        for amount in card.amounts:
            if self.safe(card, total, amount):
                say = self.total_said(card, total, amount) if announces else None
                moves.extend(Play(card.id, amount=amount, target=t, say=say) for t in targets)

    def total_said(self, card: CompiledCard, total: int, amount: int | None) -> int:
        """The total a play of ``card`` for ``amount`` makes: what its move says, announcing.

        A card that repeats the card before it makes what that card makes.

        As the cards' effects make it: an effect that acts on the table (a
        rule that sets the total after the card) is not foreseen.
        """
        acting, amount = self.acting_card(card, amount)
        if acting.reads_table:
            return self.rules.floored(self.total_read(card, acting, total, amount))
        return self.rules.total_after(acting, total, amount)

    def total_read(
        self, played: CompiledCard, card: CompiledCard, total: int, amount: int | None
    ) -> int:
        """What a play of ``played`` makes of ``total``, read on the table (before the floor).

        For a card whose total depends on the table (``card.reads_table``;
        ``card`` is the card whose effects act: ``played`` itself, or the card
        a repeat repeats): each effect that reads the table is asked
        ``total_on`` with the table as ``played`` is played, a question's
        table (no change, no random draw), so that the legal moves, what a
        move says, the observation's totals and the play itself agree.
        """
        table = Table(self, reading=True, asking=played.index)
        for effect in card.totals:
            if effect.reads_table:
                total = (
                    effect.total_on(table, card, total)
                    if amount is None
                    else effect.total_on(table, card, total, amount)
                )
            else:
                total = card.effect_total(effect, total, amount)
        return total

    def told_totals(self) -> tuple[tuple[str, int | None, int], ...]:
        """What each play the player to move may make of a card that reads the table makes.

        ``(card id, amount, total)`` for each kind of card in the hand whose
        total depends on the table (or that repeats such a card), for each
        amount it offers, in the variant's card order: what
        :meth:`ono99.Observation.total_after` tells of those moves. Empty in
        a variant where no card's total depends on the table, and once the
        game is over.
        """
        rules = self.rules
        if not rules.reads_table or self.winner is not None or self.halted:
            return ()
        r = self.r
        total = r.total
        repeating = self.repeats_now()
        found: list[tuple[str, int | None, int]] = []
        for index in sorted(set(r.hands[self.current])):
            card = rules.cards[index]
            again = card.repeats and repeating
            acting = rules.cards[r.last_card] if again else card
            if not acting.reads_table:
                continue
            for amount in (None,) if again else card.amounts:
                found.append((card.id, amount, self.total_said(card, total, amount)))
        return tuple(found)

    def emit(self, event: ev.Event) -> None:
        """Add ``event`` to the log, if the engine keeps one.

        Where a move makes an event at every turn, the engine does not make
        it at all when it keeps no log (``if self.logging:``).
        """
        if self.logging:
            self.events.append(event)

    def next_seat(self, seat: int, present: list[bool], direction: int = 1) -> int:
        """The next seat from ``seat`` in ``direction`` whose ``present`` flag is set."""
        n = self.n
        for _ in range(n):
            seat = (seat + direction) % n
            if present[seat]:
                return seat
        return seat

    def start_round(self, order: list[int] | None = None, *, first: bool = False) -> None:
        """Pass the deal on (unless ``first``), shuffle (unless ``order`` is given) and deal."""
        rules = self.rules
        self.round += 1
        if not first or not self.in_game[self.dealer]:
            self.dealer = self.next_seat(self.dealer, self.in_game)
        pick = self.pick
        if order is None:
            order = list(self.full_deck)
            if pick is None:
                self.keep_rng()
                shuffle(self.rng, order)
        r = self.r = Round(rules.stacking, rules.stack_on)
        r.total = rules.start
        r.in_round = self.in_game[:]
        r.players_in_round = sum(r.in_round)
        r.hands = [[] for _ in range(self.n)]
        if rules.zones:
            r.zones = rules.empty_zones(self.n)
        dealer = self.dealer
        left = self.next_seat(dealer, r.in_round)
        leader = left
        if self.variant.deal.leader == "last_loser" and self.last_losers:
            loser = self.last_losers[-1]
            if self.in_game[loser]:
                leader = loser
        self.emit(rules.shared(ev.RoundStarted, self.round, dealer, leader, r.total))
        seats = []
        seat = left
        for _ in range(r.players_in_round):
            seats.append(seat)
            seat = self.next_seat(seat, r.in_round)
        # One card at a time round the table: the i-th seat gets every k-th card.
        k = len(seats)
        dealt = min(len(order), k * rules.hand_size)
        if pick is None:
            for i, seat in enumerate(seats):
                r.hands[seat] = order[i:dealt:k]
            r.draw = order[dealt:][::-1]  # the top card last
        else:
            r.draw = order  # in no order: each card is picked as it is dealt
            for i in range(dealt):
                r.hands[seats[i % k]].append(self.picked(r.draw))
        if self.logging:
            name = rules.ids.__getitem__
            for seat in seats:
                self.emit(ev.Dealt(seat, tuple(map(name, r.hands[seat]))))
        self.current = leader
        self.legal = None
        if rules.starter or rules.show_at_deal or rules.show_at_end:
            self.turn_up_and_show()

    def turn_up_and_show(self) -> None:
        """Once the hands are dealt: turn the starter up; keep the hands for the show, or show."""
        r = self.r
        rules = self.rules
        if rules.starter and r.draw:
            # Turned up from the stock: everybody's to see, nobody's to play.
            starter = r.draw.pop() if self.pick is None else self.picked(r.draw)
            r.starter = starter
            r.out_of_play.append(starter)
            self.emit(ev.StarterTurned(rules.ids[starter]))
        if rules.show_at_deal or rules.show_at_end:
            r.dealt = tuple(tuple(hand) for hand in r.hands)
        if rules.show_at_deal:
            show_hands(self)
            if r.reached >= 0:
                win_at_once(self, r.reached)

    def refill(self, player: int, automatic: bool = False) -> None:
        """Draw up to the hand size, reshuffling the discard pile when the draw pile is empty.

        ``automatic`` when the play before it was (the events say so).
        """
        r = self.r
        hand = r.hands[player]
        missing = self.rules.hand_size - len(hand)
        if missing > 0:
            self.draw_cards(player, missing, automatic)

    def draw_cards(self, player: int, count: int, automatic: bool = False) -> int:
        """``player`` draws ``count`` cards, reshuffling as needed; how many were drawn.

        ``automatic`` when the play before it was (the events say so).
        """
        r = self.r
        hand = r.hands[player]
        drew = self.drew[player]
        events = self.events
        logging = self.logging
        ids = self.rules.ids
        for done in range(count):
            if not r.draw and not self.reshuffle(automatic):
                return done
            index = r.draw.pop() if self.pick is None else self.picked(r.draw)
            hand.append(index)
            if not logging:
                continue
            if automatic:
                events.append(ev.Drew(player, ids[index], automatic=True))
            else:
                events.append(drew[index])
        return count

    def reshuffle(self, automatic: bool = False) -> bool:
        """Shuffle the discard pile into a new draw pile; whether there was anything to shuffle.

        Never where the stock runs out (``reshuffle.enabled = false``).
        """
        r = self.r
        if not self.rules.reshuffles:
            return False
        pile = r.discard
        keep = pile[-1:] if self.rules.keep_top_card else []
        cards = pile[: len(pile) - len(keep)]
        if not cards:
            return False
        if self.pick is None:
            self.keep_rng()
            shuffle(self.rng, cards)
        r.draw = cards
        r.discard = keep
        r.reshuffles += 1
        self.emit(ev.Reshuffled(len(cards), automatic=automatic))
        return True

    def picked(self, pile: list[int]) -> int:
        """Take the card ``pick`` chooses off ``pile`` (without ``pick``, the top card).

        Drawing each card uniformly at random from the cards not yet drawn
        deals exactly as shuffling them and drawing from the top does; an
        engine with a ``pick`` leaves its piles unshuffled and draws this way,
        so that whoever picks (an OpenSpiel state's chance nodes) decides
        each card as it is drawn.
        """
        pick = self.pick
        at = pick(pile) if pick is not None else len(pile) - 1
        card = pile[at]
        pile[at] = pile[-1]
        pile.pop()
        return card

    def play_card(
        self,
        card: CompiledCard,
        amount: int | None = None,
        target: int | None = None,
        *,
        automatic: bool = False,
        say: int | None = None,
        declare: str | None = None,
    ) -> None:
        """Play ``card`` (for ``amount``, naming ``target``): effects, events, refill.

        ``automatic`` when the rules play it (a bust's card), not a move;
        ``say``: what the move says the total is; ``declare``: what it names
        with the card.
        """
        r = self.r
        rules = self.rules
        player = self.current
        before = r.total_before = r.total
        played = card
        if card.repeats:  # it does what the card before it did (see acting_card)
            card, amount = self.acting_card(card, amount)
            if card is not played:
                target = self.repeated_target(card)
        delta = card.delta
        if delta is not None:
            # rules.floored(before + delta), inline: every play of a number card
            total = before + delta
            if total < rules.lowest:
                total = rules.lowest
            elif total > rules.highest:
                total = rules.highest
        else:
            # Before the card leaves the hand: a rule object that fails here changes
            # nothing; one that reads the table reads it as a question about the play did.
            total = (
                rules.floored(self.total_read(played, card, before, amount))
                if card.reads_table
                else rules.total_after(card, before, amount)
            )
        index = played.index
        hand = r.hands[player]
        hand.remove(index)
        r.discard.append(index)
        r.total = total
        r.ends_turn = False
        self.note_play(played, card, amount, target, say, declare=declare)
        events = self.events
        logging = self.logging
        # Events the effects record follow the card's Played event.
        mark = len(events) if logging else 0
        turned = deflected = False
        if card.actions:
            turned, deflected = self.act(card, target, automatic)
            total = r.total
        r.answering = False
        if logging:
            # A repeat's own choices are none: what it repeated is the card before's.
            own = played is card
            event = self.played_event(
                played,
                total,
                amount if own else None,
                target if own else None,
                automatic,
                say=say,
                declare=declare,
            )
            if len(events) == mark:
                events.append(event)
            else:
                events.insert(mark, event)
            if turned:
                events.append(self.rules.turned(player, r.direction, automatic))
            if deflected:
                events.append(ev.Deflected(player, card.id, r.next_owed))
        if rules.refill:
            self.refill_after(player, automatic)
        if rules.play_triggers:
            self.play_fired(before, total, automatic)
        # The play is over; what the card was declared to be is now the card before's.
        r.playing, r.declared, r.declaring = False, r.declaring, None

    def note_play(
        self,
        played: CompiledCard,
        card: CompiledCard,
        amount: int | None,
        target: int | None,
        say: int | None,
        *,
        declare: str | None = None,
    ) -> None:
        """Keep the turn's and the count's record of a play of ``played`` (``card`` acting).

        ``declare``: what the move names with the card (``Play.declare``).
        """
        r = self.r
        r.turn_plays.append(played.id)
        r.plays_made += 1
        self.cards_played += 1
        r.history.append(played.index)
        r.passes = 0
        r.last_player = self.current
        r.last_card, r.last_amount, r.last_target = card.index, amount, target
        r.said = say
        r.playing = True
        if declare is not None:
            r.declaring = Declaration(played.declares, declare, played.id, self.current)

    def refill_after(self, player: int, automatic: bool) -> None:
        """What :meth:`refill` does after every play, a single card drawn inline."""
        r = self.r
        hand = r.hands[player]  # an effect may have swapped it for another
        missing = self.rules.hand_size - len(hand)
        if missing == 1 and r.draw and not self.logging and self.pick is None:
            hand.append(r.draw.pop())  # what draw_cards does for one card, no event
        elif missing > 0:
            self.draw_cards(player, missing, automatic)

    def play_fired(self, before: int, after: int, automatic: bool) -> None:
        """Fire the play triggers that a play from ``before`` to ``after`` fires, in order."""
        rules = self.rules
        player = self.current
        reads = rules.play_reads
        bust = rules.bust
        table: Table | None = None  # one for every trigger that reads it, made when one does
        for i, trigger in enumerate(rules.play_triggers):
            if reads[i]:
                if table is None:
                    table = Table(self, reading=True)
                fired = trigger.fires_on(table)
            else:
                fired = trigger.fires(before, after, bust)
            if fired:
                self.fire(trigger, player, automatic)

    def act(self, card: CompiledCard, target: int | None, automatic: bool) -> tuple[bool, bool]:
        """Apply the effects of ``card`` that act on the table (naming ``target``).

        Returns:
            Whether they turned the direction of play, and whether they
            answered forced plays by passing them on.
        """
        r = self.r
        # What the effects did is read from the table they changed: a new
        # direction, or an answer that ended the turn passing plays on.
        direction, answering = r.direction, r.answering
        r.target = target
        table = Table(self, card.id, automatic)
        try:
            for effect in card.actions:
                effect.apply(table, card)
        finally:
            r.target = None
        # A card the rules play for a player who busts passes nothing on: the
        # player loses, and the plays owed are cleared (see lose).
        deflected = answering and r.ends_turn and r.next_owed > 1 and not automatic
        return r.direction != direction, deflected

    def fire(self, trigger: Trigger, seat: int, automatic: bool) -> None:
        """Apply the outcomes of ``trigger``, fired for ``seat`` (-1: nobody)."""
        text = trigger.describe()
        self.emit(
            ev.TriggerFired(None if seat < 0 else seat, trigger.type, text, automatic=automatic)
        )
        self.apply_outcomes(trigger.outcomes, seat, automatic)

    def apply_outcomes(self, outcomes: tuple[Outcome, ...], seat: int, automatic: bool) -> None:
        """Apply ``outcomes`` (a trigger's, or what a declined reaction aimed) to ``seat``."""
        r = self.r
        table = Table(self, "", automatic)
        for outcome in outcomes:
            outcome.apply(table, seat)
            if outcome.wins_round and seat >= 0 and not r.round_over:
                r.round_winner = seat
            if outcome.loses_round and seat >= 0 and r.in_round[seat]:
                r.losing = (*r.losing, seat)  # out of the round once the play is made
            if outcome.ends_round:
                r.round_over = True

    def played_event(
        self,
        card: CompiledCard,
        total: int,
        amount: int | None,
        target: int | None,
        automatic: bool,
        *,
        say: int | None = None,
        declare: str | None = None,
    ) -> ev.Played:
        """The ``Played`` event of ``card``: a shared one for a plain move at ``total``."""
        player = self.current
        if automatic:
            return ev.Played(
                player, card.id, total, amount=amount, target=target, say=say, automatic=True
            )
        if amount is None and target is None and say is None and declare is None:
            shared = self.played[player][card.index]
            if not 0 <= total < len(shared):
                return ev.Played(player, card.id, total)
            event = shared[total]
            if event is None:
                event = shared[total] = ev.Played(player, card.id, total)
            return event
        return ev.Played(
            player, card.id, total, amount=amount, target=target, say=say, declare=declare
        )

    def redraw(self) -> None:
        """Discard the redraw cards and draw as many."""
        r = self.r
        rules = self.rules
        player = self.current
        hand = r.hands[player]
        card = rules.cards[rules.redraw_card]
        for _ in range(rules.redraw_count):
            hand.remove(card.index)
            r.discard.append(card.index)
        r.ends_turn = False
        r.plays_made += 1
        r.answering = False
        self.emit(ev.Redrew(player, (card.id,) * rules.redraw_count))
        if rules.refill:
            self.refill(player)
        else:  # a hand that is not refilled after a play gets back what it traded in
            self.draw_cards(player, rules.redraw_count)

    def next_turn(self) -> None:
        """Pass the turn on, with the plays the next player owes."""
        r = self.r
        seat = r.next_player
        if seat is None:
            in_round, direction = r.in_round, r.direction
            seat = (self.current + direction) % self.n
            if not in_round[seat]:
                seat = self.next_seat(seat, in_round, direction)
            if r.skip:
                # Skipping all the players in the round comes back to the same
                # seat: no more steps than there are players, however many skips.
                for _ in range(r.skip % r.players_in_round):
                    seat = self.next_seat(seat, in_round, direction)
                r.skip = 0
        else:
            r.skip, r.next_player = 0, None
        self.current = seat
        r.ends_turn = False
        r.plays_made = 0
        if r.turn_plays:
            r.turn_plays.clear()
        owed = r.next_owed
        if owed:
            forced_by = r.next_forced_by
            r.next_owed, r.next_forced_by = 0, ""
            if owed > 1:
                # However the plays owed stacked, a number that stays within bounds.
                owed = min(owed, MAX_TOTAL)
                r.forced, r.forced_by = owed, forced_by
                r.answering = True
                if self.logging:
                    self.emit(self.rules.shared(ev.PlaysOwed, seat, owed, forced_by))
                return
        if r.forced != 1:
            r.forced, r.forced_by = 1, ""
        r.answering = False

    def advance(self) -> None:
        """Resolve every player who has no safe play, until a decision is due."""
        while self.winner is None and not self.halted:
            if self.compute_legal():
                return
            self.no_safe_play()

    def no_safe_play(self) -> None:
        """Deal with a current player who has no legal move, as ``no_safe_play`` says."""
        r = self.r
        rules = self.rules
        player = self.current
        hand = r.hands[player]
        undo_to: int | None = None
        if rules.passes:
            pass_turn(self, player)
            return
        if rules.lay_down:
            cards = tuple(rules.cards[k].id for k in hand)
            (r.discard if rules.laid_down_discarded else r.out_of_play).extend(hand)
            hand.clear()
            self.emit(ev.LaidDown(player, cards))
        else:
            # Every card the conditions allow would bust (there is no legal
            # move): the rules play the one that busts least.
            playable = [
                card
                for card in map(rules.cards.__getitem__, sorted(set(hand)))
                if not card.conditions or self.why_blocked(card) is None
            ]
            if playable:
                before = r.total
                # The lowest total any card (for any amount it offers) gives.
                _, card, amount = min(
                    (
                        (self.total_said(c, r.total, a), c, a)  # a repeat's, what it repeats
                        for c in playable
                        for a in c.amounts
                    ),
                    key=lambda option: option[0],
                )
                self.play_card(card, amount, automatic=True)
                if self.logging:
                    self.emit(ev.Busted(player, r.total))
                undo_to = before if rules.undo_bust else None
            else:
                r.stuck.append(player)
                self.emit(ev.Stuck(player))
        self.lose(player, undo_to)

    def settled(self) -> bool:
        """Settle what rules decided in the middle of a move, once it is played.

        A score that reached a target that wins at once ends the game; the
        players a rule made lose the round (an outcome such as
        ``lose_round``, or no tokens left where that puts a player out at
        once) go out of it, the player who moved last, as after a bust.

        Returns:
            Whether that ended the game, the round or the turn: nothing more
            of the move is left to do.
        """
        r = self.r
        current = self.current
        for _ in range(self.n + 1):  # a loss may fire triggers that decide more
            if r.reached >= 0:
                win_at_once(self, r.reached)
                return True
            losing = list(dict.fromkeys(seat for seat in r.losing if r.in_round[seat]))
            r.losing = ()
            if not losing:
                break
            for seat in losing:
                if seat != current and r.in_round[seat]:
                    self.emit(ev.OutOfRound(seat))
                    if self.take_out(seat):
                        return True
            if current in losing and r.in_round[current]:
                self.emit(ev.OutOfRound(current))
                self.lose(current)
                return True
        if r.round_over:
            end_round(self)
            return True
        return False

    def take_out(self, player: int) -> bool:
        """Take ``player`` out of the round, a loser of it; whether that ended the round."""
        r = self.r
        r.in_round[player] = False
        r.players_in_round -= 1
        r.losers.append(player)
        for trigger in self.rules.loss_triggers:
            self.fire(trigger, player, True)
        if self.rules.first_loss_ends_round or r.players_in_round <= 1 or r.round_over:
            end_round(self)
            return True
        return False

    def lose(self, player: int, undo_to: int | None = None) -> None:
        """Take ``player`` out of the round, and end it or play on."""
        r = self.r
        if self.take_out(player):
            return
        if undo_to is not None:
            # Play goes on after a bust: the others go on from the total before it.
            r.total = undo_to
        # The next player is not forced or skipped, whatever the loser owed or passed on.
        r.next_owed, r.next_forced_by = 0, ""
        r.skip, r.next_player = 0, None
        self.next_turn()


def _times(count: int) -> str:
    """``"once"``, ``"twice"``, ``"3 times"``."""
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def _amounts_in_words(amounts: tuple[int, ...]) -> str:
    """``1 or 11``; a run of more than five amounts as ``any of -10 to 10``."""
    if len(amounts) > 5 and list(amounts) == list(range(amounts[0], amounts[-1] + 1)):
        return f"any of {amounts[0]} to {amounts[-1]}"
    return " or ".join(str(a) for a in amounts)


def _engine_from(
    variant: Variant, players: int, rng: random.Random, state: dict[str, Any]
) -> Engine:
    """An engine in this state (how a pickled engine is read back)."""
    new = Engine(variant, compile_variant(variant), players, rng)
    for name, value in state.items():
        setattr(new, name, value)
    return new
