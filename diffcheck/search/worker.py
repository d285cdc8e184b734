"""What each worker process of a run does: make its chunks of boards, evaluate them with both engines, and
shrink the boards the coordinator (``diffcheck.search.harness``) sends back.

A worker is set up once (``init_worker``) with the run's engines and what follows from them: the rule
changes between their editions and the layers a signature names. Tasks are plain tuples and results plain
data, so that they cross process boundaries cheaply; a board is made again from its seed and index rather
than shipped when the coordinator does not have it.
"""

from __future__ import annotations

import gc
import multiprocessing
import signal
from contextlib import contextmanager
from typing import Any, Iterator

from diffcheck.boards.generate import SMALL, BoardGenerator, SeededChoices
from diffcheck.boards.generate_cards import CardBoardGenerator
from diffcheck.catalogue import expand_board
from diffcheck.search.attribution import bisect
from diffcheck.search.divergence import differing, diverges
from diffcheck.search.findings import Explanation, showing, shown
from diffcheck.search.orphan import end_with_parent
from diffcheck.search.shrink import shrink
from diffcheck.search.signature import moved_kinds, signature, triage_key, widen
from diffcheck.search.skip import Skip
from engines import get_engine
from engines.board import Board
from engines.board.features import board_features
from engines.layered import is_layer_machine
from rulesets.editions import changes_between

CHUNK = 200  # boards per chunk: part of a run's identity, so not an option
# What an engine error's kind (``EngineError.kind``) is called in counts and reports; any other exception is
# an "exception" (an installed Python engine that raised).
ERROR_KINDS = {"crash": "crash", "timeout": "hang", "garbage": "not JSON", "invalid": "outcome not in the schema",
               "error": "error answer", "start": "failed to start"}


class ShrinkFailed(Exception):
    """An engine failed while a divergent board was being shrunk."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(index, message)
        self.index = index
        self.message = message


def make_engine(name: str, commands: tuple[tuple[str, str], ...] = (), timeout: float = 10.0):
    """The engine called ``name``: an external process if a command is given for it, else an installed one."""
    for external, command in commands:
        if external == name:
            from engines.peers.external import ExternalEngine

            return ExternalEngine(name, command, timeout)
    return get_engine(name)


def error_kind(exc: BaseException) -> str:
    """What went wrong, in the words counts use (``ERROR_KINDS``)."""
    return ERROR_KINDS.get(getattr(exc, "kind", None) or "", "exception")


_ENGINES: tuple[Any, Any] | None = None
_MOVED: frozenset = frozenset()
_LAYERS: tuple = ()  # the engines' rulesets, of those that have one: the layers a signature names
_CHANGES: tuple = ()  # the rule changes between the two engines' editions, for attribution
_OLD = None  # the old engine's ruleset, when boards are keyed by their findings (both engines have rules)
_NAMES: tuple[str, ...] = ()  # the engines as the run names them
_GENERATOR = "small"
_IMPLEMENTS: frozenset[str] | None = None
_SKIP: Skip | None = None  # the boards the two engines cannot answer differently (diffcheck.search.skip)
_MACHINE: tuple[bool, ...] = ()  # whether each engine is the built-in layer machine
_FREEZE = False  # whether a task's survivors are frozen (``_collector_paused``)


def init_worker(config: Any) -> None:
    """Set up this worker process of the coordinator's pool for a run (``harness.RunConfig``)."""
    # First: a coordinator killed while the engines load must not leave this process behind.
    end_with_parent(multiprocessing.parent_process().pid)
    # Ctrl-C reaches the whole process group; the coordinator alone handles it (saves, then stops us).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    set_up(config, freeze=True)


def set_up(config: Any, freeze: bool = False) -> None:
    """Set up this process for a run: its engines, and what follows from them. Apart from ``init_worker``
    because a cluster's worker (``diffcheck.search.cluster``) runs tasks on a thread, where no signal can be set.

    ``freeze``: this process is the run's alone, so what its tasks leave alive may be frozen (``_collector_paused``);
    not so a cluster's worker, whose own machinery makes reference cycles that frozen memory would never free."""
    global _ENGINES, _MOVED, _GENERATOR, _LAYERS, _CHANGES, _OLD, _IMPLEMENTS, _FREEZE, _NAMES
    _GENERATOR, _IMPLEMENTS, _NAMES = config.generator, config.implements, tuple(config.engines)
    _ENGINES = tuple(make_engine(name, config.commands, config.timeout) for name in config.engines)
    rulesets = tuple(getattr(e, "ruleset", None) for e in _ENGINES)
    _MOVED = moved_kinds(*rulesets)
    _LAYERS = tuple(r for r in rulesets if r is not None)
    _CHANGES = changes_between(*config.engines)
    _OLD = rulesets[0] if keyed_by_findings(rulesets, _CHANGES) else None
    _set_skip(rulesets)
    _FREEZE = freeze and all(_MACHINE)


def keyed_by_findings(rulesets: tuple, changes: tuple) -> bool:
    """Whether a run keys divergent boards by their findings: both engines have rules, and rule changes lie
    between them, so that each difference can be explained by some of those changes. Against an engine with no
    rules of its own, no rule change explains anything (every board would be one "unexplained" finding, and
    each of its bugs would hide the others): boards are keyed by their triage key, so that each kind of
    difference is shrunk and is a finding of its own."""
    return None not in rulesets and bool(changes)


# The static skip's probe (``_skip_pays``): boards of a seed no run is keyed by, and the share of them the skip must
# spare for its check to pay. Checking a board costs about a tenth of evaluating it under both editions (20 us
# against 200 and more, on small boards, compiled): below this share it costs more than it saves, as between
# 2003-07 and 2003-10, which skip 7% of the boards (benchmarks/bench_skip.py prints each adjacent pair's figures).
SKIP_PROBE_SEED = "skip probe"
SKIP_PROBE_BOARDS = 100
SKIP_PAYS_FROM = 0.15
_SKIP_PAYS: dict = {}  # (editions, generator, implements) -> whether the skip pays, decided once a process


def _set_skip(rulesets: tuple) -> None:
    """The scan's static skip, between the built-in layer machine under two rulesets only: an engine of any
    other class (an installed one may carry a ruleset and answer otherwise) is evaluated on every board. Used
    only where it pays (``_skip_pays``); a board it spares comes out the same either way, so whether it is used
    changes how fast a run goes, never what it finds."""
    global _SKIP, _MACHINE
    _MACHINE = tuple(is_layer_machine(e) for e in _ENGINES)
    skip = Skip.between(*rulesets) if all(_MACHINE) else None
    _SKIP = skip if skip is not None and _skip_pays(skip) else None


def _skip_pays(skip: Skip) -> bool:
    """Whether ``skip`` spares at least ``SKIP_PAYS_FROM`` of the run's kind of boards (its generator, the part of
    the vocabulary it draws from), on ``SKIP_PROBE_BOARDS`` of them from a seed of their own: decided by the
    boards alone, never by a clock, so the same editions decide alike in every worker, run and machine."""
    key = (_NAMES, _GENERATOR, _IMPLEMENTS)
    if key not in _SKIP_PAYS:
        boards = chunk_boards(SKIP_PROBE_SEED, 0, SKIP_PROBE_BOARDS, _GENERATOR, _IMPLEMENTS)
        spared = sum(skip.skips(Board.from_dict(expand_board(data))) for data in boards)
        _SKIP_PAYS[key] = spared >= SKIP_PAYS_FROM * SKIP_PROBE_BOARDS
    return _SKIP_PAYS[key]


def chunk_boards(seed: int | str, chunk: int, count: int = CHUNK, generator: str = "small",
                 implements: frozenset[str] | None = None) -> list[dict]:
    """The boards of one chunk, as data: boards ``chunk * CHUNK`` onwards of this seed, drawn from the parts
    of the vocabulary ``implements`` names (all of it if None)."""
    choices = SeededChoices(f"{seed}/{chunk}")
    # "cards" boards name catalogue cards (card:, cast:); expand_board writes them out. They are what the
    # cards are: a run against an engine that implements less sends it those it can take.
    make = CardBoardGenerator() if generator == "cards" else BoardGenerator(SMALL, features=implements)
    return [make.board(choices) for _ in range(count)]


def board_at(seed: int, index: int, generator: str = "small", implements: frozenset[str] | None = None) -> dict:
    """Board ``index`` of a seed, regenerated: what a group's "found at board N of seed S" means."""
    chunk, offset = divmod(index, CHUNK)
    return chunk_boards(seed, chunk, offset + 1, generator, implements)[offset]


def _made(seed: int | str, chunk: int, count: int, generator: str,
          implements: frozenset[str] | None) -> Iterator[tuple[dict, dict, Board]]:
    """The boards of a chunk as the scan takes them: as data, with their cards written out, and read."""
    for data in chunk_boards(seed, chunk, count, generator, implements):
        plain = expand_board(data)
        yield data, plain, Board.from_dict(plain)


# Boards made ahead by a process about to run several runs over the same boards (a timeline: every pair of editions
# tries one seed's boards), which the workers it forks for each run inherit: (seed, chunk, count, generator,
# implements) -> the chunk, as ``_made`` gives it. Empty in a plain run: its boards are made where they are scanned,
# and never kept, so that its memory does not grow with its budget.
_AHEAD: dict[tuple, list[tuple[dict, dict, Board]]] = {}
AHEAD_MOST = 5_000  # boards; some 20 KB each


@contextmanager
def boards_ahead(seed: int | str, boards: int, generator: str = "small",
                 implements: frozenset[str] | None = None) -> Iterator[None]:
    """Within: the first ``boards`` boards of a seed, made once, here, for the runs started within to scan. A worker
    forked from this process finds them made; one that is not (started afresh where processes cannot be forked, or
    a cluster's) makes them itself: the same boards, so a run finds the same either way, only sooner. A budget over
    ``AHEAD_MOST`` boards is not made ahead (the runs make their own)."""
    keys = []
    try:
        if boards <= AHEAD_MOST:
            for chunk in range(-(-boards // CHUNK)):
                count = min(CHUNK, boards - chunk * CHUNK)
                key = (seed, chunk, count, generator, implements)
                _AHEAD[key] = list(_made(seed, chunk, count, generator, implements))
                keys.append(key)
        yield
    finally:
        for key in keys:
            del _AHEAD[key]


@contextmanager
def _collector_paused():
    """Pause the cyclic garbage collector for one task: evaluation makes many short-lived objects and
    few cycles, and the collector's passes over them cost a fifth of the time or more; it runs again
    between tasks.

    Between the built-in layer machine's tasks the collector is not even given what the task left alive
    (the planners' caches, mostly): ``gc.freeze`` moves it out of the collector's reach, which saves the
    full collections over an ever larger heap (a run about 1.2 times faster). That is safe only because the
    machine makes no reference cycles, so everything it leaves behind is freed, when it is, by its reference
    count (``tests/search/test_worker.py`` holds it to that); an engine of any other class may make cycles, and
    its tasks leave the collector as it was (``set_up``'s ``freeze``)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if _FREEZE:
            gc.freeze()
        if enabled:
            gc.enable()


def scan(task: tuple[int, int, int]) -> tuple[int, int, list, list]:
    """Evaluate one chunk with both engines: the divergent boards' indexes, triage keys and characteristics."""
    with _collector_paused():
        return _scan_chunk(*task)


def scan_chunks(tasks: tuple[tuple[int, int, int], ...]) -> list[tuple[int, int, list, list]]:
    """Several chunks in one task, scanned in order (``scan``): a cluster's task costs its scheduler, its client and
    its worker some milliseconds of CPU whatever its work, so a cluster's tasks are a few chunks each."""
    return [scan(task) for task in tasks]


def _keys(board: Board, plain: dict, x: dict, y: dict, names: list[str]) -> list[str]:
    """A divergent board's keys: its explanations, or (without a ruleset to explain them) its triage key."""
    if _OLD is not None:
        # Where ``a`` is the layer machine under _OLD, the hybrids that answer as it does are not evaluated.
        return sorted(f.key for f in shown(board, _OLD, x, y, _CHANGES, machine=_MACHINE[0]))
    return [triage_key(plain, names, _MOVED)]


def _scan_chunk(seed: int, chunk: int, count: int) -> tuple[int, int, list, list, tuple[int, dict]]:
    a, b = _ENGINES
    skip = _SKIP
    found, errors = [], []
    left_out, outside = 0, {}  # boards not sent; and by the part of the vocabulary they needed (one may need several)
    made = _AHEAD.get((seed, chunk, count, _GENERATOR, _IMPLEMENTS))
    boards = made if made is not None else _made(seed, chunk, count, _GENERATOR, _IMPLEMENTS)
    for offset, (data, plain, board) in enumerate(boards):
        index = chunk * CHUNK + offset
        if _IMPLEMENTS is not None:
            missing = board_features(board) - _IMPLEMENTS
            if missing:
                left_out += 1
                for word in missing:
                    outside[word] = outside.get(word, 0) + 1
                continue
        if skip is not None and skip.skips(board):
            continue  # both engines would answer it alike: done, with nothing to report
        try:
            engine = a
            x = a.evaluate(board)
            engine = b
            y = b.evaluate(board)
        except Exception as exc:  # an engine's failure is a finding about that engine, not the end of the run
            errors.append((index, getattr(engine, "name", "?"), f"{type(exc).__name__}: {exc}", data,
                           error_kind(exc)))
            continue
        if x["objects"] != y["objects"]:
            names = widen(name for _, name, _, _ in differing(x, y))
            # The board goes with it: a shrink need not make the chunk again to find it.
            found.append((index, _keys(board, plain, x, y, names), names, data))
    return chunk, count, found, errors, (left_out, outside)


def shrink_failure(task: tuple[str, str, str, dict]) -> dict | None:
    """A failing board shrunk to a minimal one on which the same engine fails the same way: an error of the
    same kind and, for an exception or an error answer, of the same exception type. None if the board no
    longer fails so (an engine that fails at random)."""
    name, kind, error_type, data = task
    engine = next(e for e in _ENGINES if getattr(e, "name", None) == name)

    def fails_alike(candidate: dict) -> bool:
        try:
            engine.evaluate(Board.from_dict(expand_board(candidate)))
        except Exception as exc:  # noqa: BLE001 - the failure being shrunk
            return error_kind(exc) == kind and type(exc).__name__ == error_type
        return False

    with _collector_paused():
        if not fails_alike(data):
            return None
        return shrink(data, fails_alike, checked=True)


def shrink_divergence(task: tuple[int, int, list[str], dict | None, str | None]) -> tuple:
    """Shrink board ``index`` (given, or made again from its seed) to a minimal board that still
    shows the explanation it was found by (or, keyed by triage, still diverges in some of the
    same characteristics), and attribute it to rule changes when the old engine has a ruleset.
    Generated boards are valid (the generator's property tests), so the shrinker need not check
    this one again."""
    with _collector_paused():
        return _shrink_one(*task)


def _shrink_one(seed: int, index: int, names: list[str], data: dict | None, explanation: str | None) -> tuple:
    a, b = _ENGINES
    try:
        start = data if data is not None else board_at(seed, index, _GENERATOR, _IMPLEMENTS)
        keep = (showing(a, b, _OLD, _CHANGES, Explanation.from_key(explanation)) if explanation is not None
                else diverges(a, b, characteristics=frozenset(names)))
        minimal = shrink(start, keep, checked=True)
        plain = expand_board(minimal)
        board = Board.from_dict(plain)
        x, y = a.evaluate(board), b.evaluate(board)
        keys = _keys(board, plain, x, y, []) if _OLD is not None else []
    except Exception as exc:  # an engine that fails while shrinking: keep the board unshrunk, say why
        raise ShrinkFailed(index, f"{type(exc).__name__}: {exc}") from None
    ruleset = getattr(a, "ruleset", None)
    attribution = bisect(board, ruleset, y, _CHANGES).to_json() if ruleset is not None and _CHANGES else None
    near_from = None
    if len(_LAYERS) == 1:
        # An engine with no rules of its own against an edition: the coordinator finds the nearest rules to its
        # answer (``nearest_rules``) for the boards that become a group's, a few of the many shrunk.
        near_from = (b.name, 1, _NAMES[0]) if ruleset is not None else (a.name, 0, _NAMES[1])
    return index, minimal, x, y, signature(plain, x, y, _MOVED, _LAYERS), attribution, keys, near_from
