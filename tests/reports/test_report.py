"""`diffcheck report`: a run directory as a changelog, one section per rule change, in Markdown and HTML.

Most tests read a run directory written by hand (run.json and divergences.jsonl with attributed
groups), so they state exactly what the changelog must say; one reads a real run of the harness.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from diffcheck.cli import app
from diffcheck.reports.changelog import (
    Code, Heading, Paragraph, ReportError, Table, build_changelog, render_html, render_markdown, write_changelog,
)
from rulesets.changes import BY_KEY
from rulesets.editions import changes_between

CHANGES = changes_between("cr418", "cr613")  # the sections of a cr418 -> cr613 changelog

runner = CliRunner()

RESOLVED = "resolved-modifiers-after-setting"
STATIC = "static-modifiers-before-counters"
ABILITIES = "abilities-own-layer"
CDA_DEPENDENCY = "cda-out-of-dependency"

RUN = {
    "engines": ["cr418", "cr613"],
    "engine_versions": {
        "cr418": {"description": "Six-layer rules (counters in 6c)",
                  "document": "Magic: The Gathering Comprehensive Rules, 418.5", "document_date": "2006-10-01"},
        "cr613": {"description": "Seven-layer rules (counters in 7d)",
                  "document": "Magic: The Gathering Comprehensive Rules, 613", "document_date": "2009-10-01"},
    },
    "diffcheck_version": "source",
    "seed": 1,
    "budget": {"boards": 2000, "seconds": None},
    "jobs": 2,
    "boards_done": 2000,
    "divergent_boards": 60,
    "groups": 4,
    "engine_errors": 0,
    "seconds": 2.834,
    "boards_per_second": 705.7,
    "complete": True,
}


def obj(name, types, colors=(), abilities=(), power=None, toughness=None, subtypes=()):
    return {"name": name, "controller": "you", "types": list(types), "subtypes": list(subtypes), "supertypes": [],
            "colors": list(colors), "abilities": list(abilities), "power": power, "toughness": toughness}


ANTHEM = obj("Anthem of Toughness", ["enchantment"], ["white"], ["Creatures you control get +0/+2"])
GRAY_OGRE = {
    "signature": "P/T | resolved P/T modify [6b->7c]; resolved P/T set [6b->7b]; static P/T modify [6d->7c]",
    "count": 31,
    "seed": 1,
    "first_board": 58,
    "board": {
        "objects": [
            {"id": "ogre", "name": "Gray Ogre", "types": ["creature"], "subtypes": ["ogre"], "colors": ["red"],
             "power": 2, "toughness": 2, "mana_value": 3, "counters": {"+1/+1": 1}, "timestamp": 1},
            {"id": "anthem", "name": "Anthem of Toughness", "types": ["enchantment"], "colors": ["white"],
             "mana_value": 2, "timestamp": 3,
             "static": [{"text": "Creatures you control get +0/+2",
                         "affects": {"filter": {"types": ["creature"], "controller": "you"}},
                         "pt": {"modify": [0, 2]}}]},
        ],
        "effects": [
            {"id": "plus-four", "source": "Target creature gets +4/+4", "timestamp": 2, "affects": ["ogre"],
             "pt": {"modify": [4, 4]}},
            {"id": "becomes-0-1", "source": "Target creature becomes 0/1", "timestamp": 4, "affects": ["ogre"],
             "pt": {"set": [0, 1]}},
        ],
    },
    "outcomes": {
        "cr418": {"ruleset": "cr418", "objects": {
            "anthem": ANTHEM, "ogre": obj("Gray Ogre", ["creature"], ["red"], power=1, toughness=4, subtypes=["ogre"])}},
        "cr613": {"ruleset": "cr613", "objects": {
            "anthem": ANTHEM, "ogre": obj("Gray Ogre", ["creature"], ["red"], power=5, toughness=8, subtypes=["ogre"])}},
    },
    "differing": [["ogre", "power", 1, 5], ["ogre", "toughness", 4, 8]],
    "diff": {},
    "attribution": {"changes": [RESOLVED], "alternatives": [], "together": False, "explained": True},
}

# A name with characters that mean something in Markdown and HTML, to check the escaping.
ODD = "Lord <of> Atlantis & Friends | Co*"
COLORS = {
    "signature": "colors | cda color change [5->5]; resolved ability change [5->6]",
    "count": 5,
    "seed": 1,
    "first_board": 179,
    "board": {
        "objects": [{"id": "o8", "name": ODD, "types": ["creature"], "power": 0, "toughness": 0, "timestamp": 2,
                     "static": [{"text": "cda-colors", "affects": "self", "cda": True, "colors": {"set": ["green"]}}]}],
        "effects": [{"id": "e4", "timestamp": 1, "affects": ["o8"], "abilities": {"remove_all": True}}],
    },
    "outcomes": {
        "cr418": {"ruleset": "cr418", "objects": {"o8": obj(ODD, ["creature"], [], [], 0, 0)}},
        "cr613": {"ruleset": "cr613", "objects": {"o8": obj(ODD, ["creature"], ["green"], [], 0, 0)}},
    },
    "differing": [["o8", "colors", [], ["green"]]],
    "diff": {},
    "attribution": {"changes": [ABILITIES], "alternatives": [[CDA_DEPENDENCY]], "together": False, "explained": True},
}

TOGETHER = {
    "signature": "P/T | counters [6c->7d]; resolved P/T modify [6b->7c]; static P/T set [6b->7b]",
    "count": 20,
    "seed": 1,
    "first_board": 640,
    "board": {
        "objects": [{"id": "o2", "types": ["creature"], "power": 0, "toughness": 0, "counters": {"+1/+1": 1},
                     "timestamp": 1}],
        "effects": [{"id": "e1", "timestamp": 2, "affects": ["o2"], "pt": {"modify": [1, 1]}}],
    },
    "outcomes": {
        "cr418": {"ruleset": "cr418", "objects": {"o2": obj("o2", ["creature"], power=1, toughness=1)}},
        "cr613": {"ruleset": "cr613", "objects": {"o2": obj("o2", ["creature"], power=2, toughness=2)}},
    },
    "differing": [["o2", "power", 1, 2], ["o2", "toughness", 1, 2]],
    "diff": {},
    "attribution": {"changes": [RESOLVED, STATIC], "alternatives": [], "together": True, "explained": True},
}

UNEXPLAINED = {
    "signature": "abilities | static ability change [5->6]",
    "count": 4,
    "seed": 1,
    "first_board": 900,
    "board": {"objects": [{"id": "o5", "types": ["artifact"], "timestamp": 1}]},
    "outcomes": {
        "cr418": {"ruleset": "cr418", "objects": {"o5": obj("o5", ["artifact"], abilities=["flying"])}},
        "cr613": {"ruleset": "cr613", "objects": {"o5": obj("o5", ["artifact"])}},
    },
    "differing": [["o5", "abilities", ["flying"], []]],
    "diff": {},
    "attribution": {"changes": [], "alternatives": [], "together": False, "explained": False},
}


def finding(name, groups, changes=None, combinations=()):
    """A finding as the harness writes it, from the groups that witness it (one explanation each)."""
    characteristic = lambda g: "P/T" if g["signature"].startswith("P/T") else g["signature"].split(" |")[0]  # noqa: E731
    explanations = [{"explanation": f"{' + '.join(changes or ()) or 'unexplained'} | {characteristic(g)}",
                     "changes": list(changes or ()), "characteristic": characteristic(g), "count": g["count"],
                     "witness": g["signature"]} for g in groups]
    counts = {}
    for e in explanations:
        counts[e["characteristic"]] = counts.get(e["characteristic"], 0) + e["count"]
    return {"finding": name, "changes": [name] if changes and len(changes) == 1 else ([] if changes is not None else None),
            "combinations": [list(c) for c in combinations], "characteristics": counts,
            "explanations": explanations, "count": sum(g["count"] for g in groups),
            "first_board": min(g["first_board"] for g in groups), "witnesses": [g["signature"] for g in groups]}


FINDINGS = [
    finding(ABILITIES, [COLORS], [ABILITIES]),
    finding(RESOLVED, [GRAY_OGRE], [RESOLVED]),
    finding("together", [TOGETHER], [RESOLVED, STATIC], [(RESOLVED, STATIC)]),
    finding("unexplained", [UNEXPLAINED], []),
]


def write_run(directory: Path, run: dict, groups: list[dict], findings: list[dict] | None = None) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "run.json").write_text(json.dumps(run, indent=2, sort_keys=True), encoding="utf-8")
    (directory / "divergences.jsonl").write_text(
        "".join(json.dumps(g, sort_keys=True) + "\n" for g in groups), encoding="utf-8")
    signatures = {g["signature"] for g in groups}
    if findings is None:
        findings = [f for f in FINDINGS if set(f["witnesses"]) <= signatures]
    (directory / "findings.jsonl").write_text(
        "".join(json.dumps(f, sort_keys=True) + "\n" for f in findings), encoding="utf-8")
    return directory


@pytest.fixture
def run_dir(tmp_path) -> Path:
    return write_run(tmp_path / "run", RUN, [COLORS, GRAY_OGRE, UNEXPLAINED, TOGETHER])


def sections(markdown: str) -> dict[str, str]:
    """Each `## ` section's text, by its title."""
    parts = re.split(r"^## (.*)$", markdown, flags=re.M)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}


def md(run_dir: Path) -> str:
    return render_markdown(build_changelog(run_dir))


# ---------------------------------------------------------------- content


def test_title_names_both_engines_documents_and_dates(run_dir):
    text = md(run_dir)
    assert text.startswith("# Changelog: cr418 -> cr613\n")
    head = text.split("\n## ")[0]
    assert "Magic: The Gathering Comprehensive Rules, 418.5, in force from 2006-10-01" in head
    assert "Magic: The Gathering Comprehensive Rules, 613, in force from 2009-10-01" in head
    assert ("Seed 1: 2,000 generated boards tried, 60 of them divergent between cr418 and cr613: 4 findings, "
            "4 groups of boards.") in " ".join(head.split())


def test_contents_link_to_every_section(run_dir):
    text = md(run_dir)
    head = text.split("\n## ")[0]
    titles = re.findall(r"^## (.*)$", text, flags=re.M)
    links = re.findall(r"^- \[(.*)\]\(#(.*)\)$", head, flags=re.M)
    assert [t for t, _ in links] == titles
    assert ("Findings", "findings") in links and ("Changes that only matter together",
                                                  "changes-that-only-matter-together") in links


def test_every_rule_change_has_a_section_in_order(run_dir):
    text = md(run_dir)
    titles = [t for t in re.findall(r"^## (.*)$", text, flags=re.M) if t in {c.title for c in CHANGES}]
    assert titles == [c.title for c in CHANGES]
    found = sections(text)
    for change in CHANGES:
        assert f"Old: {change.old_rule}. New: {change.new_rule}." in found[change.title]


def test_changes_no_board_showed_say_so(run_dir):
    found = sections(md(run_dir))
    quiet = [c for c in CHANGES if c.key not in (RESOLVED, ABILITIES)]
    for change in quiet:
        assert "No divergent board showed it alone in 2,000 boards." in found[change.title]
        assert "<details>" not in found[change.title]
    for key in (RESOLVED, ABILITIES):
        assert "No divergent board showed it" not in found[BY_KEY[key].title]


def test_gray_ogre_witness_under_its_change(run_dir):
    section = sections(md(run_dir))[BY_KEY[RESOLVED].title]
    assert "31 divergent boards showed it. What it changes, with the boards: P/T (31)." in " ".join(section.split())
    assert "<details><summary>Witness 1: P/T of Gray Ogre (ogre): 1/4 in cr418, 5/8 in cr613</summary>" in section
    assert "Board 58 of seed 1, shrunk." in " ".join(section.split())
    # The minimal board, as YAML that loads back to the board.
    block = re.search(r"```yaml\n(.*?)\n```", section, flags=re.S).group(1)
    assert yaml.safe_load(block) == GRAY_OGRE["board"]
    assert block.startswith("objects:\n- id: ogre\n  name: Gray Ogre")
    # Only what differs: one object, one characteristic, P/T as one.
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in section.splitlines()
            if line.startswith("|") and not line.startswith("|--")]
    assert rows == [["object", "characteristic", "cr418", "cr613"], ["Gray Ogre (ogre)", "P/T", "1/4", "5/8"]]


def test_a_witness_says_why_from_both_traces(run_dir):
    # 418.5a / 418.5g of 2006: the +4/+4 (timestamp 2) and the 0/1 (timestamp 4) share 6b, by timestamp,
    # so the 0/1 wins; the counter (6c) and the anthem (6d) then make 1/4. 613.3b-d of 2009: 0/1 in
    # 7b, then +4/+4 and +0/+2 in 7c, then the counter in 7d: 5/8.
    section = " ".join(sections(md(run_dir))[BY_KEY[RESOLVED].title].split())
    why = section[section.index("Why, from the two traces:"):]
    old, new = why.split("cr418: ")[1].split(" cr613: ")
    assert old.index("layer 6b: Target creature gets +4/+4 (effect plus-four), timestamp 2") \
        < old.index("layer 6b: Target creature becomes 0/1 (effect becomes-0-1), timestamp 4") < old.index("layer 6c")
    assert old.rstrip().endswith("so 1/4.")
    assert new.index("layer 7b: Target creature becomes 0/1") < new.index("layer 7c: Target creature gets +4/+4") \
        < new.index("layer 7d")
    assert "so 5/8." in new


def test_together_section_lists_both_titles(run_dir):
    found = sections(md(run_dir))
    section = found["Changes that only matter together"]
    heading = re.search(r"^### (.*)$", section, flags=re.M).group(1)
    assert heading == f"{BY_KEY[RESOLVED].title} + {BY_KEY[STATIC].title}"
    assert "20 differences on divergent boards: P/T (20)." in " ".join(section.split())
    assert "Witness 1: P/T of o2: 1/1 in cr418, 2/2 in cr613" in section
    # A difference needing two changes is not counted under either change alone.
    assert "Witness 1: P/T of o2" not in found[BY_KEY[STATIC].title]
    assert "Witness 1: P/T of o2" not in found[BY_KEY[RESOLVED].title]


def test_unexplained_section(run_dir):
    section = sections(md(run_dir))["Divergences no rule change explains"]
    assert "Witness 1: abilities of o5: flying in cr418, - in cr613" in section


def test_the_groups_are_one_table_by_count(run_dir):
    section = sections(md(run_dir))["Groups"]
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in section.splitlines()
            if line.startswith("|") and not line.startswith("|--")][1:]
    assert [r[-1] for r in rows] == ["31", "20", "5", "4"]
    assert "```" not in section  # the boards are in divergences.jsonl, not here


def test_optional_sections_omitted_when_empty(tmp_path):
    text = md(write_run(tmp_path / "r", RUN, [GRAY_OGRE]))
    assert "## Changes that only matter together" not in text
    assert "## Divergences no rule change explains" not in text


def test_run_against_an_outside_engine(tmp_path):
    run = dict(RUN, engines=["mine", "cr613"],
               engine_versions={"mine": {"description": "My engine"}, "cr613": RUN["engine_versions"]["cr613"]})
    group = dict(GRAY_OGRE, attribution=None,
                 outcomes={"mine": GRAY_OGRE["outcomes"]["cr418"], "cr613": GRAY_OGRE["outcomes"]["cr613"]})
    text = md(write_run(tmp_path / "r", run, [group], [finding(GRAY_OGRE["signature"], [group])]))
    flat = " ".join(text.split())
    assert "mine: My engine (rules document not stated by this engine)" in flat
    assert "mine has no rules of its own, so no rule change can be applied to it" in flat
    # Each group is a finding of its own, its section headed by the finding's name.
    section = next(t for title, t in sections(text).items() if title.startswith("P/T"))
    assert "Witness 1: P/T of Gray Ogre (ogre): 1/4 in mine, 5/8 in cr613" in section
    assert "Why, from the two traces" not in section  # an outside engine gives no trace
    # The old side has no edition, so no rule change leads from it: no section per change.
    for change in CHANGES:
        assert change.title not in sections(text)


def test_escaping_in_markdown(run_dir):
    text = md(run_dir)
    prose = re.sub(r"```yaml\n.*?\n```", "", text, flags=re.S)  # code blocks are literal, as they should be
    # A fold's summary is HTML (GitHub renders <details> in Markdown): escaped as HTML.
    summaries = re.findall(r"^<details><summary>(.*)</summary>$", prose, flags=re.M)
    assert any("Lord &lt;of&gt; Atlantis &amp; Friends | Co*" in line for line in summaries)
    prose = re.sub(r"^</?details>.*$", "", prose, flags=re.M)
    assert ODD not in prose  # raw, it would be HTML in GitHub's rendering and break the table
    assert r"Lord \<of> Atlantis & Friends \| Co\*" in prose
    assert "<" not in prose.replace(r"\<", "")
    assert f"name: {ODD}" in text  # the board itself is copied as it is


def test_markdown_reads_in_a_terminal(run_dir):
    for line in md(run_dir).splitlines():
        if not line.startswith(("|", "<details>", "- [")):  # tables, folds' summaries, contents' links
            assert len(line) <= 100, line


def test_deterministic(run_dir, tmp_path):
    assert md(run_dir) == md(run_dir)
    assert render_html(build_changelog(run_dir)) == render_html(build_changelog(run_dir))
    # Nothing about the machine or the moment: timings, jobs, speed and paths change nothing.
    other = write_run(tmp_path / "elsewhere" / "run", dict(RUN, seconds=99.0, jobs=16, boards_per_second=3.0),
                      [COLORS, GRAY_OGRE, UNEXPLAINED, TOGETHER])
    assert md(other) == md(run_dir)
    assert str(tmp_path) not in md(run_dir)


def test_one_document_model():
    blocks = [Heading(1, "T"), Paragraph("p"), Table(("a", "b"), (("1", "x"),), (True,)), Code("k: v", "yaml")]
    assert render_markdown(blocks) == "# T\n\np\n\n| a   | b     |\n|-----|-------|\n| 1   | **x** |\n\n```yaml\nk: v\n```\n"
    page = render_html(blocks)
    assert "<h1>T</h1>" in page and "<p>p</p>" in page and '<tr class="marked">' in page
    assert '<pre><code class="language-yaml">k: v</code></pre>' in page


# ---------------------------------------------------------------- HTML


def test_html_is_one_self_contained_page(run_dir):
    page = render_html(build_changelog(run_dir))
    assert page.startswith("<!DOCTYPE html>")
    assert page.count("<html") == 1 and page.rstrip().endswith("</html>")
    assert "src=" not in page and "<script" not in page and "@import" not in page
    assert "http://" not in page and "https://" not in page
    assert all(href.startswith("#") for href in re.findall(r'href="([^"]*)"', page))  # links stay in the page
    for change in CHANGES:
        assert f"<h2>{change.title}</h2>" in page
    assert "<h2>Changes that only matter together</h2>" in page
    assert "<h2>Divergences no rule change explains</h2>" in page
    assert "Lord &lt;of&gt; Atlantis &amp; Friends | Co*" in page
    assert ODD not in page
    assert page.count("<details>") == 4  # one witness per finding
    assert "<pre><code class=\"language-yaml\">objects:\n- id: ogre" in page
    assert "No divergent board showed it alone in 2,000 boards." in page


def test_html_and_markdown_say_the_same(run_dir):
    blocks = build_changelog(run_dir)
    text, page = render_markdown(blocks), render_html(blocks)
    for heading in re.findall(r"^#+ (.*)$", text, flags=re.M):
        unescaped = re.sub(r"\\(.)", r"\1", heading)
        assert f">{unescaped.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')}</h" in page


# ---------------------------------------------------------------- bad run directories


@pytest.mark.parametrize("damage", ["missing", "no-run-json", "no-divergences", "no-findings", "bad-json", "bad-line",
                                    "unknown-witness", "a-file"])
def test_bad_run_directory(tmp_path, damage):
    directory = tmp_path / "run"
    if damage != "missing":
        write_run(directory, RUN, [GRAY_OGRE])
    if damage == "no-run-json":
        (directory / "run.json").unlink()
    elif damage == "no-divergences":
        (directory / "divergences.jsonl").unlink()
    elif damage == "no-findings":
        (directory / "findings.jsonl").unlink()
    elif damage == "unknown-witness":
        write_run(directory, RUN, [GRAY_OGRE], [finding(RESOLVED, [TOGETHER], [RESOLVED])])
    elif damage == "bad-json":
        (directory / "run.json").write_text("{not json", encoding="utf-8")
    elif damage == "bad-line":
        with (directory / "divergences.jsonl").open("a", encoding="utf-8") as f:
            f.write('{"signature": "x"\n')
    elif damage == "a-file":
        directory = tmp_path / "file"
        directory.write_text("", encoding="utf-8")
    with pytest.raises(ReportError):
        write_changelog(directory)
    if directory.is_dir():
        assert not (directory / "CHANGELOG.md").exists()
    result = runner.invoke(app, ["report", str(directory)])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    if directory.is_dir():
        assert sorted(p.name for p in directory.iterdir()) == sorted(
            p for p in ("run.json", "divergences.jsonl", "findings.jsonl") if (directory / p).exists())


# ---------------------------------------------------------------- CLI


def test_cli_writes_markdown_into_the_run_directory(run_dir):
    result = runner.invoke(app, ["report", str(run_dir)])
    assert result.exit_code == 0, result.output
    path = run_dir / "CHANGELOG.md"
    assert result.stdout.strip() == str(path)
    assert path.read_text(encoding="utf-8") == md(run_dir)
    assert not [p for p in run_dir.iterdir() if p.name.endswith(".tmp")]


def test_cli_html_to_a_chosen_file(run_dir, tmp_path):
    out = tmp_path / "site" / "changes.html"
    result = runner.invoke(app, ["report", str(run_dir), "--format", "html", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == str(out)
    assert out.read_text(encoding="utf-8") == render_html(build_changelog(run_dir))
    assert not (run_dir / "CHANGELOG.html").exists()
    default = runner.invoke(app, ["report", str(run_dir), "--format", "html"])
    assert default.exit_code == 0 and (run_dir / "CHANGELOG.html").exists()


def test_cli_unknown_format(run_dir):
    result = runner.invoke(app, ["report", str(run_dir), "--format", "pdf"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: --format pdf")
    assert not (run_dir / "CHANGELOG.md").exists()


# ---------------------------------------------------------------- a real run


@pytest.fixture(scope="module")
def real_run(tmp_path_factory) -> Path:
    from diffcheck.search.harness import Harness, RunConfig

    out = tmp_path_factory.mktemp("real")
    Harness(RunConfig(("cr418", "cr613"), 1, 2000, None, 2), out).run()
    return out


def test_real_run(real_run):
    groups = [json.loads(line) for line in (real_run / "divergences.jsonl").read_text(encoding="utf-8").splitlines()]
    findings = [json.loads(line) for line in (real_run / "findings.jsonl").read_text(encoding="utf-8").splitlines()]
    assert groups and findings
    first = write_changelog(real_run).read_bytes()
    assert write_changelog(real_run).read_bytes() == first
    text = first.decode("utf-8")
    for change in CHANGES:
        assert f"\n## {change.title}\n" in text
    # Every group is a row of the groups' table; every witness is shown once per finding it witnesses.
    groups_section = sections(text)["Groups"]
    assert all(f"| {g['signature']} " in groups_section.replace("\\", "") for g in groups)
    shown = sum(len(f["witnesses"]) for f in findings if f["finding"] != "together")
    shown += sum(1 for f in findings if f["finding"] == "together" for _ in f["combinations"])
    assert text.count("```yaml") == text.count("<details>") == shown
    page = write_changelog(real_run, "html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.count("<pre>") == shown
