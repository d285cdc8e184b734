"""The parts of the board vocabulary (engines.board.features): what a board uses, and a generator narrowed to some."""

from __future__ import annotations

import pytest

from diffcheck.boards.generate import BoardGenerator, SeededChoices
from diffcheck.boards.loading import board_from_data
from diffcheck.catalogue import expand_board
from engines.board.features import EVERYTHING, FEATURES, UnknownFeature, board_features, features_from


def test_a_board_names_the_parts_it_uses():
    board = board_from_data({
        "objects": [
            {"id": "ogre", "types": ["creature"], "power": 2, "toughness": 2, "counters": {"+1/+0": 1}, "timestamp": 1,
             "static": [{"affects": {"filter": {"types": ["creature"], "owner": "you"}},
                         "pt": {"modify": ["mana_value", 1]}}]},
            {"id": "aura", "types": ["enchantment"], "attached_to": "ogre", "timestamp": 2},
        ],
        "effects": [{"id": "e", "affects": ["ogre"], "control": "opponent", "timestamp": 3,
                     "subtypes": {"set": ["frog"]}}],
    })
    assert board_features(board) == {"pt_modify", "mana_value", "filter_owner", "counters_other", "attached",
                                     "control_other", "subtypes_set"}


@pytest.mark.parametrize("parts", [
    {"pt_modify", "colors"},
    {"pt_set", "types", "subtypes", "abilities", "counters", "attached", "mana_value", "filter_bounds", "cda"},
    {"copy", "control", "pt_switch", "supertypes", "change_text", "values", "conditions", "zones"},
])
def test_a_narrowed_generator_draws_only_the_parts_it_is_given(parts):
    generator = BoardGenerator(features=frozenset(parts))
    choices = SeededChoices("narrowed")
    used: set[str] = set()
    for _ in range(300):
        found = board_features(board_from_data(expand_board(generator.board(choices))))
        assert found <= parts, found - parts
        used |= found
    assert len(used) >= len(parts) // 2  # and it does draw them, not an empty board each time


def test_the_whole_vocabulary_is_every_part():
    assert features_from(FEATURES) == EVERYTHING
    with pytest.raises(UnknownFeature, match="'copies' is not a part"):
        features_from(["copy", "copies"])
