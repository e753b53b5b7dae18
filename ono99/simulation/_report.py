"""Simulation results as tables, for people.

:func:`result_parts` and :func:`comparison_parts` say what a summary holds
(lines and tables); :meth:`~ono99.SimulationResult.table` and
:meth:`~ono99.Comparison.table` return it as text, and ``ono99 simulate`` and
``ono99 compare`` draw the same parts with rich.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, TypeAlias

from ono99._text import format_table

if TYPE_CHECKING:
    from ono99._variant import Variant

    from ._results import Comparison, SimulationResult

__all__ = ["Grid", "Part", "comparison_parts", "comparison_table", "result_parts", "result_table"]


class Grid(NamedTuple):
    """A table of a summary: its header, its rows, and the columns of numbers."""

    header: list[str]
    rows: list[list[str]]
    right: list[int]


Part: TypeAlias = str | Grid
"""A line of a summary (``""`` between groups), or a table."""


def as_text(parts: list[Part]) -> str:
    """The parts as plain text: a blank line before each table, tables in columns."""
    out: list[str] = []
    for part in parts:
        if isinstance(part, Grid):
            if out and out[-1]:
                out.append("")
            out.append(format_table(part.header, part.rows, right=part.right))
        else:
            out.append(part)
    return "\n".join(out)


def result_table(result: SimulationResult) -> str:
    """A summary for people: wins, lengths and deciding cards, as text tables."""
    return as_text(result_parts(result))


def result_parts(result: SimulationResult) -> list[Part]:
    """What a summary of ``result`` holds: a heading, then wins, lengths, deciding cards."""
    head = (
        f"{result.variant.name}: {result.games} games of {result.players} players, "
        f"seed {result.seed}, {result.seconds:.1f} s"
    )
    seat_rows = [
        [w.label, result.strategies[i] if not result.rotate else "(rotating)", str(w.wins), str(w)]
        for i, w in enumerate(result.by_seat)
    ]
    parts: list[Part] = [
        head,
        Grid(["seat", "strategy", "wins", "win rate (95% CI)"], seat_rows, [2]),
    ]
    if len(result.by_strategy) > 1:
        rows = [
            [w.label, str(w.seats), str(w.wins), str(w), f"{w.fair:.1%}"]
            for w in result.by_strategy
        ]
        parts.append(
            Grid(["strategy", "seats", "wins", "win rate (95% CI)", "fair share"], rows, [1, 2, 4])
        )
    parts += [
        "",
        f"cards played: {result.plays}",
        f"plays per game: {result.plays_per_game}",
        f"rounds per game: {result.rounds_per_game}",
        Grid(["deciding card", "games", "share"], _deciding_rows(result), [1, 2]),
    ]
    return parts


def _deciding_rows(result: SimulationResult) -> list[list[str]]:
    """The deciding cards' rows: each special card, then the number cards together."""
    rows = []
    numbers = 0
    for card_id, n in result.deciding_cards:
        if card_id and _is_special(result.variant, card_id):
            rows.append([result.variant.card(card_id).name, str(n), f"{n / result.games:.1%}"])
        else:
            numbers += n
    rows.append(["number cards, or none", str(numbers), f"{numbers / result.games:.1%}"])
    return rows


def comparison_table(comparison: Comparison) -> str:
    """The variants side by side: one column each, one row per measure."""
    return as_text(comparison_parts(comparison))


def comparison_parts(comparison: Comparison) -> list[Part]:
    """The table of :func:`comparison_table`, as the one part of a summary."""
    results = comparison.results
    header = ["", *(r.variant.id for r in results)]
    rows: list[list[str]] = [
        ["games", *(str(r.games) for r in results)],
        ["players", *(str(r.players) for r in results)],
    ]
    seats = max(r.players for r in results)
    for seat in range(seats):
        rows.append(
            [
                f"seat {seat} wins",
                *(str(r.by_seat[seat]) if seat < r.players else "" for r in results),
            ]
        )
    names = list(dict.fromkeys(w.label for r in results for w in r.by_strategy))
    if len(names) > 1 or any(len(r.by_strategy) > 1 for r in results):
        for name in names:
            cells = []
            for r in results:
                found = [w for w in r.by_strategy if w.label == name]
                cells.append(str(found[0]) if found else "")
            rows.append([f"{name} wins", *cells])
    rows += [
        ["plays per game, mean", *(f"{r.plays_per_game.mean:.1f}" for r in results)],
        ["plays per game, median", *(str(r.plays_per_game.median) for r in results)],
        ["plays per game, 90%", *(str(r.plays_per_game.quantile(0.9)) for r in results)],
        ["rounds per game, mean", *(f"{r.rounds_per_game.mean:.1f}" for r in results)],
    ]
    special: dict[str, None] = {}
    for r in results:
        for card_id, _ in r.deciding_cards:
            if card_id and _is_special(r.variant, card_id):
                special[r.variant.card(card_id).name] = None
    for name in special:
        cells = []
        for r in results:
            count = sum(
                n
                for card_id, n in r.deciding_cards
                if card_id and r.variant.card(card_id).name == name
            )
            cells.append(f"{count / r.games:.1%}")
        rows.append([f"decided by {name}", *cells])
    return [Grid(header, rows, list(range(1, len(header))))]


def _is_special(variant: Variant, card_id: str) -> bool:
    """Whether a card does more than a number card (see :meth:`ono99.Card.plays_as_number`)."""
    return not variant.card(card_id).plays_as_number()
