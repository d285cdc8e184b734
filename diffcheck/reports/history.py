"""``diffcheck history``: one board under every edition, 1999 to today.

The question a rules historian asks first of a board: when did its answer change, and why? The board
is evaluated under each edition of the chain (``rulesets.editions.EDITIONS``); editions in a row that
give the same answer make one *span* of dates; at each boundary between spans, the characteristics
that change are listed with the rule changes of the later edition that explain them (the bisect of the
two adjacent editions, ``diffcheck.search.attribution``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from diffcheck.reports.witness import differing_rows, object_names, value
from diffcheck.search.attribution import bisect
from diffcheck.search.findings import differences
from diffcheck.search.rundir import counted
from engines import get_engine
from engines.board import Board
from rulesets.changes import BY_KEY
from rulesets.editions import EDITIONS, Edition

__all__ = ["Boundary", "History", "Span", "history"]


@dataclass(frozen=True)
class Span:
    """Editions in a row that give the board the same answer, and the dates they were in force."""

    editions: tuple[str, ...]
    since: str
    until: str | None  # None: still in force
    outcome: Mapping[str, Any]

    def keys(self) -> str:
        """``1999-04 to 2003-10``, or one edition's key."""
        first, last = self.editions[0], self.editions[-1]
        return first if first == last else f"{first} to {last}"

    def named(self) -> str:
        return f"edition {self.keys()}" if len(self.editions) == 1 else f"editions {self.keys()}"


@dataclass(frozen=True)
class Change:
    """One characteristic of one object that changes at a boundary."""

    object: str  # as a judge names it: the card's name, with its id where needed
    characteristic: str
    before: str
    after: str


@dataclass(frozen=True)
class Boundary:
    """Where the answer changes: the edition before, the edition after, what changes and why."""

    before: str
    after: str
    since: str  # the date the later edition took effect
    changes: tuple[Change, ...]
    rule_changes: tuple[tuple[str, str, str], ...]  # (key, title, "old rule -> new rule") that explain it
    explained: bool  # False: no set of the later edition's changes gives its answer


@dataclass(frozen=True)
class History:
    spans: tuple[Span, ...]
    boundaries: tuple[Boundary, ...]  # boundaries[i] lies between spans[i] and spans[i + 1]
    names: Mapping[str, str]  # object id -> its name for people

    def to_json(self) -> dict[str, Any]:
        return {
            "changing": [{"object": self.names.get(oid, oid), "characteristic": c,
                          "values": [cell(s, oid, c) for s in self.spans]} for oid, c in changing(self)],
            "spans": [{"editions": list(s.editions), "in_force_from": s.since, "in_force_until": s.until,
                       "objects": s.outcome["objects"]} for s in self.spans],
            "boundaries": [{"before": b.before, "after": b.after, "in_force_from": b.since,
                            "changes": [{"object": c.object, "characteristic": c.characteristic,
                                         "before": c.before, "after": c.after} for c in b.changes],
                            "rule_changes": [{"key": k, "title": t, "rules": r} for k, t, r in b.rule_changes],
                            "explained": b.explained} for b in self.boundaries],
        }


def history(board: Board) -> History:
    """``board`` under every edition, as spans and boundaries."""
    # Objects named as the board names them (a card's name), for people.
    data = {"objects": [{"id": o.id, "name": o.name} for o in board.objects]}
    answers = [(edition, get_engine(edition.key).evaluate(board)) for edition in EDITIONS]
    spans: list[Span] = []
    boundaries: list[Boundary] = []
    names = object_names(data)
    group: list[tuple[Edition, dict]] = [answers[0]]
    for (previous, before), (edition, after) in zip(answers, answers[1:]):
        if after["objects"] == before["objects"]:
            group.append((edition, after))
            continue
        spans.append(_span(group))
        boundaries.append(_boundary(board, data, previous, before, edition, after))
        group = [(edition, after)]
    spans.append(_span(group))
    return History(tuple(spans), tuple(boundaries), names)


def _span(group: list[tuple[Edition, dict]]) -> Span:
    return Span(tuple(e.key for e, _ in group), group[0][0].since, group[-1][0].until, group[0][1])


def _boundary(board: Board, data: Mapping[str, Any], old: Edition, x: dict, new: Edition, y: dict) -> Boundary:
    rows = differing_rows(data, x, y)
    attribution = bisect(board, get_engine(old.key).ruleset, y, new.rule_changes)
    explaining = tuple((k, BY_KEY[k].title, f"{BY_KEY[k].old_rule} -> {BY_KEY[k].new_rule}")
                       for k in attribution.changes)
    return Boundary(old.key, new.key, new.since, tuple(Change(*row) for row in rows), explaining,
                    attribution.explained)


def changing(h: History) -> list[tuple[str, str]]:
    """The (object id, characteristic) pairs whose value is not the same in every span, in board order."""
    found: list[tuple[str, str]] = []
    for a, b in zip(h.spans, h.spans[1:]):
        found += [d for d in differences(a.outcome, b.outcome) if d not in found]
    order = list(h.names)
    return sorted(found, key=lambda d: (order.index(d[0]) if d[0] in order else len(order), d[1]))


def cell(span: Span, oid: str, characteristic: str) -> str:
    """One characteristic's value in a span, as a table cell (P/T as ``2/2``)."""
    return value(span.outcome["objects"].get(oid), characteristic)


def render_history(h: History, board_name: str, width: int | None = None) -> str:
    """What ``diffcheck history`` prints: the changing characteristics span by span, then each boundary and
    the rule changes behind it."""
    from diffcheck.reports.fit import fitted
    from diffcheck.reports.render import judge_table

    first, last = h.spans[0], h.spans[-1]
    lines = [f"board: {board_name}"]
    editions = sum(len(s.editions) for s in h.spans)
    if len(h.spans) == 1:
        lines += [f"The same answer under all {editions} editions, {first.since} to today:", "",
                  judge_table(first.outcome, width)]
        return "\n".join(lines)
    lines += [f"{editions} editions, {first.since} to today: the answer changes {counted(len(h.boundaries), 'time')}. "
              "What changes, span by span (the editions in force):", ""]
    headers = ["object", "characteristic", *(s.keys() for s in h.spans)]
    rows = [[h.names.get(oid, oid), characteristic, *(cell(s, oid, characteristic) for s in h.spans)]
            for oid, characteristic in changing(h)]
    lines.append(fitted(rows, headers, width, wrap=tuple(range(2, len(headers)))))
    for b in h.boundaries:
        lines += ["", f"From {b.since} (edition {b.after}; before it, {b.before}):"]
        lines += [f"  {c.object}: {c.characteristic} {c.before} -> {c.after}" for c in b.changes]
        if b.rule_changes:
            lines.append("  because of " + ("these rule changes together:" if len(b.rule_changes) > 1 else
                                            "the rule change:"))
            lines += [f"    {key}: {title} ({rules})" for key, title, rules in b.rule_changes]
        elif not b.explained:
            lines.append(f"  no set of edition {b.after}'s rule changes gives its answer from {b.before}'s rules")
    lines += ["", f"In force today ({last.named()}):", judge_table(last.outcome, width)]
    return "\n".join(lines)
