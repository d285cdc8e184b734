"""``diffcheck peer``: a peer engine diffed against today's rules, every finding with a verdict.

A peer is an engine with rules of its own making (phase.rs, say) rather than an edition of the
Comprehensive Rules. Its report is a run of ``current`` against it (``diffcheck.search.harness``) read
together with a file of verdicts, ``verdicts/ENGINE.yaml`` beside this module: for each kind of
difference, whose bug it is (the peer's, diffcheck's, or a case the rules leave open), the rules that
decide it, an official ruling where one exists, and what is expected and what the peer does. Each
verdict is written as a bug report its engine's maintainers could act on without diffcheck's vocabulary:
the engine's own version and commit, the minimal board of the run's largest group that shows it with both
answers, the one command that reproduces it, the board as the peer's own game state (``peer_files``:
files committed beside the report, what the peer loads without diffcheck), and a board of real cards,
by their Oracle names, where one shows the same thing.

A verdict covers run groups by their signatures (``diffcheck.search.signature``). A group no verdict
covers is listed under "Not judged yet"; ``unjudged`` says which, so the command and the tests can
insist that every finding has a verdict.

Like a changelog, the report depends only on the run directory, the verdicts and the engines, so the
same run gives the same bytes (fit for committing).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Mapping, Sequence

from diffcheck.pyyaml import yaml
from diffcheck.reports.changelog import ReportError, Run, load_run
from diffcheck.reports.document import Block, Code, Contents, Heading, List, Paragraph, Table
from diffcheck.reports.witness import Sides, board_yaml, differing_rows, witness_fold
from diffcheck.search.rundir import counted, errors_text, taken_text

__all__ = ["KINDS", "Verdict", "Verdicts", "load_verdicts", "peer_files", "peer_report", "unjudged"]

# Whose bug a difference is: the peer engine's (told as "phase bug" in phase's report), diffcheck's, or nobody's
# (a case the rules leave open).
KINDS = ("engine bug", "diffcheck bug", "open")
NOT_JUDGED = "Not judged yet"


@dataclass(frozen=True)
class Verdict:
    """One kind of difference between today's rules and a peer, judged."""

    key: str
    verdict: str  # one of KINDS
    title: str
    rules: tuple[str, ...]
    expected: str
    actual: str
    groups: tuple[str, ...]
    ruling: str | None = None
    cards: Mapping[str, Any] | None = None
    not_in_run: str | None = None
    printed: str | None = None  # whether a printed card reaches it, and which


@dataclass(frozen=True)
class Verdicts:
    """A peer's verdicts file: the engine, the version judged, the verdicts and the fixes on diffcheck's side."""

    engine: str
    version: str
    verdicts: tuple[Verdict, ...]
    fixed: tuple[Mapping[str, Any], ...]

    def covering(self, signature: str) -> Verdict | None:
        return next((v for v in self.verdicts if signature in v.groups), None)


def verdicts_path(engine: str) -> Path:
    """Where a peer's verdicts live (package data)."""
    return Path(str(resources.files("diffcheck.reports").joinpath("verdicts", f"{engine}.yaml")))


def load_verdicts(engine: str) -> Verdicts:
    """A peer's verdicts. Raises ``ReportError`` when there are none or the file is malformed."""
    path = verdicts_path(engine)
    if not path.is_file():
        raise ReportError(f"{engine}: no verdicts for this engine (expected {path})")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    verdicts = []
    for n, item in enumerate(data.get("verdicts") or (), start=1):
        where = f"{path}: verdict {n}"
        missing = [k for k in ("key", "verdict", "title", "rules", "expected", "actual", "groups") if k not in item]
        if missing:
            raise ReportError(f"{where}: missing {', '.join(missing)}")
        if item["verdict"] not in KINDS:
            raise ReportError(f"{where}: verdict {item['verdict']!r}: expected one of {', '.join(KINDS)}")
        if not item["groups"] and not item.get("not_in_run"):
            raise ReportError(f"{where}: no groups, and no not_in_run to say why no run shows it")
        verdicts.append(Verdict(
            item["key"], item["verdict"], item["title"], tuple(item["rules"]), " ".join(item["expected"].split()),
            " ".join(item["actual"].split()), tuple(item["groups"]), _prose(item.get("ruling")),
            item.get("cards"), _prose(item.get("not_in_run")), _prose(item.get("printed"))))
    return Verdicts(data["engine"], str(data["version"]), tuple(verdicts), tuple(data.get("fixed") or ()))


def _prose(text: str | None) -> str | None:
    return None if text is None else " ".join(text.split())


def unjudged(run: Run, verdicts: Verdicts) -> list[str]:
    """The signatures of the run's groups that no verdict covers."""
    return [g["signature"] for g in run.groups if verdicts.covering(g["signature"]) is None]


def peer_report(run: Run | Path | str, verdicts: Verdicts | None = None, files: str | None = None) -> list[Block]:
    """The peer report of a run of ``current`` against a peer (loaded, or its directory), as blocks
    (``document``'s renderers). ``files`` is where ``peer_files`` are written, as the report's commands name
    it (``reports/phase``)."""
    run = run if isinstance(run, Run) else load_run(run)
    peer = run.new
    verdicts = verdicts if verdicts is not None else load_verdicts(peer)
    files = files or f"reports/{peer}"
    sides = Sides.of(run.old, peer)
    shown = _shown(run, verdicts)
    blocks: list[Block] = [Heading(1, f"Peer report: {peer} against today's rules")]
    blocks += _introduction(run, verdicts, shown, files)
    blocks.append(Contents(1))
    blocks += [Heading(2, "Verdicts"), _overview(shown, peer)]
    for verdict, groups in shown:
        blocks += _verdict_section(verdict, groups, run, sides, files)
    by_signature = {g["signature"]: g for g in run.groups}
    left = [by_signature[s] for s in unjudged(run, verdicts)]
    if left:
        blocks += [Heading(2, NOT_JUDGED), Paragraph(
            f"No verdict in {verdicts_path(peer).name} covers these groups yet: each needs one (whose bug it "
            "is, the rules that decide it) before the report is done.")]
        blocks += [witness_fold(g, n, sides) for n, g in enumerate(left, start=1)]
    if verdicts.fixed:
        blocks += [Heading(2, f"Fixed in diffcheck while diffing {peer}"), Paragraph(
            f"Differences with {peer} that were diffcheck's bugs, fixed before this run; each has a test that "
            "keeps it fixed.")]
        blocks.append(List(tuple(f"{' '.join(f['title'].split())} ({', '.join(f['rules'])}; {f['test']})"
                                 for f in verdicts.fixed)))
    return blocks


def _shown(run: Run, verdicts: Verdicts) -> list[tuple[Verdict, list[Mapping[str, Any]]]]:
    """Each verdict with the run's groups it covers, largest first; the peer's bugs first, the most common first:
    what its maintainers would fix first."""
    by_signature = {g["signature"]: g for g in run.groups}
    shown = [(v, sorted((by_signature[s] for s in v.groups if s in by_signature),
                        key=lambda g: (-g["count"], len(board_yaml(g["board"])), g["signature"])))
             for v in verdicts.verdicts]
    shown.sort(key=lambda vg: (KINDS.index(vg[0].verdict), -_boards(vg[1]), vg[0].key))
    return shown


def peer_files(run: Run | Path | str, verdicts: Verdicts | None = None) -> dict[str, str]:
    """The files committed beside a peer report, by name: for each verdict, the board that shows it
    (``KEY.yaml``, the minimal board of its largest group; ``KEY-cards.yaml``, its board of real cards) and
    each as the peer's own input (``KEY.state.json``, ``KEY-cards.state.json``: for phase, the game state its
    ``load_game`` takes), when the peer can say what that is (``native_input``)."""
    from diffcheck.boards.loading import board_from_data
    from engines import get_engine

    run = run if isinstance(run, Run) else load_run(run)
    verdicts = verdicts if verdicts is not None else load_verdicts(run.new)
    engine = get_engine(run.new)
    native = getattr(engine, "native_input", None)
    files: dict[str, str] = {}
    for verdict, groups in _shown(run, verdicts):
        boards = {}
        if groups:
            boards[verdict.key] = groups[0]["board"]
        if verdict.cards is not None:
            boards[f"{verdict.key}-cards"] = dict(verdict.cards)
        for name, data in boards.items():
            files[f"{name}.yaml"] = board_yaml(data) + "\n"
            if native is not None:
                state = native(board_from_data(dict(data), name))
                files[f"{name}.state.json"] = json.dumps(state, indent=1, sort_keys=True) + "\n"
    return files


def _boards(groups: Sequence[Mapping[str, Any]]) -> int:
    return sum(g["count"] for g in groups)


def _introduction(run: Run, verdicts: Verdicts, shown, files: str) -> list[Block]:
    info, peer = run.info, run.new
    about = (info.get("engine_versions") or {}).get(peer) or {}
    today = (info.get("engine_versions") or {}).get(run.old) or {}
    what = about.get("description") or peer
    source = about.get("source") or {}
    if source:
        what += (f". The engine: {source['engine']}, commit {source['commit']} of {source['repository']} "
                 f"(as {source['package']} records it)")
    facts = (f"Seed {info['seed']}: {info['boards_done']:,} generated boards tried, "
             f"{info.get('divergent_boards', 0):,} of them divergent between {run.old} and {peer}, in "
             f"{counted(len(run.groups), 'group')} of minimal boards.")
    if taken_text(info):
        facts += f" {taken_text(info)}."
    if info.get("engine_errors"):
        facts += f" {errors_text(info)}."
    tally: dict[str, int] = {}
    for verdict, _groups in shown:
        tally[verdict.verdict] = tally.get(verdict.verdict, 0) + 1
    judged = ", ".join(counted(n, _kind(kind, peer).replace("open", "open case")) for kind, n in tally.items())
    return [
        Paragraph(f"{peer}: {what}. Today's rules ({run.old}): {today.get('description') or run.old}."),
        Paragraph(facts),
        Paragraph(f"Each kind of difference has a verdict, made against {peer} {verdicts.version} ({judged}): "
                  "whose bug it is, the rules that decide it (numbered as in today's document), and, for the "
                  "engine's maintainers, the board of the run that shows it most often, with both answers. "
                  f"The command diffcheck peer {peer} regenerates this report from the same seed and budget, with "
                  f"{peer} installed (pip install 'diffcheck[{peer}]'); the verdicts are in "
                  f"diffcheck/reports/verdicts/{peer}.yaml."),
        Paragraph(f"To reproduce a verdict: each gives one command, run on its board, which is committed in "
                  f"{files}/ beside this report (KEY.yaml) with the same board as {peer}'s own input "
                  f"(KEY.state.json), for running it in {peer} without diffcheck"
                  + (":" if about.get("native_hint") else ".")),
        Code(f"diffcheck diff {files}/KEY.yaml --from {run.old} --to {peer}"
             + (f"\n{about['native_hint'].replace('KEY', files + '/KEY')}" if about.get("native_hint") else ""),
             "sh"),
        Paragraph(f"Real cards are named by their Oracle names; in {peer}'s input each is written as {peer}'s own "
                  f"card loader writes its abilities (tests/peers/test_{peer}.py compares the two, ability by "
                  "ability)."),
    ]


def _kind(kind: str, peer: str) -> str:
    """A verdict's kind as the report says it: an engine bug is the peer's ("phase bug")."""
    return kind.replace("engine", peer)


def _overview(shown, peer: str) -> Table:
    rows = tuple(
        (str(n), _kind(v.verdict, peer), v.title, ", ".join(v.rules),
         f"{_boards(groups):,} in {counted(len(groups), 'group')}" if groups else "not in the run")
        for n, (v, groups) in enumerate(shown, start=1))
    return Table(("#", "verdict", "what", "rules", "divergent boards"), rows)


def _verdict_section(verdict: Verdict, groups: Sequence[Mapping[str, Any]], run: Run, sides: Sides,
                     files: str) -> list[Block]:
    old, peer = run.old, run.new
    blocks: list[Block] = [Heading(2, verdict.title),
                           Paragraph(f"Verdict: {_kind(verdict.verdict, peer)}. Rules: {', '.join(verdict.rules)}.")]
    if verdict.ruling:
        blocks.append(Paragraph(f"Ruling: {verdict.ruling}"))
    blocks += [Paragraph(f"Expected: {verdict.expected}"), Paragraph(f"Actual: {verdict.actual}")]
    if verdict.printed:
        blocks.append(Paragraph(f"Printed cards: {verdict.printed}"))
    if verdict.not_in_run:
        blocks.append(Paragraph(verdict.not_in_run))
    if groups:  # the largest group first: the form of the bug a game meets most often
        first = groups[0]
        blocks += [
            Paragraph(f"{counted(_boards(groups), 'divergent board')} of the run, in {counted(len(groups), 'group')}, "
                      f"showed it. The minimal board of the largest group (take anything away and the difference "
                      f"goes; {counted(first['count'], 'board')} shrank to it):"),
            Code(board_yaml(first["board"]), "yaml"),
            Table(("object", "characteristic", f"expected ({old})", f"actual ({peer})"),
                  tuple(differing_rows(first["board"], first["outcomes"][old], first["outcomes"][peer]))),
            *_reproduce(verdict.key, old, peer, files),
        ]
    if verdict.cards is not None:
        blocks += _with_cards(verdict, sides, files)
    if len(groups) > 1:
        blocks.append(Paragraph("The other minimal boards that show it:"))
        blocks += [witness_fold(g, n, sides) for n, g in enumerate(groups[1:], start=2)]
    return blocks


def _with_cards(verdict: Verdict, sides: Sides, files: str) -> list[Block]:
    """A board of real cards, evaluated now by both engines: the same bug where a player would meet it."""
    from diffcheck.boards.loading import board_from_data
    from engines import get_engine

    data = verdict.cards
    board = board_from_data(dict(data), "verdicts")
    x, y = (get_engine(name).evaluate(board) for name in (sides.old, sides.new))
    rows = tuple(differing_rows(data, x, y))
    cards = sorted({o["card"] for o in data.get("objects", ()) if "card" in o})
    blocks: list[Block] = [Heading(3, "With real cards"), Paragraph(f"The cards, by their Oracle names: "
                                                                   f"{', '.join(cards)}."),
                           Code(board_yaml(data), "yaml")]
    command = _reproduce(f"{verdict.key}-cards", sides.old, sides.new, files)
    if rows:
        return blocks + [Table(("object", "characteristic", f"expected ({sides.old})", f"actual ({sides.new})"),
                               rows), *command]
    return blocks + [Paragraph(f"Here {sides.new} answers as today's rules do."), *command]


def _reproduce(name: str, old: str, peer: str, files: str) -> list[Block]:
    """The command that shows a committed board's difference, and where the peer's own input for it is."""
    return [Paragraph(f"Reproduce ({peer}'s own input: {files}/{name}.state.json):"),
            Code(f"diffcheck diff {files}/{name}.yaml --from {old} --to {peer}", "sh")]
