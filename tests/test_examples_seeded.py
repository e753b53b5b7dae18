"""The training examples reproduce by seed: two runs of one seed print one digest.

Each example prints a ``digest`` line, a hash of what it trained (the
network's weights, or the value table) and of the results it printed. Every
source of chance in them flows from ``--seed``; a source left unseeded (say,
OpenSpiel's chance sampler, which ``rl_environment.Environment`` draws from
its own generator) makes two runs differ, and this fails.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"

# Each training example, and what it imports beyond the rl extra.
NEEDS = {
    "train_agent.py": ("gymnasium",),
    "train_maskable_ppo.py": ("gymnasium", "torch", "sb3_contrib"),
    "train_mix.py": ("gymnasium", "torch", "sb3_contrib"),
    "train_opponent_pool.py": ("gymnasium", "torch", "sb3_contrib"),
    "train_nfsp.py": ("pyspiel", "torch", "tree"),
}

# Long enough for a run of a quick mode on a busy machine.
HANG_GUARD = 1800


def _run(script: str, seed: int, cwd: Path) -> str:
    done = subprocess.run(  # noqa: S603 - this interpreter, on a file of the repository
        [sys.executable, str(EXAMPLES / script), "--quick", "--seed", str(seed)],
        capture_output=True,
        text=True,
        check=True,
        cwd=cwd,
        timeout=HANG_GUARD,
    )
    return done.stdout


def test_every_training_example_is_here() -> None:
    assert sorted(path.name for path in EXAMPLES.glob("train_*.py")) == sorted(NEEDS)


@pytest.mark.parametrize("script", sorted(NEEDS))
def test_two_runs_of_one_seed_print_one_digest(script: str, tmp_path: Path) -> None:
    for module in NEEDS[script]:
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{script} needs {module}, which is not installed")
    first, second = _run(script, 5, tmp_path), _run(script, 5, tmp_path)
    digests = [re.findall(r"digest ([0-9a-f]{16}) \(seed 5\)", out) for out in (first, second)]
    assert len(digests[0]) == 1, first
    assert digests[0] == digests[1], (first, second)

    # What they printed is the same too, but for the CPU time taken.
    def timeless(out: str) -> str:
        return re.sub(r"\(\d+\.\d CPU-min\)", "", out)

    assert timeless(first) == timeless(second)
