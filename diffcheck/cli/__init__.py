"""The ``diffcheck`` command line: a thin layer over the library (``diffcheck``), one module per kind of command.

- ``application``: the application (``app`` here), its commands in order, and one-line errors for usage
  mistakes;
- ``inputs``: every option's value checked, each failure one line and exit status 2;
- ``options``: the options several commands share, as typer declares them;
- ``one_board``: ``judge``, ``diff``, ``history``, ``bisect``;
- ``judging``: ``judge``'s work, and its quick path, which answers plain words without the application;
- ``runs``: ``run``, ``report``, ``changelog``, ``timeline``, ``peer``;
- ``serve``: ``serve``, the judge's page;
- ``reference``: ``editions``, ``engines``, ``cards``.

Nothing imports this package but ``python -m diffcheck`` and the console script.
"""

from __future__ import annotations

import gc
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["app", "main"]


def main() -> None:
    """The console script ``diffcheck`` and ``python -m diffcheck``: ``judge`` on plain words takes the quick
    path (``judging.quick``); everything else the application, built only then.

    The quick path runs with the cyclic garbage collector paused. Most of what a short process makes lives
    until it ends (modules, classes, functions, the ruleset), yet the collector walks it every 700 new objects,
    and once more as the interpreter exits: on a small board, some 15 ms of judge's CPU, which freed next to
    nothing. One board is bounded (``diffcheck.boards.limits``), and the layer machine makes no reference
    cycles (``diffcheck.search.worker`` pauses the collector for each task of a run for the same reason). What
    is alive at the end is frozen (``gc.freeze``), out of the last collection's way. The application, which
    runs the long commands, gets the collector back.
    """
    gc.disable()
    try:
        from diffcheck.cli.judging import quick  # imported with the collector paused too: most of judge's time

        status = quick(sys.argv[1:])
        if status is not None:
            gc.freeze()  # before the collector is back, which would otherwise walk it all at its next pass
    finally:
        gc.enable()
    if status is None:
        from diffcheck.cli.application import main as run_application

        run_application()
    sys.exit(status)


def __getattr__(name: str) -> Any:
    # The application is built on first use (``from diffcheck.cli import app``), not with the package: the
    # quick path of ``main`` answers without it. (Its module is not called ``app``: importing a submodule sets
    # the package's attribute of that name, which would then be the module.)
    if name == "app":
        from diffcheck.cli.application import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
