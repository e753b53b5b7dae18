"""One observation layout and one action table for every shipped variant and house rule."""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import TYPE_CHECKING, Any

import numpy as np

from ono99._args import shown
from ono99._errors import ArgumentError
from ono99.engine import Decline, Move, Play, Redraw
from ono99.loading import list_house_rules, list_variants, load_variant

from ._actions import ANNOUNCE, LayAway, action_table
from ._encoding import observation_encoder

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import NDArray

    from ono99._variant import Variant

    from ._actions import Action, ActionTable
    from ._encoding import ObservationEncoder

__all__ = [
    "LATEST",
    "SPACES",
    "VERSIONS",
    "UniversalSpaces",
    "Widen",
    "next_layout",
    "shipped_layout",
    "spaces_arg",
    "universal_of",
    "universal_spaces",
]

VERSIONS = ("v0", "v1", "v2")
"""The versions of the universal spaces, oldest first; each one's layout never changes."""
LATEST = VERSIONS[-1]
"""The version ``spaces="universal"`` means where no version is named."""
SPACES = ("variant", "universal", *(f"universal-{version}" for version in VERSIONS))
"""What ``spaces`` may be: each variant's own spaces, or the ones shared by all (a version)."""


def spaces_arg(spaces: object, default: str = LATEST) -> str | None:
    """The version of universal spaces ``spaces`` asks for, ``None`` for the variant's own.

    ``"universal"`` is ``default``'s version (the latest, unless an
    environment id names another); ``"universal-v0"`` names one.

    Raises:
        ArgumentError: If ``spaces`` is none of :data:`SPACES`.
    """
    if not isinstance(spaces, str) or spaces not in SPACES:
        choices = ", ".join(repr(one) for one in SPACES)
        raise ArgumentError("spaces", f"must be one of {choices}, not {shown(spaces)}")
    if spaces == "variant":
        return None
    return default if spaces == "universal" else spaces.removeprefix("universal-")


def universal_of(spaces: object, announce: str) -> UniversalSpaces | None:
    """The universal spaces ``spaces`` asks for (of ``announce``), ``None`` for the variant's own.

    Raises:
        ArgumentError: If ``spaces`` is none of :data:`SPACES`.
    """
    version = spaces_arg(spaces)
    return None if version is None else universal_spaces(announce, version)


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
    """A slot's name as its group and its key: ``hand[ace]`` is ``("hand", "ace")``.

    A name that does not end in a key is a group of its own
    (``laid_away[+0].size``, a pile's size).
    """
    if not name.endswith("]"):
        return name, ""
    group, _, key = name.partition("[")
    return group, key.removesuffix("]")


def _move_data(move: Action) -> dict[str, Any]:
    """A move as the layout file writes it."""
    if isinstance(move, LayAway):
        return {"type": "lay_away", "places": list(move.places)}
    if not isinstance(move, Play):
        return {"type": move.type}
    data: dict[str, Any] = {"card": move.card}
    for name in ("amount", "target", "say", "declare"):
        if getattr(move, name) is not None:
            data[name] = getattr(move, name)
    return data


def _data_move(data: dict[str, Any]) -> Action:
    """A move the layout file wrote."""
    kind = data.get("type", "play")
    if kind == "lay_away":
        return LayAway(tuple(data["places"]))
    if kind == "redraw":
        return Redraw()
    if kind == "decline":
        return Decline()
    return Play(**data)


def shipped_layout(also: Sequence[Variant] = ()) -> dict[str, Any]:
    """The layout the shipped variants and house rules make now, as a layout file holds it.

    What a new version of the universal spaces is made from, when a shipped
    variant brings a card, a move or a slot the latest version lacks:
    written to ``layouts/universal-vN.json`` beside this module, and ``vN``
    added to ``VERSIONS``. The cards, moves and slots are in the order
    :class:`UniversalSpaces` documents; each slot's bounds are the widest of
    the variants', 0 included. A way of laying cards away
    (:class:`~ono99.envs.LayAway`) is written ``{"type": "lay_away",
    "places": [...]}``, after the decline, each number of cards' ways
    together, fewest cards first, in the order they first appear.

    Args:
        also: Variants to hold besides the shipped ones, after them (the
            shapes of variants about to ship).
    """
    variants = [*_shipped(), *also]
    max_players = max(variant.players.max for variant in variants)
    cards: dict[str, list[Move]] = {}
    laying: dict[int, list[LayAway]] = {}
    redraw = decline = False
    for variant in variants:
        for move in action_table(variant).moves:
            if isinstance(move, LayAway):
                ways = laying.setdefault(len(move.places), [])
                if move not in ways:
                    ways.append(move)
            elif isinstance(move, Redraw):
                redraw = True
            elif isinstance(move, Decline):
                decline = True
            elif isinstance(move, Play):
                known = cards.setdefault(move.card, [])
                if move not in known:
                    known.append(move)
    plays = [move for moves in cards.values() for move in moves]
    moves: list[Action] = [*plays, *[Redraw()][:redraw], *[Decline()][:decline]]
    for count in sorted(laying):
        moves += laying[count]
    # The slots: each group's keys, cards in the order above, seats in theirs.
    groups: dict[str, list[str]] = {}
    low: dict[str, float] = {}
    high: dict[str, float] = {}
    for variant in variants:
        encoder = observation_encoder(variant, variant.players.min, max_players)
        for name, least, most in zip(encoder.names, encoder.low, encoder.high, strict=True):
            group, key = _key(name)
            keys = groups.setdefault(group, [])
            if key not in keys:
                keys.append(key)
            low[name] = min(low.get(name, 0.0), float(least))
            high[name] = max(high.get(name, 0.0), float(most))
    order = {card: i for i, card in enumerate(cards)}
    names: list[str] = []
    for group, keys in groups.items():
        by_card = all(key in order for key in keys) and keys != [""]
        ordered = sorted(keys, key=order.__getitem__) if by_card else keys
        names += [f"{group}[{key}]" if key else group for key in ordered]
    return {
        "max_players": max_players,
        "cards": list(cards),
        "moves": [_move_data(move) for move in moves],
        "slots": [[name, low[name], high[name]] for name in names],
    }


def next_layout(also: Sequence[Variant] = ()) -> dict[str, Any]:
    """The layout of the next version: the latest one's, then what the shipped variants add.

    Every card, action and slot of the latest version keeps its place (a
    slot's bounds widen where a variant's are wider); the cards, actions
    and slots the shipped variants and house rules (and ``also``) bring
    that it lacks follow, in the order :func:`shipped_layout` gives them.
    So a policy's indices of the latest version mean the same in the next.
    Written to ``layouts/universal-vN.json`` and ``vN`` added to
    ``VERSIONS`` (with the Gymnasium id ``ono99/Ono99-vN``).

    Args:
        also: Variants to hold besides the shipped ones (the shapes of
            variants about to ship).
    """
    latest = _layout(LATEST)
    built = shipped_layout(also)
    cards = list(latest["cards"])
    cards += [card for card in built["cards"] if card not in cards]
    moves = list(latest["moves"])
    moves += [move for move in built["moves"] if move not in moves]
    bounds = {name: (low, high) for name, low, high in built["slots"]}
    slots = []
    for name, low, high in latest["slots"]:
        least, most = bounds.pop(name, (low, high))
        slots.append([name, min(low, least), max(high, most)])
    slots += [[name, low, high] for name, (low, high) in bounds.items()]
    players = max(latest["max_players"], built["max_players"])
    return {"max_players": players, "cards": cards, "moves": moves, "slots": slots}


def layout_text(layout: dict[str, Any]) -> str:
    """A layout as its file ``layouts/universal-vN.json`` holds it: JSON, a line an entry.

    The cards on one line, then each move and each slot on its own::

        text = layout_text(next_layout())  # written to layouts/universal-vN.json

    >>> import json
    >>> from ono99.envs._universal import _layout, layout_text
    >>> text = layout_text(_layout("v1"))
    >>> json.loads(text) == _layout("v1"), text.splitlines()[4]
    (True, '    {"card": "ace"},')
    """

    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    moves = ",\n".join(f"    {line(move)}" for move in layout["moves"])
    slots = ",\n".join(
        f"    {line([name, float(low), float(high)])}" for name, low, high in layout["slots"]
    )
    return (
        "{\n"
        f'  "max_players": {layout["max_players"]},\n'
        f'  "cards": {line(layout["cards"])},\n'
        f'  "moves": [\n{moves}\n  ],\n'
        f'  "slots": [\n{slots}\n  ]\n'
        "}\n"
    )


@functools.lru_cache(maxsize=len(VERSIONS))
def _layout(version: str) -> dict[str, Any]:
    """The layout file of ``version``, read from the package."""
    text = resources.files("ono99.envs").joinpath(f"layouts/universal-{version}.json").read_text()
    layout: dict[str, Any] = json.loads(text)
    return layout


class UniversalSpaces:
    """The observation and action spaces shared by every shipped variant and house rule.

    With ``spaces="universal"``, every environment of :mod:`ono99.envs`
    shows its vectors and masks in these spaces, whatever its variant,
    house rules and player count, so that one agent trains on a mix of
    them (:func:`universal_spaces` gives them). They are versioned: a
    version's layout is fixed once made and never changes, so a policy
    trained on it goes on reading the same vectors; when a shipped variant
    brings a card, a move or a slot the latest version lacks, a new version
    is made (the Gymnasium environment ``ono99/Ono99-v2`` shows ``v2``,
    ``ono99/Ono99-v1`` and ``ono99/Ono99-v0`` the earlier ``v1`` and
    ``v0``). Each was made from the variants shipped when it was, each alone
    and with each house rule that can be laid over it:

    - ``v0``: 308 slots and 45 actions (89 with ``announce="choose"``), for
      up to 13 seats.
    - ``v1``: 685 slots and 193 actions (384 with ``announce="choose"``), for
      up to 13 seats: what ``noddy``, ``ninety-nine-drinks`` and the house
      rules ``crazy-eights``, ``spade-ace-four-shuffles`` and ``wild-jacks``
      brought: 44 more cards (``noddy``'s, each of its own suit, and the
      suited cards the house rules name), the moves declaring a suit, a
      reaction's :class:`~ono99.Decline`, and the slots of the starter, the
      declared suit and an open reaction. Every slot and action of ``v0``
      is in ``v1`` under the same name, with the same bounds.
    - ``v2``: 803 slots and 213 actions (404 with ``announce="choose"``),
      for up to 13 seats: what the crib games (``cribbage``,
      ``cribbage-five-card``, ``cribbage-three-hand``,
      ``cribbage-four-hand``) brought: the crib's slots (``crib.size``,
      ``crib[card]``), the record of the cards each seat laid away
      (``laid_away[+k].size``, and the observer's own cards,
      ``laid_away[+0][card]``), and the 20 ways of laying cards away
      (:class:`~ono99.envs.LayAway`: 5 of one card, 15 of two). Every slot
      and action of ``v1`` is in ``v2`` at the same index, with the same
      bounds but one, widened: ``plays_owed`` up to 12, the six-card hand's
      (``next_layout`` made it).

    A variant with a card, a move or a slot the version lacks (a newer
    shipped one, or a file of your own) is refused, naming the version that
    holds it where one does. In a version:

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
        version: One of ``VERSIONS`` (``"v0"``, ``"v1"``, ``"v2"``); the
            latest by default.

    Raises:
        ArgumentError: If ``announce`` or ``version`` is none of those.

    Attributes:
        announce: ``"true_total"`` or ``"choose"``.
        version: The layout's version.
        cards: The card ids, in order.
        max_players: The seats of the observation: the most players of any.
        names: The name of each slot of the observation.
        low: The least value of each slot.
        high: The most value of each slot.
        moves: The move of each action (a silent play's is its plain move).
        silent: Where the silent plays start (``announce="choose"``), or ``None``.
    """

    def __init__(self, announce: str = "true_total", version: str = LATEST) -> None:
        if announce not in ANNOUNCE:
            raise ArgumentError("announce", f"must be 'true_total' or 'choose', not {announce!r}")
        if version not in VERSIONS:
            raise ArgumentError(
                "version", f"must be one of {', '.join(VERSIONS)}, not {shown(version)}"
            )
        layout = _layout(version)
        self.announce = announce
        self.version = version
        self.max_players: int = layout["max_players"]
        self.cards: tuple[str, ...] = tuple(layout["cards"])
        base = [_data_move(data) for data in layout["moves"]]
        plays = [move for move in base if isinstance(move, Play)]
        moves = list(base)
        self.silent: int | None = None
        if announce == "choose":
            self.silent = len(moves)
            moves += plays
        self.moves: tuple[Action, ...] = tuple(moves)
        self._action: dict[Action, int] = {move: i for i, move in enumerate(base)}
        slots = layout["slots"]
        self.names: tuple[str, ...] = tuple(name for name, _, _ in slots)
        self.low: NDArray[np.float32] = np.array([low for _, low, _ in slots], np.float32)
        self.high: NDArray[np.float32] = np.array([high for _, _, high in slots], np.float32)
        self._slot = {name: i for i, name in enumerate(self.names)}

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
                f"the universal observation {self.version} has no slot {missing} of "
                f"{encoder.variant.id} (it holds the cards of the variants shipped when it was "
                f"made, for up to {self.max_players} seats){self._newer(encoder=encoder)}",
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
                    f"{self.version} (it holds the moves of the variants shipped when it was "
                    f"made){self._newer(table=table)}",
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

    def _newer(
        self, *, encoder: ObservationEncoder | None = None, table: ActionTable | None = None
    ) -> str:
        """Where a refused variant fits: the first later version that holds it, or nothing.

        It holds the encoder's slots, or the table's moves.
        """
        for version in VERSIONS[VERSIONS.index(self.version) + 1 :]:
            layout = _layout(version)
            if encoder is not None:
                names = {name for name, _, _ in layout["slots"]}
                fits = all(name in names for name in encoder.names)
            else:
                assert table is not None  # noqa: S101 - one of the two is given
                moves = {_data_move(data) for data in layout["moves"]}
                fits = all(move in moves for move in table.moves)
            if fits:
                return (
                    f": version {version} holds it (spaces='universal-{version}', or the "
                    f"environment ono99/Ono99-{version})"
                )
        return ""

    def __repr__(self) -> str:
        return f"<UniversalSpaces {self.version}: {len(self)} slots, {self.actions} actions>"

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (universal_spaces, (self.announce, self.version))


@functools.lru_cache(maxsize=2 * len(VERSIONS))
def _spaces(announce: str, version: str) -> UniversalSpaces:
    return UniversalSpaces(announce, version)


def universal_spaces(announce: str = "true_total", version: str = LATEST) -> UniversalSpaces:
    """The (shared) :class:`UniversalSpaces` of ``announce`` and ``version``.

    Raises:
        ArgumentError: If ``announce`` is neither ``"true_total"`` nor
            ``"choose"``, or ``version`` is none of ``VERSIONS``.

    >>> from ono99.envs import universal_spaces
    >>> spaces = universal_spaces()
    >>> spaces.version, spaces.max_players, spaces.actions, spaces.moves[:3]
    ('v2', 13, 213, (Play(card='ace'), Play(card='ace', amount=1), Play(card='ace', amount=11)))
    >>> len(universal_spaces(version="v0")), universal_spaces(version="v0").actions
    (308, 45)
    """
    if announce not in ANNOUNCE:
        raise ArgumentError("announce", f"must be 'true_total' or 'choose', not {announce!r}")
    if version not in VERSIONS:
        choices = ", ".join(VERSIONS)
        raise ArgumentError("version", f"must be one of {choices}, not {shown(version)}")
    return _spaces(announce, version)


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

    def move(self, action: int) -> Action:
        """The move of the space's ``action``."""
        return self._moves[action]
