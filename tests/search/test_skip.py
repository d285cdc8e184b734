"""The run's static skip (``diffcheck.search.skip``): a board it skips comes out the same under both editions.

Soundness is checked where it could fail: on the boards of both generators (seeded, and Hypothesis's, which
draws every branch evenly and so reaches the rare ones: face-down permanents, cards outside the battlefield,
Auras that entered with what they enchant), between cr418 and cr613 and between every two adjacent editions of
the chain, each rule change apart. The skip must also skip something (a skip that skips nothing is sound and
useless), sort every field of ``Ruleset``, and leave a run's findings as they were.
"""

from __future__ import annotations

import random
from rulesets.record import fields, replace
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from diffcheck.boards.strategies import boards, card_boards
from diffcheck.catalogue import expand_board
from diffcheck.search import skip as skipping
from diffcheck.search import worker
from diffcheck.search.attribution import hybrid_engine
from diffcheck.search.findings import shown
from diffcheck.search.harness import RunConfig
from diffcheck.search.skip import Skip
from engines import get_engine
from engines.board import Board
from engines.layered import LayerEngine
from engines.layers.plan import counters_with_modifiers, text_after_others
from rulesets.editions import EDITIONS, changes_between, ruleset_for
from rulesets.model import CDA, COUNTERS, RESOLVED, STATIC, Ruleset

PAIRS = [("cr418", "cr613")] + [(a.key, b.key) for a, b in zip(EDITIONS, EDITIONS[1:])]
# Between these a field differs that any two effects may read (dependency across stages; loops reevaluated).
SKIPS_NOTHING = {("2002-10", "2003-07"), ("2009-07", "2011-02")}
PROPERTY = settings(deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])


def _skip(old: str, new: str) -> Skip | None:
    return Skip.between(ruleset_for(old), ruleset_for(new))


def _seeded(generator: str, chunks: int) -> list[Board]:
    return [Board.from_dict(expand_board(data)) for chunk in range(chunks)
            for data in worker.chunk_boards(7, chunk, 100, generator)]


SMALL_BOARDS = _seeded("small", 4)
CARD_BOARDS = _seeded("cards", 2)


def _alike(old: str, new: str, board: Board) -> bool:
    x, y = get_engine(old).evaluate(board), get_engine(new).evaluate(board)
    return x["objects"] == y["objects"] and x.get("cards") == y.get("cards")


def test_every_ruleset_field_is_sorted_once():
    sorts = [skipping.WORDING, skipping.PLAN, frozenset(skipping.GUARDS), skipping.BY_WORD, skipping.CDA_FIELDS,
             skipping.EVERYWHERE]
    names = list(fields(Ruleset))
    assert sorted(name for group in sorts for name in group) == sorted(names)


def test_a_field_read_for_any_two_effects_skips_nothing():
    r = ruleset_for("cr613")
    assert Skip.between(r, replace(r, reevaluate_loops=not r.reevaluate_loops)) is None
    assert Skip.between(r, replace(r, dependency_across_stages=True)) is None
    assert Skip.between(r, None) is None
    for old, new in SKIPS_NOTHING:
        assert _skip(old, new) is None


def test_a_ruleset_against_itself_or_its_wording_skips_every_board():
    r = ruleset_for("cr613")
    reworded = replace(r, name="other", title="other", citations={}, words=None, decisions=())
    for other in (r, reworded, ruleset_for("2009-10-01")):
        skip = Skip.between(r, other)
        assert all(skip.skips(board) for board in SMALL_BOARDS + CARD_BOARDS)


def test_a_moved_part_kind_is_never_skipped():
    """Colors moved after abilities (cr613's own layers 5 and 6 swapped): every board with both is evaluated."""
    r = ruleset_for("cr613")
    swapped = replace(r, placement={**r.placement, **{("color", o): "6" for o in (CDA, STATIC, RESOLVED)},
                                    **{("ability", o): "5" for o in (CDA, STATIC, RESOLVED)}})
    skip = Skip.between(r, swapped)
    both = [b for b in SMALL_BOARDS if {"color", "ability"} <= _kinds(b)]
    neither = [b for b in SMALL_BOARDS if not {"color", "ability"} & _kinds(b)]
    assert both and neither
    assert not any(skip.skips(b) for b in both)
    assert any(skip.skips(b) for b in neither)


def _kinds(board: Board) -> set[str]:
    return {p.kind for body in _all_bodies(board) for p in body.parts}


def _all_bodies(board: Board):
    for p in board.objects:
        for s in p.static:
            yield s
            yield from _granted(s)
    for e in board.effects:
        yield e
        yield from _granted(e)


def _granted(body):
    for part in body.parts:
        if part.kind == "ability":
            for added in part.add:
                if not isinstance(added, str):
                    yield added
                    yield from _granted(added)


@pytest.mark.parametrize("old, new", PAIRS, ids=[f"{a}..{b}" for a, b in PAIRS])
def test_every_board_skipped_between_two_editions_comes_out_alike(old, new):
    skip = _skip(old, new)
    if (old, new) in SKIPS_NOTHING:
        assert skip is None
        return
    skipped = [b for b in SMALL_BOARDS + CARD_BOARDS if skip.skips(b)]
    assert skipped, "the skip skipped nothing"
    for board in skipped:
        assert _alike(old, new, board), board


@PROPERTY
@given(st.sampled_from([p for p in PAIRS if p not in SKIPS_NOTHING]), st.one_of(boards(), card_boards()))
def test_skipped_boards_come_out_alike_on_any_generated_board(pair, data):
    board = Board.from_dict(expand_board(data))
    if _skip(*pair).skips(board):
        assert _alike(*pair, board)


CR418_TO_CR613 = tuple(c.key for c in changes_between("cr418", "cr613"))


@pytest.mark.parametrize("combo", [(c,) for c in CR418_TO_CR613] + list(combinations(CR418_TO_CR613, 2))[::3],
                         ids="+".join)
def test_every_board_skipped_between_cr418_and_a_hybrid_comes_out_alike(combo):
    """What findings use: a hybrid the skip finds alike is not evaluated (``attribution.hybrid_objects``)."""
    old = ruleset_for("cr418")
    hybrid = hybrid_engine(old, combo)
    skip = Skip.between(old, hybrid.ruleset)
    skipped = [b for b in SMALL_BOARDS[:200] if skip.skips(b)]
    assert skipped
    for board in skipped:
        assert get_engine("cr418").evaluate(board)["objects"] == hybrid.evaluate(board)["objects"], board


def test_a_scan_explains_divergent_boards_the_same_with_hybrids_skipped():
    worker.set_up(RunConfig(("cr418", "cr613"), 1, 400, None, 1))
    try:
        a, b = worker._ENGINES
        divergent = 0
        for board in SMALL_BOARDS:
            x, y = a.evaluate(board), b.evaluate(board)
            if x["objects"] != y["objects"]:
                divergent += 1
                old = worker._OLD
                assert shown(board, old, x, y, worker._CHANGES, machine=True) == shown(
                    board, old, x, y, worker._CHANGES), board
        assert divergent
    finally:
        worker._ENGINES = None
        worker._SKIP = None


def _whole_plan(r: Ruleset, pairs: frozenset, counters: bool, cda: bool, text: bool) -> tuple:
    """How ``r`` runs a board whose parts are ``pairs``: for each pair, the rank of its sublayer among the
    board's (the order the machine visits them in), whether effects there go unapplied (the counters
    sublayer, where counters have one of their own: Machine.execute), and, with characteristic-defining
    abilities, whether they go first there. With counters, how they apply; with a text change, whether it
    can come after effects that give subtypes or keywords (``Machine.text_after_others``)."""
    index = {s.key: n for n, s in enumerate(r.sublayers)}
    where = {pair: r.placement.get(pair) for pair in pairs}
    if counters:
        where[(COUNTERS, "")] = r.counters_sublayer
    ranks = {n: rank for rank, n in enumerate(sorted({index[k] for k in where.values() if k is not None}))}
    idle = None if counters_with_modifiers(r) else r.counters_sublayer
    first = {s.key: s.cda_first for s in r.sublayers} if cda else {}
    view: list = sorted(
        (pair, None if k is None else ranks[index[k]], pair[0] != COUNTERS and k is not None and k == idle,
         first.get(k))
        for pair, k in where.items())
    if counters:
        view.append(counters_with_modifiers(r))
    if text:
        view.append(text_after_others(r))
    return tuple(view)


@pytest.mark.parametrize("old, new", PAIRS + [("1999-04", "current"), ("cr418", "2020-04")],
                         ids=[f"{a}..{b}" for a, b in PAIRS + [("1999-04", "current"), ("cr418", "2020-04")]])
def test_plans_compared_pair_by_pair_agree_as_the_whole_plans_do(old, new):
    """``Skip._plans_agree`` (set lookups) answers as comparing the two ``_whole_plan``s would, on any pairs."""
    a, b = ruleset_for(old), ruleset_for(new)
    skip = Skip(a, b, 0)
    rng = random.Random(f"{old}/{new}")
    agreed = 0
    for _ in range(400):
        pairs = set(rng.sample(skipping._PAIRS[:-1], rng.randint(0, 8)))
        flags = (rng.random() < 0.3, rng.random() < 0.3, rng.random() < 0.3)
        expected = _whole_plan(a, frozenset(pairs), *flags) == _whole_plan(b, frozenset(pairs), *flags)
        assert skip._plans_agree(pairs, *flags) == expected, (pairs, flags)
        agreed += expected
    assert agreed  # the empty set of pairs, at least
    if (old, new) == ("cr418", "cr613"):
        assert agreed < 400
        assert not skip._plans_agree({("ability", STATIC), ("color", STATIC)}, False, False, False)  # 613.1e-f


def test_about_a_third_of_the_default_runs_boards_are_skipped():
    skip = _skip("cr418", "cr613")
    share = sum(map(skip.skips, SMALL_BOARDS)) / len(SMALL_BOARDS)
    assert 0.25 < share < 0.5


class _Installed(LayerEngine):
    """An installed engine with a ruleset of its own, which may answer otherwise than the layer machine."""


def test_the_worker_skips_between_built_in_engines_only(monkeypatch):
    try:
        worker.set_up(RunConfig(("cr418", "cr613"), 1, 200, None, 1))
        assert worker._SKIP is not None
        worker.set_up(RunConfig(("cr613", "tests.doubles.engines:FORGETS_COUNTERS"), 1, 200, None, 1))
        assert worker._SKIP is None
        rulesets = (ruleset_for("cr418"), ruleset_for("cr613"))
        monkeypatch.setattr(worker, "_ENGINES", (get_engine("cr418"), _Installed(rulesets[1])))
        worker._set_skip(rulesets)
        assert worker._SKIP is None
    finally:
        worker._ENGINES = None
        worker._SKIP = None


def test_a_scan_finds_the_same_boards_with_the_skip_as_without(monkeypatch):
    worker.set_up(RunConfig(("cr418", "cr613"), 1, 400, None, 1))
    try:
        assert worker._SKIP is not None
        with_skip = [worker.scan((1, chunk, worker.CHUNK)) for chunk in range(2)]
        monkeypatch.setattr(worker, "_SKIP", None)
        without = [worker.scan((1, chunk, worker.CHUNK)) for chunk in range(2)]
        assert with_skip == without
        assert any(found for _, _, found, _, _ in with_skip)
    finally:
        worker._ENGINES = None
        worker._SKIP = None
