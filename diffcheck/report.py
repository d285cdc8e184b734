"""``diffcheck report``: a run directory as a changelog, one section per rule change.

The changelog is built once, as a list of blocks (``Heading``, ``Paragraph``, ``Table``,
``Code``), from ``run.json`` and ``divergences.jsonl`` alone, and rendered by two small
renderers: GitHub Markdown (``render_markdown``) and one self-contained HTML page
(``render_html``). Both say exactly the same thing because they render the same blocks.

The output depends only on the run directory's content: no timings, jobs, speeds, dates of
generation or paths, so the same run gives byte-identical changelogs (fit for committing).

Where groups go (``attribution`` of each group, written by the harness's rules bisect):

- ``changes == [key]``: under that rule change's section, in the order of ``CHANGES``;
- two or more changes: under "Changes that only matter together", one subsection per set;
- ``explained == false``, or no attribution (the old engine has no ruleset, or the run was
  written before attribution): under "Divergences no rule change explains".

Within a section, groups are ordered by count (most boards first), then signature.
"""

from __future__ import annotations

import html
import json
import re
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence, Union

import yaml
from tabulate import tabulate

from diffcheck import rundir
from diffcheck.render import ABSENT, CHARACTERISTICS, normalize, show
from rulesets.changes import BY_KEY, CHANGES
from rulesets.editions import changes_between, not_expressible_between

__all__ = [
    "Block",
    "Code",
    "FORMATS",
    "Heading",
    "Paragraph",
    "ReportError",
    "Table",
    "build_changelog",
    "changelog",
    "load_run",
    "render_html",
    "render_markdown",
    "write_changelog",
]

FORMATS = {"md": "CHANGELOG.md", "html": "CHANGELOG.html"}
WRAP = 88  # Markdown paragraphs are wrapped for terminals; GitHub joins the lines again
TOGETHER = "Changes that only matter together"
UNEXPLAINED = "Divergences no rule change explains"
INEXPRESSIBLE = "Differences no board can show"
MARK = "differs"


class ReportError(Exception):
    """A run directory that cannot be reported on: missing, incomplete, or not valid JSON."""


# ---------------------------------------------------------------- the document model


@dataclass(frozen=True)
class Heading:
    level: int  # 1 = the title, 2 = a section, 3 and 4 = subsections
    text: str


@dataclass(frozen=True)
class Paragraph:
    text: str  # plain text; renderers escape it


@dataclass(frozen=True)
class Table:
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    marked: tuple[bool, ...] = ()  # per row: emphasise it (its last cell is the marker)


@dataclass(frozen=True)
class Code:
    text: str
    language: str = ""


Block = Union[Heading, Paragraph, Table, Code]


# ---------------------------------------------------------------- reading a run directory


@dataclass(frozen=True)
class Run:
    """What a changelog is made from: run.json and the groups of divergences.jsonl."""

    info: Mapping[str, Any]
    groups: tuple[Mapping[str, Any], ...] = field(default_factory=tuple)

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
    for path in (info_path, groups_path):
        if not path.is_file():
            raise ReportError(f"{path}: missing; is {run_dir} a run directory (written by diffcheck run)?")
    try:
        info = json.loads(info_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ReportError(f"{info_path}: cannot be read: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ReportError(f"{info_path}: not valid JSON: {exc}") from None
    _check_info(info_path, info)
    try:
        text = groups_path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ReportError(f"{groups_path}: cannot be read: {exc}") from None
    groups = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            group = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ReportError(f"{groups_path}: line {number}: not valid JSON: {exc}") from None
        _check_group(groups_path, number, group, info["engines"])
        groups.append(group)
    return Run(info, tuple(groups))


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


# ---------------------------------------------------------------- building the changelog


def build_changelog(run_dir: Path | str) -> list[Block]:
    """The changelog of a run directory, as blocks. Raises ``ReportError`` for a bad directory."""
    return changelog(load_run(run_dir))


def changelog(run: Run) -> list[Block]:
    """The changelog of a loaded run, as blocks."""
    old, new = run.old, run.new
    info = run.info
    boards = info["boards_done"]
    alone: dict[str, list[Mapping]] = {}
    together: dict[tuple[str, ...], list[Mapping]] = {}
    unexplained: list[Mapping] = []
    for g in run.groups:
        a = g.get("attribution")
        changes = tuple(a["changes"]) if a else ()
        if not a or a.get("explained") is False or not changes:
            unexplained.append(g)
        elif len(changes) == 1:
            alone.setdefault(changes[0], []).append(g)
        else:
            together.setdefault(changes, []).append(g)
    unattributed = sum(1 for g in run.groups if not g.get("attribution"))
    between = {c.key for c in changes_between(old, new)}
    unknown = [k for k in alone if k not in between]  # from a diffcheck that knows more changes
    unknown.sort()

    blocks: list[Block] = [Heading(1, f"Changelog: {old} -> {new}")]
    blocks += [Paragraph(f"From {_document(old, info)}."), Paragraph(f"To {_document(new, info)}.")]
    blocks += _introduction(run, unattributed)
    blocks.append(Paragraph("Where this run's divergent boards go, section by section:"))
    blocks.append(_overview(run, alone, together, unexplained, unknown))

    for change in changes_between(old, new):
        groups = alone.get(change.key, [])
        blocks += [
            Heading(2, change.title),
            Paragraph(f"Old: {change.old_rule}. New: {change.new_rule}."),
            Paragraph(change.summary),
        ]
        if groups:
            blocks.append(Paragraph(_counted(groups) + "."))
            for g in _ordered(groups):
                blocks += _group(g, 3, old, new)
        elif unattributed:
            blocks.append(Paragraph(
                f"No divergent board attributed to it in {boards:,} boards; {_n(unattributed, 'group')} "
                f"could not be attributed (see {UNEXPLAINED})."
            ))
        else:
            blocks.append(Paragraph(f"No observable change found in {boards:,} boards."))

    for key in unknown:
        groups = alone[key]
        blocks += [
            Heading(2, key),
            Paragraph(f"A rule change this diffcheck does not know; the run names it {key}."),
            Paragraph(_counted(groups) + "."),
        ]
        for g in _ordered(groups):
            blocks += _group(g, 3, old, new)

    if together:
        blocks += [
            Heading(2, TOGETHER),
            Paragraph(
                f"Each group below needs several rule changes at once: applied to {old}'s rules, "
                f"none of them alone gives {new}'s outcome, all of them together do."
            ),
        ]
        for combination in sorted(together, key=_canonical):
            groups = together[combination]
            blocks += [
                Heading(3, " + ".join(_title(k) for k in combination)),
                Paragraph(" ".join(f"{_title(k)}: {_rules(k)}." for k in combination)),
                Paragraph(_counted(groups) + "."),
            ]
            for g in _ordered(groups):
                blocks += _group(g, 4, old, new)

    if unexplained:
        blocks.append(Heading(2, UNEXPLAINED))
        blocks.append(Paragraph(_unexplained_note(run, unexplained)))
        blocks.append(Paragraph(_counted(unexplained) + "."))
        for g in _ordered(unexplained):
            blocks += _group(g, 3, old, new)
    inexpressible = not_expressible_between(old, new)
    if inexpressible:
        blocks += _inexpressible(inexpressible)
    return blocks


def _inexpressible(items) -> list[Block]:
    """The differences between the two editions that no board can show, so no run finds them."""
    blocks: list[Block] = [
        Heading(2, INEXPRESSIBLE),
        Paragraph("The two documents differ in these rules too, but the board format cannot express "
                  "what they govern, so no board shows them:"),
    ]
    for item in items:
        blocks.append(Paragraph(f"Old: {item.old_rule}. New: {item.new_rule}. {item.summary}"))
    return blocks


def _introduction(run: Run, unattributed: int) -> list[Block]:
    info, old, new = run.info, run.old, run.new
    groups = len(run.groups)
    divergent = info.get("divergent_boards", sum(g["count"] for g in run.groups))
    facts = (
        f"Seed {info['seed']}: {info['boards_done']:,} generated boards tried, {divergent:,} of them "
        f"divergent between {old} and {new}, in {_n(groups, 'group')}."
    )
    if info.get("complete") is False:
        facts += " The run is not complete (interrupted, or a board still to shrink): counts are of the boards tried so far."
    errors = info.get("engine_errors") or 0
    if errors:
        facts += f" {_n(errors, 'board')} made an engine fail; they are not counted here (see run.json)."
    reading = (
        f"How to read it: each section is one rule change from {old} to {new}: the old and the new "
        f"rule numbers, a sentence on what changed, and how many divergent boards this run attributed "
        f"to it, that is, boards on which that change alone, applied to {old}'s rules, gives {new}'s "
        f"outcome. Boards that diverge the same way form a group, named by its signature (what differs, "
        f"and the kinds of effect involved with the layer each version puts them in). For each group "
        f"the section shows how many boards it stands for, its minimal board (take anything away and "
        f"the difference goes) and both outcomes side by side, every characteristic of every object, "
        f"with those that differ marked. To reproduce a group, copy its board into a file and run "
        f"diffcheck diff on it."
    )
    blocks: list[Block] = [Paragraph(facts), Paragraph(reading)]
    if unattributed:
        if not _has_ruleset(old, info):
            blocks.append(Paragraph(
                f"Attribution to rule changes needs the old engine to have a ruleset to apply them to; "
                f"{old} has none, so every group is listed under {UNEXPLAINED}."
            ))
        else:
            blocks.append(Paragraph(
                f"{_n(unattributed, 'group')} of this run carry no attribution (written by a diffcheck "
                f"without rules bisect); they are listed under {UNEXPLAINED}."
            ))
    return blocks


def _overview(run: Run, alone, together, unexplained, unknown) -> Table:
    rows = []
    for change in changes_between(run.old, run.new):
        groups = alone.get(change.key, [])
        rows.append((change.title, _boards(groups), str(len(groups))))
    for key in unknown:
        rows.append((key, _boards(alone[key]), str(len(alone[key]))))
    if together:
        groups = [g for gs in together.values() for g in gs]
        rows.append((TOGETHER, _boards(groups), str(len(groups))))
    if unexplained:
        rows.append((UNEXPLAINED, _boards(unexplained), str(len(unexplained))))
    return Table(("section", "boards", "groups"), tuple(rows))


def _unexplained_note(run: Run, groups: Sequence[Mapping]) -> str:
    bisected = sum(1 for g in groups if g.get("attribution"))
    if bisected == len(groups):
        return (f"No combination of the known rule changes, applied to {run.old}'s rules, gives {run.new}'s "
                f"outcome on these boards: each is a difference between the engines that is not a rule change "
                f"between these versions.")
    return (f"These groups could not be attributed to rule changes, or no combination of the known rule "
            f"changes, applied to {run.old}'s rules, gives {run.new}'s outcome on them.")


def _group(g: Mapping[str, Any], level: int, old: str, new: str) -> list[Block]:
    """One group: its signature, its count, its minimal board and both outcomes."""
    rows, marked, differs = _outcome_rows(g, old, new)
    count = g["count"]
    found = ""
    if isinstance(g.get("first_board"), int) and isinstance(g.get("seed"), int):
        found = f"; the first, board {g['first_board']:,} of seed {g['seed']}, shrank to this minimal board"
    blocks: list[Block] = [Heading(level, g["signature"])]
    cards = _cards(g["board"])
    if cards:
        blocks.append(Paragraph(cards))
    blocks += [
        Paragraph(f"{_n(count, 'divergent board')}{found}:"),
        Code(yaml.safe_dump(_board_order(g["board"]), sort_keys=False, default_flow_style=None,
                            allow_unicode=True).rstrip("\n"), "yaml"),
    ]
    a = g.get("attribution") or {}
    others = [alt for alt in a.get("alternatives") or [] if alt]
    if others:
        blocks.append(Paragraph(
            "Equally explained by: "
            + "; ".join(" + ".join(_title(k) for k in alt) for alt in others)
            + " (the group is listed under the first in the order of the rule changes)."
        ))
    summary = "; ".join(f"{oid} {key}: {x} -> {y}" for oid, key, x, y in differs)
    blocks.append(Paragraph(f"Outcomes, {old} and {new} (differs: {summary or 'nothing'}):"))
    blocks.append(Table(("object", "characteristic", old, new, ""), tuple(rows), tuple(marked)))
    return blocks


def _cards(board: Mapping[str, Any]) -> str:
    """The catalogue cards a board names (``card:``, ``cast:``), as one sentence; "" if none."""
    objects = [o for o in board.get("objects") or [] if isinstance(o, dict) and isinstance(o.get("card"), str)]
    casts = [e for e in board.get("effects") or [] if isinstance(e, dict) and isinstance(e.get("cast"), str)]
    parts = []
    if objects:
        parts.append("Cards: " + ", ".join(o["card"] for o in objects) + ".")
    for effect in casts:
        ability = f"'s {effect['ability']} ability" if isinstance(effect.get("ability"), str) else ""
        on = ", ".join(t for t in effect.get("targets") or [] if isinstance(t, str))
        parts.append(f"Cast: {effect['cast']}{ability} on {on}." if on else f"Cast: {effect['cast']}{ability}.")
    return " ".join(parts)


def _outcome_rows(g: Mapping[str, Any], old: str, new: str):
    """Every object of the board (then any other an outcome has) and every characteristic, both values."""
    x = g["outcomes"][old]["objects"]
    y = g["outcomes"][new]["objects"]
    ids: list[str] = []
    for obj in g["board"].get("objects") or []:
        if isinstance(obj, dict) and isinstance(obj.get("id"), str) and obj["id"] not in ids:
            ids.append(obj["id"])
    ids += [oid for oid in list(x) + list(y) if oid not in ids]
    rows, marked, differs = [], [], []
    for oid in ids:
        a, b = x.get(oid), y.get(oid)
        keys = list(CHARACTERISTICS)
        for fields in (a, b):
            keys += [k for k in (fields or {}) if k not in keys]
        first = True
        for key in keys:
            va = ABSENT if a is None else normalize(a.get(key))
            vb = ABSENT if b is None else normalize(b.get(key))
            cells = (_value(va), _value(vb))
            differ = va != vb
            rows.append((oid if first else "", key, *cells, MARK if differ else ""))
            marked.append(differ)
            if differ:
                differs.append((oid, key, *cells))
            first = False
    return rows, marked, differs


def _value(value: Any) -> str:
    if value == ABSENT:
        return ABSENT
    if isinstance(value, dict):
        return ", ".join(f"{k}: {show(v)}" for k, v in value.items()) or "-"
    return show(value)


# Board keys in the order of the board format (docs/board-format.md), so minimal boards read as they are written.
_BOARD_KEYS = ("players", "objects", "graveyards", "exile", "effects")
_OBJECT_KEYS = ("card", "id", "name", "controller", "owner", "types", "subtypes", "supertypes", "colors", "power",
                "toughness", "mana_value", "abilities", "counters", "timestamp", "attached_to", "choices", "static")
_EFFECT_KEYS = ("cast", "ability", "id", "text", "source", "controller", "timestamp", "affects", "targets",
                "choices", "cda", "copy", "control",
                "change_text", "types", "subtypes", "supertypes", "colors", "abilities", "pt")


def _ordered_keys(data: Any, order: Sequence[str]) -> Any:
    if not isinstance(data, dict):
        return data
    keys = [k for k in order if k in data] + [k for k in data if k not in order]
    return {k: data[k] for k in keys}


def _effect(data: Any) -> Any:
    data = _ordered_keys(data, _EFFECT_KEYS)
    if isinstance(data, dict) and isinstance(data.get("abilities"), dict):
        abilities = dict(data["abilities"])
        if isinstance(abilities.get("add"), list):
            abilities["add"] = [_effect(a) for a in abilities["add"]]
        data["abilities"] = abilities
    return data


def _board_order(board: Mapping[str, Any]) -> dict:
    out = _ordered_keys(dict(board), _BOARD_KEYS)
    if isinstance(out.get("objects"), list):
        objects = []
        for obj in out["objects"]:
            obj = _ordered_keys(obj, _OBJECT_KEYS)
            if isinstance(obj, dict) and isinstance(obj.get("static"), list):
                obj["static"] = [_effect(s) for s in obj["static"]]
            objects.append(obj)
        out["objects"] = objects
    if isinstance(out.get("effects"), list):
        out["effects"] = [_effect(e) for e in out["effects"]]
    return out


def _document(name: str, info: Mapping[str, Any]) -> str:
    version = (info.get("engine_versions") or {}).get(name) or {}
    if version.get("document"):
        date = version.get("document_date")
        gap = f" (note: {version['archive_gap']})" if version.get("archive_gap") else ""
        return f"{name}: {version['document']}" + (f", in force from {date}" if date else ", undated") + gap
    description = version.get("description")
    return f"{name}: " + (f"{description} (" if description else "(") + "rules document not stated by this engine)"


def _has_ruleset(name: str, info: Mapping[str, Any]) -> bool:
    return bool(((info.get("engine_versions") or {}).get(name) or {}).get("document"))


def _title(key: str) -> str:
    change = BY_KEY.get(key)
    return change.title if change else key


def _rules(key: str) -> str:
    change = BY_KEY.get(key)
    return f"old {change.old_rule}, new {change.new_rule}" if change else "not a rule change this diffcheck knows"


def _canonical(keys: Iterable[str]) -> tuple:
    order = [c.key for c in CHANGES]
    return tuple((order.index(k), "") if k in order else (len(order), k) for k in keys)


def _ordered(groups: Iterable[Mapping]) -> list[Mapping]:
    return sorted(groups, key=lambda g: (-g["count"], g["signature"]))


def _n(count: int, word: str) -> str:
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def _boards(groups: Sequence[Mapping]) -> str:
    return f"{sum(g['count'] for g in groups):,}"


def _counted(groups: Sequence[Mapping]) -> str:
    return f"{_n(sum(g['count'] for g in groups), 'divergent board')} in {_n(len(groups), 'group')}"


# ---------------------------------------------------------------- Markdown


_MD_SPECIAL = re.compile(r"([\\`*_<~])")
_MD_LINE_START = re.compile(r"^([-+*>#=]|\d+[.)])(?=\s|$)")


def _md_text(text: str) -> str:
    """Inline text with nothing GitHub would read as markup or HTML."""
    text = _MD_SPECIAL.sub(r"\\\1", text)
    text = text.replace("](", "]\\(")
    return re.sub(r"&(?=#?\w+;)", r"\\&", text)


def _md_cell(text: str) -> str:
    return _md_text(text).replace("|", "\\|")


def _md_paragraph(text: str) -> str:
    lines = textwrap.wrap(_md_text(text), WRAP, break_long_words=False, break_on_hyphens=False) or [""]
    # A wrapped line must not start a list, quote, heading or setext underline.
    return "\n".join(_MD_LINE_START.sub(lambda m: "\\" + m.group(1), line) for line in lines)


def _fence(text: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def render_markdown(blocks: Sequence[Block]) -> str:
    """GitHub Markdown: ATX headings, wrapped paragraphs, pipe tables (tabulate), fenced code."""
    parts = []
    for block in blocks:
        if isinstance(block, Heading):
            text = _md_text(block.text)
            if text.endswith("#"):
                text = text[:-1] + "\\#"
            parts.append(f"{'#' * block.level} {text}")
        elif isinstance(block, Paragraph):
            parts.append(_md_paragraph(block.text))
        elif isinstance(block, Table):
            marked = block.marked or (False,) * len(block.rows)
            rows = [
                [_md_cell(c) for c in row[:-1]] + [f"**{_md_cell(row[-1])}**" if mark and row[-1] else _md_cell(row[-1])]
                for row, mark in zip(block.rows, marked)
            ]
            parts.append(tabulate(rows, headers=[_md_cell(h) for h in block.headers], tablefmt="github",
                                  disable_numparse=True))
        elif isinstance(block, Code):
            fence = _fence(block.text)
            parts.append(f"{fence}{block.language}\n{block.text}\n{fence}")
        else:
            raise TypeError(f"not a block: {block!r}")
    return "\n\n".join(parts) + "\n"


# ---------------------------------------------------------------- HTML


_CSS = """
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
       max-width: 62rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; background: #fff; }
h1, h2 { border-bottom: 1px solid #d1d9e0; padding-bottom: .3em; }
h3, h4 { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 1rem; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #d1d9e0; padding: .25rem .6rem; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
tr.marked td { background: #fff8c5; }
pre { background: #f6f8fa; padding: .8rem 1rem; overflow: auto; border-radius: 6px; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }
@media (prefers-color-scheme: dark) {
  body { color: #e6edf3; background: #0d1117; }
  th, pre { background: #161b22; }
  th, td, h1, h2 { border-color: #3d444d; }
  tr.marked td { background: #3b2e00; }
}
""".strip()


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def render_html(blocks: Sequence[Block]) -> str:
    """One self-contained HTML page: inline CSS, no scripts, no external resources; all text escaped."""
    title = next((b.text for b in blocks if isinstance(b, Heading) and b.level == 1), "Changelog")
    body = []
    for block in blocks:
        if isinstance(block, Heading):
            level = min(max(block.level, 1), 6)
            body.append(f"<h{level}>{_e(block.text)}</h{level}>")
        elif isinstance(block, Paragraph):
            body.append(f"<p>{_e(block.text)}</p>")
        elif isinstance(block, Table):
            marked = block.marked or (False,) * len(block.rows)
            lines = ["<table>", "<thead><tr>" + "".join(f"<th>{_e(h)}</th>" for h in block.headers) + "</tr></thead>",
                     "<tbody>"]
            for row, mark in zip(block.rows, marked):
                cells = [f"<td>{_e(c)}</td>" for c in row[:-1]]
                last = f"<strong>{_e(row[-1])}</strong>" if mark and row[-1] else _e(row[-1])
                cells.append(f"<td>{last}</td>")
                lines.append(("<tr class=\"marked\">" if mark else "<tr>") + "".join(cells) + "</tr>")
            lines += ["</tbody>", "</table>"]
            body.append("\n".join(lines))
        elif isinstance(block, Code):
            language = f' class="language-{_e(block.language)}"' if block.language else ""
            body.append(f"<pre><code{language}>{_e(block.text)}</code></pre>")
        else:
            raise TypeError(f"not a block: {block!r}")
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)}</title>",
        f"<style>\n{_CSS}\n</style>",
        "</head>",
        "<body>",
        "<main>",
        *body,
        "</main>",
        "</body>",
        "</html>",
    ]) + "\n"


# ---------------------------------------------------------------- writing


RENDERERS = {"md": render_markdown, "html": render_html}


def write_changelog(run_dir: Path | str, fmt: str = "md", out: Path | str | None = None) -> Path:
    """Write the changelog of ``run_dir`` (atomically) to ``out``, default RUN_DIR/CHANGELOG.md or .html.

    Nothing is written when the run directory is bad (``ReportError``).
    """
    if fmt not in RENDERERS:
        raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(RENDERERS)}")
    text = RENDERERS[fmt](build_changelog(run_dir))
    path = Path(out) if out is not None else Path(run_dir) / FORMATS[fmt]
    rundir.write_atomic(path, text)
    return path
