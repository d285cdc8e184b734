"""Warnings for boards an edition's document could not have known, and card printing dates.

Which card types each document knows comes from the rule that lists them: the 2006-10-01
document's 205.2a lists artifact, creature, enchantment, instant, land and sorcery (no
planeswalker, no tribal); the 2009-10-01 document's 204.2a (and 300.1) adds plane,
planeswalker, tribal and vanguard. Which cards it knows comes from the catalogue's first
printings: a card first printed after the set the document was written for is unknown to it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from diffcheck.boards.anachronism import caveats, warnings
from diffcheck.boards.loading import board_from_data, load_board
from diffcheck.catalogue import catalogue
from diffcheck.cli import app
from diffcheck.reports import render
from engines import get_engine
from rulesets import RULESETS

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
    # 2006 205.2a lists no planeswalker; 2009 204.2a does. Painter's Servant was first printed
    # in Shadowmoor (2008-05-02), after the 2006 document and before the 2009 one; Grizzly
    # Bears in Limited Edition Alpha (1993). The Servant is a Scarecrow, a creature type the 2006
    # glossary's Creature Type (a complete list, 212.1e) lacks and the 2007-10-01 one adds.
    board = board_from_data(BOARD)
    old = warnings(board, get_engine("cr418"))
    assert old == [
        "objects[0] (walker): planeswalker is not a card type in the rules of 2006-10-01 (cr418, which lists "
        "its card types in 205.2a); the answer treats it as later rules do",
        "objects[1] (painters-servant): Painter's Servant was first printed in Shadowmoor (2008-05-02), "
        "after the rules of 2006-10-01 (cr418)",
        "objects[1] (painters-servant): scarecrow is not a subtype in the rules of 2006-10-01 (cr418), which "
        "lists creature types in Creature Type (glossary); the answer reads it as a creature type, as the rules "
        "from 2007-10-01 do",
    ]
    assert warnings(board, get_engine("cr613")) == []
    # A ruleset does as well as an engine built on it.
    assert warnings(board, RULESETS["cr418"]) == old


def test_tribal_graveyard_cards_and_casts_are_warned_about_too():
    # Lignify is a Tribal Enchantment first printed in Lorwyn (2007-10-12): in a graveyard under
    # the 2006 rules, tribal is not a card type there (205.2a) and the card is newer than the
    # document. Act of Treason was first printed in Magic 2010 (2009-07-17): its cast is after
    # the 2006 document, before the 2009 one. Under the 2009 rules tribal is a card type
    # (204.2a) and both cards are older than the document: nothing to warn about.
    board = board_from_data({
        "objects": [{"card": "Grizzly Bears", "id": "bears"}],
        "graveyards": {"you": [{"card": "Grizzly Bears"}, {"card": "Lignify"}]},
        "effects": [{"cast": "Act of Treason", "targets": ["bears"]}],
    })
    old = warnings(board, get_engine("cr418"))
    assert [line.split(": ", 1)[0] for line in old] == [
        "graveyards.you[1]", "graveyards.you[1]", "effects[0] (act-of-treason)",
    ]
    assert "tribal is not a card type" in old[0] and "205.2a" in old[0]
    assert "Lignify was first printed in Lorwyn (2007-10-12)" in old[1]
    assert "Act of Treason was first printed in Magic 2010 (2009-07-17), after the rules of 2006-10-01" in old[2]
    assert warnings(board, get_engine("cr613")) == []


def test_a_subtype_the_document_does_not_list_is_warned_about_with_how_it_is_read():
    # 204.3f of the 2009-10-05 document lists the artifact types (Contraption, Equipment,
    # Fortification): no Food, which 205.3g adds on 2019-10-04. 204.3k lists the creature types: Egg
    # is one, and 205.3m drops it on 2010-07-16 (and adds it back on 2018-07-13), so under the
    # 2012-10-01 document it is read as it was last listed. Golem is listed by both. A word no
    # document lists is read as a creature type. Under the 2026 rules each is listed.
    board = board_from_data({
        "objects": [
            {"id": "gingerbrute", "types": ["artifact", "creature"], "subtypes": ["food", "golem"],
             "power": 1, "toughness": 1},
            {"id": "egg", "types": ["creature"], "subtypes": ["egg"], "power": 0, "toughness": 1},
        ],
        "effects": [{"id": "shift", "affects": ["egg"], "subtypes": {"set": ["blorp"]}}],
    })
    assert warnings(board, get_engine("2009-10-05")) == [
        "objects[0] (gingerbrute): food is not a subtype in the rules of 2009-10-01 (2009-10-05), which lists "
        "artifact types in 204.3f; the answer reads it as an artifact type, as the rules from 2019-10-04 do",
        "effects[0] (shift): blorp is a subtype no rules document lists; the answer reads it as a creature type "
        "(decision unlisted_subtypes)",
    ]
    assert warnings(board, get_engine("2012-10-01"))[1] == (
        "objects[1] (egg): egg is not a subtype in the rules of 2012-10-01 (2012-10-01), which lists creature "
        "types in 205.3m; the answer reads it as a creature type, as the rules did until 2010-07-16"
    )
    assert warnings(board, get_engine("2026-01-20")) == [warnings(board, get_engine("2009-10-05"))[1]]
    # Before the glossary's first complete list (2003-12-01) any noun was a creature type, so Egg and
    # blorp are the document's own; but artifacts have no subtypes until 2003-10 (212.2d of 2001).
    assert warnings(board, get_engine("2001-07-23")) == [
        "objects[0] (gingerbrute): food is not a subtype in the rules of 2001-07-23 (2001-07-23), which has no "
        "artifact types; the answer reads it as an artifact type, as the rules from 2019-10-04 do"
    ]


def test_a_card_of_the_set_a_document_was_written_for_is_known_to_it():
    # The 2006-10-01 document has split second (502.58): Sudden Spoiling, a split second card
    # of Time Spiral (released 2006-10-06), is known to it. The 2009-10-01 document lists
    # Zendikar's landfall among its ability words (206.2c): Spreading Seas and Disfigure
    # (Zendikar, released 2009-10-02) are known to it, but not to the 2006 one.
    board = board_from_data({
        "objects": [{"card": "Island", "id": "island"}, {"card": "Spreading Seas", "attached_to": "island"},
                    {"card": "Grizzly Bears", "id": "bears"}],
        "effects": [{"cast": "Sudden Spoiling", "targets": ["bears"]}, {"cast": "Disfigure", "targets": ["bears"]}],
    })
    assert warnings(board, get_engine("cr613")) == []
    old = warnings(board, get_engine("cr418"))
    assert [line.split(" (", 1)[0] for line in old] == ["objects[1]", "effects[1]"]
    assert all("first printed in Zendikar (2009-10-02)" in line for line in old)


def test_an_effect_is_known_by_the_card_its_source_starts_with():
    # A cast's source is the card's name, then an ability label in parentheses and choices
    # after commas; a free-form source that is no card's name gives no date warning.
    board = board_from_data({
        "objects": [{"card": "Grizzly Bears", "id": "bears"}],
        "effects": [
            {"id": "e1", "source": "Act of Treason, again", "affects": ["bears"], "control": "opponent"},
            {"id": "e2", "source": "Something new", "affects": ["bears"], "control": "opponent"},
        ],
    })
    assert [line.split(":", 1)[0] for line in warnings(board, get_engine("cr418"))] == ["effects[0] (e1)"]


def test_an_engine_without_a_ruleset_gets_no_warnings():
    class Outside:
        name = "outside"

    assert warnings(board_from_data(BOARD), Outside()) == []


def test_judge_and_diff_warn_on_stderr_and_still_answer(tmp_path: Path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(BOARD))
    board = load_board(path)
    cr418 = get_engine("cr418")
    result = runner.invoke(app, ["judge", str(path), "--ruleset", "cr418", "--json"])
    assert result.exit_code == 0
    # stdout holds the answer alone, the same as without warnings.
    assert result.stdout == render.outcome_json(cr418.evaluate(board), render.rules_info(cr418)) + "\n"
    assert json.loads(result.stdout)["ruleset"] == "cr418"
    lines = result.stderr.splitlines()
    assert lines == [f"warning: {path}: {line}" for line in warnings(board, cr418)] and len(lines) == 3
    text = runner.invoke(app, ["judge", str(path), "--ruleset", "cr418"])
    assert text.exit_code == 0
    assert text.stdout == render.render_judgement(cr418, cr418.evaluate(board), str(path)) + "\n"
    assert text.stderr.splitlines() == lines
    diff = runner.invoke(app, ["diff", str(path), "--json"])
    assert diff.exit_code == 0 and set(json.loads(diff.stdout)["outcomes"]) == {"cr418", "cr613"}
    assert diff.stderr.splitlines() == lines  # only cr418's document misses them
    reverse = runner.invoke(app, ["diff", str(path), "--from", "cr613", "--to", "cr418", "--fail-on-difference"])
    assert reverse.stderr.splitlines() == lines and reverse.exit_code in (0, 1)
    default = runner.invoke(app, ["judge", str(path)])  # cr613 by default
    assert default.exit_code == 0 and default.stderr == ""


def test_cards_show_their_first_printing():
    dated = [card for card in catalogue() if card.first_printing is not None]
    assert len(dated) > 80
    assert all(len(card.first_printing[1]) == 10 for card in dated)
    result = runner.invoke(app, ["cards", "Sudden Spoiling"])
    assert result.exit_code == 0
    assert "first printed in Time Spiral, 2006-10-06" in result.stdout
    data = json.loads(runner.invoke(app, ["cards", "Sudden Spoiling", "--json"]).stdout)
    assert data[0]["first_printing"] == {"set": "Time Spiral", "date": "2006-10-06"}
    undated = next(card for card in catalogue() if card.first_printing is None)
    assert "first printed" not in runner.invoke(app, ["cards", undated.name]).stdout
    assert json.loads(runner.invoke(app, ["cards", undated.name, "--json"]).stdout)[0]["first_printing"] is None


def test_sleight_of_mind_and_artificial_evolution_last_indefinitely():
    # Their effects have no duration: a text change by either lasts indefinitely, as Magical Hack's does.
    for name in ("Sleight of Mind", "Artificial Evolution", "Magical Hack"):
        about = catalogue().get(name).about
        assert about.startswith("Indefinitely") and "end of turn" not in about


def test_a_cards_caveat_is_a_warning_beside_the_answer_once(tmp_path):
    # Life and Limb makes Forests and Saprolings Saproling creatures and Forest lands; a filter can't
    # say "Forest or Saproling", so the catalogue writes two abilities, and an object that is both gets
    # the effect twice. The answer may rest on that: the caveat says so on stderr, once, for judge and
    # for diff; the answer still stands.
    path = tmp_path / "limb.yaml"
    path.write_text("objects:\n  - card: Life and Limb\n  - card: Forest\n", encoding="utf-8")
    (caveat,) = catalogue().get("Life and Limb").caveats
    for args in (["judge", str(path), "--date", "2026-01-20"], ["diff", str(path), "--date", "2010-01-01"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0
        lines = [line for line in result.stderr.splitlines() if "Life and Limb:" in line]
        assert lines == [f"warning: {path}: objects[0] (life-and-limb): Life and Limb: {caveat}"], args
    # Dryad Arbor's color indicator is modelled on every date (202.2e of 2011-09-30; decision
    # color_indicator_text before): no caveat is left to hide a wrong answer.
    assert catalogue().get("Dryad Arbor").caveats == ()


@pytest.mark.parametrize("data, expected", [
    # Exalted Angel's caveat is about its face-up text (lifelink, once a trigger): face down it has no text
    # (708.2; 504.2 of 2006), so the caveat does not bear on it; face up it does.
    ({"objects": [{"card": "Exalted Angel", "face_down": "morph"}]}, []),
    ({"objects": [{"card": "Exalted Angel"}]}, ["objects[0] (exalted-angel): Exalted Angel: Its Oracle text"]),
    # Lazav's caveat is about its ability's copy exception: only where the ability is cast.
    ({"objects": [{"card": "Lazav, the Multifarious", "id": "lazav"}]}, []),
    # Metamorphic Alteration's, about what it copies: not where it copied nothing.
    ({"objects": [{"card": "Grizzly Bears", "id": "bears"},
                  {"card": "Metamorphic Alteration", "attached_to": "bears", "choices": {"copy": "none"}}]}, []),
    ({"objects": [{"card": "Grizzly Bears", "id": "bears"}, {"card": "Gray Ogre", "id": "ogre"},
                  {"card": "Metamorphic Alteration", "attached_to": "bears", "choices": {"copy": "ogre"}}]},
     ["objects[2] (metamorphic-alteration): Metamorphic Alteration: The card fixes"]),
])
def test_a_caveat_is_printed_only_where_it_bears_on_the_board(data, expected):
    found = caveats(board_from_data(data))
    assert len(found) == len(expected) and all(f.startswith(e) for f, e in zip(found, expected))
