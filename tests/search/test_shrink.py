"""The board reducer (diffcheck.search.shrink): valid in, valid out; smaller every step; minimal results.

a. every variant of every generated board (seeded and Hypothesis) passes the loader's
   checks and is strictly smaller by ``size``: the steps are valid by construction and
   shrinking terminates;
b. the same for a hand-written board using what the generator does not make (no
   timestamps, custom players, copy parts, granted abilities with id lists, Auras);
c. shrink calls its predicate only on valid boards, and its result is 1-minimal;
d. the Gray Ogre with noise shrinks to the board derived by hand, which stops diverging
   without any one of its objects or effects;
e. a color/ability layer-split board shrinks to a divergence in colors only;
f. determinism, no mutation, the predicate's exceptions, ``differing``.
"""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from diffcheck.boards.generate import seeded_boards
from diffcheck.boards.loading import BoardError, validate_board_data
from diffcheck.boards.strategies import boards
from diffcheck.search.divergence import differing, diverges
from diffcheck.search.reductions import described_reductions, reductions, size
from diffcheck.search.shrink import is_minimal, shrink
from engines import get_engine
from engines.board import Board

OLD_VS_NEW = diverges("cr418", "cr613")


def check_variants(board: dict[str, Any]) -> int:
    """Every variant is valid, strictly smaller, and the board itself is left as it was."""
    before = copy.deepcopy(board)
    measure = size(board)
    count = 0
    for description, variant in described_reductions(board):
        count += 1
        try:
            validate_board_data(variant)
        except BoardError as exc:  # pragma: no cover - the message is the point of the failure
            pytest.fail(f"{description!r} made an invalid board: {exc}\n{json.dumps(variant)}")
        assert size(variant) < measure, description
    assert board == before
    return count


# ---------------------------------------------------------------- a, b: valid by construction


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_variant_of_seeded_boards_is_valid_and_smaller(seed: int) -> None:
    assert sum(check_variants(board) for board in seeded_boards(seed, 10)) > 0


@settings(deadline=None, max_examples=12, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_every_variant_of_hypothesis_boards_is_valid_and_smaller(board: dict[str, Any]) -> None:
    check_variants(board)


# What the generator never writes: no timestamps on objects (positions) but given ones on
# effects, custom players, notes, copy parts, Auras with `affects: attached`, granted static
# abilities with id lists, two statics that become equal once an object is gone, a text
# change with two pairs, every P/T operation at once, counts over graveyards, empty lists.
EDGE: dict[str, Any] = {
    "players": ["alice", "bob"],
    "notes": "edge cases",
    "objects": [
        {"id": "a", "name": "Bear", "controller": "bob", "owner": "alice", "types": ["creature"],
         "subtypes": ["bear"], "supertypes": [], "colors": ["green"], "power": 3, "toughness": -3,
         "mana_value": 5, "abilities": ["trample", "flying"], "counters": {"+1/+1": 3, "charge": 0}},
        {"id": "b", "types": ["enchantment"], "subtypes": ["aura"], "attached_to": "a",
         "static": [
             {"text": "Enchanted creature gets +1/+1", "affects": "attached", "pt": {"modify": [1, 1]}},
             {"text": "a and c are red", "affects": ["a", "c"], "colors": {"add": ["red", "blue"]}},
         ]},
        {"id": "c", "types": ["artifact", "creature"], "power": 1, "toughness": 1,
         "static": [
             {"text": "grant", "affects": {"filter": {"types": ["creature", "artifact"], "other": True,
                                                      "power_at_least": 3, "controller": "bob"}},
              "abilities": {"add": ["haste", {"text": "granted", "affects": ["a", "c"], "pt": {"modify": [2, 0]},
                                              "copy": "a"}],
                            "remove": ["flying", "trample"]}},
         ]},
        {"id": "d", "types": ["artifact"], "power": 4, "toughness": 4,
         "static": [
             {"text": "same", "affects": ["d", "a"], "types": {"add": ["creature"]}},
             {"text": "same", "affects": ["d"], "types": {"add": ["creature"]}},
             {"text": "copy", "copy": "a", "supertypes": {"set": ["legendary", "snow"]}},
             {"text": "cda", "cda": True, "pt": {"set": [{"count": {"types": ["creature"]}, "zone": "graveyard"},
                                                          "mana_value"]},
              "colors": {"set": []}},
         ]},
    ],
    "graveyards": {"alice": [{"name": "Elf", "types": ["creature", "tribal"], "subtypes": ["elf"], "power": 2,
                              "toughness": 2, "mana_value": 4, "colors": ["green"]}],
                   "bob": []},
    "effects": [
        {"id": "e1", "source": "Switcheroo", "controller": "bob", "timestamp": 10, "affects": ["a", "c", "d"],
         "pt": {"set": [{"count": {"colors": ["green", "red"]}}, 2], "modify": [-4, 5], "switch": True}},
        {"id": "e2", "timestamp": 11, "affects": ["c"], "copy": "a", "control": "alice",
         "change_text": {"green": "blue", "bear": "elf"}},
        {"id": "e3", "timestamp": 12, "affects": ["a"],
         "abilities": {"add": ["flying"], "remove": ["trample"], "remove_all": True}},
    ],
}


def test_edge_board_is_valid_and_every_variant_is_valid_and_smaller() -> None:
    validate_board_data(EDGE)
    assert check_variants(EDGE) > 50


def test_removing_an_object_cascades() -> None:
    variants = dict(described_reductions(EDGE))
    without_a = variants["remove object a"]
    assert [o["id"] for o in without_a["objects"]] == ["b", "c", "d"]
    b, c, d = without_a["objects"]
    # b lost its attached_to and with it the `affects: attached` ability; the id list lost a.
    assert "attached_to" not in b
    assert b["static"] == [{"text": "a and c are red", "affects": ["c"], "colors": {"add": ["red", "blue"]}}]
    # The granted ability lost a from its list and its copy part.
    assert c["static"][0]["abilities"]["add"] == [
        "haste",
        {"text": "granted", "affects": ["c"], "pt": {"modify": [2, 0]}},
    ]
    # The two "same" abilities became equal (a static list's items must differ): one is left.
    # The copy part of "copy" went, its other part stayed.
    assert d["static"][:2] == [
        {"text": "same", "affects": ["d"], "types": {"add": ["creature"]}},
        {"text": "copy", "supertypes": {"set": ["legendary", "snow"]}},
    ]
    # e2 lost its copy part; e3 affected only a and went.
    assert [e["id"] for e in without_a["effects"]] == ["e1", "e2"]
    assert "copy" not in without_a["effects"][1]
    assert without_a["graveyards"] == EDGE["graveyards"]


def test_a_static_that_would_equal_its_sibling_is_not_offered() -> None:
    # objects[3] ("d") has {"same", affects [d, a]} and {"same", affects [d]}: dropping a from
    # the first list would make the two equal, which a static list forbids (uniqueItems).
    descriptions = [d for d, _ in described_reductions(EDGE)]
    assert "drop d from objects[3].static[0].affects" in descriptions
    assert "drop a from objects[3].static[0].affects" not in descriptions


# ---------------------------------------------------------------- c: only valid boards, minimal results


def pseudo_random(data: dict[str, Any]) -> bool:
    """True for about two boards in three, decided by the board's content alone."""
    digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).digest()
    return digest[0] % 3 != 0


def ids(data: dict[str, Any]) -> list[str]:
    return [item["id"] for section in ("objects", "effects") for item in data.get(section, [])]


@pytest.mark.parametrize("mode", ["floor", "keep-ids"])
@pytest.mark.parametrize("board", [EDGE] + seeded_boards(11, 4), ids=["edge", "s0", "s1", "s2", "s3"])
def test_shrink_only_asks_about_valid_boards_and_ends_minimal(board: dict[str, Any], mode: str) -> None:
    # Fuzzing predicates, true for a pseudo-random two in three of the boards that are
    # ("floor") at least a third as large as the start, so that the big cuts do not empty the
    # board at once, or ("keep-ids") that keep every object and effect, so that the fine steps
    # (parts, filters, fields, values, timestamps) are taken one after another and the
    # variants of their results are asked about too.
    floor = size(board) // 3
    asked: list[int] = []

    def interesting(data: dict[str, Any]) -> bool:
        validate_board_data(data)  # raises if invalid (shrink would read that as "no"): counted below
        asked.append(size(data))
        if data == board:
            return True
        keeps = size(data) >= floor if mode == "floor" else ids(data) == ids(board)
        return keeps and pseudo_random(data)

    calls: list[int] = []

    def counting(data: dict[str, Any]) -> bool:
        calls.append(1)
        return interesting(data)

    result = shrink(board, counting)
    assert len(calls) > 20
    assert len(asked) == len(calls)  # every board asked about passed validation
    validate_board_data(result)
    assert interesting(result)
    assert is_minimal(result, interesting)
    assert size(result) < size(board)


# ---------------------------------------------------------------- d: the Gray Ogre, with noise

# The worked example under 418.5a and 613.4 (tests/cases/seed-418-gray-ogre.yaml), plus
# noise that behaves the same under both rulesets: a Goblin with an Equipment (a color set
# in layer 5 through `affects: attached`), a resolved type-and-color addition (layers 4-5),
# a resolved control change with a subtype addition (layers 2 and 4), default players, notes
# and a graveyard.
GRAY_OGRE_WITH_NOISE: dict[str, Any] = {
    "players": ["you", "opponent"],
    "notes": "Gray Ogre, with noise",
    "objects": [
        {"id": "goblin", "name": "Goblin Piker", "controller": "opponent", "types": ["creature"],
         "subtypes": ["goblin"], "colors": ["red"], "power": 2, "toughness": 1, "mana_value": 2,
         "abilities": ["haste", "trample"], "timestamp": 5},
        {"id": "ogre", "name": "Gray Ogre", "types": ["creature"], "subtypes": ["ogre"], "colors": ["red"],
         "power": 2, "toughness": 2, "mana_value": 3, "counters": {"+1/+1": 1}, "timestamp": 10},
        {"id": "anthem", "name": "Anthem of Toughness", "types": ["enchantment"], "colors": ["white"],
         "mana_value": 2, "timestamp": 30,
         "static": [{"text": "Creatures you control get +0/+2",
                     "affects": {"filter": {"types": ["creature"], "controller": "you"}},
                     "pt": {"modify": [0, 2]}}]},
        {"id": "paint", "name": "Paintbrush", "types": ["artifact"], "supertypes": ["legendary"],
         "mana_value": 1, "attached_to": "goblin", "timestamp": 7,
         "static": [{"text": "Equipped creature is black", "affects": "attached", "colors": {"set": ["black"]}}]},
    ],
    "graveyards": {
        "you": [{"name": "Grizzly Bears", "types": ["creature"], "colors": ["green"], "power": 2, "toughness": 2}],
        "opponent": [],
    },
    "effects": [
        {"id": "plus-four", "source": "Target creature gets +4/+4", "timestamp": 20, "affects": ["ogre"],
         "pt": {"modify": [4, 4]}},
        {"id": "artifice", "source": "Target permanents become blue artifacts in addition", "controller": "opponent",
         "timestamp": 25, "affects": ["goblin", "ogre"], "types": {"add": ["artifact"]}, "colors": {"add": ["blue"]}},
        {"id": "becomes-0-1", "source": "Target creature becomes 0/1", "timestamp": 40, "affects": ["ogre"],
         "pt": {"set": [0, 1]}},
        {"id": "grab", "source": "Gain control of target goblin", "timestamp": 50, "affects": ["goblin"],
         "control": "you", "subtypes": {"add": ["zombie", "wall"]}},
    ],
}

# The minimal board, derived by hand from the order of the steps:
#  1. Objects, in order. Without the goblin (and, by cascade, its Equipment's attachment,
#     "grab", and goblin's place in "artifice") the ogre still diverges. Without the ogre
#     nothing diverges (no other object has a P/T effect). Without the anthem: cr418
#     6b +4/+4 (ts 20) then "becomes 0/1" (ts 40) => 0/1, 6c counter => 1/2; cr613 7b 0/1,
#     7c +4/+4 => 4/5, 7d counter => 5/6: still diverges, so the anthem goes (its static
#     modify is 6d in cr418 and 7c in cr613, after any set either way: it only adds +0/+2
#     to both sides). The Paintbrush goes (a color on another object).
#  2. Effects: without +4/+4 both give 0/1 (+counter); without "becomes 0/1" both give the
#     printed 2/2 +4/+4 +counter: neither diverges. "artifice" (layers 4-5, same in both)
#     goes.
#  4-6. Nothing left with two parts; the ogre's subtypes and colors go; graveyards go
#     (nothing counts them).
#  7. The counter goes (cr418 0/1 vs cr613 4/5); name and mana value go; the ogre is a
#     creature, so its printed P/T stay.
#  8. Values in document order: printed 2/2 -> 0/0 (overwritten by the set in both rules);
#     +4/+4: power to 0 (cr418 0/1 vs cr613 0/5); toughness 4 -> 0 no (both 0/1), -> 2 yes
#     (0/1 vs 0/3), 2 -> 0 no, -> 1 yes (0/1 vs 0/2); set 0/1: toughness -> 0 yes
#     (cr418 6b +0/+1 then set 0/0 => 0/0; cr613 7b 0/0, 7c +0/+1 => 0/1).
#  9. Timestamps 10, 20, 40 renumbered 1, 2, 3 (same order: the modify before the set,
#     which is what the divergence needs). 10. Default players and notes go.
# What remains is exactly the rule change of 418.5a 6b -> 613.3b/613.3c: a resolved modify
# with an earlier timestamp than a set is overwritten in the old rules and kept in the new.
GRAY_OGRE_MINIMAL: dict[str, Any] = {
    "objects": [{"id": "ogre", "types": ["creature"], "power": 0, "toughness": 0, "timestamp": 1}],
    "effects": [
        {"id": "plus-four", "timestamp": 2, "affects": ["ogre"], "pt": {"modify": [0, 1]}},
        {"id": "becomes-0-1", "timestamp": 3, "affects": ["ogre"], "pt": {"set": [0, 0]}},
    ],
}


def outcomes(data: dict[str, Any]) -> tuple[dict, dict]:
    board = Board.from_dict(data)
    return get_engine("cr418").evaluate(board), get_engine("cr613").evaluate(board)


def names_in(affects: Any) -> list[str]:
    return affects if isinstance(affects, list) else []


def hand_removals(board: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The board without each single object, effect or static ability, written without ``reductions``.

    Removing an object also removes what would refer to it (effects and id lists naming
    it, attachments), so the board stays valid.
    """
    out = []
    for obj in board.get("objects", []):
        gone = obj["id"]
        smaller = copy.deepcopy(board)
        smaller["objects"] = [o for o in smaller["objects"] if o["id"] != gone]
        for o in smaller["objects"]:
            if o.get("attached_to") == gone:
                del o["attached_to"]
                o["static"] = [s for s in o.get("static", []) if s.get("affects") != "attached"]
            o["static"] = [s for s in o.get("static", []) if gone not in names_in(s.get("affects"))]
            if not o["static"]:
                del o["static"]
        smaller["effects"] = [e for e in smaller.get("effects", []) if gone not in e["affects"]]
        out.append((f"object {gone}", smaller))
    for n, effect in enumerate(board.get("effects", [])):
        smaller = copy.deepcopy(board)
        del smaller["effects"][n]
        out.append((f"effect {effect['id']}", smaller))
    for i, obj in enumerate(board.get("objects", [])):
        for j in range(len(obj.get("static", []))):
            smaller = copy.deepcopy(board)
            del smaller["objects"][i]["static"][j]
            out.append((f"static {obj['id']}[{j}]", smaller))
    return out


def test_gray_ogre_with_noise_shrinks_to_the_derived_board() -> None:
    validate_board_data(GRAY_OGRE_WITH_NOISE)
    assert OLD_VS_NEW(GRAY_OGRE_WITH_NOISE)
    result = shrink(GRAY_OGRE_WITH_NOISE, OLD_VS_NEW)
    assert result == GRAY_OGRE_MINIMAL
    old, new = outcomes(result)
    assert differing(old, new) == [("ogre", "toughness", 0, 1)]


def test_gray_ogre_minimal_board_is_minimal_by_the_steps_and_by_hand() -> None:
    assert is_minimal(GRAY_OGRE_MINIMAL, OLD_VS_NEW)
    removals = hand_removals(GRAY_OGRE_MINIMAL)
    assert [what for what, _ in removals] == ["object ogre", "effect plus-four", "effect becomes-0-1"]
    for what, smaller in removals:
        validate_board_data(smaller)
        assert not OLD_VS_NEW(smaller), what


def test_shrink_is_deterministic_and_does_not_mutate_its_input() -> None:
    before = copy.deepcopy(GRAY_OGRE_WITH_NOISE)
    first = shrink(GRAY_OGRE_WITH_NOISE, OLD_VS_NEW)
    second = shrink(GRAY_OGRE_WITH_NOISE, OLD_VS_NEW)
    assert GRAY_OGRE_WITH_NOISE == before
    assert first == second
    assert json.dumps(first) == json.dumps(second)  # key order too
    first["objects"][0]["power"] = 99  # the result shares nothing with the input
    assert GRAY_OGRE_WITH_NOISE == before
    assert list(reductions(GRAY_OGRE_WITH_NOISE)) == list(reductions(before))


# ---------------------------------------------------------------- e: colors and abilities, layer 5 vs 5/6

# A static "Creatures with flying are blue" (ts 1) and a later resolved "target creature
# loses flying" (ts 5) on a green-white flier; noise: a bear with a +3/+3, a flying wall
# (blue under both rules: nothing takes its flying).
COLOR_ABILITY_SPLIT: dict[str, Any] = {
    "objects": [
        {"id": "tint", "name": "Sky Tint", "types": ["enchantment"], "colors": ["blue"], "mana_value": 2,
         "timestamp": 1,
         "static": [{"text": "Creatures with flying are blue",
                     "affects": {"filter": {"types": ["creature"], "abilities": ["flying"]}},
                     "colors": {"set": ["blue"]}}]},
        {"id": "drake", "name": "Wind Drake", "types": ["creature"], "subtypes": ["drake"],
         "colors": ["green", "white"], "power": 2, "toughness": 2, "mana_value": 3,
         "abilities": ["flying", "vigilance"], "timestamp": 2},
        {"id": "bear", "types": ["creature"], "colors": ["green"], "power": 2, "toughness": 2, "timestamp": 3},
        {"id": "wall", "types": ["artifact", "creature"], "subtypes": ["wall"], "power": 0, "toughness": 4,
         "abilities": ["flying"], "timestamp": 4},
    ],
    "effects": [
        {"id": "ground", "source": "Target creature loses flying", "timestamp": 5, "affects": ["drake"],
         "abilities": {"remove": ["flying"]}},
        {"id": "giant", "source": "Target creature gets +3/+3", "timestamp": 6, "affects": ["bear"],
         "pt": {"modify": [3, 3]}},
    ],
}

# Derivation (old 418.5a puts colors and abilities together in layer 5; 2009 613.1e-f puts
# colors in 5 and abilities in 6):
#  cr418: in layer 5, applying "loses flying" would change what the color static applies
#         to (its filter reads flying), so the static depends on it (418.5c) and waits
#         (418.5d): the drake has lost flying when the static applies and keeps its own
#         colors (green, white; after shrinking, none).
#  cr613: layer 5 first: the drake still flies and becomes blue; layer 6 then takes its
#         flying away (no dependency across layers, 613.7a).
# Shrinking with the divergence kept to colors: the bear (and with it "giant") and the wall
# go; the filter keeps `abilities: [flying]` only (without it the static is not dependent
# and applies first by timestamp under both rules: both blue); the drake's colors go (cr418
# colorless vs cr613 blue), as do vigilance, subtypes, names and mana values; `set: [blue]`
# cannot empty (both colorless); printed P/T go to 0/0; timestamps 1, 2, 5 become 1, 2, 3.
COLOR_ABILITY_MINIMAL: dict[str, Any] = {
    "objects": [
        {"id": "tint", "types": ["enchantment"], "timestamp": 1,
         "static": [{"text": "Creatures with flying are blue", "affects": {"filter": {"abilities": ["flying"]}},
                     "colors": {"set": ["blue"]}}]},
        {"id": "drake", "types": ["creature"], "power": 0, "toughness": 0, "abilities": ["flying"], "timestamp": 2},
    ],
    "effects": [{"id": "ground", "timestamp": 3, "affects": ["drake"], "abilities": {"remove": ["flying"]}}],
}


def test_color_ability_split_shrinks_to_a_color_divergence() -> None:
    validate_board_data(COLOR_ABILITY_SPLIT)
    old, new = outcomes(COLOR_ABILITY_SPLIT)
    assert differing(old, new) == [("drake", "colors", ["green", "white"], ["blue"])]
    colors_only = diverges("cr418", "cr613", characteristics=frozenset({"colors"}))
    result = shrink(COLOR_ABILITY_SPLIT, colors_only)
    assert result == COLOR_ABILITY_MINIMAL
    old, new = outcomes(result)
    assert differing(old, new) == [("drake", "colors", [], ["blue"])]
    assert is_minimal(result, colors_only)
    for what, smaller in hand_removals(result):
        validate_board_data(smaller)
        assert not OLD_VS_NEW(smaller), what


# ---------------------------------------------------------------- f: the predicate and its helpers


def test_characteristics_keep_the_kind_of_divergence() -> None:
    # The Gray Ogre diverges in power and toughness; asking for colors finds nothing.
    assert diverges("cr418", "cr613", characteristics=frozenset({"power", "toughness"}))(GRAY_OGRE_WITH_NOISE)
    assert not diverges("cr418", "cr613", characteristics=frozenset({"colors"}))(GRAY_OGRE_WITH_NOISE)
    assert not diverges("cr418", "cr613", characteristics=frozenset())(GRAY_OGRE_WITH_NOISE)
    # A P/T divergence shrunk while keeping to power: the result diverges in power only.
    power_only = diverges("cr418", "cr613", characteristics=frozenset({"power"}))
    assert not power_only(GRAY_OGRE_WITH_NOISE)  # toughness differs too
    same_engine = diverges(get_engine("cr613"), "cr613")
    assert not same_engine(GRAY_OGRE_WITH_NOISE)


def test_differing_lists_each_difference_sorted() -> None:
    a = {"ruleset": "x", "objects": {"b": {"power": 1, "colors": ["red"]}, "a": {"power": 2}, "only-a": {}}}
    b = {"ruleset": "y", "objects": {"b": {"power": 3, "colors": []}, "a": {"power": 2}, "only-b": {"power": 0}}}
    assert differing(a, b) == [
        ("b", "colors", ["red"], []),
        ("b", "power", 1, 3),
        ("only-a", "object", {}, None),
        ("only-b", "object", None, {"power": 0}),
    ]
    assert differing(a, a) == []


def test_a_predicate_that_raises_counts_as_not_interesting() -> None:
    def fragile(data: dict[str, Any]) -> bool:
        if "notes" not in data:
            raise RuntimeError("boom")
        return OLD_VS_NEW(data)

    result = shrink(GRAY_OGRE_WITH_NOISE, fragile)
    assert result["notes"] == GRAY_OGRE_WITH_NOISE["notes"]
    assert OLD_VS_NEW(result)


def test_shrink_refuses_an_invalid_or_uninteresting_board() -> None:
    with pytest.raises(BoardError):
        shrink({"objects": [{"id": "x", "attached_to": "nowhere"}]}, OLD_VS_NEW)
    with pytest.raises(ValueError):
        shrink(GRAY_OGRE_MINIMAL, lambda data: False)


def test_max_steps_bounds_the_accepted_reductions() -> None:
    one_step = shrink(GRAY_OGRE_WITH_NOISE, OLD_VS_NEW, max_steps=1)
    assert one_step == next(v for v in reductions(GRAY_OGRE_WITH_NOISE) if OLD_VS_NEW(v))
    assert shrink(GRAY_OGRE_WITH_NOISE, OLD_VS_NEW, max_steps=0) == GRAY_OGRE_WITH_NOISE


def test_steps_come_biggest_cuts_first() -> None:
    descriptions = [d for d, _ in described_reductions(GRAY_OGRE_WITH_NOISE)]
    assert descriptions[:4] == [
        "remove object goblin", "remove object ogre", "remove object anthem", "remove object paint",
    ]
    assert descriptions[4:8] == ["remove effect plus-four", "remove effect artifice", "remove effect becomes-0-1",
                                 "remove effect grab"]
    assert descriptions[-2:] == ["drop default players", "drop notes"]
    assert "renumber timestamps 1..n" in descriptions
    # A board already minimal in timestamps offers no renumbering.
    assert "renumber timestamps 1..n" not in [d for d, _ in described_reductions(GRAY_OGRE_MINIMAL)]


@pytest.mark.parametrize("board", [EDGE] + seeded_boards(11, 4), ids=["edge", "s0", "s1", "s2", "s3"])
def test_a_board_once_rejected_is_not_asked_about_again(board: dict[str, Any]) -> None:
    # After a step inside an object is taken, the next pass's "remove that object" is often the variant the pass
    # before rejected. shrink asks about each board once; since the answers are the predicate's own, it ends on the
    # board a loop that asks again ends on, which asks about some boards more than once here ("keep-ids" above:
    # boards that keep every object and effect, so that the steps inside them are taken).
    def interesting(data: dict[str, Any]) -> bool:
        return data == board or (ids(data) == ids(board) and pseudo_random(data))

    asked: list[str] = []

    def counting(data: dict[str, Any]) -> bool:
        asked.append(json.dumps(data, sort_keys=True))
        return interesting(data)

    result = shrink(board, counting)
    assert len(asked) == len(set(asked))
    again, current = [], board
    while True:
        for variant in reductions(current):
            again.append(json.dumps(variant, sort_keys=True))
            if interesting(variant):
                current = variant
                break
        else:
            break
    assert result == current
    assert len(again) > len(set(again))
