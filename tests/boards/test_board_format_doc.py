"""docs/board-format.md is the board format's reference: it must name every key and its examples must load."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from diffcheck.boards.loading import board_from_data, board_schema

DOC = (Path(__file__).parents[2] / "docs" / "board-format.md").read_text(encoding="utf-8")


def _keys(node, found: set[str]) -> set[str]:
    if isinstance(node, dict):
        for key, value in node.get("properties", {}).items():
            found.add(key)
            _keys(value, found)
        for value in node.values():
            _keys(value, found)
    elif isinstance(node, list):
        for item in node:
            _keys(item, found)
    return found


def test_every_key_of_the_schema_is_in_the_reference():
    # A key is named where it stands in code: `key`, or {key: ...} / key: inside a code span or block.
    missing = sorted(k for k in _keys(board_schema(), set()) if not re.search(rf"[`{{ ]{re.escape(k)}[`:]", DOC))
    assert missing == []


@pytest.mark.parametrize("block", re.findall(r"```yaml\n(.*?)```", DOC, re.S))
def test_every_example_of_the_reference_loads(block):
    data = yaml.safe_load(block)
    if "objects" not in data:  # a fragment (a graveyard): give it a board around it
        data = {"players": list(data["graveyards"]), "objects": [], **data}
    assert board_from_data(data, "docs/board-format.md")
