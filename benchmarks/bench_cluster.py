"""Benchmark runs on a Dask cluster (``--scheduler``): what a task costs there against a chunk's work, and the rate.

    python benchmarks/bench_cluster.py [--seed 1] [--boards 10000] [--repeat 5]

Prints (the machines are shared and noisy: compare within one run; medians of --repeat):
the work of one chunk (CHUNK boards scanned in this process); what one task costs beyond its work, on a
local cluster of two single-thread worker processes (``--scheduler local --jobs 2``) and on this machine's
process pool (``--jobs 2``), each as an empty task's round trip and as the time per task of many empty ones
in flight at once; then whole runs of --boards boards, alternately on the pool and on the cluster: boards
per second as run.json counts them (the cluster's start left out, as the command line connects before the
run starts), and the cluster's start on its own; and this process's CPU per chunk in those runs (the
coordinator's, and a local cluster's scheduler's), the ceiling of a run however many workers it has.
Needs the cluster extra (``pip install 'diffcheck[cluster]'``).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import resource
import statistics
import tempfile
import time
from pathlib import Path

from diffcheck.search.cluster import Cluster
from diffcheck.search.harness import Harness, RunConfig
from diffcheck.search.worker import CHUNK, init_worker, scan, set_up

JOBS = 2
EMPTY_TASKS = 200  # empty tasks in flight at once: enough for the time per task to settle


def compiled() -> bool:
    """Whether this process runs the compiled layer machine (README, "The compiled layer machine")."""
    import engines

    return engines.COMPILED


def nothing(task: object) -> None:
    """An empty task: what is measured is the way there and back."""


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def task_costs(pool, repeat: int) -> tuple[float, float]:
    """An empty task's round trip, and the time per task of EMPTY_TASKS in flight at once (medians)."""
    trips, each = [], []
    for _ in range(repeat):
        for _ in range(20):
            start = time.perf_counter()
            pool.apply_async(nothing, ((),)).get()
            trips.append(time.perf_counter() - start)
        start = time.perf_counter()
        for result in [pool.apply_async(nothing, ((),)) for _ in range(EMPTY_TASKS)]:
            result.get()
        each.append((time.perf_counter() - start) / EMPTY_TASKS)
    return statistics.median(trips), statistics.median(each)


def workers_cpu(cluster: Cluster | None) -> float:
    """CPU seconds of the workers so far: the cluster's, asked; the pool's, ended (a pool ends with its run)."""
    if cluster is None:
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return children.ru_utime + children.ru_stime
    return sum(cluster.client.run(time.process_time).values())


def run_rate(config: RunConfig, cluster: Cluster | None) -> tuple[float, float, float]:
    """A run's boards per second; this process's CPU seconds per chunk (with a local cluster, its scheduler's
    too, which runs here), the coordinator's share, which no number of workers makes smaller; and the CPU seconds
    per chunk of the whole run, workers included, which a machine's other load changes less than its rate."""
    with tempfile.TemporaryDirectory() as out:
        own, theirs = time.process_time(), workers_cpu(cluster)
        result = Harness(config, Path(out) / "run", cluster=cluster).run()
        own, theirs = time.process_time() - own, workers_cpu(cluster) - theirs
        chunks = result["boards_done"] / CHUNK
        return result["boards_per_second"], own / chunks, (own + theirs) / chunks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--boards", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    config = RunConfig(("cr418", "cr613"), args.seed, args.boards, None, JOBS)

    set_up(config)
    works = []
    for chunk in range(3 * args.repeat):
        start = time.perf_counter()
        scan((args.seed, chunk, CHUNK))
        works.append(time.perf_counter() - start)
    work = statistics.median(works)
    print(f"a chunk's work: {ms(work)} ({CHUNK} boards, one process)")

    context = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
    with context.Pool(JOBS, init_worker, (config,)) as pool:
        trip, each = task_costs(pool, args.repeat)
    print(f"per task, process pool of {JOBS}: round trip {ms(trip)}, {ms(each)} each of {EMPTY_TASKS} at once "
          f"({each * JOBS / work:.1%} of a chunk's work per worker)")
    with Cluster("local", JOBS) as cluster:
        # Each worker process imports the engines afresh: compiled or not as the build is now, which an edit
        # since this process started changes (then the figures below compare two different engines).
        builds = {compiled(), *cluster.client.run(compiled).values()}
        print("engines: " + (f"{'compiled' if compiled() else 'pure'} everywhere" if len(builds) == 1 else
                             "compiled in some processes, pure in others: compare nothing below"))
        pool = cluster.pool(config)
        trip, each = task_costs(pool, args.repeat)
        pool.close()
    print(f"per task, local cluster of {JOBS}: round trip {ms(trip)}, {ms(each)} each of {EMPTY_TASKS} at once "
          f"({each * JOBS / work:.1%} of a chunk's work per worker)")

    here, there, starts = [], [], []
    for i in range(args.repeat):
        for on_cluster in (False, True) if i % 2 == 0 else (True, False):  # alternately first: drift hits both
            if not on_cluster:
                here.append(run_rate(config, None))
                continue
            start = time.perf_counter()
            with Cluster("local", JOBS) as cluster:
                starts.append(time.perf_counter() - start)
                there.append(run_rate(config, cluster))
    pooled, clustered = (statistics.median(r for r, _, _ in runs) for runs in (here, there))
    own_pooled, own_clustered = (statistics.median(c for _, c, _ in runs) for runs in (here, there))
    all_pooled, all_clustered = (statistics.median(c for _, _, c in runs) for runs in (here, there))
    print(f"run of {args.boards:,} boards, {JOBS} jobs: {pooled:,.0f} boards/s on the process pool, "
          f"{clustered:,.0f} boards/s on a local cluster ({clustered / pooled:.0%}); the cluster's start "
          f"{statistics.median(starts):.1f} s (medians of {args.repeat})")
    print(f"the coordinator's CPU per chunk: {ms(own_pooled)} with the pool, {ms(own_clustered)} with the cluster "
          f"(its scheduler included): at most {CHUNK / own_clustered:,.0f} boards/s, however many workers")
    print(f"all the CPU per chunk, workers included: {ms(all_pooled)} with the pool, {ms(all_clustered)} with the "
          f"cluster ({all_clustered / all_pooled:.0%})")


if __name__ == "__main__":
    main()
