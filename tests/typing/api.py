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


def read_rules() -> str:
    text: str = ono99.rulebook("ono99-1980")
    markup: str = ono99.rulebook(ono99.load_variant("ono99-2022"), format="rst")
    return text + markup


def house_rules(path: str) -> str:
    names: list[str] = ono99.list_house_rules(fits="ono99-1980")
    rule: ono99.HouseRule = ono99.load_house_rule(names[0])
    keys: tuple[str, ...] = rule.keys
    assert keys
    variant = ono99.load_variant("ono99-1980", house_rules=[*names[:1], path], later_wins=True)
    text: str = ono99.dump_variant(variant)
    again: ono99.Variant = ono99.loads_variant(text)
    return ono99.fingerprint(again)


def choices(seed: int) -> list[tuple[str, int | None, int | None]]:
    game = ono99.Game("ninety-nine-everything2", players=4, seed=seed)
    step: ono99.PlayerStep = ono99.PlayerStep(more_than=4, value=2)
    assert game.variant.deck.copies_for(step.more_than) == 1
    game.play(ono99.Play("5", target=2) if "5" in game.hand(0) else game.legal_moves()[0])
    ace = ono99.Play("ace", amount=11)
    reason: str | None = game.why_illegal(ace)
    assert reason is None or isinstance(reason, str)
    return [
        (move.card, move.amount, move.target)
        for move in game.legal_moves()
        if isinstance(move, ono99.Play)
    ]


def check_my_variant(path: str) -> int:
    checked: Checked = check_invariants(path, games=2, seed=1, players=[2, 3])
    return checked.moves
