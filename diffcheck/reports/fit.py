"""Tables that fit the terminal: a table as it is when it fits, its long cells wrapped when that is
enough, else one record per row ("per object"), each value wrapped under its name.

The width is the ``COLUMNS`` environment variable if set, else the terminal's when standard output
is one; output to a file or a pipe is not fitted (scripts read it as it always was, and ``--json``
is there for them).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["fit_lines", "fitted", "output_width", "records", "simple_table", "wrapped"]

TABLE_FORMAT = "simple"
NARROW = 100  # under this many columns, a wide table becomes records rather than a table of wrapped cells


def output_width() -> int | None:
    """The width to fit to, or None for output that is not fitted."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    if sys.stdout.isatty():
        import shutil  # here: output to a pipe or a file, as often from judge, needs no terminal size

        return shutil.get_terminal_size((NARROW, 24)).columns
    return None


def wrapped(text: str, width: int, **options: Any) -> list[str]:
    """``text`` wrapped to ``width`` columns (at least 20), as ``textwrap.wrap`` with ``options`` wraps it.

    textwrap is imported here, on the first line too wide: its import builds the patterns that split words,
    some 2 ms of every start, and most of what ``judge`` prints goes to a pipe or fits as it is."""
    import textwrap

    return textwrap.wrap(text, width=max(20, width), **options)


def _widest(text: str) -> int:
    return max((len(line) for line in text.splitlines()), default=0)


def fitted(rows: Sequence[Sequence[Any]], headers: Sequence[str], width: int | None = None,
           wrap: Sequence[int] = (), narrow: Callable[[int], str] | None = None) -> str:
    """``rows`` as a table within ``width`` columns (None: as wide as it is). The columns ``wrap`` names
    may wrap; if that is not enough, or the width is under ``NARROW``, the rows become ``records`` (or
    what ``narrow`` makes for that width)."""
    table = simple_table(rows, headers)
    if table is None:
        from tabulate import tabulate

        table = tabulate(rows, headers=headers, tablefmt=TABLE_FORMAT, disable_numparse=True)
    if width is None or _widest(table) <= width:
        return table
    if width >= NARROW and wrap:
        from tabulate import tabulate

        # tabulate makes a column at least its header and two spaces wide, and puts two spaces between columns
        fixed = sum(max(len(str(h)) + 2, *(_widest(str(r[i])) for r in rows)) + 2
                    for i, h in enumerate(headers) if i not in wrap) if rows else 0
        share = max(12, (width - fixed) // len(wrap) - 2)
        limits = [share if i in wrap else None for i in range(len(headers))]
        table = tabulate(rows, headers=headers, tablefmt=TABLE_FORMAT, disable_numparse=True, maxcolwidths=limits)
        if _widest(table) <= width:
            return table
    return narrow(width) if narrow is not None else records(rows, headers, width)


def simple_table(rows: Sequence[Sequence[Any]], headers: Sequence[str]) -> str | None:
    """The table ``tabulate(rows, headers, tablefmt="simple", disable_numparse=True)`` writes, written here; None
    where that is not sure, for tabulate to write.

    Importing tabulate costs some 30 ms (it reads its version from the installed packages' metadata), a quarter
    of what ``diffcheck judge`` may take. So the tables judge prints are written here, the way tabulate writes
    them: every column left-aligned (no number is parsed), as wide as its widest line or its header and two
    spaces, columns two spaces apart, a row of dashes under the headers, each line's trailing spaces dropped;
    a cell is stripped of spaces and newlines around it, and a cell of several lines makes its row as tall.
    That holds for headers and rows (lists or tuples) of strings, as many cells as headers, of ASCII characters
    that print (a character's width is then 1, with or without wcwidth) and newlines; for anything else this
    answers None.
    tests/reports/test_fit.py compares the two on generated tables.
    """
    if not rows or not headers or not all(type(h) is str and _plain(h) for h in headers):
        return None
    if not all(isinstance(row, (list, tuple)) and len(row) == len(headers)
               and all(type(c) is str and _plain(c.replace("\n", "")) for c in row) for row in rows):
        return None
    # tabulate's multiline mode: any newline anywhere, even one that stripping removes.
    multiline = any("\n" in cell for row in rows for cell in row)
    columns = [[cell.strip().split("\n") for cell in column] for column in zip(*rows)]
    widths = [max(len(header) + 2, *(len(line) for cell in column for line in cell))
              for header, column in zip(headers, columns)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip(),
             "  ".join("-" * w for w in widths).rstrip()]
    for cells in zip(*columns):
        # In multiline mode an empty cell has no lines, so a row of empty cells has none.
        height = max(len(cell) if cell != [""] or not multiline else 0 for cell in cells)
        for n in range(height):
            lines.append("  ".join((cell[n] if n < len(cell) else "").ljust(w)
                                   for cell, w in zip(cells, widths)).rstrip())
    return "\n".join(lines)


def _plain(text: str) -> bool:
    return text.isascii() and text.isprintable()


def records(rows: Sequence[Sequence[Any]], headers: Sequence[str], width: int) -> str:
    """One block per row: its first cell as a title, then each other cell under its header, wrapped."""
    label = max((len(str(h)) for h in headers[1:]), default=0)
    blocks = []
    for row in rows:
        lines = [str(row[0])]
        for header, cell in zip(headers[1:], row[1:]):
            text = str(cell) if str(cell) else "-"
            indent = " " * (label + 4)
            for n, part in enumerate(text.splitlines() or ["-"]):
                first = f"  {str(header).ljust(label)}  " if n == 0 else indent
                lines += wrapped(part, width, initial_indent=first, subsequent_indent=indent) or [first.rstrip()]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def fit_lines(text: str, width: int | None) -> str:
    """``text`` with every line wider than ``width`` wrapped under its own indentation (tables made by ``fitted``
    already fit; what is left is prose: headers, summaries, explanations). None: ``text`` as it is."""
    if width is None:
        return text
    out: list[str] = []
    for line in text.splitlines():
        if len(line) <= width:
            out.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip())]
        out += wrapped(line.strip(), width, initial_indent=indent, subsequent_indent=indent + "  ",
                       break_on_hyphens=False)
    return "\n".join(out)
