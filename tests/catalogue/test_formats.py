"""The formats judges run (``diffcheck.catalogue.formats``): what a catalogue entry's ``formats:`` may claim, and
``diffcheck cards --format``, which lists what the catalogue holds of a format before an event."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from diffcheck.catalogue import CatalogueError, catalogue
from diffcheck.catalogue.formats import FORMATS, format_named
from diffcheck.catalogue.model import card_from_entry
from diffcheck.cli import app

CARDS = list(catalogue())


def _entry(**given) -> dict:
    return {"name": "Test Card", "about": "A card for a test.", "types": ["artifact"], **given}


def test_a_card_first_printed_after_a_formats_last_set_cannot_claim_it():
    # Premodern's last set is Scourge (2003-05-26); Old School's the sets of 1993-94.
    with pytest.raises(CatalogueError, match="after Premodern's last set"):
        card_from_entry(_entry(first_printing={"set": "Mirrodin", "date": "2003-10-02"}, formats=["premodern"]),
                        "types", "test")
    with pytest.raises(CatalogueError, match="after Old School 93/94's last set"):
        card_from_entry(_entry(first_printing={"set": "Ice Age", "date": "1995-06-03"}, formats=["oldschool"]),
                        "types", "test")
    with pytest.raises(CatalogueError, match="formats names"):
        card_from_entry(_entry(formats=["standard"]), "types", "test")
    found = card_from_entry(_entry(first_printing={"set": "Scourge", "date": "2003-05-26"},
                                   formats=["vintage", "premodern"]), "types", "test")
    assert found.formats == ("premodern", "vintage")  # in the registry's order


def test_every_card_says_its_formats_and_each_format_holds_its_cards():
    # Every card says where it is legal; a card banned everywhere (Crusade since 2020) says none.
    assert all(card.formats or card.name == "Crusade" for card in CARDS)
    by_format = {key: [c for c in CARDS if key in c.formats] for key in FORMATS}
    # The floor: the catalogue holds at least 700 cards, and each format judges run is well stocked.
    assert len(CARDS) >= 700 and all(len(cards) >= 250 for cards in by_format.values())
    # The cards a judge meets that the catalogue lacked (issue 41): bystanders and layer cards of each format.
    names = {key: {c.name for c in cards} for key, cards in by_format.items()}
    assert {"Black Lotus", "Mox Pearl", "Sol Ring", "Lightning Bolt", "Atog", "Serendib Sorcerer"} <= \
        {c.name for c in CARDS}
    assert {"Lightning Bolt", "Black Lotus", "Atog"} <= names["oldschool"]
    assert {"Lightning Bolt", "Mother of Runes", "Atog"} <= names["premodern"]
    assert "Black Lotus" in names["vintage"] and "Black Lotus" not in names["legacy"] | names["commander"]
    assert {"Umezawa's Jitte", "Tarmogoyf", "March of the Machines"} <= names["legacy"]


def _cli(*args: str):
    return CliRunner().invoke(app, list(args))


def test_cards_lists_a_format_and_says_what_it_holds():
    shown = _cli("cards", "--format", "Premodern")
    assert shown.exit_code == 0, shown.output
    premodern = [c for c in CARDS if "premodern" in c.formats]
    assert f"{len(premodern)} of its cards are in the catalogue" in " ".join(shown.stdout.split())
    assert "Mother of Runes" in shown.stdout and "Tarmogoyf" not in shown.stdout
    searched = _cli("cards", "goblin", "--format", "oldschool")
    assert searched.exit_code == 0 and "match the search" in " ".join(searched.stdout.split())


def test_a_card_outside_the_format_and_an_unknown_format_are_said_in_one_line():
    outside = _cli("cards", "Tarmogoyf", "--format", "premodern")
    assert outside.exit_code == 1 and "Tarmogoyf is not legal in Premodern" in outside.stderr
    unknown = _cli("cards", "--format", "standard")
    assert unknown.exit_code == 2 and unknown.stderr.count("\n") == 1
    assert "--format 'standard': not a format; the formats are oldschool, premodern" in unknown.stderr
    assert format_named("Old School 93/94").key == format_named("old-school").key == "oldschool"
    assert format_named("standard") is None
