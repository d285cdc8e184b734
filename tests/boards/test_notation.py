"""A board from card names (diffcheck.boards.notation; ``--cards``): the notation's pieces, its round trip, and
its errors. The answers on boards built from it are checked against hand-derived cases (tests/cases)."""

from __future__ import annotations

import re
import subprocess
import sys
from itertools import product
from pathlib import Path
from string import ascii_lowercase

import pytest
import yaml

from diffcheck.boards import notation
from diffcheck.boards.limits import MAX_EFFECTS, MAX_ITEMS, MAX_OBJECTS
from diffcheck.words import ordinal
from diffcheck.boards.loading import BoardError, board_from_data, load_board
from diffcheck.boards.notation import MAX_LISTED, NotationError, board_from_cards, cards_from_board, read_cards
from diffcheck.catalogue import catalogue
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


def test_a_name_with_a_comma_ends_at_its_marks():
    # The list goes on after a mark: the next piece is the next card, not more of this one's marks.
    board = board_from_cards("Urborg, Tomb of Yawgmoth@opponent, Blood Moon")
    assert [(o["card"], o.get("controller")) for o in board["objects"]] == [
        ("Urborg, Tomb of Yawgmoth", "opponent"), ("Blood Moon", None)]


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
    ("Grizzly Bears]", "a ']' closes no '['"),
    ("Grizzly Bears, @opponent", '"@opponent": a card\'s name comes first'),
    # With semicolons, commas never separate, and so never join either.
    ("Karn; Silver Golem", 'no card called "Karn"'),
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


# ---------------------------------------------------------------- the loader's limits, by the card listed

# Every limit message reads "the Nth of TOTAL THINGS; the most a HOLDER may have is LIMIT".
LIMIT_WORDS = re.compile(r"the ([\d,]+)(?:st|nd|rd|th) of ([\d,]+) (.+?); the most an? (\w+) may have is ([\d,]+)")


def number(text: str) -> int:
    return int(text.replace(",", ""))


def assert_counts_agree(message: str) -> tuple[int, int, str, int]:
    """The counts of a limit message agree: the one named is the first over the limit, and no more than the
    total. Returns them (nth, total, things, limit)."""
    found = LIMIT_WORDS.search(message)
    assert found, message
    nth, total, things, _, limit = found.groups()
    assert number(nth) == number(limit) + 1 <= number(total), message
    return number(nth), number(total), things, number(limit)


def lowercase_words(n: int) -> list[str]:
    return ["".join(letters) for letters in product(ascii_lowercase, repeat=3)][:n]


# (items, the number of the card listed that goes over, the message after it)
OVER_THE_LIMITS = {
    "cards listed": (["Grizzly Bears"] * (MAX_LISTED + 1), MAX_LISTED + 1,
                     f"the {ordinal(MAX_LISTED + 1)} of {MAX_LISTED + 1:,} cards listed; "
                     f"the most a list may have is {MAX_LISTED:,}"),
    "objects": (["Grizzly Bears"] * 250, MAX_OBJECTS + 1,
                f"the {ordinal(MAX_OBJECTS + 1)} of 250 objects; the most a board may have is {MAX_OBJECTS:,}"),
    "effects": (["Grizzly Bears"] + ["Giant Growth>grizzly-bears"] * 150, MAX_EFFECTS + 2,
                f"the {ordinal(MAX_EFFECTS + 1)} of 150 effects (spells and abilities resolved); "
                f"the most a board may have is {MAX_EFFECTS:,}"),
    "continuous effects": (["Glorious Anthem"] * 150, MAX_EFFECTS + 1,
                           f"the {ordinal(MAX_EFFECTS + 1)} of 150 continuous effects (effects and static abilities, "
                           f"printed or granted, count together); the most a board may have is {MAX_EFFECTS:,}"),
    # Two static abilities a card: the 101st is the 51st card's first.
    "continuous effects, two a card": (["Life and Limb"] * 51, 51,
                                       f"the {ordinal(MAX_EFFECTS + 1)} of 102 continuous effects"),
    # Counted in the order listed (the board built has its objects before its effects): the 41st Anthem.
    "continuous effects, in the order listed": (
        ["Grizzly Bears"] + ["Giant Growth>grizzly-bears"] * 60 + ["Glorious Anthem"] * 60, 102,
        f"the {ordinal(MAX_EFFECTS + 1)} of 120 continuous effects"),
    "targets": (["Grizzly Bears", "Giant Growth>" + "+".join(["grizzly-bears"] * (MAX_ITEMS + 1))], 2,
                f"the {ordinal(MAX_ITEMS + 1)} of {MAX_ITEMS + 1:,} targets after '>'; "
                f"the most a card may have is {MAX_ITEMS:,}"),
    "counters": ([f"Gray Ogre[{'; '.join(f'{w}=1' for w in lowercase_words(MAX_ITEMS + 1))}]"], 1,
                 f"the {ordinal(MAX_ITEMS + 1)} of {MAX_ITEMS + 1:,} kinds of counters; "
                 f"the most a card may have is {MAX_ITEMS:,}"),
    "choices": ([f"Conspiracy[{'; '.join(f'{w}1=elf' for w in lowercase_words(MAX_ITEMS + 1))}]"], 1,
                f"the {ordinal(MAX_ITEMS + 1)} of {MAX_ITEMS + 1:,} choices; the most a card may have is {MAX_ITEMS:,}"),
}


@pytest.mark.parametrize("items, nth, expected", OVER_THE_LIMITS.values(), ids=OVER_THE_LIMITS)
def test_a_limit_names_the_card_as_listed_and_its_counts_agree(items, nth, expected):
    with pytest.raises(NotationError) as raised:
        read_cards(", ".join(items))
    message = str(raised.value)
    listed = items[nth - 1]
    shown = f'"{listed}"' if len(listed) < 58 else f'"{listed[:56]}...'
    assert message.startswith(f"{shown} (the {ordinal(nth)} card listed): {expected}")
    assert_counts_agree(message)
    # Never a place in the board the notation built, which the user did not write.
    assert not re.search(r"objects\[|effects\[", message)


AT_THE_LIMITS = {
    "objects": ["Grizzly Bears"] * MAX_OBJECTS,
    "continuous effects": ["Glorious Anthem"] * MAX_EFFECTS,
    "effects": ["Grizzly Bears"] + ["Giant Growth>grizzly-bears"] * MAX_EFFECTS,
    "cards listed": ["Grizzly Bears"] * MAX_OBJECTS + ["Giant Growth>grizzly-bears"] * MAX_EFFECTS,
    # A Clone that copies nothing brings no ability: counted on the cards written out, not on what they may bring.
    "declined choices": ["Clone[copy=none]"] * (MAX_EFFECTS + 20),
}


@pytest.mark.parametrize("items", AT_THE_LIMITS.values(), ids=AT_THE_LIMITS)
def test_a_list_at_the_limits_makes_a_board_the_loader_takes(items):
    board = board_from_cards(", ".join(items))
    assert len(board["objects"]) + len(board.get("effects", ())) == len(items)
    board_from_data(board)


def test_another_problem_before_the_count_is_the_loaders_to_report():
    # The loader finds a missing choice before it counts continuous effects, and the notation leaves it to it.
    board = board_from_cards(", ".join(["Conspiracy"] + ["Glorious Anthem"] * MAX_EFFECTS))
    with pytest.raises(BoardError) as raised:
        board_from_data(board, "--cards")
    assert "needs a choice" in raised.value.message


THREE_THOUSAND = ", ".join(["Grizzly Bears"] * 3000)
THREE_THOUSAND_SAYS = (f'error: --cards: "Grizzly Bears" (the {ordinal(MAX_LISTED + 1)} card listed): '
                       f"the {ordinal(MAX_LISTED + 1)} of 3,000 cards listed; the most a list may have is {MAX_LISTED}")


def test_three_thousand_cards_are_refused_in_one_line_naming_the_limit():
    # The command as typed: judge's quick path, in a process of its own.
    done = subprocess.run([sys.executable, "-m", "diffcheck", "judge", "--cards", THREE_THOUSAND],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith(THREE_THOUSAND_SAYS), done.stderr
    assert f"a board may have at most {MAX_OBJECTS} objects and {MAX_EFFECTS} effects" in done.stderr


@pytest.mark.parametrize("command", [["judge"], ["diff"], ["history"]])
def test_every_command_on_one_board_refuses_three_thousand_cards_alike(command):
    from typer.testing import CliRunner

    from diffcheck.cli import app

    result = CliRunner().invoke(app, [*command, "--cards", THREE_THOUSAND])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith(THREE_THOUSAND_SAYS), result.stderr


class CountingCatalogue:
    """The catalogue, counting the names looked up in it."""

    def __init__(self) -> None:
        self.real = catalogue()
        self.lookups = 0

    def get(self, name):
        self.lookups += 1
        return self.real.get(name)

    def __iter__(self):
        return iter(self.real)

    def __getattr__(self, name):
        return getattr(self.real, name)


def lookups(monkeypatch, text: str) -> int:
    counting = CountingCatalogue()
    monkeypatch.setattr(notation, "catalogue", lambda: counting)
    try:
        read_cards(text)
    except NotationError:
        pass
    return counting.lookups


@pytest.mark.parametrize("unit, n", [
    # Names with commas, marks after them, and plain names: a board the loader takes, at n and 2n.
    ("Urborg, Tomb of Yawgmoth, Grizzly Bears@opponent, Forest", 20),
    # A list refused as too long: counted, at n and 2n, and nothing more.
    ("Grizzly Bears", 1500),
])
def test_reading_costs_lookups_in_proportion_to_the_list(monkeypatch, unit, n):
    once, twice = lookups(monkeypatch, ", ".join([unit] * n)), lookups(monkeypatch, ", ".join([unit] * 2 * n))
    pieces = unit.count(",") + 1
    assert once <= 2 * pieces * n  # a lookup or two a piece
    assert twice <= 2 * once + pieces  # twice the list, twice the lookups (the last piece has none to join)


# ---------------------------------------------------------------- what the loader finds, said in the notation


@pytest.mark.parametrize("text, expected", [
    ("Painter's Servant", "\"Painter's Servant\" (the 1st card listed): Painter's Servant needs a choice: write "
                          "Painter's Servant[color=...] with a color (white, blue, black, red, green)"),
    # A Clone that entered after a creature could have copied it (707.5): the list says which, or none.
    ("Grizzly Bears, Clone", '"Clone" (the 2nd card listed): Clone may enter as a copy of a creature, and the board '
                             'has one that was on the battlefield before it ("grizzly-bears"): say which it copied '
                             "with Clone[copy=ID], or Clone[copy=none] if it copied nothing"),
])
def test_a_choice_the_list_must_make_is_said_in_the_notation(text, expected):
    with pytest.raises(NotationError) as raised:
        notation.load_cards(text)
    assert str(raised.value) == expected


def test_x_gives_what_an_abilitys_amounts_came_to_as_it_resolved():
    # Craterhoof Behemoth's trigger resolved when two creatures had died since: X was 5 (611.2d), whatever the
    # board now shows; written [x=5] after the ability, it is the cast's x, and the notation reads back the same.
    text = ("Grizzly Bears, Craterhoof Behemoth, "
            "Craterhoof Behemoth!stampede>grizzly-bears+craterhoof-behemoth[x=5]")
    listed, data, board = notation.load_cards(text)
    assert data["effects"][0]["x"] == 5 and listed[2]["choices"] == {"x": "5"}
    assert cards_from_board(data) == text
    assert get_engine("current").evaluate(board)["objects"]["grizzly-bears"]["power"] == 7  # 2 + 5
    for wrong, words in (("Grizzly Bears[x=2]", "a permanent takes none"), ("Grizzly Bears, Giant Growth>grizzly-bears[x=two]", "x is a whole number")):
        with pytest.raises(NotationError, match=words):
            notation.load_cards(wrong)


def test_cards_in_zones_are_listed_with_their_zone_and_counted_there():
    # Tarmogoyf's power is the number of card types among cards in all graveyards, its toughness that plus 1
    # (a characteristic-defining ability: 604.3, 208.2; in 2006 418.5a's CDA on the battlefield, the same count).
    # An instant in your graveyard and a land in the opponent's: two card types, so 2/3 on every date.
    text = "Tarmogoyf, Giant Growth~graveyard, Forest~graveyard@opponent, Grizzly Bears~exile"
    data = board_from_cards(text)
    assert data["graveyards"] == {"you": [{"card": "Giant Growth", "id": "giant-growth", "timestamp": 2}],
                                  "opponent": [{"card": "Forest", "id": "forest", "timestamp": 3}]}
    assert data["exile"] == {"you": [{"card": "Grizzly Bears", "id": "grizzly-bears", "timestamp": 4}]}
    board = board_from_data(data)
    for rules in ("current", "cr418", "cr613"):
        goyf = get_engine(rules).evaluate(board)["objects"]["tarmogoyf"]
        assert (goyf["power"], goyf["toughness"]) == (2, 3), rules
    # The page's address carries them: the board gives the notation back.
    assert cards_from_board(data) == text


def test_a_zone_mark_that_names_no_zone_or_comes_with_a_target_is_one_line():
    with pytest.raises(NotationError, match=r"'~attic' names no zone; expected ~graveyard, ~exile, ~hand or ~library"):
        board_from_cards("Tarmogoyf, Forest~attic")
    with pytest.raises(NotationError, match="a ~zone card is not attached and targets nothing"):
        board_from_cards("Grizzly Bears, Giant Growth~graveyard>grizzly-bears")


def test_a_permanent_listed_tapped_or_face_down_is_so_on_the_board():
    # A face-down permanent is a 2/2 creature with no name, text, subtypes or mana cost (707.2 / 708.2 today); with
    # Glorious Anthem (creatures you control get +1/+1, 613.4c) it is 3/3. The tapped Bears with a +1/+1 counter are
    # 2/2 + 1 + 1 = 4/4: being tapped changes no characteristic.
    text = "Gray Ogre[face_down=morph], Grizzly Bears[+1/+1=1; tapped], Glorious Anthem"
    data = board_from_cards(text)
    ogre, bears, _ = data["objects"]
    assert ogre["face_down"] == "morph" and bears["tapped"] is True and "tapped" not in ogre
    found = get_engine("current").evaluate(board_from_data(data))["objects"]
    assert (found["gray-ogre"]["name"], found["gray-ogre"]["power"], found["gray-ogre"]["toughness"]) == (None, 3, 3)
    assert (found["grizzly-bears"]["power"], found["grizzly-bears"]["toughness"]) == (4, 4)
    assert cards_from_board(data) == text
    # The page edits the state among the choices, a flag alone: it writes the same notation back.
    items, _ = read_cards(text)
    assert items[1]["choices"] == {"tapped": ""} and items[0]["choices"] == {"face_down": "morph"}
    with pytest.raises(NotationError, match="a spell or ability resolved is not tapped; a permanent is"):
        board_from_cards("Grizzly Bears, Giant Growth>grizzly-bears[tapped]")
