"""The command line's promise for the values that name rules: a --date that is not a day in range, and an
engine option naming a ``module:attribute`` that is not an engine, are one line on stderr, ``error: ...``,
exit status 2, nothing on stdout and nothing written; never a traceback. A good date still answers.

Every command that takes these options is driven in-process (typer's CliRunner), as in test_cli.py.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
from typer.testing import CliRunner

from diffcheck.cli import app
from engines import UnknownEngine, get_engine

runner = CliRunner()
BOARD = str(Path(__file__).resolve().parents[2] / "diffcheck" / "examples" / "gray-ogre.yaml")

BAD_DATES = [
    "yesterday", "20260101", "2010/06/01", "", " 2010-06-01", "2010-06-01 ", "2010-06-01\n", "2010-W22-2",
    "2009-13-01", "1998-01-01", "2999-01-01",
]
# Each command that takes --date, with the least else it needs (a run of five boards, written under OUT).
DATE_COMMANDS = {
    "judge": ["judge", BOARD],
    "diff": ["diff", BOARD],
    "bisect": ["bisect", BOARD],
    "run": ["run", "--boards", "5", "--jobs", "1", "--quiet", "--out", "OUT"],
}
NOT_ENGINES = ["json:loads", "os:path", "math:pi", "nosuchmodule:x", "json:nosuchattr", "json:", "builtins:dict"]
# Each option that names rules: (command, option, how the value is given).
ENGINE_OPTIONS = [
    ("judge", "--ruleset", "{}"),
    ("diff", "--from", "{}"),
    ("diff", "--to", "{}"),
    ("bisect", "--from", "{}"),
    ("bisect", "--to", "{}"),
    ("run", "--engines", "cr613,{}"),
    ("timeline", "--from", "{}"),
    ("timeline", "--to", "{}"),
]
BASE = {**DATE_COMMANDS, "timeline": ["timeline", "--boards", "1", "--jobs", "1", "--out", "OUT/t.md"]}


def invoke(args: list[str], work: Path, monkeypatch):
    monkeypatch.chdir(work)  # a run or timeline without --out would write under reports/ here
    return runner.invoke(app, [a.replace("OUT", str(work / "out")) for a in args])


def assert_one_error_line(result, work: Path, starts: str) -> str:
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert result.stdout == ""
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(starts), result.stderr
    assert list(work.iterdir()) == []  # nothing written, not even an empty run directory
    return lines[0]


@pytest.mark.parametrize("day", BAD_DATES, ids=repr)
@pytest.mark.parametrize("command", DATE_COMMANDS)
def test_a_bad_date_is_one_error_line(command, day, tmp_path, monkeypatch):
    result = invoke(DATE_COMMANDS[command] + ["--date", day], tmp_path, monkeypatch)
    line = assert_one_error_line(result, tmp_path, "error: --date ")
    # What is expected, and what was given (quoted when it would not show as typed).
    assert "expected YYYY-MM-DD, a day from 1999-04-23 to today" in line
    assert (day if day and day == day.strip() else repr(day)) in line


@pytest.mark.parametrize("value", NOT_ENGINES)
@pytest.mark.parametrize("command, option, form", ENGINE_OPTIONS, ids=[f"{c} {o}" for c, o, _ in ENGINE_OPTIONS])
def test_an_option_naming_no_engine_is_one_error_line(command, option, form, value, tmp_path, monkeypatch):
    result = invoke(BASE[command] + [option, form.format(value)], tmp_path, monkeypatch)
    line = assert_one_error_line(result, tmp_path, f"error: {option} {value}: ")
    assert value in line.split(": ", 2)[2]  # the message names what it could not use


@pytest.mark.parametrize("args", [
    ["judge", BOARD, "--date", "2010-06-01"],
    ["diff", BOARD, "--date", "2006-06-01"],
    ["bisect", BOARD, "--date", "2006-06-01"],
    ["run", "--boards", "5", "--jobs", "1", "--quiet", "--out", "OUT", "--date", "2006-06-01"],
], ids=lambda args: args[0])
def test_a_good_date_still_answers(args, tmp_path, monkeypatch):
    result = invoke(args, tmp_path, monkeypatch)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert ("2010-06-01" if args[0] == "judge" else "2006-06-01") in result.stdout


# ---------------------------------------------------------------- engine loading (engines.get_engine)


@pytest.mark.parametrize("name, message", [
    ("json:loads", "json:loads is a function, not an engine: an engine has evaluate(board)"),
    ("os:path", "os:path is a module, not an engine: an engine has evaluate(board)"),
    ("math:pi", "math:pi is a float, not an engine: an engine has evaluate(board)"),
    ("builtins:print", "builtins:print is a function, not an engine: an engine has evaluate(board)"),
    ("builtins:dict", "builtins:dict is a class that gives a dict, not an engine: an engine has evaluate(board)"),
    ("json:", "'json:' is not module:attribute (e.g. mypackage.engine:ENGINE)"),
    ("json:nosuchattr", "cannot load engine json:nosuchattr: module 'json' has no attribute 'nosuchattr'"),
    ("engines.layered:LayerEngine", "engines.layered:LayerEngine is a class, not an engine: building one needs "
     "arguments (ruleset); name an engine made of it, or a factory that takes no arguments"),
])
def test_what_is_not_an_engine_is_named(name, message):
    with pytest.raises(UnknownEngine) as raised:
        get_engine(name)
    assert str(raised.value) == message


def test_factories_build_engines_and_their_failures_are_one_line(monkeypatch):
    """A class or a function called without arguments builds the engine; when it raises, or builds
    something else, or the module raises as it is imported, the error says so in one line."""
    engine = get_engine("cr613")

    class Named:
        name, description = "named", "cr613 by another name"

        def evaluate(self, board):
            return engine.evaluate(board)

    def broken():
        raise RuntimeError("no ruleset\nconfigured")

    fake = types.ModuleType("fake_engines")
    fake.Named, fake.make, fake.broken, fake.gives_none = Named, lambda: Named(), broken, lambda: None
    fake.no_name = types.SimpleNamespace(description="x", evaluate=engine.evaluate)
    monkeypatch.setitem(sys.modules, "fake_engines", fake)

    assert isinstance(get_engine("fake_engines:Named"), Named)  # the class, instantiated
    assert isinstance(get_engine("fake_engines:make"), Named)
    for name, message in [
        ("fake_engines:broken",
         "fake_engines:broken is a function; calling it to build an engine raised RuntimeError: no ruleset configured"),
        ("fake_engines:gives_none",
         "fake_engines:gives_none is a function that gives None, not an engine: an engine has evaluate(board)"),
        ("fake_engines:no_name",
         "fake_engines:no_name has evaluate but no name: an engine has name, description and evaluate(board)"),
    ]:
        with pytest.raises(UnknownEngine) as raised:
            get_engine(name)
        assert str(raised.value) == message
