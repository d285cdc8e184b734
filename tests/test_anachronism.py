"""Warnings for boards an edition's document could not have known, and card printing dates."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from diffcheck.anachronism import warnings
from diffcheck.catalogue import catalogue
from diffcheck.cli import app
from diffcheck.loading import board_from_data
from engines import get_engine

runner = CliRunner()

# A planeswalker, and Painter's Servant (first printed in Shadowmoor, 2008-05-02).
BOARD = {
    "objects": [
        {"id": "walker", "name": "Ajani", "types": ["planeswalker"]},
        {"card": "Painter's Servant", "choices": {"color": "red"}},
        {"card": "Grizzly Bears"},
    ]
}


def test_what_the_2006_document_did_not_know_is_warned_about():
    # 2006 205.2a lists the types artifact, creature, enchantment, instant, land and sorcery:
    # no planeswalker. 2009 204.2a lists planeswalker (and tribal). Painter's Servant was first
    # printed in 2008, after the 2006 document and before the 2009 one; Grizzly Bears in 1993.
    board = board_from_data(BOARD)
    old = warnings(board, get_engine("cr418"))
    assert len(old) == 2
    assert old[0].startswith("objects[0] (walker): planeswalker is not a card type") and "205.2a" in old[0]
    assert old[1].startswith("objects[1] (painters-servant): Painter's Servant was first printed in Shadowmoor")
    assert warnings(board, get_engine("cr613")) == []


def test_an_engine_without_a_ruleset_gets_no_warnings():
    class Outside:
        name = "outside"

    assert warnings(board_from_data(BOARD), Outside()) == []


def test_judge_and_diff_warn_on_stderr_and_still_answer(tmp_path: Path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(BOARD))
    result = runner.invoke(app, ["judge", str(path), "--ruleset", "cr418", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["ruleset"] == "cr418"  # stdout holds the answer alone
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and all(line.startswith(f"warning: {path}: objects[") for line in lines)
    diff = runner.invoke(app, ["diff", str(path), "--json"])
    assert diff.exit_code == 0 and json.loads(diff.stdout)["outcomes"]
    assert len(diff.stderr.splitlines()) == 2  # only cr418's document misses them
    assert runner.invoke(app, ["judge", str(path)]).stderr == ""  # cr613 by default


def test_cards_show_their_first_printing():
    dated = [card for card in catalogue() if card.first_printing is not None]
    assert len(dated) > 80
    assert all(len(card.first_printing[1]) == 10 for card in dated)
    result = runner.invoke(app, ["cards", "Sudden Spoiling"])
    assert "first printed in Time Spiral, 2006-10-06" in result.stdout
    data = json.loads(runner.invoke(app, ["cards", "Sudden Spoiling", "--json"]).stdout)
    assert data[0]["first_printing"] == {"set": "Time Spiral", "date": "2006-10-06"}


def test_sleight_of_mind_and_artificial_evolution_last_indefinitely():
    # Both cards' effects have no duration (their Oracle text says they last indefinitely).
    for name in ("Sleight of Mind", "Artificial Evolution"):
        about = catalogue().get(name).about
        assert about.startswith("Indefinitely") and "end of turn" not in about
