"""The ``diffcheck`` command line: a thin layer over the library (``diffcheck``), one module per kind of command.

- ``app``: the application, its commands in order, and one-line errors for usage mistakes;
- ``inputs``: every option's value checked, each failure one line and exit status 2;
- ``one_board``: ``judge``, ``diff``, ``bisect``;
- ``runs``: ``run``, ``report``, ``changelog``, ``timeline``;
- ``reference``: ``editions``, ``engines``, ``cards``.

Nothing imports this package but ``python -m diffcheck`` and the console script.
"""

from diffcheck.cli.app import app, main

__all__ = ["app", "main"]
