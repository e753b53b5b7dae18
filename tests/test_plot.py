"""Charts of simulation results: the optional 'plot' extra."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

import ono99
from ono99.simulation._plot import plot_results

if TYPE_CHECKING:
    from pathlib import Path

pytest.importorskip("matplotlib")


def test_charts_of_a_comparison_are_written(tmp_path: Path) -> None:
    both = ono99.compare_variants(
        ["ono99-1980", "ono99-1980-points"],
        players=3,
        games=12,
        jobs=1,
        strategies=["cautious", "random", "reckless"],
    )
    path = tmp_path / "chart.png"
    figure = plot_results(both, path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    titles = [ax.get_title() for ax in figure.axes]
    assert "Wins, with 95% confidence intervals" in titles
    assert "Rounds per game" in titles


def test_one_result_of_one_round_games(tmp_path: Path) -> None:
    result = ono99.simulate("ono99-2022", players=2, games=10, jobs=1)
    plot_results(result, tmp_path / "one.svg")
    assert (tmp_path / "one.svg").read_text().lstrip().startswith("<?xml")
