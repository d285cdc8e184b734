"""``conforms`` answers as jsonschema does (diffcheck.boards.conforms).

``shape.schema_problem`` takes a yes from ``conforms`` for a board that fits, and asks jsonschema otherwise;
so a yes where jsonschema finds an error would let a wrong board through. Held to jsonschema here: on boards
from the generator (every one must be a yes, or judge would load jsonschema after all), on the same boards
broken in the ways people break them (a wrong kind of value, a missing or unknown key, true for 1, 2.0 for
2, a repeated item, a value moved to the wrong place), where its answer must be jsonschema's exactly, and on
each keyword by hand, on schemas of its own, where "cannot tell" (None) is right too.
"""

from __future__ import annotations

import copy
import datetime
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from diffcheck.boards.conforms import conforms
from diffcheck.boards.generate import LARGE
from diffcheck.boards.shape import board_validator, cached_schema
from diffcheck.boards.strategies import boards, card_boards
from diffcheck.catalogue import expand_board

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = cached_schema()
VALIDATOR = board_validator(SCHEMA)


def jsonschema_accepts(data: Any) -> bool:
    return VALIDATOR.is_valid(data)


# ---------------------------------------------------------------- generated boards, and broken ones

VALID = st.one_of(boards(), boards(LARGE), card_boards(), card_boards().map(expand_board))

# Values of every kind, and the board's own words, for a place that wants another.
VALUES = st.sampled_from([
    None, True, False, 0, 1, -1, 2, 7, 1000, 2.0, 0.5, -3.0, "", "x", "o1", "e1", "red", "creature", "goblin",
    "you", "opponent", "self", "attached", "+1/+1", "flying", "2009-10-01", [], {}, ["red"], ["red", "red"],
    [1, 2], [0, 1, 2], [True, 1], {"modify": [1, 1]}, {"set": [0, 1]}, {"switch": True}, {"count": {}},
    {"filter": {"types": ["creature"]}}, {"add": ["flying"]}, {"power_of": "o1"}, {"x": 1},
]).map(copy.deepcopy)  # a fresh copy: a broken board's later changes must not reach the next example
KEYS = st.sampled_from([
    "id", "name", "types", "colour", "colors", "power", "toughness", "timestamp", "affects", "filter", "pt", "set",
    "modify", "switch", "count", "text", "static", "source", "controller", "abilities", "add", "remove", "cda",
    "card", "cast", "x", "notes", "counters", "attached_to", "life", "subtypes", "other", "not_colors",
])


def _places(data: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) of ``data``, the root's own keys first."""
    found: list[tuple[Any, Any]] = []
    stack = [data]
    while stack:
        here = stack.pop()
        keys = list(here) if isinstance(here, dict) else range(len(here)) if isinstance(here, list) else []
        for key in keys:
            found.append((here, key))
            stack.append(here[key])
    return found


def _containers(data: Any, kind: type) -> list[Any]:
    return ([data] if isinstance(data, kind) else []) + [c[k] for c, k in _places(data) if isinstance(c[k], kind)]


@st.composite
def broken(draw) -> Any:
    data = copy.deepcopy(draw(VALID))
    for _ in range(draw(st.integers(1, 3))):
        places = _places(data)
        how = draw(st.sampled_from(["replace", "delete", "extra", "repeat", "empty", "move", "number"]))
        if how == "extra":
            draw(st.sampled_from(_containers(data, dict)))[draw(KEYS)] = draw(VALUES)
            continue
        if how == "repeat":
            lists = [x for x in _containers(data, list) if x]
            if lists:
                items = draw(st.sampled_from(lists))
                items.append(copy.deepcopy(draw(st.sampled_from(items))))
            continue
        if not places:
            continue
        container, key = draw(st.sampled_from(places))
        value = container[key]
        if how == "replace":
            container[key] = draw(VALUES)
        elif how == "delete":
            del container[key]
        elif how == "empty":
            container[key] = [] if isinstance(value, list) else {} if isinstance(value, dict) else ""
        elif how == "move":  # a value of the board in another place: a filter for a value, an id for a list...
            other, other_key = draw(st.sampled_from(places))
            container[key] = copy.deepcopy(other[other_key])
        elif how == "number" and isinstance(value, int) and not isinstance(value, bool):
            container[key] = draw(st.sampled_from([float(value), value != 0, str(value), value + 0.5, -value]))
    return data


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(VALID)
def test_every_generated_board_conforms(data):
    assert jsonschema_accepts(data)
    assert conforms(data, SCHEMA) is True  # not None: a valid board never waits for jsonschema


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(broken())
def test_a_broken_board_gets_jsonschemas_answer(data):
    # Plain data, a schema of known keywords: conforms can always tell, and tells what jsonschema does.
    assert conforms(data, SCHEMA) is jsonschema_accepts(data)


def test_the_example_boards_conform_and_their_broken_copies_do_not():
    from diffcheck.boards.reading import read_document

    for path in sorted((ROOT / "diffcheck" / "examples").glob("*.yaml")):
        data = read_document(path, str(path))
        assert conforms(data, SCHEMA) is True, path.name
        data["objects"][0]["power"] = True  # true is no integer
        assert conforms(data, SCHEMA) is False and not jsonschema_accepts(data), path.name


def test_judging_a_valid_board_does_not_import_jsonschema():
    code = ("import sys; from diffcheck.boards.loading import load_board; "
            "load_board('diffcheck/examples/gray-ogre.yaml'); assert 'jsonschema' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


# ---------------------------------------------------------------- each keyword, by hand

def _schema(body: dict[str, Any], **defs: Any) -> dict[str, Any]:
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.org/s.json",
            "$defs": defs, **body}


# (schema, instance, conforms' answer): True and False are jsonschema's answers too; None is "cannot tell".
KEYWORDS = [
    # type; the board's integer: 2.0 and true are not integers, nor true a number
    ({"type": "integer"}, 2, True), ({"type": "integer"}, 2.0, False), ({"type": "integer"}, True, False),
    ({"type": "number"}, 2.5, True), ({"type": "number"}, 3, True), ({"type": "number"}, False, False),
    ({"type": "string"}, "a", True), ({"type": "string"}, 1, False), ({"type": "boolean"}, 0, False),
    ({"type": "boolean"}, False, True), ({"type": "null"}, None, True), ({"type": "null"}, 0, False),
    ({"type": "array"}, [], True), ({"type": "array"}, {}, False), ({"type": "object"}, {}, True),
    ({"type": "object"}, [], False), ({"type": ["string", "null"]}, None, True),
    ({"type": ["string", "null"]}, 0, False), ({"type": "array"}, (1,), None), ({"type": "string"}, b"a", None),
    ({"type": "string"}, datetime.date(2009, 10, 1), None),
    # enum and const: true is not 1, nor false 0; 1.0 is 1
    ({"enum": [1, "a", None]}, True, False), ({"enum": [1, "a", None]}, 1.0, True),
    ({"enum": [1, "a", None]}, None, True), ({"enum": [0]}, False, False), ({"enum": ["a"]}, ["a"], False),
    ({"const": True}, 1, False), ({"const": True}, True, True), ({"const": 0}, False, False),
    ({"const": "x"}, "x", True), ({"const": [1]}, [1], None),
    # properties, additionalProperties, propertyNames, required, dependentRequired
    ({"properties": {"a": {"type": "string"}}}, {"a": 1}, False),
    ({"properties": {"a": {"type": "string"}}}, {"b": 1}, True),
    ({"properties": {"a": {"type": "string"}}}, "not a mapping", True),
    ({"properties": {"a": {}}, "additionalProperties": False}, {"a": 1, "b": 2}, False),
    ({"properties": {"a": {}}, "additionalProperties": False}, {"a": 1}, True),
    ({"additionalProperties": {"type": "integer"}}, {"a": 1, "b": 2.0}, False),
    ({"additionalProperties": True}, {"a": 1}, True),
    ({"patternProperties": {"^x": {}}, "additionalProperties": False}, {"xa": 1}, None),
    ({"propertyNames": {"pattern": "^[a-z]+$"}}, {"ab": 1}, True),
    ({"propertyNames": {"pattern": "^[a-z]+$"}}, {"A": 1}, False),
    ({"required": ["a", "b"]}, {"a": 1}, False), ({"required": ["a"]}, {"a": None}, True),
    ({"required": ["a"]}, [], True),
    ({"dependentRequired": {"a": ["b"]}}, {"a": 1}, False), ({"dependentRequired": {"a": ["b"]}}, {"b": 1}, True),
    # items, minItems, maxItems, uniqueItems (items compared as JSON: 1 and true differ, so do 1 and 1.0)
    ({"items": {"type": "integer"}}, [1, 2], True), ({"items": {"type": "integer"}}, [1, True], False),
    ({"items": False}, [], True), ({"items": False}, [1], False),
    ({"prefixItems": [{}], "items": False}, [1], None),
    ({"minItems": 1}, [], False), ({"minItems": 1}, "", True), ({"maxItems": 2}, [1, 2, 3], False),
    ({"uniqueItems": True}, [1, True], True), ({"uniqueItems": True}, [1, 1.0], True),
    ({"uniqueItems": True}, ["a", "a"], False), ({"uniqueItems": True}, [{"a": 1, "b": 2}, {"b": 2, "a": 1}], False),
    ({"uniqueItems": False}, [1, 1], True),
    # minLength (characters, not bytes), pattern (anywhere in the string, as re.search)
    ({"minLength": 1}, "", False), ({"minLength": 2}, "é", False), ({"minLength": 1}, 5, True),
    ({"pattern": "b"}, "abc", True), ({"pattern": "^b"}, "abc", False), ({"pattern": "^b"}, 1, True),
    # minimum, maximum: only numbers, true is none; NaN is below and above nothing
    ({"minimum": 0}, -1, False), ({"minimum": 0}, 0, True), ({"minimum": 0}, -0.5, False),
    ({"maximum": 3}, 3.5, False), ({"maximum": 3}, True, True), ({"minimum": 0}, float("nan"), True),
    # minProperties, maxProperties
    ({"minProperties": 1}, {}, False), ({"maxProperties": 1}, {"a": 1, "b": 2}, False),
    ({"maxProperties": 1}, [1, 2], True),
    # oneOf (exactly one), anyOf, if / then / else
    ({"oneOf": [{"type": "integer"}, {"minimum": 0}]}, 1, False),
    ({"oneOf": [{"type": "integer"}, {"minimum": 0}]}, 0.5, True),
    ({"oneOf": [{"type": "integer"}, {"minimum": 0}]}, -1.5, False),
    ({"anyOf": [{"type": "integer"}, {"type": "null"}]}, None, True),
    ({"anyOf": [{"type": "integer"}, {"type": "null"}]}, "a", False),
    ({"if": {"required": ["a"]}, "then": {"required": ["b"]}, "else": {"required": ["c"]}}, {"a": 1}, False),
    ({"if": {"required": ["a"]}, "then": {"required": ["b"]}, "else": {"required": ["c"]}}, {"c": 1}, True),
    ({"if": {"required": ["a"]}, "then": {"required": ["b"]}}, {}, True),
    ({"then": False}, 1, True),
    # true and false as schemas; annotations say nothing
    ({"properties": {"a": False}}, {"a": 1}, False), ({"properties": {"a": True}}, {"a": 1}, True),
    ({"title": "t", "description": "d", "$comment": "c", "examples": [1], "default": 2}, "x", True),
    # what it does not know: jsonschema decides
    ({"format": "date"}, "x", None), ({"not": {}}, 1, None), ({"maxLength": 1}, "ab", None),
    ({"$ref": "https://example.org/other.json"}, 1, None), ({"$ref": "#/$defs/a~1b"}, 1, None),
    ({"$ref": "#/$defs/missing"}, 1, None), ({"properties": {"a": {"$id": "x.json"}}}, {"a": 1}, None),
    ({"unknownKeyword": 1}, 1, None),
]


@pytest.mark.parametrize("body, instance, answer", KEYWORDS, ids=lambda v: json.dumps(v, default=repr)[:40])
def test_each_keyword(body, instance, answer):
    schema = _schema(body)
    assert conforms(instance, schema) is answer
    if answer is not None:
        assert board_validator(schema).is_valid(instance) is answer


def test_references_into_the_definitions():
    schema = _schema({"$ref": "#/$defs/pair"}, pair={"type": "array", "items": {"$ref": "#/$defs/count"},
                                                     "minItems": 2, "maxItems": 2},
                     count={"type": "integer", "minimum": 0})
    for instance, answer in [([1, 2], True), ([1, -2], False), ([1], False), ([1, 2.0], False), ("12", False)]:
        assert conforms(instance, schema) is answer
        assert board_validator(schema).is_valid(instance) is answer


def test_too_deep_to_tell_is_left_to_jsonschema():
    schema = _schema({"$ref": "#/$defs/list"}, list={"type": "array", "items": {"$ref": "#/$defs/list"}})
    deep: list[Any] = []
    for _ in range(sys.getrecursionlimit()):
        deep = [deep]
    assert conforms(deep, schema) is None
