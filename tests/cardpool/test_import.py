"""Importing a card-data file (``diffcheck cards import FILE``): facts from the file, a reading of each card's
Oracle text, a compact index replaced whole. The fixtures hold a few cards in MTGJSON's AtomicCards shape and in
Scryfall's oracle-cards shape, their Oracle text as card data."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from diffcheck.cardpool.oracle import NOT_LAYER, NOT_UNDERSTOOD, READ, read_card
from diffcheck.cardpool.sources import PoolFileError, read_pool_file
from diffcheck.cardpool.importing import import_pool
from diffcheck.cardpool.paths import pool_path
from diffcheck.cardpool.store import load_pool
from diffcheck.cli import app

FIXTURES = Path(__file__).parent / "fixtures"
MTGJSON = FIXTURES / "AtomicCards-sample.json"
SCRYFALL = FIXTURES / "oracle-cards-sample.json"


@pytest.fixture
def data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def _cards(path: Path) -> dict:
    return {card.name: card for card in read_pool_file(path)[1]}


def test_the_facts_of_each_card_come_from_the_file():
    cards = _cards(MTGJSON)
    bears = cards["Grizzly Bears"].front
    assert (bears.types, bears.subtypes, bears.colors, bears.mana_cost, bears.power, bears.toughness) == (
        ("creature",), ("bear",), ("green",), "{1}{G}", "2", "2")
    thassa = cards["Thassa, God of the Sea"]
    assert (thassa.front.supertypes, thassa.front.types, thassa.mana_value) == (("legendary",),
                                                                                ("enchantment", "creature"), 3)
    # A split card's halves and a transforming card's faces, each with its own name; the back face's color
    # indicator (Insectile Aberration's blue).
    assert [f.name for f in cards["Fire // Ice"].faces] == ["Fire", "Ice"]
    delver = cards["Delver of Secrets // Insectile Aberration"]
    assert (delver.layout, [f.name for f in delver.faces], delver.faces[1].color_indicator) == (
        "transform", ["Delver of Secrets", "Insectile Aberration"], ("blue",))


def test_scryfall_oracle_cards_give_the_same_facts():
    # Scryfall writes a type line to split: supertypes, card types, subtypes after the dash.
    mtgjson, scryfall = _cards(MTGJSON), _cards(SCRYFALL)
    for name in ("Glorious Anthem", "Thassa, God of the Sea"):
        a, b = mtgjson[name].front, scryfall[name].front
        assert (a.types, a.subtypes, a.supertypes, a.mana_cost, a.text) == (
            b.types, b.subtypes, b.supertypes, b.mana_cost, b.text), name
    assert [f.name for f in scryfall["Fire // Ice"].faces] == ["Fire", "Ice"]


@pytest.mark.parametrize("name, status", [
    ("Grizzly Bears", "no layer text"), ("Lightning Bolt", "no layer text"), ("Black Lotus", "no layer text"),
    ("Llanowar Elves", "no layer text"), ("Glorious Anthem", "read"), ("Humility", "read"), ("Rancor", "read"),
    ("Serra Angel", "read"), ("Kird Ape", "read"), ("Tarmogoyf", "read"), ("Thassa, God of the Sea", "read"),
    ("Pegasus Courser", "read"), ("Chaos Imps", "partly read"),
])
def test_each_card_is_read_in_full_partly_or_not_at_all(name, status):
    assert read_card(_cards(MTGJSON)[name]).status == status


def test_the_reader_writes_the_board_vocabulary():
    cards = _cards(MTGJSON)

    def static(name):
        (body,) = read_card(cards[name]).static
        return {k: v for k, v in body.items() if k != "text"}

    assert static("Glorious Anthem") == {"affects": {"filter": {"types": ["creature"], "controller": "you"}},
                                         "pt": {"modify": [1, 1]}}
    # A lord: "other" and the subtype; reminder text left out. "Other Merfolk": the subtype is the noun.
    assert static("Goblin King") == {"affects": {"filter": {"other": True, "subtypes": ["goblin"],
                                                            "types": ["creature"]}},
                                     "pt": {"modify": [1, 1]}, "abilities": {"add": ["mountainwalk"]}}
    assert static("Lord of Atlantis")["affects"] == {"filter": {"other": True, "subtypes": ["merfolk"]}}
    assert static("Humility") == {"affects": {"filter": {"types": ["creature"]}},
                                  "abilities": {"remove_all": True}, "pt": {"set": [1, 1]}}
    assert static("Blood Moon") == {"affects": {"filter": {"not_supertypes": ["basic"], "types": ["land"]}},
                                    "subtypes": {"set": ["mountain"]}}
    assert static("Rancor") == {"affects": "attached", "pt": {"modify": [2, 0]}, "abilities": {"add": ["trample"]}}
    assert read_card(cards["Serra Angel"]).keywords == ("flying", "vigilance")
    # Thassa: indestructible read; "as long as your devotion to blue is less than five" is devotion at most 4
    # (700.5), and "isn't a creature" removes the card type (layer 4); scry and the unblockable ability are no layer
    # abilities.
    thassa = read_card(cards["Thassa, God of the Sea"])
    assert [line.kind for line in thassa.lines] == [READ, READ, NOT_LAYER, NOT_LAYER]
    assert static("Thassa, God of the Sea") == {"condition": {"value": {"devotion": ["blue"]}, "at_most": 4},
                                                "types": {"remove": ["creature"]}}
    # Chaos Imps: flying and unleash read; "as long as it has a +1/+1 counter on it" is a condition no template
    # reads, so its sentence is not understood.
    imps = read_card(cards["Chaos Imps"])
    assert [line.kind for line in imps.lines] == [READ, READ, NOT_UNDERSTOOD]
    assert imps.keywords == ("flying", "unleash")


def test_an_import_is_kept_and_replaced_whole(data_home):
    pool = import_pool(MTGJSON)
    assert pool_path().parent == data_home / "diffcheck"
    assert load_pool() == pool and pool.size == 25 and pool.source == "MTGJSON AtomicCards"
    # Read: Glorious Anthem, Goblin King, Lord of Atlantis, Humility, Blood Moon, Rancor, Serra Angel, Veteran
    # Armorsmith, Knight of Meadowgrain, Furnace Whelp and Dread Statuary (their activated abilities), Kird Ape (its
    # condition), Tarmogoyf (its characteristic-defining P/T), Thassa (its devotion condition), Pegasus Courser (its
    # attack trigger), Titanic Growth (its effect as it resolves). No layer text: Grizzly Bears, Lightning Bolt, Searing Spear, Hero's Downfall, Llanowar Elves,
    # Black Lotus, Fire // Ice (Fire's damage), Delver of Secrets (its trigger transforms it; the back face is a face
    # of its own). Partly: Chaos Imps (its counter condition).
    assert pool.counts() == {"read": 16, "no layer text": 8, "partly read": 1}

    # A second import replaces the first; one that fails partway leaves the first in place, and no stray file.
    def interrupt(done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        import_pool(SCRYFALL, interrupt)
    assert load_pool() == pool
    assert sorted(p.name for p in pool_path().parent.iterdir()) == ["cardpool.sqlite"]
    second = import_pool(SCRYFALL)
    assert load_pool() == second and second.size == 3
    # A card is found by its name or a face's, whatever the case.
    assert second.card("fire // ice")["name"] == second.card("ICE")["name"] == "Fire // Ice"
    assert second.card("Grizzly Bears") is None


def test_the_command_imports_reports_its_reach_and_cards_says_what_is_imported(data_home):
    runner = CliRunner()
    result = runner.invoke(app, ["cards", "import", str(MTGJSON)])
    assert result.exit_code == 0, result.output
    assert "25 imported cards from MTGJSON AtomicCards of 2026-11-20" in result.output
    assert "no layer text" in result.output and "sentences not understood most often" in result.output
    # The sentence counted with its card's name as CARDNAME, numbers as N.
    assert "CARDNAME has trample as long as it has a +N/+N counter on it." in result.output
    listing = runner.invoke(app, ["cards"])
    assert "25 imported cards from MTGJSON AtomicCards of 2026-11-20" in listing.stderr


@pytest.mark.parametrize("content, message", [
    (None, "no such file"), ("not json", "not a JSON file"), ('{"cards": []}', "neither MTGJSON"),
])
def test_a_file_that_is_no_card_data_is_one_line_and_exit_status_2(data_home, tmp_path, content, message):
    path = tmp_path / "cards.json"
    if content is not None:
        path.write_text(content)
    result = CliRunner().invoke(app, ["cards", "import", str(path)])
    assert result.exit_code == 2 and message in result.output and len(result.output.strip().splitlines()) == 1
    assert load_pool() is None


def test_a_malformed_entry_names_the_card():
    with pytest.raises(PoolFileError, match="Grizzly Bears"):
        bad = FIXTURES.parent / "bad.json"
        try:
            bad.write_text('{"meta": {}, "data": {"Grizzly Bears": [{"types": ["Creature"], "colors": ["Q"]}]}}')
            read_pool_file(bad)
        finally:
            bad.unlink()


def test_a_board_names_an_imported_card_and_the_catalogue_stays_the_reference(data_home):
    from diffcheck.boards.loading import board_from_data
    from diffcheck.boards.notation import board_from_cards
    from diffcheck.catalogue import catalogue
    from diffcheck.catalogue.index import forget_imported
    from engines import get_engine

    import_pool(MTGJSON)
    forget_imported()
    cards = catalogue()
    # Glorious Anthem is in the catalogue: taken from it, checked. Veteran Armorsmith is not: read from its text.
    assert cards.get("Glorious Anthem").source == "checked"
    assert cards.get("Veteran Armorsmith").source == "read"
    assert cards.get("Chaos Imps").source == "partly read"
    # A name is folded as the catalogue folds it: apostrophes, case and spacing aside.
    assert cards.get("heros  DOWNFALL").name == cards.get("Hero's Downfall").name == "Hero's Downfall"
    # Veteran Armorsmith: other Soldiers its controller controls get +0/+1 (613.4c). Knight of Meadowgrain is no
    # Soldier: 2/2 with first strike and lifelink, read from its keyword lines. A second Armorsmith gets +0/+1 from
    # the first, and the first from it: 2/3 each.
    board = board_from_data(board_from_cards(
        "Veteran Armorsmith, Veteran Armorsmith, Knight of Meadowgrain"), "--cards")
    found = get_engine("current").evaluate(board)["objects"]
    assert (found["veteran-armorsmith"]["power"], found["veteran-armorsmith"]["toughness"]) == (2, 3)
    assert (found["veteran-armorsmith-2"]["toughness"], found["knight-of-meadowgrain"]["toughness"]) == (3, 2)
    assert found["knight-of-meadowgrain"]["abilities"] == ["first strike", "lifelink"]


def test_judge_names_a_sentence_not_understood_beside_the_answer(data_home):
    from diffcheck.catalogue.index import forget_imported

    import_pool(MTGJSON)
    forget_imported()
    result = CliRunner().invoke(app, ["judge", "--cards", "Chaos Imps"])
    assert result.exit_code == 0, result.output
    assert ("Chaos Imps: not understood, left out of its abilities: Chaos Imps has trample as long as it has a "
            "+1/+1 counter on it.") in result.stderr
    shown = CliRunner().invoke(app, ["cards", "Veteran Armorsmith"])
    assert "imported, not checked: its Oracle text read in full" in shown.output


def test_an_imported_card_on_an_old_date_warns_that_its_text_is_todays(data_home):
    from diffcheck.catalogue.index import forget_imported

    import_pool(MTGJSON)
    forget_imported()
    old = CliRunner().invoke(app, ["judge", "--cards", "Veteran Armorsmith", "--date", "2010-06-01"])
    assert old.exit_code == 0 and "Veteran Armorsmith's abilities are read from its Oracle text of today" in old.stderr
    today = CliRunner().invoke(app, ["judge", "--cards", "Veteran Armorsmith"])
    assert "Oracle text of today" not in today.stderr


@pytest.mark.parametrize("command", [["judge"], ["diff"]])
def test_strict_refuses_a_sentence_not_understood(data_home, command):
    from diffcheck.catalogue.index import forget_imported

    import_pool(MTGJSON)
    forget_imported()
    refused = CliRunner().invoke(app, [*command, "--cards", "Chaos Imps, Grizzly Bears", "--strict"])
    assert refused.exit_code == 2 and len(refused.output.strip().splitlines()) == 1
    assert "--strict" in refused.output and "Chaos Imps: not understood" in refused.output
    # A card read in full passes.
    assert CliRunner().invoke(app, [*command, "--cards", "Veteran Armorsmith", "--strict"]).exit_code == 0


def test_the_page_finds_imported_cards_after_the_catalogues_and_says_so(data_home):
    from diffcheck.catalogue.index import forget_imported
    from diffcheck.page.answers import card_list

    import_pool(MTGJSON)
    forget_imported()
    found = {c["name"]: c["source"] for c in card_list("veteran armor")}
    assert found == {"Veteran Armorsmith": "read"}
    # Glorious Anthem is in both: the catalogue's card, checked, and only once.
    anthems = [c for c in card_list("glorious anthem") if c["name"] == "Glorious Anthem"]
    assert [c["source"] for c in anthems] == ["checked"]


def test_an_imported_cards_activated_abilities_are_read_and_can_be_cast(data_home):
    from diffcheck.boards.loading import board_from_data
    from diffcheck.boards.notation import board_from_cards
    from diffcheck.catalogue.index import forget_imported
    from engines import get_engine

    import_pool(MTGJSON)
    forget_imported()
    # Furnace Whelp's "{R}: +1/+0 until end of turn" on itself, activated twice: 2/2 -> 4/2 (613.4c). Dread Statuary
    # becomes a 4/2 Golem artifact creature and stays a land (types added in layer 4, P/T set in 7b); its mana ability
    # is no layer ability. Each has its activated ability as an ability it has.
    board = board_from_data(board_from_cards(
        "Furnace Whelp, Furnace Whelp!pump, Furnace Whelp!pump, Dread Statuary, Dread Statuary!animate"), "--cards")
    found = get_engine("current").evaluate(board)["objects"]
    whelp, statuary = found["furnace-whelp"], found["dread-statuary"]
    assert (whelp["power"], whelp["toughness"]) == (4, 2)
    assert whelp["abilities"] == ["Furnace Whelp: pump", "flying"]
    assert (statuary["types"], statuary["subtypes"], statuary["power"], statuary["toughness"]) == (
        ["artifact", "creature", "land"], ["golem"], 4, 2)


def test_a_two_word_subtype_of_a_scryfall_type_line_is_one_subtype():
    from diffcheck.cardpool.sources import split_type_line

    # Time Lord is one creature type of two words (205.3m); the board vocabulary writes its space as a hyphen, as it
    # writes MTGJSON's whole subtypes.
    assert split_type_line("Legendary Creature — Time Lord Doctor") == (("legendary",), ("creature",),
                                                                         ("time-lord", "doctor"))


def test_a_misspelt_name_is_offered_the_imported_cards_too(data_home):
    from diffcheck.catalogue.index import forget_imported

    import_pool(MTGJSON)
    forget_imported()
    # Titanic Growth is imported, not in the catalogue: the notation's "did you mean" finds it there.
    result = CliRunner().invoke(app, ["judge", "--cards", "Grizzly Bears, Titanc Growth>grizzly-bears"])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert 'in the catalogue or the imported cards; did you mean "Titanic Growth"' in result.output
    forget_imported()
