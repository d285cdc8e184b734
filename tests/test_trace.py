"""The trace explains: every layer in order, why each effect applied when it did, with rule numbers."""

from __future__ import annotations

from conftest import CASES, load_case
from diffcheck.boards.loading import board_from_data
from engines import get_engine
from engines.board.trace import Applied, Heading, Note, render


def explain(case: str, ruleset: str):
    board = board_from_data(load_case(CASES / f"{case}.yaml")["board"])
    return get_engine(ruleset).explain(board)


def test_every_sublayer_is_walked_in_order():
    for name, keys in (("cr418", ["1", "2", "3", "4", "5", "6a", "6b", "6c", "6d", "6e"]),
                       ("cr613", ["1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d", "7e"])):
        _, trace = explain("seed-418-gray-ogre", name)
        assert [e.sublayer for e in trace if isinstance(e, Heading)] == keys


def test_gray_ogre_steps_cite_the_sublayers():
    # 418.5a Example: 0/1 (ts 4) overrides +4/+4 (ts 2) in 6b; the counter applies in 6c, +0/+2 in 6d.
    _, trace = explain("seed-418-gray-ogre", "cr418")
    steps = [(e.sublayer, e.timestamp) for e in trace if isinstance(e, Applied)]
    assert [s for s, _ in steps] == ["6b", "6b", "6c", "6d"]
    text = render(trace)
    assert "418.5a" in text and "418.5g" in text


def test_dependency_is_explained_blood_moon_and_urborg():
    # 613.7a: the Urborg-style effect depends on the Blood Moon-style one, which removes its ability
    # (305.7); 613.5 keeps only effects that have started, so the Urborg-style effect never applies.
    _, trace = explain("dep-urborg-blood-moon", "cr613")
    applied = [e for e in trace if isinstance(e, Applied) and e.sublayer == "4"]
    assert len(applied) == 1 and "goes ahead of" in applied[0].why and "613.7a" in applied[0].rules
    notes = [e for e in trace if isinstance(e, Note) and e.sublayer == "4"]
    assert notes and "does not apply" in notes[0].text


def test_a_loop_is_named():
    _, trace = explain("dep-loop-colors-white-first", "cr613")
    whys = [e.why for e in trace if isinstance(e, Applied)]
    assert any("dependency loop" in w for w in whys)


def test_a_loop_says_which_order_it_went_in():
    # Two Cytoshapes copying each other: a loop in layer 1 applied whole in timestamp order
    # (418.5d / 613.7b); both entries say so, ts 3 then ts 4 (the case file's derivation).
    _, trace = explain("cards-two-cytoshapes-swap-bears-and-ogre", "cr613")
    applied = [e for e in trace if isinstance(e, Applied) and e.sublayer == "1"]
    assert [e.timestamp for e in applied] == [3, 4]
    for e in applied:
        assert "dependency loop" in e.why and "timestamp order" in e.why and "613.7b" in e.rules
        assert f"timestamp {e.timestamp} is the earliest left" in e.why


def test_a_characteristic_setting_ability_first_in_a_loop_is_a_decision_and_said():
    # cr418: the knight's ability (ts 2) goes before the enchantment (ts 1) inside their loop
    # (418.5a; decision loop_cda_first): the trace must not claim timestamp order for it.
    _, trace = explain("dep-418-loop-characteristic-setting-first", "cr418")
    first = next(e for e in trace if isinstance(e, Applied) and e.sublayer == "5")
    assert first.timestamp == 2
    assert "decision: loop_cda_first" in first.rules and "418.5d" in first.rules
    assert "still apply first" in first.why and "earliest left" not in first.why


def test_explaining_gives_the_same_outcome_as_evaluating():
    board = board_from_data(load_case(CASES / "seed-418-svogthos.yaml")["board"])
    for name in ("cr418", "cr613"):
        engine = get_engine(name)
        assert engine.explain(board)[0] == engine.evaluate(board)


def test_a_shared_timestamp_is_a_decision_until_apnap_orders_it():
    # Two enchantments of two players entered together (ts 1). 613.6j of 2015-07-17: the active
    # player chooses their order, so the answer rests on decision simultaneous_timestamps;
    # 613.7k of 2020-04-17: APNAP order decides it, no decision.
    for ruleset, decided in (("2015-07", True), ("2020-04", False)):
        _, trace = explain("edition-2020-apnap-timestamps", ruleset)
        colors = [e for e in trace if isinstance(e, Applied) and e.sublayer == "5"]
        assert len(colors) == 2 and all("shares timestamp 1" in e.why for e in colors)
        assert all(("decision: simultaneous_timestamps" in e.rules) == decided for e in colors), ruleset
        assert all(("APNAP" in e.why) != decided for e in colors), ruleset


def test_a_value_reading_an_exiled_card_says_whether_its_counters_count():
    # 121.1a of 2011-05-01 counts counters on permanents only; 121.1a of 2011-06-17 on creature
    # cards in every zone, as 613.3 applies them: in 7d (613.3d), after the Ingester's 7c; from
    # 2020-04-17 in 7c (613.4c), before the Ingester's effect (decision counters_timestamp).
    # Skullbriar (1/1, one +1/+1 counter) in exile has power 1, 1, then 2 when the Ingester reads it.
    for ruleset, said, rules in (
            ("2011-02", "skullbriar's power: 1 (as printed: counters count on permanents only)", ("121.1a",)),
            ("2011-06", "skullbriar's power: 1 (as printed: its counters apply later, in 7d)", ("121.1a", "613.3d")),
            ("2020-04", "skullbriar's power: 2 (printed 1, with its counters, which apply in 7c",
             ("122.1a", "613.4c", "decision: counters_timestamp"))):
        _, trace = explain("edition-2011-06-counters-on-an-exiled-card", ruleset)
        (pump,) = [e for e in trace if isinstance(e, Applied) and e.sublayer == "7c" and e.effect.startswith("ingester")]
        assert said in pump.why and set(rules) <= set(pump.rules), ruleset


def test_a_copied_ability_that_refers_to_a_choice_says_it_does_nothing():
    # Choices are not copied (503.6 of 2006-10-01; 706.6 of 2009-10-05): the copy's "protection
    # from the chosen color" refers to an undefined choice (503.7; 706.7a; 607.5a from 2020-04-17).
    for ruleset, rule in (("cr418", "503.7"), ("cr613", "706.7a"), ("current", "607.5a")):
        _, trace = explain("example-607-5a-voice-of-all-copy-has-no-choice", ruleset)
        (note,) = [e for e in trace if isinstance(e, Note) and "choice" in e.text]
        assert note.text.startswith("shifter:") and note.rules == (rule,)


def test_an_objects_own_and_granted_abilities_at_one_timestamp_are_ordered_by_613_7a_from_2021_02():
    # Colossus Hammer's own ability and the one Rune of Flight granted it share the Hammer's new
    # timestamp (3). 613.7a of 2021-02-24 (in force from 2021-02-15) keeps the own one first; the
    # documents before it leave the tie to the active player (decision simultaneous_timestamps).
    for day, rule, decided in (("2021-01-01", None, True), ("2021-03-01", "613.7a", False)):
        _, trace = explain("example-613-7a-rune-of-flight", day)
        tied = [e for e in trace if isinstance(e, Applied) and e.sublayer == "6" and "shares timestamp 3" in e.why]
        assert len(tied) == 2, day
        assert all(("decision: simultaneous_timestamps" in e.rules) == decided for e in tied), day
        assert all(("keep their order" in e.why) != decided for e in tied), day


def test_a_subtype_the_document_does_not_list_is_read_by_a_decision_and_said():
    # Blood Moon on a Gate (layer 4). 204.3h of 2009-10-05 lists no Gate; 205.3i of 2012-10-01 and
    # later does. Under the 2009 rules the Gate is replaced as a land type only by decision
    # unlisted_subtypes; under the 2012 and 2026 rules by their own list. The Saga creature given a
    # creature type: 204.3g of 2009 lists no Saga (205.3h does from 2018-04-27), and which set Saga is
    # in decides whether it stays.
    for case, ruleset, decided in (
        ("subtypes-by-set-gate-under-blood-moon", "cr613", True),
        ("subtypes-by-set-gate-under-blood-moon", "2012-10-01", False),
        ("subtypes-by-set-gate-under-blood-moon", "current", False),
        ("subtypes-by-set-saga-and-planeswalker-keep-their-own", "cr613", True),
        ("subtypes-by-set-saga-and-planeswalker-keep-their-own", "current", False),
    ):
        _, trace = explain(case, ruleset)
        types = [e for e in trace if isinstance(e, Applied) and e.sublayer == "4"]
        assert types and any(("decision: unlisted_subtypes" in e.rules) for e in types) == decided, (case, ruleset)


def test_a_color_indicator_read_as_oracle_text_is_a_decision_and_said():
    # Dryad Arbor under Blood Moon (layer 4, 305.7). Before 202.2e of 2011-09-30 its color indicator is
    # read as the Oracle text of those years, an ability of its text (decision color_indicator_text):
    # Blood Moon's entry cites the decision, as the ability it removes is that reading. From 2011-09-30
    # the indicator is a printed color: no decision.
    for ruleset, decided in (("cr613", True), ("2011-09", False)):
        _, trace = explain("edition-2011-09-color-indicator", ruleset)
        moon = [e for e in trace if isinstance(e, Applied) and e.sublayer == "4" and "arbor" in e.objects]
        assert moon and all(("decision: color_indicator_text" in e.rules) == decided for e in moon), ruleset


def _condition_notes(cards: str, rules: str = "current") -> list[str]:
    from diffcheck.boards.notation import board_from_cards

    _, trace = get_engine(rules).explain(board_from_data(board_from_cards(cards)))
    return [e.text for e in trace if isinstance(e, Note) and "decision: condition_each_layer" in e.rules]


def test_a_condition_that_does_not_hold_is_said_in_the_words_of_the_table():
    # Kird Ape: as long as its controller controls a Forest, it gets +1/+2 (a conditional static ability, 611.3a;
    # its existence is decided in its layer, 613.8a, decision condition_each_layer). With a Mountain, its
    # controller controls no Forest: the ability does nothing, and the trace says so in those words.
    (note,) = _condition_notes("Kird Ape, Mountain")
    assert note == ('you control no Forest: Kird Ape\'s ability "as long as you control a Forest, +1/+2" does '
                    "nothing here")
    (note,) = _condition_notes("Kird Ape@opponent, Forest")  # the Forest is yours, the Ape the opponent's
    assert note.startswith("the opponent controls no Forest: ")
    assert _condition_notes("Kird Ape, Forest") == []  # it holds: nothing to say
    for text in _condition_notes("Kird Ape, Mountain", "cr418") + _condition_notes("Kird Ape, Mountain", "1999-04"):
        assert "leave the game" not in text and "you control no Forest" in text


def test_an_auras_condition_on_what_it_enchants_is_said_in_its_words():
    # Animate Artifact: as long as the enchanted artifact is not a creature, it is an artifact creature with P/T
    # equal to its mana value. On a creature already (Karn, Silver Golem), it does nothing.
    # Its condition is read in each layer where it has a part (4 and 7b), until it starts: said in each.
    notes = _condition_notes("Karn, Silver Golem, Animate Artifact>karn-silver-golem")
    assert len(notes) == 2 and all(n.startswith(
        "Animate Artifact is attached to nothing, or what it is attached to is a creature: ") for n in notes)
