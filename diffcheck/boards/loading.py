"""Load a board file (board format v1), check it, and build an ``engines.board.Board``.

A board is checked in stages, each a module of this package, and the first stage that
finds a problem reports it:

1. reading (``reading``): the file is not absurdly large (checked before it is read), its
   bytes are UTF-8, and the text is valid JSON or YAML (syntax errors carry a line and column);
2. plain data (``limits``): the root is a mapping, every key is a string, nothing refers to
   itself, the document is neither absurdly deep nor (once YAML aliases expand) absurdly
   large, and the board stays within the limits (objects, effects, cards, items per list);
3. shape (``shape``): the JSON Schema ``diffcheck/schema/board-v1.schema.json``, its errors
   turned into plain sentences;
3a. cards: ``card:`` objects and ``cast:`` effects are written out from the catalogue
   (``diffcheck.catalogue``; unknown names, wrong target counts and missing choices are
   found there);
4. meaning (``meaning``): what a schema cannot say, because it needs the whole document
   (ids, players, timestamps, attachment cycles) or the rules (characteristic-defining
   abilities, text changes).

This module is the pipeline and the public entry points. Within a stage the problem
reported is the first in document order, so one file always gives the same single error.
Every problem is a ``BoardError`` (``problems``) naming the file, the place in the document
(``objects[2].static[0].pt.modify``) and what was expected, on one line, and no input makes
the loader raise anything else (``python -m diffcheck.boards.fuzz`` checks that).
"""

from __future__ import annotations

import os

from diffcheck.boards.limits import effect_count_problem, plain_data_problem
from diffcheck.boards.meaning import meaning_problem
from diffcheck.boards.problems import BoardError, DocPath, format_path
from diffcheck.boards.reading import read_document
from diffcheck.boards.shape import cached_schema, schema_problem
from diffcheck.catalogue import CardReferenceError, expand_board
from diffcheck.catalogue.expand import original_path
from engines.board import Board

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["BoardError", "load_board", "board_from_data", "checked_board_data", "validate_board_data", "board_schema",
           "written_out"]


def load_board(path: str | os.PathLike[str]) -> Board:
    """Read, check and build the board in a .yaml, .yml or .json file.

    Any other extension is tried as JSON, then as YAML. Raises ``BoardError``.
    """
    file = os.fsdecode(path)
    return board_from_data(read_document(file, file), file)


def board_from_data(data: Any, file: str = "<data>") -> Board:
    """Check in-memory board data (as parsed from JSON or YAML) and build the board."""
    return Board.from_dict(checked_board_data(data, file))


def validate_board_data(data: Any, file: str = "<data>") -> None:
    """Raise ``BoardError`` for the first problem in ``data``; return quietly if it is a valid board."""
    checked_board_data(data, file)


def checked_board_data(data: Any, file: str = "<data>") -> dict[str, Any]:
    """Check ``data`` and return it as plain board data, which ``Board.from_dict`` accepts.

    Plain data is ``data`` itself unless the board names catalogue cards (``card:``,
    ``cast:``); then it is a new board with the cards written out
    (``diffcheck.catalogue.expand_board``), and a problem found in it is reported at its
    place in ``data``. Raises ``BoardError``.
    """
    for stage in (plain_data_problem, schema_problem):
        _raise_found(file, stage(data))
    try:
        plain = expand_board(data)
    except CardReferenceError as error:
        raise BoardError(file, format_path(error.path), error.message, error.notation) from None
    # Written-out cards pass the same checks: the count (a card brings static abilities
    # stage 2 could not see) and the schema (the catalogue's data is board vocabulary).
    found = None
    if plain is not data:
        found = effect_count_problem(plain) or schema_problem(plain)
    found = found or meaning_problem(plain)
    if found is not None:
        _raise_found(file, (original_path(data, found[0]), found[1]))
    return plain


def written_out(data: Any) -> dict[str, Any] | None:
    """``data`` with its cards written out (stage 3a), or None where a stage before it finds a problem, which
    the loader reports as it always does. For a caller that counts what the cards bring before loading the board
    (the notation names the card listed that goes over a limit, where the loader could only name its place)."""
    if plain_data_problem(data) is not None or schema_problem(data) is not None:
        return None
    try:
        return expand_board(data)
    except CardReferenceError:
        return None


def _raise_found(file: str, found: tuple[DocPath, str] | None) -> None:
    if found is not None:
        path, message = found
        raise BoardError(file, format_path(path), message)


def board_schema() -> dict[str, Any]:
    """The JSON Schema of contract v1 (a fresh copy, safe to change)."""
    import copy  # here: loading a board needs no copy, and the module costs every start of judge some 2 ms

    return copy.deepcopy(cached_schema())
