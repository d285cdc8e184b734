"""``--scheduler local``: a Dask cluster of worker processes on this machine, for one command, that costs little.

On one machine a local cluster does what the process pool does, and whatever it spends beyond the pool is its
own cost: starting its processes, and the machinery of its scheduler, nannies and workers. Here it is kept small
(README, "Runs on a cluster", has the figures):

- the workers are forked from a fork server that has imported Dask and diffcheck once, not each started as a
  new interpreter that imports them again, and they end as a pool's workers do, at once, not by taking their
  interpreter apart object by object (``_fork_server``);
- Dask's profiler and the fine "tick" of its event loops, there for a dashboard a local cluster does not show,
  are off (``SETTINGS``).

``distributed`` is passed in by the caller (``diffcheck.search.cluster``), which imports it only when a scheduler
is asked for.
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
from multiprocessing import forkserver
from typing import Any

# The scheduler without a dashboard, and its web server on a free port of this machine only: by default it takes
# port 8787, and says so on stderr when another cluster has it.
QUIET_SCHEDULER = {"dashboard_address": None, "scheduler_kwargs": {"dashboard_address": "127.0.0.1:0"}}
# What the scheduler and workers log, on this terminal: only the critical. A task's failure reaches the run as its
# result (or ClusterLost); the rest (a heartbeat lost as a worker stopped mid-task) is not the user's.
LOGS = logging.CRITICAL
# Dask's settings, taken by the scheduler, nannies and workers as they start. Without Dask's statistical profiler,
# which samples each worker's running task a hundred times a second for the dashboard, taking the interpreter's
# lock from the task each time. And the event loops' "tick" once a second, not fifty times: it only measures how
# late each loop is, for the dashboard and for a log line at INFO, which is not shown either; fifty a second, in the
# scheduler, each nanny and each worker, are most of what an idle cluster spends.
SETTINGS = {"distributed.worker.profile.enabled": False, "distributed.admin.tick.interval": "1s"}
# What the fork server imports before it forks any worker: Dask's worker, and what a task of a run needs.
FORK_SERVER_IMPORTS = ["distributed", "diffcheck.search.cluster"]


def start(distributed: Any, jobs: int) -> Any:
    """A ``distributed.LocalCluster`` of ``jobs`` worker processes of one thread each (processes, not threads:
    evaluation holds the interpreter's lock)."""
    import dask  # here, not at the top: as ``distributed``, only --scheduler needs it

    with dask.config.set({**SETTINGS, **_fork_server()}):
        return distributed.LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, memory_limit=0,
                                        silence_logs=LOGS, **QUIET_SCHEDULER)


def _fork_server() -> dict:
    """Dask's setting to start the workers from multiprocessing's fork server, where there is one: a process that
    imports FORK_SERVER_IMPORTS once, then forks each worker ready, where Dask's default would start each as a new
    interpreter that imports them again (half a second of CPU a worker). A forked worker also ends at once
    (``os._exit``, as a pool's worker does), where a new interpreter takes itself apart object by object, which
    costs a worker that has scanned for a while a third of a second of CPU or more. The server is started by the first local
    cluster of this process, inside ``ctrl_c.held`` as the cluster is: the workers it forks are born with Ctrl-C
    blocked, as those Dask would start. Not forked from this process itself: it runs threads (the cluster's event
    loop among them), and a fork copies none of them but whatever locks they hold."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return {}
    import distributed.utils

    # The first time Dask starts workers from a fork server, it gives the server its own list of imports, and to
    # make it imports here numpy and pandas, if they are installed: told that the list is given, it keeps ours.
    distributed.utils._forkserver_preload_set = True
    multiprocessing.get_context("forkserver").set_forkserver_preload(FORK_SERVER_IMPORTS)
    # Started here, from the thread that holds Ctrl-C, not by the first worker's start: that runs on Dask's event
    # loop thread, whose signal mask is the one it was created with, by whichever cluster of this process came first.
    forkserver.ensure_running()
    return {"distributed.worker.multiprocessing-method": "forkserver"}


def own_worker() -> None:
    """Run on each worker once it is up. The workers share this terminal: Ctrl-C is for the coordinator, which
    stops them (set here too, for a process that could not be born with it blocked), and what they log is not for
    it either."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # On the logger, not its handlers: a worker puts its handlers' levels back as it closes, which is when a
    # worker stopped mid-task (Ctrl-C) logs its lost heartbeat.
    logging.getLogger("distributed").setLevel(LOGS)

