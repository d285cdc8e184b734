"""The layering is a contract import-linter checks (``[tool.importlinter]`` in pyproject.toml), and no module
imports itself through others.

diffcheck -> engines -> rulesets, never back; inside diffcheck, cli -> api -> reports ->
search -> boards -> catalogue -> words, never back; inside engines, the built-in engines and the peers ->
the layer machine (engines.layers) -> the board's values (engines.board), and inside the machine, the
machine -> its parts, never back; the engines and rulesets import none of the command line's libraries.
A broken contract fails here with import-linter's report, which names the importing module, the imported
one and the line; a circle of imports fails naming its modules.
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
    assert "5 kept, 0 broken" in result.stdout


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
        ("engines/layers/machine.py", "import diffcheck.boards.loading", "engines.layers.machine", "diffcheck.boards.loading"),
        # A part of the layer machine never reaches back into the machine that calls it.
        ("engines/layers/dependency.py", "from engines.layers import machine", "engines.layers.dependency",
         "engines.layers.machine"),
        # The board's values know nothing of the machine that evaluates them.
        ("engines/board/board.py", "import engines.layers.state", "engines.board.board", "engines.layers.state"),
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


def import_cycles(*packages: str) -> list[list[str]]:
    """Every set of the packages' modules that import each other in a circle (the strongly connected components
    of grimp's import graph, the graph import-linter checks its contracts on), each sorted, with more than one
    module. Every import counts: at the top of a module, in a function, or only for type checking."""
    import grimp

    graph = grimp.build_graph(*packages, cache_dir=None)
    modules = sorted(graph.modules)
    edges = {m: sorted(set(graph.find_modules_directly_imported_by(m)) & set(modules)) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(module: str) -> None:  # Tarjan's algorithm
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in edges[module]:
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = []
            while not component or component[-1] != module:
                component.append(stack.pop())
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in modules:
        if module not in index:
            visit(module)
    return cycles


def test_no_module_imports_itself_through_others():
    # A circle of imports makes a module's meaning depend on which of them is imported first, and hides which one
    # is the lower: none in the project, lazy and type-checking imports included.
    cycles = import_cycles(*PACKAGES)
    assert not cycles, "modules that import each other in a circle: " + "; ".join(" <-> ".join(c) for c in cycles)


def test_a_circle_of_imports_is_found_and_named(tmp_path):
    # A copy of the project where the plan reaches back into the machine (in a function: still a circle).
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__", "*.yaml"))
    target = tmp_path / "engines" / "layers" / "plan.py"
    target.write_text(target.read_text(encoding="utf-8") + "\n\ndef _late():\n    from engines.layers import machine\n",
                      encoding="utf-8")
    code = (f"import sys, importlib.util as u; sys.path.insert(0, {str(tmp_path)!r}); "
            f"s = u.spec_from_file_location('architecture', {__file__!r}); m = u.module_from_spec(s); "
            f"s.loader.exec_module(m); print(m.import_cycles(*m.PACKAGES))")
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "'engines.layers.machine'" in result.stdout and "'engines.layers.plan'" in result.stdout, result.stdout
