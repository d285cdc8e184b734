"""Shrink a board to a minimal one that is still "interesting" (C-Reduce style, over board data).

The reducer works on board DATA (contract v1, as the generator makes it or as a file is
loaded), not on ``engines.board.Board`` values, so a hand-written board shrinks to a board
its author can read, save and load again. What counts as interesting is a predicate on
board data; ``diffcheck.search.divergence.diverges`` builds the usual one (two engines
disagree). The steps that make a board smaller are ``diffcheck.search.reductions``; this
module is the loop that takes them.

Contract:

* Valid in, valid out. ``reductions`` yields only boards that pass
  ``diffcheck.boards.loading.validate_board_data`` when its input does: every step knows the
  board format and cascades references (removing an object removes it from every
  ``affects`` list, every ``copy`` part, every ``attached_to``...). ``shrink`` checks its
  input once and never calls ``interesting`` on anything else than a valid board; it does
  not re-validate each step (the property test in ``tests/search/test_shrink.py`` proves the
  steps valid by construction).
* Smaller every time. Every variant is strictly smaller by ``reductions.size`` (a count of nodes and
  of absolute integer values), so shrinking terminates.
* Deterministic. ``reductions`` yields the same variants in the same order for equal
  input, and nothing depends on hashing or on the clock.
* Nothing is mutated. Variants are new dicts built by copying the path to what changes
  (unchanged parts are shared with the input); ``shrink`` returns a fresh deep copy. An
  ``interesting`` predicate must not mutate its argument.
* Each board asked about once. A variant found not interesting is not asked about again when a later pass
  offers it anew, as it does once a step inside an object was taken ("remove that object" again).
* Greedy to a fixpoint. ``shrink`` repeatedly replaces the board by the FIRST variant (in
  ``reductions`` order) that is interesting, until no variant is. The result is
  1-minimal with respect to these steps: no single step keeps it interesting
  (``is_minimal``). It is not a global minimum: another order of steps may find a smaller
  board.
"""

from __future__ import annotations

import copy
from typing import Any, Callable

from diffcheck.boards.loading import validate_board_data
from diffcheck.search.reductions import reductions

__all__ = ["Predicate", "shrink", "is_minimal"]

Data = dict[str, Any]
Predicate = Callable[[Data], bool]


def shrink(board: Data, interesting: Predicate, *, max_steps: int = 10_000, checked: bool = False) -> Data:
    """The board reduced greedily, to a fixpoint, while ``interesting`` holds.

    ``board`` must be valid (``BoardError`` otherwise) and interesting (``ValueError``
    otherwise: a predicate that does not hold on its input is a mistake, not a board to
    shrink). Then, repeatedly, the board is replaced by the first variant in
    ``reductions`` order on which ``interesting`` returns true; when none does, the board
    is 1-minimal with respect to the steps and is returned (as a fresh deep copy; the
    input is not mutated). ``interesting`` is only called on valid boards; if it raises
    (an ``Exception``), the variant counts as not interesting. ``max_steps`` bounds the
    number of accepted reductions; when it is reached the current (valid, interesting,
    not necessarily minimal) board is returned. Deterministic when ``interesting`` is.
    With ``checked``, the caller vouches that ``board`` is valid (a generated board) and it is
    not validated again.
    """
    if not checked:
        validate_board_data(board)
    if not _holds(interesting, board):
        raise ValueError("the board is not interesting to begin with: nothing to shrink")
    current = board
    # The variants already found not interesting, by their text: once a step inside an object has been taken, the
    # next pass's "remove that object" is the variant the pass before rejected, and asking again would be a waste
    # (a quarter of the questions of a shrink against an outside engine). Equal text is equal data, so the answers
    # are those the predicate gave: deterministic predicates give the same board.
    rejected: set[str] = set()
    for _ in range(max_steps):
        for variant in reductions(current):
            text = repr(variant)
            if text in rejected:
                continue
            if _holds(interesting, variant):
                current = variant
                break
            rejected.add(text)
        else:
            break
    return copy.deepcopy(current)


def is_minimal(board: Data, interesting: Predicate) -> bool:
    """True when no one-step reduction of ``board`` is interesting (exceptions count as no)."""
    return not any(_holds(interesting, variant) for variant in reductions(board))


def _holds(interesting: Predicate, data: Data) -> bool:
    try:
        return bool(interesting(data))
    except Exception:  # noqa: BLE001 - a predicate that fails on a variant rejects it
        return False
