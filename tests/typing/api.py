"""Typed usage of the public API; ``mypy --strict`` checks this file in CI."""

from __future__ import annotations

import ono99
from ono99 import events
from ono99.testing import Checked, check_invariants


def play_first_moves(seed: int) -> int | None:
    variant: ono99.Variant = ono99.load_variant("ono99-2022")
    game = ono99.Game(variant, players=3, seed=seed)
    for _ in range(5):
        moves: tuple[ono99.Move, ...] = game.legal_moves()
        happened: tuple[events.Event, ...] = game.play(moves[0])
        for event in happened:
            if isinstance(event, events.Played):
                card: str = event.card
                assert card
    reason: str | None = game.why_illegal(ono99.Play("ono99"))
    assert reason is None or isinstance(reason, str)
    record: ono99.GameRecord = game.record()
    again = ono99.Game.replay(record)
    return again.winner


class Lowest:
    def choose(self, observation: ono99.Observation) -> ono99.Move:
        return observation.legal_moves[0]


def autoplay() -> int:
    players: list[ono99.Player] = [Lowest(), ono99.RandomPlayer(1), ono99.CautiousPlayer()]
    return ono99.play_out(ono99.Game("ono99-1980", players=3, seed=1), players)


def check_my_variant(path: str) -> int:
    checked: Checked = check_invariants(path, games=2, seed=1, players=[2, 3])
    return checked.moves
