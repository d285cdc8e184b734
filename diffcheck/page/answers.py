"""What the page asks and what it is told, as plain data: the library's answers for one board.

Every function takes what a request carries (card notation or a board file's text, an edition or a
date) and returns JSON-ready data, or raises ``BadRequest`` with one line saying where and what.
"""

from __future__ import annotations

from typing import Any

import yaml

from diffcheck.boards.loading import BoardError, board_from_data
from diffcheck.boards.notation import NotationError, cards_from_board, read_cards
from diffcheck.boards.reading import parse_text
from diffcheck.catalogue import catalogue
from diffcheck.reports.history import history
from diffcheck.reports.render import cited_decisions
from diffcheck.reports.witness import object_names
from engines import UnknownEngine, get_engine
from engines.trace import render as render_trace

__all__ = ["BadRequest", "MAX_BOARD_BYTES", "card_list", "editions", "judge"]

MAX_BOARD_BYTES = 64 * 1024  # a board file posted to the page; the loader's own limits apply to what it holds


class BadRequest(ValueError):
    """A request the page cannot answer: one line, where and what."""


def card_list(query: str, limit: int = 40) -> list[dict[str, Any]]:
    """The catalogue cards a search finds (names, type lines, descriptions, themes), for picking."""
    cards = catalogue()
    wanted = query.strip().lower()
    found = cards.search(wanted or None)
    # As a judge types a name: names that start with it first, then names that hold it, then the rest.
    found.sort(key=lambda c: (not c.name.lower().startswith(wanted), wanted not in c.name.lower()))
    return [{"name": c.name, "type_line": c.type_line(), "pt": c.pt(), "about": c.about,
             "spell": c.is_spell, "abilities": [e.label for e in c.effects if e.label],
             "choices": [{"name": ch.name, "kind": ch.kind} for ch in c.choices]} for c in found[:limit]]


def editions() -> list[dict[str, Any]]:
    """The editions, oldest first, for the page's picker."""
    from rulesets.editions import EDITIONS

    return [{"key": e.key, "title": e.title, "since": e.since, "until": e.until, "aliases": list(e.aliases)}
            for e in EDITIONS]


def judge(cards: str | None, board_text: str | None, rules: str) -> dict[str, Any]:
    """One board, from card notation or a board file's text, under ``rules`` (an edition, an alias or a day):
    the answer, its explanation, the warnings, and its history across the editions."""
    from diffcheck.boards.anachronism import caveats, warnings

    engine = _engine(rules)
    data, notation, listed = _board_data(cards, board_text)
    try:
        board = board_from_data(data, "the board")
    except BoardError as exc:
        raise BadRequest(str(exc)) from None
    outcome, trace = engine.explain(board)
    names = object_names(data)
    return {
        "notation": notation,
        "items": listed,
        "board_yaml": yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
        "rules": {"name": rules, "description": engine.description, "document": engine.ruleset.document,
                  "edition": engine.ruleset.edition},
        "objects": [{"id": oid, "name": names.get(oid, oid), **fields} for oid, fields in outcome["objects"].items()],
        "explanation": render_trace(tuple(trace)),
        # Where the rules leave a case open, the ruleset decides; the page says when an answer relies on that.
        "decisions": [{"key": d.key, "rule": d.rule, "choice": d.choice}
                      for d in cited_decisions(engine.ruleset, trace)],
        "warnings": [*warnings(board, engine), *caveats(board)],
        "history": history(board).to_json(),
    }


def _board_data(cards: str | None, board_text: str | None) -> tuple[dict[str, Any], str | None, list | None]:
    """The board data, its card notation (None: the board holds more than cards) and the notation's items."""
    if cards is not None and board_text is not None:
        raise BadRequest("give the cards or a board file, not both")
    if cards is not None:
        listed, data = _read(cards)
        return data, cards_from_board(data), listed
    if board_text is None:
        raise BadRequest("no board: pick cards, or import a board file")
    if len(board_text.encode("utf-8")) > MAX_BOARD_BYTES:
        raise BadRequest(f"the board file is larger than {MAX_BOARD_BYTES // 1024} KiB")
    try:
        data = parse_text(board_text, "the board file")
    except BoardError as exc:
        raise BadRequest(str(exc)) from None
    if not isinstance(data, dict):
        raise BadRequest("the board file: expected a mapping with objects (board format v1)")
    notation = cards_from_board(data)
    # A board file is judged as written; if it is cards alone, its notation is what the page edits.
    return data, notation, None if notation is None else _read(notation)[0]


def _read(cards: str) -> tuple[list, dict[str, Any]]:
    try:
        return read_cards(cards)
    except NotationError as exc:
        raise BadRequest(f"cards: {exc}") from None


def _engine(rules: str) -> Any:
    try:
        engine = get_engine(rules)  # an edition, an alias or a day; a day out of range is said there
    except (UnknownEngine, ValueError) as exc:
        raise BadRequest(f"rules {rules}: {exc}") from None
    if getattr(engine, "ruleset", None) is None or not hasattr(engine, "explain"):
        raise BadRequest(f"rules {rules}: the page judges under an edition of the rules, an alias or a date")
    return engine
