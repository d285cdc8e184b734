"""The reader: a card's Oracle text into the board vocabulary, one ability (one line) at a time.

Each line of a card's Oracle text ends as one of three things (``Line.kind``):

* ``read``: it became board vocabulary: keywords, a static ability (``static:``), counters it enters with, the
  effect of an instant or sorcery (``effect:`` and ``targets:``), or an activated or triggered ability whose effect
  reaches the layers (``activated:``, ``triggered:``);
* ``not layer``: it makes no continuous effect that changes characteristics (draw a card, deal damage, a mana
  ability, a trigger that does neither): nothing for a board to hold;
* ``not understood``: it may change characteristics and no template reads it. A card with such a line is never
  judged silently: the commands that use it name the line.

Sentences are parsed by a grammar (``grammar``: lark's Earley parser), their amounts and conditions read apart
(``amounts``); keyword lines and "not layer" lines are recognized by their words. The card's own name (or, in
Oracle text from 2024, "this creature") is the ability's own object, CARDNAME to the grammar.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from lark import UnexpectedInput

from diffcheck.cardpool.amounts import amount, condition, counted
from diffcheck.cardpool.grammar import GRANTED, IT, parse
from diffcheck.cardpool.keywords import KEYWORDS, TRIGGERED_KEYWORDS, keyword_line
from diffcheck.cardpool.sources import PoolCard

__all__ = ["KEYWORDS", "Line", "Reading", "read_card"]

READ, NOT_LAYER, NOT_UNDERSTOOD = "read", "not layer", "not understood"

# Words whose presence says a sentence may change characteristics (the layers' verbs); a line with none of them
# (and no keyword) is no layer ability.
_LAYER_WORDS = re.compile(
    r"\b(gets?|gains?|has|have|loses?|lose|becomes?|power|toughness|control of|gain control|in addition to its|"
    r"is an?|are (?:an? |the |every |all |colorless|white|blue|black|red|green|\d|[A-Z])|are (?:artifacts?|"
    r"creatures?|lands?|enchantments?)|isn't|aren't|as long as|copy|switch|can't have|is every|is all colors|"
    r"is colorless|is the chosen)\b", re.IGNORECASE)
_REMINDER = re.compile(r"\s*\([^)]*\)")
_ACTIVATED = re.compile(r"^((?:\{[^}]+\}|[^:{\"]){0,80}?):\s+(.*)$")
_TRIGGERED = re.compile(r"^(?P<trigger>(?:When|Whenever|At)\b[^,\"]*?),\s+(?P<effect>.*)$")
_ABILITY_WORD = re.compile(r"^[A-Z][a-z]+(?: [a-z]+)* — ")  # "Threshold — ", "Metalcraft — ": no rules meaning (207.2c)
_RESTRICTION = re.compile(r"\s*Activate (?:this ability )?only [^.]*\.$")
_STILL = re.compile(r"^(?:It's|They're) still (?:an? )?[a-z]+s?\.$")
_SENTENCE_END = re.compile(r"(?<=\.)\s+(?=[A-Z])")
_COUNTERS = re.compile(r"^CARDNAME enters(?: the battlefield)? with (?P<n>\w+) \+1/\+1 counters? on it\.$")
_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
# The first words of a sentence the grammar writes in lowercase; any other first word (a subtype, "Goblin
# creatures") keeps its capital, which is how the grammar tells a subtype from a word of its own.
_GRAMMAR_FIRST_WORDS = frozenset(
    "creatures creature all each other enchanted equipped target untapped tapped nonbasic lands artifacts "
    "enchantments permanents artifact land enchantment white blue black red green nonwhite nonblue nonblack nonred "
    "nongreen you until gain switch it that they those two three another attacking blocking noncreature "
    "nonartifact nonland legendary snow basic untap any".split())


@dataclass(frozen=True)
class Line:
    """One line of Oracle text and what the reader made of it."""

    text: str
    kind: str  # READ, NOT_LAYER or NOT_UNDERSTOOD
    keywords: tuple[str, ...] = ()
    static: dict[str, Any] | None = None
    activated: dict[str, Any] | None = None  # a catalogue ``activated:`` entry (ability, about, targets, effect)
    triggered: dict[str, Any] | None = None  # a catalogue ``triggered:`` entry, likewise
    spell: dict[str, Any] | None = None  # an instant's or sorcery's ``targets`` and ``effect``
    counters: dict[str, int] | None = None  # the counters its permanent enters with
    choices: dict[str, Any] | None = None  # what a player chooses as its permanent enters (a creature type, a copy)


@dataclass(frozen=True)
class Reading:
    """What the reader made of a card's Oracle text, line by line, and gathered as a catalogue entry's parts."""

    lines: tuple[Line, ...]
    keywords: tuple[str, ...] = ()
    static: tuple[dict[str, Any], ...] = field(default=())
    activated: tuple[dict[str, Any], ...] = field(default=())
    triggered: tuple[dict[str, Any], ...] = field(default=())
    spell: dict[str, Any] | None = None
    counters: dict[str, int] | None = None
    choices: dict[str, Any] | None = None

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
    is_spell = any(t in ("instant", "sorcery") for t in face.types)
    lines = tuple(_read_line(line, face.name, card.name, is_spell) for line in face.text.splitlines() if line.strip())
    keywords = tuple(k for line in lines for k in line.keywords)
    spells = [line.spell for line in lines if line.spell is not None]
    counters = [line.counters for line in lines if line.counters is not None]
    triggered = [line.triggered for line in lines if line.triggered is not None]
    triggered += [TRIGGERED_KEYWORDS[k] for k in keywords if k in TRIGGERED_KEYWORDS]
    # A choice is kept where an ability reads it (Cavern of Souls chooses a type for its mana, not its layers).
    used = repr([(line.static, line.activated, line.triggered) for line in lines])
    choices = {k: v for line in lines if line.choices for k, v in line.choices.items() if f"${k}" in used}
    return Reading(lines, keywords, tuple(line.static for line in lines if line.static is not None),
                   _labelled([line.activated for line in lines if line.activated is not None]),
                   _labelled(triggered), spells[0] if len(spells) == 1 else None, counters[0] if counters else None,
                   choices or None)


def _labelled(abilities: list[dict[str, Any]]) -> tuple[dict[str, Any], ...]:
    """A card's abilities, each with a label of its own (Mishra's Factory's two are "animate" and "pump")."""
    out: list[dict[str, Any]] = []
    for ability in abilities:
        label, n = ability["ability"], 2
        while label in {a["ability"] for a in out}:
            label, n = f"{ability['ability']} {n}", n + 1
        out.append({**ability, "ability": label})
    return tuple(out)


def _read_line(raw: str, face_name: str, card_name: str, is_spell: bool) -> Line:
    text = _ABILITY_WORD.sub("", _REMINDER.sub("", raw).strip()).replace("\u2019", "'")
    # "protection from black and from red" is two keywords (702.16): written out so that a list reads them.
    text = re.sub(r"(protection from) (\w+) and from (\w+)", r"\1 \2, \1 \3", text, flags=re.IGNORECASE)
    if not text:
        return Line(raw, NOT_LAYER)  # reminder text alone
    keywords = keyword_line(text)
    if keywords is not None:
        return Line(raw, READ, keywords=keywords) if keywords else Line(raw, NOT_LAYER)
    sentence = _own_name(text, face_name, card_name)
    activated = _ACTIVATED.match(sentence)
    if activated and not is_spell:
        made = _one_shot(_OPTIONAL.sub("", activated.group(2)))
        if made is not None:
            return Line(raw, READ, activated={**made, "about": text})
        return _unread(raw, activated.group(2))
    triggered = _TRIGGERED.match(sentence)
    if triggered:
        # An intervening "if" clause (603.4) is the board's to answer, by casting the ability or not.
        made = _one_shot(_OPTIONAL.sub("", triggered.group("effect")))
        if made is not None:
            return Line(raw, READ, triggered={**made, "ability": _trigger_label(triggered.group("trigger")),
                                              "about": text})
        return _unread(raw, triggered.group("effect"))
    if is_spell:
        made = _one_shot(sentence)
        if made is None:
            return _unread(raw, sentence)
        if made.get("targets") != "self":
            return Line(raw, READ, spell={k: v for k, v in made.items() if k in ("targets", "effect", "choices")})
        # Else a spell's own static ability, read below ("Ghostfire is colorless": on the stack and in a graveyard).
    chosen = _AS_ENTERS_CHOOSE.match(sentence)
    if chosen:
        return Line(raw, READ, choices={_CHOICE_KINDS[chosen.group(1)][0]: {"kind": _CHOICE_KINDS[chosen.group(1)][1]}})
    copy = _copy(sentence)
    if copy is not None:
        return Line(raw, READ, static={"text": _label(text), "copy": copy[1]}, choices={"copy": copy[0]})
    counters = _COUNTERS.match(sentence)
    if counters and counters.group("n") in _NUMBER_WORDS or counters and counters.group("n").isdigit():
        n = counters.group("n")
        return Line(raw, READ, counters={"+1/+1": int(n) if n.isdigit() else _NUMBER_WORDS[n]})
    cda = _characteristic_defining(sentence)
    if cda is not None:
        return Line(raw, READ, static={"text": _label(text), "cda": True, "pt": {"set": _named(list(cda), face_name)}})
    body = _static(sentence)
    if body is None:
        return _unread(raw, text)
    return Line(raw, READ, static={**_named(body, face_name), "text": _label(text)})


def _named(value: Any, name: str) -> Any:
    """A read value with CARDNAME, where it names cards ("for each other creature named CARDNAME"), as the name."""
    if isinstance(value, dict):
        return {k: _named(v, name) for k, v in value.items()}
    if isinstance(value, list):
        return [_named(v, name) for v in value]
    return name if value == "CARDNAME" else value


def _unread(raw: str, text: str) -> Line:
    """A line no template reads: not understood if it may change characteristics, else no layer ability."""
    return Line(raw, NOT_UNDERSTOOD if _may_change_characteristics(text) else NOT_LAYER)


def _may_change_characteristics(text: str) -> bool:
    return bool(_LAYER_WORDS.search(_NOT_LAYER_VERBS.sub("", text)))


# The layers' verbs in phrases that change no characteristic: life gained or lost, "has been activated", a deck's
# number of copies, a power compared, energy, the monarch.
_NOT_LAYER_VERBS = re.compile(
    r"\b(?:(?:has|have) been|(?:gains?|loses?|lose) (?:\w+ ){0,2}life\b(?: equal to (?:its|the) \w+)?|can't gain "
    r"life|can have any number|total power|(?:with|has|have) (?:power|toughness|mana value|converted mana cost)|"
    r"(?:less|greater) than (?:or equal to )?[\w ,'-]*?(?:'s|its) (?:power|toughness)|where X is [^.]*|you have|"
    r"may have an opponent|has the chosen name|you gain protection|have it deal|lose the flip|(?:win|lose) the "
    r"game|you get \{E\}|become the monarch|the permanent it becomes|may have [\w ,'-]+ assign its combat)",
    re.IGNORECASE)


def _one_shot(text: str) -> dict[str, Any] | None:
    """What a spell or an ability does as it resolves, as ``{targets, effect}`` (and the ``ability`` label it
    would have), where one continuous effect of the vocabulary is all it makes that reaches the layers; None
    where no template reads it. Sentences with no layer words ("Untap target creature.", "Draw a card.") are no
    part of the effect; "it" names the target an earlier sentence took, or else the object itself."""
    text = _NOT_LAYER_CLAUSES.sub("", _RESTRICTION.sub("", text)).strip()
    subjects: set[Any] = set()
    effect: dict[str, Any] = {}
    choices: dict[str, Any] = {}
    targeted = None
    still = False
    for sentence in _SENTENCE_END.split(text):
        if _STILL.match(sentence):
            still = True
            continue
        if not _may_change_characteristics(sentence):
            if "target" in sentence:
                number = re.search(r"\b(two|three) target", sentence)
                targeted = _NUMBER_WORDS[number.group(1)] if number else 1
            continue
        read = _parsed(_first_lower(sentence), "oneshot")
        if read is None or GRANTED in read["effect"] and _may_change_characteristics(read["effect"][GRANTED]):
            return None
        subject, targets = read["subject"], read["targets"]
        if subject == "it":
            subject, targets = ("target", targeted) if targeted else ("self", "self")
        elif subject == "that":
            # "That creature becomes black": the target an earlier sentence took; or else an object the ability
            # put onto the battlefield or its trigger named, which a board lists as the effect's object.
            subject, targets = ("target", targeted) if targeted else ("group", None)
        elif subject == "target":
            targeted = targets
        subjects.add((subject, str(targets)))
        choices.update(read.get("choices", {}))
        for key, value in read["effect"].items():
            if key == GRANTED:
                continue
            effect[key] = {**effect[key], **value} if isinstance(value, dict) and key in effect else value
    if len(subjects) != 1 or not effect:
        return None
    if still:  # "... becomes a 0/0 Elemental creature. It's still a land.": types added, not replaced (205.1b)
        effect = {k: {"add": v["set"]} if k in ("types", "subtypes") and "set" in v else v for k, v in effect.items()}
    subject, _ = subjects.pop()
    targets = "self" if subject == "self" else targeted if subject == "target" else None
    made: dict[str, Any] = {"ability": _effect_label(effect), "effect": effect}
    if targets is not None:
        made["targets"] = targets
    if choices:
        made["choices"] = choices
    return made


# "As CARDNAME enters, choose a creature type.": the choice its static abilities read as $type or $color.
_AS_ENTERS_CHOOSE = re.compile(r"^As CARDNAME enters(?: the battlefield)?, choose an? (creature type|color|basic land "
                               r"type)\.$")
_CHOICE_KINDS = {"creature type": ("type", "creature_type"), "color": ("color", "color"),
                 "basic land type": ("type", "basic_land_type")}
# "You may have CARDNAME enter the battlefield as a copy of any creature on the battlefield" (707.2 and 706.2 of
# old): what it may copy, and the types an "except" adds.
_COPY = re.compile(r"^You may have CARDNAME enter(?: the battlefield)? as a copy of (?:any|an?) (?P<what>[a-z ]+?) on "
                   r"the battlefield(?:, except (?:it's|it is) an? (?P<adds>[a-z]+) in addition to its other types)?\.$")
_COPIED = {"creature": ["creature"], "artifact": ["artifact"], "enchantment": ["enchantment"],
           "artifact or creature": ["artifact", "creature"],
           "nonland permanent": ["artifact", "battle", "creature", "enchantment", "planeswalker"]}


def _copy(sentence: str) -> tuple[dict[str, Any], Any] | None:
    """A clone's choice and static ``copy:`` value, or None."""
    found = _COPY.match(sentence)
    if found is None or found.group("what") not in _COPIED:
        return None
    choice = {"kind": "object", "optional": True, "among": _COPIED[found.group("what")]}
    value: Any = "$copy"
    if found.group("adds"):
        value = {"of": "$copy", "except": {"add_types": [found.group("adds")]}}
    return choice, value


def _static(sentence: str) -> dict[str, Any] | None:
    """A static ability's sentence as a ``static:`` body, its "as long as" condition read apart."""
    cond = None
    front = re.match(r"^As long as (?P<cond>[^,]+), (?P<rest>.+)$", sentence)
    back = re.match(r"^(?P<rest>.+?) as long as (?P<cond>[^,]+?)\.?$", sentence)
    if front or back:
        found = front or back
        assert found is not None
        cond = condition(found.group("cond"))
        if cond is None:
            return None
        sentence = found.group("rest")
    body = _parsed(_first_lower(_NOT_LAYER_CLAUSES.sub("", sentence)), "static")
    if body is None:
        return None
    # "As long as enchanted creature is white, it gets +1/+1": "it" is what the condition named, the enchanted
    # creature; "As long as CARDNAME is untapped, it gets +0/+2": the permanent itself.
    it = body.get(IT)
    if it and not (cond and ("attached_is" in cond or "is" in cond)):
        return None
    if GRANTED in body and _may_change_characteristics(body[GRANTED]):
        return None  # it grants an ability that itself acts in the layers, which a granted word cannot hold
    left_out = {IT, GRANTED} | ({"affects"} if it and cond and "is" in cond else set())
    body = {k: v for k, v in body.items() if k not in left_out}
    return {**body, "condition": cond} if cond else body


def _first_lower(sentence: str) -> str:
    first = sentence.split(" ", 1)[0]
    return sentence[:1].lower() + sentence[1:] if first.lower() in _GRAMMAR_FIRST_WORDS else sentence


# What a sentence the grammar may read looks like: one plain statement with a verb of the grammar, no clause the
# grammar has no words for. The Earley parser takes milliseconds a sentence; a sentence it cannot read anyway is
# not given to it, and one it has read (cards share their sentences: "Creatures you control get +1/+1") is read
# once.
_MAY_PARSE = re.compile(r"^[^;:]{0,200}\b(get|gets|has|have|gain|gains|lose|loses|is|are|isn't|aren't|become|"
                        r"becomes|control|switch)\b[^;:]*$")
_NEVER_PARSED = re.compile(r"(?<!for )\b(as long as|if|where|can't|unless|instead|whenever|when|choose|may|"
                           r"counters?|each opponent)\b", re.IGNORECASE)
# Clauses beside a layer effect that are rules of the game, not characteristics: they are left out of the reading
# as "Draw a card" is.
_NOT_LAYER_CLAUSES = re.compile(r" and can attack this turn as though it didn't have defender| and doesn't untap "
                                r"during your next untap step|(?<=creature) can't be blocked and(?= has)| and can't "
                                r"(?:attack|block)(?: or block)?(?= *\.)| and can't be blocked this turn| and deals "
                                r"\d+ damage to (?:you|it)| and can't be enchanted by other Auras|(?<=\.) This effect "
                                r"doesn't remove CARDNAME\.")
# What a board's author answers by casting an ability or not: an intervening "if" (603.4), "you may", "unless a
# player pays".
_OPTIONAL = re.compile(r"^(?:(?:if|unless) [^,]+, )?(?:you may )?(?:have (?=target creature get|it get))?",
                       re.IGNORECASE)
_WHERE_X = re.compile(r",? where X is (?P<what>[^.]+)\.?$")
_QUOTED = re.compile(r'"[^"]*"')
_FOR_EACH = re.compile(r" for each (?P<what>[^.]+?)(?=(?:,? and (?:has|have|gains?|is|are|loses?)\b)|\.?$)")


def _parsed(sentence: str, start: str) -> dict[str, Any] | None:
    """The sentence (its card's name as CARDNAME) read from the grammar's ``start``, or None: a copy of the answer
    kept for every card that has the sentence."""
    found = _parsed_once(sentence, start)
    return copy.deepcopy(found) if found is not None else None


@lru_cache(maxsize=65536)
def _parsed_once(sentence: str, start: str) -> dict[str, Any] | None:
    slots: dict[str, Any] = {}

    def slot(m: re.Match[str]) -> str:
        key = str(len(slots))
        slots[key] = counted(m.group("what"))
        return f" for each ⟨{key}⟩"

    where_x = _WHERE_X.search(sentence)
    if where_x:
        slots["X"] = amount(where_x.group("what"))
        sentence = sentence[:where_x.start()] + "."
    sentence = re.sub(r" (until end of turn) (for each [^.]+)", r" \2 \1", sentence)  # Defile's order
    sentence = _FOR_EACH.sub(slot, sentence)
    unquoted = _QUOTED.sub('"ability"', sentence)  # a granted ability's own words are the grammar's one word
    if None in slots.values() or not _MAY_PARSE.match(unquoted) or _NEVER_PARSED.search(unquoted):
        return None
    try:
        return parse(sentence, start, slots)
    except (UnexpectedInput, ValueError):
        return None
    except Exception as error:  # lark wraps an error raised inside the transformer
        if isinstance(getattr(error, "orig_exc", None), ValueError):
            return None
        raise


# Characteristic-defining P/T (604.3; 208.2): "CARDNAME's power and toughness are each equal to the number of
# ...", or power and toughness given apart ("... and its toughness is equal to that number plus 1").
_EACH_EQUAL = re.compile(r"^CARDNAME's power and toughness are each equal to (?P<amount>.+?)\.?$")
_APART = re.compile(r"^CARDNAME's power is equal to (?P<amount>.+?) and its toughness is equal to that number"
                    r"(?: plus (?P<plus>\d+))?\.?$")


def _characteristic_defining(sentence: str) -> tuple[Any, Any] | None:
    """The power and toughness values of a characteristic-defining ability the templates know, or None."""
    each = _EACH_EQUAL.match(sentence)
    if each:
        value = amount(each.group("amount"))
        return None if value is None else (value, value)
    apart = _APART.match(sentence)
    if apart:
        value = amount(apart.group("amount"))
        if value is None:
            return None
        plus = int(apart.group("plus") or 0)
        return value, {"sum": [plus, value]} if plus else value
    return None


def _effect_label(effect: dict[str, Any]) -> str:
    """An ability's label, from what its effect does: "pump", a keyword it grants, "animate", "recolor"."""
    if "types" in effect and "creature" in effect["types"].get("add", ()):
        return "animate"
    if "control" in effect:
        return "control"
    if "pt" in effect:
        return "switch" if "switch" in effect["pt"] else "pump"
    added = effect.get("abilities", {}).get("add")
    if added and len(added) == 1 and added[0] in KEYWORDS:
        return added[0]
    return "recolor" if "colors" in effect else "retype" if "types" in effect or "subtypes" in effect else "grant"


def _trigger_label(trigger: str) -> str:
    """A triggered ability's label, from its trigger event: "attack", "block", "enter", "trigger"."""
    for word, label in (("attacks", "attack"), ("blocks", "block"), ("becomes blocked", "blocked"),
                        ("enters", "enter"), ("dies", "dies"), ("cast", "cast"), ("beginning", "beginning")):
        if word in trigger:
            return label
    return "trigger"


def generic_sentence(text: str, card_name: str) -> str:
    """A sentence with its card's name as "CARDNAME" and numbers as N: how sentences of many cards are counted
    together, to show which template would reach most cards."""
    return re.sub(r"\d+", "N", _own_name(_REMINDER.sub("", text).strip(), card_name, card_name))


def _own_name(text: str, face_name: str, card_name: str) -> str:
    # The longest name first: "Multani, Yavimaya's Avatar" before "Multani".
    for name in sorted({card_name, face_name, face_name.split(",")[0]}, key=len, reverse=True):
        text = text.replace(name, "CARDNAME")
    return re.sub(r"\b[Tt]his (creature|permanent|artifact|enchantment|land)\b", "CARDNAME", text)


def _label(text: str) -> str:
    """An ability's label on a board: its sentence in lowercase, without the final stop (a static ability is
    named by its text on boards, as the catalogue's are by a short description). A quoted ability's cost is
    kept without its colon, which on a board marks an activated ability's name ("Card: label")."""
    return text.rstrip(".").lower().replace(": ", " ")
