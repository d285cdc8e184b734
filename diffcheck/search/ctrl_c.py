"""Ctrl-C while a run starts or stops processes: held back for the block, then raised once it is done.

A Ctrl-C that lands while this process forks can be lost: Python runs the handlers registered to run after a
fork (``logging``'s among them) on the thread that forked, and a KeyboardInterrupt raised inside one is printed
as "Exception ignored" and dropped, so the run would go on as if no key had been pressed. A process pool forks
its workers on the main thread, a timeline once for each pair of editions; a local cluster starts and stops its
workers and scheduler. Each does so inside ``held``.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from multiprocessing import resource_tracker
from typing import Iterator


@contextlib.contextmanager
def held(tracker: bool = False) -> Iterator[None]:
    """Hold Ctrl-C back for the block, then raise it (KeyboardInterrupt) if it came, on this process's main thread
    while Python raises it there. Blocked as well: the processes the block starts are born with it blocked, as a
    signal mask survives fork and exec, so a terminal's Ctrl-C reaches the coordinator alone, which stops them.

    ``tracker``: start multiprocessing's resource tracker first, for a block that would start it (a local
    cluster's): starting it unblocks Ctrl-C in the thread that starts it, which would be the cluster's, whose
    threads start the workers. A process pool forked on Linux starts none."""
    if threading.current_thread() is not threading.main_thread() \
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return
    if tracker:
        resource_tracker.ensure_running()
    pressed: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: pressed.append(signum))
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if hasattr(signal, "pthread_sigmask") else None
    try:
        yield
    finally:
        if blocked is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)  # one pressed meanwhile is noted now
        signal.signal(signal.SIGINT, previous)
    if pressed:
        raise KeyboardInterrupt
