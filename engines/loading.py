"""Loading an engine from outside: what an entry point of ``diffcheck.engines``, or a ``module:attribute``, names.

It may name an engine, or a class or function that builds one when called without arguments (a factory); anything
else is refused with one line saying what was found. Its own module, imported only when a name is neither a
built-in engine nor an edition: ``inspect`` costs a start that needs neither some milliseconds.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any

from engines.errors import UnknownEngine


_AN_ENGINE_HAS = "an engine has evaluate(board)"


def engine_from(ep) -> Any:
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
