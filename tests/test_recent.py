"""What the layer machine keeps of what it built (``engines.layers.recent``): answers by identity, bounded by what
a run needs, not by the boards a worker has seen."""

from __future__ import annotations

from engines.board import Board
from engines.layers.plan import PLANS_KEPT, Planner
from engines.layers.recent import Recent
from rulesets import RULESETS


class Thing:
    pass


def test_recent_answers_by_identity_and_keeps_two_generations_at_most():
    recent = Recent(2)
    a, b, c = Thing(), Thing(), Thing()
    recent.put(id(a), a, "A")
    recent.put(id(b), b, "B")
    assert recent.get(id(a), a) == "A" and recent.get(id(a), Thing()) is None  # another object under a's id
    recent.put(id(c), c, "C")  # the newer generation was full: it became the older
    assert len(recent) <= 4 and recent.get(id(b), b) == "B"  # asked from the older, it moves back to the newer
    for _ in range(10):
        t = Thing()
        recent.put(id(t), t, "T")
    assert len(recent) <= 4


def test_a_planner_keeps_its_plans_while_they_are_asked_for_and_no_more():
    planner = Planner(RULESETS["cr613"])
    board = Board.from_dict({"objects": [{"id": "anthem", "types": ["enchantment"], "static": [
        {"text": "creatures you control get +1/+1", "affects": {"filter": {"types": ["creature"],
                                                                          "controller": "you"}},
         "pt": {"modify": [1, 1]}}]}]})
    (body,) = board.objects[0].static
    first = planner.plan(body)
    # One board asks again and again: the same plan.
    assert planner.plan(body) is first
    # Many boards later (each body new, as in a run), the planner holds no more than two generations.
    for n in range(5 * PLANS_KEPT):
        other = Board.from_dict({"objects": [{"id": f"o{n}", "types": ["enchantment"], "static": [
            {"text": f"s{n}", "affects": {"filter": {"types": ["creature"]}}, "pt": {"modify": [n % 3, 0]}}]}]})
        planner.plan(other.objects[0].static[0])
    assert len(planner.plans) <= 2 * PLANS_KEPT
