"""Runs on a cluster (``--scheduler``): the same files as a run here of the same seed and budget, Ctrl-C and
``--resume`` across workers of any kind (a local cluster's processes silent, and leaving Ctrl-C to the run), and
a scheduler that cannot be used told in one line."""

from __future__ import annotations

import functools
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from multiprocessing import forkserver
from pathlib import Path
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from diffcheck.cli import app
from diffcheck.search import cluster as cluster_module, rundir
from diffcheck.search.cluster import Cluster, ClusterError, ClusterLost
from diffcheck.search.harness import CHUNK, Harness, RunConfig
from diffcheck.search.local_cluster import QUIET_SCHEDULER

runner = CliRunner()
ROOT = Path(__file__).parents[2]
SEED, BOARDS = 3, 3 * CHUNK  # a few groups and findings (seed 3 has some within 600 boards)
FILES = ("findings.jsonl", "divergences.jsonl", "errors.jsonl", "summary.md")
# What may differ between runs of the same seed and budget, being about how fast and where they ran, not what
# they found: the seconds taken and the rate; "jobs", how many tasks ran at once (--jobs here, the cluster's
# worker threads there); "scheduler", which only a run on a cluster has.
ABOUT_SPEED = {"run.json": ("seconds", "boards_per_second", "jobs", "scheduler"), "state.json": ("elapsed",)}


def files(out: Path) -> dict[str, object]:
    """What a run wrote, less what says how fast and where it ran."""
    written: dict[str, object] = {name: (out / name).read_text(encoding="utf-8") for name in FILES}
    for name, speed in ABOUT_SPEED.items():
        data = json.loads((out / name).read_text(encoding="utf-8"))
        written[name] = {k: v for k, v in data.items() if k not in speed}
    return written


@pytest.fixture(scope="module")
def here(tmp_path_factory) -> dict[str, object]:
    """A run of this machine's processes: what every run below must write too."""
    out = tmp_path_factory.mktemp("here") / "run"
    result = Harness(RunConfig(("cr418", "cr613"), SEED, BOARDS, None, 2), out).run()
    assert result["complete"] and result["groups"] >= 3 and result["findings"] >= 3  # something to get wrong
    return files(out)


@pytest.fixture(scope="module")
def address():
    """A scheduler with two workers of one thread each, as ``dask worker --nthreads 1`` would start them."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, memory_limit=0,
                                  silence_logs=logging.ERROR, **QUIET_SCHEDULER) as local:
        yield local.scheduler_address


def test_a_run_on_a_cluster_writes_what_a_run_here_writes(here, address, tmp_path):
    out = tmp_path / "run"
    result = runner.invoke(app, ["run", "--engines", "cr418,cr613", "--seed", str(SEED), "--boards", str(BOARDS),
                                 "--jobs", "5", "--scheduler", address, "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    assert files(out) == here
    run = json.loads((out / "run.json").read_text())
    assert run["scheduler"] == address and run["jobs"] == 2  # the cluster's threads, whatever --jobs says


def _diffcheck(args: list[str]) -> subprocess.Popen:
    """``diffcheck run`` in a process of its own, in a process group of its own, as a terminal starts it: the
    cluster's worker processes write to the same stderr, which a CliRunner would not see."""
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    # SIGINT back to its default: a shell's background job starts with it ignored, and that would survive exec.
    return subprocess.Popen([sys.executable, "-m", "diffcheck", "run", "--quiet", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def test_ctrl_c_on_scheduler_local_is_a_local_runs_and_the_resume_says_nothing(here, tmp_path):
    pytest.importorskip("distributed")
    out = tmp_path / "run"
    # One worker, so that the run is long enough to interrupt once it has started (its first state is saved).
    process = _diffcheck(["--seed", str(SEED), "--boards", str(BOARDS), "--scheduler", "local", "--jobs", "1",
                          "--out", str(out)])
    deadline = time.monotonic() + 120
    while process.poll() is None and not (out / "state.json").exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert process.poll() is None, "the run ended before it could be interrupted"
    os.killpg(process.pid, signal.SIGINT)  # a terminal's Ctrl-C: to the run and its cluster's processes alike
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert err == (f"interrupted; everything found so far is saved in {out}; continue with: "
                   f"diffcheck run --resume {out}\n")  # that line alone: nothing from the cluster
    resumed = _diffcheck(["--resume", str(out), "--scheduler", "local", "--jobs", "2"])
    _, err = resumed.communicate(timeout=300)
    assert resumed.returncode == 0 and err == "", err  # a whole run on a local cluster, and not a word on stderr
    assert files(out) == here
    run = json.loads((out / "run.json").read_text())
    assert run["scheduler"] == "local" and run["jobs"] == 2  # --jobs workers of one thread


def _interrupt_after_a_chunk(progress) -> None:
    if progress.boards_done >= CHUNK:
        raise KeyboardInterrupt


def test_ctrl_c_on_a_cluster_saves_cancels_and_resumes_here(here, address, tmp_path):
    import distributed

    out = tmp_path / "run"
    config = RunConfig(("cr418", "cr613"), SEED, BOARDS, None, 2, scheduler=address)
    with pytest.raises(KeyboardInterrupt):
        Harness(config, out, _interrupt_after_a_chunk).run()
    state = json.loads((out / "state.json").read_text())
    assert 0 < state["boards_done"] < BOARDS
    # Nothing of the run is left queued or running on the cluster.
    with distributed.Client(address, set_as_default=False) as client:
        deadline = time.monotonic() + 10
        while client.run_on_scheduler(_tasks) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert client.run_on_scheduler(_tasks) == 0
    Harness.resume(out, jobs=2).run()  # on this machine's processes
    assert files(out) == here


def test_ctrl_c_while_a_group_is_made_saves_a_whole_state(here, address, tmp_path, monkeypatch):
    from diffcheck.search import harness

    def interrupted(*args):
        monkeypatch.undo()  # once: the resumed run makes its groups
        raise KeyboardInterrupt

    # The coordinator makes a group from a finished shrink, its diff the longest step: the interrupt lands there.
    monkeypatch.setattr(harness, "outcomes_diff", interrupted)
    out = tmp_path / "run"
    with pytest.raises(KeyboardInterrupt):  # not the save's KeyError about a group named and never made
        Harness(RunConfig(("cr418", "cr613"), SEED, BOARDS, None, 2, scheduler=address), out).run()
    Harness.resume(out, scheduler=address).run()
    assert files(out) == here


def _tasks(dask_scheduler) -> int:
    return len(dask_scheduler.tasks)


def test_a_run_stopped_here_resumes_on_a_cluster(here, address, tmp_path):
    out = tmp_path / "run"
    with pytest.raises(KeyboardInterrupt):
        Harness(RunConfig(("cr418", "cr613"), SEED, BOARDS, None, 1), out, _interrupt_after_a_chunk).run()
    result = runner.invoke(app, ["run", "--resume", str(out), "--scheduler", address, "--quiet"])
    assert result.exit_code == 0, result.output
    assert files(out) == here


def test_a_timeline_on_a_local_cluster_is_the_same_document(tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    pools = []
    monkeypatch.setattr(Cluster, "pool", lambda self, *args, _pool=Cluster.pool: pools.append(1) or _pool(self, *args))
    texts = []
    for where in ([], ["--scheduler", "local"]):
        out = tmp_path / f"timeline{len(where)}.md"
        # One pair of editions (2007-05 to 2009-07, three rule changes): two runs, one a generator.
        result = runner.invoke(app, ["timeline", "--from", "cr613", "--to", "2011-01-01", "--boards", "200",
                                     "--jobs", "2", "--out", str(out), *where])
        assert result.exit_code == 0, result.output
        texts.append(out.read_text(encoding="utf-8"))
    assert len(pools) >= 2  # the second timeline's runs went to the cluster, one pool each
    assert texts[0] == texts[1] and "divergent boards showed it" in texts[0]


def test_the_pool_follows_the_cluster_and_a_lost_task_is_a_cluster_lost(address):
    with Cluster(address) as connected:
        pool = connected.pool(RunConfig(("cr418", "cr613"), SEED, BOARDS, None, 1))
        assert pool.slots == 2
        done = pool.apply_async(len, (("a", "b"),))
        done.wait(30)
        assert done.ready() and done.get() == 2
        lost = pool.apply_async(time.sleep, (2,))  # a task cannot be stopped once running: a short one
        pool.terminate()  # cancels what is queued or running
        lost.wait(10)
        assert lost.ready()
        with pytest.raises(ClusterLost):
            lost.get()


class _Interrupting:
    """An object whose finalizer gets the Ctrl-C, as a dropped Future's can: Python drops what it raises."""

    def __del__(self) -> None:
        signal.raise_signal(signal.SIGINT)


def _ctrl_c_or_skip() -> None:
    """Ctrl-C is tested only where this process can get one: a background job of a shell without job control
    starts with SIGINT ignored, and Python then installs no handler of its own."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        pytest.skip("SIGINT is ignored in this process (started in the background): no Ctrl-C to test")
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # what a run starts with


def test_a_ctrl_c_lost_in_a_finalizer_stops_the_run_at_the_pools_next_call(address, monkeypatch):
    dropped: list[type] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda unraisable: dropped.append(unraisable.exc_type))
    _ctrl_c_or_skip()
    with Cluster(address) as connected:
        pool = connected.pool(RunConfig(("cr418", "cr613"), SEED, BOARDS, None, 1))
        _Interrupting()
        # The Ctrl-C went nowhere, and Python's report of it ("Exception ignored in ...") is not made: an
        # interrupted run says one line.
        assert dropped == []
        with pytest.raises(KeyboardInterrupt):
            pool.apply_async(len, (("a",),))
        pool.terminate()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back when the run stops
    _Raising()
    assert dropped == [ValueError]  # and the report of what a finalizer drops, too


class _Raising:
    def __del__(self) -> None:
        raise ValueError("dropped")


def test_a_local_clusters_workers_leave_ctrl_c_to_the_run_and_one_as_it_starts_closes_it(monkeypatch):
    pytest.importorskip("distributed")
    if not hasattr(signal, "pthread_sigmask"):
        pytest.skip("no signal masks on this system")
    _ctrl_c_or_skip()
    # multiprocessing's fork server is one per process, and a test before this one may have started it from a
    # thread that did not hold Ctrl-C (the page's pool does, from a thread of its own): the workers would then be
    # forked from that server. A real process runs a page or a local cluster, never both.
    forkserver._forkserver._stop()
    seen: dict[str, object] = {}
    check = cluster_module._check_workers

    def check_then_ctrl_c(client, address) -> None:
        check(client, address)
        seen["masks"] = list(client.run(functools.partial(signal.pthread_sigmask, signal.SIG_BLOCK, [])).values())
        seen["scheduler"] = client.scheduler.address
        signal.raise_signal(signal.SIGINT)  # Ctrl-C, while the cluster starts
        seen["held"] = True

    monkeypatch.setattr(cluster_module, "_check_workers", check_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        Cluster("local", 2)
    # Born with Ctrl-C blocked: a terminal's reaches the run alone, which stops them, even as they start.
    assert seen["masks"] == [{signal.SIGINT}, {signal.SIGINT}]
    assert seen["held"]  # the Ctrl-C came once the cluster was up ...
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT", 0.5)  # a refused connection is retried until then
    with pytest.raises(ClusterError, match="no scheduler answered"):
        Cluster(str(seen["scheduler"]))  # ... and closed it
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_workers_of_another_diffcheck_are_refused(address, monkeypatch, request):
    # This side only: the workers run rundir.diffcheck_version in their own processes, on their installed metadata.
    other = SimpleNamespace(version=lambda name: "0.0.0-other", PackageNotFoundError=LookupError)
    monkeypatch.setattr(rundir, "metadata", other)
    rundir.diffcheck_version.cache_clear()  # asked once a process: ask again, of the other metadata, and after
    request.addfinalizer(rundir.diffcheck_version.cache_clear)
    with pytest.raises(ClusterError, match="runs diffcheck .*, this is 0.0.0-other"):
        Cluster(address)


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("command", ["run", "timeline"])
def test_a_scheduler_that_cannot_be_used_is_one_line_and_status_2(command, tmp_path, monkeypatch):
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT", 0.5)
    out = tmp_path / ("run" if command == "run" else "t.md")
    budget = ["--boards", "5"] + (["--from", "cr613", "--to", "2012-06-01"] if command == "timeline" else [])
    with distributed.LocalCluster(n_workers=0, processes=False, **QUIET_SCHEDULER) as empty:
        bad = {f"tcp://127.0.0.1:{_closed_port()}": "no scheduler answered",
               "nope": "not an address", empty.scheduler_address: "no worker joined"}
        for scheduler, why in bad.items():
            result = runner.invoke(app, [command, *budget, "--scheduler", scheduler, "--out", str(out)])
            assert result.exit_code == 2, (scheduler, result.output)
            lines = result.stderr.splitlines()
            assert len(lines) == 1 and lines[0].startswith(f"error: --scheduler {scheduler}: "), result.stderr
            assert why in lines[0] and "Traceback" not in result.output
            assert not out.exists()  # refused before anything was written


def test_scheduler_without_the_cluster_extra_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed: importing it fails
    result = runner.invoke(app, ["run", "--boards", "5", "--scheduler", "local", "--out", str(tmp_path / "r")])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "diffcheck[cluster]" in lines[0], result.stderr
