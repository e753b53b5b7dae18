"""How the shipped strategies choose a move: compiled with the engine.

The public players (:class:`~ono99.RandomPlayer`, :class:`~ono99.CautiousPlayer`,
:class:`~ono99.RecklessPlayer`) and the seats :func:`~ono99.simulate` gives
the shipped strategies choose with the functions here, so that each strategy
is written once. The seats are quick players (``pick(legal_moves, total,
variant)``) that wheels carry compiled beside the engine: the engine's loop
then asks them without running any Python code between two moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._chance import choice
from ._compiled import compile_variant
from ._moves import Move, Play

if TYPE_CHECKING:
    import random
    from collections.abc import Sequence

    from ._compiled import CompiledCard, CompiledVariant
    from ._observation import Observation
    from ._variant import Variant

__all__ = [
    "RandomSeat",
    "RankingSeat",
    "Traits",
    "cautious_move",
    "random_seat",
    "ranked_move",
    "reckless_move",
    "traits_of",
]


class Traits:
    """What the shipped strategies need to know of each card, per variant."""

    __slots__ = ("_decks", "cards", "rules", "variant")

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.rules: CompiledVariant = compile_variant(variant)
        self._decks: dict[int, list[str]] = {}
        # card id -> (compiled card, is a number card, passes forced plays on)
        self.cards: dict[str, tuple[CompiledCard, bool, bool]] = {}
        for card in self.rules.cards:
            plain = card.card.plays_as_number()
            forcing = any(a.forces_plays or a.answers_forced_plays for a in card.actions)
            self.cards[card.id] = (card, plain, forcing)

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


def traits_of(cache: list[Traits], variant: Variant) -> Traits:
    """The traits of ``variant``, kept in a one-slot ``cache`` (a player meets one variant)."""
    if not cache or cache[0].variant is not variant:
        cache[:] = [Traits(variant)]
    return cache[0]


def cautious_move(traits: Traits, legal: Sequence[Move], total: int) -> Move:
    """The cautious choice among ``legal`` at ``total`` (see :class:`~ono99.CautiousPlayer`)."""
    return ranked_move(traits, legal, total, True)


def reckless_move(traits: Traits, legal: Sequence[Move], total: int) -> Move:
    """The reckless choice among ``legal`` at ``total`` (see :class:`~ono99.RecklessPlayer`)."""
    return ranked_move(traits, legal, total, False)


def ranked_move(traits: Traits, legal: Sequence[Move], total: int, cautious: bool) -> Move:
    """The move of ``legal`` the cautious (or reckless) strategy ranks first; a redraw first.

    What :func:`cautious_move` and :func:`reckless_move` give; a loop that
    ranks every move it plays (a search's playouts) calls it directly.
    """
    if len(legal) == 1:
        return legal[0]  # no choice (a quarter of the moves of a search's playouts)
    best: tuple[int, int, int] | None = None
    chosen: Move = legal[0]
    rules = traits.rules
    floor = rules.floor
    cards = traits.cards
    for move in legal:
        if not isinstance(move, Play):
            return move  # a redraw is always taken
        card, plain, forcing = cards[move.card]
        delta = card.delta
        if move is card.play and delta is not None:
            # The card's one move, adding a fixed amount: what total_after
            # gives, without the call (the search ranks every move it plays).
            after = total + delta
            if floor is not None and after < floor:
                after = floor
        else:
            amount = move.amount
            if amount is not None:  # an Ace for 11 is a number card, a Ten for -10 a helper
                plain = card.card.plays_as_number(amount)
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
        """What :meth:`choose` would pick (as :func:`~ono99._chance.choice` does)."""
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
        self.traits = Traits(variant)
        self.cautious = cautious

    def seat(self, _rng: random.Random, _index: int, _seat: int) -> RankingSeat:
        """The player of a seat of a simulated game: this one (it has no state)."""
        return self

    def choose(self, observation: Observation) -> Move:
        """The strategy's choice among the legal moves."""
        return self.pick(observation.legal_moves, observation.total, observation.variant)

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
