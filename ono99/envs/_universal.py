"""One observation layout and one action table for every shipped variant and house rule."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np

from ono99._errors import ArgumentError
from ono99.engine import Decline, Move, Play, Redraw
from ono99.loading import list_house_rules, list_variants, load_variant

from ._actions import ANNOUNCE, action_table
from ._encoding import observation_encoder

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from ono99._variant import Variant

    from ._actions import ActionTable
    from ._encoding import ObservationEncoder

__all__ = ["SPACES", "UniversalSpaces", "Widen", "spaces_arg", "universal_spaces"]

SPACES = ("variant", "universal")
"""What ``spaces`` may be: each variant's own spaces, or the one shared by all."""


def spaces_arg(spaces: object) -> bool:
    """Whether ``spaces`` asks for the universal spaces; else :class:`~ono99.ArgumentError`."""
    if not isinstance(spaces, str) or spaces not in SPACES:
        raise ArgumentError("spaces", f"must be 'variant' or 'universal', not {spaces!r}")
    return spaces == "universal"


def _shipped() -> list[Variant]:
    """Every shipped variant, alone and with each house rule that can be laid over it."""
    found = []
    for variant_id in list_variants():
        found.append(load_variant(variant_id))
        for rule in list_house_rules():
            try:
                found.append(load_variant(variant_id, [rule]))
            except ValueError:  # a house rule that does not fit the variant (a VariantError)
                continue
    return found


def _key(name: str) -> tuple[str, str]:
    """A slot's name as its group and its key: ``hand[ace]`` is ``("hand", "ace")``."""
    group, _, key = name.partition("[")
    return group, key.removesuffix("]")


class UniversalSpaces:
    """The observation and action spaces shared by every shipped variant and house rule.

    With ``spaces="universal"``, every environment of :mod:`ono99.envs`
    shows its vectors and masks in these spaces, whatever its variant,
    house rules and player count, so that one agent trains on a mix of
    them (:func:`universal_spaces` gives them). They are made from the
    shipped variants, each alone and with each house rule that can be laid
    over it:

    - The observation has every slot of :class:`~ono99.envs.ObservationEncoder`
      for as many seats as the most players of any of them, with one slot
      for each card id any of them has (the card slots of each group, such
      as ``hand[card]``, in the order of :attr:`cards`). A game's vector is
      its own variant's (padded to :attr:`max_players`), each value in the
      slot of the same name; the slots of cards its variant lacks are 0.
      Each slot's bounds are the widest of the variants', 0 included. So it
      shows no more than the variant's own vector.
    - The actions are every move any of them has, one action each, in this
      fixed order: the cards in the order of :attr:`cards` (the order in
      which they first appear in the shipped variants, by id in the order
      :func:`ono99.list_variants` lists them, each in its file's order,
      then with each house rule in the order of
      :func:`ono99.list_house_rules`), each card's moves together in the
      order they first appear (an amount or a seat named, as the variants'
      own :class:`~ono99.envs.ActionTable` orders them); then the redraw;
      then :class:`~ono99.Decline` (a reaction's); then, with
      ``announce="choose"``, the silent twin of each play in the same
      order. A card id names one card: a card of the same id in two
      variants is one card kind, and its moves the same actions. An action
      of a move the game's variant has not is never legal there.

    Args:
        announce: ``"true_total"`` or ``"choose"``, as for
            :class:`~ono99.envs.ActionTable`.

    Attributes:
        announce: ``"true_total"`` or ``"choose"``.
        cards: The card ids, in order.
        max_players: The seats of the observation: the most players of any.
        names: The name of each slot of the observation.
        low: The least value of each slot.
        high: The most value of each slot.
        moves: The move of each action (a silent play's is its plain move).
        silent: Where the silent plays start (``announce="choose"``), or ``None``.
    """

    def __init__(self, announce: str = "true_total") -> None:
        if announce not in ANNOUNCE:
            raise ArgumentError("announce", f"must be 'true_total' or 'choose', not {announce!r}")
        variants = _shipped()
        self.announce = announce
        self.max_players = max(variant.players.max for variant in variants)
        cards: dict[str, list[Move]] = {}
        redraw = decline = False
        for variant in variants:
            for move in action_table(variant).moves:
                if isinstance(move, Redraw):
                    redraw = True
                elif isinstance(move, Decline):
                    decline = True
                elif isinstance(move, Play):
                    known = cards.setdefault(move.card, [])
                    if move not in known:
                        known.append(move)
        self.cards: tuple[str, ...] = tuple(cards)
        plays = [move for moves in cards.values() for move in moves]
        moves: list[Move] = [*plays, *[Redraw()][:redraw], *[Decline()][:decline]]
        self.silent: int | None = None
        if announce == "choose":
            self.silent = len(moves)
            moves += plays
        self.moves: tuple[Move, ...] = tuple(moves)
        self._action: dict[Move, int] = {
            move: i for i, move in enumerate(moves[: len(plays) + redraw + decline])
        }
        # The slots: each group's keys, cards in the order above, seats in theirs.
        groups: dict[str, list[str]] = {}
        low: dict[str, float] = {}
        high: dict[str, float] = {}
        for variant in variants:
            encoder = observation_encoder(variant, variant.players.min, self.max_players)
            for name, least, most in zip(encoder.names, encoder.low, encoder.high, strict=True):
                group, key = _key(name)
                keys = groups.setdefault(group, [])
                if key not in keys:
                    keys.append(key)
                low[name] = min(low.get(name, 0.0), float(least))
                high[name] = max(high.get(name, 0.0), float(most))
        order = {card: i for i, card in enumerate(self.cards)}
        names: list[str] = []
        for group, keys in groups.items():
            by_card = all(key in order for key in keys) and keys != [""]
            ordered = sorted(keys, key=order.__getitem__) if by_card else keys
            names += [f"{group}[{key}]" if key else group for key in ordered]
        self.names: tuple[str, ...] = tuple(names)
        self.low: NDArray[np.float32] = np.array([low[n] for n in names], np.float32)
        self.high: NDArray[np.float32] = np.array([high[n] for n in names], np.float32)
        self._slot = {name: i for i, name in enumerate(names)}

    def __len__(self) -> int:
        """How many slots the observation has."""
        return len(self.names)

    @property
    def actions(self) -> int:
        """The number of actions, the ``n`` of the ``Discrete(n)`` action space."""
        return len(self.moves)

    def slots_of(self, encoder: ObservationEncoder) -> NDArray[np.intp]:
        """Where each slot of ``encoder``'s vectors goes in the universal vector.

        Raises:
            ArgumentError: If the encoder has a slot the universal vector lacks
                (a variant of other cards, or more seats).
        """
        try:
            return np.array([self._slot[name] for name in encoder.names], np.intp)
        except KeyError as missing:
            raise ArgumentError(
                "spaces",
                f"the universal observation has no slot {missing} of {encoder.variant.id} "
                f"(it holds the shipped variants' cards, for up to {self.max_players} seats)",
            ) from None

    def actions_of(self, table: ActionTable) -> NDArray[np.intp]:
        """The universal action of each action of ``table`` (of the same ``announce``).

        Raises:
            ArgumentError: If the table has a move no shipped variant has.
        """
        index = []
        for i, move in enumerate(table.moves):
            action = self._action.get(move)
            if action is None:
                raise ArgumentError(
                    "spaces",
                    f"{move!r} of {table.variant.id} is no action of the universal table "
                    "(it holds the moves of the shipped variants)",
                )
            silent = table.silent is not None and i >= table.silent
            if silent:
                if self.silent is None:
                    raise ArgumentError(
                        "spaces", "the universal table of announce='choose' is needed"
                    )
                action = self.silent + action
            index.append(action)
        return np.array(index, np.intp)

    def __repr__(self) -> str:
        return f"<UniversalSpaces {len(self)} slots, {self.actions} actions>"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (universal_spaces, (self.announce,))


@functools.lru_cache(maxsize=2)
def _spaces(announce: str) -> UniversalSpaces:
    return UniversalSpaces(announce)


def universal_spaces(announce: str = "true_total") -> UniversalSpaces:
    """The (shared) :class:`UniversalSpaces` of ``announce``.

    Raises:
        ArgumentError: If ``announce`` is neither ``"true_total"`` nor ``"choose"``.

    >>> from ono99.envs import universal_spaces
    >>> spaces = universal_spaces()
    >>> spaces.max_players, spaces.actions, spaces.moves[:3]
    (13, 193, (Play(card='ace'), Play(card='ace', amount=1), Play(card='ace', amount=11)))
    """
    if announce not in ANNOUNCE:
        raise ArgumentError("announce", f"must be 'true_total' or 'choose', not {announce!r}")
    return _spaces(announce)


class Widen:
    """An environment's vectors, masks and actions, in the universal spaces or its own.

    Args:
        universal: The universal spaces, or ``None`` for the variant's own.
        encoder: The environment's encoder (padded to the universal seats).
        table: The variant's actions.
    """

    def __init__(
        self, universal: UniversalSpaces | None, encoder: ObservationEncoder, table: ActionTable
    ) -> None:
        self.universal = universal
        self._slots: NDArray[np.intp] | None = None
        self._actions: NDArray[np.intp] | None = None
        if universal is None:
            self.actions = len(table)
            self.low, self.high = encoder.low, encoder.high
            self._native = np.arange(len(table), dtype=np.intp)
            self._moves = table.moves
            return
        self._slots = universal.slots_of(encoder)
        self._actions = universal.actions_of(table)
        self.actions = universal.actions
        self.low, self.high = universal.low, universal.high
        self._native = np.full(universal.actions, -1, np.intp)
        self._native[self._actions] = np.arange(len(table), dtype=np.intp)
        self._moves = universal.moves

    def vectors(self, rows: NDArray[np.float32]) -> NDArray[np.float32]:
        """``rows`` of the variant's vectors, as the space shows them (a new array)."""
        if self._slots is None or self.universal is None:
            return rows.copy()
        wide = np.zeros((len(rows), len(self.universal)), np.float32)
        wide[:, self._slots] = rows
        return wide

    def masks(self, rows: NDArray[np.int8]) -> NDArray[np.int8]:
        """``rows`` of the variant's masks, as the space shows them (a new array)."""
        if self._actions is None:
            return rows.copy()
        wide = np.zeros((len(rows), self.actions), np.int8)
        wide[:, self._actions] = rows
        return wide

    def native(self, action: int) -> int:
        """The variant's action of the space's ``action`` (-1 for a move it has not)."""
        return int(self._native[action]) if 0 <= action < self.actions else action

    def natives(self, actions: list[int]) -> list[int]:
        """:meth:`native` of each of ``actions`` (actions of the space)."""
        if self._actions is None:
            return actions
        chosen: list[int] = self._native[actions].tolist()
        return chosen

    def move(self, action: int) -> Move:
        """The move of the space's ``action``."""
        return self._moves[action]
