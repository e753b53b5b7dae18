"""What a player of the OpenSpiel game saw: its information state and its observer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import numpy as np

from ono99 import events as ev

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ono99.engine import Game, Observation

    from ._spiel_chance import Spec

__all__ = ["Observer", "describe", "known_cards"]


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
    the player saw it, and the tensor the observation vector still.
    """

    def __init__(self, spec: Spec, *, perfect_recall: bool) -> None:
        self._spec = spec
        self._perfect_recall = perfect_recall
        self.tensor = np.zeros(len(spec.encoder), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: Seen, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s observation vector (zeros before the deal)."""
        game = state.game
        if game is None:
            self.tensor.fill(0)
        else:
            self._spec.encoder.encode_game(game, player, self.tensor)

    def string_from(self, state: Seen, player: int) -> str:
        """``player``'s observation now, or (with perfect recall) the log as they saw it."""
        if self._perfect_recall:
            return "\n".join(state.information_state_lines(player))
        game = state.game
        return "before the deal" if game is None else describe(game.observation(player))
