"""The rules nearest to an answer (``diffcheck.search.nearest``): editions first, then an edition with one rule
change added or reverted. Expected answers come from the rulesets' own chain, as an outside engine that
implements exactly those rules would give them."""

from __future__ import annotations

from diffcheck.search.nearest import Nearest, chain_of, describe_all, hybrid, meaning, nearest
from engines import get_engine
from engines.board import Board
from rulesets.editions import EDITIONS, changes_between

# The Gray Ogre of 418.5a / 613.4 (resolved modifiers after setting: 1/4 under the six layers, 5/8 under seven)
# beside a creature that makes itself white while an older enchantment takes its abilities (abilities get a
# layer of their own in 2009: under the six layers the colors and the removal share layer 5 by timestamp).
BOARD = Board.from_dict({"objects": [
    {"id": "ogre", "types": ["creature"], "power": 2, "toughness": 2, "counters": {"+1/+1": 1}, "timestamp": 1},
    {"id": "anthem", "types": ["enchantment"], "timestamp": 3, "static": [
        {"text": "creatures get +0/+2", "affects": {"filter": {"types": ["creature"]}}, "pt": {"modify": [0, 2]}}]},
    {"id": "o1", "types": ["creature"], "power": 0, "toughness": 0, "timestamp": 6, "static": [
        {"text": "o1-s1", "affects": "self", "colors": {"add": ["white"]}}]},
    {"id": "o2", "types": ["enchantment"], "timestamp": 5, "static": [
        {"text": "o2-s4", "affects": ["o1"], "abilities": {"remove_all": True}}]},
], "effects": [
    {"id": "plus-four", "affects": ["ogre"], "pt": {"modify": [4, 4]}, "timestamp": 2},
    {"id": "becomes", "affects": ["ogre"], "pt": {"set": [0, 1]}, "timestamp": 4},
]})


def test_an_answer_some_edition_gives_names_those_editions_as_ranges():
    found = nearest(BOARD, get_engine("cr613").evaluate(BOARD))
    assert Nearest("2009-07") in found and Nearest("2007-05") not in found
    assert all(not n.added and not n.reverted for n in found)
    assert describe_all(found).startswith("answers like the editions from 2009-07 to")


def test_an_answer_no_edition_gives_is_found_one_change_away():
    # The seven-layer rules with abilities back among the colors: the Ogre is 5/8 as in 2009, o1's whiteness
    # goes as in 2006. No edition gives both; 2009-07 without abilities-own-layer does.
    assert "abilities-own-layer" in {c.key for c in changes_between("2007-05", "2009-07")}
    target = hybrid("2009-07", chain_of("2009-07") - {"abilities-own-layer"}).evaluate(BOARD)
    assert all(get_engine(e.key).evaluate(BOARD)["objects"] != target["objects"] for e in EDITIONS)
    found = nearest(BOARD, target)
    assert Nearest("2009-07", reverted=("abilities-own-layer",)) in found
    assert "answers like 2009-07 without abilities-own-layer" in describe_all(found)


def test_the_nearest_rules_are_told_as_the_rule_change_an_engine_misses():
    # An engine meant to follow 2009-07 that answers as 2009-07 without abilities-own-layer misses that change:
    # the sentence names it with its title, so an author reads what the engine still does the old way.
    title = next(c.title for c in EDITIONS[[e.key for e in EDITIONS].index("2009-07")].rule_changes
                 if c.key == "abilities-own-layer")
    told = meaning((Nearest("2009-07", reverted=("abilities-own-layer",)),), "2009-07")
    assert told is not None and "still as before the rule change abilities-own-layer" in told and title in told
    # Answers like editions up to 2007-05 only, against 2009-07: the rules changed with the next edition, whose
    # changes are named; an answer the newest rules themselves give means nothing is missed.
    following = EDITIONS[[e.key for e in EDITIONS].index("2007-05") + 1]
    told = meaning((Nearest("2005-10"), Nearest("2007-05")), "2009-07")
    assert told is not None and f"before edition {following.key}" in told
    assert all(c.key in told for c in following.rule_changes)
    assert meaning((Nearest("2009-07"),), "2009-07") is None and meaning((), "2009-07") is None


def test_an_answer_nothing_near_gives_says_so():
    broken = {"ruleset": "x", "objects": {**get_engine("cr613").evaluate(BOARD)["objects"]}}
    broken["objects"]["ogre"] = {**broken["objects"]["ogre"], "power": 99}
    assert nearest(BOARD, broken) == ()
    assert describe_all(()).startswith("no edition")


def test_a_report_against_an_engine_without_rules_names_the_nearest_rules_per_witness(tmp_path):
    # cr613 against the double that forgets counters: every difference is unexplained (no rule change makes
    # counters change nothing), and on each witness board no edition, nor one a change away, answers as it does.
    from diffcheck.reports.changelog import write_changelog
    from diffcheck.search.harness import Harness, RunConfig

    Harness(RunConfig(("cr613", "doubles.engines:FORGETS_COUNTERS"), 1, 40, None, 1), tmp_path).run()
    write_changelog(tmp_path, "md", tmp_path / "CHANGELOG.md")
    text = " ".join((tmp_path / "CHANGELOG.md").read_text(encoding="utf-8").split())
    assert "Nearest rules to doubles.engines:FORGETS\\_COUNTERS's answer on witness 1's board: no edition" in text
    assert "has no rules of its own" in text and "## Differences no board can show" not in text
