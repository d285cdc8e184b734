"""Findings: which rule changes a divergence shows, and what they change.

A divergent board differs in some characteristics of some objects. For each such
difference (one object, one characteristic, P/T counted as one) the *explanation* is the
smallest set of rule changes that, applied to the old edition's rules, gives that object
the new edition's value for that characteristic: subsets are tried by size, then in the
order of the changes (``rulesets.changes.CHANGES``), so the answer is deterministic.
An ``Explanation`` is that set with the characteristic: "abilities-own-layer changes P/T".

A run's *findings*, its headline, are the explanations gathered by their set of changes:
one finding per rule change that explains differences alone, one for the changes that
only matter together (each set of them listed inside), one for differences no known change
explains. Between two editions there are as many findings as rule changes that show, plus
two at most, and they settle within the first few thousand boards; explanations (a rule
change can reach any characteristic, and rare boards combine changes in new ways) keep
turning up, like the groups of ``diffcheck.search.signature``, so they are the finer keys.

This is ``diffcheck.search.attribution``'s rules bisect, asked per difference instead of for the
whole outcome: a generated board often diverges in two ways at once, for two reasons,
which the whole-outcome bisect would report as two changes that "only matter together".

``showing`` is the shrink predicate that keeps one explanation on a board while it
shrinks, so a run shrinks one board per explanation, not one per kind of board.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Iterable, Mapping

from diffcheck.catalogue import expand_board
from diffcheck.search.attribution import MAX_TOGETHER, hybrid_objects
from diffcheck.search.divergence import differing
from diffcheck.search.reductions import size
from diffcheck.search.shrink import Predicate
from engines.board import Board
from engines.layered import is_layer_machine
from rulesets.changes import CHANGES, RuleChange
from rulesets.model import Ruleset

PT = "P/T"
WITNESSES = 3  # a finding's witnesses: its smallest minimal boards
UNEXPLAINED = "unexplained"  # the finding of differences no set of the known changes explains
TOGETHER = "together"  # the finding of differences that need several changes at once


@dataclass(frozen=True, order=True)
class Explanation:
    """A set of rule changes (in the order they came; empty: none explains it) and what it changes."""

    changes: tuple[str, ...]
    characteristic: str  # an outcome's characteristic name, "P/T" for power and toughness, "object"

    @property
    def key(self) -> str:
        return f"{' + '.join(self.changes) or UNEXPLAINED} | {self.characteristic}"

    @property
    def finding(self) -> str:
        """The finding it belongs to: its one rule change, ``TOGETHER`` or ``UNEXPLAINED``."""
        if len(self.changes) == 1:
            return self.changes[0]
        return TOGETHER if self.changes else UNEXPLAINED

    @classmethod
    def from_key(cls, key: str) -> "Explanation":
        changes, characteristic = key.split(" | ")
        return cls(() if changes == UNEXPLAINED else tuple(changes.split(" + ")), characteristic)


def characteristic_of(name: str) -> str:
    """An outcome's characteristic name as findings count it: power and toughness are one, P/T
    (which of the two differs depends on values a shrinker is free to change)."""
    return PT if name in ("power", "toughness") else name


def differences(x: Mapping[str, Any], y: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Every (object id, characteristic) on which two outcomes differ (``shrink.differing``), P/T as one, sorted."""
    return sorted({(oid, characteristic_of(name)) for oid, name, _a, _b in differing(x, y)})


def _value(objects: Mapping[str, Any], oid: str, characteristic: str) -> Any:
    fields = objects.get(oid)
    if fields is None or characteristic == "object":
        return fields
    if characteristic == PT:
        return fields.get("power"), fields.get("toughness")
    return fields.get(characteristic)


def explain(board: Board, old: Ruleset, new_outcome: Mapping[str, Any], changes: Iterable[RuleChange],
            pending: Iterable[tuple[str, str]],
            old_objects: Mapping[str, Any] | None = None) -> dict[tuple[str, str], tuple[str, ...]]:
    """For each (object id, characteristic) of ``pending``: the first set of ``changes`` (by size,
    then in order) whose hybrid of ``old`` gives it ``new_outcome``'s value; () when none does.
    ``old_objects``: see ``hybrid_objects``."""
    keys = tuple(c.key for c in changes)
    wanted = {pair: _value(new_outcome["objects"], *pair) for pair in pending}
    found: dict[tuple[str, str], tuple[str, ...]] = {}
    known: dict[int, Any] = {}
    for together in range(1, min(len(keys), MAX_TOGETHER) + 1):
        for combo in combinations(keys, together):
            if not wanted:
                return found
            objects = hybrid_objects(board, old, combo, old_objects, known)
            for pair, value in list(wanted.items()):
                if _value(objects, *pair) == value:
                    found[pair] = combo
                    del wanted[pair]
    found.update((pair, ()) for pair in wanted)
    return found


def shown(board: Board, old: Ruleset, x: Mapping[str, Any], y: Mapping[str, Any],
          changes: tuple[RuleChange, ...], machine: bool = False) -> frozenset[Explanation]:
    """The explanations a board shows: those of the differences between ``x`` (old) and ``y`` (new).
    ``machine``: ``x`` is the layer machine's under ``old`` (hybrids it skips are not evaluated)."""
    explained = explain(board, old, y, changes, differences(x, y), x["objects"] if machine else None)
    return frozenset(Explanation(combo, characteristic) for (_oid, characteristic), combo in explained.items())


def showing(a: Any, b: Any, old: Ruleset, changes: tuple[RuleChange, ...], explanation: Explanation) -> Predicate:
    """A shrink predicate: does the board still show ``explanation`` (engines ``a``, old, and ``b``,
    new)?

    It asks only about the differences in the explanation's characteristic, first whether the
    explanation's own subset gives any of them, then whether a subset tried before it explains them
    otherwise, those that did on earlier variants first; so most boards that do not show it cost two
    evaluations and a hybrid or two, and one that does, one hybrid per subset ahead (fewer where the
    static skip answers for one).
    """
    ahead = _ahead(tuple(c.key for c in changes), explanation.changes)  # reordered as the predicate goes (below)
    memo: dict = {}  # the variants of one board share their unchanged abilities and effects
    machine = is_layer_machine(a, old)

    def predicate(data: Mapping[str, Any]) -> bool:
        board = Board.from_dict(expand_board(data), memo)
        x, y = a.evaluate(board), b.evaluate(board)
        pending = [pair for pair in differences(x, y) if pair[1] == explanation.characteristic]
        if not pending:
            return False
        old_objects = x["objects"] if machine else None
        if not explanation.changes:  # unexplained: no subset at all may explain one of them
            return any(combo == () for combo in explain(board, old, y, changes, pending, old_objects).values())
        objects_y = y["objects"]
        known: dict[int, Any] = {}
        # The explanation's own subset first: the differences it does not explain are out whatever the
        # subsets ahead say, and most variants a shrinker tries are rejected here, at one hybrid.
        objects = hybrid_objects(board, old, explanation.changes, old_objects, known)
        wanted = {pair: _value(objects_y, *pair) for pair in pending}
        wanted = {pair: v for pair, v in wanted.items() if _value(objects, *pair) == v}
        # An earlier subset that explains a difference claims it. Which claim does not depend on the order they
        # are asked in, so those that claimed on the variants before are asked first: a variant they reject is
        # rejected sooner.
        for at, combo in enumerate(tuple(ahead)):
            if not wanted:
                return False
            objects = hybrid_objects(board, old, combo, old_objects, known)
            left = {pair: v for pair, v in wanted.items() if _value(objects, *pair) != v}
            if len(left) < len(wanted) and at:
                ahead.insert(0, ahead.pop(at))
            wanted = left
        return bool(wanted)

    predicate.__qualname__ = f"showing({explanation.key})"
    return predicate


def _ahead(keys: tuple[str, ...], target: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The subsets ``explain`` tries before ``target``."""
    out = []
    for together in range(1, len(target) + 1):
        for combo in combinations(keys, together):
            if combo == target:
                return out
            out.append(combo)
    return out


# ---------------------------------------------------------------- a run's headline


_ORDER = {c.key: n for n, c in enumerate(CHANGES)}


def headline(keys: Mapping[str, Mapping], groups: Mapping[str, Mapping], counted: Mapping[str, Mapping]) -> list[dict]:
    """A run's findings, from its state: ``keys`` (explanation -> first board, count, group),
    ``groups`` (signature -> minimal board and the explanations it shows) and ``counted``
    (finding -> divergent boards that show it, first board).

    Each finding lists what it changes (characteristic -> boards), its explanations (each with
    its smallest witness) and up to ``WITNESSES`` witnesses, those of its most frequent
    explanations first. Findings come in the order of the rule changes, then the changes that
    only matter together, then the unexplained.
    """
    shows: dict[str, list[str]] = {}  # explanation -> the groups whose minimal board shows it
    for sig, group in groups.items():
        for key in group.get("explanations") or ():
            shows.setdefault(key, []).append(sig)

    def smallest(sig: str) -> tuple:
        return size(groups[sig]["board"]), groups[sig]["first_board"], sig

    gathered: dict[str, list[dict]] = {}
    for key, entry in keys.items():
        candidates = set(shows.get(key, ())) | ({entry["group"]} if entry["group"] else set())
        explanation = Explanation.from_key(key)
        gathered.setdefault(explanation.finding, []).append({
            "explanation": key, "changes": list(explanation.changes),
            "characteristic": explanation.characteristic, "count": entry["count"],
            "witness": min(candidates, key=smallest) if candidates else None,
        })
    out = []
    for finding, explanations in gathered.items():
        explanations.sort(key=lambda e: (-e["count"], e["explanation"]))
        characteristics: dict[str, int] = {}
        for e in explanations:
            characteristics[e["characteristic"]] = characteristics.get(e["characteristic"], 0) + e["count"]
        witnesses = list(dict.fromkeys(e["witness"] for e in explanations if e["witness"]))
        out.append({
            "finding": finding,
            "changes": [] if finding in (TOGETHER, UNEXPLAINED) else [finding],
            "combinations": sorted({tuple(e["changes"]) for e in explanations if len(e["changes"]) > 1},
                                   key=_change_order),
            "characteristics": dict(sorted(characteristics.items(), key=lambda kv: (-kv[1], kv[0]))),
            "explanations": explanations,
            "count": counted[finding]["count"], "first_board": counted[finding]["first"],
            "witnesses": witnesses[:WITNESSES],
        })
    return sorted(out, key=lambda f: _finding_order(f["finding"]))


def _change_order(changes: tuple[str, ...]) -> tuple:
    return len(changes), [_ORDER.get(c, len(_ORDER)) for c in changes], changes


def _finding_order(finding: str) -> tuple:
    rank = {TOGETHER: 1, UNEXPLAINED: 2}.get(finding, 0)
    return rank, _ORDER.get(finding, len(_ORDER)), finding
