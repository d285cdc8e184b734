"""PyYAML as every module of diffcheck imports it: ``from diffcheck.pyyaml import yaml``.

PyYAML compiles its regular expressions when the package is imported: the characters a YAML text may
not hold (``yaml.reader.Reader.NON_PRINTABLE``), the forms of YAML's implicit types that the resolver
tries on a plain scalar (booleans, integers, floats, null, timestamps, ...), the constructor's form of a
timestamp. The first alone costs some 57 million instructions, over a sixth of all that ``diffcheck
judge`` spends on a small board, the interpreter's start included: its character class spans every plane
of Unicode, and Python's ``re`` builds such a class code point by code point. The others cost some 6
million more, and a board uses a few of them (the resolver tries only the types whose first character
the scalar has). So here each is compiled on its first use (``OnFirstUse``), and the first import of
PyYAML goes without them.

Nothing else changes: each pattern, once used, is the one PyYAML compiles, compiled the same way. Where
PyYAML was imported before this module (by a script of its own), it is used as it is.
"""

from __future__ import annotations

import re
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["OnFirstUse", "yaml"]


class OnFirstUse:
    """A compiled pattern that compiles on its first use: any attribute (``search``, ``match``) is the compiled
    one's, kept on this object once asked for, so that later uses find it at once."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._source = (pattern, flags)
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._compiled is None:  # two threads here at once compile it twice, to the same pattern
            self._compiled = re.compile(*self._source)
        found = getattr(self._compiled, name)
        setattr(self, name, found)
        return found


def _import() -> Any:
    if "yaml" in sys.modules:
        return sys.modules["yaml"]
    compile_now = re.compile

    def compile_or_wait(pattern: Any, flags: int = 0) -> Any:
        # PyYAML's own modules get patterns that compile when used; anything else imported meanwhile (base64, by
        # the constructor) gets them compiled as ever.
        if isinstance(pattern, str) and sys._getframe(1).f_globals.get("__name__", "").startswith("yaml."):
            return OnFirstUse(pattern, flags)
        return compile_now(pattern, flags)

    re.compile = compile_or_wait  # type: ignore[assignment]
    try:
        import yaml
    finally:
        re.compile = compile_now
    return yaml


yaml = _import()
