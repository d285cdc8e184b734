"""Rules engines. An engine turns a board into an outcome, and can explain it with a trace.

Engines are found by name through the entry-point group ``diffcheck.engines``; the two
built-ins (``cr418``, ``cr613``) are registered there and are also always known directly,
so a source checkout works before it is installed.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any, Protocol, runtime_checkable

from engines.board import Board
from engines.outcome import Outcome

GROUP = "diffcheck.engines"


@runtime_checkable
class Engine(Protocol):
    """What the harness needs of an engine. ``ruleset`` may be None for engines from outside."""

    name: str
    description: str

    def evaluate(self, board: Board) -> Outcome: ...


class UnknownEngine(LookupError):
    pass


def _builtins() -> dict[str, Any]:
    from engines.cr418 import ENGINE as cr418
    from engines.cr613 import ENGINE as cr613

    return {"cr418": cr418, "cr613": cr613}


def installed() -> dict[str, str]:
    """Engine name -> where it comes from (module:attribute), built-ins first."""
    found = {"cr418": "engines.cr418:ENGINE", "cr613": "engines.cr613:ENGINE"}
    for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name):
        found.setdefault(ep.name, ep.value)
    return found


def get_engine(name: str) -> Engine:
    """The engine registered under ``name``; an entry point may name an engine or a factory.

    ``module:attribute`` names an engine that is not installed as an entry point (an engine
    under development, or a test double), imported the way an entry point would be.
    """
    builtins = _builtins()
    if name in builtins:
        return builtins[name]
    if ":" in name:
        from importlib.metadata import EntryPoint

        return _engine_from(EntryPoint(name=name, value=name, group=GROUP))
    for ep in entry_points(group=GROUP):
        if ep.name == name:
            return _engine_from(ep)
    raise UnknownEngine(f"no engine named {name!r}; installed: {', '.join(installed())}")


def _engine_from(ep) -> Engine:
    try:
        loaded = ep.load()
    except (ImportError, AttributeError, ValueError) as exc:
        raise UnknownEngine(f"cannot load engine {ep.value}: {exc}") from None
    engine = loaded() if callable(loaded) and not hasattr(loaded, "evaluate") else loaded
    if not isinstance(engine, Engine):
        raise UnknownEngine(f"{ep.value} is not an engine (it has no name, description and evaluate)")
    return engine
