"""How one ruleset sees an effect body: which sublayers its parts go to, and what it reads and writes.

Reads and writes are bit sets over the characteristics an effect can change. The layer
machine only tries "does applying A change B?" (418.5c / 613.7a) when something A writes
is something B reads; every other pair is independent without a trial.
"""

from __future__ import annotations

from engines.board.board import (
    COLORS as COLOR_WORDS, AbilityPart, ColorPart, ControlPart, CopyPart, Count, Effect, Filter, ManaValue, PTOf,
    Matching, Part, PTModifyPart, PTSetPart, StaticAbility, TextPart, TypePart,
)
from engines.board.values import (
    AllOf, AnyOf, AttachedIs, Compare, Controls, Devotion, Greatest, Is, ManaValueOf, Not, Sum, Times, per_object,
)
from engines.layers.recent import Recent
from engines.layers.subtype_index import SubtypeIndex
from rulesets.model import CDA, RESOLVED, STATIC, Ruleset

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Final

# What a part changes, or what an effect's existence, text, affected set or values read.
TYPES: Final = 1  # card types, subtypes, supertypes
COLORS: Final = 2
ABILITIES: Final = 4  # keywords and static abilities, as filters see them
CONTROLLER: Final = 8
PT: Final = 16
TEXT: Final = 32  # the words of printed abilities
COPIABLE: Final = 64  # name, mana value, printed characteristics
EXIST: Final = 128  # whether a static ability is still on its object
LAND: Final = 256  # whether an object is a land (a change of it is a change of TYPES too)
ALL: Final = TYPES | COLORS | ABILITIES | CONTROLLER | PT | TEXT | COPIABLE | EXIST | LAND

# A static ability that has not started to apply can lose its existence or its text (613.7a(b)).
NOT_STARTED_READS: Final = EXIST | TEXT | COPIABLE


def part_writes(part: Part) -> int:
    if isinstance(part, CopyPart):
        return ALL
    if isinstance(part, ControlPart):
        return CONTROLLER
    if isinstance(part, TextPart):
        return TEXT | TYPES | ABILITIES
    if isinstance(part, TypePart):
        bits = TYPES
        if part.characteristic == "types" and (part.op == "set" or "land" in part.values):
            bits |= LAND
        if part.sets_basic_land_types:
            # Setting a land's subtypes to basic land types removes its own abilities (212.6e / 305.7).
            bits |= EXIST | ABILITIES
        return bits
    if isinstance(part, ColorPart):
        return COLORS
    if isinstance(part, AbilityPart):
        return ABILITIES | EXIST if (part.remove or part.remove_all) else ABILITIES
    return PT


def filter_reads(f: Filter) -> int:
    bits = 0
    if f.types or f.subtypes or f.supertypes or f.not_types or f.not_subtypes or f.not_supertypes:
        bits |= TYPES
    if f.colors or f.not_colors:
        bits |= COLORS
    if f.abilities:
        bits |= ABILITIES
    if f.controller is not None:
        bits |= CONTROLLER
    if f.power_at_least is not None or f.power_at_most is not None:
        bits |= PT | TYPES
    if f.toughness_at_least is not None or f.toughness_at_most is not None:
        bits |= PT | TYPES
    if f.name is not None or f.mana_value_at_least is not None or f.mana_value_at_most is not None:
        bits |= COPIABLE  # copy effects change them; an object's owner never changes
    if f.no_abilities:
        bits |= ABILITIES | TYPES  # a basic land type is a mana ability (214.9e / 305.6)
    return bits  # tapped, attached, paired, face down, token, cast, transformed: no effect changes them


def value_reads(value) -> int:
    """What a value reads; counters on an object, a card's characteristics, the card types among cards and
    players' life totals and hands are no object's characteristics that an effect changes: nothing."""
    if isinstance(value, (ManaValue, ManaValueOf)):
        return COPIABLE
    if isinstance(value, Count):
        # What it shares with the object it is read for: the creature types or colors of both.
        shared = 0 if value.sharing is None else TYPES if value.sharing == "creature_type" else COLORS
        return filter_reads(value.filter) | shared | (CONTROLLER if value.zone != "battlefield" else 0)
    if isinstance(value, Devotion):
        return COPIABLE | CONTROLLER  # mana costs, which copy effects change, of the permanents a player controls
    if isinstance(value, PTOf):
        return PT | TYPES  # a permanent's P/T, and whether it is a creature (a card's never changes)
    if isinstance(value, Greatest):
        return filter_reads(value.among) | (COPIABLE if value.characteristic == "mana_value" else PT | TYPES)
    if isinstance(value, Sum):
        bits = 0
        for v in value.values:
            bits |= value_reads(v)
        return bits
    if isinstance(value, Times):
        return value_reads(value.value)
    return 0


def condition_reads(condition) -> int:
    """What whether a condition holds reads: its filters and values; whose turn it is, nothing."""
    if isinstance(condition, Controls):
        return filter_reads(condition.filter) | CONTROLLER
    if isinstance(condition, Compare):
        return value_reads(condition.value)
    if isinstance(condition, (Is, AttachedIs)):
        return filter_reads(condition.filter)
    if isinstance(condition, (AllOf, AnyOf)):
        bits = 0
        for c in condition.conditions:
            bits |= condition_reads(c)
        return bits
    if isinstance(condition, Not):
        return condition_reads(condition.condition)
    return 0


def part_reads(part: Part, origin: str) -> int:
    """What the part's own result depends on, besides the objects it applies to."""
    if isinstance(part, CopyPart):
        return COPIABLE
    if isinstance(part, ControlPart):
        return CONTROLLER if part.player == "you" and origin != RESOLVED else 0
    if isinstance(part, (PTSetPart, PTModifyPart)):
        return value_reads(part.power) | value_reads(part.toughness)
    if isinstance(part, TextPart):
        # What a text change does depends on the words in the text it changes (418.6a / 612.2).
        return TEXT | TYPES | ABILITIES
    if isinstance(part, TypePart) and part.sets_basic_land_types:
        # Whether the object is a land decides whether it loses its own abilities (212.6e / 305.7).
        return LAND
    if isinstance(part, AbilityPart) and part.add_activated_of is not None:
        # What it gains is what the matched objects have: their abilities, which layer-6 effects change, and
        # whether they match.
        count = part.add_activated_of
        return value_reads(count) | (ABILITIES if count.zone == "battlefield" else 0)
    return 0


def characteristic(part: Part) -> str:
    """The characteristic a part defines, in the words of 604.3a(1) / 405.2."""
    if isinstance(part, TypePart):
        return part.characteristic
    if isinstance(part, ColorPart):
        return "colors"
    if isinstance(part, (PTSetPart, PTModifyPart)):
        return "pt"
    return part.kind


# Kinds whose writes never depend on the part's details, and kinds whose result reads the state.
_FIXED_WRITES: Final = {"copy": ALL, "full_text": ALL, "control": CONTROLLER, "text": TEXT | TYPES | ABILITIES,
                 "color": COLORS, "pt_set": PT, "pt_modify": PT, "pt_switch": PT}
_READING_KINDS: Final = frozenset({"copy", "control", "text", "type", "pt_set", "pt_modify", "ability"})
# Kinds whose reads concern only the objects the effect applies to (the words a text change
# finds there; whether a land-type change's object is a land): a change elsewhere is no trial's business.
_LOCAL_READING_KINDS: Final = frozenset({"text", "type"})


class Step:
    """What one body does in one sublayer: its parts there, and what they read and write (plan bits). One record,
    where a plan kept a dict of each per sublayer: a run builds several plans a board."""

    __slots__ = ("parts", "reads", "local", "writes", "whole", "values")

    def __init__(self, parts: tuple[Part, ...], reads: int, local: int, writes: int, whole: int, values: int) -> None:
        self.parts = parts  # the parts applied here, in body order
        self.reads = reads  # what its affected set and values read here
        self.local = local  # the part of ``reads`` read only on the objects it applies to
        self.writes = writes  # what its parts here change
        # The part of ``reads`` whose change anywhere can change whether this effect depends on another (its
        # condition, a greatest value, its affected set where its parts read it); the rest it reads object by
        # object, on the objects a trial changed (``engines.layers.dependency.Trials``).
        self.whole = whole
        # What its parts' results read besides the objects they apply to (its values; who "you" is): with its
        # affected set and those objects, all that applying it depends on.
        self.values = values


class Plan:
    """One effect body, placed by one ruleset. Read-only once built (a plain slotted class: built per ability, often)."""

    __slots__ = ("origin", "at", "first", "affects_reads", "condition")

    def __init__(self, origin: str, at: dict[str, Step], first: int, affects_reads: int, condition) -> None:
        self.origin = origin  # CDA, STATIC or RESOLVED
        self.at = at  # sublayer key -> what the body does there, for each sublayer where it has parts
        self.first = first  # index of the first sublayer with a part: where the effect starts to apply
        self.affects_reads = affects_reads  # what its filter reads (0 unless it affects a filter's matches)
        self.condition = condition  # a conditional ability's condition; None for every other effect


# How many plans a planner keeps in each of its two generations (``engines.layers.recent``): far more than one
# board's bodies (a few dozen) or a shrink's variants share, and few enough that what they hold does not grow a
# worker's memory.
PLANS_KEPT: Final = 128


class Planner:
    """Builds and caches plans for one ruleset."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.index = {s.key: i for i, s in enumerate(ruleset.sublayers)}
        # origin -> part kind -> sublayer key: the ruleset's placement, one lookup per part.
        self._where = {
            origin: {kind: key for (kind, o), key in ruleset.placement.items() if o == origin}
            for origin in (CDA, STATIC, RESOLVED)
        }
        # The ruleset's switches every body's plan consults, read once: a Ruleset's attributes are slow to
        # reach from compiled code, and a run builds several plans a board.
        # 418.5b (2003-12): origin -> the type sublayer, where an effect that changes types applies whole.
        self._whole_at = {origin: where["type"] if ruleset.type_effects_whole else None
                          for origin, where in self._where.items()}
        self._land_reads = 0 if ruleset.land_types_set_always else TYPES
        self._proper_nouns = not ruleset.text_changes_creature_types
        self._cda_characteristics = ruleset.cda_characteristics
        self._cda_unconditional = ruleset.cda_unconditional
        self.plans = Recent(PLANS_KEPT)  # the plans of the bodies seen lately

    def plan(self, body: StaticAbility | Effect) -> Plan:
        # By identity, holding the body so an id is never reused while cached: one board asks again and
        # again, and a shrink's variants share their unchanged bodies (Board.from_dict's memo). Not by
        # value: hashing and comparing a body's parts (a tree of records) cost more than
        # building its plan, and most of a run's bodies are new. Kept only as long as that reuse lasts, so
        # that a worker's memory does not grow with the boards it has seen (each plan holds its body, and the
        # body its board's strings and values).
        plan = self.plans.get(id(body), body)
        if plan is None:
            plan = self._build(body)
            self.plans.put(id(body), body, plan)
        return plan

    def origin(self, body: StaticAbility | Effect) -> str:
        if isinstance(body, Effect):
            return RESOLVED
        if body.cda and (body.condition is None or not self._cda_unconditional):
            cda = self._cda_characteristics
            if all(characteristic(p) in cda for p in body.parts):
                return CDA
        return STATIC

    def _build(self, body: StaticAbility | Effect) -> Plan:
        origin = self.origin(body)
        where = self._where[origin]
        affects = body.affects
        # Self, attached and ids read nothing: what an object is attached to never changes on a board.
        affects_reads = filter_reads(affects.filter) if isinstance(affects, Matching) else 0
        condition = body.condition if isinstance(body, StaticAbility) else None
        # Whether the condition holds is read wherever the effect may start, as the affected set is.
        always = affects_reads | (condition_reads(condition) if condition is not None else 0)
        # Sublayer key -> its step, gathered in body order (``local`` and ``whole`` are settled below).
        at: dict[str, Step] = {}
        # 418.5b (2003-12): an effect that changes types applies whole in the type layer.
        whole = self._whole_at[origin]
        if whole is not None and not any(p.kind == "type" for p in body.parts):
            whole = None
        for part in body.parts:
            kind = part.kind
            if self._proper_nouns and part.kind == "text":
                part = _without_creature_types(part, self.ruleset.subtypes)
            key = whole or where[kind]
            w = _FIXED_WRITES.get(kind)
            if w is None:
                w = part_writes(part)
            r = part_reads(part, origin) if kind in _READING_KINDS else 0
            if r & LAND:
                # Until 2011 only a land whose land types change loses its abilities (212.6e / 305.7).
                r |= self._land_reads
            step = at.get(key)
            if step is None:
                step = at[key] = Step((), always, 0, 0, 0, 0)
            step.parts += (part,)
            step.writes |= w
            if kind in _LOCAL_READING_KINDS:
                step.local |= r
            else:
                step.reads |= r
                step.values |= r
        index = self.index
        # A body with no part (a copied ability whose every part refers to a choice never made) never applies.
        first = len(index)
        for key, step in at.items():
            # Bits read anywhere (a filter, a count) are not local, even if a part reads them too.
            local = step.local & ~step.reads
            step.reads |= local
            step.local = local
            step.whole = _whole_reads(step.parts, affects_reads, condition)
            if index[key] < first:
                first = index[key]
        return Plan(origin, at, first, affects_reads, condition)


def _whole_reads(parts: tuple[Part, ...], affects_reads: int, condition) -> int:
    """What a dependency trial reads of effect B beyond the objects the trial changed, as
    ``Depending._changed`` decides it: a condition, and values that are not compared object by
    object; and B's affected set, where a part compares only the affected objects."""
    bits = condition_reads(condition) if condition is not None else 0
    for part in parts:
        if isinstance(part, (PTSetPart, PTModifyPart)):
            for value in (part.power, part.toughness):
                if type(value) is int or isinstance(value, PTOf):
                    continue  # a number, or one object's P/T: compared on that object
                if isinstance(value, Count) and value.zone == "battlefield":
                    continue  # compared on the objects that changed
                bits |= value_reads(value)
                if per_object(value):
                    bits |= affects_reads  # each affected object's own amount
        elif isinstance(part, TextPart) or isinstance(part, TypePart) and part.sets_basic_land_types:
            bits |= affects_reads  # the words found, whether a land: on the affected objects
    return bits


def _without_creature_types(part: TextPart, sets) -> TextPart:
    """The swaps a text change can make where creature types are proper nouns (415.4, 2001-07 to 2002-02):
    color words and the subtypes of other sets, never a creature type."""
    kept = tuple((old, new) for old, new in part.swaps if old in COLOR_WORDS or sets.of(old) != "creature")
    return part if kept == part.swaps else TextPart(kept)


def counters_with_modifiers(ruleset: Ruleset) -> bool:
    """From 2020 counters share 7c with the modifying effects, in timestamp order (613.4c, 613.7c)."""
    return ruleset.placement[("pt_modify", RESOLVED)] == ruleset.counters_sublayer


def text_after_others(ruleset: Ruleset) -> bool:
    """Whether a text change can come after an effect that gives subtypes or keywords (418.5a's stages before
    July 2003): then objects keep apart the words of their text (``Obj.words``)."""
    index = {s.key: i for i, s in enumerate(ruleset.sublayers)}
    return any(index[ruleset.placement[("text", STATIC)]] > index[ruleset.placement[(kind, STATIC)]]
               for kind in ("type", "ability"))


class MachineRules:
    """What a layer machine takes from its ruleset once, and every pass of it reads (``engines.layers.layer_pass``): the
    plans, where abilities and counters go, and the decisions its traces cite. ``engines.layers.machine.Machine`` is one."""

    def __init__(self, ruleset: Ruleset, check_dependencies: bool = False) -> None:
        self.ruleset = ruleset
        # For the tests: every dependency search that reuses earlier trials is checked against fresh ones.
        self.check_dependencies = check_dependencies
        self.planner = Planner(ruleset)
        self.ability_sublayer = self.planner.index[ruleset.placement[("ability", STATIC)]]
        self.counters_with_modifiers = counters_with_modifiers(ruleset)
        self.text_after_others = text_after_others(ruleset)
        # The ruleset's decisions by key: explaining asks of them for every effect it traces.
        self.decided = frozenset(d.key for d in ruleset.decisions)
        # Where the counters' own step rests on a decision (2003: counters right after CSAs), traces say so.
        self.counters_rules = ("decision: counters_after_csa",) if "counters_after_csa" in self.decided else ()
        # What changing types reads at every application (``engines.layers.apply.change_types``), held natively.
        self.subtypes = SubtypeIndex(ruleset.subtypes)
        self.land_types_set_always: bool = ruleset.land_types_set_always
        self.subtypes_match_types: bool = ruleset.subtypes_match_types
        self.cda_dependency: str = ruleset.cda_dependency  # which effects may depend on which (``Depending._groups``)
