"""The OpenSpiel game, checked by OpenSpiel's own random-simulation test."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open_spiel) is not installed")

from envcases import CASES, IDS  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

import ono99.envs.openspiel  # noqa: E402 - registers the game
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


@pytest.mark.parametrize(("variant", "players"), [("ono99-2022", 3), ("ninety-nine", 2)])
def test_ismcts_bot_plays_on_resampled_states(variant: str, players: int) -> None:
    """OpenSpiel's IS-MCTS bot plays legal moves, searching determinisations of the state.

    Each determinisation keeps the searching player's information state and
    hand, and what everyone can see, so the bot's choices are legal moves.
    """
    from open_spiel.python.algorithms import ismcts, mcts  # noqa: PLC0415

    game = pyspiel.load_game("python_ono99", {"variant": variant, "players": players})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 20, random_state=np.random.RandomState(2))
    state = game.new_initial_state()
    rng = random.Random(3)
    moves = 0
    while not state.is_terminal() and moves < 4:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 4


def test_resampled_state_keeps_what_the_player_knows() -> None:
    """Invariant: a resampled state has the player's information state, hand and public state.

    The other hands keep their sizes; the cards the player cannot see are
    dealt anew (over many samples some other hand differs).
    """
    game = pyspiel.load_game("python_ono99", {"variant": "ono99-1980", "players": 3})
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.is_chance_node() or state.move_number() < 12:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():  # pragma: no cover - a game this short is not expected
            pytest.fail("the game ended before the test's position")
    me = state.current_player()
    real = state.game
    others_differ = False
    for k in range(20):
        sampler = random.Random(k).random
        world = state.resample_from_infostate(me, sampler)
        assert world.information_state_string(me) == state.information_state_string(me)
        assert world.observation_string(me) == state.observation_string(me)
        assert world.legal_actions() == state.legal_actions()
        assert world.game.hand(me) == real.hand(me)
        assert world.game.hand_sizes == real.hand_sizes
        others = [sorted(world.game.hand(s)) for s in range(3) if s != me]
        others_differ |= others != [sorted(real.hand(s)) for s in range(3) if s != me]
        # The same sampler values give the same world.
        again = state.resample_from_infostate(me, random.Random(k).random)
        assert [again.game.hand(s) for s in range(3)] == [world.game.hand(s) for s in range(3)]
    assert others_differ


def test_openspiel_game_length_is_the_variants_play_cap() -> None:
    """OpenSpiel's ``max_game_length`` is the bound every game keeps:
    ``round.max_game_plays`` ("a game that reaches it ends at once")."""
    game = pyspiel.load_game("python_ono99", {"variant": "ninety-nine-milestones", "players": 3})
    variant = ono99.load_variant("ninety-nine-milestones")
    assert game.max_game_length() == variant.round.max_game_plays
