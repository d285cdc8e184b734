"""``--json`` on the commands that list or write things, as on every other command: ``engines`` prints the facts
of its tables, ``report`` and ``timeline`` what they wrote (the files, the counts, the findings or the rule
changes), each one JSON document on stdout that a script reads with ``json.loads``; the facts are checked
against the library's.
"""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from diffcheck.cli import app
from engines import get_engine, installed

runner = CliRunner()


def section_count(text: str, title: str) -> int:
    """The divergent boards a document's section (its heading ``title``) says showed the change."""
    found = re.search(rf"#+ {re.escape(title)} .*?([\d,]+) divergent boards? showed it", text)
    assert found, title
    return int(found.group(1).replace(",", ""))


def printed(*args: str):
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # the whole of stdout is the one document


def test_engines_json_holds_the_facts_of_the_tables():
    listed = printed("engines", "--json")
    assert [e["engine"] for e in listed] == list(installed())
    by_name = {e["engine"]: e for e in listed}
    for name in ("cr418", "cr613"):
        entry, engine = by_name[name], get_engine(name)
        ruleset = engine.ruleset
        assert entry["source"] == installed()[name] and entry["description"] == engine.description
        assert entry["rules"] == {"title": ruleset.title, "edition": ruleset.edition, "document": ruleset.document,
                                  "in_force_from": ruleset.document_date}
        assert entry["layers"] == [{"layer": s.key, "applies": s.title, "rule": s.rule} for s in ruleset.sublayers]
        assert entry["citations"] == dict(ruleset.citations)
    # What the table shows of them, by hand: cr418 is edition 2005-10 (the document of 2006-10-01), counters in
    # 6c (418.5a); cr613 is edition 2009-07 (in force from 2009-10-01), counters in 7d (613.3d).
    assert (by_name["cr418"]["rules"]["edition"], by_name["cr418"]["rules"]["in_force_from"]) == ("2005-10", "2006-10-01")
    assert (by_name["cr613"]["rules"]["edition"], by_name["cr613"]["rules"]["in_force_from"]) == ("2009-07", "2009-10-01")
    assert {"layer": "6c", "applies": "P/T changes from counters", "rule": "418.5a"} in by_name["cr418"]["layers"]
    assert {"layer": "7d", "applies": "P/T changes from counters", "rule": "613.3d"} in by_name["cr613"]["layers"]
    assert by_name["cr613"]["citations"]["dependency"] == "613.7a"


def test_report_json_says_what_the_changelog_holds(tmp_path):
    from diffcheck.reports.changelog import load_run
    from rulesets.changes import BY_KEY
    from rulesets.editions import changes_between

    out = tmp_path / "run"
    ran = runner.invoke(app, ["run", "--boards", "300", "--seed", "1", "--jobs", "1", "--out", str(out), "--quiet"])
    assert ran.exit_code == 0, ran.output
    target = tmp_path / "c.md"
    told = printed("report", str(out), "--out", str(target), "--json")
    run = load_run(out)
    assert (told["written"], told["format"], told["run_dir"]) == (str(target), "md", str(out))
    assert told["engines"] == ["cr418", "cr613"] and told["seed"] == 1 and told["boards"] == 300
    assert (told["divergent_boards"], told["groups"]) == (run.info["divergent_boards"], len(run.groups))
    assert [(f["finding"], f["divergent_boards"], f["characteristics"]) for f in told["findings"]] == [
        (f["finding"], f["count"], f["characteristics"]) for f in run.findings]
    # And the file it names says the same: each rule change's section counts its boards as the JSON does.
    text = " ".join(target.read_text(encoding="utf-8").split())
    for finding in told["findings"]:
        if finding["finding"] in BY_KEY:
            assert finding["title"] == BY_KEY[finding["finding"]].title
            assert section_count(text, finding["title"]) == finding["divergent_boards"]
    between = [c.key for c in changes_between("cr418", "cr613")]
    shown = {f["finding"] for f in told["findings"]}
    assert told["not_shown"] == [key for key in between if key not in shown]
    assert told["not_shown"]  # 300 boards leave some change unshown: its section says so
    for key in told["not_shown"]:
        assert re.search(rf"#+ {re.escape(BY_KEY[key].title)} Old: [^#]*? No divergent board showed it alone in 300 "
                         "boards", text), key


def test_timeline_json_says_what_the_timeline_holds(tmp_path):
    # One edition, 2020-04, against the one before (2018-07): its three rule changes, in the order of the chain.
    from diffcheck.reports.timeline import gather, span
    from rulesets.editions import EDITIONS

    target = tmp_path / "t.md"
    told = printed("timeline", "--from", "2020-04", "--to", "2020-04", "--boards", "60", "--jobs", "1",
                   "--out", str(target), "--json")
    assert told["written"] == {"md": str(target)} and target.is_file()
    assert (told["from"], told["to"], told["editions"]) == ("2020-04", "2020-04", ["2020-04"])
    assert told["budget"] == {"boards": 60, "seed": 2026, "generators": ["cards", "small"]}
    edition = next(e for e in EDITIONS if e.key == "2020-04")
    assert [c["change"] for c in told["changes"]] == list(edition.changes)
    # The library's runs, of the same seed and budget, count the same boards for each change.
    shown = gather(span("2020-04", "2020-04"), 60, 2026, 1)
    assert [c["divergent_boards"] for c in told["changes"]] == [shown[key].count for key in edition.changes]
    text = " ".join(target.read_text(encoding="utf-8").split())
    for change in told["changes"]:
        assert change["date"] == "2020-04-17" and change["edition"] == "2020-04"
        assert section_count(text, change["title"]) == change["divergent_boards"]
        # A change no generated board showed has its hand-made witness, as the file says.
        assert change["hand_made"] == (f"(diffcheck/witnesses/{change['change']}.yaml)" in text)


def test_engines_json_lists_an_engine_that_cannot_be_loaded_with_why(monkeypatch):
    # As the table does: a broken entry point is listed with its error, not fatal.
    from diffcheck.cli import reference

    monkeypatch.setattr(reference, "installed", lambda: {"cr613": "engines.cr613:ENGINE", "broken": "nosuch:thing"})
    listed = printed("engines", "--json")
    assert [e["engine"] for e in listed] == ["cr613", "broken"]
    assert listed[1]["source"] == "nosuch:thing" and "broken" in listed[1]["error"] and "rules" not in listed[1]
