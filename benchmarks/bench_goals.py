"""Where diffcheck stands against its speed goals: each figure beside its target.

    python benchmarks/bench_goals.py [--seed 1] [--repeats 3] [--timeline]

Prints, with the date and the machine:

- the layer machine, boards per second on one core (this process's CPU time, ``engine.evaluate`` only),
  small and large boards, for cr613 and for every edition (goal: 20,000 small and 2,500 large);
- ``diffcheck run`` end to end on two worker processes, cr418 against cr613, at its default budget of 60,000
  boards (goal: 10,000 boards/s);
- ``diffcheck judge`` on a small board, CPU seconds of the whole process (goal: 120 ms);
- with ``--timeline``, ``diffcheck timeline``'s wall time at its committed budget.

Medians of --repeats (the machines are shared and noisy: compare figures from one run only).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engines import rate  # noqa: E402
from bench_startup import GOAL as JUDGE_GOAL, JUDGE, cpu_of  # noqa: E402

from diffcheck.boards.generate import LARGE, SMALL, seeded_boards  # noqa: E402
from diffcheck.cli.runs import DEFAULT_BOARDS  # noqa: E402
from diffcheck.search.harness import Harness, RunConfig  # noqa: E402
from engines import get_engine  # noqa: E402
from rulesets.editions import EDITIONS  # noqa: E402

SMALL_GOAL, LARGE_GOAL, RUN_GOAL = 20_000, 2_500, 10_000


def row(name: str, value: float, goal: float, unit: str, lower_is_better: bool = False) -> str:
    share = goal / value if lower_is_better else value / goal
    return f"  {name:34} {value:10,.0f} {unit:9} goal {goal:8,.0f}   {share:5.2f} of it"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--timeline", action="store_true", help="time diffcheck timeline too (minutes)")
    args = parser.parse_args()
    print(f"{datetime.date.today()}, {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")

    small, large = seeded_boards(args.seed, 2000, SMALL), seeded_boards(args.seed, 100, LARGE)
    print("layer machine, boards per second on one core:")
    for key in ["cr613", *(e.key for e in EDITIONS)]:
        engine = get_engine(key)
        print(row(f"{key} small", rate(engine, small, args.repeats), SMALL_GOAL, "boards/s"))
        print(row(f"{key} large", rate(engine, large, args.repeats), LARGE_GOAL, "boards/s"))

    runs = []
    for _ in range(args.repeats):
        with tempfile.TemporaryDirectory() as work:
            start = time.perf_counter()
            result = Harness(RunConfig(("cr418", "cr613"), args.seed, DEFAULT_BOARDS, None, 2), Path(work) / "run").run()
            runs.append(result["boards_done"] / (time.perf_counter() - start))
    print(f"diffcheck run, cr418 against cr613, {DEFAULT_BOARDS:,} boards on 2 workers:")
    print(row("end to end", statistics.median(runs), RUN_GOAL, "boards/s"))

    env = {**os.environ}
    subprocess.run(JUDGE, env=env, stdout=subprocess.DEVNULL, check=True)  # the catalogue cache, filled
    judge = [cpu_of(JUDGE, env) for _ in range(max(5, args.repeats))]
    print("diffcheck judge, a small board, CPU of the whole process:")
    print(row("judge", statistics.median(judge) * 1e3, JUDGE_GOAL * 1e3, "ms", lower_is_better=True))

    if args.timeline:
        with tempfile.TemporaryDirectory() as work:
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "diffcheck", "timeline", "--out", str(Path(work) / "t.md")],
                           stdout=subprocess.DEVNULL, check=True)
            print(f"diffcheck timeline at its committed budget: {time.perf_counter() - start:.1f} s wall")


if __name__ == "__main__":
    main()
