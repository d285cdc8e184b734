"""``diffcheck judge``'s quick path (diffcheck.cli.judging) answers as the application does, and imports little.

The console script offers its words to ``judging.quick`` first; what it takes, it runs without typer. So it
must read the words as the application reads them (the same arguments reach ``judge_board``), print what
the application prints, end with the same status on every error, and leave the rest to the application.
The last test guards what makes it quick: the modules judge on a small board does not import.
"""

from __future__ import annotations

import errno
import gc
import json
import os
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
import typer
from hypothesis import given, settings, strategies as st
from typer.testing import CliRunner

from diffcheck.cli import app, judging
from diffcheck.cli.inputs import fail

ROOT = Path(__file__).resolve().parents[2]
GRAY_OGRE = str(ROOT / "diffcheck" / "examples" / "gray-ogre.yaml")
runner = CliRunner()


def _arguments(board, ruleset, day, explain, as_json, engine_cmd, engine_config, engine_timeout, cards, save,
               strict=False):
    return locals()


def application_reads(words: list[str]) -> dict | None:
    """What reaches ``judge_board`` when the application reads ``words``; None if it does not get there."""
    seen = []
    with mock.patch.object(judging, "judge_board", lambda *a, **k: seen.append(_arguments(*a, **k))):
        result = runner.invoke(app, words)
    return seen[0] if seen and result.exit_code == 0 else None


# ---------------------------------------------------------------- the words

WORDS = [
    "judge", "diff", "board.yaml", "", "two words", "--ruleset", "-r", "--date", "--cards", "--explain", "--json",
    "--strict",
    "cr418", "2009-10-01", "Grizzly Bears", "--save", "out.yaml", "--engine-timeout", "5", "--engine-cmd", "x=y",
    "--engine-config", "--help", "-h", "--", "--ruleset=cr418", "-rcr418", "-", "-x", "--nope", "--version",
    "--JSON", "\udcff.yaml",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=6), st.sampled_from(["judge", "judge", "judge", "diff"]))
def test_what_the_quick_path_reads_the_application_reads_the_same(words, command):
    words = [command, *words]
    quick = judging.read_words(words)
    if quick is not None:
        assert application_reads(words) == quick


@pytest.mark.parametrize("words", [
    ["judge", "b.yaml"], ["judge", "-r", "cr418", "b.yaml", "--explain"], ["judge", "--json", "b.yaml"],
    ["judge", "--cards", "Humility, Grizzly Bears", "--date", "2006-10-01"], ["judge"], ["judge", ""],
    ["judge", "\udcff.yaml"],  # a name the system could not decode
])
def test_plain_words_take_the_quick_path(words):
    assert judging.read_words(words) is not None
    assert application_reads(words) == judging.read_words(words)


@pytest.mark.parametrize("words", [
    ["judge", "--help"], ["judge", "b.yaml", "--ruleset=cr418"], ["judge", "b.yaml", "-r", "cr418", "-r", "cr613"],
    ["judge", "a.yaml", "b.yaml"], ["judge", "--ruleset", "-x"], ["judge", "b.yaml", "--save", "s.yaml"],
    ["judge", "b.yaml", "--engine-timeout", "5"], ["judge", "--", "b.yaml"],
    ["--version"], ["diff", "b.yaml"], [],
])
def test_other_words_are_left_to_the_application(words):
    assert judging.read_words(words) is None
    assert judging.quick(words) is None  # and nothing is done


def test_shell_completion_is_left_to_the_application(monkeypatch):
    monkeypatch.setenv("_DIFFCHECK_COMPLETE", "bash_complete")
    assert judging.read_words(["judge", "b.yaml"]) is None


# ---------------------------------------------------------------- what it prints, and how it ends


def both_ways(words: list[str], capsys) -> tuple[tuple, tuple]:
    """(exit status, stdout, stderr) of the quick path and of the application on ``words``."""
    assert judging.read_words(words) is not None
    capsys.readouterr()
    quick = (judging.quick(words), *capsys.readouterr())
    result = runner.invoke(app, words)
    return quick, (result.exit_code, result.stdout, result.stderr)


@pytest.mark.parametrize("words", [
    ["judge", GRAY_OGRE], ["judge", GRAY_OGRE, "-r", "cr418", "--explain"], ["judge", "--json", GRAY_OGRE],
    ["judge", "--cards", "Humility, Opalescence, Grizzly Bears"],
    ["judge", "--cards", "Painter's Servant, Grizzly Bears", "--ruleset", "cr418"],  # warnings on stderr
    ["judge", GRAY_OGRE, "--date", "2006-10-01", "--explain"],
    ["judge", "missing.yaml"], ["judge", GRAY_OGRE, "--ruleset", "nope"], ["judge", GRAY_OGRE, "--date", "2100-01-01"],
    ["judge"], ["judge", GRAY_OGRE, "--cards", "Grizzly Bears"], ["judge", "--cards", "No Such Card"],
    ["judge", str(ROOT / "diffcheck")], ["judge", "\udcff.yaml"],
])
def test_it_prints_what_the_application_prints(words, capsys):
    quick, application = both_ways(words, capsys)
    assert quick == application


def test_both_ways_answer_under_todays_rules_when_none_are_named(capsys):
    # Neither --ruleset nor --date: both read the default as current, and print today's rules first.
    assert judging.read_words(["judge", GRAY_OGRE])["ruleset"] == "current"
    assert application_reads(["judge", GRAY_OGRE])["ruleset"] == "current"
    quick, application = both_ways(["judge", GRAY_OGRE], capsys)
    assert quick == application and quick[0] == 0
    assert quick[1].startswith("today's rules (current): edition 2025-07, ")


@pytest.mark.parametrize("error", [
    lambda: fail("BOARD b.yaml: broken\nacross two lines"), lambda: (_ for _ in ()).throw(KeyboardInterrupt()),
    lambda: (_ for _ in ()).throw(EOFError()), lambda: (_ for _ in ()).throw(typer.Exit(1)),
    lambda: (_ for _ in ()).throw(OSError(errno.ENOENT, "No such file or directory", "b.yaml")),
    lambda: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space left on device")),
], ids=["fail", "interrupted", "eof", "exit", "os-error", "os-error-no-file"])
def test_an_error_ends_as_in_the_application(error, capsys):
    with mock.patch.object(judging, "judge_board", lambda *a, **k: error()):
        quick, application = both_ways(["judge", "b.yaml"], capsys)
    assert quick == application and quick[0] != 0


def test_a_bug_shows_its_traceback_both_ways(capsys):
    def bug(*_, **__):
        raise ValueError("a bug")

    with mock.patch.object(judging, "judge_board", bug):
        with pytest.raises(ValueError, match="a bug"):
            judging.quick(["judge", "b.yaml"])
        assert isinstance(runner.invoke(app, ["judge", "b.yaml"]).exception, ValueError)


def test_a_closed_pipe_ends_both_ways_alike():
    # --engine-timeout 10 (its default) sends the same command through the application.
    for extra in ([], ["--engine-timeout", "10"]):
        read, write = os.pipe()
        os.close(read)  # the reader is gone before judge writes a word
        done = subprocess.run([sys.executable, "-m", "diffcheck", "judge", GRAY_OGRE, *extra], stdout=write,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=120)
        os.close(write)
        assert (done.returncode, done.stderr) == (1, ""), extra


def test_the_console_script_answers_as_the_application():
    quick = subprocess.run([sys.executable, "-m", "diffcheck", "judge", GRAY_OGRE, "--json"], capture_output=True,
                           text=True, cwd=ROOT, timeout=120)
    application = runner.invoke(app, ["judge", GRAY_OGRE, "--json"])
    assert (quick.returncode, quick.stdout, quick.stderr) == (0, application.stdout, application.stderr)


def test_the_quick_path_runs_with_the_collector_paused_and_the_application_with_it(monkeypatch):
    # diffcheck.cli.main pauses the cyclic garbage collector for the quick path only (a start-up cost), and
    # freezes what it leaves; the application, which runs the long commands, has it as usual.
    from diffcheck import cli
    from diffcheck.cli import application

    seen = {}
    monkeypatch.setattr(sys, "argv", ["diffcheck", "judge", "b.yaml"])
    monkeypatch.setattr(judging, "judge_board", lambda *a, **k: seen.setdefault("quick", gc.isenabled()))
    try:
        with pytest.raises(SystemExit) as ended:
            cli.main()
        assert (ended.value.code, seen["quick"], gc.isenabled()) == (0, False, True)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
    monkeypatch.setattr(sys, "argv", ["diffcheck", "editions"])
    monkeypatch.setattr(application, "main", lambda: seen.setdefault("application", gc.isenabled()))
    with pytest.raises(SystemExit):
        cli.main()
    assert seen["application"] is True and gc.get_freeze_count() == 0


# ---------------------------------------------------------------- what it imports

# What judge on a small board does without: the application (typer, and pydantic under it), tabulate (which
# reads its version from the packages' metadata), jsonschema (a valid board is checked by conforms), the
# run directory, outside engines, importlib.resources, and the libraries of other commands (the page's
# server, the Oracle-text reader's parser, the cluster's Dask); the shrinker (its output reads only
# normalize, of diffcheck.search.divergence), and the formats (only a catalogue built from its files checks
# them: judge reads the cached one); dataclasses and the inspect, ast and dis it imports (the values are records:
# rulesets.record), hashlib (OpenSSL's: the compiled build and the catalogue's cache are checked by their
# files' sizes and times), and pathlib with the urllib.parse and ipaddress it imports (the files are found by
# os.path: some 18 million instructions of judge's start), and typing (its names are for annotations only, taken
# under TYPE_CHECKING; engines.Engine, a typing.Protocol, is made on first use: some 12 million instructions).
NOT_IMPORTED = [
    "dataclasses", "inspect", "ast", "dis", "hashlib", "_hashlib", "pathlib", "urllib", "ipaddress", "typing",
    "typer", "click", "pydantic", "tabulate", "jsonschema", "rich", "deepdiff", "hypothesis", "starlette",
    "uvicorn", "lark", "dask", "distributed",
    "importlib.metadata", "importlib.resources", "tempfile", "subprocess", "diffcheck.cli.application",
    "diffcheck.cli.options", "diffcheck.cli.runs", "diffcheck.search.rundir", "engines.peers.external",
    "diffcheck.search.shrink", "diffcheck.search.reductions", "diffcheck.catalogue.formats",
]
# Under today's rules, neither seed ruleset is built (each speaks its document when its module is imported).
SEEDS = ["rulesets.cr418", "rulesets.cr613", "engines.cr418", "engines.cr613"]


def judge_modules(words: list[str], cache: Path) -> set[str]:
    """The modules a second ``diffcheck judge *words`` has imported when it ends (the first fills the catalogue's
    cache, in ``cache``: a catalogue built anew is written with tempfile)."""
    code = (
        "import atexit, json, runpy, sys\n"
        "atexit.register(lambda: print('MODULES', json.dumps(sorted(sys.modules)), file=sys.stderr))\n"
        f"sys.argv = ['diffcheck', 'judge', *{words!r}]\n"
        "runpy.run_module('diffcheck', run_name='__main__')\n"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                              timeout=120)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stderr.rsplit("MODULES ", 1)[1]))


@pytest.mark.parametrize("words", [
    [GRAY_OGRE], [GRAY_OGRE, "--json"], [GRAY_OGRE, "--explain", "--ruleset", "cr418"],
    ["--cards", "Grizzly Bears@opponent, Control Magic>grizzly-bears", "--explain"],  # as a judge at an event writes
])
def test_judge_on_a_small_board_imports_only_what_it_needs(words, tmp_path):
    modules = judge_modules(words, tmp_path)
    assert "diffcheck.cli.judging" in modules
    unneeded = set(NOT_IMPORTED) - ({"hashlib", "_hashlib"} if _a_source_touched_since_the_build() else set())
    assert sorted(m for m in modules if m.split(".")[0] in unneeded or m in unneeded) == []


def _a_source_touched_since_the_build() -> bool:
    """Whether a compiled module's source has another size or time than the build recorded: then the start hashes
    it, to tell an edit from a checkout of the same text (engines.compiled.unchanged)."""
    from engines import compiled

    try:
        recorded = json.loads(Path(compiled.HERE, compiled.MANIFEST).read_text())
    except (OSError, ValueError):
        return False  # no build: nothing to check
    if os.environ.get("DIFFCHECK_PURE"):
        return False
    return not all(compiled.untouched(recorded.get(name), compiled.source(name)) for name in compiled.MODULES)


@pytest.mark.parametrize("extra", [[], ["--json"], ["--date", "2010-06-01"]])
def test_judge_builds_only_the_ruleset_it_names(extra, tmp_path):
    modules = judge_modules([GRAY_OGRE, *extra], tmp_path)
    assert "engines.layered" in modules  # the layer machine answered
    assert sorted(modules & set(SEEDS)) == []
