"""Benchmark: how many machine instructions the layer machine spends evaluating a file of boards.

    python benchmarks/bench_instructions.py BOARDS [--engines cr418,cr613] [--small 1000] [--large 100]

BOARDS is a file ``benchmarks/bench_engines.py --save-boards`` wrote. Counts come from valgrind's cachegrind
(``apt-get install valgrind``), which counts every instruction the process runs: unlike a time, the count is the
same from run to run on a busy machine, so two trees can be compared in one pass each (run this script with an
interpreter each tree is installed in, on the same file; the hash seed is fixed, so sets iterate alike). Each
count is that of a process that builds the boards and evaluates them, less that of one that only builds them: the
evaluations alone, with the cyclic garbage collector paused as in a run. Valgrind runs the interpreter about 30
times slower: a small budget is enough.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import subprocess
import sys
from pathlib import Path

_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def _child(path: str, engine: str, size: str, n: int, evaluate: bool) -> None:
    from engines import get_engine
    from engines.board import Board

    data = json.loads(Path(path).read_text(encoding="utf-8"))[size][:n]
    chosen = get_engine(engine)
    boards = [Board.from_dict(d) for d in data]
    # The cyclic garbage collector paused, as a run's workers pause it (and bench_goals.py): its passes over what
    # the boards and the interpreter hold would otherwise be counted as the evaluations', more of them the more
    # objects an evaluation makes. The interpreter's last collection, at exit, is left out of both processes alike.
    gc.disable()
    if evaluate:
        for board in boards:
            chosen.evaluate(board)
    sys.stdout.flush()
    os._exit(0)


def instructions(path: str, engine: str, size: str, n: int, evaluate: bool) -> int:
    """The instructions of one process that builds ``n`` boards of ``size`` and, with ``evaluate``, evaluates them."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               sys.executable, __file__, "--child", path, engine, size, str(n), "1" if evaluate else "0"]
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"},
                          check=True)
    return int(_REFS.search(done.stderr).group(1).replace(",", ""))


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        path, engine, size, n, evaluate = sys.argv[2:7]
        _child(path, engine, size, int(n), evaluate == "1")
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards")
    parser.add_argument("--engines", default="cr418,cr613")
    parser.add_argument("--small", type=int, default=1000, help="how many of the file's small boards")
    parser.add_argument("--large", type=int, default=100, help="how many of the file's large boards")
    args = parser.parse_args()
    print(f"{args.boards}: instructions to evaluate the boards (millions), build excluded")
    print(f"{'engine':8} {'small (' + str(args.small) + ')':>14} {'large (' + str(args.large) + ')':>14}")
    for engine in args.engines.split(","):
        counts = [instructions(args.boards, engine, size, n, True) - instructions(args.boards, engine, size, n, False)
                  for size, n in (("small", args.small), ("large", args.large))]
        print(f"{engine:8} {counts[0] / 1e6:>14,.1f} {counts[1] / 1e6:>14,.1f}")


if __name__ == "__main__":
    main()
