"""The catalogue as a whole: every card by name, lookup that forgives case, search, nearest names."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Iterable, Iterator

import yaml

from diffcheck.catalogue.model import Card, CatalogueError, card_from_entry

__all__ = ["Catalogue", "Uncovered", "catalogue", "fold"]

CARDS_PACKAGE = "diffcheck.catalogue"
CARDS_FOLDER = "cards"
UNCOVERED_FILE = "uncovered.yaml"


def fold(name: str) -> str:
    """A card name as lookup compares it: case, apostrophes, commas and spacing do not matter."""
    return re.sub(r"[^a-z0-9]+", " ", name.casefold().replace("'", "")).strip()


@dataclass(frozen=True)
class Uncovered:
    """Real cards the board vocabulary cannot express, and why (a row of docs/cards.md)."""

    title: str
    names: tuple[str, ...]
    why: str

    def message(self, name: str) -> str:
        """Why ``name`` is not in the catalogue, as plain text (the table's Markdown marks dropped)."""
        why = self.why.replace("*", "").replace("`", "")
        return (
            f"{name} is not in the catalogue: the board vocabulary cannot express it. {why} "
            "(docs/cards.md lists such cards; an object written out in full may approximate it)"
        )


class Catalogue:
    """Cards by name, in the order of their files and entries."""

    def __init__(self, cards: Iterable[Card], uncovered: Iterable[Uncovered] = ()) -> None:
        self.cards: tuple[Card, ...] = tuple(cards)
        self.uncovered: tuple[Uncovered, ...] = tuple(uncovered)
        self._uncovered = {fold(name): (name, entry) for entry in self.uncovered for name in entry.names}
        self._by_name: dict[str, Card] = {}
        for card in self.cards:
            key = fold(card.name)
            if key in self._by_name:
                raise CatalogueError(f"{card.name}: listed twice (also in {self._by_name[key].group})")
            self._by_name[key] = card

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def get(self, name: str) -> Card | None:
        """The card called ``name``, or None; "mishras factory" finds Mishra's Factory."""
        return self._by_name.get(fold(name))

    def not_covered(self, name: str) -> str | None:
        """Why ``name``, a real card, is not in the catalogue; None if it is not listed as such."""
        found = self._uncovered.get(fold(name))
        return found[1].message(found[0]) if found else None

    def nearest(self, name: str, n: int = 3) -> list[str]:
        """The catalogue's names closest to a misspelt one, best first (for "did you mean")."""
        key = fold(name)
        folded = {fold(card.name): card.name for card in self.cards}
        close = difflib.get_close_matches(key, list(folded), n=n, cutoff=0.6)
        if not close and key:
            # A fragment ("factory", "moon") is not close to a whole name, but is in it.
            close = [k for k in folded if key in k][:n]
        return [folded[k] for k in close]

    def search(self, query: str | None) -> list[Card]:
        """Cards whose name, type line, description or group holds every word of ``query``."""
        if not query:
            return list(self.cards)
        words = fold(query).split()
        found = []
        for card in self.cards:
            haystack = fold(" ".join((card.name, card.type_line(), card.about, card.group)))
            if all(word in haystack for word in words):
                found.append(card)
        return found


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    """The repository's catalogue, read once per process."""
    folder = resources.files(CARDS_PACKAGE) / CARDS_FOLDER
    cards: list[Card] = []
    for file in sorted((f for f in folder.iterdir() if f.name.endswith(".yaml")), key=lambda f: f.name):
        group = re.sub(r"^\d+-", "", file.name[: -len(".yaml")])  # "4-types.yaml" -> "types"
        entries = yaml.safe_load(file.read_text(encoding="utf-8")) or []
        if not isinstance(entries, list):
            raise CatalogueError(f"{CARDS_FOLDER}/{file.name}: expected a list of cards")
        for number, entry in enumerate(entries):
            cards.append(card_from_entry(entry, group, f"{CARDS_FOLDER}/{file.name}[{number}]"))
    rows = yaml.safe_load((resources.files(CARDS_PACKAGE) / UNCOVERED_FILE).read_text(encoding="utf-8"))
    uncovered = [Uncovered(row["title"], tuple(row["names"]), row["why"]) for row in rows]
    return Catalogue(cards, uncovered)
