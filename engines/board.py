"""The board: value types shared by the engines, the harness and the rulesets' users.

A board is a snapshot of the battlefield (plus graveyards and exile, for counts and for values
that read a card) and of the
continuous effects from resolved spells and abilities that are still in force.
Every type here is a frozen value; lists are tuples, so boards hash and compare.

``Board.from_dict`` builds a board from data that already passed validation
(``diffcheck.boards.loading`` does that and reports errors with their place in the file);
``Board.to_dict`` writes the contract-v1 form back out, so a shrunk board can be
saved and loaded again.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Mapping, Union

# Re-exported: the board's users name its words, filters and values from here.
from engines.values import (  # noqa: F401
    PAIRED, TAPPED, Condition, Count, Filter, ManaValue, PTOf, Value, condition_from_dict, per_object,
    value_from_dict, value_to_dict,
)
from engines.vocabulary import (  # noqa: F401
    BASIC_LAND_TYPES, CARD_TYPES, COLORS, DEFAULT_PLAYERS, KINDRED, SUPERTYPES, card_types,
)

# ---------------------------------------------------------------- counters

# A +X/+Y counter adds X and Y, a -X/-Y counter subtracts them (old 200.10; 2009 120.1a): one
# sign for both numbers. The loader refuses a kind that mixes them (``+1/-1``).
_PT_COUNTER = re.compile(r"([+-])(\d{1,9})/\1(\d{1,9})\Z")
MIXED_PT_COUNTER = re.compile(r"[+-]\d+/[+-]\d+\Z")


@lru_cache(maxsize=256)
def counters_pt(counters: Iterable[tuple[str, int]]) -> tuple[int, int]:
    """The net P/T change of (kind, number) counters: +X/+Y and -X/-Y kinds; other kinds change nothing."""
    power = toughness = 0
    for kind, n in counters:
        change = counter_pt_change(kind)
        if change is not None:
            power += n * change[0]
            toughness += n * change[1]
    return power, toughness


def counter_pt_change(kind: str) -> tuple[int, int] | None:
    """What one counter of ``kind`` does to power and toughness; None for any other kind."""
    match = _PT_COUNTER.match(kind)
    if match is None:
        return None
    sign = 1 if match.group(1) == "+" else -1
    return sign * int(match.group(2)), sign * int(match.group(3))


# ---------------------------------------------------------------- affects


@dataclass(frozen=True, slots=True)
class Self_:
    """The ability's own object."""

    def to_dict(self) -> str:
        return "self"


@dataclass(frozen=True, slots=True)
class Attached:
    """The object the ability's Aura or Equipment is attached to."""

    def to_dict(self) -> str:
        return "attached"


@dataclass(frozen=True, slots=True)
class Ids:
    """A fixed set of objects, by id."""

    ids: tuple[str, ...]

    def to_dict(self) -> list[str]:
        return list(self.ids)


@dataclass(frozen=True, slots=True)
class Matching:
    """Every object on the battlefield that matches a filter, decided when the effect starts to apply."""

    filter: Filter

    def to_dict(self) -> dict[str, Any]:
        return {"filter": self.filter.to_dict()}


Affects = Union[Self_, Attached, Ids, Matching]
SELF = Self_()
ATTACHED = Attached()


def affects_from_dict(data: Any) -> Affects:
    if data == "self":
        return SELF
    if data == "attached":
        return ATTACHED
    if isinstance(data, list):
        return Ids(tuple(data))
    return Matching(Filter.from_dict(data["filter"]))


# ---------------------------------------------------------------- effect parts
#
# Each part is applied in one layer (or sublayer); which one is the ruleset's data
# (rulesets.vocabulary.PartKind names them). ``kind`` is a class attribute so the
# layer machine can route a part with one dictionary lookup.


@dataclass(frozen=True, slots=True)
class CopyPart:
    """Become a copy of an object's copiable values (layer 1), with exceptions: characteristics the
    copy effect itself sets ("except it's 7/7"), as (characteristic, value) pairs (706.9 / 706.8 / 503)."""

    of: str
    exceptions: tuple[tuple[str, Any], ...] = ()
    kind = "copy"

    def to_dict(self) -> dict[str, Any]:
        if not self.exceptions:
            return {"copy": self.of}
        return {"copy": {"of": self.of, "except": {k: list(v) if isinstance(v, tuple) else v
                                                   for k, v in self.exceptions}}}

    @property
    def excepted(self) -> frozenset[str]:
        """The characteristics the exceptions set, as 604.3a(1) / 405.2 name them (power, toughness: pt)."""
        return frozenset("pt" if k in ("power", "toughness") else k for k, _ in self.exceptions)


@dataclass(frozen=True, slots=True)
class ControlPart:
    """Gain control: ``you`` means the effect's controller (layer 2)."""

    player: str
    kind = "control"

    def to_dict(self) -> dict[str, Any]:
        return {"control": self.player}


@dataclass(frozen=True, slots=True)
class TextPart:
    """Swap color words or subtype words in the affected objects' text (layer 3)."""

    swaps: tuple[tuple[str, str], ...]
    kind = "text"

    def to_dict(self) -> dict[str, Any]:
        return {"change_text": dict(self.swaps)}


@dataclass(frozen=True, slots=True)
class TypePart:
    """Set, add or remove card types, subtypes or supertypes (layer 4)."""

    characteristic: str  # "types", "subtypes" or "supertypes"
    op: str  # "set", "add" or "remove"
    values: tuple[str, ...]
    kind = "type"

    @property
    def sets_basic_land_types(self) -> bool:
        """Setting a land's subtypes to basic land types (old 212.6e; 2009 305.7)."""
        return (
            self.characteristic == "subtypes"
            and self.op == "set"
            and bool(self.values)
            and all(v in BASIC_LAND_TYPES for v in self.values)
        )


@dataclass(frozen=True, slots=True)
class ColorPart:
    """Set or add colors (layer 5)."""

    op: str  # "set" or "add"
    values: tuple[str, ...]
    kind = "color"


@dataclass(frozen=True, slots=True)
class AbilityPart:
    """Add or remove abilities (old layer 5, 2009 layer 6); applied as remove_all, remove, add."""

    add: tuple[Union[str, "StaticAbility"], ...] = ()
    remove: tuple[str, ...] = ()
    remove_all: bool = False
    kind = "ability"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.add:
            out["add"] = [a if isinstance(a, str) else a.to_dict() for a in self.add]
        if self.remove:
            out["remove"] = list(self.remove)
        if self.remove_all:
            out["remove_all"] = True
        return {"abilities": out}


@dataclass(frozen=True, slots=True)
class PTSetPart:
    """Set power and toughness to values."""

    power: Value
    toughness: Value
    # Whether each affected object has its own amount (``values.per_object``): derived, so the layer machine
    # need not walk the values at every application.
    per_object: bool = field(default=False, init=False, repr=False, compare=False)
    kind = "pt_set"

    def __post_init__(self) -> None:
        object.__setattr__(self, "per_object", per_object(self.power) or per_object(self.toughness))


@dataclass(frozen=True, slots=True)
class PTModifyPart:
    """Raise or lower power and toughness (+N/+N)."""

    power: Value
    toughness: Value
    per_object: bool = field(default=False, init=False, repr=False, compare=False)  # as PTSetPart's
    kind = "pt_modify"

    def __post_init__(self) -> None:
        object.__setattr__(self, "per_object", per_object(self.power) or per_object(self.toughness))


@dataclass(frozen=True, slots=True)
class PTSwitchPart:
    """Switch power and toughness."""

    kind = "pt_switch"


Part = Union[CopyPart, ControlPart, TextPart, TypePart, ColorPart, AbilityPart, PTSetPart, PTModifyPart, PTSwitchPart]


def subtypes_given(parts: Iterable[Part]) -> Iterable[tuple[str, str]]:
    """Each subtype ``parts`` give an object, with how: "set" or "add" (a subtypes part), or "copy" (a copy
    exception that sets the copy's subtypes)."""
    for p in parts:
        if p.kind == "type" and p.characteristic == "subtypes" and p.op != "remove":
            yield from ((p.op, w) for w in p.values)
        elif p.kind == "copy":
            yield from (("copy", w) for k, v in p.exceptions if k == "subtypes" for w in v)


# The keys of an effect body (a static ability or an effect) that are parts, in layer order.
PART_KEYS = ("copy", "control", "change_text", "types", "subtypes", "supertypes", "colors", "abilities", "pt")


def parts_from_dict(body: Mapping[str, Any]) -> tuple[Part, ...]:
    """The parts of an effect body, in layer order (types before subtypes before supertypes)."""
    parts: list[Part] = []
    if "copy" in body:
        copy = body["copy"]
        if isinstance(copy, dict):
            exceptions = tuple(
                (k, (card_types(v) if k == "types" else tuple(v)) if isinstance(v, list) else v)
                for k, v in sorted(copy.get("except", {}).items())
            )
            parts.append(CopyPart(copy["of"], exceptions))
        else:
            parts.append(CopyPart(copy))
    if "control" in body:
        parts.append(ControlPart(body["control"]))
    if "change_text" in body:
        parts.append(TextPart(tuple(body["change_text"].items())))
    for characteristic in ("types", "subtypes", "supertypes"):
        if characteristic in body:
            ((op, values),) = body[characteristic].items()
            values = card_types(values) if characteristic == "types" else tuple(values)
            parts.append(TypePart(characteristic, op, values))
    if "colors" in body:
        ((op, values),) = body["colors"].items()
        parts.append(ColorPart(op, tuple(values)))
    if "abilities" in body:
        spec = body["abilities"]
        parts.append(
            AbilityPart(
                add=tuple(a if isinstance(a, str) else StaticAbility.from_dict(a) for a in spec.get("add", ())),
                remove=tuple(spec.get("remove", ())),
                remove_all=bool(spec.get("remove_all", False)),
            )
        )
    if "pt" in body:
        pt = body["pt"]
        if "set" in pt:
            p, t = pt["set"]
            parts.append(PTSetPart(value_from_dict(p), value_from_dict(t)))
        if "modify" in pt:
            p, t = pt["modify"]
            parts.append(PTModifyPart(value_from_dict(p), value_from_dict(t)))
        if pt.get("switch"):
            parts.append(PTSwitchPart())
    return tuple(parts)


def parts_to_dict(parts: tuple[Part, ...]) -> dict[str, Any]:
    body: dict[str, Any] = {}
    pt: dict[str, Any] = {}
    for part in parts:
        if isinstance(part, TypePart):
            body[part.characteristic] = {part.op: list(part.values)}
        elif isinstance(part, ColorPart):
            body["colors"] = {part.op: list(part.values)}
        elif isinstance(part, PTSetPart):
            pt["set"] = [value_to_dict(part.power), value_to_dict(part.toughness)]
        elif isinstance(part, PTModifyPart):
            pt["modify"] = [value_to_dict(part.power), value_to_dict(part.toughness)]
        elif isinstance(part, PTSwitchPart):
            pt["switch"] = True
        else:
            body.update(part.to_dict())
    if pt:
        body["pt"] = pt
    return body


# ---------------------------------------------------------------- abilities, objects, effects


@dataclass(frozen=True, slots=True)
class StaticAbility:
    """A static ability; it generates one continuous effect (old 405, 2009 604).

    ``cda`` marks a characteristic-defining ability (2009 604.3; old rules call it a
    characteristic-setting ability, 405.2). ``label`` is how traces and outcomes name it.
    """

    label: str
    affects: Affects
    parts: tuple[Part, ...]
    cda: bool = False
    text_given: bool = True  # False when ``label`` was generated, so to_dict leaves it out
    # Words chosen as the permanent entered (a color, a creature type), not printed: not text
    # a text-changing effect can change (418.6a / 612.1-612.2).
    chosen: frozenset[str] = frozenset()
    # "As long as ...": while it does not hold, the ability's effect does not exist.
    condition: Condition | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "StaticAbility":
        parts = parts_from_dict(data)
        affects = affects_from_dict(data.get("affects", "self"))
        cda = bool(data.get("cda", False))
        chosen = frozenset(data.get("chosen", ()))
        condition = condition_from_dict(data["condition"]) if "condition" in data else None
        if "text" in data:
            return cls(data["text"], affects, parts, cda, True, chosen, condition)
        return cls(generated_label(affects, parts, condition), affects, parts, cda, False, chosen, condition)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.text_given:
            out["text"] = self.label
        out["affects"] = self.affects.to_dict()
        out.update(parts_to_dict(self.parts))
        if self.cda:
            out["cda"] = True
        if self.chosen:
            out["chosen"] = sorted(self.chosen)
        if self.condition is not None:
            out["condition"] = self.condition.to_dict()
        return out


def generated_label(affects: Affects, parts: tuple[Part, ...], condition: Condition | None = None) -> str:
    """A stable label for a static ability written without ``text``: its body as compact JSON."""
    body = parts_to_dict(parts)
    body = {"affects": affects.to_dict(), **body}
    if condition is not None:
        body["condition"] = condition.to_dict()
    return json.dumps(body, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class Card:
    """A card in a graveyard or in exile: printed characteristics and counters, for counts and for
    values that read its power or toughness (``PTOf``, by its ``id``); none reads a name."""

    name: str | None = None
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    mana_value: int = 0
    id: str | None = None
    counters: tuple[tuple[str, int], ...] = ()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Card":
        return cls(
            name=data.get("name"),
            types=card_types(data.get("types", ())),
            subtypes=tuple(data.get("subtypes", ())),
            supertypes=tuple(data.get("supertypes", ())),
            colors=tuple(data.get("colors", ())),
            power=data.get("power"),
            toughness=data.get("toughness"),
            mana_value=data.get("mana_value", 0),
            id=data.get("id"),
            counters=tuple(sorted(data.get("counters", {}).items())),
        )

    def pt(self, with_counters: bool) -> tuple[int | None, int | None]:
        """Its power and toughness; with ``with_counters``, its +X/+Y and -X/-Y counters count, as they
        do on a creature card in any zone from 2011-06 (121.1a)."""
        if not with_counters or "creature" not in self.types or self.power is None:
            return self.power, self.toughness
        power, toughness = counters_pt(self.counters)
        return self.power + power, (self.toughness or 0) + toughness

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {} if self.id is None else {"id": self.id}
        if self.name is not None:
            out["name"] = self.name
        for key in ("types", "subtypes", "supertypes", "colors"):
            if getattr(self, key):
                out[key] = list(getattr(self, key))
        for key in ("power", "toughness"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.mana_value:
            out["mana_value"] = self.mana_value
        if self.counters:
            out["counters"] = dict(self.counters)
        return out


@dataclass(frozen=True, slots=True)
class Permanent:
    """An object on the battlefield, with its printed characteristics."""

    id: str
    name: str
    controller: str
    owner: str
    timestamp: int
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    mana_value: int = 0
    abilities: tuple[str, ...] = ()  # keyword abilities
    static: tuple[StaticAbility, ...] = ()
    counters: tuple[tuple[str, int], ...] = ()
    attached_to: str | None = None
    # counter kind -> the timestamp of its newest counter (613.7c, from 2020); a kind not named has
    # the object's timestamp (decision counters_timestamp).
    counter_timestamps: tuple[tuple[str, int], ...] = ()
    # When it last turned face up, and last transformed: from 2015 each gives it a new timestamp (613.6e-f).
    face_up_at: int | None = None
    transformed_at: int | None = None
    # The colors of a color indicator (202.2e, 204, from 2011-09-30); before, what its Oracle text said.
    color_indicator: tuple[str, ...] = ()
    tapped: bool = False
    paired_with: str | None = None  # soulbond (702.95)

    def counter_timestamp(self, kind: str) -> int:
        return dict(self.counter_timestamps).get(kind, self.timestamp)

    @property
    def latest_timestamp(self) -> int:
        """Its timestamp where turning face up and transforming give new ones (613.6e-f, 2015)."""
        return max(t for t in (self.timestamp, self.face_up_at, self.transformed_at) if t is not None)

    @property
    def pt_counters(self) -> tuple[tuple[str, int], ...]:
        """The counters that change power and toughness: every +X/+Y and -X/-Y kind."""
        return tuple((kind, n) for kind, n in self.counters if n and counter_pt_change(kind) is not None)

    @property
    def counter_pt(self) -> tuple[int, int]:
        """Net P/T change from the object's +X/+Y and -X/-Y counters; other kinds change nothing."""
        return counters_pt(self.counters)


@dataclass(frozen=True, slots=True)
class Effect:
    """A continuous effect from a resolved spell or ability; it affects a fixed set of objects (418.3b)."""

    id: str
    source: str
    controller: str
    timestamp: int
    affects: Ids
    parts: tuple[Part, ...]
    source_given: bool = True


@dataclass(frozen=True, slots=True)
class Board:
    players: tuple[str, ...]
    objects: tuple[Permanent, ...]
    effects: tuple[Effect, ...] = ()
    graveyards: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    notes: str | None = None
    exile: tuple[tuple[str, tuple[Card, ...]], ...] = ()  # each player's cards in exile, as graveyards
    # Each player's life total and number of cards in hand, where the board gives them (default 20, the starting life total of old 101.3 / 2009 103.3, and 0).
    life: tuple[tuple[str, int], ...] = ()
    hand_sizes: tuple[tuple[str, int], ...] = ()
    _by_id: dict = field(default=None, compare=False, hash=False, repr=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {o.id: o for o in self.objects})

    def object(self, object_id: str) -> Permanent:
        return self._by_id[object_id]

    @property
    def active_player(self) -> str:
        return self.players[0]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], memo: dict | None = None) -> "Board":
        """Build a board from validated contract-v1 data, filling in every default.

        With ``memo`` (a dict kept across calls), a static ability or effect written by the same
        mapping object as in an earlier call is that call's value again: a shrinker's variants
        share their unchanged parts, and an engine then finds its plans for them by identity.
        """
        players = tuple(data.get("players", DEFAULT_PLAYERS))

        def static(s: Mapping[str, Any]) -> StaticAbility:
            return StaticAbility.from_dict(s) if memo is None else _memo(memo, id(s), s, StaticAbility.from_dict)

        def effect(e: Mapping[str, Any], position: int) -> Effect:
            return Effect(
                id=e["id"],
                source=e.get("source", e["id"]),
                controller=e.get("controller", players[0]),
                timestamp=e.get("timestamp", position),
                affects=Ids(tuple(e["affects"])),
                parts=parts_from_dict(e),
                source_given="source" in e,
            )

        raw_objects = data.get("objects", [])
        raw_effects = data.get("effects", [])
        # Default timestamps: order of appearance, objects first, then effects.
        objects = []
        for position, o in enumerate(raw_objects, start=1):
            controller = o.get("controller", players[0])
            objects.append(
                Permanent(
                    id=o["id"],
                    name=o.get("name", o["id"]),
                    controller=controller,
                    owner=o.get("owner", controller),
                    timestamp=o.get("timestamp", position),
                    types=card_types(o.get("types", ())),
                    subtypes=tuple(o.get("subtypes", ())),
                    supertypes=tuple(o.get("supertypes", ())),
                    colors=tuple(o.get("colors", ())),
                    color_indicator=tuple(o.get("color_indicator", ())),
                    power=o.get("power"),
                    toughness=o.get("toughness"),
                    mana_value=o.get("mana_value", 0),
                    abilities=tuple(o.get("abilities", ())),
                    static=tuple(static(s) for s in o.get("static", ())),
                    counters=tuple(sorted(o.get("counters", {}).items())),
                    attached_to=o.get("attached_to"),
                    counter_timestamps=tuple(sorted(o.get("counter_timestamps", {}).items())),
                    face_up_at=o.get("face_up_at"),
                    transformed_at=o.get("transformed_at"),
                    tapped=o.get("tapped", False),
                    paired_with=o.get("paired_with"),
                )
            )
        effects = []
        for position, e in enumerate(raw_effects, start=len(raw_objects) + 1):
            # An effect's defaults depend on its position and the active player: they are part of the key.
            effects.append(effect(e, position) if memo is None else
                           _memo(memo, (id(e), position, players[0]), e, effect, position))
        graveyards, exile = (
            tuple((player, tuple(Card.from_dict(c) for c in cards)) for player, cards in data.get(zone, {}).items())
            for zone in ("graveyards", "exile")
        )
        return cls(players, tuple(objects), tuple(effects), graveyards, data.get("notes"), exile,
                   tuple(data.get("life", {}).items()), tuple(data.get("hand_size", {}).items()))

    def player_number(self, what: str, player: str) -> int:
        """A player's life total (20 unless the board says: old 101.3; 2009 103.3) or number of cards in hand (0 unless it says)."""
        if what == "life":
            return dict(self.life).get(player, 20)
        return dict(self.hand_sizes).get(player, 0)

    def cards(self) -> dict[str, Card]:
        """The cards in graveyards and in exile that have an id, by id."""
        return {c.id: c for _, cards in self.graveyards + self.exile for c in cards if c.id is not None}

    def to_dict(self) -> dict[str, Any]:
        """The board in contract-v1 form, with every timestamp written out."""
        out: dict[str, Any] = {"players": list(self.players), "objects": []}
        for o in self.objects:
            d: dict[str, Any] = {"id": o.id}
            if o.name != o.id:
                d["name"] = o.name
            d["controller"] = o.controller
            if o.owner != o.controller:
                d["owner"] = o.owner
            for key in ("types", "subtypes", "supertypes", "colors", "color_indicator"):
                if getattr(o, key):
                    d[key] = list(getattr(o, key))
            for key in ("power", "toughness"):
                if getattr(o, key) is not None:
                    d[key] = getattr(o, key)
            if o.mana_value:
                d["mana_value"] = o.mana_value
            if o.abilities:
                d["abilities"] = list(o.abilities)
            if o.counters:
                d["counters"] = dict(o.counters)
            if o.counter_timestamps:
                d["counter_timestamps"] = dict(o.counter_timestamps)
            d["timestamp"] = o.timestamp
            for key in ("face_up_at", "transformed_at"):
                if getattr(o, key) is not None:
                    d[key] = getattr(o, key)
            if o.attached_to is not None:
                d["attached_to"] = o.attached_to
            if o.tapped:
                d["tapped"] = True
            if o.paired_with is not None:
                d["paired_with"] = o.paired_with
            if o.static:
                d["static"] = [s.to_dict() for s in o.static]
            out["objects"].append(d)
        if self.graveyards:
            out["graveyards"] = {p: [c.to_dict() for c in cards] for p, cards in self.graveyards}
        if self.exile:
            out["exile"] = {p: [c.to_dict() for c in cards] for p, cards in self.exile}
        if self.life:
            out["life"] = dict(self.life)
        if self.hand_sizes:
            out["hand_size"] = dict(self.hand_sizes)
        if self.effects:
            out["effects"] = []
            for e in self.effects:
                d = {"id": e.id}
                if e.source_given:
                    d["source"] = e.source
                d["controller"] = e.controller
                d["timestamp"] = e.timestamp
                d["affects"] = list(e.affects.ids)
                d.update(parts_to_dict(e.parts))
                out["effects"].append(d)
        if self.notes is not None:
            out["notes"] = self.notes
        return out


def _memo(memo: dict, key, data: Mapping[str, Any], build, *args):
    """``build(data, *args)``, remembered in ``memo`` under ``key`` (which holds ``id(data)`` and whatever
    else the value depends on); the mapping is kept with the value, so its id is never reused meanwhile."""
    hit = memo.get(key)
    if hit is not None and hit[0] is data:
        return hit[1]
    value = build(data, *args)
    memo[key] = (data, value)
    return value
