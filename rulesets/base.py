"""The first edition: the rules of 1999, before numbered layers (Comprehensive Rules 1999-04-23, 1999-11-01).

Every later edition is this one plus named rule changes (``rulesets.editions``). There are
no layers but a short order of stages. A characteristic starts from its *initial value*:
the printed value, or the one a type-changing ability states; such a value never overrides
another continuous effect (214.5). Counters then modify P/T, and then every other
continuous effect applies (the glossary's Power and Toughness), one effect at a time in
timestamp order, except that an effect that depends on another waits for it (418.5b-c).
Text on a card saying it "is" a type or color is no ability (402.3): it is part of what the
card is, applies first and is never removed. The 1999 documents have no rules for copying.

What the texts leave open is decided here, each decision naming the rule it rests on:
what a type-changing ability is, where an "is" statement applies, where copy effects go,
and where a dependency across stages sends the effects (``DEPENDENCY_ACROSS_STAGES``).
"""

from types import MappingProxyType

from rulesets.common import COMMON_DECISIONS, STARTED_EFFECTS
from rulesets.model import NO_CDA, Decision, Ruleset, Sublayer, placement_table

TYPE_CHANGING_ABILITIES = Decision(
    "type_changing_abilities",
    "214.4-214.5 (1999-2003)",
    "An effect that changes card types, subtypes or supertypes is a type-changing ability: it applies whole "
    "at the stage of initial values, so the P/T, colors and abilities it states are initial values too, "
    "under every other continuous effect.",
)
IS_STATEMENTS = Decision(
    "is_statements",
    "402.3, 400.1, Power (glossary) (1999-2003)",
    "Text by which a card says it is a type or color is no ability but part of the card (402.3): it applies "
    "first, with the initial values, takes part in no dependency and is never removed. A * power or toughness "
    "is the static ability the glossary's Power and Toughness call it, among all other effects, though 400.1 "
    "(1999-11 to 2003-03) counts all characteristic-setting text out of abilities without placing it.",
)
BASIC_LAND_CHANGE = Decision(
    "basic_land_change",
    "214.9e-f (1999-2003)",
    "A land whose land types an effect sets to basic land types loses the abilities of its own text, as the "
    "board's operation says; that it also becomes basic, stops being legendary and takes the basic land's name "
    "(214.9f) shows only where the board says so, since which effects change a land into a basic land and "
    "which make it only count as one (214.9g) is card wording a board does not hold.",
)
COPIES_BEFORE_RULES = Decision(
    "copies_before_rules",
    "214.5 (1999)",
    "The documents of 1999 have no rules for copying: a copy effect applies first, giving the values the "
    "object starts from, as the order of July 2001 (418.5e) then wrote.",
)
DEPENDENCY_ACROSS_STAGES = Decision(
    "dependency_across_stages",
    "418.5b-c, 214.5 (1999-2003)",
    "An effect that depends on an effect of a later stage (no rule bounds dependency by stage) has that effect "
    "applied first, at the start of its own earlier stage; the dependent effect keeps its stage, so a "
    "type-changing ability's values stay initial values (214.5) and counters still apply after them. An \"is\" "
    "statement waits so only for a text change that rewrites it.",
)
TEXT_CHANGE_WORDS = Decision(
    "text_change_words",
    "415, 418.5b (1999)",
    "The documents of 1999 say nothing of which words a text change can change: it changes every color, "
    "land type and creature type word the board names, as the rules of October 2002 (415.4) again allowed.",
)
FACE_DOWN_COPIED = Decision(
    "face_down_copied",
    "503.2, 504.2 (2002-10)",
    "A copy of a face-down permanent takes its face-down values, a nameless 2/2 creature: 503.2 copies a "
    "permanent's printed values, but 504.2 says a face-down permanent has no characteristics but those the "
    "rules list, as the copiable values of July 2003 (503.2) then said.",
)
COPIED_ABILITY_TIMESTAMP = Decision(
    "copied_ability_timestamp",
    "Timestamp Order (1999-11 glossary), 418.5c (2001)",
    "A static ability an object has because it copies another has that object's timestamp, as the effect "
    "of every static ability does.",
)

BASE = Ruleset(
    name="1999-04",
    title="Before layers: initial values, counters, then all other effects",
    document="Magic: The Gathering Comprehensive Rules, 214.5 and 418.5",
    document_date="1999-04-23",
    sublayers=(
        Sublayer("1", "copy effects", "214.5", topic="stage_copy"),
        Sublayer("2", "initial values: printed, \"is\" statements, type-changing abilities (whole)", "214.5",
                 cda_first=True, topic="stage_type"),
        Sublayer("3", "counters", "214.5", topic="stage_counters"),
        Sublayer("4", "all other continuous effects, by dependency and timestamp", "418.5c", topic="stage_other"),
    ),
    placement=placement_table(
        {"copy": "1", "type": "2", "control": "4", "text": "4", "full_text": "4", "color": "4", "ability": "4",
         "pt_set": "4", "pt_modify": "4", "pt_switch": "4"},
        cda={"color": "2"},  # 402.3: what a card says it is, with its printed values
    ),
    counters_sublayer="3",
    cda_dependency=NO_CDA,  # 402.3: no ability, so no effect to depend or be depended on
    cda_characteristics=frozenset({"types", "subtypes", "supertypes", "colors"}),  # 402.3
    cda_term="\"is\" statement",
    citations=MappingProxyType({}),  # a document's (``rulesets.language``)
    decisions=tuple(d for d in COMMON_DECISIONS if d.key != "copied_ability_timestamp") + (
        COPIED_ABILITY_TIMESTAMP, STARTED_EFFECTS, TYPE_CHANGING_ABILITIES, IS_STATEMENTS, COPIES_BEFORE_RULES,
        DEPENDENCY_ACROSS_STAGES, TEXT_CHANGE_WORDS, BASIC_LAND_CHANGE, FACE_DOWN_COPIED),
    card_types=frozenset({"artifact", "creature", "enchantment", "instant", "land", "sorcery"}),
    type_effects_whole=True,
    grant_timestamps=False,
    face_down_copiable=False,
    stages=True,
    dependency_across_stages=True,
)
