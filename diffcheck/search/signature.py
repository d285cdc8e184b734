"""What a divergence is about: the characteristics that differ and the kinds of effect part involved.

Two keys are computed from a divergent board:

- ``signature`` (of a *minimal* board): which characteristics differ, and every effect part
  on the board described by kind, operation and origin, with the sublayer each built-in
  ruleset puts it in. Minimal boards with one signature are one finding.
- ``triage_key`` (of a *raw* generated board): which characteristics differ, and which
  part kinds are present among those whose layer order differs between the two engines.
  Shrinking every divergent board would cost more than generating it, so a run shrinks the
  first board of each triage key and counts the later ones with it (a bounded number of
  keys: the differing characteristics times the subsets of the moved kinds).
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterable

from diffcheck.search.divergence import differing
from engines.board import counter_pt_change
from rulesets import CR418, CR613, ORIGINS, PART_KINDS, Ruleset

COUNTERS = "counters"


def widen(names: Iterable[str]) -> list[str]:
    """Characteristic names, with power and toughness always together.

    Which of the two differs depends on values a shrinker is free to change (+1/+0 against
    +0/+1), so a finding is about P/T, not about one half of it.
    """
    found = set(names)
    if found & {"power", "toughness"}:
        found |= {"power", "toughness"}
    return sorted(found)


def _shown(names: Iterable[str]) -> str:
    found = set(names)
    shown = sorted(found - {"power", "toughness"})
    if found & {"power", "toughness"}:
        shown.append("P/T")
    return ", ".join(shown)


def _body_parts(body: dict, origin: str) -> Iterable[tuple[str, str, str]]:
    """(kind, detail, origin) for each part of an effect body, recursing into granted abilities."""
    if "copy" in body:
        yield "copy", "copy", origin
    if "control" in body:
        yield "control", "control", origin
    if "change_text" in body:
        yield "text", "change_text", origin
    for characteristic in ("types", "subtypes", "supertypes"):
        if characteristic in body:
            (op,) = body[characteristic]
            yield "type", f"{characteristic}.{op}", origin
    if "colors" in body:
        (op,) = body["colors"]
        yield "color", f"colors.{op}", origin
    if "abilities" in body:
        spec = body["abilities"]
        for op in ("remove_all", "remove"):
            if op in spec:
                yield "ability", f"abilities.{op}", origin
        for item in spec.get("add", ()):
            if isinstance(item, str):
                yield "ability", "abilities.add", origin
            else:
                yield "ability", "abilities.add(static)", origin
                yield from _body_parts(item, "granted")
    pt = body.get("pt", {})
    for op, kind in (("set", "pt_set"), ("modify", "pt_modify"), ("switch", "pt_switch")):
        if op in pt:
            values = pt[op] if op != "switch" else []
            how = "".join(sorted({"(count)" if isinstance(v, dict) else "(mana value)" for v in values
                                  if not isinstance(v, int)}))
            yield kind, f"pt.{op}{how}", origin


def board_parts(board: dict) -> list[tuple[str, str, str]]:
    """Every part on a board as (kind, detail, origin); counters as their own entry."""
    parts: list[tuple[str, str, str]] = []
    for o in board.get("objects", ()):
        for ability in o.get("static", ()):
            parts.extend(_body_parts(ability, "cda" if ability.get("cda") else "static"))
        if any(n and counter_pt_change(k) is not None for k, n in o.get("counters", {}).items()):
            parts.append((COUNTERS, COUNTERS, ""))
    for effect in board.get("effects", ()):
        parts.extend(_body_parts(effect, "resolved"))
    return parts


def _placement(ruleset: Ruleset, kind: str, origin: str) -> str:
    """Where a kind of part applies: a layer or sublayer key, or before October 2003 ``s`` and a stage."""
    if kind == COUNTERS:
        key = ruleset.counters_sublayer
    else:
        where = "static" if origin == "granted" else origin
        key = ruleset.placement.get((kind, where)) or ruleset.placement[(kind, "static")]
    return f"s{key}" if getattr(ruleset, "stages", False) else key


KIND_WORDS = {
    "copy": "copy", "control": "control", "text": "text change", "type": "type change",
    "color": "color change", "ability": "ability change", "pt_set": "P/T set", "pt_modify": "P/T modify",
    "pt_switch": "P/T switch", COUNTERS: "counters",
}


def signature(board: dict, a: dict, b: dict, moved: frozenset[tuple[str, str]],
              layers: tuple[Ruleset, ...] = ()) -> str:
    """A minimal board's finding: what differs, and the moved kinds of part on it, with their layers.

    Parts whose layer order did not move between the engines (a copy or type change that
    only makes something a creature) enable a divergence without causing it, so they are
    left out, as are operations and values: the group's minimal board shows them. Layers
    are those of ``layers``: the two engines' rulesets (``[6b->7c]``), or the one ruleset of an
    edition compared with an engine that has none (``[7c]``); cr418's and cr613's when neither has one.
    """
    names = _shown(name for _, name, _, _ in differing(a, b))
    parts = [(kind, origin) for kind, _, origin in board_parts(board)]
    causes = [(k, o) for k, o in parts if (k, "static" if o == "granted" else o) in moved] or parts
    rulesets = layers or (CR418, CR613)
    described = sorted({
        f"{origin + ' ' if origin else ''}{KIND_WORDS[kind]} "
        f"[{'->'.join(_placement(r, kind, origin) for r in rulesets)}]"
        for kind, origin in causes
    })
    return f"{names} | {'; '.join(described)}"


def moved_kinds(old: Ruleset | None, new: Ruleset | None) -> frozenset[tuple[str, str]]:
    """(kind, origin) pairs whose order against some other pair differs between two rulesets.

    With an engine that has no ruleset (an outside engine), every pair counts as moved.
    """
    if old is None or new is None:
        return frozenset([(k, o) for k in PART_KINDS for o in ORIGINS] + [(COUNTERS, "")])
    pairs = [(k, o) for k in PART_KINDS for o in ORIGINS if (k, o) in old.placement and (k, o) in new.placement]
    pairs.append((COUNTERS, ""))

    def position(r: Ruleset, pair: tuple[str, str]) -> int:
        keys = [s.key for s in r.sublayers]
        kind, origin = pair
        return keys.index(r.counters_sublayer if kind == COUNTERS else r.placement[(kind, origin)])

    moved = set()
    for p, q in combinations(pairs, 2):
        a = position(old, p) - position(old, q)
        b = position(new, p) - position(new, q)
        if (a > 0) - (a < 0) != (b > 0) - (b < 0):
            moved |= {p, q}
    # Characteristic-defining abilities are ordered and take part in dependency differently
    # (418.5a, 418.5d against 613.2, 613.7a(c)) even where their layer does not move.
    moved |= {p for p in pairs if p[1] == "cda"}
    # Editions that differ in how the machine treats any effect (not in where it goes): every part counts.
    if any(getattr(old, f) != getattr(new, f) for f in _MACHINE_FLAGS):
        moved |= set(pairs)
    return frozenset(moved)


_MACHINE_FLAGS = ("type_effects_whole", "grant_timestamps", "reevaluate_loops", "land_types_set_always",
                  "dependency_across_stages", "text_changes_creature_types")


def triage_key(board: dict, differing: Iterable[str], moved: frozenset[tuple[str, str]]) -> str:
    """A raw divergent board's key: its differing characteristics and the moved part kinds on it."""
    present = sorted({
        f"{origin}:{kind}" for kind, _, origin in board_parts(board)
        if (kind, "static" if origin == "granted" else origin) in moved
    })
    return f"{_shown(differing)}|{','.join(present)}"
