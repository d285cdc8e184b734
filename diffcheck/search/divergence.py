"""When two outcomes differ: which characteristics, the DeepDiff kept with a group, and the predicate "two engines disagree".

A run (``diffcheck.search.harness``) keeps divergent boards; ``diverges`` is the predicate
it shrinks them with, ``differing`` the characteristics that differ, and ``outcomes_diff``
the DeepDiff of the two outcomes that a group stores. ``normalize`` writes an outcome as
plain JSON data, as every command and file does.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from diffcheck.catalogue import expand_board
from engines import get_engine
from engines.board import Board

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:  # only named: judge's output (diffcheck.reports.render) reads normalize, and needs no shrinking
    from typing import Any

    from diffcheck.search.shrink import Predicate
    from engines import Engine

    Data = dict[str, Any]

__all__ = ["diverges", "differing", "outcomes_diff", "normalize"]


def diverges(
    engine_a: str | Engine,
    engine_b: str | Engine,
    *,
    characteristics: frozenset[str] | None = None,
) -> Predicate:
    """A predicate: do two engines' outcomes on the board differ?

    Engines are given by name (``get_engine``) or as engine objects. The predicate builds
    a ``Board`` with ``Board.from_dict`` without schema validation (``shrink`` only passes
    valid boards) and compares the two outcomes' ``objects`` with ``==``. With
    ``characteristics``, it holds only when the set of characteristic names that differ
    (see ``differing``) is non-empty and a subset of ``characteristics``, so that
    shrinking keeps the same kind of divergence (a P/T divergence does not turn into a
    color one on the way down).
    """
    a = get_engine(engine_a) if isinstance(engine_a, str) else engine_a
    b = get_engine(engine_b) if isinstance(engine_b, str) else engine_b
    wanted = None if characteristics is None else frozenset(characteristics)

    memo: dict = {}  # the variants of one board share their unchanged abilities and effects

    def predicate(data: Data) -> bool:
        board = Board.from_dict(expand_board(data), memo)
        outcome_a = a.evaluate(board)
        outcome_b = b.evaluate(board)
        if wanted is None:
            return outcome_a["objects"] != outcome_b["objects"]
        names = {name for _oid, name, _va, _vb in differing(outcome_a, outcome_b)}
        return bool(names) and names <= wanted

    predicate.__qualname__ = f"diverges({getattr(a, 'name', a)}, {getattr(b, 'name', b)})"
    return predicate


def differing(outcome_a: Data, outcome_b: Data) -> list[tuple[str, str, Any, Any]]:
    """Every ``(object_id, characteristic, value_a, value_b)`` that differs, sorted by id and name.

    A characteristic missing from one side counts as ``None`` there. An object present in
    only one outcome gives one row, characteristic ``"object"``, with its whole
    characteristics on that side and ``None`` on the other.
    """
    objects_a, objects_b = outcome_a["objects"], outcome_b["objects"]
    rows: list[tuple[str, str, Any, Any]] = []
    for oid in sorted(set(objects_a) | set(objects_b)):
        if oid not in objects_a or oid not in objects_b:
            rows.append((oid, "object", objects_a.get(oid), objects_b.get(oid)))
            continue
        a, b = objects_a[oid], objects_b[oid]
        for name in sorted(set(a) | set(b)):
            if a.get(name) != b.get(name):
                rows.append((oid, name, a.get(name), b.get(name)))
    return rows


def outcomes_diff(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """DeepDiff of the two outcomes' objects (order kept), as plain JSON data; ``{}`` when equal."""
    from deepdiff import DeepDiff  # imported here: every other command would pay for it at start

    found = DeepDiff(normalize(old["objects"]), normalize(new["objects"]), ignore_order=False)
    return json.loads(found.to_json())


def normalize(value: Any) -> Any:
    """``value`` as plain JSON data: tuples become lists, sets become sorted lists, keys become strings."""
    if isinstance(value, Mapping):
        return {str(k): normalize(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((normalize(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [normalize(v) for v in value]
    return value
