"""Board values straight from the data the seeded generators make, for a run's scan.

A run builds a ``Board`` for every board it generates, and ``Board.from_dict`` is written for any board the
loader has checked: it asks every object for each of its two dozen keys, defaults included. A generated board
gives few of them (an object of the small generator five to ten), so ``generated_board`` goes the other way
round: it reads only the keys the data has, each by a converter of its own, and lets the dataclasses fill in
every other field with the default ``from_dict`` would give. The value is equal to ``Board.from_dict(data)``
field for field (the property tests check it on both generators' boards); a board, object, effect or
outside card with a key not listed here goes to ``Board.from_dict`` whole, so a key added to the board format
is never read wrong here, only slowly.

The data must be expanded first (``diffcheck.catalogue.expand_board``: a "cards" board names catalogue cards),
and stays the board's data, which a divergent board is stored and shrunk as.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from engines.board import (
    CARD_ZONES, DEFAULT_PLAYERS, PART_KEYS, Board, Card, Effect, Ids, Permanent, StaticAbility, card_types,
    parts_from_dict,
)


def _sorted_items(value: Mapping[str, Any]) -> tuple:
    return tuple(sorted(value.items()))


# Each object key ``Board.from_dict`` reads besides id, name, controller, owner and timestamp (the fields a
# ``Permanent`` has no default for), and how it reads it; a key missing from the data keeps the default.
_OBJECT_FIELDS: dict[str, Callable[[Any], Any] | None] = {
    "types": card_types, "subtypes": tuple, "supertypes": tuple, "colors": tuple, "color_indicator": tuple,
    "abilities": tuple, "counters": _sorted_items, "counter_timestamps": _sorted_items,
    # taken as they are (None: no conversion)
    "power": None, "toughness": None, "mana_value": None, "attached_to": None, "face_up_at": None,
    "transformed_at": None, "tapped": None, "paired_with": None, "face_down": None, "face_down_at": None,
}
_OBJECT_KEYS = frozenset(_OBJECT_FIELDS) | {"id", "name", "controller", "owner", "timestamp", "static"}
_EFFECT_KEYS = frozenset(PART_KEYS) | {"id", "source", "controller", "timestamp", "affects"}
_CARD_KEYS = frozenset({"name", "types", "subtypes", "supertypes", "colors", "power", "toughness", "mana_value",
                        "id", "counters", "abilities", "static", "timestamp"})
_BOARD_KEYS = frozenset({"objects", "effects", "life", "hand_size", "notes", "players"}) | frozenset(CARD_ZONES)


def generated_board(data: Mapping[str, Any]) -> Board:
    """``Board.from_dict(data)`` for expanded board data, built faster when every key is one listed here."""
    if not data.keys() <= _BOARD_KEYS:
        return Board.from_dict(data)
    players = tuple(data["players"]) if "players" in data else DEFAULT_PLAYERS
    you = players[0]
    raw_objects = data.get("objects", ())
    objects = []
    # Default timestamps, as from_dict gives them: order of appearance, objects first, then effects.
    for position, o in enumerate(raw_objects, start=1):
        if not o.keys() <= _OBJECT_KEYS:
            return Board.from_dict(data)
        objects.append(_permanent(o, you, position))
    effects = []
    for position, e in enumerate(data.get("effects", ()), start=len(raw_objects) + 1):
        if not e.keys() <= _EFFECT_KEYS:
            return Board.from_dict(data)
        eid = e["id"]
        effects.append(Effect(eid, e.get("source", eid), e.get("controller", you), e.get("timestamp", position),
                              Ids(tuple(e["affects"])), parts_from_dict(e), "source" in e))
    zones = []
    for key in CARD_ZONES:  # graveyards, exile, hands, libraries, stack: the order of Board's fields
        cards = data.get(key)
        if not cards:
            zones.append(())
            continue
        if not all(c.keys() <= _CARD_KEYS for pile in cards.values() for c in pile):
            return Board.from_dict(data)
        zones.append(tuple((player, tuple(Card.from_dict(c) for c in pile)) for player, pile in cards.items()))
    graveyards, exile, hands, libraries, stack = zones
    life = tuple(data["life"].items()) if "life" in data else ()
    hand_sizes = tuple(data["hand_size"].items()) if "hand_size" in data else ()
    return Board(players, tuple(objects), tuple(effects), graveyards, data.get("notes"), exile, life, hand_sizes,
                 hands, libraries, stack)


def _permanent(o: Mapping[str, Any], you: str, position: int) -> Permanent:
    oid = o["id"]
    controller = o.get("controller", you)
    fields: dict[str, Any] = {}
    for key, value in o.items():
        if key in _OBJECT_FIELDS:
            convert = _OBJECT_FIELDS[key]
            fields[key] = value if convert is None else convert(value)
        elif key == "static":
            fields["static"] = tuple(StaticAbility.from_dict(s) for s in value)
    return Permanent(oid, o.get("name", oid), controller, o.get("owner", controller), o.get("timestamp", position),
                     **fields)
