"""The direction of imports: diffcheck -> engines -> rulesets, never back."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).parent.parent


def imported_packages(package: str) -> set[str]:
    found = set()
    for path in (ROOT / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module.split(".")[0])
    return found


def test_rulesets_know_nothing_of_engines_or_the_harness():
    assert not imported_packages("rulesets") & {"engines", "diffcheck"}


def test_engines_know_nothing_of_the_harness():
    assert "diffcheck" not in imported_packages("engines")


def test_the_engines_do_not_need_the_cli_libraries():
    assert not imported_packages("engines") & {"typer", "tabulate", "deepdiff", "hypothesis", "yaml"}
