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
from ono99._errors import IllegalMoveError
from ono99._limits import MAX_TOTAL

from ._chance import shuffle
from ._compiled import compile_variant
from ._deal import deal_round, draw
from ._legality import play_moves
from ._moves import NO_MOVES, Move, Play, as_move
from ._out import no_safe_play, settled
from ._phases import PlayPhase
from ._play import apply_outcomes, play_move
from ._react import open_reaction
from ._round import Checkpoint, Round
from ._scoring import count_over, end_phase, end_round, out_of_cards, run_phases
from ._table import Table
from ._view import join_records, observation, unseen_zones

if TYPE_CHECKING:
    import random
    from collections.abc import Callable, Sequence

    from ono99._phases import Phase
    from ono99._variant import Variant
    from ono99.rules import Trigger

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
    __slots__ = (*ENGINE_FIELDS, "mates", "own_play", "teams", "undo")

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
        # event of its own (see to_top): the draw pile then has no order and is never
        # shuffled. None: the pile is shuffled, and drawn from the top.
        self.pick: Callable[[list[int]], int] | None = None
        self.undo: Checkpoint | None = None
        # The engine's own play phase, whose compiled functions the engine calls
        # directly (a call through a phase object, which the build does not
        # compile, costs more than the move); None where a variant's play is
        # another class. Compared by identity: no lookup of a class at each move.
        play = rules.play_phase
        self.own_play: Phase | None = play if type(play) is PlayPhase else None

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
            The places holding cards the seat cannot see, each with its size:
            the other seats' hands (a place a seat), then the piles of the
            declared zones whose cards it does not see (place ``n + j``: the
            ``j``-th pile of the declared zones, in the table's order; of a
            crib, the cards the seat laid away are not among them, which it
            knows: ``_view.unseen_zones``); and those cards, theirs in that
            order, then the draw pile's.
        """
        r = self.r
        seats = [(s, len(hand)) for s, hand in enumerate(r.hands) if s != seat and hand]
        cards = [k for s, _ in seats for k in r.hands[s]]
        if r.zones:  # the declared zones' (what a record keeps for the seat kept)
            places, hidden = unseen_zones(self, seat)
            seats += places
            cards += hidden
        return seats, cards + r.draw

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
        declared = [pile for piles in r.zones for pile in piles]
        at = 0
        for seat, size in seats:
            if seat >= new.n:  # a pile of a declared zone (see unseen)
                declared[seat - new.n][:] = cards[at : at + size]
            else:
                r.hands[seat] = cards[at : at + size]
            at += size
            if seat == new.current:
                new.legal = None  # the listed moves were of the hand it held
        r.draw[:] = cards[at:]
        if new.rules.laid_away >= 0:
            join_records(new, seats)  # a crib dealt again holds the cards laid away
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
        """Play ``move`` (see :meth:`play`): the phase in progress plays it, then its end.

        The end of a move is one for every phase: a rule that ended the
        game, the round or the turn in mid-move is settled, a round that
        ran too long or out of cards ends; then the phase goes on
        (:meth:`ono99.Phase.moved`: the play passes the turn and opens a
        reaction), and the next decision is found.
        """
        moves = self.moves
        moves.append(move)
        self.legal = None
        rules = self.rules
        phase = self.r.phase
        # The engine's own play phase is a shell over compiled functions:
        # they are called directly (see own_play).
        own_play = phase is self.own_play
        if own_play:
            play_move(self, move)
        else:
            phase.apply(self, move)
        r = self.r
        r.round_plays += 1
        going_on = False
        if (r.reached >= 0 or r.losing) and settled(self):
            pass  # a rule ended the game, the round or the turn in the middle of the move
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
        else:
            going_on = True
        if own_play:
            self.after_play(going_on)
        else:
            phase.moved(self, going_on)
        # What advance() does, with its first step inline: most moves leave
        # the next player a safe play.
        if not self.compute_legal():
            self.advance()

    # -------------------------------------------------------------- reactions

    def play_out(self, players: Sequence[Player], max_moves: int) -> int | None:
        """Let ``players`` (one per seat) move, for at most ``max_moves`` moves.

        A quick player picks from the legal moves and the total; any other is
        given its :meth:`observation`, as a quick player is where the move
        due needs one (:meth:`needs_observation`).

        Returns:
            The winner, or ``None`` if the game has not ended.

        Raises:
            IllegalMoveError: If a player makes an illegal move.
        """
        variant = self.variant
        # A quick player decides from the legal moves and the total: no observation.
        picks = [getattr(player, "pick", None) for player in players]
        observe = self.rules.may_observe
        for _ in range(max_moves):
            if self.winner is not None:
                break
            seat = self.current
            pick = picks[seat]
            if pick is None or (observe and self.needs_observation()):
                move = players[seat].choose(self.observation(seat))
            else:
                move = pick(self.legal or self.legal_moves(), self.r.total, variant)
            self.play_checked(move)
        return self.winner

    def observation(self, seat: int) -> Observation:
        """All that ``seat`` may know, and nothing else (see :meth:`ono99.Game.observation`)."""
        return observation(self, seat)

    def needs_observation(self) -> bool:
        """Whether the player to move decides from an observation, not the legal moves and total.

        So where the phase in progress says it does
        (:attr:`ono99.Phase.needs_observation`: laying cards away), and in
        the play where a move's total depends on the table
        (:meth:`told_totals`), which the legal moves and the total do not
        tell. The one place the loops that play quick players ask it.
        """
        rules = self.rules
        if rules.observing and self.r.phase.needs_observation:
            return True
        return rules.reads_table and bool(self.told_totals())

    # ----------------------------------------------------------------- checks
    #
    # The legal moves and the reasons a move is illegal are the phase's
    # (ono99.Phase.legal, why_illegal): the play's are built from the
    # predicates below, a card's conditions (why_blocked), the choices it
    # leaves (its amounts, and the players it may name: targets), the bust
    # limit (safe) and the redraw's timing (redraw_too_late); see _legality.

    def why_illegal(self, move: object) -> str | None:
        """Why ``move`` is not legal now, in words; ``None`` if it is: the phase's answer."""
        if self.winner is not None:
            return "the game is over"
        return self.r.phase.why_illegal(self, move)

    def why_blocked(self, card: CompiledCard) -> str | None:
        """The first reason a condition of ``card`` gives against playing it now."""
        table = Table(self, reading=True)
        for condition in card.conditions:
            reason = condition.check(table, card)
            if reason is not None:
                return reason
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
        """List the current player's legal moves, the phase's, and keep them in ``legal``."""
        if self.winner is not None or self.halted:
            self.legal = NO_MOVES
            return NO_MOVES
        phase = self.r.phase
        if phase is self.own_play:  # the engine's own play: its compiled function
            return play_moves(self)
        return phase.legal(self)

    def after_play(self, going_on: bool) -> None:
        """The play phase's end of a move: pass the turn once it is over; open a reaction.

        ``going_on``: the move ended neither the game, the round nor the
        count. The reaction the card aimed, if any, opens in the round the
        move left (the next one, if it ended this one).
        """
        r = self.r
        if going_on and (r.ends_turn or r.plays_made >= r.forced):
            self.next_turn()
        if self.r.reaction is not None:
            open_reaction(self)

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
        """Pass the deal on (unless ``first``), shuffle (unless ``order`` is given) and deal.

        The round's first phase, the deal, with the deck's order; then its
        next phases, up to the play (see ``_scoring.run_phases``). A method
        (see ``_deal``), which the tests of the invariant checks patch.
        """
        deal_round(self, order, first=first)
        run_phases(self, 1)

    def end_phase(self) -> None:
        """The phase in progress is over (it says so once its last move is made): the next begin.

        What a phase with moves of its own calls from its ``moved`` (see
        :class:`ono99.Phase`); the play's end is the round's end instead.
        """
        end_phase(self)

    def draw_cards(self, player: int, count: int, automatic: bool = False) -> int:
        """``player`` draws up to ``count`` cards; how many they drew (see ``_deal``).

        The draws a rule object makes, through the table; the engine's own refills
        call ``_deal.draw`` directly.
        """
        return draw(self, player, count, automatic)

    def fire(self, trigger: Trigger, seat: int, automatic: bool) -> None:
        """Apply the outcomes of ``trigger``, fired for ``seat`` (-1: nobody)."""
        text = trigger.describe()
        self.emit(
            ev.TriggerFired(None if seat < 0 else seat, trigger.type, text, automatic=automatic)
        )
        apply_outcomes(self, trigger.outcomes, seat, automatic)

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
            no_safe_play(self)

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


def _engine_from(
    variant: Variant, players: int, rng: random.Random, state: dict[str, Any]
) -> Engine:
    """An engine in this state (how a pickled engine is read back)."""
    new = Engine(variant, compile_variant(variant), players, rng)
    for name, value in state.items():
        setattr(new, name, value)
    return new
