"""The PettingZoo environment, checked by PettingZoo's own API and seed tests."""

from __future__ import annotations

import pytest

import ono99

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")

from envcases import CASES, IDS  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from ono99 import envs  # noqa: E402
from ono99.envs.pettingzoo import env, raw_env  # noqa: E402

# ------------------------------------------------------------------ PettingZoo


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(("variant", "house", "players"), CASES, ids=IDS)
def test_pettingzoo_api_and_seed_tests(variant: str, house: tuple[str, ...], players: int) -> None:
    api_test(env(variant, players, house, seed=5), num_cycles=200)
    seed_test(lambda: env(variant, players, house, seed=5), num_cycles=200)


def test_pettingzoo_rewards_the_winner_and_renders() -> None:
    table = raw_env("ono99-1980", players=3, render_mode="ansi", seed=2)
    table.reset()
    rendered = table.render()
    assert rendered is not None
    assert "player 0" in rendered
    returns = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        returns[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        assert observation["action_mask"].any()
        table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert table.game is not None
    winner = f"player_{table.game.winner}"
    assert returns == {a: (1.0 if a == winner else -1.0) for a in table.possible_agents}


@pytest.mark.parametrize(("variant", "house", "players"), CASES, ids=IDS)
def test_pettingzoo_returns_and_terminations_follow_the_game(
    variant: str, house: tuple[str, ...], players: int
) -> None:
    """Invariant: an agent is terminated once knocked out (with -1) or at the end (+1 if won).

    Rewards are only rewritten after a move that knocks someone out or ends
    the game, so this checks, at every step of several games, that they are
    what a rewrite would give.
    """
    table = raw_env(variant, players, house, seed=3)
    for _ in range(3):
        table.reset()
        returns = dict.fromkeys(table.possible_agents, 0.0)
        for agent in table.agent_iter():
            observation, reward, terminated, truncated, _ = table.last()
            returns[agent] += reward
            game = table.game
            assert game is not None
            seat = int(agent.removeprefix("player_"))
            out = not game.in_game[seat] or game.is_over
            assert terminated == out
            assert not truncated
            if terminated:
                table.step(None)
                continue
            assert sum(table.rewards.values()) == 0.0 or game.in_game.count(True) < players
            table.step(int(np.flatnonzero(observation["action_mask"])[-1]))
        assert table.game is not None
        winner = f"player_{table.game.winner}"
        assert returns == {a: (1.0 if a == winner else -1.0) for a in table.possible_agents}


def test_pettingzoo_illegal_action_is_refused_and_the_game_kept() -> None:
    table = raw_env("ono99-2022", players=2, seed=1)
    table.reset()
    assert table.game is not None
    before = table.game.moves
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ono99.IllegalMoveError, match="holds no"):
        table.step(np.int64(illegal))
    with pytest.raises(envs.ActionError, match="no action 16"):
        table.step(16)
    assert table.game.moves == before
