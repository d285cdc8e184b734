"""Choices both built-in rulesets make where the rules text leaves a board-format case open.

Each names the rules it rests on (old number / 2009 number); traces quote the key.
"""

from rulesets.model import Decision

COMMON_DECISIONS = (
    Decision(
        "granted_earlier_layer",
        "407.2 / 112.11; 418.5f / 613.6a",
        "A granted static ability whose parts sit in a layer before the one that grants it applies there "
        "on a further pass: the layers are run again with the abilities the last pass granted present from "
        "layer 1, until the abilities granted (by an effect that applies in that pass) and still there at "
        "its end are those assumed at its start; an assumed ability nothing grants again does not count. "
        "If the passes cycle, only the abilities granted in every pass of the cycle apply backwards, when a "
        "pass assuming them grants them all again; otherwise none does, and each granted ability is there "
        "only from the layer that grants it.",
    ),
    Decision(
        "condition_each_layer",
        "418.5b / 613.5 (613.6 from 2020); 418.5c / 613.7a (613.8a from 2020)",
        "A conditional static ability (\"as long as ...\") is checked in each layer or sublayer where it has a part, "
        "on the state as the effects applied before it leave it, until its effect starts to apply; from then on "
        "it keeps applying to the same objects in later layers, as an effect whose ability is gone does. "
        "Whether it holds is its effect's existence, which another effect of the same layer can change "
        "(dependency).",
    ),
    Decision(
        "simultaneous_timestamps",
        "418.5e / 613.6g",
        "Objects that share a timestamp (they entered together) and effects that share one (the abilities of "
        "one object, or abilities that one effect grants or copies onto several objects) apply in the order "
        "the board lists their objects, each object's own abilities in their listed order, then those "
        "granted to it in the order their granting effects applied (the order 613.7a of 2021-02-24 gives an "
        "object that got a new timestamp after a later effect granted it abilities); the board's order "
        "stands for the active player's choice (from 2020, for each player's own objects, after APNAP order: "
        "613.7k). The loader refuses an effect that shares its timestamp with anything.",
    ),
    Decision(
        "resolved_values",
        "418.3c, 413.2f / 611.2d, 608.2g (608.2h from 2020-11)",
        "An amount an effect from a resolved spell or ability reads from the game (a count, a mana value, a "
        "power) is read once, as it resolved, from the board as it stood at the effect's timestamp: the objects "
        "with an earlier timestamp, the effects created before it, the cards of other zones but those that "
        "entered them later (one without a timestamp is taken to have been there), the objects it affected and "
        "what these name, through every layer under the same rules. A board that knows better (a permanent that "
        "has left the battlefield since) writes the number itself.",
    ),
    Decision(
        "subtypes_set",
        "212.1b, 212.6e / 204.1a, 305.7 (until 2011-09)",
        "Setting subtypes replaces the object's subtypes of the same sets as the new ones (land types, "
        "artifact types, enchantment types, planeswalker types, creature types... as the document lists the "
        "sets), and setting an empty list removes every subtype; setting a land's subtypes to basic land types "
        "also removes the abilities of its own rules text (printed or copied), never granted ones. A removed "
        "card type takes its set's subtypes with it until a later effect gives it back (creature types stay "
        "while the object is still tribal); adding a subtype its card types do not take is allowed, as no "
        "document forbids it until 205.3d of 2011-09-30.",
    ),
    Decision(
        "unlisted_subtypes",
        "the document's lists of subtypes (the glossary's type entries; 204.3f-k from 2009; 205.3g-q from 2011)",
        "A subtype the document does not list, in a set it lists whole or one it does not have, belongs to the "
        "set of the nearest document that lists it: the last one before, else the first one after (so Food, "
        "first listed in 2019, is an artifact type on every date, and Stone, a creature type until 2005, is a "
        "creature type until it becomes an artifact type in 2025); a word no document lists is a creature "
        "type. The card types each set goes with are those of the documents that have the set.",
    ),
    Decision(
        "color_indicator_text",
        "405.2 / 604.3 (until 2011-09)",
        "A color indicator (a board's color_indicator), which no document has a rule for until 202.2e of "
        "2011-09-30, is what the Oracle text of the cards that had one said: a characteristic-defining ability "
        "of the object's own text that sets its colors to those, so an effect that removes the abilities of its "
        "text takes it away and a text change rewrites it.",
    ),
    Decision(
        "noncreature_pt",
        "208.3 / 207.3",
        "P/T effects are applied to every object they affect, but a noncreature has no power or "
        "toughness: the outcome shows null, power/toughness filters never match it, and a value that "
        "reads its power or toughness reads 0.",
    ),
    Decision(
        "text_change_labels",
        "418.6a / 612.1",
        "A text change rewrites the color and subtype words of the affected object's type line, keywords "
        "and printed or copied static abilities (filters, values and labels); names and granted "
        "abilities are never changed.",
    ),
    Decision(
        "copied_ability_timestamp",
        "418.5f / 613.6a",
        "A static ability an object has because it copies another takes the later of the object's "
        "timestamp and the copy effect's, as an ability created by that effect.",
    ),
    Decision(
        "dependency_state",
        "418.5c / 613.7a",
        "Dependency is decided by trial against the state as it stands each time the next effect in a "
        "layer is chosen: applying A must change B now, so a chain A, B, C where B only matters to C "
        "after A has applied does not make C wait for B until A has applied. A dependency loop waits as a "
        "whole for the effects outside it that its members depend on; then all its members apply, in "
        "timestamp order, without deciding dependency again among them (418.5d / 613.7b).",
    ),
    Decision(
        "ability_instances",
        "407.3 / 112.10",
        "The outcome lists each ability once, however many instances the object has; removing an "
        "ability removes every instance.",
    ),
    Decision(
        "full_text_keeps_ability",
        "418.6 / 612 (text-changing effects); 418.5b / 613.5",
        "An object that an ability of its own gives another card's full text (Volrath's Shapeshifter) keeps "
        "that ability beside the card's text: the rules do not say whether the ability, no part of the text it "
        "gives, stays; keeping it leaves a state in which what gives the object its text is still there.",
    ),
)

# One effect spanning steps of the order: the six layers (418.5b), and before them a copy effect's
# other parts, or an effect applied early because another depended on it.
STARTED_EFFECTS = Decision(
    "started_effects",
    "418.5a, 418.5b (2003-12)",
    "An effect that has started to apply keeps applying to the same objects in later layers, even if its "
    "ability is removed meanwhile: one effect, split by layer, is still one effect (418.5b says so from "
    "October 2005).",
)


# Only where characteristic-setting abilities take part in dependency (418.5c-d, until 2009
# 613.7a(c) took them out) can one be in a dependency loop.
LOOP_CDA_FIRST = Decision(
    "loop_cda_first",
    "418.5a, 418.5d",
    "Inside a dependency loop, where the dependency rule is set aside, characteristic-setting abilities "
    "still apply first, as in every layer from 1 to 5, and the loop's other effects follow in timestamp "
    "order.",
)

# From 2011, 613.7c says the order of the remaining effects is determined again after each one,
# in a loop too; what is left open is only how dependency is found.
DEPENDENCY_TRIAL = Decision(
    "dependency_state",
    "613.7a, 613.7c",
    "Dependency is decided by trial against the state as it stands each time the next effect in a layer is "
    "chosen: applying A must change B now. A dependency loop waits as a whole for the effects outside it "
    "that its members depend on; then its earliest member applies and the order of the rest is decided again.",
)
