"""The Gymnasium environment, checked by Gymnasium's ``check_env``; the how-to's training."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from pathlib import Path  # noqa: TC003 - pytest reads the annotation of tmp_path
from typing import Any

import pytest

import ono99

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
gymnasium = pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from children import HANG_GUARD  # noqa: E402
from envcases import CASES, IDS, ROOT  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from ono99.envs import batched  # noqa: E402
from ono99.envs.gymnasium import (  # noqa: E402 - and registers ono99/Ono99-v2
    Ono99Env,
    Ono99SelfPlayVectorEnv,
    Ono99VectorEnv,
)

# ------------------------------------------------------------------ Gymnasium


@pytest.mark.parametrize(("variant", "house", "players"), CASES, ids=IDS)
def test_gymnasium_check_env(variant: str, house: tuple[str, ...], players: int) -> None:
    env = gymnasium.make(
        "ono99/Ono99-v2",
        variant=variant,
        players=players,
        house_rules=house,
        opponents="cautious",
        seat=players - 1,
        render_mode="rgb_array",
    )
    check_env(env.unwrapped, skip_render_check=False)


def test_gymnasium_seeds_reproduce_episodes_and_rewards_are_final() -> None:
    def episode(seed: int) -> tuple[list[list[float]], float]:
        env = gymnasium.make("ono99/Ono99-v2", variant="ono99-1980", players=3, opponents="random")
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
    env = gymnasium.make("ono99/Ono99-v2", variant="ono99-2022", players=2).unwrapped
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (-1.0, True)
    assert "ONO 99" in info["illegal"] or "holds no" in info["illegal"]


@pytest.mark.parametrize("action", [99, 16, -1, 1.5, "1", True, None])
def test_gymnasium_refuses_a_value_outside_the_space_as_every_environment_does(
    action: object,
) -> None:
    """``step(99)`` as ``step(1.5)``: no action of the space is an ArgumentError, the game
    unchanged and the episode going on (``99`` was scored as an illegal move)."""
    env = gymnasium.make("ono99/Ono99-v2", variant="ono99-2022", players=2).unwrapped
    _, info = env.reset(seed=1)
    game = env.game
    assert game is not None
    moves = game.moves
    with pytest.raises(ono99.ArgumentError, match="expected an action index"):
        env.step(action)
    assert game.moves == moves
    env.step(int(np.flatnonzero(info["action_mask"])[0]))  # the episode goes on


def test_gymnasium_refuses_bad_settings() -> None:
    with pytest.raises(ValueError, match="no strategy 'clever'"):
        Ono99Env(players=2, opponents="clever")
    with pytest.raises(ValueError, match="one for each of the 2 other seats"):
        Ono99Env(players=3, opponents=["random"])
    with pytest.raises(ValueError, match="seat must be one of 0 to 1"):
        Ono99Env(players=2, seat=2)
    with pytest.raises(ono99.VariantError):
        Ono99Env(players=9)
    with pytest.raises(ValueError, match=r"neither a strategy's name, a player .* nor a policy"):
        Ono99Env(players=2, opponents=[42])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="or 'random', not 'left'"):
        Ono99Env(players=2, seat="left")


def test_gymnasium_plays_player_objects() -> None:
    env = Ono99Env("ninety-nine", players=3, opponents=[ono99.CautiousPlayer(), "reckless"])
    _, info = env.reset(seed=3)
    done = False
    while not done:
        _, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.game is not None and (env.game.is_over or not env.game.in_game[0])


def test_gymnasium_named_opponents_play_on_between_games_and_reseed_with_a_seed() -> None:
    """A seed reproduces every game after it; a reset without one deals the next game."""

    def games(env: Ono99Env, seed: int, count: int) -> list[tuple[object, ...]]:
        played: list[tuple[object, ...]] = []
        for k in range(count):
            _, info = env.reset(seed=seed if k == 0 else None)
            done = False
            while not done:
                action = int(np.flatnonzero(info["action_mask"])[0])
                _, _, done, _, info = env.step(action)
            assert env.game is not None
            played.append(env.game.moves)
        return played

    env = Ono99Env("ono99-2022", players=4, opponents="random")
    first = games(env, 7, 3)
    assert games(env, 7, 3) == first
    assert len(set(first)) == 3


def test_gymnasium_game_over_before_the_agents_first_turn_ends_at_the_first_step() -> None:
    """The episode's end is told by a step, even when the deal already ended it."""
    env = Ono99Env("ninety-eight", players=2, seat=1)
    observation, info = env.reset(seed=22)  # seat 0 wins before seat 1 can play
    assert env.game is not None and env.game.winner == 0
    assert not info["action_mask"].any()
    moves = env.game.moves
    after, reward, terminated, truncated, info = env.step(0)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert env.game.moves == moves
    assert (after == observation).all() and not info["action_mask"].any()
    with pytest.raises(RuntimeError, match="the episode is over"):
        env.step(0)


# ------------------------------------------------------------- vector env


class LastLegal:
    """A player that decides from its observation: the last legal move."""

    def choose(self, observation: ono99.Observation) -> ono99.Move:
        return observation.legal_moves[-1]


@pytest.mark.parametrize(
    ("variant", "house", "players"), CASES[:4] + CASES[-1:], ids=IDS[:4] + IDS[-1:]
)
def test_vector_env_steps_as_sync_vector_env_of_the_env(
    variant: str, house: tuple[str, ...], players: int
) -> None:
    """Invariant: the batched environment gives, step for step, what SyncVectorEnv gives.

    Observations, rewards, terminations, truncations and the info's masks and
    seeds, through autoresets and illegal actions.
    """
    kwargs: dict[str, object] = {
        "variant": variant,
        "players": players,
        "house_rules": house,
        "seat": 1,
        # One opponent decides from observations, as a player object may.
        "opponents": [LastLegal(), *["random"] * (players - 2)],
    }
    fast = gymnasium.make_vec("ono99/Ono99-v2", num_envs=5, **kwargs)
    assert isinstance(fast, Ono99VectorEnv)
    slow = gymnasium.make_vec("ono99/Ono99-v2", num_envs=5, vectorization_mode="sync", **kwargs)
    assert fast.observation_space == slow.observation_space
    assert fast.action_space == slow.action_space
    # (Gymnasium 1.0 names no autoreset mode: "next step" is its only one.)
    assert fast.metadata["autoreset_mode"] == slow.metadata.get("autoreset_mode", "next-step")
    rng = np.random.default_rng(2)
    for seed in (3, [8, 9, 10, 11, 12]):
        one, info = fast.reset(seed=seed)
        two, slow_info = slow.reset(seed=seed)
        assert (one == two).all()
        for step in range(150):
            mask = info["action_mask"]
            actions = (rng.random(mask.shape) * mask).argmax(axis=1)
            if step % 37 == 5:
                actions[step % 5] = rng.integers(len(mask[0]))  # now and then an illegal one
            result = fast.step(actions)
            expected = slow.step(actions)
            for got_value, want_value in zip(result[:4], expected[:4], strict=True):
                got, want = np.asarray(got_value), np.asarray(want_value)
                assert got.dtype == want.dtype
                assert (got == want).all()
            info, slow_info = result[4], expected[4]
            for key in ("action_mask", "_action_mask", "seed", "_seed", "_illegal"):
                assert (info.get(key) == slow_info.get(key)).all() if key in slow_info else True
            if "illegal" in slow_info:
                assert info["illegal"].tolist() == slow_info["illegal"].tolist()
            else:
                assert "illegal" not in info
            assert fast.observation_space.contains(result[0])


@pytest.mark.skipif(
    not hasattr(gymnasium.vector, "AutoresetMode"), reason="Gymnasium 1.0 has one autoreset mode"
)
@pytest.mark.parametrize(("variant", "house", "players"), CASES[:2], ids=IDS[:2])
def test_vector_env_resetting_in_the_same_step_steps_as_sync_vector_env(
    variant: str, house: tuple[str, ...], players: int
) -> None:
    """Invariant: with ``AutoresetMode.SAME_STEP``, the batch gives what SyncVectorEnv gives
    in that mode: a game that ends is dealt afresh in the step it ends, its last observation
    in ``info["final_obs"]``."""
    kwargs: dict[str, object] = {
        "variant": variant,
        "players": players,
        "house_rules": house,
        "opponents": [LastLegal(), *["random"] * (players - 2)],
        "seat": "random",
    }
    mode = gymnasium.vector.AutoresetMode.SAME_STEP
    fast = gymnasium.make_vec("ono99/Ono99-v2", num_envs=4, autoreset_mode=mode, **kwargs)
    assert fast.metadata["autoreset_mode"] is mode
    slow = gymnasium.make_vec(
        "ono99/Ono99-v2",
        num_envs=4,
        vectorization_mode="sync",
        vector_kwargs={"autoreset_mode": mode},
        **kwargs,
    )
    rng = np.random.default_rng(5)
    info, slow_info = fast.reset(seed=2)[1], slow.reset(seed=2)[1]
    ends = 0
    for step in range(200):
        mask = info["action_mask"]
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        if step % 41 == 7:
            actions[step % 4] = rng.integers(len(mask[0]))  # now and then an illegal one
        result, expected = fast.step(actions), slow.step(actions)
        for got, want in zip(result[:4], expected[:4], strict=True):
            assert got.dtype == want.dtype and (got == want).all()
        info, slow_info = result[4], expected[4]
        assert (info["action_mask"] == slow_info["action_mask"]).all()
        assert (info["seed"] == slow_info["seed"]).all()
        ended = result[2] | result[3]
        ends += int(ended.sum())
        if ended.any():
            assert info["_final_obs"].tolist() == slow_info["_final_obs"].tolist()
            for i in np.flatnonzero(ended):
                assert (info["final_obs"][i] == slow_info["final_obs"][i]).all()
        else:
            assert "final_obs" not in info
    assert ends > 4


def test_vector_env_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="num_envs must be a whole number, 1 or more"):
        Ono99VectorEnv(0)
    envs = Ono99VectorEnv(3, "ninety-nine", players=2)
    with pytest.raises(RuntimeError, match="reset"):
        envs.step([0, 0, 0])
    envs.reset()
    with pytest.raises(ValueError, match=r"one for each of the 3 games, got .* shape \(2,\)"):
        envs.step([0, 0])
    with pytest.raises(ValueError, match=r"shape \(3, 1\)"):
        envs.step([[0], [0], [0]])
    with pytest.raises(ono99.ArgumentError, match="a whole number from 0 to 13, got None"):
        envs.step([None, "x", 0])
    with pytest.raises(ValueError, match="one for each of the 3 games, got 1"):
        envs.reset(seed=[1])
    one, _ = envs.reset(seed=np.int64(4))  # a numpy seed is a seed
    two, _ = envs.reset(seed=4)
    assert (one == two).all()


# ------------------------------------------------ conventions and bad input


def test_gymnasium_mask_is_int8_for_action_space_sample_and_bool_for_action_masks() -> None:
    """Gymnasium's ``Discrete.sample(mask)`` wants an ``int8`` mask (as PettingZoo's
    classic games give); action-masking algorithms call ``action_masks()`` for ``bool``."""
    env = gymnasium.make("ono99/Ono99-v2", variant="ono99-2022", players=3)
    _, info = env.reset(seed=4)
    assert info["action_mask"].dtype == np.int8
    env.action_space.seed(1)
    done = False
    while not done:
        action = env.action_space.sample(info["action_mask"])
        assert info["action_mask"][action] == 1
        _, _, done, truncated, info = env.step(action)
        assert not truncated
    assert env.unwrapped.action_masks().dtype == np.bool_
    envs = gymnasium.make_vec("ono99/Ono99-v2", num_envs=3, variant="ono99-2022")
    assert envs.reset(seed=1)[1]["action_mask"].dtype == np.int8


@pytest.mark.parametrize("bad", [1.5, "1", True, None, float("nan"), np.float64(1.0), [1]])
def test_gymnasium_refuses_what_is_no_action_index_and_keeps_the_game(bad: object) -> None:
    """``step(1.5)``, ``step("1")`` and ``step(True)`` were played as action 1, and
    ``None``/``NaN`` raised bare TypeError/ValueError: each is refused with the library's
    ArgumentError naming the value and the actions, the game unchanged, the episode on."""
    env = Ono99Env("ono99-2022", players=2)
    _, info = env.reset(seed=1)
    assert env.game is not None
    moves = env.game.moves
    with pytest.raises(
        ono99.ArgumentError, match="expected an action index, a whole number from 0 to 15, got"
    ):
        env.step(bad)  # type: ignore[arg-type]
    assert env.game.moves == moves
    legal = int(np.flatnonzero(info["action_mask"])[0])
    for fine in (np.int64(legal), np.array(legal)):
        env.reset(seed=1)
        _, _, _, _, info = env.step(fine)
        assert "illegal" not in info and len(env.game.moves) > len(moves)


def test_vector_env_refuses_bad_actions_and_seeds_and_plays_nothing() -> None:
    """Actions that are not whole numbers (floats were truncated, bools taken as 0 and 1)
    and seeds that are not whole numbers are refused before any game moves."""
    envs = Ono99VectorEnv(3, "ninety-nine", players=2)
    _, info = envs.reset(seed=5)
    before = [env.game.moves for env in envs.envs if env.game is not None]
    legal = np.argmax(info["action_mask"], axis=1)
    for bad in (legal + 0.5, legal.astype(bool), [*legal.tolist()[:2], "1"], [0, 1, None]):
        with pytest.raises(ono99.ArgumentError, match="whole number from 0 to 13"):
            envs.step(bad)
    assert [env.game.moves for env in envs.envs if env.game is not None] == before
    for seed in ("abc", 1.5, True, [1, "x", 2], [1, 2.5, 3]):
        with pytest.raises(ono99.ArgumentError, match="seed"):
            envs.reset(seed=seed)  # type: ignore[arg-type]
    assert [env.game.moves for env in envs.envs if env.game is not None] == before
    with pytest.raises(ono99.ArgumentError, match="seed: expected a whole number or None"):
        Ono99Env("ninety-nine").reset(seed=1.5)  # type: ignore[arg-type]
    result = envs.step(legal)  # the batch is as it was: a legal step plays
    assert "illegal" not in result[4]


def _capped(plays: int) -> ono99.Variant:
    return ono99.loads_variant(
        f'id = "capped"\nextends = "ono99-1980"\n[round]\nmax_game_plays = {plays}\n'
    )


def test_gymnasium_a_game_stopped_at_its_play_cap_is_truncated_with_no_reward() -> None:
    """The rule "round.max_game_plays: A game that reaches it ends at once as after its last
    round" is a time limit: the episode ends truncated (not terminated), reward 0."""
    env = Ono99Env(_capped(7), players=3)
    endings = set()
    for seed in range(6):
        _, info = env.reset(seed=seed)
        done = truncated = False
        reward: Any = 0.0
        while not (done or truncated):
            _, reward, done, truncated, info = env.step(
                int(np.flatnonzero(info["action_mask"])[0])
            )
        assert env.game is not None
        if truncated:
            assert env.game.is_over and len(env.game.moves) == 7 and reward == 0.0 and not done
        else:
            assert reward == -1.0 and not env.game.in_game[0]  # knocked out before the cap
        endings.add(truncated)
    assert True in endings
    envs = Ono99VectorEnv(4, _capped(7), players=3)
    _, info = envs.reset(seed=0)
    truncations = 0
    for _ in range(20):
        _, rewards, ended, cut, info = envs.step(np.argmax(info["action_mask"], axis=1))
        assert not (ended & cut).any()
        assert (rewards[cut] == 0).all()
        truncations += int(cut.sum())
    assert truncations > 0


def test_gymnasium_random_seat_draws_a_seat_each_game_from_the_seeds() -> None:
    """With ``seat="random"`` each game seats the agent anew, reproducibly from the seed;
    the observation is that seat's, and ``info["seat"]`` names it."""

    def seats(seed: int) -> list[int]:
        env = Ono99Env("ono99-2022", players=4, seat="random")
        drawn = []
        for k in range(12):
            observation, info = env.reset(seed=seed if k == 0 else None)
            seat = info["seat"]
            assert env.game is not None
            assert (observation == env.encoder.encode_game(env.game, seat)).all()
            drawn.append(seat)
        return drawn

    first = seats(3)
    assert first == seats(3) and len(set(first)) == 4


class LastLegalPolicy:
    """A policy (vector and mask to an action): the last legal action."""

    def __init__(self) -> None:
        self.shapes: set[tuple[tuple[int, ...], str, str]] = set()

    def __call__(self, observation: Any, mask: Any) -> Any:
        self.shapes.add((observation.shape, str(observation.dtype), str(mask.dtype)))
        return np.flatnonzero(mask)[-1]


def test_gymnasium_opponents_may_be_policies_of_the_vector_and_mask() -> None:
    """A policy given as an opponent plays its seat from what it would see as the agent
    (the same vectors, padding included): the games are those a Player choosing the same
    moves from observations plays."""
    policy = LastLegalPolicy()
    by_policy = Ono99Env("ono99-1980", players=3, opponents=[policy, "random"], max_players=5)
    by_player = Ono99Env("ono99-1980", players=3, opponents=[LastLegal(), "random"])
    for env in (by_policy, by_player):
        _, info = env.reset(seed=9)
        done = truncated = False
        while not (done or truncated):
            _, _, done, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert by_policy.game is not None and by_player.game is not None
    assert by_policy.game.moves == by_player.game.moves
    assert policy.shapes == {((len(by_policy.encoder),), "float32", "int8")}
    assert (
        by_policy.observation_space == Ono99Env("ono99-1980", 5, max_players=5).observation_space
    )
    with pytest.raises(ono99.IllegalMoveError, match="the policy chose action 99"):
        Ono99Env("ono99-1980", players=2, opponents=lambda o, m: 99, seat=1).reset(seed=1)


def _steps(env: Any, actions: list[int]) -> list[Any]:
    seen = []
    for action in actions:
        observation, reward, done, truncated, info = env.step(action)
        seen.append((observation.tolist(), reward, done, truncated, info["action_mask"].tolist()))
        if done or truncated:
            observation, info = env.reset()
            seen.append(observation.tolist())
    return seen


@pytest.mark.parametrize("seat", [1, "random"])
def test_gymnasium_env_round_trips_through_pickle_and_deepcopy(seat: int | str) -> None:
    """A pickled or copied environment goes on as the original: the same observations,
    rewards and masks for the same actions, through later games (its seeds and its
    opponents' own random state come along)."""
    env = gymnasium.make(
        "ono99/Ono99-v2",
        variant="ono99-2022",
        players=3,
        opponents=["cautious", "random"],
        seat=seat,
        render_mode="rgb_array",
    )
    _, info = env.reset(seed=2)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    copies = [pickle.loads(pickle.dumps(env)), copy.deepcopy(env)]  # noqa: S301 - our own data
    actions = [int(a) for a in np.random.default_rng(3).integers(0, 16, 300)]
    expected = _steps(env.unwrapped, actions)
    for other in copies:
        assert _steps(other.unwrapped, actions) == expected
    assert (copies[0].render() == env.render()).all()


def test_vector_env_round_trips_through_pickle_and_deepcopy() -> None:
    envs = Ono99VectorEnv(4, "ono99-1980", players=3, seat="random")
    _, info = envs.reset(seed=1)
    envs.step(np.argmax(info["action_mask"], axis=1))
    copies = [pickle.loads(pickle.dumps(envs)), copy.deepcopy(envs)]  # noqa: S301
    rng = np.random.default_rng(1)
    for _ in range(60):
        actions = rng.integers(0, 10, 4)
        results = [e.step(actions) for e in (envs, *copies)]
        for other in results[1:]:
            for got, want in zip(other[:4], results[0][:4], strict=True):
                assert (got == want).all()
            assert (other[4]["action_mask"] == results[0][4]["action_mask"]).all()


def test_gymnasium_draws_the_table_for_rgb_array() -> None:
    """``render_mode="rgb_array"`` gives a picture of one size all episode long, what
    RecordVideo and Stable-Baselines3's ``make_vec_env`` (which asks for it) need."""
    env = gymnasium.make(
        "ono99/Ono99-v2", variant="ono99-2022", players=4, render_mode="rgb_array"
    )
    _, info = env.reset(seed=1)
    first = env.render()
    assert first.dtype == np.uint8 and first.ndim == 3 and first.shape[2] == 3
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    later = env.render()
    assert later.shape == first.shape and (later != first).any()
    assert Ono99Env("ono99-2022", 2, render_mode="ansi").metadata["render_modes"] == [
        "ansi",
        "human",
        "rgb_array",
    ]


# --------------------------------------------------------- self-play batch

SELF_PLAY = [
    ("ono99-2022", 2, [0, 1], "random"),
    ("ono99-1980", 3, [0, 1, 2], "random"),
    ("ninety-nine-pagat", 4, [1, 3], ["cautious", "reckless"]),
]


@pytest.mark.parametrize("same_step", [False, True], ids=["next-step", "same-step"])
@pytest.mark.parametrize(("variant", "players", "seats", "opponents"), SELF_PLAY)
def test_self_play_batch_steps_as_the_parallel_form_of_each_game(
    variant: str, players: int, seats: list[int], opponents: Any, same_step: bool
) -> None:
    """Invariant: row ``i * k + j`` of the batch is, step for step, agent ``j`` of a parallel
    environment of game ``i`` with the same learners: observations, masks, rewards,
    terminations and truncations, through each game's end and its new deal (at the next
    step, or in the same step, the last observations in ``info["final_obs"]``)."""
    parallel_env = pytest.importorskip("ono99.envs.pettingzoo").parallel_env
    k, games = len(seats), 3
    batch = gymnasium.make_vec(
        "ono99/Ono99-v2",
        num_envs=k * games,
        variant=variant,
        players=players,
        seat=seats,
        opponents=opponents,
        autoreset_mode="same-step" if same_step else "next-step",
    )
    assert isinstance(batch, Ono99SelfPlayVectorEnv)
    tables = [
        parallel_env(variant, players, learners=seats, opponents=opponents) for _ in range(games)
    ]
    observations, info = batch.reset(seed=7)
    singles = [table.reset(seed=7 + i)[0] for i, table in enumerate(tables)]
    rng = np.random.default_rng(3)
    ends = 0
    for _ in range(900):
        for i, table in enumerate(tables):
            for j, agent in enumerate(table.possible_agents):
                if agent in singles[i]:
                    assert (observations[i * k + j] == singles[i][agent]["observation"]).all()
                    mask = singles[i][agent]["action_mask"]
                    assert (info["action_mask"][i * k + j] == mask).all()
        masks = info["action_mask"]
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        observations, rewards, terminated, truncated, info = batch.step(actions)
        for i, table in enumerate(tables):
            rows = slice(i * k, i * k + k)
            if not table.agents:  # ended at the last step: dealt afresh
                singles[i] = table.reset()[0]
                assert not terminated[rows].any() and (rewards[rows] == 0).all()
                continue
            step = table.step(
                dict(zip(table.possible_agents, actions[rows].tolist(), strict=True))
            )
            singles[i] = step[0]
            for j, agent in enumerate(table.possible_agents):
                assert rewards[i * k + j] == step[1][agent]
                assert terminated[i * k + j] == step[2][agent]
                assert truncated[i * k + j] == step[3][agent]
            ends += int(terminated[rows].all())
            over = not table.agents
            finals = info.get("_final_obs", np.zeros(k * games, np.bool_))
            assert finals[rows].tolist() == [over and same_step] * k
            if same_step and over:  # dealt afresh already: the last observations kept
                for j, agent in enumerate(table.possible_agents):
                    assert (info["final_obs"][i * k + j] == step[0][agent]["observation"]).all()
                singles[i] = table.reset()[0]
    assert ends > 0


def test_self_play_batch_refuses_bad_input_and_plays_nothing() -> None:
    batch = Ono99SelfPlayVectorEnv(4, "ono99-2022", 2)
    _, info = batch.reset(seed=1)
    moves = [table.game.moves for table in batch.games if table.game is not None]
    legal = info["action_mask"].argmax(axis=1)
    illegal = legal.copy()
    row = int(np.flatnonzero(info["action_mask"].any(axis=1))[-1])
    illegal[row] = int(np.flatnonzero(info["action_mask"][row] == 0)[0])
    with pytest.raises(ono99.IllegalMoveError, match=f"row {row}: action"):
        batch.step(illegal)
    with pytest.raises(ono99.ArgumentError, match="whole number from 0 to 15"):
        batch.step(legal + 0.5)
    assert [table.game.moves for table in batch.games if table.game is not None] == moves
    copied = pickle.loads(pickle.dumps(batch))  # noqa: S301 - our own data
    for one, two in zip(batch.step(legal), copied.step(legal), strict=True):
        if isinstance(one, dict):
            assert (one["action_mask"] == two["action_mask"]).all()
        else:
            assert (one == two).all()
    with pytest.raises(ValueError, match="multiple of the 2 learning seats, not 3"):
        gymnasium.make_vec("ono99/Ono99-v2", num_envs=3, seat=[0, 1])
    with pytest.raises(ValueError, match="seats: expected seats from 0 to 1"):
        Ono99SelfPlayVectorEnv(2, seats=[1, 0])
    for make in (Ono99SelfPlayVectorEnv, Ono99VectorEnv):
        with pytest.raises(ono99.ArgumentError, match="autoreset_mode: expected AutoresetMode"):
            make(2, autoreset_mode="Disabled")


# -------------------------------------------------------------- the how-to


def test_training_example_beats_the_random_player(tmp_path: Path) -> None:
    """The how-to's script (quick mode): its agent's 95% interval against random is above 50%."""
    script = ROOT / "docs" / "examples" / "train_agent.py"
    done = subprocess.run(  # noqa: S603 - this interpreter, on a file of the repository
        [sys.executable, str(script), "--quick"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        timeout=HANG_GUARD,
    )
    lines = {line.split(":")[0].strip(): line for line in done.stdout.splitlines()}
    against_random = lines["against random"]
    low = float(against_random.split("(")[1].split("%")[0])
    assert low > 50.0, done.stdout
    assert "against cautious" in lines


def test_maskable_ppo_example_trains_and_plays_its_policy(tmp_path: Path) -> None:
    """The how-to's MaskablePPO script (quick mode, the rl-train extra): it trains through
    ``make_vec_env`` (which asks for rgb_array), measures the policy as a PolicyPlayer with
    ``ono99.simulate``, and plays it as an opponent; its 95% interval against random is
    above 50%."""
    pytest.importorskip("sb3_contrib", reason="the rl-train extra (sb3-contrib) is not installed")
    script = ROOT / "docs" / "examples" / "train_maskable_ppo.py"
    done = subprocess.run(  # noqa: S603 - this interpreter, on a file of the repository
        [sys.executable, str(script), "--quick"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        timeout=1800,
    )
    lines = {line.split(":")[0].strip(): line for line in done.stdout.splitlines()}
    low = float(lines["against random"].split("(")[1].split("%")[0])
    assert low > 50.0, done.stdout
    assert "against cautious" in lines
    assert "a game against itself" in lines


# -------------------------------------------------- batched opponents


class LastLegalBatch:
    """A batched policy: the last legal action of each row; it keeps what it was asked."""

    def __init__(self) -> None:
        self.rows: list[int] = []
        self.seeds: set[int] = set()

    def __call__(self, observations: Any, masks: Any, seeds: Any) -> Any:
        assert observations.dtype == np.float32 and masks.dtype == np.int8
        assert seeds.dtype == np.int64 and len(observations) == len(masks) == len(seeds)
        self.rows.append(len(masks))
        self.seeds.update(seeds.tolist())
        return masks.shape[1] - 1 - masks[:, ::-1].argmax(axis=1)


@pytest.mark.parametrize("mode", ["next-step", "same-step"])
@pytest.mark.parametrize(
    ("variant", "players", "seat"), [("ono99-2022", 4, "random"), ("ninety-nine", 3, 1)]
)
def test_a_batched_opponent_plays_the_games_a_policy_plays_asked_once_for_many(
    variant: str, players: int, seat: Any, mode: str
) -> None:
    """Invariant: a batched policy as an opponent plays, game for game, what the same policy
    asked move by move plays; the batch asks it for many games at once (fewer calls than
    moves), with those games' seeds."""
    batch_policy = LastLegalBatch()
    kwargs: dict[str, Any] = {
        "variant": variant,
        "players": players,
        "seat": seat,
        "autoreset_mode": mode,
    }
    fast = gymnasium.make_vec(
        "ono99/Ono99-v2",
        num_envs=6,
        opponents=[batched(batch_policy), *["random"] * (players - 2)],
        **kwargs,
    )
    slow = gymnasium.make_vec(
        "ono99/Ono99-v2",
        num_envs=6,
        opponents=[LastLegalPolicy(), *["random"] * (players - 2)],
        **kwargs,
    )
    rng = np.random.default_rng(4)
    (one, info), (two, _) = fast.reset(seed=5), slow.reset(seed=5)
    seeds: set[int] = set(info["seed"].tolist())
    for _ in range(120):
        assert (one == two).all()
        mask = info["action_mask"]
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        *got, info = fast.step(actions)
        *want, _ = slow.step(actions)
        for a, b in zip(got, want, strict=True):
            assert (a == b).all()
        one, two = got[0], want[0]
        seeds.update(info["seed"].tolist())
    assert sum(batch_policy.rows) > len(batch_policy.rows)  # fewer calls than moves
    assert max(batch_policy.rows) > 1
    assert batch_policy.seeds <= seeds | {env.game.seed for env in fast.envs if env.game}


def test_a_batched_opponent_plays_a_single_environment_as_a_policy_does() -> None:
    batch_policy = LastLegalBatch()
    by_batch = Ono99Env("ono99-1980", players=3, opponents=[batched(batch_policy), "random"])
    by_policy = Ono99Env("ono99-1980", players=3, opponents=[LastLegalPolicy(), "random"])
    for env in (by_batch, by_policy):
        _, info = env.reset(seed=9)
        done = truncated = False
        while not (done or truncated):
            _, _, done, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert by_batch.game is not None and by_policy.game is not None
    assert by_batch.game.moves == by_policy.game.moves
    assert set(batch_policy.rows) == {1} and batch_policy.seeds == {by_batch.game.seed}
    copied = pickle.loads(pickle.dumps(by_batch))  # noqa: S301 - our own data
    assert copied.opponents[0].batched.policy.rows == batch_policy.rows


def test_a_batched_opponent_that_answers_wrongly_is_told_so() -> None:
    with pytest.raises(ono99.ArgumentError, match="policy: expected a callable"):
        batched(3)  # type: ignore[arg-type]
    two = batched(lambda obs, masks, seeds: [0, 0])
    envs = gymnasium.make_vec("ono99/Ono99-v2", num_envs=3, opponents=two, seat=1)
    with pytest.raises(ono99.IllegalMoveError, match="not one action for each of the 3 games"):
        envs.reset(seed=1)
    wrong = batched(lambda obs, masks, seeds: (1 - masks).argmax(axis=1))
    envs = gymnasium.make_vec("ono99/Ono99-v2", num_envs=3, opponents=wrong, seat=1)
    with pytest.raises(ono99.IllegalMoveError, match="which is not legal"):
        envs.reset(seed=1)


@pytest.mark.parametrize("mode", ["next-step", "same-step"])
def test_the_self_play_batch_asks_a_batched_opponent_once_for_many_games(mode: str) -> None:
    """Invariant: in the self-play batch, a batched opponent plays what the same policy asked
    move by move plays, asked for many games at once."""
    batch_policy = LastLegalBatch()
    kwargs: dict[str, Any] = {
        "variant": "ono99-1980",
        "players": 4,
        "seat": [0, 2],
        "autoreset_mode": mode,
    }
    fast = gymnasium.make_vec(
        "ono99/Ono99-v2", num_envs=8, opponents=[batched(batch_policy), "random"], **kwargs
    )
    slow = gymnasium.make_vec(
        "ono99/Ono99-v2", num_envs=8, opponents=[LastLegalPolicy(), "random"], **kwargs
    )
    rng = np.random.default_rng(6)
    (one, info), (two, _) = fast.reset(seed=2), slow.reset(seed=2)
    for _ in range(150):
        assert (one == two).all()
        mask = info["action_mask"]
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        *got, info = fast.step(actions)
        *want, _ = slow.step(actions)
        for a, b in zip(got, want, strict=True):
            assert (a == b).all()
        one, two = got[0], want[0]
    assert sum(batch_policy.rows) > len(batch_policy.rows) and max(batch_policy.rows) > 1
