"""PyYAML as every module of diffcheck imports it: ``from diffcheck.pyyaml import yaml``.

PyYAML's reader compiles, when the package is imported, one regular expression: the characters a YAML
text may not hold (``yaml.reader.Reader.NON_PRINTABLE``). Its character class spans every plane of
Unicode, and Python's ``re`` builds such a class code point by code point: some 57 million
instructions, over a sixth of all that ``diffcheck judge`` spends on a small board, the interpreter's
start included. The pattern is used only when the pure-Python reader reads a text, and then it is
needed, so here it is compiled then, on its first use, and the first import of PyYAML goes without it.

Nothing else changes: every other pattern compiles as before, and a text read by the pure-Python reader
is checked by the same pattern, compiled the same way. Where PyYAML was imported before this module
(by a script of its own), it is used as it is.
"""

from __future__ import annotations

import re
import sys
from typing import Any

__all__ = ["yaml"]


class _OnFirstUse:
    """A compiled pattern that compiles on its first use: any attribute (``search``) is the compiled one's."""

    def __init__(self, pattern: str, flags: int) -> None:
        self._source = (pattern, flags)
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._compiled is None:  # two threads here at once compile it twice, to the same pattern
            self._compiled = re.compile(*self._source)
        return getattr(self._compiled, name)


def _import() -> Any:
    if "yaml" in sys.modules:
        return sys.modules["yaml"]
    compile_now = re.compile

    def compile_or_wait(pattern: Any, flags: int = 0) -> Any:
        # Only the reader's own pattern waits: its source names the last plane's last code point, as no other does.
        if isinstance(pattern, str) and "\U0010ffff" in pattern and sys._getframe(1).f_globals.get(
                "__name__") == "yaml.reader":
            return _OnFirstUse(pattern, flags)
        return compile_now(pattern, flags)

    re.compile = compile_or_wait  # type: ignore[assignment]
    try:
        import yaml
    finally:
        re.compile = compile_now
    return yaml


yaml = _import()
