"""The value and condition trees of a board's data, walked for the shrinker's steps.

A P/T effect's numbers and a conditional ability's condition are trees (``{sum: [...]}``,
``{all: [...]}``, ...); the steps of ``reductions`` reach every node, every filter and every id
a node reads through these walks, in document order, with each node's path.
"""

from __future__ import annotations

from typing import Any, Iterator

Data = dict[str, Any]
Path = tuple[Any, ...]

# The keys of a value that reads an object or a card by its id (``{counters: KIND, of: ID}`` too).
_READING_KEYS = ("power_of", "toughness_of", "mana_value_of", "of")


def value_nodes(path: Path, value: Any) -> Iterator[tuple[Path, Any]]:
    """Every node of a value tree, the root first."""
    yield path, value
    if isinstance(value, dict):
        if "sum" in value:
            for n, item in enumerate(value["sum"]):
                yield from value_nodes(path + ("sum", n), item)
        elif "times" in value:
            yield from value_nodes(path + ("value",), value["value"])


def condition_nodes(path: Path, condition: Data) -> Iterator[tuple[Path, Data]]:
    """Every node of a condition tree, the root first."""
    yield path, condition
    for key in ("all", "any"):
        for n, item in enumerate(condition.get(key, ())):
            yield from condition_nodes(path + (key, n), item)
    if "not" in condition:
        yield from condition_nodes(path + ("not",), condition["not"])


def body_values(path: Path, body: Data) -> Iterator[tuple[Path, Any]]:
    """Every value node of an effect body: its P/T values, then those its condition compares."""
    pt = body.get("pt", {})
    for op in ("set", "modify"):
        for n, value in enumerate(pt.get(op, ())):
            yield from value_nodes(path + ("pt", op, n), value)
    if "condition" in body:
        for where, node in condition_nodes(path + ("condition",), body["condition"]):
            if "value" in node:
                yield from value_nodes(where + ("value",), node["value"])


def body_filters(path: Path, body: Data) -> Iterator[tuple[Path, Data]]:
    """Every filter of an effect body: what it affects, its values' filters, its condition's filters."""
    affects = body.get("affects")
    if isinstance(affects, dict):
        yield path + ("affects", "filter"), affects["filter"]
    if "condition" in body:
        for where, node in condition_nodes(path + ("condition",), body["condition"]):
            for key in ("you_control", "opponent_controls", "is", "attached_is"):
                if key in node:
                    yield where + (key,), node[key]
    for where, node in body_values(path, body):
        if isinstance(node, dict):
            for key, arg in node.items():
                if key == "count" or key.startswith("greatest_"):
                    yield where + (key,), arg


def read_id(node: Any) -> str | None:
    """The id of the object or card a value node reads, if it reads one."""
    if isinstance(node, dict):
        for key in _READING_KEYS:
            if key in node:
                return node[key]
    return None
