"""What to put aside into the crib: the cards whose loss costs least, the crib's owner in mind.

Cribbage's players lay away cards "considering not only [their] own hand, but
also to whom the crib belongs" (Hoyle's Games, "Cribbage"). The shipped
strategies that think (``cautious`` and ``search``) choose so:
:func:`best_put_aside` tries every way of putting ``k`` cards aside and keeps
the one whose hand, and crib, score most on average over every starter that
may be turned up; :func:`show_points` scores cards with a variant's own
show, so the heuristic knows no rule of Cribbage but the file's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, cast

from ono99.engine import PutAside, compile_variant

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ono99._variant import Variant
    from ono99.engine import Move, Observation
    from ono99.rules import Table

__all__ = [
    "CribOwner",
    "Scorer",
    "best_put_aside",
    "lays_away",
    "put_aside_move",
    "show_points",
]

CribOwner = Literal["mine", "theirs", "nobody"]
"""Whose the crib is, seen from the player who puts cards aside: its own, an
opponent's (a partner's crib is ``"mine"``), or nobody's (cards laid away
that nobody scores)."""

Scorer: TypeAlias = Callable[[tuple[str, ...], str | None, bool], int]
"""What :func:`best_put_aside` is handed to score cards: ``score(cards, starter,
crib)``, the points ``cards`` (card ids) make with the ``starter`` (an id, or
``None``) at the show, counted as a hand, or as the crib when ``crib``."""


def best_put_aside(
    hand: Sequence[str],
    k: int,
    score: Scorer,
    starters: Sequence[str],
    owner: CribOwner,
) -> tuple[str, ...]:
    """The ``k`` cards of ``hand`` to put aside: those whose keeping scores most on average.

    Each way of putting ``k`` cards aside (15 for 2 of 6) is worth, averaged
    over every starter of ``starters`` (the cards the player has not seen):
    the points the cards kept make with that starter, plus the points the
    cards put aside make with it in the crib when the crib is the player's,
    minus them when it is an opponent's. The crib's other cards are unknown
    and are left out. Ties go to the first way in the hand's order, so the
    choice is the same for the same hand.

    Args:
        hand: The card ids held, in order.
        k: How many to put aside (0 to the hand's size).
        score: Scores cards at the show (see :data:`Scorer`), for instance
            :func:`show_points` of the variant.
        starters: The cards that may be turned up (none: scored without a
            starter).
        owner: Whose the crib is (:data:`CribOwner`).

    Returns:
        The card ids to put aside, in the hand's order.

    Raises:
        ValueError: If ``k`` is below 0 or above the hand's size.

    >>> def pairs(cards, starter, crib):
    ...     every = [*cards, *([starter] if starter else [])]
    ...     return sum(2 for i, a in enumerate(every) for b in every[i + 1 :] if a == b)
    >>> best_put_aside(["5", "5", "king", "2"], 2, pairs, ["9"], owner="theirs")
    ('king', '2')
    """
    if not 0 <= k <= len(hand):
        raise ValueError(f"expected 0 to {len(hand)} cards to put aside, got {k}")
    sign = {"mine": 1, "theirs": -1, "nobody": 0}[owner]
    turned: Sequence[str | None] = list(starters) or [None]
    best: tuple[str, ...] = tuple(hand[:k])
    best_worth = -float("inf")
    for aside in combinations(range(len(hand)), k):
        kept = tuple(card for i, card in enumerate(hand) if i not in aside)
        crib = tuple(hand[i] for i in aside)
        total = 0
        for starter in turned:
            total += score(kept, starter, False)
            if sign:
                total += sign * score(crib, starter, True)
        worth = total / len(turned)
        if worth > best_worth:
            best, best_worth = crib, worth
    return best


class _Shown:
    """The table a show trigger reads (the cards shown, the starter), and its points.

    The show's triggers read :attr:`shown`, :attr:`starter`, :attr:`showing`,
    :attr:`dealer` and :attr:`shown_zone` and score with ``change_score``; what
    else a rule asks of it, it lacks (the trigger then counts nothing).
    """

    def __init__(self, shown: tuple[Any, ...], starter: Any, crib: bool) -> None:
        self.shown = shown
        self.starter = starter
        self.showing = 0
        self.dealer = -1  # nobody: a score of the dealer's alone is the same whatever is kept
        self.shown_zone = "crib" if crib else ""
        self.points = 0

    def change_score(self, seat: int, by: int) -> None:
        if seat == self.showing:
            self.points += by

    def score(self, seat: int) -> int:
        return self.points if seat == self.showing else 0

    def seats_in_round(self) -> list[int]:
        return [0, 1]

    def next_seat(self, seat: int) -> int:
        return 1 - seat


def show_points(variant: Variant) -> Scorer:
    """A :data:`Scorer` of ``variant``'s show: what its show triggers give the cards shown.

    Each trigger that scores at the show (``on_show``) is asked how many times
    the cards score (:meth:`~ono99.rules.Trigger.times_on`), and its outcomes
    are applied that many times to a table of the cards alone; the points they
    give the player shown are the cards' worth. A trigger that reads more of
    the table than the show's cards counts nothing. Results are kept, so each
    set of cards is scored once.

    >>> import ono99
    >>> score = show_points(ono99.load_variant("noddy"))
    >>> score(("5_of_clubs", "10_of_hearts", "king_of_spades"), "2_of_clubs", False)
    4
    """
    rules = compile_variant(variant)
    cards = {card.id: card for card in rules.cards}
    triggers = rules.show_triggers
    known: dict[tuple[tuple[str, ...], str | None, bool], int] = {}

    def score(shown: tuple[str, ...], starter: str | None, crib: bool) -> int:
        key = (tuple(sorted(shown)), starter, crib)
        points = known.get(key)
        if points is not None:
            return points
        table = _Shown(
            tuple(cards[c] for c in shown), None if starter is None else cards[starter], crib
        )
        as_table = cast("Table", table)
        for trigger in triggers:
            try:
                times = trigger.times_on(as_table)
                for _ in range(times):
                    for outcome in trigger.outcomes:
                        outcome.apply(as_table, 0)
            except (AttributeError, TypeError):
                continue  # it reads more than the show's cards: no worth known
        known[key] = table.points
        return table.points

    return score


@lru_cache(maxsize=32)
def _scorer(variant: Variant) -> Scorer:
    return show_points(variant)


def lays_away(observation: Observation) -> bool:
    """Whether ``observation`` asks for cards to be laid away (its moves are :class:`PutAside`)."""
    legal = observation.legal_moves
    return bool(legal) and type(legal[0]) is PutAside


def put_aside_move(observation: Observation) -> Move:
    """The legal :class:`~ono99.PutAside` the heuristic chooses (:func:`best_put_aside`).

    The crib is the player's when it or a partner deals, an opponent's
    otherwise; the starters averaged over are the cards the player has not
    seen (not in its hand, not face up).
    """
    legal = observation.legal_moves
    k = len(cast("PutAside", legal[0]).cards)
    me, dealer = observation.player, observation.dealer
    mates = next((team for team in observation.teams if me in team), (me,))
    owner: CribOwner = "mine" if dealer in mates else "theirs"
    if dealer < 0:
        owner = "nobody"
    seen = Counter(observation.hand) + Counter(observation.out_of_play)
    seen += Counter(observation.discard_pile)
    unseen: list[str] = []
    for card in observation.variant.cards:
        unseen += [card.id] * max(0, card.count - seen[card.id])
    chosen = Counter(
        best_put_aside(observation.hand, k, _scorer(observation.variant), unseen, owner)
    )
    for move in legal:
        if Counter(cast("PutAside", move).cards) == chosen:
            return move
    return legal[0]  # pragma: no cover - the heuristic chooses among the hand's cards
