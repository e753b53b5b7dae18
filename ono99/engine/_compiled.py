"""A variant compiled for play: cards as integers and rule tables built once.

The engine works on card indices rather than ids, and on tables computed once
per variant here, so that a move costs little. Nothing here knows any card or
variant by name: it only reads the variant's settings and rule objects.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, TypeVar

from ono99 import events as ev
from ono99._errors import VariantError
from ono99._limits import MAX_TOTAL
from ono99._phases import Phase, default_phases, lays_away, phase_types
from ono99._zones import BUILT_IN_ZONES, LAID_AWAY, RecordZone, Zone
from ono99.loading import check_variant

from ._guard import guard_condition, guard_effect, guard_trigger, guarded
from ._moves import Play
from ._round import DECLARED, RECORDS

if TYPE_CHECKING:
    from collections.abc import Callable

    from ono99._variant import Card, Variant
    from ono99.rules import Condition, Effect, Trigger

    from ._moves import Move

__all__ = [
    "LEGAL_MEMO_SIZE",
    "NEVER",
    "CompiledCard",
    "CompiledVariant",
    "QuickTest",
    "card_index",
    "compile_variant",
]

# Per seat, per card index: the shared Drew event; the Played events by total.
DrewTable = tuple[tuple[ev.Drew, ...], ...]
PlayedTable = tuple[tuple[list[ev.Played | None], ...], ...]

E = TypeVar("E", bound=ev.Event)

# How many lists of moves a compiled variant keeps (see CompiledVariant.legal_memo):
# one for each set of kinds of card that a hand may play, which is far fewer
# than this in the shipped variants (each a key and a short tuple: about 0.6 MB full).
LEGAL_MEMO_SIZE = 1 << 12

# How many totals (from 0) have their Played events shared, and their playable
# kinds tabled: every total below the bust limit of the shipped variants.
SHARED_TOTALS = 256


class CompiledCard:
    """One kind of card, ready for the engine."""

    __slots__ = (
        "actions",
        "additive",
        "amounts",
        "card",
        "choices",
        "chooser",
        "chooses_player",
        "colour",
        "conditions",
        "declarer",
        "declares",
        "delta",
        "id",
        "index",
        "name",
        "play",
        "points",
        "rank",
        "reads_table",
        "repeats",
        "safe_below",
        "suit",
        "tags",
        "totals",
        "value",
    )

    def __init__(self, index: int, card: Card) -> None:
        self.index = index
        self.card = card
        self.id = card.id
        self.name = card.name
        self.points = card.points
        self.rank = card.rank
        self.suit = card.suit
        self.colour = card.colour
        self.tags = card.tags
        # What the effects are on this card (one that reads the card's rank or
        # suit is decided here, once), and the conditions its kind does not settle.
        resolved = card.resolved
        effects = tuple(effect for _, effect in resolved)
        # Each rule object of another package is guarded, once, here (see _guard).
        where = f"cards.{card.id}"
        self.conditions: tuple[Condition, ...] = tuple(
            guard_condition(c, f"{where}.conditions[{i}]")
            for i, c in enumerate(card.conditions)
            if c.allows_card(card) is not True
        )
        # An effect decided for this card is named as the effect it comes from.
        guarded = {id(e): guard_effect(e, f"{where}.effects[{i}]") for i, e in resolved}
        # Effects that change the total, and those that act on the table.
        self.totals: tuple[Effect, ...] = tuple(guarded[id(e)] for e in effects if e.changes_total)
        self.actions: tuple[Effect, ...] = tuple(guarded[id(e)] for e in effects if e.acts)
        # The amounts a move chooses among (the variant check allows one such
        # effect per card), and ``amounts``: what a move may say, None for no choice.
        self.choices: tuple[int, ...] = tuple(a for e in effects for a in e.choices)
        self.amounts: tuple[int | None, ...] = self.choices or (None,)
        # The effect that says which players a move may name (the first that
        # names one: every effect that names a player reads the same target).
        self.chooser: Effect | None = next(
            (guarded[id(e)] for e in effects if e.chooses_player), None
        )
        self.chooses_player = self.chooser is not None
        # The effect that says what a move may name with the card (the variant
        # check allows one per card), and what it names ("" for nothing).
        self.declarer: Effect | None = next((guarded[id(e)] for e in effects if e.declares), None)
        self.declares: str = "" if self.declarer is None else self.declarer.declares
        # Whether it does what the card played before it did (see Engine.acting_card).
        self.repeats = any(e.repeats_previous for e in effects)
        # Whether the total it makes depends on the table (see Engine.total_read):
        # its total is then worked out on the table, never from the total alone.
        self.reads_table = any(e.reads_table for e in self.totals)
        # The one move that plays the card, when it leaves no choice (shared, it is frozen).
        self.play = None if self.choices or self.chooses_player or self.declares else Play(card.id)
        # Whether every total effect adds an amount (fixed or chosen), and when it
        # is fixed the delta: the new total is then total + delta.
        self.additive = all(e.adds_to_total for e in self.totals)
        self.delta: int | None = None
        if self.additive and not self.choices:
            self.delta = sum(self.effect_total(e, 0, None) for e in self.totals)
        # For a card with a fixed delta, the totals below which playing it is safe
        # (set by CompiledVariant, which knows the bust limit); None for any other card.
        self.safe_below: int | None = None
        # What the card counts in a hand at the show: its fixed delta (CardInfo.value).
        self.value: int | None = self.delta

    def total_after(self, total: int, amount: int | None = None) -> int:
        """The total after this card's effects with the chosen amount, before the floor.

        Without the table: for a card that ``reads_table``, what its effects
        say where no table is known (the engine asks ``Engine.total_read``).
        """
        if self.delta is not None:
            return total + self.delta
        for effect in self.totals:
            total = self.effect_total(effect, total, amount)
        return total

    def effect_total(self, effect: Effect, total: int, amount: int | None) -> int:
        """What ``effect`` makes of ``total`` (a guarded one checks what it answers)."""
        return effect.total_after(total) if amount is None else effect.total_after(total, amount)


class CompiledVariant:
    """A variant's settings and cards in the form the engine reads."""

    def __init__(self, variant: Variant) -> None:
        problems = check_variant(variant)
        if problems:
            raise VariantError([f"{p.path}: {p.message}" for p in problems], variant.id)
        self.variant = variant
        self.cards = tuple(CompiledCard(i, c) for i, c in enumerate(variant.cards))
        self.ids = tuple(c.id for c in self.cards)
        self.index = {c.id: c.index for c in self.cards}
        one = tuple(c.index for c in self.cards for _ in range(c.card.count))
        self._one_deck = one
        self._decks: dict[int, tuple[int, ...]] = {}
        self.deck = one * variant.deck.copies
        # The hand size kept by drawing; the deal deals ``dealt_size`` cards to
        # each hand after the ``extra`` cards (card index, count), taken first.
        self.hand_size = variant.deal.kept()
        self.dealt_size = variant.deal.hand_size
        self.extra = tuple((self.index[e.card], e.count) for e in variant.deal.extra)
        self.start = variant.total.start
        self.bust = variant.total.bust
        self.floor = variant.total.floor
        # The lowest and highest totals there can be: the floor, else -MAX_TOTAL;
        # and MAX_TOTAL (a total at or above the bust limit is a bust anyway).
        self.lowest = -MAX_TOTAL if self.floor is None else self.floor
        self.highest = MAX_TOTAL
        for card in self.cards:
            if card.delta is not None:
                # total + delta < bust, and a floor (always below bust) never makes
                # a safe play unsafe or an unsafe one safe.
                card.safe_below = self.bust - card.delta
        self.by_id = {c.id: c for c in self.cards}
        # Whether the total some card makes depends on the table (see Engine.total_read).
        self.reads_table = any(c.reads_table for c in self.cards)
        # Per card index, ``(below, move)`` when one comparison lists the card's
        # moves: its one move is legal exactly when total < below; NEVER for a card
        # that can never be played. None sends the card to the full check (other
        # conditions, choices, effects that do not add a fixed amount).
        # Whether a play below the floor is illegal rather than raised to it; and
        # whether it busts (a total that counts down): the rules' play of a player
        # with no safe play is then the one that busts by least.
        self.floor_illegal = variant.total.below_floor != "raised"
        self.floor_busts = variant.total.below_floor == "busts"
        # Whether a rule judges what a move says the total is: the legal moves
        # then say it, and are listed card by card (the total decides each).
        self.announces = any(t.reads_announcement for t in variant.triggers)
        self.quick: tuple[QuickTest, ...] = tuple(
            None if self.announces else _quick_test(c, self.floor_illegal) for c in self.cards
        )
        # The kinds of card with a quick test, as bits (bit k: card index k), and
        # for each total from 0 to the bust limit (at most SHARED_TOTALS: the
        # limit may be any integer; higher totals are listed card by card) those
        # of them that may be played: a hand of such cards plays the kinds in
        # ``kinds & playable[total]``.
        self.quick_kinds = 0
        for index, test in enumerate(self.quick):
            if test is not None:
                self.quick_kinds |= 1 << index
        self.playable = tuple(
            sum(1 << k for k, test in enumerate(self.quick) if test and total < test[0])
            for total in range(max(0, min(self.bust, SHARED_TOTALS)) + 1)
        )
        # The moves of each such set of kinds, listed once (see Engine.compute_legal).
        self.legal_memo: dict[int, tuple[Move, ...]] = {}
        self._events: dict[int, tuple[DrewTable, PlayedTable]] = {}
        self._partners: dict[int, tuple[tuple[tuple[int, ...], ...], list[list[int]]]] = {}
        # Events that recur, made once each (events are frozen): see turned() and shared().
        self._turned: dict[tuple[int, int, bool], ev.DirectionChanged] = {}
        self._shared: dict[tuple[object, tuple[object, ...]], ev.Event] = {}
        self._settings(variant)
        redraw = variant.redraw
        self.redraw_card = self.index[redraw.card] if redraw else -1
        self.redraw_count = redraw.count if redraw else 0
        # Whether a redraw may only be a turn's first play.
        self.redraw_first_only = redraw is not None and redraw.when == "first_play"
        # The variant's triggers, by when the engine asks them (in the file's order).
        triggers = tuple(
            guard_trigger(t, f"triggers[{i}]") for i, t in enumerate(variant.triggers)
        )
        self.any_triggers = bool(triggers)
        self._moments(triggers)
        # Per play trigger, whether it is asked with the table (fires_on).
        self.play_reads: tuple[bool, ...] = tuple(t.reads_table for t in self.play_triggers)

        self.max_plays = variant.round.max_plays
        self.max_rounds = variant.round.max_rounds
        self.max_game_plays = variant.round.max_game_plays
        self.guarded = _guarded(self.cards, triggers)

    def _moments(self, triggers: tuple[Trigger, ...]) -> None:
        """The triggers by the moment each is asked at, in the file's order."""
        self.play_triggers: tuple[Trigger, ...] = tuple(t for t in triggers if t.after_play)
        self.loss_triggers: tuple[Trigger, ...] = tuple(t for t in triggers if t.on_loss)
        self.end_triggers: tuple[Trigger, ...] = tuple(t for t in triggers if t.on_round_end)
        self.count_triggers: tuple[Trigger, ...] = tuple(t for t in triggers if t.on_count_end)
        self.show_triggers: tuple[Trigger, ...] = tuple(t for t in triggers if t.on_show)
        self.turn_up_triggers: tuple[Trigger, ...] = tuple(t for t in triggers if t.on_turn_up)

    def _settings(self, variant: Variant) -> None:
        """The settings the engine reads at each move, read once."""
        self.stacking = variant.forced_play.stacking
        # Whether some effect moves cards between hands and piles, or changes
        # tokens or scores (hands may then grow beyond the hand size).
        self.changes_hands = any(e.changes_hands for card in self.cards for e in card.actions)
        # Whether some effect may open a reaction: a player answers out of turn, or declines.
        self.reacts = any(e.opens_reactions for card in self.cards for e in card.actions)
        self.stack_on = variant.forced_play.stack_on
        self.lay_down = variant.no_safe_play.action == "lay_down"
        # A player with no legal move passes (and stays in), rather than losing.
        self.passes = variant.no_safe_play.action == "pass"
        self.restarts = variant.total.restart == "when_all_pass"
        # The passes in a row that end the count (0: every player in the round).
        self.passes_end_count = 2 if variant.no_safe_play.count_ends == "two_passed" else 0
        match = variant.match
        # A player a rule leaves with no tokens mid-round loses the round at once.
        self.out_at_zero_at_once = (
            match.scoring == "tokens"
            and not match.tokens.play_on_at_zero
            and match.tokens.out_at_zero == "at_once"
        )
        # A score that reaches the target wins at once, in mid-round (0: no such target).
        points = match.points
        at_once = points.at_target == "win" and points.reached == "at_once"
        self.wins_at = points.target if match.scoring == "points" and at_once else 0
        self.refill = variant.deal.refill
        self.reshuffles = variant.reshuffle.enabled
        self.negative_scores = variant.match.points.negative
        # The points seats are given as a deal starts (match.points.at_deal).
        self.deal_scores = points.at_deal if match.scoring == "points" else ()
        # Whether hands may run out (no refill, or a stock that is not renewed).
        self.can_run_out = not self.refill or not self.reshuffles
        self.laid_down_discarded = variant.no_safe_play.laid_down == "discard_pile"
        self.undo_bust = variant.no_safe_play.undo_bust
        self.first_loss_ends_round = variant.round.end == "first_loss"
        self.keep_top_card = variant.reshuffle.keep_top_card
        self.starter = variant.deal.starter
        # The zones the variant declares (after those of every variant: table;
        # the record of the cards laid away follows them, below), and what
        # each seat sees of the table's piles, worked out once (sight).
        self.zones = variant.zones
        self._sight: dict[int, tuple[list[int], list[list[int]]]] = {}
        # When the hands are shown and scored (none without a trigger that scores them).
        show = variant.deal.show if any(t.on_show for t in variant.triggers) else "none"
        self.show_at_deal = show == "at_deal"
        self.show_at_end = show == "at_round_end"
        # The round's phases, in order (the variant's list, or the one its
        # settings call for); the play, the phase with moves; and the
        # interrupt phase a reaction out of turn opens over it.
        known = phase_types()
        deal = variant.deal
        # How many cards each seat lays away, and the stock gives, into the crib, by players.
        counts = range(variant.players.min, variant.players.max + 1)
        self.put_aside = {n: deal.put_aside_for(n) for n in counts}
        self.from_stock = {n: deal.from_stock_for(n) for n in counts}
        self.crib = next((i for i, z in enumerate(self.zones) if z.name == deal.put_aside_to), -1)
        names = variant.round.phases or default_phases(self.starter, show, lays_away(variant))
        # Whether cards are laid away at the deal.
        self.lays_away = "put_aside" in names
        # The record of the cards each seat laid away this round, after the
        # declared zones: a seat knows its own (RecordZone); -1 without a crib.
        self.laid_away = -1
        if self.lays_away and self.crib >= 0:
            self.laid_away = len(self.zones)
            record = RecordZone(LAID_AWAY, "seat", "owner", of=deal.put_aside_to)
            self.zones = (*self.zones, record)
        # The zones whose cards lie in another zone too (counted there alone).
        self.records: tuple[int, ...] = RECORDS + tuple(
            DECLARED + z for z, zone in enumerate(self.zones) if zone.records
        )
        self.phases: tuple[Phase, ...] = tuple(known[name]() for name in names)
        self.play_phase = next(phase for phase in self.phases if phase.name == "play")
        self.react_phase = known["react"]()
        # Whether some phase of the round has its players decide from an
        # observation (Phase.needs_observation): asked at each move only then.
        self.observing = any(p.needs_observation for p in (*self.phases, self.react_phase))
        # Whether any decision may need one (Engine.needs_observation asks which).
        self.may_observe = self.observing or self.reads_table

    def __reduce__(self) -> tuple[Callable[[Variant], CompiledVariant], tuple[Variant]]:
        # The variant is all it takes: read back, these are its (cached) compiled rules.
        return (compile_variant, (self.variant,))

    def deck_for(self, players: int) -> tuple[int, ...]:
        """The whole deck (card indices) for a game of ``players`` players (made once)."""
        deck = self._decks.get(players)
        if deck is None:
            deck = self._decks[players] = self._one_deck * self.variant.deck.copies_for(players)
        return deck

    def partners(self, players: int) -> tuple[tuple[tuple[int, ...], ...], list[list[int]]]:
        """The teams of a ``players``-player game, and each seat's team (its own alone).

        The first seat of a seat's team stands for the team.
        """
        found = self._partners.get(players)
        if found is None:
            teams = self.variant.players.teams.for_players(players)
            mates = [[seat] for seat in range(players)]
            for team in teams:
                for seat in team:
                    mates[seat] = list(team)
            found = self._partners[players] = (teams, mates)
        return found

    @property
    def table(self) -> tuple[Zone, ...]:
        """The zone table's zones: those of every variant first, as the round's table (_round)."""
        return BUILT_IN_ZONES + self.zones

    def sight(
        self, players: int, seat: int, dealer: int, shown: bool
    ) -> tuple[list[int], list[list[int]]]:
        """What ``seat`` sees of each pile of the zone table: 2 its cards, 1 its size, 0 nothing.

        Each zone's visibility says (:meth:`ono99.Zone.seen_by`), for a
        ``players``-player round dealt by ``dealer``, before the show or
        after it (``shown``); worked out once, then kept.

        Returns:
            For each zone, what the seat sees of every one of its piles where
            that is alike (-1 where it is not); and of each pile.
        """
        key = ((players * 256 + seat) * 256 + dealer) * 2 + (1 if shown else 0)
        found = self._sight.get(key)
        if found is None:
            teams = self.partners(players)[0]
            rows = [
                [
                    zone.seen_by(k, seat, dealer, teams, shown)
                    for k in range(zone.piles(players, teams))
                ]
                for zone in self.table
            ]
            alike = [-1 if len(set(row)) > 1 else row[0] if row else 2 for row in rows]
            found = self._sight[key] = (alike, rows)
        return found

    def empty_zones(self, players: int) -> list[list[list[int]]]:
        """The zone table of a ``players``-player round, every zone empty: each zone's piles.

        The zones of every variant (:data:`ono99.BUILT_IN_ZONES`: one pile
        each, a pile a seat for the hands, and for the hands as dealt where
        there is a show), then the declared zones (:attr:`table`).
        """
        teams = self.partners(players)[0]
        dealt = players if self.show_at_deal or self.show_at_end else 0
        table: list[list[list[int]]] = [
            [[]],
            [[]],
            [[] for _ in range(players)],
            [[]],
            [[]],
            [[] for _ in range(dealt)],
        ]
        for zone in self.zones:
            table.append([[] for _ in range(zone.piles(players, teams))])
        return table

    def event_tables(self, players: int) -> tuple[DrewTable, PlayedTable]:
        """The shared ``Drew`` and ``Played`` events of a ``players``-player game.

        Events are frozen, so those that recur are made once and shared: seat
        ``p`` drawing card ``k`` is ``drew[p][k]``, and playing it to total
        ``t`` (a card that leaves no choice) is ``played[p][k][t]``, filled in
        as totals are met: a list indexed by the total (cheaper than a dict)
        for the totals from 0 below the bust limit, where every move's total
        lies in the shipped variants; others are not shared.
        """
        tables = self._events.get(players)
        if tables is None:
            seats = range(players)
            drew = tuple(tuple(ev.Drew(p, c.id) for c in self.cards) for p in seats)
            totals = max(0, min(self.bust, SHARED_TOTALS))
            played: PlayedTable = tuple(tuple([None] * totals for _ in self.cards) for _ in seats)
            tables = self._events[players] = (drew, played)
        return tables

    def turned(self, player: int, direction: int, automatic: bool) -> ev.DirectionChanged:
        """``DirectionChanged(player, direction, automatic=automatic)``, made once and shared."""
        key = (player, direction, automatic)
        event = self._turned.get(key)
        if event is None:
            event = ev.DirectionChanged(player, direction, automatic=automatic)
            self._turned[key] = event
        return event

    def shared(self, kind: Callable[..., E], *fields: object) -> E:
        """The event ``kind(*fields)``, made once and shared.

        Only for events whose fields take few values (seats, small counts,
        card ids), not a hand's cards: every event asked for is kept.
        """
        key = (kind, fields)
        event = self._shared.get(key)
        if event is None:
            event = self._shared[key] = kind(*fields)
        return event  # type: ignore[return-value] # kept under its own kind

    def floored(self, total: int) -> int:
        """``total``, kept between the floor (or ``-MAX_TOTAL``) and ``MAX_TOTAL``.

        The one place the floor applies (with :meth:`total_after` and the
        engine's play of a card with a fixed delta, which inline it).
        """
        if total < self.lowest:
            return self.lowest
        if total > self.highest:
            return self.highest
        return total

    def total_after(self, card: CompiledCard, total: int, amount: int | None = None) -> int:
        """The total after playing ``card`` for ``amount``, with the floor applied."""
        # What floored(card.total_after(...)) gives, without the two calls for a
        # card with a fixed delta: the players' rankings ask this of every move.
        delta = card.delta
        total = total + delta if delta is not None else card.total_after(total, amount)
        if total < self.lowest:
            return self.lowest
        if total > self.highest:
            return self.highest
        return total


def _guarded(cards: tuple[CompiledCard, ...], triggers: tuple[Trigger, ...]) -> bool:
    """Whether a move may call a rule object of another package (one :mod:`._guard` wrapped).

    The engine then keeps a copy of the state before each move, to go back to
    should a rule object fail. An effect that adds a fixed amount is asked only
    when the variant is compiled (its card's ``delta``), never during a move.
    """
    rules: list[object] = [*triggers]
    for card in cards:
        if card.delta is None:
            rules += card.totals
        rules += [*card.actions, *card.conditions]
        if card.chooser is not None:
            rules.append(card.chooser)
        if card.declarer is not None:
            rules.append(card.declarer)
    return any(guarded(rule) for rule in rules)


# A card whose one move is never legal, whatever the total: no threshold, so
# that no total, however low, can ever make it playable.
NEVER: tuple[()] = ()

# How the engine lists a card's moves: ``(below, move)``, the move being legal
# exactly when total < below; NEVER; or None for the full check.
QuickTest = tuple[int, Play] | tuple[()] | None


def _quick_test(card: CompiledCard, floor_illegal: bool) -> QuickTest:
    """How one comparison lists ``card``'s one move, if one does (see QuickTest).

    Not for a card that repeats the card before it, nor, where a play below the
    floor is illegal, for a card that lowers the total (two bounds, not one).
    """
    if card.play is None or card.repeats:
        return None
    if floor_illegal and card.delta is not None and card.delta < 0:
        return None
    if card.conditions and any(c.blocks_every_play for c in card.conditions):
        return NEVER
    if card.conditions or card.safe_below is None:
        return None
    return (card.safe_below, card.play)


def card_index(rules: CompiledVariant, card_id: object) -> int | None:
    """The index of the card ``card_id`` names (callers may pass anything), or ``None``."""
    return rules.index.get(card_id) if isinstance(card_id, str) else None


@functools.lru_cache(maxsize=32)
def _compiled(variant: Variant) -> CompiledVariant:
    return CompiledVariant(variant)


def compile_variant(variant: Variant) -> CompiledVariant:
    """The compiled form of a variant, built once and shared.

    A variant that cannot be hashed (one holding a rule object of another
    package with a list among its settings) is compiled anew each time.
    """
    try:
        return _compiled(variant)
    except TypeError:
        # Hashing it failed, before the cache called _compiled (which raises
        # the library's errors only): compile it without the cache.
        return CompiledVariant(variant)
