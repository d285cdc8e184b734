"""The subtypes of each set, the card types each set goes with, and the keyword counters (rulesets.subtypes).

Each test states a fact read in the document it names (rule number in the comment); documents are
named by the date they took effect.
"""

from __future__ import annotations

import re

from rulesets.documents import DOCUMENTS
from rulesets.language import card_types
from rulesets.subtypes import (
    EXHAUSTIVE, KEYWORD_COUNTERS, SET_CARD_TYPES, SETS, SUBTYPES, exhaustive_sets,
    keyword_counters, list_rule, set_card_types, set_words, subtype_sets,
)

BY_DATE = {d.effective: d for d in DOCUMENTS}
BASIC = {"plains", "island", "swamp", "mountain", "forest"}
BOARD_WORD = re.compile(r"^[a-z][a-z'-]*$")


def doc(effective: str):
    return BY_DATE[effective]


def of(effective: str, name: str) -> frozenset[str]:
    return set_words(doc(effective), name)


# ---------------------------------------------------------------- the history itself

def test_history_is_in_order_on_document_dates_and_names_known_sets():
    for history in (SUBTYPES, SET_CARD_TYPES, EXHAUSTIVE, KEYWORD_COUNTERS):
        dates = [entry[0] for entry in history]
        assert dates == sorted(dates)
        assert set(dates) <= set(BY_DATE)
    assert {name for _, name, _, _ in SUBTYPES} == set(SETS)


def test_every_word_is_a_board_word_and_in_one_set_only():
    # Building every document's table raises if a word is added to a set while in another one.
    for d in DOCUMENTS:
        table = subtype_sets(d)
        assert all(BOARD_WORD.match(w) for w in table), d
        assert set(table.values()) <= set(set_card_types(d)), d


def test_only_creature_types_are_ever_dropped_and_only_by_these_documents():
    dropped: dict[str, set[str]] = {}
    before: dict[str, str] = {}
    for d in DOCUMENTS:
        now = dict(subtype_sets(d))
        for word in set(before) - set(now):
            assert before[word] == "creature", (d, word)
            dropped.setdefault(d.effective, set()).add(word)
        before = now
    assert sorted(dropped) == [
        "2004-06-01", "2004-10-01", "2005-08-01", "2005-10-01", "2006-02-01", "2006-07-15", "2006-10-01",
        "2007-05-01", "2007-07-13", "2007-09-07", "2007-10-01", "2008-02-01", "2010-07-16", "2015-01-23",
        "2020-07-03", "2024-06-07",
    ]
    assert dropped["2004-10-01"] == {"legend"}  # glossary Creature Type: Legend is a supertype now
    assert dropped["2020-07-03"] == {"hound"}  # 205.3m: Hound became Dog
    assert dropped["2024-06-07"] == {"cephalid", "naga", "viashino"}  # 205.3m
    assert len(dropped["2007-10-01"]) == 145  # glossary Creature Type, through Lorwyn


def test_a_word_that_changed_sets_over_time():
    # Stone: a creature type in the glossary of 2003-12 until 2005-10; an artifact type from 2025-09-19 (205.3g).
    assert subtype_sets(doc("2003-12-01"))["stone"] == "creature"
    assert "stone" not in subtype_sets(doc("2005-10-01"))
    assert subtype_sets(doc("2025-09-19"))["stone"] == "artifact"
    # Spacecraft: an artifact type from 2025-07-25 (205.3g) and a planar type (205.3n); planes are left out.
    assert subtype_sets(doc("2025-07-25"))["spacecraft"] == "artifact"


# ---------------------------------------------------------------- lands

def test_every_basic_land_type_is_a_land_type_in_every_document():
    # 214.9d (1999), 212.6d (2003-07), 212.6g (2007-10), 204.3h (2009-07), 205.3i (2011-09 to today).
    for d in DOCUMENTS:
        assert BASIC <= set_words(d, "land"), d


def test_gate_is_a_land_type_from_2012_10_01():
    assert "gate" not in subtype_sets(doc("2012-07-01"))  # 205.3i
    assert subtype_sets(doc("2012-10-01"))["gate"] == "land"  # 205.3i


def test_land_types_of_2004_and_2026():
    # Glossary, Land Type (through Champions of Kamigawa), 2004-10-01.
    assert of("2004-10-01", "land") == BASIC | {"desert", "lair", "locus", "mine", "power-plant", "tower", "urza's"}
    # 205.3i, 2026-01-16: and Gate, Sphere, Cave, Town, Planet since.
    assert of("2026-01-16", "land") == of("2004-10-01", "land") | {"gate", "sphere", "cave", "town", "planet"}


def test_before_2004_the_basic_land_types_are_named_and_the_list_is_open():
    # 212.2c (1999-11-01 to 2003-03-15): a land's type is its name; 212.6c (2003-07): no list.
    for day in ("1999-04-23", "2001-07-23", "2003-07-01", "2004-06-01"):
        assert of(day, "land") == BASIC
        assert "land" not in exhaustive_sets(doc(day))
        assert list_rule(doc(day), "land") is None
    assert "land" in exhaustive_sets(doc("2004-10-01"))  # 212.1e: the glossary's complete lists


# ---------------------------------------------------------------- artifacts and enchantments

def test_artifact_types():
    assert "artifact" not in set_card_types(doc("2003-07-01"))  # 205.3d: artifacts have no subtypes
    assert of("2003-10-01", "artifact") == {"equipment"}  # 205.3b, 212.2g: named, not listed
    assert "artifact" not in exhaustive_sets(doc("2003-10-01"))
    assert of("2007-05-01", "artifact") == {"contraption", "equipment", "fortification"}  # glossary, Artifact Type
    assert "clue" not in subtype_sets(doc("2016-01-16"))
    assert subtype_sets(doc("2016-04-08"))["clue"] == "artifact"  # 205.3g
    assert subtype_sets(doc("2016-09-30"))["vehicle"] == "artifact"  # 205.3g
    assert "treasure" not in subtype_sets(doc("2017-08-25"))
    assert subtype_sets(doc("2017-09-29"))["treasure"] == "artifact"  # 205.3g
    assert subtype_sets(doc("2019-10-04"))["food"] == "artifact"  # 205.3g
    # 205.3g, 2026-01-16: the whole list.
    assert of("2026-01-16", "artifact") == {
        "attraction", "blood", "bobblehead", "clue", "contraption", "equipment", "food", "fortification", "gold",
        "incubator", "infinity", "junk", "lander", "map", "powerstone", "spacecraft", "stone", "treasure", "vehicle",
    }


def test_enchantment_types():
    # 212.2b (1999-11), 205.3c (2003-07): "enchant ..." phrases, no board word; the board list is empty and complete.
    assert of("2003-10-01", "enchantment") == set()
    assert "enchantment" in exhaustive_sets(doc("1999-04-23"))
    assert of("2004-10-01", "enchantment") == {"shrine"}  # glossary, Enchantment Type
    assert of("2005-08-01", "enchantment") == {"aura", "shrine"}  # glossary, Enchantment Type (Ninth Edition)
    assert "curse" not in subtype_sets(doc("2011-07-15"))  # 204.3g
    assert subtype_sets(doc("2011-09-30"))["curse"] == "enchantment"  # 205.3h
    assert "saga" not in subtype_sets(doc("2018-01-19"))
    assert subtype_sets(doc("2018-04-27"))["saga"] == "enchantment"  # 205.3h
    assert "room" not in subtype_sets(doc("2024-07-30"))  # CR-2024-08-02
    assert subtype_sets(doc("2024-11-08"))["room"] == "enchantment"  # 205.3h
    # 205.3h, 2026-01-16.
    assert of("2026-01-16", "enchantment") == {
        "aura", "background", "cartouche", "case", "class", "curse", "role", "room", "rune", "saga", "shard", "shrine",
    }


# ---------------------------------------------------------------- spells, planeswalkers, battles

def test_spell_types_as_each_document_lists_them():
    assert "spell" not in set_card_types(doc("2004-06-01"))  # 205.3d: instants and sorceries have no subtypes
    assert of("2004-10-01", "spell") == {"arcane"}  # glossary, Instant Type and Sorcery Type
    assert set_card_types(doc("2004-10-01"))["spell"] == {"instant", "sorcery"}  # 205.3d
    assert of("2009-07-11", "spell") == {"arcane"}  # 204.3j
    assert of("2009-10-01", "spell") == {"arcane", "trap"}  # 204.3j
    assert of("2019-10-04", "spell") == {"adventure", "arcane", "trap"}  # 205.3k
    assert of("2021-04-22", "spell") == {"adventure", "arcane", "lesson", "trap"}  # 205.3k
    assert of("2026-01-16", "spell") == {"adventure", "arcane", "lesson", "omen", "trap"}  # 205.3k


def test_planeswalker_types():
    assert "planeswalker" not in set_card_types(doc("2007-09-07"))  # no planeswalkers yet
    assert of("2007-10-01", "planeswalker") == {"ajani", "chandra", "garruk", "jace", "liliana"}  # glossary
    assert "planeswalker" in exhaustive_sets(doc("2007-10-01"))  # 205.3d, 212.9c
    assert len(of("2026-01-16", "planeswalker")) == 79  # 205.3j
    # Urza the planeswalker type (205.3j, from 2022-11-18) and Urza's the land type (205.3i) are two words.
    table = subtype_sets(doc("2026-01-16"))
    assert (table["urza"], table["urza's"]) == ("planeswalker", "land")


def test_siege_is_the_battle_type_from_2023_04_14():
    assert "battle" in card_types(doc("2023-04-14"))  # 205.2a
    assert "battle" not in card_types(doc("2022-11-18"))  # 205.2a
    assert "battle" not in set_card_types(doc("2022-11-18"))
    assert of("2023-04-14", "battle") == {"siege"}  # 205.3q
    assert set_card_types(doc("2023-04-14"))["battle"] == {"battle"}
    assert "battle" in exhaustive_sets(doc("2023-04-14"))
    assert list_rule(doc("2026-01-16"), "battle") == "205.3q"


# ---------------------------------------------------------------- creatures

def test_creature_types_named_before_the_first_list():
    # 212.2, 214.7a-b, 215.2, 216.1 and the glossary's Wall (1999-04-23); 214.7a: any noun will do.
    assert of("1999-04-23", "creature") == {"goblin", "legend", "merfolk", "minotaur", "ogre", "wall", "wizard"}
    assert "creature" not in exhaustive_sets(doc("2003-10-01"))
    assert list_rule(doc("2003-10-01"), "creature") is None


def test_the_creature_type_list_is_complete_from_2003_12_01():
    # 212.1e: the glossary's Creature Type entry holds the complete list (through Mirrodin).
    assert "creature" in exhaustive_sets(doc("2003-12-01"))
    assert len(of("2003-12-01", "creature")) == 378
    assert of("1999-11-01", "creature") <= of("2003-12-01", "creature")
    assert list_rule(doc("2003-12-01"), "creature") == "Creature Type (glossary)"


def test_creature_type_counts_and_rules():
    assert len(of("2009-07-11", "creature")) == 217  # 204.3k
    assert list_rule(doc("2009-07-11"), "creature") == "204.3k"
    # 205.3m, 2026-01-16: 314 one-word types; the two-word Time Lord is left out.
    assert len(of("2026-01-16", "creature")) == 314
    assert list_rule(doc("2026-01-16"), "creature") == "205.3m"
    assert not any(" " in w or w in {"time", "lord"} for w in subtype_sets(doc("2026-01-16")))


def test_legend_is_a_creature_type_until_the_legendary_supertype():
    assert subtype_sets(doc("2004-06-01"))["legend"] == "creature"  # 215.2; glossary, Creature Type
    assert "legend" not in subtype_sets(doc("2004-10-01"))  # glossary, Creature Type (Champions of Kamigawa)


def test_dryad_arbor_types():
    # 205.3e (2007-05-01): Forest is a land type, Dryad a creature type.
    table = subtype_sets(doc("2007-05-01"))
    assert (table["forest"], table["dryad"]) == ("land", "creature")


# ---------------------------------------------------------------- sets and card types

def test_which_card_types_each_set_goes_with():
    # 212.2 (1999): creature, enchantment and land subtypes only.
    assert dict(set_card_types(doc("1999-04-23"))) == {
        "creature": {"creature"}, "enchantment": {"enchantment"}, "land": {"land"},
    }
    assert set_card_types(doc("2003-10-01"))["artifact"] == {"artifact"}  # 205.3b, 205.3e
    assert set_card_types(doc("2007-02-01"))["creature"] == {"creature"}
    assert set_card_types(doc("2007-05-01"))["creature"] == {"creature", "tribal"}  # 205.3d
    assert set_card_types(doc("2007-10-01"))["planeswalker"] == {"planeswalker"}  # 205.3d
    assert set(set_card_types(doc("2026-01-16"))) == set(SETS)  # 205.3g-q


def test_the_card_types_of_each_set_are_the_documents_own():
    for d in DOCUMENTS:
        sets = set_card_types(d)
        assert set().union(*sets.values()) <= card_types(d), d
        assert exhaustive_sets(d) <= set(sets), d


def test_every_set_is_complete_in_the_newest_document():
    assert exhaustive_sets(DOCUMENTS[-1]) == set(SETS)


# ---------------------------------------------------------------- kindred, keyword counters

def test_kindred_is_named_from_2024_06_07():
    # 205.2a: the card type is tribal until 2024-03-08, kindred from 2024-06-07: the rule change and
    # its edition start there. The board word stays tribal, so the set's card types do not change.
    from rulesets.editions import BY_NAME
    from rulesets.changes import BY_KEY

    kindred = BY_NAME["2024-06"]
    assert kindred.since == "2024-06-07" and kindred.since in BY_DATE and BY_KEY["kindred"] in kindred.rule_changes
    assert set_card_types(doc(kindred.since))["creature"] == {"creature", "tribal"}


def test_no_keyword_counters_before_2020_04_17():
    for d in DOCUMENTS:
        if d.effective < "2020-04-17":
            assert keyword_counters(d) == frozenset(), d


def test_keyword_counters_by_document():
    first = {"flying", "first strike", "double strike", "deathtouch", "haste", "hexproof", "indestructible",
             "lifelink", "menace", "reach", "trample", "vigilance"}
    assert keyword_counters(doc("2020-04-17")) == first  # 122.1b
    assert keyword_counters(doc("2023-04-14")) == first  # 122.1b
    assert keyword_counters(doc("2023-10-13")) == first | {"shadow"}  # 122.1b
    assert keyword_counters(doc("2024-06-07")) == first | {"shadow", "exalted"}  # 122.1b
    assert keyword_counters(doc("2026-01-16")) == first | {"shadow", "exalted", "decayed"}  # 122.1b (2025-04-04)
    assert all(re.match(r"^[a-z]+( [a-z]+)*$", k) for k in keyword_counters(doc("2026-01-16")))


def test_keyword_counters_only_grow():
    for a, b in zip(DOCUMENTS, DOCUMENTS[1:]):
        assert keyword_counters(a) <= keyword_counters(b), b


def test_the_machines_index_answers_as_the_documents_sets():
    # The compiled machine reads each document's sets through engines.layers.subtype_index.SubtypeIndex, its own
    # copy of them: every word of every document, a word no document lists (a creature type), and every creature
    # type as one word, in every set and with every set's card types, answer as rulesets.model.SubtypeSets does.
    from engines.layers.subtype_index import LEGACY_INDEX, SubtypeIndex
    from rulesets.model import EVERY_CREATURE_TYPE, LEGACY_SUBTYPES
    from rulesets.subtypes import sets_read

    kept = {id(LEGACY_SUBTYPES): LEGACY_SUBTYPES} | {id(s): s for s in map(sets_read, DOCUMENTS)}
    for sets in kept.values():
        index = LEGACY_INDEX if sets is LEGACY_SUBTYPES else SubtypeIndex(sets)
        words = frozenset(sets.sets) | {"no-such-word", EVERY_CREATURE_TYPE}
        assert all(index.of(w) == sets.of(w) for w in words)
        for name in set(sets.sets.values()) | {"creature"}:
            assert index.in_set(words, name) == sets.in_set(words, name) and index.in_set(words, name)
        assert index.creature_types(frozenset({"elf", "no-such-word"})) and not index.creature_types(words)
        assert index.creature_types(frozenset({"elf"})) == sets.creature_types(frozenset({"elf"}))
        for types in map(frozenset, ({"creature"}, {"land"}, {"artifact", "creature"}, {"instant"}, set())):
            assert all(index.fits(w, types) == sets.fits(w, types) for w in words)
        assert {t: set(names) for t, names in index.sets_of_type.items()} == {
            t: {name for name, types in sets.card_types.items() if t in types}
            for t in set().union(*sets.card_types.values())}
