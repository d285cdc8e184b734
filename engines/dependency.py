"""Two pure helpers of dependency (418.5c-d / 613.7): what a trial changed, and dependency loops."""

from __future__ import annotations

from engines.plan import ABILITIES, COLORS, CONTROLLER, COPIABLE, EXIST, LAND, PT, TEXT, TYPES
from engines.state import Instance, Obj


def changed_bits(before: Obj, after: Obj) -> int:
    """Which characteristics (plan bits) differ between two versions of one object."""
    bits = 0
    if before.types != after.types or before.subtypes != after.subtypes or before.supertypes != after.supertypes:
        bits |= TYPES
        if ("land" in before.types) != ("land" in after.types):
            bits |= LAND
    if before.colors != after.colors:
        bits |= COLORS
    if before.keywords != after.keywords or before.statics is not after.statics:
        bits |= ABILITIES | EXIST | TEXT
    if before.controller != after.controller:
        bits |= CONTROLLER
    if before.power != after.power or before.toughness != after.toughness:
        bits |= PT
    if before.name != after.name or before.mana_value != after.mana_value:
        bits |= COPIABLE
    return bits


def strongly_connected(units: list[Instance], deps: dict) -> dict:
    """Tarjan's algorithm over 'depends on' edges: unit key -> the set of keys in its loop."""
    index: dict = {}
    low: dict = {}
    stack: list = []
    on_stack: set = set()
    group: dict = {}
    counter = [0]

    def visit(u: Instance) -> None:
        index[u.key] = low[u.key] = counter[0]
        counter[0] += 1
        stack.append(u)
        on_stack.add(u.key)
        for w in deps.get(u, ()):
            if w.key not in index:
                visit(w)
                low[u.key] = min(low[u.key], low[w.key])
            elif w.key in on_stack:
                low[u.key] = min(low[u.key], index[w.key])
        if low[u.key] == index[u.key]:
            members = set()
            while True:
                w = stack.pop()
                on_stack.discard(w.key)
                members.add(w.key)
                if w is u:
                    break
            for k in members:
                group[k] = members

    for u in units:
        if u.key not in index:
            visit(u)
    return group
