"""Where the imported pool lives, apart from the code that reads it: a lookup that finds no pool imports nothing
more (``judge`` looks each name of a board up, and starts in a few tens of milliseconds)."""

from __future__ import annotations

import os
from pathlib import Path

# The caveat an imported card carries for each sentence of its Oracle text the reader did not understand; judge
# --strict refuses a board on which one bears.
NOT_UNDERSTOOD_CAVEAT = "not understood, left out of its abilities: "


def pool_path() -> Path:
    """The index's file: the user's data folder (XDG_DATA_HOME, else ~/.local/share) / diffcheck."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "diffcheck" / "cardpool.sqlite"
