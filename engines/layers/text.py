"""Text-changing effects (layer 3; old 418.6, 2009 612): swapping color words and subtype words.

Only words used as color words or subtypes change (418.6a / 612.1): the filters, values
and parts of an ability, its keyword words (``protection from white``, ``swampwalk``) and
its label. A name never changes; granted abilities are not the object's text and are left
alone by the caller (418.6b / 612.3).

Every function returns its argument itself when no swapped word occurs in it, so the
common case builds nothing and the caller can tell "changed" by identity.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from engines.board.board import (
    AbilityPart, ColorPart, Filter, Matching, Part, PTModifyPart, PTSetPart, StaticAbility,
    TextPart, TypePart, generated_label,
)
from engines.board.values import map_condition_filters, map_value_filters
from engines.layers.recent import Recent
from rulesets.record import replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any, Final

_WORD: Final = re.compile(r"[A-Za-z]+")


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


def _mentions(text: str, swaps: Mapping[str, str]) -> bool:
    """A cheap test that may say yes wrongly, never no wrongly: a swapped word occurs inside ``text``."""
    low = text.lower()
    return any(old in low for old in swaps)


def swap_text(text: str, swaps: Mapping[str, str]) -> str:
    if not _mentions(text, swaps):
        return text
    new = _WORD.sub(lambda m: swap_word(m.group(0), swaps), text)
    return text if new == text else new


def swap_set(words: frozenset[str], swaps: Mapping[str, str]) -> frozenset[str]:
    if not any(_mentions(w, swaps) for w in words):
        return words
    new = frozenset(swap_text(w, swaps) for w in words)
    return words if new == words else new


def _swap_tuple(words: tuple[str, ...], swaps: Mapping[str, str]) -> tuple[str, ...]:
    new = tuple(swap_text(w, swaps) for w in words)
    return words if new == words else new


def _swap_filter(f: Filter, swaps: Mapping[str, str]) -> Filter:
    fields: dict[str, Any] = {
        name: swap_set(getattr(f, name), swaps)
        for name in ("colors", "not_colors", "subtypes", "not_subtypes", "abilities")
    }
    if all(fields[name] is getattr(f, name) for name in fields):
        return f
    return replace(f, **fields)


def _swap_value(value, swaps):
    return map_value_filters(value, lambda f: _swap_filter(f, swaps))


def _swap_condition(condition, swaps):
    return map_condition_filters(condition, lambda f: _swap_filter(f, swaps))


def _swap_part(part: Part, swaps: Mapping[str, str]) -> Part:
    if isinstance(part, TypePart) and part.characteristic == "subtypes" or isinstance(part, ColorPart):
        values = _swap_tuple(part.values, swaps)
        return part if values is part.values else replace(part, values=values)
    if isinstance(part, AbilityPart):
        add = tuple(swap_text(a, swaps) if isinstance(a, str) else swap_ability(a, swaps) for a in part.add)
        remove = _swap_tuple(part.remove, swaps)
        if remove is part.remove and all(a is b for a, b in zip(add, part.add)):
            return part
        return replace(part, add=add, remove=remove)
    if isinstance(part, (PTSetPart, PTModifyPart)):
        power, toughness = _swap_value(part.power, swaps), _swap_value(part.toughness, swaps)
        if power is part.power and toughness is part.toughness:
            return part
        return replace(part, power=power, toughness=toughness)
    if isinstance(part, TextPart):
        pairs = tuple((swap_text(a, swaps), swap_text(b, swaps)) for a, b in part.swaps)
        return part if pairs == part.swaps else TextPart(pairs)
    return part


_UNDEFINED: Final = "\x00"  # stands for a choice never made: no text holds it


def without_choices(ability: StaticAbility) -> StaticAbility:
    """The ability as a copy of its object gets it (503.6-503.7 / 706.6-706.7a): itself unless it
    has chosen words. Copy effects apply often: only an ability with a choice is hashed and cached."""
    return _without_choices(ability) if ability.chosen else ability


@lru_cache(maxsize=4096)
def _without_choices(ability: StaticAbility) -> StaticAbility:
    """The ability as a copy of its object gets it: the choices made for a permanent are not copied
    (503.6 / 706.6), so its chosen words are undefined and each part that refers to one does nothing
    (503.7 / 706.7a); if what it affects refers to one, none of it does. The ability is still there.

    Cached, so the same ability gives the same object (and plan) every time it is copied.
    """
    undefined = {word: _UNDEFINED for word in ability.chosen}
    affects = ability.affects
    if isinstance(affects, Matching) and _swap_filter(affects.filter, undefined) is not affects.filter or (
            ability.condition is not None and _swap_condition(ability.condition, undefined) is not ability.condition):
        parts: tuple[Part, ...] = ()
    else:
        parts = tuple(p for p in ability.parts if _swap_part(p, undefined) is p)
    return replace(ability, parts=parts, chosen=frozenset())


@lru_cache(maxsize=4096)
def rechosen(ability: StaticAbility, chooses: tuple[tuple[str, str], ...]) -> StaticAbility:
    """The ability as a copy that entered and made its own choices gets it (503.6 / 706.6 / 707.6): each chosen
    word ``chooses`` maps is the copy's choice instead; any other chosen word is undefined (``without_choices``)."""
    mapping = {old: new for old, new in chooses if old in ability.chosen}
    if not mapping:
        return without_choices(ability)
    left = ability.chosen.difference(mapping)  # a frozenset (minus the keys view would give a set)
    base = _without_choices(replace(ability, chosen=left)) if left else replace(ability, chosen=frozenset())
    return replace(_swap_ability(base, mapping), chosen=frozenset(mapping.values()))


# (id of an ability, swaps) -> the result: dependency trials and the trace ask the same question of the same
# ability many times.
_SWAPPED: Final = Recent(4096)


def swap_ability(ability: StaticAbility, swaps: Mapping[str, str],
                 pairs: tuple[tuple[str, str], ...] | None = None) -> StaticAbility:
    """The ability with its color and subtype words swapped; the same object if none occur, and
    the same result object each time it is asked again (so its plan is built once).

    Words chosen as its permanent entered are not its text (418.6a / 612.1-612.2): they stay,
    here and in the abilities it grants.
    """
    key = (id(ability), tuple(swaps.items()) if pairs is None else pairs)  # ``pairs``: the same swaps, as a tuple
    result = _SWAPPED.get(key, ability)
    if result is None:
        result = _swap_ability(ability, swaps)
        _SWAPPED.put(key, ability, result)
    return result


def _swap_ability(ability: StaticAbility, swaps: Mapping[str, str]) -> StaticAbility:
    if ability.chosen and not ability.chosen.isdisjoint(swaps):
        swaps = {old: new for old, new in swaps.items() if old not in ability.chosen}
        if not swaps:
            return ability
    affects = ability.affects
    if isinstance(affects, Matching):
        f = _swap_filter(affects.filter, swaps)
        if f is not affects.filter:
            affects = Matching(f)
    parts = tuple(_swap_part(p, swaps) for p in ability.parts)
    condition = ability.condition if ability.condition is None else _swap_condition(ability.condition, swaps)
    label = swap_text(ability.label, swaps) if ability.text_given else ability.label
    if affects is ability.affects and label is ability.label and condition is ability.condition and all(
            a is b for a, b in zip(parts, ability.parts)):
        return ability
    changed = replace(ability, label=label, affects=affects, parts=parts, condition=condition)
    if not ability.text_given:
        # A generated label is the body itself: regenerate it so it shows the new words.
        changed = replace(changed, label=generated_label(changed.affects, changed.parts, changed.condition))
    return changed


def words_found(o, swaps: Mapping[str, str]) -> frozenset[str]:
    """The words of ``swaps`` that a text change would find in ``o``'s text: what it would do there.

    The object's text is its subtypes, keywords and printed or copied abilities (granted
    ones are not its text: 418.6b / 612.3).
    """
    found = set()
    for old, new in swaps.items():
        one = {old: new}
        if (
            swap_set(o.subtypes, one) is not o.subtypes
            or swap_set(o.keywords, one) is not o.keywords
            or any(not s.granted and swap_ability(s.body, one) is not s.body for s in o.statics)
        ):
            found.add(old)
    return frozenset(found)

