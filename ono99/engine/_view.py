"""What a seat sees: read from the engine once, then shown as an observation or as numbers.

:func:`see` is the one reading of the engine's state for one seat: the one
place that decides what a player may know (their own hand, never another's;
the plays owed only to the player to move; the turn's plays only while the
game goes on; ...). What it returns, a :class:`View`, is shown in two ways,
both from here:

- :func:`observation`: as an :class:`~ono99.Observation`, with card ids
  (what :meth:`ono99.Game.observation` returns);
- :class:`Vector`: as the numbers of a ``Layout`` (``_layout``), the fixed-length
  observation vector of the reinforcement-learning environments, written into
  a buffer (:class:`~ono99.envs.ObservationEncoder` names its slots).

An observation is turned back into a view by :func:`view_of` (for a policy
that is handed observations), so that a vector has one writer whichever of the
two it comes from. A new thing a player sees is a field of :class:`View`, read
in :func:`see`, and shown by :func:`observation` and by a slot group of the
``Layout`` (``_layout``, where each slot is) written in :meth:`Vector.show`.

A zone a variant declares (:class:`ono99.Zone`) needs none of that: each is
read from the round's zone table as its visibility says (:func:`see`), shown as
a :class:`~ono99.SeenZone` of the observation, and given slot groups of its
own, its size and its cards for each of its piles.

Wheels built with mypyc compile it with the engine (``hatch_build.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._moves import NO_MOVES
from ._observation import Observation, SeenZone
from ._round import DECLARED, HAND, OUT_OF_PLAY, PILE, STARTER, STOCK

if TYPE_CHECKING:
    from ono99.rules import Declaration, Reaction

    from ._engine import Engine
    from ._layout import Layout

__all__ = [
    "SeatVectors",
    "Vector",
    "View",
    "join_records",
    "observation",
    "see",
    "unseen_zones",
    "view_of",
]


class View:
    """What one seat may know now, as card indices and numbers (made by :func:`see`).

    What the seat sees of the cards is read from the zone table (``_round``),
    every zone alike, as its visibility says: ``piles`` is the table (the
    round's own, read at once and never kept while the game moves on, or the
    table an observation shows), ``sight`` what the seat sees of each pile
    (``CompiledVariant.sight``: 2 its cards, 1 its size, 0 nothing), and
    ``sizes``, where given, each pile's size (an observation's table holds no
    cards of the piles it does not show). The hand, the piles, the starter and
    the declared zones are read from them. Card indices are in the variant's
    card order.
    """

    def __init__(  # noqa: PLR0917 - one argument a field, made in two places only
        self,
        player: int,
        total: int,
        direction: int,
        current: int,
        winner: int,
        owed: int,
        answering: bool,
        this_turn: list[str],
        forced_by: str,
        tokens: list[int],
        scores: list[int],
        in_game: list[bool],
        in_round: list[bool],
        round: int,
        count: list[int],
        last_card: int,
        last_amount: int | None,
        last_target: int | None,
        last_player: int,
        passes: int,
        mates: list[int],
        piles: list[list[list[int]]],
        sight: list[list[int]],
        sizes: list[list[int]] | None = None,
        declared: Declaration | None = None,
        reaction: Reaction | None = None,
    ) -> None:
        self.player = player
        self.total = total
        self.direction = direction
        self.current = current
        self.winner = winner  # -1 while the game goes on
        self.owed = owed
        self.answering = answering
        self.this_turn = this_turn  # card ids
        self.forced_by = forced_by  # a card id, "" on a turn that is not forced
        self.tokens = tokens
        self.scores = scores
        self.in_game = in_game
        self.in_round = in_round
        self.round = round
        self.count = count
        self.last_card = last_card  # -1 before the count's first play
        self.last_amount = last_amount
        self.last_target = last_target
        self.last_player = last_player  # -1 before any play this round
        self.passes = passes
        self.mates = mates  # the seat's team (itself alone without teams)
        self.piles = piles
        self.sight = sight
        self.given_sizes = sizes
        self.declared = declared  # what the last card of the count was declared to be
        self.reaction = reaction  # the reaction open, None for none

    def cards(self, z: int) -> list[list[int]]:
        """The cards of each pile of zone ``z`` of the table where seen (empty where not)."""
        seen = self.sight[z]
        return [pile if seen[k] == 2 else _UNSEEN for k, pile in enumerate(self.piles[z])]

    def sizes(self, z: int) -> list[int]:
        """The size of each pile of zone ``z`` of the table where seen (-1 where not even that)."""
        if self.given_sizes is not None:
            return self.given_sizes[z]
        seen = self.sight[z]
        return [len(pile) if seen[k] else -1 for k, pile in enumerate(self.piles[z])]

    def top(self, z: int) -> list[int]:
        """The one pile of zone ``z`` (a zone of one pile), where seen (empty where not)."""
        return self.piles[z][0] if self.sight[z][0] == 2 else _UNSEEN

    @property
    def hand(self) -> list[int]:
        """The seat's own hand."""
        return self.piles[HAND][self.player] if self.sight[HAND][self.player] == 2 else _UNSEEN

    @property
    def hand_sizes(self) -> list[int]:
        """Each seat's hand size."""
        return self.sizes(HAND)

    @property
    def draw_size(self) -> int:
        """How many cards the stock holds."""
        return self.sizes(STOCK)[0]

    @property
    def discard(self) -> list[int]:
        """The discard pile, its top card last."""
        return self.top(PILE)

    @property
    def out_of_play(self) -> list[int]:
        """The cards out of play."""
        return self.top(OUT_OF_PLAY)

    @property
    def starter(self) -> int:
        """The card turned up at the deal, -1 for none."""
        pile = self.top(STARTER)
        return pile[0] if pile else -1

    @property
    def zones(self) -> int:
        """How many zones the table has (those of every variant, then the declared ones)."""
        return len(self.piles)


_UNSEEN: list[int] = []  # the cards of a pile the seat does not see (never written to)


def see(engine: Engine, seat: int) -> View:
    """What ``seat`` may know of ``engine``'s game now: the one reading of it for a player."""
    r = engine.r
    winner = engine.winner
    playing = winner is None
    mine = playing and seat == engine.current
    forced = playing and r.forced >= 2
    sight = engine.rules.sight(engine.n, seat, engine.dealer, r.shown)[1]
    return View(
        seat,
        r.total,
        r.direction,
        engine.current,
        -1 if winner is None else winner,
        r.forced - r.plays_made if mine else 0,
        playing and r.answering,
        r.turn_plays if playing else [],
        r.forced_by if forced else "",
        engine.tokens,
        engine.scores,
        engine.in_game,
        r.in_round,
        engine.round,
        r.history,
        r.last_card,
        r.last_amount,
        r.last_target,
        r.last_player,
        r.passes,
        engine.mates[seat],
        r.piles,
        sight,
        None,
        r.declared,
        r.reaction if playing else None,
    )


def observation(engine: Engine, seat: int) -> Observation:
    """All that ``seat`` may know, and nothing else (see :meth:`ono99.Game.observation`)."""
    view = see(engine, seat)
    name = engine.rules.ids.__getitem__
    playing = view.winner < 0
    mine = playing and seat == view.current
    starter = view.starter
    return Observation(
        player=seat,
        hand=tuple(map(name, view.hand)),
        total=view.total,
        direction=view.direction,
        current_player=view.current,
        plays_owed=view.owed,
        answering=view.answering,
        played_this_turn=tuple(view.this_turn),
        forced_by=view.forced_by or None,
        hand_sizes=tuple(view.hand_sizes),
        tokens=tuple(view.tokens),
        scores=tuple(view.scores),
        in_game=tuple(view.in_game),
        in_round=tuple(view.in_round),
        round=view.round,
        draw_pile_size=view.draw_size,
        discard_pile=tuple(map(name, view.discard)),
        out_of_play=tuple(map(name, view.out_of_play)),
        winner=None if playing else view.winner,
        legal_moves=engine.legal_moves() if mine else NO_MOVES,
        count=tuple(map(name, view.count)),
        last_play=(
            (name(view.last_card), view.last_amount, view.last_target)
            if view.last_card >= 0
            else None
        ),
        last_player=view.last_player if view.last_player >= 0 else None,
        passes=view.passes,
        teams=engine.teams,
        starter=name(starter) if starter >= 0 else None,
        declared=view.declared,
        reaction=view.reaction,
        variant=engine.variant,
        table_totals=engine.told_totals() if mine else (),
        zones=_seen_zones(engine, view) if view.zones > DECLARED else (),
        dealer=engine.dealer,
    )


def _seen_zones(engine: Engine, view: View) -> tuple[SeenZone, ...]:
    """The declared zones as ``view`` shows them, with card ids (for :func:`observation`)."""
    name = engine.rules.ids.__getitem__
    out = []
    for z in range(DECLARED, view.zones):
        sizes = view.sizes(z)
        seen = view.sight[z]
        out.append(
            SeenZone(
                engine.rules.table[z].name,
                tuple(
                    tuple(map(name, pile)) if seen[k] == 2 else None
                    for k, pile in enumerate(view.piles[z])
                ),
                tuple(size if size >= 0 else None for size in sizes),
            )
        )
    return tuple(out)


def unseen_zones(engine: Engine, seat: int) -> tuple[list[tuple[int, int]], list[int]]:
    """The piles of the declared zones ``seat`` does not see, and their cards (``Engine.unseen``).

    Each pile is a place ``n + j`` (the ``j``-th pile of the declared zones,
    in the table's order) with the number of its cards to deal again. A
    record (:class:`ono99.RecordZone`: the cards each seat laid away) keeps
    in the pile it records, where that is unseen, the cards the seat sees
    in it: its own laid away are known, and never dealt again; the others'
    records are dealt again, and so is the rest of the pile (the stock's
    cards), a place even when empty, which :func:`join_records` fills again.
    """
    r = engine.r
    rules = engine.rules
    zones = rules.zones
    dealer, teams, shown = engine.dealer, engine.teams, r.shown
    firsts = [engine.n]  # the place of each declared zone's first pile
    for piles in r.zones:
        firsts.append(firsts[-1] + len(piles))
    of = {zone.name: z for z, zone in enumerate(zones)}
    records = {of[zone.records]: z for z, zone in enumerate(zones) if zone.records}
    seats: list[tuple[int, int]] = []
    cards: list[int] = []
    for z, (zone, piles) in enumerate(zip(zones, r.zones, strict=True)):
        if zone.records:
            continue  # with the pile it records
        record = records.get(z, -1)
        for owner, pile in enumerate(piles):
            if not pile or zone.seen_by(owner, seat, dealer, teams, shown) == 2:
                continue
            if record < 0 or len(piles) != 1:
                seats.append((firsts[z] + owner, len(pile)))
                cards += pile
                continue
            free = pile[:]  # the cards of the pile no record holds, and each record's unseen
            for k, laid in enumerate(r.zones[record]):
                for card in laid:
                    free.remove(card)
                if laid and zones[record].seen_by(k, seat, dealer, teams, shown) < 2:
                    seats.append((firsts[record] + k, len(laid)))
                    cards += laid
            seats.append((firsts[z], len(free)))
            cards += free
    return seats, cards


def join_records(engine: Engine, seats: list[tuple[int, int]]) -> None:
    """Put back in each pile dealt again the cards its records hold (after ``Engine.redealt``).

    A pile a record records is dealt only the cards no record holds
    (:func:`unseen_zones`): the records' cards, the seat's own and the
    others' as dealt again, join them.
    """
    r = engine.r
    zones = engine.rules.zones
    dealt = {place for place, _ in seats}
    first = engine.n
    for zone, piles in zip(zones, r.zones, strict=True):
        if first in dealt and len(piles) == 1:
            for z, record in enumerate(zones):
                if record.records == zone.name:
                    for laid in r.zones[z]:
                        piles[0].extend(laid)
        first += len(piles)


def view_of(seen: Observation, index: dict[str, int]) -> View:
    """The view an observation shows (``index``: each card id's index), for :class:`Vector`.

    The inverse of :func:`observation`, field by field: it decides nothing.
    Each zone of the table is read from the observation's field that shows
    it (the declared zones from :attr:`~ono99.Observation.zones`).
    """
    last = seen.last_play
    mates = next((list(team) for team in seen.teams if seen.player in team), [seen.player])
    hands: list[list[int]] = [[] for _ in seen.hand_sizes]
    hands[seen.player] = [index[card] for card in seen.hand]
    starter = [index[seen.starter]] if seen.starter is not None else []
    # The table as the observation shows it: each zone's piles, and what it
    # shows of each (the zones of every variant by the fields that show them).
    piles: list[list[list[int]]] = [
        [[]],
        [[index[card] for card in seen.discard_pile]],
        hands,
        [starter],
        [[index[card] for card in seen.out_of_play]],
        [],
    ]
    sight = [[1], [2], [2 if k == seen.player else 1 for k in range(len(hands))], [2], [2], []]
    sizes: list[list[int]] = [
        [seen.draw_pile_size],
        [len(seen.discard_pile)],
        list(seen.hand_sizes),
        [len(starter)],
        [len(seen.out_of_play)],
        [],
    ]
    for zone in seen.zones:
        piles.append(
            [[index[card] for card in pile] if pile is not None else [] for pile in zone.cards]
        )
        sight.append(
            [
                2 if pile is not None else 0 if size is None else 1
                for pile, size in zip(zone.cards, zone.sizes, strict=True)
            ]
        )
        sizes.append([-1 if size is None else size for size in zone.sizes])
    return View(
        seen.player,
        seen.total,
        seen.direction,
        seen.current_player,
        -1 if seen.winner is None else seen.winner,
        seen.plays_owed,
        seen.answering,
        list(seen.played_this_turn),
        seen.forced_by or "",
        list(seen.tokens),
        list(seen.scores),
        list(seen.in_game),
        list(seen.in_round),
        seen.round,
        [index[card] for card in seen.count],
        index[last[0]] if last is not None else -1,
        last[1] if last is not None else None,
        last[2] if last is not None else None,
        -1 if seen.last_player is None else seen.last_player,
        seen.passes,
        mates,
        piles,
        sight,
        sizes,
        seen.declared,
        seen.reaction,
    )


class _Counted:
    """A group of counts by card as a :class:`Vector` last wrote it: the cards, their tally."""

    def __init__(self, cards: int) -> None:
        self.cards: list[int] = []  # the card indices counted, in their order
        self.tally = [0] * cards  # how many of each (before any bound)


EVERY = 3
"""A :class:`Vector` writes every slot of its observer's vector."""
ALIKE = 1
"""A :class:`Vector` writes the slots alike for every seat, each seat's at ``+seat``."""
OWN = 2
"""A :class:`Vector` writes its observer's own slots (:attr:`Layout.own`) alone."""


class Vector:
    """One observer's vector, kept in a buffer that only the slots that changed are written to.

    A group of counts by card is counted again only where its cards changed:
    a pile that only grew since the last write (checked, not assumed) has
    only its new cards counted.

    Args:
        layout: The layout of the vector.
        target: A writable buffer of ``at + layout.size`` numbers or more,
            all 0 (a memoryview of a numpy array, or a list, say); each slot
            is written as a ``float``.
        part: What is written: :data:`EVERY` slot (the observer's vector);
            the slots :data:`ALIKE` for every seat, the per-seat slots in the
            table's order rather than the observer's; or the observer's
            :data:`OWN` slots alone (see :class:`SeatVectors`).
        at: Where in ``target`` slot 0 is written.
    """

    def __init__(self, layout: Layout, target: Any, part: int = EVERY, at: int = 0) -> None:
        self.layout = layout
        self.target = target
        self.alike = part != OWN
        self.own = part != ALIKE
        self.at = at
        self.shown = [0] * layout.size
        # Each group of counts by card, at the slot it starts at (made when first written).
        self.counted: list[_Counted | None] = [None] * layout.size
        # Each group of one card, at the slot it starts at: the card lit (-1: none).
        self.lit = [-1] * layout.size
        # What the per-seat groups were last written from (for seen_player).
        self.seen_player = -1
        self.seen_mover = -2
        self.seen_sizes: list[int] = []
        self.seen_tokens: list[int] = []
        self.seen_scores: list[int] = []
        self.seen_in_game: list[bool] = []
        self.seen_in_round: list[bool] = []
        self.seen_turn: list[str] = []

    def update(self, engine: Engine, player: int) -> None:
        """Write what ``player`` sees of ``engine``'s game now (:func:`see`) into the target."""
        self.show(see(engine, player))

    def put(self, i: int, value: int) -> None:
        """Set slot ``i`` to ``value``, writing the target only if it changed."""
        if self.shown[i] != value:
            self.shown[i] = value
            self.target[self.at + i] = float(value)  # a float is written to a float buffer at once

    def put_counts(self, start: int, cards: list[int], high: int = -1) -> None:
        """Set the slots from ``start`` on to how many of each card index ``cards`` holds.

        With ``high`` 0 or more, a count past it is written as ``high``.
        """
        group = self.counted[start]
        if group is None:
            group = self.counted[start] = _Counted(self.layout.cards)
        before = group.cards
        tally = group.tally
        m = len(before)
        n = len(cards)
        if n == m and cards == before:
            return  # the same cards: nothing to write
        if n > m and (m == 0 or cards[:m] == before):
            # Only grown: count the new cards alone.
            grown = cards[m:]
            before.extend(grown)
            for k in grown:
                tally[k] = tally[k] + 1  # not +=, which compiled adds boxed numbers
            self._write(start, grown, tally, high)
            return
        for k in before:
            tally[k] = 0
        for k in cards:
            tally[k] = tally[k] + 1
        group.cards = cards[:]
        self._write(start, before, tally, high)  # the slots of the cards gone, and
        self._write(start, cards, tally, high)  # of those there now

    def _write(self, start: int, cards: list[int], tally: list[int], high: int) -> None:
        """Write the slots of ``cards`` from ``start`` on: each card's tally, up to ``high``."""
        shown = self.shown
        target = self.target
        at = self.at
        for k in cards:
            value = tally[k]
            if 0 <= high < value:
                value = high
            i = start + k
            if shown[i] != value:
                shown[i] = value
                target[at + i] = float(value)

    def show(self, view: View) -> None:
        """Write ``view`` into the target: the one writer of the vector's slots."""
        layout = self.layout
        if self.own:
            self.put_counts(layout.hand, view.hand)
            self.put(layout.scalars + 2, min(view.owed, layout.owed_high))
            if layout.partner >= 0:
                self.show_partners(view)
            if layout.zones:
                self.show_zones(view)
        if not self.alike:
            return
        # The per-seat slots from the observer on, or (part ALIKE) from seat 0 on.
        player = view.player if self.own else 0
        if player != self.seen_player:
            self.forget(player)
        i = layout.scalars
        self.put(i, min(max(view.total, layout.total_low), layout.total_high))
        self.put(i + 1, view.direction)
        self.show_seats(view, player)
        i = layout.piles
        self.put(i, min(view.round, layout.round_high))
        self.put(i + 1, view.draw_size)
        self.put_counts(layout.discard, view.discard)
        self.put_counts(layout.out_of_play, view.out_of_play)
        self.put(layout.answering, 1 if view.answering else 0)
        card_index = layout.card_index
        if view.this_turn != self.seen_turn:
            self.seen_turn = view.this_turn[:]
            self.put_counts(layout.this_turn, [card_index[card] for card in view.this_turn])
        self.put_one(layout.forced_by, card_index[view.forced_by] if view.forced_by else -1)
        self.put_counts(layout.count, view.count, layout.count_high)
        self.put_one(layout.last_play, view.last_card)
        self.put(layout.passes, min(view.passes, layout.seats))
        self.show_rules(view, player)

    def show_seats(self, view: View, player: int) -> None:
        """Write the per-seat slots, from ``player``'s seat on.

        Each group is written only when its values changed (checked as a whole
        list, which is cheaper than each slot).
        """
        layout = self.layout
        n = layout.players
        i = layout.per_seat
        m = layout.seats
        mover = view.current if view.winner < 0 else -1
        if mover != self.seen_mover:
            self.seen_mover = mover
            for k in range(n):
                self.put(i + k, 1 if (player + k) % n == mover else 0)
        sizes = view.hand_sizes
        if sizes != self.seen_sizes:
            self.seen_sizes = sizes[:]
            for k in range(n):
                self.put(i + m + k, sizes[(player + k) % n])
        tokens = view.tokens
        if tokens != self.seen_tokens:
            self.seen_tokens = tokens[:]
            high = layout.tokens_high
            for k in range(n):
                self.put(i + 2 * m + k, min(max(tokens[(player + k) % n], 0), high))
        scores = view.scores
        if scores != self.seen_scores:
            self.seen_scores = scores[:]
            low, high = layout.score_low, layout.score_high
            for k in range(n):
                self.put(i + 3 * m + k, min(max(scores[(player + k) % n], low), high))
        in_game = view.in_game
        if in_game != self.seen_in_game:
            self.seen_in_game = in_game[:]
            for k in range(n):
                self.put(i + 4 * m + k, 1 if in_game[(player + k) % n] else 0)
        in_round = view.in_round
        if in_round != self.seen_in_round:
            self.seen_in_round = in_round[:]
            for k in range(n):
                self.put(i + 5 * m + k, 1 if in_round[(player + k) % n] else 0)

    def forget(self, player: int) -> None:
        """Forget which per-seat values were written: they are written again for ``player``."""
        self.seen_player = player
        self.seen_mover = -2
        self.seen_sizes = []
        self.seen_tokens = []
        self.seen_scores = []
        self.seen_in_game = []
        self.seen_in_round = []

    def put_one(self, start: int, index: int) -> None:
        """Set the slot ``start + index`` to 1 and the others of its group to 0 (all for -1)."""
        lit = self.lit[start]
        if lit != index:
            if lit >= 0:
                self.put(start + lit, 0)
            if index >= 0:
                self.put(start + index, 1)
            self.lit[start] = index

    def show_partners(self, view: View) -> None:
        """Write the observer's partners' slots."""
        layout = self.layout
        player = view.player
        n = layout.players
        mates = view.mates
        for k in range(n):
            seat = (player + k) % n
            self.put(layout.partner + k, 1 if seat != player and seat in mates else 0)

    def show_zones(self, view: View) -> None:
        """Write the slots of the declared zones: each pile's size and cards, as seen.

        A zone a seat has its piles from the observer on.
        """
        layout = self.layout
        cards = layout.cards
        player = view.player
        for z in range(view.zones - DECLARED):
            sizes_at, shown_at, from_observer, slots, seen = layout.zones[z]
            sizes = view.sizes(DECLARED + z)
            piles = view.cards(DECLARED + z)
            count = len(sizes)
            for k in range(min(slots, count)):
                p = (player + k) % count if from_observer else k
                if sizes_at >= 0:
                    self.put(sizes_at + k, max(sizes[p], 0))
                if shown_at >= 0 and k < seen:
                    self.put_counts(shown_at + k * cards, piles[p])

    def show_rules(self, view: View, player: int) -> None:
        """Write the slots alike for every seat that only some variants have.

        The starter, the reaction and what was declared; the reaction's
        seats from ``player`` on.
        """
        layout = self.layout
        n = layout.players
        if layout.starter >= 0:
            self.put_one(layout.starter, view.starter)
        if layout.reaction >= 0:
            by = -1 if view.reaction is None else view.reaction.by
            for k in range(n):
                self.put(layout.reaction + k, 1 if (player + k) % n == by else 0)
        if layout.declared >= 0:
            named = view.declared
            at = -1 if named is None else layout.declared_words.get(named.value, -1)
            for k in range(len(layout.declared_words)):
                self.put(layout.declared + k, 1 if k == at else 0)


class SeatVectors:
    """Every seat's vector of one game, the slots alike for all written once.

    Where a :class:`Vector` a seat keeps each seat's copy of what all of them
    see, and writes each change once for every seat that looks, this keeps
    the slots alike for every seat once (their per-seat slots in the table's
    order) and each seat's own slots apart. A seat's vector is gathered from
    the buffer by :meth:`Layout.places`. Writing a seat's vector after a move
    then writes the move's changes once, not once a seat.

    Args:
        layout: The layout of the vectors.
        target: A writable buffer of ``layout.size * (layout.players + 1)``
            numbers, all 0.
    """

    def __init__(self, layout: Layout, target: Any) -> None:
        self.alike = Vector(layout, target, ALIKE)
        self.own = [
            Vector(layout, target, OWN, (seat + 1) * layout.size) for seat in range(layout.players)
        ]

    def update(self, engine: Engine, player: int) -> None:
        """Write what ``player`` sees of ``engine``'s game now (:func:`see`) into the target."""
        view = see(engine, player)
        self.alike.show(view)
        self.own[player].show(view)
