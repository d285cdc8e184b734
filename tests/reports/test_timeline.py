"""`diffcheck timeline`: the committed timeline is what the command makes, and it reads as a document.

The committed reports/TIMELINE.md and reports/TIMELINE.html are regenerated here by the one
command that writes them (`diffcheck timeline`, in a scratch directory); the structure tests
read the committed HTML page with the standard library's parser.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from diffcheck.cli import app
from diffcheck.cli.runs import TIMELINE
from diffcheck.reports.timeline import CANNOT_SHOW, HAND_MADE
from rulesets.changes import CHANGES
from rulesets.editions import EDITIONS

ROOT = Path(__file__).parents[2]
runner = CliRunner()


def test_the_command_and_the_library_use_one_budget():
    from diffcheck.cli import runs
    from diffcheck.reports import timeline

    assert (runs.TIMELINE_BOARDS, runs.TIMELINE_SEED) == (timeline.BOARDS, timeline.SEED)


def test_the_command_gives_the_committed_bytes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["timeline", "--jobs", "2"])
    assert result.exit_code == 0, result.output
    for path in TIMELINE.values():
        assert (tmp_path / path).read_bytes() == (ROOT / path).read_bytes(), path


class _Page(HTMLParser):
    """What the structure tests look at: ids, links, headings, folds, pictures and resources."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []
        self.tags: list[str] = []
        self.headings: list[tuple[str, str]] = []
        self._heading: str | None = None
        self._text = ""
        self.in_nav = 0
        self.nav_links = 0
        self.resources: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append(tag)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if "href" in attrs:
            self.links.append(attrs["href"])
            self.nav_links += bool(self.in_nav)
        for key in ("src", "data"):
            if key in attrs:
                self.resources.append(attrs[key])
        if tag == "nav":
            self.in_nav += 1
        if tag in ("h1", "h2", "h3"):
            self._heading, self._text = tag, ""

    def handle_endtag(self, tag):
        if tag == "nav":
            self.in_nav -= 1
        if tag == self._heading:
            self.headings.append((tag, self._text))
            self._heading = None

    def handle_data(self, data):
        if self._heading:
            self._text += data


@pytest.fixture(scope="module")
def page() -> _Page:
    parsed = _Page()
    parsed.feed((ROOT / TIMELINE["html"]).read_text(encoding="utf-8"))
    return parsed


def test_the_page_is_self_contained_and_every_link_lands(page):
    assert not page.resources and "script" not in page.tags and "link" not in page.tags
    assert page.links and all(link.startswith("#") for link in page.links)
    assert {link[1:] for link in page.links} <= set(page.ids)
    assert len(page.ids) == len(set(page.ids))


def test_the_page_has_contents_a_picture_and_a_section_per_edition_and_change(page):
    assert page.tags.count("nav") == 1 and page.nav_links >= len(EDITIONS) + len(CHANGES)
    assert page.tags.count("svg") == 1 and page.tags.count("figure") == 1
    h2 = [text for tag, text in page.headings if tag == "h2"]
    h3 = [text for tag, text in page.headings if tag == "h3"]
    assert [t.split(":")[0] for t in h2] == [e.key for e in EDITIONS]  # in date order
    assert h3 == [c.title for e in EDITIONS for c in e.rule_changes]
    # One mark per rule change, each linking to its section.
    svg = (ROOT / TIMELINE["html"]).read_text(encoding="utf-8").split("<svg", 1)[1].split("</svg>")[0]
    assert svg.count("<a ") == len(CHANGES)


def test_every_rule_change_has_a_witness_or_says_why_not():
    text = (ROOT / TIMELINE["md"]).read_text(encoding="utf-8")
    parts = re.split(r"^### (.*)$", text, flags=re.M)
    # A heading's * is escaped in Markdown (star-as-printed).
    sections = {parts[i].replace("\\*", "*"): parts[i + 1].split("\n## ")[0] for i in range(1, len(parts), 2)}
    for change in CHANGES:
        section = sections[change.title]
        assert f"Old: {change.old_rule}. New: {change.new_rule}." in " ".join(section.split())
        witnessed = "<details><summary>Witness 1:" in section
        assert witnessed or change.key in CANNOT_SHOW, change.key
        if "a hand-made board does" in section:
            assert (HAND_MADE / f"{change.key}.yaml").is_file()
        # A witness block is the board itself: it loads.
        for block in re.findall(r"```yaml\n(.*?)\n```", section, flags=re.S):
            assert isinstance(yaml.safe_load(block), dict)


@pytest.mark.parametrize("path", sorted(HAND_MADE.glob("*.yaml")), ids=lambda p: p.stem)
def test_a_hand_made_witness_shows_its_rule_change(path):
    # Each file is named after the rule change it shows: between the edition before the change's
    # edition and that edition, its differences are explained by that change alone.
    from diffcheck.catalogue import expand_board
    from diffcheck.search.findings import shown
    from engines import get_engine
    from engines.board import Board
    from rulesets.editions import changes_between

    key = path.stem
    (index,) = [n for n, e in enumerate(EDITIONS) if key in e.changes]
    before, edition = EDITIONS[index - 1].key, EDITIONS[index].key
    old, new = get_engine(before), get_engine(edition)
    board = Board.from_dict(expand_board(yaml.safe_load(path.read_text(encoding="utf-8"))["board"]))
    x, y = old.evaluate(board), new.evaluate(board)
    explanations = shown(board, old.ruleset, x, y, changes_between(before, edition))
    assert explanations and {e.changes for e in explanations} == {(key,)}


def test_a_stretch_of_the_chain(tmp_path):
    # From the seven layers of 2009 to May 2012: those editions only, each against the one before
    # it (2009-07 against 2007-05), every change of theirs with its section, in date order.
    out = tmp_path / "part.md"
    result = runner.invoke(app, ["timeline", "--from", "cr613", "--to", "2012-06-01", "--boards", "200",
                                 "--jobs", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# How the layer rules changed, 2009 to 2012\n")
    editions = re.findall(r"^## (\S+): ", text, flags=re.M)
    assert editions == ["2009-07", "2011-02", "2011-06", "2011-09", "2012-05"]
    changes = re.findall(r"^### (.*)$", text, flags=re.M)
    assert changes == [c.title for e in EDITIONS if e.key in editions for c in e.rule_changes]
    assert "<svg" not in text  # the picture is for the HTML page; Markdown gets its description


def test_bad_options_are_one_line_and_status_2(tmp_path):
    for bad in (["--from", "nope"], ["--to", "1990-01-01"], ["--from", "2010-01-01", "--to", "2005-01-01"],
                ["--format", "pdf"], ["--out", str(tmp_path)]):
        result = runner.invoke(app, ["timeline", *bad])
        assert result.exit_code == 2, (bad, result.output)
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_ctrl_c_writes_nothing(tmp_path):
    # The timeline is written whole at the end (atomically): an interrupted one leaves no file.
    import os
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "t.md"
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    process = subprocess.Popen([sys.executable, "-m", "diffcheck", "timeline", "--boards", "5000", "--out", str(out)],
                               cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(3)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130 and "nothing was written" in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []
