"""The chance of the OpenSpiel game: what gives the engine the outcomes of chance nodes.

The engine draws its cards and a rule object's random numbers from one
generator; under OpenSpiel each draw is a chance node whose outcome the
state is given. :class:`Chance` is that generator: it hands the engine the
outcomes given so far and stops it (:class:`NeedChance`) at the first one
not given yet. A state keeps its game (:class:`Held`), the moves played on
it since its last snapshot (:class:`Played`, :class:`Snapshot`), and what
the states of one game share (:class:`Spec`).
"""

from __future__ import annotations

import functools
import random
import threading
from typing import TYPE_CHECKING, Any

from ono99._args import shown
from ono99._errors import ArgumentError
from ono99.engine import Game, compile_variant, copy_drawing
from ono99.envs._actions import action_table
from ono99.envs._common import make_variant
from ono99.envs._encoding import observation_encoder
from ono99.envs._spiel_info import History

if TYPE_CHECKING:
    from collections.abc import Callable

    import pyspiel

    from ono99.engine import Move

__all__ = [
    "DRAWS",
    "SNAPSHOT_EVERY",
    "Held",
    "NeedChance",
    "Played",
    "Snapshot",
    "Spec",
    "params_spec",
    "shared_spec",
    "spec_of",
]


class NeedChance(BaseException):
    """The engine asked for a chance outcome the chance nodes have not given yet.

    A ``BaseException``, as ``KeyboardInterrupt`` is: it passes through the
    engine's guard of a plugin's rule object (which turns an ``Exception``
    into the rule's :class:`~ono99.RuleError`), so a plugin's random draw
    is a chance node too; the game it stops is put back as it was before the
    move (by the engine itself in a guarded variant, otherwise played again
    from the state's snapshot), and the move played again once the outcome
    is given.

    For a card, ``stock`` is how many of each kind the stock holds that no
    chance node has fixed (all of it: the fixed ones are drawn first), and
    ``epoch`` which stock of the move it is; for a rule's draw, ``outcomes``
    is how many equally likely outcomes it has.
    """

    def __init__(self, stock: list[int] | None, epoch: int = 0, outcomes: int = 0) -> None:
        super().__init__(outcomes)
        self.stock = stock
        self.epoch = epoch
        self.outcomes = outcomes


class Chance(random.Random):
    """What gives the engine the outcomes chosen at chance nodes, in order.

    It picks each card dealt or drawn (the engine's ``pick``) and is the
    engine's generator: a random first dealer, and whatever a plugin's rule
    object draws from ``Table.rng`` with ``randrange``, ``randint``,
    ``choice``, ``shuffle`` or ``sample`` (each a whole number below a bound,
    so a chance node of equally likely outcomes, at most ``most`` of them). A
    float (``random()`` and what is made of it) has no finite outcomes: it is
    refused, as the rule object's error. An outcome not given yet stops the
    engine with the chance node's outcomes (:class:`NeedChance`). There is
    one, ``DRAWS``, which every state gives its outcomes before it plays
    (see :meth:`Ono99State._resolve`); what it is given is kept per thread.

    The cards come from the state's stock: the cards chance has already
    fixed, on top (``ahead``, the next one last), above the ``stock``, how
    many of each kind are left unfixed. A pile the engine draws from whose
    size is not theirs together is a new one (a new deal, a reshuffle): its
    cards are counted, and the cards fixed for the old one are dropped, as
    the cards are gathered and shuffled. Once the fixed cards are drawn, the
    cards ``given`` by chance nodes during the move (each with the
    ``epoch``, the count of new piles before it, that it was given for) come
    next, and then a new chance node.
    """

    def __init__(self) -> None:
        super().__init__(0)
        self._local = threading.local()

    def start(
        self,
        ahead: list[int],
        stock: list[int] | None,
        given: tuple[tuple[int, int], ...],
        rolls: tuple[int, ...],
        spec: Spec,
    ) -> None:
        """Give the engine the state's fixed cards, its stock, and the outcomes given since.

        ``ahead`` and ``stock`` are the play's own (copies): it changes them.
        """
        try:
            now: _Draws = self._local.now
        except AttributeError:
            now = self._local.now = _Draws()
        now.ahead, now.stock, now.given, now.used, now.epoch = ahead, stock, given, 0, 0
        now.free = -1 if stock is None else sum(stock)
        now.rolls, now.rolled, now.spec = rolls, 0, spec

    def result(self) -> tuple[list[int], list[int] | None, int]:
        """After the play: the fixed cards left (the next last), the stock, and its size.

        Cards given during the move for the stock it ended with and not yet
        drawn stay fixed on top of it.
        """
        now: _Draws = self._local.now
        ahead, stock, free, epoch, given = now.ahead, now.stock, now.free, now.epoch, now.given
        if now.used < len(given) and stock is not None:
            left = [card for card, at in given[now.used :] if at == epoch]
            ahead = left[::-1] + ahead
            for card in left:
                stock[card] -= 1
            free -= len(left)
        return ahead, stock, free

    def card(self, pile: list[int]) -> int:
        """Where in ``pile`` the card of the next outcome lies (the engine's ``pick``)."""
        now: _Draws = self._local.now
        size = len(pile)
        ahead = now.ahead
        if size != len(ahead) + now.free:  # a new pile (or the first): count it
            now.epoch += 1
            ahead.clear()
            spec = now.spec
            if size == spec.deck:
                counts = spec.deck_counts[:]
            else:
                counts = [0] * spec.kinds
                for kind in pile:
                    counts[kind] += 1
            now.stock, now.free = counts, size
        if ahead:
            return pile.index(ahead.pop())
        stock = now.stock
        assert stock is not None  # noqa: S101 - counted above
        given, used, epoch = now.given, now.used, now.epoch
        while used < len(given) and given[used][1] < epoch:
            used += 1  # given for a pile the move no longer draws from
        if used == len(given) or given[used][1] != epoch:
            now.used = used
            raise NeedChance(stock[:], epoch)
        kind = given[used][0]
        now.used = used + 1
        stock[kind] -= 1
        now.free -= 1
        return pile.index(kind)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        """The value of the next outcome, each of ``range(start, stop, step)`` equally likely."""
        values = range(start) if stop is None else range(start, stop, step)
        now: _Draws = self._local.now
        most = now.spec.most
        if not 0 < len(values) <= most:
            raise ValueError(
                f"a draw among {len(values)} outcomes: under OpenSpiel each draw is a chance "
                f"node of 1 to {most} outcomes (the game's max_chance_outcomes)"
            )
        rolled = now.rolled
        if rolled == len(now.rolls):
            raise NeedChance(None, outcomes=len(values))
        now.rolled = rolled + 1
        value: int = values[now.rolls[rolled]]
        return value

    def _randbelow(self, n: int) -> int:
        """A whole number below ``n`` (what ``choice``, ``shuffle`` and ``sample`` draw)."""
        return self.randrange(n)

    def random(self) -> float:
        """Refused: a float has no finite outcomes to make a chance node of."""
        raise RuntimeError(
            "under OpenSpiel every random draw is a chance node with finitely many "
            "outcomes: draw with randrange, randint, choice, shuffle or sample, "
            "not random() (nor uniform, choices or gauss, which call it)"
        )

    def getrandbits(self, k: int) -> int:
        """Refused: random bits are no chance node (draw whole numbers below a bound)."""
        raise RuntimeError(
            f"under OpenSpiel every random draw is a chance node: draw with randrange, "
            f"randint, choice, shuffle or sample, not {k} random bits"
        )

    def __reduce__(self) -> tuple[Callable[[], Chance], tuple[()]]:
        return (_draws, ())  # a game read back draws at the chance nodes too


def _draws() -> Chance:
    return DRAWS


class _Draws:
    """What one play of the engine draws from (see :class:`Chance`), and how far it is."""

    __slots__ = ("ahead", "epoch", "free", "given", "rolled", "rolls", "spec", "stock", "used")

    ahead: list[int]
    epoch: int
    free: int
    given: tuple[tuple[int, int], ...]
    rolled: int
    rolls: tuple[int, ...]
    spec: Spec
    stock: list[int] | None
    used: int


DRAWS = Chance()


class Held:
    """A game held by a state: a cloned state gets its own copy, drawing at the chance nodes."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        return Held(copy_drawing(self.game, DRAWS))


class Played:
    """A move played on a state's game since its last snapshot, with the chance it drew.

    ``entry`` is the move, the fixed cards and the stock it started from, and
    the cards and rule draws given during it. Never changed once made, so
    cloned states share it (and the chain of those before it, ``before``);
    the snapshot it starts from is shared too.
    """

    __slots__ = ("before", "count", "entry")

    def __init__(
        self,
        entry: tuple[
            Move, list[int], list[int] | None, tuple[tuple[int, int], ...], tuple[int, ...]
        ],
        before: Played | None,
    ) -> None:
        self.entry = entry
        self.before = before
        self.count: int = 1 if before is None else before.count + 1

    def __deepcopy__(self, memo: dict[int, Any]) -> Played:
        return self


class Snapshot:
    """A copy of a state's game, never played on: what its moves since are played again on."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> Snapshot:
        return self


# A state's game is played on in place, and a snapshot of it kept every this many
# moves: should a move need a chance outcome not given yet (a new deal or a
# reshuffle in the move), the game is played again from the snapshot.
SNAPSHOT_EVERY = 32


class Spec:
    """What the states of one game share: its variant, actions, encoder and chance.

    Kept here by the game's parameters rather than on the game object: a game
    OpenSpiel made again from its parameters (reading a state back, or a
    pickled game) is a Python object without the attributes set by
    :class:`Ono99Game`'s constructor.
    """

    def __init__(
        self, variant: str, players: int, announce: str = "true_total", recall: object = 0
    ) -> None:
        if isinstance(recall, bool) or not isinstance(recall, int) or recall < 0:
            raise ArgumentError(
                "recall", f"expected a whole number of events, 0 or more, got {shown(recall)}"
            )
        self._key = (variant, players, announce, recall)
        self.variant = loaded = make_variant(variant)
        Game(loaded, players, 0)  # checks the player count
        self.players = players
        self.table = action_table(loaded, announce=announce)
        self.encoder = observation_encoder(loaded, players)
        # The most outcomes a chance node has: a card of each kind, or a seat for
        # a random first dealer; where a rule object of another package may draw
        # at random, as many as the deck has cards (a choice among them, say).
        seats = players if loaded.deal.first_dealer == "random" else 0
        # Whether a rule object of another package plays: the engine then puts a
        # game back as it was before a move that fails, a chance node's stop included.
        self.guarded = compile_variant(loaded).guarded
        drawn = loaded.deck_size_for(players) if self.guarded else 0
        self.most = max(len(loaded.cards), seats, drawn)
        # The stock a deal draws from: the whole deck, by kind of card; and how
        # many cards a deal takes from it, the chance nodes given before it is played.
        self.kinds = len(loaded.cards)
        copies = loaded.deck.copies_for(players)
        self.deck_counts = [card.count * copies for card in loaded.cards]
        self.deck = sum(self.deck_counts)
        self.dealt = max(1, self.deck - Game(loaded, players, 0).draw_pile_size)
        # Whether the first thing a deal draws is a card (not a first dealer, nor a
        # rule object's draw): a new state then starts with the deal's cards.
        self.deals_first = loaded.deal.first_dealer != "random" and not self.guarded
        # The events an information-state tensor recalls (the game's "recall").
        self.history = History(loaded, players, recall, self.dealt) if recall else None

    def __reduce__(
        self,
    ) -> tuple[Callable[[str, int, str, object], Spec], tuple[str, int, str, int]]:
        return (shared_spec, self._key)  # the shared one, by the game's parameters


@functools.lru_cache(maxsize=64)
def shared_spec(
    variant: str, players: int, announce: str = "true_total", recall: object = 0
) -> Spec:
    return Spec(variant, players, announce, recall)


def params_spec(params: dict[str, Any]) -> Spec:
    """The shared parts of a game of ``params``."""
    return shared_spec(
        str(params["variant"]),
        int(params["players"]),
        str(params.get("announce", "true_total")),
        params.get("recall", 0),
    )


def spec_of(game: pyspiel.Game) -> Spec:
    """The shared parts of ``game``, from its parameters."""
    return params_spec(game.get_parameters())
