"""What the command prints, in one style: rich text and tables, colour on a terminal only.

Every command prints through these functions. On a terminal, headings, keys,
warnings and errors have colour and tables fit the window; printed to a pipe
or a file, or with ``NO_COLOR`` set, the same text comes out without colour
(rich's own rules), tables as wide as ``COLUMNS`` says, or 80 characters.
Machine-readable output (``--json``, ``schema``) never comes here: it is
written as it is.

Everything that may come from a file or a record goes through
:func:`~ono99._text.escape` and reaches rich as a ``Text``, never as markup,
so neither control characters nor square brackets in a name can act on the
terminal. ``rich`` is imported when the first line is printed, not with the
package.
"""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING

from ono99._text import escape

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import Console, RenderableType
    from rich.text import Text

__all__ = [
    "ERROR",
    "HEADING",
    "KEY",
    "MUTED",
    "OK",
    "WARNING",
    "console",
    "error",
    "heading",
    "note",
    "say",
    "show",
    "styled",
    "table",
]

# The styles, by what they mark; the same everywhere.
HEADING = "bold cyan"
KEY = "cyan"
OK = "green"
WARNING = "yellow"
ERROR = "bold red"
MUTED = "dim"


def console(*, stderr: bool = False) -> Console:
    """A console on standard output (or error) as it is now (tests replace them)."""
    from rich.console import Console  # noqa: PLC0415 - rich loads with the first line printed

    return Console(
        file=sys.stderr if stderr else sys.stdout,
        highlight=False,
        emoji=False,
        markup=False,
    )


def styled(*parts: str | tuple[str, str]) -> Text:
    """One line of text from plain parts and ``(text, style)`` pairs, every part escaped."""
    from rich.text import Text  # noqa: PLC0415

    line = Text()
    for part in parts:
        text, style = (part, "") if isinstance(part, str) else part
        line.append(escape(text), style=style)
    return line


def say(*parts: str | tuple[str, str], stderr: bool = False, end: str = "\n") -> None:
    """Print one line (see :func:`styled`), as it is: never wrapped, never cut."""
    console(stderr=stderr).print(styled(*parts), soft_wrap=True, end=end)


def show(renderable: RenderableType, *, stderr: bool = False) -> None:
    """Print something rich draws (a table, a group), each line without trailing spaces."""
    out = console(stderr=stderr)
    with out.capture() as captured:
        out.print(renderable)
    text = "".join(
        _TRAILING.sub(_styles_only, line) + "\n" for line in captured.get().splitlines()
    )
    (sys.stderr if stderr else sys.stdout).write(text)


# The end of a line: spaces, and the styles that end among them (kept, in order).
_TRAILING = re.compile(r"(?:[ \t]|\x1b\[[0-9;]*m)+$")


def _styles_only(match: re.Match[str]) -> str:
    return "".join(re.findall(r"\x1b\[[0-9;]*m", match.group()))


def heading(text: str) -> None:
    """A heading line."""
    say((text, HEADING))


def error(message: str) -> None:
    """Report a failure on standard error, as every command does: ``ono99: error: ...``."""
    say(("ono99: error:", ERROR), " ", message, stderr=True)


def note(message: str) -> None:
    """A remark on standard error that is no failure: ``ono99: note: ...``."""
    say(("ono99: note:", WARNING), " ", message, stderr=True)


def _widths(
    header: Sequence[str], rows: Sequence[Sequence[str]], room: int, *, keys: bool = False
) -> list[int] | None:
    """Widths that fit ``room`` and cut no word (a variant's id) in two, or ``None``.

    ``None`` when the columns fit as they are, or cannot fit whatever is done.

    Each column gets at least its longest word, header and cells (with
    ``keys``, the first column its longest cell, kept on one line, where the
    others can still fit); the room left goes to the columns that would
    wrap, in proportion to what they lack.
    """
    columns = list(zip(header, *rows, strict=False)) if rows else [(name,) for name in header]
    natural = [max(len(line) for cell in c for line in cell.splitlines() or [""]) for c in columns]
    least = [max(len(word) for cell in c for word in cell.split() or [""]) for c in columns]
    if sum(natural) <= room or sum(least) > room:
        return None
    if keys and sum(least) - least[0] + natural[0] <= room:
        least[0] = natural[0]
    widths = list(least)
    spare, lack = room - sum(least), [n - m for n, m in zip(natural, least, strict=True)]
    total = sum(lack)
    for index, short in enumerate(lack):
        widths[index] += spare * short // total
    return widths


def table(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    right: Sequence[int] = (),
    keys: bool = True,
    title: str | None = None,
) -> None:
    """A table that fits the width: long cells wrap within their column.

    Args:
        header: The column titles.
        rows: The cells, one sequence per row.
        right: Indices of the columns to align right (numbers).
        keys: Whether the first column names the rows (a key path, a seat):
            it is then coloured and kept on one line, and only when the
            width leaves no other way is it cut, with an ellipsis.
        title: A heading printed above the table.
    """
    from rich import box  # noqa: PLC0415
    from rich.table import Table  # noqa: PLC0415
    from rich.text import Text  # noqa: PLC0415

    grid = Table(
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        header_style="bold",
        title=Text(escape(title), style=HEADING) if title else None,
        title_justify="left",
    )
    # Between columns: one space of the box, and a space of padding either side.
    room = console().width - 3 * (len(header) - 1)
    widths = _widths(header, [[escape(cell) for cell in row] for row in rows], room, keys=keys)
    for index, name in enumerate(header):
        first = index == 0 and keys
        grid.add_column(
            Text(escape(name)),
            justify="right" if index in right else "left",
            style=KEY if first else "",
            no_wrap=first,
            overflow="ellipsis" if first else "fold",
            min_width=min(24, max((len(row[0]) for row in rows), default=0)) if first else None,
            width=widths[index] if widths else None,
        )
    for row in rows:
        grid.add_row(*(_cell(cell) for cell in row))
    show(grid)


def _cell(cell: str) -> Text:
    from rich.text import Text  # noqa: PLC0415

    return Text(escape(cell), style=MUTED if cell in ("(not set)", "none") else "")
