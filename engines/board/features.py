"""The parts of the board vocabulary, as words an engine names to say what it implements.

An engine that implements only part of the vocabulary says which parts (``FEATURES``) in its handshake
(``implements``), as an attribute of an installed engine, or through ``diffcheck run --implements``; a
run then generates only boards made of those parts and never sends it another. ``board_features`` names
the parts one board uses, so "a board the engine can take" is ``board_features(board) <= implements``.

Every board uses static abilities or resolved effects on objects with printed characteristics, with
filters of the common keys (types, subtypes, supertypes, colors, keywords, each negated, controller,
"other"), integer amounts, and two players: those need no word. Each word below is one more thing.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from engines.board.abilities import (
    AbilityPart, Attached, ColorPart, ControlPart, CopyPart, FullTextPart, Matching, PTModifyPart,
    PTSetPart, PTSwitchPart, StaticAbility, TextPart, TypePart,
)
from engines.board.board import Board, counter_pt_change
from engines.board.values import (
    FILTER_INT_KEYS, FILTER_STATUS_KEYS, AllOf, AnyOf, Compare, Devotion, Filter, ManaValue, Not, leaves,
    map_condition_filters, map_value_filters,
)
from engines.board.vocabulary import CHANGELING, EVERY_CREATURE_TYPE

# word -> what a board that uses it holds. The order is the order docs and reports list them in.
FEATURES: dict[str, str] = {
    # The effect parts (the generator's body kinds keep these names).
    "pt_modify": "an effect that raises or lowers power and toughness (+X/+Y)",
    "pt_set": "an effect that sets power and toughness",
    "pt_switch": "an effect that switches power and toughness",
    "colors": "an effect that sets or adds colors",
    "abilities": "an effect that adds or removes keyword abilities, or removes all abilities",
    "granted": "an effect that grants a static ability (an ability that itself has an effect)",
    "types": "an effect that adds or removes card types",
    "types_set": "an effect that sets card types (the object has those and no others)",
    "subtypes": "an effect that adds or removes subtypes",
    "subtypes_set": "an effect that sets subtypes (a land that becomes a Mountain, a creature that becomes a Frog)",
    "every_creature_type": "every creature type: the keyword changeling, or an effect that gives or takes all "
                           "creature types",
    "supertypes": "an effect that adds or removes supertypes",
    "control": "an effect that gives control of objects to the effect's controller",
    "control_other": "an effect that gives control of objects to a player other than the effect's controller",
    "change_text": "a text-changing effect (swaps color words or subtype words)",
    "full_text": "an effect that gives an object a card's full text (Volrath's Shapeshifter)",
    "copy": "a copy effect",
    # Amounts and conditions.
    "mana_value": "an amount that is the affected object's own mana value (Opalescence, March of the Machines)",
    "values": "any other amount that is not a number: counts, other objects' P/T or counters, life, sums",
    "conditions": "an \"as long as\" condition on a static ability",
    "devotion": "devotion to a color or two, read from the mana costs of a player's permanents (a Theros God)",
    # Where effects come from and what they reach.
    "cda": "a characteristic-defining ability printed on an object or card",
    "attached": "Auras and Equipment: an object attached to another, or an effect on the object it is attached to",
    "zones": "cards outside the battlefield (graveyards, exile, hands, libraries, the stack)",
    "activated": "activated abilities an object or card has (\"CARD: LABEL\"), or an effect that gains those of "
                 "other objects or cards (Necrotic Ooze)",
    "split": "a split card outside the battlefield: two halves, their names and mana costs (708; 709)",
    # The objects.
    "counters": "+1/+1 or -1/-1 counters on a permanent",
    "counters_other": "other +X/+Y and -X/-Y counters (+1/+0, -0/-1, +2/+0) on a permanent",
    "face_down": "a face-down permanent (morph, manifest, disguise, cloak)",
    "turned": "a permanent that turned face up or transformed after it entered (a new timestamp)",
    "paired": "a creature paired with another (soulbond)",
    "together": "two objects or effects with the same timestamp",
    "multiplayer": "more than two players",
    # Filter keys beyond the common ones.
    "filter_bounds": "a filter on power, toughness or mana value (at least, at most)",
    "filter_status": "a filter on tapped, attached, paired or face-down permanents",
    "filter_owner": "a filter on an object's owner",
    "filter_name": "a filter on an object's name",
    "filter_no_abilities": "a filter on objects with no abilities",
}

EVERYTHING = frozenset(FEATURES)


class UnknownFeature(ValueError):
    """A word that is not one of ``FEATURES``."""


def features_from(words: Iterable[str], where: str = "implements") -> frozenset[str]:
    """The words as a set, each checked against ``FEATURES``; raises UnknownFeature naming the first bad one."""
    found = []
    for word in words:
        if not isinstance(word, str) or word not in FEATURES:
            raise UnknownFeature(f"{where}: {word!r} is not a part of the board vocabulary; the parts are "
                                 f"{', '.join(FEATURES)}")
        found.append(word)
    return frozenset(found)


def board_features(board: Board) -> frozenset[str]:
    """The parts of the vocabulary a board uses (words of ``FEATURES``)."""
    found: set[str] = set()
    if len(board.players) > 2:
        found.add("multiplayer")
    stamps: list[int] = []
    for o in board.objects:
        stamps.append(o.timestamp)
        if o.attached_to is not None:
            found.add("attached")
        if o.face_down is not None:
            found.add("face_down")
        if o.face_up_at is not None or o.transformed_at is not None or o.face_down_at is not None:
            found.add("turned")
        if o.paired_with is not None:
            found.add("paired")
        if CHANGELING in o.abilities:
            found.update(("cda", "every_creature_type"))
        if o.activated:
            found.add("activated")
        for kind, n in o.counters:
            change = counter_pt_change(kind)
            if n and change is not None:
                found.add("counters" if abs(change[0]) == abs(change[1]) == 1 else "counters_other")
        for ability in o.static:
            _ability(ability, found)
    for e in board.effects:
        stamps.append(e.timestamp)
        for part in e.parts:
            _part(part, found, e.controller)
    if len(stamps) != len(set(stamps)):
        found.add("together")
    if board.graveyards or board.exile or board.hands or board.libraries or board.stack:
        if any(cards for zone in (board.graveyards, board.exile, board.hands, board.libraries, board.stack)
               for _, cards in zone):
            found.add("zones")
        if any(card.halves for _, _, _, _, card in board.zone_cards()):
            found.add("split")
        if any(card.activated for _, _, _, _, card in board.zone_cards()):
            found.add("activated")
    return frozenset(found)


def _ability(ability: StaticAbility, found: set[str]) -> None:
    if ability.cda:
        found.add("cda")
    if ability.condition is not None:
        found.add("conditions")
        map_condition_filters(ability.condition, lambda f: _filter(f, found))
        for value in _condition_values(ability.condition):
            _value(value, found)
    if isinstance(ability.affects, Attached):
        found.add("attached")
    elif isinstance(ability.affects, Matching):
        _filter(ability.affects.filter, found)
    if ability.functions_in != frozenset({"battlefield"}):
        found.add("zones")
    for part in ability.parts:
        _part(part, found, None)


def _part(part, found: set[str], controller: str | None) -> None:
    if isinstance(part, PTModifyPart):
        found.add("pt_modify")
        _value(part.power, found)
        _value(part.toughness, found)
    elif isinstance(part, PTSetPart):
        found.add("pt_set")
        _value(part.power, found)
        _value(part.toughness, found)
    elif isinstance(part, PTSwitchPart):
        found.add("pt_switch")
    elif isinstance(part, ColorPart):
        found.add("colors")
    elif isinstance(part, TypePart):
        if EVERY_CREATURE_TYPE in part.values:
            found.add("every_creature_type")
        found.add(part.characteristic + ("_set" if part.op == "set" and part.characteristic != "supertypes" else ""))
    elif isinstance(part, AbilityPart):
        found.add("abilities")
        if part.add_activated_of is not None:
            found.add("activated")
            _filter(part.add_activated_of.filter, found)
            if part.add_activated_of.zone != "battlefield":
                found.add("zones")
        for added in part.add:
            if isinstance(added, StaticAbility):
                found.add("granted")
                _ability(added, found)
    elif isinstance(part, ControlPart):
        # "you" is the effect's controller; a resolved effect naming its own controller by name is the same.
        found.add("control" if part.player == "you" or part.player == controller else "control_other")
    elif isinstance(part, TextPart):
        found.add("change_text")
    elif isinstance(part, FullTextPart):
        found.update(("full_text", "zones"))
    elif isinstance(part, CopyPart):
        found.add("copy")


def _value(value, found: set[str]) -> None:
    if isinstance(value, int):
        return
    if isinstance(value, ManaValue):
        found.add("mana_value")
        return
    if any(isinstance(leaf, Devotion) for leaf in leaves(value)):
        found.add("devotion")
    found.add("values")
    map_value_filters(value, lambda f: _filter(f, found))


def _condition_values(condition) -> Iterator:
    if isinstance(condition, Compare):
        yield condition.value
    elif isinstance(condition, (AllOf, AnyOf)):
        for c in condition.conditions:
            yield from _condition_values(c)
    elif isinstance(condition, Not):
        yield from _condition_values(condition.condition)


def _filter(f: Filter, found: set[str]) -> Filter:
    """Name the rare keys ``f`` uses; returns ``f`` unchanged (it is the callback of the filter walkers)."""
    if any(getattr(f, k) is not None for k in FILTER_INT_KEYS):
        found.add("filter_bounds")
    if any(getattr(f, k) is not None for k in FILTER_STATUS_KEYS):
        found.add("filter_status")
    if f.owner is not None:
        found.add("filter_owner")
    if f.name is not None:
        found.add("filter_name")
    if f.no_abilities:
        found.add("filter_no_abilities")
    if f.zones is not None and f.zones != frozenset({"battlefield"}):
        found.add("zones")
    return f
