"""Abilities and effects as values: what they affect, and the parts they are made of, each applied in
one layer (``rulesets`` says which); static abilities (old 405; 2009 604), with their conditions and the
zones they work in.

``parts_from_dict`` and ``parts_to_dict`` read and write an effect body of the board format (contract v1);
``engines.board.board`` holds the objects and cards these belong to and re-exports every name here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache

from engines.board.record import Record
from engines.board.values import Condition, Count, Filter, Value, condition_from_dict, per_object, value_from_dict, value_to_dict
from engines.board.vocabulary import BASIC_LAND_TYPES, CHANGELING, EVERY_CREATURE_TYPE, ON_BATTLEFIELD, card_types

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any, ClassVar, Final, Literal

# ---------------------------------------------------------------- affects


class Self_(Record):
    """The ability's own object."""

    __match_args__: ClassVar[tuple[str, ...]] = ()

    def to_dict(self) -> str:
        return "self"


class Attached(Record):
    """The object the ability's Aura or Equipment is attached to."""

    __match_args__: ClassVar[tuple[str, ...]] = ()

    def to_dict(self) -> str:
        return "attached"


class Ids(Record):
    """A fixed set of objects, by id."""

    __match_args__: ClassVar[tuple[str, ...]] = ("ids",)

    ids: tuple[str, ...]

    def __init__(self, ids: tuple[str, ...]) -> None:
        object.__setattr__(self, "ids", ids)

    def to_dict(self) -> list[str]:
        return list(self.ids)


class Matching(Record):
    """Every object on the battlefield that matches a filter, decided when the effect starts to apply."""

    __match_args__: ClassVar[tuple[str, ...]] = ("filter",)

    filter: Filter

    def __init__(self, filter: Filter) -> None:
        object.__setattr__(self, "filter", filter)

    def to_dict(self) -> dict[str, Any]:
        return {"filter": self.filter.to_dict()}


Affects = Self_ | Attached | Ids | Matching
SELF: Final = Self_()
ATTACHED: Final = Attached()


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
# layer machine can route a part with one dictionary lookup; a literal, so that a test of ``part.kind``
# tells the type checker (and the compiled machine) which part it is.


# A copy exception that adds to the copied values, and the characteristic it adds to (706.9b of 2021-02; 707.9b):
# "it's an artifact in addition to its other types", "it has this ability". Each becomes a copiable value.
COPY_ADDITIONS: Final = {"add_types": "types", "add_subtypes": "subtypes", "add_supertypes": "supertypes",
                  "add_abilities": "abilities"}


class CopyPart(Record):
    """Become a copy of an object's copiable values (layer 1), with exceptions: characteristics the
    copy effect itself sets ("except it's 7/7"), as (characteristic, value) pairs (706.9 / 706.8 / 503)."""

    __match_args__: ClassVar[tuple[str, ...]] = ("of", "exceptions", "chooses")
    kind: ClassVar[Literal["copy"]] = "copy"

    of: str
    exceptions: tuple[tuple[str, Any], ...]
    # The copy's own "as ... enters" choices, as (the original's chosen word, the copy's): an object that enters
    # as a copy makes them anew (503.6 of 2003-07; 706.6; 707.6). Without, a copied choice is undefined.
    chooses: tuple[tuple[str, str], ...]

    def __init__(self, of: str, exceptions: tuple[tuple[str, Any], ...] = (),
                 chooses: tuple[tuple[str, str], ...] = ()) -> None:
        object.__setattr__(self, "of", of)
        object.__setattr__(self, "exceptions", exceptions)
        object.__setattr__(self, "chooses", chooses)

    def to_dict(self) -> dict[str, Any]:
        if not self.exceptions and not self.chooses:
            return {"copy": self.of}
        out: dict[str, Any] = {"of": self.of}
        if self.exceptions:
            out["except"] = {k: list(v) if isinstance(v, tuple) else v for k, v in self.exceptions}
        if self.chooses:
            out["chooses"] = dict(self.chooses)
        return {"copy": out}

    @property
    def excepted(self) -> frozenset[str]:
        """The characteristics the exceptions set, as 604.3a(1) / 405.2 name them (power, toughness: pt)."""
        return frozenset("pt" if k in ("power", "toughness") else k for k, _ in self.exceptions
                         if k not in COPY_ADDITIONS)

    @property
    def added(self) -> frozenset[str]:
        """The characteristics its exceptions add to ("an artifact in addition to its other types": types)."""
        return frozenset(COPY_ADDITIONS[k] for k, _ in self.exceptions if k in COPY_ADDITIONS)


class ControlPart(Record):
    """Gain control: ``you`` means the effect's controller (layer 2)."""

    __match_args__: ClassVar[tuple[str, ...]] = ("player",)
    kind: ClassVar[Literal["control"]] = "control"

    player: str

    def __init__(self, player: str) -> None:
        object.__setattr__(self, "player", player)

    def to_dict(self) -> dict[str, Any]:
        return {"control": self.player}


class TextPart(Record):
    """Swap color words or subtype words in the affected objects' text (layer 3)."""

    __match_args__: ClassVar[tuple[str, ...]] = ("swaps",)
    kind: ClassVar[Literal["text"]] = "text"

    swaps: tuple[tuple[str, str], ...]
    mapping: dict[str, str]  # derived: the swaps by old word, made once rather than at each application; read only

    def __init__(self, swaps: tuple[tuple[str, str], ...]) -> None:
        object.__setattr__(self, "swaps", swaps)
        object.__setattr__(self, "mapping", dict(swaps))

    def to_dict(self) -> dict[str, Any]:
        return {"change_text": dict(self.swaps)}


class FullTextPart(Record):
    """Have the full text of a card (Volrath's Shapeshifter: the top creature card of its owner's graveyard):
    its name, mana cost, colors, types and abilities, power and toughness. A text-changing effect (layer 3),
    not a copy effect: nothing copies it, and the effects of later layers apply over it."""

    __match_args__: ClassVar[tuple[str, ...]] = ("of",)
    kind: ClassVar[Literal["full_text"]] = "full_text"

    of: str  # the card's id

    def __init__(self, of: str) -> None:
        object.__setattr__(self, "of", of)

    def to_dict(self) -> dict[str, Any]:
        return {"text_of": self.of}


class TypePart(Record):
    """Set, add or remove card types, subtypes or supertypes (layer 4).

    Subtypes ``EVERY_CREATURE_TYPE`` added is "is (or gains) every creature type"; removed, "loses all
    creature types" (the board's ``creature_types: all`` and ``none``)."""

    __match_args__: ClassVar[tuple[str, ...]] = ("characteristic", "op", "values")
    kind: ClassVar[Literal["type"]] = "type"

    characteristic: str  # "types", "subtypes" or "supertypes"
    op: str  # "set", "add" or "remove"
    values: tuple[str, ...]
    # Derived, as the machine reads them at every application: the values as a set, and whether the part sets a
    # land's subtypes to basic land types (old 212.6e; 2009 305.7).
    value_set: frozenset[str]
    sets_basic_land_types: bool

    def __init__(self, characteristic: str, op: str, values: tuple[str, ...]) -> None:
        object.__setattr__(self, "characteristic", characteristic)
        object.__setattr__(self, "op", op)
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "value_set", frozenset(values))
        object.__setattr__(self, "sets_basic_land_types", characteristic == "subtypes" and op == "set" and bool(
            values) and all(v in BASIC_LAND_TYPES for v in values))


class ColorPart(Record):
    """Set or add colors (layer 5)."""

    __match_args__: ClassVar[tuple[str, ...]] = ("op", "values")
    kind: ClassVar[Literal["color"]] = "color"

    op: str  # "set" or "add"
    values: tuple[str, ...]
    value_set: frozenset[str]  # as TypePart's

    def __init__(self, op: str, values: tuple[str, ...]) -> None:
        object.__setattr__(self, "op", op)
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "value_set", frozenset(values))


class AbilityPart(Record):
    """Add or remove abilities (old layer 5, 2009 layer 6); applied as remove_all, remove, add."""

    __match_args__: ClassVar[tuple[str, ...]] = ("add", "remove", "remove_all", "add_activated_of")
    kind: ClassVar[Literal["ability"]] = "ability"

    add: tuple[str | StaticAbility, ...]
    remove: tuple[str, ...]
    remove_all: bool
    # Gain the activated abilities of what a count matches: creature cards in graveyards (Necrotic Ooze), or
    # permanents; read as the layer applies, like an amount (613.1f / old 418.5a).
    add_activated_of: Count | None

    def __init__(self, add: tuple[str | StaticAbility, ...] = (), remove: tuple[str, ...] = (),
                 remove_all: bool = False, add_activated_of: Count | None = None) -> None:
        object.__setattr__(self, "add", add)
        object.__setattr__(self, "remove", remove)
        object.__setattr__(self, "remove_all", remove_all)
        object.__setattr__(self, "add_activated_of", add_activated_of)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.add:
            out["add"] = [a if isinstance(a, str) else a.to_dict() for a in self.add]
        if self.add_activated_of is not None:
            count = self.add_activated_of
            out["add_activated_of"] = {"filter": count.filter.to_dict(), "zone": count.zone}
        if self.remove:
            out["remove"] = list(self.remove)
        if self.remove_all:
            out["remove_all"] = True
        return {"abilities": out}


class PTSetPart(Record):
    """Set power and toughness to values."""

    __match_args__: ClassVar[tuple[str, ...]] = ("power", "toughness")
    kind: ClassVar[Literal["pt_set"]] = "pt_set"

    power: Value
    toughness: Value
    # Whether each affected object has its own amount (``values.per_object``): derived, so the layer machine
    # need not walk the values at every application.
    per_object: bool

    def __init__(self, power: Value, toughness: Value) -> None:
        object.__setattr__(self, "power", power)
        object.__setattr__(self, "toughness", toughness)
        object.__setattr__(self, "per_object", per_object(power) or per_object(toughness))


class PTModifyPart(Record):
    """Raise or lower power and toughness (+N/+N)."""

    __match_args__: ClassVar[tuple[str, ...]] = ("power", "toughness")
    kind: ClassVar[Literal["pt_modify"]] = "pt_modify"

    power: Value
    toughness: Value
    per_object: bool  # as PTSetPart's

    def __init__(self, power: Value, toughness: Value) -> None:
        object.__setattr__(self, "power", power)
        object.__setattr__(self, "toughness", toughness)
        object.__setattr__(self, "per_object", per_object(power) or per_object(toughness))


class PTSwitchPart(Record):
    """Switch power and toughness."""

    __match_args__: ClassVar[tuple[str, ...]] = ()
    kind: ClassVar[Literal["pt_switch"]] = "pt_switch"


Part = (CopyPart | ControlPart | TextPart | FullTextPart | TypePart | ColorPart | AbilityPart | PTSetPart | PTModifyPart
        | PTSwitchPart)


def subtypes_given(parts: Iterable[Part]) -> Iterable[tuple[str, str]]:
    """Each subtype ``parts`` give an object, with how: "set" or "add" (a subtypes part), or "copy" (a copy
    exception that sets the copy's subtypes)."""
    for p in parts:
        if p.kind == "type" and p.characteristic == "subtypes" and p.op != "remove":
            yield from ((p.op, w) for w in p.values)
        elif p.kind == "copy":
            yield from (("copy", w) for k, v in p.exceptions if k == "subtypes" for w in v)


# The keys of an effect body (a static ability or an effect) that are parts, in layer order.
PART_KEYS: Final = ("copy", "control", "change_text", "text_of", "types", "subtypes", "creature_types", "supertypes", "colors",
             "abilities", "pt")
_CREATURE_TYPES: Final = {"all": "add", "none": "remove"}


def parts_from_dict(body: dict[str, Any]) -> tuple[Part, ...]:
    """The parts of an effect body, in layer order (types before subtypes before supertypes)."""
    parts: list[Part] = []
    if "copy" in body:
        copy = body["copy"]
        if isinstance(copy, dict):
            exceptions = tuple(
                (k, (card_types(v) if k in ("types", "add_types") else tuple(v)) if isinstance(v, list) else v)
                for k, v in sorted(copy.get("except", {}).items())
            )
            parts.append(CopyPart(copy["of"], exceptions, tuple(sorted(copy.get("chooses", {}).items()))))
        else:
            parts.append(CopyPart(copy))
    if "control" in body:
        parts.append(ControlPart(body["control"]))
    if "change_text" in body:
        parts.append(TextPart(tuple(body["change_text"].items())))
    if "text_of" in body:
        parts.append(FullTextPart(body["text_of"]))
    for characteristic in ("types", "subtypes", "supertypes"):
        if characteristic in body:
            ((op, values),) = body[characteristic].items()
            values = card_types(values) if characteristic == "types" else tuple(values)
            parts.append(TypePart(characteristic, op, values))
        if characteristic == "subtypes" and "creature_types" in body:
            parts.append(TypePart("subtypes", _CREATURE_TYPES[body["creature_types"]], (EVERY_CREATURE_TYPE,)))
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
                add_activated_of=None if "add_activated_of" not in spec else Count(
                    Filter.from_dict(spec["add_activated_of"]["filter"]), spec["add_activated_of"]["zone"]),
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
            if part.values == (EVERY_CREATURE_TYPE,):
                body["creature_types"] = "all" if part.op == "add" else "none"
            else:
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


class StaticAbility(Record):
    """A static ability; it generates one continuous effect (old 405, 2009 604).

    ``cda`` marks a characteristic-defining ability (2009 604.3; old rules call it a
    characteristic-setting ability, 405.2). ``label`` is how traces and outcomes name it.
    """

    __match_args__: ClassVar[tuple[str, ...]] = (
        "label", "affects", "parts", "cda", "text_given", "chosen", "condition", "functions_in",
    )

    label: str
    affects: Affects
    parts: tuple[Part, ...]
    cda: bool
    text_given: bool  # False when ``label`` was generated, so to_dict leaves it out
    # Words chosen as the permanent entered (a color, a creature type), not printed: not text
    # a text-changing effect can change (418.6a / 612.1-612.2).
    chosen: frozenset[str]
    # "As long as ...": while it does not hold, the ability's effect does not exist.
    condition: Condition | None
    # The zones its object must be in for it to function (old 402.6 / 112.6; 113.6): the battlefield, unless
    # it says otherwise ("as long as this card is in your graveyard"); a characteristic-defining ability
    # functions everywhere as its edition says (``Ruleset.cda_every_zone``).
    functions_in: frozenset[str]

    def __init__(self, label: str, affects: Affects, parts: tuple[Part, ...], cda: bool = False,
                 text_given: bool = True, chosen: frozenset[str] = frozenset(), condition: Condition | None = None,
                 functions_in: frozenset[str] = ON_BATTLEFIELD) -> None:
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "affects", affects)
        object.__setattr__(self, "parts", parts)
        object.__setattr__(self, "cda", cda)
        object.__setattr__(self, "text_given", text_given)
        object.__setattr__(self, "chosen", chosen)
        object.__setattr__(self, "condition", condition)
        object.__setattr__(self, "functions_in", functions_in)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "StaticAbility":
        parts = parts_from_dict(data)
        affects = affects_from_dict(data.get("affects", "self"))
        cda = bool(data.get("cda", False))
        chosen = frozenset(data.get("chosen", ()))
        condition = condition_from_dict(data["condition"]) if "condition" in data else None
        zones = frozenset(data.get("functions_in", ON_BATTLEFIELD))
        if "text" in data:
            return StaticAbility(data["text"], affects, parts, cda, True, chosen, condition, zones)
        return StaticAbility(generated_label(affects, parts, condition), affects, parts, cda, False, chosen, condition, zones)

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
        if self.functions_in != ON_BATTLEFIELD:
            out["functions_in"] = sorted(self.functions_in)
        return out


# Changeling printed on an object: a characteristic-defining ability, "this object is every creature type", that
# works in every zone (502.73a of 2007-10; 702.70a of 2009; 702.73a). Removing the keyword removes it. An effect
# that grants the keyword grants only the word: a board writes what such an effect does with ``creature_types``.
CHANGELING_ABILITY: Final = StaticAbility(
    CHANGELING, SELF, (TypePart("subtypes", "add", (EVERY_CREATURE_TYPE,)),), cda=True, text_given=True)


def generated_label(affects: Affects, parts: tuple[Part, ...], condition: Condition | None = None) -> str:
    """A stable label for a static ability written without ``text``: its body as compact JSON."""
    body = parts_to_dict(parts)
    body = {"affects": affects.to_dict(), **body}
    if condition is not None:
        body["condition"] = condition.to_dict()
    return json.dumps(body, sort_keys=True, separators=(",", ":"))


@lru_cache(maxsize=64)
def indicator_text(name: str | None, colors: tuple[str, ...]) -> StaticAbility:
    """What a color indicator was before 202.2e of 2011-09-30 gave it a rule: the Oracle text of the cards
    that had one said the card is those colors, a characteristic-defining ability (decision
    color_indicator_text), which an effect that removes abilities takes away and a text change rewrites."""
    return StaticAbility.from_dict({
        "text": f"{name or 'this card'} is {' and '.join(colors)}",
        "cda": True, "affects": "self", "colors": {"set": list(colors)},
    })
