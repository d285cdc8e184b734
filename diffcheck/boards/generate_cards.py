"""Boards of real cards only (``diffcheck run --cards``), on the same ``Choices`` interface as ``generate``.

A board is a few catalogue permanents (``card:``) and a few catalogue spells and
abilities (``cast:``), with the fields a board may give beside a card drawn too:
controller, counters, the object an Aura or Equipment is attached to, choices, and
timestamps; now and then a card or two in a graveyard (an Incarnation works from there, Lazav
copies one). Everything else comes from the catalogue, so a divergence found on such a
board, once shrunk, reads as cards: "Humility with Giant Growth".

Generation leans toward interaction: three permanents in five are cards with layer
effects (the rest are plain creatures and lands for them to act on), spells target the
board's objects, and timestamps are often shuffled.
"""

from __future__ import annotations

from typing import Any

from diffcheck.boards.generate import (
    COLORS, COUNTER_KINDS, CREATURE_TYPES, LAND_TYPES, Choices, Size, break_attachment_cycles, timestamp_events,
)
from diffcheck.catalogue import Card, CardEffect, Catalogue, catalogue
from diffcheck.catalogue.expand import NONE, fresh_id
from engines.board import DEFAULT_PLAYERS as PLAYERS

__all__ = ["CardBoardGenerator", "CARD_BOARDS"]


# Two to six permanents, up to three spells or abilities cast.
CARD_BOARDS = Size(2, 6, 0, 3)


class CardBoardGenerator:
    """Makes one board of catalogue cards (as data, with ``card:`` and ``cast:``) per call."""

    def __init__(self, size: Size = CARD_BOARDS, cards: Catalogue | None = None) -> None:
        self.size = size
        cards = cards or catalogue()
        permanents = [card for card in cards if not card.is_spell]
        # Cards with a layer effect, and the plain bodies they act on; both lists keep catalogue order.
        self.layer_cards = [card for card in permanents if card.static or card.effects or card.printed.get("counters")]
        acting = {id(card) for card in self.layer_cards}  # by identity: comparing cards field by field is slow
        self.bodies = [card for card in permanents if id(card) not in acting]
        self.spells = [card for card in cards if card.is_spell and card.effects]
        # A graveyard holds any card: a Lightning Bolt there is an instant for Tarmogoyf to count.
        self.graveyard_cards = self.layer_cards + self.bodies + [card for card in cards if card.is_spell]
        self.by_name = {card.name: card for card in cards}

    def board(self, c: Choices) -> dict[str, Any]:
        n_objects = c.integer(self.size.min_objects, self.size.max_objects)
        ids: list[str] = []
        # Now and then a graveyard: cards whose abilities work there (the Incarnations), or that a copy
        # effect copies (Lazav), or that effects reaching every zone change (Painter's Servant).
        graveyard = [{"card": c.choice(self.graveyard_cards).name, "id": f"card-{n}"}
                     for n in range(1, c.integer(1, 2) + 1)] if c.boolean(0.3) else []
        self.card_ids = [card["id"] for card in graveyard]
        objects = []
        for _ in range(n_objects):
            card = c.choice(self.bodies) if c.boolean(0.4) else c.choice(self.layer_cards)
            objects.append(self._object(c, card, ids))
        object_ids = list(ids)
        words = sorted({w for obj in objects for w in self.by_name[obj["card"]].printed.get("subtypes", ())})
        for obj in objects:
            self._attach_and_choose(c, obj, object_ids, words)
        break_attachment_cycles(objects)
        effects = []
        for _ in range(c.integer(self.size.min_effects, self.size.max_effects)):
            effect = self._cast(c, objects, object_ids, ids, words)
            if effect is not None:
                effects.append(effect)
        if c.boolean(0.5):
            items = objects + effects
            stamps = list(range(1, len(items) + 1))
            for i in range(len(stamps) - 1, 0, -1):  # Fisher-Yates, on the drawn integers
                j = c.integer(0, i)
                stamps[i], stamps[j] = stamps[j], stamps[i]
            for item, stamp in zip(items, stamps):
                item["timestamp"] = stamp
            timestamp_events(c, objects, len(items))
        board: dict[str, Any] = {"objects": objects}
        if graveyard:
            board["graveyards"] = {"you": graveyard}
        if effects:
            board["effects"] = effects
        return board

    def _object(self, c: Choices, card: Card, ids: list[str]) -> dict[str, Any]:
        obj: dict[str, Any] = {"card": card.name, "id": _fresh(card.name, ids)}
        if c.boolean(0.3):
            obj["controller"] = "opponent"
        if "creature" in card.types and c.boolean(0.2):
            obj["counters"] = {c.choice(COUNTER_KINDS): c.integer(1, 2)}
        return obj

    def _attach_and_choose(self, c: Choices, obj: dict[str, Any], object_ids: list[str], words: list[str]) -> None:
        """An Aura or Equipment on another object; every choice its card needs."""
        card = self.by_name[obj["card"]]
        others = [i for i in object_ids if i != obj["id"]]
        subtypes = card.printed.get("subtypes", ())
        if others and ("aura" in subtypes or "equipment" in subtypes) and c.boolean(0.9):
            obj["attached_to"] = c.choice(others)
        choices = self._choices(c, card.choices, others, words, [obj["id"]], obj.get("controller", "you"))
        if choices:
            obj["choices"] = choices

    def _cast(
        self, c: Choices, objects: list[dict], object_ids: list[str], ids: list[str], words: list[str]
    ) -> dict[str, Any] | None:
        # A spell, or an ability of a permanent on the board (its source is there to activate it).
        sources = [(obj["id"], effect) for obj in objects for effect in self.by_name[obj["card"]].effects]
        if sources and c.boolean(0.3):
            source_id, made = c.choice(sources)
        else:
            source_id, made = None, c.choice(self.spells).effects[0]
        creatures = [obj["id"] for obj in objects if "creature" in self.by_name[obj["card"]].types]
        # Mostly legal-looking targets: a P/T effect on a printed creature (the loader allows any object).
        pool = creatures if "pt" in made.body and len(creatures) >= (made.targets or 1) and c.boolean(0.8) else object_ids
        targets = self._targets(c, made, source_id, pool)
        if targets is None:
            return None
        effect: dict[str, Any] = {"cast": made.card, "id": _fresh(made.source, ids), "targets": targets}
        if made.label is not None:
            effect["ability"] = made.label
        if c.boolean(0.3):
            effect["controller"] = "opponent"
        choices = self._choices(c, made.choices, [i for i in object_ids if i not in targets], words, targets)
        if choices is None:
            return None
        if choices:
            effect["choices"] = choices
        if made.pays_x:
            effect["x"] = c.integer(0, 5)  # the X paid (Mirror Entity): 0 is a real payment
        return effect

    def _targets(self, c: Choices, made: CardEffect, source_id: str | None, objects: list[str]) -> list[str] | None:
        if made.on_self:
            return [source_id]
        if made.targets is None:  # no targets: the objects it affected as it resolved, at least one
            chosen = [i for i in objects if c.boolean(0.6)]
            return chosen or [c.choice(objects)]
        if len(objects) < made.targets:
            return None
        pool = list(objects)
        chosen = []
        for _ in range(made.targets):
            pick = c.choice(pool)
            pool.remove(pick)
            chosen.append(pick)
        return chosen

    def _choices(
        self, c: Choices, wanted: tuple, objects: list[str], words: list[str], copiers: list[str],
        owner: str | None = None,
    ) -> dict[str, str] | None:
        """Values for ``wanted`` choices; None when a required object choice has no object to name.

        An object choice is what ``copiers`` become a copy of: any other object (copies may
        loop; the loop is a dependency loop, 418.5d / 613.7b). The top card of a graveyard is a card of the
        graveyard of ``owner``, the permanent's owner (the board's graveyard is the first player's).
        """
        values: dict[str, str] = {}
        for choice in wanted:
            if choice.kind == "object":
                allowed = [o for o in objects if o not in copiers]
                if not allowed or (choice.optional and c.boolean(0.2)):
                    if choice.optional:
                        values[choice.name] = NONE  # declined, said outright: a board never leaves it to guess
                        continue
                    return None
                values[choice.name] = c.choice(allowed)
            elif choice.kind == "card":
                if choice.top_of is not None and owner != "you":
                    values[choice.name] = NONE  # its owner's graveyard is empty
                    continue
                if not self.card_ids:
                    return None
                values[choice.name] = c.choice(self.card_ids)
            elif choice.kind == "color":
                values[choice.name] = c.choice(COLORS)
            elif choice.kind == "basic_land_type":
                values[choice.name] = c.choice(LAND_TYPES)
            elif choice.kind == "player":
                values[choice.name] = c.choice(PLAYERS)
            elif choice.kind == "shape":
                values[choice.name] = c.choice([name for name, _ in choice.options])
            else:
                # Words on the board first: a text change that matches nothing shows nothing.
                values[choice.name] = c.choice(words + CREATURE_TYPES if c.boolean(0.5) else CREATURE_TYPES)
        return values


def _fresh(name: str, ids: list[str]) -> str:
    """The next id for ``name``, as the loader would default it (``gray-ogre``, ``gray-ogre-2``); kept in ``ids``."""
    made = fresh_id(name, set(ids))
    ids.append(made)
    return made
