"""Benchmark: what a concept of the board vocabulary costs on a board that uses it, against a board like it without.

    python benchmarks/bench_concepts.py [--rules current]

Each pair is two boards of catalogue cards, the second like the first but for the concept. Prints each board's
time per evaluation (microseconds, CPU time of ``engine.evaluate`` only, boards freshly built for each pass) and
their ratio: medians over passes, the two boards taking turns (the machines are shared and noisy).
"""

from __future__ import annotations

import argparse
import statistics
import time

from diffcheck.boards.loading import board_from_data
from diffcheck.boards.notation import board_from_cards
from engines import get_engine
from engines.board import Board

MERFOLK = ", ".join(["Merfolk of the Pearl Trident"] * 4)
PAIRS = {
    "devotion (Thassa, four blue creatures) / a you_control condition (Kird Ape)":
        (f"Thassa, God of the Sea, {MERFOLK}", f"Kird Ape, {MERFOLK}"),
    "Necrotic Ooze, two creature cards in graveyards / a lord":
        ("Necrotic Ooze, Quillspike~graveyard, Frozen Shade~graveyard, Grizzly Bears",
         "Goblin King, Quillspike~graveyard, Frozen Shade~graveyard, Grizzly Bears"),
    "a split card in a graveyard under Tarmogoyf / Lightning Bolt":
        ("Tarmogoyf, Fire // Ice~graveyard, Grizzly Bears~graveyard",
         "Tarmogoyf, Lightning Bolt~graveyard, Grizzly Bears~graveyard"),
    "Coat of Arms, six creatures / Glorious Anthem":
        ("Coat of Arms, Raging Goblin, Goblin King, Grizzly Bears, Amoeboid Changeling, Elvish Warrior, Gray Ogre",
         "Glorious Anthem, Raging Goblin, Goblin King, Grizzly Bears, Amoeboid Changeling, Elvish Warrior, Gray Ogre"),
}


def per_board(engine, data: dict, n: int = 300) -> float:
    """Microseconds per evaluation of ``n`` fresh copies of the board."""
    boards = [Board.from_dict(data) for _ in range(n)]
    start = time.process_time()
    for board in boards:
        engine.evaluate(board)
    return (time.process_time() - start) / n * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="current")
    parser.add_argument("--passes", type=int, default=15)
    args = parser.parse_args()
    engine = get_engine(args.rules)
    print(f"{args.rules}: microseconds per board, median of {args.passes} passes of 300 boards, one core")
    for name, pair in PAIRS.items():
        uses, like = (board_from_data(board_from_cards(cards), "--cards").to_dict() for cards in pair)
        a, b = [], []
        for _ in range(args.passes):
            a.append(per_board(engine, uses))
            b.append(per_board(engine, like))
        ratio = statistics.median(x / y for x, y in zip(a, b))
        print(f"  {name}: {statistics.median(a):.0f} / {statistics.median(b):.0f} ({ratio:.2f}x)")


if __name__ == "__main__":
    main()
