"""The differences between editions that no board in the board format can show (yet), with rule numbers.

Each entry names the edition that brought it (a change inside an edition's documents is
listed under that edition), the rules before and after as their documents number them, and
what differs and why no board shows it. ``diffcheck editions``, every changelog and the
timeline list them beside the named rule changes (``rulesets.changes``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Inexpressible:
    """A difference between an edition and the one before it that no board in the board format can show."""

    edition: str  # the edition that brought it
    old_rule: str
    new_rule: str
    summary: str  # what differs, and why a board cannot show it


NOT_EXPRESSIBLE: tuple[Inexpressible, ...] = (
    Inexpressible(
        "1999-04", "Legendary (glossary, 1999-04)", "212.2c, 215.2, Land Type (glossary) (1999-11)",
        "Inside the edition: a nonbasic land's land type is its name, and a legendary permanent that becomes a "
        "creature has the creature type Legend while it is one; a board states neither (a subtype that is a "
        "name, or that depends on the object's own types).",
    ),
    Inexpressible(
        "1999-04", "-", "418.3c, 407.2, Snow-Covered (glossary) (1999)",
        "A doubling or halving P/T effect that becomes +X/-X at resolution, properties that are no abilities "
        "(\"is unblockable\") and snow-covered as a status no type change touches: a board has no such effects, "
        "and writes snow as a supertype.",
    ),
    Inexpressible(
        "2001-07", "214.5 (1999-11)", "418.5e, 503 (2001-07)",
        "418.5e writes out the order of stages and 503 brings rules for copying; diffcheck applied copy effects "
        "first in 1999 already (decision copies_before_rules), so no answer changes.",
    ),
    Inexpressible(
        "2001-07", "214.4, 214.9f (1999-11)", "214.4a-b, 214.9d-f, 502.14 (2001-07)",
        "What a wording means: \"still a land\" keeps only the type named, a land changed into a basic land "
        "becomes basic and takes its name, snow-covered becomes an ability. A board states its operations (add or "
        "set types, its supertypes, its name) rather than wordings (decision basic_land_change).",
    ),
    Inexpressible(
        "2003-07", "402.3, 214.9f, 215.2 (2003-03)", "405.2, 212.6e, 215.2, 418.5e (2003-07)",
        "An ability saying its object has an ability becomes characteristic-setting (a board's cda sets types, "
        "colors and P/T only); a land changed to a basic land type keeps its supertypes and granted abilities "
        "(what a board's operation already does); Legend is no creature type of legendary permanents; "
        "permanents that phase in keep their timestamps (boards hold no phasing).",
    ),
    Inexpressible(
        "2003-10", "405.2 (2005-02)", "405.2 (2005-08)",
        "An ability by which an object says it has abilities, or that it gives itself, is no longer "
        "characteristic-setting (a change inside the edition); a board's characteristic-setting abilities set "
        "only types, colors and P/T.",
    ),
    Inexpressible(
        "2005-10", "503.2 (2005-08)", "503.2 (2005-10)",
        "Characteristics that a 'comes into play as' ability sets become copiable values; a board's printed "
        "characteristics already hold them. The choices made for a permanent (a board's chosen words) are "
        "copied in no edition (503.6-503.7, 706.6-706.7a).",
    ),
    Inexpressible(
        "2007-05", "402.8a, 405.2a (2007-02)", "405.2 (2007-05)",
        "Characteristic-defining abilities work in every zone; before, only those that set types, subtypes, "
        "supertypes or colors did, and a * power or toughness was 0 out of play. A board's cards in graveyards and "
        "exile have no abilities.",
    ),
    Inexpressible(
        "2007-05", "405.2 (2007-02)", "405.2 (2007-05)",
        "An ability that sets a characteristic only under a condition is not characteristic-defining; a "
        "board's abilities have no conditions.",
    ),
    Inexpressible(
        "2007-05", "212.1b (2007-02)", "212.1b (2007-05)",
        "The subtypes of a removed card type that are also subtypes of a kept one stay (creature types on a "
        "tribal object); before, no tribal or planeswalker card type existed, so no board true to those "
        "documents can show the difference (the machine applies the later rule to every edition).",
    ),
    Inexpressible(
        "2007-05", "418.5e (2007-02)", "418.5e (2007-05)",
        "A Fortification gets a new timestamp when it becomes attached, as Auras and Equipment do; a board "
        "states timestamps rather than attachment events.",
    ),
    Inexpressible(
        "2009-07", "418.5e (2009-05)", "612.6c (2009-07)",
        "Face-up plane and vanguard cards have timestamps; neither is a permanent a board can hold.",
    ),
    Inexpressible(
        "2009-07", "418.5j-k (2009-05)", "612.9-612.10 (2009-07)",
        "The order of continuous effects on players and on game rules; boards hold only effects on objects.",
    ),
    Inexpressible(
        "2012-05", "611.2c (2012-10)", "611.2c (2013-02)",
        "Each part of an effect from a resolved spell or ability fixes its own set of affected objects (a "
        "change inside the edition); a board's resolved effect lists one set of objects for all its parts.",
    ),
    Inexpressible(
        "2012-05", "613.3b (2014-05)", "613.3b (2014-07)",
        "Effects that refer to base power and toughness apply in 7b (a change inside the edition). Such an "
        "effect sets base P/T (208.4), as cards that said \"becomes N/N\" did before, and setting effects "
        "(pt: {set}) apply in 7b in every edition since 2009, so no answer changes.",
    ),
    Inexpressible(
        "2012-05", "112.11 (2014-07)", "112.12 (2014-09)",
        "Effects that say an object can't have an ability (from 2014-02 in layer 6), and what happens when an "
        "effect would add one (changes inside the edition); the board format has no such effects.",
    ),
    Inexpressible(
        "2020-04", "613.1a (2020-01)", "613.2a-b (2020-04)",
        "Layer 1 splits into copiable values (1a) and face-down characteristics (1b); boards hold no face-down "
        "permanents.",
    ),
    Inexpressible(
        "2020-04", "706.9d (2021-02-02)", "706.9d (2021-02-24)",
        "A copy exception that adds a type keeps the type-defining characteristic-defining abilities (a "
        "board's copy exceptions replace values rather than add types); and an object that gets a new "
        "timestamp after a later effect granted it static abilities keeps their effects after its own "
        "(613.7a; changes inside the edition), the order diffcheck gives every edition's tie at one "
        "timestamp (decision simultaneous_timestamps), so no answer changes.",
    ),
    Inexpressible(
        "2020-04", "613.7k (2022-09)", "613.7k, 613.7m (2022-10)",
        "Stickers get timestamps; boards hold no stickers.",
    ),
    Inexpressible(
        "2020-04", "208.3 (2022-11)", "208.3a (2023-04)",
        "An effect aimed at a noncreature's P/T is still created and applies if it becomes a creature; a board "
        "holds the effects that exist, so the machine applies every P/T effect to every object it affects "
        "(decision noncreature_pt) in every edition.",
    ),
    Inexpressible(
        "2025-07", "613.7 (2025-06)", "613.7n (2025-07)",
        "An object's own static effect and a resolving effect that sets its characteristics, stamped at the "
        "same moment, are ordered static first; a board refuses an effect that shares a timestamp, and gives "
        "objects before effects anyway (decision simultaneous_timestamps), so no answer changes.",
    ),
)
