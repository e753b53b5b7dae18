"""The batches as Stable-Baselines3 vector environments (the rl-train extra)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path  # noqa: TC003 - pytest reads the annotation of tmp_path
from typing import Any

import pytest

import ono99

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
gymnasium = pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")
pytest.importorskip("stable_baselines3", reason="the rl-train extra (SB3) is not installed")
sb3_contrib = pytest.importorskip("sb3_contrib", reason="the rl-train extra is not installed")

from children import HANG_GUARD  # noqa: E402
from envcases import ROOT  # noqa: E402
from stable_baselines3.common.vec_env import VecEnv, VecMonitor  # noqa: E402

import ono99.envs.gymnasium  # noqa: E402 - registers ono99/Ono99-v2
from ono99.envs.stable_baselines3 import Ono99VecEnv, vec_env  # noqa: E402

MIX = ("ono99-2022", "ono99-1980", "ninety-nine", "ninety-nine-taiwan")  # train_mix.py's


def _random_actions(masks: Any, rng: Any) -> Any:
    return (rng.random(masks.shape) * masks).argmax(axis=1)


@pytest.mark.parametrize("seat", [1, [0, 1]], ids=["one-seat", "self-play"])
def test_the_vec_env_gives_the_batchs_steps_resetting_in_the_same_step(seat: Any) -> None:
    """Row for row, the VecEnv is the batch reset in the same step: its observations,
    rewards (as float32) and ends; each ended row's last observation in its info's
    ``terminal_observation``; its masks as bool, a waiting row's allowing action 0 alone."""
    envs = vec_env(6, variant="ono99-2022", players=2, seat=seat, opponents="cautious")
    assert isinstance(envs, VecEnv)
    batch = gymnasium.make_vec(
        "ono99/Ono99-v2",
        num_envs=6,
        variant="ono99-2022",
        players=2,
        seat=seat,
        opponents="cautious",
        autoreset_mode="same-step",
    )
    envs.seed(4)
    observations: Any = envs.reset()
    expected, info = batch.reset(seed=4)
    assert (observations == expected).all()
    rng = np.random.default_rng(1)
    ends = waiting = 0
    for _ in range(300):
        masks = envs.action_masks()
        assert masks.dtype == np.bool_
        moving = info["action_mask"].any(axis=1)
        assert (masks[moving] == info["action_mask"][moving].astype(bool)).all()
        assert (masks[~moving, 0]).all() and not masks[~moving, 1:].any()
        waiting += int((~moving).sum())
        assert [m.tolist() for m in envs.env_method("action_masks")] == masks.tolist()
        actions = _random_actions(masks, rng)
        observations, rewards, dones, infos = envs.step(actions)
        expected, want_rewards, terminated, truncated, info = batch.step(actions)
        assert (observations == expected).all()
        assert rewards.dtype == np.float32 and (rewards == want_rewards).all()
        assert (dones == (terminated | truncated)).all()
        for i, row in enumerate(infos):
            assert ("terminal_observation" in row) == bool(dones[i])
            if dones[i]:
                assert (row["terminal_observation"] == info["final_obs"][i]).all()
                assert row["TimeLimit.truncated"] == bool(truncated[i])
        ends += int(dones.sum())
    assert ends > 10
    assert (waiting > 0) == isinstance(seat, list)


def test_the_vec_env_refuses_what_it_cannot_adapt() -> None:
    with pytest.raises(ono99.ArgumentError, match="SAME_STEP"):
        Ono99VecEnv(gymnasium.make_vec("ono99/Ono99-v2", num_envs=2))
    with pytest.raises(ono99.ArgumentError, match="batch: expected a batch"):
        Ono99VecEnv(gymnasium.make("ono99/Ono99-v2"))
    with pytest.raises(ono99.ArgumentError, match="autoreset_mode"):
        vec_env(2, autoreset_mode="next-step")
    envs = vec_env(2)
    with pytest.raises(RuntimeError, match="step_async"):
        envs.step_wait()
    envs.reset()
    with pytest.raises(ono99.ArgumentError, match="whole number from 0 to 15"):
        envs.step(np.array([0.5, 1.5]))
    assert envs.get_attr("players") == [2, 2]
    with pytest.raises(AttributeError):
        envs.get_attr("no_such_thing")
    assert envs.env_is_wrapped(gymnasium.Wrapper) == [False, False]


@pytest.mark.parametrize("seat", ["random", [0, 1]], ids=["one-seat", "self-play"])
def test_maskable_ppo_trains_on_the_batch_and_picks_legal_actions(seat: Any) -> None:
    """MaskablePPO finds the masks on the VecEnv and trains a few rollouts (seconds); the
    trained model picks only legal actions. Seeded, two runs train the same model."""
    torch = pytest.importorskip("torch")
    torch.set_num_threads(1)

    def train() -> Any:
        envs = VecMonitor(vec_env(8, variant="ninety-nine", players=2, seat=seat))
        model = sb3_contrib.MaskablePPO(
            "MlpPolicy", envs, n_steps=32, batch_size=128, n_epochs=1, seed=3, verbose=0
        )
        return model.learn(512)

    model, again = train(), train()
    first = next(iter(model.policy.parameters())).detach().numpy()
    assert (first == next(iter(again.policy.parameters())).detach().numpy()).all()
    envs = vec_env(8, variant="ninety-nine", players=2, seat=seat)
    observations: Any = envs.reset()
    for _ in range(50):
        masks = envs.action_masks()
        actions, _ = model.predict(observations, action_masks=masks, deterministic=True)
        assert masks[np.arange(8), actions].all()
        observations, _, _, infos = envs.step(actions)
        assert not any("illegal" in row for row in infos)


@pytest.mark.parametrize(
    ("script", "args", "lines"),
    [
        (
            "train_opponent_pool.py",
            ["--steps", "2048", "--every", "1024", "--games", "20"],
            ["against random", "against cautious"],
        ),
        (
            "train_mix.py",
            ["--steps", "2048", "--games", "10"],
            [f"{variant} against {who}" for variant in MIX for who in ("random", "cautious")],
        ),
    ],
)
def test_the_how_tos_training_scripts_run(
    script: str, args: list[str], lines: list[str], tmp_path: Path
) -> None:
    """The pool's and the mix's scripts, a few seconds of training each: they train on the
    batch, take their snapshots, and report a win rate for each opponent (and variant)."""
    done = subprocess.run(  # noqa: S603 - this interpreter, on a file of the repository
        [sys.executable, str(ROOT / "docs" / "examples" / script), *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        timeout=HANG_GUARD,
    )
    shown = {line.split(":")[0].strip() for line in done.stdout.splitlines()}
    assert set(lines) <= shown, done.stdout
    if script == "train_opponent_pool.py":
        assert "a pool of 3 snapshots" in done.stdout  # the untrained network, then two
