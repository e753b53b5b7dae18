"""Fixed action indices for a variant: one per move its cards and rules allow."""

from __future__ import annotations

import functools
from itertools import combinations
from typing import TYPE_CHECKING

from attrs import frozen

from ono99._errors import ArgumentError, Ono99Error
from ono99.engine import (
    Decline,
    Move,
    Play,
    PutAside,
    Redraw,
    compile_variant,
    engine_of,
    legal_now,
    unsaid,
)
from ono99.loading import variant_arg

from ._kernel import Actions

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence

    from ono99._variant import Variant, VariantLike
    from ono99.engine import CompiledVariant, Game

__all__ = [
    "ActionTable",
    "LayAway",
    "action_count",
    "action_table",
    "action_to_move",
    "move_to_action",
]


@frozen
class LayAway:
    """The action that lays away the hand's cards at ``places``, the hand sorted in card order.

    "Each player looks at their six cards and 'lays away' two of them face
    down" (Bicycle Cards, Cribbage): the :class:`~ono99.PutAside` move names
    the cards, which differ from deal to deal, so a fixed action names their
    places instead. The hand is sorted in the variant's order of cards (the
    order of its ``[cards]`` tables, which is the order of the observation's
    ``hand[card]`` slots), and ``places`` are the places (from 0) of the
    cards laid away in it. Where the hand holds several copies of a card,
    the copies laid away are the first ones of the sorted hand: one action
    for each different way of laying away, as the legal moves list them.

    Attributes:
        places: The places in the sorted hand, increasing.

    >>> from ono99.envs import LayAway
    >>> order = {"ace": 0, "2": 1, "5": 4, "7": 6, "king": 12}
    >>> LayAway((0, 3)).move(["king", "2", "ace", "7", "5"], order)  # sorted: ace 2 5 7 king
    PutAside(cards=('ace', '7'))
    """

    places: tuple[int, ...]

    def move(self, hand: Sequence[str], order: Mapping[str, int]) -> PutAside:
        """The :class:`~ono99.PutAside` of this choice in ``hand`` (card ids, in any order).

        Its cards are in the order ``hand`` lists them (the engine's legal
        moves list them in the hand's order).

        Args:
            hand: The cards of the hand.
            order: Each card id's place in the variant's order.

        Raises:
            ValueError: If the hand holds fewer cards than the places need.
        """
        ranked = sorted(range(len(hand)), key=lambda i: order[hand[i]])
        if self.places and self.places[-1] >= len(ranked):
            raise ValueError(
                f"{self} needs a hand of {self.places[-1] + 1} cards or more, not {len(hand)}"
            )
        chosen = sorted(ranked[p] for p in self.places)
        return PutAside(tuple(hand[i] for i in chosen))

    def __str__(self) -> str:
        places = ", ".join(str(p) for p in self.places)
        return f"lay away the cards at places {places} of the sorted hand"


Action = Move | LayAway
"""What an action plays: a move, or a way of laying the hand's cards away (:class:`LayAway`)."""


class ActionTable:
    """The actions of one variant, in their fixed order.

    Built by :func:`action_table`; :func:`action_to_move` and
    :func:`move_to_action` read it. The order depends only on the variant's
    rules, never on a game, so an index means the same move in every game
    of the variant, and in every version of ono99 reading the same file:

    1. For each card, in the order the variant file lists them (its
       ``[cards]`` tables): one action per choice the card leaves open. A
       card with no choice has one action, ``Play(card)``. A card that
       counts one of several amounts has one per amount, in the order the
       card lists them. A card that names a player has one per seat, from 0
       to the variant's most players less one; a card that does both has one
       per (amount, seat) pair, amounts outermost. A card whose player names
       something as it is played (``Play.declare``: a suit, say) has one per
       thing it may name, in the order its effect lists them, innermost:
       per amount (and seat), each thing named. Such a card that repeats
       the card before it (``repeat_previous``) has one more, last,
       ``Play(card)``: the play that repeats, with the choices of the card
       before it. Cards that can never be played (O'NO 99) keep their
       index: they are simply never legal.
    2. Then, if the variant has a redraw (four O'NO 99 cards traded in),
       one action for :class:`~ono99.Redraw`.
    3. Then, if a card of the variant opens reactions (``aim``): for each
       card that leaves a choice and has no plain play among its actions, in
       the variant's order, ``Play(card)``, the card played as an answer; and
       last one action for :class:`~ono99.Decline`.
    4. Then, if the variant lays cards away at the deal (the crib:
       ``deal.put_aside``), for each number ``k`` of cards a hand lays away
       at some player count, fewest first: one action for each choice of
       ``k`` of the ``deal.hand_size`` places of the hand sorted in card
       order (:class:`LayAway`), in colexicographic order: ``(0, 1)``,
       ``(0, 2)``, ``(1, 2)``, ``(0, 3)``, ... (the choices of 2 of 6 cards
       are 15; of 1 of 5, 5). The choices within a shorter hand's places
       come first, so a hand the stock left short has the first actions
       of the block. Places rather than cards: the cards a hand may lay away
       are any of the deck's (the 1,326 pairs of a 52-card deck), of which
       a hand has 15; places in the hand sorted in the order of the
       observation's ``hand[card]`` slots read off that vector.
       The actions of a way of laying away are worked out in the hand of
       the player to move: :meth:`move_of` and :meth:`action_of` take the
       game or the hand.

    A player with no safe play takes no action: the variant's
    ``no_safe_play`` rule (the forced bust, laying the hand down, or
    passing) is carried out by the engine at once, so whenever an agent is
    to move it has at least one legal action.

    What a move says of the total (``Play.say``) is decided by ``announce``:

    - ``"true_total"`` (the default): no part of an action. Where a rule judges
      it (``announce-the-total``), the legal moves say the true total, and
      an action plays that move: agents always announce correctly.
    - ``"choose"``: where a rule judges it, announcing is part of the
      action. The actions above announce the true total; after them comes
      one more action for each play action, in the same order, that plays
      the same card saying nothing (a missing announcement, which the
      rule judges as it does a wrong one). In a variant where no rule
      judges what a move says, the table is the same as with ``"true_total"``.

    Args:
        variant: The variant.
        announce: ``"true_total"`` or ``"choose"``, as above.

    Raises:
        ArgumentError: If ``announce`` is neither.

    Attributes:
        variant: The variant.
        announce: ``"true_total"`` or ``"choose"``.
        moves: The move of each action, by index (a silent play's move is
            the same plain move as the play it is the twin of; a way of
            laying cards away is a :class:`LayAway`, the move of a hand).
        index: Each move's action index (of the move saying nothing of the
            total, for a play announcing it).
        silent: Where the silent plays' actions start, or ``None`` where there
            are none: the silent twin of play action ``a`` is ``silent + a``.
    """

    __slots__ = ("announce", "index", "kernel", "moves", "order", "silent", "variant")

    def __init__(self, variant: Variant, announce: str = "true_total") -> None:
        if announce not in ANNOUNCE:
            raise ArgumentError("announce", f"must be 'true_total' or 'choose', not {announce!r}")
        rules = compile_variant(variant)
        seats: tuple[int | None, ...] = tuple(range(variant.players.max))
        moves: list[Action] = []
        # Where each card's actions start, its amounts and how many seats each names:
        # what finds a move's action without hashing it.
        first: dict[str, int] = {}
        amounts: dict[str, list[int | None]] = {}
        named: dict[str, int] = {}
        repeats: dict[str, int] = {}
        declarations: dict[str, list[str]] = {}
        for card in rules.cards:
            first[card.id] = len(moves)
            if card.play is not None:
                amounts[card.id], named[card.id] = [], 1
                moves.append(Play(card.id))
                continue
            targets = seats if card.chooses_player else (None,)
            amounts[card.id], named[card.id] = list(card.amounts), len(targets)
            words: list[str | None] = [None]
            if card.declarer is not None:
                declarations[card.id] = card.declarer.declarations(None)
                words = list(declarations[card.id])
            for amount in card.amounts:
                moves.extend(
                    Play(card.id, amount=amount, target=t, declare=w)
                    for t in targets
                    for w in words
                )
            if card.repeats:  # after a card, it repeats that card's choices: no choice
                repeats[card.id] = len(moves)
                moves.append(Play(card.id))
        plays = len(moves)
        redraw = -1
        if variant.redraw is not None:
            redraw = len(moves)
            moves.append(Redraw())
        plain: dict[str, int] = {}
        decline = -1
        if rules.reacts:  # a player answers with a card alone, or declines
            for card in rules.cards:
                if card.play is None and card.id not in repeats:
                    plain[card.id] = len(moves)
                    moves.append(Play(card.id))
            decline = len(moves)
            moves.append(Decline())
        laying = _lay_away(rules, moves)
        self.order: dict[str, int] = {card.id: i for i, card in enumerate(rules.cards)}
        self.variant = variant
        self.announce = announce
        self.index: dict[Action, int] = {move: i for i, move in enumerate(moves)}
        self.silent: int | None = None
        if announce == "choose" and rules.announces:
            self.silent = len(moves)
            moves.extend(moves[:plays])
        self.moves: tuple[Action, ...] = tuple(moves)
        silent = -1 if self.silent is None else self.silent
        self.kernel = Actions(
            first,
            amounts,
            named,
            redraw,
            silent,
            repeats=repeats,
            declarations=declarations,
            plain=plain,
            decline=decline,
            plays=plays,
            laying=laying,
            order=self.order,
            hand_size=rules.hand_size,
        )

    def __len__(self) -> int:
        return len(self.moves)

    def legal_actions(self, game: Game) -> Mapping[int, Move]:
        """The current player's legal actions: each index with the game's own move object.

        Passing the game's own object to :meth:`~ono99.Game.play` spares the
        game a second check of the move. The mapping is read-only: the table
        gives the same one for the same legal moves.
        """
        return self.kernel.known(game.legal_moves(), engine_of(game))[4]

    def actions_now(self, game: Game) -> tuple[tuple[Move, ...], list[int]]:
        """The current player's legal moves, and the action of each (do not change the list).

        What :meth:`legal_actions` holds, as two sequences in the engine's
        order (no mapping is built).
        """
        known = self.kernel.known(game.legal_moves(), engine_of(game))
        return known[2], known[1]

    def sorted_actions(self, game: Game) -> list[int]:
        """The current player's legal actions in increasing order (a new list)."""
        return self.kernel.known(game.legal_moves(), engine_of(game))[3][:]

    def actions_of(
        self, moves: Iterable[Move], hand: Sequence[str] | None = None
    ) -> dict[int, Move]:
        """Each of ``moves`` (such as an observation's legal moves) by its action index.

        What a move says of the total (``Play.say``) plays no part; with
        silent plays (:attr:`silent`), each play's silent twin is included,
        saying nothing. Ways of laying cards away (:class:`~ono99.PutAside`)
        are counted in ``hand``, the mover's cards (an observation's
        ``hand``).

        Raises:
            KeyError: If a move is no move of the variant.
            ValueError: If a way of laying cards away comes without the hand,
                or with a hand that does not hold its cards.
        """
        given = tuple(moves)
        if given and isinstance(given[0], PutAside):
            if hand is None:
                raise ValueError("the actions of ways of laying cards away need the hand")
            return dict(zip(self.kernel.laid(given, hand), given, strict=True))
        index = self.index
        found = {index[unsaid(move)]: move for move in given}
        silent = self.silent
        if silent is not None:
            plays = [(i, move) for i, move in found.items() if isinstance(move, Play)]
            found.update({silent + i: unsaid(move) for i, move in plays})
        return found

    def action_of(self, move: Move, hand: Sequence[str] | None = None) -> int:
        """The action index of ``move``; with silent plays, a play saying nothing is silent.

        A way of laying cards away (:class:`~ono99.PutAside`) is counted in
        ``hand``, the cards of the hand it lays them away from.

        Raises:
            MoveError: If no action plays that move (also a :class:`ValueError`),
                or a way of laying away comes without a hand that holds it.
        """
        if isinstance(move, PutAside):
            if not self.kernel.laying:
                raise MoveError(f"{move!r} is no move of {self.variant.id}: it lays no cards away")
            if hand is None:
                raise MoveError(
                    f"the action of {move!r} is the places of its cards in the hand: "
                    "give the hand (hand=...)"
                )
            try:
                return self.kernel.laid((move,), hand)[0]
            except (KeyError, ValueError) as error:
                raise MoveError(
                    f"{move!r} is no move of {self.variant.id} here: {error}"
                ) from None
        try:
            action = self.index[unsaid(move)]
        except (KeyError, TypeError):
            raise MoveError(f"{move!r} is no move of {self.variant.id}") from None
        if self.silent is not None and isinstance(move, Play) and move.say is None:
            action += self.silent
        return action

    def move_of(self, action: int, game: Game) -> Move:
        """The move of ``action`` (an index of this table) for ``game``'s player to move.

        The move of :attr:`moves`, or for a way of laying cards away
        (:class:`LayAway`), the :class:`~ono99.PutAside` of the cards at its
        places in the hand of the player to move: the game's own move object
        where it is legal.

        Raises:
            ValueError: If the action lays away more cards than the hand holds.
        """
        chosen = self.moves[action]
        if not isinstance(chosen, LayAway):
            return chosen
        legal = legal_now(engine_of(game))
        if legal and isinstance(legal[0], PutAside):
            known = self.kernel.known(legal, engine_of(game))[4]
            if action in known:
                return known[action]
        return chosen.move(game.hand(game.current_player), self.order)

    def why_illegal(self, game: Game, action: int) -> str | None:
        """Why ``action`` (an index of this table) is not legal now, in words; else ``None``."""
        try:
            move = self.move_of(action, game)
        except ValueError as error:
            return str(error)
        return game.why_illegal(move)

    def __repr__(self) -> str:
        silent = ", announcing chosen" if self.silent is not None else ""
        return f"<ActionTable {self.variant.id}: {len(self.moves)} actions{silent}>"

    def __reduce__(self) -> tuple[Callable[[Variant, str], ActionTable], tuple[Variant, str]]:
        return (_table, (self.variant, self.announce))  # the shared table of the variant


def _lay_away(rules: CompiledVariant, moves: list[Action]) -> dict[int, int]:
    """Add the ways of laying cards away to ``moves``; where each number of cards' start."""
    laying: dict[int, int] = {}
    if rules.lays_away:
        for count in sorted({k for k in rules.put_aside.values() if k > 0}):
            laying[count] = len(moves)
            places = combinations(range(rules.hand_size), count)
            moves.extend(LayAway(p) for p in sorted(places, key=lambda p: p[::-1]))
    return laying


ANNOUNCE = ("true_total", "choose")
"""What ``announce`` may be: agents always announce the true total, or choose to."""


@functools.lru_cache(maxsize=64)
def _table(variant: Variant, announce: str = "true_total") -> ActionTable:
    return ActionTable(variant, announce)


def action_table(variant: VariantLike, *, announce: str = "true_total") -> ActionTable:
    """The actions of ``variant`` (a :class:`~ono99.Variant`, or an id or path to load).

    Args:
        variant: The variant.
        announce: ``"true_total"``: agents announce the true total where a rule
            judges it; ``"choose"``: announcing is part of the action (see
            :class:`ActionTable`).

    Raises:
        ArgumentError: If ``announce`` is neither.

    >>> from ono99.envs import action_table
    >>> table = action_table("ono99-2022")
    >>> len(table), table.moves[0], table.moves[-1]
    (16, Play(card='0'), Redraw())
    >>> import ono99
    >>> said = ono99.load_variant("ninety-nine", ["announce-the-total"])
    >>> len(action_table(said)), len(action_table(said, announce="choose"))
    (14, 28)
    """
    if announce not in ANNOUNCE:  # checked before a variant is loaded for nothing
        raise ArgumentError("announce", f"must be 'true_total' or 'choose', not {announce!r}")
    variant = variant_arg(variant)
    return _table(variant, announce)


def action_count(variant: VariantLike, *, announce: str = "true_total") -> int:
    """How many actions ``variant`` has: the ``n`` of its ``Discrete(n)`` action space.

    >>> from ono99.envs import action_count
    >>> action_count("ninety-nine")  # 13 ranks, the Ace counting 1 or 11
    14
    """
    return len(action_table(variant, announce=announce))


def action_to_move(
    variant: VariantLike,
    action: int,
    *,
    announce: str = "true_total",
    hand: Sequence[str] | None = None,
) -> Move:
    """The move of action ``action`` in ``variant``.

    A silent play (``announce="choose"``) is the plain move, saying nothing.
    A way of laying cards away (:class:`LayAway`: places in the sorted hand)
    is the :class:`~ono99.PutAside` of the cards at its places in ``hand``,
    the hand it lays them away from.

    Raises:
        Ono99Error: If there is no such action (also an :class:`IndexError`).
        ArgumentError: If the action lays cards away and ``hand`` is not
            given, or holds fewer cards than it lays away.

    >>> from ono99.envs import action_to_move
    >>> action_to_move("ninety-nine", 0), action_to_move("ninety-nine", 1)
    (Play(card='ace', amount=1), Play(card='ace', amount=11))
    """
    moves = action_table(variant, announce=announce).moves
    given: object = action  # typed int, but a caller may pass anything
    if isinstance(given, bool) or not isinstance(given, int) or not 0 <= given < len(moves):
        raise ActionError(
            f"no action {action!r}: the actions of this variant are 0 to {len(moves) - 1}"
        )
    chosen = moves[given]
    if isinstance(chosen, LayAway):
        if hand is None:
            raise ArgumentError("hand", f"action {action} will {chosen}: give the hand")
        try:
            return chosen.move(hand, action_table(variant, announce=announce).order)
        except (KeyError, ValueError) as error:
            raise ArgumentError("hand", f"expected the cards of a hand, {error}") from None
    return chosen


def move_to_action(
    variant: VariantLike,
    move: Move,
    *,
    announce: str = "true_total",
    hand: Sequence[str] | None = None,
) -> int:
    """The action index of ``move`` in ``variant``.

    What the move says of the total plays no part, but with
    ``announce="choose"``, in a variant where a rule judges it: a play
    saying nothing is its silent action, a play saying a total the action
    announcing the true one. A way of laying cards away
    (:class:`~ono99.PutAside`) needs the ``hand`` it lays them away from.

    Raises:
        Ono99Error: If no action plays that move (also a :class:`ValueError`).

    >>> import ono99
    >>> from ono99.envs import move_to_action
    >>> move_to_action("ninety-nine", ono99.Play("ace", amount=11))
    1
    """
    return action_table(variant, announce=announce).action_of(move, hand)


class ActionError(Ono99Error, IndexError):
    """An action index that is not one of the variant's actions."""


class MoveError(Ono99Error, ValueError):
    """A move that no action of the variant plays."""
