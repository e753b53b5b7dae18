"""What a player of the OpenSpiel game saw: its information state and its observer."""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING, Protocol

import attrs
import numpy as np

from ono99 import events as ev

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import NDArray

    from ono99._variant import Variant
    from ono99.engine import Game, Observation

    from ._spiel_chance import Spec

__all__ = ["History", "Observer", "describe", "known_cards"]

# What a block of the history holds of an event, field by field (every field of
# every event of ono99.events is one of these).
_KINDS = tuple(name for name in ev.__all__ if attrs.has(getattr(ev, name)))
_SEATS = ("player", "to", "other", "seat", "dealer", "leader", "survivor", "target")
_NUMBERS = (
    "total", "amount", "say", "plays", "direction", "round", "change", "score", "points",
    "tokens", "cards",
)  # fmt: skip
_WORDS = ("declare", "what", "by", "rule", "text", "trigger")
_SEAT_SETS = ("losers", "seats")


class History:
    """The recalled part of an information-state tensor: a player's log, event by event.

    The last ``window`` events of the log the player saw
    (:meth:`ono99.Game.player_log`, the lines of the information-state
    string but its last), newest first, each a block of :attr:`width`
    slots; then how many earlier events the window left out. Each block
    writes every field of its event: its kind (one slot per kind of
    :mod:`ono99.events`), each seat it names as the seat's place after the
    player's plus 1 (0 for none), each number with a slot saying it is
    there, whether it was automatic, each word (a declared suit, a rule's
    text) as its CRC-32 (plus 1, over 2**32), the seats of a set
    (``losers``) as a mask by place, its card (one slot per kind of card),
    and the cards of a hand (a deal, cards laid down) both counted by kind
    and, in order, as each one's index plus 1, for up to :attr:`positions`
    of them.

    So two logs of at most ``window`` events, each hand of them at most
    :attr:`positions` cards, have the same blocks only if they are the same
    log: within those bounds, the tensor has perfect recall.
    """

    def __init__(self, variant: Variant, players: int, window: int, dealt: int) -> None:
        self.window = window
        self.players = players
        self._cards = {card.id: i for i, card in enumerate(variant.cards)}
        kinds = len(self._cards)
        self.positions = max(1, 2 * (dealt // players))
        """How many cards of a hand keep their order (twice a hand dealt)."""
        at = 0
        self._kind, at = at, at + len(_KINDS)
        self._seat, at = at, at + len(_SEATS)
        self._number, at = at, at + 2 * len(_NUMBERS)
        self._automatic, at = at, at + 1
        self._word, at = at, at + len(_WORDS)
        self._set, at = at, at + players * len(_SEAT_SETS)
        self._card, at = at, at + kinds
        self._count, at = at, at + kinds
        self._order, at = at, at + self.positions
        self.width = at
        """The slots of one event's block."""
        self._fields = {
            name: tuple(field.name for field in attrs.fields(getattr(ev, name))) for name in _KINDS
        }

    def __len__(self) -> int:
        """How many slots the history takes: the blocks, then the count left out."""
        return self.window * self.width + 1

    def encode(self, log: Sequence[ev.Event], player: int, out: NDArray[np.float32]) -> None:
        """Write the end of ``player``'s ``log`` into ``out``, of :meth:`__len__` slots."""
        out.fill(0)
        recalled = log[-self.window :] if self.window else []
        out[-1] = len(log) - len(recalled)
        for i, event in enumerate(reversed(recalled)):
            self._block(event, player, out[i * self.width : (i + 1) * self.width])

    def _block(self, event: ev.Event, player: int, block: NDArray[np.float32]) -> None:
        name = type(event).__name__
        block[self._kind + _KINDS.index(name)] = 1
        players = self.players
        for field in self._fields[name]:
            value = getattr(event, field)
            if field == "automatic":
                block[self._automatic] = float(value)
            elif field in _SEATS:
                if value is not None:
                    block[self._seat + _SEATS.index(field)] = (value - player) % players + 1
            elif field == "card":
                block[self._card + self._cards[value]] = 1
            elif field == "cards" and isinstance(value, tuple):
                for at, card in enumerate(value):
                    block[self._count + self._cards[card]] += 1
                    if at < self.positions:
                        block[self._order + at] = self._cards[card] + 1
            elif field in _NUMBERS:
                if value is not None:
                    slot = self._number + 2 * _NUMBERS.index(field)
                    block[slot], block[slot + 1] = 1, value
            elif field in _WORDS:
                if value is not None:
                    crc = zlib.crc32(str(value).encode())
                    block[self._word + _WORDS.index(field)] = (crc + 1) / 2**32
            else:  # a set of seats
                start = self._set + players * _SEAT_SETS.index(field)
                for seat in value:
                    block[start + (seat - player) % players] = 1


class Seen(Protocol):
    """A state of the OpenSpiel game, as the observer reads it."""

    @property
    def game(self) -> Game | None:
        """The state's game, or ``None`` before the deal."""

    def information_state_lines(self, player: int) -> list[str]:
        """The game's log as ``player`` saw it, one event a line."""


def known_cards(log: Sequence[ev.Event], me: int, players: int) -> list[list[str]]:
    """Per seat, the cards ``me`` knows it holds, from ``me``'s log (``player_log``)."""
    known: list[list[str]] = [[] for _ in range(players)]

    def drop(seat: int, card: str) -> None:
        if card in known[seat]:
            known[seat].remove(card)

    for event in log:
        if isinstance(event, ev.RoundStarted):
            known = [[] for _ in range(players)]
        elif isinstance(event, ev.CardGiven):
            if event.player == me:
                known[event.to].append(event.card)
            else:
                drop(event.player, event.card)
        elif isinstance(event, ev.CardGivenUnseen):
            known[event.player] = []
        elif isinstance(event, ev.HandsSwapped):
            a, b = event.player, event.other
            known[a], known[b] = known[b], known[a]
            known[me] = []
        elif isinstance(event, ev.Played | ev.Discarded):
            drop(event.player, event.card)
        elif isinstance(event, ev.Redrew):
            for card in event.cards:
                drop(event.player, card)
        elif isinstance(event, ev.LaidDown):
            known[event.player] = []
    return known


def describe(obs: Observation) -> str:
    """An observation in one line of text."""
    seats = range(len(obs.hand_sizes))
    who = " ".join(
        f"{seat}:{obs.hand_sizes[seat]}{'' if obs.in_round[seat] else 'x'}"
        f"/{obs.tokens[seat]}/{obs.scores[seat]}"
        for seat in seats
        if obs.in_game[seat]
    )
    return (
        f"p{obs.player} round {obs.round} total {obs.total} dir {obs.direction} "
        f"to move {obs.current_player} owes {obs.plays_owed} hand [{' '.join(obs.hand)}] "
        f"seats [{who}] pile {obs.draw_pile_size} discard [{' '.join(obs.discard_pile)}] "
        f"out [{' '.join(obs.out_of_play)}]"
        + ("" if obs.winner is None else f" winner {obs.winner}")
    )


class Observer:
    """OpenSpiel's observer: the observation vector, and strings of what a player saw.

    With perfect recall (the information state), the string is the log as
    the player saw it, and the tensor the observation vector, followed by
    the game's :class:`History` where the game's ``recall`` asks for one.
    """

    def __init__(self, spec: Spec, *, perfect_recall: bool) -> None:
        self._spec = spec
        self._perfect_recall = perfect_recall
        seen = len(spec.encoder)
        self._history = spec.history if perfect_recall else None
        recalled = 0 if self._history is None else len(self._history)
        self.tensor = np.zeros(seen + recalled, np.float32)
        self._seen = self.tensor[:seen]
        self._recalled = self.tensor[seen:]
        self.dict = {"observation": self._seen}
        if self._history is not None:
            self.dict["history"] = self._recalled

    def set_from(self, state: Seen, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s vectors (zeros before the deal)."""
        game = state.game
        if game is None:
            self.tensor.fill(0)
            return
        self._spec.encoder.encode_game(game, player, self._seen)
        if self._history is not None:
            self._history.encode(game.player_log(player), player, self._recalled)

    def string_from(self, state: Seen, player: int) -> str:
        """``player``'s observation now, or (with perfect recall) the log as they saw it."""
        if self._perfect_recall:
            return "\n".join(state.information_state_lines(player))
        game = state.game
        return "before the deal" if game is None else describe(game.observation(player))
