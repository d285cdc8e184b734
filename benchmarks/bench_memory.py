"""Benchmark: a run's memory, after 20,000 boards and after 200,000.

    python benchmarks/bench_memory.py [--boards 20000,200000] [--jobs 1] [--seed 0]

Runs ``diffcheck run`` (cr418 against cr613, the built-in engines) once for each budget, each in a process of its
own, and prints the peak resident memory of the largest process of the run (``ru_maxrss`` of the waited-for
children: with ``--jobs 1`` the one process that generates, evaluates, shrinks and attributes; with more, the
largest of the coordinator and its workers), the CPU time, and the ratio of the last budget's peak to the
first's. A run whose caches are bounded by what it needs, not by the boards it has seen, keeps that ratio near 1
(the goal: at most 1.2).
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path


def peak_of_run(boards: int, jobs: int, seed: int) -> tuple[float, float]:
    """Peak resident MB of the largest process of one run, and its CPU seconds (user + system, all processes)."""
    out = Path(tempfile.mkdtemp(prefix="bench-memory-"))
    # A process of its own for each run, so that RUSAGE_CHILDREN's peak is this run's alone.
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
            "u = resource.getrusage(resource.RUSAGE_CHILDREN); print(u.ru_maxrss, u.ru_utime + u.ru_stime)")
    command = [sys.executable, "-m", "diffcheck", "run", "--boards", str(boards), "--jobs", str(jobs), "--seed",
               str(seed), "--out", str(out / "run"), "--quiet"]
    found = subprocess.run([sys.executable, "-c", code, *command], check=True, capture_output=True, text=True)
    maxrss_kb, cpu = found.stdout.split()
    return int(maxrss_kb) / 1024, float(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", default="20000,200000")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    budgets = [int(b) for b in args.boards.split(",")]
    print(f"{platform.node()}, {os.cpu_count()} cores, Python {platform.python_version()}; --jobs {args.jobs}")
    peaks = []
    for boards in budgets:
        peak, cpu = peak_of_run(boards, args.jobs, args.seed)
        peaks.append(peak)
        print(f"{boards:>9,} boards: peak {peak:6.1f} MB, {cpu:6.1f} s of CPU")
    print(f"peak after {budgets[-1]:,} / after {budgets[0]:,}: {peaks[-1] / peaks[0]:.2f} (goal: at most 1.2)")


if __name__ == "__main__":
    main()
