"""The old six-layer rules: Comprehensive Rules 418.5, as edited October 2005 to October 2006.

P/T is layer 6, in five sublayers: 6a characteristic-setting abilities; 6b setting, and
modifying by resolved spells and abilities, interleaved by timestamp; 6c counters;
6d modifying by static abilities; 6e switching (418.5a, 418.5i). Abilities are gained and
lost in layer 5 together with colors. Characteristic-setting abilities apply first in layers
1-5 and take part in dependency, which may move them later (418.5d).
"""

from types import MappingProxyType

from rulesets.common import COMMON_DECISIONS, LOOP_CDA_FIRST
from rulesets.model import Ruleset, Sublayer, placement_table

RULESET = Ruleset(
    name="cr418",
    title="Six-layer rules (counters in 6c)",
    document="Magic: The Gathering Comprehensive Rules, 418.5",
    document_date="2006-10-01",
    sublayers=(
        Sublayer("1", "copy effects", "418.5a", cda_first=True),
        Sublayer("2", "control-changing effects", "418.5a", cda_first=True),
        Sublayer("3", "text-changing effects", "418.5a", cda_first=True),
        Sublayer("4", "type-, subtype- and supertype-changing effects", "418.5a", cda_first=True),
        Sublayer("5", "all other effects except P/T: colors, abilities", "418.5a", cda_first=True),
        Sublayer("6a", "P/T from characteristic-setting abilities", "418.5a"),
        Sublayer("6b", "other P/T effects: setting, and modifying by resolved spells and abilities", "418.5a"),
        Sublayer("6c", "P/T changes from counters", "418.5a"),
        Sublayer("6d", "P/T modifying by static abilities", "418.5a"),
        Sublayer("6e", "P/T switching", "418.5i"),
    ),
    placement=placement_table(
        {"copy": "1", "control": "2", "text": "3", "type": "4", "color": "5", "ability": "5",
         "pt_set": "6b", "pt_switch": "6e"},
        static={"pt_modify": "6d"},
        resolved={"pt_modify": "6b"},
        cda={"pt_set": "6a", "pt_modify": "6a"},  # the loader refuses a CDA that modifies; kept complete
    ),
    counters_sublayer="6c",
    cda_in_dependency=True,  # 418.5c has no exception for them; 418.5d says they can move later
    cda_characteristics=frozenset({"types", "subtypes", "supertypes", "colors", "pt"}),  # 405.2
    cda_term="characteristic-setting ability",
    citations=MappingProxyType({
        "layers": "418.5a",
        "cda_first": "418.5a",
        "cda": "405.2",
        "dependency": "418.5c",
        "dependency_order": "418.5d",
        "loop": "418.5d",
        "timestamp": "418.5e",
        "timestamp_static": "418.5f",
        "timestamp_resolved": "418.5g",
        "simultaneous": "418.5e",
        "lock_in": "418.5b",
        "fixed_set": "418.3b",
        "static_not_locked": "418.4a",
        "variable_once": "413.2f",
        "copy": "503.2",
        "text_change": "418.6a",
        "granted_text": "418.6b",
        "land_types": "212.6e",
        "granted_vs_defined": "407.2",
        "remove_all_instances": "407.3",
        "no_pt": "208.3",
        "card_types": "205.2a",
        "counters": "200.10",
        "switch": "418.5i",
    }),
    decisions=COMMON_DECISIONS + (LOOP_CDA_FIRST,),
    card_types=frozenset({"artifact", "creature", "enchantment", "instant", "land", "sorcery"}),  # 205.2a
    words=MappingProxyType({"the battlefield": "play", "battlefield": "play"}),
)
