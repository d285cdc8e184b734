"""The grammar of the Oracle sentences the reader knows, parsed by lark's Earley parser.

Two kinds of sentence, two start symbols:

* ``static``: a static ability's sentence, its subject and what it gets, has, loses or is ("Other Merfolk you
  control get +1/+1 and have islandwalk", "Nonbasic lands are Mountains", "Forests you control are 1/1 green Elf
  creatures that are still lands"), read into a catalogue ``static:`` body (``affects``, ``pt``, ``abilities``,
  ``types``, ``subtypes``, ``colors``);
* ``oneshot``: what a spell, or an activated or triggered ability, does as it resolves ("Target creature gets +3/+3
  until end of turn", "Until end of turn, CARDNAME becomes a 2/2 creature with flying", "Gain control of target
  creature until end of turn"), read into its subject (``self``, ``target``, a group, ``it``), its number of
  targets and the catalogue ``effect:`` body.

Earley parsing (rather than a hand-written matcher) lets "gets +1/+1 and has flying and first strike" split as a
reader would: the keyword list and the list of predicates both use "and". Phrases that name an amount or a
condition ("for each Swamp your opponents control") are read apart (``amounts``), and stand in a sentence as a slot
(``⟨0⟩``) the grammar takes as one word.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Transformer

from diffcheck.cardpool.amounts import CARD_TYPES, singular, type_filter
from diffcheck.cardpool.keywords import KEYWORDS

__all__ = ["GRANTED", "IT", "parse", "SLOT"]

SLOT = re.compile(r"⟨(\d+)⟩")
_CHOICES = "choices"  # a one-shot effect's choices, made as it resolves ("the color of your choice")
_PERMANENTS = "permanents"  # a group named by the noun "permanents", which needs no type to be a group
_UNNAMED = "unnamed"  # a group or target named by a word no filter holds
GRANTED = "granted"  # the quoted ability a body grants, for the reader to judge (it may act in the layers)
_ALL_TYPES = ("all creature types", True)  # "with all creature types", in an animation
IT = "it"  # a static ability whose subject is "it": what its condition named

_GRAMMAR = r"""
static: subject preds "."?
      | IT preds "."?                                                        -> static_it
      | "you control" ATTACHED "."?                                          -> control_attached
oneshot: osubject preds duration? "."?
       | duration "," osubject preds "."?
       | "gain control of" osubject duration? "."?                           -> gain_control
       | "switch" POSSESSIVE "power and toughness" duration? "."?            -> switch
       | "untap" osubject "and gain control of" ("it" | "them") duration? "."? -> gain_control
duration: "until end of turn" | "until end of combat" | "this turn" | "until your next turn"
        | "for as long as CARDNAME remains tapped" | "for as long as you control CARDNAME"
        | "for as long as CARDNAME remains on the battlefield" | "until your next upkeep"
        | "for as long as you control CARDNAME and CARDNAME remains tapped"

subject: SELF                                   -> self
       | ATTACHED                               -> attached
       | quantifier? words control? CHOSEN? control? having? -> group
osubject: subject
        | NUMBER? ANOTHER? "target" (words | "spell or permanent" | words "or" words) control? (OTHER_THAN | LIMIT)? -> target
        | "any number of target creatures"      -> any_number
        | IT                                    -> it
        | THAT                                  -> that
words: WORD+
having: "with" KEYWORD                          -> with_keyword
      | "with no abilities"                     -> with_no_abilities
quantifier: "all" | "each"
control: "you control"                          -> yours
       | ("your opponents control" | "an opponent controls" | "you don't control") -> theirs

preds: pred ((","? _AND | ",") pred)*
?pred: ("get" | "gets") PT                                                   -> modify
     | ("get" | "gets") "an additional" PT                                   -> modify
     | ("get" | "gets") PT "for each" SLOT                                   -> modify_each
     | ("has" | "have" | "gain" | "gains") keywords                          -> grant
     | ("has" | "have" | "gain" | "gains") "all creature types"              -> all_creature_types
     | BE "every creature type"                                              -> all_creature_types
     | ("lose" | "loses") "all creature types"                               -> no_creature_types
     | BE "the creature type of your choice"                                 -> chosen_type
     | BE "the color of your choice"                                         -> chosen_color
     | ("gain" | "gains" | "has" | "have") "protection from the color of your choice" -> chosen_protection
     | ("has" | "have") "base power and base toughness each equal to its mana value" -> mana_value_pt
     | BE article? typewords "with power and toughness each equal to its mana value" -> animate_mana_value
     | ("has" | "have" | "gain" | "gains") QUOTED                            -> grant_quoted
     | ("has" | "have") "base power and toughness" BASE                      -> base
     | ("lose" | "loses") "all abilities"                                    -> lose_all
     | ("lose" | "loses") keywords                                           -> lose
     | BE article? typewords "in addition to" ("its" | "their") "other" TYPES_OF -> add_types
     | BE article? colors? typewords                                         -> set_types
     | BE article? BASE colors? typewords animated_with? STILL?                 -> animate
     | BE "that type"                                                        -> chosen_type
     | BE "the chosen type" "in addition to" ("its" | "their") "other" TYPES_OF -> add_chosen_type
     | BE "the chosen color"                                                 -> chosen_color_set
     | BE "the chosen type"                                                  -> chosen_type_set
     | BE "the basic land type of your choice"                               -> chosen_land_type
     | BE article? "colorless" typewords                                     -> colorless_types
     | ("has" | "have") "protection from the chosen color"                   -> chosen_color_protection
     | BE article? colors? typewords "with base power and toughness" BASE    -> set_types_base
     | BE article? typewords "with base power and toughness" BASE "in addition to its other types" -> animate_in_addition
     | BE "every basic land type" "in addition to" ("its" | "their") "other" TYPES_OF -> every_basic_land_type
     | BE colors                                                             -> set_color
     | BE "colorless"                                                        -> colorless
     | ("isn't" | "aren't") article? typewords                               -> remove_types
animated_with: "with" keywords
          | "with all creature types"                                        -> with_all_types
keywords: KEYWORD (","? _AND KEYWORD | "," KEYWORD)*
colors: COLOR ((","? _AND | ",") COLOR)*
typewords: TYPEWORD+
article: "a" | "an"
BE: "is" | "are" | "become" | "becomes"
STILL: /(?i:that's still an? [a-z]+|that are still [a-z]+|\. (it's|they're) still (an? )?[a-z]+s?|in addition to its other types)/
TYPES_OF: "types" | "creature types" | "land types" | "colors and types"

SELF: "CARDNAME" | "CARDNAME's"
IT: "it" | "they" | "each of them"
THAT: "that creature" | "those creatures" | "the creature"
CHOSEN: "of the chosen type" | "of the chosen color"
ANOTHER: "another"
POSSESSIVE: "target creature's" | "CARDNAME's"
OTHER_THAN: "other than CARDNAME"
LIMIT: /with (power|toughness|mana value) (\d+ or (less|greater)|less than CARDNAME's (power|toughness))/
NUMBER: "two" | "three"
ATTACHED: /(enchanted|equipped) (creature|permanent|land|artifact)/
QUOTED: /"[^"]+"/
WORD: /(?!(?:and|or|in|addition|to|its|their|it|they|those|them|that|you|your|control|controls|don't|get|gets|has|have|is|are|isn't|aren't|all|each|a|an|the|lose|loses|gain|gains|become|becomes|with|that|target|until|of|for|base|other than)\b)(non-?)?[A-Za-z'-]+/
COLOR: /(white|blue|black|red|green)\b/
TYPEWORD: /(?!(?:and|in|addition|to|its|their|other|you|control|get|gets|has|have|is|are|all|each|a|an|with|that|until)\b)[A-Z][a-z']+(-[A-Z][a-z']+)*|(artifact|creature|land|enchantment)s?\b/
KEYWORD: /(""" + "|".join(sorted((re.escape(k) for k in KEYWORDS), key=len, reverse=True)) + r"""|(annihilator|rampage|bushido|afflict|toxic) \d+)\b/
SLOT: /⟨\d+⟩/
PT: /[+-](\d+|X)\/[+-](\d+|X)/
BASE: /\d+\/\d+|X\/X/
_AND: "and"
%import common.WS
%ignore WS
"""


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(_GRAMMAR, parser="earley", ambiguity="resolve", start=["static", "oneshot"])


def parse(sentence: str, start: str, slots: dict[str, Any]) -> dict[str, Any]:
    """The sentence read from ``start`` (``static`` or ``oneshot``); ``slots`` are the values of its ``⟨n⟩``
    phrases, and of X where a "where X is" clause said it. Raises lark's ``UnexpectedInput`` where the grammar
    cannot read it, ``ValueError`` where a word names nothing the vocabulary holds."""
    return _Reading(slots).transform(_parser().parse(sentence, start=start))


class _Reading(Transformer):
    """A parse tree into catalogue vocabulary."""

    def __init__(self, slots: dict[str, Any]) -> None:
        super().__init__()
        self.slots = slots

    # ------------------------------------------------------------ sentences

    def static(self, items: list[Any]) -> dict[str, Any]:
        affects, parts = items[0], items[1]
        if isinstance(affects, dict) and affects["filter"].get(_UNNAMED):
            raise ValueError("a group named by a word the vocabulary has no filter for")
        body: dict[str, Any] = {} if affects == "self" else {"affects": affects}
        body = _merged(body, parts)
        if _CHOICES in body:
            raise ValueError("a static ability's choice is made as its permanent enters, which no template reads")
        return body

    def static_it(self, items: list[Any]) -> dict[str, Any]:
        # "As long as enchanted creature is green, it gets +1/+1": "it" is what the condition named.
        return {**self.static(["attached", items[1]]), IT: True}

    def control_attached(self, _items: list[Any]) -> dict[str, Any]:
        return {"affects": "attached", "control": "you"}

    def oneshot(self, items: list[Any]) -> dict[str, Any]:
        subject, parts = [i for i in items if isinstance(i, (tuple, list))][:2]
        effect = _merged({}, parts)
        made = {"subject": subject[0], "targets": subject[1], "effect": effect}
        if _CHOICES in effect:
            made["choices"] = effect.pop(_CHOICES)
        return made

    def gain_control(self, items: list[Any]) -> dict[str, Any]:
        subject = items[0]
        return {"subject": subject[0], "targets": subject[1], "effect": {"control": "you"}}

    def switch(self, items: list[Any]) -> dict[str, Any]:
        own = str(items[0]).startswith("CARDNAME")
        return {"subject": "self" if own else "target", "targets": "self" if own else 1,
                "effect": {"pt": {"switch": True}}}

    def duration(self, _items: list[Any]) -> None:
        return None

    # ------------------------------------------------------------ subjects

    def self(self, _items: list[Any]) -> str:
        return "self"

    def attached(self, _items: list[Any]) -> str:
        return "attached"

    def osubject(self, items: list[Any]) -> tuple[str, Any]:
        """A one-shot effect's subject as (kind, targets): the object itself, its attached object, a group (both
        without targets: a board lists what they affected), a target, or "it"."""
        inner = items[0]
        if isinstance(inner, tuple):
            return inner
        if inner == "self":
            return ("self", "self")
        return ("attached", None) if inner == "attached" else ("group", None)

    def group(self, items: list[Any]) -> dict[str, Any]:
        f: dict[str, Any] = {}
        for item in items:
            if getattr(item, "type", "") == "CHOSEN":  # the creature type or color chosen as it entered
                item = {"subtypes": ["$type"]} if str(item).endswith("type") else {"colors": ["$color"]}
            if isinstance(item, dict):
                for key, value in item.items():
                    if isinstance(value, list):
                        f.setdefault(key, []).extend(value)
                    else:
                        f[key] = value
        if not f.pop(_PERMANENTS, False) and not set(f) - {"other", "controller", "tapped", "no_abilities"}:
            raise ValueError("a group that names no type")
        return {"filter": f}

    def words(self, items: list[Any]) -> dict[str, Any]:
        """A filter; or, where a word names nothing the vocabulary holds ("attacking", "blocking"), a mark that
        only a target or a one-shot effect's group (whose objects a board names) may carry."""
        words = [str(w) for w in items]
        f = type_filter(words)
        if f is None:
            return {_UNNAMED: True}
        return {**f, _PERMANENTS: True} if words[-1] in ("permanent", "permanents") else f

    def quantifier(self, _items: list[Any]) -> dict[str, Any]:
        return {}

    def yours(self, _items: list[Any]) -> dict[str, str]:
        return {"controller": "you"}

    def theirs(self, _items: list[Any]) -> dict[str, str]:
        return {"controller": "opponent"}

    def with_keyword(self, items: list[Any]) -> dict[str, Any]:
        return {"abilities": [str(items[0])]}

    def with_no_abilities(self, _items: list[Any]) -> dict[str, Any]:
        return {"no_abilities": True}

    def target(self, items: list[Any]) -> tuple[str, int]:
        number = [i for i in items if isinstance(i, Token) and i.type == "NUMBER"]
        return ("target", {"two": 2, "three": 3}[str(number[0])] if number else 1)

    def any_number(self, _items: list[Any]) -> tuple[str, None]:
        # "Any number of target creatures": as many targets as its caster chose, which a board lists.
        return ("group", None)

    def it(self, _items: list[Any]) -> tuple[str, None]:
        return ("it", None)

    def that(self, _items: list[Any]) -> tuple[str, None]:
        return ("that", None)

    # ------------------------------------------------------------ predicates

    def preds(self, items: list[Any]) -> list[dict[str, Any]]:
        return [i for i in items if isinstance(i, dict)]

    # ------------------------------------------------------------ P/T

    def modify(self, items: list[Any]) -> dict[str, Any]:
        return {"pt": {"modify": [self._number(n) for n in str(items[-1]).split("/")]}}

    def _number(self, signed: str) -> Any:
        """A signed number of a P/T change, or X (the value its "where X is" clause gave) with its sign."""
        if signed[1:] != "X":
            return int(signed)
        x = self.slots.get("X", "$x")  # X with no "where X is" clause is the X paid, which a board gives
        return x if signed[0] == "+" else {"times": -1, "value": x}

    def modify_each(self, items: list[Any]) -> dict[str, Any]:
        power, toughness = (int(n) for n in str(items[0]).split("/"))
        count = self.slots[SLOT.fullmatch(str(items[1])).group(1)]  # type: ignore[union-attr]
        return {"pt": {"modify": [_times(power, count), _times(toughness, count)]}}

    def base(self, items: list[Any]) -> dict[str, Any]:
        # X/X is the X paid for the ability (Mirror Entity), which a board gives as the ability is cast.
        return {"pt": {"set": [n if n == "$x" else int(n) for n in str(items[0]).replace("X", "$x").split("/")]}}

    def mana_value_pt(self, _items: list[Any]) -> dict[str, Any]:
        return {"pt": {"set": ["mana_value", "mana_value"]}}

    # ------------------------------------------------------------ abilities

    def grant(self, items: list[Any]) -> dict[str, Any]:
        return {"abilities": {"add": items[0]}}

    def grant_quoted(self, items: list[Any]) -> dict[str, Any]:
        # A granted ability is named by the words of what it does (its cost left out, and the characters an ability
        # word has no room for: the board format's keyword pattern), the object that has it being "this creature":
        # '{T}: This creature deals 1 damage to any target' is "this creature deals 1 damage to any target".
        words = str(items[0]).strip('"').rstrip(".").replace("CARDNAME", "this creature").split(": ", 1)[-1]
        name = " ".join(re.sub(r"[^a-z0-9'+/,\- ]", "", words.lower()).split())
        if not name:
            raise ValueError("a granted ability with no words")
        return {"abilities": {"add": [name]}, GRANTED: str(items[0])}

    def lose_all(self, _items: list[Any]) -> dict[str, Any]:
        return {"abilities": {"remove_all": True}}

    def lose(self, items: list[Any]) -> dict[str, Any]:
        return {"abilities": {"remove": items[0]}}

    def keywords(self, items: list[Any]) -> list[str]:
        return [str(k) for k in items if getattr(k, "type", "") == "KEYWORD"]

    def chosen_protection(self, _items: list[Any]) -> dict[str, Any]:
        return {"abilities": {"add": ["protection from $color"]}, _CHOICES: {"color": {"kind": "color"}}}

    def chosen_color_protection(self, _items: list[Any]) -> dict[str, Any]:
        return {"abilities": {"add": ["protection from $color"]}}

    # ------------------------------------------------------------ types

    def add_types(self, items: list[Any]) -> dict[str, Any]:
        return _type_parts(_of(items, "typewords"), "add")

    def set_types(self, items: list[Any]) -> dict[str, Any]:
        body = _type_parts(_of(items, "typewords"), "set")
        colors = _of(items, "colors")
        if colors:
            body["colors"] = {"set": colors}
        return body

    def remove_types(self, items: list[Any]) -> dict[str, Any]:
        return _type_parts(_of(items, "typewords"), "remove")

    def set_types_base(self, items: list[Any]) -> dict[str, Any]:
        return {**self.set_types(items), **self.base([items[-1]])}

    def animate(self, items: list[Any]) -> dict[str, Any]:
        """"are 1/1 green Elf creatures that are still lands", "becomes a 3/5 Soldier creature": a base P/T set,
        colors set if named, and types: added where the sentence says the permanent is still what it was, else
        its card types and subtypes replaced (205.1a)."""
        words = _of(items, "typewords")
        if "creature" not in words:
            raise ValueError("an animation that makes no creature")
        still = any(getattr(i, "type", "") == "STILL" for i in items)
        body = _type_parts(words, "add" if still else "set")
        colors = _of(items, "colors")
        if colors:
            body["colors"] = {"set": colors}
        body["pt"] = self.base([next(i for i in items if getattr(i, "type", "") == "BASE")])["pt"]
        keywords = _of(items, "animated_with")
        if keywords:
            body["abilities"] = {"add": keywords}
        if any(item == _ALL_TYPES for item in items):  # Mutavault: every creature type (205.3m)
            body["creature_types"] = "all"
        return body

    def animated_with(self, items: list[Any]) -> tuple[str, list[str]]:
        return ("animated_with", items[0])

    def with_all_types(self, _items: list[Any]) -> tuple[str, bool]:
        return _ALL_TYPES

    def animate_in_addition(self, items: list[Any]) -> dict[str, Any]:
        return {**_type_parts(_of(items, "typewords"), "add"), **self.base([items[-1]])}

    def animate_mana_value(self, items: list[Any]) -> dict[str, Any]:
        body = _type_parts(_of(items, "typewords"), "add")
        body["pt"] = {"set": ["mana_value", "mana_value"]}
        return body

    def every_basic_land_type(self, _items: list[Any]) -> dict[str, Any]:
        return {"subtypes": {"add": ["plains", "island", "swamp", "mountain", "forest"]}}

    def all_creature_types(self, _items: list[Any]) -> dict[str, Any]:
        return {"creature_types": "all"}

    def no_creature_types(self, _items: list[Any]) -> dict[str, Any]:
        return {"creature_types": "none"}

    def typewords(self, items: list[Any]) -> tuple[str, list[str]]:
        return ("typewords", [singular(str(w)) for w in items])

    def article(self, _items: list[Any]) -> None:
        return None

    # ------------------------------------------------------------ colors

    def set_color(self, items: list[Any]) -> dict[str, Any]:
        return {"colors": {"set": _of(items, "colors")}}

    def colorless(self, _items: list[Any]) -> dict[str, Any]:
        return {"colors": {"set": []}}

    def colorless_types(self, items: list[Any]) -> dict[str, Any]:
        return {**self.set_types(items), "colors": {"set": []}}

    def colors(self, items: list[Any]) -> tuple[str, list[str]]:
        return ("colors", [str(c) for c in items if getattr(c, "type", "") == "COLOR"])

    # ------------------------------------------------------------ choices: made as the effect resolves ("of your choice"), or as its permanent entered ("the chosen type")

    def chosen_type(self, _items: list[Any]) -> dict[str, Any]:
        return {"subtypes": {"set": ["$type"]}, _CHOICES: {"type": {"kind": "creature_type"}}}

    def chosen_color(self, _items: list[Any]) -> dict[str, Any]:
        return {"colors": {"set": ["$color"]}, _CHOICES: {"color": {"kind": "color"}}}

    def chosen_land_type(self, _items: list[Any]) -> dict[str, Any]:
        return {"subtypes": {"set": ["$type"]}, _CHOICES: {"type": {"kind": "basic_land_type"}}}

    def add_chosen_type(self, _items: list[Any]) -> dict[str, Any]:
        return {"subtypes": {"add": ["$type"]}}

    def chosen_type_set(self, _items: list[Any]) -> dict[str, Any]:
        return {"subtypes": {"set": ["$type"]}}

    def chosen_color_set(self, _items: list[Any]) -> dict[str, Any]:
        return {"colors": {"set": ["$color"]}}


def _of(items: list[Any], name: str) -> list[str]:
    """The words of one named part among a predicate's items (an empty list where it has none)."""
    for item in items:
        if isinstance(item, tuple) and item[0] == name:
            return list(item[1])
    return []


def _merged(body: dict[str, Any], parts: list[dict[str, Any]]) -> dict[str, Any]:
    for part in parts:
        for key, value in part.items():
            if key in body and isinstance(value, dict) and isinstance(body[key], dict):
                body[key] = {**body[key], **value}
            else:
                body[key] = value
    return body


def _times(n: int, value: dict[str, Any]) -> Any:
    return 0 if n == 0 else value if n == 1 else {"times": n, "value": value}


def _type_parts(words: list[str], op: str) -> dict[str, Any]:
    card_types = [w for w in words if w in CARD_TYPES]
    subtypes = [w for w in words if w not in CARD_TYPES]
    out: dict[str, Any] = {}
    if card_types:
        out["types"] = {op: card_types}
    if subtypes:
        out["subtypes"] = {op: subtypes}
    return out
