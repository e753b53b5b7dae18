"""The reinforcement-learning environments (the ``rl`` extra).

Each adapter is checked by its own ecosystem's checker for every shipped
variant at two player counts, and for a user's variant file with a house
rule; these tests skip, saying why, where the rl extra is not installed.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import ono99

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from ono99 import envs  # noqa: E402 - only once numpy is known to be there

ROOT = Path(__file__).resolve().parent.parent
USER_VARIANT = str(ROOT / "docs" / "examples" / "hot-potato.toml")
HOUSE_RULE = "two-decks"


def _cases() -> list[tuple[str, tuple[str, ...], int]]:
    cases = []
    for variant_id in ono99.list_variants():
        players = ono99.load_variant(variant_id).players
        for count in sorted({players.min, min(4, players.max)}):
            cases.append((variant_id, (), count))
    cases += [(USER_VARIANT, (HOUSE_RULE,), 2), (USER_VARIANT, (HOUSE_RULE,), 4)]
    return cases


CASES = _cases()
IDS = [f"{Path(v).stem}{'+' + '+'.join(h) if h else ''}-{n}p" for v, h, n in CASES]


# ------------------------------------------------------------------- actions


@pytest.mark.parametrize("variant_id", ono99.list_variants())
def test_every_legal_move_has_one_action_and_back(variant_id: str) -> None:
    """Invariant: each legal move met in play maps to an action whose move is that move."""
    variant = ono99.load_variant(variant_id)
    table = envs.action_table(variant)
    rng = random.Random(3)
    for seed in range(3):
        game = ono99.Game(variant, min(4, variant.players.max), seed=seed)
        while not game.is_over:
            legal = game.legal_moves()
            actions = [envs.move_to_action(variant, move) for move in legal]
            assert len(set(actions)) == len(legal)
            assert [envs.action_to_move(variant, a) for a in actions] == list(legal)
            assert all(0 <= a < len(table) for a in actions)
            game.play(rng.choice(legal))


def test_action_order_is_the_documented_one() -> None:
    """The order is the file's card order, each choice in the card's order, then Redraw."""
    moves = envs.action_table("ninety-nine-everything2").moves
    assert moves[:5] == (
        ono99.Play("ace"),
        ono99.Play("2"),
        ono99.Play("3"),
        ono99.Play("4"),
        ono99.Play("5", target=0),
    )
    # The 5 names any of 8 seats (the variant's most players), then the 6 follows.
    assert moves[11:13] == (ono99.Play("5", target=7), ono99.Play("6"))
    assert moves[16:18] == (ono99.Play("10", amount=10), ono99.Play("10", amount=-10))
    assert envs.action_table("ono99-2022").moves[-1] == ono99.Redraw()
    assert envs.action_count("ono99-2022") == 16


def test_bad_actions_and_moves_are_refused_with_library_errors() -> None:
    with pytest.raises(envs.ActionError, match="actions of this variant are 0 to 15"):
        envs.action_to_move("ono99-2022", 16)
    with pytest.raises(IndexError):
        envs.action_to_move("ono99-2022", -1)
    with pytest.raises(ono99.Ono99Error, match="no action True"):
        envs.action_to_move("ono99-2022", True)
    with pytest.raises(envs.MoveError, match="is no move of ono99-1980"):
        envs.move_to_action("ono99-1980", ono99.Redraw())
    with pytest.raises(ValueError, match="no move"):
        envs.move_to_action("ono99-2022", ono99.Play("joker"))


# --------------------------------------------------------------- observations


def test_observation_vector_names_each_slot() -> None:
    encoder = envs.observation_encoder("ono99-1980", 3)
    game = ono99.Game("ono99-1980", players=3, seed=4)
    vector = encoder.encode(game.observation(1))
    slots = dict(zip(encoder.names, vector.tolist(), strict=True))
    obs = game.observation(1)
    assert slots["total"] == obs.total
    assert slots["hand_size[+0]"] == len(obs.hand)
    # Seats count from the observer: +2 is seat 0, who is to move.
    assert slots["to_move[+2]"] == 1.0
    assert slots["tokens[+1]"] == obs.tokens[2]
    assert sum(slots[f"hand[{card.id}]"] for card in game.variant.cards) == 4
    assert (encoder.low <= vector).all() and (vector <= encoder.high).all()


def test_observation_vector_never_shows_hidden_cards() -> None:
    """Two games that differ only in cards seat 0 cannot see give seat 0 the same vector."""
    variant = ono99.load_variant("ono99-1980")
    hands = [["10", "9", "hold", "2"], ["3", "4", "5", "6"], ["7", "8", "reverse", "2"]]
    pile = [c.id for c in variant.cards for _ in range(c.count)]
    for card in [c for hand in hands for c in hand]:
        pile.remove(card)
    swapped_hands = [hands[0], [pile[0], pile[1], pile[2], pile[3]], hands[2]]
    swapped_pile = [*hands[1], *pile[4:]]
    one = ono99.Game.from_position(variant, hands, pile, total=40, seed=1)
    two = ono99.Game.from_position(variant, swapped_hands, swapped_pile, total=40, seed=1)
    encoder = envs.observation_encoder(variant, 3)
    assert one.hand(1) != two.hand(1)
    assert encoder.encode(one.observation(0)).tolist() == encoder.encode(two.observation(0)).tolist()


# ------------------------------------------------------------------ PettingZoo


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(("variant", "house", "players"), CASES, ids=IDS)
def test_pettingzoo_api_and_seed_tests(variant: str, house: tuple[str, ...], players: int) -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
    from pettingzoo.test import api_test, seed_test

    from ono99.envs.pettingzoo import env

    api_test(env(variant, players, house, seed=5), num_cycles=200)
    seed_test(lambda: env(variant, players, house, seed=5), num_cycles=200)


def test_pettingzoo_rewards_the_winner_and_renders() -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
    from ono99.envs.pettingzoo import raw_env

    table = raw_env("ono99-1980", players=3, render_mode="ansi", seed=2)
    table.reset()
    assert "player 0" in table.render()
    returns = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        returns[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        assert observation["action_mask"].any()
        table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    winner = f"player_{table.game.winner}"
    assert returns == {a: (1.0 if a == winner else -1.0) for a in table.possible_agents}


def test_pettingzoo_illegal_action_is_refused_and_the_game_kept() -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
    from ono99.envs.pettingzoo import raw_env

    table = raw_env("ono99-2022", players=2, seed=1)
    table.reset()
    before = table.game.moves
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ono99.IllegalMoveError):
        table.step(illegal)
    assert table.game.moves == before


# ------------------------------------------------------------------ Gymnasium


@pytest.mark.parametrize(("variant", "house", "players"), CASES, ids=IDS)
def test_gymnasium_check_env(variant: str, house: tuple[str, ...], players: int) -> None:
    gymnasium = pytest.importorskip("gymnasium", reason="the rl extra is not installed")
    from gymnasium.utils.env_checker import check_env

    import ono99.envs.gymnasium  # noqa: F401 - registers the environment

    env = gymnasium.make(
        "ono99/Ono99-v0",
        variant=variant,
        players=players,
        house_rules=house,
        opponents="cautious",
        seat=players - 1,
    )
    check_env(env.unwrapped, skip_render_check=False)


def test_gymnasium_seeds_reproduce_episodes_and_rewards_are_final() -> None:
    gymnasium = pytest.importorskip("gymnasium", reason="the rl extra is not installed")
    import ono99.envs.gymnasium  # noqa: F401 - registers the environment

    def episode(seed: int) -> tuple[list[list[float]], float]:
        env = gymnasium.make("ono99/Ono99-v0", variant="ono99-1980", players=3, opponents="random")
        observation, info = env.reset(seed=seed)
        seen, total, done = [observation.tolist()], 0.0, False
        while not done:
            action = int(np.flatnonzero(info["action_mask"])[-1])
            observation, reward, done, truncated, info = env.step(action)
            assert not truncated
            assert reward == 0.0 or done
            seen.append(observation.tolist())
            total += float(reward)
        return seen, total

    first, reward = episode(11)
    assert episode(11) == (first, reward)
    assert episode(12)[0] != first
    assert reward in (1.0, -1.0)


def test_gymnasium_illegal_action_ends_the_episode_with_a_reason() -> None:
    gymnasium = pytest.importorskip("gymnasium", reason="the rl extra is not installed")
    import ono99.envs.gymnasium  # noqa: F401 - registers the environment

    env = gymnasium.make("ono99/Ono99-v0", variant="ono99-2022", players=2).unwrapped
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (-1.0, True)
    assert "ONO 99" in info["illegal"] or "holds no" in info["illegal"]


def test_gymnasium_refuses_bad_settings() -> None:
    pytest.importorskip("gymnasium", reason="the rl extra is not installed")
    from ono99.envs.gymnasium import Ono99Env

    with pytest.raises(ValueError, match="no strategy 'clever'"):
        Ono99Env(players=2, opponents="clever")
    with pytest.raises(ValueError, match="one for each of the 2 other seats"):
        Ono99Env(players=3, opponents=["random"])
    with pytest.raises(ValueError, match="seat must be one of 0 to 1"):
        Ono99Env(players=2, seat=2)
    with pytest.raises(ono99.VariantError):
        Ono99Env(players=9)
    with pytest.raises(ValueError, match="neither a strategy's name nor a player"):
        Ono99Env(players=2, opponents=[42])  # type: ignore[list-item]


def test_gymnasium_plays_player_objects() -> None:
    pytest.importorskip("gymnasium", reason="the rl extra is not installed")
    from ono99.envs.gymnasium import Ono99Env

    env = Ono99Env("ninety-nine", players=3, opponents=[ono99.CautiousPlayer(), "reckless"])
    _, info = env.reset(seed=3)
    done = False
    while not done:
        _, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.game is not None and (env.game.is_over or not env.game.in_game[0])


# ------------------------------------------------------------------ OpenSpiel


@pytest.mark.parametrize(("variant", "house", "players"), CASES, ids=IDS)
def test_openspiel_random_simulation(variant: str, house: tuple[str, ...], players: int) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open_spiel) is not installed")
    import ono99.envs.openspiel  # noqa: F401 - registers the game

    name = "+".join((variant, *house))
    game = pyspiel.load_game("python_ono99", {"variant": name, "players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_openspiel_chance_nodes_are_the_engines_randomness() -> None:
    """Invariant: a state driven by chance outcomes plays exactly the engine's own game."""
    pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open_spiel) is not installed")
    import ono99.envs.openspiel  # noqa: F401 - registers the game

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
    pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open_spiel) is not installed")
    import ono99.envs.openspiel  # noqa: F401 - registers the game

    game = pyspiel.load_game("python_ono99", {"variant": "ono99-2022", "players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert str(clone) != str(state)
    assert state.history() != clone.history()
