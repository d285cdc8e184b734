"""Shared helpers: load the case files under tests/cases/."""

from __future__ import annotations

from pathlib import Path

import yaml

CASES = Path(__file__).parent / "cases"


def case_files() -> list[Path]:
    return sorted(CASES.glob("*.yaml"))


def load_case(path: Path) -> dict:
    with path.open(encoding="utf-8") as f:
        return yaml.safe_load(f)
