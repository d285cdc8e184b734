"""``diffcheck judge``'s work, and its quick path: plain words answered without building the application.

Building the typer application costs more than judging a small board: typer takes some 35 ms of CPU to
import, and reading the options through it imports pydantic and builds a validator per option, some 20 ms
more; the application imports every command's modules too. ``judge`` is what a person types again and
again, and its goal is an answer within 100 ms of CPU, the interpreter's start included
(benchmarks/bench_startup.py). So ``diffcheck.cli.main`` first offers the words to ``quick``: when they are
``judge`` and options it reads without doubt, the command's body runs here, without typer; anything else
(help, an unknown option, an option written another way, the options of outside engines, --save) goes to
the application, which reads it as it reads every command. The body is the same function either way
(``one_board.judge`` calls ``judge_board``), and so is what it prints; an error ends as the application
ends it (``application.command_status``).

What the quick path reads, the application reads the same: tests/cli/test_quick.py gives both the same words
and compares what reaches ``judge_board``, and what an error prints and exits with.

The modules the quick path imports do not import ``typing`` (some 12 million of judge's 200 million instructions):
each sets ``TYPE_CHECKING = False`` itself, as ``typing`` has it, and takes typing's names under ``if
TYPE_CHECKING:``, for annotations only (type checkers read that block as run); the abstract collections come from
``collections.abc``, a union of classes is written with ``|``. tests/cli/test_quick.py lists what judge does
without.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from diffcheck.cli.inputs import board_given, dated, echo, engines_named, fail, warn
from diffcheck.reports import render
from diffcheck.reports.fit import fit_lines, output_width

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:  # annotations only: judge's quick path imports no pathlib
    from pathlib import Path
    from typing import Any

__all__ = ["DEFAULT_RULES", "judge_board", "quick", "read_words"]

# The rules judge answers under when neither --ruleset nor --date names any: today's (the alias current speaks
# the newest rules document), as the page does. A judge at a historical event names the rules of its day.
DEFAULT_RULES = "current"


def judge_board(board: str | None, ruleset: str, day: str | None, explain: bool, as_json: bool,
                engine_cmd: list[str] | None, engine_config: Path | None, engine_timeout: float, cards: str | None,
                save: Path | None, strict: bool = False) -> None:
    """The body of ``diffcheck judge`` (``one_board.judge`` declares its options)."""
    ruleset = dated(day, ruleset, "--ruleset", DEFAULT_RULES)
    with engines_named([(ruleset, "--ruleset")], engine_cmd, engine_config, engine_timeout) as (engine,):
        if explain and not as_json and not hasattr(engine, "explain"):
            fail(f"--ruleset {ruleset}: this engine cannot explain its answers (it has no explain)")
        board, loaded = board_given(board, cards, save)
        warn(board, loaded, engine, strict=strict)
        trace = None
        if explain and not as_json:
            outcome, trace = engine.explain(loaded)
        else:
            outcome = engine.evaluate(loaded)
    if as_json:
        echo(render.outcome_json(outcome, render.rules_info(engine)))
        return
    text = render.render_judgement(engine, outcome, board, trace, output_width())
    # First of all, that these are today's rules, and which (not for an outside engine given that name).
    if ruleset == DEFAULT_RULES and getattr(engine, "ruleset", None) is not None:
        text = f"{render.todays_rules(engine)}\n{text}"
    echo(fit_lines(text, output_width()))


# The options the quick path reads: each as the application declares it (diffcheck.cli.one_board), its value in
# the next word. The rest (--engine-cmd, --engine-config, --engine-timeout, --save) take the application's way:
# they start an outside engine or write a file, beside which its start-up does not count.
_VALUED = {"--ruleset": "ruleset", "-r": "ruleset", "--date": "day", "--cards": "cards"}
_FLAGS = {"--explain": "explain", "--json": "as_json", "--strict": "strict"}
_DEFAULTS: dict[str, Any] = {
    "board": None, "ruleset": DEFAULT_RULES, "day": None, "explain": False, "as_json": False, "engine_cmd": None,
    "engine_config": None, "engine_timeout": 10.0, "cards": None, "save": None, "strict": False,
}


def read_words(words: Sequence[str]) -> dict[str, Any] | None:
    """``judge_board``'s arguments from the words after ``diffcheck``, or None where the application must read them.

    Read here: ``judge``, then in any order at most one board (a word not starting with ``-``) and each of the
    options above at most once, a valued option's value the next word and not starting with ``-``. Not read
    here: anything else, such as ``--help``, ``--`` or ``--ruleset=cr418``, an option given twice (the
    application keeps the last), a value that looks like an option, or the shell's completion asking
    (``_DIFFCHECK_COMPLETE`` set).
    """
    if len(words) < 1 or words[0] != "judge" or "_DIFFCHECK_COMPLETE" in os.environ:
        return None
    found: dict[str, Any] = {}
    rest = list(words[1:])
    while rest:
        word = rest.pop(0)
        if word in _FLAGS:
            name, value = _FLAGS[word], True
        elif word in _VALUED:
            if not rest or rest[0].startswith("-"):
                return None
            name, value = _VALUED[word], rest.pop(0)
        elif word.startswith("-"):
            return None
        else:
            name, value = "board", word
        if name in found:
            return None
        found[name] = value
    return {**_DEFAULTS, **found}


def quick(words: Sequence[str]) -> int | None:
    """Run ``judge`` on ``words`` without the application and give its exit status, or None (nothing done) when
    the application must read them (``read_words``)."""
    arguments = read_words(words)
    if arguments is None:
        return None
    try:
        judge_board(**arguments)
    except (Exception, KeyboardInterrupt) as exc:
        from diffcheck.cli.statuses import command_status  # an error is told as the application tells it

        status = command_status(exc)
        if status is None:
            raise
        return status
    return 0
