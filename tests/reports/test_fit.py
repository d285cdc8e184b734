"""Tables that fit the terminal (diffcheck.reports.fit): ``COLUMNS`` sets the width; no line is wider than it,
and nothing is lost on the way."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from diffcheck.cli import app

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
