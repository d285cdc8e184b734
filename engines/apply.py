"""Applying one part of one effect to one object: what each kind of part does.

The layer machine decides order and objects; these functions only change an ``Obj``.
"""

from __future__ import annotations

from engines.board import AbilityPart, ColorPart, StaticAbility, TypePart, subtype_set
from engines.plan import Planner
from engines.state import Instance, Obj
from engines.text import swap_ability, swap_set


def copy_onto(o: Obj, target: Obj, unit: Instance, planner: Planner) -> None:
    """Layer 1: ``o`` takes ``target``'s copiable values (503.2 / 706.2), keeping granted abilities.

    The copied static abilities are new abilities of ``o``, created by the copy effect, so
    they take the later of ``o``'s timestamp and the effect's (``copied_ability_timestamp``).
    """
    if o.id == target.id:
        return
    o.name = target.name
    o.mana_value = target.mana_value
    o.types = target.types
    o.subtypes = target.subtypes
    o.supertypes = target.supertypes
    o.colors = target.colors
    o.power = target.power
    o.toughness = target.toughness
    o.keywords = target.keywords
    timestamp = max(o.timestamp, unit.timestamp)
    # Keyed by the printed ability at the root of any chain of copies, so copies that copy
    # again (abilities that make objects copies) yield the same abilities, not new ones without end.
    copied = tuple(
        Instance(
            ("c", o.id, s.key[2] if s.key[0] == "c" else s.key), s.label, s.body, s.plan, o.id, None, timestamp,
            (timestamp, 0, o.position, 1000 + i),
        )
        for i, s in enumerate(x for x in target.statics if not x.granted)
    )
    o.statics = copied + tuple(s for s in o.statics if s.granted)


def change_text(o: Obj, swaps: dict[str, str], planner: Planner) -> None:
    """Layer 3: swap words in the type line, keywords and printed or copied abilities (418.6 / 612)."""
    o.subtypes = swap_set(o.subtypes, swaps)
    o.keywords = swap_set(o.keywords, swaps)
    statics = []
    changed = False
    for s in o.statics:
        if not s.granted:
            body = swap_ability(s.body, swaps)
            if body is not s.body:
                s = s.with_body(body, planner.plan(body))
                changed = True
        statics.append(s)
    if changed:  # a new tuple tells the machine that abilities changed
        o.statics = tuple(statics)


def change_types(o: Obj, part: TypePart) -> None:
    """Layer 4; setting a land's basic land types strips its own abilities (212.6e / 305.7).

    New subtypes replace only the subtypes of their own set: a land type replaces land
    types, a creature type creature types (old 212.1b; 2009 204.1a). Setting no subtypes
    at all removes every subtype.
    """
    current = getattr(o, part.characteristic)
    values = frozenset(part.values)
    if part.op == "set" and part.characteristic == "subtypes" and values:
        replaced = {subtype_set(v) for v in values}
        new = frozenset(s for s in current if subtype_set(s) not in replaced) | values
    elif part.op == "set":
        new = values
    elif part.op == "add":
        new = current | values
    else:
        new = current - values
    setattr(o, part.characteristic, new)
    if part.sets_basic_land_types and "land" in o.types:
        o.keywords = frozenset()
        if any(not s.granted for s in o.statics):
            o.statics = tuple(s for s in o.statics if s.granted)


def change_colors(o: Obj, part: ColorPart) -> None:
    o.colors = frozenset(part.values) if part.op == "set" else o.colors | frozenset(part.values)


def change_abilities(o: Obj, part: AbilityPart, unit: Instance, planner: Planner, grants: set | None = None) -> None:
    """Remove all, then remove named, then add (407.3 / 112.10: removing removes every instance).

    A granted static ability is a new ability of ``o``; its effect takes the later of
    ``o``'s timestamp and the granting effect's (418.5f / 613.6a). ``grants``, when given,
    collects the keys of the static abilities granted, including any ``o`` already had.
    """
    if part.remove_all:
        o.keywords = frozenset()
        o.statics = ()
    if part.remove:
        gone = frozenset(part.remove)
        o.keywords = o.keywords - gone
        if any(s.label in gone for s in o.statics):
            o.statics = tuple(s for s in o.statics if s.label not in gone)
    if not part.add:
        return
    words = [a for a in part.add if isinstance(a, str)]
    if words:
        o.keywords = o.keywords | frozenset(words)
    timestamp = max(o.timestamp, unit.timestamp)
    granted = []
    for i, ability in enumerate(part.add):
        if isinstance(ability, StaticAbility):
            key = ("g", o.id, unit.key, i)
            if grants is not None:
                grants.add(key)
            if not o.has_static(key):
                granted.append(
                    Instance(
                        key, ability.label, ability, planner.plan(ability), o.id, None, timestamp,
                        (timestamp, 0, o.position, 2000 + i), granted=True,
                    )
                )
    if granted:
        o.statics = o.statics + tuple(granted)
