"""What a rules version is, as data: its layers, where each effect part goes, and its policies.

A ruleset knows nothing of engines. The layer machine in ``engines`` reads one of
these and does what it says; a new rules version is a new ``Ruleset`` value, not a
new code path.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from rulesets.record import record

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Final

# Where an effect comes from; the layer a part goes to can depend on it (418.5a 6b/6d).
CDA: Final = "cda"  # a characteristic-defining (old: characteristic-setting) ability
STATIC: Final = "static"  # any other static ability
RESOLVED: Final = "resolved"  # a resolved spell or ability
ORIGINS = (CDA, STATIC, RESOLVED)

# Who of the characteristic-defining abilities takes part in dependency (Ruleset.cda_dependency).
ALL_EFFECTS: Final = "all"
NO_CDA: Final = "none"
AMONG_CDAS: Final = "among"
CDA_DEPENDENCY = (ALL_EFFECTS, NO_CDA, AMONG_CDAS)

# The kinds of effect part, as ``engines.board`` names them, plus the counters step.
# "full_text" is having a card's full text (Volrath's Shapeshifter): a text-changing effect, placed with "text".
PART_KINDS = ("copy", "control", "text", "full_text", "type", "color", "ability", "pt_set", "pt_modify", "pt_switch")
COUNTERS: Final = "counters"

# The one subtype word that stands for every creature type (changeling: 702.73a from Lorwyn's rules; "is every
# creature type", "gains all creature types"). It has spaces, so no board's word is it; it is in the creature set.
EVERY_CREATURE_TYPE: Final = "every creature type"


@record
class SubtypeSets:
    """Which set each subtype belongs to, as a document lists them (the glossary's "... Type" entries until
    2009, 204.3f-k from 2009, 205.3g-q from 2011), and which card types each set goes with (205.3d: creature
    types with creature and tribal, spell types with instant and sorcery...). A word no document lists is a
    creature type, the one open class every document has (``rulesets.subtypes``)."""

    sets: Mapping[str, str]  # word -> set
    card_types: Mapping[str, frozenset[str]]  # set -> the card types whose subtypes it holds
    # The words the document lists in no set, read as the nearest document that lists them (decision
    # unlisted_subtypes) because the set they fall in is one it lists whole, or one it doesn't have.
    unlisted: frozenset[str] = frozenset()
    # Whether the document lists every creature type (from 2003-12), so that a word no document lists is a
    # creature type only by decision unlisted_subtypes.
    creature_list_complete: bool = False

    def of(self, word: str) -> str:
        return self.sets.get(word, "creature")

    def creature_types(self, words: frozenset[str]) -> bool:
        """Whether every one of ``words`` is a creature type: what an object with every creature type has."""
        return all(self.of(w) == "creature" for w in words)

    def in_set(self, words: frozenset[str], name: str) -> frozenset[str]:
        """Those of ``words`` that belong to set ``name`` (an object's land types, its creature types...)."""
        return frozenset(w for w in words if self.of(w) == name)

    def fits(self, word: str, types: frozenset[str]) -> bool:
        """Whether ``word`` is a subtype of one of ``types`` (205.3d from 2011-09: only such a one can be gained)."""
        return not self.card_types.get(self.of(word), frozenset()).isdisjoint(types)

    def by_decision(self, word: str) -> bool:
        """Whether the document reads ``word``'s set only through decision unlisted_subtypes."""
        return word in self.unlisted or (
            self.creature_list_complete and word not in self.sets and word != EVERY_CREATURE_TYPE)


# The sets of a ruleset no document speaks (``rulesets.editions.behaviour``): the words of the 1999-2009
# glossaries and 204.3f-h of 2009, with every set's card types as today. Every edition a user picks speaks
# its document's own (``rulesets.subtypes.sets_read``).
LEGACY_SUBTYPES = SubtypeSets(
    MappingProxyType(
        {w: "land" for w in ("plains", "island", "swamp", "mountain", "forest", "desert", "lair", "locus", "mine",
                             "power-plant", "tower", "urza's")}
        | {w: "artifact" for w in ("contraption", "equipment", "fortification")}
        | {w: "enchantment" for w in ("aura", "shrine")}
    ),
    MappingProxyType({
        "land": frozenset({"land"}), "artifact": frozenset({"artifact"}), "enchantment": frozenset({"enchantment"}),
        "creature": frozenset({"creature", "tribal"}), "planeswalker": frozenset({"planeswalker"}),
        "spell": frozenset({"instant", "sorcery"}), "battle": frozenset({"battle"}),
    }),
)


@record
class Sublayer:
    """One step of the layer order: a layer, or a sublayer of the P/T layer."""

    key: str  # "1" .. "7e"; what traces and reports print
    title: str
    rule: str  # the rule that defines this step
    cda_first: bool = False  # characteristic-defining abilities apply before other effects here
    # What this step is, in words no renumbering changes ("layer_copy", "pt_set"...): a document's
    # citations give its rule number (``rulesets.language``).
    topic: str = ""


@record
class Decision:
    """A case the rules text leaves open, and what this ruleset does there."""

    key: str
    rule: str  # the rule the choice rests on
    choice: str  # one plain sentence


@record
class Ruleset:
    """A rules version: the layer plan, the placement of each kind of part, and policies."""

    name: str
    title: str
    document: str  # which Comprehensive Rules document
    document_date: str  # ISO date the document took effect
    sublayers: tuple[Sublayer, ...]
    # (part kind, origin) -> sublayer key. Complete: every kind for every origin it can have.
    placement: Mapping[tuple[str, str], str]
    counters_sublayer: str
    # Which effects from characteristic-defining abilities take part in dependency: ALL_EFFECTS
    # (418.5c until 2007: like any other), NO_CDA (418.5c(c) 2007, 613.7a(c) 2009: none), or
    # AMONG_CDAS (613.7a(c) from 2012: one may depend on another, never on another kind of effect).
    cda_dependency: str
    # Which part kinds a `cda: true` ability really defines (old 405.2 vs 2009 604.3a(1));
    # a part of any other kind in such an ability is an ordinary static effect.
    cda_characteristics: frozenset[str]
    cda_term: str  # what this document calls a `cda: true` ability (405.2 / 604.3)
    citations: Mapping[str, str]  # topic -> rule number, for traces and reports
    decisions: tuple[Decision, ...] = ()
    words: Mapping[str, str] | None = None  # 2009 term -> this document's term
    # The card types this document knows (empty: not stated); a board using another is warned about.
    card_types: frozenset[str] = frozenset()
    # The subtypes of each set, as this document lists them (``rulesets.subtypes``).
    subtypes: SubtypeSets = LEGACY_SUBTYPES
    # 205.3d (2011-09): an object can't gain a subtype that doesn't go with one of its card types; before,
    # an effect could give any subtype (decision subtypes_set).
    subtypes_match_types: bool = False
    # 405.2 (2007-05) / 604.3a(5): an ability that defines a characteristic only while a condition holds is
    # no characteristic-defining ability; before, a `cda: true` ability with a condition still was one.
    cda_unconditional: bool = False
    # 405.2 (2007-05) / 604.3: a characteristic-defining ability works in every zone; before, only one that
    # defines no P/T did (405.2a; 402.3), and a * P/T was 0 out of play (208.2).
    cda_every_zone: bool = False
    # 205.2a (2024-06): the card type the board calls tribal is kindred, and answers name it so.
    kindred: bool = False
    # 202.2e, 204 (2011-09): a color indicator is a printed characteristic; before, Oracle text (a
    # characteristic-defining ability) said what it says (decision color_indicator_text).
    color_indicators: bool = False
    edition: str = ""  # the key of the edition it belongs to (``rulesets.editions``); "" if none
    # What an answer under it must say besides (a date in a gap of the archive: ``rulesets.documents``).
    caveat: str = ""
    # Machine concepts that only some editions use; the defaults are those of cr418 and cr613.
    # 418.5b (2003-12): an effect that changes types applies all its parts in the type layer.
    type_effects_whole: bool = False
    # 418.5f (2005-10) / 613.6a: a static ability's effect takes the later of its object's timestamp
    # and the one of the effect that gave it the ability; before, its object's timestamp.
    grant_timestamps: bool = True
    # 613.7c (2011-02): after each effect applies, the order of the rest is determined again, inside
    # a dependency loop too; before, a loop that is free to go applies whole (decision dependency_state).
    reevaluate_loops: bool = False
    # 305.7 (2011-02): setting a land's subtypes to basic land types removes its rules-text abilities
    # even when it already had exactly those types; before (212.6e / 305.7 "changes"), only a change does.
    land_types_set_always: bool = False
    # 613.6e-f (2015-07): turning face up or face down, and transforming, give a permanent a new timestamp.
    turning_timestamps: bool = False
    # 613.7k (2020-04): objects that get a timestamp at once are ordered APNAP, the active player's
    # first; before, the active player ordered them all (the board's order, decision simultaneous_timestamps).
    apnap_timestamps: bool = False
    # The glossary's Timestamp Order (1999-11) and 418.5c (2001) to 2003-03: a local enchantment that
    # enters together with what it enchants is timestamped after it, whatever the active player chooses.
    auras_after_enchanted: bool = False
    # 504.2 (2003-07): a face-down permanent's characteristics are its copiable values, so a copy effect on it
    # changes nothing while it is face down (504.7 of 2006-05 says so outright; 613.2b of 2020-04 puts them in
    # layer 1b, after copy effects); before (504.2 of 2002-10), they are its initial values, which one replaces.
    face_down_copiable: bool = True
    # 706.8d (2011-02): a copy effect that sets a characteristic as an exception does not copy the
    # characteristic-defining ability that would define it; before, it copied it, and it applied.
    copy_exceptions_skip_cda: bool = False
    # 706.9d (2021-02-02): an exception that makes the copy a card type, supertype or subtype "in addition to its
    # other types" copies the characteristic-defining abilities that define them; before, as any exception
    # that modified a characteristic, it left them out (706.8d of 2011-02).
    copy_additions_copy_cda: bool = False
    # 711.4b (2016-04-08): a transformed permanent's mana value is its front face's; before, its back face had no
    # mana cost, so 0. A board gives the front face's as its mana value.
    back_face_mana_value: bool = False
    # 708.4 (2017-04-28): a split card's characteristics outside the stack are its halves' combined, its mana value
    # the combined mana cost's; before, it had two sets of characteristics, and a comparison of its mana value held
    # if either half's did (708.6a). Amounts read the sum either way (708.5a).
    split_cards_combined: bool = False
    # 121.1a (2011-06): +X/+Y counters change the P/T of a creature card in a graveyard or in exile
    # too; before (200.10 / 120.1a / 121.1a "on a permanent"), only a permanent's.
    card_counters: bool = False
    # 706.2b (2018-07, later 707.2b): once an object has been copied, a later change to the original's
    # copiable values does not change the copy; before, a copy effect depended on a later copy effect
    # that changed its original (418.5c / 613.7a), and took the new values.
    copies_keep_values: bool = False
    # 122.1b (2020-04): a counter of one of these kinds gives its object the keyword it names, in the ability
    # layer at the counter's timestamp (613.1f, 613.7c); the list is each document's. Empty: a counter of
    # such a name is just a counter.
    keyword_counters: frozenset[str] = frozenset()
    # Before October 2003 the order is a short list of stages, not numbered layers (214.5 and the
    # glossary's Power in 1999, 418.5e in 2001, 418.5a in July 2003): traces say "stage".
    # 415.4 (2001-07 to 2002-02): a creature type is a proper noun no text change can change; before (no
    # rule) and from 2002-10, a text change changes creature-type words used as creature types.
    text_changes_creature_types: bool = True
    stages: bool = False
    # 418.5c (1999-2003-03): dependency is not limited to effects applied at the same stage; an effect
    # that depends on one placed in a later stage has that one applied first, in its own stage
    # (decision dependency_across_stages). From July 2003 (418.5c(a)) only effects of one step depend.
    dependency_across_stages: bool = False

    @property
    def cda_in_dependency(self) -> bool:
        """Whether any characteristic-defining ability can take part in dependency."""
        return self.cda_dependency != NO_CDA

    def sublayer(self, key: str) -> Sublayer:
        for s in self.sublayers:
            if s.key == key:
                return s
        raise KeyError(key)

    @property
    def step_word(self) -> str:
        """What one step of the order is called: a layer, or before October 2003 a stage."""
        return "stage" if self.stages else "layer"

    def cite(self, topic: str) -> str:
        return self.citations[topic]

    def say(self, text: str) -> str:
        """Speak this document's words ("in play" for the old "battlefield")."""
        for new, old in (self.words or {}).items():
            text = text.replace(new, old)
        return text

    def __post_init__(self) -> None:
        keys = {s.key for s in self.sublayers}
        missing = [(k, o) for k in PART_KINDS for o in (STATIC, RESOLVED) if (k, o) not in self.placement]
        if missing:
            raise ValueError(f"ruleset {self.name}: no sublayer for {missing}")
        unknown = {v for v in self.placement.values() if v not in keys} | (
            {self.counters_sublayer} - keys
        )
        if unknown:
            raise ValueError(f"ruleset {self.name}: placement names unknown sublayers {sorted(unknown)}")
        if self.cda_dependency not in CDA_DEPENDENCY:
            raise ValueError(f"ruleset {self.name}: cda_dependency must be one of {CDA_DEPENDENCY}")


def placement_table(
    common: Mapping[str, str],
    *,
    cda: Mapping[str, str],
    static: Mapping[str, str] | None = None,
    resolved: Mapping[str, str] | None = None,
) -> Mapping[tuple[str, str], str]:
    """Spell out (kind, origin) -> sublayer from the kinds that go to one place for every origin."""
    table: dict[tuple[str, str], str] = {}
    for origin, overrides in ((STATIC, static or {}), (RESOLVED, resolved or {}), (CDA, cda)):
        for kind in PART_KINDS:
            where = overrides.get(kind, common.get(kind))
            if where is not None:
                table[(kind, origin)] = where
    return MappingProxyType(table)
