"""The card catalogue, and boards that name its cards (``card:``, ``cast:``).

The layers expected for a card come from the layer table (old 418.5a; 2009 613.1, 613.3):
an ability change is old layer 5 and 2009 layer 6, a static P/T setting old 6b and 2009
7b, a resolved P/T modifier old 6b and 2009 7c, a static one old 6d and 2009 7c.
"""

from __future__ import annotations

import copy

import pytest

from diffcheck.boards.generate import SeededChoices
from diffcheck.boards.generate_cards import CardBoardGenerator
from diffcheck.boards.loading import BoardError, board_from_data, checked_board_data
from diffcheck.catalogue import CardReferenceError, catalogue, expand_board, uses_cards
from diffcheck.catalogue.describe import layers
from diffcheck.search.reductions import reductions
from engines import get_engine
from engines.board.outcome import validate_outcome
from rulesets import RULESETS

CARDS = list(catalogue())
CHOICE_VALUES = {"color": "blue", "creature_type": "goblin", "basic_land_type": "island", "player": "opponent"}


def _choices(wanted, objects):
    # A card choice names the Grizzly Bears card in the graveyard of every board below; a shape is the last.
    return {c.name: objects[0] if c.kind == "object" else "bears-card" if c.kind == "card"
            else c.options[-1][0] if c.kind == "shape" else CHOICE_VALUES[c.kind] for c in wanted}


def _cast(card, made, targets):
    cast = {"cast": card.name, "targets": targets, "choices": _choices(made.choices, ["bears"])}
    if made.label is not None:
        cast["ability"] = made.label
    if made.pays_x:
        cast["x"] = 2
    return cast


def _board_for(card) -> dict:
    """The card on a small board: beside two creatures it can act on, or cast on them."""
    objects = [{"card": "Gray Ogre", "id": "ogre"}, {"card": "Grizzly Bears", "id": "bears"}]
    effects = []
    if card.is_spell and not card.effects:  # its own abilities only (Ghostfire): a spell on the stack
        return {"objects": objects, "stack": {"you": [{"card": card.name, "id": "it"}]}}
    if card.is_spell:
        made = card.effects[0]
        targets = ["ogre", "bears"][: made.targets or 2]
        effects.append(_cast(card, made, targets))
    else:
        obj = {"card": card.name, "id": "it", "choices": _choices(card.choices, ["ogre"])}
        if {"aura", "equipment"} & set(card.printed.get("subtypes", ())):
            obj["attached_to"] = "ogre"
        objects.append(obj)
        for made in card.effects:
            targets = ["it"] if made.on_self else ["ogre", "bears"][: made.targets or 2]
            effects.append(_cast(card, made, targets))
    return {"objects": objects, "effects": effects, "graveyards": {"you": [{"card": "Grizzly Bears", "id": "bears-card"}]}}


@pytest.mark.parametrize("card", CARDS, ids=[c.name for c in CARDS])
def test_every_card_loads_and_evaluates_under_both_rulesets(card):
    data = _board_for(card)
    plain = checked_board_data(data, card.name)
    board = board_from_data(data, card.name)
    for name in ("cr418", "cr613"):
        outcome = get_engine(name).evaluate(board)
        validate_outcome(outcome)
        assert set(outcome["objects"]) == {o["id"] for o in plain["objects"]}
        copies = any(c.kind in ("object", "card") for e in (card, *card.effects) for c in e.choices)
        if not card.is_spell and not copies:  # a copy takes a name
            assert outcome["objects"]["it"]["name"] == card.name
    if not card.is_spell:
        # The object carries the card's printed characteristics (the catalogue's facts), and those of the shape
        # it chose as it entered (Primal Clay's: copiable values, 706.2).
        obj = plain["objects"][2]
        printed = dict(card.printed)
        for choice in card.choices:
            if choice.kind == "shape":
                printed.update(choice.options[-1][1])
        for key in ("types", "subtypes", "supertypes", "colors", "power", "toughness", "mana_value", "abilities"):
            assert obj.get(key) == printed.get(key)


def test_the_catalogue_has_sixty_layer_cards_covering_every_sublayer_of_both_rulesets():
    layer_cards = [c for c in CARDS if layers(c, RULESETS["cr418"])]
    assert len(layer_cards) >= 60
    for name, ruleset in RULESETS.items():
        covered = {key for card in CARDS for key in layers(card, ruleset)}
        assert covered == {s.key for s in ruleset.sublayers}, name


def test_the_catalogue_covers_both_origins_and_the_kinds_judges_ask_about():
    statics = [c for c in CARDS if c.static]
    spells = [c for c in CARDS if c.is_spell]
    abilities = [c for c in CARDS if not c.is_spell and c.effects]
    cdas = [c for c in CARDS if any(a.get("cda") for a in c.static)]
    graveyard_counts = [c for c in cdas if "graveyard" in str(c.static)]
    assert statics and spells and abilities and cdas and graveyard_counts
    texts = " ".join(str(c.static) + str([e.body for e in c.effects]) for c in CARDS)
    for part in ("copy", "control", "change_text", "remove_all", "switch", "mana_value"):
        assert part in texts, part


def test_every_card_has_a_description_and_printed_facts():
    for card in CARDS:
        assert card.about.strip() and card.types, card.name
        assert ("power" in card.printed) == ("creature" in card.types), card.name


# ---------------------------------------------------------------- expansion


def test_a_card_object_gets_the_printed_characteristics_and_keeps_what_the_board_gives():
    data = {"players": ["alice", "bob"],
            "objects": [{"card": "gray ogre", "controller": "bob", "counters": {"+1/+1": 2}, "timestamp": 5},
                        {"card": "Gray Ogre"}]}
    plain = expand_board(data)
    first, second = plain["objects"]
    assert first == {"id": "gray-ogre", "name": "Gray Ogre", "controller": "bob", "types": ["creature"],
                     "subtypes": ["ogre"], "colors": ["red"], "mana_value": 3, "mana_cost": "{2}{R}", "power": 2, "toughness": 2,
                     "counters": {"+1/+1": 2}, "timestamp": 5}
    assert second["id"] == "gray-ogre-2"
    assert data["objects"][0] == {"card": "gray ogre", "controller": "bob", "counters": {"+1/+1": 2}, "timestamp": 5}


def test_an_expanded_board_owns_its_card_data():
    # A board's written-out card is its own: changing its lists (as a shrink's variant or an editing user may) changes
    # neither the catalogue's card nor the next board that names it. Clone's static ability is a mapping, copied
    # whole (its chosen creature written in); Gray Ogre's printed values are words and numbers, copied as new lists.
    data = {"objects": [{"card": "Gray Ogre"}, {"card": "Clone", "choices": {"copy": "gray-ogre"}}]}
    ogre, clone = expand_board(data)["objects"]
    first_clone = copy.deepcopy(clone)
    ogre["types"].append("artifact")
    ogre["subtypes"].clear()
    clone["static"][0].clear()
    again, clone_again = expand_board(data)["objects"]
    assert (again["types"], again["subtypes"]) == (["creature"], ["ogre"])
    assert clone_again == first_clone and clone_again["static"][0]["copy"] == "gray-ogre"
    assert catalogue().get("Gray Ogre").printed["types"] == ["creature"]


def test_a_cast_effect_affects_its_targets_with_the_cards_effect_and_choices():
    data = {"objects": [{"card": "Crusade", "id": "crusade"}],
            "effects": [{"cast": "Sleight of Mind", "targets": ["crusade"], "choices": {"from": "white", "to": "black"}}]}
    (effect,) = expand_board(data)["effects"]
    assert effect == {"id": "sleight-of-mind", "source": "Sleight of Mind, from white, to black", "affects": ["crusade"],
                      "change_text": {"white": "black"}}


def test_sleight_of_mind_turns_crusade_into_a_black_anthem():
    # 418.6a / 612.2: "white" becomes "black" in Crusade's text (layer 3), so in 6d/7c the
    # black Nightmare-less board's black creature gets +1/+1 and the white one nothing.
    data = {"objects": [{"card": "Crusade", "id": "crusade"}, {"card": "Savannah Lions", "id": "lions"},
                        {"card": "Sorceress Queen", "id": "queen"}],
            "effects": [{"cast": "Sleight of Mind", "targets": ["crusade"], "choices": {"from": "white", "to": "black"}}]}
    board = board_from_data(data)
    for name in ("cr418", "cr613"):
        objects = get_engine(name).evaluate(board)["objects"]
        assert (objects["lions"]["power"], objects["lions"]["toughness"]) == (2, 1)
        assert (objects["queen"]["power"], objects["queen"]["toughness"]) == (2, 2)


# What a Clone can copy is decided as it enters (707.5 / 706 of 2009: it enters as a copy), among the permanents
# on the battlefield then: those with an earlier timestamp. A Clone that copied nothing is itself: a 0/0 Shapeshifter
# with no abilities. A board never leaves such a choice to be guessed: it is asked for where the board holds
# something the card could have copied.
@pytest.mark.parametrize("objects, static", [
    ([{"card": "Clone"}], None),  # nothing to copy: it copied nothing
    ([{"card": "Clone"}, {"card": "Gray Ogre", "id": "ogre"}], None),  # the Ogre entered after it
    ([{"card": "Gray Ogre", "id": "ogre"}, {"card": "Clone", "choices": {"copy": "none"}}], None),  # declined
    ([{"card": "Gray Ogre", "id": "ogre"}, {"card": "Clone", "choices": {"copy": "ogre"}}], "ogre"),
    # Sculpting Steel copies an artifact: a creature before it is nothing it could have copied ...
    ([{"card": "Gray Ogre", "id": "ogre"}, {"card": "Sculpting Steel"}], None),
])
def test_an_optional_copy_choice_is_made_declined_or_has_nothing_to_name(objects, static):
    plain = expand_board({"objects": objects})
    clone = next(o for o in plain["objects"] if o["name"] in ("Clone", "Sculpting Steel"))
    assert clone.get("static", [{}])[0].get("copy") == static


@pytest.mark.parametrize("objects, named", [
    ([{"card": "Gray Ogre", "id": "ogre"}, {"card": "Clone"}], '"ogre"'),
    # ... but once something on the board can make any permanent an artifact or a creature (March of the
    # Machines, a manland's animation), any permanent before it could have been one.
    ([{"card": "Mishra's Factory", "id": "factory"}, {"card": "March of the Machines"}, {"card": "Sculpting Steel"}],
     '"factory" and "march-of-the-machines"'),
])
def test_an_optional_copy_choice_left_out_is_asked_for_where_something_could_have_been_copied(objects, named):
    with pytest.raises(BoardError) as raised:
        board_from_data({"objects": objects}, "board.yaml")
    assert raised.value.where == f"objects[{len(objects) - 1}]"
    assert named in raised.value.message and "copy: none if it copied nothing" in raised.value.message


# Volrath's Shapeshifter: as long as the top card of its owner's graveyard is a creature card, it has that card's
# full text (a text-changing effect: 612; layer 3, 613.1c). A graveyard is a pile in an order (404.1-404.2), but a
# board lists its cards in no order: the top card is known where the graveyard holds one card, or where no card of
# it is a creature card (then whichever is on top, the Shapeshifter has its own text).
def _volrath(graveyard, choices=None, bob=()):
    shifter = {"card": "Volrath's Shapeshifter", "id": "volrath", "controller": "alice"}
    if choices is not None:
        shifter["choices"] = choices
    data = {"players": ["alice", "bob"], "objects": [shifter], "graveyards": {"alice": graveyard}}
    if bob:
        data["graveyards"]["bob"] = list(bob)
    return data


@pytest.mark.parametrize("data, name", [
    (_volrath([{"card": "Gray Ogre"}]), "Gray Ogre"),  # one card: it is on top, a creature card
    (_volrath([{"card": "Forest"}]), "Volrath's Shapeshifter"),  # on top, but no creature card
    (_volrath([{"card": "Forest"}, {"card": "Swamp"}], bob=[{"card": "Gray Ogre"}]), "Volrath's Shapeshifter"),
    (_volrath([{"card": "Gray Ogre", "id": "ogre"}, {"card": "Forest", "id": "forest"}], {"card": "ogre"}), "Gray Ogre"),
    (_volrath([{"card": "Gray Ogre", "id": "ogre"}, {"card": "Forest", "id": "forest"}], {"card": "forest"}),
     "Volrath's Shapeshifter"),
    (_volrath([{"card": "Gray Ogre", "id": "ogre"}, {"card": "Forest", "id": "forest"}], {"card": "none"}),
     "Volrath's Shapeshifter"),
])
def test_volraths_shapeshifter_has_the_text_of_the_top_card_when_the_board_tells_which(data, name):
    # Gray Ogre's text makes it a red 2/2 Ogre named Gray Ogre (612.1, 613.1c); its own, a blue 0/1.
    for rules in ("cr418", "current"):
        shifter = get_engine(rules).evaluate(board_from_data(data))["objects"]["volrath"]
        assert shifter["name"] == name, rules
        assert (shifter["power"], shifter["toughness"]) == ((2, 2) if name == "Gray Ogre" else (0, 1))


def test_every_optional_choice_in_the_catalogue_says_what_it_could_name():
    # Whether a board that leaves one out must be asked depends on it (catalogue.model.Choice).
    optional = [(card.name, c) for card in CARDS for c in card.choices if c.optional]
    assert optional and all(c.among for _, c in optional)


def test_graveyard_cards_come_from_the_catalogue():
    data = {"objects": [{"card": "Keldon Warlord"}], "graveyards": {"you": [{"card": "Grizzly Bears"}]}}
    assert expand_board(data)["graveyards"]["you"] == [
        {"name": "Grizzly Bears", "types": ["creature"], "subtypes": ["bear"], "colors": ["green"],
         "mana_value": 2, "mana_cost": "{1}{G}", "power": 2, "toughness": 2}]


def test_a_board_without_cards_is_returned_as_it_is():
    data = {"objects": [{"id": "x", "types": ["creature"], "power": 1, "toughness": 1}]}
    assert expand_board(data) is data


@pytest.mark.parametrize(
    "data, where, words",
    [
        ({"objects": [{"card": "Humilty"}]}, "objects[0].card", ['no card called "Humilty"', 'did you mean "Humility"']),
        ({"objects": [{"card": "Giant Growth"}]}, "objects[0].card", ["instant, not a permanent", "cast: Giant Growth"]),
        ({"objects": [{"card": "Humility", "types": ["creature"]}]}, "objects[0].types", ["unknown key", "card, id"]),
        ({"objects": [{"card": "Painter's Servant"}]}, "objects[0]", ["needs a choice", "color"]),
        ({"objects": [{"card": "Painter's Servant", "choices": {"color": "pink"}}]}, "objects[0].choices.color",
         ["expected a color", '"pink"']),
        ({"objects": [{"card": "Painter's Servant", "choices": {"colour": "red"}}]}, "objects[0].choices.colour",
         ['no choice "colour"', '"color"']),
        ({"objects": [{"card": "Clone", "id": "c", "choices": {"copy": "c"}}]}, "objects[0].choices.copy",
         ["cannot choose itself"]),
        ({"objects": [{"card": "Gray Ogre", "id": "a"}, {"card": "Gray Ogre", "id": "b"}],
          "effects": [{"cast": "Giant Growth", "targets": ["a", "b"]}]}, "effects[0].targets",
         ["Giant Growth takes 1 target; found 2"]),
        ({"effects": [{"cast": "Giant Growth", "targets": ["nobody"]}]}, "effects[0].targets[0]", ["nobody"]),
        ({"objects": [{"card": "Gray Ogre", "id": "a"}], "effects": [{"cast": "Humility", "targets": ["a"]}]},
         "effects[0].cast", ["no spell effect", "card: Humility"]),
        ({"objects": [{"card": "Mishra's Factory", "id": "f"}], "effects": [{"cast": "Mishra's Factory", "targets": ["f"]}]},
         "effects[0]", ["2 abilities", "animate", "pump"]),
        ({"objects": [{"card": "Mishra's Factory", "id": "f"}],
          "effects": [{"cast": "Mishra's Factory", "ability": "animat", "targets": ["f"]}]},
         "effects[0].ability", ['no ability "animat"', '"animate"']),
        ({"objects": [{"card": "Mishra's Factory", "id": "f"}, {"card": "Gray Ogre", "id": "o"}],
          "effects": [{"cast": "Mishra's Factory", "ability": "animate", "targets": ["o"]}]},
         "effects[0].targets[0]", ["only its own permanent"]),
        ({"objects": [{"card": "Humility"}, {"card": "Opalescence", "timestamp": 1}]},
         "objects[1].timestamp", ["timestamp 1"]),
        # Volrath's Shapeshifter where the board cannot tell which card is on top of its owner's graveyard, and
        # one naming a card of another player's graveyard (it reads its owner's top card).
        (_volrath([{"card": "Gray Ogre", "id": "ogre"}, {"card": "Forest"}]), "objects[0]",
         ["top card of alice's graveyard", '"ogre"', "card: none"]),
        (_volrath([{"card": "Forest"}], {"card": "bears"}, bob=[{"card": "Grizzly Bears", "id": "bears"}]),
         "objects[0].choices.card", ["a card in alice's graveyard", '"bears"']),
    ],
)
def test_bad_card_references_name_the_place_and_what_was_expected(data, where, words):
    with pytest.raises(BoardError) as raised:
        board_from_data(data, "board.yaml")
    assert raised.value.where == where
    for word in words:
        assert word in raised.value.message


def test_a_card_the_vocabulary_cannot_express_is_refused_with_the_reason():
    with pytest.raises(BoardError) as raised:
        board_from_data({"objects": [{"card": "blood sun"}]}, "board.yaml")
    assert raised.value.where == "objects[0].card"
    assert raised.value.message.startswith("Blood Sun is not in the catalogue")
    assert "mana abilities" in raised.value.message


def test_the_docs_table_of_uncovered_cards_is_the_catalogues_list():
    from pathlib import Path

    docs = (Path(__file__).parents[2] / "docs" / "cards.md").read_text(encoding="utf-8")
    table = docs[docs.index("## Cards the vocabulary cannot express"):]
    rows = [line for line in table.splitlines() if line.startswith("| ") and not line.startswith("| card |")]
    assert rows == [f"| {u.title} | {u.why} |" for u in catalogue().uncovered]
    assert rows  # the table was found and read
    for entry in catalogue().uncovered:  # listed as not covered, so never in the catalogue too
        assert all(catalogue().get(name) is None for name in entry.names), entry.title


@pytest.mark.parametrize("doc", ["README.md", "docs/cards.md"])
def test_the_card_boards_in_the_docs_load(doc):
    import re
    from pathlib import Path

    import yaml

    text = (Path(__file__).parents[2] / doc).read_text(encoding="utf-8")
    boards = [yaml.safe_load(block) for block in re.findall(r"```yaml\n(.*?)```", text, re.S)]
    boards = [b for b in boards if isinstance(b, dict) and "objects" in b and uses_cards(b)]
    assert boards
    for board in boards:
        board_from_data(board, doc)


def test_a_card_reference_error_is_raised_only_for_valid_shapes():
    with pytest.raises(CardReferenceError):
        expand_board({"objects": [{"card": "No Such Card"}]})


# ---------------------------------------------------------------- generation and shrinking


def test_generated_card_boards_are_valid_deterministic_and_name_only_cards():
    make = CardBoardGenerator()
    boards = [make.board(SeededChoices(7)) for _ in range(1)] + [make.board(c) for c in [SeededChoices(8)] for _ in range(300)]
    again = [make.board(SeededChoices(7))] + [make.board(c) for c in [SeededChoices(8)] for _ in range(300)]
    assert boards == again
    for n, data in enumerate(boards):
        checked_board_data(data, f"board {n}")
        assert all("card" in o for o in data["objects"]) and all("cast" in e for e in data.get("effects", ()))


def test_shrinking_steps_keep_card_boards_valid():
    make, choices = CardBoardGenerator(), SeededChoices(3)
    for _ in range(40):
        data = make.board(choices)
        for variant in reductions(data):
            checked_board_data(variant, "variant")


def test_removing_an_object_removes_the_casts_on_it_and_declines_the_choices_naming_it():
    data = {"objects": [{"card": "Gray Ogre", "id": "ogre"}, {"card": "Clone", "id": "clone", "choices": {"copy": "ogre"}},
                        {"card": "Grizzly Bears", "id": "bears"}],
            "effects": [{"cast": "Giant Growth", "id": "gg", "targets": ["ogre"]},
                        {"cast": "Giant Growth", "id": "gg2", "targets": ["bears"]}]}
    before = copy.deepcopy(data)
    first = next(reductions(data))
    # The Clone copied nothing then: said outright (copy: none), as the Bears, which entered after it, were
    # nothing it could have copied, but a board is never left to guess.
    assert first == {"objects": [{"card": "Clone", "id": "clone", "choices": {"copy": "none"}},
                                 {"card": "Grizzly Bears", "id": "bears"}],
                     "effects": [{"cast": "Giant Growth", "id": "gg2", "targets": ["bears"]}]}
    assert data == before


# ---------------------------------------------------------------- the command line


def _cli(*args: str):
    from typer.testing import CliRunner

    from diffcheck.cli import app

    return CliRunner().invoke(app, list(args))


def test_cards_lists_the_whole_catalogue_with_each_cards_layers():
    result = _cli("cards")
    assert result.exit_code == 0, result.output
    assert f"{len(CARDS)} of {len(CARDS)} cards" in result.stdout
    humility = next(line for line in result.stdout.splitlines() if line.startswith("Humility "))
    # Ability loss: old layer 5, 2009 layer 6; its 1/1: static P/T setting, 6b and 7b.
    assert humility.split()[-4:] == ["5", "6b", "6", "7b"]


def test_cards_shows_one_card_in_full_and_how_a_board_names_it():
    result = _cli("cards", "giant growth")
    assert result.exit_code == 0, result.output
    assert "layers under cr418 (2006-10-01): 6b" in result.stdout  # a resolved +N/+N: 6b, 7c
    assert "layers under cr613 (2009-10-01): 7c" in result.stdout
    assert "cast: Giant Growth, targets: [ID]" in result.stdout


@pytest.mark.parametrize("name, ruleset, expected", [
    # Changeling is a characteristic-defining ability that gives every creature type (502.73a of 2007-10;
    # 702.73a): layer 4 under both (418.5a; 613.1d), though the 2006 document does not know the keyword.
    ("Changeling Hero", "cr418", ["4"]),
    ("Changeling Hero", "cr613", ["4"]),
    # Dryad Arbor's green: until 202.2e of 2011-09-30, what its Oracle text said, a characteristic-defining
    # ability that sets its color (decision color_indicator_text): layer 5 (418.5a; 613.1e); from then on a
    # printed color, in no layer.
    ("Dryad Arbor", "cr418", ["5"]),
    ("Dryad Arbor", "cr613", ["5"]),
    ("Dryad Arbor", "current", []),
])
def test_cards_lists_the_layer_of_a_characteristic_defining_ability_as_judge_applies_it(name, ruleset, expected):
    from rulesets.editions import ruleset_for

    card = catalogue().get(name)
    rules = RULESETS.get(ruleset) or ruleset_for(ruleset)
    assert layers(card, rules) == expected
    # The same sublayers as the trace of a board of the card alone.
    board = board_from_data({"objects": [{"card": name}]}, "<test>")
    _, trace = get_engine(ruleset).explain(board)
    assert sorted({e.sublayer for e in trace if type(e).__name__ == "Applied"}) == expected


def test_cards_never_calls_a_card_with_a_color_indicator_colorless():
    result = _cli("cards", "Dryad Arbor")
    assert result.exit_code == 0, result.output
    assert "colorless" not in result.stdout
    assert "  green (its color indicator)" in result.stdout


def test_cards_searches_and_says_when_nothing_matches():
    found = _cli("cards", "--json", "aura")
    assert found.exit_code == 0, found.output
    import json

    names = [card["name"] for card in json.loads(found.stdout)]
    assert "Control Magic" in names and "Humility" not in names
    missing = _cli("cards", "Humilty Opalesence")
    assert missing.exit_code == 1
    assert "no card matches" in missing.output
    uncovered = _cli("cards", "Blood", "Sun")
    assert uncovered.exit_code == 1
    assert "Blood Sun is not in the catalogue" in uncovered.output


def test_run_with_cards_finds_humility_with_a_pump_spell_and_reports_cards(tmp_path):
    out = tmp_path / "run"
    result = _cli("run", "--cards", "--boards", "3000", "--seed", "1", "--jobs", "1", "--out", str(out), "--quiet")
    assert result.exit_code == 0, result.output
    import json

    assert json.loads((out / "run.json").read_text())["engine_errors"] == 0
    groups = [json.loads(line) for line in (out / "divergences.jsonl").read_text().splitlines()]
    assert groups
    for group in groups:
        board = group["board"]
        assert all("card" in o for o in board["objects"]) and all("cast" in e for e in board.get("effects", ()))
        checked_board_data(board, "minimal")
    # Old 6b interleaves a resolved +N/+N with setting by timestamp; 2009 applies it in 7c after 7b.
    assert any("resolved-modifiers-after-setting" in g["attribution"]["changes"] for g in groups)
    report = _cli("report", str(out))
    assert report.exit_code == 0, report.output
    assert "Cards: " in (out / "CHANGELOG.md").read_text()


def test_the_committed_cards_changelog_is_what_the_tool_generates(tmp_path):
    from pathlib import Path

    from diffcheck.cli.runs import CARDS_CHANGELOG

    out = tmp_path / "CHANGELOG.md"
    result = _cli("changelog", "--cards", "--out", str(out))
    assert result.exit_code == 0, result.output
    committed = Path(__file__).parents[2] / CARDS_CHANGELOG
    assert out.read_text(encoding="utf-8") == committed.read_text(encoding="utf-8")
    # Each witness reads as cards: its "Cards:" line names catalogue cards only, one line per witness.
    text = out.read_text(encoding="utf-8")
    cards_lines = [line for line in text.splitlines() if line.startswith("Cards: ")]
    assert len(cards_lines) == text.count("<details><summary>Witness") > 0
    names = {card.name for card in catalogue()}
    for line in cards_lines:
        listed = line.removeprefix("Cards: ").split(". Cast: ")[0].rstrip(".")
        assert set(listed.split(", ")) <= names, line
