"""Stage 2 of loading a board: plain data, and the limits every board stays within.

Before anything reads a board's meaning, its data must be plain: a mapping at the root,
string keys, nothing that contains itself, and sizes within the limits below. The limits
keep broken or hostile input from exhausting memory, the interpreter's stack or the
engines' time; each is refused with the place and the limit, and the comments say how
each figure was chosen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from diffcheck.boards.problems import DocPath, describe
from diffcheck.words import ordinal
from engines.board import CARD_ZONES as BOARD_CARD_ZONES

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "MAX_FILE_BYTES", "MAX_OBJECTS", "MAX_EFFECTS", "MAX_CARDS", "MAX_ITEMS", "MAX_DEPTH", "MAX_VALUES",
    "CARD_ZONES", "CONTINUOUS_EFFECTS", "plain_data_problem", "effect_count_problem", "continuous_effects",
    "body_count", "over_limit",
]

# A real board (a judge's, a rules historian's, a shrunk divergence) is far
# below every one of them; they keep broken or hostile input from exhausting memory, the
# interpreter's stack or the engines' time, and each is refused with a BoardError that
# names the place and the limit.

# The file, checked with fstat() before a byte is read (a pipe or a device is read one
# byte past the limit at most). A generated board of MAX_OBJECTS objects and MAX_EFFECTS
# effects is at most about 45 KB of JSON, 85 KB indented, 45 KB of YAML. The YAML reader
# (PyYAML's pure-Python one: it gives positions, and it stops at the interpreter's
# recursion limit, where libyaml's crashes on deep nesting) reads dense YAML at 0.1-0.2
# MB/s, so a file of junk at the limit is still refused within a few seconds.
MAX_FILE_BYTES = 512 * 1024
# Objects and continuous effects: the engines' work grows with the objects times the
# square of the effects in a layer (each dependency check is a trial application), with
# a heavy tail. cr613 on generated boards (BoardGenerator(Size(n, n, m, m)), SeededChoices
# seeds 0-59) of 200 objects and 100 effects (and 10-15 granted abilities, so a little over
# the limit): median 0.01 s, 90th percentile 0.19 s, worst 0.99 s when first measured; in
# November 2026, with copy loops generated too and on a machine about half as fast, median
# 0.02 s, 90th percentile 0.17 s, worst 1.6 s (the engine of before took the same on those
# boards); hand-built worst cases at that size about 2 s. 300 objects and 100 effects: 3 boards of 60 over 60 s; 1,000
# and 1,000: 6.5-45 s; 1,000 objects and only 50 effects: a board over 60 s. Effects
# count resolved effects and static abilities, printed or granted, together: each
# generates a continuous effect.
MAX_OBJECTS = 200
MAX_EFFECTS = 100
# Cards outside the battlefield, all zones and players together: a count of a zone reads all its cards.
MAX_CARDS = 1000
CARD_ZONES = tuple(BOARD_CARD_ZONES)  # graveyards, exile, hands, libraries, stack
# Any one list or mapping (players, affects, counters, change_text, a graveyard, ...):
# keeps the work on any one value in proportion to the file. At least MAX_OBJECTS, so an
# affects list can name every object.
MAX_ITEMS = 1000
# Nesting, and mappings and lists in all (YAML aliases count each time they are used, so
# an alias bomb is refused before it is expanded): a generated board of the most objects
# and effects is 12 levels deep and holds under 1,500 mappings and lists.
MAX_DEPTH = 60
MAX_VALUES = 100_000


# What the effects limit counts, as every message about it says it.
CONTINUOUS_EFFECTS = "continuous effects (effects and static abilities, printed or granted, count together)"


def over_limit(nth: int, total: int, things: str, limit: int, holder: str = "board") -> str:
    """The wording of every limit met at one item: "the 101st of 150 continuous effects (...); the most a
    board may have is 100". Naming the item over the limit and the total together keeps the two counts from
    reading as a contradiction ("150 ...; this is number 101")."""
    return f"the {ordinal(nth)} of {total:,} {things}; the most a {holder} may have is {limit:,}"


_TOP_KEYS = "players, objects, effects, the zones of cards (graveyards, exile, hands, libraries, stack) and notes"


def plain_data_problem(data: Any) -> tuple[DocPath, str] | None:
    """A root that is not a mapping, a non-string key, a self-reference, or a runaway size."""
    if data is None:
        return [], f"the document is empty; expected a mapping with {_TOP_KEYS}"
    if not isinstance(data, dict):
        return [], f"expected a mapping with {_TOP_KEYS} at the top of the document; found {describe(data)}"
    # The two limits a big board meets first, before anything walks the document.
    for key, limit in (("objects", MAX_OBJECTS), ("effects", MAX_EFFECTS)):
        items = data.get(key)
        if isinstance(items, list) and len(items) > limit:
            return [key], f"{len(items):,} {key}; the most a board may have is {limit:,}"
    found = _PlainWalker().walk(data, [], 0)
    if found is not None:
        return found
    return effect_count_problem(data) or _card_count_problem(data)


class _PlainWalker:
    """Walks the document in order, counting values and watching the containers open above."""

    def __init__(self) -> None:
        self.count = 0
        self.open: set[int] = set()  # ids of the containers on the current path

    def walk(self, value: Any, path: DocPath, depth: int) -> tuple[DocPath, str] | None:
        if not isinstance(value, (dict, list)):
            if isinstance(value, int) and value.bit_length() > 10_000:
                # Only data built in Python can hold one (the readers stop at 4,300 digits),
                # and neither str() nor the schema's messages can write it.
                return path, "expected a number a board can use; found an integer of thousands of digits"
            return None
        self.count += 1
        if self.count > MAX_VALUES:
            return path, (
                f"the document holds more than {MAX_VALUES:,} mappings and lists "
                "(YAML aliases count each time they are used)"
            )
        if depth > MAX_DEPTH:
            return path, f"the document is nested more than {MAX_DEPTH} levels deep here"
        if id(value) in self.open:
            # Only a YAML alias inside its own anchor (or hand-built data) can do this.
            return path, "this value contains itself (a YAML alias used inside its own anchor)"
        if len(value) > MAX_ITEMS:
            noun = "items" if isinstance(value, list) else "keys"
            kind = "list" if isinstance(value, list) else "mapping"
            return path, f"{len(value):,} {noun} in one {kind}; the most a {kind} may hold is {MAX_ITEMS:,}"
        self.open.add(id(value))
        try:
            return self._walk_children(value, path, depth)
        finally:
            self.open.discard(id(value))

    def _walk_children(self, value: dict | list, path: DocPath, depth: int) -> tuple[DocPath, str] | None:
        if isinstance(value, list):
            items: Iterable[tuple[Any, Any]] = enumerate(value)
        else:
            for key in value:
                if not isinstance(key, str):
                    return path, _bad_key_message(key)
            items = value.items()
        for step, child in items:
            found = self.walk(child, path + [step], depth + 1)
            if found is not None:
                return found
        return None


def _body_holders(data: dict[str, Any]):
    """(kind, list, its place) for every list whose items hold effect bodies: objects, effects and each
    player's cards in each zone, in document order."""
    for key, section in data.items():
        if key in ("objects", "effects") and isinstance(section, list):
            yield key, section, [key]
        elif key in CARD_ZONES and isinstance(section, dict):
            for player, cards in section.items():
                if isinstance(cards, list):
                    yield "cards", cards, [key, player]


def continuous_effects(data: dict[str, Any]) -> list[DocPath]:
    """The places of the board's continuous effects, in document order: every resolved effect and every static
    ability, printed or granted (abilities.add, and what those grant).

    Runs on any plain data (before the schema), so it counts only what looks like a body.
    """
    bodies: list[DocPath] = []
    for key, section, where in _body_holders(data):
        for index, item in enumerate(section):
            if not isinstance(item, dict):
                continue
            if key == "effects":
                bodies.append([key, index])
                _granted_bodies([key, index], item, bodies)
                continue
            abilities = item.get("static")
            if isinstance(abilities, list):
                for number, ability in enumerate(abilities):
                    if isinstance(ability, dict):
                        bodies.append([*where, index, "static", number])
                        _granted_bodies([*where, index, "static", number], ability, bodies)
    return bodies


def body_count(body: Mapping[str, Any]) -> int:
    """The continuous effects one body makes: itself and the static abilities it grants, and theirs."""
    granted: list[DocPath] = []
    _granted_bodies([], body, granted)
    return 1 + len(granted)


def effect_count_problem(data: dict[str, Any]) -> tuple[DocPath, str] | None:
    """More continuous effects than MAX_EFFECTS (``continuous_effects``); the place reported is the first body
    over the limit, in document order."""
    bodies = continuous_effects(data)
    if len(bodies) <= MAX_EFFECTS:
        return None
    return bodies[MAX_EFFECTS], over_limit(MAX_EFFECTS + 1, len(bodies), CONTINUOUS_EFFECTS, MAX_EFFECTS)


def _granted_bodies(path: DocPath, body: Mapping[str, Any], bodies: list[DocPath]) -> None:
    """The paths of the static abilities ``body`` grants (abilities.add), and theirs, in order."""
    abilities = body.get("abilities")
    added = abilities.get("add") if isinstance(abilities, dict) else None
    if not isinstance(added, list):
        return
    for number, ability in enumerate(added):
        if isinstance(ability, dict):
            place = path + ["abilities", "add", number]
            bodies.append(place)
            _granted_bodies(place, ability, bodies)


def _card_count_problem(data: dict[str, Any]) -> tuple[DocPath, str] | None:
    """More cards in graveyards and exile, all players together, than MAX_CARDS."""
    lists = [
        ([zone, player], cards)
        for zone in CARD_ZONES if isinstance(data.get(zone), dict)
        for player, cards in data[zone].items() if isinstance(cards, list)
    ]
    total = sum(len(cards) for _, cards in lists)
    if total <= MAX_CARDS:
        return None
    seen = 0
    for path, cards in lists:
        if seen + len(cards) > MAX_CARDS:
            return path + [MAX_CARDS - seen], over_limit(
                MAX_CARDS + 1, total, "cards in graveyards and exile, all players together", MAX_CARDS)
        seen += len(cards)
    return None  # not reached: the counts above add up to total


def _bad_key_message(key: Any) -> str:
    message = f"every key must be a string; found the key {describe(key)}"
    if isinstance(key, bool):
        message += " (YAML reads unquoted yes, no, on, off, true and false as true or false: quote the key)"
    else:
        message += " (quote the key)"
    return message
