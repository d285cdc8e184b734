"""The reader measured against the catalogue (``diffcheck cards check FILE``, ``diffcheck.reports.reader``), on the
fixture of catalogue cards with their Oracle text in MTGJSON's shape."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from diffcheck.cli import app
from diffcheck.reports.reader import check_reader

FIXTURE = Path(__file__).parent / "fixtures" / "catalogue-oracle.json"


@pytest.fixture(scope="module")
def checks():
    return {c.name: c for c in check_reader(FIXTURE)}


@pytest.mark.parametrize("name", ["Glorious Anthem", "Goblin King", "Humility", "Blood Moon", "Control Magic",
                                  "Rancor", "Kird Ape", "Blanchwood Armor", "Castle", "Muraganda Petroglyphs",
                                  "Tarmogoyf"])
def test_a_card_read_in_full_comes_out_as_the_checked_card_on_every_board(checks, name):
    # Each sentence of these cards is one the grammar reads into the catalogue's own encoding (an anthem, a lord with
    # a landwalk, Humility's loss and base P/T, Blood Moon's land types, control of the enchanted creature, an Aura's
    # bonus, Kird Ape's "as long as you control a Forest", a count of Forests, untapped creatures, creatures with no
    # abilities, Tarmogoyf's characteristic-defining P/T): the boards come out the same under every edition compared.
    assert checks[name].status == "read" and checks[name].agrees, checks[name].difference


def test_a_sentence_not_understood_is_said_with_the_difference_it_makes(checks):
    # Opalescence's sentence is not read: the opponent's Glorious Anthem, another non-Aura enchantment, is an
    # enchantment creature with the checked card (layer 4; old 418.5a), only an enchantment with the read one.
    opalescence = checks["Opalescence"]
    assert opalescence.status == "not read" and not opalescence.agrees
    assert "glorious-anthem types ['creature', 'enchantment'] (checked) against ['enchantment'] (read)" \
        in opalescence.difference


def test_the_command_prints_the_shares_and_each_disagreement():
    result = CliRunner().invoke(app, ["cards", "check", str(FIXTURE)])
    assert result.exit_code == 0, result.output
    assert "45 catalogue cards in the file" in result.output
    assert "agreeing with the checked card on every board" in result.output and "Opalescence (not read)" in result.output
