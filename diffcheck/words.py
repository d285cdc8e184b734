"""Small helpers for writing error messages: quoted names, lists joined with "or"/"and", counts."""

from __future__ import annotations

import re

import json
from collections.abc import Sequence

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["shorten", "q", "article", "count_phrase", "ordinal", "or_list", "and_list", "join"]


def shorten(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def q(value: Any) -> str:
    """A name quoted as in JSON: "ogre"; a long one is shortened."""
    return shorten(json.dumps(value, ensure_ascii=False, default=str))


def article(word: str) -> str:
    """ "a" or "an" before ``word`` (by its first letter: enough for card types)."""
    return "an" if word[:1] in "aeiou" else "a"


def count_phrase(n: int, noun: str) -> str:
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, ..., 101st, 1,001st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n:,}{suffix}"


def or_list(items: Sequence[str]) -> str:
    return join(items, "or")


def and_list(items: Sequence[str]) -> str:
    return join(items, "and")


def join(items: Sequence[str], word: str) -> str:
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def fold_name(name: str) -> str:
    """A card name as lookup compares it: case, apostrophes, commas and spacing do not matter ("mishras factory"
    finds Mishra's Factory), the same in the catalogue and in the imported pool."""
    return re.sub(r"[^a-z0-9]+", " ", name.casefold().replace("'", "").replace("\u2019", "")).strip()
