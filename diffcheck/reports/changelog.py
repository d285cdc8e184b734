"""``diffcheck report``: a run directory as a changelog, one section per rule change.

The changelog is built once, as a list of blocks (``diffcheck.reports.document``), from ``run.json``,
``findings.jsonl`` and ``divergences.jsonl``, and rendered by that module's two renderers:
GitHub Markdown and one self-contained HTML page. Both say exactly the same thing because
they render the same blocks.

The output depends only on the run directory's content (and on the engines, which explain
the witnesses deterministically): no timings, jobs, speeds, dates of generation or paths,
so the same run gives byte-identical changelogs (fit for committing).

What goes where (``diffcheck.search.findings``):

- each rule change between the two editions has a section, in the order of ``CHANGES``:
  its rules, its sentence, how many divergent boards showed it and in which
  characteristics, and up to three witnesses (the smallest minimal boards), each folded:
  the board, a table of only what differs, and the reason told from both traces;
- the changes that only matter together: one subsection per set;
- differences no rule change explains, then differences no board can show;
- last, the finer groups (``diffcheck.search.signature``) as one table, for engine authors.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from diffcheck.reports.document import (
    RENDERERS, Block, Code, Contents, Heading, List, Paragraph, Table, render_html, render_markdown,
)
from diffcheck.reports.witness import Sides, witness_fold
from diffcheck.search import rundir
from diffcheck.search.attribution import MAX_TOGETHER
from diffcheck.search.findings import TOGETHER as TOGETHER_KEY, UNEXPLAINED as UNEXPLAINED_KEY
from diffcheck.search.rundir import characteristics_text, counted, errors_kept_text, errors_text, taken_text
from rulesets.changes import BY_KEY
from rulesets.editions import changes_between, not_expressible_between

__all__ = [
    "Block",
    "Code",
    "FORMATS",
    "Heading",
    "Paragraph",
    "RENDERERS",
    "ReportError",
    "Table",
    "build_changelog",
    "changelog",
    "load_run",
    "render_html",
    "render_markdown",
    "summary",
    "write_changelog",
    "write_run_changelog",
]

FORMATS = {"md": "CHANGELOG.md", "html": "CHANGELOG.html"}
TOGETHER = "Changes that only matter together"
UNEXPLAINED = "Divergences no rule change explains"
INEXPRESSIBLE = "Differences no board can show"


class ReportError(Exception):
    """A run directory that cannot be reported on: missing, incomplete, or not valid JSON."""


# ---------------------------------------------------------------- reading a run directory


@dataclass(frozen=True)
class Run:
    """What a changelog is made from: run.json, the findings of findings.jsonl and the groups of
    divergences.jsonl."""

    info: Mapping[str, Any]
    groups: tuple[Mapping[str, Any], ...] = field(default_factory=tuple)
    findings: tuple[Mapping[str, Any], ...] = field(default_factory=tuple)

    @property
    def old(self) -> str:
        return self.info["engines"][0]

    @property
    def new(self) -> str:
        return self.info["engines"][1]


def load_run(run_dir: Path | str) -> Run:
    """Read and check a run directory; any problem is a ``ReportError`` naming the file."""
    directory = Path(run_dir)
    if not directory.exists():
        raise ReportError(f"{run_dir}: no such run directory")
    if not directory.is_dir():
        raise ReportError(f"{run_dir}: not a directory")
    info_path = directory / rundir.RUN
    groups_path = directory / rundir.DIVERGENCES
    findings_path = directory / rundir.FINDINGS
    for path in (info_path, groups_path):
        if not path.is_file():
            raise ReportError(f"{path}: missing; is {run_dir} a run directory (written by diffcheck run)?")
    if not findings_path.is_file():
        raise ReportError(f"{findings_path}: missing; the run was written by a diffcheck without findings: "
                          f"run it again (same --engines, --seed and --boards)")
    try:
        info = json.loads(info_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ReportError(f"{info_path}: cannot be read: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ReportError(f"{info_path}: not valid JSON: {exc}") from None
    _check_info(info_path, info)
    groups = []
    for number, group in _lines(groups_path):
        _check_group(groups_path, number, group, info["engines"])
        groups.append(group)
    findings = []
    signatures = {g["signature"] for g in groups}
    for number, finding in _lines(findings_path):
        _check_finding(findings_path, number, finding, signatures)
        findings.append(finding)
    return Run(info, tuple(groups), tuple(findings))


def _lines(path: Path):
    """(line number, JSON value) for each non-blank line of a JSON Lines file."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ReportError(f"{path}: cannot be read: {exc}") from None
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                yield number, json.loads(line)
            except json.JSONDecodeError as exc:
                raise ReportError(f"{path}: line {number}: not valid JSON: {exc}") from None


def _check_finding(path: Path, number: int, finding: Any, signatures: set[str]) -> None:
    where = f"{path}: line {number}"
    if not isinstance(finding, dict):
        raise ReportError(f"{where}: expected a JSON object (one finding)")
    for key, kind in (("finding", str), ("count", int), ("characteristics", dict), ("witnesses", list),
                      ("explanations", list), ("combinations", list)):
        if not isinstance(finding.get(key), kind):
            raise ReportError(f"{where}: {key}: missing or of the wrong type")
    unknown = [w for w in finding["witnesses"] if w not in signatures]
    if unknown:
        raise ReportError(f"{where}: witnesses: {unknown[0]!r} is no group of divergences.jsonl")


def _check_info(path: Path, info: Any) -> None:
    if not isinstance(info, dict):
        raise ReportError(f"{path}: expected a JSON object")
    engines = info.get("engines")
    if not (isinstance(engines, list) and len(engines) == 2 and all(isinstance(e, str) for e in engines)):
        raise ReportError(f"{path}: engines: expected two engine names")
    for key in ("seed", "boards_done"):
        if not isinstance(info.get(key), int):
            raise ReportError(f"{path}: {key}: expected an integer")


def _check_group(path: Path, number: int, group: Any, engines: Sequence[str]) -> None:
    where = f"{path}: line {number}"
    if not isinstance(group, dict):
        raise ReportError(f"{where}: expected a JSON object (one group)")
    for key, kind in (("signature", str), ("count", int), ("board", dict), ("outcomes", dict)):
        if not isinstance(group.get(key), kind):
            raise ReportError(f"{where}: {key}: missing or of the wrong type")
    for name in engines:
        outcome = group["outcomes"].get(name)
        if not (isinstance(outcome, dict) and isinstance(outcome.get("objects"), dict)):
            raise ReportError(f"{where}: outcomes: no outcome of {name}")
    attribution = group.get("attribution")
    if attribution is not None and not (
        isinstance(attribution, dict) and isinstance(attribution.get("changes"), list)
    ):
        raise ReportError(f"{where}: attribution: expected null or an object with changes")
    near = group.get("nearest")
    if near is not None and not (isinstance(near, dict) and isinstance(near.get("rules"), list)):
        raise ReportError(f"{where}: nearest: expected null or an object with rules")


# ---------------------------------------------------------------- building the changelog


def build_changelog(run_dir: Path | str) -> list[Block]:
    """The changelog of a run directory, as blocks. Raises ``ReportError`` for a bad directory."""
    return changelog(load_run(run_dir))


def changelog(run: Run) -> list[Block]:
    """The changelog of a loaded run, as blocks."""
    old, new, info = run.old, run.new, run.info
    sides = Sides.of(old, new)
    findings = {f["finding"]: f for f in run.findings}
    by_signature = {g["signature"]: g for g in run.groups}
    between = _sections(run)
    outside = not (_has_ruleset(old, info) and _has_ruleset(new, info))
    blocks: list[Block] = [Heading(1, f"Changelog: {old} -> {new}")]
    blocks += [Paragraph(f"From {_document(old, info)}."), Paragraph(f"To {_document(new, info)}.")]
    blocks += _introduction(run)
    blocks.append(Contents(1))
    blocks.append(Heading(2, "Findings"))
    blocks.append(_overview(run, between))
    for change in between:
        blocks += change_section(change, findings.get(change.key), by_signature, sides, info["boards_done"])
    known = {c.key for c in between} | {TOGETHER_KEY, UNEXPLAINED_KEY}
    for key in sorted(k for k in findings if k not in known and findings[k]["changes"] is not None):
        blocks += [Heading(2, key), Paragraph(f"A rule change this diffcheck does not know; the run names it {key}.")]
        blocks += finding_body(findings[key], by_signature, sides)
    if TOGETHER_KEY in findings:
        blocks += _together(findings[TOGETHER_KEY], by_signature, sides)
    if _by_triage(run):
        # An engine with no rules of its own: each group is a finding, headed by the rules nearest its answer.
        for f in run.findings:
            blocks += [Heading(2, f["finding"])] + finding_body(f, by_signature, sides)
            if not _has_ruleset(new, info):
                blocks += [_nearest(by_signature[s], n, old, new) for n, s in enumerate(
                    (s for s in f["witnesses"] if s in by_signature), start=1)]
    elif UNEXPLAINED_KEY in findings:
        blocks += [Heading(2, UNEXPLAINED), Paragraph(_unexplained_note(run))]
        blocks += finding_body(findings[UNEXPLAINED_KEY], by_signature, sides)
    inexpressible = () if outside else not_expressible_between(old, new)
    if inexpressible:
        blocks += _inexpressible(inexpressible)
    blocks += _groups(run)
    return blocks


def _by_triage(run: Run) -> bool:
    """Whether the run keyed its boards by triage: an engine without rules of its own is one side, so no rule
    change explains a difference, and each group is a finding (``diffcheck.search.harness.triage_findings``)."""
    return run.info.get("keyed_by") == "triage" or any(f["changes"] is None for f in run.findings)


def _sections(run: Run) -> tuple[Any, ...]:
    """The rule changes a changelog gives a section, in order: none against an engine without rules."""
    return () if _by_triage(run) else changes_between(run.old, run.new)


def summary(run: Run) -> dict[str, Any]:
    """What a changelog of ``run`` tells, as data (``diffcheck report --json``): the run (engines, seed, boards
    tried, divergent boards, whether complete, groups), each finding as its section or the overview names it with
    its divergent boards, what it changes and its witnesses, and the rule changes with a section that no board
    showed."""
    between = _sections(run)
    shown = {f["finding"] for f in run.findings}
    signatures = {g["signature"] for g in run.groups}
    return {
        "engines": [run.old, run.new],
        "seed": run.info["seed"],
        "boards": run.info["boards_done"],
        "divergent_boards": run.info.get("divergent_boards", 0),
        "complete": run.info.get("complete", True),
        "groups": len(run.groups),
        "findings": [{
            "finding": f["finding"],
            "title": _title(f["finding"]) if f["finding"] in BY_KEY else _section_name(f),
            "divergent_boards": f["count"],
            "characteristics": dict(f["characteristics"]),
            "witnesses": len([s for s in f["witnesses"] if s in signatures]),
        } for f in run.findings],
        "not_shown": [c.key for c in between if c.key not in shown],
    }


def _nearest(group: Mapping[str, Any], number: int, old: str, new: str) -> Paragraph:
    """The nearest rules to ``new``'s answer on a witness's board (``diffcheck.search.nearest``), and what they
    mean for an engine meant to follow ``old``'s rules."""
    from diffcheck.boards.loading import board_from_data
    from diffcheck.search.nearest import Nearest, describe_all, meaning, nearest

    stored = (group.get("nearest") or {}).get("rules")  # found as the run shrank the group
    if stored is not None:
        found = tuple(Nearest.from_json(n) for n in stored)
    else:
        found = nearest(board_from_data(group["board"]), group["outcomes"][new])
    told = f"Nearest rules to {new}'s answer on witness {number}'s board: {describe_all(found)}"
    plain = meaning(found, old)
    return Paragraph(f"{told}; {plain}." if plain else f"{told}.")


def change_heading(change: Any, level: int, when: str = "") -> list[Block]:
    """A rule change's heading, its old and new rule numbers (after ``when``, if given) and its sentence."""
    return [
        Heading(level, change.title),
        Paragraph(f"{when}Old: {change.old_rule}. New: {change.new_rule}."),
        Paragraph(change.summary),
    ]


def change_section(change: Any, finding: Mapping | None, by_signature: Mapping[str, Mapping], sides: Sides,
                   boards: int, level: int = 2) -> list[Block]:
    """One rule change: its rules, its sentence, then what the run found of it."""
    blocks = change_heading(change, level)
    if finding is None:
        blocks.append(Paragraph(f"No divergent board showed it alone in {boards:,} boards."))
        return blocks
    return blocks + finding_body(finding, by_signature, sides)


def finding_body(finding: Mapping, by_signature: Mapping[str, Mapping], sides: Sides) -> list[Block]:
    """How many boards showed a finding, what it changes, and its witnesses, each folded."""
    blocks: list[Block] = [Paragraph(
        f"{counted(finding['count'], 'divergent board')} showed it. What it changes, with the boards: "
        f"{characteristics_text(finding)}."
    )]
    chosen = [by_signature[s] for s in finding["witnesses"] if s in by_signature]
    for n, g in enumerate(chosen, start=1):
        blocks.append(witness_fold(g, n, sides))
    return blocks


def _together(finding: Mapping, by_signature, sides: Sides) -> list[Block]:
    old, new = sides.old, sides.new
    blocks: list[Block] = [
        Heading(2, TOGETHER),
        Paragraph(f"Each difference below needs several rule changes at once: applied to {old}'s rules, none "
                  f"of them alone gives {new}'s value, all of them together do. "
                  f"{counted(finding['count'], 'divergent board')} showed one."),
    ]
    for combination in finding["combinations"]:
        explanations = [e for e in finding["explanations"] if tuple(e["changes"]) == tuple(combination)]
        count = sum(e["count"] for e in explanations)
        characteristics = ", ".join(f"{e['characteristic']} ({e['count']:,})" for e in explanations)
        witnesses = list(dict.fromkeys(e["witness"] for e in explanations if e["witness"]))[:1]
        blocks += [
            Heading(3, " + ".join(_title(k) for k in combination)),
            Paragraph(" ".join(f"{_title(k)}: {_rules(k)}." for k in combination)),
            Paragraph(f"{counted(count, 'difference')} on divergent boards: {characteristics}."),
        ]
        blocks += [witness_fold(by_signature[s], 1, sides) for s in witnesses if s in by_signature]
    return blocks


def _inexpressible(items) -> list[Block]:
    """The differences between the two editions that no board can show, so no run finds them."""
    return [
        Heading(2, INEXPRESSIBLE),
        Paragraph("The two documents differ in these rules too, but the board format cannot express "
                  "what they govern, so no board shows them:"),
        List(tuple(f"Old: {item.old_rule}. New: {item.new_rule}. {item.summary}" for item in items)),
    ]


def _introduction(run: Run) -> list[Block]:
    info, old, new = run.info, run.old, run.new
    divergent = info.get("divergent_boards", 0)
    facts = (
        f"Seed {info['seed']}: {info['boards_done']:,} generated boards tried, {divergent:,} of them "
        f"divergent between {old} and {new}: {counted(len(run.findings), 'finding')}, "
        f"{counted(len(run.groups), 'group')} of boards."
    )
    if info.get("complete") is False:
        facts += " The run is not complete (interrupted, or a board still to shrink): counts are of the boards tried so far."
    if taken_text(info):
        facts += f" {taken_text(info)}."
    if info.get("engine_errors"):
        kept = errors_kept_text("the run's errors.jsonl")
        facts += f" {errors_text(info)}; they are not counted here ({kept})."
    # An outside engine is named with its command, so the command below works as written.
    versions = info.get("engine_versions") or {}
    plug = "".join(" --engine-cmd " + shlex.quote(name + "=" + versions[name]["command"]) for name in (old, new)
                   if isinstance(versions.get(name), dict) and "command" in versions[name])
    reading = (
        f"How to read it: each section is one rule change from {old} to {new}: the old and the new rule "
        f"numbers, a sentence on what changed, how many divergent boards showed it (boards with a "
        f"difference that this change alone, applied to {old}'s rules, turns into {new}'s value), and "
        f"what it changes. Each witness is a minimal board that shows it: open it for the board, only "
        f"the characteristics that differ, and why, told from both engines' traces. To see a witness "
        f"yourself, save its board to a file and run diffcheck diff FILE --from {old} --to {new}{plug}, or "
        f"diffcheck judge FILE --explain."
    )
    if _by_triage(run):
        rule_less = new if _has_ruleset(old, info) else old
        reading = (
            f"How to read it: {rule_less} has no rules of its own, so no rule change can be applied to it to "
            f"explain its answers; each kind of divergent board (what differs, and the kinds of effect part on "
            f"the board) was shrunk to a minimal board, and each is a finding of its own, headed by the rules "
            f"nearest to {rule_less}'s answer on it where {rule_less} is compared with an edition (\"answers like "
            f"current without switch-last\": today's rules with one rule change reverted). Each witness is a "
            f"minimal board: open it for the board, only the characteristics that differ, and why. To see a "
            f"witness yourself, save its board to a file and run diffcheck diff FILE --from {old} --to {new}{plug}, "
            f"or diffcheck judge FILE --explain."
        )
    return [Paragraph(facts), Paragraph(reading)]


def _overview(run: Run, between) -> Table:
    findings = {f["finding"]: f for f in run.findings}
    rows = []
    for change in between:
        f = findings.get(change.key)
        rows.append((change.title, f"{f['count']:,}" if f else "0", characteristics_text(f) if f else "-"))
    known = {c.key for c in between}
    rows += [(_section_name(f), f"{f['count']:,}", characteristics_text(f)) for f in run.findings
             if f["finding"] not in known]
    return Table(("finding", "divergent boards", "what it changes (boards)"), tuple(rows))


def _section_name(finding: Mapping) -> str:
    """Where a finding that is no rule change between the two editions is listed."""
    if finding["changes"] is None:  # an engine without rules: each group is a finding, its own section
        return finding["finding"]
    return {TOGETHER_KEY: TOGETHER, UNEXPLAINED_KEY: UNEXPLAINED}.get(finding["finding"], finding["finding"])


def _unexplained_note(run: Run) -> str:
    return (f"No combination of up to {MAX_TOGETHER} of the known rule changes, applied to {run.old}'s rules, "
            f"gives {run.new}'s value for these differences: each is a difference between the engines that is "
            f"not a rule change between these versions, or needs more of them at once.")


def _groups(run: Run) -> list[Block]:
    """The finer groups, for engine authors: one row each, the boards in divergences.jsonl."""
    if not run.groups:
        return []
    rows = tuple((str(n), g["signature"], f"{g['count']:,}") for n, g in
                 enumerate(sorted(run.groups, key=lambda g: (-g["count"], g["signature"])), start=1))
    return [
        Heading(2, "Groups"),
        Paragraph("The witnesses' groups: minimal boards with the same signature (what differs, and the kinds "
                  "of effect part on the board with the layer each edition puts them in). Each group's board "
                  "and both outcomes are in the run's divergences.jsonl."),
        Table(("#", "signature", "boards"), rows),
    ]


def _document(name: str, info: Mapping[str, Any]) -> str:
    version = (info.get("engine_versions") or {}).get(name) or {}
    if version.get("document"):
        date = version.get("document_date")
        gap = f" (note: {version['archive_gap']})" if version.get("archive_gap") else ""
        return f"{name}: {version['document']}" + (f", in force from {date}" if date else ", undated") + gap
    description = version.get("description")
    if version.get("version"):
        description = f"{description}, version {version['version']}"
    return f"{name}: " + (f"{description} (" if description else "(") + "rules document not stated by this engine)"


def _has_ruleset(name: str, info: Mapping[str, Any]) -> bool:
    return bool(((info.get("engine_versions") or {}).get(name) or {}).get("document"))


def _title(key: str) -> str:
    change = BY_KEY.get(key)
    return change.title if change else key


def _rules(key: str) -> str:
    change = BY_KEY.get(key)
    return f"old {change.old_rule}, new {change.new_rule}" if change else "not a rule change this diffcheck knows"


# ---------------------------------------------------------------- writing


def write_changelog(run_dir: Path | str, fmt: str = "md", out: Path | str | None = None) -> Path:
    """Write the changelog of ``run_dir`` (atomically) to ``out``, default RUN_DIR/CHANGELOG.md or .html.

    Nothing is written when the run directory is bad (``ReportError``).
    """
    _check_format(fmt)
    return write_run_changelog(load_run(run_dir), run_dir, fmt, out)


def write_run_changelog(run: Run, run_dir: Path | str, fmt: str = "md", out: Path | str | None = None) -> Path:
    """``write_changelog`` of a run already loaded from ``run_dir``."""
    _check_format(fmt)
    text = RENDERERS[fmt](changelog(run))
    path = Path(out) if out is not None else Path(run_dir) / FORMATS[fmt]
    rundir.write_atomic(path, text)
    return path


def _check_format(fmt: str) -> None:
    if fmt not in RENDERERS:
        raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(RENDERERS)}")
