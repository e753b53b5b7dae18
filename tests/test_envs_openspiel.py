"""The OpenSpiel game, checked by OpenSpiel's own random-simulation test."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open_spiel) is not installed")

from envcases import CASES, IDS  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

import ono99.envs.openspiel  # noqa: E402, F401 - registers the game
from ono99 import envs  # noqa: E402

# ------------------------------------------------------------------ OpenSpiel


@pytest.mark.parametrize(("variant", "house", "players"), CASES, ids=IDS)
def test_openspiel_random_simulation(variant: str, house: tuple[str, ...], players: int) -> None:
    name = "+".join((variant, *house))
    game = pyspiel.load_game("python_ono99", {"variant": name, "players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_openspiel_chance_nodes_are_the_engines_randomness() -> None:
    """Invariant: a state driven by chance outcomes plays exactly the engine's own game."""
    game = pyspiel.load_game("python_ono99", {"variant": "ono99-1980", "players": 3})
    state = game.new_initial_state()
    rng = random.Random(8)
    chance = 0
    hands_seen = set()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            state.apply_action(rng.choice(outcomes)[0])
            chance += 1
            continue
        player = state.current_player()
        hands_seen.add(state.information_state_string(player).splitlines()[-1])
        assert f"p{player} " in state.observation_string(player)
        assert len(state.observation_tensor(player)) == len(
            envs.observation_encoder("ono99-1980", 3)
        )
        state.apply_action(rng.choice(state.legal_actions()))
    assert chance > 50  # at least the first deal's shuffle: 53 draws for 54 cards
    assert sorted(state.returns()) == [-1.0, -1.0, 1.0]
    # The information state keeps every observation: perfect recall.
    assert len(state.information_state_string(0).splitlines()) > 10


def test_openspiel_states_clone_independently() -> None:
    game = pyspiel.load_game("python_ono99", {"variant": "ono99-2022", "players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert str(clone) != str(state)
    assert state.history() != clone.history()


def test_openspiel_evaluate_bots_plays_a_game() -> None:
    """OpenSpiel's own ``evaluate_bots`` plays a whole game with its random bots."""
    game = pyspiel.load_game("python_ono99", {"variant": "ninety-nine+two-decks", "players": 3})
    rng = np.random.RandomState(3)
    bots = [uniform_random.UniformRandomBot(seat, rng) for seat in range(3)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sorted(returns) == [-1.0, -1.0, 1.0]
