"""The six numbered layers of Comprehensive Rules 418.5, October 2003: the plan of rule change numbered-layers.

The editions before it ordered effects in a few unnumbered stages (``rulesets.base``); the
change ``numbered-layers`` (``rulesets.changes``) puts this plan in their place. Layers:
1 copy, 2 control, 3 text, 4 type, 5 every other effect but P/T (colors and abilities
together), 6 P/T (418.5a). Characteristic-setting abilities (405.2) apply first in every
layer, and take part in dependency like any effect (418.5c-d). An effect that changes
types applies whole in layer 4, its P/T included (418.5b of December 2003; the example of
418.5a in October 2003 already applies it so). A static ability's effect has its object's
timestamp (418.5f). Layer 6 names no sublayers: characteristic-setting abilities first,
counters after them (418.5a), then every other P/T effect in timestamp order, switching
included (418.5i: +0/+1, switch, +5/+0 makes a 1/3 a 9/1).
"""


from rulesets.common import LOOP_CDA_FIRST, STARTED_EFFECTS
from rulesets.model import Decision, Sublayer, placement_table

COUNTERS_AFTER_CSA = Decision(
    "counters_after_csa",
    "418.5a (2003-10)",
    "In layer 6 counters apply right after characteristic-setting abilities and before every other P/T "
    "effect: the text orders only those two, and the order of July 2003 it replaced put counters "
    "before all other effects.",
)
CSA_DEPENDENCY = Decision(
    "csa_dependency",
    "418.5a, 418.5c-d (2003-10)",
    "A characteristic-setting ability takes part in dependency like any other effect, so depending on "
    "another effect can move it later in its layer (418.5d says so from October 2005).",
)
TYPE_EFFECTS_WHOLE = Decision(
    "type_effects_whole",
    "418.5a (2003-10)",
    "The document of October 2003 does not say how an effect spanning layers applies; as its example and "
    "the 418.5b of December 2003 do, an effect that changes types applies whole in layer 4 and any other "
    "applies each part in its own layer.",
)

COPIED_ABILITY_TIMESTAMP = Decision(
    "copied_ability_timestamp",
    "418.5f (2003-10)",
    "A static ability an object has because it copies another has that object's timestamp, as the effect "
    "of every static ability does.",
)

SUBLAYERS = (
    Sublayer("1", "copy effects", "418.5a", cda_first=True, topic="layer_copy"),
    Sublayer("2", "control-changing effects", "418.5a", cda_first=True, topic="layer_control"),
    Sublayer("3", "text-changing effects", "418.5a", cda_first=True, topic="layer_text"),
    Sublayer("4", "type-, subtype- and supertype-changing effects (whole, P/T included)", "418.5a",
             cda_first=True, topic="layer_type"),
    Sublayer("5", "all other effects except P/T: colors, abilities", "418.5a", cda_first=True,
             topic="layer_other"),
    Sublayer("6 csa", "P/T: characteristic-setting abilities first", "418.5a", topic="pt_cda"),
    Sublayer("6 counters", "P/T: counters, after characteristic-setting abilities", "418.5a",
             topic="pt_counters"),
    Sublayer("6", "P/T: every other effect, switching included, in timestamp order", "418.5a",
             topic="pt_layer"),
)
PLACEMENT = placement_table(
    {"copy": "1", "control": "2", "text": "3", "full_text": "3", "type": "4", "color": "5", "ability": "5",
     "pt_set": "6", "pt_modify": "6", "pt_switch": "6"},
    cda={"pt_set": "6 csa", "pt_modify": "6 csa"},  # the loader refuses a CDA that modifies; kept complete
)
COUNTERS_SUBLAYER = "6 counters"
# The decisions the six layers bring; those of the stages before them go (``rulesets.base``).
DECISIONS = (COPIED_ABILITY_TIMESTAMP, LOOP_CDA_FIRST, COUNTERS_AFTER_CSA, STARTED_EFFECTS, CSA_DEPENDENCY,
             TYPE_EFFECTS_WHOLE)
