"""Every command, driven with bad option values, keeps the command line's promises.

Exit status 0, 1, 2 or 130 only; never a traceback (no exception escapes to the runner);
and a bad value is one line on stderr, ``error: ...``, as a bad board is. Hypothesis draws
argument lists from each command's own options mixed with wrong ones and wrong values; the
budgets stay tiny, so no draw starts a long run, and everything is written under a temporary
directory.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from diffcheck.cli import app

runner = CliRunner()
EXAMPLES = Path(__file__).parents[2] / "diffcheck" / "examples"
BOARD = str(EXAMPLES / "gray-ogre.yaml")

# Values a user can get wrong: empty, junk, negative, huge, a path that is a file or under one.
JUNK = ["", "x", "-1", "0", "1e9", "nope", "cr999", "a,b,c", ",", "60x", "--", "/", BOARD, BOARD + "/sub"]

# The options that plug in an outside engine, on every command that takes an engine.
OUTSIDE = {"--engine-timeout": ["1"], "--engine-config": [BOARD], "--engine-cmd": ["mine=./nothing"]}
COMMANDS = {
    "judge": {"options": {"--ruleset": ["cr418", "cr613", "mine"], "--explain": None, "--json": None, **OUTSIDE},
              "argument": True},
    "diff": {"options": {"--from": ["cr418"], "--to": ["cr613", "mine"], "--json": None, "--fail-on-difference": None,
                         **OUTSIDE},
             "argument": True},
    "bisect": {"options": {"--from": ["cr418"], "--to": ["cr613", "mine"], "--json": None, **OUTSIDE},
               "argument": True},
    "run": {"options": {"--boards": ["5"], "--jobs": ["1"], "--seed": ["3"], "--engines": ["cr418,cr613"],
                        "--time": ["1s"], "--out": ["OUT"], "--resume": ["OUT"], "--engine-timeout": ["1"],
                        "--engine-config": [BOARD], "--engine-cmd": ["mine=./nothing"], "--quiet": None,
                        "--cards": None, "--fail-on-divergence": None},
            "argument": False},
    "report": {"options": {"--format": ["md", "html"], "--out": ["OUT/c.md"], "--json": None}, "argument": True},
    "changelog": {"options": {"--format": ["md"], "--out": [BOARD + "/sub/x.md"], "--jobs": ["1"]},
                  "argument": False},
    "engines": {"options": {"--json": None}, "argument": False},
    "cards": {"options": {"--json": None}, "argument": False},
}
WRONG_OPTIONS = ["--nope", "-z", "--boards", "--ruleset", "--format", "--help", "-h", "--version"]


@st.composite
def argument_lists(draw) -> list[str]:
    command = draw(st.sampled_from(sorted(COMMANDS)))
    spec = COMMANDS[command]
    args = [command]
    if spec["argument"] and draw(st.booleans()):
        args.append(draw(st.sampled_from([BOARD, "missing.yaml", "OUT", ""])))
    for _ in range(draw(st.integers(0, 3))):
        name = draw(st.sampled_from(sorted(spec["options"]) + WRONG_OPTIONS))
        args.append(name)
        values = spec["options"].get(name)
        if values is not None or name not in spec["options"]:
            if draw(st.booleans()):
                args.append(draw(st.sampled_from((values or []) + JUNK)))
    if command in ("run", "changelog"):
        # Keep every draw short: a valid run here is five boards, and a changelog never starts.
        if "--boards" not in args and "--time" not in args:
            args += ["--boards", "5"]
        if command == "changelog" and "--out" not in args:
            args += ["--out", BOARD + "/sub/x.md"]
        args += ["--quiet"] if command == "run" else []
    return args


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(args=argument_lists())
def test_bad_option_values_give_one_error_line_and_a_known_status(tmp_path_factory, args):
    work = tmp_path_factory.mktemp("cli")
    args = [a.replace("OUT", str(work / "out")) for a in args]
    cwd = os.getcwd()
    os.chdir(work)  # a run without --out writes reports/latest here, not in the repository
    try:
        result = runner.invoke(app, args)
    finally:
        os.chdir(cwd)
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, repr(result.exception))
    assert result.exit_code in (0, 1, 2, 130), (args, result.exit_code, result.output)
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), (args, result.stderr)


@pytest.mark.parametrize("path", ["FILE", "FILE/sub", "/proc/diffcheck-cannot/x"])
def test_run_out_that_cannot_be_a_directory_is_one_line(tmp_path, path):
    # A file, a path under a file, a path that cannot be created: refused before any work.
    (tmp_path / "FILE").write_text("x")
    out = path.replace("FILE", str(tmp_path / "FILE"))
    result = runner.invoke(app, ["run", "--boards", "5", "--out", out, "--quiet"])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: --out {out}: "), result.stderr


def test_version_and_short_help():
    from importlib.metadata import version

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"diffcheck {version('diffcheck')}"
    for args in (["-h"], ["judge", "-h"], ["run", "-h"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0 and "Usage:" in result.output, args


def test_usage_errors_are_one_line_like_bad_boards():
    result = runner.invoke(app, ["run", "--boards", "many"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: diffcheck run: ") and "--boards" in result.stderr
    assert result.stderr.count("\n") == 1


def test_no_progress_bar_off_a_terminal_and_files_are_ordinary(tmp_path):
    # Under the test runner stderr is no terminal: without --quiet the run still draws nothing.
    # Files a run and a report write honour the umask like open() (0644 under 022), not 0600.
    old = os.umask(0o022)
    try:
        out = tmp_path / "run"
        result = runner.invoke(app, ["run", "--boards", "300", "--seed", "1", "--jobs", "1", "--out", str(out)])
        assert result.exit_code == 0, result.output
        assert result.stderr == ""
        report = runner.invoke(app, ["report", str(out), "--out", str(tmp_path / "c.md")])
        assert report.exit_code == 0, report.output
        written = [out / "run.json", out / "state.json", out / "summary.md", out / "divergences.jsonl", tmp_path / "c.md"]
        for path in written:
            assert path.stat().st_mode & 0o777 == 0o644, path
    finally:
        os.umask(old)
