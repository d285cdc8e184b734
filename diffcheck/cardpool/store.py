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
from diffcheck.cardpool.sources import PoolCard, read_pool_file

__all__ = ["Pool", "import_pool", "load_pool", "pool_path"]

FORMAT_VERSION = 1


def pool_path() -> Path:
    """Where the index lives: the user's data folder (XDG_DATA_HOME, else ~/.local/share) / diffcheck."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "diffcheck" / "cardpool.json.gz"


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
