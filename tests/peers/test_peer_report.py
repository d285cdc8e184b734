"""The committed peer report, reports/PEER-phase.md and .html (diffcheck.reports.peer; ``diffcheck peer``).

Regenerated here from its committed seed and budget, it must be the committed files byte for byte, and every
group of its run must have a verdict (diffcheck/reports/verdicts/phase.yaml) that covers it, with no verdict
naming a group the run no longer finds. The verdicts themselves were derived by hand from the 2025-07-25
document; tests/peers/test_phase.py pins the boards behind the ones the run cannot show.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("phase", reason="phase-python is not installed (pip install 'diffcheck[phase]')")

from diffcheck.cli.runs import PEER_BOARDS, PEER_SEED, peer_paths  # noqa: E402
from diffcheck.reports.changelog import load_run  # noqa: E402
from diffcheck.reports.document import RENDERERS  # noqa: E402
from diffcheck.reports.peer import load_verdicts, peer_report, unjudged  # noqa: E402
from diffcheck.search.harness import Harness, RunConfig  # noqa: E402

ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def peer_run(tmp_path_factory):
    run_dir = tmp_path_factory.mktemp("peer") / "run"
    Harness(RunConfig(("current", "phase"), PEER_SEED, PEER_BOARDS, None, 2), run_dir).run()
    return run_dir


def test_regenerating_the_peer_report_gives_the_committed_files(peer_run):
    blocks = peer_report(peer_run)
    for fmt, path in peer_paths("phase").items():
        assert RENDERERS[fmt](blocks) == (ROOT / path).read_text(encoding="utf-8"), f"{path} is out of date"


def test_every_group_of_the_peer_run_has_a_verdict_and_every_verdict_a_group(peer_run):
    run, verdicts = load_run(peer_run), load_verdicts("phase")
    assert unjudged(run, verdicts) == []
    found = {g["signature"] for g in run.groups}
    for verdict in verdicts.verdicts:
        assert set(verdict.groups) <= found, f"{verdict.key} names groups the run no longer finds"
        assert verdict.groups or verdict.not_in_run


def test_a_run_against_phase_sends_only_what_it_implements(peer_run):
    # The committed peer run (today's rules against phase): every generated board of the parts phase implements,
    # sent, none refused; each group that the same nearest rules explain is one finding, named by them, and the
    # report of the run reads the nearest rules the run stored with each group.
    import json

    from typer.testing import CliRunner

    from diffcheck.cli import app

    run = json.loads((peer_run / "run.json").read_text())
    assert run["boards_sent"] == PEER_BOARDS and run["boards_outside"] == 0 and run["engine_errors"] == 0
    assert run["engine_versions"]["phase"]["description"].startswith("phase.rs rules engine through phase-python")
    findings = [json.loads(line) for line in (peer_run / "findings.jsonl").read_text().splitlines()]
    assert any(f["finding"].startswith("phase answers like") and len(f["witnesses"]) >= 1 for f in findings)
    reported = CliRunner().invoke(app, ["report", str(peer_run), "--out", str(peer_run.parent / "CHANGELOG.md")])
    assert reported.exit_code == 0, reported.output
    assert "Nearest rules to phase's answer" in (peer_run.parent / "CHANGELOG.md").read_text()


def test_each_real_card_board_of_a_phase_bug_shows_it():
    # A verdict's board of real cards is there to show the bug where a player meets it: phase must answer
    # differently from today's rules on it (else the verdict says so and the board is no evidence).
    from diffcheck.boards.loading import board_from_data
    from engines import get_engine

    current, phase = get_engine("current"), get_engine("phase")
    for verdict in load_verdicts("phase").verdicts:
        if verdict.cards is not None:
            board = board_from_data(dict(verdict.cards))
            assert current.evaluate(board)["objects"] != phase.evaluate(board)["objects"], verdict.key
