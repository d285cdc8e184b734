"""A board from card names (diffcheck.boards.notation; ``--cards``): the notation's pieces, its round trip, and
its errors. The answers on boards built from it are checked against hand-derived cases (tests/cases)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from diffcheck.boards.loading import board_from_data, load_board
from diffcheck.boards.notation import NotationError, board_from_cards, cards_from_board
from engines import get_engine

ROOT = Path(__file__).parents[2]


def test_cards_are_in_timestamp_order_with_ids_from_their_names():
    board = board_from_cards("Humility, Opalescence, Grizzly Bears, Grizzly Bears")
    assert [(o["card"], o["id"], o["timestamp"]) for o in board["objects"]] == [
        ("Humility", "humility", 1), ("Opalescence", "opalescence", 2), ("Grizzly Bears", "grizzly-bears", 3),
        ("Grizzly Bears", "grizzly-bears-2", 4)]


def test_attachments_targets_controllers_counters_choices_and_abilities():
    board = board_from_cards("Grizzly Bears@opponent, Control Magic>grizzly-bears, Confiscate@opponent>Control Magic, "
                             "Gray Ogre#ogre[+1/+1=2], Giant Growth>ogre, Conspiracy[type=elf], "
                             "Mishra's Factory, Mishra's Factory!animate")
    objects = {o["id"]: o for o in board["objects"]}
    effects = {e["id"]: e for e in board["effects"]}
    assert objects["grizzly-bears"]["controller"] == "opponent"
    assert objects["control-magic"]["attached_to"] == "grizzly-bears"
    # A card name stands for the last object of that card listed before it.
    assert objects["confiscate"] == {"card": "Confiscate", "id": "confiscate", "controller": "opponent",
                                     "attached_to": "control-magic", "timestamp": 3}
    assert objects["ogre"]["counters"] == {"+1/+1": 2}
    assert objects["conspiracy"]["choices"] == {"type": "elf"}
    assert effects["giant-growth"]["targets"] == ["ogre"] and effects["giant-growth"]["timestamp"] == 5
    # An ability that affects its own permanent targets the last such permanent without being told.
    animate = next(e for e in board["effects"] if e.get("ability") == "animate")
    assert animate["targets"] == ["mishras-factory"] and animate["timestamp"] == 8
    board_from_data(board)  # and the loader takes it whole


def test_names_with_commas_and_semicolons_as_separators():
    with_commas = board_from_cards("Urborg, Tomb of Yawgmoth, Blood Moon, Forest")
    with_semicolons = board_from_cards("Urborg, Tomb of Yawgmoth; Blood Moon; Forest")
    assert with_commas == with_semicolons
    assert [o["card"] for o in with_commas["objects"]] == ["Urborg, Tomb of Yawgmoth", "Blood Moon", "Forest"]


@pytest.mark.parametrize("text", [
    "Humility, Opalescence, Grizzly Bears",
    "Grizzly Bears@opponent, Control Magic>grizzly-bears, Confiscate@opponent>control-magic",
    "Gray Ogre[+1/+1=1], Giant Growth>gray-ogre, Mishra's Factory, Mishra's Factory!animate>mishras-factory",
    "Grizzly Bears#bear, Conspiracy[type=elf]",
])
def test_a_board_of_cards_alone_reads_back_as_its_notation(text):
    assert cards_from_board(board_from_cards(text)) == text


def test_a_board_the_notation_cannot_say_has_no_notation():
    assert cards_from_board({"objects": [{"id": "x", "types": ["creature"], "timestamp": 1}]}) is None


@pytest.mark.parametrize("text, expected", [
    ("Humilty", 'no card called "Humilty" in the catalogue; did you mean "Humility"'),
    ("Giant Growth>bears", 'no object "bears" listed before it'),
    ("Grizzly Bears@them", "expected @you or @opponent"),
    ("Grizzly Bears[+1/+1=1", "is not closed"),
    ("Grizzly Bears#no spaces", "is not an id"),
    ("Mishra's Factory!fly", "has no ability \"fly\"; its abilities are \"animate\""),
    ("", "no card named"),
])
def test_mistakes_name_the_item_and_what_was_expected(text, expected):
    with pytest.raises(NotationError) as raised:
        board_from_cards(text)
    assert expected in str(raised.value)


@pytest.mark.parametrize("case, text", [
    ("cards-humility-opalescence-humility-older.yaml", "Humility, Opalescence, Raging Goblin#goblin"),
    ("cards-humility-opalescence-opalescence-older.yaml", "Opalescence, Humility, Raging Goblin#goblin"),
])
def test_a_board_from_card_names_gets_the_answers_its_case_derives(case, text):
    # The cases derive each answer by hand from the rules (their comments); the notation must build the same
    # board, so the engines must give the same answers.
    data = yaml.safe_load((ROOT / "tests" / "cases" / case).read_text(encoding="utf-8"))
    board = board_from_data(board_from_cards(text))
    for rules, objects in data["expect"].items():
        outcome = get_engine(rules).evaluate(board)["objects"]
        for oid, fields in objects.items():
            assert {k: outcome[oid][k] for k in fields} == fields, (case, rules, oid)


def test_the_saved_board_is_the_board_the_notation_built(tmp_path):
    from typer.testing import CliRunner

    from diffcheck.cli import app

    saved = tmp_path / "board.yaml"
    text = "Humility, Opalescence, Grizzly Bears"
    built = CliRunner().invoke(app, ["judge", "--cards", text, "--date", "2004-06-01", "--json", "--save", str(saved)])
    again = CliRunner().invoke(app, ["judge", str(saved), "--date", "2004-06-01", "--json"])
    assert built.exit_code == again.exit_code == 0
    assert built.stdout == again.stdout
    assert load_board(saved) == board_from_data(board_from_cards(text))
