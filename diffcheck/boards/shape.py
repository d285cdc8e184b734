"""Stage 3 of loading a board: its shape, by the JSON Schema of board format v1, errors told as sentences.

The schema (``diffcheck/schema/board-v1.schema.json``) says which keys and values a board
may hold. A validator's error names a keyword and a schema path; a user needs the place in
their file and a sentence: what was expected there, what was found, and, where it is
likely, which word was meant. Each keyword the schema uses has its own sentence here, and
a value that fits none of several shapes is explained in the shape it was evidently meant
to have.
"""

from __future__ import annotations

import datetime
import importlib
import json
import os
from collections import defaultdict
from collections.abc import Iterable, Sequence
from functools import lru_cache

from diffcheck.boards.conforms import conforms, first_repeat
from diffcheck.boards.problems import DocPath, describe, did_you_mean, document_order
from diffcheck.words import and_list, count_phrase, or_list, q, shorten
from engines.board import PART_KEYS

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:  # jsonschema is imported when a board is first validated: every command would pay for it
    from typing import Any

    import jsonschema

__all__ = ["SCHEMA_PACKAGE", "SCHEMA_FILE", "cached_schema", "schema_problem"]

SCHEMA_PACKAGE = "diffcheck.schema"
SCHEMA_FILE = "board-v1.schema.json"


@lru_cache(maxsize=1)
def cached_schema() -> dict[str, Any]:
    """The board format's JSON Schema, read once and shared: never change it (``board_schema`` gives a copy)."""
    # By path, beside the package's __init__: importlib.resources costs some 5 ms to import and set up, and
    # judge reads the schema every time.
    package = importlib.import_module(SCHEMA_PACKAGE)
    with open(os.path.join(os.path.dirname(package.__file__), SCHEMA_FILE), encoding="utf-8") as f:
        text = f.read()
    return json.loads(text)


def _is_integer(_checker: Any, value: Any) -> bool:
    # JSON Schema counts 2.0 as an integer, but Board.from_dict would keep the float and
    # treat it as a count; boards write integers without a fraction.
    return isinstance(value, int) and not isinstance(value, bool)


def _unique_items(validator: Any, unique: Any, instance: Any, schema: Any) -> Iterable[jsonschema.ValidationError]:
    # jsonschema compares the items of a list of mappings pair by pair (quadratic: a list of
    # a thousand mappings costs seconds); comparing their canonical JSON texts is linear.
    from jsonschema import ValidationError

    if unique and validator.is_type(instance, "array") and first_repeat(instance) is not None:
        yield ValidationError("has non-unique elements")


@lru_cache(maxsize=1)
def _validator() -> Any:
    return board_validator(cached_schema())


def board_validator(schema: Any) -> Any:
    """A jsonschema validator of ``schema`` as the board format reads JSON Schema (Draft 2020-12; 2.0 is no
    integer; list items compared as canonical JSON). The tests hold ``conforms`` to it on schemas of their own."""
    from jsonschema import Draft202012Validator, validators

    return validators.extend(
        Draft202012Validator,
        validators={"uniqueItems": _unique_items},
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
    )(schema)


def schema_problem(data: dict[str, Any]) -> tuple[DocPath, str] | None:
    """The schema error at the earliest place in ``data``, as a place and a sentence, or None."""
    if conforms(data, cached_schema()):  # a board that fits needs no jsonschema (``conforms`` says why)
        return None
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
    return min(errors, key=lambda e: document_order(data, _error_path(e, data), orders))


def _error_path(error: jsonschema.ValidationError, data: Any) -> DocPath:
    """Where an error is: the offending key or item where one can be named, not just its container."""
    path = list(error.absolute_path)
    if "propertyNames" in error.absolute_schema_path:
        return path + [error.instance]
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        extras = _unknown_keys(error.instance, error.schema)
        return path + extras[:1]
    if error.validator == "uniqueItems" and isinstance(error.instance, list):
        repeat = first_repeat(error.instance)
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
    message = f"expected at least one {what}: {or_list(keys)}; found none"
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
    shapes = or_list([_title(branch) for branch in branches])
    if not error.context:  # valid under more than one branch; the schema's branches rule this out
        return path, f"expected exactly one of {shapes}; found {describe(error.instance)}, which fits several"
    return path, f"expected {shapes}; found {describe(error.instance)}"


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
        f"(old 418.3b; 2009 611.2c); found {describe(error.instance)}; "
        "\"self\", \"attached\" and filters are for static abilities"
    )


# One sentence per JSON Schema keyword; each returns the message for the error's value.


def _explain_type(error: jsonschema.ValidationError) -> str:
    expected = _title(error.schema) or _TYPE_NAMES.get(str(error.validator_value), "another kind of value")
    return f"expected {expected}; found {describe(error.instance)}{_type_hint(error)}"


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
    message = f"expected one of {', '.join(allowed)}; found {describe(error.instance)}"
    return message + did_you_mean(error.instance, allowed)


def _explain_const(error: jsonschema.ValidationError) -> str:
    message = f"expected {json.dumps(error.validator_value)}; found {describe(error.instance)}"
    if error.validator_value is True and error.instance is False:
        message += " (leave the key out instead of writing false)"
    return message


def _explain_by_title(error: jsonschema.ValidationError) -> str:
    """pattern, minimum, maximum: the schema's title says the whole accepted range."""
    expected = _title(error.schema)
    if not expected:
        bound = {"minimum": "at least", "maximum": "at most", "pattern": "a string matching"}[error.validator]
        expected = f"{bound} {error.validator_value}"
    return f"expected {expected}; found {describe(error.instance)}"


def _explain_min_length(error: jsonschema.ValidationError) -> str:
    return f"expected {_title(error.schema) or 'a non-empty string'}; found {describe(error.instance)}"


def _explain_item_count(error: jsonschema.ValidationError) -> str:
    """minItems and maxItems; a pair says how many values it needs."""
    low, high = error.schema.get("minItems"), error.schema.get("maxItems")
    found = count_phrase(len(error.instance), "value")
    if low is not None and low == high:
        return f"expected {_title(error.schema) or 'a list'}: exactly {count_phrase(low, 'value')}; found {found}"
    if error.validator == "minItems":
        hint = ""
        path = list(error.absolute_path)
        settable = ("types", "subtypes", "supertypes", "colors")
        if len(path) >= 2 and path[-1] in ("add", "remove") and path[-2] in settable:
            hint = " (only set may be an empty list)"
        # Only a list's own title describes it; a referenced definition's title may allow empty lists.
        expected = error.schema.get("title") or f"at least {count_phrase(low, 'item')}"
        return f"expected {expected}; found {describe(error.instance)}{hint}"
    return f"expected at most {count_phrase(high, 'item')}; found {found}"


def _explain_unique(error: jsonschema.ValidationError) -> str:
    repeat = first_repeat(error.instance)
    if repeat is None:
        return "the items of this list must be distinct"
    first, second = repeat
    return (
        f"{describe(error.instance[second])} is repeated (it is already item [{first}]); "
        "the items of this list must be distinct"
    )


def _explain_min_properties(error: jsonschema.ValidationError) -> str:
    keys = list(error.schema.get("properties", ()))
    if keys and error.schema.get("maxProperties") == 1:
        return f"expected exactly one of {or_list(keys)}; found an empty mapping"
    if keys:
        return f"expected one or more of {and_list(keys)}; found an empty mapping"
    return f"expected {_title(error.schema) or 'a non-empty mapping'}; found an empty mapping"


def _explain_max_properties(error: jsonschema.ValidationError) -> str:
    keys = list(error.schema.get("properties", ()))
    found = shorten(and_list([shorten(str(key), 40) for key in error.instance]))
    if keys and error.validator_value == 1:
        return f"expected exactly one of {or_list(keys)}; found {found}"
    return f"expected at most {error.validator_value} keys; found {found}"


def _explain_required(error: jsonschema.ValidationError) -> str:
    missing = [k for k in error.validator_value if k not in error.instance]
    message = f"missing the required key {q(missing[0])}"
    return message + _misspelling_hint(error.instance, missing, error.schema)


def _explain_additional(error: jsonschema.ValidationError) -> str:
    allowed = list(error.schema.get("properties", ()))
    unknown = _unknown_keys(error.instance, error.schema)[0]
    return f"unknown key {q(unknown)}{did_you_mean(unknown, allowed)}; the keys allowed here are {', '.join(allowed)}"


def _explain_dependent(error: jsonschema.ValidationError) -> str:
    for key, needed in error.validator_value.items():
        missing = [k for k in needed if key in error.instance and k not in error.instance]
        if missing:
            return f"{q(key)} is given without {q(missing[0])}: give both or neither"
    return f"expected {and_list(list(error.validator_value))} together"


def _explain_other(error: jsonschema.ValidationError) -> str:
    # Every keyword the schema uses has its own sentence; this covers a future schema edit.
    expected = _title(error.schema) or "a different value"
    return f"expected {expected}; found {describe(error.instance)}"


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
        return _title(cached_schema()["$defs"].get(ref.removeprefix("#/$defs/")))
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
    import difflib  # here: only a misspelling needs it, and judge on a good board does without it

    for unknown in _unknown_keys(instance, schema):
        close = difflib.get_close_matches(unknown, wanted, n=1)
        if close:
            return f" (is {q(unknown)} a misspelling of {q(close[0])}?)"
    return ""


