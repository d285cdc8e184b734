"""A peer report's machinery (diffcheck.reports.peer), without a peer installed: verdicts cover groups by their
signatures, a group no verdict covers is told and listed, and a malformed verdicts file is one error."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from diffcheck.cli import app
from diffcheck.reports.changelog import ReportError, load_run
from diffcheck.reports.document import render_markdown
from diffcheck.reports.peer import NOT_JUDGED, Verdict, Verdicts, load_verdicts, peer_report, unjudged
from diffcheck.search.harness import Harness, RunConfig


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("peer") / "run"
    Harness(RunConfig(("cr418", "cr613"), 1, 400, None, 1), out).run()
    return out


def test_a_group_no_verdict_covers_is_listed_as_not_judged(run_dir):
    groups = load_run(run_dir).groups
    assert len(groups) >= 2
    judged = groups[0]["signature"]
    verdict = Verdict("counters", "engine bug", "Counters moved", ("613.4c",), "as 613.4c says", "otherwise",
                      (judged,))
    verdicts = Verdicts("cr613", "1", (verdict,), ())
    left = unjudged(load_run(run_dir), verdicts)
    assert judged not in left and set(left) == {g["signature"] for g in groups[1:]}
    text = render_markdown(peer_report(run_dir, verdicts))
    assert "## Counters moved" in text and f"## {NOT_JUDGED}" in text
    assert "Verdict: cr613 bug." in text  # an engine bug is told as the peer's
    # The judged group's board is the verdict's; every unjudged one is a witness under "Not judged yet".
    assert text.index("## Counters moved") < text.index(f"## {NOT_JUDGED}")
    assert text.count("<details>") >= len(left)


def test_an_engine_without_verdicts_is_one_error_line():
    with pytest.raises(ReportError, match="no verdicts for this engine"):
        load_verdicts("nosuch")
    ran = CliRunner().invoke(app, ["peer", "nosuch"])
    assert ran.exit_code == 2 and ran.stderr.count("\n") == 1 and "no verdicts" in ran.stderr


def test_a_bad_format_is_refused_before_any_run():
    ran = CliRunner().invoke(app, ["peer", "phase", "--format", "pdf"])
    assert ran.exit_code == 2 and "--format pdf" in ran.stderr
