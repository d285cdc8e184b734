"""The 2009 seven-layer rules: Comprehensive Rules 613, in force from October 2009.

Abilities get a layer of their own (6). P/T is layer 7: 7a characteristic-defining
abilities; 7b setting; 7c modifying, from any origin; 7d counters; 7e switching (613.3).
Characteristic-defining abilities apply first in layers 1-6 (613.2) and never take part in
dependency (613.7a(c)); only colors, subtypes and P/T can be defined by one (604.3a(1)).
"""

from types import MappingProxyType

from rulesets.common import COMMON_DECISIONS
from rulesets.model import Ruleset, Sublayer, placement_table

RULESET = Ruleset(
    name="cr613",
    title="Seven-layer rules (counters in 7d)",
    document="Magic: The Gathering Comprehensive Rules, 613",
    document_date="2009-10-01",
    sublayers=(
        Sublayer("1", "copy effects", "613.1a", cda_first=True),
        Sublayer("2", "control-changing effects", "613.1b", cda_first=True),
        Sublayer("3", "text-changing effects", "613.1c", cda_first=True),
        Sublayer("4", "type-changing effects", "613.1d", cda_first=True),
        Sublayer("5", "color-changing effects", "613.1e", cda_first=True),
        Sublayer("6", "ability-adding and ability-removing effects", "613.1f", cda_first=True),
        Sublayer("7a", "P/T from characteristic-defining abilities", "613.3a"),
        Sublayer("7b", "P/T setting", "613.3b"),
        Sublayer("7c", "P/T modifying", "613.3c"),
        Sublayer("7d", "P/T changes from counters", "613.3d"),
        Sublayer("7e", "P/T switching", "613.3e"),
    ),
    placement=placement_table(
        {"copy": "1", "control": "2", "text": "3", "type": "4", "color": "5", "ability": "6",
         "pt_set": "7b", "pt_modify": "7c", "pt_switch": "7e"},
        cda={"pt_set": "7a", "pt_modify": "7a"},  # the loader refuses a CDA that modifies; kept complete
    ),
    counters_sublayer="7d",
    cda_in_dependency=False,  # 613.7a(c)
    cda_characteristics=frozenset({"subtypes", "colors", "pt"}),  # 604.3a(1)
    cda_term="characteristic-defining ability",
    citations=MappingProxyType({
        "layers": "613.1",
        "cda_first": "613.2",
        "cda": "604.3",
        "dependency": "613.7a",
        "dependency_order": "613.7b",
        "loop": "613.7b",
        "timestamp": "613.6",
        "timestamp_static": "613.6a",
        "timestamp_resolved": "613.6b",
        "simultaneous": "613.6g",
        "lock_in": "613.5",
        "fixed_set": "611.2c",
        "static_not_locked": "611.3a",
        "variable_once": "608.2g",
        "copy": "706.2",
        "text_change": "612.1",
        "granted_text": "612.3",
        "land_types": "305.7",
        "granted_vs_defined": "112.11",
        "remove_all_instances": "112.10",
        "no_pt": "207.3",
        "card_types": "204.2a",
        "counters": "120.1a",
        "switch": "613.3e",
    }),
    decisions=COMMON_DECISIONS,
    card_types=frozenset({  # 204.2a
        "artifact", "creature", "enchantment", "instant", "land", "plane", "planeswalker", "sorcery", "tribal",
        "vanguard",
    }),
)
