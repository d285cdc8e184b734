"""A worker ends, silently, with its parent: where the kernel cannot be asked to end it, a thread of its own does.

On Linux a run's workers have the kernel's word (tests/search/test_harness.py kills a run's coordinator and looks
for its workers); here the thread that stands in for it elsewhere is made to do the work, on Linux too."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from diffcheck.search.orphan import QuietOrphan

ROOT = Path(__file__).parents[2]

# A parent that forks a worker, which, with the kernel's help turned off, asks to end with its parent; each says
# so on stdout, the parent with the worker's id.
PARENT = """
import multiprocessing, os, sys, time
from diffcheck.search import orphan

def worker():
    orphan._killed_with_parent = lambda: False  # as where the kernel cannot be asked
    orphan.end_with_parent(multiprocessing.parent_process().pid)
    print("ready", flush=True)
    time.sleep(60)

if __name__ == "__main__":
    child = multiprocessing.get_context("fork").Process(target=worker)
    child.start()
    print(child.pid, flush=True)
    time.sleep(60)
"""


def _running(pid: int, started: str) -> bool:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[19] == started and fields[0] != "Z"  # the same process (not a later one with its id), not ended


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc (Linux)")
def test_a_worker_the_kernel_does_not_watch_ends_when_its_parent_is_killed():
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    parent = subprocess.Popen([sys.executable, "-c", PARENT], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    worker = None
    try:
        said = {parent.stdout.readline().strip(), parent.stdout.readline().strip()}
        assert "ready" in said, said
        (worker,) = (int(word) for word in said if word.isdigit())
        started = Path(f"/proc/{worker}/stat").read_text().rsplit(")", 1)[1].split()[19]
        parent.kill()
        parent.wait(timeout=30)
        deadline = time.monotonic() + 5.0
        while _running(worker, started) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not _running(worker, started)  # it would have slept on for a minute
    finally:
        parent.kill()
        if worker is not None and _running(worker, started):
            os.kill(worker, signal.SIGKILL)


def test_an_orphan_writes_nothing_to_stderr():
    stream = io.StringIO()
    QuietOrphan(stream, os.getppid()).write("while the parent is there\n")
    QuietOrphan(stream, os.getpid()).write("after it is gone\n")  # a parent this process does not have
    assert stream.getvalue() == "while the parent is there\n"
