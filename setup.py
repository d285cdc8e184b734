"""Builds diffcheck; compiles the layer machine's hot path (``engines.compiled.MODULES``) with mypyc where it can.

Everything else about the package is in pyproject.toml. Where mypyc or a C compiler is missing, or
``DIFFCHECK_PURE_BUILD`` is set, the install goes on without the extension modules: the engines then
run as pure Python and give the same answers, more slowly. The build writes ``engines/compiled.json``,
the hashes of the sources it compiled, so that an edited source is never shadowed by a stale build.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("_compiled", ROOT / "engines" / "compiled.py")
compiled = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(compiled)

# pip runs this file three times for one install: for the metadata (egg_info, dist_info), which compiles
# nothing, then to build. Only a build compiles.
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}
# Set when an editable install finds the layer machine already compiled, in place, from the sources here
# (``pip install -e '.[phase]'`` after ``pip install -e .``): that build is kept, not made again.
REUSED = False


class BuildCompiled(build_ext):
    """Build the extension modules if possible; then record the sources they were built from."""

    def run(self) -> None:
        if REUSED:
            return  # the build in place is kept, with its record
        target = ROOT / "engines" if self.inplace else Path(self.build_lib) / "engines"
        # An earlier build's record goes first: if this one fails, nothing compiled is used.
        (target / compiled.MANIFEST).unlink(missing_ok=True)
        if not self.extensions:
            return  # nothing compiled (extensions() said why): no record, or an old build would pass for new
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - no compiler: the pure modules serve
            print(f"diffcheck: the layer machine is not compiled ({exc}); it runs as pure Python", file=sys.stderr)
            return
        target.mkdir(parents=True, exist_ok=True)
        _write_manifest(target / compiled.MANIFEST, compiled.manifest())


def pure(why: str | None) -> list:
    """No extension modules: say why (if not asked for), and take back an earlier build's record, so that the
    engines run the pure modules, not a build left in the tree."""
    if why:
        print(f"diffcheck: {why}; the layer machine runs as pure Python", file=sys.stderr)
    (ROOT / "engines" / compiled.MANIFEST).unlink(missing_ok=True)
    return []


def _write_manifest(path: Path, records: dict) -> None:
    """Written whole or not at all: an install stopped halfway leaves the last manifest, never a broken one."""
    partial = path.with_suffix(".json.partial")
    partial.write_text(json.dumps(records, indent=1) + "\n")
    os.replace(partial, path)


def extensions() -> list:
    global REUSED
    if not BUILDS & set(sys.argv[1:]):
        return []  # metadata only: nothing is compiled, nothing taken back
    if os.environ.get("DIFFCHECK_PURE_BUILD"):
        return pure(None)
    recorded = compiled.built() if "editable_wheel" in sys.argv else None
    if recorded is not None:
        REUSED = True
        # The sources have the hashes compiled (built() says so); their sizes and times now are recorded, so that
        # a start need not hash again a source a checkout wrote anew with the same text (engines.compiled).
        fresh = {**recorded, **{name: compiled.source_record(compiled.source(name)) for name in compiled.MODULES}}
        _write_manifest(ROOT / "engines" / compiled.MANIFEST, fresh)
        print("diffcheck: the layer machine is compiled from these sources already; kept", file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return pure("mypyc is not installed")
    paths = [f"{name.replace('.', '/')}.py" for name in compiled.MODULES]
    # mypy reads what the compiled modules import, and the packages above them (diffcheck's names its whole API for
    # type checkers): only the compiled modules' own type errors stop the build.
    try:
        return mypycify(["--follow-imports=silent", *paths], opt_level="3", group_name=compiled.GROUP)
    except (Exception, SystemExit) as exc:  # mypyc exits on a type error: the pure modules serve
        return pure(f"mypyc could not compile it ({exc})")


if __name__ == "__main__":  # as setuptools runs it; the tests import it to ask extensions() alone
    setup(ext_modules=extensions(), cmdclass={"build_ext": BuildCompiled})
