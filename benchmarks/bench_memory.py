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


def cpu_and_peak(command: list[str], env: dict[str, str] | None = None, cwd: Path | None = None
                 ) -> tuple[float, float, int]:
    """CPU seconds of every process of ``command`` (user + system), the peak resident MB of its largest, and its
    exit status. Measured in a process of its own, so that RUSAGE_CHILDREN holds this command alone. On Linux that
    process adopts the command's orphans (PR_SET_CHILD_SUBREAPER) and waits for them too: a process the command
    leaves to end after it (a fork server, which ends once the command has, with the workers it forked) would
    otherwise end unwaited, and its CPU uncounted."""
    cpu, maxrss_kb, status = subprocess.run([sys.executable, "-c", _MEASURE, *command], env=env, cwd=cwd, check=True,
                                            capture_output=True, text=True).stdout.split()
    return float(cpu), int(maxrss_kb) / 1024, int(status)


_MEASURE = """
import ctypes, os, resource, subprocess, sys
if sys.platform == "linux":
    ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
status = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
while True:
    try:
        os.wait()
    except ChildProcessError:
        break
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(used.ru_utime + used.ru_stime, used.ru_maxrss, status)
"""


def peak_of_run(boards: int, jobs: int, seed: int) -> tuple[float, float]:
    """Peak resident MB of the largest process of one run, and its CPU seconds (user + system, all processes)."""
    out = Path(tempfile.mkdtemp(prefix="bench-memory-"))
    command = [sys.executable, "-m", "diffcheck", "run", "--boards", str(boards), "--jobs", str(jobs), "--seed",
               str(seed), "--out", str(out / "run"), "--quiet"]
    cpu, peak, status = cpu_and_peak(command)
    if status not in (0, 1):  # 1: differences found, the run's point
        raise SystemExit(f"diffcheck run failed (status {status})")
    return peak, cpu


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
