"""The words of a board: colors, card types, supertypes, basic land types, and the default players."""

from __future__ import annotations

from collections.abc import Iterable

from rulesets.model import EVERY_CREATURE_TYPE  # noqa: F401  (re-exported: a board's users name it from here)

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Final

COLORS: Final = ("white", "blue", "black", "red", "green")
CARD_TYPES: Final = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker", "tribal")
# 205.2a and 308.3 of 2024-06-07: tribal is called kindred from then on, and the old tribal cards are kindred
# ones. A board may write either word; the board's values hold the old one (an outcome speaks its document's).
KINDRED: Final = "kindred"
SUPERTYPES: Final = ("basic", "legendary", "snow", "world")
BASIC_LAND_TYPES: Final = ("plains", "island", "swamp", "mountain", "forest")
DEFAULT_PLAYERS: Final = ("you", "opponent")
# The keyword that is a characteristic-defining ability giving every creature type (502.73a of 2007-10; 702.73a).
CHANGELING: Final = "changeling"
# How a permanent came to be face down: morph (502.26 of 2002-10; 702.37), manifest (701.31 of 2015-01;
# 701.40), disguise and cloak (702.168; 701.56 of 2024-02, 701.58: the same, with ward {2}, written "ward 2").
# Each is a 2/2 creature with no text, no name, no subtypes and no mana cost (504.2 of 2002-10; 707.2 / 708.2).
FACE_DOWN_KINDS: Final = ("morph", "manifest", "disguise", "cloak")
FACE_DOWN_WARD: Final = frozenset({"disguise", "cloak"})
# The zones of cards outside the battlefield: the board's key for each, and the zone's word (filters, counts).
CARD_ZONES: Final = {"graveyards": "graveyard", "exile": "exile", "hands": "hand", "libraries": "library", "stack": "stack"}
ZONES: Final = ("battlefield", *CARD_ZONES.values())
ON_BATTLEFIELD: Final = frozenset({"battlefield"})


def card_types(values: Iterable[str]) -> tuple[str, ...]:
    """A board's card-type words as the board's values hold them: kindred is tribal."""
    values = tuple(values)
    return tuple("tribal" if v == KINDRED else v for v in values) if KINDRED in values else values
