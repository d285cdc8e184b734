"""Tables that fit the terminal (diffcheck.reports.fit): ``COLUMNS`` sets the width; no line is wider than it,
and nothing is lost on the way. The tables judge prints are written by ``simple_table``, as tabulate writes them."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st
from tabulate import tabulate
from typer.testing import CliRunner

from diffcheck.cli import app
from diffcheck.reports.fit import simple_table

CARDS = "Humility, Opalescence, Grizzly Bears"


@pytest.mark.parametrize("command", [["judge"], ["diff"], ["history"]])
@pytest.mark.parametrize("columns", [60, 100, 140])
def test_no_line_is_wider_than_the_terminal(command, columns):
    shown = CliRunner().invoke(app, [*command, "--cards", CARDS], env={"COLUMNS": str(columns)})
    assert shown.exit_code == 0, shown.output
    body = shown.stdout
    assert max(len(line) for line in body.splitlines()) <= columns
    # Every value is still there: Opalescence's ability, Humility's 4/4 under the six-layer rules of cr613.
    # (A wrapped cell's words are on several lines, between other columns' words.)
    words = set(body.split())
    assert set("other non-Aura enchantments are creatures, base P/T = mana value".split()) <= words
    assert "4/4" in words or command == ["diff"]


def test_without_a_terminal_or_columns_the_table_is_as_wide_as_it_is():
    shown = CliRunner().invoke(app, ["judge", "--cards", CARDS], env={"COLUMNS": ""})
    assert any(len(line) > 140 for line in shown.stdout.splitlines())


def test_json_is_not_fitted():
    narrow = CliRunner().invoke(app, ["judge", "--cards", CARDS, "--json"], env={"COLUMNS": "40"})
    wide = CliRunner().invoke(app, ["judge", "--cards", CARDS, "--json"], env={"COLUMNS": ""})
    assert json.loads(narrow.stdout) == json.loads(wide.stdout)


# ---------------------------------------------------------------- fit.simple_table against tabulate

# Cells as judge's tables hold them (names, lists, "+1/+1", abilities one per line), and what tabulate treats
# specially: spaces and newlines around a cell, empty cells, "True", numbers (never parsed here).
_TEXT = st.one_of(
    st.text(alphabet="ab Z09-+/.,\n", max_size=12),
    st.sampled_from(["", " ", "\n", "True", "False", "1.5", " 12 ", "-", "a\n\nb", "\nx\n", "1,000"]),
)
_ODD = st.sampled_from(["\t", "\r", "é", "\x1b[31mred\x1b[0m", "\x01", "\u3042", "\x0b", "\u2028"])


@st.composite
def _tables(draw, cells=_TEXT):
    width = draw(st.integers(1, 5))
    headers = draw(st.lists(st.text(alphabet="abc /P", max_size=8), min_size=width, max_size=width))
    rows = draw(st.lists(st.lists(cells, min_size=width, max_size=width), min_size=1, max_size=5))
    return rows, headers


@settings(max_examples=400, deadline=None)
@given(_tables())
def test_the_simple_table_is_tabulates(table):
    rows, headers = table
    written = simple_table(rows, headers)
    assert written is not None  # every table of plain cells is written here
    assert written == tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)


@settings(max_examples=200, deadline=None)
@given(_tables(cells=st.one_of(_TEXT, _ODD, st.builds(lambda a, b: a + b, _TEXT, _ODD), st.integers(), st.none())))
def test_a_table_it_cannot_be_sure_of_is_left_to_tabulate(table):
    rows, headers = table
    written = simple_table(rows, headers)
    odd = any(not isinstance(c, str) or not (c.replace("\n", "").isascii() and c.replace("\n", "").isprintable())
              for row in rows for c in row)
    assert (written is None) == odd
    if written is not None:
        assert written == tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)


@pytest.mark.parametrize("rows, headers", [
    ([], ["a"]),  # no rows: tabulate writes the headers alone
    ([["a", "b"]], ["x"]),  # more cells than headers
    ([("a",)], []),  # no headers
    (["ab"], ["x", "y"]),  # a row that is a string
    ([["a"]], ["h\tt"]),  # a header that does not print
])
def test_other_shapes_are_left_to_tabulate(rows, headers):
    assert simple_table(rows, headers) is None


def test_a_row_of_empty_cells_vanishes_where_a_cell_has_lines_as_with_tabulate():
    rows = [["", ""], ["a\nb", "c"]]
    assert simple_table(rows, ["x", "y"]) == tabulate(rows, headers=["x", "y"], disable_numparse=True)
    assert simple_table(rows, ["x", "y"]).splitlines()[2:] == ["a    c", "b"]
