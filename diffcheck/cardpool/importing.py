"""Importing a card-data file into the pool: each card read (``sources``), its Oracle text read (``oracle``), the
index written (``store``'s format) beside the old one and renamed over it, so that a second import replaces the
first whole or not at all and an interrupted one leaves the first in place."""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from collections import Counter
from dataclasses import asdict
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from diffcheck.cardpool.oracle import generic_sentence, read_card
from diffcheck.cardpool.paths import pool_path
from diffcheck.cardpool.sources import PoolCard, read_pool_file
from diffcheck.cardpool.store import FORMAT_VERSION, Pool, load_pool
from diffcheck.words import fold_name as fold

__all__ = ["import_pool", "pool_entry"]

TOP_SENTENCES = 20  # the sentences not understood most often, kept for the report


def pool_entry(card: PoolCard) -> dict[str, Any]:
    """A card as the index keeps it: its facts, faces and the reading of its Oracle text."""
    reading = read_card(card)
    return {
        "name": card.name,
        "layout": card.layout,
        "mana_value": card.mana_value,
        "faces": [asdict(face) for face in card.faces],
        "reading": {"status": reading.status, "keywords": list(reading.keywords), "static": list(reading.static),
                    "activated": list(reading.activated), "triggered": list(reading.triggered),
                    "spell": reading.spell, "counters": reading.counters, "choices": reading.choices,
                    "not_understood": list(reading.not_understood)},
    }


def import_pool(path: Path, progress: Callable[[int, int], None] | None = None) -> Pool:
    """Read ``path`` and replace the stored pool with it, atomically."""
    about, cards = read_pool_file(path, progress)
    target = pool_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".cardpool-", suffix=".sqlite", dir=target.parent)
    os.close(fd)
    reach: Counter = Counter()
    unread: Counter = Counter()
    try:
        db = sqlite3.connect(tmp)
        try:
            db.executescript("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);"
                             "CREATE TABLE cards (key TEXT PRIMARY KEY, data TEXT);"
                             "CREATE TABLE names (name TEXT PRIMARY KEY, card TEXT);")
            rows, names = [], []
            for card in cards:
                entry = pool_entry(card)
                key = fold(card.name)
                rows.append((key, json.dumps(entry, separators=(",", ":"))))
                names += [(key, key)] + [(fold(face.name), key) for face in card.faces]
                reach[entry["reading"]["status"]] += 1
                unread.update({generic_sentence(text, card.name) for text in entry["reading"]["not_understood"]})
            db.executemany("INSERT OR IGNORE INTO cards VALUES (?, ?)", rows)
            db.executemany("INSERT OR IGNORE INTO names VALUES (?, ?)", names)
            meta = {"version": FORMAT_VERSION, "source": about["source"], "date": about["date"],
                    "file": str(path.resolve()), "imported": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                    "size": str(len(rows)), "reach": json.dumps(reach),
                    "unread": json.dumps(unread.most_common(TOP_SENTENCES))}
            db.executemany("INSERT INTO meta VALUES (?, ?)", list(meta.items()))
            db.commit()
        finally:
            db.close()
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    found = load_pool()
    assert found is not None
    return found


