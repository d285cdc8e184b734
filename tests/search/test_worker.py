"""A run's worker processes (``diffcheck.search.worker``) and the garbage collector.

A worker freezes what a task of the built-in layer machine leaves alive (``gc.freeze``), so that the
collector never passes over it again. That is sound only if the machine makes no reference cycles: an
object in a cycle is freed by the collector alone, and a frozen one never is. So these tests run the
machine with the collector off and then count what a collection would find: nothing, under every edition,
on seeded boards of both generators, and in a whole scan of a run, explanations of its findings included.
"""

from __future__ import annotations

import gc
from collections import Counter

import pytest

from diffcheck.catalogue import expand_board
from diffcheck.search import worker
from diffcheck.search.harness import RunConfig
from engines import get_engine
from engines.board import Board
from rulesets.editions import EDITIONS


@pytest.fixture
def collector_off():
    """The collector off from a clean start; yields a function that collects and names what it found."""
    gc.collect()
    gc.disable()

    def cyclic_garbage() -> Counter:
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            # The youngest generation holds all that was made since the last call (with the collector off,
            # nothing is promoted), and a pass over it alone skips the whole test session's heap.
            gc.collect(0)
            return Counter(type(o).__name__ for o in gc.garbage)
        finally:
            gc.garbage.clear()
            gc.set_debug(0)

    try:
        yield cyclic_garbage
    finally:
        gc.enable()


def _boards(generator: str, count: int) -> list[Board]:
    return [Board.from_dict(expand_board(data)) for data in worker.chunk_boards(11, 0, count, generator)]


@pytest.mark.parametrize("generator", ["small", "cards"])
def test_the_layer_machine_makes_no_reference_cycles_under_any_edition(collector_off, generator):
    boards = _boards(generator, 60)
    for name in ["cr418", "cr613"] + [e.key for e in EDITIONS]:
        engine = get_engine(name)
        for board in boards:
            engine.evaluate(board)
            engine.explain(board)
        assert collector_off() == Counter(), name


def test_a_scan_makes_no_reference_cycles(collector_off):
    # cr418 against cr613 diverges on a few boards in every chunk, so the scan explains findings too
    # (hybrid rulesets, each a rule change apart); 1999-04 steps Auras behind what they enchant.
    for engines in [("cr418", "cr613"), ("1999-04", "2002-10")]:
        worker.set_up(RunConfig(engines, seed=1))
        _, _, found, errors, _ = worker._scan_chunk(1, 0, 200)
        assert errors == []
        assert found or engines != ("cr418", "cr613")
        assert collector_off() == Counter(), engines


@pytest.mark.parametrize("engines, freeze, frozen", [
    (("cr418", "cr613"), True, True),
    (("doubles.engines:FORGETS_COUNTERS", "cr613"), True, False),  # another class: it may make cycles
    (("cr418", "cr613"), False, False),  # a cluster's worker: its machinery makes cycles
])
def test_what_is_frozen(engines, freeze, frozen):
    gc.unfreeze()
    try:
        worker.set_up(RunConfig(engines, seed=1), freeze=freeze)
        worker.scan((1, 0, 20))
        assert (gc.get_freeze_count() > 0) is frozen
    finally:
        gc.unfreeze()


def test_the_static_skip_is_used_only_where_it_pays():
    # Between 2003-07 and 2003-10 the skip spares about 7% of a run's boards, and checking each board costs more
    # than evaluating those few would (benchmarks/bench_skip.py): a run does not use it there. Between cr418 and
    # cr613 it spares about a third, and is used. Either way a spared board comes out the same under both
    # (tests/search/test_skip.py), so the choice changes a run's speed only.
    from diffcheck.search import worker
    from diffcheck.search.harness import RunConfig

    worker.set_up(RunConfig(("2003-07", "2003-10"), 1, 10, None, 1))
    assert worker._SKIP is None
    worker.set_up(RunConfig(("cr418", "cr613"), 1, 10, None, 1))
    assert worker._SKIP is not None


@pytest.mark.parametrize("generator", ["small", "cards"])
def test_boards_made_ahead_are_the_boards_a_worker_makes(generator):
    # Runs over the same boards (a timeline's pairs of editions) share boards made once ahead (boards_ahead): a scan
    # of a chunk made ahead finds exactly what a scan of the chunk made in the worker finds, on every chunk, the last
    # one short (450 boards: chunks of 200, 200 and 50). cr418 against cr613 diverges on some of them, so what is
    # compared holds findings too.
    worker.set_up(RunConfig(("cr418", "cr613"), seed=5, boards=450, generator=generator))
    tasks = [(5, 0, 200), (5, 1, 200), (5, 2, 50)]
    alone = [worker.scan(task) for task in tasks]
    with worker.boards_ahead(5, 450, generator):
        assert sorted(worker._AHEAD) == [(5, chunk, count, generator, None) for _, chunk, count in tasks]
        ahead = [worker.scan(task) for task in tasks]
    assert ahead == alone
    assert any(found for _, _, found, _, _ in alone)
    # Kept only within, and only up to AHEAD_MOST boards: a plain run keeps none of its boards.
    assert worker._AHEAD == {}
    with worker.boards_ahead(5, worker.AHEAD_MOST + 1, generator):
        assert worker._AHEAD == {}
