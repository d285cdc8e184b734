"""The imported card pool, kept as a compact index in the user's data folder.

``import_pool`` reads a card-data file (``sources``), reads each card's Oracle text (``oracle``) and writes one
gzip-compressed JSON file, ``$XDG_DATA_HOME/diffcheck/cardpool.json.gz`` (else ``~/.local/share/diffcheck``):
written beside it and renamed over it, so a second import replaces the first whole or not at all, and an
interrupted one leaves the first in place. ``load_pool`` reads it back; nothing is downloaded, ever.
"""

from __future__ import annotations

import gzip
import json
import os
import tempfile
from collections import Counter
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from diffcheck.cardpool.oracle import read_card
from diffcheck.cardpool.paths import NOT_UNDERSTOOD_CAVEAT, pool_path
from diffcheck.cardpool.sources import COLOR_WORDS, PoolCard, read_pool_file
from engines.board import CARD_TYPES, mana_value_of_cost

__all__ = ["Pool", "catalogue_entry", "import_pool", "load_pool", "pool_path"]

FORMAT_VERSION = 1


@dataclass(frozen=True)
class Pool:
    """The imported cards: where they came from, and each card's facts and reading, by folded name."""

    source: str
    date: str
    file: str
    imported: str
    cards: dict[str, dict[str, Any]]

    def counts(self) -> Counter:
        """How many cards have each reading status (``Reading.status``)."""
        return Counter(card["reading"]["status"] for card in self.cards.values())

    def describe(self) -> str:
        """One line: what is imported, from which file and date."""
        return (f"{len(self.cards):,} imported cards from {self.source} of {self.date} ({self.file}), "
                f"imported {self.imported}")


def _entry(card: PoolCard) -> dict[str, Any]:
    reading = read_card(card)
    return {
        "name": card.name,
        "layout": card.layout,
        "mana_value": card.mana_value,
        "faces": [asdict(face) for face in card.faces],
        "reading": {"status": reading.status, "keywords": list(reading.keywords), "static": list(reading.static),
                    "not_understood": list(reading.not_understood)},
    }


def import_pool(path: Path, progress: Callable[[int, int], None] | None = None) -> Pool:
    """Read ``path`` and replace the stored pool with it, atomically."""
    about, cards = read_pool_file(path, progress)
    entries = {card.name.casefold(): _entry(card) for card in cards}
    data = json.dumps(entries, separators=(",", ":"))
    entries = json.loads(data)  # as it will read back: lists, not tuples
    pool = Pool(about["source"], about["date"], str(path.resolve()),
                datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), entries)
    target = pool_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps({"version": FORMAT_VERSION, **asdict(pool)}, separators=(",", ":")).encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=".cardpool-", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(gzip.compress(data, compresslevel=6))
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return pool


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
            COLOR_WORDS[c] for c in "WUBRG" if c in cost} == set(face["colors"]):
        entry["mana_cost"] = cost
    if card["mana_value"]:
        entry["mana_value"] = card["mana_value"]
    caveats = [NOT_UNDERSTOOD_CAVEAT + text for text in reading["not_understood"]]
    if face["power"] is not None:
        entry["power"], entry["toughness"] = (_printed_number(face["power"]), _printed_number(face["toughness"]))
    if reading["keywords"]:
        entry["abilities"] = list(dict.fromkeys(reading["keywords"]))
    if reading["static"]:
        entry["static"] = list(reading["static"])
    if caveats:
        entry["caveats"] = caveats
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


def load_pool() -> Pool | None:
    """The stored pool, or None when nothing was imported (or the index is of another format version)."""
    path = pool_path()
    try:
        data = json.loads(gzip.decompress(path.read_bytes()))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, EOFError):
        return None
    if data.pop("version", None) != FORMAT_VERSION:
        return None
    return Pool(**data)
