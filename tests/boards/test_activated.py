"""Activated abilities as abilities an object has (``activated: ["CARD: LABEL"]``), and an effect that gains those of
other objects or cards (``abilities: {add_activated_of: ...}``): Necrotic Ooze "has all activated abilities of all
creature cards in all graveyards" as long as it is on the battlefield, a layer-6 effect (613.1f; old 418.5a's
ability layer) read as that layer applies."""

from __future__ import annotations

import pytest

from diffcheck.boards.loading import board_from_data
from diffcheck.boards.notation import board_from_cards
from engines import get_engine

RULES = ["1999-11-01", "cr418", "cr613", "current"]


def _object(cards: str, rules: str, oid: str = "necrotic-ooze") -> dict:
    return get_engine(rules).evaluate(board_from_data(board_from_cards(cards), "--cards"))["objects"][oid]


@pytest.mark.parametrize("rules", RULES)
def test_the_ooze_has_the_activated_abilities_of_creature_cards_in_every_graveyard(rules):
    # Quillspike in its controller's graveyard and Frozen Shade in the opponent's: both are creature cards, so the
    # Ooze has both pumps. Fire // Ice is no creature card, and Grizzly Bears has no activated ability.
    found = _object("Necrotic Ooze, Quillspike~graveyard, Frozen Shade~graveyard@opponent, Fire // Ice~graveyard, "
                    "Grizzly Bears~graveyard", rules)
    assert {"Quillspike: pump", "Frozen Shade: pump"} <= set(found["abilities"])
    assert [a for a in found["abilities"] if ": " in a] == ["Frozen Shade: pump", "Quillspike: pump"]


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("order", ["Humility, Necrotic Ooze", "Necrotic Ooze, Humility"])
def test_under_humility_the_ooze_gains_nothing_whatever_the_order(rules, order):
    # Both effects are in the ability layer. Humility's would remove the Ooze's own ability, changing whether the
    # Ooze's effect exists: the Ooze's depends on Humility's and applies after it (613.8a; old 418.5c), by which
    # time it is gone. The Ooze ends a 1/1 with no abilities, whichever entered first.
    found = _object(f"{order}, Quillspike~graveyard", rules)
    assert found["abilities"] == [] and (found["power"], found["toughness"]) == (1, 1)


@pytest.mark.parametrize("rules", RULES)
def test_an_ability_the_ooze_gained_pumps_the_ooze(rules):
    # Quillspike's pump, activated by the Ooze, gives the Ooze +3/+3 (the ability's "this" is the object that has
    # it): 4/3 -> 7/6 (layer 7c; old 6b).
    found = _object("Necrotic Ooze, Quillspike~graveyard, Quillspike!pump>necrotic-ooze", rules)
    assert (found["power"], found["toughness"]) == (7, 6)


@pytest.mark.parametrize("rules", RULES)
def test_a_copy_has_the_activated_abilities_it_copied_and_a_face_down_permanent_none(rules):
    # Activated abilities are copiable (503.2; 706.2): a Clone copying Frozen Shade has its pump. A face-down Frozen
    # Shade has no abilities (504.2 of 2002-10; 707.2 / 708.2).
    assert _object("Frozen Shade, Clone[copy=frozen-shade]", rules, "clone")["abilities"] == ["Frozen Shade: pump"]
    if rules != "1999-11-01":  # face-down permanents came with Onslaught (CR 2002-10-07)
        assert _object("Frozen Shade[face_down=morph]", rules, "frozen-shade")["abilities"] == []


@pytest.mark.parametrize("rules", ["cr418", "current"])
def test_gaining_a_permanents_activated_abilities_waits_for_the_effect_that_removes_them(rules):
    # "Has the activated abilities of each other creature" (zone battlefield), timestamp 1, and an effect that
    # removes all abilities from the Shade, timestamp 3. Removing changes what the gaining effect does, so the gaining
    # effect depends on it (613.8a; old 418.5c) and applies after it: the Shade's pump is gone before it is read.
    board = {"objects": [
        {"id": "kraj", "types": ["creature"], "power": 4, "toughness": 6, "timestamp": 1, "static": [{
            "text": "has the activated abilities of each other creature",
            "abilities": {"add_activated_of": {"filter": {"types": ["creature"], "other": True},
                                               "zone": "battlefield"}}}]},
        {"id": "shade", "types": ["creature"], "power": 0, "toughness": 1, "timestamp": 2,
         "activated": ["Frozen Shade: pump"]}],
        "effects": [{"id": "blank", "timestamp": 3, "affects": ["shade"], "abilities": {"remove_all": True}}]}
    found = get_engine(rules).evaluate(board_from_data(board, "board"))["objects"]
    assert found["shade"]["abilities"] == []
    assert found["kraj"]["abilities"] == ["has the activated abilities of each other creature"]
    del board["effects"]
    found = get_engine(rules).evaluate(board_from_data(board, "board"))["objects"]
    assert "Frozen Shade: pump" in found["kraj"]["abilities"]
