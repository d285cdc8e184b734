"""Copy effects with exceptions that add to the copied values or keep the copy's own: a card type, a subtype, a
supertype or an ability "in addition" (``except: {add_types, add_subtypes, add_supertypes, add_abilities}``), and
a characteristic kept ("except it doesn't copy that creature's color"). Each becomes part of the copy's copiable
values (706.9b of 2021-02; 707.9b today)."""

from __future__ import annotations

import pytest

from diffcheck.boards.loading import board_from_data
from diffcheck.boards.notation import board_from_cards
from engines import get_engine


def _answer(cards: str, rules: str = "current") -> dict:
    return get_engine(rules).evaluate(board_from_data(board_from_cards(cards), "--cards"))["objects"]


@pytest.mark.parametrize("rules, subtypes", [
    # 2009 (cr613): no rule leaves a characteristic-defining ability out of a copy, so the Image copies the
    # Changeling's every-creature-type ability (702.73a) and has every creature type.
    ("cr613", ["every creature type"]),
    # 706.8d (2011-02) to 706.9d (2020-11): an exception that modifies the final value of a characteristic leaves
    # out the ability defining it; the Illusion in addition modifies the subtypes, so the Image is the Changeling's
    # printed Shapeshifter and an Illusion.
    ("2011-02-04", ["illusion", "shapeshifter"]),
    ("2021-02-04", ["illusion", "shapeshifter"]),
    # 706.9d (2021-02-02, in force 2021-02-05): an exception making the copy a subtype "in addition to its other
    # types" copies the abilities that define its types: every creature type again (rule change
    # copy-additions-copy-cda).
    ("2021-02-05", ["every creature type"]),
    ("current", ["every creature type"]),
])
def test_phantasmal_image_copying_a_changeling_follows_each_editions_706(rules, subtypes):
    image = _answer("Amoeboid Changeling, Phantasmal Image[copy=amoeboid-changeling]", rules)["phantasmal-image"]
    assert image["subtypes"] == subtypes
    assert image["name"] == "Amoeboid Changeling" and "sacrifice when targeted" in image["abilities"]


@pytest.mark.parametrize("rules", ["cr418", "cr613", "current"])
def test_an_added_card_type_is_a_copiable_value_a_clone_takes(rules):
    # Phyrexian Metamorph copying Grizzly Bears is a Bear, an artifact creature (706.9b / 707.9b: the exception is
    # part of its copiable values), and a Clone copying the Metamorph copies that: an artifact creature too.
    # Copy Artifact copying Jayemdae Tome is an artifact enchantment.
    found = _answer("Grizzly Bears, Phyrexian Metamorph[copy=grizzly-bears], Clone[copy=phyrexian-metamorph], "
                    "Jayemdae Tome, Copy Artifact[copy=jayemdae-tome]", rules)
    for oid in ("phyrexian-metamorph", "clone"):
        assert (found[oid]["name"], found[oid]["types"], found[oid]["power"]) == \
            ("Grizzly Bears", ["artifact", "creature"], 2)
        assert found[oid]["colors"] == ["green"]
    assert found["copy-artifact"]["types"] == ["artifact", "enchantment"]


@pytest.mark.parametrize("rules", ["cr418", "cr613", "current"])
def test_a_kept_color_and_an_added_ability(rules):
    # Vesuvan Doppelganger copies the Bears except their color: it stays blue (706.9b: it retains the original
    # value), with its upkeep trigger besides; Quicksilver Gargantuan copies them except it's 7/7.
    found = _answer("Grizzly Bears, Vesuvan Doppelganger[copy=grizzly-bears], "
                    "Quicksilver Gargantuan[copy=grizzly-bears]", rules)
    vesuvan, gargantuan = found["vesuvan-doppelganger"], found["quicksilver-gargantuan"]
    assert (vesuvan["name"], vesuvan["colors"], vesuvan["abilities"], vesuvan["power"]) == \
        ("Grizzly Bears", ["blue"], ["upkeep copy trigger"], 2)
    assert (gargantuan["name"], gargantuan["colors"], gargantuan["power"], gargantuan["toughness"]) == \
        ("Grizzly Bears", ["green"], 7, 7)


def test_lazav_keeps_its_name_and_thespians_stage_its_ability():
    # Lazav, Dimir Mastermind becomes a copy of the Bears card in the opponent's graveyard (a copy of a card:
    # 707.1), except its name, legendary in addition, hexproof and its trigger. Thespian's Stage becomes a copy of
    # the Forest, a basic land Forest, with its copy ability.
    found = _answer("Grizzly Bears~graveyard@opponent, Lazav, Dimir Mastermind, "
                    "Lazav, Dimir Mastermind!become[card=grizzly-bears], Forest, Thespian's Stage, "
                    "Thespian's Stage!copy[land=forest]")
    lazav, stage = found["lazav-dimir-mastermind"], found["thespians-stage"]
    assert (lazav["name"], lazav["supertypes"], lazav["subtypes"], lazav["colors"], lazav["power"]) == \
        ("Lazav, Dimir Mastermind", ["legendary"], ["bear"], ["green"], 2)
    assert sorted(lazav["abilities"]) == ["copy trigger", "hexproof"]
    assert (stage["name"], stage["subtypes"], stage["supertypes"], stage["abilities"]) == \
        ("Forest", ["forest"], ["basic"], ["copy ability"])
