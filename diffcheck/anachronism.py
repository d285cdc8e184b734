"""Warnings for a board that its edition's rules document could not have known.

A judge can ask for the 2006 ruling on a board with a planeswalker, or with a card printed
in 2008; the engines still answer (the layer machine knows the card type), but the answer
is one that document never gave. These are warnings, not errors: the board is valid, and
the answer stands beside them.
"""

from __future__ import annotations

from typing import Any

from engines.board import Board

__all__ = ["warnings"]


def warnings(board: Board, engine: Any) -> list[str]:
    """One sentence per object whose card type, or whose card, the engine's rules document does not know.

    An engine without a ruleset (one from outside) has no document to compare with: no warnings.
    Cards are known by name from the catalogue, with the date of their first printing, where known.
    """
    ruleset = getattr(engine, "ruleset", None)
    if ruleset is None:
        return []
    from diffcheck.catalogue import catalogue

    cards = catalogue()
    rules = f"the rules of {ruleset.document_date} ({ruleset.name})"
    found = []
    for index, o in enumerate(board.objects):
        where = f"objects[{index}] ({o.id})"
        if ruleset.card_types:
            for card_type in o.types:
                if card_type not in ruleset.card_types:
                    found.append(
                        f"{where}: {card_type} is not a card type in {rules} "
                        f"({ruleset.citations.get('card_types', 'its card types')}); the answer applies later rules' "
                        "notion of it"
                    )
        card = cards.get(o.name)
        if card is not None and card.first_printing is not None and card.first_printing[1] > ruleset.document_date:
            printed_in, date = card.first_printing
            found.append(
                f"{where}: {card.name} was first printed in {printed_in} ({date}), after {rules}"
            )
    return found
