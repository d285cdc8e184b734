"""Benchmark: what the static skip costs and saves between each two adjacent editions (and cr418 and cr613).

    python benchmarks/bench_skip.py [--chunks 5] [--seed 1]

For each pair, on the same boards of a run (``--chunks`` chunks of 200 of seed ``--seed``), built once: the share
of boards the skip spares, its check's CPU time per board, the CPU time the two engines would have spent on the
boards it spares, and the difference (what it saves, net, per board); and whether a run uses it there
(``diffcheck.search.worker._skip_pays``, decided on boards of its own). The cyclic collector is paused, as in a
run's workers.
"""

from __future__ import annotations

import argparse
import gc
import time

from diffcheck.catalogue import expand_board
from diffcheck.search import worker
from diffcheck.search.skip import Skip
from diffcheck.search.worker import CHUNK, chunk_boards
from engines import get_engine
from engines.board import Board
from rulesets.editions import EDITIONS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    boards = [Board.from_dict(expand_board(d)) for c in range(args.chunks) for d in chunk_boards(args.seed, c, CHUNK)]
    keys = [e.key for e in EDITIONS]
    pairs = [("cr418", "cr613"), *zip(keys, keys[1:])]
    clock = time.process_time
    gc.collect()
    gc.disable()
    print(f"{len(boards):,} boards of seed {args.seed}; CPU microseconds per board")
    print(f"{'editions':24} {'spared':>7} {'check':>7} {'saved':>7} {'net':>7}  used")
    for old, new in pairs:
        a, b = get_engine(old), get_engine(new)
        skip = Skip.between(a.ruleset, b.ruleset)
        if skip is None:
            print(f"{old + ' / ' + new:24} {'(no board is safe from what differs)':>30}")
            continue
        start = clock()
        spared = [board for board in boards if skip.skips(board)]
        check = clock() - start
        start = clock()
        for board in spared:
            a.evaluate(board)
            b.evaluate(board)
        saved = clock() - start
        worker._NAMES, worker._GENERATOR, worker._IMPLEMENTS = (old, new), "small", None
        n = len(boards)
        print(f"{old + ' / ' + new:24} {len(spared) / n:7.0%} {check * 1e6 / n:7.1f} {saved * 1e6 / n:7.1f} "
              f"{(saved - check) * 1e6 / n:7.1f}  {'yes' if worker._skip_pays(skip) else 'no'}")
        gc.freeze()  # what the engines keep, out of the way of the next pair's figures


if __name__ == "__main__":
    main()
