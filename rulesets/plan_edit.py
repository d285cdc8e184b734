"""Editing a ruleset's layer plan: the moves a rule change makes (insert a sublayer, move a kind of part).

After a change, sublayers nothing is placed in are dropped and the rest renumbered the way
the documents number them: layers 1..n, the P/T layer's sublayers lettered a, b, c...; the
stages of the rules before October 2003, which no document numbers, 1..n in order.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from rulesets.model import Ruleset, Sublayer
from rulesets.record import replace

PT_KINDS = ("pt_set", "pt_modify", "pt_switch")


def with_plan(r: Ruleset, sublayers: list[Sublayer], placement: dict, counters: str | None = None) -> Ruleset:
    """The ruleset with a new plan; sublayers nothing is placed in are dropped, the rest renumbered."""
    counters = counters or r.counters_sublayer
    used = set(placement.values()) | {counters}
    sublayers = [s for s in sublayers if s.key in used]
    renamed = {s.key: str(n) for n, s in enumerate(sublayers, 1)} if r.stages else numbering(
        sublayers, placement, counters)
    return replace(
        r,
        sublayers=tuple(replace(s, key=renamed[s.key]) for s in sublayers),
        placement=MappingProxyType({k: renamed[v] for k, v in placement.items()}),
        counters_sublayer=renamed[counters],
    )


def numbering(sublayers: list[Sublayer], placement: dict, counters: str) -> dict[str, str]:
    """Layers 1..n for the sublayers before P/T, then n+1 a, b, c... for the P/T sublayers (418.5a, 613.1)."""
    pt = {v for (kind, _), v in placement.items() if kind in PT_KINDS} | {counters}
    names, layer, letter = {}, 0, 0
    for s in sublayers:
        if s.key in pt:
            if letter == 0:
                layer += 1
            names[s.key] = f"{layer}{'abcdefgh'[letter]}"
            letter += 1
        else:
            layer += 1
            names[s.key] = str(layer)
    return names


def insert_after(sublayers: list[Sublayer], after: str, new: Sublayer) -> list[Sublayer]:
    i = next(n for n, s in enumerate(sublayers) if s.key == after)
    return sublayers[: i + 1] + [new] + sublayers[i + 1:]


def insert_before(sublayers: list[Sublayer], before: str, new: Sublayer) -> list[Sublayer]:
    i = next(n for n, s in enumerate(sublayers) if s.key == before)
    return sublayers[:i] + [new] + sublayers[i:]


def move(placement: dict, kind: str, origins: Iterable[str], to: str) -> dict:
    out = dict(placement)
    for origin in origins:
        if (kind, origin) in out:
            out[(kind, origin)] = to
    return out


MODIFY = "modify"  # the key a new modifying sublayer is made under, before renumbering


def modify_sublayer(r: Ruleset) -> str | None:
    """A sublayer before counters that holds modifying effects and nothing else (2009 7c), if any."""
    keys = [s.key for s in r.sublayers]
    for key in keys[: keys.index(r.counters_sublayer)]:
        if {kind for (kind, _), where in r.placement.items() if where == key} == {"pt_modify"}:
            return key
    return None
