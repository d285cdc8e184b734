"""One board across every edition (diffcheck.reports.history; ``diffcheck history``)."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from typer.testing import CliRunner

from diffcheck.boards.loading import board_from_data
from diffcheck.cli import app
from diffcheck.reports.history import history
from rulesets.editions import EDITIONS

ROOT = Path(__file__).parents[2]
CASE = ROOT / "tests" / "cases" / "edition-2003-gray-ogre-counters-first.yaml"


def _span_of(h, edition):
    return next(s for s in h.spans if edition in s.editions)


def test_the_gray_ogre_across_the_editions_changes_where_its_case_says():
    # The case derives by hand (its comments, 418.5a of 2003-10 and 2005-10, 613.3): 0/1 under 2003-10, 1/4 under
    # 2005-10 (cr418), 5/8 under 2009-07 (cr613). The history must put 2003-10, 2005-10 and 2009-07 in three
    # different spans with those values, and name at each boundary rule changes of the later edition.
    data = yaml.safe_load(CASE.read_text(encoding="utf-8"))
    h = history(board_from_data(data["board"]))
    pt = {e: (lambda o: (o["power"], o["toughness"]))(_span_of(h, e).outcome["objects"]["ogre"])
          for e in ("2003-10", "2005-10", "2009-07")}
    assert pt == {"2003-10": (0, 1), "2005-10": (1, 4), "2009-07": (5, 8)}
    assert len({id(_span_of(h, e)) for e in pt}) == 3
    # Spans cover every edition once, in order, with dates that join.
    assert [e for s in h.spans for e in s.editions] == [e.key for e in EDITIONS]
    assert all(a.until == b.since for a, b in zip(h.spans, h.spans[1:])) and h.spans[-1].until is None
    by_edition = {e.key: e for e in EDITIONS}
    for b in h.boundaries:
        assert b.changes, "a boundary is where something changes"
        assert b.rule_changes and {k for k, _, _ in b.rule_changes} <= set(by_edition[b.after].changes)
    assert any(b.after == "2005-10" for b in h.boundaries) and any(b.after == "2009-07" for b in h.boundaries)


def test_the_command_tells_the_spans_and_why_and_json_says_the_same(tmp_path):
    board = tmp_path / "ogre.yaml"
    board.write_text(yaml.safe_dump(yaml.safe_load(CASE.read_text())["board"]), encoding="utf-8")
    shown = CliRunner().invoke(app, ["history", str(board)])
    assert shown.exit_code == 0, shown.output
    assert "(edition 2009-07; before it, 2007-05):" in shown.stdout
    assert "Gray Ogre" in shown.stdout and "because of" in shown.stdout
    as_json = CliRunner().invoke(app, ["history", str(board), "--json"])
    found = json.loads(as_json.stdout)
    assert [e for s in found["spans"] for e in s["editions"]] == [e.key for e in EDITIONS]
    assert {b["after"] for b in found["boundaries"]} >= {"2005-10", "2009-07"}


def test_a_board_with_one_answer_everywhere_says_so():
    shown = CliRunner().invoke(app, ["history", "--cards", "Grizzly Bears"])
    assert shown.exit_code == 0 and f"The same answer under all {len(EDITIONS)} editions" in shown.stdout
