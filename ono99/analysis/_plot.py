"""Charts of profiles (matplotlib, the ``plot`` extra): :func:`plot_profiles`."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from ono99._args import shown
from ono99._errors import ArgumentError, Ono99Error
from ono99.simulation import MATPLOTLIB_MISSING, chart_path

from ._profile import Profile

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ._profile import Estimate

__all__ = ["plot_profiles"]


def plot_profiles(
    profiles: Profile | Sequence[Profile], path: str | os.PathLike[str] | None = None
) -> Any:
    """Draw one profile, or several side by side, as four charts with 95% intervals.

    Seat win shares against the fair share; the skill ladder; each card's
    importance; and how many plays a game lasts (mean, median, 90th
    percentile).

    Args:
        profiles: What :func:`~ono99.analyse` returned, or a list of them.
        path: A file to save to (``.png``, ``.svg``, ``.pdf``); ``None`` only
            returns the figure.

    Returns:
        The ``matplotlib.figure.Figure``.

    Raises:
        Ono99Error: If matplotlib is not installed (ono99's ``plot`` extra).
        ArgumentError: If ``profiles`` holds anything but profiles.
    """
    try:
        from matplotlib.figure import Figure  # noqa: PLC0415 - optional, imported on use
    except ImportError:
        raise Ono99Error(MATPLOTLIB_MISSING) from None
    items = [profiles] if isinstance(profiles, Profile) else list(profiles)
    if not items or not all(isinstance(p, Profile) for p in items):
        raise ArgumentError("profiles", f"expected profiles from analyse, got {shown(profiles)}")
    if path is not None and not isinstance(path, str | os.PathLike):
        raise ArgumentError("path", f"expected a file name, got {shown(path)}")
    target = None if path is None else chart_path(path)
    fig = Figure(figsize=(12, 8.5), layout="constrained")
    axes = fig.subplots(2, 2)
    first = items[0]
    fig.suptitle(
        f"{' vs '.join(p.name for p in items)}: {first.players} players, seed {first.seed}",
        fontsize=13,
    )
    seats = [f"seat {s}" for s in range(first.players)]
    _bars(
        axes[0][0],
        "Win share per seat (cautious players)",
        seats,
        [list(p.fairness.seats) for p in items],
        [p.variant for p in items],
        fair=first.fairness.fair,
    )
    rungs = [f"{r.player} among {r.against}" for r in (*first.skill.rungs, first.skill.gap)]
    _bars(
        axes[0][1],
        "Skill ladder: one player's win share",
        rungs,
        [[r.win_rate for r in (*p.skill.rungs, p.skill.gap)] for p in items],
        [p.variant for p in items],
        fair=first.fairness.fair,
    )
    names = list(dict.fromkeys(c.name for p in items for c in p.importance))
    by_name = [{c.name: c.importance for c in p.importance} for p in items]
    ax = axes[1][0]
    width = 0.8 / len(items)
    for index, (profile, found) in enumerate(zip(items, by_name, strict=True)):
        ys = [i + index * width for i in range(len(names))]
        shown_ = [found.get(n) for n in names]
        values = [e.value * 100 if e else 0.0 for e in shown_]
        errors = [
            [(e.value - e.low) * 100 if e else 0.0 for e in shown_],
            [(e.high - e.value) * 100 if e else 0.0 for e in shown_],
        ]
        ax.barh(ys, values, height=width, xerr=errors, label=profile.variant, capsize=2)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks([i + 0.4 - width / 2 for i in range(len(names))], names)
    ax.invert_yaxis()
    ax.set_title("Card importance: win share lost by never playing it")
    ax.set_xlabel("percentage points")
    if len(items) > 1:
        ax.legend()
    ax = axes[1][1]
    labels = ["mean", "median", "90th percentile"]
    for index, profile in enumerate(items):
        plays = profile.duration.plays
        xs = [i + index * width for i in range(3)]
        ax.bar(
            xs,
            [plays.mean.value, plays.median, plays.p90],
            width=width,
            yerr=[
                [plays.mean.value - plays.mean.low, 0, 0],
                [plays.mean.high - plays.mean.value, 0, 0],
            ],
            label=profile.variant,
            capsize=3,
        )
    ax.set_xticks([i + 0.4 - width / 2 for i in range(3)], labels)
    ax.set_title("Plays a game")
    if len(items) > 1:
        ax.legend()
    if target is not None:
        try:
            fig.savefig(target, dpi=110)
        except OSError as exc:
            raise Ono99Error(f"cannot write the chart {target}: {exc.strerror or exc}") from None
    return fig


def _bars(
    ax: Any,
    title: str,
    labels: list[str],
    groups: list[list[Estimate]],
    names: list[str],
    *,
    fair: float,
) -> None:
    """Grouped bars of rates with their intervals, and the fair share as a line."""
    width = 0.8 / len(groups)
    for index, (group, name) in enumerate(zip(groups, names, strict=True)):
        xs = [i + index * width for i in range(len(group))]
        ax.bar(
            xs,
            [e.value for e in group],
            width=width,
            yerr=[[e.value - e.low for e in group], [e.high - e.value for e in group]],
            label=name,
            capsize=3,
        )
    ax.axhline(fair, color="black", linestyle="--", linewidth=0.8, label="fair share")
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(labels))], labels)
    ax.set_title(title)
    ax.set_ylim(0, 1)
    ax.legend()
