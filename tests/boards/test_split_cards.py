"""Split cards outside the battlefield (708 until 2018, then 709): one card with two halves. Until 2017-04-28 such a
card had two sets of characteristics; a comparison of one held if either half's did, each comparison on its own
(708.6a, 708.6c of CR 2017-01-19), and an amount read the two together (708.5a). From 2017-04-28 (708.4, "a change
from previous rules") it has the halves' characteristics combined: both names, each half's card types and colors,
and the combined mana cost, whose mana value is the sum (708.4b). The rule change is split-cards-combined."""

from __future__ import annotations

import pytest

from diffcheck.boards.loading import board_from_data
from diffcheck.boards.notation import board_from_cards
from engines import get_engine

RESEARCH = {"halves": [{"name": "Research", "mana_cost": "{G}{U}"}, {"name": "Development", "mana_cost": "{3}{U}{R}"}],
            "types": ["sorcery"], "colors": ["green", "blue", "red"]}


def _bear_power(filter_: dict, card: dict, rules: str) -> int:
    """A 2/2 under "+1/+0 for each card in graveyards that the filter matches", the card in a graveyard."""
    board = {"objects": [
        {"id": "banner", "types": ["enchantment"], "static": [{
            "affects": {"filter": {"types": ["creature"]}},
            "pt": {"modify": [{"count": filter_, "zone": "graveyard"}, 0]}}]},
        {"id": "bear", "types": ["creature"], "power": 2, "toughness": 2}],
        "graveyards": {"you": [card]}}
    return get_engine(rules).evaluate(board_from_data(board, "board"))["objects"]["bear"]["power"]


def test_a_board_gives_the_halves_and_the_card_has_both_names_and_the_combined_cost():
    # 709.4b: the mana cost of Research // Development is {G}{U}{3}{U}{R}, mana value 2 + 5 = 7.
    card = board_from_data({"objects": [], "graveyards": {"you": [RESEARCH]}}, "board").graveyards[0][1][0]
    assert (card.name, card.mana_cost, card.mana_value) == ("Research // Development", "{G}{U}{3}{U}{R}", 7)


@pytest.mark.parametrize("rules, power", [("2016-04", 3), ("cr613", 3), ("2017-04", 2), ("current", 2)])
def test_each_comparison_may_read_a_different_half_until_2017(rules, power):
    # "Mana value exactly 3" is two comparisons, at least 3 and at most 3. Until 2017-04 each holds if either half's
    # does, and they may involve different halves (708.6c): Development's 5 is at least 3, Research's 2 at most 3,
    # so the card counts: 3/2. From 2017-04 the card's mana value is 7 (708.4b): it does not count, 2/2.
    assert _bear_power({"mana_value_at_least": 3, "mana_value_at_most": 3}, RESEARCH, rules) == power


@pytest.mark.parametrize("rules", ["2016-04", "current"])
def test_a_split_card_has_either_name_and_both_halves_colors(rules):
    # A filter naming one half matches the card (708.7 until 2017; 709.4a), and Fire // Ice is red and blue in
    # every zone but the stack (708.3; 709.4b): each filter counts it once, 3/2 in both eras.
    fire_ice = {"halves": [{"name": "Fire", "mana_cost": "{1}{R}"}, {"name": "Ice", "mana_cost": "{1}{U}"}],
                "types": ["instant"], "colors": ["red", "blue"]}
    assert _bear_power({"name": "Ice"}, fire_ice, rules) == 3
    assert _bear_power({"colors": ["blue"]}, fire_ice, rules) == 3
    assert _bear_power({"name": "Fire // Ice"}, fire_ice, rules) == 3
    assert _bear_power({"name": "Fire // Ice // Water"}, fire_ice, rules) == 2


@pytest.mark.parametrize("rules", ["2016-04", "current"])
def test_tarmogoyf_counts_both_card_types_of_a_split_card(rules):
    # Commit is an instant and Memory a sorcery: the card has both card types (708.5 "two answers" until 2017;
    # 709.4c), so Tarmogoyf counts two: 2/3.
    found = get_engine(rules).evaluate(board_from_data(
        board_from_cards("Tarmogoyf, Commit // Memory~graveyard"), "--cards"))["objects"]["tarmogoyf"]
    assert (found["power"], found["toughness"]) == (2, 3)
