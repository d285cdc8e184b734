"""The Oracle-text reader measured against the hand-checked catalogue: ``diffcheck cards check FILE``.

FILE holds catalogue cards in MTGJSON's AtomicCards shape, their Oracle text as card data (the tests keep one:
``tests/cardpool/fixtures/catalogue-oracle.json``). Each card is read (``diffcheck.cardpool``) into a catalogue
card of its own, and both cards, the hand-checked one and the read one, are put on the same boards: the card
among a few bystanders (on a creature if it is an Aura or Equipment, cast on one if it is an instant or sorcery,
listed first and listed last, for timestamp order), under several editions. A card agrees when every board
comes out the same both ways in every characteristic an outcome has, abilities compared by keyword (a static
ability's label is the catalogue's own words on one side, the Oracle sentence on the other). The report gives
the share read in full, the share that agrees on every board, and each disagreement with the board and the
characteristic that differ.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from diffcheck.boards.loading import board_from_data
from diffcheck.boards.notation import board_from_cards
from diffcheck.cardpool.importing import pool_entry
from diffcheck.cardpool.keywords import KEYWORDS
from diffcheck.cardpool.sources import read_pool_file
from diffcheck.catalogue import catalogue
from diffcheck.catalogue.expand import expand_board
from diffcheck.catalogue.index import Catalogue, card_of_imported
from diffcheck.catalogue.model import CatalogueError
from engines import get_engine
from engines.board import ACTIVATED, Board
from rulesets.record import replace

__all__ = ["EXPLAINED", "CardCheck", "check_reader", "render_check"]

EDITIONS = ("1999-11", "cr418", "cr613", "current")
BEAR = "Grizzly Bears"  # what an Aura or Equipment is on, an instant cast on
# Creatures of several colors, types and controllers, a land, an artifact and an enchantment: what the cards' effects
# reach.
OTHERS = ("Gray Ogre@opponent, Raging Goblin, Merfolk of the Pearl Trident, Serra Angel, Forest, Sol Ring, "
          "Glorious Anthem@opponent")
BYSTANDERS = f"{BEAR}, {OTHERS}"
_COMPARED = ("types", "subtypes", "supertypes", "colors", "power", "toughness", "controller")


# Why the reader and the checked card differ where the reader reads a card in full: each is a question of the
# catalogue's encoding or of the card data, not a template to fix. The report prints the reason beside the
# disagreement; a disagreement of a card not read in full is explained by the sentence it names.
_SETS_TYPES = ("its text says it becomes an artifact creature, which sets its card types and subtypes (205.1a); the "
               "catalogue adds creature and keeps what it was: the two differ only on an object another effect gave "
               "a card type or subtype")
EXPLAINED = {
    **{name: _SETS_TYPES for name in ("Chimeric Idol", "Chimeric Sphere", "Chimeric Staff", "Jade Statue",
                                      "Xanthic Statue", "Tezzeret the Seeker", "Tezzeret, Agent of Bolas")},
    "Maro": "the card data's creature type (Elemental) is not the catalogue's (Avatar): a question for the card data",
    "Vaevictis Asmadi": "three activated abilities with one effect (each paid with its own color); the catalogue holds "
                        "one, as a board casts an ability by what it does",
    "Chainer, Dementia Master": "its target is a card in a graveyard, and the creature that card becomes is a new "
                                "object (400.7): the catalogue names it as the affected object, the reader as the "
                                "target; a board names the same creature either way",
}


@dataclass(frozen=True)
class CardCheck:
    """One card: how its text was read, and the first board on which the read card and the checked one differ."""

    name: str
    status: str
    agrees: bool
    difference: str | None = None
    not_understood: tuple[str, ...] = ()


@dataclass(frozen=True)
class _PoolLike:
    source: str
    date: str


def check_reader(path: Path) -> list[CardCheck]:
    """Each card of ``path`` that the catalogue holds, read and compared (see the module's docstring)."""
    about, pool_cards = read_pool_file(path)
    hand = catalogue()
    pool = _PoolLike(about["source"], about["date"])
    checks = []
    for pool_card in pool_cards:
        # A double-faced card is its front face's name in the catalogue; a split card is both halves' names.
        checked = hand.get(pool_card.name if pool_card.layout in ("split", "aftermath") else pool_card.front.name)
        if checked is None or checked.source != "checked":
            continue
        stored = json.loads(json.dumps(pool_entry(pool_card)))  # as the index keeps it
        status, unread = stored["reading"]["status"], tuple(stored["reading"]["not_understood"])
        try:
            read = card_of_imported(stored, pool, checked.group)
        except CatalogueError as error:
            checks.append(CardCheck(pool_card.name, status, False, f"not a card the catalogue takes: {error}"))
            continue
        if read is None:
            checks.append(CardCheck(pool_card.name, status, False, "of no type a board holds"))
            continue
        # A spell the reader could not read keeps the checked card's effect, so that the boards still cast one; a
        # read spell, and every read activated or triggered ability, is the reader's own.
        if checked.is_spell and not read.effects:
            read = replace(read, effects=checked.effects, choices=checked.choices)
        difference = _effects_difference(checked, read)
        if difference is None and _encoding(read) != _encoding(checked):
            others = [c for c in hand.cards if c.name != checked.name]
            difference = _first_difference(checked, hand, Catalogue([*others, read], hand.uncovered))
        checks.append(CardCheck(pool_card.name, status, difference is None, difference, unread))
    return checks


def _boards(card: Any) -> list[str]:
    """The notation of each board the two cards are put on."""
    name = card.name
    if card.is_spell:
        made = card.effect(None)
        if made is None or made.targets != 1 or made.choices or made.pays_x:
            return [f"{BYSTANDERS}, {name}~graveyard"]
        return [f"{BYSTANDERS}, {name}>grizzly-bears"]
    subtypes = card.printed.get("subtypes", ())
    placed = f"{name}>grizzly-bears" if "aura" in subtypes or "equipment" in subtypes else name
    if card.choices:
        return [BYSTANDERS]  # a card whose choices a board must make is compared only as a bystander here
    return [f"{BEAR}, {placed}, {OTHERS}", f"{BYSTANDERS}, {placed}"]


def _encoding(card: Any) -> str:
    """What a card puts on a board, its static abilities' labels aside (the catalogue's own words on one side, the
    Oracle sentence on the other): two cards of one encoding come out alike on every board, so the boards are put
    only to cards whose encodings differ."""
    printed = dict(card.printed)
    printed["static"] = [{k: v for k, v in body.items() if k != "text"} for body in printed.get("static", ())]
    return json.dumps([printed, card.back, [repr(c) for c in card.choices]], sort_keys=True, default=str)


def _first_difference(checked: Any, hand: Catalogue, swapped: Catalogue) -> str | None:
    for notation in _boards(checked):
        data = board_from_cards(notation)
        one = Board.from_dict(expand_board(data, hand))  # the catalogue's own cards make a board that loads
        try:
            other = board_from_data(expand_board(data, swapped), "--cards")
        except Exception as error:  # a read card that makes the board unloadable is a disagreement, said
            return f"{notation}: the board does not load with the read card ({error})"
        for edition in EDITIONS:
            engine = get_engine(edition)
            a, b = engine.evaluate(one)["objects"], engine.evaluate(other)["objects"]
            for oid in a:
                for key in (*_COMPARED, "abilities"):
                    x, y = a[oid].get(key), b.get(oid, {}).get(key)
                    if key == "abilities":
                        x, y = _keywords(x), _keywords(y)
                    if x != y:
                        return f"{notation} under {edition}: {oid} {key} {x} (checked) against {y} (read)"
    return None


def _effects_difference(checked: Any, read: Any) -> str | None:
    """How the effects of the two cards' spell and activated and triggered abilities differ, compared by what
    they do (how, targets and effect), not by label: the catalogue's labels are its own words ("harden"), the
    reader's are made from the effect ("pump"). None where they are the same."""
    def done(card: Any) -> list[str]:
        return sorted(json.dumps([e.how, e.targets, e.on_self, e.body], sort_keys=True) for e in card.effects)
    if done(checked) == done(read):
        return None
    return f"the effects of its spell or abilities: {done(checked)} (checked) against {done(read)} (read)"


def _keywords(abilities: Any) -> list[str]:
    """The abilities an outcome lists that both cards name alike: keywords, and how many activated abilities (each
    by its kind, not its label, which ``_effects_difference`` looks past)."""
    return sorted(a if a in KEYWORDS else "activated ability" for a in abilities or () if a in KEYWORDS or ACTIVATED in a)


def render_check(checks: list[CardCheck]) -> str:
    """The report: shares, then each disagreement."""
    n = len(checks)
    if not n:
        return "no card of the file is in the catalogue"
    read = sum(c.status in ("read", "no layer text") for c in checks)
    agree = sum(c.agrees for c in checks)
    both = sum(c.agrees and c.status in ("read", "no layer text") for c in checks)
    lines = [f"{n} catalogue cards in the file, under {', '.join(EDITIONS)}:",
             f"  read in full (or no layer text): {read} ({read / n:.0%})",
             f"  agreeing with the checked card on every board: {agree} ({agree / n:.0%})",
             f"  both: {both} ({both / n:.0%})", ""]
    for c in checks:
        if not c.agrees:
            lines.append(f"{c.name} ({c.status}): {c.difference}")
            lines += [f"    not understood: {text}" for text in c.not_understood]
            if c.name in EXPLAINED:
                lines.append(f"    why: {EXPLAINED[c.name]}")
    return "\n".join(lines).rstrip()
