"""The words of a board: colors, card types, supertypes, basic land types, and the default players."""

from __future__ import annotations

from typing import Iterable

COLORS = ("white", "blue", "black", "red", "green")
CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker", "tribal")
# 205.2a and 308.3 of 2024-06-07: tribal is called kindred from then on, and the old tribal cards are kindred
# ones. A board may write either word; the board's values hold the old one (an outcome speaks its document's).
KINDRED = "kindred"
SUPERTYPES = ("basic", "legendary", "snow", "world")
BASIC_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")
DEFAULT_PLAYERS = ("you", "opponent")


def card_types(values: Iterable[str]) -> tuple[str, ...]:
    """A board's card-type words as the board's values hold them: kindred is tribal."""
    values = tuple(values)
    return tuple("tribal" if v == KINDRED else v for v in values) if KINDRED in values else values
