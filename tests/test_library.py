"""``import diffcheck`` as a library: the README's example runs as written, and each function keeps its word."""

from __future__ import annotations

import datetime
import doctest
import re
import sys
from pathlib import Path

import pytest

import diffcheck
from engines import get_engine

ROOT = Path(__file__).parent.parent
GRAY_OGRE = ROOT / "diffcheck" / "examples" / "gray-ogre.yaml"


def readme_examples() -> str:
    """The ``pycon`` blocks of the README, in order, as one doctest text."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return "\n".join(re.findall(r"```pycon\n(.*?)```", text, flags=re.S))


def test_the_readme_example_runs_as_written(tmp_path, monkeypatch):
    # From the repository's root, as the README says, but writing its run directory elsewhere:
    # a folder whose diffcheck/ is the repository's.
    (tmp_path / "diffcheck").symlink_to(ROOT / "diffcheck")
    monkeypatch.chdir(tmp_path)
    examples = readme_examples()
    test = doctest.DocTestParser().get_doctest(examples, {}, "README.md", "README.md", 0)
    assert len(test.examples) >= 10
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
    assert (tmp_path / "runs" / "example" / "CHANGELOG.md").is_file()


def test_import_diffcheck_loads_the_library_only_when_used():
    # The command line imports the package too; `diffcheck --help` should not pay for the library.
    import subprocess

    code = "import sys, diffcheck; print('diffcheck.api' in sys.modules); diffcheck.engine; print('diffcheck.api' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "True"]
    assert set(diffcheck.__all__) <= set(dir(diffcheck))
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        diffcheck.nothing  # noqa: B018


def test_every_name_says_what_it_returns():
    for name in diffcheck.__all__:
        thing = getattr(diffcheck, name)
        assert (thing.__doc__ or "").strip(), name


def test_a_day_names_the_rules_in_force_that_day():
    # 2006-10-01 is the day the Comprehensive Rules of 2006-10-01 took effect: that document answers.
    assert diffcheck.engine(datetime.date(2006, 10, 1)) is get_engine("2006-10-01")
    assert diffcheck.engine("2006-10-01").ruleset.document_date == "2006-10-01"
    engine = get_engine("cr613")
    assert diffcheck.engine(engine) is engine
    with pytest.raises(diffcheck.UnknownEngine):
        diffcheck.engine("1990-01-01")


def test_diff_is_false_when_nothing_differs():
    # One 2/2 creature and nothing else: every edition gives it its printed characteristics.
    board = diffcheck.board_from_data({"objects": [{"id": "bears", "types": ["creature"], "power": 2, "toughness": 2}]})
    found = diffcheck.diff(board, "1999-04", "current")
    assert not found and found.differences == ()
    assert found.old["objects"]["bears"]["power"] == found.new["objects"]["bears"]["power"] == 2


def test_bisect_refuses_what_it_cannot_answer():
    board = diffcheck.load_board(GRAY_OGRE)
    with pytest.raises(ValueError, match="no rule change leads from cr613 to cr418"):
        diffcheck.bisect(board, "cr613", "cr418")
    with pytest.raises(ValueError, match="has no ruleset"):
        diffcheck.bisect(board, "doubles.engines:FORGETS_COUNTERS", "cr613")


def test_a_run_directory_in_use_is_refused(tmp_path):
    (tmp_path / "state.json").write_text("{}", encoding="utf-8")
    with pytest.raises(diffcheck.RunError, match="holds a run already"):
        diffcheck.run(tmp_path, boards=10)


def test_one_board_is_answered_under_todays_rules_unless_told():
    # As `diffcheck judge` without --ruleset or --date: the alias current. A flying counter gives flying from
    # 2020-04 on (keyword-counters, 122.1b), so today's rules and cr613 (2009) answer this board differently.
    board = diffcheck.board_from_data({"objects": [
        {"id": "bird", "types": ["creature"], "power": 2, "toughness": 2, "counters": {"flying": 1}}]})
    assert diffcheck.evaluate(board)["objects"]["bird"]["abilities"] == ["flying"]
    assert diffcheck.evaluate(board, "cr613")["objects"]["bird"]["abilities"] == []
    assert diffcheck.explain(board).engine is diffcheck.engine() is get_engine("current")
