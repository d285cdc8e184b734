"""Editions of the layer rules chosen by date, the chain of rule changes, and each document's language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from diffcheck.boards.loading import load_board
from diffcheck.cli import app
from engines import get_engine
from rulesets.changes import BY_KEY, CHANGES, derive
from rulesets.documents import DOCUMENTS, DateOutOfRange, in_force
from rulesets.editions import (
    BY_NAME, EDITIONS, behaviour, changes_between, edition_in_force, resolve, ruleset_for,
)

EXAMPLES = Path(__file__).parent.parent / "diffcheck" / "examples"
GRAY_OGRE = str(EXAMPLES / "gray-ogre.yaml")
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


# ---------------------------------------------------------------- documents and dates


def test_every_document_belongs_to_exactly_one_edition():
    assert len(DOCUMENTS) == 124 and DOCUMENTS[0].effective == EDITIONS[0].since
    for d in DOCUMENTS:
        owners = [e.key for e in EDITIONS if d in e.documents]
        assert owners == [edition_in_force(d).key]
    # Before layers: 1999-04-23; 1999-11-01, whose glossary first defines timestamps (a local enchantment
    # after what it enchants); 2001 (2001-07-23 to 2003-03-15), split where 415.4 changed (2002-10-07:
    # creature types can be changed by text changes); July 2003 (2003-07-01).
    assert [d.file_date for d in EDITIONS[0].documents] == ["1999-04-23"]
    assert [d.file_date for d in EDITIONS[1].documents] == ["1999-11-01"]
    assert [d.file_date for d in EDITIONS[2].documents] == ["2001-07-23", "2001-09-24", "2002-02-20"]
    assert [d.file_date for d in EDITIONS[3].documents] == ["2002-10-07", "2003-03-15"]
    assert [d.file_date for d in EDITIONS[4].documents] == ["2003-07-01"]


@pytest.mark.parametrize("day, document, edition", [
    # The day a document took effect is under it; the day before is under the one before.
    ("2005-10-01", "2005-10-01", "2005-10"),
    ("2005-09-30", "2005-08-01", "2003-10"),
    # The July 2009 document is dated 2009-07-08 but took effect on 2009-07-11.
    ("2009-07-10", "2009-05-01", "2007-05"),
    ("2009-07-11", "2009-07-08", "2009-07"),
    ("2010-06-01", "2010-04-23", "2009-07"),
    ("2021-02-04", "2020-11-20", "2020-04"),
    # The document dated 2021-02-02 took effect on 2021-02-05 (706.9d: edition 2021-02).
    ("2021-02-05", "2021-02-02", "2021-02"),
    ("2021-06-01", "2021-04-19", "2021-02"),
    # The file of 2024-02-06 states an earlier effective date.
    ("2024-02-03", "2024-02-06", "2021-02"),
    ("2026-01-16", "2026-01-16", "2025-07"),
    # Before layers, and in the archive's gap (no document between 1999-11-01 and 2001-07-23).
    ("1999-04-23", "1999-04-23", "1999-04"),
    ("1999-10-31", "1999-04-23", "1999-04"),
    ("2000-06-01", "1999-11-01", "1999-11"),
    ("2001-07-23", "2001-07-23", "2001-07"),
    ("2003-09-30", "2003-07-01", "2003-07"),
])
def test_a_date_picks_the_document_in_force_and_its_edition(day, document, edition):
    found = in_force(day)
    assert found.file_date == document
    assert resolve(day)[0].key == edition
    ruleset = ruleset_for(day)
    assert ruleset.document.endswith(document) and ruleset.edition == edition


def test_dates_outside_the_documents_are_refused():
    with pytest.raises(DateOutOfRange):
        in_force("1999-04-22")
    with pytest.raises(DateOutOfRange):
        resolve("1999-04-22")


def test_a_date_in_the_archive_gap_says_so():
    # No document between 1999-11-01 and 2001-07-23 is known: an answer for a day in between says so, in
    # its header and its --json rules; a day outside the gap says nothing of it.
    gap = ruleset_for("2000-06-01").caveat
    assert "1999-11-01" in gap and "2001-07-23" in gap and "2000-06-01" in gap
    assert ruleset_for("1999-11-01").caveat == "" and ruleset_for("2001-07-23").caveat == ""
    result = run("judge", GRAY_OGRE, "--date", "2000-06-01")
    assert result.exit_code == 0 and "note: the archive holds no" in result.output
    result = run("judge", GRAY_OGRE, "--date", "2000-06-01", "--json")
    assert "2001-07-23" in json.loads(result.output)["rules"]["archive_gap"]
    listing = run("editions").output
    assert "no document is known between 1999-11-01 and 2001-07-23" in listing
    for args in (["diff", GRAY_OGRE, "--from", "2000-06-01"], ["bisect", GRAY_OGRE, "--from", "2000-06-01"]):
        assert "note: the archive holds no" in run(*args).output, args


def test_a_run_with_a_date_in_the_archive_gap_says_so(tmp_path):
    out = tmp_path / "run"
    result = run("run", "--engines", "2000-06-01,2004-01-01", "--boards", "20", "--jobs", "1", "--out", str(out))
    assert result.exit_code == 0 and "note on 2000-06-01: the archive holds no" in result.output
    assert "2001-07-23" in json.loads((out / "run.json").read_text())["engine_versions"]["2000-06-01"]["archive_gap"]
    assert "Note on 2000-06-01" in (out / "summary.md").read_text()


@pytest.mark.parametrize("args, where", [
    (["judge", GRAY_OGRE, "--date", "1998-01-01"], "--date 1998-01-01"),
    (["judge", GRAY_OGRE, "--ruleset", "2999-01-01"], "--ruleset 2999-01-01"),
    (["judge", GRAY_OGRE, "--date", "2009-13-01"], "--date 2009-13-01"),
    (["diff", GRAY_OGRE, "--to", "1990-01-01"], "--to 1990-01-01"),
    (["run", "--engines", "2010-06-01,1980-01-01", "--boards", "5"], "--engines 2010-06-01,1980-01-01"),
])
def test_a_bad_date_is_one_line_and_exit_2(args, where, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(*args)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and where.split()[0] in lines[0]
    assert "Traceback" not in result.output
    assert not (tmp_path / "reports").exists()  # nothing half-written


# ---------------------------------------------------------------- the chain


def test_the_chain_is_every_change_once_in_order():
    keys = [k for e in EDITIONS for k in e.changes]
    assert keys == [c.key for c in CHANGES]
    for c in CHANGES:
        assert c.old_rule and c.new_rule and c.summary.endswith(".") and c.title


def test_each_edition_is_its_predecessor_plus_its_changes():
    for before, after in zip(EDITIONS, EDITIONS[1:]):
        hybrid = derive(behaviour(before.key), after.changes)
        edition = behaviour(after.key)
        for field in ("placement", "counters_sublayer", "cda_dependency", "cda_characteristics",
                      "type_effects_whole", "grant_timestamps", "reevaluate_loops", "land_types_set_always"):
            assert getattr(hybrid, field) == getattr(edition, field), (after.key, field)
        assert [s.key for s in hybrid.sublayers] == [s.key for s in edition.sublayers]


def test_changes_between_any_two_editions():
    assert [c.key for c in changes_between("2003-10", "2005-10")] == list(BY_NAME["2005-10"].changes)
    # From 1999 to 2006: the local enchantment's timestamp of 1999-11, * as printed and the creature types of 2001 and
    # 2002, the five changes of July 2003, numbered layers, then those of 2005-10.
    assert [c.key for c in changes_between("1999-06-01", "2006-06-01")] == [
        "aura-after-enchanted", "star-as-printed", "creature-types-proper-nouns", "creature-types-changeable",
        "dependency-within-stage", "text-changing-step", "csa-step", "face-down-copiable", "aura-order-chosen",
        "numbered-layers", *BY_NAME["2005-10"].changes]
    assert changes_between("cr613", "cr418") == ()  # backwards: nothing leads there
    everything = changes_between("1999-04", "current")
    assert len(everything) == len(CHANGES)
    assert changes_between("2010-06-01", "2021-06-01") == tuple(
        BY_KEY[k] for e in EDITIONS if "2011-02" <= e.key <= "2021-02" for k in e.changes)


def test_the_layer_plans_the_documents_state():
    # 418.5a (2003-10-01): six layers, P/T one layer; our steps in it: CSAs, counters, the rest.
    assert [s.key for s in behaviour("2003-10").sublayers] == ["1", "2", "3", "4", "5", "6 csa", "6 counters", "6"]
    # 418.5a (2005-10-01): 6a CSAs, 6b setting and resolved modifying, 6c counters, 6d static modifying, 6e switch.
    r = ruleset_for("cr418")
    assert [s.key for s in r.sublayers][5:] == ["6a", "6b", "6c", "6d", "6e"]
    assert (r.placement[("pt_modify", "resolved")], r.placement[("pt_modify", "static")], r.counters_sublayer) == (
        "6b", "6d", "6c")
    # 613.1, 613.3 (2009-10-05): abilities in 6; 7a-7e with counters in 7d.
    r = ruleset_for("cr613")
    assert (r.placement[("ability", "static")], r.counters_sublayer, r.placement[("pt_switch", "static")]) == (
        "6", "7d", "7e")
    # 613.4 (2020-04-17): counters join modifying effects in 7c; switching is 7d.
    r = ruleset_for("2020-04")
    assert [s.key for s in r.sublayers][6:] == ["7a", "7b", "7c", "7d"]
    assert r.counters_sublayer == r.placement[("pt_modify", "static")] == "7c"
    assert r.placement[("pt_switch", "static")] == "7d"


# ---------------------------------------------------------------- each edition's language


@pytest.mark.parametrize("name, layer_rules, words", [
    ("2005-10-01", {"1": "418.5a", "6c": "418.5a", "6e": "418.5i"}, "play"),
    ("2009-07-20", {"1": "612.1a", "7d": "612.3d"}, "battlefield"),
    ("2009-10-20", {"1": "613.1a", "7d": "613.3d"}, "battlefield"),
    ("2020-05-01", {"7c": "613.4c", "7d": "613.4d"}, "battlefield"),
])
def test_explain_speaks_the_document_of_the_day(name, layer_rules, words):
    engine = get_engine(name)
    _, trace = engine.explain(load_board(GRAY_OGRE))
    headings = {e.sublayer: e.rule for e in trace if type(e).__name__ == "Heading"}
    for key, rule in layer_rules.items():
        assert headings[key] == rule
    assert engine.ruleset.say("the battlefield").endswith(words)


def test_the_dependency_rules_are_cited_by_each_documents_number():
    assert ruleset_for("2006-01-01").cite("dependency") == "418.5c"
    assert ruleset_for("2009-08-01").cite("dependency") == "612.7a"
    assert ruleset_for("2015-01-01").cite("dependency") == "613.7a"
    assert ruleset_for("2022-01-01").cite("dependency") == "613.8a"
    assert ruleset_for("2012-01-01").cite("reevaluate") == "613.7c"


# ---------------------------------------------------------------- the command line


def test_editions_json_lists_every_edition_with_its_documents_and_changes():
    result = run("editions", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert [e["edition"] for e in data] == [e.key for e in EDITIONS]
    assert sum(len(e["documents"]) for e in data) == 124
    cr418 = next(e for e in data if "cr418" in e["aliases"])
    assert [c["key"] for c in cr418["changes"]] == list(BY_NAME["cr418"].changes)
    assert data[1]["archive_gaps"] == [{"after": "1999-11-01", "before": "2001-07-23"}]
    assert all(not e["archive_gaps"] for n, e in enumerate(data) if n != 1)
    assert all(c["old_rule"] and c["new_rule"] for e in data for c in e["changes"])
    assert data[-1]["in_force_until"] is None and "current" in data[-1]["aliases"]


def test_judge_by_date_names_edition_and_document():
    result = run("judge", GRAY_OGRE, "--date", "2010-06-01", "--json")
    assert result.exit_code == 0
    rules = json.loads(result.output)["rules"]
    assert rules["edition"] == "2009-07" and rules["document"].endswith("2010-04-23")


def test_date_and_ruleset_together_are_refused():
    result = run("judge", GRAY_OGRE, "--date", "2010-06-01", "--ruleset", "cr418")
    assert result.exit_code == 2 and result.output.startswith("error: --date 2010-06-01 and --ruleset cr418")


def test_diff_between_two_dates():
    # Gray Ogre: 1/4 under 418.5a of 2005-10 (the document's own example), 5/8 under 613 (its own).
    result = run("diff", GRAY_OGRE, "--from", "2006-01-01", "--to", "2010-01-01", "--json")
    assert result.exit_code == 0
    doc = json.loads(result.output)
    assert doc["outcomes"]["2006-01-01"]["objects"]["ogre"]["power"] == 1
    assert doc["outcomes"]["2010-01-01"]["objects"]["ogre"]["power"] == 5
    assert {n: r["edition"] for n, r in doc["rules"].items()} == {"2006-01-01": "2005-10", "2010-01-01": "2009-07"}


def test_bisect_between_non_adjacent_editions():
    # 2003-10 to 2009-07: the Gray Ogre goes from 0/1 (decision counters_after_csa) to 5/8.
    result = run("bisect", GRAY_OGRE, "--from", "2003-10", "--to", "2009-07", "--json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    assert found["explained"] and "resolved-modifiers-after-setting" in found["changes"]
    assert set(found["changes"]) <= {c.key for c in changes_between("2003-10", "2009-07")}


# ---------------------------------------------------------------- board keys of later editions


@pytest.mark.parametrize("obj, where, says", [
    ({"counters": {"+1/+1": 1}, "counter_timestamps": {"-1/-1": 5}}, "objects[0].counter_timestamps", "no \"-1/-1\" counters"),
    ({"counters": {"+1/+1": 1}, "counter_timestamps": {"+1/+1": 1}}, "objects[0].counter_timestamps", "before the object's own (3)"),
    ({"face_up_at": 3}, "objects[0].face_up_at", "not after the object's timestamp (3)"),
    ({"transformed_at": 2}, "objects[0].transformed_at", "not after the object's timestamp (3)"),
    ({"face_up_at": "soon"}, "objects[0].face_up_at", "integer"),
])
def test_event_timestamps_are_checked(obj, where, says):
    from diffcheck.boards.loading import BoardError, board_from_data

    data = {"objects": [{"id": "x", "types": ["creature"], "power": 1, "toughness": 1, "timestamp": 3, **obj}]}
    with pytest.raises(BoardError) as caught:
        board_from_data(data, "b.yaml")
    message = str(caught.value)
    assert "\n" not in message and where in message and says in message


def test_event_timestamps_round_trip_and_change_nothing_before_their_editions():
    from diffcheck.boards.loading import board_from_data
    from engines.board import Board

    data = {"objects": [{"id": "x", "types": ["creature"], "power": 1, "toughness": 1, "timestamp": 3,
                         "counters": {"+1/+1": 2}, "counter_timestamps": {"+1/+1": 4}, "face_up_at": 6}]}
    board = board_from_data(data, "b.yaml")
    assert Board.from_dict(board.to_dict()) == board
    without = {k: v for k, v in data["objects"][0].items() if k not in ("counter_timestamps", "face_up_at")}
    plain = board_from_data({"objects": [without]}, "b.yaml")
    for name in ("2003-10", "cr418", "cr613", "2012-05"):
        engine = get_engine(name)
        assert engine.evaluate(board)["objects"] == engine.evaluate(plain)["objects"], name


def _run(tmp_path, engines: str, boards: int, seed: int) -> tuple[dict, list[dict]]:
    """A run between two engines: its run.json and its groups."""
    out = tmp_path / "run"
    result = run("run", "--engines", engines, "--boards", str(boards), "--seed", str(seed), "--jobs", "1",
                 "--quiet", "--out", str(out))
    assert result.exit_code == 0, result.output
    groups = [json.loads(line) for line in (out / "divergences.jsonl").read_text().splitlines()]
    return json.loads((out / "run.json").read_text()), groups


def test_a_run_between_two_dates_attributes_to_the_changes_between_them(tmp_path):
    # The two editions in force on those days (2009-07 and 2021-02), not adjacent: every group's
    # attribution names only changes between them, and run.json names both documents.
    info, groups = _run(tmp_path, "2010-06-01,2021-06-01", 400, 3)
    versions = info["engine_versions"]
    assert (versions["2010-06-01"]["edition"], versions["2010-06-01"]["document_date"]) == ("2009-07", "2010-04-23")
    assert (versions["2021-06-01"]["edition"], versions["2021-06-01"]["document_date"]) == ("2021-02", "2021-04-22")
    between = {c.key for c in changes_between("2010-06-01", "2021-06-01")}
    assert groups, "2009-07 and 2021-02 differ on some of 400 generated boards"
    for g in groups:
        assert set(g["attribution"]["changes"]) <= between
    assert any(g["attribution"]["explained"] for g in groups)


def test_a_run_from_before_layers_to_the_six_layers_attributes_every_group(tmp_path):
    # 1999-06-01 (edition 1999-04, stages) against 2006-06-01 (2005-10, six layers with sublayers):
    # no engine fails on any board, every group is explained by changes between the two, and the
    # stages' own changes (those of July 2003 and numbered-layers) explain some of them.
    info, groups = _run(tmp_path, "1999-06-01,2006-06-01", 150, 1)
    assert info["engine_errors"] == 0
    assert info["engine_versions"]["1999-06-01"]["edition"] == "1999-04"
    between = {c.key for c in changes_between("1999-06-01", "2006-06-01")}
    assert groups
    named = set()
    for g in groups:
        assert g["attribution"]["explained"] and set(g["attribution"]["changes"]) <= between, g["signature"]
        named |= set(g["attribution"]["changes"])
    assert named & {"dependency-within-stage", "text-changing-step", "csa-step", "numbered-layers"}


def test_todays_rules_are_todays_document_not_the_first_of_its_edition():
    # "current" is the rules in force today: the newest document (CR 2026-01-16), in the edition that began with
    # CR 2025-07-25. A judge quoting today's rules must never be handed a superseded document; the edition's key
    # still names its first, and cr418 and cr613 keep theirs.
    newest = DOCUMENTS[-1]
    assert newest.file_date == "2026-01-16"
    edition, document, _ = resolve("current")
    assert edition.key == "2025-07" and document == newest
    assert resolve("2025-07")[1].file_date == "2025-07-25"
    assert resolve("cr418")[1].file_date == "2006-10-01" and resolve("cr613")[1].file_date == "2009-10-05"
    assert get_engine("current").ruleset.document.endswith("Comprehensive Rules 2026-01-16")
    result = CliRunner().invoke(app, ["judge", str(Path(__file__).parents[1] / "diffcheck/examples/gray-ogre.yaml")])
    assert result.exit_code == 0
    assert "Comprehensive Rules 2026-01-16" in result.stdout.splitlines()[0]
    # The timeline and the peer report say so too.
    reports = Path(__file__).parents[1] / "reports"
    assert "today, the Comprehensive Rules 2026-01-16" in (reports / "TIMELINE.md").read_text().replace("\n", " ")
    assert "Comprehensive Rules 2026-01-16" in (reports / "PEER-phase.md").read_text().replace("\n", " ")
