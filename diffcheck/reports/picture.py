"""Pictures drawn by our own code as inline SVG, for ``document.Picture`` in the HTML page.

One picture so far: a timeline of rule changes. Output is deterministic (fixed precision) so a
page holding it can be committed; all text in it is escaped; colours come from ``currentColor``
where they can, to read on white and in dark mode. No ``xmlns``: it is inline in HTML, whose
parser puts it in the SVG namespace itself.
"""

from __future__ import annotations

import datetime as dt
import html
import math
from dataclasses import dataclass
from typing import Callable, Sequence

__all__ = ["Mark", "timeline_svg"]

WIDTH = 900.0  # viewBox units; the picture scales to the page's width
SIDE = 16.0  # space left and right of the axis
FONT = 11.0
CHAR = 6.2  # a generous estimate of one character's advance at FONT, to keep labels apart
ROW = 15.0  # height of one row of labels
GAP = 8.0  # least space between two labels of one row
R_MIN, R_MAX = 3.5, 16.0  # radius of a mark of count 0 and of the largest count
COLOUR = "#2f81f7"  # a mid blue, readable on white and on a dark page
_FAINT = 'stroke="currentColor" stroke-opacity="0.6"'


@dataclass(frozen=True)
class Mark:
    """One rule change on the timeline: its date (ISO), a short label, its count of boards, and the
    anchor of its section, which the mark links to."""

    date: str
    label: str
    count: int
    anchor: str


def timeline_svg(editions: Sequence[tuple[str, str]], marks: Sequence[Mark], label: str | None = None) -> str:
    """A horizontal time axis with ``editions`` (ISO date, label) below it and ``marks`` above it.

    A mark is a circle standing on the axis at its date, its area growing with its count (count 0:
    a small hollow circle), linked to ``#anchor`` with a tooltip of its label and count. Labels of
    marks close in time go in separate rows, each joined to its mark by a line that crosses no
    other label where the layout allows it. ``label`` is the picture's accessible name.
    """
    days = [_day(d) for d, _ in editions] + [_day(m.date) for m in marks]
    if not days:
        raise ValueError("a timeline needs at least one edition or mark")
    margin = max(180.0, (max(days) - min(days)) * 0.03)
    first, last = min(days) - margin, max(days) + margin

    def x(date: str) -> float:
        return SIDE + (WIDTH - 2 * SIDE) * (_day(date) - first) / (last - first)

    ordered = sorted(marks, key=lambda m: (m.date, m.label, m.anchor))
    mark_rows = _rows([x(m.date) for m in ordered], [m.label for m in ordered])
    shown = sorted(editions)
    edition_rows = _rows([x(d) for d, _ in shown], [text for _, text in shown])
    axis = 6 + (1 + max(mark_rows, default=-1)) * ROW + 2 * R_MAX + 6
    height = axis + 34 + (1 + max(edition_rows, default=-1)) * ROW
    years = range(dt.date.fromordinal(math.ceil(first)).year + 1, dt.date.fromordinal(math.floor(last)).year + 1)
    name = label or f"Timeline of {len(marks)} changes" + (f", {years[0]} to {years[-1]}" if years else "")

    out = [f'<svg viewBox="0 0 {WIDTH:.0f} {height:.1f}" width="100%" role="img" aria-label="{_e(name)}" '
           f'font-family="system-ui, sans-serif" font-size="{FONT:.0f}" fill="currentColor">']
    out += _axis(axis, years, x, (WIDTH - 2 * SIDE) * 365.25 / (last - first))
    for (date, text), row in zip(shown, edition_rows):
        out += _edition(x(date), axis, axis + 34 + row * ROW, text)
    largest = max((m.count for m in marks), default=0)
    drawn = sorted(zip(ordered, mark_rows), key=lambda p: (-p[0].count, p[0].date, p[0].label))
    for mark, row in drawn:  # largest first, so small circles stay on top and can be pointed at
        out += _mark(mark, x(mark.date), axis, axis - 2 * R_MAX - 9 - row * ROW, _radius(mark.count, largest))
    out.append("</svg>")
    return "\n".join(out)


def _axis(y: float, years: range, x: Callable[[str], float], per_year: float) -> list[str]:
    """The axis line, a tick each year, and the year written every 1, 2, 5, ... years (>= 56 apart)."""
    step = next((s for s in (1, 2, 5, 10, 20, 50) if per_year * s >= 56), 100)
    out = [f'<line x1="{SIDE:.1f}" y1="{y:.1f}" x2="{WIDTH - SIDE:.1f}" y2="{y:.1f}" {_FAINT}/>']
    for year in years:
        at, written = x(f"{year:04d}-01-01"), year % step == 0
        out.append(f'<line x1="{at:.1f}" y1="{y:.1f}" x2="{at:.1f}" y2="{y + (5 if written else 3):.1f}" {_FAINT}/>')
        if written:
            out.append(f'<text x="{at:.1f}" y="{y + 16:.1f}" text-anchor="middle" fill-opacity="0.7">{year}</text>')
    return out


def _edition(at: float, axis: float, baseline: float, text: str) -> list[str]:
    """An edition: a diamond on the axis, a dashed line down to its label, the label."""
    return [f'<path d="M{at:.1f} {axis - 4:.1f}l4 4l-4 4l-4 -4z"/>',
            f'<line x1="{at:.1f}" y1="{axis + 4:.1f}" x2="{at:.1f}" y2="{baseline - FONT + 2:.1f}" '
            f'stroke="currentColor" stroke-opacity="0.35" stroke-dasharray="2 2"/>',
            _label(at, baseline, text)]


def _mark(mark: Mark, at: float, axis: float, baseline: float, r: float) -> list[str]:
    """One mark: its link, tooltip, circle, the line up to its label, and the label."""
    fill = f'fill="{COLOUR}" fill-opacity="0.55"' if mark.count > 0 else 'fill="none"'
    return [
        f'<a href="#{_e(mark.anchor)}">',
        f"<title>{_e(mark.label)}: {mark.count:,}</title>",
        f'<circle cx="{at:.1f}" cy="{axis - r:.1f}" r="{r:.2f}" {fill} stroke="{COLOUR}" stroke-width="1.2"/>',
        f'<line x1="{at:.1f}" y1="{axis - 2 * r:.1f}" x2="{at:.1f}" y2="{baseline - FONT + 1:.1f}" '
        f'stroke="currentColor" stroke-opacity="0.35"/>',
        _label(at, baseline, mark.label),
        "</a>",
    ]


def _radius(count: int, largest: int) -> float:
    """A radius whose circle's area is R_MIN's plus a share proportional to ``count``."""
    share = count / largest if largest > 0 else 0.0
    return math.sqrt(R_MIN**2 + (R_MAX**2 - R_MIN**2) * max(share, 0.0))


def _span(at: float, text: str) -> tuple[float, float, str]:
    """The stretch of x a label takes and its text-anchor: right of its line, or left of it where it
    would leave the picture."""
    width = 3 + len(text) * CHAR
    return (at, at + width, "start") if at + width <= WIDTH else (at - width, at, "end")


def _label(at: float, baseline: float, text: str) -> str:
    side = _span(at, text)[2]
    x = at + (3 if side == "start" else -3)
    return f'<text x="{x:.1f}" y="{baseline:.1f}" text-anchor="{side}">{_e(text)}</text>'


def _rows(xs: Sequence[float], texts: Sequence[str]) -> list[int]:
    """A row for each label (0 nearest the axis): the lowest where it overlaps no label and no other
    label's line crosses it, its own line crossing no label if that can be had."""
    placed: dict[int, tuple[int, float, float, float]] = {}  # index: row, left, right, x
    # Each label is placed after the marks its span covers, so it can go above their labels.
    ends = [_span(at, text)[2] == "end" for at, text in zip(xs, texts)]
    for i in sorted(range(len(xs)), key=lambda i: (ends[i], xs[i] if ends[i] else -xs[i])):
        left, right, _ = _span(xs[i], texts[i])

        def free(row: int, strict: bool) -> bool:
            for r, l, rt, px in placed.values():
                if r == row and left < rt + GAP and l < right + GAP:
                    return False
                if r > row and left - 2 <= px <= right + 2:
                    return False
                if strict and r < row and l - 2 <= xs[i] <= rt + 2:
                    return False
            return True

        # Not strict, a row above all others is always free.
        row = next(r for strict in (True, False) for r in range(len(placed) + 1) if free(r, strict))
        placed[i] = (row, left, right, xs[i])
    return [placed[i][0] for i in range(len(xs))]


def _day(date: str) -> float:
    return float(dt.date.fromisoformat(date).toordinal())


def _e(text: str) -> str:
    return html.escape(text, quote=True)
