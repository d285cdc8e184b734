"""A run against an engine without rules of its own: each of its bugs is a finding of its own, with a minimal board.

The engine is the README's example for engine authors, ``docs/examples/pt_engine.py``: today's P/T rules in a
process, with three mistakes of different kinds planted (``--bug``). Which finding shows which bug is not
written down here: a witness shows a bug when the engine with that bug alone answers the witness's board as the
three-bug engine does, and the engine with no bug answers it as today's rules do.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from diffcheck.boards.loading import board_from_data
from diffcheck.search.harness import Harness, RunConfig
from engines import get_engine
from engines.peers.external import ExternalEngine

ENGINE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "pt_engine.py"
BUGS = ("counters-first", "any-controller", "switch-first")


def command(*bugs: str) -> str:
    return " ".join([sys.executable, str(ENGINE)] + [f"--bug {b}" for b in bugs])


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    """A run of today's rules against the engine with all three bugs, and its findings and groups."""
    out = tmp_path_factory.mktemp("planted")
    config = RunConfig(("current", "pt"), seed=1, boards=600, jobs=1, commands=(("pt", command(*BUGS)),))
    Harness(config, out).run()
    findings = [json.loads(x) for x in (out / "findings.jsonl").read_text().splitlines()]
    groups = {g["signature"]: g for g in map(json.loads, (out / "divergences.jsonl").read_text().splitlines())}
    return json.loads((out / "run.json").read_text()), findings, groups


def test_the_engine_without_bugs_answers_as_todays_rules(tmp_path):
    # The example must be right before its bugs mean anything: no divergence in a run of its parts.
    config = RunConfig(("current", "pt"), seed=2, boards=600, jobs=1, commands=(("pt", command()),))
    run = Harness(config, tmp_path).run()
    assert run["boards_sent"] == 600 and run["divergent_boards"] == 0


def test_each_planted_bug_is_a_finding_with_a_minimal_board(planted):
    run, findings, groups = planted
    assert run["keyed_by"] == "triage" and run["findings"] == len(findings) == run["groups"]
    current = get_engine("current")
    alone = {bug: ExternalEngine(bug, command(bug)) for bug in BUGS}
    right = ExternalEngine("right", command())
    shown: dict[str, list[str]] = {bug: [] for bug in BUGS}
    try:
        for f in findings:
            (signature,) = f["witnesses"]
            group = groups[signature]
            board = board_from_data(group["board"])
            wrong = group["outcomes"]["pt"]["objects"]
            assert right.evaluate(board)["objects"] == current.evaluate(board)["objects"]
            for bug, engine in alone.items():
                if engine.evaluate(board)["objects"] == wrong:
                    shown[bug].append(f["finding"])
    finally:
        for engine in (*alone.values(), right):
            engine.close()
    assert all(shown.values()), shown


def test_a_finding_leads_with_the_rules_nearest_to_the_edition_compared(planted):
    _, findings, groups = planted
    by_name = {f["finding"]: groups[f["witnesses"][0]] for f in findings}
    # Switching before modifying is how the rules read before 418.5i of 2005-10 moved switching after every other
    # P/T effect (the rule change switch-last; today 613.4d after 613.4c): today's rules with that change reverted.
    assert "pt answers like current without switch-last" in by_name
    # Ignoring "you control" in a filter is no rules' answer: nothing near gives it, and the finding says so.
    assert "pt: no rules near answer so" in by_name
    # At most three near rules are named, the rest counted.
    for name in by_name:
        assert name.count("answers like") <= 3


def test_against_an_older_edition_the_boards_are_keyed_by_triage_too():
    # No rule change applied to cr613 explains an engine without rules, so explaining by rule changes would make
    # every divergent board one "unexplained" finding, one bug hiding the others: the run keys by triage.
    from diffcheck.search.harness import by_findings

    outside = RunConfig(("cr613", "pt"), commands=(("pt", command(*BUGS)),))
    assert not by_findings(outside)
    assert by_findings(RunConfig(("cr613", "current")))  # between two editions, boards are keyed by findings
