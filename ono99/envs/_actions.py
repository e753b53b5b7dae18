"""Fixed action indices for a variant: one per move its cards and rules allow."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ono99._errors import ArgumentError, Ono99Error
from ono99.engine import Decline, Move, Play, Redraw, compile_variant, unsaid
from ono99.loading import variant_arg

from ._kernel import Actions

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping

    from ono99._variant import Variant, VariantLike
    from ono99.engine import Game

__all__ = ["ActionTable", "action_count", "action_table", "action_to_move", "move_to_action"]


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
            the same plain move as the play it is the twin of).
        index: Each move's action index (of the move saying nothing of the
            total, for a play announcing it).
        silent: Where the silent plays' actions start, or ``None`` where there
            are none: the silent twin of play action ``a`` is ``silent + a``.
    """

    __slots__ = ("announce", "index", "kernel", "moves", "silent", "variant")

    def __init__(self, variant: Variant, announce: str = "true_total") -> None:
        if announce not in ANNOUNCE:
            raise ArgumentError("announce", f"must be 'true_total' or 'choose', not {announce!r}")
        rules = compile_variant(variant)
        seats: tuple[int | None, ...] = tuple(range(variant.players.max))
        moves: list[Move] = []
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
        self.variant = variant
        self.announce = announce
        self.index: dict[Move, int] = {move: i for i, move in enumerate(moves)}
        self.silent: int | None = None
        if announce == "choose" and rules.announces:
            self.silent = len(moves)
            moves.extend(moves[:plays])
        self.moves: tuple[Move, ...] = tuple(moves)
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
        )

    def __len__(self) -> int:
        return len(self.moves)

    def legal_actions(self, game: Game) -> Mapping[int, Move]:
        """The current player's legal actions: each index with the game's own move object.

        Passing the game's own object to :meth:`~ono99.Game.play` spares the
        game a second check of the move. The mapping is read-only: the table
        gives the same one for the same legal moves.
        """
        return self.kernel.known(game.legal_moves())[4]

    def actions_now(self, game: Game) -> tuple[tuple[Move, ...], list[int]]:
        """The current player's legal moves, and the action of each (do not change the list).

        What :meth:`legal_actions` holds, as two sequences in the engine's
        order (no mapping is built).
        """
        known = self.kernel.known(game.legal_moves())
        return known[2], known[1]

    def sorted_actions(self, game: Game) -> list[int]:
        """The current player's legal actions in increasing order (a new list)."""
        return self.kernel.known(game.legal_moves())[3][:]

    def actions_of(self, moves: Iterable[Move]) -> dict[int, Move]:
        """Each of ``moves`` (such as an observation's legal moves) by its action index.

        What a move says of the total (``Play.say``) plays no part; with
        silent plays (:attr:`silent`), each play's silent twin is included,
        saying nothing.

        Raises:
            KeyError: If a move is no move of the variant.
        """
        index = self.index
        found = {index[unsaid(move)]: move for move in moves}
        silent = self.silent
        if silent is not None:
            plays = [(i, move) for i, move in found.items() if isinstance(move, Play)]
            found.update({silent + i: unsaid(move) for i, move in plays})
        return found

    def action_of(self, move: Move) -> int:
        """The action index of ``move``; with silent plays, a play saying nothing is silent.

        Raises:
            MoveError: If no action plays that move (also a :class:`ValueError`).
        """
        try:
            action = self.index[unsaid(move)]
        except (KeyError, TypeError):
            raise MoveError(f"{move!r} is no move of {self.variant.id}") from None
        if self.silent is not None and isinstance(move, Play) and move.say is None:
            action += self.silent
        return action

    def __repr__(self) -> str:
        silent = ", announcing chosen" if self.silent is not None else ""
        return f"<ActionTable {self.variant.id}: {len(self.moves)} actions{silent}>"

    def __reduce__(self) -> tuple[Callable[[Variant, str], ActionTable], tuple[Variant, str]]:
        return (_table, (self.variant, self.announce))  # the shared table of the variant


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


def action_to_move(variant: VariantLike, action: int, *, announce: str = "true_total") -> Move:
    """The move of action ``action`` in ``variant``.

    A silent play (``announce="choose"``) is the plain move, saying nothing.

    Raises:
        Ono99Error: If there is no such action (also an :class:`IndexError`).

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
    return moves[given]


def move_to_action(variant: VariantLike, move: Move, *, announce: str = "true_total") -> int:
    """The action index of ``move`` in ``variant``.

    What the move says of the total plays no part, but with
    ``announce="choose"``, in a variant where a rule judges it: a play
    saying nothing is its silent action, a play saying a total the action
    announcing the true one.

    Raises:
        Ono99Error: If no action plays that move (also a :class:`ValueError`).

    >>> import ono99
    >>> from ono99.envs import move_to_action
    >>> move_to_action("ninety-nine", ono99.Play("ace", amount=11))
    1
    """
    return action_table(variant, announce=announce).action_of(move)


class ActionError(Ono99Error, IndexError):
    """An action index that is not one of the variant's actions."""


class MoveError(Ono99Error, ValueError):
    """A move that no action of the variant plays."""
