"""The layering is a contract import-linter checks (``[tool.importlinter]`` in pyproject.toml).

diffcheck -> engines -> rulesets, never back; inside diffcheck, cli -> api -> reports ->
search -> boards -> catalogue -> words, never back; the engines and rulesets import none of
the command line's libraries. A broken contract fails here with import-linter's report,
which names the importing module, the imported one and the line.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PACKAGES = ("diffcheck", "engines", "rulesets")

pytest.importorskip("importlinter", reason="import-linter is in the test extra: pip install -e '.[test]'")


def lint_imports(root: Path) -> subprocess.CompletedProcess:
    code = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(no_cache=True, no_logo=True))"
    return subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=120)


def test_every_layering_contract_is_kept():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 kept, 0 broken" in result.stdout


@pytest.mark.parametrize(
    "module, line, importer, imported",
    [
        # The search must not reach up into the reports: harness once took outcomes_diff from render.
        ("diffcheck/search/shrink.py", "from diffcheck.reports import render", "diffcheck.search.shrink",
         "diffcheck.reports.render"),
        # Nothing but the console script imports the command line.
        ("diffcheck/reports/timeline.py", "from diffcheck.cli import runs", "diffcheck.reports.timeline",
         "diffcheck.cli.runs"),
        # The engines know nothing of the harness.
        ("engines/machine.py", "import diffcheck.boards.loading", "engines.machine", "diffcheck.boards.loading"),
        # The layer machine does not need the YAML reader.
        ("rulesets/common.py", "import yaml", "rulesets.common", "yaml"),
    ],
)
def test_a_wrong_import_fails_and_names_both_modules(tmp_path, module, line, importer, imported):
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__", "*.yaml"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    target = tmp_path / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    result = lint_imports(tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{importer} -> {imported}" in result.stdout, result.stdout
