"""Malformed input, fuzzed and by hand: every one is a BoardError on one line, never a traceback.

The two properties of ``diffcheck.boards.fuzz`` run here on a few hundred examples each;
``python -m diffcheck.boards.fuzz --examples 20000`` runs them longer.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from diffcheck.boards import fuzz
from diffcheck.boards.limits import MAX_CARDS, MAX_DEPTH, MAX_EFFECTS, MAX_FILE_BYTES, MAX_ITEMS, MAX_OBJECTS
from diffcheck.boards.loading import BoardError, board_from_data, load_board
from engines import get_engine
from engines.board import Board

ROOT = Path(__file__).parents[2]


def fuzz_settings(examples: int) -> settings:
    return settings(
        max_examples=examples, derandomize=True, deadline=None, database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
    )


# ---------------------------------------------------------------- the fuzz properties


@fuzz_settings(150)
@given(fuzz.mutated_inputs())
def test_mutated_boards_give_a_board_or_a_board_error(case):
    fuzz.check(*case)


@fuzz_settings(1000)
@given(fuzz.arbitrary_inputs())
def test_arbitrary_bytes_give_a_board_or_a_board_error(case):
    fuzz.check(*case)


def test_check_accepts_a_board_and_a_board_error_and_nothing_else(monkeypatch):
    assert isinstance(fuzz.check(b"objects: [{id: a}]\n", ".yaml"), Board)
    assert isinstance(fuzz.check(b"objects: [", ".yaml"), BoardError)

    def broken(path):
        raise KeyError("boom")

    monkeypatch.setattr(fuzz, "load_board", broken)
    with pytest.raises(fuzz.FuzzFailure) as caught:
        fuzz.check(b"objects: []", ".yaml")
    assert "KeyError" in str(caught.value) and "objects: []" in str(caught.value)
    assert caught.value.data == b"objects: []" and caught.value.suffix == ".yaml"


def test_fuzz_main_runs_a_short_campaign(tmp_path, capsys):
    assert fuzz.main(["--examples", "20", "--seed", "1", "--out", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert "mutated: passed" in err and "bytes: passed" in err and "all passed" in err


def test_fuzz_main_saves_a_failing_input_and_exits_1(tmp_path, monkeypatch, capsys):
    def broken(path):
        raise KeyError("boom")

    monkeypatch.setattr(fuzz, "load_board", broken)
    assert fuzz.main(["--examples", "5", "--property", "bytes", "--out", str(tmp_path)]) == 1
    saved = list(tmp_path.glob("fuzz-failure-bytes*"))
    assert len(saved) == 1
    err = capsys.readouterr().err
    assert "FAILED bytes" in err and "KeyError" in err and str(saved[0]) in err


# Inputs the fuzzer found: PyYAML's constructors trust an explicit tag to fit its value.
@pytest.mark.parametrize(
    "content, where",
    [
        (b"!!set :", "line 1, column 1"),
        (b"!!set $", "line 1, column 1"),
        (b"!!set x: 1", "line 1, column 1"),
        (b"notes: !!set [a]", "line 1, column 8"),
        (b"!!timestamp x", "line 1, column 1"),
        (b"notes: !!bool maybe", "line 1, column 8"),
        (b"notes: !!omap [a]", "line 1, column 16"),
    ],
)
def test_values_that_do_not_fit_their_explicit_tag(tmp_path, content, where):
    for name in ("board.yaml", "board"):
        err = load_error(tmp_path, name, content)
        assert err.where == where, str(err)
        assert "YAML" in err.message


# ---------------------------------------------------------------- helpers


def load_error(tmp_path: Path, name: str, content: bytes) -> BoardError:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(BoardError) as caught:
        load_board(path)
    assert len(str(caught.value).splitlines()) == 1
    return caught.value


def data_error(data: dict[str, Any]) -> BoardError:
    with pytest.raises(BoardError) as caught:
        board_from_data(data, "board.yaml")
    assert len(str(caught.value).splitlines()) == 1
    return caught.value


def objects(n: int, prefix: str = "o") -> list[dict[str, Any]]:
    return [{"id": f"{prefix}{i}"} for i in range(n)]


# ---------------------------------------------------------------- absurd sizes


@pytest.mark.parametrize("name", ["big.json", "big.yaml", "big"])
def test_a_100_mb_file_is_refused_before_it_is_read(tmp_path, name):
    path = tmp_path / name
    with path.open("wb") as f:
        f.truncate(100 * 1024 * 1024)  # sparse: nothing written, nothing to read
    start = time.perf_counter()
    with pytest.raises(BoardError) as caught:
        load_board(path)
    assert time.perf_counter() - start < 0.5
    err = caught.value
    assert err.where == ""
    assert "100 MB (104,857,600 bytes)" in err.message and f"{MAX_FILE_BYTES:,} bytes" in err.message


def test_a_file_at_the_limit_loads_and_one_byte_more_is_refused(tmp_path):
    head, tail = b'{"notes": "', b'"}'
    exact = tmp_path / "exact.json"
    exact.write_bytes(head + b"x" * (MAX_FILE_BYTES - len(head) - len(tail)) + tail)
    assert load_board(exact).notes.startswith("xxx")
    over = load_error(tmp_path, "over.json", head + b"x" * (MAX_FILE_BYTES - len(head) - len(tail) + 1) + tail)
    assert "the most a board file may hold is" in over.message


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_an_endless_device_is_read_only_up_to_the_limit():
    with pytest.raises(BoardError) as caught:
        load_board("/dev/zero")
    assert "holds more" in caught.value.message


def test_100000_objects_are_refused():
    start = time.perf_counter()
    err = data_error({"objects": objects(100_000)})
    assert time.perf_counter() - start < 1
    assert err.where == "objects"
    assert err.message == f"100,000 objects; the most a board may have is {MAX_OBJECTS:,}"


def test_100000_objects_in_a_file_are_refused_quickly(tmp_path):
    start = time.perf_counter()
    load_error(tmp_path, "many.json", json.dumps({"objects": objects(100_000)}).encode())
    assert time.perf_counter() - start < 1


def test_one_object_over_the_limit_in_a_file(tmp_path):
    err = load_error(tmp_path, "many.yaml", json.dumps({"objects": objects(MAX_OBJECTS + 1)}).encode())
    assert err.where == "objects"
    assert f"{MAX_OBJECTS + 1:,} objects" in err.message
    assert board_from_data({"objects": objects(MAX_OBJECTS)})  # the limit itself is fine


def test_too_many_effects():
    effects = [{"id": f"e{i}", "affects": ["o0"], "pt": {"switch": True}} for i in range(MAX_EFFECTS + 1)]
    err = data_error({"objects": objects(1), "effects": effects})
    assert err.where == "effects"
    assert err.message == f"{MAX_EFFECTS + 1:,} effects; the most a board may have is {MAX_EFFECTS:,}"


def test_static_abilities_printed_and_granted_count_as_effects():
    grant = {"text": "grant", "abilities": {"add": [{"text": "granted", "pt": {"modify": [1, 1]}}]}}
    many = [{"id": f"o{i}", "static": [dict(grant, text=f"grant{i}")]} for i in range(MAX_EFFECTS // 2)]
    board_from_data({"objects": many})  # exactly MAX_EFFECTS: printed and granted, half each
    err = data_error({"objects": many, "effects": [{"id": "e", "affects": ["o0"], "pt": {"switch": True}}]})
    assert err.where == "effects[0]"
    assert f"{MAX_EFFECTS + 1:,} continuous effects" in err.message and f"is {MAX_EFFECTS:,}" in err.message
    err = data_error({"objects": many + [{"id": "x", "static": [grant]}]})
    assert err.where == f"objects[{MAX_EFFECTS // 2}].static[0]"


def test_too_many_graveyard_cards():
    cards = [{"name": "Grizzly Bears"}] * (MAX_CARDS // 2 + 1)
    err = data_error({"graveyards": {"you": cards, "opponent": cards}})
    assert err.where == f"graveyards.opponent[{MAX_CARDS // 2 - 1}]"
    assert f"{MAX_CARDS + 2:,} cards in graveyards and exile" in err.message
    # Graveyards and exile count together: the card over the limit is the first in exile past it.
    err = data_error({"graveyards": {"you": cards}, "exile": {"opponent": cards}})
    assert err.where == f"exile.opponent[{MAX_CARDS // 2 - 1}]"


@pytest.mark.parametrize(
    "data, where, words",
    [
        ({"players": [f"p{i}" for i in range(MAX_ITEMS + 1)]}, "players", "items in one list"),
        ({"objects": [{"id": "a", "counters": {f"k{i}": 1 for i in range(MAX_ITEMS + 1)}}]}, "objects[0].counters",
         "keys in one mapping"),
    ],
)
def test_too_many_items_in_one_list_or_mapping(data, where, words):
    err = data_error(data)
    assert err.where == where
    assert f"{MAX_ITEMS + 1:,} {words}" in err.message and f"{MAX_ITEMS:,}" in err.message


def test_lists_of_many_distinct_mappings_are_checked_quickly():
    # jsonschema checks uniqueItems on a list of mappings pair by pair (these 20 lists take
    # it over 20 s); the loader's own check is linear.
    data = {"objects": [{"id": f"o{j}", "types": [{"k": i} for i in range(MAX_ITEMS)]} for j in range(20)]}
    start = time.perf_counter()
    err = data_error(data)
    assert time.perf_counter() - start < 6
    assert err.where == "objects[0].types[0]"


# ---------------------------------------------------------------- deep nesting


DEEP = 10_000


@pytest.mark.parametrize(
    "name, content",
    [
        ("deep.json", b'{"notes": ' + b"[" * DEEP + b"]" * DEEP + b"}"),
        ("deep-objects.json", b'{"notes": ' + b'{"a": ' * DEEP + b"1" + b"}" * DEEP + b"}"),
        ("deep.yaml", b"notes: " + b"[" * DEEP + b"]" * DEEP + b"\n"),
        ("deep-mappings.yaml", b"notes: " + b"{a: " * DEEP + b"1" + b"}" * DEEP + b"\n"),
        ("deep-block.yaml", b"notes:\n  " + b"- " * DEEP + b"1\n"),
        ("deep-unclosed.yaml", b"notes: " + b"[" * DEEP),
        ("deep-unclosed.json", b'{"notes": ' + b"[" * DEEP),
    ],
)
def test_10000_levels_of_nesting_are_refused(tmp_path, name, content):
    err = load_error(tmp_path, name, content)
    assert "nested too deeply" in err.message or "syntax error" in err.message, err.message
    if "unclosed" not in name:
        assert "nested too deeply" in err.message and f"at most {MAX_DEPTH} levels" in err.message
    # The interpreter's stack is whole again afterwards.
    assert load_board(ROOT / "diffcheck" / "examples" / "gray-ogre.yaml").objects


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_nesting_past_the_limit_but_readable_is_refused_with_the_place(tmp_path, suffix):
    depth = MAX_DEPTH + 10
    err = load_error(tmp_path, f"deep{suffix}", b'{"notes": ' + b"[" * depth + b"]" * depth + b"}")
    assert err.where.startswith("notes[0][0]")
    assert f"nested more than {MAX_DEPTH} levels" in err.message


# ---------------------------------------------------------------- bytes that are not UTF-8 text


@pytest.mark.parametrize(
    "content, byte",
    [
        (b"objects:\n  - id: caf\xe9\n", "0xe9"),  # Latin-1
        (b"\xff\xfeo\x00b\x00", "0xff"),  # UTF-16 with its byte-order mark
        (b'{"notes": "\xed\xa0\x80"}', "0xed"),  # an encoded surrogate
        (b"notes: \xc0\xaf\n", "0xc0"),  # an overlong encoding
    ],
)
def test_bytes_that_are_not_utf8_are_refused(tmp_path, content, byte):
    err = load_error(tmp_path, "board.yaml", content)
    assert "not UTF-8" in err.message and byte in err.message


@pytest.mark.parametrize(
    "content",
    [
        b'{"objects": [{"id": "a\\nb\\u2028c\\u0000"}]}',
        b'{"objects": [{"id": "\\ud800"}]}',
        b'{"objects": [{"id": "a", "' + b"k" * 5000 + b'": 1}]}',
    ],
)
def test_messages_stay_on_one_line_and_one_screen(tmp_path, content):
    err = load_error(tmp_path, "board.json", content)
    text = str(err)
    text.encode("utf-8")
    assert len(text) < 1500
    assert "\n" not in text and "\u2028" not in text


# ---------------------------------------------------------------- cycles


def test_attached_to_itself():
    err = data_error({"objects": [{"id": "aura", "attached_to": "aura"}]})
    assert err.where == "objects[0].attached_to"
    assert "attached to itself" in err.message


def test_attachment_cycle_of_two():
    err = data_error({"objects": [{"id": "a", "attached_to": "b"}, {"id": "b", "attached_to": "a"}]})
    assert err.where == "objects[0].attached_to"
    assert "attachment cycle: a -> b -> a" in err.message


def test_attachment_cycle_of_three():
    data = {"objects": [{"id": "a", "attached_to": "b"}, {"id": "b", "attached_to": "c"},
                        {"id": "c", "attached_to": "a"}]}
    err = data_error(data)
    assert err.where == "objects[0].attached_to"
    assert "attachment cycle: a -> b -> c -> a" in err.message


def test_a_long_attachment_chain_is_checked_quickly():
    chain = [{"id": f"o{i}", "attached_to": f"o{i + 1}"} for i in range(MAX_OBJECTS - 1)]
    chain.append({"id": f"o{MAX_OBJECTS - 1}"})
    start = time.perf_counter()
    board_from_data({"objects": chain})
    chain[-1]["attached_to"] = "o0"
    err = data_error({"objects": chain})
    assert time.perf_counter() - start < 2
    assert err.message.startswith("attachment cycle: o0 -> o1 -> ") and "more)" in err.message


def copy_static(target: str, affects: Any = "self", text: str | None = None) -> dict[str, Any]:
    ability: dict[str, Any] = {"affects": affects, "copy": target}
    if text:
        ability["text"] = text
    return ability


def copy_effect(effect_id: str, affected: str, target: str) -> dict[str, Any]:
    return {"id": effect_id, "affects": [affected], "copy": target}


COPY_LOOPS = {
    "two, static self": {"objects": [{"id": "a", "static": [copy_static("b")]}, {"id": "b", "static": [copy_static("a")]}]},
    "three, static self": {"objects": [{"id": "a", "static": [copy_static("b")]}, {"id": "b", "static": [copy_static("c")]},
                     {"id": "c", "static": [copy_static("a")]}]},
    "two, static ids": {"objects": [{"id": "a"}, {"id": "b"},
                     {"id": "h", "static": [copy_static("b", ["a"], "one"), copy_static("a", ["b"], "two")]}]},
    "three, static ids": {"objects": [{"id": "a"}, {"id": "b"}, {"id": "c"},
                     {"id": "h", "static": [copy_static("b", ["a"], "1"), copy_static("c", ["b"], "2"),
                                            copy_static("a", ["c"], "3")]}]},
    "two, resolved effects": {"objects": objects(2, "x"), "effects": [copy_effect("e1", "x0", "x1"), copy_effect("e2", "x1", "x0")]},
    "three, resolved effects": {"objects": objects(3, "x"),
         "effects": [copy_effect("e1", "x0", "x1"), copy_effect("e2", "x1", "x2"), copy_effect("e3", "x2", "x0")]},
    "static and resolved": {"objects": [{"id": "a", "static": [copy_static("b")]}, {"id": "b"}], "effects": [copy_effect("e", "b", "a")]},
    "effects first in the document": {"effects": [copy_effect("e", "b", "a")], "objects": [{"id": "a", "static": [copy_static("b")]}, {"id": "b"}]},
    "attached": {"objects": [{"id": "a"},
                     {"id": "aura", "attached_to": "a", "static": [copy_static("aura", "attached", "1"),
                                                                   copy_static("a", "self", "2")]}]},
    "granted": {"objects": [{"id": "a"}, {"id": "b", "static": [copy_static("a")]}],
         "effects": [{"id": "e", "affects": ["a"], "abilities": {"add": [copy_static("b", "self", "granted")]}}]},
    "a loop behind a chain": {"objects": [{"id": "z", "static": [copy_static("a")]}, {"id": "a", "static": [copy_static("b")]},
                     {"id": "b", "static": [copy_static("a")]}]},
}


@pytest.mark.parametrize("case", list(COPY_LOOPS))
def test_copy_loops_load_and_get_an_answer(case):
    # Copy effects that copy each other are a dependency loop in layer 1 (each changes what the
    # other copies: copiable values include copy effects, 503.2 / 706.2), applied in timestamp
    # order (418.5d / 613.7b); the rules leave none of them without an answer.
    data = COPY_LOOPS[case]
    board = board_from_data(data)
    for name in ("cr418", "cr613"):
        engine = get_engine(name)
        outcome = engine.evaluate(board)
        assert engine.explain(board)[0] == outcome == engine.evaluate(board)
        assert set(outcome["objects"]) == {o.id for o in board.objects}


def test_a_loop_of_three_resolved_copy_effects_goes_in_timestamp_order():
    # x0, x1, x2 (timestamps 1-3); e1 (ts 4): x0 becomes a copy of x1; e2 (ts 5): x1 of x2;
    # e3 (ts 6): x2 of x0. Each changes what another copies (e1 what e3 copies, e2 what e1
    # copies, e3 what e2 copies): one loop of three (418.5c / 613.7a), applied in timestamp
    # order as a whole (418.5d / 613.7b): e1 makes x0 an x1; e2 makes x1 an x2; e3 makes x2 a
    # copy of x0, which is an x1 by then. Names only: the objects are otherwise blank.
    data = COPY_LOOPS["three, resolved effects"]
    board = board_from_data(data)
    for name in ("cr418", "cr613"):
        names = {oid: o["name"] for oid, o in get_engine(name).evaluate(board)["objects"].items()}
        assert names == {"x0": "x1", "x1": "x2", "x2": "x1"}, name


# ---------------------------------------------------------------- the command line


BROKEN = {
    "not-utf8.yaml": b"objects:\n  - id: caf\xe9\n",
    "syntax.yaml": b"objects: [\n",
    "syntax.json": b'{"objects": [}',
    "deep.json": b'{"notes": ' + b"[" * DEEP + b"]" * DEEP + b"}",
    "deep.yaml": b"notes: " + b"{a: " * DEEP + b"1" + b"}" * DEEP + b"\n",
    "unknown-key.yaml": b"objects: [{id: a, colour: [red]}]\n",
    "wrong-type.json": b'{"objects": [{"id": "a", "power": "2", "toughness": 2}]}',
    "unknown-id.yaml": b"objects: [{id: a}]\neffects: [{id: e, affects: [ghost], pt: {switch: true}}]\n",
    "attached-to-itself.yaml": b"objects: [{id: a, attached_to: a}]\n",
    "many-objects.json": json.dumps({"objects": objects(MAX_OBJECTS + 1)}).encode(),
    "newline-id.json": b'{"objects": [{"id": "a\\nTraceback"}]}',
}


def test_judge_prints_one_line_and_exits_2_on_broken_files(tmp_path):
    big = tmp_path / "big.yaml"
    with big.open("wb") as f:
        f.truncate(100 * 1024 * 1024)
    paths = [big]
    for name, content in BROKEN.items():
        path = tmp_path / name
        path.write_bytes(content)
        paths.append(path)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    runs = [
        (path, subprocess.Popen([sys.executable, "-m", "diffcheck", "judge", str(path)], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE))
        for path in paths
    ]
    for path, run in runs:
        out, err = run.communicate(timeout=120)
        text = err.decode("utf-8")
        assert run.returncode == 2, (path.name, run.returncode, text)
        assert out == b"", path.name
        lines = text.splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"error: {path}: "), (path.name, text)
        assert "Traceback (most recent call last)" not in text, (path.name, text)
