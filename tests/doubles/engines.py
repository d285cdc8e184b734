"""An engine that forgets +1/+1 and -1/-1 counters, and otherwise is cr613.

Plugged in by name as ``tests.doubles.engines:FORGETS_COUNTERS``, the way an engine author's
engine under development would be. Against cr613 it diverges exactly on boards where a
creature has counters (613.3d): the harness must find that and shrink it to one creature
with one counter.
"""

from __future__ import annotations

from rulesets.record import replace

from engines import get_engine
from engines.board import Board


class _Cr613Double:
    """cr613 under another name: the doubles below change what it sees or does."""

    name = "cr613-double"
    description = "cr613"

    def __init__(self) -> None:
        self._inner = get_engine("cr613")

    def _relabel(self, outcome: dict) -> dict:
        return {**outcome, "ruleset": self.name}


class ForgetsCounters(_Cr613Double):
    name = "forgets-counters"
    description = "cr613, except that counters change nothing (a deliberately broken test double)"

    def evaluate(self, board: Board) -> dict:
        cleared = replace(board, objects=tuple(replace(o, counters=()) for o in board.objects))
        return self._relabel(self._inner.evaluate(cleared))


FORGETS_COUNTERS = ForgetsCounters()


class RaisesOnCounters(_Cr613Double):
    """cr613, except that it raises on any board with counters: an in-process engine that fails."""

    name = "raises-on-counters"
    description = "cr613 that raises on boards with counters (a deliberately broken test double)"

    def evaluate(self, board: Board) -> dict:
        if any(o.counters for o in board.objects):
            raise RuntimeError("counters are not supported yet")
        return self._relabel(self._inner.evaluate(board))


RAISES_ON_COUNTERS = RaisesOnCounters()
