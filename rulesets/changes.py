"""The named rule changes between editions of the rules on continuous effects, as data: the whole chain, 1999 to 2026.

Each ``RuleChange`` names the rules before and after (each as its own document numbers
it), says in one plain sentence what changed, and knows how to change a ruleset
accordingly. ``CHANGES`` lists them in the order they came; ``rulesets.editions`` groups
them into editions, each its predecessor plus its changes. ``derive(ruleset, changes)``
applies any subset, in that order, and gives a hybrid: bisecting two editions is trying
the hybrids of the changes between them. The differences between editions that no board in
the board format can show are listed apart (``rulesets.inexpressible``). Titles, citations
and terms differ too, but they change what a trace says, not what a board comes to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rulesets import six_layers, subtypes
from rulesets.documents import by_file_date
from rulesets.common import COMMON_DECISIONS, DEPENDENCY_TRIAL
from rulesets.model import ALL_EFFECTS, AMONG_CDAS, CDA, NO_CDA, PART_KINDS, RESOLVED, STATIC, Decision, Ruleset, Sublayer
from rulesets.record import record, replace
from rulesets.plan_edit import MODIFY, PT_KINDS, insert_after, insert_before, modify_sublayer, move, with_plan


@record
class RuleChange:
    key: str
    title: str
    old_rule: str  # as the last document without the change numbers it
    new_rule: str  # as the first document with the change numbers it
    summary: str  # one plain sentence, in our words
    apply: Callable[[Ruleset], Ruleset]


def _setting(**fields) -> Callable[[Ruleset], Ruleset]:
    """A change that only sets some of the ruleset's fields (a machine concept on or off, or its mode)."""
    return lambda r: replace(r, **fields)


def _without(r: Ruleset, *keys: str) -> tuple[Decision, ...]:
    return tuple(d for d in r.decisions if d.key not in keys)


def _replacing(r: Ruleset, decision: Decision) -> tuple[Decision, ...]:
    return _without(r, decision.key) + (decision,)


def _retitled(sublayers: Iterable[Sublayer], topic: str, title: str) -> list[Sublayer]:
    return [replace(s, title=title) if s.topic == topic else s for s in sublayers]


# ---------------------------------------------------------------- 1999-04 -> 1999-11 -> 2001-07 -> 2002-10


STAR_AS_PRINTED = Decision(
    "star_as_printed",
    "208.2, 418.5e, Power and Toughness (glossary) (2001-07 to 2003-03)",
    "A * power or toughness is the creature's initial value, counted at the stage of initial values, before "
    "counters: 208.2 treats its number as if printed on the card, and 418.5e puts printed values first; the "
    "glossary's Power and Toughness still call it a static ability applied with all other effects, after "
    "counters, but 208.2 is the rule the documents write for *. Like an \"is\" statement, it waits for no effect "
    "but a text change.",
)


def _star_as_printed(r: Ruleset) -> Ruleset:
    r = replace(r, cda_characteristics=r.cda_characteristics | {"pt"})
    initial = r.placement[("type", STATIC)]
    if not r.stages or r.placement[("pt_set", CDA)] == initial:
        return r
    r = replace(r, decisions=r.decisions + (STAR_AS_PRINTED,))
    return with_plan(r, list(r.sublayers), move(dict(r.placement), "pt_set", (CDA,), initial))


def _creature_types_proper_nouns(r: Ruleset) -> Ruleset:
    return replace(r, text_changes_creature_types=False, decisions=_without(r, "text_change_words"))


# ---------------------------------------------------------------- 2002-10 -> 2003-07 (no numbered layers yet)


def _stage_after(r: Ruleset, kinds: tuple[str, ...], origins: tuple[str, ...], after: str, new: Sublayer) -> Ruleset:
    """``kinds`` from ``origins`` move to a new stage right after stage ``after``."""
    sublayers = insert_after(list(r.sublayers), after, new)
    placement = dict(r.placement)
    for kind in kinds:
        placement = move(placement, kind, origins, new.key)
    return with_plan(r, sublayers, placement)


def _text_changing_step(r: Ruleset) -> Ruleset:
    if not r.stages or r.placement[("text", STATIC)] != r.placement[("color", STATIC)]:
        return r
    return _stage_after(r, ("text", "full_text"), (STATIC, RESOLVED, CDA), r.placement[("copy", STATIC)],
                        Sublayer("text", "text-changing effects", "418.5a", topic="stage_text"))


def _csa_step(r: Ruleset) -> Ruleset:
    r = replace(r, cda_dependency=ALL_EFFECTS, cda_characteristics=r.cda_characteristics | {"pt"},
                cda_term="characteristic-setting ability", decisions=_without(r, "is_statements", "star_as_printed"))
    if not r.stages:
        return r
    keys = [s.key for s in r.sublayers]
    before_type = keys[keys.index(r.placement[("type", STATIC)]) - 1]
    return _stage_after(r, PART_KINDS, (CDA,), before_type, Sublayer(
        "csa", "characteristic-setting abilities", "418.5a", topic="stage_csa"))


def _dependency_within_stage(r: Ruleset) -> Ruleset:
    return replace(r, dependency_across_stages=False, decisions=_without(r, "dependency_across_stages"))


# ---------------------------------------------------------------- 2003-07 -> 2003-10


def _numbered_layers(r: Ruleset) -> Ruleset:
    gone = {"type_changing_abilities", "copies_before_rules"} | {d.key for d in six_layers.DECISIONS}
    return replace(
        r, stages=False, sublayers=six_layers.SUBLAYERS, placement=six_layers.PLACEMENT,
        counters_sublayer=six_layers.COUNTERS_SUBLAYER, type_effects_whole=True,
        decisions=_without(r, *gone) + six_layers.DECISIONS,
    )


# ---------------------------------------------------------------- 2003-10 -> 2005-10


def _type_effects_split(r: Ruleset) -> Ruleset:
    return replace(
        r, type_effects_whole=False, decisions=_without(r, "type_effects_whole"),
        sublayers=tuple(_retitled(r.sublayers, "layer_type", "type-, subtype- and supertype-changing effects")),
    )


def _pt_sublayers(r: Ruleset) -> Ruleset:
    keys = [s.key for s in r.sublayers]
    setting = r.placement[("pt_set", STATIC)]
    if keys.index(r.counters_sublayer) > keys.index(setting):
        return r
    sublayers = _retitled(r.sublayers, "pt_cda", "P/T from characteristic-setting abilities")
    sublayers = [
        replace(s, title="other P/T effects: setting, and modifying by resolved spells and abilities", topic="pt_set")
        if s.key == setting else s
        for s in sublayers
    ]
    counters = next(s for s in sublayers if s.key == r.counters_sublayer)
    sublayers = [s for s in sublayers if s is not counters]
    counters = replace(counters, title="P/T changes from counters")
    sublayers = insert_after(sublayers, setting, counters)
    sublayers = insert_after(sublayers, counters.key, Sublayer(
        "static modify", "P/T modifying by static abilities", "418.5a", topic="pt_static_modify"))
    r = replace(r, decisions=_without(r, "counters_after_csa"))
    return with_plan(r, sublayers, move(dict(r.placement), "pt_modify", (STATIC,), "static modify"))


def _switch_last(r: Ruleset) -> Ruleset:
    where = r.placement[("pt_switch", STATIC)]
    if {kind for (kind, _), w in r.placement.items() if w == where} == {"pt_switch"}:
        return r
    pt = {w for (kind, _), w in r.placement.items() if kind in PT_KINDS} | {r.counters_sublayer}
    last = [s.key for s in r.sublayers if s.key in pt][-1]
    sublayers = insert_after(list(r.sublayers), last, Sublayer("switch", "P/T switching", "418.5i", topic="pt_switch"))
    return with_plan(r, sublayers, move(dict(r.placement), "pt_switch", (STATIC, RESOLVED, CDA), "switch"))


def _grant_timestamps(r: Ruleset) -> Ruleset:
    common = next(d for d in COMMON_DECISIONS if d.key == "copied_ability_timestamp")
    return replace(r, grant_timestamps=True, decisions=_replacing(r, common))


# ---------------------------------------------------------------- 2005-10 -> 2007-05


def _cda_out_of_dependency(r: Ruleset) -> Ruleset:
    # Without dependency there is no loop for a characteristic-defining ability to be in.
    return replace(r, cda_dependency=NO_CDA, decisions=_without(r, "loop_cda_first", "csa_dependency"))


def _cda_defines_fewer(r: Ruleset) -> Ruleset:
    return replace(r, cda_characteristics=frozenset({"subtypes", "colors", "pt"}))


def _cda_unconditional(r: Ruleset) -> Ruleset:
    return replace(r, cda_unconditional=True)


# ---------------------------------------------------------------- 2007-05 -> 2009-07


def _abilities_own_layer(r: Ruleset) -> Ruleset:
    colors = r.placement[("color", STATIC)]
    if r.placement[("ability", STATIC)] != colors:
        return r
    sublayers = [replace(s, title="color-changing effects", topic="layer_color") if s.key == colors else s
                 for s in r.sublayers]
    # The new layer keeps what old layer 5 did for ability changes: characteristic-defining
    # abilities first (418.5a -> 613.2), though none can add or remove abilities (405.2 / 604.3).
    sublayers = insert_after(sublayers, colors, Sublayer(
        "abilities", "ability-adding and ability-removing effects", "613.1f", cda_first=True, topic="layer_ability"))
    return with_plan(r, sublayers, move(dict(r.placement), "ability", (STATIC, RESOLVED, CDA), "abilities"))


def _resolved_modify_after_set(r: Ruleset) -> Ruleset:
    setting = r.placement[("pt_set", STATIC)]
    if r.placement[("pt_modify", RESOLVED)] != setting:
        return r
    existing = modify_sublayer(r)
    sublayers = list(r.sublayers)
    if existing is None:
        existing = MODIFY
        sublayers = insert_after(sublayers, setting, Sublayer(MODIFY, "P/T modifying", "613.3c", topic="pt_modify"))
    return with_plan(r, sublayers, move(dict(r.placement), "pt_modify", (RESOLVED,), existing))


def _static_modify_before_counters(r: Ruleset) -> Ruleset:
    keys = [s.key for s in r.sublayers]
    where = r.placement[("pt_modify", STATIC)]
    if keys.index(where) < keys.index(r.counters_sublayer):
        return r
    existing = modify_sublayer(r)
    sublayers = list(r.sublayers)
    if existing is None:
        existing = MODIFY
        sublayers = insert_before(sublayers, r.counters_sublayer, Sublayer(MODIFY, "P/T modifying", "613.3c", topic="pt_modify"))
    return with_plan(r, sublayers, move(dict(r.placement), "pt_modify", (STATIC,), existing))


# ---------------------------------------------------------------- 2009-07 -> 2011-02


def _reevaluate_loops(r: Ruleset) -> Ruleset:
    return replace(r, reevaluate_loops=True, decisions=_replacing(r, DEPENDENCY_TRIAL))


# ---------------------------------------------------------------- 2011-06 -> 2011-09


SUBTYPES_BY_TYPE = Decision(
    "subtypes_set",
    "205.1a, 205.3d, 305.7",
    "Setting subtypes replaces the object's subtypes of the same sets as the new ones (as the document lists the "
    "sets; decision unlisted_subtypes for a word it lists in none), and setting an empty list removes every "
    "subtype; setting "
    "a land's subtypes to basic land types also removes the abilities of its own rules text (printed or copied), "
    "never granted ones. A removed card type takes its set's subtypes with it until a later effect gives it back, "
    "unless another card type the object still has goes with them (205.1a). A subtype that goes with none of the "
    "object's card types when an effect would give it is not gained (205.3d), and does not come later.",
)


def _subtypes_match_types(r: Ruleset) -> Ruleset:
    return replace(r, subtypes_match_types=True, decisions=_replacing(r, SUBTYPES_BY_TYPE))


# ---------------------------------------------------------------- 2018-07 -> 2020-04


def _counters_with_modifiers(r: Ruleset) -> Ruleset:
    where = r.placement[("pt_modify", RESOLVED)]
    if where == r.counters_sublayer or r.placement[("pt_modify", STATIC)] != where:
        return r
    r = replace(r, decisions=_replacing(r, COUNTERS_TIMESTAMP))
    sublayers = [s for s in r.sublayers if s.key != r.counters_sublayer]
    sublayers = [replace(s, title="P/T modifying, by effects and counters") if s.key == where else s
                 for s in sublayers]
    return with_plan(r, sublayers, dict(r.placement), counters=where)


def _keyword_counters(r: Ruleset) -> Ruleset:
    return replace(r, keyword_counters=KEYWORD_COUNTERS, decisions=_replacing(r, COUNTERS_TIMESTAMP))


# The kinds 122.1b of 2020-04-17 names; a document that names more speaks its own list (``editions.speak``).
KEYWORD_COUNTERS = subtypes.keyword_counters(by_file_date("2020-04-17"))


COUNTERS_TIMESTAMP = Decision(
    "counters_timestamp",
    "613.4c, 613.7c",
    "Counters of a kind whose timestamp the board does not give (counter_timestamps) have their object's "
    "timestamp, as if placed as it entered; a card in a graveyard or in exile has no timestamp on a board, and "
    "its counters, which came with it into its zone, are older than every effect. (In 7c each kind of P/T "
    "counter, and in layer 6 each kind of keyword counter, applies at its timestamp among the effects there; "
    "being no effect, it never takes part in dependency, which 613.8a defines between effects.)",
)


CHANGES: tuple[RuleChange, ...] = (
    # 1999-11
    RuleChange(
        "aura-after-enchanted", "A local enchantment is timestamped after what it enchants",
        "418.5c (1999-04)", "Timestamp Order (glossary) (1999-11)",
        "When permanents come into play at once, the active player orders their timestamps, but a local "
        "enchantment must come after the permanent it enchants; before, no rule defined timestamps at all.",
        _setting(auras_after_enchanted=True),
    ),
    # 2001-07
    RuleChange(
        "star-as-printed", "A * power or toughness counts as printed, before counters",
        "Power, Toughness (glossary) (1999-11)", "208.2 (2001-07)",
        "A creature's * power or toughness is treated as if its number were printed on the card, so it is an "
        "initial value that counters then modify; before, it was a static ability applied after counters with "
        "every other effect, which overwrote them.",
        _star_as_printed,
    ),
    RuleChange(
        "creature-types-proper-nouns", "A text change cannot change a creature type",
        "415 (1999-11)", "415.4 (2001-07)",
        "A creature type becomes a proper noun that no text-changing effect can change; color words and land "
        "types still can be.",
        _creature_types_proper_nouns,
    ),
    # 2002-10
    RuleChange(
        "creature-types-changeable", "A text change can change a creature type again",
        "415.4 (2002-02)", "415.4 (2002-10)",
        "A creature-type word used as a creature type can be changed by a text-changing effect, as color words "
        "and land types can; only names stay proper nouns.",
        _setting(text_changes_creature_types=True),
    ),
    # 2003-07
    RuleChange(
        "dependency-within-stage", "Only effects of the same stage depend on each other",
        "418.5b-c (2003-03)", "418.5c(a) (2003-07)",
        "An effect no longer depends on an effect applied at a later stage: each stage applies its effects "
        "before the next begins, and dependency orders only the effects within one.",
        _dependency_within_stage,
    ),
    RuleChange(
        "text-changing-step", "Text-changing effects apply right after copy effects",
        "418.5e (2003-03)", "418.5a (2003-07)",
        "An effect that changes an object's text no longer applies among all other effects by timestamp, after "
        "type-changing abilities and counters; it applies in a stage of its own, right after copy effects.",
        _text_changing_step,
    ),
    RuleChange(
        "csa-step", "Characteristic-setting abilities apply before type-changing abilities",
        "402.3 (2003-03)", "405.2, 418.5a (2003-07)",
        "What a card says it is (its type, color, or a P/T that a * stands for) becomes a characteristic-setting "
        "ability, applied in a stage of its own before type-changing abilities and counters, and able to "
        "depend on another; before, a type or color it stated was no ability and a * P/T applied among all "
        "other effects.",
        _csa_step,
    ),
    RuleChange(
        "face-down-copiable", "A face-down permanent stays face down when it becomes a copy",
        "504.2 (2003-03)", "503.2, 504.2 (2003-07)",
        "A face-down permanent's 2/2 nameless values become its copiable values, which a copy effect on it "
        "no longer replaces: it keeps them until it turns face up (504.7 of 2006-05 says so outright, 613.2b of "
        "2020 puts them in layer 1b); before, they were only its initial values, and a copy effect applied over "
        "them made it look like what it copies.",
        _setting(face_down_copiable=True),
    ),
    # 2003-10
    RuleChange(
        "aura-order-chosen", "A local enchantment that enters with what it enchants is ordered like any object",
        "418.5c (2003-03)", "418.5e (2003-07)",
        "The exception that put a local enchantment after the permanent it enchants is gone: objects that "
        "enter at once are all put in the order the active player chooses.",
        _setting(auras_after_enchanted=False),
    ),
    RuleChange(
        "numbered-layers", "Six numbered layers replace the stages",
        "418.5a (2003-07)", "418.5a (2003-10)",
        "Effects apply in six layers (copy, control, text, type, other, P/T) instead of stages: control is "
        "settled before types, colors and abilities before any P/T change, and characteristic-setting abilities "
        "apply first within each layer, so a characteristic-setting P/T now overrides a type-changing effect's.",
        _numbered_layers,
    ),
    # 2005-10
    RuleChange(
        "type-effects-split", "A type-changing effect splits across layers like any other",
        "418.5b (2003-12)", "418.5b (2005-10)",
        "An effect that changes types no longer applies whole in layer 4: its P/T part now applies in layer 6 "
        "and its color or ability part in layer 5, with the other effects there.",
        _type_effects_split,
    ),
    RuleChange(
        "pt-sublayers", "Layer 6 gets sublayers: counters after setting, static modifiers after counters",
        "418.5a (layer 6)", "418.5a (6a-6d)",
        "Counters no longer apply right after characteristic-setting abilities but after effects that set P/T "
        "and resolved modifiers (6b, 6c), and modifiers from static abilities now apply after counters (6d).",
        _pt_sublayers,
    ),
    RuleChange(
        "switch-last", "Switching P/T applies after every other P/T effect",
        "418.5i (2005-08)", "418.5i (2005-10)",
        "A P/T switch no longer applies in timestamp order among the other P/T effects but last (6e), so a "
        "later +5/+0 adds to the unswitched power.",
        _switch_last,
    ),
    RuleChange(
        "granted-ability-timestamp", "A granted ability's effect takes the later timestamp",
        "418.5f (2005-08)", "418.5f (2005-10)",
        "The effect of a static ability an object was given, or got by copying, no longer has its object's "
        "timestamp but that or the timestamp of the effect that gave it the ability, whichever is later.",
        _grant_timestamps,
    ),
    # 2007-05
    RuleChange(
        "cda-out-of-dependency", "Characteristic-defining abilities leave dependency",
        "418.5c-d (2007-02)", "418.5c(c) (2007-05)",
        "A characteristic-defining ability can no longer depend on another effect or be depended on, so "
        "a dependency can no longer move it after other effects in its layer.",
        _cda_out_of_dependency,
    ),
    RuleChange(
        "cda-defines-fewer-characteristics", "A characteristic-defining ability defines colors, subtypes or P/T only",
        "405.2 (2007-02)", "405.2 (2007-05)",
        "An ability that sets its own object's card types or supertypes no longer counts as "
        "characteristic-defining: it applies in timestamp order and can take part in dependency.",
        _cda_defines_fewer,
    ),
    RuleChange(
        "cda-unconditional", "A conditional ability defines no characteristic",
        "405.2 (2007-02)", "405.2 (2007-05)",
        "An ability that sets its own object's colors, subtypes or P/T only while a condition holds is no "
        "longer characteristic-defining: it applies in timestamp order among the other effects of its layer, "
        "not first.",
        _cda_unconditional,
    ),
    RuleChange(
        "cda-every-zone", "Characteristic-defining abilities work in every zone",
        "208.2, 402.8a, 405.2a (2007-02)", "208.2, 402.8a, 405.2 (2007-05)",
        "A characteristic-defining ability defines its card's power and toughness in every zone, as it "
        "already did its types and colors: a Tarmogoyf in a graveyard has its number; before, a * power or "
        "toughness was 0 anywhere but in play.",
        _setting(cda_every_zone=True),
    ),
    # 2009-07: seven layers
    RuleChange(
        "abilities-own-layer", "Ability-changing effects get a layer of their own",
        "418.5a (layer 5)", "612.1f (layer 6)",
        "Effects that add or remove abilities no longer share layer 5 with color changes, ordered by "
        "timestamp and dependency; they now apply in a new layer 6, after every color change (where, as in "
        "old layer 5, characteristic-defining abilities would apply first, 612.2).",
        _abilities_own_layer,
    ),
    RuleChange(
        "resolved-modifiers-after-setting", "Resolved P/T modifiers apply after P/T setting",
        "418.5a (6b)", "612.3c (7c)",
        "A +N/+N from a resolved spell or ability no longer shares a sublayer with effects that set P/T, "
        "where the later timestamp won; it now applies after every setting effect, so it is never overwritten.",
        _resolved_modify_after_set,
    ),
    RuleChange(
        "static-modifiers-before-counters", "Static P/T modifiers apply before counters",
        "418.5a (6d)", "612.3c (7c)",
        "A +N/+N from a static ability no longer waits until after counters; it applies with the other "
        "modifying effects, before counters, which matters when an effect reads P/T.",
        _static_modify_before_counters,
    ),
    # 2011-02
    RuleChange(
        "order-reevaluated", "The order of the remaining effects is determined again after each one",
        "613.7b (2010-10)", "613.7c (2011-02)",
        "Effects in a dependency loop no longer all apply in timestamp order once the loop may go: the "
        "earliest applies, and then which of the rest depend on which is determined again.",
        _reevaluate_loops,
    ),
    RuleChange(
        "land-types-set", "Setting a land's basic land type removes its abilities even if it had that type",
        "305.7 (2010-10)", "305.7 (2011-02)",
        "A land set to basic land types it already had exactly no longer keeps its rules-text abilities: the "
        "rule now speaks of setting its subtype, not of changing it.",
        _setting(land_types_set_always=True),
    ),
    RuleChange(
        "copy-exceptions-skip-cda", "A copy exception leaves out the ability that would define that characteristic",
        "706.8 (2010-10)", "706.8d (2011-02)",
        "A copy effect that sets a characteristic as an exception (\"except it's 7/7\") no longer copies the "
        "characteristic-defining ability that defines it, so the exception's value stands (Quicksilver "
        "Gargantuan copying Tarmogoyf).",
        _setting(copy_exceptions_skip_cda=True),
    ),
    # 2011-06
    RuleChange(
        "counters-on-cards", "Counters change the power of creature cards in other zones",
        "121.1a (2011-05)", "121.1a (2011-06)",
        "A +X/+Y counter on a creature card in a graveyard or in exile now adds to its power and toughness, "
        "as it does on a creature on the battlefield, where the layers apply counters; before, only counters on "
        "permanents did. Until counters join 7c (2020) they apply after every effect that could read them.",
        _setting(card_counters=True),
    ),
    # 2011-09
    RuleChange(
        "subtypes-match-types", "An object can't gain a subtype that doesn't go with its card types",
        "204.3 (2011-07)", "205.3d (2011-09)",
        "An effect that would give an object a subtype of a set none of its card types has (an enchantment that "
        "becomes a Dragon, a noncreature copy that is also an Illusion) no longer gives it; before, any subtype "
        "could be added.",
        _subtypes_match_types,
    ),
    RuleChange(
        "color-indicators", "A color indicator is a printed color, not an ability",
        "none (2011-07-15)", "202.2e, 204 (2011-09-30)",
        "A color indicator printed left of the type line now makes the object its colors the way a mana cost "
        "does; before, the cards that had one said so in Oracle text, an ability that an effect removing "
        "abilities took away (Dryad Arbor under Blood Moon was colorless, and is green from now on).",
        _setting(color_indicators=True),
    ),
    # 2012-05
    RuleChange(
        "cdas-depend-on-each-other", "Characteristic-defining abilities may depend on each other",
        "613.7a(c) (2012-02)", "613.7a(c) (2012-05)",
        "An effect from a characteristic-defining ability can again depend on another, if that one is from a "
        "characteristic-defining ability too (a */* creature counting another */* creature's power).",
        _setting(cda_dependency=AMONG_CDAS),
    ),
    # 2015-07
    RuleChange(
        "new-timestamp-on-turning", "Turning face up and transforming give a new timestamp",
        "613.6c (2015-03)", "613.6e-f (2015-07)",
        "A permanent that turned face up or face down, or transformed, no longer keeps the timestamp it "
        "entered with: it gets a new one then, and so do the effects of its static abilities.",
        _setting(turning_timestamps=True),
    ),
    # 2016-04
    RuleChange(
        "back-face-mana-value", "A transformed permanent's mana value is its front face's",
        "711.4b (2016-01)", "711.4b (2016-04)",
        "While a double-faced permanent has its back face up, its converted mana cost is now figured from its "
        "front face's mana cost; before, the back face had no mana cost, so the permanent's was 0 (a transformed "
        "Delver of Secrets, an Insectile Aberration, had converted mana cost 0, and from now on 1).",
        _setting(back_face_mana_value=True),
    ),
    # 2017-04
    RuleChange(
        "split-cards-combined", "A split card's characteristics are its two halves combined",
        "708.5-708.6a (2017-01)", "708.4, 708.4b (2017-04)",
        "Outside the stack a split card no longer has two sets of characteristics: it has its halves' combined mana "
        "cost, and so one mana value, their sum. Before, a comparison of its mana value held if either half's did "
        "(Research // Development, 2 and 5, had mana value 2 or less); from now on it compares the sum (7).",
        _setting(split_cards_combined=True),
    ),
    # 2018-07
    RuleChange(
        "copies-keep-values", "A copy keeps what it copied when the original changes later",
        "706.2 (2018-06)", "706.2b (2018-07)",
        "A copy effect no longer waits for a later copy effect that changes its original: once an object has "
        "been copied, the copy keeps the values it took, so a Bear made a copy of Gray Ogre stays a Gray Ogre "
        "when the Ogre later becomes a copy of Hill Giant.",
        _setting(copies_keep_values=True),
    ),
    # 2020-04
    RuleChange(
        "counters-with-modifiers", "Counters apply with the modifying effects, by timestamp",
        "613.3c-d (2020-01)", "613.4c, 613.7c (2020-04)",
        "P/T counters no longer apply in a sublayer of their own after every modifying effect; they apply in "
        "7c among them, in timestamp order, and switching becomes 7d.",
        _counters_with_modifiers,
    ),
    RuleChange(
        "keyword-counters", "A keyword counter gives its keyword",
        "122.1 (2020-01)", "122.1b, 613.1f (2020-04)",
        "A flying, trample or other keyword counter on a permanent or a card in any zone now gives it that "
        "keyword, in the ability layer at the counter's timestamp; before, a counter of that name did nothing.",
        _keyword_counters,
    ),
    RuleChange(
        "apnap-timestamps", "Objects that get timestamps at once are ordered APNAP",
        "613.6j (2020-01)", "613.7k (2020-04)",
        "Objects that enter at the same time no longer take the order the active player chooses for all of "
        "them: the active player's come first, in that player's order, then each other player's in turn order.",
        _setting(apnap_timestamps=True),
    ),
    # 2021-02
    RuleChange(
        "copy-additions-copy-cda", "A copy that is a type \"in addition\" keeps the ability defining its types",
        "706.9d (2020-11)", "706.9d (2021-02-02)",
        "A copy effect whose exception makes the copy a card type, supertype or subtype in addition to the copied "
        "ones (Phantasmal Image's Illusion, Phyrexian Metamorph's artifact) now copies the characteristic-defining "
        "abilities that define types; before, such an exception modified the types, so it left them out: an "
        "Image copying an Amoeboid Changeling was only an Illusion, and from now on it has every creature type.",
        _setting(copy_additions_copy_cda=True),
    ),
    # 2024-06
    RuleChange(
        "kindred", "The tribal card type is called kindred",
        "205.2a, 308 (2024-03)", "205.2a, 308.3 (2024-06)",
        "The card type tribal is renamed kindred, and the tribal cards printed before are kindred cards by "
        "errata: an object of that type is now said to be kindred; what the type does is unchanged.",
        _setting(kindred=True),
    ),
)

BY_KEY = {c.key: c for c in CHANGES}


def derive(base: Ruleset, changes: Iterable[str | RuleChange], name: str | None = None) -> Ruleset:
    """``base`` with the given rule changes applied, in the order of ``CHANGES``."""
    wanted = {c if isinstance(c, str) else c.key for c in changes}
    unknown = wanted - set(BY_KEY)
    if unknown:
        raise KeyError(f"unknown rule changes: {', '.join(sorted(unknown))}")
    r = base
    for change in CHANGES:
        if change.key in wanted:
            r = change.apply(r)
    label = "+".join(c.key for c in CHANGES if c.key in wanted)
    return replace(r, name=name or (f"{base.name}+{label}" if label else base.name))
