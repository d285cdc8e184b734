"""The answer of an evaluation: the machine's final state as an outcome (``engines.board.outcome`` gives its
shape, and checks one that comes from outside).

A face-down permanent has no name: null (707.2 / 708.2). Lists are sorted; an object with every creature type
has the one subtype "every creature type" in place of them all; abilities are keyword words and static-ability
labels, each once (``ability_instances`` decision); a noncreature's power and toughness are null (208.3 / 207.3).
"""

from __future__ import annotations

from engines.board.board import Board
from engines.board.outcome import Outcome, spoken_types
from engines.layers.state import Obj
from engines.layers.zones import cards_by_object_id, printed_card, with_counters


def characteristics(o: Obj, kindred: bool = False) -> dict:
    """``o``'s characteristics as the outcome shows them; with ``kindred`` (205.2a from 2024-06), the card
    type the board calls tribal is named kindred."""
    creature = "creature" in o.types
    return {
        "name": o.name,
        "controller": o.controller,
        "types": sorted(spoken_types(o.types, kindred)),
        "subtypes": sorted(o.subtypes),
        "supertypes": sorted(o.supertypes),
        "colors": sorted(o.colors),
        "abilities": sorted(o.ability_words),
        "power": (o.power or 0) if creature else None,
        "toughness": (o.toughness or 0) if creature else None,
    }


def outcome(ruleset_name: str, state: dict[str, Obj], kindred: bool = False, board: Board | None = None,
            card_counters: bool = False, color_indicators: bool = False) -> Outcome:
    """The answer: every permanent's characteristics and, under ``cards``, those of each card outside the
    battlefield that the layers changed (an effect that reaches its zone, or its own characteristic-defining
    ability), with its counters where ``card_counters`` (121.1a, from 2011-06); a color indicator is printed
    where ``color_indicators`` (202.2e, from 2011-09-30)."""
    out = {"ruleset": ruleset_name,
           "objects": {oid: characteristics(o, kindred) for oid, o in state.items() if o.zone == "battlefield"}}
    if board is not None and len(state) > len(board.objects):
        cards = cards_by_object_id(board)
        changed = {}
        for oid, o in state.items():
            if o.zone != "battlefield":
                card = cards[oid]
                now = characteristics(with_counters(o, card) if card_counters else o, kindred)
                if now != characteristics(printed_card(card, o, card_counters, color_indicators), kindred):
                    changed[oid] = now
        if changed:
            out["cards"] = changed
    return out
