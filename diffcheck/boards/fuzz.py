"""Fuzzing the board loader: whatever the bytes, ``load_board`` gives a ``Board`` or a ``BoardError``.

Two kinds of malformed input, as Hypothesis strategies:

* ``mutated_inputs()``: a generated board (``diffcheck.boards.strategies.boards``, or
  ``card_boards`` naming catalogue cards) with one to
  three mutations (a key deleted; a value replaced by one of another type: null, -1,
  10**30, "", [], {}, a 10,000-character string, 1.5, true...; an id duplicated; an id
  reference pointed at a missing id; an unknown key; a value nested deeper than a board
  may be, or thousands of levels deep in the text; an attachment loop; a copy loop (which loads: copy effects may loop); more
  objects, effects or list items than the limits allow), written as YAML or JSON and
  sometimes corrupted as bytes (truncated, a byte flipped, invalid UTF-8 or a control
  character inserted, re-encoded as UTF-16);
* ``arbitrary_inputs()``: any bytes (``st.binary()``), any text as UTF-8 (lone
  surrogates included, which makes it invalid), and soups of YAML and JSON tokens, which
  reach deeper into the parsers than random bytes do.

``check(data, suffix)`` writes the bytes to a file with that suffix, loads it, and
raises ``FuzzFailure`` (an ``AssertionError``, carrying the input) if ``load_board``
raises anything but a ``BoardError``, or a ``BoardError`` that is not one line of
UTF-8 text. ``tests/boards/test_fuzz.py`` runs the properties on 300 and 1,000 examples; a
longer campaign:

    python -m diffcheck.boards.fuzz --examples 20000

runs each property on 20,000 examples (``--property mutated`` or ``bytes`` for one of
them, ``--seed N`` to repeat a campaign, ``--out DIR`` for where a failing input goes,
default the current directory), prints progress and a summary of the errors seen, and
exits with status 0 if every input gave a board or a ``BoardError``, 1 otherwise, with
the failing input (shrunk by Hypothesis) saved as ``fuzz-failure-PROPERTY.SUFFIX``.
About 11 minutes for both at 20,000 examples each (mutated boards 10 minutes, bytes under one).
"""

from __future__ import annotations

import argparse
import atexit
import copy
import json
import re
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from diffcheck.boards import limits
from diffcheck.boards.loading import BoardError, load_board
from diffcheck.boards.strategies import boards, card_boards
from diffcheck.pyyaml import yaml
from engines.board import Board

__all__ = ["FuzzFailure", "check", "mutated_inputs", "arbitrary_inputs", "main"]

Case = tuple[bytes, str]  # the file's bytes and its suffix (".yaml", ".json", ...)

SUFFIXES = (".yaml", ".json", ".yml", ".board", "")
# Values of the wrong type (or size) for almost any place in a board.
BAD_VALUES: tuple[Any, ...] = (
    None, -1, 10**30, -(10**30), "", [], {}, "x" * 10_000, 1.5, True, False, 0, float("nan"),
    "ogre", ["x"], {"x": 1}, [[[]]], "\u2028\n\t", "caf\u00e9 \U0001f600",
)
UNKNOWN_KEYS = ("x", "colour", "Types", "", " id", "attached", "static_", "affect", "\u00fcber", "1", "a" * 300)
MISSING_IDS = ("ghost", "o99", "e1", "O1", "", "-x", "x" * 500)
# A word that serializes unquoted in YAML and JSON alike, replaced by deeply nested text.
_NEST_MARK = "zqnestmarkzq"
_INVALID_UTF8 = (
    b"\xff", b"\xfe", b"\x80", b"\xc3\x28", b"\xa0\xa1", b"\xe2\x28\xa1", b"\xed\xa0\x80", b"\xf0\x28\x8c\xbc",
    b"\xc0\xaf", b"\xf8\x88\x80\x80\x80",
)
_CONTROL = ("\x00", "\x1b", "\x85", "\u2028", "\ufeff", "\t", "\r", "\x7f")
# Pieces of YAML and JSON syntax, for token soups.
_TOKENS = (
    "[", "]", "{", "}", ":", ": ", ",", "- ", "\n", "  ", "    ", "\t", "&a ", "*a", "&b ", "*b", "!!binary ", "!!set ",
    "!!omap ", "!!pairs ", "!!timestamp ", "!!bool ", "!!float ", "!!int ", "!!null ", "!!str ", "!!seq ", "!!map ",
    "!!merge ", "!!value ", "!!python/tuple ", "!foo ", "? ", "'", '"', "#", "---", "...", "%YAML 1.1\n",
    "%TAG ! x\n", "<<: ", "|", ">", "objects", "effects", "id", "static", "copy", "affects", "attached_to", "ogre",
    "1", "-1", "1e400", "0x1F", "0o7", "1_000", "2020-13-45", "2020-01-01", ".nan", ".inf", "~", "null", "true",
    "no", "\\u0000", "\\ud800", "\\x", "\u00e9", "\U0001f600", "\x00", "\u2028", "1" * 5000,
)


class FuzzFailure(AssertionError):
    """``load_board`` raised something other than a ``BoardError`` (or a malformed one) on ``data``."""

    def __init__(self, message: str, data: bytes, suffix: str) -> None:
        super().__init__(message)
        self.data = data
        self.suffix = suffix


# ---------------------------------------------------------------- the check


_scratch: Path | None = None


def _scratch_dir() -> Path:
    global _scratch
    if _scratch is None:
        _scratch = Path(tempfile.mkdtemp(prefix="diffcheck-fuzz-"))
        atexit.register(shutil.rmtree, _scratch, True)
    return _scratch


def check(data: bytes, suffix: str) -> Board | BoardError:
    """Load ``data`` from a file with ``suffix``: a ``Board`` or a well-formed ``BoardError``, else ``FuzzFailure``.

    A well-formed ``BoardError`` has a message, and its text is one line of UTF-8 (the CLI
    prints it as one line).
    """
    path = _scratch_dir() / f"board{suffix}"
    path.write_bytes(data)
    try:
        result = load_board(path)
    except BoardError as err:
        text = str(err)
        problem = None
        if not err.message:
            problem = "a BoardError without a message"
        elif len(text.splitlines()) != 1:
            problem = f"a BoardError of {len(text.splitlines())} lines: {text!r}"
        else:
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                problem = f"a BoardError that is not UTF-8 text: {text!r}"
        if problem:
            raise FuzzFailure(_failure_message(problem, data, suffix), data, suffix) from None
        return err
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # noqa: BLE001 - anything but BoardError is the finding
        problem = f"{type(exc).__name__}: {_shorten(str(exc))}"
        raise FuzzFailure(_failure_message(problem, data, suffix), data, suffix) from exc
    if not isinstance(result, Board):
        raise FuzzFailure(_failure_message(f"returned {type(result).__name__}", data, suffix), data, suffix)
    return result


def _failure_message(problem: str, data: bytes, suffix: str) -> str:
    shown = data if len(data) <= 600 else data[:600] + b"..."
    return f"load_board on a {suffix or 'suffix-less'} file of {len(data):,} bytes: {problem}\ninput: {shown!r}"


def _shorten(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ---------------------------------------------------------------- mutated boards

Draw = Callable[[st.SearchStrategy[Any]], Any]


def sites(value: Any, path: tuple = ()) -> list[tuple]:
    """Paths to every mapping and list in ``value``, outermost first."""
    found = []
    if isinstance(value, dict):
        found.append(path)
        for key, child in value.items():
            found += sites(child, path + (key,))
    elif isinstance(value, list):
        found.append(path)
        for index, child in enumerate(value):
            found += sites(child, path + (index,))
    return found


def at(value: Any, path: tuple) -> Any:
    for step in path:
        value = value[step]
    return value


def _slot(draw: Draw, board: dict[str, Any]) -> tuple[Any, Any] | None:
    """A container and one of its keys or indexes, or None if the container is empty."""
    container = at(board, draw(st.sampled_from(sites(board))))
    if not container:
        return None
    if isinstance(container, dict):
        return container, draw(st.sampled_from(list(container)))
    return container, draw(st.integers(0, len(container) - 1))


def _ids(board: dict[str, Any]) -> list[str]:
    return [o["id"] for o in board.get("objects", ()) if isinstance(o, dict) and isinstance(o.get("id"), str)]


def _delete(draw: Draw, board: dict[str, Any]) -> None:
    slot = _slot(draw, board)
    if slot is not None:
        container, key = slot
        del container[key]


def _retype(draw: Draw, board: dict[str, Any]) -> None:
    slot = _slot(draw, board)
    if slot is not None:
        container, key = slot
        container[key] = copy.deepcopy(draw(st.sampled_from(BAD_VALUES)))


def _duplicate_id(draw: Draw, board: dict[str, Any]) -> None:
    items = [x for x in board.get("objects", []) + board.get("effects", []) if isinstance(x, dict) and "id" in x]
    if len(items) >= 2:
        first, second = draw(st.permutations(items))[:2]
        second["id"] = first["id"]


def _missing_id(draw: Draw, board: dict[str, Any]) -> None:
    missing = draw(st.sampled_from(MISSING_IDS) | st.text(max_size=8))
    places: list[Callable[[], None]] = []
    for obj in board.get("objects", []):
        places.append(lambda obj=obj: obj.__setitem__("attached_to", missing))
        for ability in obj.get("static", []):
            places.append(lambda ability=ability: ability.__setitem__("affects", [missing]))
            places.append(lambda ability=ability: ability.__setitem__("copy", missing))
    for effect in board.get("effects", []):
        places.append(lambda effect=effect: effect["affects"].append(missing))
        places.append(lambda effect=effect: effect.__setitem__("copy", missing))
    if places:
        draw(st.sampled_from(places))()


def _unknown_key(draw: Draw, board: dict[str, Any]) -> None:
    mappings = [site for site in sites(board) if isinstance(at(board, site), dict)]
    target = at(board, draw(st.sampled_from(mappings)))
    key = draw(st.sampled_from(UNKNOWN_KEYS) | st.text(max_size=6))
    target[key] = copy.deepcopy(draw(st.sampled_from(BAD_VALUES)))


def _deep_nest(draw: Draw, board: dict[str, Any]) -> None:
    slot = _slot(draw, board)
    if slot is None:
        return
    container, key = slot
    if draw(st.booleans()):
        # Deeper than a board may be, shallow enough for json and yaml to write.
        value = container[key]
        for _ in range(draw(st.integers(1, 80))):
            value = [value] if draw(st.booleans()) else {"a": value}
        container[key] = value
    else:
        # Thousands of levels, spliced into the text after it is written (see _serialize).
        container[key] = _NEST_MARK


def _attachment_loop(draw: Draw, board: dict[str, Any]) -> None:
    objects = [o for o in board.get("objects", []) if isinstance(o, dict) and isinstance(o.get("id"), str)]
    if not objects:
        return
    loop = draw(st.permutations(objects))[: draw(st.integers(1, 3))]
    for obj, target in zip(loop, loop[1:] + loop[:1]):
        obj["attached_to"] = target["id"]


def _copy_loop(draw: Draw, board: dict[str, Any]) -> None:
    objects = [o for o in board.get("objects", []) if isinstance(o, dict) and isinstance(o.get("id"), str)]
    if len(objects) < 2:
        return
    loop = draw(st.permutations(objects))[: draw(st.integers(2, 3))]
    for number, (obj, target) in enumerate(zip(loop, loop[1:] + loop[:1])):
        how = draw(st.sampled_from(["self", "ids", "effect"]))
        if how == "effect":
            effect = {"id": f"loop{number}", "affects": [obj["id"]], "copy": target["id"]}
            board.setdefault("effects", []).append(effect)
        else:
            affects = "self" if how == "self" else [obj["id"]]
            ability = {"text": f"loop{number}", "affects": affects, "copy": target["id"]}
            if not isinstance(obj.get("static"), list):
                obj["static"] = []
            obj["static"].append(ability)


def _oversize(draw: Draw, board: dict[str, Any]) -> None:
    kind = draw(st.sampled_from(["objects", "effects", "items"]))
    extra = draw(st.integers(1, 3))
    if kind == "objects":
        board["objects"] = [{"id": f"big{i}"} for i in range(limits.MAX_OBJECTS + extra)]
    elif kind == "effects":
        board["effects"] = [
            {"id": f"big{i}", "affects": ["o1"], "pt": {"switch": True}} for i in range(limits.MAX_EFFECTS + extra)
        ]
    else:
        board["players"] = [f"p{i}" for i in range(limits.MAX_ITEMS + extra)]


MUTATIONS: dict[str, Callable[[Draw, dict[str, Any]], None]] = {
    "delete": _delete,
    "retype": _retype,
    "duplicate_id": _duplicate_id,
    "missing_id": _missing_id,
    "unknown_key": _unknown_key,
    "deep_nest": _deep_nest,
    "attachment_loop": _attachment_loop,
    "copy_loop": _copy_loop,
    "oversize": _oversize,
}


def _serialize(draw: Draw, board: Any, form: str) -> str:
    if form == "json":
        text = json.dumps(board, indent=draw(st.sampled_from([None, 2])), ensure_ascii=draw(st.booleans()))
        mark = json.dumps(_NEST_MARK)
    else:
        # libyaml's emitter where PyYAML has it: the pure-Python one costs a quarter of a campaign's time.
        text = yaml.dump(
            board, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), sort_keys=False,
            allow_unicode=draw(st.booleans()), default_flow_style=draw(st.sampled_from([False, None, True])),
            width=draw(st.sampled_from([80, 10**9])),
        )
        mark = _NEST_MARK
    if mark in text:
        depth = draw(st.sampled_from([61, 200, 1_000, 5_000, 20_000]))
        if draw(st.booleans()):
            nested = "[" * depth + "1" + "]" * depth
        else:
            nested = '{"a": ' * depth + "1" + "}" * depth
        text = text.replace(mark, nested, 1).replace(mark, "1")
    return text


def _corrupt(draw: Draw, raw: bytes) -> bytes:
    how = draw(st.sampled_from(["truncate", "flip", "invalid_utf8", "control", "utf16"]))
    if how == "utf16":
        return raw.decode("utf-8").encode(draw(st.sampled_from(["utf-16", "utf-16-le", "utf-32"])))
    at = draw(st.integers(0, len(raw)))
    if how == "truncate":
        return raw[:at]
    if how == "flip":
        if not raw:
            return raw
        at = min(at, len(raw) - 1)
        return raw[:at] + bytes([raw[at] ^ draw(st.integers(1, 255))]) + raw[at + 1 :]
    if how == "invalid_utf8":
        return raw[:at] + draw(st.sampled_from(_INVALID_UTF8)) + raw[at:]
    return raw[:at] + draw(st.sampled_from(_CONTROL)).encode("utf-8") + raw[at:]


@st.composite
def mutated_inputs(draw: Draw) -> Case:
    """A generated board, mutated, written as YAML or JSON, sometimes corrupted: (bytes, suffix)."""
    board = draw(st.one_of(boards(), card_boards()))
    for _ in range(draw(st.integers(1, 3))):
        try:
            MUTATIONS[draw(st.sampled_from(list(MUTATIONS)))](draw, board)
        except (TypeError, KeyError, IndexError, AttributeError):
            pass  # an earlier mutation took away what this one works on
    form = draw(st.sampled_from(["yaml", "json"]))
    raw = _serialize(draw, board, form).encode("utf-8")
    if draw(st.integers(0, 3)) == 0:
        raw = _corrupt(draw, raw)
    suffix = draw(st.sampled_from([f".{form}", f".{form}", *SUFFIXES]))
    return raw, suffix


# ---------------------------------------------------------------- arbitrary bytes


def arbitrary_inputs() -> st.SearchStrategy[Case]:
    """Any bytes, any text (as UTF-8, lone surrogates let through), or a soup of YAML/JSON tokens: (bytes, suffix)."""
    text = st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass"))
    soup = st.lists(st.sampled_from(_TOKENS), max_size=60).map(lambda ts: "".join(ts).encode("utf-8", "surrogatepass"))
    return st.tuples(st.binary(max_size=400) | text | soup, st.sampled_from(SUFFIXES))


# ---------------------------------------------------------------- a longer campaign

PROPERTIES: dict[str, Callable[[], st.SearchStrategy[Case]]] = {
    "mutated": mutated_inputs,
    "bytes": arbitrary_inputs,
}


def _kind(err: BoardError) -> str:
    """A BoardError's message with the specifics taken out, to count errors by kind."""
    message = re.sub(r'"(?:[^"\\]|\\.)*"', '"…"', err.message)
    message = re.sub(r"(?<![\w+-])\d[\d,]*(?:\.\d+)?(?!\w)", "N", message)
    return _shorten(message.split(";")[0], 70)


def _run(name: str, examples: int, seed: int | None, out: Path) -> bool:
    """One property on ``examples`` examples; True if it held. Prints progress and a summary."""
    counts: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    start = time.monotonic()
    every = max(1, examples // 20)

    def prop(case: Case) -> None:
        result = check(*case)
        if isinstance(result, BoardError):
            counts["BoardError"] += 1
            kinds[_kind(result)] += 1
        else:
            counts["Board"] += 1
        done = counts["Board"] + counts["BoardError"]
        if done % every == 0:
            print(
                f"  {name}: {done:,} inputs, {time.monotonic() - start:.0f} s "
                f"({counts['Board']:,} boards, {counts['BoardError']:,} BoardErrors)",
                file=sys.stderr, flush=True,
            )

    test = given(PROPERTIES[name]())(prop)
    test = settings(
        max_examples=examples, deadline=None, database=None, print_blob=False,
        suppress_health_check=list(HealthCheck),
    )(test)
    if seed is not None:
        test = hypothesis_seed(seed)(test)
    print(f"{name}: {examples:,} examples", file=sys.stderr, flush=True)
    try:
        test()
    except FuzzFailure as failure:
        failures = [failure]
    except ExceptionGroup as group:  # Hypothesis found several distinct failures
        failures = [e for e in group.exceptions if isinstance(e, FuzzFailure)]
        if len(failures) < len(group.exceptions):
            raise
    else:
        failures = []
    if failures:
        out.mkdir(parents=True, exist_ok=True)
        for number, failure in enumerate(failures, start=1):
            # Each is the input as Hypothesis shrank it.
            tag = f"-{number}" if len(failures) > 1 else ""
            saved = out / f"fuzz-failure-{name}{tag}{failure.suffix or '.bin'}"
            saved.write_bytes(failure.data)
            print(f"FAILED {name}: {failure}", file=sys.stderr)
            print(f"the failing input is saved as {saved}; reproduce with: python -c \"from pathlib import Path; "
                  f"from diffcheck.boards.fuzz import check; check(Path({str(saved)!r}).read_bytes(), {failure.suffix!r})\"",
                  file=sys.stderr)
        return False
    elapsed = time.monotonic() - start
    total = counts["Board"] + counts["BoardError"]
    print(
        f"{name}: passed, {total:,} inputs in {elapsed:.0f} s: {counts['Board']:,} loaded as boards, "
        f"{counts['BoardError']:,} refused with a BoardError; most frequent errors:",
        file=sys.stderr,
    )
    for kind, n in kinds.most_common(8):
        print(f"  {n:>7,}  {kind}", file=sys.stderr)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m diffcheck.boards.fuzz",
        description="Fuzz the board loader: every input must load as a board or be refused with a BoardError.",
    )
    parser.add_argument("--examples", type=int, default=20_000, help="examples per property (default 20000)")
    parser.add_argument("--property", choices=[*PROPERTIES, "both"], default="both", help="which property to run")
    parser.add_argument("--seed", type=int, default=None, help="Hypothesis seed, to repeat a campaign")
    parser.add_argument("--out", type=Path, default=Path("."), help="where a failing input is saved (default .)")
    args = parser.parse_args(argv)
    if args.examples < 1:
        parser.error("--examples must be at least 1")
    names = list(PROPERTIES) if args.property == "both" else [args.property]
    results = [_run(name, args.examples, args.seed, args.out) for name in names]
    if all(results):
        print(f"all passed: {', '.join(names)}", file=sys.stderr)
        return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())
