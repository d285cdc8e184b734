"""The command line: judge, diff and engines on the bundled example boards, and bad input.

The expected P/T of Gray Ogre are the printed answers of the Examples under 418.5a (old
rules: 1/4) and 613.4 (2009 rules: 5/8).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import CASES, load_case
from diffcheck.boards.loading import load_board
from diffcheck.cli import app
from engines import get_engine

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "diffcheck" / "examples"
GRAY_OGRE = str(EXAMPLES / "gray-ogre.yaml")
BLOOD_MOON = str(EXAMPLES / "blood-moon-urborg.yaml")

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def ok(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result.stdout


def table_row(output: str, oid: str) -> list[str]:
    """The judge table's row for ``oid``, split into cells (two or more spaces apart)."""
    for line in output.splitlines():
        if line.startswith(oid + " "):
            return re.split(r"\s{2,}", line.strip())
    raise AssertionError(f"no row for {oid} in:\n{output}")


# ---------------------------------------------------------------- judge


@pytest.mark.parametrize(
    "ruleset, pt, date",
    [("cr418", "1/4", "2006-10-01"), ("cr613", "5/8", "2009-10-01")],
)
def test_judge_gray_ogre(ruleset, pt, date):
    out = ok("judge", GRAY_OGRE, "--ruleset", ruleset)
    assert out.startswith(f"{ruleset}: ")
    assert date in out.splitlines()[1] and "Comprehensive Rules" in out.splitlines()[1]
    row = table_row(out, "ogre")
    assert row[:3] == ["ogre", "Gray Ogre", "you"]
    assert row[-1] == pt
    assert table_row(out, "anthem")[-1] == "-"  # not a creature (208.3 / 207.3)


def test_judge_without_rules_answers_under_todays_rules_and_says_so_first():
    # Today's rules are the alias current: the newest edition, 2025-07, speaking the newest rules document, that
    # of 2026-01-16. The Gray Ogre under them (counters in 7c with the modifiers since 2020-04, 613.4c): 0/1 set
    # in 7b, then the counter, +4/+4 and the anthem's +0/+2 in 7c, 5/8 as under cr613.
    from rulesets.documents import LAST
    from rulesets.editions import EDITIONS

    assert (EDITIONS[-1].key, LAST.file_date) == ("2025-07", "2026-01-16")  # the figures the line must show
    for args in ([], ["--explain"]):
        out = ok("judge", GRAY_OGRE, *args)
        first, second = out.splitlines()[:2]
        assert first.startswith("today's rules (current): ")
        assert "edition 2025-07" in first and "Comprehensive Rules 2026-01-16" in first
        assert second.startswith("current: ")  # then the header, as under any named rules
        assert table_row(out, "ogre")[-1] == "5/8"
    # Named rules begin with their own header, not with today's.
    assert ok("judge", GRAY_OGRE, "--ruleset", "cr613").startswith("cr613: ")
    assert ok("judge", GRAY_OGRE, "--date", "2026-01-16").startswith("2026-01-16: ")
    # --json: the outcome of today's rules, the rules key naming the edition and the document.
    printed = json.loads(ok("judge", GRAY_OGRE, "--json"))
    rules = printed.pop("rules")
    assert printed == get_engine("current").evaluate(load_board(GRAY_OGRE))
    assert (rules["engine"], rules["edition"], rules["in_force_from"]) == ("current", "2025-07", "2026-01-16")
    assert rules["document"].endswith("Comprehensive Rules 2026-01-16")


def test_judge_date_and_a_named_ruleset_are_one_or_the_other():
    # cr613 is no longer the default, so naming it beside --date names two rules: one error line.
    result = run("judge", GRAY_OGRE, "--date", "2010-06-01", "--ruleset", "cr613")
    assert result.exit_code == 2 and result.stderr.startswith("error: --date 2010-06-01 and --ruleset cr613: ")


@pytest.mark.parametrize("ruleset", ["cr418", "cr613"])
def test_judge_json_is_the_outcome(ruleset):
    result = run("judge", GRAY_OGRE, "--ruleset", ruleset, "--json")
    assert result.exit_code == 0
    printed = json.loads(result.stdout)
    rules = printed.pop("rules")
    assert printed == get_engine(ruleset).evaluate(load_board(GRAY_OGRE))
    # The answer names the edition and the document it comes from.
    edition, document = {"cr418": ("2005-10", "2006-10-01"), "cr613": ("2009-07", "2009-10-05")}[ruleset]
    assert rules["edition"] == edition and rules["document"].endswith(document)
    assert result.stderr == ""


@pytest.mark.parametrize(
    "ruleset, sublayers, rules",
    [
        ("cr418", ["Layer 6b", "Layer 6c", "Layer 6d"], ["418.5a", "418.5g"]),
        ("cr613", ["Layer 7b", "Layer 7c", "Layer 7d"], ["613.3b", "613.3c", "613.3d", "613.6b"]),
    ],
)
def test_judge_explain_shows_sublayers_and_rules(ruleset, sublayers, rules):
    out = ok("judge", GRAY_OGRE, "--ruleset", ruleset, "--explain")
    table, _, explanation = out.partition("Explanation")
    assert table_row(table, "ogre")[-1] in ("1/4", "5/8")
    for s in sublayers + rules:
        assert s in explanation, s
    # each layer is explained in order
    positions = [explanation.index(s) for s in sublayers]
    assert positions == sorted(positions)


def test_judge_explain_lists_the_decisions_the_trace_cites(tmp_path):
    board = tmp_path / "granted.yaml"
    board.write_text(json.dumps(load_case(CASES / "seed-407-2-granted-artifact-kept.yaml")["board"]))
    out = ok("judge", str(board), "--ruleset", "cr418", "--explain")
    cited = out.split("Decisions of this ruleset cited above")[1]
    assert "granted_earlier_layer (407.2" in cited
    assert "simultaneous_timestamps" not in cited  # not cited by this trace


def test_judge_explain_without_decisions_says_so():
    # Under cr613 the Gray Ogre's trace cites no decision (under today's rules its counter's timestamp is one).
    out = ok("judge", GRAY_OGRE, "--ruleset", "cr613", "--explain")
    assert "No decision of this ruleset" in out


# ---------------------------------------------------------------- diff


def test_diff_marks_power_and_toughness():
    out = ok("diff", GRAY_OGRE)
    assert "2006-10-01" in out and "2009-10-01" in out
    rows = {}
    current = None
    for line in out.splitlines():
        cells = re.split(r"\s{2,}", line.strip())
        if len(cells) >= 4 and cells[0] in ("ogre", "anthem"):
            current, cells = cells[0], cells[1:]
        elif current is None or len(cells) < 3:
            continue
        rows[(current, cells[0])] = cells[1:]
    assert rows[("ogre", "power")] == ["1", "5", "*"]
    assert rows[("ogre", "toughness")] == ["4", "8", "*"]
    assert rows[("ogre", "colors")] == ["red", "red"]
    assert rows[("anthem", "power")] == ["-", "-"]
    assert out.rstrip().splitlines()[-1].startswith("2 characteristics differ")


def test_diff_without_difference():
    result = run("diff", BLOOD_MOON, "--fail-on-difference")
    assert result.exit_code == 0
    assert result.stdout.rstrip().splitlines()[-1].startswith("no difference")


def test_diff_exit_status():
    assert run("diff", GRAY_OGRE).exit_code == 0
    assert run("diff", GRAY_OGRE, "--fail-on-difference").exit_code == 1
    assert run("diff", GRAY_OGRE, "--json", "--fail-on-difference").exit_code == 1


def test_diff_json():
    result = run("diff", GRAY_OGRE, "--json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert set(doc) == {"board", "outcomes", "diff", "rules"}
    assert {name: r["edition"] for name, r in doc["rules"].items()} == {"cr418": "2005-10", "cr613": "2009-07"}
    assert doc["board"] == GRAY_OGRE
    board = load_board(GRAY_OGRE)
    assert doc["outcomes"] == {name: get_engine(name).evaluate(board) for name in ("cr418", "cr613")}
    changed = doc["diff"]["values_changed"]
    assert changed["root['ogre']['power']"] == {"old_value": 1, "new_value": 5}
    assert changed["root['ogre']['toughness']"] == {"old_value": 4, "new_value": 8}
    assert set(doc["diff"]) == {"values_changed"}


def test_diff_json_swapped_and_equal():
    doc = json.loads(run("diff", GRAY_OGRE, "--json", "--from", "cr613", "--to", "cr418").stdout)
    assert list(doc["outcomes"]) == ["cr613", "cr418"]
    assert doc["diff"]["values_changed"]["root['ogre']['power']"] == {"old_value": 5, "new_value": 1}
    assert json.loads(run("diff", BLOOD_MOON, "--json").stdout)["diff"] == {}


# ---------------------------------------------------------------- engines


def test_engines_lists_both_with_dates():
    out = ok("engines")
    summary = out.split("\n\n")[0]
    assert table_row(summary, "cr418")[0] == "cr418" and "2006-10-01" in table_row(summary, "cr418")[1]
    assert table_row(summary, "cr613")[0] == "cr613" and "2009-10-01" in table_row(summary, "cr613")[1]
    assert "in force from 2006-10-01" in out and "in force from 2009-10-01" in out
    # the layer plans and the citations
    assert re.search(r"^6c\s+P/T changes from counters\s+418\.5a$", out, re.M)
    assert re.search(r"^7d\s+P/T changes from counters\s+613\.3d$", out, re.M)
    assert re.search(r"^dependency\s+418\.5c\s+613\.7a$", out, re.M)


# ---------------------------------------------------------------- bad input


def bad_board(tmp_path: Path) -> str:
    path = tmp_path / "bad.yaml"
    path.write_text("objects:\n  - id: bear\n    types: [creature]\n    colour: [green]\n")
    return str(path)


BAD_INPUTS = {
    "missing file": (lambda tmp: ["judge", str(tmp / "nope.yaml")], ["nope.yaml", "cannot read"]),
    "missing file (diff)": (lambda tmp: ["diff", str(tmp / "nope.yaml")], ["nope.yaml", "cannot read"]),
    "unknown key": (lambda tmp: ["judge", bad_board(tmp)], ["bad.yaml: objects[0].colour: ", "unknown key"]),
    "unknown key (diff --json)": (lambda tmp: ["diff", bad_board(tmp), "--json"], ["bad.yaml: objects[0].colour: "]),
    "unknown engine": (lambda tmp: ["judge", GRAY_OGRE, "--ruleset", "cr999"], ["--ruleset cr999: ", "cr418", "cr613"]),
    "unknown engine (diff)": (lambda tmp: ["diff", GRAY_OGRE, "--to", "nope"], ["--to nope: ", "no engine"]),
    "same engine twice": (lambda tmp: ["diff", GRAY_OGRE, "--from", "cr613"], ["--from and --to"]),
}


@pytest.mark.parametrize("case", BAD_INPUTS, ids=list(BAD_INPUTS))
def test_bad_input_is_one_line_and_exit_2(case, tmp_path):
    make_args, expected = BAD_INPUTS[case]
    result = run(*make_args(tmp_path))
    assert result.exit_code == 2
    assert result.stdout == ""  # nothing written
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for part in expected:
        assert part in lines[0]
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_module_entry_point_reports_errors_without_traceback(tmp_path):
    env_path = str(ROOT)
    proc = subprocess.run(
        [sys.executable, "-m", "diffcheck", "judge", bad_board(tmp_path)],
        capture_output=True, text=True, cwd=tmp_path,
        env={"PYTHONPATH": env_path, "PATH": "/usr/bin:/bin"},
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "objects[0].colour" in proc.stderr
    assert "Traceback" not in proc.stderr


# ---------------------------------------------------------------- examples and the library


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_example_board_runs(path):
    assert ok("diff", str(path)).rstrip()
    for ruleset in ("cr418", "cr613"):
        assert ok("judge", str(path), "--ruleset", ruleset, "--explain")


def test_rendering_needs_no_typer():
    code = "import sys, diffcheck.reports.render; assert 'typer' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, env={"PYTHONPATH": str(ROOT)})


def test_ci_runs_the_readme_test_command():
    # The README's test command is .ci/run itself; it makes the venv with the test extra, compiles the packages'
    # bytecode and runs pytest.
    setup = (ROOT / "README.md").read_text().split("## Set-up", 1)[1].split("\n## ", 1)[0]
    assert "```\nbash .ci/run\n```" in setup
    ci = (ROOT / ".ci" / "run").read_text().replace("\\\n", " ").splitlines()  # continued lines joined
    command = next(line for line in ci if "pytest" in line)
    assert " ".join(command.split()) == (
        "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && "
        ".venv/bin/python -m compileall -q diffcheck engines rulesets && .venv/bin/python -m pytest -n auto "
        "--dist worksteal")


def test_diff_helpers_on_outcomes_from_outside_engines():
    """Tuples and sets count as lists; an object one engine lacks shows as absent and differs."""
    from diffcheck.reports import render
    from diffcheck.search.divergence import outcomes_diff

    old = {"ruleset": "a", "objects": {"x": {"name": "X", "types": ("creature",), "power": 1, "toughness": 1}}}
    new = {"ruleset": "b", "objects": {"x": {"name": "X", "types": ["creature"], "power": 1, "toughness": 1},
                                       "y": {"name": "Y", "colors": {"red"}}}}
    assert render.differences(old, new) == [("y", key) for key in render.CHARACTERISTICS]
    found = outcomes_diff(old, new)
    assert found == {"dictionary_item_added": ["root['y']"]}
    json.dumps(render.diff_document("f.yaml", {"a": old, "b": new}))  # serializable
