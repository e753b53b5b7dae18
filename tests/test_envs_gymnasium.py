"""The Gymnasium environment, checked by Gymnasium's ``check_env``; the how-to's training."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path  # noqa: TC003 - pytest reads the annotation of tmp_path

import pytest

import ono99

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
gymnasium = pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from children import HANG_GUARD  # noqa: E402
from envcases import CASES, IDS, ROOT  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from ono99.envs.gymnasium import Ono99Env, Ono99VectorEnv  # noqa: E402 - and registers ono99/Ono99-v0

# ------------------------------------------------------------------ Gymnasium


@pytest.mark.parametrize(("variant", "house", "players"), CASES, ids=IDS)
def test_gymnasium_check_env(variant: str, house: tuple[str, ...], players: int) -> None:
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
    env = gymnasium.make("ono99/Ono99-v0", variant="ono99-2022", players=2).unwrapped
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (-1.0, True)
    assert "ONO 99" in info["illegal"] or "holds no" in info["illegal"]
    env.reset(seed=1)
    _, reward, terminated, _, info = env.step(99)
    assert (reward, terminated) == (-1.0, True)
    assert info["illegal"] == "there is no action 99 (the actions are 0 to 15)"


def test_gymnasium_refuses_bad_settings() -> None:
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
    fast = gymnasium.make_vec("ono99/Ono99-v0", num_envs=5, **kwargs)
    assert isinstance(fast, Ono99VectorEnv)
    slow = gymnasium.make_vec("ono99/Ono99-v0", num_envs=5, vectorization_mode="sync", **kwargs)
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
    with pytest.raises(ValueError, match="expected 3 action indices, got"):
        envs.step([None, "x", 0])
    with pytest.raises(ValueError, match="one for each of the 3 games, got 1"):
        envs.reset(seed=[1])
    one, _ = envs.reset(seed=np.int64(4))  # a numpy seed is a seed
    two, _ = envs.reset(seed=4)
    assert (one == two).all()


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
