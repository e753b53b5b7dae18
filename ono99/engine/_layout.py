"""The slots of the observation vector: their names, bounds and places (:class:`Layout`).

What each slot holds is written by :class:`~ono99.engine._view.Vector`, the
one writer of the vector; this module says only where each slot is. A
variant's declared zones (:class:`ono99.Zone`) have slot groups of their own,
laid out from the zone table. Wheels built with mypyc compile it with the
engine (``hatch_build.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._compiled import compile_variant

if TYPE_CHECKING:
    from ono99._variant import Variant

__all__ = ["PER_SEAT", "Layout"]

PER_SEAT = ("to_move", "hand_size", "tokens", "score", "in_game", "in_round")
"""The per-seat slot groups, in order: one slot a seat each."""


class Layout:
    """The slots of the observation vector of one variant and player count: names, bounds, places.

    The slots, in order (``+k`` is the seat ``k`` places to the observer's
    left, so ``+0`` is the observer): ``hand[card]``; ``total``,
    ``direction``, ``plays_owed``; per seat ``to_move``, ``hand_size``,
    ``tokens``, ``score``, ``in_game``, ``in_round``; ``round``,
    ``draw_pile``; ``discard[card]``; ``out_of_play[card]``; ``answering``;
    ``this_turn[card]``; ``forced_by[card]``; ``count[card]``;
    ``last_play[card]``; ``passes``; for a variant played in teams at
    some player count, ``partner[+k]``; for a variant that turns a
    starter up, ``starter[card]``; and for a variant with a card whose
    player names something (``declare``), ``declared[word]``, each word a
    card may name, in the order the cards offer them; and for a variant
    with a card that opens reactions (``aim``), ``reaction[+k]``, the seat
    that aimed the reaction open (all 0 when none is); and for each zone the
    variant declares (:class:`ono99.Zone`), in its order, for each of its
    piles (``NAME``, or ``NAME[+k]`` for a zone a seat, ``NAME[k]`` for a zone
    a team), ``NAME.size`` unless nobody sees it, and ``NAME[card]`` where a
    seat may see its cards (all 0 where this one may not; of a zone a seat
    that only its owner sees, such as the record of the cards each seat laid
    away, ``laid_away``, the observer's own pile's alone, ``NAME[+0][card]``).
    :class:`~ono99.envs.ObservationEncoder` documents what each holds, and
    the bounds.

    Args:
        variant: The variant.
        players: How many play.
        seats: How many seats the vector has room for (``players`` or more:
            the others' slots stay 0).

    Attributes:
        names: The name of each slot.
        low: The least value each slot holds.
        high: The most value each slot holds (a value past a bound is
            written as the bound).
        groups: Each group of slots as ``(start, stop)``, in order: the
            groups of :attr:`~ono99.envs.ObservationEncoder.features`.
        size: How many slots.
    """

    def __init__(self, variant: Variant, players: int, seats: int) -> None:  # noqa: PLR0915 - every bound and slot, in one place
        rules = compile_variant(variant)
        ids = rules.ids
        cards = len(ids)
        self.card_index: dict[str, int] = dict(rules.index)
        self.cards = cards
        self.players = players
        self.seats = seats
        # The bounds, worked out for up to ``seats`` players.
        low = variant.players.min
        counts = range(low, max(low, min(seats, variant.players.max)) + 1)
        decks = [rules.deck_for(p) for p in counts]
        deck = max(len(d) for d in decks)
        per_card = [max(d.count(k) for d in decks) for k in range(cards)]
        start, bust, floor = variant.total.start, variant.total.bust, variant.total.floor
        safe = bust - 1
        reach = max(
            [card.total_after(safe, amount) for card in rules.cards for amount in card.amounts],
            default=safe,
        )
        self.total_low = floor if floor is not None else min(start, 0) - (bust - min(start, 0))
        self.total_high = max(bust, reach)
        self.owed_high = max(2, 2 * variant.deal.kept())
        self.tokens_high = max(variant.match.tokens.count_for(p) for p in counts)
        points = variant.match.points
        hand = variant.deal.kept()
        card_points = [card.points for card in rules.cards] or [0]
        gains = [hand * max(card_points), points.bust, points.survivor, hand * points.missing_card]
        # A round's points (rules may add more: as much again as the target).
        most = max(sum(max(0, g) for g in gains), points.target)
        self.score_high = max(0, points.target - 1) + most
        self.score_low = -self.score_high
        self.round_high = variant.round.max_rounds
        self.count_high = deck

        names: list[str] = []
        lows: list[int] = []
        highs: list[int] = []
        groups: list[tuple[int, int]] = []

        def group(new: list[str], low: list[int], high: list[int]) -> int:
            at = len(names)
            names.extend(new)
            lows.extend(low)
            highs.extend(high)
            groups.append((at, len(names)))
            return at

        def by_card(name: str, high: list[int]) -> int:
            return group([f"{name}[{i}]" for i in ids], [0] * cards, high)

        seat_names = [f"+{k}" for k in range(seats)]
        one = [1] * cards
        self.hand = by_card("hand", per_card)
        self.scalars = group(
            ["total", "direction", "plays_owed"],
            [self.total_low, -1, 0],
            [self.total_high, 1, self.owed_high],
        )
        tops = [1, deck, self.tokens_high, self.score_high, 1, 1]
        self.per_seat = group(
            [f"{g}[{s}]" for g in PER_SEAT for s in seat_names],
            [b for g in PER_SEAT for b in [self.score_low if g == "score" else 0] * seats],
            [t for t in tops for _ in range(seats)],
        )
        self.piles = group(["round", "draw_pile"], [0, 0], [self.round_high, deck])
        self.discard = by_card("discard", per_card)
        self.out_of_play = by_card("out_of_play", per_card)
        self.answering = group(["answering"], [0], [1])
        self.this_turn = by_card("this_turn", per_card)
        self.forced_by = by_card("forced_by", one)
        self.count = by_card("count", [deck] * cards)
        self.last_play = by_card("last_play", one)
        self.passes = group(["passes"], [0], [seats])
        # Only a variant played in teams at some count has its partners' slots.
        self.partner = (
            group([f"partner[{s}]" for s in seat_names], [0] * seats, [1] * seats)
            if variant.players.teams.at
            else -1
        )
        # Only a variant that turns a starter up has its slots.
        self.starter = by_card("starter", one) if variant.deal.starter else -1
        # Only a variant with a card that declares has its slots: each word named.
        words = [
            word
            for card in rules.cards
            if card.declarer is not None
            for word in card.declarer.declarations(None)
        ]
        self.declared_words: dict[str, int] = {w: i for i, w in enumerate(dict.fromkeys(words))}
        self.declared = (
            group(
                [f"declared[{w}]" for w in self.declared_words],
                [0] * len(self.declared_words),
                [1] * len(self.declared_words),
            )
            if words
            else -1
        )
        # Only a variant with a card that opens reactions has their slots.
        self.reaction = (
            group([f"reaction[{s}]" for s in seat_names], [0] * seats, [1] * seats)
            if rules.reacts
            else -1
        )
        # Each declared zone's groups (and the record of the cards laid away):
        # where its sizes and its cards start (-1: none), whether its piles are
        # the seats' from the observer on, how many piles have size slots, and
        # how many card slots (a zone a seat only its owner sees: its own
        # alone). What a seat sees of them is its own.
        self.zones: list[tuple[int, int, bool, int, int]] = []
        zone_slots: list[int] = []
        for zone in rules.zones:
            piles = seats if zone.per_owner else 1
            labels = (
                [f"{zone.name}[{s}]" for s in seat_names]
                if zone.owner == "seat"
                else [f"{zone.name}[{k}]" for k in range(piles)]
                if zone.per_owner
                else [zone.name]
            )
            at = len(names)
            sizes = (
                group([f"{label}.size" for label in labels], [0] * piles, [deck] * piles)
                if zone.visibility != "nobody"
                else -1
            )
            seen = 1 if zone.owner == "seat" and zone.visibility == "owner" else piles
            shown = (
                group(
                    [f"{label}[{i}]" for label in labels[:seen] for i in ids],
                    [0] * (seen * cards),
                    per_card * seen,
                )
                if zone.visibility in {"everyone", "owner", "show"}
                else -1
            )
            zone_slots.extend(range(at, len(names)))
            self.zones.append((sizes, shown, zone.owner == "seat", piles, seen))
        self.names: tuple[str, ...] = tuple(names)
        # The slots only the observer's own view fills (its hand, the plays it
        # owes, its partners, the declared zones): the rest are alike for every
        # seat (up to the order of the seats).
        own = [*range(self.hand, self.hand + cards), self.scalars + 2]
        if self.partner >= 0:
            own.extend(range(self.partner, self.partner + seats))
        own.extend(zone_slots)
        self.own: tuple[int, ...] = tuple(own)
        self.low: tuple[int, ...] = tuple(lows)
        self.high: tuple[int, ...] = tuple(highs)
        self.groups: tuple[tuple[int, int], ...] = tuple(groups)
        self.size = len(names)

    def places(self, seat: int) -> list[int]:
        """Where each slot of ``seat``'s vector is kept in the buffer of a :class:`SeatVectors`.

        The slots alike for every seat are kept once, at the start, each
        seat's slots in the order of the table's seats (seat ``s`` at ``+s``);
        a seat's own slots (:attr:`own`) are kept in a block of their own, the
        ``seat + 1``-th block of :attr:`size` slots. So ``buffer[places(seat)]``
        (numpy's indexing by a list) is ``seat``'s vector.
        """
        n, m, size = self.players, self.seats, self.size
        places = list(range(size))
        # Each group of per-seat slots starts at the observer's seat.
        rotated = [self.per_seat + g * m for g in range(len(PER_SEAT))]
        if self.reaction >= 0:
            rotated.append(self.reaction)
        for start in rotated:
            for k in range(n):
                places[start + k] = start + (seat + k) % n
        for i in self.own:
            places[i] = (seat + 1) * size + i
        return places
