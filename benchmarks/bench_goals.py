"""Where diffcheck stands against its speed and scale goals, measured side by side with an earlier tree.

    python benchmarks/bench_goals.py [--against 100dda7] [--before-python PATH] [--repeats 3]
                                     [--editions all|cr613|KEY,...] [--no-memory] [--no-cluster]
                                     [--only-cluster]

Prints, with the date and the machine, each figure of this tree ("now") beside the same figure of the tree at
``--against`` ("before"; default 100dda7, the last commit before the work on these goals), their ratio, and the
goal. Every figure is CPU time (user + system, of every process of the command), the median of --repeats, the
two trees run alternately (before, now, before, now...) so that a slow moment of the shared machine hits both:

- the layer machine, boards per second on one core (``engine.evaluate`` only, the cyclic garbage collector paused
  as in a run's workers; one child process per tree, the two taking turns every 1,000 small or 50 large boards),
  on the same 10,000 small and 500 large boards, for every edition (``--editions cr613``: cr613 only;
  ``--editions 1999-04,2003-07``: cr613 and the editions named, in minutes rather than the hour all of them take).
  Goals: cr613 small 1.3 times the tree before and 20,000 a second, large 1.6 times and 2,500 a second; every
  edition's large boards at least 1,250 a second (half the cr613 goal). The absolute rates are a machine's: they
  were set where the tree before ran 15,600 small and 1,570 large boards a second, so they are printed also as this
  machine's (the tree before's rates here, times the same factors);
- ``diffcheck run`` end to end on two worker processes, cr418 against cr613, 60,000 boards of seed 1: boards per
  second of CPU (goal: 1.5 times the tree before), and whether both trees found the same (findings,
  divergences, errors and summary, byte for byte);
- the run's memory (this tree): the peak resident memory of a one-process run after 20,000 boards and after
  200,000 (goal: at most 1.2 times); ``--no-memory`` leaves it out (it takes a few minutes);
- a cluster's cost (this tree): ``--scheduler local`` against the process pool, two workers each, on 20,000
  boards, CPU of every process, the cluster's start included (goal: at most 1.25 times), and whether the two
  wrote the same files; ``--no-cluster`` leaves it out (it needs ``pip install 'diffcheck[cluster]'``),
  ``--only-cluster`` measures it alone;
- ``diffcheck judge`` on a small board, CPU of the whole process, the interpreter's start included, with the
  bytecode and the catalogue cached as a user's first run leaves them (goal: 100 ms).

The earlier tree is checked out in a temporary git worktree. It runs compiled, as this one does, when it is
given an interpreter it is installed in (``--before-python``: a virtual environment where
``pip install -e WORKTREE`` compiled a checkout of the same commit; its compiled modules are found through the
worktree's own path), and as pure Python otherwise (then the ratios also measure the compiled build).
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from bench_memory import cpu_and_peak

ROOT = Path(__file__).resolve().parents[1]
BEFORE = "100dda7"
SMALL_GOAL, LARGE_GOAL, RUN_FACTOR = 20_000, 2_500, 1.5
# The rates the tree before had where the absolute goals were set (cr613, small and large boards a second): the goals
# are those rates times 1.28 and 1.59, and every edition's large boards 0.80 times the tree before's cr613. On
# another machine the same goals are the tree before's rates there times the same factors (printed as "here").
GOALS_SET_AT = (15_600, 1_570)
SMALL_FACTOR, LARGE_FACTOR = 1.3, 1.6
EVERY_LARGE_GOAL = LARGE_GOAL / 2
MEMORY_GOAL, CLUSTER_GOAL, JUDGE_GOAL_MS = 1.2, 1.25, 100
SMALL_BOARDS, LARGE_BOARDS = 10_000, 500
RUN_BOARDS, CLUSTER_BOARDS, MEMORY_BOARDS = 60_000, 20_000, (20_000, 200_000)
JUDGE_REPEATS = 11
# What a run writes that must not depend on the tree, the machine or the scheduler (run.json and state.json hold
# timings; state.json also keeps its groups in the order they were finished).
SAME_FILES = ("findings.jsonl", "divergences.jsonl", "errors.jsonl", "summary.md")


# How many boards one turn of a machine measure evaluates before the other tree takes its turn (about a tenth of a
# second each): the load of a shared machine changes from second to second, and turns this short put both trees
# under nearly the same load. In turns of the whole set (a second or more each), two comparisons of the same trees
# within an hour put cr613's large boards at 1.03 and 1.16 times the tree before; in turns of 50 boards, 1.37, nearer
# the 1.55 that counting their instructions gives (bench_instructions.py).
CHUNK = {"small": 1_000, "large": 50}


def _child_engines(boards_file: str) -> None:
    """In a child process whose imports come from one tree: for each line ``EDITION SIZE START STOP`` read, the CPU
    seconds that edition takes to evaluate those boards (``data[SIZE][START:STOP]``), printed as a line.

    Each board is seen once and built fresh (outside the time), as in a run (an engine keeps what it planned for a
    board's abilities by their identity, for as long as the board is asked again). The child lives for the whole
    comparison, so that the two trees' children can take turns chunk by chunk (``CHUNK``).
    """
    from engines import get_engine
    from engines.board import Board

    data = json.loads(Path(boards_file).read_text())
    engines: dict = {}
    for line in sys.stdin:
        key, size, start, stop = line.split()
        engine = engines.get(key)
        if engine is None:
            engine = engines[key] = get_engine(key)
        boards = [Board.from_dict(d) for d in data[size][int(start):int(stop)]]
        gc.collect()
        gc.disable()
        begun = time.process_time()
        for board in boards:
            engine.evaluate(board)
        seconds = time.process_time() - begun
        gc.enable()
        print(json.dumps(seconds), flush=True)


def _machine_rates(repeats: int, trees: dict[str, tuple[Path, str]], boards: Path,
                   editions: list[str]) -> dict[str, dict[str, float]]:
    """``"EDITION SIZE"`` -> {tree label -> the median of ``repeats`` rates}: one child per tree, the two taking turns
    chunk by chunk (``CHUNK``; which of them goes first alternating), each rate the boards over the CPU seconds of
    all the chunks of one pass."""
    children = {label: subprocess.Popen([python, __file__, "--child-engines", str(boards)], env=_in(tree), cwd=tree,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                for label, (tree, python) in trees.items()}
    counts = {"small": SMALL_BOARDS, "large": LARGE_BOARDS}
    seen: dict[str, dict[str, list[float]]] = {}
    try:
        turn = 0
        for _ in range(repeats):
            for key in editions:
                for size, n in counts.items():
                    seconds = dict.fromkeys(children, 0.0)
                    for start in range(0, n, CHUNK[size]):
                        labels = list(children) if turn % 2 == 0 else list(children)[::-1]
                        turn += 1
                        for label in labels:
                            child = children[label]
                            child.stdin.write(f"{key} {size} {start} {min(start + CHUNK[size], n)}\n")
                            child.stdin.flush()
                            answer = child.stdout.readline()
                            if not answer:
                                raise SystemExit(f"the {label} tree's engines stopped (status {child.wait()})")
                            seconds[label] += json.loads(answer)
                    for label, total in seconds.items():
                        seen.setdefault(f"{key} {size}", {}).setdefault(label, []).append(n / total)
    finally:
        for child in children.values():
            child.stdin.close()
            child.wait()
    return {name: {label: statistics.median(values) for label, values in by.items()} for name, by in seen.items()}


def _in(tree: Path) -> dict[str, str]:
    """The environment of a child that imports diffcheck, engines and rulesets from ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    env.pop("DIFFCHECK_NO_CACHE", None)  # judge as its users run it: with the catalogue cache ...
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # ... and the pure modules' bytecode cached
    # Each tree its own caches: the catalogue cache is keyed by the code that reads it, so two trees sharing one
    # would each find the other's and build it again.
    env["XDG_CACHE_HOME"] = str(Path(tempfile.gettempdir()) / "bench-goals-caches" / tree.name)
    return env


def _alternate(repeats: int, trees: dict[str, tuple[Path, str]],
               measure: Callable[[Path, str], dict[str, float]]) -> dict[str, dict[str, float]]:
    """Name -> {tree label -> the median of ``repeats`` measures}, the trees taking turns."""
    seen: dict[str, dict[str, list[float]]] = {}
    for _ in range(repeats):
        for label, (tree, python) in trees.items():
            for name, value in measure(tree, python).items():
                seen.setdefault(name, {}).setdefault(label, []).append(value)
    return {name: {label: statistics.median(values) for label, values in by.items()} for name, by in seen.items()}


def _verdict(met: bool) -> str:
    return "met" if met else "NOT MET"


def _run(python: str, tree: Path, out: Path, boards: int, extra: tuple[str, ...] = ()) -> tuple[float, float]:
    """One ``diffcheck run`` of cr418 against cr613 (seed 1, two workers): its CPU seconds and peak MB."""
    shutil.rmtree(out, ignore_errors=True)
    command = [python, "-m", "diffcheck", "run", "--engines", "cr418,cr613", "--seed", "1", "--boards",
               str(boards), "--jobs", "2", "--quiet", "--out", str(out), *extra]
    cpu, peak, status = cpu_and_peak(command, _in(tree), tree)
    if status not in (0, 1):  # 1: differences found, the run's point
        raise SystemExit(f"diffcheck run failed (status {status}) in {tree}")
    return cpu, peak


def _same_files(a: Path, b: Path) -> bool:
    return all((a / name).read_bytes() == (b / name).read_bytes() for name in SAME_FILES)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default=BEFORE, help="the earlier tree, a git revision (default: %(default)s)")
    parser.add_argument("--before-python", help="an interpreter the earlier tree is installed (compiled) in")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--editions", type=_editions, default="all",
                        help="all (the default), cr613, or edition keys separated by commas (1999-04,2003-07)")
    parser.add_argument("--no-memory", action="store_true", help="leave out the run's memory (minutes)")
    parser.add_argument("--no-cluster", action="store_true", help="leave out the cluster's cost")
    parser.add_argument("--only-cluster", action="store_true", help="measure the cluster's cost alone")
    parser.add_argument("--child-engines", metavar="BOARDS", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_engines:
        _child_engines(args.child_engines)
        return

    from engines import COMPILED

    before_python = args.before_python or sys.executable
    print(f"{datetime.date.today()}, {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; now: this tree ({'compiled' if COMPILED else 'pure Python'}), before: "
          f"{args.against} ({'as installed in ' + before_python if args.before_python else 'pure Python'}); "
          f"CPU time, medians of {args.repeats}, alternating")
    if args.only_cluster:
        with tempfile.TemporaryDirectory() as work:
            _cluster(args.repeats, Path(work))
        return
    with tempfile.TemporaryDirectory() as work:
        base = Path(work) / "before"
        made = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), args.against],
                              capture_output=True, text=True)
        if made.returncode:
            said = (made.stderr.strip() or "git worktree add failed").splitlines()[-1]
            sys.exit(f"--against {args.against}: no such revision here ({said})")
        if args.before_python:
            _copy_compiled(Path(before_python), base)
        try:
            _measure(args, {"before": (base, before_python), "now": (ROOT, sys.executable)}, Path(work))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False)


def _editions(value: str) -> str:
    """``--editions``: all, cr613, or a comma-separated list of edition keys (cr613 is measured in any case: the goals
    are read against it)."""
    if value in ("all", "cr613"):
        return value
    from rulesets.editions import EDITIONS

    known = {e.key for e in EDITIONS} | {"cr613"}
    unknown = [key for key in value.split(",") if key not in known]
    if unknown:
        raise argparse.ArgumentTypeError(f"no edition {unknown[0]!r} (the keys: {', '.join(sorted(known))})")
    return value


def _copy_compiled(python: Path, worktree: Path) -> None:
    """Put beside the worktree's sources the compiled build that ``python``'s environment holds of the same
    commit (an editable install keeps it in its checkout), so that the worktree runs compiled."""
    found = subprocess.run([str(python), "-c", "import engines, pathlib; print(pathlib.Path(engines.__file__)"
                                               ".resolve().parents[1])"], capture_output=True, text=True,
                           cwd=tempfile.gettempdir())
    checkout = Path(found.stdout.strip()) if found.returncode == 0 else None
    if checkout is None or not (checkout / "engines" / "compiled.json").exists():
        sys.exit(f"--before-python {python}: no compiled install of diffcheck there")
    for path in [*checkout.glob("*__mypyc*.so"), *checkout.glob("engines/**/*.so"), checkout / "engines" / "compiled.json"]:
        target = worktree / path.relative_to(checkout)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)


def _measure(args: argparse.Namespace, trees: dict[str, tuple[Path, str]], work: Path) -> None:
    from diffcheck.boards.generate import LARGE, SMALL, seeded_boards
    from rulesets.editions import EDITIONS

    boards = work / "boards.json"
    boards.write_text(json.dumps({"small": seeded_boards(1, SMALL_BOARDS, SMALL),
                                  "large": seeded_boards(1, LARGE_BOARDS, LARGE)}))
    editions = ["cr613"] + ([e.key for e in EDITIONS] if args.editions == "all" else
                            [key for key in args.editions.split(",") if key != "cr613"])
    engines = _machine_rates(args.repeats, trees, boards, editions)
    print(f"\nthe layer machine, boards per CPU second on one core ({SMALL_BOARDS:,} small, {LARGE_BOARDS:,} large):")
    print(f"  {'edition':9} {'small before':>12} {'now':>7} {'ratio':>6}   {'large before':>12} {'now':>7} {'ratio':>6}")
    for key in editions:
        small, large = engines[f"{key} small"], engines[f"{key} large"]
        print(f"  {key:9} {small['before']:12,.0f} {small['now']:7,.0f} {small['now'] / small['before']:5.2f}x   "
              f"{large['before']:12,.0f} {large['now']:7,.0f} {large['now'] / large['before']:5.2f}x")
    small, large = engines["cr613 small"], engines["cr613 large"]
    print(f"  goal: cr613 small {SMALL_FACTOR}x and {SMALL_GOAL:,}/s: {small['now'] / small['before']:.2f}x, "
          f"{small['now']:,.0f}/s ({_verdict(small['now'] >= SMALL_FACTOR * small['before'])}, "
          f"{_verdict(small['now'] >= SMALL_GOAL)})")
    print(f"  goal: cr613 large {LARGE_FACTOR}x and {LARGE_GOAL:,}/s: {large['now'] / large['before']:.2f}x, "
          f"{large['now']:,.0f}/s ({_verdict(large['now'] >= LARGE_FACTOR * large['before'])}, "
          f"{_verdict(large['now'] >= LARGE_GOAL)})")
    slowest = min(editions, key=lambda k: engines[f"{k} large"]["now"])
    rate = engines[f"{slowest} large"]["now"]
    print(f"  goal: every edition's large boards at least {EVERY_LARGE_GOAL:,.0f}/s: the slowest, {slowest}, "
          f"{rate:,.0f}/s ({_verdict(rate >= EVERY_LARGE_GOAL)})")
    # The absolute goals on this machine: the tree before's cr613 rates here, times what the goals were of its rates
    # where they were set.
    here = (SMALL_GOAL * small["before"] / GOALS_SET_AT[0], LARGE_GOAL * large["before"] / GOALS_SET_AT[1],
            EVERY_LARGE_GOAL * large["before"] / GOALS_SET_AT[1])
    print(f"  the absolute goals as this machine's (the tree before ran cr613 at {GOALS_SET_AT[0]:,} small and "
          f"{GOALS_SET_AT[1]:,} large boards/s where they were set, {small['before']:,.0f} and {large['before']:,.0f} "
          f"here): cr613 small {here[0]:,.0f}/s ({_verdict(small['now'] >= here[0])}), large {here[1]:,.0f}/s "
          f"({_verdict(large['now'] >= here[1])}), every edition's large {here[2]:,.0f}/s ({_verdict(rate >= here[2])})")

    outs = {label: work / f"run-{label}" for label in trees}

    def run(tree: Path, python: str) -> dict[str, float]:
        label = "before" if tree != ROOT else "now"
        cpu, _ = _run(python, tree, outs[label], RUN_BOARDS)
        return {"run": RUN_BOARDS / cpu}

    figures = _alternate(args.repeats, trees, run)["run"]
    same = _same_files(outs["before"], outs["now"])
    print(f"\ndiffcheck run, cr418 against cr613, {RUN_BOARDS:,} boards of seed 1, two workers, boards per CPU second:")
    print(f"  before {figures['before']:,.0f}, now {figures['now']:,.0f}: {figures['now'] / figures['before']:.2f}x "
          f"(goal {RUN_FACTOR}x: {_verdict(figures['now'] >= RUN_FACTOR * figures['before'])}); the same findings, "
          f"divergences, errors and summary: {'yes' if same else 'NO'}")

    if not args.no_memory:
        peaks = []
        for n in MEMORY_BOARDS:
            command = [sys.executable, "-m", "diffcheck", "run", "--boards", str(n), "--jobs", "1", "--quiet",
                       "--out", str(work / "memory")]
            shutil.rmtree(work / "memory", ignore_errors=True)
            peaks.append(cpu_and_peak(command, _in(ROOT), ROOT)[1])
        print(f"\na run's memory (this tree, one process, cr418 against cr613): peak {peaks[0]:,.0f} MB after "
              f"{MEMORY_BOARDS[0]:,} boards, {peaks[1]:,.0f} MB after {MEMORY_BOARDS[1]:,}: {peaks[1] / peaks[0]:.2f} "
              f"times (goal at most {MEMORY_GOAL}: {_verdict(peaks[1] <= MEMORY_GOAL * peaks[0])})")

    if not args.no_cluster:
        _cluster(args.repeats, work)

    def judge(tree: Path, python: str) -> dict[str, float]:
        command = [python, "-m", "diffcheck", "judge", str(tree / "diffcheck" / "examples" / "gray-ogre.yaml")]
        return {"judge": cpu_and_peak(command, _in(tree), tree)[0] * 1e3}

    for tree, python in trees.values():  # the caches, filled by each tree as its users would have them
        judge(tree, python)
    figures = _alternate(max(JUDGE_REPEATS, args.repeats), trees, judge)["judge"]
    print(f"\ndiffcheck judge, a small board, CPU of the whole process: before {figures['before']:.0f} ms, now "
          f"{figures['now']:.0f} ms (goal {JUDGE_GOAL_MS} ms: {_verdict(figures['now'] <= JUDGE_GOAL_MS)})")


def _cluster(repeats: int, work: Path) -> None:
    """--scheduler local against the process pool, this tree, alternating."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        print("\nthe cluster's cost: not measured (pip install 'diffcheck[cluster]')")
        return
    cpu: dict[str, list[float]] = {"pool": [], "cluster": []}
    for _ in range(repeats):
        for label, extra in (("pool", ()), ("cluster", ("--scheduler", "local"))):
            cpu[label].append(_run(sys.executable, ROOT, work / f"cluster-{label}", CLUSTER_BOARDS, extra)[0])
    pool, cluster = statistics.median(cpu["pool"]), statistics.median(cpu["cluster"])
    same = _same_files(work / "cluster-pool", work / "cluster-cluster")
    print(f"\nthe cluster's cost (this tree, {CLUSTER_BOARDS:,} boards, two workers, CPU of every process): pool "
          f"{pool:.1f} s, --scheduler local {cluster:.1f} s (its start included): {cluster / pool:.2f} times (goal at "
          f"most {CLUSTER_GOAL}: {_verdict(cluster <= CLUSTER_GOAL * pool)}); the same files: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
