"""Benchmark a run against phase.rs (engines/peers/phase.py): throughput, and where a board's time goes.

    python benchmarks/bench_peer.py [--seed 2026] [--boards 600] [--repeat 3]

Needs the phase extra (pip install 'diffcheck[phase]'). Prints, from one process (the machines are
shared and noisy: compare figures within one run, not across runs):

- end-to-end runs (generate, evaluate both, compare, shrink, group) of current against phase, with 1
  job and with 2, beside the same runs of current against cr613, each the median of --repeat runs;
- one board's evaluation by phase, cut into its steps, medians over the boards: copying the empty game
  state (ours), writing the board into it (ours), phase reading the state and running its layers
  (load_game: the Python-to-Rust conversion and the engine), reading the battlefield back (battlefield:
  the Rust-to-Python conversion) and turning it into an outcome (ours); and phase's load_game of the
  empty state, the part of load_game that does not depend on the board;
- the same boards evaluated by current, for scale;
- a divergent board's shrinking (the evaluations by both engines it takes) and its nearest rules, medians
  over the first 30 divergent boards: with no rules of phase's own to explain a difference, nearly every
  divergent board has a triage key of its own and is shrunk, and this is where a run's time goes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from diffcheck.boards.generate import SMALL, BoardGenerator, SeededChoices
from diffcheck.catalogue import expand_board
from diffcheck.search.divergence import differing, diverges
from diffcheck.search.harness import Harness, RunConfig
from diffcheck.search.nearest import nearest
from diffcheck.search.shrink import shrink
from engines import get_engine
from engines.board import Board
from engines.peers.phase import _Writer


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--boards", type=int, default=600)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    phase, current = get_engine("phase"), get_engine("current")

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

    generator = BoardGenerator(SMALL, features=phase.implements)
    choices = SeededChoices(args.seed)
    boards = [Board.from_dict(generator.board(choices)) for _ in range(args.boards)]
    state_json, object_json = phase._templates
    steps: dict[str, list[float]] = {k: [] for k in ("copy", "write", "load_game", "battlefield", "outcome")}
    ours: list[float] = []
    for board in boards:
        t0 = time.perf_counter()
        state = json.loads(state_json)
        t1 = time.perf_counter()
        writer = _Writer(board, state["state"], object_json)
        t2 = time.perf_counter()
        game = phase._engine.load_game(state)
        t3 = time.perf_counter()
        field = game.battlefield()
        t4 = time.perf_counter()
        writer.outcome(field)
        t5 = time.perf_counter()
        for key, (a, b) in zip(steps, ((t0, t1), (t1, t2), (t2, t3), (t3, t4), (t4, t5))):
            steps[key].append(b - a)
        t6 = time.perf_counter()
        current.evaluate(board)
        ours.append(time.perf_counter() - t6)
    empty = []
    for _ in range(len(boards)):
        state = json.loads(state_json)
        t0 = time.perf_counter()
        phase._engine.load_game(state)
        empty.append(time.perf_counter() - t0)
    total = [sum(parts) for parts in zip(*steps.values())]
    print(f"one board through phase, median of {len(boards):,} boards: {micro(total)}")
    print(f"  ours:   copy the empty state {micro(steps['copy'])}, write the board {micro(steps['write'])}, "
          f"read the outcome {micro(steps['outcome'])}")
    print(f"  phase:  load_game {micro(steps['load_game'])} (of which {micro(empty)} for the empty state), "
          f"battlefield {micro(steps['battlefield'])}")
    print(f"current evaluates the same boards in {micro(ours)} (median)")

    shrinking, calls, near = [], [], []
    choices = SeededChoices(args.seed)
    while len(shrinking) < 30:
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
        shrinking.append(time.perf_counter() - start)
        calls.append(counted[0])
        small = Board.from_dict(expand_board(minimal))
        start = time.perf_counter()
        nearest(small, phase.evaluate(small))
        near.append(time.perf_counter() - start)
    print(f"a divergent board: shrinking {micro(shrinking)} ({statistics.median(calls):.0f} boards evaluated by "
          f"both engines), its nearest rules {micro(near)} (medians of {len(shrinking)})")


if __name__ == "__main__":
    main()
