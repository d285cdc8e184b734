"""The compiled layer machine (engines.compiled, built by setup.py with mypyc) against its own sources.

The compiled build is an optimisation only: on every board, under every edition, it must answer
exactly as the pure-Python modules do, outcome and trace. And it must never answer for sources it was
not built from: an edited module turns the whole build off until it is rebuilt.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import engines
from engines import compiled
from rulesets.editions import EDITIONS

HERE = Path(__file__).resolve().parent
needs_build = pytest.mark.skipif(
    not engines.COMPILED,
    reason="the layer machine is not compiled here (pip install -e . builds it; DIFFCHECK_PURE turns it off)")


def _run(code_or_script: list[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> str:
    done = subprocess.run([sys.executable, *code_or_script], capture_output=True, text=True, check=True,
                          env={**os.environ, **(env or {})}, cwd=cwd)
    return done.stdout


def _digest(pure: bool) -> dict:
    # The same hash seed in both processes: a trace shows sets, whose printed order follows string hashing.
    env = {"PYTHONHASHSEED": "0", "DIFFCHECK_PURE": "1" if pure else ""}
    return json.loads(_run([str(HERE / "parity_digest.py"), "7", "100", "10", "60"], env))


@needs_build
def test_compiled_and_pure_give_the_same_outcomes_and_traces_on_every_edition():
    built, pure = _digest(pure=False), _digest(pure=True)
    assert (built["compiled"], pure["compiled"]) == (True, False)  # the two processes really ran the two builds
    assert built["boards"] == 170
    assert set(built["answers"]) == {e.key for e in EDITIONS}
    differing = {edition: [i for i, (a, b) in enumerate(zip(answers, pure["answers"][edition])) if a != b]
                 for edition, answers in built["answers"].items()}
    assert {edition: boards for edition, boards in differing.items() if boards} == {}


# The packages whose modules the build compiles (engines.compiled.MODULES), and rulesets, which the engines import.
PACKAGES = ("engines", "rulesets", "diffcheck")


def _copy_of_the_build(tmp_path: Path) -> Path:
    """The packages, built, in a directory of their own (this checkout stays untouched)."""
    root = tmp_path / "copy"
    ignore = shutil.ignore_patterns("__pycache__", "peers")
    for package in PACKAGES:
        shutil.copytree(Path(engines.__file__).parent.parent / package, root / package, ignore=ignore)
    group = importlib.util.find_spec(f"{compiled.GROUP}__mypyc")
    assert group is not None and group.origin, "the compiled modules' shared library is installed beside them"
    shutil.copy(group.origin, root)
    return root


def _which(root: Path, module: str = "engines.layers.machine", **env: str) -> list[str]:
    """Whether the engines run compiled, and whether ``module`` (imported first) came from its build: ".so"."""
    code = f"import {module} as m, engines; from pathlib import Path; print(engines.COMPILED, Path(m.__file__).suffix)"
    return _run(["-c", code], {"PYTHONPATH": str(root), **env}, cwd=root).split()


@needs_build
def test_an_edited_source_is_never_shadowed_by_a_stale_build(tmp_path):
    root = _copy_of_the_build(tmp_path)
    assert _which(root) == ["True", ".so"]  # the copy, as built, runs compiled
    assert _which(root, DIFFCHECK_PURE="1") == ["False", ".py"]
    source = root / "engines" / "layers" / "dependency.py"
    source.write_text(source.read_text() + "\n# an edit the build has not seen\n")
    # Any one module edited: every module from its source (a compiled class cannot extend a pure one).
    assert _which(root) == ["False", ".py"]


@needs_build
def test_a_source_is_hashed_again_when_its_file_changed_since_the_build(tmp_path):
    # The build records each source's hash, size and modification time (engines.compiled.source_record). A file
    # written again with the text it was compiled from (a checkout) keeps the build; one edited to the same size
    # does not, whatever its modification time says.
    root = _copy_of_the_build(tmp_path)
    source = root / "engines" / "layers" / "dependency.py"
    later = source.stat().st_mtime_ns + 10**9
    source.write_text(source.read_text())
    os.utime(source, ns=(later, later))
    assert _which(root) == ["True", ".so"]
    text = source.read_text()
    source.write_text(text.replace("dependency", "dependencx", 1))
    assert source.stat().st_size == len(text.encode())
    assert _which(root) == ["False", ".py"]


@needs_build
@pytest.mark.parametrize("module", ["diffcheck.boards.generate", "diffcheck.search.skip"])
def test_diffcheck_modules_of_the_build_pass_the_same_guard_even_imported_first(tmp_path, module):
    # The generator and the static skip are of the group; imported before the engines, their package imports the
    # engines first, so a stale build of them is never used either, and an edit to one turns the whole build off.
    root = _copy_of_the_build(tmp_path)
    assert _which(root, module) == ["True", ".so"]
    source = root / f"{module.replace('.', '/')}.py"
    source.write_text(source.read_text() + "\n# an edit the build has not seen\n")
    assert _which(root, module) == ["False", ".py"]
    assert _which(root) == ["False", ".py"]


def test_without_a_record_of_the_build_the_sources_are_used(tmp_path):
    # A checkout with no build at all (no compiler at install, or DIFFCHECK_PURE_BUILD): pure, and no error.
    root = tmp_path / "copy"
    ignore = shutil.ignore_patterns("__pycache__", "peers", "*.so", compiled.MANIFEST)
    for package in PACKAGES:
        shutil.copytree(Path(engines.__file__).parent.parent / package, root / package, ignore=ignore)
    assert _which(root) == ["False", ".py"]


@needs_build
def test_a_build_that_compiles_nothing_leaves_no_record(tmp_path):
    # DIFFCHECK_PURE_BUILD (or mypyc failing on a source) compiles nothing: the extension modules of an earlier
    # build are still there, and a record written now would pass them off as built from the sources of now.
    root = _copy_of_the_build(tmp_path)
    shutil.copy(Path(engines.__file__).parent.parent / "setup.py", root)
    _run(["setup.py", "-q", "build_ext", "--inplace"], {"DIFFCHECK_PURE_BUILD": "1"}, cwd=root)
    assert not (root / "engines" / compiled.MANIFEST).exists()
    assert _which(root) == ["False", ".py"]


@needs_build
@pytest.mark.parametrize("command, reused", [("editable_wheel", True), ("egg_info", False)])
def test_an_editable_install_keeps_a_build_of_the_sources_here_and_metadata_compiles_nothing(
        tmp_path, monkeypatch, command, reused):
    # pip runs setup.py for the metadata (egg_info, dist_info), then to build; `pip install -e '.[phase]'` after
    # `pip install -e .` builds the same sources again. Neither may compile, nor take back the build's record.
    root = _copy_of_the_build(tmp_path)
    shutil.copy(Path(engines.__file__).parent.parent / "setup.py", root)
    record = (root / "engines" / compiled.MANIFEST).read_text()
    spec = importlib.util.spec_from_file_location("_setup_under_test", root / "setup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(sys, "argv", ["setup.py", command])
    assert module.extensions() == []
    assert module.REUSED is reused
    assert (root / "engines" / compiled.MANIFEST).read_text() == record
    assert _which(root) == ["True", ".so"]


@needs_build
def test_an_editable_install_that_keeps_the_build_records_the_sources_times_anew(tmp_path, monkeypatch):
    # A checkout wrote a source again with the text compiled: the build is kept, and its record takes the file's
    # new time, so that no start hashes that source again (engines.compiled.unchanged).
    root = _copy_of_the_build(tmp_path)
    shutil.copy(Path(engines.__file__).parent.parent / "setup.py", root)
    source = root / "engines" / "layers" / "dependency.py"
    later = source.stat().st_mtime_ns + 10**9
    os.utime(source, ns=(later, later))
    spec = importlib.util.spec_from_file_location("_setup_under_test", root / "setup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(sys, "argv", ["setup.py", "editable_wheel"])
    assert module.extensions() == [] and module.REUSED is True
    record = json.loads((root / "engines" / compiled.MANIFEST).read_text())["engines.layers.dependency"]
    assert record[1:] == [source.stat().st_size, later]
    assert _which(root) == ["True", ".so"]


@needs_build
def test_the_shared_library_is_found_beside_the_package_when_only_the_packages_are_mapped(tmp_path):
    # An install that maps only the packages to the checkout (as setuptools' editable installs do with a finder,
    # where a project does not say its packages sit at its root) does not reach the top-level shared library the
    # build left there: the engines find it beside their package. Here the checkout's root is not on sys.path;
    # engines is loaded from it by path.
    root = _copy_of_the_build(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(root / "rulesets", elsewhere / "rulesets")
    code = ("import importlib.util, sys; from pathlib import Path; root = Path(sys.argv[1]); "
            "spec = importlib.util.spec_from_file_location('engines', root / 'engines' / '__init__.py', "
            "submodule_search_locations=[str(root / 'engines')]); module = importlib.util.module_from_spec(spec); "
            "sys.modules['engines'] = module; spec.loader.exec_module(module); import engines.layers.machine as m; "
            "print(module.COMPILED, Path(m.__file__).suffix)")
    said = _run(["-c", code, str(root)], {"PYTHONPATH": str(elsewhere)}, cwd=tmp_path).split()
    assert said == ["True", ".so"]


@needs_build
def test_the_compiled_classes_keep_their_docstrings():
    # mypyc keeps no class docstring; the build records them and the import gives them back (help() reads them).
    import importlib

    for name in compiled.MODULES:
        module = importlib.import_module(name)
        assert Path(module.__file__).suffix == ".so"
        for cls, doc in compiled.class_docstrings(compiled.source(name)).items():
            assert getattr(module, cls).__doc__ == doc, f"{name}.{cls}"
    assert "docs/board-format.md" in engines.Board.__doc__
