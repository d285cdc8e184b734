"""Text-changing effects (layer 3; old 418.6, 2009 612): swapping color words and subtype words.

Only words used as color words or subtypes change (418.6a / 612.1): the filters, values
and parts of an ability, its keyword words (``protection from white``, ``swampwalk``) and
its label. A name never changes; granted abilities are not the object's text and are left
alone by the caller (418.6b / 612.3).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Mapping

from engines.board import (
    AbilityPart, ColorPart, Count, Filter, Matching, Part, PTModifyPart, PTSetPart, StaticAbility,
    TextPart, TypePart, generated_label,
)

_WORD = re.compile(r"[A-Za-z]+")


def swap_word(word: str, swaps: Mapping[str, str]) -> str:
    """One word of text, swapped if it is (a plural of, or a landwalk on) a swapped word."""
    low = word.lower()
    if low in swaps:
        new = swaps[low]
    elif low.endswith("walk") and low[:-4] in swaps:
        new = swaps[low[:-4]] + "walk"
    elif low.endswith("s") and low[:-1] in swaps:
        new = swaps[low[:-1]] + "s"
    else:
        return word
    return new[:1].upper() + new[1:] if word[:1].isupper() else new


def swap_text(text: str, swaps: Mapping[str, str]) -> str:
    return _WORD.sub(lambda m: swap_word(m.group(0), swaps), text)


def swap_set(words: frozenset[str], swaps: Mapping[str, str]) -> frozenset[str]:
    return frozenset(swap_text(w, swaps) for w in words)


def _swap_tuple(words: tuple[str, ...], swaps: Mapping[str, str]) -> tuple[str, ...]:
    return tuple(swap_text(w, swaps) for w in words)


def _swap_filter(f: Filter, swaps: Mapping[str, str]) -> Filter:
    return replace(
        f,
        colors=swap_set(f.colors, swaps),
        not_colors=swap_set(f.not_colors, swaps),
        subtypes=swap_set(f.subtypes, swaps),
        not_subtypes=swap_set(f.not_subtypes, swaps),
        abilities=swap_set(f.abilities, swaps),
    )


def _swap_value(value, swaps):
    if isinstance(value, Count):
        return Count(_swap_filter(value.filter, swaps), value.zone)
    return value


def _swap_part(part: Part, swaps: Mapping[str, str]) -> Part:
    if isinstance(part, TypePart) and part.characteristic == "subtypes":
        return replace(part, values=_swap_tuple(part.values, swaps))
    if isinstance(part, ColorPart):
        return replace(part, values=_swap_tuple(part.values, swaps))
    if isinstance(part, AbilityPart):
        return replace(
            part,
            add=tuple(swap_text(a, swaps) if isinstance(a, str) else swap_ability(a, swaps) for a in part.add),
            remove=_swap_tuple(part.remove, swaps),
        )
    if isinstance(part, (PTSetPart, PTModifyPart)):
        return replace(part, power=_swap_value(part.power, swaps), toughness=_swap_value(part.toughness, swaps))
    if isinstance(part, TextPart):
        return TextPart(tuple((swap_text(a, swaps), swap_text(b, swaps)) for a, b in part.swaps))
    return part


_WORDS_CACHE: dict[int, tuple[StaticAbility, frozenset[str]]] = {}


def _words(ability: StaticAbility) -> frozenset[str]:
    """Every lower-case word in the ability's data: if no swapped word is among them, nothing changes."""
    hit = _WORDS_CACHE.get(id(ability))
    if hit is not None and hit[0] is ability:
        return hit[1]
    if len(_WORDS_CACHE) > 50_000:
        _WORDS_CACHE.clear()
    words = frozenset(w.lower() for w in _WORD.findall(repr(ability)))
    _WORDS_CACHE[id(ability)] = (ability, words)
    return words


def _mentions(words: frozenset[str], swaps: Mapping[str, str]) -> bool:
    for old in swaps:
        if old in words or old + "s" in words or old + "walk" in words:
            return True
    return False


def swap_ability(ability: StaticAbility, swaps: Mapping[str, str]) -> StaticAbility:
    """The ability with its color and subtype words swapped; the same object if none occur."""
    if not _mentions(_words(ability), swaps):
        return ability
    affects = ability.affects
    if isinstance(affects, Matching):
        affects = Matching(_swap_filter(affects.filter, swaps))
    changed = replace(
        ability,
        label=swap_text(ability.label, swaps) if ability.text_given else ability.label,
        affects=affects,
        parts=tuple(_swap_part(p, swaps) for p in ability.parts),
    )
    if changed == ability:
        return ability
    if not ability.text_given:
        # A generated label is the body itself: regenerate it so it shows the new words.
        changed = replace(changed, label=generated_label(changed.affects, changed.parts))
    return changed
