"""``LayerEngine``: the built-in engine, one layer machine configured by a ruleset."""

from __future__ import annotations

from engines.board.board import Board
from engines.board.outcome import Outcome
from engines.board.trace import Entry
from engines.layers.answer import outcome
from engines.layers.machine import Machine
from rulesets.model import Ruleset


class LayerEngine:
    """Evaluates boards under one ruleset; deterministic: one board, one outcome, one trace."""

    def __init__(self, ruleset: Ruleset, check_dependencies: bool = False) -> None:
        self.ruleset = ruleset
        self.name = ruleset.name
        edition = f"edition {ruleset.edition}, " if ruleset.edition and ruleset.edition != ruleset.name else ""
        self.description = f"{ruleset.title}: {edition}{ruleset.document}, in force from {ruleset.document_date}"
        self._machine = Machine(ruleset, check_dependencies)  # the check: for the tests (Machine)

    def evaluate(self, board: Board) -> Outcome:
        r = self.ruleset
        return outcome(self.name, self._machine.evaluate(board), r.kindred, board, r.card_counters, r.color_indicators)

    def explain(self, board: Board) -> tuple[Outcome, tuple[Entry, ...]]:
        trace: list[Entry] = []
        state = self._machine.evaluate(board, trace)
        r = self.ruleset
        return outcome(self.name, state, r.kindred, board, r.card_counters, r.color_indicators), tuple(trace)

    def __repr__(self) -> str:
        return f"LayerEngine({self.name})"


def is_layer_machine(engine: object, ruleset: Ruleset | None = None) -> bool:
    """Whether ``engine`` is the built-in layer machine (under ``ruleset``, if given): exactly a LayerEngine,
    since a subclass, or an installed engine that carries a ruleset, may answer otherwise. What a run may
    predict of it without evaluating (the static skip; a hybrid answering as it does) holds of this one only."""
    return type(engine) is LayerEngine and (ruleset is None or engine.ruleset is ruleset)
