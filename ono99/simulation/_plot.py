"""Charts of simulation results (needs the optional ``plot`` extra: matplotlib).

matplotlib is imported only when a chart is drawn, so the library and the
command line work without it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ono99._args import shown
from ono99._errors import ArgumentError, Ono99Error

from ._results import Comparison, SimulationResult

if TYPE_CHECKING:
    from collections.abc import Sequence

MATPLOTLIB_MISSING = (
    "charts need matplotlib, which is not installed: pip install 'matplotlib>=3.8' "
    "(or install ono99 with its plot extra)"
)
"""What to say when a chart is asked for without matplotlib: what works from a checkout too."""

__all__ = ["CHART_FORMATS", "MATPLOTLIB_MISSING", "chart_path", "plot_results"]


def _results(
    what: SimulationResult | Comparison | Sequence[SimulationResult],
) -> list[SimulationResult]:
    if isinstance(what, SimulationResult | Comparison):
        pass
    elif not isinstance(what, list | tuple) or not all(
        isinstance(r, SimulationResult) for r in what
    ):
        raise ArgumentError(
            "results",
            f"expected what simulate or compare_variants returned, got {shown(what)}",
        )
    if isinstance(what, SimulationResult):
        return [what]
    if isinstance(what, Comparison):
        return list(what.results)
    return list(what)


def plot_results(
    results: SimulationResult | Comparison | Sequence[SimulationResult],
    path: str | os.PathLike[str] | None = None,
) -> Any:
    """Draw a simulation, or several variants side by side, as four charts.

    Win rates with their 95% confidence intervals (per strategy, or per seat
    when all seats play alike) against the fair share; how many cards a game
    lasts; how many rounds; and which special cards decided games.

    Args:
        results: What :func:`~ono99.simulate` or
            :func:`~ono99.compare_variants` returned, or a list of results.
        path: A file to save to (the extension picks the format: ``.png``,
            ``.svg``, ``.pdf``); ``None`` only returns the figure.

    Returns:
        The ``matplotlib.figure.Figure``.

    Raises:
        Ono99Error: If matplotlib is not installed (``pip install matplotlib``,
            or ono99's ``plot`` extra).
    """
    try:
        from matplotlib.figure import Figure  # noqa: PLC0415 - optional, imported on use
    except ImportError:
        raise Ono99Error(MATPLOTLIB_MISSING) from None
    items = _results(results)
    if not items:
        raise ArgumentError("results", "no results to draw")
    if path is not None and not isinstance(path, str | os.PathLike):
        raise ArgumentError("path", f"expected a file name, got {shown(path)}")
    target = None if path is None else chart_path(path)
    fig = Figure(figsize=(12, 8.5), layout="constrained")
    axes = fig.subplots(2, 2)
    first = items[0]
    title = (
        f"{first.games} games of {first.players} players, seed {first.seed}"
        if len(items) == 1
        else f"{len(items)} variants, {first.games} games each, the same seeds"
    )
    fig.suptitle((first.variant.name + ": " if len(items) == 1 else "") + title, fontsize=14)
    _wins(axes[0][0], items)
    _lengths(axes[0][1], items)
    _rounds(axes[1][0], items)
    _deciding(axes[1][1], items)
    if target is not None:
        try:
            fig.savefig(target, dpi=110)
        except OSError as exc:
            raise Ono99Error(f"cannot write the chart {target}: {exc.strerror or exc}") from None
    return fig


CHART_FORMATS = ("png", "svg", "pdf")
"""The file formats of a chart, by extension."""


def chart_path(path: str | os.PathLike[str]) -> Path:
    """The file a chart given ``path`` is written to: ``.png`` added when it has no extension.

    Raises:
        ArgumentError: If the extension is not one of :data:`CHART_FORMATS`.

    >>> chart_path("wins"), chart_path("wins.svg")
    (PosixPath('wins.png'), PosixPath('wins.svg'))
    """
    target = Path(path)
    if not target.suffix:
        return target.with_name(target.name + ".png")
    if target.suffix[1:].lower() not in CHART_FORMATS:
        known = ", ".join(f".{f}" for f in CHART_FORMATS)
        raise ArgumentError("path", f"a chart is written as {known}, not {shown(target.suffix)}")
    return target


def _labels(items: list[SimulationResult]) -> list[str]:
    return [r.variant.id for r in items]


def _wins(ax: Any, items: list[SimulationResult]) -> None:
    by_strategy = any(len(r.by_strategy) > 1 for r in items)
    groups = [r.by_strategy if by_strategy else r.by_seat for r in items]
    names = list(dict.fromkeys(w.label for g in groups for w in g))
    width = 0.8 / len(items)
    for i, (result, group) in enumerate(zip(items, groups, strict=True)):
        rates = {w.label: w for w in group}
        xs, ys, lows, highs = [], [], [], []
        for j, name in enumerate(names):
            if name in rates:
                w = rates[name]
                low, high = w.interval
                xs.append(j + (i - (len(items) - 1) / 2) * width)
                ys.append(w.rate * 100)
                lows.append(max(0.0, w.rate - low) * 100)
                highs.append(max(0.0, high - w.rate) * 100)
        ax.bar(xs, ys, width * 0.95, yerr=[lows, highs], capsize=3, label=result.variant.id)
    # Each label's fair share (its seats / players) as a dashed line across its bars.
    fair = {w.label: w.fair for group in groups for w in group}
    for j, name in enumerate(names):
        ax.hlines(
            fair[name] * 100,
            j - 0.45,
            j + 0.45,
            colors="grey",
            linestyles="--",
            linewidth=1.2,
            zorder=3,
            label="fair share" if j == 0 else None,
        )
    ax.set_xticks(range(len(names)), names)
    ax.set_ylabel("games won (%)")
    ax.set_title("Wins, with 95% confidence intervals")
    ax.legend(fontsize=8)


def _lengths(ax: Any, items: list[SimulationResult]) -> None:
    low = min(r.plays_per_game.min for r in items)
    high = max(r.plays_per_game.max for r in items)
    step = max(1, -(-(high - low + 1) // 30))  # about 30 bins of whole numbers
    edges = [low - 0.5 + step * i for i in range((high - low) // step + 2)]
    for result in items:
        counts = result.plays_per_game.counts
        ax.hist(
            [v for v, _ in counts],
            bins=edges,
            weights=[n / result.games * 100 for _, n in counts],
            histtype="step",
            linewidth=1.8,
            label=f"{result.variant.id} (mean {result.plays_per_game.mean:.0f})",
        )
    ax.set_xlabel("cards played in the game")
    ax.set_ylabel(f"games (%, per {step} cards)" if step > 1 else "games (%)")
    ax.set_title("Game length")
    ax.legend(fontsize=8)


def _rounds(ax: Any, items: list[SimulationResult]) -> None:
    if all(r.rounds_per_game.max == 1 for r in items):
        ax.text(0.5, 0.5, "every game is one round", ha="center", va="center")
        ax.set_axis_off()
        ax.set_title("Rounds per game")
        return
    width = 0.8 / len(items)
    for i, result in enumerate(items):
        counts = result.rounds_per_game.counts
        ax.bar(
            [v + (i - (len(items) - 1) / 2) * width for v, _ in counts],
            [n / result.games * 100 for _, n in counts],
            width * 0.95,
            label=f"{result.variant.id} (mean {result.rounds_per_game.mean:.1f})",
        )
    low = min(r.rounds_per_game.min for r in items)
    high = max(r.rounds_per_game.max for r in items)
    ax.set_xticks(range(low, high + 1, max(1, (high - low) // 15 + 1)))
    ax.set_xlabel("rounds in the game")
    ax.set_ylabel("games (%)")
    ax.set_title("Rounds per game")
    ax.legend(fontsize=8)


def _deciding(ax: Any, items: list[SimulationResult]) -> None:
    names: dict[str, None] = {}
    shares: list[dict[str, float]] = []
    for result in items:
        share: dict[str, float] = {}
        for card_id, n in result.deciding_cards:
            if card_id and not result.variant.card(card_id).plays_as_number():
                name = result.variant.card(card_id).name
                share[name] = share.get(name, 0.0) + n / result.games * 100
            else:
                share["number card or none"] = (
                    share.get("number card or none", 0.0) + n / result.games * 100
                )
            names.update(dict.fromkeys(share))
        shares.append(share)
    ordered = [n for n in names if n != "number card or none"] + ["number card or none"]
    height = 0.8 / len(items)
    for i, (result, share) in enumerate(zip(items, shares, strict=True)):
        ys = [j + (i - (len(items) - 1) / 2) * height for j in range(len(ordered))]
        ax.barh(ys, [share.get(n, 0.0) for n in ordered], height * 0.95, label=result.variant.id)
    ax.set_yticks(range(len(ordered)), ordered)
    ax.invert_yaxis()
    ax.set_xlabel("games decided (%)")
    ax.set_title("The card that left the last loser without a safe play")
    ax.legend(fontsize=8)
