"""Card-data files as ``PoolCard`` values: MTGJSON's AtomicCards.json and Scryfall's oracle-cards bulk file.

Both hold one entry per Oracle card (not per printing). MTGJSON's is ``{"meta": {"date": ...}, "data": {NAME:
[FACE, ...]}}``, each face with its own ``manaCost``, ``types``, ``subtypes``, ``supertypes``, ``colors``,
``colorIndicator``, ``power``, ``toughness``, ``loyalty``, ``text`` and the card's ``manaValue`` and ``layout``;
Scryfall's is a list of card objects whose multi-face cards hold ``card_faces``, with a printed ``type_line`` to
split. Both are read into the same values, in the board vocabulary's words: lowercase types, colors as words.
A file that is neither, or not JSON, is a ``PoolFileError`` with one line saying where and what.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from engines.board import COLOR_LETTERS, SUPERTYPES, mana_value_of_cost

__all__ = ["Face", "PoolCard", "PoolFileError", "read_pool_file"]

COLOR_WORDS = {letter: color for color, letter in COLOR_LETTERS.items()}  # the files write colors as letters
# The layouts whose faces are one card's two halves or sides; every other layout has one face.
MULTI_FACED = {"split", "flip", "transform", "modal_dfc", "adventure", "aftermath", "meld", "reversible_card"}


class PoolFileError(Exception):
    """A card-data file that cannot be read: the message is one line, naming the file and what is wrong."""


@dataclass(frozen=True)
class Face:
    """One face of a card, as printed: what a board object of it holds, and its Oracle text."""

    name: str
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    color_indicator: tuple[str, ...] = ()
    mana_cost: str = ""
    power: str | None = None  # as printed: "2", "*", "1+*"
    toughness: str | None = None
    loyalty: str | None = None
    text: str = ""  # its Oracle text, lines joined by newlines


@dataclass(frozen=True)
class PoolCard:
    """One Oracle card of a card-data file: its faces (one for most cards), layout and mana value."""

    name: str
    layout: str
    faces: tuple[Face, ...]
    mana_value: int

    @property
    def front(self) -> Face:
        return self.faces[0]


def read_pool_file(path: Path, progress: Callable[[int, int], None] | None = None) -> tuple[dict[str, str],
                                                                                           list[PoolCard]]:
    """The file's description (``source``, ``date``) and its cards. ``progress(done, total)`` is called as cards
    are read."""
    try:
        data = json.loads(path.read_bytes())
    except OSError as error:
        raise PoolFileError(f"{path}: cannot be read ({error.strerror or error})") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise PoolFileError(f"{path}: not a JSON file ({error})") from None
    if isinstance(data, dict) and isinstance(data.get("data"), dict) and isinstance(data.get("meta"), dict):
        about = {"source": "MTGJSON AtomicCards", "date": str(data["meta"].get("date", "unknown"))}
        entries: list[Any] = list(data["data"].items())
        read: Callable[[Any], PoolCard] = _mtgjson_card
    elif isinstance(data, list) and all(isinstance(e, dict) and e.get("object") == "card" for e in data[:10]):
        dates = sorted(str(e.get("released_at", "")) for e in data if e.get("released_at"))
        about = {"source": "Scryfall oracle-cards", "date": dates[-1] if dates else "unknown"}
        entries = data
        read = _scryfall_card
    else:
        raise PoolFileError(f"{path}: neither MTGJSON's AtomicCards.json ({{\"meta\", \"data\"}}) nor Scryfall's "
                            "oracle-cards (a list of card objects)")
    cards = []
    for n, entry in enumerate(entries, start=1):
        try:
            card = read(entry)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            where = entry[0] if isinstance(entry, tuple) else entry.get("name", f"entry {n}") \
                if isinstance(entry, dict) else f"entry {n}"
            raise PoolFileError(f"{path}: {where}: not a card entry of that format ({error!r})") from None
        if card is not None:
            cards.append(card)
        if progress is not None and (n % 1000 == 0 or n == len(entries)):
            progress(n, len(entries))
    return about, cards


# ---------------------------------------------------------------- MTGJSON


def _mtgjson_card(entry: tuple[str, list[dict[str, Any]]]) -> PoolCard | None:
    name, faces = entry
    faces = sorted(faces, key=lambda f: f.get("side", "a"))
    first = faces[0]
    layout = first.get("layout", "normal")
    if layout in ("token", "double_faced_token", "emblem", "art_series") or first.get("isFunny"):
        return None  # not a card a game of Magic holds (Un-cards are left out: silver-bordered rules)
    shown = faces if layout in MULTI_FACED else faces[:1]
    return PoolCard(name, layout, tuple(_mtgjson_face(f, name if layout not in MULTI_FACED else None) for f in shown),
                    int(first.get("manaValue", first.get("convertedManaCost", 0))))


def _mtgjson_face(face: dict[str, Any], name: str | None) -> Face:
    kinds = (tuple(s.lower() for s in face.get("supertypes", ())), tuple(t.lower() for t in face.get("types", ())),
             tuple(_subtype_word(s) for s in face.get("subtypes", ())))
    return _face(face, name or face.get("faceName") or face["name"], kinds, face.get("colors", ()), _MTGJSON_KEYS)


# ---------------------------------------------------------------- Scryfall


def _scryfall_card(card: dict[str, Any]) -> PoolCard | None:
    layout = card.get("layout", "normal")
    if layout in ("token", "double_faced_token", "emblem", "art_series") or card.get("set_type") == "funny":
        return None
    faces = card.get("card_faces") if layout in MULTI_FACED and card.get("card_faces") else [card]
    return PoolCard(card["name"], layout, tuple(_scryfall_face(f, card) for f in faces),
                    int(card.get("cmc", mana_value_of_cost(card.get("mana_cost", "")))))


def _scryfall_face(face: dict[str, Any], card: dict[str, Any]) -> Face:
    kinds = split_type_line(face.get("type_line", card.get("type_line", "")))
    return _face(face, face["name"], kinds, face.get("colors", card.get("colors", ())), _SCRYFALL_KEYS)


# ---------------------------------------------------------------- both

# What each file calls a face's color indicator, mana cost and Oracle text.
_MTGJSON_KEYS = ("colorIndicator", "manaCost", "text")
_SCRYFALL_KEYS = ("color_indicator", "mana_cost", "oracle_text")


def _face(face: dict[str, Any], name: str, kinds: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]],
          colors: Any, keys: tuple[str, str, str]) -> Face:
    """A face from either file: its name, (supertypes, card types, subtypes) and color letters as read, the rest
    under the file's own keys."""
    indicator, cost, text = keys
    supertypes, types, subtypes = kinds
    return Face(name=name, types=types, subtypes=subtypes, supertypes=supertypes,
                colors=tuple(COLOR_WORDS[c] for c in colors),
                color_indicator=tuple(COLOR_WORDS[c] for c in face.get(indicator, ())),
                mana_cost=face.get(cost, ""), power=face.get("power"), toughness=face.get("toughness"),
                loyalty=face.get("loyalty"), text=face.get(text, ""))


# The subtypes of two words (205.3m lists the creature type Time Lord): a type line's words are split at spaces but
# these, which are one subtype each, as MTGJSON's subtype lists hold them.
_TWO_WORD_SUBTYPES = ("Time Lord",)


def split_type_line(line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Supertypes, card types and subtypes of a printed type line ("Legendary Enchantment Creature — God")."""
    left, _, right = line.partition("—")
    words = left.lower().split()
    supertypes = tuple(w for w in words if w in SUPERTYPES)
    types = tuple(w for w in words if w not in SUPERTYPES)
    for two in _TWO_WORD_SUBTYPES:
        right = right.replace(two, two.replace(" ", "\0"))
    return supertypes, types, tuple(_subtype_word(s.replace("\0", " ")) for s in right.split())


def _subtype_word(word: str) -> str:
    """A subtype as the board vocabulary writes it: lowercase, a space inside one subtype as a hyphen."""
    return word.strip().lower().replace(" ", "-")
