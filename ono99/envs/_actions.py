"""Fixed action indices for a variant: one per move its cards and rules allow."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ono99._errors import Ono99Error
from ono99.engine._moves import Move, Play, Redraw, unsaid
from ono99.engine._tables import compile_variant
from ono99.loading._loader import variant_arg

from ._kernel import Actions

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping

    from ono99._variant import Variant, VariantLike
    from ono99.engine._game import Game

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
       per (amount, seat) pair, amounts outermost. Cards that can never be
       played (O'NO 99) keep their index: they are simply never legal.
    2. Then, if the variant has a redraw (four O'NO 99 cards traded in),
       one action for :class:`~ono99.Redraw`.

    A player with no safe play takes no action: the variant's
    ``no_safe_play`` rule (the forced bust, laying the hand down, or
    passing) is carried out by the engine at once, so whenever an agent is
    to move it has at least one legal action.

    What a move says of the total (``Play.say``) is no part of an action.
    Where a rule judges it (``announce-the-total``), the legal moves say the
    true total, and an action plays that move: agents always announce
    correctly.

    Attributes:
        variant: The variant.
        moves: The move of each action, by index.
        index: Each move's action index.
    """

    __slots__ = ("_actions", "_last", "index", "moves", "variant")

    def __init__(self, variant: Variant) -> None:
        rules = compile_variant(variant)
        seats: tuple[int | None, ...] = tuple(range(variant.players.max))
        moves: list[Move] = []
        # Where each card's actions start, its amounts and how many seats each names:
        # what finds a move's action without hashing it.
        first: dict[str, int] = {}
        amounts: dict[str, list[int | None]] = {}
        named: dict[str, int] = {}
        for card in rules.cards:
            first[card.id] = len(moves)
            if card.play is not None:
                amounts[card.id], named[card.id] = [], 1
                moves.append(Play(card.id))
                continue
            targets = seats if card.chooses_player else (None,)
            amounts[card.id], named[card.id] = list(card.amounts), len(targets)
            for amount in card.amounts:
                moves.extend(Play(card.id, amount=amount, target=t) for t in targets)
        redraw = -1
        if variant.redraw is not None:
            redraw = len(moves)
            moves.append(Redraw())
        self.variant = variant
        self.moves: tuple[Move, ...] = tuple(moves)
        self.index: dict[Move, int] = {move: i for i, move in enumerate(moves)}
        self._actions = Actions(first, amounts, named, redraw)
        # The last legal moves met (held, so an identity test is safe) and their actions.
        self._last: tuple[tuple[Move, ...], list[int], Mapping[int, Move] | None] = ((), [], {})

    def __len__(self) -> int:
        return len(self.moves)

    def legal_actions(self, game: Game) -> Mapping[int, Move]:
        """The current player's legal actions: each index with the game's own move object.

        Passing the game's own object to :meth:`~ono99.Game.play` spares the
        game a second check of the move. The mapping is read-only: asked
        again before the next move, the table gives the same one.
        """
        moves, actions, mapping = self._last
        if moves is not game.legal_moves():
            moves, actions = self._actions_now(game)
            mapping = None
        if mapping is None:
            mapping = dict(zip(actions, moves, strict=True))
            self._last = (moves, actions, mapping)
        return mapping

    def _actions_now(self, game: Game) -> tuple[tuple[Move, ...], list[int]]:
        """The current player's legal moves, and the action of each (do not change the list).

        What :meth:`legal_actions` holds, as two sequences in the engine's
        order (no mapping is built).
        """
        moves = game.legal_moves()
        last = self._last
        if last[0] is moves:
            return moves, last[1]
        actions = self._actions.of(moves)
        self._last = (moves, actions, None)
        return moves, actions

    def actions_of(self, moves: Iterable[Move]) -> dict[int, Move]:
        """Each of ``moves`` (such as an observation's legal moves) by its action index.

        What a move says of the total (``Play.say``) plays no part.

        Raises:
            KeyError: If a move is no move of the variant.
        """
        index = self.index
        return {index[unsaid(move)]: move for move in moves}

    def __repr__(self) -> str:
        return f"<ActionTable {self.variant.id}: {len(self.moves)} actions>"

    def __reduce__(self) -> tuple[Callable[[Variant], ActionTable], tuple[Variant]]:
        return (_table, (self.variant,))  # the shared table of the variant


@functools.lru_cache(maxsize=64)
def _table(variant: Variant) -> ActionTable:
    return ActionTable(variant)


def action_table(variant: VariantLike) -> ActionTable:
    """The actions of ``variant`` (a :class:`~ono99.Variant`, or an id or path to load).

    >>> from ono99.envs import action_table
    >>> table = action_table("ono99-2022")
    >>> len(table), table.moves[0], table.moves[-1]
    (16, Play(card='0'), Redraw())
    """
    variant = variant_arg(variant)
    return _table(variant)


def action_count(variant: VariantLike) -> int:
    """How many actions ``variant`` has: the ``n`` of its ``Discrete(n)`` action space.

    >>> from ono99.envs import action_count
    >>> action_count("ninety-nine")  # 13 ranks, the Ace counting 1 or 11
    14
    """
    return len(action_table(variant))


def action_to_move(variant: VariantLike, action: int) -> Move:
    """The move of action ``action`` in ``variant``.

    Raises:
        Ono99Error: If there is no such action (also an :class:`IndexError`).

    >>> from ono99.envs import action_to_move
    >>> action_to_move("ninety-nine", 0), action_to_move("ninety-nine", 1)
    (Play(card='ace', amount=1), Play(card='ace', amount=11))
    """
    moves = action_table(variant).moves
    given: object = action  # typed int, but a caller may pass anything
    if isinstance(given, bool) or not isinstance(given, int) or not 0 <= given < len(moves):
        raise ActionError(
            f"no action {action!r}: the actions of this variant are 0 to {len(moves) - 1}"
        )
    return moves[given]


def move_to_action(variant: VariantLike, move: Move) -> int:
    """The action index of ``move`` in ``variant`` (what it says of the total plays no part).

    Raises:
        Ono99Error: If no action plays that move (also a :class:`ValueError`).

    >>> import ono99
    >>> from ono99.envs import move_to_action
    >>> move_to_action("ninety-nine", ono99.Play("ace", amount=11))
    1
    """
    table = action_table(variant)
    try:
        return table.index[unsaid(move)]
    except (KeyError, TypeError):
        raise MoveError(f"{move!r} is no move of {table.variant.id}") from None


class ActionError(Ono99Error, IndexError):
    """An action index that is not one of the variant's actions."""


class MoveError(Ono99Error, ValueError):
    """A move that no action of the variant plays."""
