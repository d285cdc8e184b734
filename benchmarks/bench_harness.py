"""Benchmark the harness: generation, evaluation, end-to-end diffing on 1 and all cores, shrinking.

    python benchmarks/bench_harness.py [--seed 1] [--boards 20000] [--cards]

Prints one run's figures (the machines are shared and noisy: compare within one run):
boards generated per second (data, then Board values); boards evaluated per second per
engine; end-to-end boards per second (generate, evaluate both, compare, shrink, group) with
1 job and with all cores; the median time to shrink a divergent board; and the seconds
from the start of a run until each known class of divergence is found and shrunk.
With ``--cards``, the same for boards of catalogue cards (``diffcheck run --cards``):
generation then includes writing the cards out (``expand_board``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from diffcheck.boards.generate import SMALL, BoardGenerator, SeededChoices
from diffcheck.boards.generate_cards import CardBoardGenerator
from diffcheck.catalogue import expand_board
from diffcheck.search.divergence import diverges
from diffcheck.search.harness import Harness, RunConfig
from diffcheck.search.shrink import shrink
from engines import get_engine
from engines.board import Board

CLASSES = {
    "resolved P/T modify against a later P/T set (Gray Ogre)": ("P/T |", "resolved P/T modify [6b->7c]", "P/T set [6b->7b]"),
    "color / ability layer split": ("color change [5->5]", "ability change [5->6]"),
}


def per_second(n: int, seconds: float) -> str:
    return f"{n / seconds:,.0f}/s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--boards", type=int, default=20_000)
    parser.add_argument("--cards", action="store_true", help="boards of catalogue cards only")
    args = parser.parse_args()
    n = 5000

    choices = SeededChoices(args.seed)
    generator = CardBoardGenerator() if args.cards else BoardGenerator(SMALL)
    start = time.perf_counter()
    data = [expand_board(generator.board(choices)) for _ in range(n)]
    generated = time.perf_counter() - start
    start = time.perf_counter()
    boards = [Board.from_dict(d) for d in data]
    built = time.perf_counter() - start
    print(f"generation: {per_second(n, generated)} boards as data, {per_second(n, built)} as Board values")

    for name in ("cr418", "cr613"):
        engine = get_engine(name)
        fresh = [Board.from_dict(d) for d in data]
        start = time.perf_counter()
        for board in fresh:
            engine.evaluate(board)
        print(f"evaluation: {name} {per_second(n, time.perf_counter() - start)}")

    a, b = get_engine("cr418"), get_engine("cr613")
    divergent = [d for d, board in zip(data, boards) if a.evaluate(board)["objects"] != b.evaluate(board)["objects"]]
    times = []
    for d in divergent[:40]:
        start = time.perf_counter()
        shrink(d, diverges(a, b))
        times.append(time.perf_counter() - start)
    print(f"shrinking: median {statistics.median(times) * 1000:.0f} ms over {len(times)} divergent boards "
          f"({len(divergent)} of {n} boards diverge)")

    cores = os.cpu_count() or 1
    for jobs in sorted({1, cores}):
        with tempfile.TemporaryDirectory() as out:
            config = RunConfig(("cr418", "cr613"), args.seed, args.boards, None, jobs,
                               generator="cards" if args.cards else "small")
            harness = Harness(config, Path(out))
            start = time.perf_counter()
            found: dict[str, float] = {}

            def watch(progress, harness=harness, found=found, start=start):
                for title, needles in CLASSES.items():
                    if title not in found and any(all(x in g for x in needles) for g in harness.state["groups"]):
                        found[title] = time.perf_counter() - start

            harness.on_progress = watch
            result = harness.run()
            watch(None)
            print(f"end to end, {jobs} job{'s' if jobs > 1 else ''}: {result['boards_per_second']:,.0f} boards/s "
                  f"({result['boards_done']:,} boards, {result['findings']} findings, {result['groups']} groups, "
                  f"{result['shrinks']['done']} shrinks of which {result['shrinks']['known']} ended in a known group, "
                  f"{result['seconds']:.1f} s)")
            for title in CLASSES:
                when = found.get(title)
                print(f"  found and shrunk: {title}: " + (f"{when:.1f} s after start" if when else "not found"))


if __name__ == "__main__":
    main()
