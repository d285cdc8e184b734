"""Benchmark how soon ``diffcheck judge`` answers: CPU seconds of a whole process, interpreter start included.

    python benchmarks/bench_startup.py [--repeat 15]

Prints medians of --repeat runs (the machines are shared and noisy: compare within one run) of
``diffcheck judge diffcheck/examples/gray-ogre.yaml``: with the catalogue cache warm, without it
(DIFFCHECK_NO_CACHE=1: the card files read and checked), and the bare interpreter for scale; beside the
goal of 100 ms. CPU time (user + system, from the children's resource usage) is what the goal counts.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL = 0.100
JUDGE = [sys.executable, "-m", "diffcheck", "judge", str(ROOT / "diffcheck" / "examples" / "gray-ogre.yaml")]


def cpu_of(command: list[str], env: dict[str, str], cwd: Path | None = None) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    warm = dict(os.environ)
    warm.pop("DIFFCHECK_NO_CACHE", None)
    # The pure modules' bytecode cached, as the first run writes it on a user's machine; without it, every
    # start compiles their sources again.
    warm.pop("PYTHONDONTWRITEBYTECODE", None)
    cold = {**warm, "DIFFCHECK_NO_CACHE": "1"}
    subprocess.run(JUDGE, env=warm, stdout=subprocess.DEVNULL, check=True)  # fills the caches
    runs: dict[str, list[float]] = {"judge": [], "judge, no cache": [], "interpreter": []}
    for _ in range(args.repeat):  # alternating, so that a slow moment of the machine hits all three
        runs["judge"].append(cpu_of(JUDGE, warm))
        runs["judge, no cache"].append(cpu_of(JUDGE, cold))
        runs["interpreter"].append(cpu_of([sys.executable, "-c", "pass"], warm))
    for name, seconds in runs.items():
        print(f"{name:16} median {statistics.median(seconds) * 1e3:6.0f} ms CPU")
    print(f"goal: judge at most {GOAL * 1e3:.0f} ms CPU; now {statistics.median(runs['judge']) / GOAL:.2f}x the goal")


if __name__ == "__main__":
    main()
