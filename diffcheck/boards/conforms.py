"""Does a board fit the board schema? A direct yes or no, so that a valid board never loads jsonschema.

jsonschema costs about 40 ms to import and 3 ms more to check a first board, where this
takes 0.3 ms: a third of the time ``diffcheck judge`` may take on a small board. Its errors
are needed only to explain a board that does not fit; to know that one does, it is enough
to evaluate the few keywords the board schema uses, here, directly. ``shape.schema_problem``
asks ``conforms`` first and calls jsonschema only when the answer is not yes, so jsonschema
keeps the last word: the same boards are accepted and refused, with the same messages.

``conforms`` is exact (Draft 2020-12, with the board format's two changes: 2.0 is not an
integer, and items are compared as canonical JSON for ``uniqueItems``), and it does not
guess: a keyword it does not know (a future edit of the schema), a reference outside the
schema, an ``$id`` below the root (it would move what references point to), or a value no
JSON or YAML reader gives (a date, a tuple) make it answer None, "cannot tell", and
jsonschema decides. tests/boards/test_conforms.py holds it to jsonschema's answers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import lru_cache

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["conforms", "first_repeat"]


class _CannotTell(Exception):
    """Something the direct evaluation does not cover: jsonschema decides."""


def conforms(instance: Any, root: dict[str, Any]) -> bool | None:
    """True if ``instance`` fits the schema ``root``, False if not, None if it cannot tell."""
    try:
        return _fits(instance, root, root)
    except (_CannotTell, RecursionError):
        return None


# The types a JSON or YAML reader gives for data a board may hold (YAML's dates and
# binaries are not among them: jsonschema tells what is wrong with those).
_PLAIN_TYPES = frozenset({dict, list, str, int, float, bool, type(None)})

# Words that say something to a reader but nothing about validity.
_ANNOTATIONS = frozenset({"title", "description", "$schema", "$id", "$defs", "$comment", "examples", "default"})


def _fits(instance: Any, schema: Any, root: dict[str, Any]) -> bool:
    if schema is True:
        return True
    if schema is False:
        return False
    if type(instance) not in _PLAIN_TYPES or not isinstance(schema, dict):
        raise _CannotTell
    for keyword, value in schema.items():
        check = _KEYWORDS.get(keyword)
        if check is None:
            if keyword in _ANNOTATIONS and (keyword != "$id" or schema is root):
                continue
            raise _CannotTell(keyword)
        if not check(instance, value, schema, root):
            return False
    return True


def _ref(instance: Any, ref: Any, _schema: dict[str, Any], root: dict[str, Any]) -> bool:
    name = ref.removeprefix("#/$defs/") if isinstance(ref, str) else ""
    if not name or name == ref or not _PLAIN_NAME.fullmatch(name):  # no JSON-pointer escapes to undo
        raise _CannotTell(ref)
    target = root.get("$defs", {}).get(name)
    if target is None:
        raise _CannotTell(ref)
    return _fits(instance, target, root)


_PLAIN_NAME = re.compile(r"[A-Za-z0-9_-]+")


def _is_type(instance: Any, name: str) -> bool:
    kind = type(instance)
    if name == "integer":  # the board format's integer: 2.0 is not one (shape._is_integer)
        return kind is int
    if name == "number":
        return kind is int or kind is float
    checker = _TYPES.get(name)
    if checker is None:
        raise _CannotTell(name)
    return kind is checker


_TYPES: dict[str, type] = {"string": str, "boolean": bool, "array": list, "object": dict, "null": type(None)}


def _type(instance: Any, expected: Any, _schema: dict[str, Any], _root: dict[str, Any]) -> bool:
    names = expected if isinstance(expected, list) else [expected]
    return any(_is_type(instance, name) for name in names)


def _equal(one: Any, two: Any) -> bool:
    """jsonschema's equality for scalars: ``true`` is not 1, ``false`` is not 0."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return one == two
    if isinstance(one, (list, dict)) and isinstance(two, (list, dict)):
        raise _CannotTell("two lists or mappings compared")  # the schema's enums and consts hold scalars only
    if isinstance(one, (list, dict)) or isinstance(two, (list, dict)):
        return False
    if isinstance(one, bool) or isinstance(two, bool):
        return False  # not the same object, so not equal (unless both are bools, and then they differ)
    return one == two


def _enum(instance: Any, values: Any, _schema: dict[str, Any], _root: dict[str, Any]) -> bool:
    return any(_equal(instance, value) for value in values)


def _const(instance: Any, value: Any, _schema: dict[str, Any], _root: dict[str, Any]) -> bool:
    return _equal(instance, value)


def _properties(instance: Any, properties: Any, _schema: dict[str, Any], root: dict[str, Any]) -> bool:
    if type(instance) is not dict:
        return True
    return all(_fits(instance[key], sub, root) for key, sub in properties.items() if key in instance)


def _additional(instance: Any, sub: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    if type(instance) is not dict:
        return True
    if "patternProperties" in schema:
        raise _CannotTell("patternProperties")
    known = schema.get("properties", {})
    return all(_fits(value, sub, root) for key, value in instance.items() if key not in known)


def _property_names(instance: Any, sub: Any, _schema: dict[str, Any], root: dict[str, Any]) -> bool:
    return type(instance) is not dict or all(_fits(key, sub, root) for key in instance)


def _required(instance: Any, keys: Any, _schema: dict[str, Any], _root: dict[str, Any]) -> bool:
    return type(instance) is not dict or all(key in instance for key in keys)


def _dependent_required(instance: Any, needs: Any, _schema: dict[str, Any], _root: dict[str, Any]) -> bool:
    if type(instance) is not dict:
        return True
    return all(other in instance for key, others in needs.items() if key in instance for other in others)


def _sized(kind: type, at_least: bool) -> Callable[[Any, Any, dict[str, Any], dict[str, Any]], bool]:
    """minItems, maxItems, minLength, minProperties, maxProperties: a length against a bound."""
    def check(instance: Any, bound: Any, _schema: dict[str, Any], _root: dict[str, Any]) -> bool:
        if type(instance) is not kind:
            return True
        return len(instance) >= bound if at_least else len(instance) <= bound
    return check


def _items(instance: Any, sub: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    if type(instance) is not list:
        return True
    if "prefixItems" in schema:
        raise _CannotTell("prefixItems")
    return all(_fits(item, sub, root) for item in instance)


def _unique(instance: Any, unique: Any, _schema: dict[str, Any], _root: dict[str, Any]) -> bool:
    return not unique or type(instance) is not list or first_repeat(instance) is None


def first_repeat(items: list[Any]) -> tuple[int, int] | None:
    """Indexes (first, second) of the first item that repeats an earlier one: the board format's uniqueItems
    (``shape`` explains a repeat with it)."""
    seen: dict[str, int] = {}
    for index, item in enumerate(items):
        # JSON text is a canonical form; bools stay distinct from 1 and 0, as JSON Schema wants.
        key = json.dumps(item, sort_keys=True, default=repr)
        if key in seen:
            return seen[key], index
        seen[key] = index
    return None


@lru_cache(maxsize=None)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _pattern(instance: Any, pattern: Any, _schema: dict[str, Any], _root: dict[str, Any]) -> bool:
    return type(instance) is not str or _compiled(pattern).search(instance) is not None  # search, as jsonschema


def _minimum(instance: Any, bound: Any, _schema: dict[str, Any], _root: dict[str, Any]) -> bool:
    return not _is_type(instance, "number") or not instance < bound  # as jsonschema: NaN is below nothing


def _maximum(instance: Any, bound: Any, _schema: dict[str, Any], _root: dict[str, Any]) -> bool:
    return not _is_type(instance, "number") or not instance > bound


def _one_of(instance: Any, branches: Any, _schema: dict[str, Any], root: dict[str, Any]) -> bool:
    return sum(1 for branch in branches if _fits(instance, branch, root)) == 1


def _any_of(instance: Any, branches: Any, _schema: dict[str, Any], root: dict[str, Any]) -> bool:
    return any(_fits(instance, branch, root) for branch in branches)


def _if(instance: Any, condition: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    branch = "then" if _fits(instance, condition, root) else "else"
    return branch not in schema or _fits(instance, schema[branch], root)


def _applied_by_if(_instance: Any, _sub: Any, _schema: dict[str, Any], _root: dict[str, Any]) -> bool:
    return True  # then and else are applied by if (and without an if, they mean nothing)


_KEYWORDS: dict[str, Callable[[Any, Any, dict[str, Any], dict[str, Any]], bool]] = {
    "$ref": _ref,
    "type": _type,
    "enum": _enum,
    "const": _const,
    "properties": _properties,
    "additionalProperties": _additional,
    "propertyNames": _property_names,
    "required": _required,
    "dependentRequired": _dependent_required,
    "items": _items,
    "minItems": _sized(list, at_least=True),
    "maxItems": _sized(list, at_least=False),
    "uniqueItems": _unique,
    "minLength": _sized(str, at_least=True),
    "pattern": _pattern,
    "minimum": _minimum,
    "maximum": _maximum,
    "minProperties": _sized(dict, at_least=True),
    "maxProperties": _sized(dict, at_least=False),
    "oneOf": _one_of,
    "anyOf": _any_of,
    "if": _if,
    "then": _applied_by_if,
    "else": _applied_by_if,
}
