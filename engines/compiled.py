"""Which modules of the layer machine are compiled, and the guard that keeps a stale build out.

The install (``setup.py``) compiles ``MODULES`` to C extension modules with mypyc when it can,
and writes ``MANIFEST`` beside them: a hash of each module's source as it was compiled (with the
file's size and modification time then), and the docstrings of its classes, which a compiled class
does not keep (the finder of the compiled modules gives them back). Where no compiler is present the
modules stay pure Python, and answer the same.

Python's import system prefers an extension module to the ``.py`` file of the same name, so
an edited source would be shadowed by the build of the old one. ``choose`` therefore runs
before any of these modules is imported (from ``engines/__init__.py``): the compiled modules
are used only if every source still has the hash it was compiled from, and ``DIFFCHECK_PURE``
is unset; otherwise a finder placed ahead of the import system loads each module from its
``.py`` file. A source with the size and modification time it had then is taken to have its hash,
as Python's own bytecode cache takes it (hashing every source cost each start some 5 ms, most of it
importing OpenSSL's hashes). This module imports nothing of the engines: ``setup.py`` reads it on
its own.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any

# The hot path of an evaluation, compiled as one group (calls between them stay native), the board's values
# (engines.board.board, abilities, values, and the words they check) with it: the machine reads their attributes millions of times, and
# reads a native class's as a field. A run draws each board and checks whether it can skip it before the machine sees
# it: the generator and the static skip of ``diffcheck`` run as often as the machine does, and are compiled with it
# (only their names are here: the engines import nothing of diffcheck).
MODULES = (
    "engines.board.abilities", "engines.board.board", "engines.board.outcome", "engines.board.record",
    "engines.board.trace", "engines.board.values", "engines.board.vocabulary",
    "engines.layers.amounts", "engines.layers.answer", "engines.layers.apply", "engines.layers.dependency",
    "engines.layers.explaining", "engines.layers.layer_pass", "engines.layers.machine", "engines.layers.plan",
    "engines.layers.reading", "engines.layers.recent", "engines.layers.resolution", "engines.layers.state",
    "engines.layers.subtype_index", "engines.layers.text", "engines.layers.zones",
    "diffcheck.boards.generate", "diffcheck.search.skip",
)
MANIFEST = "compiled.json"
DOCSTRINGS = "docstrings"  # the manifest's key for the classes' docstrings (mypyc keeps none)
GROUP = "diffcheck_engines"  # the modules share one C library, diffcheck_engines__mypyc, beside the packages
LIBRARY = f"{GROUP}__mypyc"
# Paths as strings, by os.path: every start runs the guard, and pathlib (with what it imports) is a tenth of judge's.
HERE = os.path.dirname(os.path.realpath(__file__))
ROOT = os.path.dirname(HERE)  # where the packages are


def source(name: str) -> str:
    """The ``.py`` file of a module of ``MODULES`` (``engines.layers.machine``: ``engines/layers/machine.py``)."""
    return os.path.join(ROOT, *name.split(".")) + ".py"


def source_hash(path: str | os.PathLike[str]) -> str:
    import hashlib  # here: a start whose sources are untouched since the build hashes none

    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def source_record(path: str | os.PathLike[str]) -> list[Any]:
    """What the manifest keeps of a source: its hash, its size and its modification time (ns), as compiled."""
    stat = os.stat(path)
    return [source_hash(path), stat.st_size, stat.st_mtime_ns]


def _is_record(record: Any) -> bool:
    return isinstance(record, list) and len(record) == 3


def untouched(record: Any, path: str | os.PathLike[str]) -> bool:
    """Whether the source at ``path`` has the size and modification time ``record`` (``source_record``) holds."""
    if not _is_record(record):
        return False
    stat = os.stat(path)
    return [stat.st_size, stat.st_mtime_ns] == record[1:]


def unchanged(record: Any, path: str | os.PathLike[str]) -> bool:
    """Whether the source at ``path`` is the one ``record`` (``source_record``) was made of: untouched since, or
    else with the same hash (a checkout that wrote the same text again)."""
    return untouched(record, path) or (_is_record(record) and record[0] == source_hash(path))


def manifest() -> dict[str, Any]:
    """Module name -> the record of the source it was compiled from (``source_record``); and under ``DOCSTRINGS``,
    the docstrings of the modules' classes (module name -> class name -> docstring), which a compiled class has
    lost."""
    hashes: dict[str, Any] = {name: source_record(source(name)) for name in MODULES}
    return {**hashes, DOCSTRINGS: {name: class_docstrings(source(name)) for name in MODULES}}


def class_docstrings(path: str | os.PathLike[str]) -> dict[str, str]:
    """Class name -> docstring, of the classes a module defines at its top level."""
    import ast

    with open(path, encoding="utf-8") as f:
        text = f.read()
    return {node.name: doc for node in ast.parse(text).body
            if isinstance(node, ast.ClassDef) and (doc := ast.get_docstring(node, clean=False))}


def built() -> dict | None:
    """The manifest, if an extension module of each is here, with their shared library beside the package, compiled
    from the source that is here now."""
    try:
        with open(os.path.join(HERE, MANIFEST), encoding="utf-8") as f:
            recorded = json.loads(f.read())
    except (OSError, ValueError):
        return None
    if library() is None:
        return None
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    for name in MODULES:
        try:
            if not unchanged(recorded.get(name), source(name)):
                return None
        except OSError:  # its source is not here: nothing says the build is of these sources
            return None
        if not any(os.path.exists(source(name)[: -len(".py")] + suffix) for suffix in suffixes):
            return None
    return recorded


def library() -> str | None:
    """The compiled modules' shared library, beside the ``engines`` package (in a checkout, at its root)."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = os.path.join(ROOT, f"{LIBRARY}{suffix}")
        if os.path.exists(path):
            return path
    return None


class _Sources:
    """A finder for the modules of ``MODULES``: each from its ``.py`` file, never from an extension module."""

    def find_spec(self, fullname: str, path=None, target=None):
        if fullname not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source(fullname))


class _Documented:
    """A finder for the modules of ``MODULES``: each from its extension module, its classes given back the
    docstrings the build recorded (``help(engines.Board)`` reads as it does in the source).

    A compiled module imports the others of its group natively, past the finders; so after each import it
    finds, it documents every module of the group that is loaded by then."""

    def __init__(self, docstrings: dict[str, dict[str, str]]) -> None:
        self.docstrings = docstrings
        self.done: set[str] = set()

    def find_spec(self, fullname: str, path=None, target=None):
        if fullname == LIBRARY:
            # Found beside the package, wherever that is: an editable install that kept an earlier build (setup.py)
            # maps the packages to the checkout, but not a top-level module its own build did not make.
            found = library()
            return None if found is None else importlib.util.spec_from_file_location(LIBRARY, found)
        if fullname not in MODULES:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is not None and spec.loader is not None:
            spec.loader = _DocumentingLoader(spec.loader, self)  # type: ignore[assignment]
        return spec

    def document(self) -> None:
        for name in MODULES:
            module = sys.modules.get(name)
            if module is None or name in self.done:
                continue
            self.done.add(name)
            for cls_name, doc in self.docstrings.get(name, {}).items():
                cls = getattr(module, cls_name, None)
                if isinstance(cls, type) and not cls.__doc__:
                    setattr(cls, "__doc__", doc)


class _DocumentingLoader:  # not an importlib.abc.Loader: that module would add importlib.resources to every start
    def __init__(self, loader, finder: _Documented) -> None:
        self.loader, self.finder = loader, finder

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module) -> None:
        self.loader.exec_module(module)
        self.finder.document()


def choose() -> bool:
    """Use the compiled modules if they are built from the sources here and not turned off; True if so."""
    recorded = None if os.environ.get("DIFFCHECK_PURE") else built()
    if recorded is not None:
        if not any(isinstance(finder, _Documented) for finder in sys.meta_path):
            sys.meta_path.insert(0, _Documented(recorded.get(DOCSTRINGS, {})))
        return True
    if not any(isinstance(finder, _Sources) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Sources())
    return False
