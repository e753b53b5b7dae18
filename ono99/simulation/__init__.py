"""Many games at once: :func:`~ono99.simulate` and :func:`~ono99.compare_variants`.

Seeds for each game (``_seeds``), the games a worker plays in one chunk
(``_chunks``, with the loop compiled with the engine in ``_batch``), workers
and their progress (``_simulate``, ``_progress``), the results and their
tables (``_results``, ``_report``) and charts (``_plot``). The public names
are exported from :mod:`ono99`.
"""

from __future__ import annotations

from ._plot import MATPLOTLIB_MISSING, chart_path, plot_results
from ._progress import ProgressBars
from ._report import Grid, Part, comparison_parts, result_parts
from ._results import (
    Comparison,
    Distribution,
    GameDetails,
    SimulationResult,
    WinRate,
    wilson_interval,
)
from ._seeds import player_seed
from ._simulate import compare_variants, seconds_arg, simulate

__all__ = [
    "MATPLOTLIB_MISSING",
    "Comparison",
    "Distribution",
    "GameDetails",
    "Grid",
    "Part",
    "ProgressBars",
    "SimulationResult",
    "WinRate",
    "chart_path",
    "compare_variants",
    "comparison_parts",
    "player_seed",
    "plot_results",
    "result_parts",
    "seconds_arg",
    "simulate",
    "wilson_interval",
]
