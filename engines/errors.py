"""What goes wrong in an engine, as one exception every kind of engine raises: the registry's ``EngineError``.

Its own module, below every other, so that an engine from outside (``engines.peers``) can raise it without
importing the registry, which imports the engines.
"""

from __future__ import annotations


class EngineError(RuntimeError):
    """An engine could not evaluate a board: it failed to start, crashed, timed out, wrote
    something that is not JSON, answered ``{"error": ...}``, or gave an invalid outcome.

    ``engine`` is the engine's name, ``message`` what went wrong, ``stderr_tail`` the last
    lines the engine wrote to its stderr (a tuple, possibly empty) and ``kind`` one of
    ``start``, ``crash``, ``timeout``, ``garbage``, ``error``, ``invalid`` (or None).
    ``str()`` is one line; ``details()`` adds the whole stderr tail. Picklable, so it can
    cross from a worker process to the harness.
    """

    def __init__(self, engine: str, message: str, stderr_tail=(), kind: str | None = None) -> None:
        stderr_tail = tuple(stderr_tail)
        super().__init__(engine, message, stderr_tail, kind)
        self.engine = engine
        self.message = message
        self.stderr_tail = stderr_tail
        self.kind = kind

    def __str__(self) -> str:
        text = f"engine {self.engine}: {self.message}"
        if self.stderr_tail:
            text += f"; its stderr ended with: {self.stderr_tail[-1]}"
        return text

    def details(self) -> str:
        """The message, then the last lines of the engine's stderr, one per line."""
        text = f"engine {self.engine}: {self.message}"
        if self.stderr_tail:
            text += "\nlast lines of its stderr:\n" + "\n".join(f"  {line}" for line in self.stderr_tail)
        return text


class UnknownEngine(LookupError):
    """No engine answers to a name: not installed, not an edition, alias or day in range, not importable.

    The message says which, and what the names could have been.
    """
