"""The benchmark tasks for learning agents, and their table of baselines, by seed.

A task is a variant, a player count and an opponent: the agent plays one
seat, the opponent every other, seats rotating from game to game. Each
baseline is measured the same way (``ono99.simulate``, one seed) and
reported as its win rate with its 95% Wilson interval beside the fair
share (1 / players); a baseline is measurably above the opponent when its
whole interval lies above the fair share.

    python benchmarks/tasks.py                       # every task, the players' baselines
    python benchmarks/tasks.py --task heads-up-1980 --games 2000
    python benchmarks/tasks.py --train --steps 200000 --nfsp-games 3000   # and the learners

The baselines are the shipped random, cautious and search players, and with
``--train`` (the ``rl-train`` extra: PyTorch, sb3-contrib, dm-tree) two
learners trained on the task at the budget given, each from ``--seed``:

- MaskablePPO (sb3-contrib), the how-to's network, trained for ``--steps``
  steps against the task's opponent through ``ono99/Ono99-v1``;
- NFSP (OpenSpiel's PyTorch one), trained by self-play for
  ``--nfsp-games`` games on ``python_ono99`` (two-player tasks only).

The last column, with ``--exploit``, is
:func:`ono99.envs.estimate_best_response` against the opponent: how much the
best responder found gains over the fair share, a lower bound on the
opponent's exploitability.

Every figure comes from ``--seed`` (the games, the players, the training):
the same command prints the same table. ``--markdown`` prints it as a
Markdown table too. The docs' page of the tasks (docs/explanation/tasks.rst)
gives the table and the command and budget that made each figure.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import ono99

TASKS: dict[str, tuple[str, int, str, str]] = {
    "heads-up-1980": ("ono99-1980", 2, "cautious", "two players: search beats cautious"),
    "heads-up-2022": ("ono99-2022", 2, "cautious", "two players, the 2022 edition"),
    "table-of-four": ("ono99-2022", 4, "cautious", "four players, three opponents"),
    "partners": ("noddy", 4, "cautious", "two teams of two, partners opposite"),
    "reactions": (
        "ninety-nine-drinks",
        3,
        "cautious",
        "a king aims a drink, answered out of turn",
    ),
}
"""Each task's variant, players, opponent and what it tests."""

BASELINES = ("random", "cautious", "search")


def baseline(task: str, strategy: Any, label: str, games: int, seed: int) -> ono99.WinRate:
    """The win rate of ``strategy`` in one seat of ``task``, seats rotating."""
    variant, players, opponent, _ = TASKS[task]
    result = ono99.simulate(
        variant,
        players=players,
        games=games,
        strategies=[strategy, *[opponent] * (players - 1)],
        rotate=True,
        seed=seed,
        jobs=1,
    )
    return next(rate for rate in result.by_strategy if rate.label == label)


def maskable_ppo(task: str, steps: int, seed: int) -> ono99.Player:
    """A MaskablePPO player trained on ``task`` for ``steps`` steps (the rl-train extra)."""
    import torch  # noqa: PLC0415 - only with --train
    from sb3_contrib import MaskablePPO  # noqa: PLC0415
    from stable_baselines3.common.env_util import make_vec_env  # noqa: PLC0415

    import ono99.envs.gymnasium  # noqa: F401, PLC0415 - registers ono99/Ono99-v1
    from ono99.envs import PolicyPlayer  # noqa: PLC0415

    variant, players, opponent, _ = TASKS[task]
    torch.set_num_threads(1)
    envs = make_vec_env(
        "ono99/Ono99-v1",
        n_envs=8,
        seed=seed,
        env_kwargs={"variant": variant, "players": players, "opponents": opponent},
    )
    model = MaskablePPO(
        "MlpPolicy", envs, n_steps=256, batch_size=512, n_epochs=4, gamma=1.0, seed=seed
    )
    model.learn(total_timesteps=steps)

    def policy(observation: Any, mask: Any) -> int:
        action, _ = model.predict(observation, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    return PolicyPlayer(policy, variant, players)


def nfsp(task: str, games: int, seed: int) -> ono99.Player:
    """NFSP's average policy trained by self-play on ``task`` (two players only)."""
    import sys  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs" / "examples"))
    import train_nfsp  # type: ignore[import-not-found]  # noqa: PLC0415 - the how-to's script

    from ono99.envs import PolicyPlayer  # noqa: PLC0415

    variant, players, _, _ = TASKS[task]
    train_nfsp.VARIANT, train_nfsp.PLAYERS = variant, players
    agents = train_nfsp.train(games, seed)
    return PolicyPlayer(train_nfsp.as_policy(agents[0], seed=7), variant, players)


def _as_strategy(player: ono99.Player) -> Any:
    """A trained player as a strategy of ``ono99.simulate`` (labelled ``"trained"``)."""

    def trained(_seed: int) -> ono99.Player:
        return player

    return trained


def main() -> None:
    """Measure the baselines of each task asked for, and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--task", choices=sorted(TASKS), action="append")
    parser.add_argument("--games", type=int, default=1000, help="games per baseline")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--train", action="store_true", help="train MaskablePPO and NFSP too")
    parser.add_argument("--steps", type=int, default=200_000, help="MaskablePPO's steps")
    parser.add_argument("--nfsp-games", type=int, default=3000, help="NFSP's games")
    parser.add_argument("--exploit", action="store_true", help="estimate the best response")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    rows = []
    for task in args.task or list(TASKS):
        variant, players, opponent, what = TASKS[task]
        start = time.process_time()
        # The opponent against itself wins the fair share by symmetry (seats differ:
        # one seat's share would measure the seat, not the player): not played.
        cells: dict[str, ono99.WinRate | str] = {
            name: baseline(task, name, name, args.games, args.seed)
            if name != opponent
            else "(the opponent: the fair share)"
            for name in BASELINES
        }
        if args.train:
            ppo = _as_strategy(maskable_ppo(task, args.steps, args.seed))
            cells["MaskablePPO"] = baseline(task, ppo, "trained", args.games, args.seed)
            if players == 2:  # OpenSpiel's NFSP here is for two
                net = _as_strategy(nfsp(task, args.nfsp_games, args.seed))
                cells["NFSP"] = baseline(task, net, "trained", args.games, args.seed)
        exploit = ""
        if args.exploit:
            from ono99.envs import estimate_best_response  # noqa: PLC0415

            estimate = estimate_best_response(
                opponent, variant, players, games=args.games, seed=args.seed
            )
            low, high = estimate.interval
            exploit = f"{estimate.best.label} {estimate.gain:+.1%} ({low:+.1%} to {high:+.1%})"
        minutes = (time.process_time() - start) / 60
        print(f"{task}: {variant}, {players} players against {opponent} ({what}), "
              f"fair share {1 / players:.1%} ({minutes:.1f} CPU-min)")  # fmt: skip
        for name, rate in cells.items():
            print(f"  {name:<12} {rate}")
        if exploit:
            print(f"  best response found: {exploit}")
        rows.append((task, cells, exploit))
    if args.markdown:
        names = list(rows[0][1])
        print("\n| task | " + " | ".join(names) + " | best response |")
        print("|---" * (len(names) + 2) + "|")
        for task, cells, exploit in rows:
            print(f"| {task} | " + " | ".join(str(cells[n]) for n in names) + f" | {exploit} |")


if __name__ == "__main__":
    main()
