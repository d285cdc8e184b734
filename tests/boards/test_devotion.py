"""Devotion (700.5): the mana symbols of a color among the mana costs of the permanents a player controls, read by
a Theros God's layer-4 condition ("as long as your devotion to blue is less than five, Thassa isn't a creature").
700.5a (from CR 2021-11-15) says devotion is counted after copy, control and text-changing effects and before the
rest; earlier documents said nothing of when, and nothing but those three changes what devotion reads: a mana
cost changes only by a copy effect (706.2), a controller only by a control-changing one. So every edition counts
alike, and the boards below hold for each.

Mana costs used (as printed): Thassa, God of the Sea {2}{U}; Merfolk of the Pearl Trident {U}; Delver of Secrets
{U} (its back face, Insectile Aberration, has none: 712.8e); Clone {3}{U}; Grizzly Bears {1}{G}; Control Magic
{2}{U}{U}; Mahamoti Djinn {4}{U}{U}; Ball Lightning {R}{R}{R}; Gray Ogre {2}{R}; Karametra, God of Harvests
{3}{G}{W}; Kitchen Finks {1}{G/W}{G/W}; Savannah Lions {W}; Opalescence {2}{W}{W}.
"""

from __future__ import annotations

import pytest

from diffcheck.boards.loading import BoardError, board_from_data
from diffcheck.boards.notation import board_from_cards
from engines import get_engine

RULES = ["1999-11-01", "cr418", "cr613", "current"]
MERFOLK3 = "Merfolk of the Pearl Trident, Merfolk of the Pearl Trident, Merfolk of the Pearl Trident"


def _god(cards: str, rules: str, god: str = "thassa-god-of-the-sea") -> dict:
    return get_engine(rules).evaluate(board_from_data(board_from_cards(cards), "--cards"))["objects"][god]


def _is_creature(cards: str, rules: str, god: str = "thassa-god-of-the-sea") -> bool:
    return "creature" in _god(cards, rules, god)["types"]


@pytest.mark.parametrize("rules", RULES)
def test_thassa_is_a_creature_from_devotion_five(rules):
    # Thassa 1 + three Merfolk 1 each = 4, less than five: only a legendary enchantment, with no P/T (208.3);
    # Delver of Secrets face up adds its {U}: 5, and Thassa is a 5/5 creature.
    god = _god(f"Thassa, God of the Sea, {MERFOLK3}", rules)
    assert "creature" not in god["types"] and god["power"] is None
    god = _god(f"Thassa, God of the Sea, {MERFOLK3}, Delver of Secrets", rules)
    assert god["types"] == ["creature", "enchantment"] and (god["power"], god["toughness"]) == (5, 5)


@pytest.mark.parametrize("rules", RULES)
def test_a_back_face_has_no_mana_cost_to_count(rules):
    # Delver transformed is Insectile Aberration, whose face has no mana cost (712.8e; 711.4b): 4, not 5.
    assert not _is_creature(f"Thassa, God of the Sea, {MERFOLK3}, Delver of Secrets[transformed]", rules)


@pytest.mark.parametrize("rules", RULES)
def test_a_face_down_permanent_has_no_mana_cost_to_count(rules):
    # A face-down permanent has no mana cost (504.2 of 2002-10; 707.2 / 708.2): the fourth Merfolk counts only face
    # up (5 -> a creature), not face down (4).
    assert _is_creature(f"Thassa, God of the Sea, {MERFOLK3}, Merfolk of the Pearl Trident", rules)
    assert not _is_creature(f"Thassa, God of the Sea, {MERFOLK3}, Merfolk of the Pearl Trident[face_down=morph]",
                            rules)


@pytest.mark.parametrize("rules", RULES)
def test_a_copy_counts_the_mana_cost_it_copied(rules):
    # The mana cost is a copiable value (503.2 / 706.2): a Clone copying a Merfolk has {U} (1, devotion 5), a Clone
    # copying Grizzly Bears has {1}{G} (0, devotion 4), whatever its own {3}{U} would have given.
    assert _is_creature(f"Thassa, God of the Sea, {MERFOLK3}, Clone[copy=merfolk-of-the-pearl-trident]", rules)
    assert not _is_creature(f"Thassa, God of the Sea, {MERFOLK3}, Grizzly Bears, Clone[copy=grizzly-bears]", rules)


@pytest.mark.parametrize("rules", RULES)
def test_devotion_counts_what_its_player_controls_after_control_changes(rules):
    # The opponent's Mahamoti Djinn counts for its controller, not for Thassa's: 1 + Control Magic's 2 = 3 while the
    # Aura is elsewhere; once Control Magic gives its controller the Djinn (layer 2), 1 + 2 + 2 = 5.
    assert not _is_creature("Thassa, God of the Sea, Control Magic, Mahamoti Djinn@opponent", rules)
    assert _is_creature("Thassa, God of the Sea, Mahamoti Djinn@opponent, Control Magic>mahamoti-djinn", rules)


@pytest.mark.parametrize("rules", RULES)
def test_a_text_change_changes_which_color_devotion_counts(rules):
    # Sleight of Mind changing blue to red in Thassa's text (layer 3; 612.2 / old 418.6) makes its condition read
    # devotion to red: Ball Lightning 3 + two Gray Ogres 1 each = 5, and Thassa's own {U} no longer counts.
    cards = "Thassa, God of the Sea, Ball Lightning, Gray Ogre, Gray Ogre"
    assert not _is_creature(cards, rules)
    assert _is_creature(cards + ", Sleight of Mind>thassa-god-of-the-sea[from=blue;to=red]", rules)


@pytest.mark.parametrize("rules", RULES)
def test_devotion_to_two_colors_counts_a_hybrid_symbol_once(rules):
    # Devotion to green and white (700.5): Karametra's {G}{W} 2, Kitchen Finks' {G/W}{G/W} 2 (each hybrid symbol
    # is one symbol of those colors, counted once), Grizzly Bears' {G} 1, Savannah Lions' {W} 1: 6, less than
    # seven. Counting each hybrid symbol twice would give 8. A second Savannah Lions makes 7: a 6/7 creature.
    cards = "Karametra, God of Harvests, Kitchen Finks, Grizzly Bears, Savannah Lions"
    assert not _is_creature(cards, rules, "karametra-god-of-harvests")
    god = _god(cards + ", Savannah Lions", rules, "karametra-god-of-harvests")
    assert "creature" in god["types"] and (god["power"], god["toughness"]) == (6, 7)


@pytest.mark.parametrize("rules", RULES)
def test_opalescence_and_a_god_apply_in_timestamp_order(rules):
    # Both are layer-4 effects and neither depends on the other (neither changes what the other applies to or
    # whether it exists: 613.8a; old 418.5b): timestamp order (613.7). Opalescence later makes Thassa (devotion
    # 1) an enchantment creature again, its P/T set to its mana value in 7b: 3/3. Opalescence earlier: Thassa's
    # own effect applies last and it is no creature.
    god = _god("Thassa, God of the Sea, Opalescence", rules)
    assert "creature" in god["types"] and (god["power"], god["toughness"]) == (3, 3)
    assert not _is_creature("Opalescence, Thassa, God of the Sea", rules)


def test_a_board_may_give_a_mana_cost_and_the_mana_value_follows():
    # 202.3: the mana value of {2}{W/U}{G/P}{X} is 2 + 1 + 1 + 0 = 4; a given mana value must agree.
    data = {"objects": [{"id": "a", "types": ["artifact"], "mana_cost": "{2}{W/U}{G/P}{X}"}]}
    assert board_from_data(data, "board").objects[0].mana_value == 4
    data["objects"][0]["mana_value"] = 3
    with pytest.raises(BoardError, match=r"objects\[0\].mana_value.*mana value 3 is not that of the mana cost"):
        board_from_data(data, "board")
    data["objects"][0] = {"id": "a", "types": ["artifact"], "mana_cost": "{2}{Q}"}
    with pytest.raises(BoardError, match=r"objects\[0\].mana_cost"):
        board_from_data(data, "board")
