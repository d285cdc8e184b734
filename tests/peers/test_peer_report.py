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
from diffcheck.reports.peer import load_verdicts, peer_files, peer_report, unjudged  # noqa: E402
from diffcheck.search.harness import Harness, RunConfig  # noqa: E402

ROOT = Path(__file__).parents[2]


def _peer_run(run_dir: Path) -> Path:
    Harness(RunConfig(("current", "phase"), PEER_SEED, PEER_BOARDS, None, 2), run_dir).run()
    return run_dir


@pytest.fixture(scope="module")
def peer_run(tmp_path_factory, request):
    """The committed report's run, made once a session: where the suite runs on several workers, in their shared
    folder, by whichever worker comes first (the others wait for it), so that a worker that takes some of this
    module's tests from another (pytest -n auto --dist worksteal, .ci/run) does not run it again."""
    try:
        import fcntl
    except ImportError:  # no POSIX locks here: each worker makes its own
        fcntl = None
    if not hasattr(request.config, "workerinput") or fcntl is None:  # not one of pytest-xdist's workers
        return _peer_run(tmp_path_factory.mktemp("peer") / "run")
    shared = tmp_path_factory.getbasetemp().parent  # this session's, shared by its workers
    with open(shared / "peer-run.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (shared / "peer-run.done").exists():
            _peer_run(shared / "peer-run")
            (shared / "peer-run.done").touch()
    return shared / "peer-run"


def test_regenerating_the_peer_report_gives_the_committed_files(peer_run):
    blocks = peer_report(peer_run)
    for fmt, path in peer_paths("phase").items():
        assert RENDERERS[fmt](blocks) == (ROOT / path).read_text(encoding="utf-8"), f"{path} is out of date"
    # The boards beside the report, and phase's own game state for each: exactly these files, as committed.
    beside = ROOT / "reports" / "phase"
    files = peer_files(peer_run)
    assert sorted(p.name for p in beside.iterdir()) == sorted(files)
    for name, text in files.items():
        assert (beside / name).read_text(encoding="utf-8") == text, f"reports/phase/{name} is out of date"


def test_a_maintainer_reproduces_each_verdict_from_the_report_alone(peer_run):
    # The report names phase's own version and commit, and for each verdict the one command that reproduces it
    # on a committed board; the game state committed beside that board, loaded by phase with no code of
    # diffcheck's (as the report says to), gives phase's answer that the run found on the board.
    import json
    import re

    import phase
    import yaml

    text = " ".join((ROOT / "reports" / "PEER-phase.md").read_text(encoding="utf-8").split()).replace("\\_", "_")
    source = json.loads((peer_run / "run.json").read_text())["engine_versions"]["phase"]["source"]
    assert re.fullmatch(r"[0-9a-f]{40}", source["commit"]) and f"commit {source['commit']}" in text
    assert "nearest rules" not in text.lower()  # diffcheck's own vocabulary means nothing to phase's maintainers
    boards = {json.dumps(g["board"], sort_keys=True): g for g in load_run(peer_run).groups}
    engine = phase.Engine.from_json("{}")
    checked = 0
    for verdict in load_verdicts("phase").verdicts:
        if not verdict.groups:
            continue
        path = ROOT / "reports" / "phase" / f"{verdict.key}.yaml"
        assert f"diffcheck diff reports/phase/{verdict.key}.yaml --from current --to phase" in text
        group = boards[json.dumps(yaml.safe_load(path.read_text(encoding="utf-8")), sort_keys=True)]
        state = json.loads(path.with_suffix(".state.json").read_text(encoding="utf-8"))
        battlefield = {o["name"]: o for o in engine.load_game(state).battlefield()}
        for wanted in group["outcomes"]["phase"]["objects"].values():
            got = battlefield[wanted["name"]]
            kinds = sorted(t.lower() for t in got["card_types"]["core_types"])
            assert kinds == wanted["types"], verdict.key
            if "creature" in kinds:
                assert (got["power"], got["toughness"]) == (wanted["power"], wanted["toughness"]), verdict.key
            checked += 1
    assert checked

def test_every_group_of_the_peer_run_has_a_verdict_and_every_verdict_a_group(peer_run):
    run, verdicts = load_run(peer_run), load_verdicts("phase")
    assert unjudged(run, verdicts) == []
    found = {g["signature"] for g in run.groups}
    for verdict in verdicts.verdicts:
        assert set(verdict.groups) <= found, f"{verdict.key} names groups the run no longer finds"
        assert verdict.groups or verdict.not_in_run


def test_a_run_against_phase_sends_only_what_it_implements(peer_run):
    # The committed peer run (today's rules against phase): every generated board of the parts phase implements,
    # sent, none refused; each group is a finding of its own, named by the nearest rules where some are near, and
    # the changelog of the run reads the nearest rules the run stored with each group.
    import json

    from typer.testing import CliRunner

    from diffcheck.cli import app

    run = json.loads((peer_run / "run.json").read_text())
    assert run["boards_sent"] == PEER_BOARDS and run["boards_outside"] == 0 and run["engine_errors"] == 0
    assert run["engine_versions"]["phase"]["description"].startswith("phase.rs rules engine through phase-python")
    findings = [json.loads(line) for line in (peer_run / "findings.jsonl").read_text().splitlines()]
    assert len(findings) == run["groups"] and all(len(f["witnesses"]) == 1 for f in findings)
    assert any(f["finding"].startswith("phase answers like current without") for f in findings)
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
