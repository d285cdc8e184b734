"""Warnings for a board that its edition's rules document could not have known.

A judge can ask for the 2006 ruling on a board with a planeswalker, or with a card printed
in 2008; the engines still answer (the layer machine knows the card type), but the answer
is one that document never gave. These are warnings, not errors: the board is valid, and
the answer stands beside them. ``diffcheck judge`` and ``diffcheck diff`` print them on
stderr; this module only finds them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date, timedelta

from engines.board import CHANGELING, Board, subtypes_given

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["RELEASE_WINDOW", "caveats", "warnings"]

# A rules document takes effect as the set it was written for comes out, a few days before
# that set's release date: the 2006-10-01 document already has Time Spiral's split second
# and suspend (502.58, 502.59), and Time Spiral was released on 2006-10-06; the 2009-10-01
# document lists Zendikar's landfall among its ability words (206.2c), and Zendikar was
# released on 2009-10-02. A card first printed within this window after the document's date
# is in the set the document was written for, so it is not after the document.
RELEASE_WINDOW = timedelta(days=14)

CHANGELING_RULE = "2007-10-01"  # the first document with changeling (502.73a), for Lorwyn
# The first document with each way of being face down: morph (502.26, Onslaught), manifest (701.31, Fate
# Reforged), disguise and cloak (702.168, 701.56, Murders at Karlov Manor).
FACE_DOWN_RULES = {"morph": ("2002-10-07", "502.26"), "manifest": ("2015-01-23", "701.31"),
                   "disguise": ("2024-02-06", "702.168"), "cloak": ("2024-02-06", "701.56")}


def warnings(board: Board, engine: Any) -> list[str]:
    """One sentence per thing on ``board`` the engine's rules document does not know.

    Each names its place on the board: an object (``objects[i] (id)``), a card in a graveyard
    or exile (``graveyards.PLAYER[i]``, ``exile.PLAYER[i]``) or a resolved effect (``effects[i] (id)``), and says either
    that one of its card types is not a card type of the document (only for a ruleset that
    lists its card types), or that the catalogue card it is (a ``card:`` object or
    graveyard card) or comes from (a ``cast:`` effect) was first printed after the
    document's date. Cards are known by name from the catalogue, with their first
    printing, where known.

    ``engine`` is an engine built on a ruleset (it has ``.ruleset``) or a ruleset itself;
    an engine without one (an engine from outside) has no document to compare with: no
    warnings.
    """
    ruleset = getattr(engine, "ruleset", engine)
    if not hasattr(ruleset, "document_date"):
        return []
    from diffcheck.catalogue import catalogue

    cards = catalogue()
    rules = f"the rules of {ruleset.document_date} ({ruleset.name})"
    known_types = frozenset(getattr(ruleset, "card_types", ()))
    listed_in = getattr(ruleset, "citations", {}).get("card_types")
    typed = (f"the rules of {ruleset.document_date} ({ruleset.name}, which lists its card types in {listed_in})"
             if listed_in else rules)
    cutoff = (date.fromisoformat(ruleset.document_date) + RELEASE_WINDOW).isoformat()
    from rulesets.documents import LAST

    newest = LAST.file_date
    found = []
    for where, types, names in _things(board):
        if known_types:
            for card_type in types:
                if card_type not in known_types:
                    found.append(
                        f"{where}: {card_type} is not a card type in {typed}; the answer treats it as later rules do"
                    )
        for name in names:
            card = cards.get(name)
            if card is not None:
                if card.source != "checked" and card.source != "no layer text" and ruleset.document_date < newest:
                    found.append(f"{where}: {card.name}'s abilities are read from its Oracle text of today "
                                 f"(imported), whose wording may differ from the card's under {rules}")
                if card.first_printing is not None and card.first_printing[1] > cutoff:
                    printed_in, printed_on = card.first_printing
                    found.append(
                        f"{where}: {card.name} was first printed in {printed_in} ({printed_on}), after {rules}"
                    )
                break
    if ruleset.document_date < CHANGELING_RULE:
        found += [f"objects[{index}] ({o.id}): changeling has no rule in {rules} (its first is 502.73a of "
                  f"{CHANGELING_RULE}); the answer reads it as later rules do, every creature type"
                  for index, o in enumerate(board.objects) if CHANGELING in o.abilities]
    for index, o in enumerate(board.objects):
        if o.face_down is not None and ruleset.document_date < FACE_DOWN_RULES[o.face_down][0]:
            first, rule = FACE_DOWN_RULES[o.face_down]
            found.append(f"objects[{index}] ({o.id}): {o.face_down} has no rule in {rules} (its first is {rule} of "
                         f"{first}); the answer reads the face-down permanent as the rules from then do")
    sets = getattr(ruleset, "subtypes", None)
    if sets is not None and hasattr(sets, "by_decision"):
        found += _unlisted_subtypes(board, ruleset, rules)
    return found


def _unlisted_subtypes(board: Board, ruleset: Any, rules: str) -> list[str]:
    """A sentence for each place a subtype the ruleset's document lists in no set is written (decision
    unlisted_subtypes), saying how the answer reads it."""
    from rulesets.documents import in_force
    from rulesets.subtypes import list_rule, reading

    document = in_force(ruleset.document_date)
    found = []
    for where, word in _subtype_words(board):
        if not ruleset.subtypes.by_decision(word):
            continue
        read = reading(document, word)
        if read is None:
            found.append(f"{where}: {word} is a subtype no rules document lists; the answer reads it as a "
                         f"creature type (decision unlisted_subtypes)")
            continue
        name, when, day = read
        listed = list_rule(document, name)
        lists = f"{rules}, which lists {name} types in {listed}" if listed else f"{rules}, which has no {name} types"
        since = f"as the rules from {day} do" if when == "from" else f"as the rules did until {day}"
        article = "an" if name[0] in "aeiou" else "a"
        found.append(f"{where}: {word} is not a subtype in {lists}; the answer reads it as {article} {name} type, "
                     f"{since}")
    return list(dict.fromkeys(found))


def _subtype_words(board: Board) -> Iterator[tuple[str, str]]:
    """Each subtype word the board writes (an object's or card's, or one an ability or effect sets, adds or
    makes a copy keep), with its place."""
    for index, o in enumerate(board.objects):
        where = f"objects[{index}] ({o.id})"
        yield from ((where, w) for w in o.subtypes)
        yield from ((where, w) for s in o.static for w in _words_given(s.parts))
    for zone, _, player, index, card in board.zone_cards():
        yield from ((f"{zone}.{player}[{index}]", w) for w in card.subtypes)
        yield from ((f"{zone}.{player}[{index}]", w) for s in card.static for w in _words_given(s.parts))
    for index, effect in enumerate(board.effects):
        yield from ((f"effects[{index}] ({effect.id})", w) for w in _words_given(effect.parts))


def _words_given(parts) -> Iterator[str]:
    """The subtypes ``parts`` give, and those the static abilities they grant give."""
    yield from (w for _, w in subtypes_given(parts))
    for p in parts:
        if p.kind == "ability":
            yield from (w for a in p.add if not isinstance(a, str) for w in _words_given(a.parts))


def caveats(board: Board) -> list[str]:
    """One sentence per caveat of each catalogue card on ``board`` that bears on it: where the card as the
    catalogue encodes it differs from the card as judges know it (an effect's duration, a wording the board
    vocabulary cannot hold, an Oracle text that changed). The answer may rest on it, so ``judge`` and ``diff``
    print it beside the answer. A face-down permanent has no text (708.2; 504.2 before 2009): no caveat of its
    card bears on it. A caveat about one ability bears where that ability is cast; one about a choice, on a
    permanent whose ability with that choice is there (one that declined it has none)."""
    from diffcheck.catalogue import catalogue

    cards = catalogue()
    found = []
    for index, o in enumerate(board.objects):
        card = cards.get(o.name)
        if card is not None and o.face_down is None:
            found += [f"objects[{index}] ({o.id}): {card.name}: {text}" for text in _bearing(card, None, o)]
    for zone, _, player, index, c in board.zone_cards():
        card = cards.get(c.name) if c.name else None
        if card is not None:
            found += [f"{zone}.{player}[{index}]: {card.name}: {text}" for text in _bearing(card, None, None)]
    for index, effect in enumerate(board.effects):
        card = next((c for c in map(cards.get, _source_names(effect.source)) if c is not None), None)
        if card is not None:
            label = effect.source.split(" (", 1)[1].split(")", 1)[0] if " (" in effect.source else None
            found += [f"effects[{index}] ({effect.id}): {card.name}: {text}" for text in _bearing(card, label, None)]
    return list(dict.fromkeys(found))


def _bearing(card, label: str | None, permanent) -> list[str]:
    """The card's caveats that bear where it is: as a permanent (``permanent``), a card, or one ability of it
    cast (``label``)."""
    scopes = dict(card.caveat_scopes)
    out = []
    for text in card.caveats:
        kind, name = scopes.get(text, (None, None))
        if kind == "ability" and label != name:
            continue
        if kind == "choice" and not (permanent is not None and _chose(card, name, permanent)):
            continue
        out.append(text)
    return out


def _chose(card, choice: str, permanent) -> bool:
    """Whether a permanent of ``card`` has its ability that refers to ``choice`` (one that declined has none)."""
    labels = {a.get("text") for a in card.static if f'"${choice}"' in json.dumps(a)}
    return any(s.label in labels for s in permanent.static)


def _things(board: Board) -> Iterator[tuple[str, tuple[str, ...], list[str]]]:
    """Each object, card in a graveyard or exile, and effect: its place, its card types, and the names it may go by."""
    for index, o in enumerate(board.objects):
        yield f"objects[{index}] ({o.id})", o.types, [o.name]
    for zone, _, player, index, card in board.zone_cards():
        yield f"{zone}.{player}[{index}]", card.types, [card.name] if card.name else []
    for index, effect in enumerate(board.effects):
        yield f"effects[{index}] ({effect.id})", (), _source_names(effect.source)


def _source_names(source: str) -> list[str]:
    """The card names an effect's source may start with, longest first.

    A cast effect's source is its card's name, then the ability's label in parentheses and
    its choices after commas ("Mishra's Factory (animate)", "Sleight of Mind, from white,
    to blue"); a card name may itself hold a comma (Urborg, Tomb of Yawgmoth).
    """
    head = source.split(" (", 1)[0]
    pieces = head.split(",")
    return [",".join(pieces[:n]) for n in range(len(pieces), 0, -1)]
