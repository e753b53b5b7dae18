"""The PettingZoo environment, checked by PettingZoo's own API and seed tests."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

import ono99

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")

from envcases import CASES, IDS  # noqa: E402
from pettingzoo.test import (  # noqa: E402
    api_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
)

from ono99 import envs  # noqa: E402
from ono99.envs.pettingzoo import env, parallel_env, raw_env  # noqa: E402

# ------------------------------------------------------------------ PettingZoo


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(("variant", "house", "players"), CASES, ids=IDS)
def test_pettingzoo_api_and_seed_tests(variant: str, house: tuple[str, ...], players: int) -> None:
    api_test(env(variant, players, house, seed=5), num_cycles=200)
    seed_test(lambda: env(variant, players, house, seed=5), num_cycles=200)


# Besides the shipped variants: a declaration's slots, and vectors padded to more seats.
_PADDED: list[tuple[str, tuple[str, ...], int, int | None]] = [
    ("ninety-nine", ("crazy-eights",), 3, None),
    ("ono99-2022", (), 3, 6),
    ("cribbage-pegging", (), 4, 6),
    ("ninety-nine-drinks", (), 2, 5),
]
_SEATED: list[tuple[str, tuple[str, ...], int, int | None]] = [
    (v, h, n, None) for v, h, n in CASES
]


@pytest.mark.parametrize(
    ("variant", "house", "players", "max_players"),
    _SEATED + _PADDED,
    ids=IDS + [f"{v}{'+' + h[0] if h else ''}-{n}p-max{m}" for v, h, n, m in _PADDED],
)
def test_aec_observations_are_each_seats_own_at_every_step(
    variant: str, house: tuple[str, ...], players: int, max_players: int | None
) -> None:
    """Invariant: every agent's observation, whenever asked, is what its seat sees then.

    The vectors are kept from one observation to the next and only their
    changed slots written, what all seats see once for all of them: they
    must equal a fresh encoding of ``Game.observation`` of that seat,
    whoever was observed before and however long ago (each seat is asked at
    its own pace here), and the mask must hold the legal actions of the
    agent to move alone.
    """
    table = raw_env(variant, players, house, seed=3, max_players=max_players)
    encoder = envs.observation_encoder(table.variant, players, max_players)
    rng = np.random.default_rng(3)
    for _ in range(3):
        table.reset()
        while table.agents:
            game = table.game
            assert game is not None
            # Some agents each step, in a random order: their vectors fall behind unevenly.
            asked = [a for a in table.possible_agents if rng.random() < 0.4]
            for agent in [*rng.permutation(asked), table.agent_selection]:
                seat = int(str(agent).rsplit("_", 1)[1])
                seen = table.observe(str(agent))
                expected = encoder.encode(game.observation(seat)).tolist()
                assert seen["observation"].tolist() == expected
                legal = set(table.table.legal_actions(game))
                mask = set(seen["action_mask"].nonzero()[0].tolist())
                moving = seat == game.current_player and not game.is_over
                assert mask == (legal if moving else set())
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
            else:
                table.step(int(rng.choice(observation["action_mask"].nonzero()[0])))


def test_pettingzoo_render_test_in_every_mode(capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's own render test: a picture for rgb_array, text for ansi and human."""
    render_test(lambda render_mode: raw_env("ono99-1980", 3, render_mode=render_mode, seed=1))
    assert "player 0" in capsys.readouterr().out


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
        winners = {f"player_{seat}" for seat in table.game.winners}  # partners win together
        assert returns == {a: (1.0 if a in winners else -1.0) for a in table.possible_agents}


def test_pettingzoo_illegal_action_is_refused_and_the_game_kept() -> None:
    table = raw_env("ono99-2022", players=2, seed=1)
    table.reset()
    assert table.game is not None
    before = table.game.moves
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ono99.IllegalMoveError, match="holds no"):
        table.step(np.int64(illegal))
    with pytest.raises(ono99.ArgumentError, match="a whole number from 0 to 15, got 16"):
        table.step(16)
    assert table.game.moves == before


@pytest.mark.parametrize("action", [16, -1, 99, 1.5, "1", True, None])
def test_pettingzoo_env_refuses_a_value_outside_the_space_with_the_librarys_error(
    action: object,
) -> None:
    """The one policy of every environment: no action of the space is an ArgumentError.

    PettingZoo's own out-of-bounds wrapper answered ``99`` with a bare ``assert``.
    """
    table = env("ono99-2022", players=2, seed=1)
    table.reset()
    with pytest.raises(ono99.ArgumentError, match="expected an action index"):
        table.step(action)
    observation, reward, terminated, _, _ = table.last()
    assert (reward, terminated) == (0, False)
    table.step(int(np.flatnonzero(observation["action_mask"])[0]))  # still playable


def _capped(plays: int) -> ono99.Variant:
    return ono99.loads_variant(
        f'id = "capped"\nextends = "ono99-1980"\n[round]\nmax_game_plays = {plays}\n'
    )


def test_pettingzoo_a_game_stopped_at_its_play_cap_truncates_everyone_with_no_reward() -> None:
    """The rule "round.max_game_plays: A game that reaches it ends at once as after its
    last round" is a time limit: the agents still in are truncated, not terminated."""
    table = raw_env(_capped(5), players=3, seed=1)
    table.reset()
    returns = dict.fromkeys(table.possible_agents, 0.0)
    ends = {}
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        returns[agent] += reward
        if terminated or truncated:
            ends[agent] = (terminated, truncated)
            table.step(None)
            continue
        table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert table.game is not None and len(table.game.moves) == 5
    assert any(truncated for _, truncated in ends.values())
    for agent, (terminated, truncated) in ends.items():
        assert terminated != truncated
        assert returns[agent] == (0.0 if truncated else -1.0)


@pytest.mark.parametrize("make", ["raw", "wrapped"])
def test_pettingzoo_env_round_trips_through_pickle_and_deepcopy(make: str) -> None:
    """A pickled or copied environment goes on as the original: the same observations and
    rewards for the same actions (``pickle.dumps(raw_env(...))`` failed on a closure)."""
    build = raw_env if make == "raw" else env
    table = build("ono99-1980", 3, seed=4, render_mode="rgb_array")
    table.reset()
    for _ in range(5):
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(int(np.flatnonzero(mask)[0]))
    copies = [pickle.loads(pickle.dumps(table)), copy.deepcopy(table)]  # noqa: S301 - our own data
    assert (copies[0].render() == table.render()).all()

    def play(aec: Any) -> list[Any]:
        seen = []
        for agent in aec.agent_iter(200):
            observation, reward, terminated, truncated, _ = aec.last()
            seen.append((agent, observation["observation"].tolist(), reward))
            if terminated or truncated:
                aec.step(None)
            else:
                aec.step(int(np.flatnonzero(observation["action_mask"])[-1]))
        return seen

    expected = play(table)
    assert all(play(other) == expected for other in copies)


# ------------------------------------------------------------ parallel form


PARALLEL = [
    ("ono99-2022", {"players": 2}),
    ("ono99-1980", {"players": 4}),
    ("ninety-nine-pagat", {"players": 5, "learners": [0, 2, 4], "opponents": "cautious"}),
    ("ono99-1980", {"players": 3, "learners": [1], "opponents": ["random", "reckless"]}),
]


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.parametrize(("variant", "house", "players"), CASES, ids=IDS)
def test_parallel_form_passes_parallel_api_test(
    variant: str, house: tuple[str, ...], players: int
) -> None:
    parallel_api_test(parallel_env(variant, players, house_rules=house, seed=5), num_cycles=300)


@pytest.mark.parametrize(("variant", "kwargs"), PARALLEL)
def test_self_play_with_learners_and_opponents_passes_parallel_api_test(
    variant: str, kwargs: dict[str, Any]
) -> None:
    parallel_api_test(parallel_env(variant, seed=2, **kwargs), num_cycles=400)
    policy = parallel_env(
        variant, seed=2, max_players=6, **{**kwargs, "opponents": lambda o, m: m.argmax()}
    )
    parallel_api_test(policy, num_cycles=400)


@pytest.mark.parametrize(("variant", "kwargs"), PARALLEL)
def test_parallel_form_plays_the_game_and_rewards_each_agent_once(
    variant: str, kwargs: dict[str, Any]
) -> None:
    """Invariant: only the agent to move has legal actions, and its action is the move
    played; every agent stays to the end, and its return is +1 if it won, else -1."""
    table = parallel_env(variant, seed=6, **kwargs)
    for _ in range(3):
        observations, _ = table.reset()
        returns = dict.fromkeys(table.possible_agents, 0.0)
        rng = np.random.default_rng(1)
        while table.agents:
            game = table.game
            assert game is not None
            assert table.agents == table.possible_agents
            movers = [a for a, o in observations.items() if o["action_mask"].any()]
            assert movers == [f"player_{game.current_player}"] or game.is_over
            actions = {
                agent: int(rng.choice(np.flatnonzero(o["action_mask"])))
                if o["action_mask"].any()
                else 0
                for agent, o in observations.items()
            }
            before = len(game.moves)
            observations, rewards, terminated, truncated, _ = table.step(actions)
            if movers:
                assert game.moves[before] == table.table.moves[actions[movers[0]]]
            for agent, reward in rewards.items():
                returns[agent] += reward
            assert not any(truncated.values())
            assert all(terminated.values()) == game.is_over
        assert table.game is not None
        winner = f"player_{table.game.winner}"
        assert returns == {a: 1.0 if a == winner else -1.0 for a in table.possible_agents}


def test_parallel_form_ends_the_game_on_an_illegal_action_as_the_aec_form_does() -> None:
    """An illegal action of the agent to move: -1 for it, 0 for the others, all terminated,
    the reason in its info, the game unchanged (as ``env()``'s wrapper does)."""
    table = parallel_env("ono99-2022", 2, seed=1)
    observations, _ = table.reset()
    assert table.game is not None
    moves = table.game.moves
    agent = next(a for a, o in observations.items() if o["action_mask"].any())
    other = next(a for a in table.agents if a != agent)
    illegal = int(np.flatnonzero(observations[agent]["action_mask"] == 0)[0])
    _, rewards, terminations, truncations, infos = table.step(dict.fromkeys(table.agents, illegal))
    assert rewards == {agent: -1.0, other: 0.0}
    assert terminations == {agent: True, other: True}
    assert truncations == {agent: False, other: False}
    assert "holds no" in infos[agent]["illegal"] or "ONO 99" in infos[agent]["illegal"]
    assert table.agents == []
    assert table.game.moves == moves
    with pytest.raises(ValueError, match="learners: expected seats from 0 to 2"):
        parallel_env("ono99-2022", 3, learners=[3])


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ({}, "expected an action of player_0, the agent to move"),
        ({"player_1": 0}, "expected an action of player_0, the agent to move"),
        ({"player_0": 1.5, "player_1": 0}, r"got 1\.5"),
        ({"player_0": "legal", "player_1": 99}, "a whole number from 0 to 15, got 99"),
        ({"player_0": "legal", "player_1": -1}, "a whole number from 0 to 15, got -1"),
        ({"player_0": "legal", "player_7": 0}, "no agent 'player_7'"),
        ([0, 0], "expected a dict of the agents' actions"),
    ],
)
def test_parallel_form_refuses_actions_outside_the_space_of_any_agent(
    actions: Any, message: str
) -> None:
    """Every agent's action is checked, moving or not: a value outside the space, or a
    missing action of the agent to move, is an ArgumentError and nothing is played."""
    table = parallel_env("ono99-2022", 2, seed=1)
    observations, _ = table.reset()
    assert table.game is not None
    moves = table.game.moves
    legal = int(np.flatnonzero(observations["player_0"]["action_mask"])[0])
    if isinstance(actions, dict):
        actions = {a: legal if v == "legal" else v for a, v in actions.items()}
    with pytest.raises(ono99.ArgumentError, match=message):
        table.step(actions)
    assert table.game.moves == moves
    table.step({"player_0": legal, "player_1": 0})  # still playable
    assert len(table.game.moves) > len(moves)


@pytest.mark.parametrize("variant", ono99.list_variants())
def test_parallel_form_passes_pettingzoo_parallel_seed_test(variant: str) -> None:
    """PettingZoo's own ``parallel_seed_test``, on every shipped variant: random actions of
    the space (illegal ones among them) play the same game from the same seed."""
    seats = ono99.load_variant(variant).players
    players = min(max(3, seats.min), seats.max)
    parallel_seed_test(lambda: parallel_env(variant, players, seed=5), num_cycles=100)


def test_parallel_form_round_trips_through_pickle_and_deepcopy() -> None:
    table = parallel_env("ono99-1980", 4, learners=[0, 2], opponents="cautious", seed=3)
    observations, _ = table.reset()
    copies = [pickle.loads(pickle.dumps(table)), copy.deepcopy(table)]  # noqa: S301

    def play(par: Any, observations: dict[str, Any]) -> list[Any]:
        seen = []
        for _ in range(400):
            if not par.agents:
                observations, _ = par.reset()
            actions = {a: int(np.argmax(o["action_mask"])) for a, o in observations.items()}
            observations, rewards, _, _, _ = par.step(actions)
            seen.append(({a: o["observation"].tolist() for a, o in observations.items()}, rewards))
        return seen

    expected = play(table, observations)
    assert all(play(other, observations) == expected for other in copies)


def test_supersuit_vectorises_the_parallel_form() -> None:
    """SuperSuit's own wrappers batch the agents of many games (its concat_vec_envs copies
    the environment, which failed while it could not be pickled)."""
    ss = pytest.importorskip("supersuit", reason="SuperSuit is not installed")
    table = parallel_env("ono99-2022", 2, seed=1)
    vec = ss.pettingzoo_env_to_vec_env_v1(table)
    envs = ss.concat_vec_envs_v1(vec, 4, num_cpus=0, base_class="gymnasium")
    observations, _ = envs.reset(seed=3)
    assert envs.num_envs == 8
    assert observations["observation"].shape == (8, len(table.encoder))
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(200):
        masks = observations["action_mask"]
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        observations, _, terminated, _, _ = envs.step(actions)
        ended += int(terminated.sum())
        # One agent of each game is to move: half the rows have a legal action.
        assert masks.any(axis=1).sum() == 4
    assert ended > 0
    envs.close()


# ------------------------------------------------------------------ state()


def _table_of(state: Any, names: tuple[str, ...]) -> dict[str, float]:
    return dict(zip(names, state.tolist(), strict=True))


def _check_state(state: Any, names: tuple[str, ...], game: ono99.Game, seats: int) -> None:
    """``state`` is the whole table of ``game``: seat 0's vector, every hand, the pile."""
    encoder = envs.observation_encoder(game.variant, game.players, seats)
    assert state.tolist()[: len(encoder)] == encoder.encode(game.observation(0)).tolist()
    slots = _table_of(state, names)
    assert slots["plays_owed_now"] == game.plays_owed
    ids = [card.id for card in game.variant.cards]
    for seat in range(seats):
        held = game.hand(seat) if seat < game.players else ()
        assert [slots[f"hands[{seat}][{c}]"] for c in ids] == [held.count(c) for c in ids]
    pile = game.draw_pile
    assert [slots[f"draw_pile[{c}]"] for c in ids] == [pile.count(c) for c in ids]
    order = [int(slots[name]) for name in names if name.startswith("draw_order[")]
    assert [ids[k - 1] for k in order if k] == list(pile)
    assert not any(order[len(pile) :])  # 0 past the bottom card


@pytest.mark.parametrize(("variant", "house", "players"), CASES[::3], ids=IDS[::3])
def test_aec_state_is_the_whole_table(variant: str, house: tuple[str, ...], players: int) -> None:
    """Invariant: after every step, ``state()`` is in ``state_space`` and holds seat 0's
    observation vector, what the player to move owes, every hand and the draw pile (its
    counts and its order, top card first), exactly as the game has them."""
    table = raw_env(variant, players, house, seed=7)
    with pytest.raises(RuntimeError, match="reset"):
        table.state()
    assert table.state_space.shape == (len(table.state_names),)
    rng = np.random.default_rng(7)
    steps = 0
    while steps < 60:  # whole games, until enough steps
        table.reset()
        for _ in table.agent_iter():
            state = table.state()
            assert table.state_space.contains(state)
            assert table.game is not None
            _check_state(state, table.state_names, table.game, players)
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            table.step(int(rng.choice(observation["action_mask"].nonzero()[0])))
            steps += 1
    assert steps > 10


def test_parallel_state_is_the_whole_table_and_padded() -> None:
    """The parallel form's ``state()`` is the same whole table; with ``max_players`` the
    padded seats' hands are all 0, and the state pickles with the environment."""
    table = parallel_env(
        "ono99-1980", 3, learners=[1], opponents="cautious", seed=3, max_players=5
    )
    observations, _ = table.reset()
    rng = np.random.default_rng(3)
    for _ in range(30):
        assert table.game is not None
        state = table.state()
        assert table.state_space.contains(state)
        _check_state(state, table.state_names, table.game, 5)
        if not table.agents:
            break
        mask = observations["player_1"]["action_mask"]
        observations, *_ = table.step({"player_1": int(rng.choice(mask.nonzero()[0]))})
    again = pickle.loads(pickle.dumps(table))  # noqa: S301 - our own data
    assert again.state().tolist() == table.state().tolist()


@pytest.mark.filterwarnings("ignore:.*Illegal move made")
def test_pettingzoo_state_test_passes() -> None:
    """PettingZoo's own ``state_test``: the space, the state after random steps (in the
    checking wrappers) and the parallel form's state."""
    from pettingzoo.test import state_test  # noqa: PLC0415

    for variant, players in (("ono99-2022", 4), ("ninety-nine", 3)):
        state_test(env(variant, players, seed=4), parallel_env(variant, players, seed=4))
