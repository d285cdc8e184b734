"""Every case file: a board, and the outcome the rules text (or a derivation citing it) gives.

Each file under tests/cases/ holds ``board`` (contract v1), ``expect`` (per ruleset, per
object or card outside the battlefield, the fields asserted; ``null`` for a card the layers leave
as printed) and, in comments, the derivation with rule numbers.
"""

from __future__ import annotations

import pytest

from conftest import case_files, load_case
from diffcheck.boards.loading import board_from_data
from engines import get_engine

CASES = case_files()


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path):
    case = load_case(path)
    board = board_from_data(case["board"], str(path))
    assert case["expect"], "a case asserts something"
    for ruleset, objects in case["expect"].items():
        outcome = get_engine(ruleset).evaluate(board)
        # Explaining takes other paths through the machine (every dependency decided again):
        # it must give the same outcome.
        assert get_engine(ruleset).explain(board)[0] == outcome, ruleset
        for oid, fields in objects.items():
            # A card outside the battlefield is in the outcome's cards, if the layers changed it.
            where = outcome["objects"] if oid in outcome["objects"] else outcome.get("cards", {})
            if fields is None:  # the case says the card is unchanged
                assert oid not in where, f"{ruleset} {oid}"
                continue
            got = {k: where[oid][k] for k in fields}
            assert got == fields, f"{ruleset} {oid}"


def test_there_are_cases_for_every_seed_example():
    names = {p.stem for p in CASES}
    for example in ("gray-ogre", "svogthos", "crusade", "switch", "wild-mongrel", "grab-the-reins",
                    "noncreature-artifacts", "flying-auras", "white"):
        assert any(example in n for n in names), example
