"""Rules engines. An engine turns a board into an outcome, and can explain it with a trace.

Engines are found by name through the entry-point group ``diffcheck.engines``; the two
built-ins (``cr418``, ``cr613``) are registered there and are also always known directly,
so a source checkout works before it is installed.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import re
import shlex
from typing import Any, Protocol, runtime_checkable

from engines.compiled import choose

# Before any module of the layer machine is imported: compiled if built from these sources (engines.compiled).
COMPILED = choose()

from engines.board.board import Board  # noqa: E402
from engines.board.outcome import Outcome  # noqa: E402
from engines.errors import EngineError  # noqa: E402,F401  (the registry's name for it)

GROUP = "diffcheck.engines"


@runtime_checkable
class Engine(Protocol):
    """What the harness needs of an engine. ``ruleset`` may be None for engines from outside."""

    name: str
    description: str

    def evaluate(self, board: Board) -> Outcome: ...


class UnknownEngine(LookupError):
    """No engine answers to a name: not installed, not an edition, alias or day in range, not importable.

    The message says which, and what the names could have been.
    """


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
    if ":" in name:
        from importlib.metadata import EntryPoint

        if not _MODULE_ATTRIBUTE.match(name):
            raise UnknownEngine(f"{name!r} is not module:attribute (e.g. mypackage.engine:ENGINE)")
        return _engine_from(EntryPoint(name=name, value=name, group=GROUP))
    from importlib.metadata import entry_points  # only a name that is no edition needs the installed engines

    for ep in entry_points(group=GROUP):
        if ep.name == name:
            return _engine_from(ep)
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
_AN_ENGINE_HAS = "an engine has evaluate(board)"


def _engine_from(ep) -> Engine:
    """The engine an entry point (or ``module:attribute``) names: the object itself, or, for a class or a
    function, what calling it without arguments gives (a factory).

    Anything else raises UnknownEngine with one line saying what was found instead.
    """
    where = ep.value
    try:
        loaded = ep.load()
    except (ImportError, AttributeError) as exc:
        raise UnknownEngine(f"cannot load engine {where}: {_one_line(exc)}") from None
    except (Exception, SystemExit) as exc:  # importing the module ran its code, which may raise anything
        raise UnknownEngine(f"cannot load engine {where}: importing it raised {_raised(exc)}") from exc
    found = _kind(loaded)
    if inspect.isclass(loaded) or (not hasattr(loaded, "evaluate") and _is_factory(loaded)):
        try:
            signature = inspect.signature(loaded)
        except (TypeError, ValueError):  # no signature to read (a class written in C): calling it will tell
            signature = None
        needed = _required(signature) if signature is not None else ()
        if needed and callable(getattr(loaded, "evaluate", None)):  # an engine class, named instead of an engine
            raise UnknownEngine(
                f"{where} is {found}, not an engine: building one needs arguments ({', '.join(needed)}); name an "
                "engine made of it, or a factory that takes no arguments"
            )
        if needed:  # not something that builds an engine by itself
            raise UnknownEngine(f"{where} is {found}, not an engine: {_AN_ENGINE_HAS}")
        try:
            engine = loaded()
        except (Exception, SystemExit) as exc:
            raise UnknownEngine(
                f"{where} is {found}; calling it to build an engine raised {_raised(exc)}"
            ) from exc
        found = f"{found} that gives {_kind(engine)}"
    else:
        engine = loaded
    if not callable(getattr(engine, "evaluate", None)):
        raise UnknownEngine(f"{where} is {found}, not an engine: {_AN_ENGINE_HAS}")
    missing = [attribute for attribute in ("name", "description") if not hasattr(engine, attribute)]
    if missing:
        raise UnknownEngine(
            f"{where} has evaluate but no {' or '.join(missing)}: an engine has name, description and evaluate(board)"
        )
    return engine


def _required(signature: inspect.Signature) -> tuple[str, ...]:
    """The parameters a call must give (none for a factory)."""
    variadic = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
    return tuple(
        name for name, parameter in signature.parameters.items()
        if parameter.default is parameter.empty and parameter.kind not in variadic
    )


def _is_factory(obj: Any) -> bool:
    """Whether ``obj`` may build an engine when called without arguments: a function or method written in
    Python, or a callable object. Functions written in C (print, os.abort, sys.exit...) are never called."""
    return callable(obj) and (not inspect.isroutine(obj) or inspect.isfunction(obj) or inspect.ismethod(obj))


def _kind(obj: Any) -> str:
    """What ``obj`` is, for a message: "a module", "a class", "a function", "a float"..."""
    if obj is None:
        return "None"
    if inspect.ismodule(obj):
        return "a module"
    if inspect.isclass(obj):
        return "a class"
    if inspect.isroutine(obj) or isinstance(obj, functools.partial):
        return "a function"
    kind = type(obj).__name__
    return f"{'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind}"


def _raised(exc: BaseException) -> str:
    text = _one_line(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())
