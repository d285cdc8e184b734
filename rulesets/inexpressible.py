"""The differences between editions that no board in the board format can show (yet), with rule numbers.

Each entry names the edition that brought it (a change inside an edition's documents is
listed under that edition), the rules before and after as their documents number them, and
what differs and why no board shows it. ``diffcheck editions``, every changelog and the
timeline list them beside the named rule changes (``rulesets.changes``).
"""

from __future__ import annotations

from rulesets.record import record


@record
class Inexpressible:
    """A difference between an edition and the one before it that no board in the board format can show."""

    edition: str  # the edition that brought it
    old_rule: str
    new_rule: str
    summary: str  # what differs, and why a board cannot show it


NOT_EXPRESSIBLE: tuple[Inexpressible, ...] = (
    Inexpressible(
        "1999-04", "-", "418.3c, 407.2, Snow-Covered (glossary) (1999-04)",
        "A doubling or halving P/T effect that becomes +X/-X at resolution, properties that are no abilities "
        "(\"is unblockable\") and snow-covered as a status no type change touches: a board has no such effects, "
        "and writes snow as a supertype.",
    ),
    Inexpressible(
        "1999-11", "215.2, Legendary (glossary) (1999-04)",
        "212.2c, 215.2, Land Type and Legend/Legendary (glossary) (1999-11)",
        "Inside the edition: a nonbasic land's land type is its name, and a legendary permanent that becomes a "
        "creature has the creature type Legend while it is one; a board states neither (a subtype that is a "
        "name, or that depends on the object's own types).",
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
        "2003-07", "402.3, 214.9f, 215.2, 502.15k (2003-03)", "405.2, 212.6e, 215.2, 418.5e (2003-07)",
        "An ability saying its object has an ability becomes characteristic-setting (a board's cda sets types, "
        "colors and P/T only); a land changed to a basic land type keeps its supertypes and granted abilities "
        "(what a board's operation already does); Legend is no creature type of legendary permanents; "
        "permanents that phase in keep their timestamps instead of getting new ones (boards hold no phasing).",
    ),
    Inexpressible(
        "2003-07", "214.4a (2003-03)", "212.1c (2003-07)",
        "The reverse of the 2001 reading: an effect that says the object is \"still\" a type, or changes it "
        "\"in addition to its types\", now keeps every type and subtype it had, not only the one named (212.1c "
        "calls it a reversal). A board writes the operation (types add or set), not the wording, so no board "
        "depends on how the wording is read.",
    ),
    Inexpressible(
        "2003-10", "405.2 (2005-02)", "405.2 (2005-08)",
        "An ability by which an object says it has abilities is no longer characteristic-setting (a change "
        "inside the edition); a board's characteristic-setting abilities set only types, colors and P/T.",
    ),
    Inexpressible(
        "2005-10", "405.2 (2005-08)", "405.2 (2005-10)",
        "An ability an object grants to itself is no longer characteristic-setting. A board's cda is an ability "
        "printed on its own object, and an ability an object gets by abilities add is granted and never a cda, "
        "so no board tells the two rules apart.",
    ),
    Inexpressible(
        "2005-10", "503.2 (2005-08)", "503.2 (2005-10)",
        "Characteristics that a 'comes into play as' ability sets become copiable values; a board's printed "
        "characteristics already hold them. The choices made for a permanent (a board's chosen words) are "
        "copied in no edition (503.6-503.7, 706.6-706.7a).",
    ),
    Inexpressible(
        "2005-10", "418.5 (2006-10)", "418.5j (2007-02)",
        "Continuous effects on players (the rule's example is a maximum hand size) apply by timestamp once "
        "objects' characteristics are settled; no rule before placed them (a change inside the edition). Boards "
        "hold only effects on objects.",
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
        "2007-05", "418.5j (2007-02)", "418.5j-k (2007-05)",
        "Effects on the rules of the game (a maximum hand size, costs) are told apart from effects on players "
        "and apply after every other continuous effect, costs in their own order and the rest by timestamp. "
        "Boards hold only effects on objects.",
    ),
    Inexpressible(
        "2007-05", "503.8 (2008-05)", "503.8-503.8a (2008-07)",
        "A choice a copy made as it entered is no longer remembered for abilities it copies later: only the "
        "ability linked to the one that made the choice can use it (503.8a calls this a change; inside the "
        "edition). A board records a copy's own choices on its copy effect (copy: {chooses}), for the abilities "
        "that copy effect gives it, and has no later copy effect on the object that could remember them, so "
        "neither rule has anything to act on.",
    ),
    Inexpressible(
        "2009-07", "418.5e, 502.15k (2009-05)", "612.6c, 702.23d (2009-07)",
        "The exception keeping the timestamps of permanents that phase in is dropped: phasing is now a status "
        "and moves nothing out of play (702.23d), so they keep their timestamps anyway. Boards hold no phasing.",
    ),
    Inexpressible(
        "2009-07", "612.6c (2009-07)", "612.6c, 612.6e (2009-09)",
        "A face-up plane card gets a timestamp when it is turned face up (a change inside the edition); plane "
        "cards are no permanents, and a board holds none.",
    ),
    Inexpressible(
        "2009-07", "612.6 (2009-09)", "613.6f (2009-10)",
        "A face-up vanguard card gets its timestamp as the game begins (a change inside the edition); a board "
        "holds no vanguard cards.",
    ),
    Inexpressible(
        "2012-05", "611.2c (2012-10)", "611.2c (2013-02)",
        "Each part of an effect from a resolved spell or ability fixes its own set of affected objects (a "
        "change inside the edition); a board's resolved effect lists one set of objects for all its parts.",
    ),
    Inexpressible(
        "2012-05", "112.11, 613.1f (2013-11)", "112.11, 613.1f (2014-02)",
        "Effects that say an object can't have an ability take it away and keep any effect from adding it, in "
        "layer 6 (a change inside the edition); the board format has no such effects.",
    ),
    Inexpressible(
        "2012-05", "611.2 (2014-05)", "611.2e (2014-06)",
        "An effect of a resolving spell or ability saying a permanent it puts onto the battlefield \"is\" "
        "something applies as the permanent enters, not just after (a change inside the edition). That moment "
        "matters only to triggered and replacement abilities, which boards do not hold; on the battlefield the "
        "effect applies in its layer by its timestamp in every edition.",
    ),
    Inexpressible(
        "2012-05", "613.3b (2014-06)", "613.3b, 208.4 (2014-07)",
        "Effects that refer to base power and toughness apply in 7b (a change inside the edition). Such an "
        "effect sets base P/T (208.4), as cards that said \"becomes N/N\" did before, and setting effects "
        "(pt: {set}) apply in 7b in every edition since 2009, so no answer changes.",
    ),
    Inexpressible(
        "2012-05", "112.11 (2014-07)", "112.11 (2014-09)",
        "When a resolving effect would add an ability the object can't have, only that part of the effect "
        "does nothing, instead of the effect not being created (a change inside the edition); the board format "
        "has no can't-have effects.",
    ),
    Inexpressible(
        "2015-07", "711.4b (2016-01)", "711.4b (2016-04)",
        "A transformed double-faced permanent takes its mana value from its front face's mana cost, where "
        "before the back face had none, and a copy of a back face has mana value 0 (711.4b calls it a change). "
        "Boards hold no double-faced cards: every object's mana value is stated, and a copy takes the stated one.",
    ),
    Inexpressible(
        "2015-07", "208.3 (2016-08)", "208.3a (2016-09)",
        "An effect aimed at a noncreature's P/T is still created and applies if it becomes a creature (2023-04-14 "
        "names base-P/T-setting effects too); a board holds the effects that exist, so the machine applies every "
        "P/T effect to every object it affects (decision noncreature_pt) in every edition.",
    ),
    Inexpressible(
        "2018-07", "706.2 (2018-06)", "706.2c (2018-07)",
        "A static ability's copy effect fixes the values it copies when it first starts to apply, instead of "
        "following the original. A board's copy part names one object and, by 706.2b of the same document, takes "
        "its values as of the copy effect's timestamp, which for a static ability's effect is when it first "
        "applied; so 706.2c shows nothing on a board beyond 706.2b.",
    ),
    Inexpressible(
        "2020-04", "613.1a (2020-01)", "613.2a-b (2020-04)",
        "Layer 1 splits into copiable values (1a) and face-down characteristics (1b), after them. A face-down "
        "permanent already kept its face-down values under a copy effect (504.2 of 2003-07, 504.7 of 2006-05: "
        "rule change face-down-copiable), so no answer changes.",
    ),
    Inexpressible(
        "2020-04", "613.7a (2021-02-02)", "613.7a (2021-02-24)",
        "When an object with a static ability granted by a later effect gets a new timestamp, its static "
        "abilities' effects get new ones in their old order (its own, then the granted one); before, all took its "
        "new timestamp and tied. diffcheck breaks such a tie in that order in every edition (decision "
        "simultaneous_timestamps), so no answer changes.",
    ),
    Inexpressible(
        "2020-04", "208.4 (2022-02)", "208.4a-b (2022-04)",
        "Effects that check a creature's base P/T see it after characteristic-defining and setting effects, "
        "without modifying effects and counters. No value a board can write reads base P/T ({power_of} reads "
        "P/T as the effects applied so far leave it).",
    ),
    Inexpressible(
        "2020-04", "613.7k (2022-09)", "613.7k, 613.7m (2022-10)",
        "Stickers get timestamps; boards hold no stickers.",
    ),
    Inexpressible(
        "2025-07", "611.2e, 613.7 (2025-06)", "611.2e, 613.7n (2025-07)",
        "An object's own static effect and a resolving effect that sets its characteristics, stamped at the "
        "same moment (611.2e, which now also covers \"has\" and \"doesn't have\"), are ordered static first; a "
        "board refuses an effect that shares a timestamp, and gives objects before effects anyway (decision "
        "simultaneous_timestamps), so no answer changes.",
    ),
)
