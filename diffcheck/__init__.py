"""diffcheck: a differential checker of the layer rules of Magic: The Gathering, old rules against new.

As a library, ``import diffcheck`` gives what a script needs (``diffcheck.api`` documents
each name): ``load_board`` and ``board_from_data``; ``engine``; ``evaluate``, ``explain``,
``diff`` and ``bisect`` on one board; ``run`` and ``report`` on many. The package is laid
out by concern: ``boards`` (reading, limits, generation, warnings), ``search`` (runs,
shrinking, findings), ``reports`` (changelogs, the timeline, renderings), ``catalogue``
(real cards) and ``cli`` (the command line, on top of the rest).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any

    from diffcheck.api import (
        Attribution, Board, BoardDiff, BoardError, Engine, EngineError, Judgement, Outcome, ReportError, RunError,
        UnknownEngine, bisect, board_from_data, diff, engine, evaluate, explain, load_board, report, run,
    )

__all__ = [
    "Attribution", "Board", "BoardDiff", "BoardError", "Engine", "EngineError", "Judgement", "Outcome", "ReportError",
    "RunError", "UnknownEngine", "bisect", "board_from_data", "diff", "engine", "evaluate", "explain", "load_board",
    "report", "run",
]


def __getattr__(name: str) -> Any:
    # The library is imported on first use, not with the package: the command line imports
    # ``diffcheck`` too, and a command that needs none of it should not wait for it.
    if name in __all__:
        from diffcheck import api

        return getattr(api, name)
    raise AttributeError(f"module 'diffcheck' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
