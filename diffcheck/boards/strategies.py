"""Hypothesis strategies for boards, on the same generator as the seeded bulk runs.

``diffcheck.boards.generate.BoardGenerator`` is written once against the small ``Choices``
interface. ``SeededChoices`` backs it with ``random.Random`` for bulk runs, where
Hypothesis's own generation would be the bottleneck; ``HypothesisChoices`` here backs it
with Hypothesis draws, so Hypothesis is used where it is strongest: shrinking a failing
board to a minimal one, and the property tests. Both explore the same space of boards.

Every choice the generator makes lists its simplest option first, and each draw here
shrinks toward that option (integers toward ``lo``, ``sampled_from`` toward its first
element, booleans toward False), so a shrunk board is small and plain.
"""

from __future__ import annotations

from functools import lru_cache

from typing import Any, Callable, Sequence, TypeVar

from hypothesis import strategies as st

from diffcheck.boards.generate import SMALL, BoardGenerator, Size
from diffcheck.boards.generate_cards import CardBoardGenerator
from diffcheck.boards.loading import board_from_data
from engines.board import Board

__all__ = ["HypothesisChoices", "boards", "card_boards", "board_values"]

T = TypeVar("T")


class HypothesisChoices:
    """The ``Choices`` interface (``diffcheck.boards.generate``) on a Hypothesis ``draw`` function."""

    def __init__(self, draw: Callable[[st.SearchStrategy[Any]], Any]) -> None:
        self.draw = draw

    def integer(self, lo: int, hi: int) -> int:
        return self.draw(_integers(lo, hi))

    def choice(self, options: Sequence[T]) -> T:
        # An index, which shrinks to 0: the first option, which the generator makes the simplest. (sampled_from
        # shrinks the same way, but makes a new strategy for every list of options it is given.)
        if len(options) == 1:
            return options[0]
        return options[self.draw(_integers(0, len(options) - 1))]

    def boolean(self, p: float = 0.5) -> bool:
        # ``p`` steers the seeded generator's mix; Hypothesis explores both branches evenly
        # instead, and shrinks to False (the branch that adds nothing to the board).
        return self.draw(_BOOLEANS)


@lru_cache(maxsize=None)
def _integers(lo: int, hi: int) -> st.SearchStrategy[int]:
    """One strategy per range, made once: a board takes hundreds of draws, and making a strategy at each (which
    Hypothesis checks and looks up by its arguments) cost as much as drawing from it."""
    return st.integers(lo, hi)


_BOOLEANS = st.booleans()


@st.composite
def boards(draw: Callable[[st.SearchStrategy[Any]], Any], size: Size = SMALL, **options: Any) -> dict[str, Any]:
    """Board data (contract v1, as parsed from JSON or YAML) from the shared generator.

    ``options`` narrow the generator (``kinds``, ``cda``, ``counters``, ``granted``; see
    ``BoardGenerator``), for properties that hold only on part of the board space.
    """
    return BoardGenerator(size, **options).board(HypothesisChoices(draw))


@st.composite
def card_boards(draw: Callable[[st.SearchStrategy[Any]], Any]) -> dict[str, Any]:
    """Board data naming catalogue cards only (``card:``, ``cast:``), from the generator of ``run --cards``."""
    return _card_generator().board(HypothesisChoices(draw))


@lru_cache(maxsize=1)
def _card_generator() -> CardBoardGenerator:
    """One generator for every example: it sorts the whole catalogue as it is made."""
    return CardBoardGenerator()


def board_values(size: Size = SMALL, **options: Any) -> st.SearchStrategy[Board]:
    """Checked, built ``Board`` values: ``boards(...)`` through ``diffcheck.boards.loading.board_from_data``."""
    return boards(size, **options).map(board_from_data)
