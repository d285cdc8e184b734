"""Every choice a card makes can be named: a shape (Primal Clay), a player (Donate), the X paid (Mirror Entity)
and a copy's own "as enters" choice (a Clone entering as Adaptive Automaton), in the board format and the
notation alike. Expected answers are derived by hand in each test's comment from the rules cited."""

from __future__ import annotations

import pytest

from diffcheck.boards.loading import BoardError, board_from_data
from diffcheck.boards.notation import NotationError, board_from_cards
from engines import get_engine


def _answer(cards: str, rules: str = "current") -> dict:
    board = board_from_data(board_from_cards(cards), "--cards")
    return get_engine(rules).evaluate(board)["objects"]


def _pt(obj: dict) -> tuple:
    return obj["power"], obj["toughness"]


@pytest.mark.parametrize("rules", ["cr418", "cr613", "current"])
def test_primal_clays_shape_is_a_copiable_value_a_clone_takes(rules):
    # Primal Clay entered as the 0/6 Wall with defender: that shape is part of its copiable values (503.2 from
    # 2005-10; 706.2; 707.2), so a Clone copying it is a 0/6 Shapeshifter Wall with defender too. A second Primal
    # Clay that names no shape is the 3/3 boards meant before the shape could be named.
    found = _answer("Primal Clay[shape=0/6-wall], Clone[copy=primal-clay], Primal Clay", rules)
    for oid in ("primal-clay", "clone"):
        assert _pt(found[oid]) == (0, 6)
        assert set(found[oid]["subtypes"]) == {"shapeshifter", "wall"}
        assert found[oid]["abilities"] == ["defender"]
    assert _pt(found["primal-clay-2"]) == (3, 3)


def test_a_shape_the_card_does_not_offer_is_refused_with_its_shapes():
    with pytest.raises((BoardError, NotationError)) as raised:
        board_from_data(board_from_cards("Primal Clay[shape=4/4]"), "--cards")
    assert '"3/3", "2/2-flying" or "0/6-wall"' in str(raised.value)


@pytest.mark.parametrize("rules", ["cr418", "cr613", "current"])
def test_donate_gives_the_chosen_player_control(rules):
    # Donate: the target player gains control of the target permanent (layer 2: old 418.5a, 613.1b).
    assert _answer("Grizzly Bears, Donate>grizzly-bears[player=opponent]", rules)["grizzly-bears"]["controller"] \
        == "opponent"


def test_a_player_not_on_the_board_is_refused():
    with pytest.raises((BoardError, NotationError)) as raised:
        board_from_data(board_from_cards("Grizzly Bears, Donate>grizzly-bears[player=carol]"), "--cards")
    assert "expected a player of the board" in str(raised.value)


@pytest.mark.parametrize("rules, expected", [
    # 2009 and today: the X/X sets base P/T in 7b; Giant Growth's +3/+3 is 7c and the counter 7d (613.4b-d):
    # 4/4 + 3/3 + 1/1 = 8/8, whatever the order of the effects.
    ("cr613", (8, 8)), ("current", (8, 8)),
    # 2005-06 (418.5a): setting and resolved modifying effects share 6b in timestamp order; Giant Growth came
    # before Mirror Entity's ability, so 2/2 + 3/3 is overwritten by 4/4, then the counter (6c): 5/5.
    ("cr418", (5, 5)),
])
def test_mirror_entitys_x_is_the_x_paid(rules, expected):
    cards = ("Grizzly Bears[+1/+1=1], Mirror Entity, Giant Growth>grizzly-bears, "
             "Mirror Entity!reflect>grizzly-bears+mirror-entity[x=4]")
    found = _answer(cards, rules)
    assert _pt(found["grizzly-bears"]) == expected
    # It is every creature type too (layer 4): the Bears stop being only a Bear.
    assert found["grizzly-bears"]["subtypes"] == ["every creature type"] or "bear" in found["grizzly-bears"]["subtypes"]


def test_mirror_entity_without_its_x_is_asked_for_it():
    with pytest.raises((BoardError, NotationError)) as raised:
        board_from_data(board_from_cards("Grizzly Bears, Mirror Entity, Mirror Entity!reflect>grizzly-bears"), "--cards")
    assert "X in its cost" in str(raised.value) or "[x=N]" in str(raised.value)


@pytest.mark.parametrize("rules", ["cr418", "cr613", "current"])
def test_a_clone_entering_as_adaptive_automaton_names_its_own_type(rules):
    # The Clone makes the "as enters" choice anew (503.6 / 706.6 / 707.6): Elf. The Automaton (Goblin) gives the
    # other Goblins +1/+1, the Clone the other Elves: Raging Goblin 1/1 -> 2/2, Elvish Warrior 2/3 -> 3/4. Neither
    # Automaton is of the other's type, so both stay 2/2.
    found = _answer("Raging Goblin, Elvish Warrior, Adaptive Automaton[type=goblin], "
                    "Clone[copy=adaptive-automaton;type=elf]", rules)
    assert _pt(found["raging-goblin"]) == (2, 2)
    assert _pt(found["elvish-warrior"]) == (3, 4)
    assert _pt(found["adaptive-automaton"]) == _pt(found["clone"]) == (2, 2)
    assert "elf" in found["clone"]["subtypes"] and "goblin" not in found["clone"]["subtypes"]


def test_without_its_own_choice_the_clones_copied_abilities_refer_to_nothing():
    # A choice is not copied (706.6-706.7a; 607.5a): the Clone's copies of the Automaton's abilities do nothing,
    # so the Elvish Warrior stays 2/3, and the Clone is a Construct of no chosen type.
    found = _answer("Raging Goblin, Elvish Warrior, Adaptive Automaton[type=goblin], Clone[copy=adaptive-automaton]")
    assert _pt(found["elvish-warrior"]) == (2, 3)
    assert found["clone"]["subtypes"] == ["construct"]


@pytest.mark.parametrize("cards, words", [
    ("Raging Goblin, Clone[copy=raging-goblin;type=elf]", "as a copy it makes anew only the choices"),
    ("Adaptive Automaton[type=goblin], Clone[copy=adaptive-automaton;color=red]", 'Adaptive Automaton\'s are "type"'),
    ("Adaptive Automaton[type=goblin], Clone[copy=adaptive-automaton;type=Elf!]", "a creature type"),
])
def test_a_copys_choice_the_copied_card_does_not_make_is_refused(cards, words):
    with pytest.raises((BoardError, NotationError)) as raised:
        board_from_data(board_from_cards(cards), "--cards")
    assert words in str(raised.value)


def test_the_board_format_writes_the_same_choices():
    # The notation writes choices, x and a copy's own choice into the board format's own keys: the same board.
    data = board_from_cards("Adaptive Automaton[type=goblin], Clone[copy=adaptive-automaton;type=elf], "
                            "Primal Clay[shape=2/2-flying], Mirror Entity, Mirror Entity!reflect>clone[x=3]")
    objects = {o["id"]: o for o in data["objects"]}
    assert objects["clone"]["choices"] == {"copy": "adaptive-automaton", "type": "elf"}
    assert objects["primal-clay"]["choices"] == {"shape": "2/2-flying"}
    assert data["effects"][0]["x"] == 3
    found = get_engine("current").evaluate(board_from_data(data, "board"))["objects"]
    # Mirror Entity's X = 3 sets the Clone's base P/T 3/3 (7b) and makes it every creature type (layer 4), a
    # Goblin among them, so the Adaptive Automaton that chose Goblin gives it +1/+1 (7c): 4/4.
    assert _pt(found["clone"]) == (4, 4) and found["primal-clay"]["abilities"] == ["flying"]


@pytest.mark.parametrize("rules", ["cr418", "cr613", "current"])
def test_a_keyword_of_a_chosen_color_is_a_value_no_text_change_reaches_and_no_copy_takes(rules):
    # Mother of Runes: the color is chosen as its ability resolves: the Bears gain protection from red (layer
    # 6 / old 5). Voice of All chose blue as it entered: Sleight of Mind (blue -> black) finds no word "blue" in
    # its text, for the chosen word is a value (old 418.6a; 612.1-612.2), so it keeps protection from blue. The
    # Clone copying it made no choice: the copied ability refers to none and gives nothing (706.6-706.7a; 607.5a);
    # a second Clone that chose red as it entered has protection from red (707.6).
    found = _answer("Grizzly Bears, Mother of Runes, Mother of Runes!protect>grizzly-bears[color=red], "
                    "Voice of All[color=blue], Clone[copy=voice-of-all], Clone[copy=voice-of-all;color=red], "
                    "Sleight of Mind>voice-of-all[from=blue;to=black]", rules)
    assert "protection from red" in found["grizzly-bears"]["abilities"]
    assert "protection from blue" in found["voice-of-all"]["abilities"]
    colors = {f"protection from {c}" for c in ("white", "blue", "black", "red", "green")}
    assert colors.isdisjoint(found["clone"]["abilities"])  # its copied ability is there, giving nothing
    assert "protection from red" in found["clone-2"]["abilities"]


@pytest.mark.parametrize("rules", ["cr418", "cr613", "current"])
def test_an_x_paid_on_spells_and_abilities_and_a_color_chosen_as_an_ability_resolves(rules):
    # Toxic Deluge with X = 2: all the creatures it affected get -2/-2: the Bears and the Ogre 2/2 -> 0/0.
    # Chimeric Staff with X = 3 becomes a 3/3 Construct artifact creature (layer 4; P/T set, 6b / 7b); Hatred with
    # X = 4, after it, +4/+0: 7/3 (old 6b by timestamp, after the setting; 2009 7c after 7b).
    # Knight of Dawn chose black as its ability resolved: protection from black (layer 6 / old 5).
    found = _answer("Grizzly Bears, Gray Ogre, Toxic Deluge>grizzly-bears+gray-ogre[x=2], Chimeric Staff, "
                    "Chimeric Staff!animate[x=3], Hatred>chimeric-staff[x=4], Knight of Dawn, "
                    "Knight of Dawn!protect[color=black]", rules)
    assert _pt(found["grizzly-bears"]) == _pt(found["gray-ogre"]) == (0, 0)
    staff = found["chimeric-staff"]
    assert (staff["types"], staff["subtypes"], _pt(staff)) == (["artifact", "creature"], ["construct"], (7, 3))
    assert found["knight-of-dawn"]["abilities"] == ["Knight of Dawn: protect", "first strike", "protection from black"]
