"""Token or nontoken, was cast, transformed: facts of a permanent no continuous effect changes, which filters and
conditions ask (``token``, ``was_cast``, ``transformed``), written in the board format and in the notation."""

from __future__ import annotations

import pytest

from diffcheck.boards.loading import board_from_data
from diffcheck.boards.notation import NotationError, board_from_cards, cards_from_board, read_cards
from engines import get_engine

# Intangible Virtue's anthem, written out: creature tokens you control get +1/+1 and have vigilance.
VIRTUE = {"id": "virtue", "types": ["enchantment"], "static": [{
    "text": "creature tokens you control get +1/+1 and have vigilance",
    "affects": {"filter": {"types": ["creature"], "token": True, "controller": "you"}},
    "pt": {"modify": [1, 1]}, "abilities": {"add": ["vigilance"]}}]}


def _bears(oid: str, **facts) -> dict:
    return {"id": oid, "types": ["creature"], "subtypes": ["bear"], "power": 2, "toughness": 2, **facts}


@pytest.mark.parametrize("rules", ["cr418", "cr613", "current", "1999-11-01"])
def test_a_token_anthem_reaches_tokens_only(rules):
    # The filter asks whether each creature is a token (111.1): the token Bears get +1/+1 and vigilance (old
    # 6d / 7c; abilities old 5 / 6), the card Bears nothing, on every date (no rule of any edition changes it).
    board = board_from_data({"objects": [VIRTUE, _bears("token", token=True), _bears("card")]}, "board")
    found = get_engine(rules).evaluate(board)["objects"]
    assert (found["token"]["power"], found["token"]["toughness"], found["token"]["abilities"]) == (3, 3, ["vigilance"])
    assert (found["card"]["power"], found["card"]["toughness"], found["card"]["abilities"]) == (2, 2, [])


@pytest.mark.parametrize("rules", ["cr418", "cr613", "current"])
def test_was_cast_and_transformed_are_asked_by_filters_and_conditions(rules):
    # "As long as it was cast, +2/+0" on a creature that was cast: 4/2; "nontransformed creatures get +0/+1": the
    # Bears that were not transformed get it, the transformed ones not.
    board = board_from_data({"objects": [
        {**_bears("cast", was_cast=True), "static": [
            {"text": "as long as it was cast, +2/+0", "condition": {"is": {"was_cast": True}}, "pt": {"modify": [2, 0]}}]},
        _bears("flipped", transformed=True),
        {"id": "lore", "types": ["enchantment"], "static": [{
            "affects": {"filter": {"types": ["creature"], "transformed": False}}, "pt": {"modify": [0, 1]}}]},
    ]}, "board")
    found = get_engine(rules).evaluate(board)["objects"]
    assert (found["cast"]["power"], found["cast"]["toughness"]) == (4, 3)
    assert (found["flipped"]["power"], found["flipped"]["toughness"]) == (2, 2)


def test_the_notation_writes_the_facts_as_flags_and_gives_them_back():
    text = "Grizzly Bears[token; was_cast], Gray Ogre[transformed], Glorious Anthem"
    data = board_from_cards(text)
    bears, ogre, _ = data["objects"]
    assert bears["token"] is True and bears["was_cast"] is True and ogre["transformed"] is True
    assert "token" not in ogre
    assert cards_from_board(data) == text
    items, _ = read_cards(text)
    assert items[0]["choices"] == {"token": "", "was_cast": ""}
    with pytest.raises(NotationError, match="a card in a zone is not a token; a permanent is"):
        board_from_cards("Grizzly Bears~graveyard[token]")
