"""``Engine``: what the harness needs of an engine, as a protocol (``isinstance`` asks it at run time).

Its own module, imported on first use of ``engines.Engine``: ``typing.Protocol`` brings ``typing``, which
``diffcheck judge``'s start does without (``diffcheck.cli.judging``).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from engines.board.board import Board
from engines.board.outcome import Outcome


@runtime_checkable
class Engine(Protocol):
    """What the harness needs of an engine. ``ruleset`` may be None for engines from outside."""

    name: str
    description: str

    def evaluate(self, board: Board) -> Outcome: ...
