"""Reactions and declarations in the environments: the player a reaction names moves next.

While a reaction is open (``ninety-nine-drinks``: a king aims a drink), the
player it names answers out of turn: PettingZoo's agent selection and
OpenSpiel's current player are that player, and their legal actions are the
answers and ``Decline``. A declaration (``crazy-eights``) is one action per
suit named.
"""

from __future__ import annotations

import random

import pytest

import ono99
from ono99 import Decline, Play

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from ono99.envs import action_table  # noqa: E402


def _to_a_reaction(seed: int) -> ono99.Game:
    """A game of ninety-nine-drinks played at random up to a reaction open."""
    rng = random.Random(seed)
    game = ono99.Game("ninety-nine-drinks", 3, seed=seed)
    while game.reaction is None:
        assert not game.is_over
        game.play(rng.choice(game.legal_moves()))
    return game


def test_the_action_table_has_answers_and_decline_last() -> None:
    """The actions of a variant with reactions end with each card's plain play (an
    answer) for cards that leave a choice, then Decline; the legal actions in a reaction
    are those of the answers and Decline."""
    table = action_table("ninety-nine-drinks")
    assert table.moves[-1] == Decline()
    assert Play("king") in table.moves
    game = _to_a_reaction(1)
    legal = table.legal_actions(game)
    assert set(legal.values()) == set(game.legal_moves())
    assert table.moves.index(Decline()) in legal


def test_crazy_eights_has_one_action_per_suit_named() -> None:
    """A card that declares has one action per thing it may name."""
    table = action_table("ninety-nine+crazy-eights")
    eights = [m for m in table.moves if isinstance(m, Play) and m.card == "8_of_hearts"]
    assert [m.declare for m in eights] == ["clubs", "diamonds", "hearts", "spades"]


def test_pettingzoo_selects_the_player_a_reaction_names() -> None:
    """PettingZoo's agent selection follows the game's current player: the player a
    reaction names, out of turn."""
    pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
    from ono99.envs.pettingzoo import env  # noqa: PLC0415

    aec = env(variant="ninety-nine-drinks", players=3)
    aec.reset(seed=4)
    rng = random.Random(4)
    seen = 0
    for agent in aec.agent_iter(3000):
        observation, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec.step(None)
            continue
        game = aec.unwrapped.game
        if game.reaction is not None:
            seen += 1
            assert agent == aec.possible_agents[game.reaction.seat]
        legal = np.flatnonzero(observation["action_mask"])
        aec.step(int(rng.choice(list(legal))))
    assert seen


def test_openspiel_current_player_is_the_player_a_reaction_names() -> None:
    """OpenSpiel's current player is the player a reaction names, and random games
    with reactions pass OpenSpiel's own random-simulation test."""
    pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open_spiel) is not installed")
    import ono99.envs.openspiel  # noqa: F401, PLC0415 - registers the game

    game = pyspiel.load_game("python_ono99", {"variant": "ninety-nine-drinks", "players": 3})
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    rng = random.Random(2)
    seen = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, odds = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, odds)[0])
                continue
            ours = state.game  # the ono99 Game of the state (None only at the deal)
            if ours is not None and ours.reaction is not None:
                seen += 1
                assert state.current_player() == ours.reaction.seat
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen
