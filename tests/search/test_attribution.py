"""Rule changes as data, hybrid rulesets, and rules bisect."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings

from conftest import CASES, load_case
from diffcheck.boards.loading import board_from_data, load_board
from diffcheck.boards.generate import seeded_boards
from diffcheck.boards.strategies import board_values
from diffcheck.search.attribution import bisect, hybrid_engine
from engines import get_engine
from rulesets import CR418, CR613
from rulesets.changes import CHANGES, derive
from rulesets.editions import changes_between

BETWEEN = changes_between("cr418", "cr613")
ALL = tuple(c.key for c in BETWEEN)
EXAMPLES = CASES.parent.parent / "diffcheck" / "examples"


def attribute(board):
    return bisect(board, CR418, get_engine("cr613").evaluate(board), BETWEEN)


def case_board(name: str):
    return board_from_data(load_case(CASES / f"{name}.yaml")["board"])


def test_every_change_is_named_and_cited():
    assert len({c.key for c in CHANGES}) == len(CHANGES)
    for c in CHANGES:
        assert c.old_rule and c.new_rule and c.summary.endswith(".") and c.title


def test_all_changes_applied_to_the_old_rules_are_the_2009_plan():
    # Every behavioural field of a ruleset; what is left (titles, citations, words) changes traces only.
    hybrid = derive(CR418, ALL)
    assert [s.key for s in hybrid.sublayers] == [s.key for s in CR613.sublayers]
    assert [s.cda_first for s in hybrid.sublayers] == [s.cda_first for s in CR613.sublayers]
    assert dict(hybrid.placement) == dict(CR613.placement)
    assert hybrid.counters_sublayer == CR613.counters_sublayer
    assert hybrid.cda_dependency == CR613.cda_dependency
    assert hybrid.cda_characteristics == CR613.cda_characteristics


def test_no_change_is_the_old_plan():
    same = derive(CR418, ())
    assert [s.key for s in same.sublayers] == [s.key for s in CR418.sublayers]
    assert dict(same.placement) == dict(CR418.placement)


def test_every_hybrid_is_a_ruleset_the_machine_runs():
    board = load_board(EXAMPLES / "gray-ogre.yaml")
    for size in range(len(ALL) + 1):
        for combo in combinations(ALL, size):
            outcome = hybrid_engine(CR418, combo).evaluate(board)
            assert set(outcome["objects"]) == {"ogre", "anthem"}


@settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(board_values())
def test_the_hybrid_with_every_change_gives_the_2009_outcomes(board):
    assert hybrid_engine(CR418, ALL).evaluate(board)["objects"] == get_engine("cr613").evaluate(board)["objects"]


@pytest.mark.parametrize("example", ["gray-ogre", "svogthos"])
def test_the_p_t_examples_bisect_to_resolved_modifiers(example):
    # 418.5a Examples (Gray Ogre 1/4, Svogthos 10/10) against 613.4 / 613.5 (5/8, 11/11): the resolved
    # +N/+N that a later P/T-setting effect overwrote in 6b survives in 7c.
    found = attribute(load_board(EXAMPLES / f"{example}.yaml"))
    assert found.changes == ("resolved-modifiers-after-setting",) and not found.together and found.explained


def test_the_color_ability_split_bisects_to_the_ability_layer():
    # "Creatures with flying are blue" and a later "loses flying": in the old layer 5 the color effect
    # depends on the loss (418.5c-d); in 2009 colors (613.1e) apply before abilities change (613.1f).
    found = attribute(case_board("dep-418-color-filter-on-lost-ability"))
    assert found.changes == ("abilities-own-layer",)


def test_counters_against_a_power_filter_bisect_to_static_modifiers():
    # 418.5a: counters (6c) before static modifiers (6d); 613.3: modifiers (7c) before counters (7d).
    found = attribute(case_board("layer-7d-counters-vs-static-power-filter"))
    assert found.changes == ("static-modifiers-before-counters",)


def test_two_single_changes_that_each_explain_a_board_are_both_named():
    # An "is all colors" CDA and a later "loses all abilities": either moving abilities to layer 6
    # (612.1f, 2009) or taking the CDA out of dependency (418.5c(c), 2007) lets the CDA apply before the
    # loss. Equal sizes are reported in the order the changes came: the 2007 one first.
    found = attribute(case_board("dep-cda-color-vs-lose-all-abilities"))
    assert found.changes == ("cda-out-of-dependency",)
    assert ("abilities-own-layer",) in found.alternatives


def test_a_board_without_divergence_bisects_to_nothing():
    board = load_board(EXAMPLES / "blood-moon-urborg.yaml")
    found = attribute(board)
    assert found.changes == () and found.explained and not found.together


def test_changes_that_only_matter_together():
    # Derived by hand. A 0/0 creature (ts 3) with a printed ability "as long as it's your turn, it is 0/0"
    # (a conditional P/T-setting ability, marked characteristic-defining); a resolved "becomes 0/1" (ts 1) and a
    # resolved +0/+1 (ts 2). It is its controller's turn.
    # Old rules (2006-10-01): the ability is a characteristic-setting ability (405.2 sets no condition on one):
    # 6a first, 0/0; then 6b in timestamp order: 0/1, +0/+1: 0/2.
    # Only cda-unconditional (405.2 of 2007-05: an ability that sets a value only under a condition is none):
    # an ordinary static P/T setting in 6b at ts 3, after the other two: 0/1, 0/2, then 0/0: 0/0.
    # Only resolved-modifiers-after-setting: the ability in 6a (0/0), the setting in 6b (0/1), the +0/+1 after
    # it: 0/2, as before.
    # Both (2009): 604.3a(5): no characteristic-defining ability; 7b in timestamp order, 0/1 then 0/0; 7c: +0/+1:
    # 0/1. Neither change alone gives it.
    board = board_from_data({
        "objects": [{"id": "beast", "types": ["creature"], "power": 0, "toughness": 0, "timestamp": 3, "static": [
            {"text": "as long as it's your turn, it's 0/0", "cda": True, "condition": {"your_turn": True},
             "pt": {"set": [0, 0]}}]}],
        "effects": [{"id": "set", "affects": ["beast"], "pt": {"set": [0, 1]}, "timestamp": 1},
                    {"id": "pump", "affects": ["beast"], "pt": {"modify": [0, 1]}, "timestamp": 2}],
    })
    assert get_engine("cr418").evaluate(board)["objects"]["beast"]["toughness"] == 2
    assert get_engine("cr613").evaluate(board)["objects"]["beast"]["toughness"] == 1
    found = attribute(board)
    assert found.changes == ("cda-unconditional", "resolved-modifiers-after-setting")
    assert found.together and found.alternatives == ()


def test_cli_bisect(tmp_path):
    import json

    from typer.testing import CliRunner

    from diffcheck.cli import app

    runner = CliRunner()
    result = runner.invoke(app, ["bisect", str(EXAMPLES / "gray-ogre.yaml")])
    assert result.exit_code == 0
    assert "Resolved P/T modifiers apply after P/T setting (418.5a (6b) -> 612.3c (7c))" in result.output
    result = runner.invoke(app, ["bisect", str(EXAMPLES / "gray-ogre.yaml"), "--json"])
    assert json.loads(result.output)["changes"] == ["resolved-modifiers-after-setting"]
    result = runner.invoke(app, ["bisect", str(EXAMPLES / "blood-moon-urborg.yaml")])
    assert result.exit_code == 0 and "no difference" in result.output
    result = runner.invoke(app, ["bisect", str(EXAMPLES / "gray-ogre.yaml"), "--from", "doubles.engines:FORGETS_COUNTERS"])
    assert result.exit_code == 2 and "no ruleset" in result.output


def test_hybrids_that_play_by_the_same_rules_are_numbered_alike_and_evaluated_once():
    # Between 1999-06-01 (1999-04) and 2006-06-01 (2005-10) two of the 14 rule changes, creature-types-changeable
    # and aura-order-chosen, change only how an answer is worded, applied to 1999-04's rules: each subset with one of
    # them plays by the rules of the subset without it, and is numbered alike (rules_played); subsets that differ in
    # a change that alters a rule are not.
    from diffcheck.search.attribution import hybrid_rules
    from diffcheck.search.findings import _value, differences, explain

    old = get_engine("1999-06-01").ruleset
    changes = changes_between("1999-06-01", "2006-06-01")
    assert hybrid_rules(old, ("switch-last", "creature-types-changeable")) == hybrid_rules(old, ("switch-last",))
    assert hybrid_rules(old, ("aura-order-chosen",)) == hybrid_rules(old, ())
    assert hybrid_rules(old, ("switch-last",)) != hybrid_rules(old, ("pt-sublayers",)) != hybrid_rules(old, ())
    # On generated boards that diverge, bisect and explain answer as they do evaluating every subset's hybrid.
    new = get_engine("2006-06-01")
    checked = 0
    for data in seeded_boards(3, 40):
        board = board_from_data(data)
        y = new.evaluate(board)
        if get_engine("1999-06-01").evaluate(board)["objects"] == y["objects"]:
            continue
        checked += 1
        keys = tuple(c.key for c in changes)
        smallest = next((size for size in range(5) for combo in combinations(keys, size)
                         if hybrid_engine(old, combo).evaluate(board)["objects"] == y["objects"]), None)
        found = bisect(board, old, y, changes)
        if smallest is None:
            assert not found.explained
        else:
            every = [combo for combo in combinations(keys, smallest)
                     if hybrid_engine(old, combo).evaluate(board)["objects"] == y["objects"]]
            assert (found.changes, *found.alternatives) == tuple(every)
        x = get_engine("1999-06-01").evaluate(board)
        pending = differences(x, y)
        by_hand = {}
        for pair in pending:
            by_hand[pair] = next((combo for size in range(1, 5) for combo in combinations(keys, size)
                                  if _value(hybrid_engine(old, combo).evaluate(board)["objects"], *pair)
                                  == _value(y["objects"], *pair)), ())
        assert explain(board, old, y, changes, pending) == by_hand
    assert checked >= 5
