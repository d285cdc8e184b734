"""Benchmark a run against phase.rs (engines/peers/phase.py): throughput, and where a board's time goes.

    python benchmarks/bench_peer.py [--seed 2026] [--boards 600] [--repeat 5] [--before HEAD] [--no-runs]

Needs the phase extra (pip install 'diffcheck[phase]'). Prints, from one process (the machines are
shared and noisy: compare figures within one run, not across runs):

- boards per second through the adapter (``evaluate``) of the working tree and, with ``--before REV``, of the
  adapter as it is at that git revision, on the same boards, each new to the adapter (its caches emptied), the
  two alternating in each of --repeat rounds (a slow moment of the machine hits both), and their medians;
- one board's evaluation cut into its steps, medians over the boards, for each adapter: writing the board into
  phase's state (ours: the adapter of the working tree writes the state's JSON text; the one before copied a
  template state and wrote into it), phase loading the state (``load_game``: the conversion and the layer
  system), and reading back (``battlefield``, phase's conversion to Python; and the outcome, ours); and phase's
  load of the empty state, the part of ``load_game`` that does not depend on the board (the share of a board's
  time that is not phase's work on the board is the adapter's own and that load);
- the same boards evaluated by current, for scale;
- unless --no-runs: end-to-end runs (generate, evaluate both, compare, shrink, group) of current against phase,
  with 1 job and with 2, beside the same runs of current against cr613, each the median of --repeat runs; and a
  divergent board's shrinking (the evaluations by both engines it takes) and its nearest rules, medians over the
  first 30 divergent boards: with no rules of phase's own to explain a difference, nearly every divergent board
  has a triage key of its own and is shrunk, and this is where a run's time goes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import tempfile
import time
import types
from pathlib import Path
from typing import Callable

from diffcheck.boards.generate import SMALL, BoardGenerator, SeededChoices
from diffcheck.catalogue import expand_board
from diffcheck.search.divergence import differing, diverges
from diffcheck.search.harness import Harness, RunConfig
from diffcheck.search.nearest import nearest
from diffcheck.search.shrink import shrink
from engines import get_engine
from engines.board import Board
from engines.peers import phase as adapter

ROOT = Path(__file__).resolve().parents[1]
STEPS = ("write", "load_game", "battlefield", "outcome")


def run_seconds(engines: tuple[str, str], seed: int, boards: int, jobs: int) -> tuple[float, int]:
    """A run's seconds and the boards it shrank."""
    with tempfile.TemporaryDirectory() as work:
        start = time.perf_counter()
        Harness(RunConfig(engines, seed, boards, None, jobs), Path(work) / "run").run()
        seconds = time.perf_counter() - start
        info = json.loads((Path(work) / "run" / "run.json").read_text())
        return seconds, info["shrinks"]["done"]


def micro(seconds: list[float]) -> str:
    return f"{statistics.median(seconds) * 1e3:.3f} ms"


def adapter_at(rev: str) -> types.ModuleType:
    """engines/peers/phase.py as it is at git revision ``rev``, as a module of its own."""
    source = subprocess.run(["git", "show", f"{rev}:engines/peers/phase.py"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    module = types.ModuleType(f"phase_at_{rev}")
    exec(compile(source, f"{rev}:engines/peers/phase.py", "exec"), module.__dict__)  # noqa: S102 (our own source)
    return module


def stepper(module: types.ModuleType, engine) -> Callable[[Board], list[float]]:
    """One board's evaluation by ``engine`` (of ``module``), timed step by step (``STEPS``). The working tree's
    adapter writes the state's text (``_Writer.text``); the one before kept the state as JSON to copy
    (``_templates``), which the copy then counts with the write."""
    load = engine._engine.load_game
    if hasattr(engine, "_template"):
        template = engine._template

        def write(board):
            writer = module._Writer(board, template)
            return writer, writer.text()
    else:
        state_json, object_json = engine._templates

        def write(board):
            state = json.loads(state_json)
            return module._Writer(board, state["state"], object_json), state

    def steps(board: Board) -> list[float]:
        t0 = time.perf_counter()
        writer, state = write(board)
        t1 = time.perf_counter()
        game = load(state)
        t2 = time.perf_counter()
        field = game.battlefield()
        t3 = time.perf_counter()
        writer.outcome(field)
        return [t1 - t0, t2 - t1, t3 - t2, time.perf_counter() - t3]

    return steps


def forget(module: types.ModuleType) -> None:
    """Empty the adapter's caches of what it wrote (its ``lru_cache`` functions), so that every board is seen for the
    first time, as a run's generated boards are (its shrinking's boards share most of their parts, and hit them)."""
    for value in vars(module).values():
        if hasattr(value, "cache_clear") and value.cache_info().maxsize is not None:
            value.cache_clear()


def throughput(engines: dict[str, object], modules: dict[str, types.ModuleType], boards: list[Board],
               repeat: int) -> dict[str, list[float]]:
    """Boards per second of each engine's ``evaluate`` in each round, every board new to it; the engines alternate
    within a round."""
    rates: dict[str, list[float]] = {name: [] for name in engines}
    for round_ in range(repeat):
        order = list(engines) if round_ % 2 == 0 else list(reversed(engines))
        for name in order:
            forget(modules[name])
            vars(engines[name]).pop("_answers", None)  # and the answers it keeps by game state, where it keeps any
            start = time.perf_counter()
            for board in boards:
                engines[name].evaluate(board)
            rates[name].append(len(boards) / (time.perf_counter() - start))
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--boards", type=int, default=600)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--before", metavar="REV", help="also time the adapter as it is at this git revision")
    parser.add_argument("--no-runs", action="store_true", help="skip the end-to-end runs and the shrinking")
    args = parser.parse_args()
    phase, current = get_engine("phase"), get_engine("current")

    generator = BoardGenerator(SMALL, features=phase.implements)
    choices = SeededChoices(args.seed)
    boards = [Board.from_dict(generator.board(choices)) for _ in range(args.boards)]
    versions = {"working tree": (adapter, phase)}
    if args.before:
        module = adapter_at(args.before)
        versions = {f"{args.before} (before)": (module, module.PhaseEngine()), **versions}
    engines = {name: engine for name, (_module, engine) in versions.items()}
    for engine in engines.values():
        engine.evaluate(boards[0])  # each builds its engine and template once, as a worker process does

    rates = throughput(engines, {name: module for name, (module, _engine) in versions.items()}, boards, args.repeat)
    print(f"phase through the adapter, {args.boards:,} boards (seed {args.seed}), median of {args.repeat} rounds "
          f"(the adapters alternating):")
    base = None
    for name, rate in rates.items():
        median = statistics.median(rate)
        speedup = f", {median / base:.1f}x" if base else ""
        base = base or median
        print(f"  {name:>16}: {median:6.0f} boards/s ({1e3 / median:.2f} ms a board; rounds "
              f"{', '.join(f'{r:.0f}' for r in rate)}){speedup}")

    print(f"one board's steps, median of {len(boards):,} boards:")
    empty_board = Board(("you", "opponent"), ())
    for name, (module, engine) in versions.items():
        forget(module)
        steps = stepper(module, engine)
        timed = list(zip(*(steps(board) for board in boards)))
        empty = statistics.median(steps(empty_board)[1] for _ in boards)  # phase's load of a board of nothing
        total = statistics.median(sum(parts) for parts in zip(*timed))
        ours = statistics.median(w + o for w, o in zip(timed[0], timed[3]))
        print(f"  {name:>16}: write {micro(list(timed[0]))}, load_game {micro(list(timed[1]))} (of which the empty "
              f"state {empty * 1e3:.3f} ms), read back {micro([b + o for b, o in zip(timed[2], timed[3])])} "
              f"(battlefield {micro(list(timed[2]))}, outcome {micro(list(timed[3]))}); total {total * 1e3:.3f} ms: "
              f"the adapter's own work {ours / total:.0%}, with the empty state's load {(ours + empty) / total:.0%}")
    ours = []
    for board in boards:
        start = time.perf_counter()
        current.evaluate(board)
        ours.append(time.perf_counter() - start)
    print(f"current evaluates the same boards in {micro(ours)} (median)")
    if not args.no_runs:
        end_to_end(args)
        shrinking(args, generator, current, phase)


def end_to_end(args) -> None:
    print(f"end to end, {args.boards:,} boards, seed {args.seed}, median of {args.repeat} runs:")
    for jobs in (1, 2):
        timed: dict[tuple[str, str], list[float]] = {pair: [] for pair in (("current", "phase"), ("current", "cr613"))}
        shrunk = {}
        for _ in range(args.repeat):  # the two pairs alternate, so that a slow moment of the machine hits both
            for pair in timed:
                seconds, shrunk[pair] = run_seconds(pair, args.seed, args.boards, jobs)
                timed[pair].append(seconds)
        with_phase, with_ours = (statistics.median(timed[p]) for p in timed)
        print(f"  {jobs} job{'s' if jobs > 1 else ''}: current,phase {args.boards / with_phase:6.0f} boards/s "
              f"({with_phase:.1f} s, {shrunk[('current', 'phase')]:,} boards shrunk); current,cr613 "
              f"{args.boards / with_ours:6.0f} boards/s ({with_ours:.1f} s, {shrunk[('current', 'cr613')]:,} shrunk); "
              f"ratio {with_phase / with_ours:.1f}x")


def shrinking(args, generator: BoardGenerator, current, phase) -> None:
    shrink_times, calls, near = [], [], []
    choices = SeededChoices(args.seed)
    while len(shrink_times) < 30:
        data = generator.board(choices)
        board = Board.from_dict(expand_board(data))
        x, y = current.evaluate(board), phase.evaluate(board)
        if x["objects"] == y["objects"]:
            continue
        keep = diverges(current, phase, characteristics=frozenset(c for _o, c, _a, _b in differing(x, y)))
        counted = [0]

        def kept(d, keep=keep, counted=counted):
            counted[0] += 1
            return keep(d)

        start = time.perf_counter()
        minimal = shrink(data, kept, checked=True)
        shrink_times.append(time.perf_counter() - start)
        calls.append(counted[0])
        small = Board.from_dict(expand_board(minimal))
        start = time.perf_counter()
        nearest(small, phase.evaluate(small))
        near.append(time.perf_counter() - start)
    print(f"a divergent board: shrinking {micro(shrink_times)} ({statistics.median(calls):.0f} boards evaluated by "
          f"both engines), its nearest rules {micro(near)} (medians of {len(shrink_times)})")


if __name__ == "__main__":
    main()
