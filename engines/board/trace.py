"""The explanation of an evaluation: each layer, each effect applied, why then, what it changed.

A trace is a tuple of entries, plain frozen values, so two traces of one board compare
equal (engines are deterministic) and the harness can store them.
"""

from __future__ import annotations

from engines.board.record import Record

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any, ClassVar


class Heading(Record):
    """The start of a layer or sublayer (before October 2003, a stage)."""

    __match_args__: ClassVar[tuple[str, ...]] = ("sublayer", "title", "rule", "step")

    sublayer: str
    title: str
    rule: str
    step: str

    def __init__(self, sublayer: str, title: str, rule: str, step: str = "Layer") -> None:
        object.__setattr__(self, "sublayer", sublayer)
        object.__setattr__(self, "title", title)
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "step", step)


class Change(Record):
    __match_args__: ClassVar[tuple[str, ...]] = ("object", "characteristic", "before", "after")
    object: str
    characteristic: str
    before: Any
    after: Any

    def __init__(self, object: str, characteristic: str, before: Any, after: Any) -> None:
        # The field ``object`` hides the builtin here.
        _set(self, "object", object)
        _set(self, "characteristic", characteristic)
        _set(self, "before", before)
        _set(self, "after", after)


def _set(change: Change, name: str, value: Any) -> None:
    """Set a field of a frozen record, as its ``__init__`` does (``engines.board.record``), where a field named
    ``object`` hides the builtin (``Change.__init__``)."""
    object.__setattr__(change, name, value)


class Applied(Record):
    """One effect's parts applied in one sublayer."""

    __match_args__: ClassVar[tuple[str, ...]] = (
        "sublayer", "effect", "timestamp", "objects", "why", "rules", "changes",
    )

    sublayer: str
    effect: str  # how a judge names it: the source's label, and whose ability it is
    timestamp: int | None  # None for counters, which have none
    objects: tuple[str, ...]
    why: str  # why now: characteristic-defining first, timestamp, dependency, loop
    rules: tuple[str, ...]
    changes: tuple[Change, ...]

    def __init__(
        self,
        sublayer: str,
        effect: str,
        timestamp: int | None,
        objects: tuple[str, ...],
        why: str,
        rules: tuple[str, ...],
        changes: tuple[Change, ...],
    ) -> None:
        object.__setattr__(self, "sublayer", sublayer)
        object.__setattr__(self, "effect", effect)
        object.__setattr__(self, "timestamp", timestamp)
        object.__setattr__(self, "objects", objects)
        object.__setattr__(self, "why", why)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "changes", changes)


class Note(Record):
    """Anything else a judge should know: a pass, a lost ability, a locked-in effect."""

    __match_args__: ClassVar[tuple[str, ...]] = ("sublayer", "text", "rules")

    sublayer: str | None
    text: str
    rules: tuple[str, ...]

    def __init__(self, sublayer: str | None, text: str, rules: tuple[str, ...]) -> None:
        object.__setattr__(self, "sublayer", sublayer)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "rules", rules)


Entry = Heading | Applied | Note


def _show(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, (list, tuple, frozenset, set)):
        return "[" + ", ".join(sorted(str(v) for v in value)) + "]"
    return str(value)


def render(trace: tuple[Entry, ...]) -> str:
    """The trace as indented text, one line per heading, effect, change and note."""
    lines: list[str] = []
    for entry in trace:
        if isinstance(entry, Heading):
            lines.append(f"{entry.step} {entry.sublayer}: {entry.title} ({entry.rule})")
        elif isinstance(entry, Applied):
            when = f"ts {entry.timestamp}" if entry.timestamp is not None else "no timestamp"
            rules = ", ".join(entry.rules)
            lines.append(f"  - {entry.effect} [{when}] on {', '.join(entry.objects) or 'nothing'}")
            lines.append(f"      why: {entry.why} ({rules})")
            for c in entry.changes:
                lines.append(f"      {c.object}.{c.characteristic}: {_show(c.before)} -> {_show(c.after)}")
            if not entry.changes:
                lines.append("      (changes nothing)")
        else:
            rules = f" ({', '.join(entry.rules)})" if entry.rules else ""
            indent = "  * " if entry.sublayer else "* "
            lines.append(f"{indent}{entry.text}{rules}")
    return "\n".join(lines)
