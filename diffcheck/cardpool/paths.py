"""Where the imported pool lives, apart from the code that reads it: a lookup that finds no pool imports nothing
more (``judge`` looks each name of a board up, and starts in a few tens of milliseconds)."""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:  # annotations only: pathlib, with what it imports, is a tenth of judge's start
    from pathlib import Path

# The caveat an imported card carries for each sentence of its Oracle text the reader did not understand; judge
# --strict refuses a board on which one bears.
NOT_UNDERSTOOD_CAVEAT = "not understood, left out of its abilities: "


def pool_path() -> Path:
    """The index's file: the user's data folder (XDG_DATA_HOME, else ~/.local/share) / diffcheck."""
    from pathlib import Path

    return Path(pool_file())


def pool_file() -> str:
    """``pool_path`` as a string: whether there is a pool is asked by every ``judge``, which imports no pathlib."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "diffcheck", "cardpool.sqlite")
