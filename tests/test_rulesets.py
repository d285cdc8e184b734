"""The rulesets are data the layer machine can rely on, and they say what a judge needs to know."""

from __future__ import annotations

import re

import pytest

from rulesets import CR418, CR613, ORIGINS, PART_KINDS, RESOLVED, RULESETS, STATIC

RULE = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")


@pytest.mark.parametrize("ruleset", list(RULESETS.values()), ids=list(RULESETS))
def test_ruleset_is_complete_and_dated(ruleset):
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", ruleset.document_date)
    keys = [s.key for s in ruleset.sublayers]
    assert len(keys) == len(set(keys))
    for kind in PART_KINDS:
        for origin in (STATIC, RESOLVED):
            assert ruleset.placement[(kind, origin)] in keys
    assert ruleset.counters_sublayer in keys
    for topic, rule in ruleset.citations.items():
        assert RULE.match(rule), (topic, rule)
    for decision in ruleset.decisions:
        assert decision.rule and decision.choice


def test_the_layer_table_of_the_board_format_reference():
    # The table "Effect parts" of docs/board-format.md, row by row, from 418.5a and 613.1/613.3:
    # (kind, origin) -> (old sublayer, 2009 sublayer).
    table = {
        ("copy", STATIC): ("1", "1"),
        ("control", RESOLVED): ("2", "2"),
        ("text", STATIC): ("3", "3"),
        ("type", STATIC): ("4", "4"),
        ("color", RESOLVED): ("5", "5"),
        ("ability", STATIC): ("5", "6"),  # 418.5a layer 5 / 613.1f layer 6
        ("pt_set", "cda"): ("6a", "7a"),
        ("pt_set", STATIC): ("6b", "7b"),
        ("pt_modify", RESOLVED): ("6b", "7c"),  # 418.5a 6b / 613.3c
        ("pt_modify", STATIC): ("6d", "7c"),  # 418.5a 6d / 613.3c
        ("pt_switch", RESOLVED): ("6e", "7e"),  # 418.5i / 613.3e
    }
    for (kind, origin), (old, new) in table.items():
        assert CR418.placement[(kind, origin)] == old, (kind, origin)
        assert CR613.placement[(kind, origin)] == new, (kind, origin)
    assert (CR418.counters_sublayer, CR613.counters_sublayer) == ("6c", "7d")


def test_characteristic_defining_policies_differ_as_the_rules_do():
    # 418.5d lets dependency move a characteristic-setting ability; 613.7a(c) takes CDAs out of dependency.
    assert CR418.cda_in_dependency and not CR613.cda_in_dependency
    # 418.5a: CSAs first in layers 1-5; 613.2: CDAs first in layers 1-6.
    assert [s.key for s in CR418.sublayers if s.cda_first] == ["1", "2", "3", "4", "5"]
    assert [s.key for s in CR613.sublayers if s.cda_first] == ["1", "2", "3", "4", "5", "6"]
    # 604.3a(1): a 2009 CDA defines colors, subtypes or P/T only; old 405.2 also types and supertypes.
    assert CR613.cda_characteristics < CR418.cda_characteristics


def test_old_words():
    assert CR418.say("the battlefield") == "play"
    assert CR613.say("the battlefield") == "the battlefield"


def test_every_origin_is_known():
    assert set(ORIGINS) == {"cda", STATIC, RESOLVED}
