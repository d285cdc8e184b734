"""Which modules of the layer machine are compiled, and the guard that keeps a stale build out.

The install (``setup.py``) compiles ``MODULES`` to C extension modules with mypyc when it can,
and writes ``MANIFEST`` beside them: a hash of each module's source as it was compiled. Where
no compiler is present the modules stay pure Python, and answer the same.

Python's import system prefers an extension module to the ``.py`` file of the same name, so
an edited source would be shadowed by the build of the old one. ``choose`` therefore runs
before any of these modules is imported (from ``engines/__init__.py``): the compiled modules
are used only if every source still has the hash it was compiled from, and ``DIFFCHECK_PURE``
is unset; otherwise a finder placed ahead of the import system loads each module from its
``.py`` file. This module imports nothing of the engines: ``setup.py`` reads it on its own.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path

# The hot path of an evaluation, compiled as one group (calls between them stay native). The board's
# values (engines.board, abilities, values) stay Python: frozen dataclasses, built once per board.
MODULES = (
    "amounts", "apply", "dependency", "explaining", "layer_pass", "machine", "plan", "reading", "state", "text",
    "trace", "zones",
)
MANIFEST = "compiled.json"
GROUP = "diffcheck_engines"  # the modules share one C library, diffcheck_engines__mypyc, beside the packages
HERE = Path(__file__).resolve().parent


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def manifest() -> dict[str, str]:
    """Module name -> the hash of the source it was compiled from."""
    return {name: source_hash(HERE / f"{name}.py") for name in MODULES}


def _built() -> bool:
    """Whether an extension module of each is here, compiled from the source that is here now."""
    try:
        recorded = json.loads((HERE / MANIFEST).read_text())
    except (OSError, ValueError):
        return False
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    for name in MODULES:
        if recorded.get(name) != source_hash(HERE / f"{name}.py"):
            return False
        if not any((HERE / f"{name}{suffix}").exists() for suffix in suffixes):
            return False
    return True


class _Sources:
    """A finder for the modules of ``MODULES``: each from its ``.py`` file, never from an extension module."""

    def find_spec(self, fullname: str, path=None, target=None):
        package, _, name = fullname.rpartition(".")
        if package != __package__ or name not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, HERE / f"{name}.py")


def choose() -> bool:
    """Use the compiled modules if they are built from the sources here and not turned off; True if so."""
    if not os.environ.get("DIFFCHECK_PURE") and _built():
        return True
    if not any(isinstance(finder, _Sources) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Sources())
    return False
