"""Turn ``card: NAME`` objects and ``cast: NAME`` effects into plain board data (contract v1).

A board may name catalogue cards instead of spelling out their characteristics::

    objects:
      - card: Humility                 # printed characteristics and static abilities from the catalogue
      - card: Gray Ogre
        id: ogre                       # beside card: id, controller, owner, counters, timestamp,
        counters: {"+1/+1": 1}         #   attached_to, choices
    effects:
      - cast: Giant Growth             # an instant or sorcery, or a permanent's ability:
        targets: [ogre]                #   cast: Mishra's Factory, ability: animate

Expansion keeps every object and effect at its index and every field given beside a card
under its own key, so an error found in the expanded board points at the same place in
the file (``original_path`` maps ``affects`` back to ``targets``). Defaults: an object's
id is its card name in lowercase words joined by ``-`` (``mishras-factory``; a second
copy gets ``-2``), an effect's id likewise from its source; counters printed in the
catalogue ("enters with") are replaced, not added to, by a board's ``counters``.
"""

from __future__ import annotations

import copy
import re
from typing import Any, Iterable

from diffcheck.catalogue.index import Catalogue, catalogue, fold
from diffcheck.catalogue.model import CHOICE_KINDS, Card, CardEffect, Choice
from diffcheck.words import and_list, article, count_phrase, or_list, q
from engines.board import BASIC_LAND_TYPES, CARD_ZONES, COLORS

__all__ = ["CardReferenceError", "expand_board", "fresh_id", "uses_cards", "original_path"]

# What a board may give beside ``card:`` and ``cast:`` is in the schema (card_object,
# cast_effect): where and whose the card is, never what is printed on it.

# The zones of cards outside the battlefield, and what such a card keeps of a catalogue entry.
ZONES = tuple(CARD_ZONES)
ZONE_CARD_FIELDS = ("types", "subtypes", "supertypes", "colors", "color_indicator", "power", "toughness", "mana_value",
                    "abilities")
_SUBTYPE_WORD = re.compile(r"^[a-z][a-z'-]*$")


class CardReferenceError(Exception):
    """A ``card:`` or ``cast:`` that cannot be expanded: the place in the document and what was expected."""

    def __init__(self, path: list[Any], message: str) -> None:
        super().__init__(path, message)
        self.path = path
        self.message = message


def uses_cards(data: dict[str, Any]) -> bool:
    """Whether a board names any catalogue card (so needs ``expand_board``)."""
    return (
        any("card" in obj for obj in data.get("objects", ()))
        or any("cast" in effect for effect in data.get("effects", ()))
        or any("card" in card for zone in ZONES for cards in data.get(zone, {}).values() for card in cards)
    )


def expand_board(data: dict[str, Any], cards: Catalogue | None = None) -> dict[str, Any]:
    """The board with every card reference written out; ``data`` itself if it has none.

    ``data`` must already fit the board schema. Raises ``CardReferenceError`` for an
    unknown card (with the nearest names), a spell used as a permanent, a wrong number of
    targets, or a missing or ill-typed choice. Does not change ``data``.
    """
    if not uses_cards(data):
        return data
    return _Expansion(data, cards or catalogue()).run()


def fresh_id(name: str, taken: set[str]) -> str:
    """The default id for a card or effect called ``name``: its words joined by ``-``, then ``-2``, ``-3``..."""
    base = fold(name).replace(" ", "-") or "card"
    candidate, n = base, 1
    while candidate in taken:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def original_path(data: dict[str, Any], path: list[Any]) -> list[Any]:
    """Where a place in the expanded board is in ``data``, the board as written.

    A field given beside the card keeps its place; ``affects`` of a cast effect is its
    ``targets``; anything that came from the catalogue is the ``card``/``cast`` field.
    """
    if len(path) < 3 or path[0] not in ("objects", "effects"):
        return path
    items = data.get(path[0], [])
    if not isinstance(path[1], int) or path[1] >= len(items):
        return path
    item = items[path[1]]
    reference = "card" if "card" in item else "cast" if "cast" in item else None
    if reference is None:
        return path
    if reference == "cast" and path[2] == "affects":
        return [path[0], path[1], "targets", *path[3:]]
    if path[2] in item:
        return path
    return [path[0], path[1], reference]


class _Expansion:
    def __init__(self, data: dict[str, Any], cards: Catalogue) -> None:
        self.data = data
        self.cards = cards
        self.objects = data.get("objects", [])
        self.effects = data.get("effects", [])
        # Ids written in the file win; defaults are made around them.
        self.taken = {item["id"] for item in (*self.objects, *self.effects) if "id" in item}
        # Every object's id before any choice is checked: a Clone may copy an object after it.
        self.object_ids = [obj["id"] if "id" in obj else self._fresh_id(obj["card"]) for obj in self.objects]
        self.card_names = {oid: obj["card"] for oid, obj in zip(self.object_ids, self.objects) if "card" in obj}
        # The ids of the cards outside the battlefield, for choices of a card (Lazav's).
        self.zone_card_ids = {card["id"] for zone in ZONES for cards in data.get(zone, {}).values()
                              for card in cards if isinstance(card, dict) and "id" in card}

    def run(self) -> dict[str, Any]:
        # In document order, so the first problem reported is the first in the file.
        out = dict(self.data)
        if "objects" in out:
            out["objects"] = [self._object(i, obj) for i, obj in enumerate(self.objects)]
        for zone in ZONES:
            if zone in out:
                out[zone] = {
                    player: [self._zone_card(zone, player, n, card) for n, card in enumerate(cards)]
                    for player, cards in self.data[zone].items()
                }
        if "effects" in out:
            out["effects"] = [self._effect(j, effect) for j, effect in enumerate(self.effects)]
        return out

    def _fresh_id(self, name: str) -> str:
        made = fresh_id(name, self.taken)
        self.taken.add(made)
        return made

    def _lookup(self, path: list[Any], name: str) -> Card:
        card = self.cards.get(name)
        if card is None:
            raise CardReferenceError(path, self.cards.unknown(name))
        return card

    # ---- graveyards and exile

    def _zone_card(self, zone: str, player: str, number: int, card: dict[str, Any]) -> dict[str, Any]:
        """A card outside the battlefield: its printed characteristics, keywords and static abilities (those
        that need no choice: a card outside the battlefield has made none), and the id, counters and timestamp
        the board gives it."""
        if "card" not in card:
            return card
        path = [zone, player, number, "card"]
        found = self._lookup(path, card["card"])
        out: dict[str, Any] = {"id": card["id"]} if "id" in card else {}
        out["name"] = found.name
        for key in ZONE_CARD_FIELDS:
            if key in found.printed:
                out[key] = copy.deepcopy(found.printed[key])
        static = [copy.deepcopy(a) for a in found.static if _chosen(a, found.choices, {})]
        if static:
            out["static"] = static
        for key in ("counters", "timestamp"):
            if key in card:
                out[key] = copy.deepcopy(card[key])
        return out

    # ---- objects

    def _object(self, index: int, obj: dict[str, Any]) -> dict[str, Any]:
        if "card" not in obj:
            return obj
        path = ["objects", index]
        card = self._lookup(path + ["card"], obj["card"])
        if card.is_spell:
            where = (f"put it in effects as cast: {card.name}, with its targets" if card.effects else
                     f"put it on the stack (stack: {{PLAYER: [card: {card.name}]}}) or in a graveyard")
            raise CardReferenceError(
                path + ["card"], f"{card.name} is {article(card.types[0])} {card.types[0]}, not a permanent: {where}")
        object_id = self.object_ids[index]
        values = self._choices(path, obj.get("choices", {}), card.choices, card.name, self_id=object_id)
        out: dict[str, Any] = {"id": object_id, "name": card.name}
        for key in ("controller", "owner"):
            if key in obj:
                out[key] = obj[key]
        for key, value in card.printed.items():
            if key != "static":
                out[key] = copy.deepcopy(value)
        for key in ("counters", "counter_timestamps", "timestamp", "face_up_at", "face_down", "face_down_at",
                    "transformed_at", "attached_to", "tapped", "paired_with"):
            if key in obj:
                out[key] = obj[key]
        static = [
            _mark_chosen(_substitute(ability, values), ability, card.choices, values)
            for ability in card.static if _chosen(ability, card.choices, values)
        ]
        if static:
            out["static"] = static
        return out

    # ---- effects

    def _effect(self, index: int, effect: dict[str, Any]) -> dict[str, Any]:
        if "cast" not in effect:
            return effect
        path = ["effects", index]
        card = self._lookup(path + ["cast"], effect["cast"])
        made = self._card_effect(path, card, effect.get("ability"))
        targets = effect["targets"]
        if made.targets is not None and len(targets) != made.targets:
            raise CardReferenceError(
                path + ["targets"],
                f"{made.source} takes {count_phrase(made.targets, 'target')}; found {len(targets)}",
            )
        if made.on_self and fold(self.card_names.get(targets[0], "")) != fold(card.name):
            raise CardReferenceError(
                path + ["targets", 0],
                f"{made.source} affects only its own permanent: the target must be a {card.name} "
                f"on the board (card: {card.name}); {q(targets[0])} is not",
            )
        values = self._choices(path, effect.get("choices", {}), made.choices, made.source, self_id=None)
        # Two casts of one card differ in their choices: the source says which (traces name it).
        source = made.source + "".join(f", {name} {value}" for name, value in values.items())
        out: dict[str, Any] = {"id": effect.get("id") or self._fresh_id(made.source), "source": source}
        for key in ("controller", "timestamp"):
            if key in effect:
                out[key] = effect[key]
        out["affects"] = list(targets)
        out.update(_substitute(dict(made.body), values))
        return out

    def _card_effect(self, path: list[Any], card: Card, label: str | None) -> CardEffect:
        if not card.effects:
            where = (f"put it on the stack (stack: {{PLAYER: [card: {card.name}]}}) or in a graveyard" if card.is_spell
                     else f"a permanent's static abilities come with it in objects: card: {card.name}")
            raise CardReferenceError(
                path + ["cast"],
                f"{card.name} has no spell effect or activated or triggered ability in the catalogue; {where}",
            )
        made = card.effect(label)
        if made is not None:
            return made
        labels = [e.label for e in card.effects if e.label is not None]
        if card.is_spell:
            raise CardReferenceError(path + ["ability"], f"{card.name} is a spell; leave ability out")
        if label is None:
            raise CardReferenceError(
                path, f"{card.name} has {len(labels)} abilities ({', '.join(labels)}); say which with ability: LABEL"
            )
        raise CardReferenceError(
            path + ["ability"], f"{card.name} has no ability {q(label)}; its abilities are {or_list([q(x) for x in labels])}"
        )

    # ---- choices

    def _choices(
        self, path: list[Any], given: dict[str, Any], wanted: tuple[Choice, ...], who: str, self_id: str | None
    ) -> dict[str, str]:
        by_name = {choice.name: choice for choice in wanted}
        for name in given:
            if name not in by_name:
                expected = f"its choices are {and_list([q(x) for x in by_name])}" if by_name else "it has no choices"
                raise CardReferenceError(path + ["choices", name], f"{who} has no choice {q(name)}; {expected}")
        for choice in wanted:
            if choice.name not in given:
                if choice.optional:
                    continue
                raise CardReferenceError(
                    path,
                    f"{who} needs a choice: add choices: {{{choice.name}: ...}} with {CHOICE_KINDS[choice.kind]}",
                )
            value = given[choice.name]
            problem = self._choice_problem(choice, value, self_id)
            if problem:
                raise CardReferenceError(path + ["choices", choice.name], problem)
        return dict(given)

    def _choice_problem(self, choice: Choice, value: str, self_id: str | None) -> str | None:
        expected = f"expected {CHOICE_KINDS[choice.kind]}; found {q(value)}"
        if choice.kind == "color":
            return None if value in COLORS else expected
        if choice.kind == "basic_land_type":
            return None if value in BASIC_LAND_TYPES else expected
        if choice.kind == "creature_type":
            return None if _SUBTYPE_WORD.match(value) else expected
        if choice.kind == "card":
            return None if value in self.zone_card_ids else expected
        if value == self_id:
            return f"an object cannot choose itself ({q(value)}); expected the id of another object"
        return None if value in self.object_ids else expected


# ---------------------------------------------------------------- substitution


def _chosen(ability: Any, choices: tuple[Choice, ...], values: dict[str, str]) -> bool:
    """False if the ability mentions an optional choice that was not made (it is then absent)."""
    missing = {c.placeholder for c in choices if c.name not in values}
    return not missing or not any(word in missing for word in _strings(ability))


def _mark_chosen(written: dict[str, Any], ability: Any, choices: tuple[Choice, ...], values: dict[str, str]) -> dict[str, Any]:
    """``written`` with ``chosen:`` listing the words its choices filled in (colors, creature or
    land types): chosen as the permanent entered, they are not text a text change can change
    (418.6a / 612.1-612.2)."""
    mentioned = set(_strings(ability))
    words = sorted({
        values[c.name] for c in choices
        if c.kind not in ("object", "card") and c.name in values and c.placeholder in mentioned
    })
    if words:
        written["chosen"] = words
    return written


def _strings(node: Any) -> Iterable[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(key)
            yield from _strings(value)
    elif isinstance(node, list):
        for item in node:
            yield from _strings(item)


def _substitute(node: Any, values: dict[str, str]) -> Any:
    """A deep copy of ``node`` with every string ``$name`` (value or mapping key) replaced by its choice."""
    if isinstance(node, str):
        return values.get(node[1:], node) if node.startswith("$") else node
    if isinstance(node, dict):
        return {_substitute(key, values): _substitute(value, values) for key, value in node.items()}
    if isinstance(node, list):
        return [_substitute(item, values) for item in node]
    return node
