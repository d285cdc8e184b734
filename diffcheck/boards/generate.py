"""Board generation over the whole contract-v1 vocabulary, for one source of choices or another.

The generator is written once against a small ``Choices`` interface. ``SeededChoices``
backs it with ``random.Random`` for bulk runs (fast, reproducible from a seed);
``diffcheck.boards.strategies`` backs it with Hypothesis draws, so the same boards can be shrunk
and used in property tests. Every choice lists its simplest option first, which is where
Hypothesis shrinks to.

Generation leans toward interaction: effects share a few objects, several effects land
in one layer, timestamps are a shuffle of a short range.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any, Final, Protocol, Sequence, TypeVar

from engines.board import CHANGELING, COLOR_LETTERS
from engines.board.features import EVERYTHING

T = TypeVar("T")

COLORS: Final = ["white", "blue", "black", "red", "green"]
CREATURE_TYPES: Final = ["goblin", "elf", "zombie", "wall", "soldier"]
LAND_TYPES: Final = ["forest", "swamp", "mountain", "island", "plains"]
KEYWORDS: Final = ["flying", "haste", "trample", "vigilance", "swampwalk", "protection from red"]
# Every +X/+Y and -X/-Y counter changes P/T (old 200.10; 2009 120.1a); a charge counter changes nothing.
COUNTER_KINDS: Final = ["+1/+1", "-1/-1", "+1/+0", "+0/+1", "-1/-0", "-0/-1", "+2/+0", "charge"]
SHAPES: Final = [  # (types, subtypes pool)
    (["creature"], CREATURE_TYPES),
    (["artifact"], []),
    (["enchantment"], []),
    (["land"], LAND_TYPES),
    (["artifact", "creature"], CREATURE_TYPES),
    (["land", "creature"], LAND_TYPES + CREATURE_TYPES),
]


class Choices(Protocol):
    def integer(self, lo: int, hi: int) -> int: ...

    def choice(self, options: Sequence[T]) -> T: ...

    def boolean(self, p: float = 0.5) -> bool: ...


class SeededChoices:
    """Choices from a seeded ``random.Random``: the same seed gives the same boards.

    A draw below n is what ``randint`` and ``randrange`` draw after checking their arguments (CPython's
    ``_randbelow``: n's bit length of random bits, drawn again until they are below n), written out here: the
    same numbers in the same order (so the same boards as ever; the committed changelogs and timeline
    regenerate byte for byte), without the checks and calls between, which cost a third of generation. The
    arguments are the generator's own and always valid.
    """

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(seed)
        self._bits = self.rng.getrandbits
        self.random = self.rng.random

    def integer(self, lo: int, hi: int) -> int:
        n = hi - lo + 1
        k = n.bit_length()
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return lo + r

    def choice(self, options: Sequence[T]) -> T:
        n = len(options)
        k = n.bit_length()
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return options[r]

    def boolean(self, p: float = 0.5) -> bool:
        return self.random() < p


@dataclass(frozen=True)
class Size:
    """How large generated boards are."""

    min_objects: int = 3
    max_objects: int = 8
    min_effects: int = 2
    max_effects: int = 10


SMALL: Final = Size()
LARGE: Final = Size(20, 20, 30, 30)

# The kinds of effect-body part the generator draws from, in the order it draws them.
BODY_KINDS: Final = (
    "pt_modify", "pt_set", "colors", "abilities", "types", "subtypes", "pt_switch", "control",
    "change_text", "supertypes", "copy",
)
# A body whose drawn parts all came out empty gets the first of these its kinds allow.
_FALLBACK_BODIES: Final[tuple[tuple[str, dict[str, Any]], ...]] = (
    ("pt_modify", {"pt": {"modify": [1, 1]}}),
    ("colors", {"colors": {"set": []}}),
    ("types", {"types": {"add": ["creature"]}}),
    ("subtypes", {"subtypes": {"add": ["goblin"]}}),
    ("supertypes", {"supertypes": {"add": ["legendary"]}}),
    ("control", {"control": "you"}),
    ("pt_set", {"pt": {"set": [1, 1]}}),
    ("pt_switch", {"pt": {"switch": True}}),
    ("abilities", {"abilities": {"add": ["flying"]}}),
    ("change_text", {"change_text": {"white": "blue"}}),
)


_VALUE_KINDS: Final = ["int", "int", "int", "mana_value", "count", "read"] * 2 + ["tree"]
_FILTER_KEYS: Final = ["types", "colors", "controller", "other", "subtypes", "not_colors", "abilities",
                "power_at_least", "not_types", "toughness_at_most", "supertypes", "not_subtypes",
                "power_at_most", "toughness_at_least", "not_supertypes", "mana_value_at_least",
                "mana_value_at_most", "owner", "name", "no_abilities", "tapped", "token", "was_cast", "transformed"]
# The filter keys beyond the common ones, and the part of the vocabulary (engines.board.features) each is.
_FILTER_FEATURE: Final = {
    **{k: "filter_bounds" for k in _FILTER_KEYS if k.endswith(("_at_least", "_at_most"))},
    "owner": "filter_owner", "name": "filter_name", "no_abilities": "filter_no_abilities",
    **{k: "filter_status" for k in ("tapped", "token", "was_cast", "transformed")},
}


_ACTIVATED: Final = ["pump", "regenerate", "tap"]  # labels of activated abilities ("obj1: pump")


def _mana_cost(c: Choices, mana_value: int, colors: Sequence[str]) -> str:
    """A mana cost of ``mana_value`` whose colored symbols are of ``colors`` (202.2): generic mana, then up to three
    colored symbols, now and then a hybrid one of two of its colors, which devotion counts once (700.5)."""
    letters = [COLOR_LETTERS[color] for color in colors]
    symbols: list[str] = []
    for _ in range(min(mana_value, 3) if letters else 0):
        if len(letters) > 1 and c.boolean(0.25):
            symbols.append(f"{{{letters[0]}/{letters[1]}}}")
        else:
            symbols.append("{" + c.choice(letters) + "}")
    generic = mana_value - len(symbols)
    return ("{%d}" % generic if generic or not symbols else "") + "".join(symbols)


def _subset(c: Choices, pool: Sequence[str], most: int) -> list[str]:
    n = c.integer(0, most)
    out: list[str] = []
    for _ in range(n):
        w = c.choice(pool)
        if w not in out:
            out.append(w)
    return out


def break_attachment_cycles(objects: list[dict[str, Any]]) -> None:
    """Drop ``attached_to`` where it would close a cycle (o1 -> o2 -> o1), which boards forbid.

    Objects are visited in order and keep their attachment unless following it leads back to
    themselves; no choice is drawn, so the boards of a seed stay the same otherwise.
    """
    by_id = {o["id"]: o for o in objects}
    for o in objects:
        seen = {o["id"]}
        current = o.get("attached_to")
        while current is not None and current not in seen:
            seen.add(current)
            current = by_id[current].get("attached_to")
        if current == o["id"]:
            del o["attached_to"]


def timestamp_events(c: Choices, objects: list[dict[str, Any]], last: int, turned: bool = True) -> None:
    """Now and then, counters put on later than their object entered (613.7c), and (with ``turned``) a
    creature that turned face up or transformed after it entered (613.6e-f): what later editions order by."""
    for o in objects:
        ts = o["timestamp"]
        for kind in o.get("counters", {}):
            if c.boolean(0.4):
                o.setdefault("counter_timestamps", {})[kind] = c.integer(ts, last + 1)
        if turned and "creature" in o.get("types", ()) and c.boolean(0.1):
            o["face_up_at" if c.boolean(0.5) else "transformed_at"] = c.integer(ts + 1, last + 2)


class BoardGenerator:
    """Makes one contract-v1 board (as data) per call from a source of choices.

    The defaults generate over the whole vocabulary. The keyword arguments narrow it, for
    property tests that hold only on part of the space: ``kinds`` (the body parts drawn,
    a subset of ``BODY_KINDS``), ``cda`` (printed characteristic-defining abilities),
    ``counters`` (P/T counters of several kinds, and a charge counter), ``granted`` (static abilities granted by
    ``abilities: {add: [...]}``; keyword grants are kept), ``together`` (now and then two
    objects that entered together, with one timestamp: 418.5e, 613.7k), ``conditions`` ("as long
    as" conditions on static abilities, and the players' life totals and hands they read),
    ``face_down`` (now and then a face-down permanent) and ``zones`` (abilities that function in a
    graveyard, and effects that reach cards outside the battlefield).

    ``features`` narrows it to the parts of the vocabulary an engine implements (``engines.board.features``):
    only those are drawn, and every board it makes uses no others. Without it, the choices drawn are
    those of the whole vocabulary, so a seed makes the same boards as before the option existed.
    """

    def __init__(
        self,
        size: Size = SMALL,
        *,
        kinds: Sequence[str] = BODY_KINDS,
        cda: bool = True,
        counters: bool = True,
        granted: bool = True,
        together: bool = True,
        conditions: bool = True,
        face_down: bool = True,
        zones: bool = True,
        features: frozenset[str] | None = None,
    ) -> None:
        allow = self.allow = EVERYTHING if features is None else frozenset(features)
        if features is not None:
            kinds = [k for k in kinds if k in allow or (k in ("types", "subtypes") and f"{k}_set" in allow)]
            cda, granted = cda and "cda" in allow, granted and "granted" in allow
            counters = counters and bool({"counters", "counters_other"} & allow)
            together, conditions = together and "together" in allow, conditions and "conditions" in allow
            face_down, zones = face_down and "face_down" in allow, zones and "zones" in allow
            if not kinds:
                kinds = ["pt_modify"]  # an engine must take something; the board is then checked against it
        self.narrowed = features is not None
        self._counter_kinds = [k for k in COUNTER_KINDS if k == "charge" or (
            ("counters" if k in ("+1/+1", "-1/-1") else "counters_other") in allow)]
        self._value_kinds = [k for k in _VALUE_KINDS if k == "int" or (k == "mana_value" and "mana_value" in allow)
                             or (k not in ("int", "mana_value") and "values" in allow)]
        # A characteristic-defining ability sets P/T, colors, subtypes or card types.
        self._cda_kinds = [k for k, word in (("pt", "pt_set"), ("colors", "colors"), ("subtypes", "subtypes_set"),
                                             ("types", "types_set")) if word in allow] or ["pt"]
        self._filter_keys = [k for k in _FILTER_KEYS if _FILTER_FEATURE.get(k, "filters") in allow | {"filters"}]
        unknown = set(kinds) - set(BODY_KINDS)
        if unknown or not kinds:
            raise ValueError(f"kinds must be a non-empty subset of {BODY_KINDS}; unknown: {sorted(unknown)}")
        self.size = size
        self.kinds = [k for k in BODY_KINDS if k in kinds]  # drawn in the default order
        self.cda = cda
        self.counters = counters
        self.granted = granted
        self.together = together
        self.conditions = conditions
        self.face_down = face_down
        self.zones = zones
        self.fallback = next(body for kind, body in _FALLBACK_BODIES if kind in self.kinds)

    def _ops(self, characteristic: str, ops: list[str]) -> list[str]:
        """The operations on types or subtypes the engine takes: "set" is a part of its own."""
        if f"{characteristic}_set" in self.allow:
            return ops if characteristic in self.allow else ["set"]
        return [op for op in ops if op != "set"]

    @property
    def _control_players(self) -> list[str]:
        # "you" is always the effect's controller; "opponent" is someone else only on an effect "you" control.
        if "control_other" in self.allow or not self.narrowed:
            return ["you", "opponent"]
        return ["you"]

    def board(self, c: Choices) -> dict[str, Any]:
        # The ids of cards outside the battlefield that values drawn for this board read
        # ({power_of: x1}); the cards are made at the end, so a board without one draws nothing for them.
        self._read_cards: dict[str, None] = {}
        n_objects = c.integer(self.size.min_objects, self.size.max_objects)
        n_effects = c.integer(self.size.min_effects, self.size.max_effects)
        ids = self._ids = [f"o{i}" for i in range(1, n_objects + 1)]  # values may read their P/T
        # Effects: some are static abilities on objects, the rest resolved; both draw on the same few objects.
        n_static = c.integer(0, n_effects)
        objects = [self._object(c, oid, ids) for oid in ids]
        break_attachment_cycles(objects)
        for _ in range(n_static):
            holder = c.choice(objects)
            holder.setdefault("static", []).append(self._static(c, holder, ids))
        effects = [self._effect(c, f"e{i}", ids) for i in range(1, n_effects - n_static + 1)]
        # Timestamps: a shuffle of 1..n, so every order of objects and effects occurs.
        stamps = list(range(1, len(objects) + len(effects) + 1))
        for i in range(len(stamps) - 1, 0, -1):
            j = c.integer(0, i)
            stamps[i], stamps[j] = stamps[j], stamps[i]
        for item, ts in zip(objects + effects, stamps):
            item["timestamp"] = ts
        if self.together and len(objects) > 1 and c.boolean(0.15):
            # Two objects that entered together (418.5e, 613.7k).
            first, second = c.choice(objects), c.choice(objects)
            second["timestamp"] = first["timestamp"]
        timestamp_events(c, objects, len(stamps), "turned" in self.allow)
        board: dict[str, Any] = {"objects": objects}
        if effects:
            board["effects"] = effects
        if self.conditions and c.boolean(0.2):
            board["life"] = {"you": c.integer(1, 25), "opponent": c.integer(1, 25)}
            board["hand_size"] = {c.choice(["you", "opponent"]): c.integer(0, 7)}
        if c.boolean(0.3) and (self.zones or not self.narrowed):
            board["graveyards"] = {
                "you": [self._card(c, i) for i in range(c.integer(0, 3))],
                "opponent": [self._card(c, i) for i in range(c.integer(0, 2))],
            }
            if self.zones and board["graveyards"]["you"] and c.boolean(0.2):
                # An Incarnation: from the graveyard, its owner's creatures have a keyword (113.6).
                board["graveyards"]["you"][0]["static"] = [{
                    "text": "from the graveyard, your creatures have a keyword", "functions_in": ["graveyard"],
                    "affects": {"filter": {"types": ["creature"], "controller": "you"}},
                    "abilities": {"add": [c.choice(KEYWORDS)]}}]
        for card_id in self._read_cards:
            # A card some value reads: a creature card, in exile (Phyrexian Ingester) or a graveyard,
            # with counters now and then, which count from 2011-06 (121.1a), and now and then a * P/T: a
            # characteristic-defining ability that works outside the battlefield from 2007-05 (405.2).
            card = {"id": card_id, **self._card(c, 0, creature=True)}
            if self.cda and c.boolean(0.3):
                v = self._value(c, counts_only=True)
                card["static"] = [{"text": f"{card_id}-cda", "cda": True, "pt": {"set": [v, v]}}]
            zone = "exile" if c.boolean(0.7) else "graveyards"
            board.setdefault(zone, {}).setdefault(c.choice(["you", "opponent"]), []).append(card)
        return board

    # ------------------------------------------------------------ objects

    def _object(self, c: Choices, oid: str, ids: list[str]) -> dict[str, Any]:
        types, pool = c.choice(SHAPES)
        o: dict[str, Any] = {"id": oid, "types": list(types)}
        if c.boolean(0.2):
            o["controller"] = "opponent"
        subtypes = _subset(c, pool, 2) if pool else []
        if subtypes:
            o["subtypes"] = subtypes
        if c.boolean(0.15) and "land" in types:
            o["supertypes"] = ["basic"]
        colors = _subset(c, COLORS, 2)
        if colors:
            o["colors"] = colors
        if "creature" in types:
            o["power"] = c.integer(0, 5)
            o["toughness"] = c.integer(0, 5)
        mana_value = c.integer(0, 6)
        if "devotion" in self.allow and "land" not in types:
            o["mana_cost"] = _mana_cost(c, mana_value, colors)  # its mana value follows (202.3)
        else:
            o["mana_value"] = mana_value
        keywords = _subset(c, KEYWORDS, 2)
        if self.cda and "every_creature_type" in self.allow and "creature" in types and c.boolean(0.1):
            keywords.append(CHANGELING)  # every creature type, a characteristic-defining ability (702.73a)
        if keywords:
            o["abilities"] = keywords
        if "activated" in self.allow and c.boolean(0.1):
            o["activated"] = [f"{oid}: {c.choice(_ACTIVATED)}"]
        if self.counters and "creature" in types and c.boolean(0.25):
            o["counters"] = {c.choice(self._counter_kinds): c.integer(1, 2)}
        if c.boolean(0.1):
            o["owner"] = "you" if o.get("controller") == "opponent" else "opponent"
        if self.conditions:
            # The facts filters ask of a permanent that no effect changes (a token, one that was cast, one
            # transformed): each a little of the time, so a filter on one finds both kinds.
            for flag, odds in (("tapped", 0.2), ("token", 0.15), ("was_cast", 0.3), ("transformed", 0.05)):
                if c.boolean(odds):
                    o[flag] = True
        if ("enchantment" in types or "artifact" in types) and "attached" in self.allow:
            if c.boolean(0.5):
                target = c.choice(ids)
                if target != oid:
                    o["attached_to"] = target
        if self.cda and "creature" in types and c.boolean(0.1):
            o.setdefault("static", []).append(self._cda(c))
        if self.face_down and c.boolean(0.05):
            # A nameless 2/2 whatever it prints (504.2; 707.2 / 708.2); a copy effect on it does nothing from 2003-07.
            # Morph, which the rules of both built-in rulesets know (disguise adds only ward {2}).
            o["face_down"] = "morph"
        return o

    def _card(self, c: Choices, i: int, creature: bool = False) -> dict[str, Any]:
        types, pool = c.choice(SHAPES)
        if creature and "creature" not in types:
            types = ["creature"]
        elif not creature and self.conditions and c.boolean(0.2):
            types = [c.choice(["instant", "sorcery"])]  # card types a Tarmogoyf counts
        card: dict[str, Any] = {"name": f"card{i}", "types": list(types)}
        if "creature" in types:
            card["power"] = c.integer(0, 4)
            card["toughness"] = c.integer(0, 4)
            if self.counters and c.boolean(0.5 if creature else 0.1):
                card["counters"] = {c.choice(["+1/+1", "-1/-1", "+1/+0"]): c.integer(1, 2)}
        colors = _subset(c, COLORS, 1)
        if colors:
            card["colors"] = colors
        if "activated" in self.allow and c.boolean(0.3):
            card["activated"] = [f"card{i}: {c.choice(_ACTIVATED)}"]
        if types[0] in ("instant", "sorcery") and "split" in self.allow and c.boolean(0.4):
            # A split card: its halves' mana costs, which a comparison read half by half until 2017-04 (708.6a).
            card["halves"] = [{"name": f"card{i}-{side}", "mana_cost": _mana_cost(c, c.integer(0, 5), colors)}
                              for side in ("left", "right")]
        return card

    # ------------------------------------------------------------ abilities and effects

    def _cda(self, c: Choices) -> dict[str, Any]:
        # "types" is a characteristic-setting ability in the old rules (405.2) but, defining card
        # types, not a characteristic-defining one in 2009 (604.3a(1)).
        kind = c.choice(self._cda_kinds)
        ability: dict[str, Any] = {"text": f"cda-{kind}", "affects": "self", "cda": True}
        if kind == "pt":
            v = self._value(c, counts_only=True)
            ability["pt"] = {"set": [v, v]}
            if self.conditions and c.boolean(0.3):
                # Not characteristic-defining from 2007-05 (405.2; 604.3a(5)).
                ability["condition"] = self._condition(c)
        elif kind == "colors":
            ability["colors"] = {"set": list(COLORS)}
        elif kind == "subtypes":
            ability["subtypes"] = {"set": list(CREATURE_TYPES)}
        else:
            ability["types"] = {"set": ["artifact", "creature"]}
        return ability

    def _static(self, c: Choices, holder: dict, ids: list[str], depth: int = 0) -> dict[str, Any]:
        affects: Any = c.choice(["filter", "self", "attached", "ids"] if "attached" in self.allow
                                else ["filter", "self", "ids"])
        if affects == "filter":
            affects = {"filter": self._filter(c)}
            if self.zones and c.boolean(0.05):  # it reaches the cards outside the battlefield too
                affects["filter"]["zones"] = ["battlefield", "graveyard", "exile"]
        elif affects == "attached" and "attached_to" not in holder:
            affects = "self"
        elif affects == "ids":
            affects = [c.choice(ids)]
        ability = {"affects": affects, **self._body(c, ids, depth)}
        if self.conditions and c.boolean(0.2):
            ability["condition"] = self._condition(c)
        # Labels must tell abilities apart in outcomes; a short stable label per generated ability.
        ability["text"] = f"{holder['id']}-s{len(holder.get('static', [])) + 1}" if depth == 0 else f"granted-{c.integer(1, 3)}"
        return ability

    def _effect(self, c: Choices, eid: str, ids: list[str]) -> dict[str, Any]:
        affected = []
        for _ in range(c.integer(1, 2)):
            target = c.choice(ids)
            if target not in affected:
                affected.append(target)
        e: dict[str, Any] = {"id": eid, "affects": affected, **self._body(c, ids, 0, resolved=True)}
        if c.boolean(0.2):
            e["controller"] = "opponent"
        return e

    def _body(self, c: Choices, ids: list[str], depth: int, resolved: bool = False) -> dict[str, Any]:
        body: dict[str, Any] = {}
        value = self._resolved_value if resolved else self._value
        for _ in range(c.integer(1, 2)):
            kind = c.choice(self.kinds)
            if kind == "pt_modify":
                body.setdefault("pt", {})["modify"] = [value(c), value(c)]
            elif kind == "pt_set":
                body.setdefault("pt", {})["set"] = [value(c), value(c)]
            elif kind == "pt_switch":
                body.setdefault("pt", {})["switch"] = True
            elif kind == "colors":
                op = c.choice(["set", "add"])
                values = _subset(c, COLORS, 2)
                if op == "add" and not values:
                    # Only set may be empty (schema: colors_change). No choice is drawn here, so
                    # every board a seed made before this fix is made again unchanged.
                    values = [COLORS[0]]
                body["colors"] = {op: values}
            elif kind == "types":
                op = c.choice(self._ops("types", ["add", "remove", "set"]))
                values = _subset(c, ["creature", "artifact", "enchantment", "land"], 2)
                body["types"] = {op: values or ["creature"]}
            elif kind == "subtypes":
                if "every_creature_type" in self.allow and c.boolean(0.2):
                    # "gains all creature types", "loses all creature types"
                    body["creature_types"] = c.choice(["all", "none"])
                    continue
                op = c.choice(self._ops("subtypes", ["add", "set", "remove"]))
                body["subtypes"] = {op: _subset(c, LAND_TYPES + CREATURE_TYPES, 2) or [c.choice(LAND_TYPES)]}
            elif kind == "supertypes":
                body["supertypes"] = {c.choice(["add", "remove"]): [c.choice(["legendary", "snow", "basic"])]}
            elif kind == "abilities":
                body["abilities"] = self._abilities(c, ids, depth)
            elif kind == "control":
                body["control"] = c.choice(self._control_players)
            elif kind == "change_text":
                pool = c.choice([COLORS, CREATURE_TYPES, LAND_TYPES])
                a, b = c.choice(pool), c.choice(pool)
                if a != b:
                    body["change_text"] = {a: b}
            elif kind == "copy":
                body["copy"] = c.choice(ids)
                if c.boolean(0.25):
                    # "except it's N/N", "except it's blue" (706.9, 706.8d); "an artifact, an Illusion in addition
                    # to its other types", "it has this ability" (706.9b of 2021-02, 707.9b; 706.9d of 2021-02).
                    shape = c.integer(0, 4)
                    if shape == 0:
                        n = c.integer(0, 7)
                        exception: dict[str, Any] = {"power": n, "toughness": n}
                    elif shape == 1:
                        exception = {"colors": [c.choice(COLORS)]}
                    elif shape == 2:
                        exception = {"add_types": [c.choice(["artifact", "enchantment", "creature"])]}
                    elif shape == 3:
                        exception = {"add_subtypes": [c.choice(CREATURE_TYPES)]}
                    else:
                        exception = {"add_abilities": [c.choice(KEYWORDS)]}
                    body["copy"] = {"of": body["copy"], "except": exception}
        if not body:
            body = copy.deepcopy(self.fallback)
        return body

    def _abilities(self, c: Choices, ids: list[str], depth: int) -> dict[str, Any]:
        op = c.choice(["add", "remove", "remove_all"])
        if op == "remove_all":
            return {"remove_all": True}
        if op == "remove":
            return {"remove": [c.choice(KEYWORDS)]}
        if "activated" in self.allow and c.boolean(0.15):
            # Necrotic Ooze's kind: the activated abilities of what a filter matches, in a graveyard or on the
            # battlefield, read as the ability layer applies.
            return {"add_activated_of": {"filter": self._filter(c), "zone": c.choice(["graveyard", "battlefield"])}}
        added: list[Any] = [c.choice(KEYWORDS)]
        if self.granted and depth == 0 and c.boolean(0.3):  # (granted is off unless the engine implements it)
            holder = {"id": "granted"}
            added = [self._static(c, holder, ids, depth + 1)]
            added[0]["affects"] = c.choice(["self", {"filter": self._filter(c)}])
        return {"add": added}

    def _filter(self, c: Choices) -> dict[str, Any]:
        f: dict[str, Any] = {}
        for _ in range(c.integer(0, 2)):
            key = c.choice(self._filter_keys)
            if key in ("types", "not_types"):
                f[key] = [c.choice(["creature", "artifact", "land", "enchantment"])]
            elif key in ("colors", "not_colors"):
                f[key] = [c.choice(COLORS)]
            elif key in ("subtypes", "not_subtypes"):
                f[key] = [c.choice(CREATURE_TYPES + LAND_TYPES)]
            elif key in ("supertypes", "not_supertypes"):
                f[key] = [c.choice(["basic", "legendary"])]
            elif key == "abilities":
                f[key] = [c.choice(KEYWORDS)]
            elif key in ("controller", "owner"):
                f[key] = c.choice(["you", "opponent"])
            elif key in ("other", "no_abilities"):
                f[key] = True
            elif key in ("tapped", "token", "was_cast", "transformed"):
                f[key] = c.boolean()
            elif key == "name":
                f[key] = c.choice(self._ids)  # an object's name is its id; a copy takes another's
            else:
                f[key] = c.integer(0, 4)
        return f

    def _resolved_value(self, c: Choices) -> Any:
        """An amount of a resolved effect: a number four times in five where amounts read from the board may be
        drawn. Its amounts are fixed as it resolved (611.2d; ``engines.layers.resolution``): read once, from the board as
        it stood then, which costs an evaluation of that board, and a number after that, in no dependency. So they
        are drawn less often than a static ability's, which the layers read as they apply. Where only numbers and
        mana values may be drawn (an engine that implements no other values), boards are drawn as they were."""
        if "values" not in self.allow:
            return self._value(c)
        return self._value(c) if c.boolean(0.2) else c.integer(-2, 4)

    def _value(self, c: Choices, counts_only: bool = False, depth: int = 0) -> Any:
        # A tree now and then: a greatest-of reads the whole battlefield at every application and trial.
        kinds = self._value_kinds if depth == 0 else ["int", "count", "read"]
        if counts_only and "values" not in self.allow:  # a * that counts, where only plain amounts can be had
            kind = "mana_value" if "mana_value" in self.allow else "int"
        else:
            kind = c.choice(["count"] if counts_only else kinds)
        if kind == "int":
            return c.integer(-2, 4)
        if kind == "mana_value":
            return "mana_value"
        if kind == "read":
            # Another object's P/T, mana value or counters, or a card's outside the battlefield (made at the
            # end of the board).
            read = c.choice(["x1", "x2", *self._ids])
            if read.startswith("x"):
                self._read_cards[read] = None
            how = c.choice(["power_of", "toughness_of", "power_of", "mana_value_of", "counters"])
            return {"counters": c.choice(COUNTER_KINDS), "of": read} if how == "counters" else {how: read}
        if kind == "tree":
            return self._value_tree(c)
        count: dict[str, Any] = {"count": self._filter(c)}
        if c.boolean(0.4):
            count["zone"] = "graveyard"
        elif c.boolean(0.15):  # each object its own count: those sharing a creature type or a color with it
            count["sharing"] = c.choice(["creature_type", "color"])
        return count

    def _value_tree(self, c: Choices) -> Any:
        """The values read from the whole game: the greatest P/T or mana value, card types among cards,
        life and hands, sums and multiples."""
        kind = c.choice(["greatest", "sum", "times", "card_types", "life"]
                        + (["devotion"] if "devotion" in self.allow else []))
        if kind == "greatest":
            return {f"greatest_{c.choice(['power', 'toughness', 'mana_value'])}": self._filter(c)}
        if kind == "sum":
            return {"sum": [self._value(c, depth=1), self._value(c, depth=1)]}
        if kind == "times":
            return {"times": c.choice([-1, 2]), "value": self._value(c, depth=1)}
        if kind == "card_types":
            return {"card_types_among": "graveyard"}
        if kind == "devotion":
            return self._devotion(c)
        return {c.choice(["life", "hand_size"]): c.choice(["you", "opponent"])}

    def _devotion(self, c: Choices) -> dict[str, Any]:
        """Devotion to one color or two (700.5): its color words are text that a text-changing effect changes."""
        return {"devotion": _subset(c, COLORS, 2) or [c.choice(COLORS)]}

    def _condition(self, c: Choices, depth: int = 0) -> dict[str, Any]:
        """An "as long as" condition, leaning toward what effects on the board change (a filter's matches)."""
        kind = c.choice(["you_control", "is", "value", "opponent_controls", "attached_is", "your_turn", "not", "any"]
                        if depth == 0 else ["you_control", "is", "value"])
        if kind in ("you_control", "opponent_controls", "is", "attached_is"):
            return {kind: self._filter(c)}
        if kind == "value":
            bound = c.choice(["at_least", "at_most"])
            # A God's "as long as your devotion ... is less than N" a third of the time, where devotion can be had.
            value = self._devotion(c) if "devotion" in self.allow and c.boolean(0.3) else self._value(c, depth=1)
            return {"value": value, bound: c.integer(0, 4)}
        if kind == "your_turn":
            return {"your_turn": c.boolean()}
        if kind == "not":
            return {"not": self._condition(c, depth + 1)}
        return {"any": [self._condition(c, depth + 1), self._condition(c, depth + 1)]}


def seeded_boards(seed: int, n: int, size: Size = SMALL, **options: Any) -> list[dict[str, Any]]:
    """``n`` boards from one seed, as data; ``options`` narrow the generator (see ``BoardGenerator``)."""
    c = SeededChoices(seed)
    gen = BoardGenerator(size, **options)
    return [gen.board(c) for _ in range(n)]
