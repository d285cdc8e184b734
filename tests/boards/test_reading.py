"""The YAML reader's check of forbidden characters (diffcheck.boards.reading, diffcheck.pyyaml).

YAML 1.1 (section 5.1, the printable character set) allows in a text only tab, line feed, carriage
return, U+0020 to U+007E, U+0085, U+00A0 to U+D7FF, U+E000 to U+FFFD and U+10000 upwards. PyYAML's
pure-Python reader checks that with a pattern of the allowed characters; the board reader checks it
with a pattern of the forbidden ones, which costs a small part of the other to build (and a text of ASCII
alone with the pattern's ASCII part), and PyYAML's own patterns are built only when first used.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from diffcheck.boards import fuzz
from diffcheck.boards.loading import BoardError, load_board
from diffcheck.boards.reading import _QuickLoader, _StrictLoader, _quick
from diffcheck.pyyaml import yaml

ROOT = Path(__file__).resolve().parents[2]

# The allowed set above, as PyYAML's reader names it.
ALLOWED = "\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff"


def test_the_board_reader_forbids_exactly_what_yaml_forbids():
    every = "".join(map(chr, range(0x110000)))
    forbidden = [m.start() for m in _StrictLoader.NON_PRINTABLE.finditer(every)]
    assert forbidden == [m.start() for m in re.finditer(f"[^{ALLOWED}]", every)]
    # By hand: the C0 controls but tab, LF and CR (29), DEL to U+009F but U+0085 (32), the surrogates (2,048),
    # U+FFFE and U+FFFF.
    assert len(forbidden) == 29 + 32 + 2048 + 2


def test_an_ascii_text_is_searched_by_the_ascii_part_alone_and_finds_the_same():
    # By hand, of U+0000 to U+007F: the C0 controls but tab, LF and CR (29), and DEL.
    forbidden = _StrictLoader.NON_PRINTABLE
    ascii_text = "".join(map(chr, range(0x80)))
    assert [m.start() for m in forbidden.ASCII.finditer(ascii_text)] == [
        m.start() for m in re.finditer(f"[^{ALLOWED}]", ascii_text)] == [*range(9), 11, 12, *range(14, 32), 127]
    assert forbidden.search("name: Ogre\x7f").start() == 10
    assert forbidden.search("name: \u00c6ther\x85 \x84").start() == 13  # not ASCII: the whole class, U+0085 allowed


@pytest.mark.parametrize("character", ["\x07", "\x7f", "\x84", "\ufffe"])
def test_a_forbidden_character_is_refused_where_it_stands(tmp_path, character):
    # Line 3 is four spaces, "name: " and "Ogre" before it: the character is its 15th.
    path = tmp_path / "board.yaml"
    path.write_text(f"objects:\n  - id: o1\n    name: Ogre{character}\n    types: [creature]\n", encoding="utf-8")
    with pytest.raises(BoardError) as caught:
        load_board(path)
    assert str(caught.value) == (f"{path}: line 3, column 15: YAML syntax error: character U+{ord(character):04X} is not "
                                 "allowed in YAML text")


def test_pyyamls_own_patterns_are_built_only_when_first_used():
    # A fresh interpreter: this one imported PyYAML directly, before diffcheck.pyyaml could. The example board is
    # ASCII and holds no timestamp: reading it builds neither the reader's pattern of allowed characters, nor the
    # whole class of the board reader's forbidden ones, nor the constructor's form of a timestamp.
    code = (
        "import datetime\n"
        "from diffcheck.pyyaml import yaml\n"
        "from diffcheck.boards.loading import load_board\n"
        "from diffcheck.boards.reading import _StrictLoader\n"
        "pattern = yaml.reader.Reader.NON_PRINTABLE\n"
        "stamp = yaml.constructor.SafeConstructor.timestamp_regexp\n"
        "load_board('diffcheck/examples/gray-ogre.yaml')\n"
        "assert pattern._compiled is None, 'reading a board built it'\n"
        "assert stamp._compiled is None, 'reading a board built the form of a timestamp'\n"
        "assert _StrictLoader.NON_PRINTABLE.whole._compiled is None, 'an ASCII board built the whole class'\n"
        "try:\n"
        "    yaml.safe_load('a: b\\x07')\n"
        "except yaml.reader.ReaderError as exc:\n"
        "    assert (exc.character, exc.position) == (7, 4), exc\n"
        "else:\n"
        "    raise AssertionError('U+0007 was read')\n"
        "assert yaml.safe_load('a: b') == {'a': 'b'} and pattern._compiled is not None\n"
        "assert yaml.safe_load('a: 2001-12-14') == {'a': datetime.date(2001, 12, 14)} and stamp._compiled is not None\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


# ---------------------------------------------------------------- libyaml's parser, where PyYAML has it

# Texts in the pieces YAML is made of, as the fuzzer's soups are, with block scalars' headers and comments beside
# them, and characters from across Unicode.
_PIECES = (*fuzz._TOKENS, "|-", ">+", "|2", "|#", ">-#", " #", "x: |\n  t\n", "x: >\n  t\n", "\r\n", "\u00a0", "\u3000",
           "\ud7ff", "\ue000", "'a''b'", '"\\u0041"', "\\\n", "=")
_QUICK_ONLY = pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML here has no libyaml: every text is read "
                                                                   "by its pure-Python reader")


def _read(loader: type, text: str) -> tuple[bool, str]:
    try:
        return True, repr(yaml.load(text, Loader=loader))  # repr: 1 and 1.0 and True differ, as they must
    except RecursionError:
        return False, "too deep"
    except Exception as exc:  # noqa: BLE001 - whatever refuses the text
        return False, type(exc).__name__


@_QUICK_ONLY
@settings(max_examples=400, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40).map("".join))
def test_libyaml_reads_what_it_may_read_as_the_pure_reader_does(text):
    # What the quick path answers is what the pure-Python reader answers; and a text the pure-Python reader
    # refuses, libyaml refuses too, so that the pure-Python reader says why.
    if not _quick(text):
        return
    quick_read, quick_data = _read(_QuickLoader, text)
    if quick_read:
        assert _read(_StrictLoader, text) == (True, quick_data)


@_QUICK_ONLY
def test_every_committed_board_reads_the_same_on_both_paths():
    # Real boards, as written (block style, comments) and written again in flow style: each is read by libyaml,
    # and gives what the pure-Python reader gives. The examples and every sixth case (the pure reader's reading of
    # all 192 cases twice would cost the suite some 7 s).
    cases = sorted((ROOT / "tests" / "cases").glob("*.yaml"))[::6]
    files = [*cases, *sorted((ROOT / "diffcheck" / "examples").glob("*.yaml"))]
    assert len(cases) > 30
    for file in files:
        text = file.read_text(encoding="utf-8")
        flow = yaml.safe_dump(yaml.safe_load(text), default_flow_style=True, sort_keys=False)
        for each in (text, flow):
            assert _quick(each), file
            assert _read(_QuickLoader, each) == _read(_StrictLoader, each), file


@_QUICK_ONLY
@pytest.mark.parametrize("text, without", [
    ("a: b\tc", "a: b c"), ("a: !!str 1", "a: '1'"), ("{a: b?c}", "{a: bc}"), ("\ufeffa: b", "a: b"),
    ("a: b\x85c", "a: b c"), ("a: b\u2028c", "a: b c"), ("a: b\u2029c", "a: b c"), ("a: |#\n  t\n", "a: | #\n  t\n"),
    ("a: >-2#\n  t\n", "a: >-2 #\n  t\n"),
])
def test_what_libyaml_reads_otherwise_is_left_to_the_pure_reader(text, without):
    assert not _quick(text) and _quick(without)


@_QUICK_ONLY
def test_a_text_libyaml_refuses_is_explained_by_the_pure_reader(tmp_path):
    # A key twice (refused by the same Python code on either path) and a flow sequence never closed (refused by
    # libyaml's parser): the message and position are the pure-Python reader's. Line 3, column 5 is the second
    # "id"; the sequence opened on line 1 is still open where the text ends, at line 3, column 1.
    for text, expected in (
        ("objects:\n  - id: o1\n    id: o2\n", "line 3, column 5: YAML syntax error: key \"id\" appears twice in one "
                                               "mapping (while reading a mapping at line 2)"),
        ("objects: [\n  {id: o1}\n", "line 3, column 1: YAML syntax error: expected ',' or ']', but got "
                                     "'<stream end>' (while parsing a flow sequence at line 1)"),
    ):
        assert _quick(text)
        path = tmp_path / "board.yaml"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(BoardError) as caught:
            load_board(path)
        assert str(caught.value) == f"{path}: {expected}"
