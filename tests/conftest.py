"""Shared helpers: load the case files under tests/cases/, and the page's tests' board it cannot judge in time.
The tests keep their caches (the catalogue's) in a folder of their own, not the user's."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
import yaml

os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="diffcheck-test-cache-")
# No test reads or writes the user's imported card pool: each process has an empty data folder of its own.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="diffcheck-test-data-")

CASES = Path(__file__).parent / "cases"


# The suite runs in worker processes (pytest-xdist, ``-n``), which are given COLUMNS=80; the commands' output fits
# COLUMNS (diffcheck.reports.fit), so a worker would see a narrow terminal the run never had. The controlling
# process passes on what COLUMNS was, and each worker puts it back.
_COLUMNS_GIVEN = "DIFFCHECK_TEST_COLUMNS"


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        os.environ[_COLUMNS_GIVEN] = os.environ.get("COLUMNS", "")
    elif _COLUMNS_GIVEN in os.environ:
        given = os.environ[_COLUMNS_GIVEN]
        if given:
            os.environ["COLUMNS"] = given
        else:
            os.environ.pop("COLUMNS", None)


def case_files() -> list[Path]:
    return sorted(CASES.glob("*.yaml"))


def load_case(path: Path) -> dict:
    with path.open(encoding="utf-8") as f:
        return yaml.safe_load(f)


# ---------------------------------------------------------------- the page's tests: a board it cannot judge in time

# Subtypes a chain of static abilities passes along: the first gives every goblin "elf", the next every elf "wizard"...
CHAIN = ["goblin", "elf", "wizard", "zombie", "soldier", "knight", "cleric", "rogue", "warrior", "beast"]


@pytest.fixture(scope="session")
def slow_board() -> str:
    """A board file at the loader's limits (200 objects, 100 static abilities) whose abilities all act in layer 4, each
    giving the subtype the next one's filter reads, so that each depends on another (418.5c; 613.7a of 2009): the
    engines' time grows with the objects times the square of the effects in a layer, every dependency check being a
    trial application (README, "Limits"). One edition takes 2-3 s of CPU on it, and the page judges it under every
    edition for its history: no answer comes within a test's second or two."""
    objects = []
    for i in range(200):
        card = {"id": f"c{i}", "types": ["creature"], "subtypes": ["goblin"], "power": 1, "toughness": 1,
                "timestamp": 200 - i}
        if i < 100:
            card["static"] = [{"affects": {"filter": {"subtypes": [CHAIN[i % 10]]}},
                               "subtypes": {"add": [CHAIN[(i + 1) % 10]]}}]
        objects.append(card)
    return json.dumps({"objects": objects})
