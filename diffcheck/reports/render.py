"""Plain-text and JSON renderings of outcomes, traces and engines, for the CLI and for library use.

Nothing here needs typer: every function takes engines, outcomes and traces and returns a
string or a JSON-serializable value. ``diffcheck.cli`` only parses arguments and prints.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Mapping, Sequence

from diffcheck.reports.fit import TABLE_FORMAT, fitted, wrapped
from diffcheck.search.divergence import normalize, outcomes_diff
from engines.board.trace import Applied, Entry, Note, render as render_trace

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any

# tabulate and the run directory's texts (which import tabulate) are imported where they are used, not here:
# importing tabulate costs some 30 ms, and ``diffcheck judge``, whose tables ``fit`` writes, needs neither.

__all__ = [
    "CHARACTERISTICS",
    "cited_decisions",
    "diff_document",
    "diff_rows",
    "differences",
    "engine_header",
    "engines_json",
    "judge_table",
    "outcome_json",
    "render_diff",
    "render_engines",
    "render_judgement",
]

# The characteristics of an outcome object, in the order docs/board-format.md gives them.
CHARACTERISTICS = ("name", "controller", "types", "subtypes", "supertypes", "colors", "abilities", "power", "toughness")
ABSENT = "(absent)"  # an object one outcome has and the other lacks


# ---------------------------------------------------------------- values


def outcome_json(outcome: Mapping[str, Any], rules: Mapping[str, Any] | None = None) -> str:
    """The outcome as JSON (indent 2), for ``diffcheck judge --json``; with ``rules``, under key ``rules``
    (the edition and document that gave it: ``rules_info``)."""
    data = normalize(outcome)
    if rules:
        data = {**data, "rules": dict(rules)}
    return json.dumps(data, indent=2, ensure_ascii=False)


def rules_info(engine: Any) -> dict[str, Any] | None:
    """Which edition and document an engine's answers come from; None for an engine without a ruleset."""
    ruleset = getattr(engine, "ruleset", None)
    if ruleset is None:
        return None
    info = {
        "engine": engine.name,
        "edition": getattr(ruleset, "edition", "") or None,
        "document": ruleset.document,
        "in_force_from": ruleset.document_date,
    }
    if getattr(ruleset, "caveat", ""):
        info["archive_gap"] = ruleset.caveat
    return info


def show(value: Any, *, sep: str = ", ") -> str:
    """A characteristic as a table cell: ``-`` for null or an empty list."""
    if value is None:
        return "-"
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [str(v) for v in value]
        return sep.join(items) if items else "-"
    return str(value)


def pt_cell(fields: Mapping[str, Any]) -> str:
    """Power and toughness as one table cell, ``2/2``; ``-`` for an object without them (a noncreature), and
    ``undefined`` for a creature whose engine leaves them so (an outside engine may: docs/external-engines.md)."""
    power, toughness = fields.get("power"), fields.get("toughness")
    if power is None and toughness is None:
        return "undefined" if "creature" in (fields.get("types") or ()) else "-"
    return f"{show(power)}/{show(toughness)}"


# ---------------------------------------------------------------- headers


def engine_header(engine: Any) -> list[str]:
    """Which rules an engine's answers are under: name, title, rules document and its date."""
    ruleset = getattr(engine, "ruleset", None)
    if ruleset is None:
        description = getattr(engine, "description", "") or "no description"
        return [f"{engine.name}: {description}", "rules document: not stated by this engine"]
    lines = [
        f"{ruleset.name}: {ruleset.title}",
        f"rules document: {ruleset.document}, in force from {ruleset.document_date}"
            f"{_edition(ruleset)}",
    ]
    if getattr(ruleset, "caveat", ""):
        lines.append(f"note: {ruleset.caveat}")
    return lines


def todays_rules(engine: Any) -> str:
    """The line ``diffcheck judge`` begins with when it answers under today's rules (the alias ``current``):
    that they are today's, their edition and their document."""
    ruleset = engine.ruleset
    return (f"today's rules ({engine.name}): edition {ruleset.edition}, {ruleset.document}; --ruleset or --date "
            "names others")


# ---------------------------------------------------------------- judge


def judge_table(outcome: Mapping[str, Any], width: int | None = None) -> str:
    """Every object's final characteristics, one row each; abilities one per line. Then, if the layers changed
    cards outside the battlefield, theirs, in a second table. Within ``width`` columns if given
    (``diffcheck.reports.fit``)."""
    table = _characteristics_table(outcome["objects"], "id", width)
    if outcome.get("cards"):
        table += "\n\nCards outside the battlefield that the layers changed:\n" + _characteristics_table(
            outcome["cards"], "card", width)
    return table


def _characteristics_table(objects: Mapping[str, Any], first: str, width: int | None) -> str:
    rows = []
    for oid, f in objects.items():
        rows.append([
            oid,
            show(f.get("name")),
            show(f.get("controller")),
            show(f.get("types")),
            show(f.get("subtypes")),
            show(f.get("supertypes")),
            show(f.get("colors")),
            show(f.get("abilities"), sep="\n"),
            pt_cell(f),
        ])
    headers = [first, "name", "controller", "types", "subtypes", "supertypes", "colors", "abilities", "P/T"]
    return fitted(rows, headers, width, wrap=(7,))


def _strings(entry: Entry) -> Iterable[str]:
    if isinstance(entry, Applied):
        yield entry.effect
        yield entry.why
        yield from entry.rules
    elif isinstance(entry, Note):
        yield entry.text
        yield from entry.rules


def cited_decisions(ruleset: Any, trace: Sequence[Entry]) -> list[Any]:
    """The ruleset's decisions whose key a trace entry names (``decision: KEY``), in ruleset order.

    Headings do not count: a step's heading says where its rule comes from whether or not
    anything applies there; an answer relies on a decision only when what applied cites it.
    """
    decisions = getattr(ruleset, "decisions", ()) or ()
    text = "\n".join(s for entry in trace for s in _strings(entry))
    return [d for d in decisions if re.search(rf"(?<![\w-]){re.escape(d.key)}(?![\w-])", text)]


def render_judgement(
    engine: Any,
    outcome: Mapping[str, Any],
    board_file: str,
    trace: Sequence[Entry] | None = None,
    width: int | None = None,
) -> str:
    """What ``diffcheck judge`` prints: the header, the table (within ``width`` columns if given) and, given a
    trace, the explanation."""
    lines = [*engine_header(engine), f"board: {board_file}", "", judge_table(outcome, width)]
    if trace is not None:
        ruleset = getattr(engine, "ruleset", None)
        step = getattr(ruleset, "step_word", "layer")
        lines += ["", f"Explanation, {step} by {step} ({engine.name}):", render_trace(tuple(trace))]
        if ruleset is not None:
            cited = cited_decisions(ruleset, trace)
            lines.append("")
            if cited:
                lines.append("Decisions of this ruleset cited above (where the rules leave a case open):")
                lines += [f"  {d.key} ({d.rule}): {d.choice}" for d in cited]
            else:
                lines.append("No decision of this ruleset (cases the rules leave open) is cited above.")
    return "\n".join(lines)


# ---------------------------------------------------------------- diff


def _object_ids(outcomes: Sequence[Mapping[str, Any]]) -> list[str]:
    ids: list[str] = []
    for o in outcomes:
        ids += [oid for oid in o["objects"] if oid not in ids]
    return ids


def _characteristics(fields: Iterable[Mapping[str, Any]]) -> list[str]:
    keys = list(CHARACTERISTICS)
    for f in fields:
        keys += [k for k in f if k not in keys]
    return keys


def diff_rows(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[tuple[str, str, Any, Any, bool]]:
    """(object id, characteristic, old value, new value, differs) for every object and characteristic.

    An object only one outcome has shows ``ABSENT`` on the other side.
    """
    rows = []
    for oid in _object_ids([old, new]):
        a = old["objects"].get(oid)
        b = new["objects"].get(oid)
        for key in _characteristics([f for f in (a, b) if f is not None]):
            va = ABSENT if a is None else normalize(a.get(key))
            vb = ABSENT if b is None else normalize(b.get(key))
            rows.append((oid, key, va, vb, va != vb))
    return rows


def differences(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(object id, characteristic) for each characteristic whose values differ."""
    return [(oid, key) for oid, key, _, _, differs in diff_rows(old, new) if differs]


def _cell(key: str, value: Any) -> str:
    if value == ABSENT:
        return ABSENT
    return show(value, sep="\n" if key == "abilities" else ", ")


def render_diff(engines: Sequence[Any], outcomes: Sequence[Mapping[str, Any]], board_file: str,
                width: int | None = None) -> str:
    """What ``diffcheck diff`` prints: both rulesets, a side-by-side table (within ``width`` columns if given)
    and a count of differences."""
    (e_old, e_new), (old, new) = engines, outcomes
    rows = []
    last = None
    compared = diff_rows(old, new)
    for oid, key, va, vb, differs in compared:
        rows.append([oid if oid != last else "", key, _cell(key, va), _cell(key, vb), "*" if differs else ""])
        last = oid
    headers = ["id", "characteristic", e_old.name, e_new.name, "differs"]
    table = fitted(rows, headers, width, wrap=(2, 3),
                   narrow=lambda width: _diff_records(compared, e_old.name, e_new.name, width))
    found = differences(old, new)
    if found:
        n = len(found)
        summary = f"{n} characteristic{'s' if n != 1 else ''} differ{'s' if n == 1 else ''} " \
                  f"between {e_old.name} and {e_new.name} (of {len(rows)} compared): " \
                  + ", ".join(f"{oid}.{key}" for oid, key in found)
    else:
        summary = f"no difference between {e_old.name} and {e_new.name} ({len(rows)} characteristics compared)"
    header = [f"from {line}" if i == 0 else f"     {line}" for i, line in enumerate(engine_header(e_old))]
    header += [f"to   {line}" if i == 0 else f"     {line}" for i, line in enumerate(engine_header(e_new))]
    return "\n".join([*header, f"board: {board_file}", "", table, "", summary])


def _diff_records(compared, old: str, new: str, width: int) -> str:
    """The side-by-side table for a narrow terminal: per object, each characteristic with its value, or, marked
    ``*`` where the two differ, both values under it."""
    label = max(len(old), len(new)) + 2
    lines: list[str] = []
    last = None
    for oid, key, va, vb, differs in compared:
        if oid != last:
            lines += ["", oid] if lines else [oid]
            last = oid
        if not differs:  # one value, said once
            head = f"  {key}: "
            lines += wrapped(_cell(key, va).replace("\n", "; ") or "-", width, initial_indent=head,
                             subsequent_indent="    ")
            continue
        lines.append(f"  {key} *")
        for name, v in ((old, va), (new, vb)):
            head = f"    {(name + ':').ljust(label)}"
            text = _cell(key, v).replace("\n", "; ") or "-"
            lines += wrapped(text, width, initial_indent=head, subsequent_indent=" " * len(head)) or [head.rstrip()]
    return "\n".join(lines)


def diff_document(board_file: str, outcomes: Mapping[str, Mapping[str, Any]],
                  rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What ``diffcheck diff --json`` prints: the board, both outcomes by engine name, their DeepDiff,
    and, given, each engine's edition and document by engine name."""
    old, new = outcomes.values()
    document = {
        "board": board_file,
        "outcomes": {name: normalize(o) for name, o in outcomes.items()},
        "diff": outcomes_diff(old, new),
    }
    if rules:
        document["rules"] = dict(rules)
    return document


# ---------------------------------------------------------------- engines


def engines_json(found: Sequence[tuple[str, str, Any]]) -> list[dict[str, Any]]:
    """``diffcheck engines --json``: the facts of its tables, one object per installed engine, in the same order:
    its name, source and description (or, for one that cannot be loaded, the error); for one built on a ruleset,
    its rules (title, edition, document, date), its layer plan and its rule citations per topic, else null."""
    listed: list[dict[str, Any]] = []
    for name, source, engine in found:
        if isinstance(engine, BaseException):
            listed.append({"engine": name, "source": source, "error": str(engine)})
            continue
        entry: dict[str, Any] = {"engine": name, "source": source,
                                 "description": getattr(engine, "description", "") or None}
        ruleset = getattr(engine, "ruleset", None)
        entry["rules"] = None if ruleset is None else {
            "title": ruleset.title, "edition": getattr(ruleset, "edition", "") or None,
            "document": ruleset.document, "in_force_from": ruleset.document_date}
        entry["layers"] = None if ruleset is None else [
            {"layer": s.key, "applies": s.title, "rule": s.rule} for s in ruleset.sublayers]
        entry["citations"] = None if ruleset is None else dict(ruleset.citations)
        listed.append(entry)
    return listed


def render_engines(found: Sequence[tuple[str, str, Any]]) -> str:
    """The installed engines: a summary table, then each ruleset's layer plan and rule citations.

    ``found`` holds (name, source, engine-or-exception) per installed engine.
    """
    from tabulate import tabulate

    summary = []
    details: list[str] = []
    rulesets = []
    for name, source, engine in found:
        if isinstance(engine, BaseException):
            summary.append([name, f"cannot be loaded: {engine}", source])
            continue
        summary.append([name, getattr(engine, "description", "") or "-", source])
        ruleset = getattr(engine, "ruleset", None)
        if ruleset is None:
            continue
        rulesets.append((name, ruleset))
        plan = [[s.key, s.title, s.rule] for s in ruleset.sublayers]
        details += [
            "",
            f"{name}: {ruleset.title}",
            f"rules document: {ruleset.document}, in force from {ruleset.document_date}"
            f"{_edition(ruleset)}",
            tabulate(plan, headers=["layer", "applies", "rule"], tablefmt=TABLE_FORMAT, disable_numparse=True),
        ]
    if rulesets:
        topics: list[str] = []
        for _, ruleset in rulesets:
            topics += [t for t in ruleset.citations if t not in topics]
        cites = [[t, *(r.citations.get(t, "-") for _, r in rulesets)] for t in topics]
        details += [
            "",
            "rule citations (topic -> rule number, as traces and reports cite them)",
            tabulate(cites, headers=["topic", *(n for n, _ in rulesets)], tablefmt=TABLE_FORMAT,
                     disable_numparse=True),
        ]
    table = tabulate(summary, headers=["engine", "description", "source"], tablefmt=TABLE_FORMAT,
                     disable_numparse=True)
    return "\n".join([table, *details])


# ---------------------------------------------------------------- runs


class RunProgress:
    """The progress bar of ``diffcheck run``: boards done, boards per second, divergences, findings.

    It is drawn on stderr, so stdout keeps only the answer; ``wanted()`` says whether to draw
    it at all (not when stderr is not a terminal: a log or a pipe gets no escape codes).
    """

    @staticmethod
    def wanted() -> bool:
        return sys.stderr.isatty()

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        self._progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            TextColumn("{task.fields[done]} boards"),
            TextColumn("{task.fields[rate]:,.0f}/s"),
            TextColumn("{task.fields[divergent]:,} divergent"),
            TextColumn("{task.fields[findings]} findings"),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            transient=False,
        )
        self._task = None
        self._by_time = False

    def start(self, config) -> None:
        self._by_time = config.boards is None
        total = config.seconds if self._by_time else config.boards
        self._task = self._progress.add_task(
            f"{config.engines[0]} vs {config.engines[1]}", total=total, done="0", rate=0.0, divergent=0, findings=0,
        )
        self._progress.start()

    def update(self, p) -> None:
        if self._task is None:
            return
        done = f"{p.boards_done:,}" + (f"/{p.boards_total:,}" if p.boards_total else "")
        completed = p.elapsed if self._by_time else p.boards_done
        self._progress.update(
            self._task, completed=completed, done=done, rate=p.rate, divergent=p.divergent, findings=p.findings,
        )

    def stop(self) -> None:
        self._progress.stop()


def render_run(result: Mapping[str, Any], findings: Sequence[Mapping[str, Any]], directory: Any) -> str:
    """What ``diffcheck run`` prints at the end: the totals and one line per finding."""
    from tabulate import tabulate

    from diffcheck.search.rundir import characteristics_text, errors_kept_text, errors_text, finding_name, taken_text

    a, b = result["engines"]
    lines = [
        f"{result['boards_done']:,} boards in {result['seconds']:.1f} s ({result['boards_per_second'] or 0:,.0f}/s, "
        f"{result['jobs']} jobs): {result['divergent_boards']:,} divergent between {a} and {b}; "
        f"{result['findings']} finding{'s' if result['findings'] != 1 else ''} "
        f"({result['groups']} group{'s' if result['groups'] != 1 else ''})",
    ]
    if taken_text(result):
        lines.append(taken_text(result))
    if result["engine_errors"]:
        lines.append(f"{errors_text(result)}; {errors_kept_text(f'{directory}/errors.jsonl')}")
    for name in (a, b):
        gap = ((result.get("engine_versions") or {}).get(name) or {}).get("archive_gap")
        if gap:
            lines.append(f"note on {name}: {gap}")
    rows = [[n, f"{f['count']:,}", finding_name(f), characteristics_text(f)] for n, f in enumerate(findings, start=1)]
    if rows:
        lines += ["", tabulate(rows, headers=["#", "boards", "finding", "what it changes (boards)"],
                               tablefmt=TABLE_FORMAT, maxcolwidths=[None, None, 48, 48],
                               colalign=("right", "right", "left", "left"), disable_numparse=True)]
    lines += ["", f"results: {directory}/ (findings.jsonl, divergences.jsonl, summary.md, run.json)"]
    return "\n".join(lines)


def run_summary(result: Mapping[str, Any], directory: Any) -> dict[str, Any]:
    """``diffcheck run --json``: the figures a script wants from a finished run, as one object."""
    return {
        "engines": list(result["engines"]),
        "seed": result["seed"],
        "boards": result["boards_done"],
        "divergent_boards": result["divergent_boards"],
        "findings": result["findings"],
        "groups": result["groups"],
        "engine_errors": result["engine_errors"],
        "engine_errors_by_kind": result.get("engine_errors_by_kind", {}),
        **{key: result[key] for key in ("implements", "boards_sent", "boards_outside", "outside_by_part")
           if key in result},
        "seconds": result["seconds"],
        "boards_per_second": result["boards_per_second"],
        "complete": result["complete"],
        "run_dir": str(directory),
    }


# ---------------------------------------------------------------- bisect


def render_bisect(board_file: str, engines: Sequence[Any], outcomes: Sequence[Mapping[str, Any]], attribution: Any,
                  alone: Mapping[str, Mapping[str, Any]], nearest: Sequence[Any] | None = None,
                  tried: int | None = None) -> str:
    """What ``diffcheck bisect`` prints: the nearest rules to an engine without a ruleset (``nearest``), what
    differs, and the rule changes that explain it (of ``tried``, when known: none follow the newest rules)."""
    from rulesets.changes import BY_KEY

    (old, new), (a, b) = engines, outcomes
    lines = [f"board: {board_file}", f"from {old.name} to {new.name}"]
    if nearest is not None:
        from diffcheck.search.nearest import describe_all, meaning

        lines.append(f"nearest rules to {new.name}'s answer: {describe_all(nearest)}")
        plain = meaning(tuple(nearest), old.name)
        if plain:
            lines.append(f"  {plain}")
    lines += [f"note: {e.ruleset.caveat}" for e in engines if getattr(getattr(e, "ruleset", None), "caveat", "")]
    found = differences(a, b)
    if not found:
        lines.append("no difference: no rule change is needed to explain this board")
        return "\n".join(lines)
    lines.append("differs: " + ", ".join(f"{oid}.{key}" for oid, key in found))
    if not attribution.explained and tried == 0:
        lines.append(f"no rule change comes after {old.name}'s rules, so none can explain the difference; the "
                     f"nearest rules above say what {new.name} answers like")
        return "\n".join(lines)
    if not attribution.explained:
        lines.append("no combination of the known rule changes gives the new outcome: "
                     "the difference is not a rule change between these versions")
        return "\n".join(lines)
    n = len(attribution.changes)
    lines.append(f"smallest set of rule changes that gives {new.name}'s outcome ({n}):")
    for key in attribution.changes:
        change = BY_KEY[key]
        lines += [f"  - {change.title} ({change.old_rule} -> {change.new_rule})", f"    {change.summary}"]
    if attribution.together:
        lines.append("these changes only matter together: applied alone, each gives a different outcome")
        for key, outcome in alone.items():
            still = ", ".join(f"{oid}.{k}" for oid, k in differences(outcome, b)) or "nothing"
            lines.append(f"  {key} alone still differs from {new.name} in: {still}")
    for other in attribution.alternatives:
        lines.append("also enough, as small: " + ", ".join(other))
    return "\n".join(lines)


def _edition(ruleset: Any) -> str:
    edition = getattr(ruleset, "edition", "")
    return f"; edition {edition}" if edition else ""
