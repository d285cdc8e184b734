"""The outcome: every object's final characteristics, in the shape design.md fixes.

Lists are sorted; abilities are keyword words and static-ability labels, each once
(``ability_instances`` decision); a noncreature's power and toughness are null (208.3 / 207.3).
"""

from __future__ import annotations

from engines.state import Obj

Outcome = dict  # {"ruleset": name, "objects": {id: {...}}}


def characteristics(o: Obj) -> dict:
    creature = "creature" in o.types
    return {
        "name": o.name,
        "controller": o.controller,
        "types": sorted(o.types),
        "subtypes": sorted(o.subtypes),
        "supertypes": sorted(o.supertypes),
        "colors": sorted(o.colors),
        "abilities": sorted(o.ability_words),
        "power": (o.power or 0) if creature else None,
        "toughness": (o.toughness or 0) if creature else None,
    }


def outcome(ruleset_name: str, state: dict[str, Obj]) -> Outcome:
    return {"ruleset": ruleset_name, "objects": {oid: characteristics(o) for oid, o in state.items()}}
