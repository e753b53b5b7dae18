"""simulate() and compare_variants(): reproducible, parallel, and counting the right things."""

from __future__ import annotations

import concurrent.futures
import functools
import json
import pickle
import random
import socket
import struct
import subprocess
import sys
from typing import TYPE_CHECKING, Any

import pytest
from children import wait_for

import ono99
from ono99 import events as ev
from ono99.engine._compiled import compile_variant
from ono99.engine._game import engine_of
from ono99.players._policies import RandomSeat
from ono99.simulation._batch import deciding_card as _deciding_card
from ono99.simulation._progress import Feed, _Line
from ono99.simulation._results import wilson_interval
from ono99.simulation._seeds import game_seed

if TYPE_CHECKING:
    from pathlib import Path


def test_same_seed_same_result_whatever_the_jobs() -> None:
    """Game i and its players are seeded from (seed, i): processes and chunks don't matter."""
    options = {
        "players": 3,
        "games": 40,
        "seed": 5,
        "strategies": ["cautious", "random", "reckless"],
    }
    alone = ono99.simulate("ono99-1980", jobs=1, **options)  # type: ignore[arg-type]
    assert alone == ono99.simulate("ono99-1980", jobs=2, **options)  # type: ignore[arg-type]
    assert alone == ono99.simulate("ono99-1980", jobs=2, chunk_size=3, **options)  # type: ignore[arg-type]
    other = ono99.simulate("ono99-1980", jobs=1, **{**options, "seed": 6})  # type: ignore[arg-type]
    assert other != alone


def test_counts_add_up() -> None:
    result = ono99.simulate("ono99-2022", players=4, games=60, seed=2, jobs=1)
    assert result.games == 60 == sum(result.wins) == result.plays_per_game.games
    assert result.plays == sum(v * n for v, n in result.plays_per_game.counts)
    assert result.rounds_per_game.counts == ((1, 60),)  # the 2022 game is one round
    assert sum(n for _, n in result.deciding_cards) == 60
    assert [w.wins for w in result.by_seat] == list(result.wins)
    assert result.by_strategy[0].label == "cautious"
    assert result.by_strategy[0].wins == 60
    assert result.seconds > 0


def test_plays_and_winners_match_games_played_directly() -> None:
    """The result counts what the engine did: replay game 0 by hand and compare.

    Simulated random players draw from their game's own generator, after the deal.
    """
    result = ono99.simulate("ono99-1980", players=2, games=1, seed=9, jobs=1, strategies="random")
    game = ono99.Game("ono99-1980", 2, seed=game_seed(9, 0))
    seats = [RandomSeat(engine_of(game).rng) for _ in range(2)]
    winner = ono99.play_out(game, seats)
    assert result.wins[winner] == 1
    assert result.plays == sum(isinstance(e, ev.Played) for e in game.events)
    assert result.rounds_per_game.counts == ((game.round, 1),)


def test_one_strategy_per_seat_and_rotation() -> None:
    fixed = ono99.simulate(
        "ono99-2022", players=2, games=200, seed=1, jobs=1, strategies=["cautious", "random"]
    )
    assert fixed.strategies == ("cautious", "random")
    cautious, rand = fixed.by_strategy
    assert cautious.wins == fixed.wins[0]
    assert cautious.rate > 0.6 > rand.rate  # cautious is much the stronger
    assert cautious.fair == 0.5
    rotated = ono99.simulate(
        "ono99-2022",
        players=2,
        games=200,
        seed=1,
        jobs=1,
        strategies=["cautious", "random"],
        rotate=True,
    )
    # Each strategy sat in each seat for half the games, so seat wins are near even.
    assert abs(rotated.wins[0] - rotated.wins[1]) < rotated.by_strategy[0].wins - 100


def test_factories_their_names_and_a_seeded_search() -> None:
    """Player factories get their per-game seeds, so even the search player's games
    come out the same in one process and in two."""
    few = functools.partial(ono99.SearchPlayer, iterations=6)
    options = {"players": 2, "games": 6, "seed": 1, "strategies": [few, ono99.RandomPlayer]}
    result = ono99.simulate("ono99-2022", jobs=2, chunk_size=2, **options)  # type: ignore[arg-type]
    assert result.strategies == ("SearchPlayer", "RandomPlayer")
    assert result == ono99.simulate("ono99-2022", jobs=1, **options)  # type: ignore[arg-type]


def test_bad_arguments_are_clear_errors() -> None:
    with pytest.raises(ono99.ArgumentError, match="no strategy 'careful'"):
        ono99.simulate("ono99-2022", games=1, strategies="careful")
    with pytest.raises(ono99.ArgumentError, match="one per seat"):
        ono99.simulate("ono99-2022", players=3, games=1, strategies=["random", "cautious"])
    with pytest.raises(ono99.VariantError, match="2 to 6 players"):
        ono99.simulate("ono99-2022", players=7, games=1)
    with pytest.raises(ono99.ArgumentError, match="games: expected 1 or more"):
        ono99.simulate("ono99-2022", games=0)
    with pytest.raises(ono99.ArgumentError, match="cannot be sent to other processes"):
        ono99.simulate(
            "ono99-2022",
            players=2,
            games=4,
            jobs=2,
            strategies=lambda seed: ono99.CautiousPlayer(),
        )
    # In one process a lambda is fine.
    ono99.simulate(
        "ono99-2022", players=2, games=2, jobs=1, strategies=lambda s: ono99.CautiousPlayer()
    )


def test_progress_is_reported_game_by_game_to_the_end() -> None:
    """The first game is reported as it ends, counts only go up, and the last is all games."""
    seen: list[tuple[int, int]] = []
    ono99.simulate(
        "ono99-2022", games=10, jobs=1, chunk_size=4, progress=lambda d, t: seen.append((d, t))
    )
    assert seen[0] == (1, 10)
    assert seen[-1] == (10, 10)
    assert [d for d, _ in seen] == sorted({d for d, _ in seen})
    # Every chunk's end is reported, at the latest.
    assert {4, 8, 10} <= {d for d, _ in seen}


def test_progress_from_worker_processes_comes_before_their_chunks_end() -> None:
    """With worker processes, games are reported as they end, not only as chunks do."""
    # Games of a tenth of a second or so (a small search), two to a chunk: the
    # first game of a chunk is reported well before the chunk ends.
    slow = functools.partial(ono99.SearchPlayer, iterations=20)
    seen: list[int] = []
    options: dict[str, Any] = {
        "players": 2,
        "games": 4,
        "jobs": 2,
        "chunk_size": 2,
        "seed": 5,
        "strategies": [slow, "cautious"],
    }
    result = ono99.simulate("ono99-2022", **options, progress=lambda d, t: seen.append(d))
    assert seen[-1] == 4
    assert seen == sorted(set(seen))
    assert any(done % 2 for done in seen), seen
    assert result == ono99.simulate("ono99-2022", **options)


def test_wilson_interval_known_values() -> None:
    """Checked against the textbook formula (Wilson 1927; e.g. 0/10 -> 0 to 0.278)."""
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)


def test_deciding_card_is_the_last_card_another_player_played() -> None:
    log: list[ev.Event] = [
        ev.RoundStarted(1, 1, 0, 0),
        ev.Played(0, "7", 90),
        ev.Played(1, "play_2", 90),
        ev.Played(0, "5", 95),
        ev.LaidDown(0, ("10",)),
        ev.RoundEnded(1, (0,), 1),
    ]
    assert _deciding_card(log) == "play_2"  # not the loser's own first play
    bust: list[ev.Event] = [
        ev.RoundStarted(1, 1, 0, 90),
        ev.Played(1, "hold", 90),
        ev.Played(0, "2", 101),
        ev.Busted(0, 101),
    ]
    assert _deciding_card(bust) == "hold"
    assert _deciding_card([ev.RoundStarted(1, 1, 0, 0), ev.Stuck(0)]) == ""


def test_results_as_data_and_tables() -> None:
    result = ono99.simulate("ono99-1980", players=3, games=12, seed=3, jobs=1)
    data = json.loads(json.dumps(result.to_data()))
    assert data["games"] == 12
    assert len(data["wins"]) == 3
    assert data["plays"] == result.plays
    table = result.table()
    assert "seat 2" in table
    assert "deciding card" in table
    assert "cards played" in table


def test_compare_variants_uses_the_same_seeds() -> None:
    both = ono99.compare_variants(["ono99-1980", "ono99-1980-points"], players=3, games=15, jobs=1)
    alone = ono99.simulate("ono99-1980", players=3, games=15, jobs=1)
    assert both.results[0] == alone
    table = both.table()
    assert "ono99-1980-points" in table.splitlines()[0]
    assert "rounds per game, mean" in table


def test_the_core_does_not_import_matplotlib(tmp_path: Path) -> None:
    code = (
        "import sys, ono99, ono99.cli._main; ono99.simulate('ono99-2022', games=2, jobs=1); "
        "print('matplotlib' in sys.modules)"
    )
    command = [sys.executable, "-c", code]
    # From elsewhere than the source tree, so that the installed ono99 is imported.
    out = subprocess.run(  # noqa: S603 - runs our own code
        command, capture_output=True, text=True, check=True, cwd=tmp_path
    )
    assert out.stdout.strip() == "False"


def test_progress_counts_only_reports_with_the_runs_secret() -> None:
    """A connection to the progress socket without the run's secret counts no games."""
    seen: list[int] = []
    with Feed(lambda done, games: seen.append(done), 10, "processes") as feed:
        assert feed.ticker is not None
        line = feed.ticker.sink
        assert isinstance(line, _Line)
        with socket.create_connection(line.address) as stranger:
            stranger.sendall(b"x" * 17 + struct.pack("!I", 5))
            line.put(3)  # as a worker would
            assert wait_for(lambda: bool(seen))
    assert seen == [3]


# ------------------------------------------------------- the shipped seats


def _cautious_factory(_seed: int) -> ono99.Player:
    return ono99.CautiousPlayer()


def _reckless_factory(_seed: int) -> ono99.Player:
    return ono99.RecklessPlayer()


@pytest.mark.parametrize("variant", ["ono99-2022", "ono99-1980-points", "ninety-nine-pagat"])
def test_shipped_seats_play_the_games_the_public_players_play(variant: str) -> None:
    """The compiled seats a simulation gives "cautious" and "reckless" choose as
    CautiousPlayer and RecklessPlayer do: given as factories instead (which the
    simulation plays through its general path), the same games end the same way."""
    named = ono99.simulate(
        variant, players=4, games=40, seed=4, jobs=1, strategies=["cautious", "reckless"] * 2
    )
    factories = [_cautious_factory, _reckless_factory] * 2
    made = ono99.simulate(variant, players=4, games=40, seed=4, jobs=1, strategies=factories)
    assert named.wins == made.wins
    assert named.plays_per_game == made.plays_per_game
    assert named.deciding_cards == made.deciding_cards


def test_random_seats_share_the_game_generator_and_choose_as_random_player() -> None:
    """A random seat picks as RandomPlayer does (uniformly, through the same draws),
    from the generator it is given rather than one of its own."""
    game = ono99.Game("ono99-2022", 4, seed=3)
    rng = random.Random(11)
    seat, player = RandomSeat(rng), ono99.RandomPlayer(11)
    variant = game.variant
    while not game.is_over:
        legal = game.legal_moves()
        move = seat.pick(legal, game.total, variant)
        assert move is player.pick(legal, game.total, variant)
        assert seat.choose(game.observation(game.current_player)) in legal
        player.pick(legal, game.total, variant)  # keep the two generators in step
        game.play(move)


def test_shared_events_are_made_once_for_each_set_of_fields() -> None:
    """The engine makes a recurring event (frozen) once for each set of its fields
    and shares it; each is equal to the event made afresh."""
    rules = compile_variant(ono99.load_variant("ono99-2022"))
    first = rules.shared(ev.PlaysOwed, 1, 2, "play_2")
    assert first == ev.PlaysOwed(1, 2, "play_2")
    assert rules.shared(ev.PlaysOwed, 1, 2, "play_2") is first
    assert rules.shared(ev.PlaysOwed, 2, 2, "play_2") == ev.PlaysOwed(2, 2, "play_2")
    turned = rules.turned(0, -1, True)
    assert turned == ev.DirectionChanged(0, -1, automatic=True)
    assert rules.turned(0, -1, True) is turned
    assert rules.turned(0, -1, False) == ev.DirectionChanged(0, -1)


def test_an_executor_gives_the_same_result_as_one_process() -> None:
    """The same seed gives the same result on any executor: the chunks' outcomes come
    back pickled whole and are read back in order."""
    options = {
        "players": 3,
        "games": 40,
        "seed": 8,
        "strategies": ["cautious", "random", "reckless"],
    }
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as executor:
        elsewhere = ono99.simulate("ono99-2022", executor=executor, chunk_size=7, **options)  # type: ignore[arg-type]
    assert elsewhere == ono99.simulate("ono99-2022", jobs=1, **options)  # type: ignore[arg-type]


def test_results_pickle_and_load_equal() -> None:
    """Results and comparisons pickle and load equal (what a worker process sends back)."""
    result = ono99.simulate("ono99-1980", players=2, games=5, seed=1, jobs=1)
    both = ono99.compare_variants(["ono99-1980", "ono99-2022"], games=3, seed=1, jobs=1)
    for value in (result, both):
        data = pickle.dumps(value, protocol=2)
        assert pickle.loads(data) == value  # noqa: S301 - pickled just above


def test_compare_variants_reports_progress_a_variant_at_a_time() -> None:
    """``progress(index, games_done, games)`` follows each variant's games in turn, to the
    end of each: what the command draws one bar a variant from."""
    calls: list[tuple[int, int, int]] = []
    ono99.compare_variants(
        ["ono99-1980", "ono99-2022"],
        games=6,
        seed=1,
        jobs=1,
        progress=lambda index, done, games: calls.append((index, done, games)),
    )
    assert [index for index, _, _ in calls] == sorted(index for index, _, _ in calls)
    for index in (0, 1):
        done = [d for i, d, g in calls if i == index and g == 6]
        assert done == sorted(done)
        assert done[-1] == 6
    with pytest.raises(ono99.ArgumentError, match="progress: expected a function"):
        ono99.compare_variants(["ono99-1980"], games=2, progress=3)  # type: ignore[arg-type]


class _TakesNoSeed:
    """A player class of the simplest kind: no seed, no arguments."""

    def choose(self, observation: ono99.Observation) -> ono99.Move:
        return observation.legal_moves[0]


class _TakesTwo:
    def __init__(self, seed: int, depth: int) -> None:
        self.seed = seed

    def choose(self, observation: ono99.Observation) -> ono99.Move:
        return observation.legal_moves[0]


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_player_class_that_takes_no_seed_takes_a_seat(jobs: int) -> None:
    """A class that takes nothing plays, here and on other processes, under its name."""
    result = ono99.simulate(
        "ono99-2022", players=2, games=6, seed=1, jobs=jobs, strategies=[_TakesNoSeed, "cautious"]
    )
    assert result.strategies == ("_TakesNoSeed", "cautious")
    assert sum(result.wins) == 6
    assert isinstance(ono99.make_player(_TakesNoSeed, 3), _TakesNoSeed)


def test_a_player_given_for_its_class_says_to_pass_the_class() -> None:
    for given in (_TakesNoSeed(), [_TakesNoSeed(), "cautious"]):
        with pytest.raises(ono99.ArgumentError) as caught:
            ono99.simulate("ono99-2022", players=2, games=2, strategies=given)  # type: ignore[arg-type]
        assert "pass its class (_TakesNoSeed, not _TakesNoSeed())" in str(caught.value)
    with pytest.raises(ono99.ArgumentError, match="must take a seed, or nothing"):
        ono99.simulate("ono99-2022", players=2, games=2, strategies=_TakesTwo)  # type: ignore[arg-type]
