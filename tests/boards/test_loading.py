"""Tests for diffcheck.boards.loading: valid boards load; every kind of bad board gets one clear BoardError."""

from __future__ import annotations

import copy
import json
import re
from typing import Any, Callable

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from diffcheck.boards.fuzz import at, sites
from diffcheck.boards.limits import MAX_CARDS, MAX_EFFECTS, MAX_ITEMS, MAX_OBJECTS, ordinal
from diffcheck.boards.loading import BoardError, board_from_data, board_schema, load_board, validate_board_data
from engines.board import Board, Count, Ids, Matching, PTSetPart, StaticAbility

# A board that uses every part of contract v1 at least once.
VALID_YAML = """\
players: [alice, bob]
notes: every part of contract v1 at least once
objects:
  - id: ogre
    name: Gray Ogre
    controller: alice
    types: [creature]
    subtypes: [ogre]
    colors: [red]
    power: 2
    toughness: 2
    mana_value: 3
    abilities: [flying, protection from red]
    counters: {"+1/+1": 1, charge: 2}
    timestamp: 1
  - id: anthem
    name: Glorious Anthem
    controller: bob
    owner: alice
    types: [enchantment]
    timestamp: 2
    static:
      - text: Other white creatures get +1/+1
        affects: {filter: {types: [creature], colors: [white], other: true, controller: you, mana_value_at_most: 5}}
        pt: {modify: [1, 1]}
  - id: goyf
    types: [creature]
    subtypes: [lhurgoyf]
    colors: [green]
    timestamp: 3
    static:
      - text: Lhurgoyf P/T
        cda: true
        pt: {set: [{count: {types: [creature], name: Grizzly Bears, owner: alice, mana_value_at_least: 1},
                    zone: graveyard}, mana_value]}
  - id: aura
    types: [enchantment]
    subtypes: [aura]
    supertypes: [legendary]
    attached_to: ogre
    timestamp: 4
    static:
      - affects: attached
        abilities: {add: [{text: Gets +1/+1 per Forest, pt: {modify: [{count: {subtypes: [forest]}}, 0]}}, trample]}
      - affects: [goyf]
        colors: {set: []}
        types: {add: [artifact]}
        subtypes: {remove: [lhurgoyf]}
        supertypes: {set: []}
graveyards:
  alice: [{name: Grizzly Bears, types: [creature], power: 2, toughness: 2, mana_value: 2}, {name: Grizzly Bears}]
  bob: []
effects:
  - id: growth
    source: Giant Growth
    controller: alice
    timestamp: 5
    affects: [ogre]
    pt: {modify: [3, 3], switch: true}
  - id: sleight
    timestamp: 6
    affects: [anthem, aura]
    change_text: {white: black, ogre: goblin}
    control: you
  - id: clone
    controller: bob
    timestamp: 7
    affects: [goyf]
    copy: ogre
    abilities: {remove: [flying, Lhurgoyf P/T], remove_all: true}
"""

JARGON = ("valid under", "is not of type", "Additional properties", "does not match", "is a required property",
          "is too short", "is too long", "non-unique", "Traceback")


def valid_data() -> dict[str, Any]:
    return yaml.safe_load(VALID_YAML)


def error_for(change: Callable[[dict[str, Any]], Any], data: dict[str, Any] | None = None) -> BoardError:
    """The BoardError for the valid board after ``change``; fails the test if there is none."""
    data = valid_data() if data is None else data
    change(data)
    with pytest.raises(BoardError) as caught:
        board_from_data(data, file="board.yaml")
    err = caught.value
    assert not any(word in err.message for word in JARGON), err.message
    return err


def assert_error(err: BoardError, where: str, *words: str) -> None:
    assert err.where == where, str(err)
    for word in words:
        assert word in err.message, f"{word!r} not in {err.message!r}"


# ---------------------------------------------------------------- valid boards


def test_valid_yaml_board_loads(tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text(VALID_YAML, encoding="utf-8")
    board = load_board(path)
    assert board.players == ("alice", "bob")
    assert [o.id for o in board.objects] == ["ogre", "anthem", "goyf", "aura"]
    goyf = board.object("goyf")
    (cda,) = goyf.static
    assert cda.cda and isinstance(cda.parts[0], PTSetPart) and isinstance(cda.parts[0].power, Count)
    assert isinstance(board.object("anthem").static[0].affects, Matching)
    granted = board.object("aura").static[0].parts[0].add[0]
    assert isinstance(granted, StaticAbility) and granted.label == "Gets +1/+1 per Forest"
    assert board.effects[0].affects == Ids(("ogre",))
    assert board.notes == "every part of contract v1 at least once"


def test_json_board_loads_the_same_as_yaml(tmp_path):
    yaml_path = tmp_path / "board.yml"
    yaml_path.write_text(VALID_YAML, encoding="utf-8")
    json_path = tmp_path / "board.json"
    json_path.write_text(json.dumps(valid_data(), indent=2), encoding="utf-8")
    assert load_board(json_path) == load_board(yaml_path)


def test_unknown_extension_is_tried_as_json_then_yaml(tmp_path):
    as_json = tmp_path / "a.board"
    as_json.write_text(json.dumps(valid_data()), encoding="utf-8")
    as_yaml = tmp_path / "b.board"
    as_yaml.write_text(VALID_YAML, encoding="utf-8")
    assert load_board(as_json) == load_board(as_yaml)


def test_round_trip_through_to_dict():
    board = board_from_data(valid_data())
    assert Board.from_dict(board.to_dict()) == board
    # A saved board (to_dict output) passes validation too, so shrunk boards can be reloaded.
    assert board_from_data(board.to_dict()) == board


def test_defaults_board_loads():
    effect = {"id": "e", "affects": ["a"], "pt": {"set": [0, 1]}}
    board = board_from_data({"objects": [{"id": "a"}, {"id": "b"}], "effects": [effect]})
    assert board.players == ("you", "opponent")
    assert [o.timestamp for o in board.objects] + [board.effects[0].timestamp] == [1, 2, 3]
    assert Board.from_dict(board.to_dict()) == board


def test_empty_mapping_is_an_empty_board():
    assert board_from_data({}).objects == ()


def test_bom_is_accepted(tmp_path):
    path = tmp_path / "board.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(valid_data()).encode())
    assert load_board(path).players == ("alice", "bob")


def test_schema_is_draft_2020_12_and_strict():
    schema = board_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["additionalProperties"] is False
    for name, definition in schema["$defs"].items():
        if definition.get("type") == "object" and "properties" in definition:
            assert definition["additionalProperties"] is False, name


# ---------------------------------------------------------------- reading files


def load_error(tmp_path, name: str, content: bytes) -> BoardError:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(BoardError) as caught:
        load_board(path)
    assert caught.value.file == str(path)
    return caught.value


def test_yaml_syntax_error_has_line_and_column(tmp_path):
    err = load_error(tmp_path, "board.yaml", b"objects:\n  - id: a\n    types: [creature\n")
    assert_error(err, "line 4, column 1", "YAML syntax error")


def test_json_syntax_error_has_line_and_column(tmp_path):
    err = load_error(tmp_path, "board.json", b'{"objects": [\n  {"id": "a",}\n]}')
    assert_error(err, "line 2, column 14", "JSON syntax error")
    assert str(err) == f"{err.file}: line 2, column 14: {err.message}"


def test_non_utf8_bytes(tmp_path):
    err = load_error(tmp_path, "board.yaml", b"objects:\n  - id: caf\xe9\n")
    assert_error(err, "line 2, column 12", "not UTF-8", "0xe9")


def test_repeated_yaml_key(tmp_path):
    err = load_error(tmp_path, "board.yaml", b"objects:\n  - id: a\n    id: b\n")
    assert_error(err, "line 3, column 5", '"id" appears twice')


def test_repeated_json_key(tmp_path):
    err = load_error(tmp_path, "board.json", b'{"objects": [\n {"id": "a",\n  "id": "b"}]}')
    assert_error(err, "line 3, column 3", '"id" appears twice')


def test_bad_yaml_value_has_position(tmp_path):
    err = load_error(tmp_path, "board.yaml", b"notes: 2020-13-45\n")
    assert_error(err, "line 1, column 8", "cannot read this value")


def test_empty_file(tmp_path):
    err = load_error(tmp_path, "board.yaml", b"")
    assert_error(err, "", "empty")
    assert str(err) == f"{err.file}: {err.message}"


def test_missing_file(tmp_path):
    with pytest.raises(BoardError) as caught:
        load_board(tmp_path / "nope.yaml")
    assert_error(caught.value, "", "cannot read the file")


def test_yaml_alias_bomb_is_refused(tmp_path):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    err = load_error(tmp_path, "board.yaml", "\n".join(lines).encode())
    assert "more than" in err.message and "aliases" in err.message


def test_yaml_alias_inside_its_anchor(tmp_path):
    err = load_error(tmp_path, "board.yaml", b"notes: &a [*a]\n")
    assert_error(err, "notes[0]", "contains itself")


def test_deep_nesting_is_refused(tmp_path):
    err = load_error(tmp_path, "board.json", b'{"notes": ' + b"[" * 100_000 + b"]" * 100_000 + b"}")
    assert "nested" in err.message


def test_yaml_boolean_key(tmp_path):
    err = load_error(tmp_path, "board.yaml", b"graveyards: {no: []}\n")
    assert_error(err, "graveyards", "key must be a string", "quote")


def test_yaml_boolean_where_a_name_belongs(tmp_path):
    err = load_error(tmp_path, "board.yaml", b"players: [yes, no]\n")
    assert_error(err, "players[0]", "player name", "found true", "quote")


# ---------------------------------------------------------------- shape: schema errors in words


@pytest.mark.parametrize("root", [[1], "board", 3])
def test_root_must_be_a_mapping(root):
    with pytest.raises(BoardError) as caught:
        validate_board_data(root, "b.json")
    assert_error(caught.value, "", "expected a mapping", "found")


def test_unknown_top_level_key_lists_the_allowed_keys():
    err = error_for(lambda d: d.update(efects=[]))
    assert_error(
        err, "efects", 'unknown key "efects"', 'did you mean "effects"', "players, objects, graveyards, exile, hands, libraries, stack, life, hand_size, effects, notes"
    )


def test_unknown_key_in_an_object():
    err = error_for(lambda d: d["objects"][0].update(nmae="x"))
    assert_error(err, "objects[0].nmae", 'unknown key "nmae"', 'did you mean "name"', "id, name, controller")


def test_enum_lists_the_allowed_values():
    err = error_for(lambda d: d["objects"][0].update(types=["creatur"]))
    allowed = "artifact, battle, creature, enchantment, kindred, land, planeswalker, tribal"
    assert_error(err, "objects[0].types[0]", allowed, '"creatur"', 'did you mean "creature"')


def test_value_neither_integer_nor_mana_value_nor_count():
    err = error_for(lambda d: d["objects"][1]["static"][0]["pt"].update(modify=["lots", 1]))
    assert_error(err, "objects[1].static[0].pt.modify[0]", "integer", '"mana_value"', "{count: FILTER", 'found "lots"')


def test_value_out_of_range():
    err = error_for(lambda d: d["effects"][0]["pt"].update(modify=[5000, 1]))
    assert_error(err, "effects[0].pt.modify[0]", "from -1000 to 1000", "found 5000")


def test_count_value_is_explained_inside():
    err = error_for(lambda d: d["effects"][0]["pt"].update(modify=[{"count": {}, "zone": "library"}, 1]))
    assert_error(err, "effects[0].pt.modify[0].zone", "battlefield, graveyard, exile", '"library"')


def test_card_value_is_explained_by_its_key_and_names_a_card():
    err = error_for(lambda d: d["effects"][0]["pt"].update(modify=[{"power_of": "no such"}, 1]))
    assert_error(err, "effects[0].pt.modify[0].power_of", "an id")
    err = error_for(lambda d: d["effects"][0]["pt"].update(modify=[{"toughness_of": "ogr"}, 1]))
    assert_error(err, "effects[0].pt.modify[0].toughness_of", 'no object, and no card outside the battlefield, '
                 'has the id "ogr"', 'did you mean "ogre"')
    err = error_for(lambda d: d["effects"][0]["pt"].update(modify=[{"power": "x"}, 1]))
    assert_error(err, "effects[0].pt.modify[0]", "{power_of: ID}", "found a mapping")


def test_card_ids_are_unique_across_objects_effects_and_cards():
    def two(d):
        d["exile"] = {"bob": [{"id": "sk", "types": ["creature"], "power": 1, "toughness": 1}, {"id": "sk"}]}
    assert_error(error_for(two), "exile.bob[1].id", 'duplicate card id "sk"', "exile.bob[0]")
    err = error_for(lambda d: d.update(exile={"bob": [{"id": "ogre"}]}))
    assert_error(err, "exile.bob[0].id", '"ogre" is already the id of an object')
    err = error_for(lambda d: d.update(exile={"bob": [{"counters": {"+1/-1": 1}}]}))
    assert_error(err, 'exile.bob[0].counters["+1/-1"]', "mixes signs")
    err = error_for(lambda d: d.update(exile={"carol": []}))
    assert_error(err, "exile.carol", '"carol" is not a player')


@pytest.mark.parametrize("pair", [[1], [1, 2, 3]])
def test_pt_needs_exactly_two_values(pair):
    err = error_for(lambda d: d["objects"][1]["static"][0]["pt"].update(modify=pair))
    assert_error(err, "objects[1].static[0].pt.modify", "exactly 2 values", f"found {len(pair)} value")


def test_missing_required_id():
    err = error_for(lambda d: d["objects"][0].pop("id"))
    assert_error(err, "objects[0]", 'missing the required key "id"')


def test_missing_id_points_at_a_misspelling():
    err = error_for(lambda d: d["objects"].append({"idd": "x"}))
    assert_error(err, "objects[4]", '"id"', '"idd" a misspelling')


def test_type_error_says_what_was_expected():
    err = error_for(lambda d: d.update(objects={"id": "a"}))
    assert_error(err, "objects", "expected a list of objects", "found a mapping")


def test_integers_have_no_fraction():
    err = error_for(lambda d: d["objects"][0].update(power=2.0))
    assert_error(err, "objects[0].power", "integer", "without a fraction")


def test_power_without_toughness():
    err = error_for(lambda d: d["objects"][0].pop("toughness"))
    assert_error(err, "objects[0]", '"power" is given without "toughness"')


def test_id_pattern():
    err = error_for(lambda d: d["objects"][0].update(id="gray ogre"))
    assert_error(err, "objects[0].id", "expected an id", '"gray ogre"')


def test_subtype_must_be_lowercase():
    err = error_for(lambda d: d["objects"][0].update(subtypes=["Ogre"]))
    assert_error(err, "objects[0].subtypes[0]", "lowercase word", '"Ogre"')


def test_repeated_list_item_points_at_the_repeat():
    err = error_for(lambda d: d["objects"][0].update(abilities=["flying", "haste", "flying"]))
    assert_error(err, "objects[0].abilities[2]", '"flying" is repeated', "item [0]")


def test_repeated_player():
    err = error_for(lambda d: d.update(players=["alice", "bob", "alice"]))
    assert_error(err, "players[2]", '"alice" is repeated')


def test_counter_keys_are_quoted_in_paths():
    err = error_for(lambda d: d["objects"][0]["counters"].update({"-1/-1": -1}))
    assert_error(err, 'objects[0].counters["-1/-1"]', "from 0 to 1000", "found -1")


def test_a_pt_counter_has_one_sign_for_both_numbers():
    # Old 200.10 and 2009 120.1a know +X/+Y and -X/-Y counters only; "+1/-1" is neither, and
    # a silent "changes nothing" would hide the mistake. "charge" is another kind: it loads.
    err = error_for(lambda d: d["objects"][0]["counters"].update({"+1/-1": 1}))
    assert_error(err, 'objects[0].counters["+1/-1"]', "mixes signs", "200.10", "120.1a")
    board = board_from_data({"objects": [{"id": "x", "types": ["creature"], "counters": {"charge": 3, "+1/+0": 1}}]})
    assert board.objects[0].counter_pt == (1, 0)


def test_type_change_needs_exactly_one_operation():
    err = error_for(lambda d: d["objects"][3]["static"][1].update(types={"set": [], "add": ["land"]}))
    assert_error(err, "objects[3].static[1].types", "exactly one of set, add or remove", "found set and add")


def test_only_set_may_be_empty():
    err = error_for(lambda d: d["objects"][3]["static"][1].update(subtypes={"add": []}))
    assert_error(err, "objects[3].static[1].subtypes.add", "empty list", "only set may be")


def test_effect_body_needs_a_part():
    err = error_for(lambda d: d["objects"][1]["static"][0].pop("pt"))
    assert_error(err, "objects[1].static[0]", "at least one effect part", "copy, control, change_text", "found none")


def test_static_affects_shapes_are_listed():
    err = error_for(lambda d: d["objects"][1]["static"][0].update(affects="everything"))
    where = "objects[1].static[0].affects"
    assert_error(err, where, '"self" or "attached"', "list of object ids", "{filter:", '"everything"')


def test_switch_is_true_or_absent():
    err = error_for(lambda d: d["effects"][0]["pt"].update(switch=False))
    assert_error(err, "effects[0].pt.switch", "expected true", "leave the key out")


def test_nested_granted_ability_path():
    def change(d):
        d["effects"][0]["abilities"] = {"add": [{"pt": {"set": [{"count": {"colors": ["pink"]}}, 1]}}]}

    err = error_for(change)
    where = "effects[0].abilities.add[0].pt.set[0].count.colors[0]"
    assert_error(err, where, "white, blue, black, red, green", '"pink"')


def test_granted_keyword_must_be_lowercase():
    err = error_for(lambda d: d["effects"][0].update(abilities={"add": ["Flying"]}))
    assert_error(err, "effects[0].abilities.add[0]", "keyword ability", "static ability", '"Flying"')


def test_a_graveyard_card_needs_no_name():
    # Only counts read graveyard cards (a CDA such as Mortivore's counts creature cards: old
    # 405.2, 2009 604.3), and no count reads a name: a nameless card loads and is counted.
    data = valid_data()
    data["graveyards"]["alice"].append({"types": ["creature"]})
    board = board_from_data(data)
    nameless = board.graveyards[0][1][-1]
    assert nameless.name is None and nameless.types == ("creature",)
    assert "name" not in nameless.to_dict() and Board.from_dict(board.to_dict()) == board


def test_graveyard_card_field_path():
    err = error_for(lambda d: d["graveyards"]["alice"][0].update(name=""))
    assert_error(err, "graveyards.alice[0].name", "non-empty string", "found an empty string")


def test_change_text_words_are_lowercase():
    err = error_for(lambda d: d["effects"][1].update(change_text={"White": "black"}))
    assert_error(err, "effects[1].change_text.White", "lowercase word")


@pytest.mark.parametrize("affects", ["self", "attached", {"filter": {"types": ["creature"]}}])
def test_resolved_effect_affects_a_fixed_list(affects):
    err = error_for(lambda d: d["effects"][0].update(affects=affects))
    assert_error(err, "effects[0].affects", "fixed list of object ids", "418.3b")


def test_resolved_effect_needs_affects():
    err = error_for(lambda d: d["effects"][0].pop("affects"))
    assert_error(err, "effects[0]", 'missing the required key "affects"')


# ---------------------------------------------------------------- meaning


def test_duplicate_object_id():
    err = error_for(lambda d: d["objects"][2].update(id="ogre"))
    assert_error(err, "objects[2].id", 'duplicate object id "ogre"', "objects[0]")


def test_effect_id_must_differ_from_object_ids():
    err = error_for(lambda d: d["effects"][1].update(id="ogre"))
    assert_error(err, "effects[1].id", '"ogre"', "objects[0]", "unique across objects and effects")


def test_duplicate_effect_id():
    err = error_for(lambda d: d["effects"][2].update(id="growth"))
    assert_error(err, "effects[2].id", 'duplicate effect id "growth"', "effects[0]")


@pytest.mark.parametrize("key", ["controller", "owner"])
def test_object_controller_and_owner_are_players(key):
    err = error_for(lambda d: d["objects"][1].update({key: "carol"}))
    assert_error(err, f"objects[1].{key}", '"carol" is not a player', "alice, bob")


def test_default_players_are_named():
    err = error_for(lambda d: (d.pop("players"), d["objects"][1].pop("owner")))
    assert_error(err, "objects[0].controller", '"alice" is not a player', "you, opponent", "not given")


def test_effect_controller_is_a_player():
    err = error_for(lambda d: d["effects"][2].update(controller="carol"))
    assert_error(err, "effects[2].controller", '"carol" is not a player')


def test_control_is_you_or_a_player():
    err = error_for(lambda d: d["effects"][1].update(control="me"))
    assert_error(err, "effects[1].control", '"you" or a player', '"me"')


@pytest.mark.parametrize("key", ["controller", "owner"])
def test_filter_controller_and_owner(key):
    err = error_for(lambda d: d["objects"][1]["static"][0]["affects"]["filter"].update({key: "opponents"}))
    assert_error(err, f"objects[1].static[0].affects.filter.{key}", '"you", "opponent" or a player', '"opponents"')


def test_count_filter_controller_in_a_granted_ability():
    def change(d):
        d["objects"][3]["static"][0]["abilities"]["add"][0]["pt"]["modify"][0]["count"]["controller"] = "carol"

    err = error_for(change)
    assert_error(err, "objects[3].static[0].abilities.add[0].pt.modify[0].count.controller", '"carol"')


def test_graveyard_keys_are_players():
    err = error_for(lambda d: d["graveyards"].update(carol=[]))
    assert_error(err, "graveyards.carol", '"carol" is not a player')


def test_unknown_id_in_effect_affects():
    err = error_for(lambda d: d["effects"][1].update(affects=["anthem", "ogr"]))
    where = "effects[1].affects[1]"
    assert_error(err, where, 'unknown object id "ogr"', 'did you mean "ogre"', "ogre, anthem, goyf, aura")


def test_unknown_id_in_static_affects():
    err = error_for(lambda d: d["objects"][3]["static"][1].update(affects=["goyf", "nobody"]))
    assert_error(err, "objects[3].static[1].affects[1]", 'unknown object id "nobody"')


def test_unknown_attached_to():
    err = error_for(lambda d: d["objects"][3].update(attached_to="orge"))
    assert_error(err, "objects[3].attached_to", '"orge"', 'did you mean "ogre"')


def test_copy_names_an_object_not_an_effect():
    err = error_for(lambda d: d["effects"][2].update(copy="growth"))
    assert_error(err, "effects[2].copy", 'unknown object id "growth"', "effect's id")


def test_many_objects_get_nearest_ids_only():
    data = valid_data()
    data["objects"] += [{"id": f"token{i}", "timestamp": 100 + i} for i in range(20)]
    err = error_for(lambda d: d["effects"][0].update(affects=["token_3"]), data)
    assert_error(err, "effects[0].affects[0]", '"token3"')
    assert "the object ids are" not in err.message


def test_attached_to_itself():
    err = error_for(lambda d: d["objects"][3].update(attached_to="aura"))
    assert_error(err, "objects[3].attached_to", "attached to itself", "303.4c")


def test_attachment_cycle():
    err = error_for(lambda d: d["objects"][0].update(attached_to="aura"))
    assert_error(err, "objects[0].attached_to", "attachment cycle", "ogre -> aura -> ogre")


def test_duplicate_given_timestamps():
    err = error_for(lambda d: d["effects"][1].update(timestamp=2))
    assert_error(err, "effects[1].timestamp", "timestamp 2", "objects[1]", "an effect's is its own")


def test_objects_that_entered_together_share_a_timestamp():
    # 418.5e / 613.6g / 613.7k: objects entering at once get their timestamps at once.
    board = board_from_data({"objects": [{"id": "a", "timestamp": 2}, {"id": "b", "timestamp": 2}]})
    assert [o.timestamp for o in board.objects] == [2, 2]


def test_default_timestamp_clashes_with_a_given_one():
    data = {"objects": [{"id": "a"}, {"id": "b", "timestamp": 1}]}
    err = error_for(lambda d: None, data)
    where = "objects[1].timestamp"
    assert_error(err, where, "timestamp 1", "objects[0]", "give every object and effect a timestamp, or none")


def test_default_timestamp_of_an_effect_clashes():
    effect = {"id": "e", "affects": ["a"], "pt": {"switch": True}}
    data = {"objects": [{"id": "a", "timestamp": 2}], "effects": [effect]}
    err = error_for(lambda d: None, data)
    assert_error(err, "effects[0]", "default timestamp 2", "objects[0]", "or none")


def test_cda_affects_only_itself():
    err = error_for(lambda d: d["objects"][2]["static"][0].update(affects={"filter": {}}))
    assert_error(err, "objects[2].static[0].affects", "characteristic-defining", "604.3a", "405.2", '"self"')


@pytest.mark.parametrize(
    "part, where",
    [
        ({"copy": "ogre"}, "copy"),
        ({"control": "you"}, "control"),
        ({"change_text": {"red": "blue"}}, "change_text"),
        ({"abilities": {"add": ["flying"]}}, "abilities"),
        ({"pt": {"modify": [1, 1]}}, "pt.modify"),
        ({"pt": {"set": [1, 1], "switch": True}}, "pt.switch"),
    ],
)
def test_cda_only_defines_characteristics(part, where):
    err = error_for(lambda d: d["objects"][2]["static"][0].update(part))
    assert_error(err, f"objects[2].static[0].{where}", "characteristic-defining", "604.3a", "it cannot")


def test_granted_ability_is_never_a_cda():
    err = error_for(lambda d: d["objects"][3]["static"][0]["abilities"]["add"][0].update(cda=True))
    where = "objects[3].static[0].abilities.add[0].cda"
    assert_error(err, where, "granted ability is never characteristic-defining", "604.3a")


def test_text_change_keeps_kinds_of_words():
    err = error_for(lambda d: d["effects"][1].update(change_text={"white": "goblin"}))
    assert_error(err, "effects[1].change_text.white", "color word", '"goblin" is not', "418.6a", "612.2")


def test_granted_ability_is_checked_like_a_printed_one():
    err = error_for(lambda d: d["objects"][3]["static"][0]["abilities"]["add"][0].update(affects=["ghost"]))
    assert_error(err, "objects[3].static[0].abilities.add[0].affects[0]", 'unknown object id "ghost"')


# ---------------------------------------------------------------- which error is reported


def test_first_error_in_document_order_is_reported():
    def change(d):
        d["objects"][2]["controller"] = "carol"  # later in the document
        d["objects"][0]["owner"] = "dave"  # earlier

    err = error_for(change)
    assert_error(err, "objects[0].owner", '"dave"')


def test_key_order_decides_within_a_mapping():
    data = {"effects": [], "objects": [{"id": "a", "types": ["x"]}], "players": ["p", "p"]}
    err = error_for(lambda d: None, data)
    assert_error(err, "objects[0].types[0]")


def test_shape_is_checked_before_meaning():
    def change(d):
        d["objects"][0]["controller"] = "carol"  # a problem of meaning, early
        d["effects"][2]["timestamp"] = -1  # a problem of shape, late

    err = error_for(change)
    assert_error(err, "effects[2].timestamp", "from 0 to 1000000000")


# ---------------------------------------------------------------- no traceback for any input

KEYS = [
    "players", "objects", "effects", "graveyards", "id", "name", "controller", "owner", "types", "subtypes",
    "supertypes", "colors", "power", "toughness", "mana_value", "abilities", "counters", "timestamp",
    "attached_to", "static", "text", "affects", "cda", "copy", "control", "change_text", "pt", "set", "add",
    "remove", "remove_all", "modify", "switch", "filter", "count", "zone", "other", "source", "x",
]
ATOMS = st.none() | st.booleans() | st.integers(-2000, 2000) | st.floats() | st.text(max_size=4) | st.sampled_from(
    ["self", "attached", "mana_value", "ogre", "goyf", "growth", "you", "opponent", "alice", "red", "goblin",
     "creature", "flying", "graveyard"]
)
JSONISH = st.recursive(
    ATOMS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.data())
def test_mutated_boards_give_a_board_or_a_board_error(data):
    board = valid_data()
    for _ in range(data.draw(st.integers(1, 3))):
        target = at(board, data.draw(st.sampled_from(sites(board))))
        if isinstance(target, dict):
            key = data.draw(st.sampled_from(sorted(target) + KEYS))
            if key in target and data.draw(st.booleans()):
                del target[key]
            else:
                target[key] = data.draw(JSONISH)
        elif target and data.draw(st.booleans()):
            target[data.draw(st.integers(0, len(target) - 1))] = data.draw(JSONISH)
        else:
            target.append(data.draw(JSONISH))
    try:
        result = board_from_data(copy.deepcopy(board))
    except BoardError as err:
        assert err.message and not any(word in err.message for word in JARGON), err.message
    else:
        assert Board.from_dict(result.to_dict()) == result


# ---------------------------------------------------------------- limits


ANTHEM = {"text": "Other creatures get +1/+1", "affects": {"filter": {"types": ["creature"]}}, "pt": {"modify": [1, 1]}}
CONTINUOUS = (f"the {ordinal(MAX_EFFECTS + 1)} of 150 continuous effects (effects and static abilities, printed or "
              f"granted, count together); the most a board may have is {MAX_EFFECTS}")
# (board, where, the message) for each limit the loader keeps, met by a board file.
LIMIT_BOARDS = {
    "objects": ({"objects": [{"id": f"o{i}"} for i in range(250)]}, "objects",
                f"250 objects; the most a board may have is {MAX_OBJECTS}"),
    "effects": ({"objects": [{"id": "o"}],
                 "effects": [{"id": f"e{i}", "affects": ["o"], "pt": {"switch": True}} for i in range(150)]},
                "effects", f"150 effects; the most a board may have is {MAX_EFFECTS}"),
    "continuous effects": ({"objects": [{"id": f"o{i}", "static": [ANTHEM]} for i in range(150)]},
                           f"objects[{MAX_EFFECTS}].static[0]", CONTINUOUS),
    # A card's abilities are counted once written out, and reported at the card.
    "continuous effects of cards": ({"objects": [{"card": "Glorious Anthem", "id": f"a{i}"} for i in range(150)]},
                                    f"objects[{MAX_EFFECTS}].card", CONTINUOUS),
    "cards": ({"graveyards": {"you": [{"name": "Grizzly Bears"}] * 600},
               "exile": {"opponent": [{"name": "Grizzly Bears"}] * 600}}, f"exile.opponent[{MAX_CARDS - 600}]",
              f"the {ordinal(MAX_CARDS + 1)} of 1,200 cards in graveyards and exile, all players together; "
              f"the most a board may have is {MAX_CARDS:,}"),
    "items in one list": ({"players": [f"p{i}" for i in range(MAX_ITEMS + 1)]}, "players",
                          f"{MAX_ITEMS + 1:,} items in one list; the most a list may hold is {MAX_ITEMS:,}"),
}


@pytest.mark.parametrize("data, where, message", LIMIT_BOARDS.values(), ids=LIMIT_BOARDS)
def test_a_limit_names_the_place_and_its_counts_agree(data, where, message):
    err = error_for(lambda _: None, data)
    assert (err.where, err.message) == (where, message)
    # The counts agree: the place named is the first over the limit, and no more than the total ("150 ...;
    # this is number 101" read as a contradiction); a whole list over the limit is more than the limit.
    numbers = [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", err.message)]
    if err.message.startswith("the "):
        nth, total, limit = numbers
        assert nth == limit + 1 <= total
    else:
        total, limit = numbers
        assert total > limit
