"""What a rule does to the game: :func:`~ono99.analyse` and its :class:`~ono99.Profile`.

A profile plays the shipped players through the simulation layer
(``_analyse``), with the restricted player of card importance
(``_restricted``), and reduces the games to figures with intervals
(``_stats``) held in frozen sections (``_profile``), shown as tables
(``_report``) and charts (``_plot``). The public names are exported from
:mod:`ono99`; the tables and section names are for the command line.
"""

from ._analyse import DEFAULT_GAMES, DEFAULT_PRECISION, analyse, section_labels
from ._plot import plot_profiles
from ._profile import (
    CardImportance,
    Completion,
    Decisions,
    Difference,
    Drama,
    Duration,
    Estimate,
    Fairness,
    Profile,
    Quantity,
    Rung,
    Skill,
    differences_data,
)
from ._report import Sheet, comparison_sheets, profile_sheets
from ._restricted import AvoidingPlayer

__all__ = [
    "DEFAULT_GAMES",
    "DEFAULT_PRECISION",
    "AvoidingPlayer",
    "CardImportance",
    "Completion",
    "Decisions",
    "Difference",
    "Drama",
    "Duration",
    "Estimate",
    "Fairness",
    "Profile",
    "Quantity",
    "Rung",
    "Sheet",
    "Skill",
    "analyse",
    "comparison_sheets",
    "differences_data",
    "plot_profiles",
    "profile_sheets",
    "section_labels",
]
