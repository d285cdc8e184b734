"""Shared helpers: load the case files under tests/cases/. The tests keep their caches (the catalogue's) in a
folder of their own, not the user's."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import yaml

os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="diffcheck-test-cache-")

CASES = Path(__file__).parent / "cases"


def case_files() -> list[Path]:
    return sorted(CASES.glob("*.yaml"))


def load_case(path: Path) -> dict:
    with path.open(encoding="utf-8") as f:
        return yaml.safe_load(f)
