"""A catalogue of real cards whose abilities touch the layers, and boards written with them.

``catalogue()`` is the whole catalogue (read once from ``cards/*.yaml`` in this package);
``expand_board`` turns a board that uses ``card: NAME`` objects and ``cast: NAME``
effects into plain board data (contract v1) the engines read. ``docs/cards.md`` is the
user's guide, with the cards the vocabulary cannot express.
"""

from diffcheck.catalogue.expand import CardReferenceError, expand_board, uses_cards
from diffcheck.catalogue.index import Catalogue, catalogue
from diffcheck.catalogue.model import CHOICE_KINDS, Card, CardEffect, CatalogueError, Choice

__all__ = [
    "Card",
    "CardEffect",
    "CardReferenceError",
    "Catalogue",
    "CatalogueError",
    "Choice",
    "CHOICE_KINDS",
    "catalogue",
    "expand_board",
    "uses_cards",
]
