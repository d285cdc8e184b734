"""Double-faced cards: a permanent listed transformed has its back face's characteristics (711.4b; 712.8e), and
its mana value is the front face's from 2016-04 (rule change back-face-mana-value); before, a back face had no
mana cost, so 0. A copy of a back face has mana value 0 in every edition."""

from __future__ import annotations

import pytest

from diffcheck.boards.loading import BoardError, board_from_data
from diffcheck.boards.notation import board_from_cards
from engines import get_engine

# "Creatures with mana value 0 get +0/+5", written out: it shows each creature's mana value in its toughness.
WALL = {"id": "wall", "types": ["enchantment"], "static": [
    {"affects": {"filter": {"types": ["creature"], "mana_value_at_most": 0}}, "pt": {"modify": [0, 5]}}]}


def _answer(cards: str, rules: str) -> dict:
    data = board_from_cards(cards)
    data["objects"].append(WALL)
    return get_engine(rules).evaluate(board_from_data(data, "--cards"))["objects"]


@pytest.mark.parametrize("rules, toughness", [
    # 711.4b of 2016-01-16 (edition 2015-07): the back face has no mana cost: mana value 0, so +0/+5: 3/7.
    ("2016-01-20", 7),
    # 711.4b of 2016-04-08 (edition 2016-04): its mana value is the front face's, 1: 3/2.
    ("2016-04-08", 2),
    ("current", 2),  # 712.8e today
])
def test_a_transformed_delver_is_insectile_aberration_with_each_editions_mana_value(rules, toughness):
    found = _answer("Delver of Secrets[transformed], Delver of Secrets", rules)
    back, front = found["delver-of-secrets"], found["delver-of-secrets-2"]
    # The back face: Insectile Aberration, a 3/2 flying Human Insect, blue by its color indicator (202.2e).
    assert (back["name"], back["subtypes"], back["colors"], back["abilities"], back["power"]) == \
        ("Insectile Aberration", ["human", "insect"], ["blue"], ["flying"], 3)
    assert back["toughness"] == toughness
    assert (front["name"], front["power"], front["toughness"]) == ("Delver of Secrets", 1, 1)  # mana value 1


@pytest.mark.parametrize("rules", ["2016-01-20", "2016-04-08", "current"])
def test_a_copy_of_a_back_face_has_mana_value_zero(rules):
    # A Clone copying the transformed Delver copies the back face, which has no mana cost: mana value 0 in every
    # edition (711.4b of 2016-04 says so outright; before, the back face's mana value was 0 anyway): 3/2 + 0/5.
    found = _answer("Delver of Secrets[transformed], Clone[copy=delver-of-secrets]", rules)
    assert (found["clone"]["name"], found["clone"]["power"], found["clone"]["toughness"]) == \
        ("Insectile Aberration", 3, 7)


def test_a_card_with_one_face_cannot_be_transformed():
    with pytest.raises(BoardError, match="Grizzly Bears is not a double-faced card"):
        board_from_data(board_from_cards("Grizzly Bears[transformed]"), "--cards")
