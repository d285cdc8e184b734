"""The noun phrases of Oracle text that name an amount or a condition, as board-vocabulary values.

"for each Swamp your opponents control", "the number of creature cards in all graveyards", "as long as seven or
more cards are in your graveyard", "as long as your devotion to white and black is less than seven": each phrase
is read on its own (the grammar holds a slot where it stood), into the values the catalogue writes by hand:
``{count: FILTER, zone: graveyard}``, ``{hand_size: you}``, ``{you_control: FILTER}``, ``{value: V, at_least:
N}``. A phrase no template reads is None, and its sentence is not understood.
"""

from __future__ import annotations

import re
from typing import Any

from engines.board.vocabulary import COLORS

__all__ = ["CARD_TYPES", "amount", "condition", "counted", "singular", "type_filter"]

# The card types a phrase may name: those of permanents, and of cards in graveyards ("instant cards").
CARD_TYPES = ("artifact", "creature", "land", "enchantment", "planeswalker", "instant", "sorcery")
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10}
_WHOSE = {"you control": {"controller": "you"}, "your opponents control": {"controller": "opponent"},
          "an opponent controls": {"controller": "opponent"}, "on the battlefield": {}, "": {}}
_GRAVEYARDS = {"your graveyard": {"controller": "you"}, "all graveyards": {},
               "your opponents' graveyards": {"controller": "opponent"},
               "an opponent's graveyard": {"controller": "opponent"}}


def singular(word: str) -> str:
    """A type word as one object has it: "Mountains" -> "mountain", "Elves" -> "elf"."""
    word = word.lower()
    irregular = {"elves": "elf", "dwarves": "dwarf", "wolves": "wolf", "mice": "mouse", "sphinxes": "sphinx",
                 "foxes": "fox", "oxen": "ox", "plains": "plains", "allies": "ally", "fungi": "fungus"}
    if word in irregular:
        return irregular[word]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def type_filter(words: list[str]) -> dict[str, Any] | None:
    """The filter type, color and status words name ("other nonbasic land", "white creature", "non-Wall
    creature", "artifact"); None for a word that names no characteristic the vocabulary holds."""
    f: dict[str, Any] = {}
    for raw in words:
        word = raw.lower()
        if word == "other" or word == "another":
            f["other"] = True
        elif word in ("permanent", "permanents"):
            continue
        elif word in COLORS:
            f.setdefault("colors", []).append(word)
        elif word.startswith("non") and word[3:].lstrip("-") in COLORS:
            f.setdefault("not_colors", []).append(word[3:].lstrip("-"))
        elif singular(word) in CARD_TYPES:
            f.setdefault("types", []).append(singular(word))
        elif word.startswith("non") and singular(word[3:].lstrip("-")) in CARD_TYPES:
            f.setdefault("not_types", []).append(singular(word[3:].lstrip("-")))
        elif word in ("basic", "legendary", "snow"):
            f.setdefault("supertypes", []).append(word)
        elif word in ("nonbasic", "nonlegendary"):
            f.setdefault("not_supertypes", []).append(word[3:])
        elif word == "face-down":
            f["face_down"] = True
        elif word == "untapped" or word == "tapped":
            f["tapped"] = word == "tapped"
        elif word.startswith("non-") and raw[4:5].isupper():
            f.setdefault("not_subtypes", []).append(singular(word[4:]))
        elif raw[:1].isupper() and re.fullmatch(r"[A-Za-z'-]+", raw):
            f.setdefault("subtypes", []).append(singular(word))
        else:
            return None
    return f


_COUNTED = re.compile(r"^(?P<what>(?:[A-Za-z'-]+ )*?[A-Za-z'-]+?) ?(?P<whose>you control|your opponents control|"
                      r"an opponent controls|on the battlefield|)$")
_IN_GRAVEYARD = re.compile(r"^(?P<what>(?:[A-Za-z'-]+ )*?)cards? in (?P<where>your graveyard|all graveyards|"
                           r"your opponents' graveyards|an opponent's graveyard)$")


def counted(phrase: str) -> dict[str, Any] | None:
    """What "for each PHRASE" or "the number of PHRASE" counts: ``{count: FILTER}`` (with ``zone: graveyard``
    for cards in graveyards) or ``{hand_size: you}``; None where no template reads the phrase."""
    phrase = phrase.strip()
    if phrase in ("card in your hand", "cards in your hand"):
        return {"hand_size": "you"}
    graveyard = _IN_GRAVEYARD.match(phrase)
    if graveyard:
        f = type_filter(graveyard.group("what").split())
        if f is None:
            return None
        return {"count": {**f, **_GRAVEYARDS[graveyard.group("where")]}, "zone": "graveyard"}
    named = re.match(r"^(?P<what>.+?) named CARDNAME ?(?P<whose>.*)$", phrase)
    if named:
        rest = counted(f"{named.group('what')} {named.group('whose')}".strip())
        return None if rest is None else {"count": {**rest["count"], "name": "CARDNAME"}}
    keyword = re.match(r"^(?P<what>.+?) with (?P<kw>flying|first strike|trample|defender) ?(?P<whose>.*)$", phrase)
    if keyword:
        rest = counted(f"{keyword.group('what')} {keyword.group('whose')}".strip())
        return None if rest is None else {"count": {**rest["count"], "abilities": [keyword.group("kw")]}}
    on_battlefield = _COUNTED.match(phrase)
    if on_battlefield is None:
        return None
    f = type_filter(on_battlefield.group("what").split())
    if not f or set(f) <= {"other"} and "permanent" not in phrase:
        return None
    return {"count": {**f, **_WHOSE[on_battlefield.group("whose")]}}


def amount(text: str) -> Any:
    """An amount a characteristic-defining ability reads ("the number of ...", "N plus the number of ...")."""
    plus = re.match(r"^(\d+) plus (.+)$", text)
    if plus:
        rest = amount(plus.group(2))
        return None if rest is None else {"sum": [int(plus.group(1)), rest]}
    if text == "your life total":
        return {"life": "you"}
    if text == "its mana value":  # the mana value of the object the effect changes (Karn's "mana_value")
        return "mana_value"
    if text == "the number of card types among cards in all graveyards":
        return {"card_types_among": "graveyard"}
    number = re.match(r"^the number of (.+)$", text)
    return counted(number.group(1)) if number else None


_AT_LEAST = r"(?P<n>\w+) or more"
_CONDITIONS: list[tuple[re.Pattern[str], Any]] = []


def _condition(pattern: str):  # type: ignore[no-untyped-def]
    def register(read):  # type: ignore[no-untyped-def]
        _CONDITIONS.append((re.compile("^" + pattern + "$"), read))
        return read
    return register


def _number(word: str) -> int | None:
    return int(word) if word.isdigit() else NUMBERS.get(word.lower())


@_condition(r"you control (?:a|an|another) (?P<what>.+?)")
def _you_control_one(m: re.Match[str]) -> Any:
    f = type_filter(m.group("what").split())
    if f and " another " in f" {m.group(0)} ":
        f["other"] = True
    return None if not f else {"you_control": f}


@_condition(r"you control " + _AT_LEAST + r" (?P<what>.+?)")
def _you_control_many(m: re.Match[str]) -> Any:
    n, f = _number(m.group("n")), type_filter(m.group("what").split())
    return None if n is None or not f else {"value": {"count": {**f, "controller": "you"}}, "at_least": n}


@_condition(r"you control at least (?P<n>\w+) (?P<what>.+?)")
def _you_control_at_least(m: re.Match[str]) -> Any:
    return _you_control_many(m)


@_condition(r"you control no (?P<what>.+?)")
def _you_control_none(m: re.Match[str]) -> Any:
    f = type_filter(m.group("what").replace(",", "").split())
    return None if not f else {"not": {"you_control": f}}


@_condition(r"no opponent controls an? (?P<a>\w+) or (?P<b>\w+) (?P<what>creature|permanent)")
def _no_opponent_controls(m: re.Match[str]) -> Any:
    if m.group("a") not in COLORS or m.group("b") not in COLORS:
        return None
    return {"not": {"any": [{"opponent_controls": {"types": [m.group("what")], "colors": [m.group(c)]}}
                            for c in ("a", "b")]}}


@_condition(_AT_LEAST + r" cards are in your graveyard")
def _threshold(m: re.Match[str]) -> Any:
    n = _number(m.group("n"))
    return None if n is None else {"value": {"count": {"controller": "you"}, "zone": "graveyard"}, "at_least": n}


@_condition(r"there are no cards in your graveyard")
def _empty_graveyard(_m: re.Match[str]) -> Any:
    return {"value": {"count": {"controller": "you"}, "zone": "graveyard"}, "at_most": 0}


@_condition(r"your devotion to (?P<colors>\w+(?: and \w+)?) is less than (?P<n>\w+)")
def _devotion(m: re.Match[str]) -> Any:
    colors, n = m.group("colors").split(" and "), _number(m.group("n"))
    if n is None or any(c not in COLORS for c in colors):
        return None
    return {"value": {"devotion": colors}, "at_most": n - 1}


@_condition(r"(?:it's|CARDNAME is) (?P<state>untapped|tapped)")
def _tapped(m: re.Match[str]) -> Any:
    return {"is": {"tapped": m.group("state") == "tapped"}}


@_condition(r"(?:it's|CARDNAME is) an? (?P<what>[A-Z][a-z]+)")
def _is_subtype(m: re.Match[str]) -> Any:
    return {"is": {"subtypes": [singular(m.group("what"))]}}


@_condition(r"an opponent has (?P<n>\d+) or less life")
def _opponent_life(m: re.Match[str]) -> Any:
    return {"value": {"life": "opponent"}, "at_most": int(m.group("n"))}


@_condition(r"it's your turn")
def _your_turn(_m: re.Match[str]) -> Any:
    return {"your_turn": True}


@_condition(r"it's not your turn")
def _not_your_turn(_m: re.Match[str]) -> Any:
    return {"your_turn": False}


@_condition(r"(?:enchanted|equipped) (?:creature|permanent|land) is (?P<what>.+)")
def _attached_is(m: re.Match[str]) -> Any:
    what = re.sub(r"^(?:a|an) ", "", m.group("what"))
    f = type_filter(what.split())
    return None if not f else {"attached_is": f}


@_condition(r"an opponent controls (?:a|an) (?P<what>.+?)")
def _opponent_controls(m: re.Match[str]) -> Any:
    f = type_filter(m.group("what").split())
    return None if not f else {"opponent_controls": f}


def condition(text: str) -> dict[str, Any] | None:
    """The condition an "as long as" clause states, or None where no template reads it."""
    for pattern, read in _CONDITIONS:
        m = pattern.match(text.strip())
        if m:
            return read(m)
    return None
