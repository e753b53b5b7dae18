"""Plain-text tables for the command line and for results people read."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["format_table"]


def format_table(
    header: Sequence[str], rows: Sequence[Sequence[str]], *, right: Sequence[int] = ()
) -> str:
    """Rows under a header, in aligned columns separated by two spaces.

    Args:
        header: The column titles.
        rows: The cells, one sequence per row.
        right: Indices of the columns to align right (numbers).

    >>> print(format_table(["card", "games"], [["Reverse", "12"], ["-10", "3"]], right=[1]))
    card     games
    -------  -----
    Reverse     12
    -10          3
    """
    widths = [len(h) for h in header]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))

    def line(cells: Sequence[str]) -> str:
        parts = [
            cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
            for i, cell in enumerate(cells)
        ]
        return "  ".join(parts).rstrip()

    out = [line(header), line(["-" * w for w in widths])]
    out += [line(row) for row in rows]
    return "\n".join(out)
