"""Counts that depend on the affected object (``{count: FILTER, sharing: creature_type}``): Coat of Arms gives each
creature +1/+1 for each *other* creature that shares a creature type with it, so each creature has its own amount,
read from the creature types the layers before P/T leave (type-changing effects are layer 4: old 418.5a,
613.1d)."""

from __future__ import annotations

import pytest

from diffcheck.boards.loading import board_from_data
from diffcheck.boards.notation import board_from_cards
from engines import get_engine

RULES = ["1999-11-01", "cr418", "cr613", "current"]


def _pts(cards: str, rules: str) -> dict:
    found = get_engine(rules).evaluate(board_from_data(board_from_cards(cards), "--cards"))["objects"]
    return {oid: (o["power"], o["toughness"]) for oid, o in found.items() if o["power"] is not None}


@pytest.mark.parametrize("rules", RULES)
def test_coat_of_arms_counts_for_each_creature_the_others_that_share_a_type_with_it(rules):
    # Raging Goblin (Goblin Berserker) shares with Goblin King and with Amoeboid Changeling (every creature type,
    # 702.73a): +2, and the King's +1/+1 to other Goblins: 1/1 -> 4/4. Goblin King shares with the Goblin and
    # the Changeling: 2/2 -> 4/4. The Bears share only with the Changeling: 3/3. The Changeling shares with all
    # four and is a Goblin for the King: 1/1 + 4 + 1 = 6/6. Elvish Warrior (Elf Warrior) only with the
    # Changeling: 2/3 -> 3/4. Coat of Arms itself is no creature.
    found = _pts("Coat of Arms, Raging Goblin, Goblin King, Grizzly Bears, Amoeboid Changeling, Elvish Warrior", rules)
    assert found == {"raging-goblin": (4, 4), "goblin-king": (4, 4), "grizzly-bears": (3, 3),
                     "amoeboid-changeling": (6, 6), "elvish-warrior": (3, 4)}


@pytest.mark.parametrize("rules", RULES)
def test_the_shared_types_are_those_the_type_changes_leave(rules):
    # Conspiracy naming Elf makes every creature an Elf in layer 4 (the Bears lose Bear: they are only an Elf now),
    # before P/T applies: all three creatures share a type, so each gets +2/+2. Bears 2/2 -> 4/4, Raging Goblin
    # 1/1 -> 3/3, Elvish Warrior 2/3 -> 4/5.
    found = _pts("Coat of Arms, Grizzly Bears, Raging Goblin, Elvish Warrior, Conspiracy[type=elf]", rules)
    assert found == {"grizzly-bears": (4, 4), "raging-goblin": (3, 3), "elvish-warrior": (4, 5)}


@pytest.mark.parametrize("rules", ["cr418", "current"])
def test_a_count_may_ask_for_a_shared_color_and_reads_the_colors_layer_5_leaves(rules):
    # "+1/+0 for each other creature that shares a color with it", written out. The red Goblin and the red Ogre
    # share red: +1 each; the green Bears share with none until Painter's Servant (layer 5) makes every one blue
    # too: then each of the three shares with the two others (+2).
    board = {"objects": [
        {"id": "banner", "types": ["artifact"], "static": [{
            "affects": {"filter": {"types": ["creature"]}},
            "pt": {"modify": [{"count": {"types": ["creature"]}, "sharing": "color"}, 0]}}]},
        {"card": "Raging Goblin"}, {"card": "Gray Ogre"}, {"card": "Grizzly Bears"}]}
    found = get_engine(rules).evaluate(board_from_data(board, "board"))["objects"]
    assert [(found[i]["power"], found[i]["toughness"]) for i in ("raging-goblin", "gray-ogre", "grizzly-bears")] \
        == [(2, 1), (3, 2), (2, 2)]
    board["objects"].append({"card": "Painter's Servant", "choices": {"color": "blue"}})
    found = get_engine(rules).evaluate(board_from_data(board, "board"))["objects"]
    # Painter's Servant is a blue creature too (an Artificer): four creatures, all blue, each shares with three.
    assert [found[i]["power"] for i in ("raging-goblin", "gray-ogre", "grizzly-bears", "painters-servant")] \
        == [4, 5, 5, 4]
