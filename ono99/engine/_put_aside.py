"""The put-aside phase: each player lays cards away from the hand into the crib.

"Each player looks at their six cards and 'lays away' two of them face down
to reduce the hand to four. The four cards laid away together constitute 'the
crib'" (Bicycle Cards, Cribbage). The variant says how many each hand lays
away (``deal.put_aside``), how many the stock gives (``deal.from_stock``) and
into which declared zone (``deal.put_aside_to``); the move is
:class:`~ono99.PutAside`, several cards at once. Its owner scores the zone
at the show, after the hands (``_scoring.show_hands``). Each seat's cards
laid away are recorded too, in the zone :data:`ono99.LAID_AWAY` (a
:class:`~ono99.RecordZone`): face down to the others, known to the seat.

Not compiled, as the engine's other phases (``_phases``).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from attrs import frozen

from ono99 import events as ev
from ono99._args import shown
from ono99._phases import Phase, phase_type

from ._deal import to_top
from ._game import engine_of
from ._moves import Decline, Move, Play, PutAside, Redraw
from ._round import DEALT, DECLARED, HAND, OUT_OF_PLAY, STOCK, move_card
from ._scoring import show_one

if TYPE_CHECKING:
    from ._engine import Engine
    from ._game import Game

__all__ = ["PutAsidePhase", "crib_shown"]


@phase_type
@frozen
class PutAsidePhase(Phase):
    """The crib: "each player is first to lay out two of the five cards for the crib" (Hoyle).

    ("which always belongs to the dealer", Hoyle's Games, "Five-Card
    Cribbage".) Once the hands are dealt, the stock gives the crib its cards
    (``deal.from_stock``: "plus one card to the crib", Bicycle Cards,
    Three-Hand Cribbage); then each seat in the round, from the seat to play
    first round the table, lays ``deal.put_aside`` cards away face down
    (:class:`~ono99.PutAside`). What the hands keep is what they play and
    show. Before the starter is turned up ("After the crib is laid away, the
    non-dealer cuts the pack", Bicycle Cards).
    """

    name: ClassVar[str] = "put_aside"
    moves: ClassVar[bool] = True
    needs_observation: ClassVar[bool] = True  # what to lay away: the crib's owner, the hand
    after: ClassVar[frozenset[str]] = frozenset({"deal"})
    before: ClassVar[frozenset[str]] = frozenset({"turn_up", "show", "play", "settle"})

    def begin(self, game: Engine) -> None:
        """The stock's cards go to the crib; the first seat lays away, or the phase ends."""
        r = game.r
        rules = game.rules
        given = rules.from_stock.get(game.n, 0)
        zone, pile = _crib(game)
        if given and zone >= 0:
            cards = []
            for _ in range(min(given, len(r.draw))):
                if game.pick is not None:
                    to_top(game, r.draw)
                cards.append(rules.ids[move_card(r, STOCK, 0, zone, pile)])
            game.emit(ev.LaidAway(None, tuple(cards), _zone(game), automatic=True))
        game.legal = None
        if not _laying(game) or zone < 0:
            game.end_phase()

    def legal(self, game: Engine) -> tuple[Move, ...]:
        """Each way of laying ``deal.put_aside`` of the hand's cards away, once each.

        A way is the cards laid away whatever their order: of a hand holding
        two copies of a card, laying away either copy with another card is
        one way, listed once (its cards in the hand's order, the first copy).
        """
        ids = game.rules.ids
        hand = [ids[k] for k in game.r.hands[game.current]]
        ways: dict[tuple[str, ...], PutAside] = {}
        for places in combinations(range(len(hand)), _laying(game)):
            cards = tuple(hand[i] for i in places)
            ways.setdefault(tuple(sorted(cards)), PutAside(cards))
        return tuple(ways.values())

    def why_illegal(self, game: Engine, move: object) -> str | None:
        """Why ``move`` is no way of laying cards away now, in words; ``None`` if it is one."""
        count = _laying(game)
        zone = _zone(game)
        seat = game.current
        cards = "a card" if count == 1 else f"{count} cards"
        if not isinstance(move, PutAside):
            what = move if isinstance(move, Play | Redraw | Decline) else shown(move)
            return (
                f"{what} is not a move now: player {seat} first lays {cards} away "
                f"into the {zone} (PutAside)"
            )
        given: object = move.cards  # typed a tuple of ids, but a caller may pass anything
        if not isinstance(given, tuple) or not all(isinstance(c, str) for c in given):
            return f"expected the ids of the cards laid away, as a tuple, got {shown(given)}"
        if len(move.cards) != count:
            return f"player {seat} lays {cards} away into the {zone}, not {len(move.cards)}"
        held = [game.rules.ids[k] for k in game.r.hands[seat]]
        for card in move.cards:
            if card not in held:
                return f"player {seat} holds no {shown(card)} to lay away"
            held.remove(card)
        return None

    def apply(self, game: Engine, move: Any) -> None:
        """The cards go from the hand to the crib, face down."""
        r = game.r
        seat = game.current
        zone, pile = _crib(game)
        if zone < 0:  # no crib to lay into (the loader requires one): out of play
            zone, pile = OUT_OF_PLAY, 0
        rules = game.rules
        index = rules.index
        laid = [move_card(r, HAND, seat, zone, pile, index[card]) for card in move.cards]
        if rules.laid_away >= 0:  # the seat knows what it laid away (a record: RecordZone)
            r.zones[rules.laid_away][seat].extend(laid)
        game.emit(ev.LaidAway(seat, tuple(move.cards), _zone(game)))

    def moved(self, game: Engine, going_on: bool) -> None:
        """The next seat lays away; once all have, the phase ends (the starter, the play)."""
        if not going_on:
            return
        r = game.r
        game.current = game.next_seat(game.current, r.in_round)
        game.legal = None
        keep = game.rules.hand_size - _laying(game)
        if all(len(r.hands[s]) <= keep for s in range(game.n) if r.in_round[s]):
            game.end_phase()

    def end(self, game: Engine) -> None:
        """Every hand is laid away: the hands kept are the ones shown."""
        rules = game.rules
        if rules.show_at_deal or rules.show_at_end:
            r = game.r  # the hands kept, for the show: a record, replaced
            r.set_record(DEALT, [hand[:] for hand in r.hands])


def _laying(game: Engine) -> int:
    """How many cards each seat lays away at this table (``deal.put_aside``)."""
    return game.rules.put_aside.get(game.n, 0)


def _zone(game: Engine) -> str:
    """The name of the zone laid away into."""
    return game.variant.deal.put_aside_to


def _crib(game: Engine) -> tuple[int, int]:
    """The crib's place in the zone table and its pile (the dealer's); ``(-1, 0)`` without it."""
    at = game.rules.crib
    if at < 0 or at >= len(game.r.zones):
        return -1, 0
    piles = game.r.zones[at]
    if len(piles) == 1:
        return DECLARED + at, 0
    return (DECLARED + at, game.dealer) if game.dealer < len(piles) else (-1, 0)


def crib_shown(game: Game) -> tuple[int, tuple[str, ...], int] | None:
    """The crib as its owner would show it now: whose it is, its cards, and what they score.

    "the non-dealer first, then the dealer, to count and take for his hand
    and crib" (Hoyle's Games, "Cribbage"): the crib's cards are scored with
    the starter by the show's own triggers, on a copy of ``game`` (which is
    left as it was). For a narrator that tells the crib apart from its
    owner's hand, which the show's events do not: asked before the move that
    ends the play, it gives what the show will score for the crib (unless the
    game is won before the crib is counted).

    Returns:
        The crib's owner (the dealer), its card ids and their points; ``None``
        where the variant lays no cards away or the crib is empty.
    """
    engine = engine_of(game)
    zone, pile = _crib(engine)
    if zone < DECLARED:
        return None
    cards = engine.r.piles[zone][pile]
    if not cards:
        return None
    ids = engine.rules.ids
    copy = engine.copy(log=False, round_only=True)
    copy.r.shown = True
    owner = copy.dealer
    before = copy.scores[owner]
    show_one(copy, owner, _zone(engine))
    return owner, tuple(ids[k] for k in cards), copy.scores[owner] - before
