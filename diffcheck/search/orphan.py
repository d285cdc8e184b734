"""A run's worker process ends, silently, with the coordinator that started it.

A coordinator killed outright (SIGKILL, the out-of-memory killer) cannot stop its pool. Left alone, each worker
would finish the task in hand for nobody, however long it takes (an outside engine that hangs holds it for the
whole timeout, board after board), and then, the pipe to the coordinator broken, print the traceback of a result
it could not send on the terminal the run was started from.

On Linux the kernel kills the worker the moment its parent dies (``PR_SET_PDEATHSIG``), whatever the worker is
doing. Elsewhere a thread watches ``os.getppid()``, which changes when the parent dies, and ends the process:
a little later, as a thread looks only when the interpreter lets it (compiled code may hold it a while). Either
way, what the worker would write to stderr once its parent is gone is dropped: nobody is left to read it, and
the last result it tried to send can fail before the kernel's signal lands or the thread looks.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time
from typing import Any, TextIO

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
WATCH_EVERY = 0.2  # seconds between the watching thread's looks at the parent, where the kernel cannot be asked


def end_with_parent(parent: int) -> None:
    """End this process, silently, as soon as process ``parent``, its parent, is gone."""
    sys.stderr = QuietOrphan(sys.stderr, parent)
    if not _killed_with_parent():
        threading.Thread(target=_watch, args=(parent,), name="end-with-parent", daemon=True).start()
    if os.getppid() != parent:  # gone before the kernel was asked: it will not say so again
        _end()


def _killed_with_parent() -> bool:
    """Ask the kernel to SIGKILL this process when its parent dies; False where it cannot be asked.

    SIGKILL, not SIGTERM: nothing in a worker is worth cleaning up once its results have nowhere to go (an outside
    engine it runs leads its own process group and ends on the end of its stdin), and nothing can hold it off.
    The signal comes when the *thread* that forked this process ends: a pool's first workers are forked by the
    coordinator's thread that runs the pool; one that replaces a worker that died, by the pool's own thread,
    which ends only after the pool's last result is taken."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
        return prctl(ctypes.c_int(PR_SET_PDEATHSIG), ctypes.c_ulong(signal.SIGKILL), ctypes.c_ulong(0),
                     ctypes.c_ulong(0), ctypes.c_ulong(0)) == 0
    except (OSError, AttributeError):  # no C library to ask, or one without prctl
        return False


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY)
    _end()


def _end() -> None:
    # os._exit, as the kernel's SIGKILL: no exit handlers, which would flush results into the broken pipe and
    # wait on the pool's threads.
    os._exit(1)


class QuietOrphan:
    """A stream that passes everything on while process ``parent`` is this process's parent, and drops it after."""

    def __init__(self, stream: TextIO, parent: int) -> None:
        self._stream = stream
        self._parent = parent

    def write(self, text: str) -> int:
        if os.getppid() != self._parent:
            return len(text)
        return self._stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)
