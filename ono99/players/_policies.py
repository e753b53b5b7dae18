"""How the shipped strategies choose a move: compiled with the engine.

The public players (:class:`~ono99.RandomPlayer`, :class:`~ono99.CautiousPlayer`,
:class:`~ono99.RecklessPlayer`) and the seats :func:`~ono99.simulate` gives
the shipped strategies choose with the functions here, so that each strategy
is written once. The seats are quick players (``pick(legal_moves, total,
variant)``) that wheels carry compiled beside the engine: the engine's loop
then asks them without running any Python code between two moves.

Where a move's total depends on the table (a card whose effect reads the card
before it, say), the legal moves and the total do not tell it: the engine
then asks ``choose(observation)``, and the strategies rank such a move by the
total the observation tells (:attr:`~ono99.Observation.table_totals`, passed
as ``told``), the total the play makes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ono99.engine import Decline, Move, Play, Redraw, choice, compile_variant

from ._put_aside import lays_away, put_aside_move

if TYPE_CHECKING:
    import random
    from collections.abc import Mapping, Sequence

    from ono99._variant import Variant
    from ono99.engine import CompiledCard, CompiledVariant, Observation

__all__ = [
    "RandomSeat",
    "RankingSeat",
    "Traits",
    "careful_move",
    "cautious_move",
    "random_seat",
    "ranked_move",
    "reckless_move",
    "told_of",
    "traits_of",
]


def told_of(observation: Observation) -> Mapping[tuple[str, int | None], int] | None:
    """What ``observation`` tells of the totals that depend on the table, by (card, amount).

    ``None`` where it tells none (no card held reads the table): the
    strategies then work every total out from the total alone.
    """
    told = observation.table_totals
    if not told:
        return None
    return {(card, amount): total for card, amount, total in told}


class Traits:
    """What the shipped strategies need to know of each card, per variant."""

    __slots__ = ("_decks", "cards", "plain", "roles", "rules", "variant")

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.rules: CompiledVariant = compile_variant(variant)
        self._decks: dict[int, list[str]] = {}
        # card id -> (compiled card, is a number card, passes forced plays on)
        self.cards: dict[str, tuple[CompiledCard, bool, bool]] = {}
        # card id -> what the card is to a careful player (see careful_move).
        self.roles: dict[str, int] = {}
        # (card id, amount) -> whether the card played for that amount is a number
        # card (an Ace for 11, not a Ten for -10): asked at every such move.
        self.plain: dict[tuple[str, int | None], bool] = {}
        for card in self.rules.cards:
            for amount in card.amounts:
                self.plain[card.id, amount] = card.card.plays_as_number(amount)
            plain = card.card.plays_as_number()
            forcing = any(a.forces_plays or a.answers_forced_plays for a in card.actions)
            self.cards[card.id] = (card, plain, forcing)
            if plain:
                role = NUMBER
            elif any(a.forces_plays for a in card.actions):
                role = FORCER
            elif forcing:
                role = ANSWER
            else:
                role = LOWER
            self.roles[card.id] = role

    def __reduce__(self) -> tuple[type[Traits], tuple[Variant]]:
        # All derived from the variant (compiled cards need not be picklable).
        return (Traits, (self.variant,))

    def deck(self, players: int) -> list[str]:
        """The card ids of the whole deck for ``players`` players."""
        deck = self._decks.get(players)
        if deck is None:
            ids = self.rules.ids
            deck = self._decks[players] = [ids[k] for k in self.rules.deck_for(players)]
        return deck


# The traits last built, shared by every player of the process: they are all
# derived from the (frozen) variant, and building them costs as much as some
# thousands of moves, where a simulation makes its players for each chunk of
# games and a game of quick players makes one for each seat.
_SHARED: list[Traits] = []


def traits_of(cache: list[Traits], variant: Variant) -> Traits:
    """The traits of ``variant``, kept in a one-slot ``cache`` (a player meets one variant)."""
    if not cache or cache[0].variant is not variant:
        if not _SHARED or _SHARED[0].variant is not variant:
            _SHARED[:] = [Traits(variant)]
        cache[:] = _SHARED
    return cache[0]


# What a card is to a careful player: a number card; a helper that makes the next
# player play more than once (Play 2); one that only passes forced plays on
# (Reverse, Hold); any other helper (-10, 0 when it is not a number card).
NUMBER, FORCER, ANSWER, LOWER = range(4)

# How far below the bust limit the careful player changes its mind (see
# careful_move): chosen on the 2022 and 1980 editions (bust 99), by the
# totals 89, 90 and 93 there, from 100,000 simulated games a setting.
_SPEND_FORCERS_FIRST = 10
_LOWER_BEFORE_NUMBER = 9
_PASS_ON_AT_ONCE = 6
_LOW_ORDER = (LOWER, ANSWER, FORCER)
_HIGH_ORDER = (FORCER, ANSWER, LOWER)
_PASS_ON = (ANSWER, FORCER)
_LOWER = (LOWER,)


def careful_move(
    traits: Traits,
    legal: Sequence[Move],
    total: int,
    answering: bool,
    told: Mapping[tuple[str, int | None], int] | None = None,
) -> Move:
    """The careful choice among ``legal`` at ``total`` (``answering``: forced plays are owed).

    ``told``: the totals that depend on the table, as :func:`told_of` reads them.

    The cautious choice (number cards first, the highest total), except in
    which helper it spends: with no number card to play, below 10 under the
    bust limit it spends the helpers that lower the total first, then those
    that pass forced plays on, then those that force them; from there on
    the other way round (a Play 2 near the limit costs the next player two
    safe cards, a -10 gives them room). When it owes forced plays from 6
    under the limit it passes them on at once if it can, and from 9 under,
    holding a number card, it lowers the total first. The search player's
    own moves follow it; against cautious players it wins 52.0% heads-up in
    the 2022 edition and 56.6% in the 1980 one.
    """
    if len(legal) == 1:
        return legal[0]
    roles = traits.roles
    bust = traits.rules.bust
    if answering and total >= bust - _LOWER_BEFORE_NUMBER:
        if total >= bust - _PASS_ON_AT_ONCE:
            move = _first_of(roles, legal, _PASS_ON)
            if move is not None:
                return move
        if any(isinstance(m, Play) and roles[m.card] == NUMBER for m in legal):
            move = _first_of(roles, legal, _LOWER)
            if move is not None:
                return move
    best = ranked_move(traits, legal, total, True, told)
    if not isinstance(best, Play) or roles[best.card] == NUMBER:
        return best  # a redraw, or a number card: the cautious choice
    if best.amount is not None and traits.plain[best.card, best.amount]:
        return best  # a card played as a number (an Ace for 11)
    order = _LOW_ORDER if total < bust - _SPEND_FORCERS_FIRST else _HIGH_ORDER
    move = _first_of(roles, legal, order)
    return best if move is None else move


def _first_of(roles: dict[str, int], legal: Sequence[Move], order: tuple[int, ...]) -> Move | None:
    """The first move of ``legal`` playing a card of the first role in ``order`` held."""
    for role in order:
        for move in legal:
            if isinstance(move, Play) and roles[move.card] == role:
                return move
    return None


def cautious_move(
    traits: Traits,
    legal: Sequence[Move],
    total: int,
    told: Mapping[tuple[str, int | None], int] | None = None,
) -> Move:
    """The cautious choice among ``legal`` at ``total`` (see :class:`~ono99.CautiousPlayer`)."""
    return ranked_move(traits, legal, total, True, told)


def reckless_move(
    traits: Traits,
    legal: Sequence[Move],
    total: int,
    told: Mapping[tuple[str, int | None], int] | None = None,
) -> Move:
    """The reckless choice among ``legal`` at ``total`` (see :class:`~ono99.RecklessPlayer`)."""
    return ranked_move(traits, legal, total, False, told)


def ranked_move(
    traits: Traits,
    legal: Sequence[Move],
    total: int,
    cautious: bool,
    told: Mapping[tuple[str, int | None], int] | None = None,
) -> Move:
    """The move of ``legal`` the cautious (or reckless) strategy ranks first; a redraw first.

    What :func:`cautious_move` and :func:`reckless_move` give; a loop that
    ranks every move it plays (a search's playouts) calls it directly.
    ``told``: the totals that depend on the table (:func:`told_of`), which
    the total alone does not give; without them such a card is ranked by
    what its effects make where no table is known. A card that answers a
    reaction (the legal moves end with a :class:`~ono99.Decline`) is thrown
    without its effects, so it is ranked as a card that keeps the total.
    """
    if len(legal) == 1:
        return legal[0]  # no choice (a quarter of the moves of a search's playouts)
    # Decline is legal only while a reaction is open, and is listed last.
    answers = type(legal[-1]) is Decline
    best: tuple[int, int, int] | None = None
    chosen: Move = legal[0]
    rules = traits.rules
    lowest, highest = rules.lowest, rules.highest
    cards = traits.cards
    plains = traits.plain
    for move in legal:
        if not isinstance(move, Play):
            if type(move) is Redraw:
                return move  # a redraw is always taken
            continue  # a decline: taken only when no card answers (legal[0] then)
        card, plain, forcing = cards[move.card]
        delta = card.delta
        if answers:
            after = total  # an answer: the card is thrown, its effects do not act
        elif move is card.play and delta is not None:
            # The card's one move, adding a fixed amount: what total_after
            # gives, without the call (the search ranks every move it plays).
            after = total + delta
            if after < lowest:
                after = lowest
            elif after > highest:
                after = highest
        else:
            amount = move.amount
            if amount is not None:  # an Ace for 11 is a number card, a Ten for -10 a helper
                plain = plains[move.card, amount]
            known = None if told is None else told.get((move.card, amount))
            if known is not None:
                after = known  # what the table makes of it, as the player was told
            elif amount is None and card.repeats:
                # It does what the card before it did, which the legal moves and the
                # total do not tell: ranked as a card that keeps the total.
                after = total
            else:
                after = rules.total_after(card, total, amount)
        if cautious:
            # Number cards first, highest total; then helpers keeping the total
            # highest (holding rather than subtracting), forcing cards first.
            key = (1 if plain else 0, after, 1 if forcing else 0)
        else:
            # Helpers first, forcing ones before the rest; then the highest total.
            key = (0 if plain else 1, 1 if forcing else 0, after)
        if best is None or key > best:
            best, chosen = key, move
    return chosen


class RandomSeat:
    """A random player that draws from a generator it is given: the game's own, in a simulation.

    It picks as :class:`~ono99.RandomPlayer` does, uniformly among the legal moves.
    """

    __slots__ = ("bits", "rng")

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.bits = rng.getrandbits  # looked up once, not at every move

    def choose(self, observation: Observation) -> Move:
        """A uniformly random legal move."""
        return choice(self.rng, observation.legal_moves)

    def pick(
        self,
        legal_moves: Sequence[Move],
        total: int,  # noqa: ARG002 - the quick player's signature
        variant: Variant,  # noqa: ARG002
    ) -> Move:
        """What :meth:`choose` would pick (as :func:`~ono99.engine._chance.choice` does)."""
        n = len(legal_moves)
        k = n.bit_length()
        bits = self.bits
        i = bits(k)
        while i >= n:
            i = bits(k)
        return legal_moves[i]


def random_seat(rng: random.Random, _index: int, _seat: int) -> RandomSeat:
    """The random player of a seat of a simulated game: it draws from the game's generator."""
    return RandomSeat(rng)


class RankingSeat:
    """A cautious (or, with ``cautious=False``, reckless) player of one variant."""

    __slots__ = ("cautious", "traits")

    def __init__(self, variant: Variant, *, cautious: bool) -> None:
        self.traits = traits_of([], variant)
        self.cautious = cautious

    def seat(self, _rng: random.Random, _index: int, _seat: int) -> RankingSeat:
        """The player of a seat of a simulated game: this one (it has no state)."""
        return self

    def choose(self, observation: Observation) -> Move:
        """The strategy's choice among the legal moves (by the totals the observation tells)."""
        if self.cautious and lays_away(observation):
            return put_aside_move(observation)  # the crib: the cards whose keeping scores most
        legal, total, told = observation.legal_moves, observation.total, told_of(observation)
        if self.cautious:
            return cautious_move(self.traits, legal, total, told)
        return reckless_move(self.traits, legal, total, told)

    def pick(
        self,
        legal_moves: Sequence[Move],
        total: int,
        variant: Variant,  # noqa: ARG002 - the quick player's signature; the seat knows it
    ) -> Move:
        """What :meth:`choose` would pick."""
        if self.cautious:
            return cautious_move(self.traits, legal_moves, total)
        return reckless_move(self.traits, legal_moves, total)
