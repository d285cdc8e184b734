"""A problem found in a board: ``BoardError``, the place it names, and how found values are worded.

Every stage of the loader (``diffcheck.boards.loading``) reports through this module, so
every problem reads the same way: the file, the place in the document as a path
(``objects[2].static[0].pt.modify``), and one line saying what was expected and what was
found. Where several problems are found, the first in document order is the one reported
(``document_order``), so one file always gives the same single error.
"""

from __future__ import annotations

import datetime
import json
import math
import re
from collections.abc import Sequence

from diffcheck.words import or_list, q, shorten

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["BoardError", "DocPath", "format_path", "document_order", "describe", "did_you_mean", "player_list"]

# A path into the document: mapping keys and list indexes, outermost first.
DocPath = list[object]


class BoardError(Exception):
    """A board that cannot be used, with the place in the document and what was expected there; ``notation``,
    where the fix is written otherwise in card notation, the message as that notation says it."""

    def __init__(self, file: str, where: str, message: str, notation: str | None = None) -> None:
        # One line, one screen, whatever the input: no line breaks or other control
        # characters (they are escaped), and nothing unboundedly long.
        file, where, message = one_line(file), one_line(where, 300), one_line(message, 1000)
        super().__init__(file, where, message, notation)
        self.file = file
        self.where = where
        self.message = message
        self.notation = None if notation is None else one_line(notation, 1000)

    def __str__(self) -> str:
        if self.where:
            return f"{self.file}: {self.where}: {self.message}"
        return f"{self.file}: {self.message}"


_PLAIN_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")


def format_path(path: DocPath) -> str:
    """``objects[2].static[0].pt.modify``; keys that are not plain words are quoted: ``counters["+1/+1"]``."""
    out = ""
    for step in path:
        if isinstance(step, int):
            out += f"[{step}]"
        elif isinstance(step, str) and _PLAIN_KEY.match(step):
            out += f".{step}" if out else step
        else:
            out += f"[{q(step)}]"
    return out


def document_order(data: Any, path: DocPath, orders: dict[int, dict[Any, int]] | None = None) -> tuple[int, ...]:
    """Where a path points in document order: keys count by their order in their mapping.

    ``orders`` caches each mapping's key order, for many paths into one document.
    """
    position: list[int] = []
    node = data
    for step in path:
        if isinstance(node, dict):
            order = None if orders is None else orders.get(id(node))
            if order is None:
                order = {key: number for number, key in enumerate(node)}
                if orders is not None:
                    orders[id(node)] = order
            position.append(order.get(step, len(order)))
            node = node.get(step)
        elif isinstance(node, list) and isinstance(step, int):
            position.append(step)
            node = node[step] if 0 <= step < len(node) else None
        else:
            position.append(0)
            node = None
    return tuple(position)


def describe(value: Any) -> str:
    """A short, user-facing rendering of a found value."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        # str() refuses integers of more than 4,300 digits (sys.get_int_max_str_digits).
        return shorten(str(value)) if value.bit_length() <= 10_000 else "an integer of thousands of digits"
    if isinstance(value, float):
        return _describe_float(value)
    if isinstance(value, str):
        return "an empty string" if not value else shorten(json.dumps(value, ensure_ascii=False))
    if isinstance(value, list):
        return "an empty list" if not value else f"the list {shorten(_compact(value))}"
    if isinstance(value, dict):
        if not value:
            return "an empty mapping"
        noun = "key" if len(value) == 1 else "keys"
        return f"a mapping with the {noun} {shorten(', '.join(map(str, value)))}"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return f"the date {value.isoformat()}"
    if isinstance(value, bytes):
        return "binary data"
    return f"a value of type {type(value).__name__}"


def _describe_float(value: float) -> str:
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "infinity" if value > 0 else "minus infinity"
    return repr(value)


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=str)


def one_line(text: str, limit: int | None = None) -> str:
    """``text`` with line breaks and other unprintable characters escaped (``\\n``, ``\\u2028``), cut at ``limit``."""
    if not text.isprintable():
        text = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)
    if limit is not None:
        text = shorten(text, limit)
    return text


def player_list(players: Sequence[str]) -> str:
    """The players, comma-separated; past eight, the rest counted."""
    if len(players) > 8:
        return ", ".join(shorten(str(p), 40) for p in players[:8]) + f" and {len(players) - 8:,} more"
    return ", ".join(shorten(str(p), 40) for p in players)


def did_you_mean(found: Any, known: Sequence[str]) -> str:
    """`` (did you mean "a" or "b"?)`` for the known names closest to ``found``; empty when none is close."""
    if not isinstance(found, str):
        return ""
    import difflib  # here: only a misspelling needs it, and judge on a good board does without it

    close = difflib.get_close_matches(found, list(known), n=3)
    if not close:
        return ""
    return f" (did you mean {or_list([q(c) for c in close])}?)"
