"""An outside engine (protocol 1) of today's rules that misses one rule change: the test double for ``bisect
--from current --to mine``.

    python tests/cli/engine_without_a_change.py [--without CHANGE]

It is ``tests/doubles/external_engine.py`` (the protocol, the handshake) answering with the newest edition's
rules, all its rule changes but CHANGE (default keyword-counters) applied to the first edition. An engine
author's engine of today's rules that forgot one change answers so; which rules are nearest to its answer is
then known in advance, where a real engine's would have to be worked out board by board.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "doubles")]

import external_engine  # noqa: E402
from engines.layered import LayerEngine  # noqa: E402
from rulesets.base import BASE  # noqa: E402
from rulesets.changes import derive  # noqa: E402
from rulesets.editions import EDITIONS  # noqa: E402


def without(change: str) -> LayerEngine:
    """Every rule change of the chain but ``change``, applied to the first edition."""
    chain = [key for edition in EDITIONS for key in edition.changes]
    if change not in chain:
        raise SystemExit(f"{change}: not a rule change of the chain")
    return LayerEngine(derive(BASE, [key for key in chain if key != change], f"current-without-{change}"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--without", default="keyword-counters", metavar="CHANGE")
    args, rest = parser.parse_known_args()
    engine = without(args.without)
    engine.description = f"today's rules without the rule change {args.without} (a test double)"
    # external_engine answers with the engine its get_engine gives; here, this one.
    external_engine.get_engine = lambda _name: engine
    return external_engine.main(["--name", engine.name, *rest])


if __name__ == "__main__":
    sys.exit(main())
