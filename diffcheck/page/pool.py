"""The processes that judge the page's boards (``worker``): a few of them, each judging one board at a time, so that
an answer the page gives up on is stopped. The worker computing it is killed and another takes its place; a request
that gives up while still waiting for a worker never reaches one.

They are forked by multiprocessing's forkserver: a process started once, from a fresh interpreter, that has loaded
and warmed the library (``preload``). A new worker costs a fork of it, and the server, whose threads a fork would
copy in the middle of whatever they hold, is never forked itself. The workers are started when the first board is
asked for, and killed when the server stops (``close``: at the application's shutdown, and at exit in any case).

A pool serves any number of event loops, one after another or at once (a test client runs each request in a loop of
its own): a worker is handed to a waiting request through that request's loop.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import sys
import threading
from collections import deque
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from diffcheck.page import worker

__all__ = ["PRELOAD", "STOPPED", "Pool"]

# What the forkserver imports before it forks a worker. A worker also imports the server's main module, as every
# process multiprocessing starts does (the "safe importing of main module" of its documentation): a script that
# serves the page runs its server under ``if __name__ == "__main__"``, as ``diffcheck serve``'s does.
PRELOAD = ["diffcheck.page.preload"]
STOPPED = "the process judging this board stopped before it answered"
_STARTING = threading.Lock()  # one start at a time: Process.start is not documented as safe from threads at once


@dataclass(eq=False)
class _Worker:
    process: Any  # a multiprocessing process
    pipe: Connection


class Pool:
    """``size`` worker processes; ``judge`` asks one of them."""

    def __init__(self, size: int, give_up_after: int) -> None:
        self.size = size
        self.give_up_after = give_up_after  # a worker's own alarm, for a server that died without killing it
        self._lock = threading.Lock()
        self._idle: list[_Worker] = []
        self._waiting: deque[tuple[asyncio.AbstractEventLoop, asyncio.Future]] = deque()
        self._workers: set[_Worker] = set()  # started: idle or judging
        self._starting = 0
        self._generation = 0  # counts closings: a worker that finishes starting after one is killed
        self._said_why = False  # that a worker could not start, until one does

    async def judge(self, cards: str | None, board_text: str | None, rules: str) -> tuple[str, Any]:
        """("answer", data), ("bad request", one line) or ("failed", one line). Cancelled (past the time limit, or
        the client gone), it stops the work: the worker judging the board is killed and replaced."""
        while True:
            taken = await self._take()
            try:
                taken.pipe.send((cards, board_text, rules))
                break
            except OSError:  # it died while idle (killed from outside): the board goes to another
                self._replace(taken)
        try:
            told = await _reply(taken.pipe)
        except (EOFError, OSError):  # it died judging the board (killed from outside, out of memory)
            self._replace(taken)
            return ("failed", STOPPED)
        except BaseException:
            self._replace(taken)
            raise
        self._release(taken)
        return told

    def close(self) -> None:
        """Kill every worker; the pool starts new ones if asked again."""
        with self._lock:
            self._generation += 1
            self._starting = 0  # those still starting are killed when they are up
            workers, self._workers, self._idle = list(self._workers), set(), []
        for gone in workers:
            # Its pipe stays open: a request waiting on it reads the end of the file at once, where a closed pipe
            # would leave it waiting for its time limit.
            gone.process.kill()

    async def _take(self) -> _Worker:
        loop = asyncio.get_running_loop()
        with self._lock:
            self._fill()
            if self._idle:
                return self._idle.pop()
            handed: asyncio.Future = loop.create_future()
            self._waiting.append((loop, handed))
        try:
            return await handed
        except BaseException:
            with self._lock:
                if (loop, handed) in self._waiting:
                    self._waiting.remove((loop, handed))
            if handed.done() and not handed.cancelled():  # handed over just as the request gave up
                self._release(handed.result())
            raise

    def _release(self, idle: _Worker) -> None:
        """Hand ``idle`` to the request that has waited longest, or keep it; from any thread."""
        with self._lock:
            if idle not in self._workers:  # the pool was closed meanwhile
                _kill(idle)
                return
            while self._waiting:
                loop, handed = self._waiting.popleft()
                try:
                    loop.call_soon_threadsafe(self._hand, handed, idle)
                    return
                except RuntimeError:  # that request's event loop has closed
                    continue
            self._idle.append(idle)

    def _hand(self, handed: asyncio.Future, idle: _Worker) -> None:
        if handed.done():  # the request gave up before its loop got here
            self._release(idle)
        else:
            handed.set_result(idle)

    def _fill(self) -> None:
        """Start the workers missing (the first time, all of them); called with the lock held."""
        for _ in range(self.size - len(self._workers) - self._starting):
            self._start_soon(None)

    def _replace(self, busy: _Worker) -> None:
        _kill(busy)
        with self._lock:
            if busy in self._workers:
                self._workers.discard(busy)
                self._start_soon(busy)

    def _start_soon(self, killed: _Worker | None) -> None:
        # In a thread of its own: starting a process waits for the forkserver (a second or two the first time),
        # and reaping a killed one waits for it to die; the request that asked is answered meanwhile.
        self._starting += 1
        threading.Thread(target=self._start, args=(killed, self._generation), daemon=True,
                         name="diffcheck page: starting a worker").start()

    def _start(self, killed: _Worker | None, generation: int) -> None:
        if killed is not None:
            killed.process.join()
        try:
            started = _spawn(self.give_up_after)
        except Exception as exc:  # noqa: BLE001 - said once, in one line; the next request tries again
            with self._lock:
                if generation == self._generation:
                    self._starting -= 1
                said, self._said_why = self._said_why, True
            if not said:
                print(f"diffcheck's page: cannot start a process to judge boards: {' '.join(str(exc).split())}",
                      file=sys.stderr)
            return
        with self._lock:
            if generation != self._generation:
                _kill(started)
                return
            self._starting -= 1
            self._said_why = False
            self._workers.add(started)
        self._release(started)


def _spawn(give_up_after: int) -> _Worker:
    context = multiprocessing.get_context(
        "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn")
    if context.get_start_method() == "forkserver":
        context.set_forkserver_preload(PRELOAD)
    mine, theirs = context.Pipe()
    process = context.Process(target=worker.serve, args=(theirs, give_up_after), daemon=True,
                              name="diffcheck page worker")
    with _STARTING:
        process.start()
    theirs.close()
    return _Worker(process, mine)


def _kill(gone: _Worker) -> None:
    # SIGKILL: a worker in the middle of a board has nothing to save, and nothing it runs can delay its end.
    gone.process.kill()
    gone.pipe.close()


async def _reply(pipe: Connection) -> tuple[str, Any]:
    """The worker's reply, waited for without a thread: the event loop watches the pipe."""
    loop = asyncio.get_running_loop()
    readable = loop.create_future()
    fd = pipe.fileno()  # kept: a pipe closed meanwhile has no fileno() to remove
    loop.add_reader(fd, lambda: readable.done() or readable.set_result(None))
    try:
        await readable
    finally:
        loop.remove_reader(fd)
    return pipe.recv()
