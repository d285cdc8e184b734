"""``diffcheck timeline``: the whole chain of editions as one document, rule change by rule change.

For each edition after the first, a run (``diffcheck.search.harness``) compares it with the edition
before, twice: on generated boards of the whole board vocabulary and on boards of catalogue
cards only, so a witness can be told with real cards where the catalogue can express it.
Each run's findings (``diffcheck.search.findings``) give, for every rule change, how many divergent
boards showed it alone and its smallest witnesses; witnesses of cards come first. A rule
change no generated board shows is shown by a hand-made board (``diffcheck/witnesses/``,
checked by the tests to show it), or says why no board in the format can.

The document is built as blocks (``diffcheck.reports.document``) and rendered as GitHub Markdown or
one self-contained HTML page with a picture of the timeline (``diffcheck.reports.picture``). Like the
changelogs, it depends only on the seed and budgets, never on timings or jobs.
"""

from __future__ import annotations

import tempfile
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from diffcheck.catalogue import expand_board
from diffcheck.pyyaml import yaml
from diffcheck.reports.changelog import change_heading
from diffcheck.reports.document import Block, Contents, Heading, List, Paragraph, Picture, slug
from diffcheck.reports.picture import Mark, timeline_svg
from diffcheck.reports.witness import Sides, witness_fold
from diffcheck.search.cluster import Cluster
from diffcheck.search.harness import Harness, RunConfig
from diffcheck.search.rundir import counted
from diffcheck.search.worker import boards_ahead
from engines.board import Board
from rulesets.changes import RuleChange
from rulesets.editions import EDITIONS, Edition, resolve

SEED = 2026
BOARDS = 1_500  # per edition pair and generator: the committed timeline's budget
GENERATORS = ("cards", "small")  # witnesses of real cards first
WITNESSES = 3
HAND_MADE = Path(__file__).parent.parent / "witnesses"  # <rule change key>.yaml: a board that shows it

# Rule changes no board in the format can show, and why (one plain sentence each).
CANNOT_SHOW: dict[str, str] = {
    "counters-on-cards": (
        "On its own it changes no answer: a creature card's counters count from 2011-06, but the layers apply "
        "them in their own sublayer (7d, 613.3d), after every effect that could read the card's P/T; they show "
        "once counters join the modifying effects in 7c (counters-with-modifiers, 2020-04), where Phyrexian "
        "Ingester reading an exiled Skullbriar with a +1/+1 counter gets +2/+2 instead of +1/+1."
    ),
}


@dataclass
class Shown:
    """What the runs found of one rule change: boards that showed it alone, its witnesses (groups),
    and the other changes it showed together with."""

    count: int = 0
    witnesses: list[dict] = field(default_factory=list)
    together: dict[tuple[str, ...], int] = field(default_factory=dict)
    hand_made: dict | None = None


@dataclass(frozen=True)
class Span:
    """The editions a timeline covers, each with the one before it (None for the first)."""

    pairs: tuple[tuple[Edition | None, Edition], ...]


def span(start: str | None = None, end: str | None = None) -> Span:
    """The editions from ``start`` to ``end`` (edition names, aliases or dates), oldest first."""
    first = resolve(start)[0] if start else EDITIONS[0]
    last = resolve(end)[0] if end else EDITIONS[-1]
    if first.since > last.since:
        raise ValueError(f"--from {start} comes after --to {end}")
    chosen = [e for e in EDITIONS if first.since <= e.since <= last.since]
    pairs = []
    for edition in chosen:
        index = EDITIONS.index(edition)
        pairs.append((EDITIONS[index - 1] if index else None, edition))
    return Span(tuple(pairs))


def gather(chosen: Span, boards: int = BOARDS, seed: int = SEED, jobs: int = 2,
           on_pair: Callable[[str], None] | None = None, cluster: Cluster | None = None) -> dict[str, Shown]:
    """Run every edition pair of the span that has rule changes; what each change showed. With a cluster
    (``diffcheck.search.cluster``), every run goes to its workers."""
    pairs = [(before, edition) for before, edition in chosen.pairs if before is not None and edition.changes]
    # Every pair tries the same boards of each generator: made once, before the pairs' runs (``boards_ahead``), for
    # this machine's workers; a cluster's make their own.
    runs = {}
    for generator in GENERATORS:
        with boards_ahead(seed, boards, generator) if cluster is None else nullcontext():
            for before, edition in pairs:
                if on_pair:
                    on_pair(f"{before.key} -> {edition.key}, {generator} boards")
                runs[before.key, generator] = _run(before.key, edition.key, generator, boards, seed, jobs, cluster)
    shown: dict[str, Shown] = {}
    for before, edition in pairs:
        for generator in GENERATORS:
            findings, groups = runs[before.key, generator]
            by_signature = {g["signature"]: g for g in groups}
            for finding in findings:
                if finding["finding"] in edition.changes:
                    found = shown.setdefault(finding["finding"], Shown())
                    found.count += finding["count"]
                    found.witnesses += [by_signature[s] | {"engines": (before.key, edition.key)}
                                        for s in finding["witnesses"] if s in by_signature]
                for combination in finding["combinations"]:
                    explanations = [e for e in finding["explanations"] if tuple(e["changes"]) == tuple(combination)]
                    for key in combination:
                        found = shown.setdefault(key, Shown())
                        found.together[tuple(combination)] = (found.together.get(tuple(combination), 0)
                                                              + sum(e["count"] for e in explanations))
    for found in shown.values():
        found.witnesses = found.witnesses[:WITNESSES]  # cards first, then each run's smallest first
    for before, edition in chosen.pairs:
        for key in edition.changes:
            found = shown.setdefault(key, Shown())
            if not found.witnesses:
                found.hand_made = hand_made(key)
    return shown


def _run(old: str, new: str, generator: str, boards: int, seed: int, jobs: int,
         cluster: Cluster | None = None) -> tuple[list[dict], list[dict]]:
    with tempfile.TemporaryDirectory() as work:
        harness = Harness(RunConfig((old, new), seed, boards, None, jobs, generator=generator), Path(work) / "run",
                          cluster=cluster)
        harness.run()
        return harness.findings(), harness.groups()


def hand_made(key: str) -> dict | None:
    """The hand-made witness board of a rule change, if the repository has one."""
    path = HAND_MADE / f"{key}.yaml"
    if not path.is_file():
        return None
    return yaml.safe_load(path.read_text(encoding="utf-8"))


# ---------------------------------------------------------------- the document


TITLE = "How the layer rules changed, 1999 to 2026"


def document(chosen: Span, shown: Mapping[str, Shown], boards: int = BOARDS, seed: int = SEED) -> list[Block]:
    """The timeline as blocks: an introduction, the picture, contents, then edition by edition."""
    first, last = chosen.pairs[0][1], chosen.pairs[-1][1]
    title = TITLE if (first, last) == (EDITIONS[0], EDITIONS[-1]) else (
        f"How the layer rules changed, {first.since[:4]} to {last.since[:4]}")
    blocks: list[Block] = [
        Heading(1, title),
        Paragraph(
            f"Every edition of the rules on continuous effects from {first.key} ({first.since}) to {last.key} "
            f"({last.since}{_newest(last)}), and every rule change between them, in date order. For each change: "
            f"the date and "
            f"the document it first appears in, the old and the new rule numbers, one sentence on what "
            f"changed, how many divergent boards showed it, and up to {WITNESSES} witnesses: the smallest "
            f"boards that show it, with only the characteristics that differ and why, told from both "
            f"editions' traces."
        ),
        Paragraph(
            f"How the boards were counted: for each edition, {boards:,} generated boards of real catalogue "
            f"cards and {boards:,} of the whole board vocabulary (seed {seed}) were evaluated under it and "
            f"under the edition before; a board showed a change when this change alone, applied to the "
            f"older rules, turns one of its differences into the newer value. Counts are of one budget, "
            f"for comparing changes, not of how often a game meets them."
        ),
        _picture(chosen, shown),
        Contents(2),
    ]
    for before, edition in chosen.pairs:
        blocks += _edition(before, edition, shown)
    return blocks


def _newest(edition: Edition) -> str:
    """For the edition in force today, the document its rules are in today (``current``): not its first."""
    if edition.until is not None or not edition.documents:
        return ""
    return f"; today, the {edition.documents[-1]}"


def _picture(chosen: Span, shown: Mapping[str, Shown]) -> Picture:
    editions = [(e.since, e.key) for _, e in chosen.pairs]
    marks = [Mark(e.since, f"{c.key} ({shown.get(c.key, Shown()).count:,})", shown.get(c.key, Shown()).count, slug(c.title))
             for _, e in chosen.pairs for c in e.rule_changes]
    counted = ", ".join(f"{c.key} {shown.get(c.key, Shown()).count:,}" for _, e in chosen.pairs
                        for c in e.rule_changes)
    alt = (f"A timeline of the editions ({', '.join(k for _, k in editions)}) with each rule change marked at "
           f"its edition's date, sized by the divergent boards that showed it: {counted}.")
    return Picture(timeline_svg(editions, marks, "Rule changes of the layer rules by date"), alt)


def _edition(before: Edition | None, edition: Edition, shown: Mapping[str, Shown]) -> list[Block]:
    documents = edition.documents
    first = documents[0] if documents else None
    blocks: list[Block] = [
        Heading(2, f"{edition.key}: {edition.title}"),
        Paragraph(f"In force from {edition.since}" + (f", first in the {first}" if first else "")
                  + (f"; until {edition.until}." if edition.until else
                     f"; in force today, in the {documents[-1]}, today's rules." if documents else
                     "; in force today.")),
    ]
    for start, end in edition.archive_gaps:
        blocks.append(Paragraph(f"The archive holds no document from {start} to {end}."))
    if before is None:
        blocks.append(Paragraph("The first edition of the chain: the rules every later change is measured from."))
    elif not edition.changes:
        blocks.append(Paragraph(f"No rule change from {before.key} changes the answer on any board"
                                + (": what its documents changed is listed below." if edition.not_expressible
                                   else "; its documents reword and renumber the rules.")))
    for change in edition.rule_changes:
        blocks += _change(change, before, edition, shown.get(change.key, Shown()))
    if edition.not_expressible:
        blocks.append(Paragraph("Differences from the edition before that no board in the format can show:"))
        blocks.append(List(tuple(f"Old: {i.old_rule}. New: {i.new_rule}. {i.summary}" for i in edition.not_expressible)))
    return blocks


def _change(change: RuleChange, before: Edition, edition: Edition, found: Shown) -> list[Block]:
    first = edition.documents[0] if edition.documents else edition.key
    blocks = change_heading(change, 3, f"{edition.since}, {first}. ")
    together = "; ".join(f"with {' + '.join(k for k in combo if k != change.key)}, {n:,}"
                         for combo, n in sorted(found.together.items()))
    blocks.append(Paragraph(f"{counted(found.count, 'divergent board')} showed it alone" + (f"; differences it explains only together with other changes: {together}."
                                       if together else ".")))
    sides = Sides.of(before.key, edition.key)
    for n, g in enumerate(found.witnesses, start=1):
        blocks.append(witness_fold(g, n, sides))
    if not found.witnesses:
        if found.hand_made is not None:
            blocks.append(Paragraph(f"No generated board showed it alone; a hand-made board does "
                                    f"(diffcheck/witnesses/{change.key}.yaml):"))
            blocks.append(witness_fold(_hand_made_group(found.hand_made, sides), 1, sides))
        elif change.key in CANNOT_SHOW:
            blocks.append(Paragraph(CANNOT_SHOW[change.key]))
    return blocks


def _hand_made_group(data: Mapping[str, Any], sides: Sides) -> dict:
    """A hand-made board in the shape of a run's group, evaluated by both editions."""
    board = Board.from_dict(expand_board(dict(data["board"])))
    old, new = sides.engines
    return {"board": data["board"], "outcomes": {sides.old: old.evaluate(board), sides.new: new.evaluate(board)}}


def summary(chosen: Span, shown: Mapping[str, Shown], boards: int = BOARDS, seed: int = SEED) -> dict[str, Any]:
    """What a timeline of ``chosen`` tells, as data (``diffcheck timeline --json``): its span, its budget (boards
    per edition and generator, seed), and every rule change in date order with its edition, the divergent boards
    that showed it alone, those it explains only together with other changes, and its witnesses (generated, or
    one hand-made, or none where no board can show it)."""
    changes = []
    for _, edition in chosen.pairs:
        for change in edition.rule_changes:
            found = shown.get(change.key, Shown())
            changes.append({
                "change": change.key, "title": change.title, "edition": edition.key, "date": edition.since,
                "divergent_boards": found.count,
                "together": [{"changes": list(combination), "divergent_boards": n}
                             for combination, n in sorted(found.together.items())],
                "witnesses": len(found.witnesses) or (1 if found.hand_made is not None else 0),
                "hand_made": not found.witnesses and found.hand_made is not None,
                "no_board_can_show": not found.witnesses and found.hand_made is None and change.key in CANNOT_SHOW,
            })
    return {
        "from": chosen.pairs[0][1].key, "to": chosen.pairs[-1][1].key,
        "editions": [edition.key for _, edition in chosen.pairs],
        "budget": {"boards": boards, "seed": seed, "generators": list(GENERATORS)},
        "changes": changes,
    }


def timeline(start: str | None = None, end: str | None = None, boards: int = BOARDS, seed: int = SEED,
             jobs: int = 2, on_pair: Callable[[str], None] | None = None,
             cluster: Cluster | None = None) -> list[Block]:
    """Gather and build: the timeline of the editions from ``start`` to ``end``, as blocks; with a cluster, its
    runs on the cluster's workers (the same document)."""
    chosen = span(start, end)
    return document(chosen, gather(chosen, boards, seed, jobs, on_pair, cluster), boards, seed)
