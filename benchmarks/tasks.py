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
  steps against the task's opponent through ``ono99/Ono99-v2``;
- NFSP (OpenSpiel's PyTorch one), trained by self-play for
  ``--nfsp-games`` games on ``python_ono99`` (two-player tasks only).

The last column, with ``--exploit``, is
:func:`ono99.envs.estimate_best_response` against the opponent: how much the
best responder found gains over the fair share, a lower bound on the
opponent's exploitability.

Every figure comes from ``--seed`` (the games, the players, the training):
the same command prints the same table. ``--markdown`` prints it as a
Markdown table too.

The docs' page of the tasks (docs/reference/benchmark-tasks.rst) includes
the table this script writes, never one typed by hand: ``--save FILE``
adds each figure measured, with the command, budget, seed, CPU time and
machine that made it, to a JSON record (a figure measured again replaces
the one before), and ``--rst FILE`` writes that record's tables::

    nice -n 19 python benchmarks/tasks.py --games 2000 --save docs/_data/benchmark-tasks.json
    python benchmarks/tasks.py --rst docs/_data/benchmark-tasks.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
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

    import ono99.envs.gymnasium  # noqa: F401, PLC0415 - registers ono99/Ono99-v2
    from ono99.envs import PolicyPlayer  # noqa: PLC0415

    variant, players, opponent, _ = TASKS[task]
    torch.set_num_threads(1)
    envs = make_vec_env(
        "ono99/Ono99-v2",
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
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs" / "examples"))
    import torch  # noqa: PLC0415 - only with --train
    import train_nfsp  # type: ignore[import-not-found]  # noqa: PLC0415 - the how-to's script

    from ono99.envs import PolicyPlayer  # noqa: PLC0415

    variant, players, _, _ = TASKS[task]
    train_nfsp.VARIANT, train_nfsp.PLAYERS = variant, players
    torch.set_num_threads(1)
    torch.manual_seed(seed)  # NFSP's networks start from it, whatever ran before
    agents = train_nfsp.train(games, seed)
    return PolicyPlayer(train_nfsp.as_policy(agents[0], seed=7), variant, players)


def _as_strategy(player: ono99.Player) -> Any:
    """A trained player as a strategy of ``ono99.simulate`` (labelled ``"trained"``)."""

    def trained(_seed: int) -> ono99.Player:
        return player

    return trained


LEARNERS = ("MaskablePPO", "NFSP")


def machine() -> dict[str, Any]:
    """What the figures were measured on, and how busy it was as they started."""
    model = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return {
        "cpu": model,
        "cores": os.cpu_count(),
        "system": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "ono99": ono99.__version__,
        "nice": os.nice(0) if hasattr(os, "nice") else None,
        "load": [round(x, 1) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None,
    }


def budget(name: str, args: argparse.Namespace) -> str:
    """The training budget of a baseline, in words (empty for the shipped players)."""
    if name == "MaskablePPO":
        return f"{args.steps:,} steps"
    if name == "NFSP":
        return f"{args.nfsp_games:,} games of self-play"
    return ""


def measure(task: str, name: str, args: argparse.Namespace) -> ono99.WinRate:
    """Train (a learner) and measure one baseline of ``task``."""
    if name == "MaskablePPO":
        player = maskable_ppo(task, args.steps, args.seed)
        return baseline(task, _as_strategy(player), "trained", args.games, args.seed)
    if name == "NFSP":
        player = nfsp(task, args.nfsp_games, args.seed)
        return baseline(task, _as_strategy(player), "trained", args.games, args.seed)
    return baseline(task, name, name, args.games, args.seed)


def save(path: Path, cells: list[dict[str, Any]]) -> None:
    """Add ``cells`` to the record at ``path``, each replacing the figure it measures again."""
    record: dict[str, Any] = {"cells": []}
    if path.exists():
        record = json.loads(path.read_text(encoding="utf-8"))
    new = {(cell["task"], cell["baseline"]) for cell in cells}
    kept = [c for c in record["cells"] if (c["task"], c["baseline"]) not in new]
    order = {task: i for i, task in enumerate(TASKS)}
    columns = {name: i for i, name in enumerate(BASELINES + LEARNERS)}
    record["cells"] = sorted(
        kept + cells, key=lambda c: (order[c["task"]], columns[c["baseline"]])
    )
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


def _rate(cell: dict[str, Any]) -> ono99.WinRate:
    _, players, _, _ = TASKS[cell["task"]]
    return ono99.WinRate(
        label=cell["baseline"], seats=1, wins=cell["wins"], games=cell["games"], fair=1 / players
    )


def rst(path: Path) -> str:
    """The record at ``path`` as the docs page's tables (reStructuredText)."""
    cells: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    names = [*BASELINES, *(n for n in LEARNERS if any(c["baseline"] == n for c in cells))]
    lines = [
        ".. This file is written by benchmarks/tasks.py --rst from the record beside it:",
        "   measure again and write it again, never edit it by hand.",
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - Task",
        "     - Fair share",
        *[f"     - {name}" for name in names],
    ]
    for task, (_, players, opponent, _) in TASKS.items():
        here = {c["baseline"]: c for c in cells if c["task"] == task}
        if not here:
            continue
        lines += [f"   * - ``{task}``", f"     - {1 / players:.1%}"]
        for name in names:
            cell = here.get(name)
            if name == opponent:
                lines.append("     - (the opponent)")
            elif cell is None:
                lines.append("     - (not measured)")
            else:
                rate = _rate(cell)
                low = rate.interval[0]
                shown = str(rate)
                if low > rate.fair:
                    shown = f"**{shown}**"  # measurably above the opponent
                if cell["budget"]:
                    shown += f" [{cell['budget']}]"
                lines.append(f"     - {shown}")
    machines = {json.dumps(c["machine"] | {"load": None}, sort_keys=True) for c in cells}
    torches = sorted({c["torch"] for c in cells if c.get("torch")})
    seeds = sorted({c["seed"] for c in cells})
    nice = sorted({c["machine"]["nice"] for c in cells})
    lines += [""]
    for one in sorted(machines):
        m = json.loads(one)
        lines.append(
            f"Measured on {m['cpu']} ({m['cores']} cores, {m['system']}), Python "
            f"{m['python']}, ono99 {m['ono99']}"
            + (f", PyTorch {', '.join(torches)}" if torches else "")
            + f"; seed {', '.join(map(str, seeds))}; every run at nice "
            + f"{', '.join(map(str, nice))}, on a machine shared with other jobs (the "
            "load average as each figure started is given below). The commands, and the "
            "figures each made:"
        )
        lines.append("")
    for command in dict.fromkeys(c["command"] for c in cells):
        made = [
            f"{c['task']} {c['baseline']} ({c['games']:,} games"
            + (f", trained for {c['budget']}" if c["budget"] else "")
            + f"; {c['cpu_min']:.1f} CPU-min, load {c['machine']['load'][0]})"
            for c in cells
            if c["command"] == command
        ]
        lines.append(f"- ``{command}``: " + "; ".join(made) + ".")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Measure the baselines of each task asked for, and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--task", choices=sorted(TASKS), action="append")
    parser.add_argument("--games", type=int, default=1000, help="games per baseline")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--train", action="store_true", help="train MaskablePPO and NFSP too")
    parser.add_argument(
        "--only",
        choices=[n for n in BASELINES + LEARNERS if n != "cautious"],
        action="append",
        help="measure only these baselines (repeat it; learners need no --train)",
    )
    parser.add_argument("--steps", type=int, default=200_000, help="MaskablePPO's steps")
    parser.add_argument("--nfsp-games", type=int, default=3000, help="NFSP's games")
    parser.add_argument("--exploit", action="store_true", help="estimate the best response")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--save", type=Path, help="add the figures to this JSON record")
    parser.add_argument(
        "--rst", type=Path, help="print this JSON record's tables for the docs page, and stop"
    )
    args = parser.parse_args()
    if args.rst:
        print(rst(args.rst), end="")
        return
    command = "python benchmarks/tasks.py " + " ".join(
        a for a in sys.argv[1:] if not a.startswith("--save") and not a.endswith(".json")
    )
    rows = []
    saved: list[dict[str, Any]] = []
    for task in args.task or list(TASKS):
        variant, players, opponent, what = TASKS[task]
        start = time.process_time()
        names = list(args.only or (BASELINES + LEARNERS if args.train else BASELINES))
        cells: dict[str, ono99.WinRate | str] = {}
        for name in names:
            if name == "NFSP" and players != 2:  # OpenSpiel's NFSP here is for two
                continue
            if name == opponent:
                # The opponent against itself wins the fair share by symmetry (seats
                # differ: one seat's share would measure the seat, not the player).
                cells[name] = "(the opponent: the fair share)"
                continue
            at, there = time.process_time(), machine()
            rate = cells[name] = measure(task, name, args)
            saved.append(
                {
                    "task": task,
                    "baseline": name,
                    "wins": rate.wins,
                    "games": rate.games,
                    "seed": args.seed,
                    "budget": budget(name, args),
                    "command": command,
                    "cpu_min": round((time.process_time() - at) / 60, 2),
                    "machine": there,
                    **({"torch": _torch_version()} if name in LEARNERS else {}),
                }
            )
            if args.save:
                save(args.save, saved[-1:])
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
              f"fair share {1 / players:.1%} ({minutes:.1f} CPU-min)", flush=True)  # fmt: skip
        for name, rate in cells.items():
            print(f"  {name:<12} {rate}", flush=True)
        if exploit:
            print(f"  best response found: {exploit}")
        rows.append((task, cells, exploit))
    if args.markdown:
        names = list(rows[0][1])
        print("\n| task | " + " | ".join(names) + " | best response |")
        print("|---" * (len(names) + 2) + "|")
        for task, cells, exploit in rows:
            print(f"| {task} | " + " | ".join(str(cells[n]) for n in names) + f" | {exploit} |")


def _torch_version() -> str:
    import torch  # noqa: PLC0415 - only with a learner

    return str(torch.__version__)


if __name__ == "__main__":
    main()
