"""The reader's templates, sentence by sentence: what each kind of Oracle sentence becomes in the board vocabulary.

The sentences are real cards' Oracle text, held here as card data of the reader's fixtures. Each expected reading is
the catalogue's own encoding of what the rules make of the sentence, derived in the comment beside it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from diffcheck.cardpool.oracle import NOT_LAYER, NOT_UNDERSTOOD, READ, read_card
from diffcheck.cardpool.sources import Face, PoolCard
from diffcheck.cli import app


def card(name: str, text: str, types: tuple[str, ...] = ("creature",)) -> PoolCard:
    return PoolCard(name, "normal", (Face(name, types=types, text=text),), 0)


def one_static(name: str, text: str, types: tuple[str, ...] = ("creature",)) -> dict:
    (body,) = read_card(card(name, text, types)).static
    return {k: v for k, v in body.items() if k != "text"}


def test_a_spell_is_read_as_the_effect_it_creates_as_it_resolves():
    # Titanic Growth: one target; +4/+4 is a P/T change of layer 7c (613.4c), for as long as the turn lasts.
    growth = read_card(card("Titanic Growth", "Target creature gets +4/+4 until end of turn.", ("instant",)))
    assert growth.status == READ and growth.spell == {"targets": 1, "effect": {"pt": {"modify": [4, 4]}}}
    # Threaten: "untap" is no layer effect; control of the target (layer 2, 613.1b) and haste (layer 6, 613.1f), both
    # on the creature its first sentence targets ("that creature").
    threaten = read_card(card("Threaten", "Untap target creature and gain control of it until end of turn. That "
                                          "creature gains haste until end of turn.", ("sorcery",)))
    assert threaten.spell == {"targets": 1, "effect": {"control": "you", "abilities": {"add": ["haste"]}}}
    # Rally the Peasants: no target; a board lists the creatures it affected as it resolved (611.2c).
    rally = read_card(card("Rally the Peasants", "Creatures you control get +2/+0 until end of turn.\n"
                                                 "Flashback {2}{R}", ("instant",)))
    assert rally.spell == {"effect": {"pt": {"modify": [2, 0]}}} and rally.keywords == ("flashback",)
    # Swords to Plowshares: exile and life: nothing for a board to hold.
    assert read_card(card("Swords to Plowshares", "Exile target creature. Its controller gains life equal to its "
                                                  "power.", ("instant",))).status == "no layer text"


def test_a_triggered_ability_is_read_as_the_effect_it_creates_as_it_resolves():
    # Soltari Trooper: "it" is the Trooper itself (targets: self).
    trooper = read_card(card("Soltari Trooper", "Shadow\nWhenever Soltari Trooper attacks, it gets +1/+1 until end "
                                                "of turn."))
    assert trooper.keywords == ("shadow",)
    assert [{k: v for k, v in t.items() if k != "about"} for t in trooper.triggered] == [
        {"ability": "attack", "targets": "self", "effect": {"pt": {"modify": [1, 1]}}}]
    # Craterhoof Behemoth: "where X is the number of creatures you control" is the amount of both +X's, counted as
    # the ability resolves (608.2h); trample is layer 6, the P/T change 7c.
    hoof = read_card(card("Craterhoof Behemoth", "Haste\nWhen Craterhoof Behemoth enters the battlefield, creatures "
                                                 "you control gain trample and get +X/+X until end of turn, where X "
                                                 "is the number of creatures you control."))
    count = {"count": {"types": ["creature"], "controller": "you"}}
    assert hoof.triggered[0]["effect"] == {"abilities": {"add": ["trample"]}, "pt": {"modify": [count, count]}}
    assert "targets" not in hoof.triggered[0]


@pytest.mark.parametrize("keyword, targets, pt", [
    ("Prowess", "self", [1, 1]),  # 702.108a: the creature itself gets +1/+1
    ("Exalted", None, [1, 1]),  # 702.83a: the creature that attacks alone, which a board names
    ("Battle cry", None, [1, 0]),  # 702.91a: each other attacking creature
])
def test_a_keyword_that_is_a_triggered_ability_is_read_as_one(keyword, targets, pt):
    (ability,) = read_card(card("A Creature", keyword)).triggered
    assert ability.get("targets") == targets and ability["effect"] == {"pt": {"modify": pt}}


def test_a_choice_made_as_a_permanent_enters_is_read_with_what_reads_it():
    # Engineered Plague: the creature type chosen as it entered (614.12) is $type in its static ability.
    plague = read_card(card("Engineered Plague", "As Engineered Plague enters the battlefield, choose a creature "
                                                 "type.\nAll creatures of the chosen type get -1/-1.",
                            ("enchantment",)))
    assert plague.choices == {"type": {"kind": "creature_type"}}
    assert {k: v for k, v in plague.static[0].items() if k != "text"} == {
        "affects": {"filter": {"types": ["creature"], "subtypes": ["$type"]}}, "pt": {"modify": [-1, -1]}}
    # Cavern of Souls chooses a type for its mana, which no layer reads: no choice for a board to make.
    cavern = read_card(card("Cavern of Souls", "As Cavern of Souls enters the battlefield, choose a creature type.\n"
                                               "{T}: Add {C}.", ("land",)))
    assert cavern.choices is None


def test_a_clone_is_read_as_its_choice_and_its_copy_effect():
    # Clone: it may enter as a copy of a creature (706.2 of 2009, 707.2 today); the choice is optional, the copy
    # effect a static ability of layer 1.
    clone = read_card(card("Clone", "You may have Clone enter the battlefield as a copy of any creature on the "
                                    "battlefield."))
    assert clone.choices == {"copy": {"kind": "object", "optional": True, "among": ["creature"]}}
    assert clone.static[0]["copy"] == "$copy"
    # Copy Artifact's exception adds a card type to the copiable values (706.9b of 2009, 707.9b today).
    copy = read_card(card("Copy Artifact", "You may have Copy Artifact enter the battlefield as a copy of any artifact "
                                           "on the battlefield, except it's an enchantment in addition to its other "
                                           "types.", ("enchantment",)))
    assert copy.static[0]["copy"] == {"of": "$copy", "except": {"add_types": ["enchantment"]}}


def test_conditions_are_read_apart_from_the_sentence_they_govern():
    # Threshold is an ability word (207.2c): no rules meaning; the condition is seven or more cards in its
    # controller's graveyard.
    assert one_static("Anurid Barkripper", "Threshold — Anurid Barkripper gets +2/+2 as long as seven or more cards "
                                           "are in your graveyard.") == {
        "pt": {"modify": [2, 2]},
        "condition": {"value": {"count": {"controller": "you"}, "zone": "graveyard"}, "at_least": 7}}
    # Shield of the Oversoul's "As long as ..., it gets": "it" is what the condition names, the enchanted creature.
    assert one_static("Shield of the Oversoul", "As long as enchanted creature is white, it gets +1/+1 and has "
                                                "flying.", ("enchantment",)) == {
        "affects": "attached", "pt": {"modify": [1, 1]}, "abilities": {"add": ["flying"]},
        "condition": {"attached_is": {"colors": ["white"]}}}
    # Metalcraft: three or more artifacts its controller controls.
    assert one_static("Auriok Sunchaser", "Metalcraft — As long as you control three or more artifacts, Auriok "
                                          "Sunchaser gets +2/+2 and has flying.")["condition"] == {
        "value": {"count": {"types": ["artifact"], "controller": "you"}}, "at_least": 3}


def test_becoming_a_creature_replaces_types_unless_the_text_keeps_them():
    # Opal Avenger "becomes a 3/5 Soldier creature": a new card type and subtype replace the old (205.1a).
    (avenger,) = read_card(card("Opal Avenger", "When you have 10 or less life, if Opal Avenger is an enchantment, "
                                                "Opal Avenger becomes a 3/5 Soldier creature.",
                                ("enchantment",))).triggered
    assert avenger["effect"] == {"types": {"set": ["creature"]}, "subtypes": {"set": ["soldier"]},
                                 "pt": {"set": [3, 5]}}
    # Mutavault "... It's still a land": it keeps its types (205.1b), gains creature and every creature type
    # (205.3m), and a base P/T of 2/2 (layer 7b).
    (mutavault,) = read_card(card("Mutavault", "{T}: Add {C}.\n{1}: Mutavault becomes a 2/2 creature with all "
                                               "creature types until end of turn. It's still a land.",
                                  ("land",))).activated
    assert mutavault["effect"] == {"types": {"add": ["creature"]}, "pt": {"set": [2, 2]}, "creature_types": "all"}
    assert mutavault["targets"] == "self"


@pytest.mark.parametrize("text", [
    "When Kitchen Finks enters the battlefield, you gain 2 life.",
    "Creatures with power greater than the number of cards in your hand can't attack.",
    "Abyssal Persecutor can't be countered. You can't win the game and your opponents can't lose the game.",
    "Destroy target creature if it has mana value 2 or less.",
])
def test_sentences_that_only_name_a_characteristic_are_no_layer_abilities(text):
    # Life gained, a power compared, a game not lost, a mana value compared: no characteristic changes (613.1).
    assert [line.kind for line in read_card(card("A Card", text)).lines] == [NOT_LAYER]


def test_a_sentence_the_templates_cannot_read_stays_not_understood():
    # Kaldra Compleat grants keywords and a quoted triggered ability in one list: no template reads the mix.
    kaldra = read_card(card("Kaldra Compleat", "Equipped creature gets +5/+5 and has first strike, trample, "
                                               "indestructible, haste, and \"Whenever this creature deals combat "
                                               "damage to a creature, exile that creature.\"", ("artifact",)))
    assert [line.kind for line in kaldra.lines] == [NOT_UNDERSTOOD]


def test_an_imported_spell_is_cast_on_a_board(tmp_path, monkeypatch):
    from diffcheck.boards.loading import board_from_data
    from diffcheck.boards.notation import board_from_cards
    from diffcheck.cardpool.importing import import_pool
    from diffcheck.catalogue.index import forget_imported
    from engines import get_engine

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    import_pool(Path(__file__).parent / "fixtures" / "AtomicCards-sample.json")
    forget_imported()
    # Titanic Growth, read from its text, cast on Grizzly Bears: 2/2 + 4/4 = 6/6 (layer 7c, 613.4c).
    board = board_from_data(board_from_cards("Grizzly Bears, Titanic Growth>grizzly-bears"), "--cards")
    bears = get_engine("current").evaluate(board)["objects"]["grizzly-bears"]
    assert (bears["power"], bears["toughness"]) == (6, 6)
    shown = CliRunner().invoke(app, ["cards", "Titanic Growth"])
    assert "imported, not checked: its Oracle text read in full" in shown.output
    forget_imported()


def test_an_ability_granted_in_quotes_is_named_by_what_it_does_unless_it_acts_in_the_layers():
    # Zombie Master's lords grant regeneration: an ability word of the words of its effect, its cost left out
    # (613.1f: an ability-adding effect).
    assert one_static("Zombie Master", "Other Zombies have \"{B}: Regenerate this creature.\"") == {
        "affects": {"filter": {"other": True, "subtypes": ["zombie"]}},
        "abilities": {"add": ["regenerate this creature"]}}
    # Centaur Chieftain's threshold grants a triggered ability that itself gives +1/+1 and trample: no ability word
    # can hold that, so the sentence is not understood.
    chieftain = read_card(card("Centaur Chieftain", "Haste\nThreshold — As long as seven or more cards are in your "
                                                    "graveyard, Centaur Chieftain has \"When Centaur Chieftain enters "
                                                    "the battlefield, creatures you control get +1/+1 and gain "
                                                    "trample until end of turn.\""))
    assert [line.kind for line in chieftain.lines] == [READ, NOT_UNDERSTOOD]


def test_a_cards_reading_does_not_depend_on_the_cards_read_before_it():
    # The parser's answers are kept for every card with the same sentence; a reading is a copy, so changing one
    # card's reading (as a caller may) leaves the next card's alone.
    first = read_card(card("Glorious Anthem", "Creatures you control get +1/+1.", ("enchantment",)))
    first.static[0]["pt"]["modify"][0] = 99
    again = read_card(card("Glorious Anthem", "Creatures you control get +1/+1.", ("enchantment",)))
    assert again.static[0]["pt"] == {"modify": [1, 1]}
