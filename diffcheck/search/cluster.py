"""Runs past one machine: a run's chunks and shrinks spread over the workers of a Dask distributed scheduler.

The coordinator (``diffcheck.search.harness``) hands work to a pool and takes the results in chunk order,
so what a run finds depends on its seed and budget only, never on where or when the work ran. Here,
``Cluster`` is a connection to a scheduler (with ``local``, to a cluster of worker processes started on this
machine for the run), and ``ClusterPool`` offers the few methods of a process pool the coordinator uses
(``apply_async``, whose result has ``wait``, ``ready`` and ``get``; ``close``, ``terminate`` and ``join``), so
the coordinator's logic is the same either way.

A worker process sets itself up for a run (``worker.set_up``) before its first task of that run: each task
carries the run's configuration, and a process last set up for another run (a timeline's earlier pair of
editions, another run on the same cluster) sets up again. The ``distributed`` package is an optional
dependency (``diffcheck[cluster]``), imported only when a scheduler is asked for.
"""

from __future__ import annotations

import contextlib
import logging
import pickle
import signal
import sys
import threading
import time
from concurrent.futures import CancelledError
from typing import Any, Callable

from diffcheck.search import ctrl_c, local_cluster
from diffcheck.search.rundir import diffcheck_version
from diffcheck.search.worker import set_up

LOCAL = "local"  # --scheduler local: a cluster of --jobs worker processes on this machine, for the run
CONNECT_TIMEOUT = 10.0  # seconds for a scheduler to answer, and for its first worker to be there
THREADS_EVERY = 5.0  # seconds between asking the scheduler how many threads its workers have (workers come and go)
INSTALL = "pip install 'diffcheck[cluster]'"


class ClusterError(Exception):
    """A scheduler that cannot be used: its package is not installed, it does not answer, it has no workers,
    or its workers cannot run this diffcheck."""


class ClusterLost(ClusterError):
    """The cluster went away during a run (the scheduler stopped, or a worker died on a task)."""


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise ClusterError(f"--scheduler needs the optional package distributed: {INSTALL}") from None
    return distributed


class Cluster:
    """A connection to a scheduler, or with ``local`` to a cluster of ``jobs`` worker processes of one thread
    each started on this machine (processes, not threads: evaluation holds the interpreter's lock). Closed by
    ``close`` or at the end of a ``with`` block."""

    def __init__(self, address: str, jobs: int = 1) -> None:
        distributed = _distributed()
        self.address = address
        self._local = None
        self.client = None
        if address != LOCAL:
            self._start(distributed, jobs)
            return
        # A Ctrl-C while a local cluster starts comes once it is up, and it is closed then: cut short, the start
        # leaves worker processes. The workers themselves are born with Ctrl-C blocked (ctrl_c.held).
        try:
            with ctrl_c.held(tracker=True):
                self._start(distributed, jobs)
        except BaseException:
            self.close()
            raise

    def _start(self, distributed: Any, jobs: int) -> None:
        address = self.address
        if address == LOCAL:
            try:
                self._local = local_cluster.start(distributed, jobs)
            except Exception as exc:  # noqa: BLE001 - whatever stopped the processes, in one line
                raise ClusterError(f"--scheduler local: could not start {jobs} worker processes: {exc}") from None
            target = self._local.scheduler_address
        else:
            # Knocked first: a client that fails to connect leaves a finalizer that stalls the exit and prints.
            _answers(distributed, address)
            target = address
        # A lost scheduler is told in one line (ClusterLost), not in the client's log, traceback and all.
        logging.getLogger("distributed.client").setLevel(logging.CRITICAL)
        try:
            self.client = distributed.Client(target, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except Exception as exc:  # noqa: BLE001 - a scheduler that answered, then would not take a client
            self._close_local()
            raise ClusterError(f"--scheduler {address}: {exc}") from None
        self._threads, self._asked = 0, 0.0
        try:
            self.client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
            _check_workers(self.client, address)
            if self._local is not None:
                self.client.run(local_cluster.own_worker)
        except TimeoutError:
            self.close()
            raise ClusterError(f"--scheduler {address}: no worker joined the scheduler within "
                               f"{CONNECT_TIMEOUT:g} s; start workers for it") from None
        except OSError as exc:  # the scheduler went away while we looked at its workers
            self.close()
            raise ClusterError(f"--scheduler {address}: {exc}") from None
        except BaseException:
            self.close()
            raise

    def threads(self) -> int:
        """How many tasks the workers run at once (their threads), asked again every few seconds."""
        now = time.monotonic()
        if not self._asked or now - self._asked >= THREADS_EVERY:
            try:
                self._threads = sum(self.client.nthreads().values())
            except Exception:  # noqa: BLE001 - the scheduler is unreachable: the run's results will say so
                pass
            self._asked = now
        return max(self._threads, 1)

    def pool(self, config: Any, owned: bool = False) -> "ClusterPool":
        """A pool for one run (``harness.RunConfig``); with ``owned``, closing the pool closes the cluster."""
        return ClusterPool(self, config, owned)

    def close(self) -> None:
        """Close the connection, and a local cluster; again is nothing. A Ctrl-C while a local cluster closes
        comes once it is closed: cut short, it leaves worker processes, and a traceback as the interpreter exits."""
        with ctrl_c.held(tracker=True) if self._local is not None else contextlib.nullcontext():
            client, self.client = self.client, None
            if client is not None:
                try:
                    client.close()
                except Exception:  # noqa: BLE001 - a scheduler already gone: nothing left to close
                    pass
            self._close_local()

    def _close_local(self) -> None:
        if self._local is not None:
            self._local.close()
            self._local = None

    def __enter__(self) -> "Cluster":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _answers(distributed: Any, address: str) -> None:
    """Raise ClusterError unless a scheduler answers at ``address`` within CONNECT_TIMEOUT."""
    import asyncio  # here, not at the top: every run imports this module, and only --scheduler needs it

    async def knock() -> None:
        comm = await distributed.comm.connect(address, timeout=CONNECT_TIMEOUT)
        await comm.close()

    shown = address if address.strip() and address.isprintable() else repr(address)
    try:
        asyncio.run(knock())
    except (ValueError, TypeError) as exc:
        raise ClusterError(f"--scheduler {shown}: not an address ({exc}); expected tcp://HOST:PORT, "
                           f"or {LOCAL}") from None
    except OSError as exc:  # refused, or timed out
        raise ClusterError(f"--scheduler {shown}: no scheduler answered: {exc}") from None


def _check_workers(client: Any, address: str) -> None:
    """Raise ClusterError unless every worker runs the same diffcheck as this process: a worker without it
    would fail on every task, and another version could find other things."""
    mine = diffcheck_version()
    for name, theirs in sorted(client.run(diffcheck_version, on_error="return").items()):
        if isinstance(theirs, BaseException):
            raise ClusterError(f"--scheduler {address}: worker {name} cannot run diffcheck "
                               f"({type(theirs).__name__}: {theirs}); install diffcheck {mine} there")
        if theirs != mine:
            raise ClusterError(f"--scheduler {address}: worker {name} runs diffcheck {theirs}, this is {mine}; "
                               "workers need the same version")


class ClusterPool:
    """The process pool's methods the coordinator uses, over a cluster, for one run."""

    # Chunks a scanning task takes (``harness``): a task costs the coordinator (the client, and a local cluster's
    # scheduler) and a worker about 7 ms of CPU whatever its work, against a chunk's 75-100 ms. A few, not many:
    # the work still spreads evenly over the workers, and a run's end waits for no long task.
    CHUNKS_PER_TASK = 4

    def __init__(self, cluster: Cluster, config: Any, owned: bool = False) -> None:
        self._cluster = cluster
        self._config = config
        self._owned = owned
        self._pending: set = set()  # futures submitted and not yet taken: what terminate cancels
        # Ctrl-C is noted as well as raised, and raised again at the pool's next call: Python drops an exception
        # raised in a finalizer, and a dropped Future's (the client's) runs on this thread, between the
        # coordinator's steps, where a Ctrl-C would otherwise be lost and the run go on to its end.
        # Python reports such a dropped exception on stderr ("Exception ignored in ..."), where a run interrupted
        # says one line: a KeyboardInterrupt noted here is not reported (``_unraisable``).
        self._interrupted = False
        self._handler = None
        self._unraisable_hook = None
        if threading.current_thread() is threading.main_thread() \
                and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self._handler = signal.signal(signal.SIGINT, self._on_interrupt)
            self._unraisable_hook, sys.unraisablehook = sys.unraisablehook, self._unraisable

    def _on_interrupt(self, signum: int, frame: Any) -> None:
        self._interrupted = True
        raise KeyboardInterrupt

    def _unraisable(self, unraisable: Any) -> None:
        if unraisable.exc_type is KeyboardInterrupt and self._interrupted:
            return  # dropped where it was raised (a finalizer, a collector's callback): raised again by _check
        assert self._unraisable_hook is not None
        self._unraisable_hook(unraisable)

    def _check(self) -> None:
        if self._interrupted:
            raise KeyboardInterrupt

    @property
    def slots(self) -> int:
        """Tasks the cluster runs at once: how many to keep in flight follows this, not --jobs."""
        return self._cluster.threads()

    def apply_async(self, fn: Callable, args: tuple) -> "_Result":
        self._check()
        (task,) = args
        future = self._cluster.client.submit(_call, fn, self._config, task, pure=False)
        self._pending.add(future)
        return _Result(future, self)

    def close(self) -> None:
        if self._handler is not None:
            signal.signal(signal.SIGINT, self._handler)
            self._handler = None
        if self._unraisable_hook is not None:
            sys.unraisablehook, self._unraisable_hook = self._unraisable_hook, None
        if self._owned:
            self._cluster.close()

    def terminate(self) -> None:
        """Stop: cancel what this run still has queued or running (a task already running on a worker runs to
        its end there, and is dropped)."""
        pending, self._pending = list(self._pending), set()
        if pending:
            try:
                self._cluster.client.cancel(pending)
            except Exception:  # noqa: BLE001 - the scheduler is gone already
                pass
        self.close()

    def join(self) -> None:
        """Nothing to wait for: ``close`` and ``terminate`` are done when they return."""


class _Result:
    """One task's result, as a pool's AsyncResult: ``wait``, ``ready``, ``get``."""

    def __init__(self, future: Any, pool: ClusterPool) -> None:
        self._future = future
        self._pool = pool
        self._done = threading.Event()
        future.add_done_callback(lambda _: self._done.set())  # on success, error or cancellation

    def wait(self, timeout: float | None = None) -> None:
        self._pool._check()
        self._done.wait(timeout)

    def ready(self) -> bool:
        self._pool._check()
        return self._future.done()

    def get(self) -> Any:
        """The task's result, or the exception it raised (ShrinkFailed, say); ClusterLost if the cluster lost it."""
        from distributed import KilledWorker
        from distributed.comm import CommClosedError

        self._pool._check()
        self._pool._pending.discard(self._future)
        try:
            return pickle.loads(self._future.result())
        except (CancelledError, KilledWorker, CommClosedError) as exc:
            raise ClusterLost(f"the cluster lost a task ({type(exc).__name__}: {exc})") from None


_SET_UP_FOR: dict | None = None  # the identity of the run this process is set up for
_ONE_AT_A_TIME = threading.Lock()


def _call(fn: Callable, config: Any, task: tuple) -> bytes:
    """A task on a worker: set this process up for the task's run unless it is already, then run it. One task
    at a time per process, whatever the worker's threads: the set-up is the process's, not the thread's.

    The result goes back pickled, as one bytes object: a worker measures every result it keeps (dask.sizeof), and
    for a chunk's, a list of divergent boards, that walks each board's every dict and list, which costs more than
    pickling it; a bytes object's size is its length. Pickled here or by Dask on its way, it is pickled once."""
    global _SET_UP_FOR
    with _ONE_AT_A_TIME:
        identity = config.identity()
        if identity != _SET_UP_FOR:
            set_up(config)
            _SET_UP_FOR = identity
        return pickle.dumps(fn(task), protocol=pickle.HIGHEST_PROTOCOL)
