"""What the layer machine built lately from an object, kept by the object's identity, and no longer.

The machine asks the same questions of the same objects many times within a board (a body's plan, an ability
with its words swapped), and a shrink's variants share their unchanged objects; but most of a run's objects are
new with each board. ``Recent`` keeps answers in two generations of at most ``kept`` each: when the newer is
full it becomes the older and a new one starts, and an answer asked for from the older moves back to the newer.
What a worker keeps is then bounded by ``kept``, not by the number of boards it has seen.

Each answer holds its object, so that the object's ``id`` is not reused while the answer is kept.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any


__all__ = ["Recent"]


class Recent:
    """Answers by key (an object's ``id``, and whatever else the question holds), each with its object."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._newer: dict[Any, tuple[object, Any]] = {}
        self._older: dict[Any, tuple[object, Any]] = {}

    def get(self, key: Any, owner: object) -> Any:
        """The answer kept for ``key`` about ``owner``, or None."""
        hit = self._newer.get(key)
        if hit is not None and hit[0] is owner:
            return hit[1]
        hit = self._older.get(key)
        if hit is not None and hit[0] is owner:
            self.put(key, owner, hit[1])
            return hit[1]
        return None

    def put(self, key: Any, owner: object, answer: Any) -> None:
        if len(self._newer) >= self.kept:
            self._older, self._newer = self._newer, {}
        self._newer[key] = (owner, answer)

    def __len__(self) -> int:
        return len(self._newer) + len(self._older)
