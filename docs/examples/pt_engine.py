"""A small engine of today's rules for power and toughness, written from docs/external-engines.md alone.

It is the example of the README's section for engine authors: an engine in its own process (protocol 1) that
implements four parts of the board vocabulary (P/T setting, modifying and switching, and +1/+1 and -1/-1
counters) and nothing of diffcheck. Run as it is, it answers as the rules do; each ``--bug`` plants one
mistake an engine author might make, so that a run shows what diffcheck makes of it:

    counters-first   counters apply before P/T-setting effects (today they apply in 613.4c, after 613.4b)
    any-controller   a filter's "controller" is ignored: "creatures you control" reaches every creature
    switch-first     switching applies before modifying (today 613.4d comes after 613.4c)

    diffcheck run --engines current,pt --engine-cmd "pt=python docs/examples/pt_engine.py --bug switch-first"

It uses nothing but the standard library, so it runs with any Python 3.9 or later.
"""

from __future__ import annotations

import argparse
import json
import re
import sys

BUGS = ("counters-first", "any-controller", "switch-first")
IMPLEMENTS = ["pt_modify", "pt_set", "pt_switch", "counters"]
COUNTER = re.compile(r"^([+-])(\d+)/([+-])(\d+)$")  # +X/+Y and -X/-Y counters change P/T (122.1a)


def counter_change(kind: str) -> tuple[int, int]:
    m = COUNTER.match(kind)
    if m is None or m.group(1) != m.group(3):
        return 0, 0  # any other kind (charge, loyalty, flying...) changes no P/T
    sign = 1 if m.group(1) == "+" else -1
    return sign * int(m.group(2)), sign * int(m.group(4))


def matches(f: dict, obj: dict, source: dict | None, controller: str, bugs: set[str]) -> bool:
    """Whether a filter reaches an object. Nothing on these boards changes types, colors, abilities or
    control, so the printed values are the ones the filter sees."""
    def has_all(key: str, have: list) -> bool:
        return set(f.get(key, ())) <= set(have)

    def has_none(key: str, have: list) -> bool:
        return not set(f.get(key, ())) & set(have)

    abilities = obj.get("abilities", []) + [s["text"] for s in obj.get("static", [])]
    if not (has_all("types", obj["types"]) and has_all("subtypes", obj.get("subtypes", []))
            and has_all("supertypes", obj.get("supertypes", [])) and has_all("colors", obj.get("colors", []))
            and has_all("abilities", abilities) and has_none("not_types", obj["types"])
            and has_none("not_subtypes", obj.get("subtypes", []))
            and has_none("not_supertypes", obj.get("supertypes", []))
            and has_none("not_colors", obj.get("colors", []))):
        return False
    if f.get("other") and source is not None and obj["id"] == source["id"]:
        return False
    wanted = f.get("controller")
    if wanted is not None and "any-controller" not in bugs:
        player = controller if wanted == "you" else wanted
        if wanted == "opponent":
            return obj["controller"] != controller
        return obj["controller"] == player
    return True


def effects(board: dict, bugs: set[str]) -> list[tuple[int, int, list[str], dict]]:
    """Every P/T effect as (timestamp, order, affected ids, what it does), in timestamp order. A static
    ability's effect takes its object's timestamp (613.7a); a resolved effect has its own (613.7b)."""
    objects = board["objects"]
    found = []
    for obj in objects:
        for ability in obj.get("static", []):
            affects = ability.get("affects", "self")
            if affects == "self":
                ids = [obj["id"]]
            elif isinstance(affects, list):
                ids = affects
            else:
                ids = [o["id"] for o in objects if matches(affects["filter"], o, obj, obj["controller"], bugs)]
            found.append((obj["timestamp"], len(found), ids, ability["pt"]))
    for effect in board.get("effects", []):
        found.append((effect["timestamp"], len(found), effect["affects"], effect["pt"]))
    return sorted(found)


def evaluate(board: dict, bugs: set[str]) -> dict:
    objects = board["objects"]
    pt = {o["id"]: [o.get("power", 0), o.get("toughness", 0)] for o in objects}
    ordered = effects(board, bugs)

    def counters() -> None:
        for o in objects:
            for kind, n in o.get("counters", {}).items():
                dp, dt = counter_change(kind)
                pt[o["id"]][0] += n * dp
                pt[o["id"]][1] += n * dt

    def apply(op: str) -> None:
        for _, _, ids, body in ordered:
            if op not in body:
                continue
            for i in ids:
                if op == "set":
                    pt[i] = list(body["set"])
                elif op == "modify":
                    pt[i][0] += body["modify"][0]
                    pt[i][1] += body["modify"][1]
                else:
                    pt[i].reverse()

    if "counters-first" in bugs:
        counters()
    apply("set")  # 613.4b
    if "switch-first" in bugs:
        apply("switch")
    apply("modify")  # 613.4c, with counters (613.4c since 2020)
    if "counters-first" not in bugs:
        counters()
    if "switch-first" not in bugs:
        apply("switch")  # 613.4d

    out = {}
    for o in objects:
        creature = "creature" in o["types"]
        out[o["id"]] = {
            "name": o.get("name", o["id"]),
            "controller": o["controller"],
            # tribal is called kindred from 2024-06-07 (205.2a)
            "types": sorted("kindred" if t == "tribal" else t for t in o["types"]),
            "subtypes": sorted(set(o.get("subtypes", []))),
            "supertypes": sorted(set(o.get("supertypes", []))),
            "colors": sorted(set(o.get("colors", []))),
            "abilities": sorted(set(o.get("abilities", []) + [s["text"] for s in o.get("static", [])])),
            "power": pt[o["id"]][0] if creature else None,  # a noncreature has no P/T (208.3)
            "toughness": pt[o["id"]][1] if creature else None,
        }
    return {"ruleset": "pt-engine", "objects": out}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bug", action="append", choices=BUGS, default=[], help="plant this mistake")
    bugs = set(parser.parse_args(argv).bug)
    for line in sys.stdin:
        message = json.loads(line)
        if "hello" in message:
            answer = {"engine": "pt-engine", "protocol": 1, "version": "1",
                      "description": "P/T under today's rules" + (f" (bugs: {', '.join(sorted(bugs))})" if bugs else ""),
                      "implements": IMPLEMENTS}
        else:
            answer = evaluate(message["board"], bugs)
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
