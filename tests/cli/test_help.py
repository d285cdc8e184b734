"""``diffcheck --help`` and every command's help describe today's tool, and help printed without a terminal (to a
pipe or a file, COLUMNS unset) is drawn wide, not squeezed into rich's 80 columns.

Help is drawn by rich through typer. Without a terminal to measure and without COLUMNS, rich takes 80 columns,
and an option panel leaves the help text a third of them; the application draws such help at
``application.HELP_WIDTH`` instead. COLUMNS, when set, is still the width.
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from diffcheck.cli import app
from diffcheck.cli.application import HELP_WIDTH

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = ["judge", "diff", "history", "run", "bisect", "report", "changelog", "timeline", "peer", "serve",
            "editions", "engines", "cards"]
LIMIT = 90  # no help line is broken before this column where the next word would still have fitted


def early_breaks(text: str, limit: int = LIMIT) -> list[tuple[str, str]]:
    """The pairs of lines of ``text`` (help as rich draws it) where a paragraph or a panel's cell goes on to the
    next line although the next line's first word would have fitted on the first within ``limit`` columns."""
    lines = [line.rstrip() for line in text.splitlines()]
    found = []
    for a, b in zip(lines, lines[1:]):
        panel = a.endswith("│") and b.endswith("│") and a.startswith("│") and b.startswith("│")
        if panel:
            a, b = a[:-1].rstrip(), b[:-1].rstrip()
        if not a.strip() or not b.strip() or b.lstrip().startswith(("│", "╰", "╭")):
            continue
        start = len(b) - len(b.lstrip())
        if panel:
            # A cell goes on: the next line is blank up to a column where this line's cell begins.
            going_on = start > 2 and a[start - 1] == " " and len(a) > start and a[start] != " "
        else:
            # A paragraph goes on: two lines of prose at rich's margin of one space.
            going_on = start == 1 and a.startswith(" ") and not a.startswith("  ") and "Usage:" not in a
        if going_on and len(a) + 1 + len(b.split()[0]) <= limit:
            found.append((a, b))
    return found


@functools.lru_cache(maxsize=1)
def piped_help() -> dict[str, str]:
    """Every help text as the console script prints it to a pipe (COLUMNS unset, no terminal on any stream): one
    process for all, to keep the test quick."""
    code = (
        "import sys\n"
        "from diffcheck.cli import main\n"
        f"for words in [[], *[[c] for c in {COMMANDS!r}]]:\n"
        "    sys.argv = ['diffcheck', *words, '--help']\n"
        "    try:\n"
        "        main()\n"
        "    except SystemExit:\n"
        "        pass\n"
        "    print('\\f', flush=True)\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "TERMINAL_WIDTH", "LINES")}
    done = subprocess.run([sys.executable, "-c", code], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    texts = done.stdout.split("\f\n")[:-1]
    assert len(texts) == len(COMMANDS) + 1
    return dict(zip(["diffcheck", *COMMANDS], texts))


def test_help_to_a_pipe_is_wide_and_broken_only_where_the_width_ends():
    helps = dict(piped_help())
    # The real console script too, once: `diffcheck --help | cat`.
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "TERMINAL_WIDTH", "LINES")}
    console = subprocess.run([sys.executable, "-m", "diffcheck", "--help"], stdin=subprocess.DEVNULL,
                             capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert console.returncode == 0 and console.stdout == helps["diffcheck"]
    for name, text in helps.items():
        assert "Usage: diffcheck" in text, name
        assert max(len(line) for line in text.splitlines()) == HELP_WIDTH, name  # rich fills the width it has
        assert early_breaks(text) == [], name


def test_columns_still_sets_the_width_and_the_check_sees_squeezed_help():
    # COLUMNS=80, as a user may set it: 80 columns, and at 80 the help text of judge's options is broken where
    # a wider line had room (the squeeze the default width avoids), which early_breaks finds.
    result = CliRunner().invoke(app, ["judge", "--help"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    assert max(len(line) for line in result.stdout.splitlines()) == 80
    assert early_breaks(result.stdout) != []


def flat(text: str) -> str:
    """Help text with its panels' borders and line breaks taken out: the words as one line."""
    return " ".join(text.replace("│", " ").split())


def test_help_describes_todays_tool():
    from rulesets.documents import FIRST, LAST
    from rulesets.editions import EDITIONS

    helps = {name: flat(text) for name, text in piped_help().items()}
    about = helps["diffcheck"]
    # 21 editions from the first document (1999-04-23) to the newest (2026-01-16), counted by hand in the
    # editions' list: 1999-04, 1999-11, 2001-07, 2002-10, 2003-07, 2003-10, 2005-10, 2007-05, 2009-07, 2011-02,
    # 2011-06, 2011-09, 2012-05, 2015-07, 2016-04, 2017-04, 2018-07, 2020-04, 2021-02, 2024-06, 2025-07.
    assert (len(EDITIONS), FIRST.effective, LAST.effective) == (21, "1999-04-23", "2026-01-16")
    assert "21 editions of the Comprehensive Rules, 1999 to 2026" in about
    assert "cr418: old six layers" not in about and "two rulesets" not in about.lower()
    # Every command is listed, in the application's order.
    listed = re.findall(r"^│ (\w+) {2,}", piped_help()["diffcheck"], flags=re.M)
    assert listed == COMMANDS
    # judge: today's rules by default, every edition from the first to the newest.
    assert "[default: current]" in helps["judge"] and "today's rules" in helps["judge"]
    assert "an edition (1999-04 ... 2025-07;" in helps["judge"] and "cr613" not in helps["judge"].split("default:")[1]
    # diff keeps its defaults; its --json names every key it prints.
    assert "[default: cr418]" in helps["diff"] and "[default: cr613]" in helps["diff"]
    assert '{"board", "outcomes", "diff", "rules"}' in helps["diff"]
    # bisect tells what it does against an engine with no rules of its own.
    assert "nearest rules" in helps["bisect"]
    # rich markup does not eat the extra's name.
    assert "Needs diffcheck[cluster]." in helps["run"] and "Needs diffcheck[cluster]." in helps["timeline"]
    # --json everywhere a script may want it, engines, report and timeline included.
    for name in ("judge", "diff", "history", "run", "bisect", "report", "timeline", "editions", "engines", "cards"):
        assert "--json" in helps[name], name
    # The worker count is all cores, said once, not the count of the machine the help was printed on.
    for name in ("run", "changelog", "timeline", "peer"):
        (jobs,) = [row for row in helps[name].split(" --") if row.startswith("jobs <int range>")]
        assert "(default: all cores)" in jobs and "[default:" not in jobs, jobs


def test_a_terminal_or_columns_leaves_the_width_to_rich(monkeypatch):
    # On a terminal rich measures it; COLUMNS is the user's word; only otherwise is the width the application's.
    from diffcheck.cli.application import help_width

    class Stream:
        def __init__(self, terminal: bool) -> None:
            self.terminal = terminal

        def isatty(self) -> bool:
            return self.terminal

    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.setattr(sys, "stdout", Stream(False))
    assert help_width() == HELP_WIDTH
    monkeypatch.setenv("COLUMNS", "100")
    assert help_width() is None
    monkeypatch.delenv("COLUMNS")
    monkeypatch.setattr(sys, "stdout", Stream(True))
    assert help_width() is None
