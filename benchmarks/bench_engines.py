"""Benchmark: boards evaluated per second per engine, and how time grows with effects in one layer.

    python benchmarks/bench_engines.py [--seed 1] [--repeats 5] [--editions]
                                       [--save-boards FILE | --boards FILE]

With ``--editions``, every edition from 1999 to 2026 too. ``--save-boards FILE`` writes the
generated boards (JSON: ``{"small": [...], "large": [...]}``) before timing them; ``--boards
FILE`` times those boards instead of generating: the way to compare two trees, or two
generators, on the very same boards (run each tree's script on one file, alternately). The
last columns are each engine's time per board over cr613's (above 1: slower), for small and
large boards: each the median of the ratios to a cr613 pass run right after it in the same
repeat. Prints medians over repeats,
the engines taking turns within each (the machines are shared and noisy: compare figures
from one run only). Boards are generated before timing; only ``engine.evaluate`` is
timed, on one core, in this process's CPU time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from diffcheck.boards.generate import LARGE, SMALL, seeded_boards
from engines import get_engine
from engines.board import Board
from rulesets.editions import EDITIONS


def rate(engine, data: list[dict], repeats: int) -> float:
    """Median boards per second over ``repeats`` passes.

    Each pass evaluates freshly built boards: engines cache per-ability plans on the
    ability objects, and a board is seen once per engine in a run, so a warm cache would flatter.
    """
    rates = []
    for _ in range(repeats):
        boards = [Board.from_dict(d) for d in data]
        start = time.process_time()
        for board in boards:
            engine.evaluate(board)
        rates.append(len(boards) / (time.process_time() - start))
    return statistics.median(rates)


def one_layer_board(n: int, kind: str) -> dict:
    """Five creatures and ``n`` static effects in one layer.

    ``anthem``: n static +1/+1 effects (layer 7c / 6d) whose filters read nothing another writes:
    no dependency trials. ``types``: n type-changing effects (layer 4) that each read and write
    subtypes (subtype i -> also subtype i+1): every pair is a dependency candidate, tried by trial.
    """
    objects = [
        {"id": f"c{i}", "types": ["creature"], "subtypes": ["s0"], "power": 2, "toughness": 2, "timestamp": i + 1}
        for i in range(5)
    ]
    for j in range(n):
        if kind == "anthem":
            body = {"affects": {"filter": {"types": ["creature"]}}, "pt": {"modify": [1, 1]}}
        else:
            body = {"affects": {"filter": {"subtypes": [f"s{j}"]}}, "subtypes": {"add": [f"s{j + 1}"]}}
        # Later effects on earlier timestamps, so dependency (not timestamp) must order them.
        objects.append({"id": f"e{j}", "types": ["enchantment"], "timestamp": 1000 - j,
                        "static": [{"text": f"effect {j}", **body}]})
    return {"objects": objects}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--editions", action="store_true", help="Every edition too, against cr613.")
    saved = parser.add_mutually_exclusive_group()
    saved.add_argument("--save-boards", type=Path, metavar="FILE", help="Write the generated boards here, as JSON.")
    saved.add_argument("--boards", type=Path, metavar="FILE", help="Time these boards (from --save-boards).")
    args = parser.parse_args()
    if args.boards is not None:
        data = json.loads(args.boards.read_text(encoding="utf-8"))
        small, large = data["small"], data["large"]
        source = f"boards of {args.boards}"
    else:
        small = seeded_boards(args.seed, 2000, SMALL)
        large = seeded_boards(args.seed, 100, LARGE)
        source = f"seed {args.seed}"
        if args.save_boards is not None:
            args.save_boards.write_text(json.dumps({"small": small, "large": large}), encoding="utf-8")
    engines = [get_engine("cr418"), get_engine("cr613")]
    listed = engines + ([get_engine(e.key) for e in EDITIONS] if args.editions else [])
    print(f"{source}, median of {args.repeats} repeats, one core")
    print(f"{'engine':8} {'small boards/s':>15} {'large boards/s':>15} {'time / cr613':>13}")
    # Engines take turns within each repeat, cr613 beside each of the others, so a slow spell of
    # the machine hits both sides of a ratio alike; a ratio is the median of the per-repeat ratios.
    rates: dict[str, list[tuple[float, float]]] = {e.name: [] for e in listed}
    ratios: dict[str, list[tuple[float, float]]] = {e.name: [] for e in listed}
    cr613 = engines[1]
    for _ in range(args.repeats):
        for engine in listed:
            mine = (rate(engine, small, 1), rate(engine, large, 1))
            base = mine if engine is cr613 else (rate(cr613, small, 1), rate(cr613, large, 1))
            rates[engine.name].append(mine)
            ratios[engine.name].append((base[0] / mine[0], base[1] / mine[1]))
    for engine in listed:
        r, q = rates[engine.name], ratios[engine.name]
        s, g = statistics.median(x for x, _ in r), statistics.median(y for _, y in r)
        rs, rg = statistics.median(x for x, _ in q), statistics.median(y for _, y in q)
        print(f"{engine.name:8} {s:15,.0f} {g:15,.0f} {rs:6.2f} {rg:6.2f}")
    print()
    print("time per board with n effects in one layer (microseconds), and ratio to n=1")
    print(f"{'engine':8} {'kind':7} " + " ".join(f"{n:>9}" for n in (1, 2, 4, 8, 16, 32)))
    for engine in engines:
        for kind in ("anthem", "types"):
            times = []
            for n in (1, 2, 4, 8, 16, 32):
                board = one_layer_board(n, kind)
                reps = max(20, 2000 // (n * n))
                times.append(1e6 / rate(engine, [board] * reps, args.repeats))
            cells = " ".join(f"{t:9.0f}" for t in times)
            ratios = " ".join(f"{t / times[0]:9.1f}" for t in times)
            print(f"{engine.name:8} {kind:7} {cells}\n{'':8} {'ratio':7} {ratios}")


if __name__ == "__main__":
    main()
