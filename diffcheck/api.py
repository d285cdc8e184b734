"""diffcheck as a library: what a script needs, without the command line.

``import diffcheck`` gives every name here. The command line (``diffcheck.cli``) answers
the same questions and prints them; these functions return values instead:

- a board: ``load_board`` (a file) or ``board_from_data`` (parsed data), ``BoardError``;
- the rules: ``engine`` (an edition, an alias, a date or an installed engine);
- one board: ``evaluate`` (the outcome), ``explain`` (the outcome with its trace),
  ``diff`` (two engines side by side) and ``bisect`` (the rule changes behind a difference);
- many boards: ``run`` (generate, compare, shrink and group; writes a run directory) and
  ``report`` (that directory as a changelog).

Rules are named as on the command line: an edition key (``"2004-06"``), an alias
(``"cr418"``, ``"cr613"``, ``"current"``), a day (``"2004-06-01"`` or a ``datetime.date``:
the rules in force that day), an installed engine or ``module:attribute``.
"""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from diffcheck.boards.loading import BoardError, board_from_data, load_board
from diffcheck.reports import render
from diffcheck.reports.changelog import ReportError, write_changelog
from diffcheck.search.attribution import Attribution, bisect as smallest_changes, rule_changes
from diffcheck.search.divergence import differing, normalize
from diffcheck.search.harness import Harness, RunConfig, RunError
from engines import Engine, EngineError, UnknownEngine, get_engine
from engines.board import Board
from engines.board.outcome import Outcome
from engines.board.trace import Entry

__all__ = [
    "Attribution", "Board", "BoardDiff", "BoardError", "Engine", "EngineError", "Judgement", "Outcome", "ReportError",
    "RunError", "UnknownEngine", "bisect", "board_from_data", "diff", "engine", "evaluate", "explain", "load_board", "report",
    "run",
]

Rules = str | datetime.date | Engine

# The rules of one board's answer when none are named: today's, as ``diffcheck judge`` answers without --ruleset
# (the alias current speaks the newest rules document).
TODAY = "current"


def engine(rules: Rules = TODAY) -> Engine:
    """The engine that answers under ``rules`` (default: today's rules, ``current``); an engine given is returned
    as it is.

    Raises ``UnknownEngine`` when the name is none of an edition, an alias, a day within
    the documents' range, an installed engine or an importable ``module:attribute``.
    """
    if isinstance(rules, datetime.date):
        rules = rules.isoformat()
    return get_engine(rules) if isinstance(rules, str) else rules


def evaluate(board: Board, rules: Rules = TODAY) -> Outcome:
    """The outcome of ``board`` under ``rules`` (default: today's): ``{"ruleset": ..., "objects": {id:
    characteristics}}``.

    Each object's characteristics are its final name, controller, types, subtypes,
    supertypes, colors, abilities, power and toughness, as ``diffcheck judge --json``
    prints them (``docs/board-format.md``, "The outcome").
    """
    return engine(rules).evaluate(board)


@dataclass(frozen=True)
class Judgement:
    """An answer with its reasons: the outcome and the trace of every step that led to it."""

    engine: Engine
    outcome: Outcome
    trace: tuple[Entry, ...]

    def text(self, board_name: str = "<board>") -> str:
        """The answer and the explanation, layer by layer, as ``diffcheck judge --explain`` prints them."""
        return render.render_judgement(self.engine, self.outcome, board_name, self.trace)


def explain(board: Board, rules: Rules = TODAY) -> Judgement:
    """The outcome of ``board`` under ``rules`` (default: today's) with its trace, as a ``Judgement``.

    Raises ``ValueError`` for an engine that cannot explain (an outside engine answers
    only with outcomes).
    """
    chosen = engine(rules)
    if not hasattr(chosen, "explain"):
        raise ValueError(f"engine {chosen.name} cannot explain its answers (it has no explain)")
    outcome, trace = chosen.explain(board)
    return Judgement(chosen, outcome, tuple(trace))


@dataclass(frozen=True)
class BoardDiff:
    """One board under two engines: both outcomes, and every characteristic that differs.

    ``differences`` holds ``(object id, characteristic, old value, new value)``, sorted by
    id and characteristic; an object only one outcome has is one row, characteristic
    ``"object"``. A ``BoardDiff`` is true when anything differs.
    """

    old: Outcome
    new: Outcome
    differences: tuple[tuple[str, str, Any, Any], ...]

    def __bool__(self) -> bool:
        return bool(self.differences)


def diff(board: Board, old: Rules = "cr418", new: Rules = "cr613") -> BoardDiff:
    """``board`` under ``old`` and under ``new``, as ``diffcheck diff`` compares them."""
    outcomes = evaluate(board, old), evaluate(board, new)
    # Compared as plain data, as the command does: an outside engine's tuple equals a list.
    rows = differing(*(normalize(o) for o in outcomes))
    return BoardDiff(*outcomes, tuple(rows))


def bisect(board: Board, old: str | datetime.date = "cr418", new: str | datetime.date = "cr613") -> Attribution:
    """The smallest set of rule changes that, applied to ``old``'s rules, gives ``new``'s outcome on ``board``.

    ``old`` and ``new`` name rules as ``engine`` does. ``Attribution.changes`` are rule-change
    keys (``diffcheck editions`` lists them), empty when the outcomes agree; ``explained`` is
    false when no set of the changes between the two editions reproduces the new outcome.
    Raises ``ValueError`` when ``old`` is not built on a
    ruleset or no rule change leads from ``old`` to ``new``.
    """
    names = tuple(day.isoformat() if isinstance(day, datetime.date) else day for day in (old, new))
    engines = engine(names[0]), engine(names[1])
    ruleset, changes = rule_changes(*names, engines[0])
    return smallest_changes(board, ruleset, engines[1].evaluate(board), changes)


def run(
    out: str | os.PathLike[str],
    engines: tuple[str, str] = ("cr418", "cr613"),
    *,
    boards: int,
    seed: int = 0,
    jobs: int | None = None,
    cards: bool = False,
) -> dict[str, Any]:
    """Generate ``boards`` boards, evaluate each under both engines, shrink and group the divergences.

    Everything found is written to the run directory ``out`` (which must not hold a run;
    ``diffcheck run --resume`` continues one), and the summary ``diffcheck run --json``
    prints is returned: engines, seed, boards, divergent_boards, findings, groups,
    engine_errors, seconds, boards_per_second, complete, run_dir. The same seed and
    budget give the same findings whatever ``jobs`` (default: every core). With
    ``cards``, boards name catalogue cards only. Raises ``RunError`` for a directory that holds
    a run or that another run is writing.
    """
    directory = Path(out)
    config = RunConfig(tuple(engines), seed, boards, None, jobs or os.cpu_count() or 1,
                       generator="cards" if cards else "small")
    result = Harness(config, directory).run()
    return render.run_summary(result, directory)


def report(run_dir: str | os.PathLike[str], fmt: str = "md", out: str | os.PathLike[str] | None = None) -> Path:
    """Write the changelog of a run directory (``fmt``: ``md`` or ``html``) and return its path.

    The default file is ``RUN_DIR/CHANGELOG.md`` (or ``.html``). Raises ``ReportError`` for a
    directory that holds no finished run.
    """
    return write_changelog(Path(run_dir), fmt, None if out is None else Path(out))
