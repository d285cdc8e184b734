"""Rules engines. An engine turns a board into an outcome, and can explain it with a trace.

Engines are found by name through the entry-point group ``diffcheck.engines``; the two
built-ins (``cr418``, ``cr613``) are registered there and are also always known directly,
so a source checkout works before it is installed.
"""

from __future__ import annotations

import importlib
import re

from engines.compiled import choose

# Before any module of the layer machine is imported: compiled if built from these sources (engines.compiled).
COMPILED = choose()

from engines.board.board import Board  # noqa: E402,F401  (the package's names for them: engines.Board)
from engines.board.outcome import Outcome  # noqa: E402,F401
from engines.errors import EngineError, UnknownEngine  # noqa: E402,F401  (the registry's names for them)

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any

    from engines.protocol import Engine

GROUP = "diffcheck.engines"


def __getattr__(name: str) -> Any:
    # ``Engine`` is a typing.Protocol, made on first use (engines.protocol).
    if name == "Engine":
        from engines.protocol import Engine

        return Engine
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_ENGINE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*\Z")


def parse_engine_cmd(spec: str) -> tuple[str, str]:
    """Split ``NAME=COMMAND`` (an external engine: docs/external-engines.md) into its name and command.

    The name is letters, digits and ``_ . -`` (no ``=``, ``:``, ``,`` or spaces, so it can
    stand in an ``--engines`` list); the command must split (``shlex``) into at least one
    word. Raises ValueError saying what is wrong.
    """
    if not isinstance(spec, str) or "=" not in spec:
        raise ValueError(f"expected NAME=COMMAND for an external engine (e.g. mine=./my-engine --fast); got {spec!r}")
    name, command = spec.split("=", 1)
    name, command = name.strip(), command.strip()
    if not name:
        raise ValueError(f"{spec!r}: the engine name before '=' is empty; expected NAME=COMMAND")
    if not _ENGINE_NAME.match(name):
        raise ValueError(
            f"{spec!r}: {name!r} is not an engine name (letters, digits and _ . -, not starting with . or -)"
        )
    import shlex  # here: only an outside engine's command is split, and the module costs every start ~0.5 ms

    try:
        words = shlex.split(command)
    except ValueError as exc:
        raise ValueError(f"{spec!r}: cannot split the command into words: {exc}") from None
    if not words:
        raise ValueError(f"{spec!r}: the command after '=' is empty; expected NAME=COMMAND")
    return name, command


# The built-in engines' modules. Each builds its engine (and so its ruleset) when imported: only the one named is.
_BUILTINS = {"cr418": "engines.cr418", "cr613": "engines.cr613"}


def installed() -> dict[str, str]:
    """Engine name -> where it comes from (module:attribute), built-ins first."""
    from importlib.metadata import entry_points  # here, not at the top: reading installed packages costs time

    found = {name: f"{module}:ENGINE" for name, module in _BUILTINS.items()}
    for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name):
        found.setdefault(ep.name, ep.value)
    return found


def get_engine(name: str) -> Engine:
    """The engine registered under ``name``; an entry point may name an engine or a factory.

    ``module:attribute`` names an engine that is not installed as an entry point (an engine
    under development, or a test double), imported the way an entry point would be.
    """
    if name in _BUILTINS:
        return importlib.import_module(_BUILTINS[name]).ENGINE
    edition = _edition_engine(name)
    if edition is not None:
        return edition
    from engines.loading import engine_from  # here: an engine from outside needs inspect, which starts slowly

    if ":" in name:
        from importlib.metadata import EntryPoint

        if not _MODULE_ATTRIBUTE.match(name):
            raise UnknownEngine(f"{name!r} is not module:attribute (e.g. mypackage.engine:ENGINE)")
        return engine_from(EntryPoint(name=name, value=name, group=GROUP))
    from importlib.metadata import entry_points  # only a name that is no edition needs the installed engines

    for ep in entry_points(group=GROUP):
        if ep.name == name:
            return engine_from(ep)
    raise UnknownEngine(
        f"no engine named {name!r}; installed: {', '.join(installed())}; or an edition of the rules: an edition "
        "key, an alias or a date (see `diffcheck editions`)"
    )


_EDITION_ENGINES: dict[str, Any] = {}


def _edition_engine(name: str):
    """The layer machine under an edition named by its key, an alias or a date; None if ``name`` is none of these."""
    from engines.layered import LayerEngine
    from rulesets.documents import DateOutOfRange
    from rulesets.editions import is_edition_name, ruleset_for

    if not is_edition_name(name):
        return None
    engine = _EDITION_ENGINES.get(name)
    if engine is None:
        try:
            ruleset = ruleset_for(name)
        except DateOutOfRange as exc:
            raise UnknownEngine(str(exc)) from None
        engine = _EDITION_ENGINES[name] = LayerEngine(ruleset)
    return engine


# What a user may write for an engine not installed: a module, a colon, an attribute (dotted names allowed).
_MODULE_ATTRIBUTE = re.compile(r"[^\W\d][\w.]*:[^\W\d][\w.]*\Z")
