"""The imported card pool as ``judge`` reads it: the compact index in the user's data folder, a row at a time.

``importing.import_pool`` writes it: one SQLite file, ``$XDG_DATA_HOME/diffcheck/cardpool.sqlite`` (else
``~/.local/share/diffcheck``; ``paths``): each card's facts and reading as compact JSON under its folded name, each face's name pointing to its card, and what
was imported and how far the reader reached. It is written beside the old one and renamed over it, so a second
import replaces the first whole or not at all, and an interrupted one leaves the first in place. A lookup reads
one row: ``judge`` with a pool of thirty thousand cards starts as fast as without. Nothing is ever downloaded.
"""

from __future__ import annotations

import difflib
import json
import sqlite3
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from diffcheck.cardpool.paths import NOT_UNDERSTOOD_CAVEAT, pool_path
from diffcheck.words import fold_name
from engines.board import CARD_TYPES, COLOR_LETTERS, mana_value_of_cost

__all__ = ["FORMAT_VERSION", "Pool", "catalogue_entry", "load_pool", "pool_path"]

FORMAT_VERSION = "3"  # 2: names folded as the catalogue folds them; 3: spells, triggered abilities, counters


@dataclass(frozen=True)
class Pool:
    """An imported pool: where it came from, how far the reader reached, and its cards, read a row at a time."""

    path: Path
    source: str
    date: str
    file: str
    imported: str
    size: int
    reach: dict[str, int]  # cards by reading status (``Reading.status``)
    unread: list[tuple[str, int]]  # the sentences not understood most often, and on how many cards

    def counts(self) -> Counter:
        return Counter(self.reach)

    def describe(self) -> str:
        """One line: what is imported, from which file and date."""
        return (f"{self.size:,} imported cards from {self.source} of {self.date} ({self.file}), "
                f"imported {self.imported}")

    def card(self, name: str) -> dict[str, Any] | None:
        """The card of that name, or of one of its faces (case and spacing aside); None if there is none."""
        with sqlite3.connect(f"file:{self.path}?mode=ro", uri=True) as db:
            row = db.execute("SELECT cards.data FROM names JOIN cards ON names.card = cards.key WHERE names.name = ?",
                             (fold_name(name),)).fetchone()
        return json.loads(row[0]) if row else None

    def nearest(self, key: str, n: int) -> list[str]:
        """The folded names of up to ``n`` cards closest to a misspelt folded name, best first: among the names that
        share the first four letters of one of its words (a typo seldom falls there), the closest by difflib."""
        candidates: set[str] = set()
        for word in key.split():
            if len(word) >= 4:
                candidates.update(self.names_holding([word[:4]], 400))
        return difflib.get_close_matches(key, sorted(candidates), n=n, cutoff=0.6)

    def names_holding(self, words: list[str], limit: int) -> list[str]:
        """The names of up to ``limit`` cards whose folded name holds every word, shortest first."""
        if not words:
            return []
        where = " AND ".join("key LIKE ? ESCAPE '\\'" for _ in words)
        like = ["%" + w.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%" for w in words]
        with sqlite3.connect(f"file:{self.path}?mode=ro", uri=True) as db:
            rows = db.execute(f"SELECT key FROM cards WHERE {where} ORDER BY length(key), key LIMIT ?",
                              (*like, limit)).fetchall()
        return [key for (key,) in rows]


def load_pool() -> Pool | None:
    """The stored pool, or None when nothing was imported (or the index is of another format version)."""
    path = pool_path()
    if not path.exists():
        return None
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.Error:
        return None
    if meta.get("version") != FORMAT_VERSION:
        return None
    return Pool(path, meta["source"], meta["date"], meta["file"], meta["imported"], int(meta["size"]),
                json.loads(meta["reach"]), [tuple(pair) for pair in json.loads(meta["unread"])])


_SPELL_AND_PERMANENT_TYPES = frozenset(CARD_TYPES) | {"kindred", "instant", "sorcery"}


def catalogue_entry(card: dict[str, Any], pool: Pool) -> dict[str, Any] | None:
    """An imported card as a catalogue entry (``diffcheck.catalogue.model``): its front face's facts, the keywords
    and static abilities read from its Oracle text, and each sentence not understood as a caveat, which ``judge``
    and ``diff`` print beside an answer that holds the card. None for a card of no type a board holds (a
    Vanguard, a Plane)."""
    face = card["faces"][0]
    types = [t for t in face["types"] if t in _SPELL_AND_PERMANENT_TYPES]
    if not types or len(types) != len(face["types"]):
        return None
    reading = card["reading"]
    entry: dict[str, Any] = {
        "name": face["name"] if card["layout"] not in ("split", "aftermath") else card["name"],
        "about": f"Imported from {pool.source} of {pool.date}; its Oracle text {_READ_AS[reading['status']]}.",
        "types": types,
    }
    for key in ("subtypes", "supertypes", "colors", "color_indicator"):
        if face[key]:
            entry[key] = list(face[key])
    cost = face["mana_cost"]
    if cost and mana_value_of_cost(cost) == card["mana_value"] and {
            color for color, letter in COLOR_LETTERS.items() if letter in cost} == set(face["colors"]):
        entry["mana_cost"] = cost
    if card["mana_value"]:
        entry["mana_value"] = card["mana_value"]
    if face["power"] is not None:
        entry["power"], entry["toughness"] = (_printed_number(face["power"]), _printed_number(face["toughness"]))
    if reading["keywords"]:
        entry["abilities"] = list(dict.fromkeys(reading["keywords"]))
    if reading["static"]:
        entry["static"] = list(reading["static"])
    spell = "instant" in types or "sorcery" in types
    if spell and reading.get("spell"):
        entry.update(reading["spell"])
    for how in ("activated", "triggered"):
        if reading.get(how) and not spell:
            entry[how] = list(reading[how])
    if reading.get("counters") and not spell:
        entry["counters"] = dict(reading["counters"])
    if reading.get("choices") and not spell:
        entry["choices"] = dict(reading["choices"])
    if reading["not_understood"]:
        entry["caveats"] = [NOT_UNDERSTOOD_CAVEAT + text for text in reading["not_understood"]]
    return entry


_READ_AS = {"no layer text": "has no ability that acts in the layers", "read": "is read in full",
            "partly read": "is partly read", "not read": "is not read"}


def _printed_number(text: str | None) -> int:
    """A printed power or toughness: its number; a * (a characteristic-defining ability's) counts 0, as a * does
    outside the battlefield (208.2), and its sentence is a caveat."""
    try:
        return int(text or 0)
    except ValueError:
        return 0
