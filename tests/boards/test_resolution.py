"""A resolved effect's amounts, fixed as it resolved: read from the board as it stood at the effect's timestamp
(engines.layers.resolution), given outright (a cast's x), and a warning where the board cannot know them
(diffcheck.boards.resolution).

The rules: an effect of a resolving spell or ability that reads the game for a number reads it once, as it
resolves (418.3c and 413.2f of 2006-10-01; 611.2d and 608.2g of 2009-10-05; 608.2h of 2026-01-16).
"""

from __future__ import annotations

import pytest

from diffcheck.boards.loading import BoardError, board_from_data
from diffcheck.boards.resolution import unknowable
from engines import get_engine
from engines.layers.resolution import before
from engines.board.trace import Note

# Grizzly Bears (ts 1), then an effect (ts 2) that gives it +X/+X where X is the number of creatures you
# control, then Gray Ogre (ts 3), which entered after it resolved.
COUNTING = {
    "objects": [{"id": "bears", "types": ["creature"], "power": 2, "toughness": 2, "timestamp": 1},
                {"id": "ogre", "types": ["creature"], "power": 2, "toughness": 2, "timestamp": 3}],
    "effects": [{"id": "pump", "affects": ["bears"], "timestamp": 2,
                 "pt": {"modify": [{"count": {"types": ["creature"], "controller": "you"}}, 0]}}],
}


@pytest.mark.parametrize("rules", ["cr418", "cr613", "current"])
def test_a_count_is_read_as_the_effect_resolved_not_now(rules):
    # As it resolved, you controlled the Bears alone: X = 1 (the Ogre came later), so the Bears are 3/2; read
    # now it would be 2, and the Bears 4/2.
    bears = get_engine(rules).evaluate(board_from_data(COUNTING))["objects"]["bears"]
    assert (bears["power"], bears["toughness"]) == (3, 2)


def test_the_board_as_it_resolved_holds_what_came_before_and_what_it_affected():
    board = board_from_data({
        **COUNTING,
        "objects": COUNTING["objects"] + [
            # An Aura that entered after the effect, attached to the Bears: not there then.
            {"id": "aura", "types": ["enchantment"], "subtypes": ["aura"], "attached_to": "bears", "timestamp": 4}],
        "graveyards": {"you": [{"id": "early", "types": ["creature"], "timestamp": 0},
                               {"id": "late", "types": ["creature"], "timestamp": 5},
                               {"id": "undated", "types": ["creature"]}]},
    })
    then = before(board, board.effects[0])
    assert [p.id for p in then.objects] == ["bears"]
    assert then.effects == ()
    # A card that entered its zone after the effect was not there; one without a timestamp is taken to have been.
    assert [c.id for c in dict(then.graveyards)["you"]] == ["early", "undated"]


def test_an_effect_that_names_a_later_object_keeps_it_whole():
    # The effect reads the Ogre's power, and the Ogre has a later timestamp (it may have got a new one): the board
    # as it resolved keeps the Ogre, so that the value has what it names; judge warns it cannot know it.
    data = {**COUNTING, "effects": [{"id": "pump", "affects": ["bears"], "timestamp": 2,
                                     "pt": {"modify": [{"power_of": "ogre"}, 0]}}]}
    board = board_from_data(data)
    assert [p.id for p in before(board, board.effects[0]).objects] == ["bears", "ogre"]
    assert any("ogre as it was then" in w for w in unknowable(board))


def test_judge_explains_what_each_amount_came_to_with_the_documents_rules():
    board = board_from_data(COUNTING)
    for rules, cited in (("cr418", ("418.3c", "413.2f")), ("current", ("611.2d", "608.2h"))):
        _, trace = get_engine(rules).explain(board)
        notes = [e for e in trace if isinstance(e, Note) and "as it resolved" in e.text]
        assert len(notes) == 1 and "P/T +1/+0" in notes[0].text, rules
        assert set(cited) | {"decision: resolved_values"} <= set(notes[0].rules), rules


@pytest.mark.parametrize("value, words", [
    ({"life": "you"}, "a life total"),
    ({"count": {"types": ["creature"], "tapped": True}}, "tapped"),
    ({"count": {"types": ["creature"]}, "zone": "graveyard"}, "which cards were in graveyards"),
    ({"power_of": "ogre"}, "ogre as it was then"),
])
def test_judge_warns_where_the_board_cannot_know_what_an_amount_read(value, words):
    data = {**COUNTING, "graveyards": {"you": [{"types": ["creature"]}]},
            "effects": [{"id": "pump", "affects": ["bears"], "timestamp": 2, "pt": {"modify": [value, 0]}}]}
    (warning,) = unknowable(board_from_data(data))
    assert warning.startswith("effects[0] (pump): ") and words in warning and "x: N" in warning


def test_no_warning_where_the_timestamps_tell_it_all():
    assert unknowable(board_from_data(COUNTING)) == []


def test_counters_put_on_after_the_effect_are_a_warning_where_the_amount_reads_them():
    data = {**COUNTING, "effects": [{"id": "pump", "affects": ["bears"], "timestamp": 2,
                                     "pt": {"modify": [{"power_of": "bears"}, 0]}}]}
    data["objects"] = [{**COUNTING["objects"][0], "counters": {"+1/+1": 1}, "counter_timestamps": {"+1/+1": 4}},
                       COUNTING["objects"][1]]
    (warning,) = unknowable(board_from_data(data))
    assert "the counters on bears then" in warning


CRATERHOOF = {"objects": [{"card": "Grizzly Bears", "id": "bears"}, {"card": "Craterhoof Behemoth", "id": "hoof"}],
              "effects": [{"cast": "Craterhoof Behemoth", "ability": "stampede", "targets": ["bears", "hoof"]}]}


def test_a_cast_takes_the_number_its_amounts_came_to_as_x():
    # A creature that has died since is on no board: the judge says X was 5. Every amount the trigger read
    # is then 5 (611.2d): the Bears 2/2 + 5/5 = 7/7; no warning, the board knew.
    data = {**CRATERHOOF, "effects": [{**CRATERHOOF["effects"][0], "x": 5}]}
    board = board_from_data(data)
    assert get_engine("current").evaluate(board)["objects"]["bears"]["power"] == 7
    assert board.effects[0].source == "Craterhoof Behemoth (stampede), x 5"
    assert unknowable(board) == []
    # Without it, the board as it stood: the Bears and the Behemoth, X = 2.
    assert get_engine("current").evaluate(board_from_data(CRATERHOOF))["objects"]["bears"]["power"] == 4


def test_x_on_a_cast_that_reads_nothing_is_refused_where_it_is():
    data = {"objects": [{"card": "Grizzly Bears", "id": "bears"}],
            "effects": [{"cast": "Giant Growth", "targets": ["bears"], "x": 3}]}
    with pytest.raises(BoardError) as raised:
        board_from_data(data, "board.yaml")
    assert raised.value.where == "effects[0].x" and "takes no x" in raised.value.message


@pytest.mark.parametrize("rules", ["cr418", "cr613", "current"])
def test_each_affected_object_keeps_its_own_mana_value_as_it_resolved(rules):
    # A resolved effect sets each of two artifacts' P/T to its own mana value (3 and 5); then a copy effect
    # makes the second a copy of the first (mana value 3). Each keeps the number it had as the effect
    # resolved (418.3c / 611.2d): 3/3 and 5/5.
    data = {"objects": [{"id": "a", "types": ["artifact"], "mana_value": 3},
                        {"id": "b", "types": ["artifact"], "mana_value": 5}],
            "effects": [{"id": "animate", "affects": ["a", "b"], "types": {"add": ["creature"]},
                         "pt": {"set": ["mana_value", "mana_value"]}},
                        {"id": "copy", "affects": ["b"], "copy": "a"}]}
    objects = get_engine(rules).evaluate(board_from_data(data))["objects"]
    assert (objects["a"]["power"], objects["b"]["power"]) == (3, 5)


def test_judge_says_so_in_a_warning_line_and_still_answers(tmp_path):
    import yaml
    from typer.testing import CliRunner

    from diffcheck.cli import app

    data = {**COUNTING, "effects": [{"id": "pump", "affects": ["bears"], "timestamp": 2,
                                     "pt": {"modify": [{"life": "you"}, 0]}}]}
    path = tmp_path / "life.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    result = CliRunner().invoke(app, ["judge", str(path)])
    assert result.exit_code == 0
    (line,) = [x for x in result.stderr.splitlines() if "as it resolved" in x]
    assert line.startswith(f"warning: {path}: effects[0] (pump): ") and "a life total" in line
    # The answer reads the board's life total, 20 by default (103.3): the Bears 22/2.
    assert "22/2" in result.stdout
