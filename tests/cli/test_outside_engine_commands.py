"""Every command that takes an engine takes an outside one: ``--engine-cmd NAME=COMMAND`` or
``--engine-config FILE``, the same on ``judge``, ``diff``, ``bisect`` and ``run``.

The outside engine is ``tests/doubles/external_engine.py``: cr613 in a process, which misbehaves
on request. Its answers must be cr613's; a failure of it is one error line, never a traceback.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

from typer.testing import CliRunner

from diffcheck.cli import app

ROOT = Path(__file__).parents[2]
SAMPLE = f"{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'tests' / 'doubles' / 'external_engine.py'))}"
BOARD = str(ROOT / "diffcheck" / "examples" / "gray-ogre.yaml")
runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


def test_judge_answers_with_an_outside_engine_as_cr613_does():
    # The sample engine is cr613 in a process: its outcome is cr613's, object for object.
    mine = invoke("judge", BOARD, "--ruleset", "mine", "--engine-cmd", f"mine={SAMPLE}", "--json")
    ours = invoke("judge", BOARD, "--ruleset", "cr613", "--json")
    assert mine.exit_code == 0, mine.output
    assert json.loads(mine.stdout)["objects"] == json.loads(ours.stdout)["objects"]


def test_diff_takes_an_outside_engine_from_a_config_file(tmp_path):
    config = tmp_path / "engines.yaml"
    config.write_text(f"engines:\n  mine:\n    command: {json.dumps(SAMPLE)}\n    timeout: 20\n", encoding="utf-8")
    result = invoke("diff", BOARD, "--from", "cr613", "--to", "mine", "--engine-config", str(config), "--json",
                    "--fail-on-difference")
    assert result.exit_code == 0, result.output  # status 1 would mean a difference
    document = json.loads(result.stdout)
    assert set(document["outcomes"]) == {"cr613", "mine"} and not document["diff"]


def test_bisect_against_an_outside_engine_finds_the_changes_from_the_old_rules():
    # The Gray Ogre board differs between cr418 and cr613 (the 418.5a / 613.4 examples); the sample engine
    # answers as cr613, so the changes that turn cr418's answer into cr613's turn it into the engine's.
    ours = invoke("bisect", BOARD, "--from", "cr418", "--to", "cr613", "--json")
    mine = invoke("bisect", BOARD, "--from", "cr418", "--to", "mine", "--engine-cmd", f"mine={SAMPLE}", "--json")
    assert ours.exit_code == 0 and mine.exit_code == 0, mine.output
    assert json.loads(mine.stdout)["changes"] == json.loads(ours.stdout)["changes"] != []
    # The nearest rules to the engine's answer: cr613's edition among them, no change added or reverted.
    assert {"edition": "2009-07", "added": [], "reverted": []} in json.loads(mine.stdout)["nearest"]
    assert "nearest" not in json.loads(ours.stdout)  # cr613 has rules of its own


# An engine of today's rules that forgot one rule change (tests/cli/engine_without_a_change.py): the newest
# edition's rules without keyword-counters (2020-04), in a process.
WITHOUT = (f"{shlex.quote(sys.executable)} "
           f"{shlex.quote(str(ROOT / 'tests' / 'cli' / 'engine_without_a_change.py'))} --without keyword-counters")
# A board on which two rule changes show, one object each: a 2/2 with a flying counter has flying from 2020-04
# on (keyword-counters, 122.1b) and nothing before; a tribal enchantment is called kindred from 2024-06 on
# (kindred, 205.2a). No other rule change touches either object: they have no effects, and no effect touches them.
FLYING_AND_KINDRED = {"objects": [
    {"id": "bird", "types": ["creature"], "power": 2, "toughness": 2, "counters": {"flying": 1}},
    {"id": "idol", "types": ["tribal", "enchantment"]},
]}


def test_bisect_from_todays_rules_names_the_nearest_rules_to_an_outside_engine(tmp_path):
    # README: "When --to is an engine with no rules of its own ..., bisect first names the nearest rules to its
    # answer". The engine answers without flying and with kindred. By hand, from the two changes above: no edition
    # answers so (before 2020-04 tribal, in 2020-04 flying, from 2024-06 flying and kindred); with one change
    # toggled, each edition before 2020-04 with kindred added (17 editions, 1999-04 to 2018-07), and 2024-06 and
    # 2025-07 with keyword-counters reverted; 2020-04 would need both. Nothing comes after current to bisect.
    from rulesets.editions import EDITIONS

    board = tmp_path / "board.json"
    board.write_text(json.dumps(FLYING_AND_KINDRED), encoding="utf-8")
    before = [e.key for e in EDITIONS if e.since < "2020-04-17"]
    assert (len(before), before[0], before[-1]) == (17, "1999-04", "2018-07")
    expected = ([{"edition": key, "added": ["kindred"], "reverted": []} for key in before]
                + [{"edition": key, "added": [], "reverted": ["keyword-counters"]} for key in ("2024-06", "2025-07")])
    args = ["bisect", str(board), "--from", "current", "--to", "mine", "--engine-cmd", f"mine={WITHOUT}"]
    found = invoke(*args, "--json")
    assert found.exit_code == 0, found.output
    document = json.loads(found.stdout)
    assert document["nearest"] == expected
    assert (document["changes"], document["explained"]) == ([], False)  # today's flying is no change of the chain
    assert document["rules"]["mine"] is None and document["rules"]["current"]["edition"] == "2025-07"
    told = invoke(*args)
    assert told.exit_code == 0, told.output
    text = " ".join(told.stdout.split())
    assert "nearest rules to mine's answer: answers like 1999-04 with kindred;" in text
    assert "answers like 2025-07 without keyword-counters" in text
    assert "still as before the rule change keyword-counters (A keyword counter gives its keyword)" in text
    assert "differs: bird.abilities" in text and "no rule change comes after current's rules" in text
    # Against built-in rules, a --from with no rule change after it is still one error line.
    refused = invoke("bisect", str(board), "--from", "current", "--to", "cr613")
    assert refused.exit_code == 2 and refused.stderr.startswith("error: --from current --to cr613: no rule change")


def test_an_outside_engine_that_fails_is_one_error_line():
    result = invoke("judge", BOARD, "--ruleset", "mine", "--engine-cmd", f"mine={SAMPLE} --crash-on ogre")
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: engine mine:"), result.stderr
    assert "Traceback" not in result.output


def test_an_unknown_engine_name_still_says_how_to_plug_one_in():
    result = invoke("diff", BOARD, "--from", "cr613", "--to", "mine")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: --to mine:")


def test_the_diff_command_a_report_suggests_works_as_written(tmp_path):
    # A run of cr418 against the outside engine (cr613 in a process), its report, and the command the report
    # gives for seeing a witness: run on the first witness board, it shows the difference the report shows.
    import re

    out = tmp_path / "run"
    ran = invoke("run", "--engines", "cr418,mine", "--engine-cmd", f"mine={SAMPLE}", "--boards", "200", "--jobs", "1",
                 "--out", str(out), "--quiet")
    assert ran.exit_code == 0, ran.output
    assert invoke("report", str(out)).exit_code == 0
    text = (out / "CHANGELOG.md").read_text(encoding="utf-8")
    flat = " ".join(text.split()).replace("\\_", "_")
    assert "To mine: Seven-layer rules" in flat and "version sample-1" in flat  # the engine's own handshake
    # No rule change can be applied to an engine without rules: each finding (one kind of divergent board) has a
    # section of its own, headed by the rules nearest to its answer. The engine is cr613 in a process, so on every
    # witness some rules near cr418 answer as it does.
    found = [json.loads(x)["finding"] for x in (out / "findings.jsonl").read_text().splitlines()]
    sections = [h[3:].replace("\\_", "_") for h in text.splitlines() if h.startswith("## ")]
    assert found and all(f in sections and f.startswith("mine answers like ") for f in found), (found, sections)
    command = re.search(r"run (diffcheck diff FILE .*?), or diffcheck judge", flat).group(1)
    assert "--engine-cmd" in command
    board = tmp_path / "witness.yaml"
    board.write_text(re.search(r"```yaml\n(.*?)```", text, re.S).group(1), encoding="utf-8")
    args = [str(board) if word == "FILE" else word for word in shlex.split(command)[1:]]
    shown = invoke(*args, "--fail-on-difference")
    assert shown.exit_code == 1, shown.output  # 1: the two engines differ on it, as the report says


def test_a_run_counts_engine_errors_by_kind_and_names_errors_jsonl(tmp_path):
    # Generated boards number their objects o1, o2, ...: the sample engine crashes on every board with an o8.
    out = tmp_path / "run"
    ran = invoke("run", "--engines", "cr613,mine", "--engine-cmd", f"mine={SAMPLE} --crash-on o8", "--boards", "25",
                 "--jobs", "1", "--out", str(out), "--quiet")
    assert ran.exit_code == 0, ran.output
    line = next(x for x in ran.stdout.splitlines() if "made an engine fail" in x)
    assert "(crash " in line and f"{out}/errors.jsonl" in line
    kept = [json.loads(x) for x in (out / "errors.jsonl").read_text().splitlines()]
    assert kept and {e["kind"] for e in kept} == {"crash"}
    # run.json records what the engine said of itself in its handshake.
    mine = json.loads((out / "run.json").read_text())["engine_versions"]["mine"]
    assert mine["announced"] == "sample-cr613" and mine["version"] == "sample-1"
    assert mine["description"].endswith("in a separate process")


def test_a_run_sends_an_engine_only_boards_of_the_parts_it_implements(tmp_path):
    # The sample engine says in its handshake that it implements four parts of the vocabulary, and answers
    # {"error": ...} to any board that uses another: a run that sent it one would count an error.
    parts = "pt_modify,pt_set,colors,abilities"
    out = tmp_path / "run"
    ran = invoke("run", "--engines", "cr613,mine", "--engine-cmd",
                 f"mine={SAMPLE} --implements {parts} --refuse-outside", "--boards", "200", "--jobs", "1",
                 "--out", str(out), "--quiet", "--json")
    assert ran.exit_code == 0, ran.output
    summary = json.loads(ran.stdout)
    assert summary["engine_errors"] == 0
    assert summary["implements"] == parts.split(",")
    assert summary["boards_sent"] + summary["boards_outside"] == 200 and summary["boards_sent"] > 100
    # --implements narrows it further, and a word that is not a part is one error line.
    ran = invoke("run", "--engines", "cr613,mine", "--engine-cmd", f"mine={SAMPLE} --implements {parts}",
                 "--implements", "pt_modify,colors", "--boards", "20", "--jobs", "1", "--out", str(tmp_path / "two"),
                 "--quiet", "--json")
    assert json.loads(ran.stdout)["implements"] == ["pt_modify", "colors"]
    ran = invoke("run", "--implements", "pt_modify,copies", "--boards", "20", "--out", str(tmp_path / "bad"))
    assert ran.exit_code == 2 and "'copies' is not a part of the board vocabulary" in ran.output
    assert not (tmp_path / "bad" / "run.json").exists()


def test_a_handshake_that_names_an_unknown_part_fails_to_start(tmp_path):
    ran = invoke("run", "--engines", "cr613,mine", "--engine-cmd", f"mine={SAMPLE} --implements pt_modify,telepathy",
                 "--boards", "20", "--out", str(tmp_path / "run"), "--quiet")
    assert ran.exit_code == 2
    assert "'telepathy' is not a part of the board vocabulary" in ran.output
