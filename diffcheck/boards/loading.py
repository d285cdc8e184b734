"""Load a board file (contract v1), check it, and build an ``engines.board.Board``.

A board is checked in stages, and the first stage that finds a problem reports it:

1. reading: the file is not absurdly large (checked before it is read), its bytes are
   UTF-8, and the text is valid JSON or YAML (syntax errors carry a line and column);
2. plain data: the root is a mapping, every key is a string, nothing refers to itself,
   the document is neither absurdly deep nor (once YAML aliases expand) absurdly large,
   and the board stays within the limits below (objects, effects, cards, items per list);
3. shape: the JSON Schema ``diffcheck/schema/board-v1.schema.json``, its errors turned into
   plain sentences;
3a. cards: ``card:`` objects and ``cast:`` effects are written out from the catalogue
   (unknown names, wrong target counts and missing choices are found here);
4. meaning: what a schema cannot say, because it needs the whole document (ids, players,
   timestamps, attachment cycles) or the rules (characteristic-defining
   abilities, text changes).

Within a stage the problem reported is the first in document order, so one file always
gives the same single error. Every problem is a ``BoardError`` naming the file, the place
in the document (``objects[2].static[0].pt.modify``) and what was expected, on one line
(values quoted in a message are shortened and their control characters escaped), and no
input makes the loader raise anything else (``python -m diffcheck.boards.fuzz`` checks that).
"""

from __future__ import annotations

import datetime
import difflib
import json
import math
import os
import re
from collections import defaultdict
from copy import deepcopy
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

import yaml

from diffcheck.catalogue import CardReferenceError, expand_board
from diffcheck.catalogue.expand import original_path
from diffcheck.words import and_list as _and_list
from diffcheck.words import count_phrase as _count_phrase
from diffcheck.words import or_list as _or_list
from diffcheck.words import q as _q
from diffcheck.words import shorten as _shorten
from engines.board import COLORS, DEFAULT_PLAYERS, MIXED_PT_COUNTER, Board, counter_pt_change

if TYPE_CHECKING:  # jsonschema is imported when a board is first validated: every command would pay for it
    import jsonschema

__all__ = ["BoardError", "load_board", "board_from_data", "checked_board_data", "validate_board_data", "board_schema"]

SCHEMA_PACKAGE = "diffcheck.schema"
SCHEMA_FILE = "board-v1.schema.json"

# A path into the document: mapping keys and list indexes, outermost first.
DocPath = list[Any]

# ---- Limits. A real board (a judge's, a rules historian's, a shrunk divergence) is far
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
# Cards in graveyards and in exile, all players together: a count of a zone reads all its cards.
MAX_CARDS = 1000
CARD_ZONES = ("graveyards", "exile")
# Any one list or mapping (players, affects, counters, change_text, a graveyard, ...):
# keeps the work on any one value in proportion to the file. At least MAX_OBJECTS, so an
# affects list can name every object.
MAX_ITEMS = 1000
# Nesting, and mappings and lists in all (YAML aliases count each time they are used, so
# an alias bomb is refused before it is expanded): a generated board of the most objects
# and effects is 12 levels deep and holds under 1,500 mappings and lists.
MAX_DEPTH = 60
MAX_VALUES = 100_000

PART_KEYS = ("copy", "control", "change_text", "types", "subtypes", "supertypes", "colors", "abilities", "pt")
# What a characteristic-defining ability may define: 2009 604.3a(1) names colors, subtypes,
# power and toughness; old 405.2 adds types and supertypes, and the board format keeps both.
CDA_PART_KEYS = ("types", "subtypes", "supertypes", "colors", "pt")
CDA_FORBIDDEN = {
    "copy": "copy an object",
    "control": "change control",
    "change_text": "change text",
    "abilities": "add or remove abilities",
    "modify": "modify power and toughness",
    "switch": "switch power and toughness",
}


class BoardError(Exception):
    """A board that cannot be used, with the place in the document and what was expected there."""

    def __init__(self, file: str, where: str, message: str) -> None:
        # One line, one screen, whatever the input: no line breaks or other control
        # characters (they are escaped), and nothing unboundedly long.
        file, where, message = _one_line(file), _one_line(where, 300), _one_line(message, 1000)
        super().__init__(file, where, message)
        self.file = file
        self.where = where
        self.message = message

    def __str__(self) -> str:
        if self.where:
            return f"{self.file}: {self.where}: {self.message}"
        return f"{self.file}: {self.message}"


# ---------------------------------------------------------------- public API


def load_board(path: str | os.PathLike[str]) -> Board:
    """Read, check and build the board in a .yaml, .yml or .json file.

    Any other extension is tried as JSON, then as YAML. Raises ``BoardError``.
    """
    file = os.fsdecode(path)
    return board_from_data(_read_document(Path(file), file), file)


def board_from_data(data: Any, file: str = "<data>") -> Board:
    """Check in-memory board data (as parsed from JSON or YAML) and build the board."""
    return Board.from_dict(checked_board_data(data, file))


def validate_board_data(data: Any, file: str = "<data>") -> None:
    """Raise ``BoardError`` for the first problem in ``data``; return quietly if it is a valid board."""
    checked_board_data(data, file)


def checked_board_data(data: Any, file: str = "<data>") -> dict[str, Any]:
    """Check ``data`` and return it as plain board data, which ``Board.from_dict`` accepts.

    Plain data is ``data`` itself unless the board names catalogue cards (``card:``,
    ``cast:``); then it is a new board with the cards written out
    (``diffcheck.catalogue.expand_board``), and a problem found in it is reported at its
    place in ``data``. Raises ``BoardError``.
    """
    for stage in (_plain_data_problem, _schema_problem):
        _raise_found(file, stage(data))
    try:
        plain = expand_board(data)
    except CardReferenceError as error:
        raise BoardError(file, _format_path(error.path), error.message) from None
    # Written-out cards pass the same checks: the count (a card brings static abilities
    # stage 2 could not see) and the schema (the catalogue's data is board vocabulary).
    found = None
    if plain is not data:
        found = _effect_count_problem(plain) or _schema_problem(plain)
    found = found or _meaning_problem(plain)
    if found is not None:
        _raise_found(file, (original_path(data, found[0]), found[1]))
    return plain


def _raise_found(file: str, found: tuple[DocPath, str] | None) -> None:
    if found is not None:
        path, message = found
        raise BoardError(file, _format_path(path), message)


def board_schema() -> dict[str, Any]:
    """The JSON Schema of contract v1 (a fresh copy, safe to change)."""
    return deepcopy(_schema())


# ---------------------------------------------------------------- stage 1: reading


def _read_document(path: Path, file: str) -> Any:
    """The parsed document in ``path``; the parser is chosen by the file's extension."""
    raw = _read_bytes(path, file)
    text = _decode(raw, file)
    suffix = path.suffix.lower()
    if suffix == ".json":
        return _parse_json(text, file)
    if suffix in (".yaml", ".yml"):
        return _parse_yaml(text, file)
    try:
        return _parse_json(text, file)
    except BoardError:
        # YAML's errors are the more useful ones for a file that is not JSON.
        return _parse_yaml(text, file)


def _read_bytes(path: Path, file: str) -> bytes:
    """The file's bytes; a file larger than MAX_FILE_BYTES is refused before it is read."""
    try:
        with path.open("rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > MAX_FILE_BYTES:
                raise BoardError(file, "", _too_large_message(f"is {_size_phrase(size)}"))
            # A pipe or a device has no size: read one byte past the limit, no more.
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise BoardError(file, "", f"cannot read the file: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise BoardError(file, "", _too_large_message("holds more"))
    return raw


def _too_large_message(found: str) -> str:
    return f"the file {found}; the most a board file may hold is {_size_phrase(MAX_FILE_BYTES)}"


def _size_phrase(size: int) -> str:
    """``100 MB (104,857,600 bytes)``, ``512 KB (524,288 bytes)``, ``900 bytes``."""
    for unit, scale in (("MB", 1024 * 1024), ("KB", 1024)):
        if size >= scale:
            return f"{size / scale:,.1f} {unit} ({size:,} bytes)".replace(f".0 {unit}", f" {unit}")
    return f"{size:,} bytes"


def _decode(raw: bytes, file: str) -> str:
    """The file's text; a byte-order mark, which some editors write, is dropped."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise BoardError(
            file,
            f"line {line}, column {column}",
            f"the file is not UTF-8 text: byte 0x{raw[exc.start]:02x} cannot be decoded; save it as UTF-8",
        ) from None
    return text.removeprefix("\ufeff")


# The JSON and YAML readers recurse once (or a few times) per level of nesting, so a
# document thousands of levels deep exhausts the interpreter's stack while it is read;
# the RecursionError is caught there and reported as this.
_TOO_DEEP = f"the document is nested too deeply to read; a board is at most {MAX_DEPTH} levels deep"

# Reading JSON text with the YAML reader, only to find where a key repeats, costs seconds
# per megabyte; above this size the message goes without a position.
_YAML_POSITION_MAX_CHARS = 256 * 1024


class _DuplicateKey(Exception):
    """A JSON object that repeats a key (the json module would silently keep the last)."""


def _unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def _parse_json(text: str, file: str) -> Any:
    try:
        return json.loads(text, object_pairs_hook=_unique_pairs)
    except json.JSONDecodeError as exc:
        raise BoardError(file, f"line {exc.lineno}, column {exc.colno}", f"JSON syntax error: {exc.msg}") from None
    except _DuplicateKey as exc:
        # json gives no position; the YAML reader, which reads JSON too, finds one.
        where = _yaml_duplicate_position(text)
        raise BoardError(file, where, f"JSON error: key {_q(exc.args[0])} appears twice in one object") from None
    except RecursionError:
        raise BoardError(file, "", _TOO_DEEP) from None
    except ValueError:
        # The json module's only other ValueError: an integer longer than Python converts
        # (sys.get_int_max_str_digits), raised without a position.
        raise BoardError(file, "", "JSON error: a number has too many digits to read") from None


def _yaml_duplicate_position(text: str) -> str:
    """Where the YAML reader finds a repeated key in ``text``, or "" if it cannot tell."""
    if len(text) > _YAML_POSITION_MAX_CHARS:
        return ""
    try:
        yaml.load(text, Loader=_StrictLoader)
    except yaml.MarkedYAMLError as exc:
        if exc.problem and "appears twice" in exc.problem and exc.problem_mark is not None:
            return _mark_position(exc.problem_mark)
    except Exception:  # noqa: BLE001 - only a best-effort position for a message
        pass
    return ""


class _StrictLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` that rejects repeated keys and reports bad scalars with their position."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        # Only the mapping's own keys count; keys merged in with "<<" may be overridden.
        # A node that is no mapping (!!set on a scalar) and an unhashable key (!!set on a
        # key) are left to the base class, which reports them with their position.
        seen: set[Any] = set()
        for key_node, _ in node.value if isinstance(node, yaml.MappingNode) else ():
            if key_node.tag == "tag:yaml.org,2002:merge" or not isinstance(key_node, yaml.ScalarNode):
                continue
            key = self.construct_object(key_node)
            try:
                hash(key)
            except TypeError:
                continue
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    "while reading a mapping", node.start_mark,
                    f"key {_q(key)} appears twice in one mapping", key_node.start_mark,
                )
            seen.add(key)
        return super().construct_mapping(node, deep=deep)

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        # A scalar that matches a YAML type but cannot be built (month 13, an integer of
        # 5000 digits) raises a plain ValueError without a position; give it one.
        try:
            return super().construct_object(node, deep=deep)
        except (ValueError, OverflowError) as exc:
            reason = "a number with too many digits" if "digits" in str(exc) else str(exc)
            raise yaml.constructor.ConstructorError(
                None, None, f"cannot read this value ({reason})", node.start_mark
            ) from None
        except _CONSTRUCTION_ERRORS:
            # PyYAML's constructors trust an explicit tag (!!timestamp x, !!set [a]) to fit its value.
            raise yaml.constructor.ConstructorError(
                None, None, f"cannot read this value as {_tag_name(node.tag)}", node.start_mark
            ) from None


# What PyYAML's constructors raise, besides their own errors, on a value that does not fit
# an explicit tag. Raised while a node is built, they get its position (construct_object
# above); raised while a collection is filled in afterwards, they get none (_parse_yaml).
_CONSTRUCTION_ERRORS = (TypeError, AttributeError, KeyError, IndexError, ValueError, OverflowError)


def _tag_name(tag: str) -> str:
    return "!!" + tag.removeprefix("tag:yaml.org,2002:") if tag.startswith("tag:yaml.org,2002:") else tag


def _parse_yaml(text: str, file: str) -> Any:
    try:
        return yaml.load(text, Loader=_StrictLoader)
    except yaml.MarkedYAMLError as exc:
        raise BoardError(file, _mark_position(exc.problem_mark or exc.context_mark), _yaml_message(exc)) from None
    except yaml.reader.ReaderError as exc:
        raise BoardError(
            file, _offset_position(text, exc.position),
            f"YAML syntax error: character U+{exc.character:04X} is not allowed in YAML text"
            if isinstance(exc.character, int) else f"YAML syntax error: {exc.reason}",
        ) from None
    except yaml.YAMLError as exc:
        raise BoardError(file, "", f"YAML syntax error: {exc}") from None
    except RecursionError:
        raise BoardError(file, "", _TOO_DEEP) from None
    except _CONSTRUCTION_ERRORS:
        raise BoardError(
            file, "", "YAML error: a value does not fit its explicit tag (such as !!set or !!omap; a board needs none)"
        ) from None


def _yaml_message(exc: yaml.MarkedYAMLError) -> str:
    message = f"YAML syntax error: {exc.problem}"
    if exc.context and exc.context_mark is not None and exc.context_mark is not exc.problem_mark:
        message += f" ({exc.context} at line {exc.context_mark.line + 1})"
    return message


def _mark_position(mark: Any) -> str:
    return "" if mark is None else f"line {mark.line + 1}, column {mark.column + 1}"


def _offset_position(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"


# ---------------------------------------------------------------- stage 2: plain data

_TOP_KEYS = "players, objects, graveyards, exile, effects and notes"


def _plain_data_problem(data: Any) -> tuple[DocPath, str] | None:
    """A root that is not a mapping, a non-string key, a self-reference, or a runaway size."""
    if data is None:
        return [], f"the document is empty; expected a mapping with {_TOP_KEYS}"
    if not isinstance(data, dict):
        return [], f"expected a mapping with {_TOP_KEYS} at the top of the document; found {_describe(data)}"
    # The two limits a big board meets first, before anything walks the document.
    for key, limit in (("objects", MAX_OBJECTS), ("effects", MAX_EFFECTS)):
        items = data.get(key)
        if isinstance(items, list) and len(items) > limit:
            return [key], f"{len(items):,} {key}; the most a board may have is {limit:,}"
    found = _PlainWalker().walk(data, [], 0)
    if found is not None:
        return found
    return _effect_count_problem(data) or _card_count_problem(data)


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


def _effect_count_problem(data: dict[str, Any]) -> tuple[DocPath, str] | None:
    """More continuous effects than MAX_EFFECTS: resolved effects and static abilities, printed or granted.

    Runs on any plain data (before the schema), so it counts only what looks like a body.
    The place reported is the first body over the limit, in document order.
    """
    bodies: list[DocPath] = []
    for key, section in data.items():
        if key not in ("objects", "effects") or not isinstance(section, list):
            continue
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
                        bodies.append([key, index, "static", number])
                        _granted_bodies([key, index, "static", number], ability, bodies)
    if len(bodies) <= MAX_EFFECTS:
        return None
    return bodies[MAX_EFFECTS], (
        f"{len(bodies):,} continuous effects (effects and static abilities, printed or granted, count together); "
        f"the most a board may have is {MAX_EFFECTS:,}, and this is number {MAX_EFFECTS + 1:,}"
    )


def _granted_bodies(path: DocPath, body: dict[str, Any], bodies: list[DocPath]) -> None:
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
            return path + [MAX_CARDS - seen], (
                f"{total:,} cards in graveyards and exile in all; the most a board may have is {MAX_CARDS:,}, "
                f"all players together, and this is card number {MAX_CARDS + 1:,}"
            )
        seen += len(cards)
    return None  # not reached: the counts above add up to total


def _bad_key_message(key: Any) -> str:
    message = f"every key must be a string; found the key {_describe(key)}"
    if isinstance(key, bool):
        message += " (YAML reads unquoted yes, no, on, off, true and false as true or false: quote the key)"
    else:
        message += " (quote the key)"
    return message


# ---------------------------------------------------------------- stage 3: shape (JSON Schema)


@lru_cache(maxsize=1)
def _schema() -> dict[str, Any]:
    text = resources.files(SCHEMA_PACKAGE).joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    return json.loads(text)


def _is_integer(_checker: Any, value: Any) -> bool:
    # JSON Schema counts 2.0 as an integer, but Board.from_dict would keep the float and
    # treat it as a count; boards write integers without a fraction.
    return isinstance(value, int) and not isinstance(value, bool)


def _unique_items(validator: Any, unique: Any, instance: Any, schema: Any) -> Iterable[jsonschema.ValidationError]:
    # jsonschema compares the items of a list of mappings pair by pair (quadratic: a list of
    # a thousand mappings costs seconds); comparing their canonical JSON texts is linear.
    from jsonschema import ValidationError

    if unique and validator.is_type(instance, "array") and _first_repeat(instance) is not None:
        yield ValidationError("has non-unique elements")


@lru_cache(maxsize=1)
def _validator() -> Any:
    from jsonschema import Draft202012Validator, validators

    board_validator = validators.extend(
        Draft202012Validator,
        validators={"uniqueItems": _unique_items},
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
    )
    return board_validator(_schema())


def _schema_problem(data: dict[str, Any]) -> tuple[DocPath, str] | None:
    try:
        errors = list(_validator().iter_errors(data))
    except RecursionError:
        return [], "the document is nested too deeply"
    if not errors:
        return None
    return _explain(_first_error(errors, data), data)


def _first_error(errors: Sequence[jsonschema.ValidationError], data: Any) -> jsonschema.ValidationError:
    """The error at the earliest place in the document; ties keep the validator's order."""
    orders: dict[int, dict[Any, int]] = {}
    return min(errors, key=lambda e: _position(data, _error_path(e, data), orders))


def _error_path(error: jsonschema.ValidationError, data: Any) -> DocPath:
    """Where an error is: the offending key or item where one can be named, not just its container."""
    path = list(error.absolute_path)
    if "propertyNames" in error.absolute_schema_path:
        return path + [error.instance]
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        extras = _unknown_keys(error.instance, error.schema)
        return path + extras[:1]
    if error.validator == "uniqueItems" and isinstance(error.instance, list):
        repeat = _first_repeat(error.instance)
        return path + ([repeat[1]] if repeat else [])
    return path


def _explain(error: jsonschema.ValidationError, data: Any) -> tuple[DocPath, str]:
    """The path and the plain sentence for one schema error."""
    if error.validator in ("oneOf", "anyOf"):
        if _only_required_branches(error.validator_value):
            return _explain_missing_part(error)
        return _explain_choice(error, data)
    path = _error_path(error, data)
    special = _resolved_affects_message(error)
    if special:
        return path, special
    explain = _EXPLAINERS.get(error.validator, _explain_other)
    return path, explain(error)


def _only_required_branches(branches: Any) -> bool:
    return isinstance(branches, list) and all(isinstance(b, dict) and set(b) == {"required"} for b in branches)


def _explain_missing_part(error: jsonschema.ValidationError) -> tuple[DocPath, str]:
    keys = [key for branch in error.validator_value for key in branch["required"]]
    what = "effect part" if keys == list(PART_KEYS) else "key"
    message = f"expected at least one {what}: {_or_list(keys)}; found none"
    return list(error.absolute_path), message + _misspelling_hint(error.instance, keys, error.schema)


def _explain_choice(error: jsonschema.ValidationError, data: Any) -> tuple[DocPath, str]:
    """A value that fits none of several shapes: explain the shape it was evidently meant to be.

    The branches of every choice in the schema differ by JSON type, or mappings by the key they
    require (a value's ``count``, ``power_of``, ``toughness_of``), so the branch whose type and
    key fit is the one the author meant. A mapping or a list, or a problem deeper inside, is
    explained within that branch; a wrong scalar gets the list of every accepted shape.
    """
    path = list(error.absolute_path)
    branches = error.validator_value
    by_branch: dict[int, list[jsonschema.ValidationError]] = defaultdict(list)
    for sub in error.context or ():
        by_branch[sub.relative_schema_path[0]].append(sub)
    fitting = [i for i in range(len(branches)) if not _wrong_type(by_branch[i])]
    if len(fitting) > 1:
        fitting = [i for i in fitting if not _missing_required(by_branch[i])]
    if len(fitting) == 1 and by_branch[fitting[0]]:
        subs = by_branch[fitting[0]]
        if isinstance(error.instance, (dict, list)) or any(sub.relative_path for sub in subs):
            return _explain(_first_error(subs, data), data)
    shapes = _or_list([_title(branch) for branch in branches])
    if not error.context:  # valid under more than one branch; the schema's branches rule this out
        return path, f"expected exactly one of {shapes}; found {_describe(error.instance)}, which fits several"
    return path, f"expected {shapes}; found {_describe(error.instance)}"


def _wrong_type(errors: list[jsonschema.ValidationError]) -> bool:
    return any(e.validator == "type" and not e.relative_path for e in errors)


def _missing_required(errors: list[jsonschema.ValidationError]) -> bool:
    return any(e.validator == "required" and not e.relative_path for e in errors)


def _resolved_affects_message(error: jsonschema.ValidationError) -> str | None:
    """Effects from resolved spells lock in their objects (old 418.3b; 2009 611.2c): say so."""
    path = list(error.absolute_path)
    if error.validator != "type" or len(path) != 3 or path[0] != "effects" or path[2] != "affects":
        return None
    return (
        "an effect from a resolved spell or ability affects a fixed list of object ids "
        f"(old 418.3b; 2009 611.2c); found {_describe(error.instance)}; "
        "\"self\", \"attached\" and filters are for static abilities"
    )


# One sentence per JSON Schema keyword; each returns the message for the error's value.


def _explain_type(error: jsonschema.ValidationError) -> str:
    expected = _title(error.schema) or _TYPE_NAMES.get(str(error.validator_value), "another kind of value")
    return f"expected {expected}; found {_describe(error.instance)}{_type_hint(error)}"


def _type_hint(error: jsonschema.ValidationError) -> str:
    value, wanted = error.instance, error.validator_value
    if wanted == "integer" and isinstance(value, float) and value.is_integer():
        return " (write integers without a fraction)"
    if wanted == "string" and isinstance(value, bool):
        return " (YAML reads unquoted yes, no, on, off, true and false as true or false: quote it)"
    if wanted == "string" and isinstance(value, (int, float, datetime.date)):
        return " (quote it to make it a string)"
    return ""


def _explain_enum(error: jsonschema.ValidationError) -> str:
    allowed = [str(v) for v in error.validator_value]
    message = f"expected one of {', '.join(allowed)}; found {_describe(error.instance)}"
    return message + _did_you_mean(error.instance, allowed)


def _explain_const(error: jsonschema.ValidationError) -> str:
    message = f"expected {json.dumps(error.validator_value)}; found {_describe(error.instance)}"
    if error.validator_value is True and error.instance is False:
        message += " (leave the key out instead of writing false)"
    return message


def _explain_by_title(error: jsonschema.ValidationError) -> str:
    """pattern, minimum, maximum: the schema's title says the whole accepted range."""
    expected = _title(error.schema)
    if not expected:
        bound = {"minimum": "at least", "maximum": "at most", "pattern": "a string matching"}[error.validator]
        expected = f"{bound} {error.validator_value}"
    return f"expected {expected}; found {_describe(error.instance)}"


def _explain_min_length(error: jsonschema.ValidationError) -> str:
    return f"expected {_title(error.schema) or 'a non-empty string'}; found {_describe(error.instance)}"


def _explain_item_count(error: jsonschema.ValidationError) -> str:
    """minItems and maxItems; a pair says how many values it needs."""
    low, high = error.schema.get("minItems"), error.schema.get("maxItems")
    found = _count_phrase(len(error.instance), "value")
    if low is not None and low == high:
        return f"expected {_title(error.schema) or 'a list'}: exactly {_count_phrase(low, 'value')}; found {found}"
    if error.validator == "minItems":
        hint = ""
        path = list(error.absolute_path)
        settable = ("types", "subtypes", "supertypes", "colors")
        if len(path) >= 2 and path[-1] in ("add", "remove") and path[-2] in settable:
            hint = " (only set may be an empty list)"
        # Only a list's own title describes it; a referenced definition's title may allow empty lists.
        expected = error.schema.get("title") or f"at least {_count_phrase(low, 'item')}"
        return f"expected {expected}; found {_describe(error.instance)}{hint}"
    return f"expected at most {_count_phrase(high, 'item')}; found {found}"


def _explain_unique(error: jsonschema.ValidationError) -> str:
    repeat = _first_repeat(error.instance)
    if repeat is None:
        return "the items of this list must be distinct"
    first, second = repeat
    return (
        f"{_describe(error.instance[second])} is repeated (it is already item [{first}]); "
        "the items of this list must be distinct"
    )


def _explain_min_properties(error: jsonschema.ValidationError) -> str:
    keys = list(error.schema.get("properties", ()))
    if keys and error.schema.get("maxProperties") == 1:
        return f"expected exactly one of {_or_list(keys)}; found an empty mapping"
    if keys:
        return f"expected one or more of {_and_list(keys)}; found an empty mapping"
    return f"expected {_title(error.schema) or 'a non-empty mapping'}; found an empty mapping"


def _explain_max_properties(error: jsonschema.ValidationError) -> str:
    keys = list(error.schema.get("properties", ()))
    found = _shorten(_and_list([_shorten(str(key), 40) for key in error.instance]))
    if keys and error.validator_value == 1:
        return f"expected exactly one of {_or_list(keys)}; found {found}"
    return f"expected at most {error.validator_value} keys; found {found}"


def _explain_required(error: jsonschema.ValidationError) -> str:
    missing = [k for k in error.validator_value if k not in error.instance]
    message = f"missing the required key {_q(missing[0])}"
    return message + _misspelling_hint(error.instance, missing, error.schema)


def _explain_additional(error: jsonschema.ValidationError) -> str:
    allowed = list(error.schema.get("properties", ()))
    unknown = _unknown_keys(error.instance, error.schema)[0]
    return f"unknown key {_q(unknown)}{_did_you_mean(unknown, allowed)}; the keys allowed here are {', '.join(allowed)}"


def _explain_dependent(error: jsonschema.ValidationError) -> str:
    for key, needed in error.validator_value.items():
        missing = [k for k in needed if key in error.instance and k not in error.instance]
        if missing:
            return f"{_q(key)} is given without {_q(missing[0])}: give both or neither"
    return f"expected {_and_list(list(error.validator_value))} together"


def _explain_other(error: jsonschema.ValidationError) -> str:
    # Every keyword the schema uses has its own sentence; this covers a future schema edit.
    expected = _title(error.schema) or "a different value"
    return f"expected {expected}; found {_describe(error.instance)}"


_EXPLAINERS = {
    "type": _explain_type,
    "enum": _explain_enum,
    "const": _explain_const,
    "pattern": _explain_by_title,
    "minimum": _explain_by_title,
    "maximum": _explain_by_title,
    "minLength": _explain_min_length,
    "minItems": _explain_item_count,
    "maxItems": _explain_item_count,
    "uniqueItems": _explain_unique,
    "minProperties": _explain_min_properties,
    "maxProperties": _explain_max_properties,
    "required": _explain_required,
    "additionalProperties": _explain_additional,
    "dependentRequired": _explain_dependent,
}

_TYPE_NAMES = {
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping",
    "null": "nothing",
}


def _title(schema: Any) -> str | None:
    """A schema's noun phrase for messages: its own title, or that of the definition it refers to."""
    if not isinstance(schema, dict):
        return None
    if "title" in schema:
        return schema["title"]
    ref = schema.get("$ref", "")
    if ref.startswith("#/$defs/"):
        return _title(_schema()["$defs"].get(ref.removeprefix("#/$defs/")))
    if "type" in schema:
        return _TYPE_NAMES.get(schema["type"])
    return None


def _unknown_keys(instance: dict[str, Any], schema: dict[str, Any]) -> list[str]:
    allowed = schema.get("properties", {})
    return [key for key in instance if key not in allowed]


def _misspelling_hint(instance: Any, wanted: Sequence[str], schema: dict[str, Any]) -> str:
    """For a missing key, point at an unknown key that looks like a misspelling of it."""
    if not isinstance(instance, dict):
        return ""
    for unknown in _unknown_keys(instance, schema):
        close = difflib.get_close_matches(unknown, wanted, n=1)
        if close:
            return f" (is {_q(unknown)} a misspelling of {_q(close[0])}?)"
    return ""


def _first_repeat(items: list[Any]) -> tuple[int, int] | None:
    """Indexes (first, second) of the first item that repeats an earlier one."""
    seen: dict[str, int] = {}
    for index, item in enumerate(items):
        # JSON text is a canonical form; bools stay distinct from 1 and 0, as JSON Schema wants.
        key = json.dumps(item, sort_keys=True, default=repr)
        if key in seen:
            return seen[key], index
        seen[key] = index
    return None


# ---------------------------------------------------------------- stage 4: meaning


def _meaning_problem(data: dict[str, Any]) -> tuple[DocPath, str] | None:
    problems = _MeaningChecker(data).run()
    if not problems:
        return None
    # min() keeps the first of equal positions, so ties go to the order of the checks.
    orders: dict[int, dict[Any, int]] = {}
    path, message = min(problems, key=lambda p: _position(data, p[0], orders))
    # Messages that cost work (suggestions among many ids) are written for the one reported.
    return path, message() if callable(message) else message


class _MeaningChecker:
    """The checks that need the whole document or the rules; runs on data that fits the schema."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.players_given = "players" in data
        self.players = list(data.get("players", DEFAULT_PLAYERS))
        self.player_set = set(self.players)
        self.objects = data.get("objects", [])
        self.effects = data.get("effects", [])
        self.object_index: dict[str, int] = {}
        for index, obj in enumerate(self.objects):
            self.object_index.setdefault(obj["id"], index)
        self.effect_ids = {effect["id"] for effect in self.effects}
        # Cards in graveyards and exile that have an id (values read them by it), with their place.
        self.card_places: dict[str, DocPath] = {}
        # A message is a string, or a function that writes it (only the reported one is written).
        self.problems: list[tuple[DocPath, str | Callable[[], str]]] = []

    def run(self) -> list[tuple[DocPath, str]]:
        self._check_zones()  # first: values in objects and effects read the cards' ids
        self._check_objects()
        self._check_effects()
        self._check_timestamps()
        self._check_attachment_cycles()
        return self.problems

    def problem(self, path: DocPath, message: str | Callable[[], str]) -> None:
        self.problems.append((path, message))

    # ---- objects, graveyards, effects

    def _check_objects(self) -> None:
        for index, obj in enumerate(self.objects):
            path: DocPath = ["objects", index]
            first = self.object_index[obj["id"]]
            if first != index:
                self.problem(path + ["id"], f"duplicate object id {_q(obj['id'])}: objects[{first}] has it already")
            for key in ("controller", "owner"):
                if key in obj:
                    self._check_player(path + [key], obj[key])
            self._check_attached_to(path, obj)
            self._check_counter_kinds(path, obj)
            self._check_event_timestamps(path, obj, index)
            for number, ability in enumerate(obj.get("static", ())):
                self._check_static(path + ["static", number], ability, granted=False)

    def _check_event_timestamps(self, path: DocPath, obj: dict[str, Any], index: int) -> None:
        """Counters are put on an object, and it turns face up or transforms, after it entered (613.7)."""
        own = obj.get("timestamp", index + 1)  # the default of Board.from_dict: position, from 1
        counters = obj.get("counters", {})
        for kind, at in obj.get("counter_timestamps", {}).items():
            if kind not in counters:
                self.problem(path + ["counter_timestamps", kind],
                             f"no {_q(kind)} counters on this object (counters: {sorted(counters) or 'none'}); "
                             "a counter timestamp belongs to a kind of counter it has")
            elif at < own:
                self.problem(path + ["counter_timestamps", kind],
                             f"timestamp {at} is before the object's own ({own}); a counter is put on an object "
                             "no earlier than it entered (613.7c)")
        for key, what in (("face_up_at", "turned face up"), ("transformed_at", "transformed")):
            if key in obj and obj[key] <= own:
                self.problem(path + [key],
                             f"{obj[key]} is not after the object's timestamp ({own}); it {what} after it entered "
                             "(613.6e-f)")

    def _check_attached_to(self, path: DocPath, obj: dict[str, Any]) -> None:
        target = obj.get("attached_to")
        if target is None:
            return
        if target == obj["id"]:
            self.problem(
                path + ["attached_to"],
                f"{_q(target)} is attached to itself; an Aura or Equipment cannot be "
                "(old 212.4g, 212.2i; 2009 303.4c, 301.7b)",
            )
        else:
            self._check_object_id(path + ["attached_to"], target)

    def _check_counter_kinds(self, path: DocPath, item: dict[str, Any]) -> None:
        for kind in item.get("counters", {}):
            if MIXED_PT_COUNTER.match(kind) and counter_pt_change(kind) is None:
                self.problem(
                    path + ["counters", kind],
                    f"{_q(kind)} mixes signs; a P/T counter is +X/+Y or -X/-Y, one sign for both "
                    "numbers (old 200.10; 2009 120.1a)",
                )

    def _check_zones(self) -> None:
        """The players of graveyards and exile, and the ids and counters of their cards."""
        for zone in CARD_ZONES:
            for player, cards in self.data.get(zone, {}).items():
                self._check_player([zone, player], player)
                for number, card in enumerate(cards):
                    path: DocPath = [zone, player, number]
                    self._check_counter_kinds(path, card)
                    card_id = card.get("id")
                    if card_id is None:
                        continue
                    if card_id in self.object_index or card_id in self.effect_ids:
                        self.problem(path + ["id"], f"card id {_q(card_id)} is already the id of an object or an "
                                                    "effect; ids must be unique across objects, effects and cards")
                    elif card_id in self.card_places:
                        self.problem(path + ["id"], f"duplicate card id {_q(card_id)}: "
                                                    f"{_format_path(self.card_places[card_id])} has it already")
                    self.card_places.setdefault(card_id, path)

    def _check_effects(self) -> None:
        seen: dict[str, int] = {}
        for index, effect in enumerate(self.effects):
            path: DocPath = ["effects", index]
            effect_id = effect["id"]
            if effect_id in self.object_index:
                self.problem(
                    path + ["id"],
                    f"effect id {_q(effect_id)} is already the id of objects[{self.object_index[effect_id]}]; "
                    "ids must be unique across objects and effects",
                )
            elif effect_id in seen:
                self.problem(
                    path + ["id"], f"duplicate effect id {_q(effect_id)}: effects[{seen[effect_id]}] has it already"
                )
            seen.setdefault(effect_id, index)
            if "controller" in effect:
                self._check_player(path + ["controller"], effect["controller"])
            for number, target in enumerate(effect["affects"]):
                self._check_object_id(path + ["affects", number], target)
            self._check_body(path, effect)

    # ---- static abilities and effect bodies

    def _check_static(self, path: DocPath, ability: dict[str, Any], granted: bool) -> None:
        """A printed or granted static ability: its CDA status, what it affects, its parts."""
        if ability.get("cda") is True:
            if granted:
                self.problem(
                    path + ["cda"],
                    "a granted ability is never characteristic-defining (2009 604.3a(2), (4); old 405.2); "
                    "leave cda out",
                )
            else:
                self._check_cda(path, ability)
        affects = ability.get("affects", "self")
        if isinstance(affects, list):
            for number, target in enumerate(affects):
                self._check_object_id(path + ["affects", number], target)
        elif isinstance(affects, dict):
            self._check_filter(path + ["affects", "filter"], affects["filter"])
        self._check_body(path, ability)

    def _check_cda(self, path: DocPath, ability: dict[str, Any]) -> None:
        """A characteristic-defining ability defines its own object's characteristics only (2009 604.3a; old 405.2)."""
        affects = ability.get("affects", "self")
        if affects != "self":
            self.problem(
                path + ["affects"],
                "a characteristic-defining ability (cda: true) defines only its own object "
                f"(2009 604.3a(3); old 405.2): affects must be \"self\" or left out; found {_describe(affects)}",
            )
        for key in PART_KEYS:
            if key in ability and key not in CDA_PART_KEYS:
                self.problem(path + [key], _cda_part_message(key))
        for operation in ability.get("pt", {}):
            if operation != "set":
                self.problem(path + ["pt", operation], _cda_part_message(operation))

    def _check_body(self, path: DocPath, body: dict[str, Any]) -> None:
        if "copy" in body:
            copy = body["copy"]
            if isinstance(copy, dict):
                self._check_object_id(path + ["copy", "of"], copy["of"])
                if ("power" in copy["except"]) != ("toughness" in copy["except"]):
                    self.problem(path + ["copy", "except"],
                                 "give power and toughness together, or neither (a copy exception sets both)")
            else:
                self._check_object_id(path + ["copy"], copy)
        if "control" in body and body["control"] != "you" and body["control"] not in self.player_set:
            self.problem(
                path + ["control"],
                f"expected \"you\" or a player ({_player_list(self.players)}); found {_q(body['control'])}",
            )
        for old, new in body.get("change_text", {}).items():
            self._check_text_change(path + ["change_text", old], old, new)
        for number, added in enumerate(body.get("abilities", {}).get("add", ())):
            if isinstance(added, dict):
                self._check_static(path + ["abilities", "add", number], added, granted=True)
        for operation in ("set", "modify"):
            for number, value in enumerate(body.get("pt", {}).get(operation, ())):
                if isinstance(value, dict) and "count" in value:
                    self._check_filter(path + ["pt", operation, number, "count"], value["count"])
                elif isinstance(value, dict):
                    (key, read), = value.items()
                    if read not in self.card_places and read not in self.object_index:
                        self.problem(path + ["pt", operation, number, key], lambda read=read: (
                            f"no object, and no card in a graveyard or in exile, has the id {_q(read)}; {key} "
                            "reads one of them" + _did_you_mean(read, [*self.object_index, *self.card_places])))

    def _check_text_change(self, path: DocPath, old: str, new: str) -> None:
        """Color words swap with color words, subtype words with subtype words (old 418.6a; 2009 612.2)."""
        if (old in COLORS) == (new in COLORS):
            return
        color, other = (old, new) if old in COLORS else (new, old)
        self.problem(
            path,
            f"a text change swaps a color word for a color word, or a subtype word for a subtype word "
            f"(old 418.6a; 2009 612.2); {_q(color)} is a color word and {_q(other)} is not",
        )

    def _check_filter(self, path: DocPath, filter_: dict[str, Any]) -> None:
        controller = filter_.get("controller")
        if controller is not None and controller not in ("you", "opponent") and controller not in self.player_set:
            self.problem(
                path + ["controller"],
                f"expected \"you\", \"opponent\" or a player ({_player_list(self.players)}); found {_q(controller)}",
            )

    # ---- names: players and object ids

    def _check_player(self, path: DocPath, name: str) -> None:
        if name in self.player_set:
            return
        default = "" if self.players_given else " (players is not given, so they are you and opponent)"
        self.problem(path, f"{_q(name)} is not a player; the players are {_player_list(self.players)}{default}")

    def _check_object_id(self, path: DocPath, object_id: str) -> None:
        if object_id in self.object_index:
            return
        self.problem(path, lambda: self._unknown_id_message(object_id))

    def _unknown_id_message(self, object_id: str) -> str:
        message = f"unknown object id {_q(object_id)}"
        if object_id in self.effect_ids:
            message += " (that is an effect's id; only objects can be named here)"
        known = list(self.object_index)
        message += _did_you_mean(object_id, known)
        if not known:
            message += "; the board has no objects"
        elif len(known) <= 8:
            message += f"; the object ids are {', '.join(known)}"
        return message

    # ---- whole-board checks

    def _check_timestamps(self) -> None:
        """Timestamps differ, except that objects that entered together share one (both given).

        Their order is the active player's choice (old 418.5e; 2009 613.6g: the board's order), or
        from 2020 APNAP order (613.7k). Defaults follow Board.from_dict: position in the document,
        objects then effects, from 1.
        """
        first: dict[int, tuple[DocPath, bool]] = {}
        items = [("objects", i, o) for i, o in enumerate(self.objects)]
        items += [("effects", i, e) for i, e in enumerate(self.effects)]
        for position, (section, index, item) in enumerate(items, start=1):
            given = "timestamp" in item
            stamp = item["timestamp"] if given else position
            path: DocPath = [section, index]
            if stamp in first:
                other, other_given = first[stamp]
                together = section == "objects" and other[0] == "objects" and given and other_given
                if not together:
                    self.problem(path + (["timestamp"] if given else []), _timestamp_message(stamp, given, other, other_given))
            else:
                first[stamp] = (path, given)

    def _check_attachment_cycles(self) -> None:
        """An attachment chain must end at an object attached to nothing: no a -> b -> a."""
        attached = {o["id"]: o.get("attached_to") for o in reversed(self.objects)}  # first object of an id wins
        for index, obj in enumerate(self.objects):
            start = obj["id"]
            chain, seen = [start], {start}
            current = obj.get("attached_to")
            while current is not None and current not in seen and current in attached:
                chain.append(current)
                seen.add(current)
                current = attached[current]
            if current == start and len(chain) > 1:
                self.problem(
                    ["objects", index, "attached_to"],
                    f"attachment cycle: {_arrows(chain + [start])}; each chain of attachments must end "
                    "at an object that is attached to nothing",
                )


def _arrows(chain: Sequence[str], limit: int = 12) -> str:
    """``a -> b -> a``; a long chain keeps its ends: ``a -> b -> ... (40 more) -> y -> a``."""
    if len(chain) > limit:
        chain = [*chain[: limit // 2], f"... ({len(chain) - limit + 1} more)", *chain[-(limit // 2) + 1 :]]
    return " -> ".join(_shorten(str(item), 40) for item in chain)


def _timestamp_message(stamp: int, given: bool, other_path: DocPath, other_given: bool) -> str:
    mine = f"timestamp {stamp}" if given else f"default timestamp {stamp} (its position in the document)"
    theirs = "given" if other_given else "its default, from its position"
    message = f"{mine} is also the timestamp of {_format_path(other_path)} ({theirs})"
    if given and other_given:
        return message + (
            "; only objects that entered together share a timestamp (old 418.5e; 2009 613.6g); an effect's is its own"
        )
    return message + "; give every object and effect a timestamp, or none"


def _cda_part_message(key: str) -> str:
    return (
        "a characteristic-defining ability (cda: true) only defines types, subtypes, supertypes, colors, "
        f"or power and toughness with pt.set (2009 604.3a(1); old 405.2); it cannot {CDA_FORBIDDEN[key]}"
    )


# ---------------------------------------------------------------- paths and wording


_PLAIN_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")


def _format_path(path: DocPath) -> str:
    """``objects[2].static[0].pt.modify``; keys that are not plain words are quoted: ``counters["+1/+1"]``."""
    out = ""
    for step in path:
        if isinstance(step, int):
            out += f"[{step}]"
        elif isinstance(step, str) and _PLAIN_KEY.match(step):
            out += f".{step}" if out else step
        else:
            out += f"[{_q(step)}]"
    return out


def _position(data: Any, path: DocPath, orders: dict[int, dict[Any, int]] | None = None) -> tuple[int, ...]:
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


def _describe(value: Any) -> str:
    """A short, user-facing rendering of a found value."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        # str() refuses integers of more than 4,300 digits (sys.get_int_max_str_digits).
        return _shorten(str(value)) if value.bit_length() <= 10_000 else "an integer of thousands of digits"
    if isinstance(value, float):
        return _describe_float(value)
    if isinstance(value, str):
        return "an empty string" if not value else _shorten(json.dumps(value, ensure_ascii=False))
    if isinstance(value, list):
        return "an empty list" if not value else f"the list {_shorten(_compact(value))}"
    if isinstance(value, dict):
        if not value:
            return "an empty mapping"
        noun = "key" if len(value) == 1 else "keys"
        return f"a mapping with the {noun} {_shorten(', '.join(map(str, value)))}"
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


def _one_line(text: str, limit: int | None = None) -> str:
    """``text`` with line breaks and other unprintable characters escaped (``\\n``, ``\\u2028``), cut at ``limit``."""
    if not text.isprintable():
        text = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)
    if limit is not None:
        text = _shorten(text, limit)
    return text


def _player_list(players: Sequence[str]) -> str:
    if len(players) > 8:
        return ", ".join(_shorten(str(p), 40) for p in players[:8]) + f" and {len(players) - 8:,} more"
    return ", ".join(_shorten(str(p), 40) for p in players)


def _did_you_mean(found: Any, known: Sequence[str]) -> str:
    if not isinstance(found, str):
        return ""
    close = difflib.get_close_matches(found, list(known), n=3)
    if not close:
        return ""
    return f" (did you mean {_or_list([_q(c) for c in close])}?)"
