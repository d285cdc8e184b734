"""Applying an effect: its parts in one sublayer to the objects it affects (``Applying``), and what each kind of
part does to one object (the functions below, which only change an ``Obj``).

The layer machine decides order and objects; a dependency trial (``engines.layers.dependency``) applies an effect
the same way, to copies of the objects.
"""

from __future__ import annotations

from engines.board.abilities import COPY_ADDITIONS
from engines.board.board import (
    EVERY_CREATURE_TYPE, FACE_DOWN, ON_BATTLEFIELD, TRANSFORMED, AbilityPart, ColorPart, ControlPart, CopyPart,
    FullTextPart, PTModifyPart, PTSetPart, PTSwitchPart, StaticAbility, TextPart, TypePart,
)
from engines.layers.amounts import Amounts
from engines.layers.plan import MachineRules, Planner, characteristic
from engines.layers.state import Instance, Obj
from engines.layers.subtype_index import SubtypeIndex
from engines.layers.text import rechosen, swap_ability, swap_set, without_choices
from engines.layers.zones import functions

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Final

EMPTY: Final[frozenset[str]] = frozenset()


def copy_onto(o: Obj, target: Obj, part: CopyPart, unit: Instance, planner: Planner) -> None:
    """Layer 1: ``o`` takes ``target``'s copiable values (503.2 / 706.2), keeping granted abilities.

    The copied static abilities are new abilities of ``o``, created by the copy effect, so
    they take the later of ``o``'s timestamp and the effect's (``copied_ability_timestamp``).
    """
    if o.id == target.id or (o.status & FACE_DOWN and planner.ruleset.face_down_copiable):
        return  # a face-down permanent keeps its face-down values (504.2 of 2003-07; 707.2 / 708.2; 613.2b)
    _take_values(o, target)
    if target.status & TRANSFORMED:
        o.mana_value = 0  # a copy of a back face has no mana cost (711.4b; 712.8e): the front's is not copied
        o.mana_cost = ""
    for name, value in part.exceptions:
        added = COPY_ADDITIONS.get(name)
        if added == "abilities":
            o.keywords = o.keywords | frozenset(value)
        elif added is not None:
            setattr(o, added, getattr(o, added) | frozenset(value))
        else:
            setattr(o, name, frozenset(value) if isinstance(value, tuple) else value)
    if planner.ruleset.subtypes_match_types and any(name in ("subtypes", "add_subtypes")
                                                    for name, _ in part.exceptions):
        # 205.3d (2011-09): an exception's subtype that goes with none of the copy's card types is not gained.
        sets = planner.ruleset.subtypes
        o.subtypes = frozenset(s for s in o.subtypes if sets.fits(s, o.types))
    if o.words is not None:  # what a copy copies is its text (copiable values: 503.2 / 706.2)
        o.words = o.subtypes | o.keywords
    # 706.8d (2011): a characteristic-defining ability that defines an excepted characteristic is not copied.
    # 706.9d (2021-02-02): one that adds card types, supertypes or subtypes copies them; before, it too modified
    # the characteristic, so it left them out.
    skipped = EMPTY
    if planner.ruleset.copy_exceptions_skip_cda:
        skipped = part.excepted if planner.ruleset.copy_additions_copy_cda else part.excepted | part.added
    timestamp = _timestamp(o, unit, planner)
    # Keyed by the printed ability at the root of any chain of copies, so copies that copy
    # again (abilities that make objects copies) yield the same abilities, not new ones without end.
    copied = []
    elsewhere = False  # whether a copied ability works outside the battlefield only (rare: an Incarnation's)
    sources = (
        x for x in target.statics + target.dormant  # a card's abilities, where they function or not
        if not x.granted and not (skipped and x.cda and skipped & {characteristic(p) for p in x.body.parts})
    )
    for i, s in enumerate(sources):
        # Choices are not copied; a copy that entered makes its own (503.6 / 706.6 / 707.6).
        body = rechosen(s.ability, part.chooses) if part.chooses and s.ability.chosen else without_choices(s.ability)
        if body.functions_in is not ON_BATTLEFIELD:
            elsewhere = True
        copied.append(Instance(
            ("c", o.id, s.key[2] if s.key[0] == "c" else s.key), body.label, body,
            s.plan if body is s.body else planner.plan(body), o.id, None, timestamp,
            (timestamp, 0, o.position, 1000 + i),
        ))
    kept = tuple(s for s in o.statics if s.granted) if o.statics else ()
    _place(o, copied, kept, elsewhere, planner)


def _place(o: Obj, abilities: list[Instance], kept: tuple[Instance, ...], elsewhere: bool, planner: Planner) -> None:
    """Give ``o`` ``abilities`` of its own text besides ``kept``; an ability functions where its object is only
    if it may there (an Incarnation's, on a permanent: 112.6b / 113.6b). ``elsewhere``: whether one may not."""
    if o.zone == "battlefield" and not elsewhere:
        o.statics = tuple(abilities) + kept
        o.dormant = ()
        return
    o.statics = tuple(s for s in abilities if functions(s.ability, o.zone, planner)) + kept
    o.dormant = tuple(s for s in abilities if not functions(s.ability, o.zone, planner))


def _take_values(o: Obj, source: Obj) -> None:
    """``o`` takes ``source``'s characteristics as they stand, abilities apart: what a copy effect (layer 1)
    and a full-text effect (layer 3) both do before giving ``o`` abilities."""
    o.name = source.name
    o.mana_value = source.mana_value
    o.mana_cost = source.mana_cost
    o.halves = source.halves
    o.types = source.types
    o.subtypes = source.subtypes
    o.hidden = source.hidden
    o.supertypes = source.supertypes
    o.colors = source.colors
    o.power = source.power
    o.toughness = source.toughness
    o.keywords = source.keywords


def take_text(o: Obj, card: Obj, unit: Instance, planner: Planner) -> None:
    """Layer 3: ``o`` has the full text of ``card`` (Volrath's Shapeshifter): its name, mana cost, colors, types,
    keywords and static abilities, power and toughness, as the card has them so far. A text-changing effect:
    the abilities are ``o``'s text, with ``o``'s timestamp. ``o`` keeps the ability that gives it the text
    (decision full_text_keeps_ability), and the abilities effects granted it."""
    if o.id == card.id:
        return
    _take_values(o, card)
    if o.words is not None:
        o.words = o.subtypes | o.keywords
    abilities, elsewhere = [], False
    for i, s in enumerate(x for x in card.statics + card.dormant if not x.granted):
        body = without_choices(s.ability)  # the card's choices were never made for ``o`` (503.6 / 706.6)
        elsewhere = elsewhere or body.functions_in is not ON_BATTLEFIELD
        abilities.append(Instance(("t", o.id, card.id, i), body.label, body, planner.plan(body), o.id, None,
                                  o.timestamp, (o.timestamp, 0, o.position, 3000 + i)))
    kept = tuple(s for s in o.statics if s.granted or s.key == unit.key)
    _place(o, abilities, kept, elsewhere, planner)


def _timestamp(o: Obj, unit: Instance, planner: Planner) -> int:
    """The timestamp of a static ability ``unit`` gives ``o`` (by copying or granting): the later of
    ``o``'s and ``unit``'s (418.5f from 2005 / 613.6a), or ``o``'s own (418.5f until 2005)."""
    return max(o.timestamp, unit.timestamp) if planner.ruleset.grant_timestamps else o.timestamp


def change_text(o: Obj, part: TextPart, planner: Planner) -> None:
    """Layer 3: swap words in the type line, keywords and printed or copied abilities (418.6 / 612)."""
    swaps = part.mapping
    words = o.words
    if words is None:  # text changes come first: all the object has is its text
        o.subtypes = swap_set(o.subtypes, swaps)
        o.keywords = swap_set(o.keywords, swaps)
    else:  # before July 2003 one may come after effects that gave subtypes or keywords
        o.subtypes = (o.subtypes - words) | swap_set(o.subtypes & words, swaps)
        o.keywords = (o.keywords - words) | swap_set(o.keywords & words, swaps)
        o.words = swap_set(words, swaps)
    statics = []
    changed = False
    for s in o.statics:
        if not s.granted:
            body = swap_ability(s.ability, swaps, part.swaps)
            if body is not s.body:
                s = s.with_body(body, planner.plan(body))
                changed = True
        statics.append(s)
    if changed:  # a new tuple tells the machine that abilities changed
        o.statics = tuple(statics)


def change_types(o: Obj, part: TypePart, rules: MachineRules) -> None:
    """Layer 4; setting a land's basic land types strips its own abilities (212.6e / 305.7).

    From 2011 (305.7, ``Ruleset.land_types_set_always``) it does so whatever land types the
    land had; before (212.6e, 305.7 until 2011: an effect that *changes* a land's type) only
    if its land types were not already exactly the new ones.

    New subtypes replace only the subtypes of their own set, as the ruleset's document lists
    the sets: a land type replaces land types, a creature type creature types (old 212.1b;
    2009 204.1a; 205.1a). Setting no subtypes at all removes every subtype. A card type that
    is removed takes the subtypes of its set with it for as long as it is gone (212.1b /
    204.1a / 205.1a): they wait in ``o.hidden`` and come back with the card type. Setting and
    removing subtypes reach the hidden ones too. From 2011-09 (205.3d) a subtype that goes
    with none of the object's card types is not gained.
    """
    values = part.value_set
    sets = rules.subtypes
    strips = part.sets_basic_land_types and "land" in o.types and (
        rules.land_types_set_always or sets.in_set(o.subtypes, "land") != values)
    if part.characteristic == "types":
        _change_card_types(o, part.op, values, sets)
    elif part.characteristic == "subtypes":
        hidden = o.hidden
        if values and part.op != "remove" and rules.subtypes_match_types:
            values = frozenset(v for v in values if sets.fits(v, o.types))
        if part.op != "set" and (
                EVERY_CREATURE_TYPE in values or EVERY_CREATURE_TYPE in o.subtypes or EVERY_CREATURE_TYPE in hidden):
            _change_every_creature_type(o, part.op, values, sets)
        elif part.op == "add":
            o.subtypes = o.subtypes | values
        elif part.op == "remove":
            o.subtypes = o.subtypes - values
            o.hidden = hidden - values if hidden else hidden
        elif part.values:
            replaced = {sets.of(v) for v in part.values}
            o.subtypes = frozenset(s for s in o.subtypes if sets.of(s) not in replaced) | values
            if hidden:
                o.hidden = frozenset(s for s in hidden if sets.of(s) not in replaced)
        else:
            o.subtypes = o.hidden = EMPTY
    elif part.op == "set":
        o.supertypes = values
    elif part.op == "add":
        o.supertypes = o.supertypes | values
    else:
        o.supertypes = o.supertypes - values
    if strips:
        o.keywords = frozenset()
        if any(not s.granted for s in o.statics):
            o.statics = tuple(s for s in o.statics if s.granted)


def _change_every_creature_type(o: Obj, op: str, values: frozenset[str], sets: SubtypeIndex) -> None:
    """Subtypes where every creature type is involved: it is one word standing for the whole creature set, so
    the object holds it and no creature type besides (an Elf that becomes every creature type is just that).
    Setting subtypes needs nothing more: setting creature types replaces it, as any creature type."""
    if op == "remove" and EVERY_CREATURE_TYPE in values:  # loses all creature types
        o.subtypes = o.subtypes - sets.in_set(o.subtypes, "creature") - values
        o.hidden = o.hidden - sets.in_set(o.hidden, "creature")
    elif op == "remove":
        # Every creature type but these: the creature types the document lists, less them (where the list is
        # open, before 2003-12, the ones it names). No card does this; it is here so that no board is wrong.
        # Removing only words of other sets (a land type) leaves every creature type whole: the creature types are
        # one set of their own (205.3m; 212.3 before 2009), and those are what every creature type is (702.73a).
        expand = any(sets.of(v) == "creature" for v in values)
        for holder in ("subtypes", "hidden"):
            words = getattr(o, holder)
            if expand and EVERY_CREATURE_TYPE in words:
                words = (words - {EVERY_CREATURE_TYPE}) | {w for w, s in sets.sets.items() if s == "creature"}
            setattr(o, holder, words - values)
    else:
        o.subtypes = o.subtypes | values
    for holder in ("subtypes", "hidden"):
        words = getattr(o, holder)
        if EVERY_CREATURE_TYPE in words:
            setattr(o, holder, frozenset(w for w in words if sets.of(w) != "creature") | {EVERY_CREATURE_TYPE})


def _change_card_types(o: Obj, op: str, values: frozenset[str], sets: SubtypeIndex) -> None:
    before = o.types
    if op == "set":
        after = values
    elif op == "add":
        after = before | values
    else:
        after = before - values
    o.types = after
    if after == before:
        return
    # Sets' words are disjoint, so the order the sets are met in changes nothing.
    seen: set[str] = set()
    for changed in before ^ after:
        for group in sets.sets_of_type.get(changed, ()):
            if group not in seen:
                seen.add(group)
                _move_subtypes(o, group, sets, before, after)


def _move_subtypes(o: Obj, group: str, sets: SubtypeIndex, before: frozenset[str], after: frozenset[str]) -> None:
    """The subtypes of set ``group`` wait in ``o.hidden`` while the object has none of the set's card types, and
    come back with one (212.1b / 204.1a / 205.1a)."""
    types = sets.card_types[group]
    had, has = not types.isdisjoint(before), not types.isdisjoint(after)
    if had and not has and o.subtypes:
        gone = sets.in_set(o.subtypes, group)
        if gone:
            o.subtypes = o.subtypes - gone
            o.hidden = o.hidden | gone
    elif has and not had and o.hidden:
        back = sets.in_set(o.hidden, group)
        if back:
            o.hidden = o.hidden - back
            o.subtypes = o.subtypes | back


def change_colors(o: Obj, part: ColorPart) -> None:
    o.colors = part.value_set if part.op == "set" else o.colors | part.value_set


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
    timestamp = _timestamp(o, unit, planner)
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


class Applying(Amounts):
    """The part of a pass that applies an effect (the machine's step, and a dependency trial's)."""

    def _apply_parts(self, unit: Instance, key: str, state: dict[str, Obj], cloned: set | None, objects=None) -> bool:
        """Apply ``unit``'s parts here to ``state``; True if some object's static abilities changed.

        With ``cloned`` (a trial), copy each object before changing it and collect the ids
        of the objects touched there. Parts are told apart by class, most frequent first: a compiled class's
        ``kind`` is a class attribute, read through the type at every object, where ``isinstance`` is one check.
        """
        if objects is None:
            objects = sorted(self._affected(unit, state))
        you = self._you(unit, state)
        existence = False
        gained: frozenset[str] = frozenset()
        for part in unit.plan.at[key].parts:
            if isinstance(part, (PTModifyPart, PTSetPart)):
                # Values are read for every object before any changes: one effect applies at once.
                values = self._pt_values(part, unit, state, you, objects, key)
            elif isinstance(part, CopyPart):
                target = state[part.of]
            elif isinstance(part, AbilityPart) and part.add_activated_of is not None:
                gained = self._activated_of(part.add_activated_of, unit, state, you)
            for n, oid in enumerate(objects):
                o = state[oid]
                if cloned is not None and oid not in cloned:
                    o = state[oid] = o.clone()
                    cloned.add(oid)
                statics = o.statics
                if isinstance(part, PTModifyPart):
                    p, t = values[n]
                    o.power, o.toughness = (o.power or 0) + p, (o.toughness or 0) + t
                elif isinstance(part, PTSetPart):
                    o.power, o.toughness = values[n]
                elif isinstance(part, ColorPart):
                    change_colors(o, part)
                elif isinstance(part, AbilityPart):
                    change_abilities(o, part, unit, self.planner, None if cloned is not None else self.granted)
                    if part.add_activated_of is not None and gained:
                        o.keywords = o.keywords | gained
                elif isinstance(part, TypePart):
                    change_types(o, part, self.machine)
                elif isinstance(part, PTSwitchPart):
                    # Two steps, not one tuple assignment: the compiled build misreads ``x or 0`` inside one.
                    power, toughness = o.toughness or 0, o.power or 0
                    o.power, o.toughness = power, toughness
                elif isinstance(part, ControlPart):
                    o.controller = you if part.player == "you" else part.player
                elif isinstance(part, TextPart):
                    change_text(o, part, self.planner)
                elif isinstance(part, FullTextPart):
                    take_text(o, state[part.of], unit, self.planner)
                elif isinstance(part, CopyPart):
                    copy_onto(o, target, part, unit, self.planner)
                # The apply functions give an object a new tuple of abilities only when they change it.
                if o.statics is not statics:
                    existence = True
        return existence
