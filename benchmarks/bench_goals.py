"""Where diffcheck stands against its speed goals, measured side by side with an earlier tree.

    python benchmarks/bench_goals.py [--against REV] [--seed 1] [--repeats 3] [--editions all] [--timeline]

Prints, with the date and the machine, each figure of this tree ("now") beside the same figure of the tree at
``--against`` ("before"; default c909acf, the last commit before the work on these goals), their ratio, and the
goal:

- the layer machine, boards per second on one core (the child process's CPU time, ``engine.evaluate`` only, the
  cyclic garbage collector paused as in a run), on the same small and large boards, for cr613 and the slowest
  edition (``--editions all``: every edition); goals 20,000 small and 2,500 large, and at least 2.5 times
  (small) and 3 times (large) the tree before;
- ``diffcheck run`` end to end on two worker processes, cr418 against cr613, at its default budget of 60,000
  boards, wall time (goal: 10,000 boards/s, and twice the tree before);
- ``diffcheck judge`` on a small board, CPU seconds of the whole process (goal: 120 ms);
- with ``--timeline``, ``diffcheck timeline``'s wall time at its committed budget.

Every figure is the median of --repeats, the two trees run alternately (before, now, before, now...) so that a
slow moment of the shared machine hits both; judge, a process of a tenth of a second, runs ``JUDGE_REPEATS``
times a tree (or --repeats, if more). The earlier tree is checked out in a temporary git worktree and
runs as it was (pure Python); this tree runs as installed (compiled where ``pip install -e .`` could compile).
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
BEFORE = "c909acf"
SMALL_GOAL, LARGE_GOAL, RUN_GOAL = 20_000, 2_500, 10_000
# The factors over the tree before that the goals ask for.
SMALL_FACTOR, LARGE_FACTOR, RUN_FACTOR = 2.5, 3.0, 2.0
SLOWEST = "1999-04"  # the slowest edition on large boards (the first, before numbered layers)
# The engine figures' boards: enough that one takes a second or so of CPU (2,000 small boards, a tenth of a
# second, let one slow moment of the shared machine move a median of three by a quarter).
SMALL_BOARDS, LARGE_BOARDS = 10_000, 500
JUDGE_REPEATS = 11


def _child_engines(boards_file: str, editions: list[str]) -> None:
    """In a child process whose imports come from one tree: boards per CPU second of each edition.

    One pass over many boards, each seen once, as in a run: a second pass over the same boards would let a
    plan cache keyed by value (the tree before had one) answer every body it had seen, which no run does.
    """
    from engines import get_engine
    from engines.board import Board

    data = json.loads(Path(boards_file).read_text())
    rates = {}
    for key in editions:
        engine = get_engine(key)
        for size in ("small", "large"):
            # Fresh Board values: engines cache plans per ability object, and a run sees each board once.
            boards = [Board.from_dict(d) for d in data[size]]
            # As a run's workers evaluate (diffcheck.search.worker): the cyclic collector paused. Its passes
            # over what the benchmark itself holds (every board, the plans) would weigh on one tree or the
            # other by chance, not by what its engine does.
            gc.collect()
            gc.disable()
            start = time.process_time()
            for board in boards:
                engine.evaluate(board)
            rates[f"{key} {size}"] = len(boards) / (time.process_time() - start)
            gc.enable()
    print(json.dumps(rates))


def _in(tree: Path) -> dict[str, str]:
    """The environment of a child that imports diffcheck, engines and rulesets from ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    env.pop("DIFFCHECK_NO_CACHE", None)  # judge as its users run it: with the catalogue cache ...
    # ... and with the bytecode of the pure modules cached, as the first run writes it on a user's machine:
    # without it every start compiles the sources again (a third of judge's CPU).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _wall(command: list[str], env: dict[str, str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def _alternate(repeats: int, trees: dict[str, Path], measure: Callable[[Path], dict[str, float]]
               ) -> dict[str, dict[str, float]]:
    """Name -> {tree label -> the median of ``repeats`` measures}, the trees taking turns."""
    seen: dict[str, dict[str, list[float]]] = {}
    for _ in range(repeats):
        for label, tree in trees.items():
            for name, value in measure(tree).items():
                seen.setdefault(name, {}).setdefault(label, []).append(value)
    return {name: {label: statistics.median(values) for label, values in by.items()} for name, by in seen.items()}


def _row(name: str, figures: dict[str, float], unit: str, goal: float, factor: float | None = None,
         lower_is_better: bool = False) -> str:
    before, now = figures["before"], figures["now"]
    ratio = before / now if lower_is_better else now / before
    share = goal / now if lower_is_better else now / goal
    wanted = f"{factor:.1f}x" if factor else ""
    return (f"  {name:22} {before:9,.0f} {now:9,.0f} {unit:9} {ratio:5.2f}x {wanted:>6}   "
            f"{goal:8,.0f} {share:5.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default=BEFORE, help="the earlier tree, a git revision (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--editions", choices=("slowest", "all"), default="slowest",
                        help="the layer machine under cr613 and the slowest edition, or every edition")
    parser.add_argument("--timeline", action="store_true", help="time diffcheck timeline too (minutes)")
    parser.add_argument("--child-engines", nargs=2, metavar=("BOARDS", "EDITIONS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_engines:
        _child_engines(args.child_engines[0], args.child_engines[1].split(","))
        return

    from engines import COMPILED

    print(f"{datetime.date.today()}, {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; now: this tree ({'compiled' if COMPILED else 'pure Python'}), "
          f"before: {args.against}; medians of {args.repeats}, alternating")
    with tempfile.TemporaryDirectory() as work:
        base = Path(work) / "before"
        made = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), args.against],
                              capture_output=True, text=True)
        if made.returncode:
            said = (made.stderr.strip() or "git worktree add failed").splitlines()[-1]
            sys.exit(f"--against {args.against}: no such revision here ({said})")
        try:
            _measure(args, {"before": base, "now": ROOT}, Path(work))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False)


def _measure(args: argparse.Namespace, trees: dict[str, Path], work: Path) -> None:
    from bench_startup import GOAL as JUDGE_GOAL, cpu_of

    from diffcheck.cli.inputs import EXIT_DIFFERENCE
    from diffcheck.cli.runs import DEFAULT_BOARDS as RUN_BOARDS
    from diffcheck.boards.generate import LARGE, SMALL, seeded_boards
    from rulesets.editions import EDITIONS

    header = f"  {'':22} {'before':>9} {'now':>9} {'':9} {'ratio':>6} {'wanted':>6}   {'goal':>8} {'share':>5}"
    boards = work / "boards.json"
    boards.write_text(json.dumps({"small": seeded_boards(args.seed, SMALL_BOARDS, SMALL),
                                  "large": seeded_boards(args.seed, LARGE_BOARDS, LARGE)}))
    editions = ["cr613", *(e.key for e in EDITIONS)] if args.editions == "all" else ["cr613", SLOWEST]
    engines = _alternate(args.repeats, trees, lambda tree: json.loads(subprocess.run(
        [sys.executable, __file__, "--child-engines", str(boards), ",".join(editions)],
        env=_in(tree), cwd=tree, stdout=subprocess.PIPE, text=True, check=True).stdout))
    print(f"the layer machine, boards per second on one core ({SMALL_BOARDS:,} small and {LARGE_BOARDS:,} large "
          f"boards):")
    print(header)
    for name, figures in engines.items():
        small = name.endswith("small")
        print(_row(name, figures, "boards/s", SMALL_GOAL if small else LARGE_GOAL,
                   SMALL_FACTOR if small else LARGE_FACTOR))

    def run(tree: Path) -> dict[str, float]:
        out = work / "run"
        command = [sys.executable, "-m", "diffcheck", "run", "--engines", "cr418,cr613", "--seed", str(args.seed),
                   "--boards", str(RUN_BOARDS), "--jobs", "2", "--quiet", "--out", str(out)]
        start = time.perf_counter()
        done = subprocess.run(command, env=_in(tree), cwd=tree, stdout=subprocess.DEVNULL)
        seconds = time.perf_counter() - start
        if done.returncode not in (0, EXIT_DIFFERENCE):  # differences found are the run's point, not a failure
            raise subprocess.CalledProcessError(done.returncode, command)
        shutil.rmtree(out)
        return {"end to end": RUN_BOARDS / seconds}

    print(f"diffcheck run, cr418 against cr613, {RUN_BOARDS:,} boards of seed {args.seed} on 2 workers:")
    print(header)
    for name, figures in _alternate(args.repeats, trees, run).items():
        print(_row(name, figures, "boards/s", RUN_GOAL, RUN_FACTOR))

    def judge(tree: Path) -> dict[str, float]:
        command = [sys.executable, "-m", "diffcheck", "judge", str(tree / "diffcheck" / "examples" / "gray-ogre.yaml")]
        return {"judge": cpu_of(command, _in(tree), tree) * 1e3}

    for tree in trees.values():  # the catalogue and bytecode caches, filled by each tree as its users would have them
        judge(tree)
    print("diffcheck judge, a small board, CPU of the whole process (the interpreter's start included):")
    print(header)
    for name, figures in _alternate(max(JUDGE_REPEATS, args.repeats), trees, judge).items():
        print(_row(name, figures, "ms CPU", JUDGE_GOAL * 1e3, lower_is_better=True))

    if args.timeline:
        def timeline(tree: Path) -> dict[str, float]:
            command = [sys.executable, "-m", "diffcheck", "timeline", "--out", str(work / "t.md")]
            return {"timeline": _wall(command, _in(tree), tree)}

        print("diffcheck timeline at its committed budget, wall time:")
        for name, figures in _alternate(1, trees, timeline).items():
            print(f"  {name:22} before {figures['before']:.0f} s, now {figures['now']:.0f} s")


if __name__ == "__main__":
    main()
