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


class BuildCompiled(build_ext):
    """Build the extension modules if possible; then record the sources they were built from."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - no compiler: the pure modules serve
            print(f"diffcheck: the layer machine is not compiled ({exc}); it runs as pure Python", file=sys.stderr)
            return
        target = ROOT / "engines" if self.inplace else Path(self.build_lib) / "engines"
        target.mkdir(parents=True, exist_ok=True)
        (target / compiled.MANIFEST).write_text(json.dumps(compiled.manifest(), indent=1) + "\n")


def extensions() -> list:
    if os.environ.get("DIFFCHECK_PURE_BUILD"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("diffcheck: mypyc is not installed; the layer machine runs as pure Python", file=sys.stderr)
        return []
    paths = [f"engines/{name}.py" for name in compiled.MODULES]
    return mypycify(paths, opt_level="3", group_name=compiled.GROUP)


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildCompiled})
