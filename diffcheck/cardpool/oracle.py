"""The reader: a card's Oracle text into the board vocabulary, one ability (one line) at a time.

Each line of a card's Oracle text ends as one of three things (``Line.kind``):

* ``read``: it became board vocabulary: keywords, a static ability (``static:``), or an activated ability that
  affects its own permanent;
* ``not layer``: it makes no continuous effect that changes characteristics (draw a card, deal damage, a mana
  ability, a trigger that does neither): nothing for a board to hold;
* ``not understood``: it may change characteristics and no template reads it. A card with such a line is never
  judged silently: the commands that use it name the line.

The sentences of static abilities are parsed by a grammar (lark, an Earley parser, so that "gets +1/+1 and has
flying and first strike" splits as a reader would); keyword lines and "not layer" lines are recognized by their
words. The card's own name (or, in Oracle text from 2024, "this creature") is the ability's own object.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from lark import Lark, Transformer, UnexpectedInput

from diffcheck.cardpool.sources import PoolCard

__all__ = ["Line", "Reading", "read_card"]

READ, NOT_LAYER, NOT_UNDERSTOOD = "read", "not layer", "not understood"

KEYWORDS = (
    "flying", "first strike", "double strike", "deathtouch", "trample", "vigilance", "haste", "lifelink", "reach",
    "menace", "defender", "indestructible", "hexproof", "shroud", "flash", "fear", "intimidate", "shadow",
    "horsemanship", "prowess", "infect", "wither", "changeling", "banding", "flanking", "skulk",
    *(f"protection from {w}" for w in ("white", "blue", "black", "red", "green", "everything", "artifacts",
                                        "creatures")),
    *(f"{t}walk" for t in ("plains", "island", "swamp", "mountain", "forest")),
)
_COLORS = ("white", "blue", "black", "red", "green")
# Words whose presence says a sentence may change characteristics (the layers' verbs); a line with none of them
# (and no keyword) is no layer ability.
_LAYER_WORDS = re.compile(
    r"\b(gets?|gains?|has|have|loses?|lose|becomes?|power|toughness|control of|gain control|in addition to its|"
    r"is an?|are|isn't|aren't|as long as|copy|switch|can't have|is every|is all colors|is colorless|is the chosen)\b",
    re.IGNORECASE)
_REMINDER = re.compile(r"\s*\([^)]*\)")
_ACTIVATED = re.compile(r"^((?:\{[^}]+\}|[^:{]){0,80}?):\s+(.*)$")

_GRAMMAR = r"""
start: subject preds condition? "."?
     | "you control" ATTACHED "."?                                             -> control_attached
condition: "as long as you control" article? typewords                       -> you_control
preds: pred (_AND pred)*
?pred: ("get" | "gets") PT                                                     -> modify
     | ("get" | "gets") PT "for each" typewords "you control"                  -> modify_each
     | ("has" | "have") keywords                                               -> grant
     | ("has" | "have") "base power and toughness" BASE                        -> base
     | ("lose" | "loses") "all abilities"                                      -> lose_all
     | ("is" | "are") article? typewords "in addition to" ("its" | "their") "other" ("types" | "creature types" | "land types") -> add_types
     | ("is" | "are") article? typewords                                       -> set_types
     | ("is" | "are") COLOR                                                    -> set_color
keywords: KEYWORD ("," KEYWORD)* (","? _AND KEYWORD)?
typewords: TYPEWORD+
article: "a" | "an"
subject: SELF                                     -> self
       | ATTACHED                                 -> attached
       | quantifier? OTHER? qualifier* NOUN control? having? -> group
       | quantifier? OTHER? qualifier* TYPEWORD control? having? -> group_of_subtype
having: "with" KEYWORD -> with_keyword
      | "with no abilities" -> with_no_abilities
quantifier: "all" | "each"
qualifier: COLOR -> color
         | NONCOLOR -> noncolor
         | TYPEWORD -> subtype
         | "nonbasic" -> nonbasic
         | "untapped" -> untapped
         | "tapped" -> tapped
control: "you control" -> yours
       | "your opponents control" -> theirs
SELF: "CARDNAME"
ATTACHED: /(enchanted|equipped) (creature|permanent|land|artifact)/
OTHER: "other"
NOUN: /(artifact creatures|creatures|creature|lands|land|permanents|artifacts|enchantments)\b/
COLOR: /(white|blue|black|red|green)\b/
NONCOLOR: /non(white|blue|black|red|green)\b/
TYPEWORD: /(?!(?:and|in|addition|to|its|their|other|you|control|get|gets|has|have|is|are|all|each|a|an)\b)[A-Z][a-z'-]+|artifact|creature|land|enchantment/
KEYWORD: /(""" + "|".join(sorted((re.escape(k) for k in KEYWORDS), key=len, reverse=True)) + r""")\b/
PT: /[+-]\d+\/[+-]\d+/
BASE: /\d+\/\d+/
_AND: "and"
%import common.WS
%ignore WS
"""


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(_GRAMMAR, parser="earley", ambiguity="resolve")


_CARD_TYPES = ("artifact", "creature", "land", "enchantment")


class _Static(Transformer):
    """A parsed sentence into one static ability's body (``affects`` and its parts)."""

    def start(self, items: list[Any]) -> dict[str, Any]:
        affects, parts, *condition = items
        body: dict[str, Any] = {} if affects == "self" else {"affects": affects}
        if condition:
            body["condition"] = condition[0]
        for part in parts:
            for key, value in part.items():
                if key in body and isinstance(value, dict):
                    body[key] = {**body[key], **value}
                else:
                    body[key] = value
        return body

    def control_attached(self, _items: list[Any]) -> dict[str, Any]:
        return {"affects": "attached", "control": "you"}

    def you_control(self, items: list[Any]) -> dict[str, Any]:
        words = [w for w in items if w is not None][0]
        return {"you_control": _filter_of(words)}

    def modify_each(self, items: list[Any]) -> dict[str, Any]:
        power, toughness = (int(n) for n in str(items[0]).split("/"))
        count = {"count": {**_filter_of(items[1]), "controller": "you"}}
        return {"pt": {"modify": [_times(power, count), _times(toughness, count)]}}

    def with_keyword(self, items: list[Any]) -> tuple[str, str]:
        return ("abilities", str(items[0]))

    def with_no_abilities(self, _items: list[Any]) -> dict[str, Any]:
        return {"no_abilities": True}

    def untapped(self, _items: list[Any]) -> dict[str, Any]:
        return {"tapped": False}

    def tapped(self, _items: list[Any]) -> dict[str, Any]:
        return {"tapped": True}

    def preds(self, items: list[Any]) -> list[dict[str, Any]]:
        return list(items)

    def self(self, _items: list[Any]) -> str:
        return "self"

    def attached(self, _items: list[Any]) -> str:
        return "attached"

    def group(self, items: list[Any]) -> dict[str, Any]:
        f: dict[str, Any] = {}
        for item in items:
            if isinstance(item, tuple):
                key, value = item
                f.setdefault(key, []).append(value)
            elif isinstance(item, dict):
                f.update(item)
            elif getattr(item, "type", None) == "OTHER":
                f["other"] = True
            elif getattr(item, "type", None) == "NOUN":
                noun = str(item)
                if noun.startswith("artifact creature"):
                    f.setdefault("types", []).extend(["artifact", "creature"])
                elif noun.rstrip("s") != "permanent":
                    f.setdefault("types", []).append(noun.rstrip("s"))
        return {"filter": f}

    def group_of_subtype(self, items: list[Any]) -> dict[str, Any]:
        # "Other Merfolk get +1/+1": the subtype is the noun; it names the permanents that have it.
        return self.group([self.subtype([item]) if getattr(item, "type", None) == "TYPEWORD" else item
                           for item in items])

    def quantifier(self, _items: list[Any]) -> dict[str, Any]:
        return {}

    def color(self, items: list[Any]) -> tuple[str, str]:
        return ("colors", str(items[0]))

    def noncolor(self, items: list[Any]) -> tuple[str, str]:
        return ("not_colors", str(items[0])[3:])

    def subtype(self, items: list[Any]) -> tuple[str, str]:
        word = str(items[0]).lower()
        return ("types" if word in _CARD_TYPES else "subtypes", word)

    def nonbasic(self, _items: list[Any]) -> tuple[str, str]:
        return ("not_supertypes", "basic")

    def yours(self, _items: list[Any]) -> dict[str, str]:
        return {"controller": "you"}

    def theirs(self, _items: list[Any]) -> dict[str, str]:
        return {"controller": "opponent"}

    def modify(self, items: list[Any]) -> dict[str, Any]:
        power, toughness = str(items[0]).split("/")
        return {"pt": {"modify": [int(power), int(toughness)]}}

    def base(self, items: list[Any]) -> dict[str, Any]:
        power, toughness = str(items[0]).split("/")
        return {"pt": {"set": [int(power), int(toughness)]}}

    def grant(self, items: list[Any]) -> dict[str, Any]:
        return {"abilities": {"add": items[0]}}

    def keywords(self, items: list[Any]) -> list[str]:
        return [str(k) for k in items]

    def lose_all(self, _items: list[Any]) -> dict[str, Any]:
        return {"abilities": {"remove_all": True}}

    def typewords(self, items: list[Any]) -> list[str]:
        return [_singular(str(w).lower()) for w in items]

    def article(self, _items: list[Any]) -> None:
        return None

    def add_types(self, items: list[Any]) -> dict[str, Any]:
        return _type_parts([w for w in items if w is not None][0], "add")

    def set_types(self, items: list[Any]) -> dict[str, Any]:
        return _type_parts([w for w in items if w is not None][0], "set")

    def set_color(self, items: list[Any]) -> dict[str, Any]:
        return {"colors": {"set": [str(items[0])]}}


def _filter_of(words: list[str]) -> dict[str, Any]:
    """What type words name, as a filter: card types and subtypes ("Forest", "artifact creature")."""
    f: dict[str, Any] = {}
    for word in words:
        f.setdefault("types" if word in _CARD_TYPES else "subtypes", []).append(word)
    return f


def _times(n: int, value: dict[str, Any]) -> Any:
    return 0 if n == 0 else value if n == 1 else {"times": n, "value": value}


def _singular(word: str) -> str:
    """A type word as one object has it: "Mountains" -> "mountain", "Elves" -> "elf"."""
    irregular = {"elves": "elf", "dwarves": "dwarf", "wolves": "wolf", "mice": "mouse", "sphinxes": "sphinx",
                 "foxes": "fox", "oxen": "ox", "plains": "plains"}
    if word in irregular:
        return irregular[word]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _type_parts(words: list[str], op: str) -> dict[str, Any]:
    card_types = [w for w in words if w in _CARD_TYPES]
    subtypes = [w for w in words if w not in _CARD_TYPES]
    out: dict[str, Any] = {}
    if card_types:
        out["types"] = {op: card_types}
    if subtypes:
        out["subtypes"] = {op: subtypes}
    return out


@dataclass(frozen=True)
class Line:
    """One line of Oracle text and what the reader made of it."""

    text: str
    kind: str  # READ, NOT_LAYER or NOT_UNDERSTOOD
    keywords: tuple[str, ...] = ()
    static: dict[str, Any] | None = None
    activated: dict[str, Any] | None = None  # a catalogue ``activated:`` entry (ability, about, targets, effect)


@dataclass(frozen=True)
class Reading:
    """What the reader made of a card's Oracle text: its keywords and static abilities, line by line."""

    lines: tuple[Line, ...]
    keywords: tuple[str, ...] = ()
    static: tuple[dict[str, Any], ...] = field(default=())
    activated: tuple[dict[str, Any], ...] = field(default=())

    @property
    def status(self) -> str:
        """``no layer text``, ``read`` (every layer line read), ``partly read`` or ``not read``."""
        layer = [line for line in self.lines if line.kind != NOT_LAYER]
        if not layer:
            return "no layer text"
        understood = [line for line in layer if line.kind == READ]
        return "read" if len(understood) == len(layer) else "partly read" if understood else "not read"

    @property
    def not_understood(self) -> tuple[str, ...]:
        return tuple(line.text for line in self.lines if line.kind == NOT_UNDERSTOOD)


def read_card(card: PoolCard) -> Reading:
    """The reading of a card's front face (a double-faced card's back face is read as its own card)."""
    face = card.front
    lines = tuple(_read_line(line, face.name, card.name) for line in face.text.splitlines() if line.strip())
    keywords = tuple(k for line in lines for k in line.keywords)
    static = tuple(line.static for line in lines if line.static is not None)
    activated: list[dict[str, Any]] = []
    for line in lines:
        if line.activated is not None:
            label = line.activated["ability"]
            taken = {a["ability"] for a in activated}
            n = 2
            while label in taken:  # a card's abilities have labels of their own (Mishra's Factory's two)
                label, n = f"{line.activated['ability']} {n}", n + 1
            activated.append({**line.activated, "ability": label})
    return Reading(lines, keywords, static, tuple(activated))


def _read_line(raw: str, face_name: str, card_name: str) -> Line:
    text = _REMINDER.sub("", raw).strip()
    if not text:
        return Line(raw, NOT_LAYER)  # reminder text alone
    words = [w.strip().lower() for w in text.rstrip(".").split(",")]
    if all(w in KEYWORDS for w in words):
        return Line(raw, READ, keywords=tuple(words))
    activated = _ACTIVATED.match(text)
    if activated:
        made = _activated_effect(_own_name(activated.group(2), face_name, card_name))
        if made is not None:
            return Line(raw, READ, activated={**made, "about": _label(activated.group(2))})
    if activated or text.startswith(("When", "Whenever", "At the beginning", "At end")):
        # An activated or triggered ability: read as not a layer ability only where nothing in it could be one.
        return Line(raw, NOT_UNDERSTOOD if _LAYER_WORDS.search(text) else NOT_LAYER)
    sentence = _own_name(text, face_name, card_name)
    cda = _characteristic_defining(sentence)
    if cda is not None:
        return Line(raw, READ, static={"text": _label(text), "cda": True, "pt": {"set": list(cda)}})
    body = _parsed(sentence[:1].lower() + sentence[1:] if not sentence.startswith("CARDNAME") else sentence)
    if body is None:
        return Line(raw, NOT_UNDERSTOOD if _LAYER_WORDS.search(text) else NOT_LAYER)
    return Line(raw, READ, static={**body, "text": _label(text)})


# What a sentence the grammar can read looks like: one plain statement with a verb of the grammar, no clause the
# grammar has no words for. The Earley parser takes milliseconds a sentence; a sentence it cannot read anyway is
# not given to it, and one it has read (cards share their sentences: "Creatures you control get +1/+1") is read
# once.
_MAY_PARSE = re.compile(r"^[^;:]{0,160}\b(get|gets|has|have|lose|loses|is|are|control)\b[^;:]*$")
_NEVER_PARSED = re.compile(r"\b(as long as (?!you control)|until|if|where|can't|unless|instead|equal|number|"
                           r"whenever|when|target|choose|chosen|may|counter|each opponent)\b", re.IGNORECASE)


@lru_cache(maxsize=65536)
def _parsed(sentence: str) -> dict[str, Any] | None:
    """The static ability a sentence (its card's name as CARDNAME) is, or None where the grammar cannot read it."""
    if not _MAY_PARSE.match(sentence) or _NEVER_PARSED.search(sentence):
        return None
    try:
        return _Static().transform(_parser().parse(sentence))
    except (UnexpectedInput, ValueError):
        return None


# Characteristic-defining P/T (604.3; 208.2): "CARDNAME's power and toughness are each equal to the number of
# ...", or power and toughness given apart ("... and its toughness is equal to that number plus 1").
_EACH_EQUAL = re.compile(r"^CARDNAME's power and toughness are each equal to (?P<amount>.+?)\.?$")
_APART = re.compile(r"^CARDNAME's power is equal to (?P<amount>.+?) and its toughness is equal to that number"
                    r"(?: plus (?P<plus>\d+))?\.?$")
_COUNTED = re.compile(r"^the number of (?P<what>(?:[A-Za-z'-]+ )*?)(?P<noun>creatures|lands|artifacts|enchantments|"
                      r"permanents|[A-Z][a-z'-]+s?) (?P<whose>you control|your opponents control|on the battlefield)$")


def _characteristic_defining(sentence: str) -> tuple[Any, Any] | None:
    """The power and toughness values of a characteristic-defining ability the templates know, or None."""
    each = _EACH_EQUAL.match(sentence)
    if each:
        value = _amount(each.group("amount"))
        return None if value is None else (value, value)
    apart = _APART.match(sentence)
    if apart:
        value = _amount(apart.group("amount"))
        if value is None:
            return None
        plus = int(apart.group("plus") or 0)
        return value, {"sum": [plus, value]} if plus else value
    return None


def _amount(text: str) -> Any:
    """An amount a characteristic-defining ability reads, in the board vocabulary; None where no template reads it."""
    if text == "the number of card types among cards in all graveyards":
        return {"card_types_among": "graveyard"}
    if text == "the number of cards in your hand":
        return {"hand_size": "you"}
    counted = _COUNTED.match(text)
    if counted is None:
        return None
    f: dict[str, Any] = {}
    words = counted.group("what").split()
    noun = counted.group("noun")
    if noun in ("creatures", "lands", "artifacts", "enchantments"):
        f["types"] = [noun[:-1]]
    elif noun != "permanents":
        f["subtypes"] = [_singular(noun.lower())]
    for word in words:
        if word in _COLORS:
            f.setdefault("colors", []).append(word)
        elif word.lower() in _CARD_TYPES:
            f.setdefault("types", []).insert(0, word.lower())
        else:
            return None
    whose = counted.group("whose")
    if whose != "on the battlefield":
        f["controller"] = "you" if whose == "you control" else "opponent"
    return {"count": f}


# An activated ability whose effect is one the catalogue's ``activated:`` entries hold: a P/T change or a keyword
# until end of turn, on its own permanent or on one target creature, or its own permanent becoming a creature.
_UNTIL_EOT = re.compile(r"^(?P<who>CARDNAME|[Tt]arget creature) (?P<verb>gets|gains) (?P<what>[+-]\d+/[+-]\d+|[a-z ]+?)"
                        r" until end of turn\.$")
_BECOMES = re.compile(r"^(?:Until end of turn, )?CARDNAME becomes an? (?P<pt>\d+/\d+) (?P<words>[A-Za-z' -]+?) "
                      r"creature(?P<with> with [a-z ,]+?)?(?: until end of turn)?\. It's still an? (?P<still>[a-z]+)\.$")


def _activated_effect(effect: str) -> dict[str, Any] | None:
    """An activated ability's effect (after the colon) as a catalogue entry's ``ability``, ``targets`` and
    ``effect``, or None where no template reads it."""
    until = _UNTIL_EOT.match(effect)
    if until:
        targets: Any = "self" if until.group("who") == "CARDNAME" else 1
        what = until.group("what")
        if until.group("verb") == "gets" and re.fullmatch(r"[+-]\d+/[+-]\d+", what):
            power, toughness = (int(n) for n in what.split("/"))
            return {"ability": "pump", "targets": targets, "effect": {"pt": {"modify": [power, toughness]}}}
        if until.group("verb") == "gains" and what in KEYWORDS:
            return {"ability": what, "targets": targets, "effect": {"abilities": {"add": [what]}}}
        return None
    becomes = _BECOMES.match(effect)
    if becomes:
        words = [w.lower() for w in becomes.group("words").split() if w != "and"]
        colors = [w for w in words if w in _COLORS]
        types = [w for w in words if w in _CARD_TYPES] + ["creature"]
        subtypes = [_singular(w) for w in words if w not in _CARD_TYPES and w not in _COLORS]
        keywords = [k.strip() for k in re.split(r",| and ", (becomes.group("with") or "")[len(" with "):]) if k.strip()]
        if any(k not in KEYWORDS for k in keywords):
            return None
        power, toughness = (int(n) for n in becomes.group("pt").split("/"))
        body: dict[str, Any] = {"types": {"add": types}}
        if subtypes:
            body["subtypes"] = {"add": subtypes}
        if colors:
            body["colors"] = {"set": colors}
        body["pt"] = {"set": [power, toughness]}
        if keywords:
            body["abilities"] = {"add": keywords}
        return {"ability": "animate", "targets": "self", "effect": body}
    return None


def generic_sentence(text: str, card_name: str) -> str:
    """A sentence with its card's name as "CARDNAME" and numbers as N: how sentences of many cards are counted
    together, to show which template would reach most cards."""
    return re.sub(r"\d+", "N", _own_name(_REMINDER.sub("", text).strip(), card_name, card_name))


def _own_name(text: str, face_name: str, card_name: str) -> str:
    for name in {card_name, face_name, face_name.split(",")[0]}:
        text = text.replace(name, "CARDNAME")
    return re.sub(r"\b[Tt]his (creature|permanent|artifact|enchantment|land)\b", "CARDNAME", text)


def _label(text: str) -> str:
    """An ability's label on a board: its sentence in lowercase, without the final stop (a static ability is
    named by its text on boards, as the catalogue's are by a short description)."""
    return text.rstrip(".").lower()
