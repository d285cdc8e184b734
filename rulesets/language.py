"""How each document speaks: its rule numbers for every topic a trace cites, and its terms.

The rules were renumbered often (214.5, the glossary and 418.5 before layers; 418.5 until
2009; 612 in July 2009; 613 from October 2009; 613's subrules again in April 2020), and the
rules around them moved too. ``CITATIONS`` is a history: the table of the first document,
then, by the date each document took effect, the topics whose number it changed (the first
layered document, October 2003, states them all again). A document's table is every update
up to its date. Topics named ``stage_*``, ``layer_*`` and ``pt_*`` are the steps of the order
(a ``Sublayer``'s ``topic``); the others are what traces and reports cite.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from rulesets.documents import Document, as_of

_418 = {
    "layers": "418.5a", "layer_copy": "418.5a", "layer_control": "418.5a", "layer_text": "418.5a",
    "layer_type": "418.5a", "layer_other": "418.5a", "pt_layer": "418.5a", "pt_cda": "418.5a",
    "pt_counters": "418.5a", "pt_set": "418.5a", "pt_static_modify": "418.5a", "pt_switch": "418.5i",
    "cda_first": "418.5a", "cda": "405.2", "dependency": "418.5c", "dependency_order": "418.5d",
    "loop": "418.5d", "timestamp": "418.5e", "timestamp_static": "418.5f", "timestamp_resolved": "418.5g",
    "simultaneous": "418.5e", "lock_in": "decision: started_effects", "fixed_set": "418.3b",
    "static_not_locked": "418.4a", "variable_once": "418.3c", "copy": "503.2", "text_change": "418.6a",
    "granted_text": "418.6b", "land_types": "212.6e", "granted_vs_defined": "407.2",
    "remove_all_instances": "407.3", "no_pt": "decision: noncreature_pt", "card_types": "205.2a",
    "counters": "200.10", "undefined_choice": "503.7",
    "switch": "418.5i", "type_effects": "decision: type_effects_whole",
    "cda_dependency": "decision: csa_dependency",
}

# The 612 of July 2009 and the 613 of October 2009 number their subrules alike.
def _seven_layers(n: str) -> dict[str, str]:
    return {
        "layers": f"{n}.1", "layer_copy": f"{n}.1a", "layer_control": f"{n}.1b", "layer_text": f"{n}.1c",
        "layer_type": f"{n}.1d", "layer_color": f"{n}.1e", "layer_ability": f"{n}.1f", "pt_layer": f"{n}.1g",
        "pt_cda": f"{n}.3a", "pt_set": f"{n}.3b", "pt_modify": f"{n}.3c", "pt_counters": f"{n}.3d",
        "pt_switch": f"{n}.3e", "switch": f"{n}.3e", "cda_first": f"{n}.2", "lock_in": f"{n}.5",
        "timestamp_static": f"{n}.6a", "timestamp_resolved": f"{n}.6b", "timestamp": f"{n}.6c",
        "dependency": f"{n}.7a", "dependency_order": f"{n}.7b", "loop": f"{n}.7b",
    }


# Before layers. 1999: 214.5 (initial values), the glossary's Power and Toughness (counters, then
# every other effect), 418.5b-c (dependency, timestamp order); no copy rules.
_1999 = {
    "layers": "214.5", "stage_copy": "decision: copies_before_rules", "stage_type": "214.5",
    "stage_counters": "Power (glossary)", "stage_other": "418.5c", "cda_first": "402.3", "cda": "402.3",
    "dependency": "418.5b", "dependency_order": "418.5c", "loop": "418.5c", "timestamp": "418.5c",
    "timestamp_static": "418.5c", "timestamp_resolved": "418.5c", "simultaneous": "418.5c",
    "lock_in": "decision: started_effects", "fixed_set": "418.3b", "static_not_locked": "418.4a",
    "variable_once": "418.3c", "information_once": "413.2f", "copy": "decision: copies_before_rules",
    "text_change": "418.5b",
    "land_types": "214.9f", "granted_vs_defined": "402.1", "remove_all_instances": "407.3",
    "no_pt": "decision: noncreature_pt", "counters": "Power (glossary)",
    "undefined_choice": "decision: copies_before_rules", "switch": "418.5c",
    "type_effects": "decision: type_changing_abilities",
}


CITATIONS: tuple[tuple[str, Mapping[str, str]], ...] = (
    ("1999-04-23", _1999),
    # The glossary's Timestamp Order says how static and resolved effects get theirs.
    ("1999-11-01", {"timestamp_static": "Timestamp Order (glossary)", "timestamp_resolved": "Timestamp Order (glossary)",
                    "simultaneous": "Timestamp Order (glossary)", "aura_timestamp": "Timestamp Order (glossary)"}),
    # 418.5e writes the order out; 418.5c the timestamps; 503 the copy rules.
    ("2001-07-23", {
        "layers": "418.5e", "stage_copy": "418.5e", "stage_type": "418.5e", "stage_counters": "418.5e",
        "stage_other": "418.5e", "counters": "418.5e", "timestamp_static": "418.5c", "timestamp_resolved": "418.5c",
        "simultaneous": "418.5c", "copy": "503.2", "undefined_choice": "503.7", "text_change": "415.4",
    }),
    # 418.5c takes in the glossary's exception for a local enchantment.
    ("2002-10-07", {"aura_timestamp": "418.5c", "face_down": "504.2"}),
    # 418.5a (six stages), 405.2 (characteristic-setting abilities), 418.5c-g, 418.5i, 418.6.
    ("2003-07-01", {
        "layers": "418.5a", "stage_copy": "418.5a", "stage_text": "418.5a", "stage_csa": "418.5a",
        "stage_type": "418.5a", "stage_counters": "418.5a", "stage_other": "418.5a", "counters": "418.5a",
        "cda": "405.2", "cda_first": "418.5a", "dependency": "418.5c", "dependency_order": "418.5d",
        "loop": "418.5d", "timestamp": "418.5e", "timestamp_static": "418.5f", "timestamp_resolved": "418.5g",
        "simultaneous": "418.5e", "switch": "418.5i", "text_change": "418.6a", "granted_text": "418.6b",
        "land_types": "212.6e", "copy": "503.2",
    }),
    ("2003-10-01", _418),
    # 418.5b: an effect that changes types applies whole in layer 4.
    ("2003-12-01", {"type_effects": "418.5b"}),
    # 418.5b says an effect that started keeps its objects in later layers.
    ("2005-10-01", {"lock_in": "418.5b", "cda_dependency": "418.5d"}),
    ("2006-05-01", {"no_pt": "208.3", "face_down": "504.7"}),
    ("2007-10-01", {"land_types": "212.6h", "counters": "200.10a"}),
    ("2008-07-15", {"granted_vs_defined": "402.10", "remove_all_instances": "402.9"}),
    ("2009-07-11", {
        **_seven_layers("612"), "simultaneous": "612.6e", "cda": "604.3", "copy": "706.2",
        "text_change": "611.1", "granted_text": "611.3", "fixed_set": "610.2c", "static_not_locked": "610.3a",
        "variable_once": "610.2d", "information_once": "607.2g", "land_types": "305.7", "granted_vs_defined": "112.10",
        "remove_all_instances": "112.9", "no_pt": "207.3", "card_types": "204.2a", "counters": "120.1a",
        "undefined_choice": "706.7a", "face_down": "707.2",
    }),
    ("2009-09-04", {"simultaneous": "612.6f"}),
    ("2009-10-01", {
        **_seven_layers("613"), "simultaneous": "613.6g", "text_change": "612.1", "granted_text": "612.3",
        "fixed_set": "611.2c", "static_not_locked": "611.3a", "variable_once": "611.2d", "information_once": "608.2g",
        "granted_vs_defined": "112.11", "remove_all_instances": "112.10",
    }),
    ("2010-07-16", {"counters": "121.1a"}),
    ("2011-02-04", {"reevaluate": "613.7c", "copy_exception": "706.8d"}),
    ("2011-09-30", {"copy_exception": "706.9d", "no_pt": "208.3", "card_types": "205.2a", "subtype_fits": "205.3d"}),
    ("2014-02-01", {"granted_vs_defined": "112.12"}),
    ("2015-07-17", {"simultaneous": "613.6j", "timestamp_face_up": "613.6e", "timestamp_transform": "613.6f"}),
    ("2017-09-29", {"remove_all_instances": "112.10b"}),
    ("2018-07-13", {"copy_kept": "706.2b"}),
    ("2019-07-12", {"granted_vs_defined": "113.12", "remove_all_instances": "113.10b", "counters": "122.1a"}),
    ("2020-04-17", {
        "layers": "613.1", "layer_copy": "613.2a", "pt_cda": "613.4a", "pt_set": "613.4b",
        "pt_modify": "613.4c", "pt_counters": "613.4c", "pt_switch": "613.4d", "switch": "613.4d",
        "cda_first": "613.3", "lock_in": "613.6", "timestamp_static": "613.7a", "timestamp_resolved": "613.7b",
        "timestamp_counters": "613.7c", "timestamp": "613.7d", "keyword_counters": "122.1b", "timestamp_face_up": "613.7f",
        "timestamp_transform": "613.7g", "simultaneous": "613.7k", "dependency": "613.8a",
        "dependency_order": "613.8b", "loop": "613.8b", "reevaluate": "613.8c", "undefined_choice": "607.5a",
        "face_down": "613.2b",
    }),
    # 613.7a: an object's own and granted static abilities that come to share a timestamp keep their order.
    ("2020-11-20", {"information_once": "608.2h"}),
    ("2021-02-15", {"own_and_granted": "613.7a"}),
    ("2021-07-23", {"copy": "707.2", "copy_exception": "707.9d", "copy_kept": "707.2b"}),
    ("2022-10-07", {"simultaneous": "613.7m"}),
    ("2025-07-25", {"own_static_first": "613.7n"}),
)


# What each step of the layer order is called, by topic (our words for the document's).
TITLES: tuple[tuple[str, Mapping[str, str]], ...] = (
    ("1999-04-23", {
        "stage_copy": "copy effects", "stage_type": "initial values: printed, \"is\" statements, type-changing "
        "abilities (whole)", "stage_counters": "counters", "stage_other": "all other continuous effects, by "
        "dependency and timestamp",
    }),
    ("2003-07-01", {
        "stage_text": "text-changing effects", "stage_csa": "characteristic-setting abilities",
        "stage_type": "type-changing abilities (whole)",
    }),
    ("2003-10-01", {
        "layer_copy": "copy effects", "layer_control": "control-changing effects",
        "layer_text": "text-changing effects",
        "layer_type": "type-, subtype- and supertype-changing effects (whole, P/T included)",
        "layer_other": "all other effects except P/T: colors, abilities",
        "pt_cda": "P/T: characteristic-setting abilities first",
        "pt_counters": "P/T: counters, after characteristic-setting abilities",
        "pt_layer": "P/T: every other effect, switching included, in timestamp order",
    }),
    ("2005-10-01", {
        "layer_type": "type-, subtype- and supertype-changing effects",
        "pt_cda": "P/T from characteristic-setting abilities",
        "pt_set": "other P/T effects: setting, and modifying by resolved spells and abilities",
        "pt_counters": "P/T changes from counters", "pt_static_modify": "P/T modifying by static abilities",
        "pt_switch": "P/T switching",
    }),
    ("2007-05-01", {"pt_cda": "P/T from characteristic-defining abilities"}),
    ("2009-07-11", {
        "layer_type": "type-changing effects", "layer_color": "color-changing effects",
        "layer_ability": "ability-adding and ability-removing effects", "pt_set": "P/T setting",
        "pt_modify": "P/T modifying",
    }),
    ("2020-04-17", {"pt_modify": "P/T modifying, by effects and by counters"}),
)

# The card types each document lists (205.2a, 204.2a from July 2009, 205.2a from 2020); the
# board format's word for kindred (2024) is its old name, tribal.
_SIX = ("artifact", "creature", "enchantment", "instant", "land", "sorcery")
CARD_TYPES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("1999-04-23", _SIX),
    ("2007-05-01", _SIX + ("tribal",)),
    ("2007-10-01", _SIX + ("tribal", "planeswalker")),
    ("2009-09-04", _SIX + ("tribal", "planeswalker", "plane")),
    ("2009-10-01", _SIX + ("tribal", "planeswalker", "plane", "vanguard")),
    ("2010-06-18", _SIX + ("tribal", "planeswalker", "plane", "vanguard", "scheme")),
    ("2012-10-01", _SIX + ("tribal", "planeswalker", "plane", "vanguard", "scheme", "phenomenon")),
    ("2015-01-23", _SIX + ("tribal", "planeswalker", "plane", "vanguard", "scheme", "phenomenon", "conspiracy")),
    ("2021-07-23", _SIX + ("tribal", "planeswalker", "plane", "vanguard", "scheme", "phenomenon", "conspiracy",
                           "dungeon")),
    ("2023-04-14", _SIX + ("tribal", "planeswalker", "plane", "vanguard", "scheme", "phenomenon", "conspiracy",
                           "dungeon", "battle")),
)


def citations(document: Document) -> Mapping[str, str]:
    """Topic -> rule number, as ``document`` numbers it."""
    return MappingProxyType(as_of(CITATIONS, document.effective))


def titles(document: Document) -> Mapping[str, str]:
    """Topic of a step of the layer order -> what it is called under ``document``."""
    return MappingProxyType(as_of(TITLES, document.effective))


def card_types(document: Document) -> frozenset[str]:
    listed: tuple[str, ...] = ()
    for since, types in CARD_TYPES:
        if since <= document.effective:
            listed = types
    return frozenset(listed)


def words(document: Document) -> Mapping[str, str] | None:
    """Until the Magic 2010 rules (July 2009), "the battlefield" was "play"; until April 2021, a mana
    value was a converted mana cost."""
    table = {}
    if document.effective < "2009-07-11":
        table.update({"the battlefield": "play", "battlefield": "play"})
    if document.effective < "2021-04-22":
        table.update({"mana value": "converted mana cost"})
    return MappingProxyType(table) if table else None


def cda_term(document: Document) -> str:
    """Before July 2003 what a card said it was were no abilities (402.3); 405.2 called them
    characteristic-setting abilities until May 2007."""
    if document.effective < "2003-07-01":
        return "\"is\" statement"
    if document.effective < "2007-05-01":
        return "characteristic-setting ability"
    return "characteristic-defining ability"
