"""Prints a digest of every edition's answers on generated boards, as one JSON object.

tests/test_compiled.py runs it twice, with the compiled layer machine and with DIFFCHECK_PURE=1
(engines.compiled), and compares: the two builds must give the same outcome and the same trace on
every board, under every edition. An engine error is an answer too, and compared like one.

    python tests/parity_digest.py SEED SMALL LARGE CARDS
"""

from __future__ import annotations

import hashlib
import json
import sys

from diffcheck.boards.generate import LARGE, SMALL, seeded_boards
from diffcheck.catalogue import expand_board
from diffcheck.search.worker import chunk_boards
from engines import COMPILED, get_engine
from engines.board import Board
from rulesets.editions import EDITIONS


def digest(engine, data: dict) -> str:
    """One board's answer under one engine: its outcome, plain and explained, and the trace's entries."""
    try:
        outcome, trace = engine.explain(Board.from_dict(data))
        plain = engine.evaluate(Board.from_dict(data))
        text = json.dumps([outcome, plain, [repr(entry) for entry in trace]], sort_keys=True, default=repr)
    except Exception as exc:  # noqa: BLE001 - compared, not hidden
        text = f"{type(exc).__name__}: {exc}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def main() -> None:
    seed, small, large, cards = (int(a) for a in sys.argv[1:5])
    boards = seeded_boards(seed, small, SMALL) + seeded_boards(seed, large, LARGE)
    boards += [expand_board(b) for b in chunk_boards(seed, 0, cards, "cards")]
    answers = {e.key: [digest(get_engine(e.key), b) for b in boards] for e in EDITIONS}
    json.dump({"compiled": COMPILED, "boards": len(boards), "answers": answers}, sys.stdout)


if __name__ == "__main__":
    main()
