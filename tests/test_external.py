"""External engines (docs/external-engines.md): protocol 1, failures, restarts, and the outcome schema.

The engine under test is ``tests/doubles/external_engine.py``: cr613 in a separate
process, misbehaving on request.
"""

from __future__ import annotations

import copy
import json
import multiprocessing
import os
import pickle
import re
import shlex
import signal
import sys
import time
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from diffcheck.boards.generate import seeded_boards
from diffcheck.boards.loading import load_board
from engines import Engine, EngineError, get_engine, parse_engine_cmd
from engines.board import Board
from engines.peers.external import ExternalEngine
from engines.board.outcome import validate_outcome

ROOT = Path(__file__).parent.parent
SAMPLE = ROOT / "tests" / "doubles" / "external_engine.py"
EXAMPLES = sorted((ROOT / "diffcheck" / "examples").glob("*.yaml"))
OUTCOME_SCHEMA = ROOT / "diffcheck" / "schema" / "outcome-v1.schema.json"
DOC = ROOT / "docs" / "external-engines.md"

CR613 = get_engine("cr613")
BOARD_A = Board.from_dict(
    {"objects": [{"id": "a", "name": "Æther Adept", "types": ["creature"], "subtypes": ["human", "wizard"],
                  "colors": ["blue"], "power": 2, "toughness": 2}]}
)
BOARD_B = Board.from_dict(
    {"players": ["alice", "bob"],
     "objects": [{"id": "b", "types": ["creature"], "power": 1, "toughness": 1, "counters": {"+1/+1": 2}},
                 {"id": "c", "types": ["enchantment"],
                  "static": [{"text": "Creatures get +1/+1", "affects": {"filter": {"types": ["creature"]}},
                              "pt": {"modify": [1, 1]}}]}]}
)


def sample(*flags: str, timeout: float = 10.0, name: str = "sample") -> ExternalEngine:
    return ExternalEngine(name, [sys.executable, str(SAMPLE), *flags], timeout)


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.fixture(scope="module")
def engine():
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(SAMPLE))}"  # a string, split with shlex
    with ExternalEngine("sample", command) as e:
        yield e


# ---------------------------------------------------------------- it is an engine, and it agrees with cr613


def test_is_an_engine_and_starts_lazily():
    e = sample()
    assert isinstance(e, Engine)
    assert e.pid is None and e.hello is None
    assert "external_engine.py" in e.description
    e.close()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_same_outcomes_as_cr613_on_the_examples(engine, path):
    board = load_board(path)
    assert engine.evaluate(board) == CR613.evaluate(board)


def test_same_outcomes_as_cr613_on_generated_boards(engine):
    boards = [Board.from_dict(d) for d in seeded_boards(613, 60)]
    assert [engine.evaluate(b) for b in boards] == [CR613.evaluate(b) for b in boards]
    assert engine.starts == 1 and engine.restarts == 0


def test_handshake_gives_name_and_description(engine):
    engine.start()
    assert engine.hello["engine"] == "sample-cr613" and engine.hello["protocol"] == 1
    assert engine.name == "sample"  # the harness's name for it stays
    assert engine.description.startswith("Seven-layer rules") and "separate process" in engine.description


def test_text_goes_both_ways_in_utf8(engine):
    assert engine.evaluate(BOARD_A)["objects"]["a"]["name"] == "Æther Adept"


# ---------------------------------------------------------------- misbehaviour: a useful error, then recovery

MISBEHAVIOURS = [
    # flag, kind, what the message says, what stderr says, whether the process is replaced
    ("--crash-on", "crash", "the process exited with status 3 while evaluating the board", "crashing on purpose on b", True),
    ("--hang-on", "timeout", "no answer within 1 s; killed the process", "hanging on purpose on b", True),
    ("--garbage-on", "garbage", "wrote a line that is not JSON", None, True),
    ("--wrong-on", "invalid", "returned an invalid outcome: objects.b.power: expected an integer or null; found a string", None, False),
    ("--error-on", "error", "cannot evaluate the board: cannot evaluate a board with b (on purpose)", None, False),
]


@pytest.mark.parametrize("flag, kind, message, stderr, replaced", MISBEHAVIOURS, ids=[m[1] for m in MISBEHAVIOURS])
def test_misbehaviour_gives_engine_error_and_the_engine_recovers(flag, kind, message, stderr, replaced):
    with sample(flag, "b", timeout=1.0) as e:
        assert e.evaluate(BOARD_A) == CR613.evaluate(BOARD_A)
        first = e.pid
        started = time.monotonic()
        with pytest.raises(EngineError) as caught:
            e.evaluate(BOARD_B)
        assert time.monotonic() - started < 3.0
        err = caught.value
        assert err.engine == "sample" and err.kind == kind
        assert message in err.message, err.message
        assert str(err).startswith(f"engine sample: {message}")
        if stderr:
            assert stderr in err.stderr_tail[-1] and stderr in str(err) and stderr in err.details()
        if replaced:
            assert gone(first)
        assert e.evaluate(BOARD_A) == CR613.evaluate(BOARD_A)  # the next board works
        assert (e.pid != first) is replaced
        assert e.restarts == (1 if replaced else 0)


def test_garbage_message_quotes_the_line():
    with sample("--garbage-on", "b") as e, pytest.raises(EngineError) as caught:
        e.evaluate(BOARD_B)
    assert "'Traceback? no: garbage on b'" in caught.value.message


def test_a_line_nobody_asked_for_is_garbage_and_costs_the_process():
    with sample("--extra-line-on", "b") as e:
        assert e.evaluate(BOARD_B) == CR613.evaluate(BOARD_B)
        first = e.pid
        with pytest.raises(EngineError) as caught:
            e.evaluate(BOARD_A)
        assert caught.value.kind == "garbage"
        assert caught.value.message.startswith("wrote a line nobody asked for, before this board was sent: '{")
        assert e.evaluate(BOARD_A) == CR613.evaluate(BOARD_A) and e.pid != first and gone(first)


def test_an_interrupted_evaluation_costs_the_process_so_answers_stay_in_step():
    def interrupt(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        with sample("--hang-on", "b", timeout=5.0) as e:
            e.start()
            first = e.pid
            signal.setitimer(signal.ITIMER_REAL, 0.3)
            with pytest.raises(KeyboardInterrupt):
                e.evaluate(BOARD_B)
            assert gone(first)
            assert e.evaluate(BOARD_A) == CR613.evaluate(BOARD_A)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def exited(pid: int) -> bool:
    """Whether a child process has exited (a zombie, not yet waited for, counts), waiting up to 5 s."""
    stat = Path(f"/proc/{pid}/stat")
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            if stat.read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X"):
                return True
        except FileNotFoundError:
            return True
        time.sleep(0.01)
    return False


def test_engine_exiting_between_boards_is_restarted_without_an_error():
    with sample("--exit-after", "1") as e:
        for _ in range(3):
            assert e.evaluate(BOARD_A) == CR613.evaluate(BOARD_A)
            assert exited(e.pid)  # seen to have gone before the next board is sent
        assert e.starts == 3 and e.restarts == 2


def test_a_flood_on_stderr_does_not_block_the_engine_and_the_tail_is_short():
    with sample("--stderr-kib", "256", "--crash-on", "b", timeout=5.0) as e:
        for _ in range(4):  # 1 MiB of stderr, far more than a pipe holds
            assert e.evaluate(BOARD_A) == CR613.evaluate(BOARD_A)
        with pytest.raises(EngineError) as caught:
            e.evaluate(BOARD_B)
    tail = caught.value.stderr_tail
    assert 1 < len(tail) <= 20 and tail[-1] == "sample engine: crashing on purpose on b"


# ---------------------------------------------------------------- starting

def test_crash_at_start_gives_up_after_three_attempts():
    e = sample("--crash-at-start")
    with pytest.raises(EngineError) as caught:
        e.evaluate(BOARD_A)
    err = caught.value
    assert err.kind == "start"
    assert err.message.startswith("gave up after 3 failed starts in a row (restarted 2 times in all)")
    assert "the process exited with status 3 before answering the handshake" in err.message
    assert err.stderr_tail == ("sample engine: crashing at start on purpose",)
    assert e.restarts == 2 and e.starts == 0
    started = time.monotonic()
    with pytest.raises(EngineError, match="gave up after 3 failed starts"):
        e.evaluate(BOARD_A)  # gives up at once until closed
    assert time.monotonic() - started < 0.05 and e.restarts == 2
    e.close()
    with pytest.raises(EngineError, match="gave up"):
        e.start()  # close() forgets the failures: three more attempts
    assert e.restarts == 5


def test_a_program_that_does_not_exist():
    e = ExternalEngine("missing", "/nonexistent/engine --fast")
    with pytest.raises(EngineError) as caught:
        e.start()
    assert "cannot start /nonexistent/engine --fast: No such file or directory" in caught.value.message


HANDSHAKES = [
    ("wrong-protocol", "wrong answer to the handshake: the engine speaks protocol 2; diffcheck speaks protocol 1"),
    ("garbage", "answered the handshake with a line that is not JSON"),
    ("missing-name", "wrong answer to the handshake: engine: expected a non-empty string"),
    ("exit", "the process exited with status 4 before answering the handshake"),
    ("silent", "no answer to the handshake within 0.3 s"),
]


@pytest.mark.parametrize("answer, message", HANDSHAKES, ids=[h[0] for h in HANDSHAKES])
def test_handshake_failure_is_a_start_failure(answer, message):
    e = sample("--hello", answer, timeout=0.3)
    with pytest.raises(EngineError) as caught:
        e.evaluate(BOARD_A)
    assert caught.value.kind == "start" and message in caught.value.message, caught.value.message
    assert e.hello is None and e.pid is None
    if answer == "exit":
        assert caught.value.stderr_tail[-1] == "sample engine: leaving without a word"


# ---------------------------------------------------------------- life cycle, pickling, fork

def test_close_ends_the_process_and_the_next_use_starts_another():
    with sample() as e:
        e.evaluate(BOARD_A)
        pid = e.pid
    assert e.pid is None and gone(pid)
    assert e.evaluate(BOARD_A) == CR613.evaluate(BOARD_A) and e.pid != pid
    e.close()


def test_pickled_engine_is_rebuilt_from_name_command_and_timeout(engine):
    engine.start()
    copy_ = pickle.loads(pickle.dumps(engine))
    assert (copy_.name, copy_.command, copy_.timeout) == (engine.name, engine.command, engine.timeout)
    assert copy_.pid is None
    with copy_:
        assert copy_.evaluate(BOARD_B) == CR613.evaluate(BOARD_B) and copy_.pid != engine.pid


def test_engine_error_pickles():
    err = EngineError("mine", "no answer within 1 s", ("line 1", "line 2"), "timeout")
    back = pickle.loads(pickle.dumps(err))
    assert (back.engine, back.message, back.stderr_tail, back.kind) == ("mine", "no answer within 1 s", ("line 1", "line 2"), "timeout")
    assert str(back) == "engine mine: no answer within 1 s; its stderr ended with: line 2"


def _evaluate_in_child(engine, board, queue):
    queue.put((engine.pid, engine.evaluate(board), engine.pid))


def test_a_forked_child_runs_its_own_process(engine):
    engine.start()
    parent = engine.pid
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    child = ctx.Process(target=_evaluate_in_child, args=(engine, BOARD_B, queue))
    child.start()
    before, outcome, after = queue.get(timeout=10)
    child.join(10)
    assert before is None and after not in (None, parent)
    assert outcome == CR613.evaluate(BOARD_B)
    assert engine.pid == parent and engine.evaluate(BOARD_A) == CR613.evaluate(BOARD_A)


# ---------------------------------------------------------------- NAME=COMMAND

@pytest.mark.parametrize(
    "spec, expected",
    [
        ("mine=./my-engine --fast", ("mine", "./my-engine --fast")),
        (" my_engine.v2 = python3 'my engine.py' ", ("my_engine.v2", "python3 'my engine.py'")),
        ("x=env A=1 prog", ("x", "env A=1 prog")),
    ],
)
def test_parse_engine_cmd(spec, expected):
    assert parse_engine_cmd(spec) == expected


@pytest.mark.parametrize(
    "spec, message",
    [
        ("mine", "expected NAME=COMMAND"),
        ("=prog", "the engine name before '=' is empty"),
        ("mine=  ", "the command after '=' is empty"),
        ("my engine=prog", "'my engine' is not an engine name"),
        ("a:b=prog", "'a:b' is not an engine name"),
        ("mine=prog 'unclosed", "cannot split the command into words: No closing quotation"),
    ],
)
def test_parse_engine_cmd_refuses(spec, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_engine_cmd(spec)


def test_a_command_that_does_not_split_or_is_empty():
    with pytest.raises(ValueError, match="cannot split the command 'prog \"oops' into words: No closing quotation"):
        ExternalEngine("mine", 'prog "oops')
    with pytest.raises(ValueError, match="the command is empty"):
        ExternalEngine("mine", "  ")


# ---------------------------------------------------------------- validate_outcome and the JSON Schema agree

@pytest.fixture(scope="module")
def schema():
    data = json.loads(OUTCOME_SCHEMA.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(data)
    return Draft202012Validator(data)


def test_outcome_schema_is_draft_2020_12_and_strict(schema):
    data = schema.schema
    assert data["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert data["additionalProperties"] is False and data["$defs"]["object"]["additionalProperties"] is False


OGRE = load_board(ROOT / "diffcheck" / "examples" / "gray-ogre.yaml")


def _set(path: str, value):
    def change(outcome):
        *keys, last = path.split(".")
        target = outcome
        for k in keys:
            target = target[k]
        target[last] = value
    return change


def _delete(path: str):
    def change(outcome):
        *keys, last = path.split(".")
        target = outcome
        for k in keys:
            target = target[k]
        del target[last]
    return change


# Wrong in shape: both must refuse.
SHAPE_ERRORS = {
    "missing ruleset": _delete("ruleset"),
    "extra top key": _set("trace", []),
    "ruleset not a string": _set("ruleset", 3),
    "empty ruleset": _set("ruleset", ""),
    "objects a list": _set("objects", []),
    "object not an object": _set("objects.ogre", "Gray Ogre"),
    "missing colors": _delete("objects.ogre.colors"),
    "extra key": _set("objects.ogre.counters", {}),
    "name a number": _set("objects.ogre.name", 7),  # null is a name's absence (a face-down permanent)
    "name empty": _set("objects.ogre.name", ""),
    "types a string": _set("objects.ogre.types", "creature"),
    "capitalised type": _set("objects.ogre.types", ["Creature"]),
    "unknown color": _set("objects.ogre.colors", ["purple"]),
    "unknown supertype": _set("objects.anthem.supertypes", ["mythic"]),
    "capitalised subtype": _set("objects.ogre.subtypes", ["Ogre"]),
    "ability not a string": _set("objects.ogre.abilities", [1]),
    "empty ability": _set("objects.ogre.abilities", [""]),
    "ability twice": _set("objects.ogre.abilities", ["flying", "flying"]),
    "power a string": _set("objects.ogre.power", "5"),
    "power a boolean": _set("objects.ogre.power", True),
    "power a fraction": _set("objects.ogre.power", 5.5),
    "noncreature with toughness": _set("objects.anthem.toughness", 2),
    "noncreature with power": _set("objects.anthem.power", 1),
    "bad object id": _set("objects.bad id!", {}),
}

# Right in shape, wrong all the same: only validate_outcome can tell.
BEYOND_SCHEMA = {
    "unsorted list": (_set("objects.ogre.colors", ["white", "red"]), "objects.ogre.colors: not sorted"),
    "missing object": (_delete("objects.anthem"), "objects: missing the board's object 'anthem'"),
    "extra object": (_set("objects.ghost", {"name": "Ghost", "controller": "you", "types": [], "subtypes": [],
                                            "supertypes": [], "colors": [], "abilities": [], "power": None,
                                            "toughness": None}), "objects: 'ghost' is not an object of the board"),
    "controller not a player": (_set("objects.ogre.controller", "mallory"), "objects.ogre.controller: 'mallory' is not a player"),
    "integer written with a fraction": (_set("objects.ogre.power", 5.0), "objects.ogre.power: expected an integer or null; found a number (5.0)"),
}


def _good_outcomes():
    boards = [load_board(p) for p in EXAMPLES] + [Board.from_dict(d) for d in seeded_boards(418, 30)]
    return [(b, get_engine(name).evaluate(b)) for b in boards for name in ("cr418", "cr613")]


def test_good_outcomes_pass_both(schema):
    for board, outcome in _good_outcomes():
        assert validate_outcome(outcome, board) is None
        assert validate_outcome(outcome) is None
        assert schema.is_valid(outcome), next(schema.iter_errors(outcome)).message


@pytest.mark.parametrize("change", SHAPE_ERRORS.values(), ids=SHAPE_ERRORS.keys())
def test_shape_errors_fail_both(schema, change):
    outcome = copy.deepcopy(CR613.evaluate(OGRE))
    change(outcome)
    problem = validate_outcome(outcome, OGRE)
    assert problem is not None
    assert validate_outcome(outcome) is not None
    assert not schema.is_valid(outcome), problem


@pytest.mark.parametrize("change, message", BEYOND_SCHEMA.values(), ids=BEYOND_SCHEMA.keys())
def test_what_the_schema_cannot_say(schema, change, message):
    outcome = copy.deepcopy(CR613.evaluate(OGRE))
    change(outcome)
    assert schema.is_valid(outcome)
    problem = validate_outcome(outcome, OGRE)
    assert problem is not None and problem.startswith(message), problem


def test_a_creature_whose_pt_the_engine_leaves_undefined_is_null_in_both(schema):
    # An engine may leave a creature's P/T undefined (phase.rs: a noncreature with no printed P/T that became a
    # creature, where nothing set it) and say so with null; both checks take it.
    outcome = copy.deepcopy(CR613.evaluate(OGRE))
    outcome["objects"]["ogre"]["power"] = outcome["objects"]["ogre"]["toughness"] = None
    assert validate_outcome(outcome, OGRE) is None and schema.is_valid(outcome)


def test_not_an_object_at_all(schema):
    for value in ([], None, "outcome", 3):
        assert validate_outcome(value, OGRE).startswith("expected an object with keys ruleset and objects")
        assert not schema.is_valid(value)


# ---------------------------------------------------------------- the document's examples

def test_the_documented_exchange_is_what_the_sample_engine_says(engine, schema):
    """Every ```jsonl block of docs/external-engines.md parses; its gray-ogre exchange is the real one."""
    text = DOC.read_text(encoding="utf-8")
    lines = [line for block in re.findall(r"```jsonl\n(.*?)```", text, re.S) for line in block.splitlines()]
    values = [json.loads(line) for line in lines]
    assert {"hello": 1} in values
    assert {"board": OGRE.to_dict()} in values
    assert engine.evaluate(OGRE) in values
    for value in values:
        if "objects" in value and "ruleset" in value:
            assert schema.is_valid(value)


def test_the_minimal_engine_in_the_document_speaks_the_protocol(tmp_path):
    source = re.search(r"## A minimal engine.*?```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S).group(1)
    program = tmp_path / "printed_only.py"
    program.write_text(source, encoding="utf-8")
    with ExternalEngine("printed-only", [sys.executable, str(program)], timeout=5.0) as e:
        for board in [OGRE] + [Board.from_dict(d) for d in seeded_boards(7, 20)]:
            assert e.evaluate(board)["ruleset"] == "printed-only"  # valid, if not right
        assert e.hello["engine"] == "printed-only" and e.restarts == 0


def test_cards_of_an_outcome_may_be_instants_and_permanents_may_not(schema):
    # Painter's Servant reaches a Giant Growth card in a graveyard: the outcome lists the instant card, blue now;
    # both checks accept it. An object of the board (a permanent) that is an instant is refused by both.
    board = load_board(str(ROOT / "diffcheck" / "examples" / "gray-ogre.yaml"))
    data = {**board.to_dict(), "graveyards": {"you": [{"id": "growth", "name": "Giant Growth", "types": ["instant"],
                                                       "colors": ["green"]}]}}
    data["objects"].append({"id": "servant", "types": ["artifact"], "static": [
        {"text": "all cards are blue", "affects": {"filter": {"zones": ["battlefield", "graveyard"]}},
         "colors": {"add": ["blue"]}}]})
    with_card = Board.from_dict(data)
    outcome = CR613.evaluate(with_card)
    assert outcome["cards"]["growth"]["types"] == ["instant"]
    assert validate_outcome(outcome, with_card) is None and schema.is_valid(outcome)
    wrong = copy.deepcopy(outcome)
    wrong["objects"]["servant"]["types"] = ["instant"]
    assert "never an instant" in validate_outcome(wrong, with_card)
    assert not schema.is_valid(wrong)
