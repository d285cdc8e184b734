"""The reader measured against the catalogue (``diffcheck cards check FILE``, ``diffcheck.reports.reader``), on the
fixture of every catalogue card with its Oracle text in MTGJSON's shape (card data of the reader's tests)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from diffcheck.cli import app
from diffcheck.reports.reader import EXPLAINED, check_reader

FIXTURE = Path(__file__).parent / "fixtures" / "catalogue-oracle.json"


@pytest.fixture(scope="module")
def checks():
    return {c.name: c for c in check_reader(FIXTURE)}


def test_the_fixture_holds_the_whole_catalogue(checks):
    from diffcheck.catalogue import catalogue

    assert len(checks) == len(catalogue().cards)


def test_nine_cards_in_ten_are_read_in_full_and_agree_on_every_board(checks):
    # The goal: at least 90% of the catalogue's cards read in full (or with no layer text) and agreeing.
    both = [c for c in checks.values() if c.agrees and c.status in ("read", "no layer text")]
    assert len(both) >= 0.9 * len(checks), f"{len(both)} of {len(checks)}"


def test_each_disagreement_is_explained(checks):
    # A card read in full that disagrees has its reason in the report (EXPLAINED); one not read in full names the
    # sentences the reader did not understand. No explanation is left over from a disagreement since fixed.
    for c in checks.values():
        if not c.agrees:
            assert c.name in EXPLAINED if c.status in ("read", "no layer text") else c.not_understood, c
    assert all(not checks[name].agrees for name in EXPLAINED)


@pytest.mark.parametrize("name", [
    "Glorious Anthem", "Goblin King", "Humility", "Blood Moon", "Control Magic", "Rancor", "Kird Ape",
    "Blanchwood Armor", "Castle", "Muraganda Petroglyphs", "Tarmogoyf", "Opalescence", "Clone", "Engineered Plague",
    "Mutavault", "Giant Growth", "Threaten", "Monastery Swiftspear", "Anurid Barkripper", "Mistform Dreamer",
    "Sower of Temptation", "Thassa, God of the Sea", "Living Plane", "Plague Rats",
])
def test_a_card_read_in_full_comes_out_as_the_checked_card_on_every_board(checks, name):
    # Each sentence of these cards is one the grammar reads into the catalogue's own encoding: an anthem, a lord with
    # a landwalk, Humility's loss and base P/T, Blood Moon's land types, control of the enchanted creature, an Aura's
    # bonus, a condition, a count, Tarmogoyf's and Plague Rats' characteristic-defining P/T, Opalescence's P/T equal
    # to mana value, a clone's copy, a chosen creature type, a manland, a pump spell, a control spell, prowess,
    # threshold, a type of the player's choice, devotion, lands that are creatures: the boards come out the same
    # under every edition compared, and so do the spells' and abilities' effects.
    assert checks[name].status == "read" and checks[name].agrees, checks[name].difference


def test_a_sentence_not_understood_is_said_with_the_difference_it_makes(checks):
    # Fountain Watch's "Artifacts and enchantments you control have shroud" is not read (a filter of two card types
    # joined by "and"): its controller's Sol Ring has shroud with the checked card (layer 6, 613.1f), not with the
    # read one.
    watch = checks["Fountain Watch"]
    assert watch.status == "not read" and not watch.agrees
    assert "sol-ring abilities ['shroud'] (checked) against [] (read)" in watch.difference
    assert watch.not_understood == ("Artifacts and enchantments you control have shroud.",)


def test_the_command_prints_the_shares_each_disagreement_and_why(tmp_path):
    data = json.loads(FIXTURE.read_text())
    small = {"meta": data["meta"], "data": {n: data["data"][n] for n in ("Glorious Anthem", "Fountain Watch", "Maro")}}
    path = tmp_path / "three.json"
    path.write_text(json.dumps(small))
    result = CliRunner().invoke(app, ["cards", "check", str(path)])
    assert result.exit_code == 0, result.output
    assert "3 catalogue cards in the file" in result.output and "both: 1 (33%)" in result.output
    assert "Fountain Watch (not read)" in result.output and "not understood: Artifacts and enchantments" in result.output
    assert "Maro (read)" in result.output and f"why: {EXPLAINED['Maro']}" in result.output
