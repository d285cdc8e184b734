"""Every witness board of the committed changelogs is minimal.

A changelog shows each finding's witnesses (minimal boards, shrunk by ``diffcheck.search.shrink``) in
YAML blocks. Minimal means what the shrinker promises: no single step of
``diffcheck.search.reductions`` (removing an object, an effect, a static ability, a part of an
effect body, an id from a list, ...) gives a board that still shows the explanation it was
shrunk for (``diffcheck.search.findings.showing``: the same set of rule changes explains a difference
in the same characteristic). A board that cannot be made smaller that way is what a reader
should see: every object, effect and part in it matters.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from diffcheck.catalogue import expand_board
from diffcheck.search.findings import showing, shown
from diffcheck.search.shrink import is_minimal
from engines import get_engine
from engines.board import Board
from rulesets.editions import changes_between

REPORTS = Path(__file__).parents[2] / "reports"
CHANGELOGS = ("CHANGELOG-cr418-cr613.md", "CHANGELOG-cr418-cr613-cards.md")
_BLOCK = re.compile(r"^```yaml\n(.*?)^```$", re.S | re.M)


def witnesses() -> list[tuple[str, dict]]:
    found = []
    for name in CHANGELOGS:
        text = (REPORTS / name).read_text(encoding="utf-8")
        for n, block in enumerate(_BLOCK.findall(text)):
            found.append((f"{name}#{n}", yaml.safe_load(block)))
    return found


WITNESSES = witnesses()


def test_the_changelogs_show_witnesses():
    assert len(WITNESSES) >= 10


@pytest.mark.parametrize("where, board", WITNESSES, ids=[w for w, _ in WITNESSES])
def test_every_witness_is_minimal(where, board):
    old, new = get_engine("cr418"), get_engine("cr613")
    changes = changes_between("cr418", "cr613")
    plain = Board.from_dict(expand_board(board))
    explanations = shown(plain, old.ruleset, old.evaluate(plain), new.evaluate(plain), changes)
    assert explanations, f"{where} does not diverge"
    # Shrunk for one of the explanations it shows: minimal for that one.
    assert any(is_minimal(board, showing(old, new, old.ruleset, changes, e)) for e in sorted(explanations)), where


def test_every_rule_change_the_changelog_names_is_shown_by_a_board():
    # A rule change no board shows is no change of behaviour (or the format cannot express it:
    # rulesets.inexpressible.NOT_EXPRESSIBLE). The committed changelog's overview counts, per change,
    # the divergent boards its run attributed to it.
    from rulesets.editions import changes_between

    text = (REPORTS / CHANGELOGS[0]).read_text(encoding="utf-8")
    counts = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 3 and cells[1].replace(",", "").isdigit():
            counts[cells[0]] = int(cells[1].replace(",", ""))
    for change in changes_between("cr418", "cr613"):
        assert counts.get(change.title, 0) > 0, change.title


def test_every_rule_change_of_the_chain_is_shown_by_a_case():
    # Each change, applied in the chain's order (to the edition before it and the changes of its own
    # edition before it), changes the outcome of some case board (whose expected outcomes are derived
    # from the rules text): no step of the chain is inert.
    from conftest import case_files, load_case
    from diffcheck.boards.loading import board_from_data
    from diffcheck.reports.timeline import CANNOT_SHOW
    from engines.layered import LayerEngine
    from rulesets.base import BASE
    from rulesets.changes import BY_KEY, CHANGES, derive
    from rulesets.editions import EDITIONS, behaviour

    boards = [board_from_data(load_case(p)["board"], str(p)) for p in case_files()]
    for before, edition in zip(EDITIONS, EDITIONS[1:]):
        ruleset = behaviour(before.key)
        for change in edition.changes:
            old, ruleset = LayerEngine(ruleset), BY_KEY[change].apply(ruleset)
            new = LayerEngine(ruleset)
            if change in CANNOT_SHOW:
                continue  # inert on its own, by the rules (the timeline says why): tested below
            assert any(old.evaluate(b)["objects"] != new.evaluate(b)["objects"] for b in boards), change
    # A change that shows only together with a later one still matters: the newest rules without it differ.
    newest = LayerEngine(behaviour(EDITIONS[-1].key))
    for change in CANNOT_SHOW:
        without = LayerEngine(derive(BASE, [c.key for c in CHANGES if c.key != change]))
        assert any(newest.evaluate(b)["objects"] != without.evaluate(b)["objects"] for b in boards), change


def test_a_creature_whose_engine_leaves_its_pt_undefined_reads_undefined_not_a_dash():
    # An outside engine may answer null P/T for a creature it leaves undefined (docs/external-engines.md); a
    # noncreature has no P/T at all (208.3). A table must not show the two alike.
    from diffcheck.reports.witness import value

    assert value({"types": ["creature"], "power": None, "toughness": None}, "P/T") == "undefined"
    assert value({"types": ["land"], "power": None, "toughness": None}, "P/T") == "-"
    assert value({"types": ["creature"], "power": 0, "toughness": 0}, "P/T") == "0/0"
