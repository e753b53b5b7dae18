"""Typed usage of the public API; ``mypy --strict`` checks this file in CI."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import ono99
from ono99 import events
from ono99.envs import action_to_move, move_to_action, observation_encoder
from ono99.envs.gymnasium import Ono99Env
from ono99.envs.pettingzoo import raw_env
from ono99.testing import Checked, check_invariants

if TYPE_CHECKING:
    import concurrent.futures
    from pathlib import Path


def games_of_a_file(path: Path) -> list[ono99.Game]:
    """A variant is taken as a Variant, an id or a path, everywhere alike."""
    game = ono99.Game(path, players=2, seed=1)
    again = ono99.Game.replay(game.record(), path)
    return [game, again, ono99.Game(str(path), players=2, seed=1)]


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


def simulations(executor: concurrent.futures.Executor) -> float:
    deeper = functools.partial(ono99.SearchPlayer, iterations=50, patience=2.0)
    strategies: list[ono99.Strategy] = ["cautious", deeper, ono99.RandomPlayer]
    result: ono99.SimulationResult = ono99.simulate(
        "ono99-1980", players=3, games=10, strategies=strategies, seed=1, executor=executor
    )
    wins: tuple[int, ...] = result.wins
    rate: ono99.WinRate = result.by_strategy[0]
    low, high = rate.interval
    lengths: ono99.Distribution = result.plays_per_game
    both: ono99.Comparison = ono99.compare_variants(["ono99-1980", "ono99-1980-option"], games=5)
    table: str = both.table()
    rows: list[tuple[str, str, str]] = ono99.diff_variants("ono99-1980", "ono99-2022")
    player: ono99.Player = ono99.make_player("reckless", 3)
    assert wins and table and rows
    assert isinstance(player, ono99.Player)
    return low + high + lengths.mean + result.seconds


def position() -> ono99.Game:
    hands = [["10", "9", "hold", "2"], ["5", "6", "7", "8"]]
    pile: list[str] = []
    return ono99.Game.from_position(
        "ono99-1980", hands, pile, total=90, plays_owed=2, forced_by="double_play", seed=1
    )


def turn_and_history(game: ono99.Game, seat: int) -> tuple[bool, str | None, int]:
    seen = game.observation(seat)
    played: tuple[str, ...] = seen.played_this_turn
    log: tuple[events.Event, ...] = game.player_log(seat)
    same: tuple[events.Event, ...] = events.seen_by(game.events, seat)
    moved = [e for e in game.play(game.legal_moves()[0]) if not e.automatic]
    turned = [e.direction for e in log if isinstance(e, events.DirectionChanged)]
    return seen.answering, seen.forced_by, len(played) + len(same) + len(moved) + sum(turned)


def check_my_variant(path: str) -> int:
    checked: Checked = check_invariants(path, games=2, seed=1, players=[2, 3])
    return checked.moves


def seat_or_none(game: ono99.Game, seat: int) -> tuple[str, ...] | None:
    """Bad arguments, of any kind, raise one error that names the argument."""
    try:
        return game.hand(seat)
    except ono99.ArgumentError as error:
        name: str = error.name
        return None if name == "player" else ()


def failed_game(result: ono99.SimulationError) -> tuple[int | None, int | None]:
    return result.game, result.seed


def environments() -> float:
    move: ono99.Move = action_to_move("ono99-2022", 3)
    index: int = move_to_action("ono99-2022", move)
    names: tuple[str, ...] = observation_encoder("ono99-2022", 2).names
    env = Ono99Env("ono99-1980", 3, house_rules=["last-standing"], opponents="cautious")
    observation, info = env.reset(seed=1)
    _, reward, terminated, truncated, _ = env.step(int(info["action_mask"].argmax()))
    table = raw_env("ninety-nine", players=2, seed=1)
    table.reset()
    assert names and not truncated and terminated in (True, False) and table.agents
    return float(observation.sum()) + float(reward) + index
