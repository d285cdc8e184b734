"""What an effect reads from the state: whom a filter matches, and what a value comes to."""

from __future__ import annotations

from collections.abc import Iterable

from engines.board.board import BASIC_LAND_TYPES, EVERY_CREATURE_TYPE, Card, Count, Filter, PTOf
from engines.layers.state import Halves, Obj, card_halves
from engines.layers.subtype_index import LEGACY_INDEX, SubtypeIndex

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Final


def matches(f: Filter, o: Obj, you: str | None, source_id: str | None, sets: SubtypeIndex = LEGACY_INDEX) -> bool:
    """Whether object ``o`` (a permanent, a card object, or a card's view) passes filter ``f``, for an effect
    controlled by ``you``; ``sets`` says which words are creature types, which an object with every creature type
    has."""
    # ``len(s)``, not ``s``, asks whether a set is empty: compiled, a set's length is a field read, its truth a
    # generic call, and this is the machine's most frequent question.
    if len(f.types) and not f.types <= o.types:
        return False
    if len(f.subtypes) and not f.subtypes <= o.subtypes and not (
            EVERY_CREATURE_TYPE in o.subtypes and sets.creature_types(f.subtypes - o.subtypes)):
        return False
    if len(f.supertypes) and not f.supertypes <= o.supertypes:
        return False
    if len(f.colors) and not f.colors <= o.colors:
        return False
    if len(f.not_types) and not f.not_types.isdisjoint(o.types):
        return False
    if len(f.not_subtypes) and (not f.not_subtypes.isdisjoint(o.subtypes) or (
            EVERY_CREATURE_TYPE in o.subtypes and any(sets.of(w) == "creature" for w in f.not_subtypes))):
        return False
    if len(f.not_supertypes) and not f.not_supertypes.isdisjoint(o.supertypes):
        return False
    if len(f.not_colors) and not f.not_colors.isdisjoint(o.colors):
        return False
    if len(f.abilities) and not f.abilities <= o.ability_words:
        return False
    if f.controller is not None and not _controller_matches(f.controller, o.controller, you):
        return False
    if f.other and o.id == source_id:
        return False
    if f.rare and not _rare_matches(f, o, you):
        return False
    if f.power_at_least is not None or f.power_at_most is not None or f.toughness_at_least is not None \
            or f.toughness_at_most is not None:
        return _pt_matches(f, o)
    return True


def _controller_matches(wanted: str, controller: str, you: str | None) -> bool:
    if wanted == "you":
        return controller == you
    if wanted == "opponent":
        return controller != you
    return controller == wanted


def _rare_matches(f: Filter, o: Obj, you: str | None) -> bool:
    # No effect changes an owner (old 200.1a; 2009 108.3); name and mana value
    # are copiable values (old 503.2; 2009 706.2), so a copy effect changes what these keys see.
    if f.owner is not None and not _controller_matches(f.owner, o.owner, you):
        return False
    halves = o.halves
    if halves is not None:
        return _split_matches(f, o, halves) and _rare_rest(f, o)
    if f.name is not None and o.name != f.name:  # one name each; an unnamed card matches none (201.2a)
        return False
    if f.mana_value_at_least is not None and o.mana_value < f.mana_value_at_least:
        return False
    if f.mana_value_at_most is not None and o.mana_value > f.mana_value_at_most:
        return False
    return _rare_rest(f, o)


def _split_matches(f: Filter, o: Obj, halves: Halves) -> bool:
    """A split card has each of its names (708.7 / 709.4a). Until 2017-04-28 each comparison of its mana value
    is made half by half and holds if either half's does, each bound on its own (708.6a, 708.6c); from then it
    reads the combined mana value (708.4b)."""
    if f.name is not None and f.name != o.name and f.name not in halves.names:
        return False
    values = halves.mana_values or (o.mana_value,)
    if f.mana_value_at_least is not None and all(v < f.mana_value_at_least for v in values):
        return False
    if f.mana_value_at_most is not None and all(v > f.mana_value_at_most for v in values):
        return False
    return True


def _rare_rest(f: Filter, o: Obj) -> bool:
    # An object has abilities if it has a keyword or a static ability, functioning or not (``ability_words``), or a
    # basic land type: it has that type's mana ability (old 214.9e / 212.6d; 2009 305.6).
    if f.no_abilities and (o.has_ability_words or not o.subtypes.isdisjoint(BASIC_LAND_TYPES)):
        return False
    if (o.status & f.status_mask) != f.status_wanted:  # tapped, paired, face down, token, was cast, transformed
        return False
    if f.attached is not None and (o.attached_to is not None) != f.attached:
        return False
    return True


def _pt_matches(f: Filter, o: Obj) -> bool:
    # A noncreature has no power or toughness (208.3 / 207.3), so no P/T bound holds for it.
    if "creature" not in o.types:
        return False
    power = o.power or 0
    toughness = o.toughness or 0
    if f.power_at_least is not None and power < f.power_at_least:
        return False
    if f.power_at_most is not None and power > f.power_at_most:
        return False
    if f.toughness_at_least is not None and toughness < f.toughness_at_least:
        return False
    if f.toughness_at_most is not None and toughness > f.toughness_at_most:
        return False
    return True


_NO_WORDS: Final[frozenset[str]] = frozenset()

# A card view's id: no object's (a filter's "other" never excludes it; a count's "sharing" always counts it).
NO_ID: Final = ""


class CardView(Obj):
    """A card in a graveyard or in exile seen through the same eyes as an object (an ``Obj``, so that a filter
    reads one as it reads a permanent): its controller is its owner, its P/T counts its counters where the
    edition says so (121.1a, 2011-06), and it has no id, no timestamp and no static abilities that function."""

    __slots__ = ("activated",)

    def __init__(self, card: Card, owner: str, zone: str, with_counters: bool,
                 keywords: frozenset[str] = frozenset(), each_half: bool = False) -> None:
        power, toughness = card.pt(with_counters)
        # A color indicator's colors, in every zone: printed from 2011-09-30 (202.2e), before what the card's
        # Oracle text said it is (decision color_indicator_text), which no effect reaches where cards are views.
        colors = frozenset(card.colors) | frozenset(card.color_indicator)
        # Cards outside the battlefield are listed without abilities, but a keyword counter gives its
        # keyword to a card in any zone (122.1b, from 2020): its keywords are all its ability words.
        words = frozenset([kind for kind, n in card.counters if n and kind in keywords])
        super().__init__(NO_ID, card.name, owner, owner, frozenset(card.types), frozenset(card.subtypes),
                         frozenset(card.supertypes), colors, words, (), power, toughness, card.mana_value,
                         card.mana_cost, 0, None, 0, _NO_WORDS, None, 0, zone, (), card_halves(card, each_half))
        # What an effect that gains activated abilities reads.
        self.activated = frozenset(card.activated) if card.activated else _NO_WORDS


def card_views(zones, zone: str, with_counters: bool, keywords: frozenset[str] = frozenset(),
               each_half: bool = False) -> tuple[CardView, ...]:
    """Views of every card of ``zones`` (a board's ``graveyards`` or ``exile``, which ``zone`` names);
    ``keywords``: the kinds of keyword counter the edition knows; ``each_half``: whether a split card's mana
    value is compared half by half (708.6a, until 2017-04-28)."""
    return tuple(CardView(card, owner, zone, with_counters, keywords, each_half)
                 for owner, cards in zones for card in cards)


def count(value: Count, objects: Iterable[Obj], you: str | None, source_id: str | None, sets: SubtypeIndex) -> int:
    """How many of ``objects`` (the permanents, or the cards of the count's zone) match the count's filter now."""
    f = value.filter
    return sum(1 for o in objects if matches(f, o, you, source_id, sets))


def count_sharing(value: Count, objects: Iterable[Obj], it: Obj, you: str | None, source_id: str | None,
                  sets: SubtypeIndex) -> int:
    """How many of ``objects`` other than ``it`` match the count's filter and share a creature type (or a color)
    with ``it``, as the layers so far leave them: Coat of Arms's count for one creature."""
    f = value.filter
    if value.sharing == "color":
        mine = it.colors
        return sum(1 for o in objects if o.id != it.id and not mine.isdisjoint(o.colors)
                   and matches(f, o, you, source_id, sets))
    mine = sets.in_set(it.subtypes, "creature")
    return sum(1 for o in objects if o.id != it.id and _share_creature_type(mine, sets.in_set(o.subtypes, "creature"))
               and matches(f, o, you, source_id, sets))


def _share_creature_type(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether two objects' creature types meet; every creature type (changeling, 702.73a) meets any other."""
    if not a or not b:
        return False
    return EVERY_CREATURE_TYPE in a or EVERY_CREATURE_TYPE in b or not a.isdisjoint(b)


def read_pt(o: Obj, value: PTOf) -> int:
    """A permanent's power or toughness as a value reads it: a noncreature has none, so 0 (208.3 / 207.3)."""
    if "creature" not in o.types:
        return 0
    return (o.power if value.characteristic == "power" else o.toughness) or 0
