"""Plain-text tables for the command line and for results people read."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["escape", "escape_line", "format_table"]

# Characters a terminal acts on rather than shows: the C0 and C1 controls (but
# newline and tab), DEL, and the marks that reorder text (bidirectional overrides).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape(text: str) -> str:
    r"""``text`` made safe to print to a terminal: control characters shown as escapes.

    Everything the command prints that comes from a file or a record (names,
    descriptions, ids, messages quoting them) goes through this, so that a
    variant named ``"\x1b]0;PWNED\x07"`` cannot retitle or clear the terminal.
    Newlines and tabs are kept; escaping twice changes nothing more.

    >>> escape("ONO\x1b[2J 99\u202e")
    'ONO\\x1b[2J 99\\u202e'
    >>> escape("two\nlines")
    'two\nlines'
    """
    return _CONTROL.sub(_escaped, text)


def escape_line(text: str) -> str:
    r"""Like :func:`escape`, for text that must stay on one line: newlines and tabs too.

    >>> escape_line("two\nlines\x1b")
    'two\\nlines\\x1b'
    """
    return escape(text).replace("\n", "\\n").replace("\t", "\\t")


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
