"""The Gymnasium environment, checked by Gymnasium's ``check_env``; the how-to's training."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path  # noqa: TC003 - pytest reads the annotation of tmp_path

import pytest

import ono99

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
gymnasium = pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from envcases import CASES, IDS, ROOT  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from ono99.envs.gymnasium import Ono99Env  # noqa: E402 - and registers ono99/Ono99-v0

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
        timeout=300,
    )
    lines = {line.split(":")[0].strip(): line for line in done.stdout.splitlines()}
    against_random = lines["against random"]
    low = float(against_random.split("(")[1].split("%")[0])
    assert low > 50.0, done.stdout
    assert "against cautious" in lines
