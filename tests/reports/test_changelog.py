"""The committed changelog is what the tool generates from its committed seed and budget."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from diffcheck.cli import app
from diffcheck.cli.runs import CHANGELOG

ROOT = Path(__file__).parents[2]


def test_regenerating_the_changelog_gives_the_committed_file(tmp_path):
    out = tmp_path / "CHANGELOG.md"
    result = CliRunner().invoke(app, ["changelog", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == (ROOT / CHANGELOG).read_text(encoding="utf-8")


def test_every_rule_change_has_a_section_in_the_committed_changelog():
    from rulesets.editions import changes_between

    CHANGES = changes_between("cr418", "cr613")

    text = (ROOT / CHANGELOG).read_text(encoding="utf-8")
    for change in CHANGES:
        assert f"## {change.title}" in text
    assert "## Differences no board can show" in text
