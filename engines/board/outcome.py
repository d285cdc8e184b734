"""The outcome: every object's final characteristics, in the shape docs/board-format.md gives.

A face-down permanent has no name: null (707.2 / 708.2). Lists are sorted; an object with every creature type has the one subtype "every creature type" in place of
them all (``EVERY_CREATURE_TYPE``); abilities are keyword words and static-ability labels, each once
(``ability_instances`` decision); a noncreature's power and toughness are null (208.3 / 207.3).
``validate_outcome`` checks an outcome that comes from outside (an external engine) against
that shape and against its board; ``diffcheck/schema/outcome-v1.schema.json`` is the same
shape as a JSON Schema, for engine authors.
"""

from __future__ import annotations

import json
import re

from engines.board.board import CARD_TYPES, COLORS, EVERY_CREATURE_TYPE, KINDRED, SUPERTYPES, Board

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any, Final

Outcome = dict  # {"ruleset": name, "objects": {id: {...}}}


def spoken_types(types: frozenset[str], kindred: bool) -> frozenset[str]:
    """Card types as a document names them: tribal is kindred from 2024-06 (205.2a)."""
    return types - {"tribal"} | {KINDRED} if kindred and "tribal" in types else types


# ---------------------------------------------------------------- checking an outcome from outside

# What an outcome object holds, in this order (docs/board-format.md, "The outcome").
OUTCOME_KEYS: Final = ("name", "controller", "types", "subtypes", "supertypes", "colors", "abilities", "power", "toughness")

_ID: Final = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.:-]*\Z")
_SUBTYPE: Final = re.compile(r"[a-z][a-z'-]*\Z")
# A card outside the battlefield may be an instant or a sorcery; a permanent never is.
_CLOSED: Final = {"types": tuple(sorted(CARD_TYPES + (KINDRED, "instant", "sorcery"))), "supertypes": SUPERTYPES,
           "colors": COLORS}
_SPELL_TYPES: Final = frozenset({"instant", "sorcery"})


def validate_outcome(data: Any, board: Board | None = None) -> str | None:
    """The first problem with ``data`` as an outcome of ``board``, in words; None if there is none.

    Checks what ``diffcheck/schema/outcome-v1.schema.json`` checks (the shape, the types,
    the closed vocabularies, null P/T for every noncreature, and for a creature only where the
    engine leaves it undefined) and what a schema cannot say:
    every list sorted (by code point) and without repeats, integers written without a
    fraction, and, given the board, exactly the board's object ids and controllers that are
    players of the board. A problem reads ``objects.ogre.power: expected ...``.
    """
    if not isinstance(data, dict):
        return f"expected an object with keys ruleset and objects; found {_describe(data)}"
    for key in ("ruleset", "objects"):
        if key not in data:
            return f"missing key {key!r} (an outcome is {{\"ruleset\": ..., \"objects\": {{...}}}})"
    extra = sorted(set(data) - {"ruleset", "objects", "cards"})
    if extra:
        return f"unexpected key {extra[0]!r} (an outcome has only ruleset, objects and cards)"
    ruleset = data["ruleset"]
    if not isinstance(ruleset, str) or not ruleset:
        return f"ruleset: expected a non-empty string; found {_describe(ruleset)}"
    objects = data["objects"]
    if not isinstance(objects, dict):
        return f"objects: expected an object mapping each object id to its characteristics; found {_describe(objects)}"
    for oid in objects:
        if not _ID.match(oid):
            return f"objects: {oid!r} is not an object id (letters, digits and _ . : -, not starting with . : or -)"
    order = list(objects)
    if board is not None:
        ids = [o.id for o in board.objects]
        missing = [i for i in ids if i not in objects]
        if missing:
            return f"objects: missing the board's {_plural(len(missing), 'object')} {', '.join(map(repr, missing))}"
        known = set(ids)
        unknown = [i for i in objects if i not in known]
        if unknown:
            return f"objects: {', '.join(map(repr, unknown))} {'is not an object' if len(unknown) == 1 else 'are not objects'} of the board"
        order = ids
    players = set(board.players) if board is not None else None
    for oid in order:
        problem = _object_problem(objects[oid], players)
        if problem is None and isinstance(objects[oid].get("types"), list) and _SPELL_TYPES & set(objects[oid]["types"]):
            problem = "types", "a permanent is never an instant or a sorcery (only a card outside the battlefield is)"
        if problem is not None:
            where, message = problem
            return f"objects.{oid}{'.' + where if where else ''}: {message}"
    cards = data.get("cards", {})
    if not isinstance(cards, dict):
        return f"cards: expected an object mapping each changed card's id to its characteristics; found {_describe(cards)}"
    for cid, card in cards.items():
        if not _ID.match(cid):
            return f"cards: {cid!r} is not a card id (letters, digits and _ . : -, not starting with . : or -)"
        problem = _object_problem(card, players)
        if problem is not None:
            where, message = problem
            return f"cards.{cid}{'.' + where if where else ''}: {message}"
    return None


def _object_problem(obj: Any, players: set[str] | None) -> tuple[str, str] | None:
    if not isinstance(obj, dict):
        return "", f"expected an object with keys {', '.join(OUTCOME_KEYS)}; found {_describe(obj)}"
    for key in OUTCOME_KEYS:
        if key not in obj:
            return "", f"missing key {key!r}"
    extra = sorted(set(obj) - set(OUTCOME_KEYS))
    if extra:
        return "", f"unexpected key {extra[0]!r} (an object has only {', '.join(OUTCOME_KEYS)})"
    if obj["name"] is not None and (not isinstance(obj["name"], str) or not obj["name"]):
        return "name", f"expected a non-empty string, or null for no name; found {_describe(obj['name'])}"
    if not isinstance(obj["controller"], str) or not obj["controller"]:
        return "controller", f"expected a non-empty string; found {_describe(obj['controller'])}"
    if players is not None and obj["controller"] not in players:
        return "controller", f"{obj['controller']!r} is not a player of the board ({', '.join(sorted(players))})"
    for key in ("types", "subtypes", "supertypes", "colors", "abilities"):
        value = obj[key]
        if not isinstance(value, list):
            return key, f"expected a list of strings; found {_describe(value)}"
        for item in value:
            if not isinstance(item, str) or not item:
                return key, f"expected a list of non-empty strings; found {_describe(item)} in it"
            if key in _CLOSED and item not in _CLOSED[key]:
                return key, f"{item!r} is not one of {', '.join(_CLOSED[key])}"
            if key == "subtypes" and not _SUBTYPE.match(item) and item != EVERY_CREATURE_TYPE:
                return key, f"{item!r} is not a subtype (a lowercase word: a-z, ' and -, or {EVERY_CREATURE_TYPE!r})"
        for a, b in zip(value, value[1:]):
            if a == b:
                return key, f"lists {a!r} twice; lists hold each value once"
            if a > b:
                return key, f"not sorted: {value!r}; expected {sorted(value)!r}"
    creature = "creature" in obj["types"]
    for key in ("power", "toughness"):
        value = obj[key]
        if value is None:
            # A noncreature's (208.3 / 207.3); or a creature's that the engine leaves undefined, and says so (phase:
            # a noncreature with no printed P/T that became a creature, where nothing set it).
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            return key, f"expected an integer or null; found {_describe(value)}"
        if not creature:
            return key, f"{value} for a noncreature; a noncreature's power and toughness are null"
    return None


def _describe(value: Any) -> str:
    kinds = {dict: "an object", list: "a list", str: "a string", bool: "a boolean", int: "an integer", float: "a number"}
    if value is None:
        return "null"
    kind = kinds.get(type(value), type(value).__name__)
    shown = json.dumps(value, ensure_ascii=False) if isinstance(value, (bool, int, float, str)) else None
    if shown is not None and len(shown) > 60:
        shown = shown[:57] + "..."
    return f"{kind} ({shown})" if shown is not None else kind


def _plural(n: int, word: str) -> str:
    return word if n == 1 else word + "s"
