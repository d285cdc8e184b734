"""phase.rs as an engine (engines/peers/phase.py): boards written into its game state, read back as outcomes.

phase implements today's rules; each expected answer below is derived from the 2026-01-16 document. The tests
need the phase-python package (the test extra installs it) and skip without it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("phase", reason="phase-python is not installed (pip install 'diffcheck[phase]')")

from diffcheck.boards.loading import board_from_data, load_board  # noqa: E402
from engines import get_engine  # noqa: E402
from engines.features import board_features  # noqa: E402
from engines.outcome import validate_outcome  # noqa: E402

ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def phase():
    return get_engine("phase")


def test_the_gray_ogre_in_phase_is_what_the_rules_say(phase):
    # Gray Ogre (2/2, a +1/+1 counter) gets +4/+4 (ts 2), Anthem of Toughness +0/+2 (ts 3), "becomes 0/1" (ts 4).
    # 613.4b: setting first, 0/1; 613.4c: +4/+4 and +0/+2, and the counter (counters in 7c since 2020) => 5/8.
    board = load_board(ROOT / "diffcheck" / "examples" / "gray-ogre.yaml")
    outcome = phase.evaluate(board)
    assert validate_outcome(outcome, board) is None
    ogre = outcome["objects"]["ogre"]
    assert (ogre["power"], ogre["toughness"]) == (5, 8)
    assert outcome["objects"]["anthem"]["abilities"] == ["Creatures you control get +0/+2"]


def test_timestamps_colors_types_control_and_every_creature_type_reach_phase(phase):
    # bear (2/2 green Bear, opponent's): ts 1 "becomes blue" then ts 2 "becomes red and white" (613.7: later
    # wins in layer 5) => red, white; ts 3 gives control to "you" (layer 2, 613.1b); ts 4 is every creature
    # type (205.3m; outcome word "every creature type"); ts 5: an artifact becomes a 3/3 creature in addition
    # (613.1d, 613.4b) => artifact creature 3/3.
    board = board_from_data({
        "players": ["you", "opponent"],
        "objects": [
            {"id": "bear", "controller": "opponent", "types": ["creature"], "subtypes": ["bear"],
             "colors": ["green"], "power": 2, "toughness": 2, "timestamp": 6},
            {"id": "relic", "types": ["artifact"], "timestamp": 7},
        ],
        "effects": [
            {"id": "blue", "affects": ["bear"], "colors": {"set": ["blue"]}, "timestamp": 1},
            {"id": "red-white", "affects": ["bear"], "colors": {"set": ["red", "white"]}, "timestamp": 2},
            {"id": "steal", "affects": ["bear"], "control": "you", "timestamp": 3},
            {"id": "all", "affects": ["bear"], "creature_types": "all", "timestamp": 4},
            {"id": "animate", "affects": ["relic"], "types": {"add": ["creature"]}, "pt": {"set": [3, 3]},
             "timestamp": 5},
        ],
    })
    assert board_features(board) <= phase.implements
    bear, relic = (phase.evaluate(board)["objects"][k] for k in ("bear", "relic"))
    assert bear["colors"] == ["red", "white"] and bear["controller"] == "you"
    assert bear["subtypes"] == ["every creature type"]
    assert relic["types"] == ["artifact", "creature"] and (relic["power"], relic["toughness"]) == (3, 3)


def test_every_creature_type_matches_a_type_named_only_by_a_filter(phase):
    # soldiers: "Soldiers are 0/1" (pt set, layer 7b, 613.4b); shifter: "every object is every creature type"
    # (layer 4, 205.3m). Both objects are creatures, so both have every creature type after layer 4, Soldier
    # among them (702.73a's meaning of "every creature type"), and both are 0/1 after layer 7b. Soldier is named
    # only by the filter: the adapter must still tell phase it is a creature type of this game.
    board = board_from_data({"objects": [
        {"id": "soldiers", "types": ["creature"], "power": 0, "toughness": 0, "timestamp": 2,
         "static": [{"affects": {"filter": {"subtypes": ["soldier"]}}, "pt": {"set": [0, 1]}}]},
        {"id": "shifter", "types": ["creature"], "power": 0, "toughness": 0, "timestamp": 1,
         "static": [{"affects": {"filter": {}}, "creature_types": "all"}]},
    ]})
    objects = phase.evaluate(board)["objects"]
    assert [(objects[k]["power"], objects[k]["toughness"]) for k in ("soldiers", "shifter")] == [(0, 1), (0, 1)]


def test_phase_parses_turn_to_frog_as_setting_the_card_types():
    # The peer report's verdict turn-to-frog-sets-card-types, which no run can show (the adapter writes effects
    # from diffcheck's own card definitions): Turn to Frog sets a creature type and a color, P/T and abilities,
    # never card types (205.1a: only an effect that sets card types replaces them), so an Opalescence creature
    # that becomes a Frog is still an enchantment. The pinned phase's Oracle parser sets the card types instead.
    import phase as bindings

    text = ("Until end of turn, target creature loses all abilities and becomes a blue Frog with base power and "
            "toughness 1/1.")
    face = bindings.build_oracle_face(
        {"name": "Turn to Frog", "manaCost": "{1}{U}", "manaValue": 2, "type": "Instant", "types": ["Instant"],
         "subtypes": [], "supertypes": [], "text": text, "colors": ["U"], "colorIdentity": ["U"],
         "layout": "normal", "identifiers": {}}, None)
    (ability,) = face["abilities"]
    (static,) = ability["effect"]["static_abilities"]
    assert {"type": "SetCardTypes", "core_types": ["Creature"]} in static["modifications"]
