"""What the page asks and what it is told, as plain data: the library's answers for one board.

Every function takes what a request carries (card notation or a board file's text, an edition or a
date) and returns JSON-ready data, or raises ``BadRequest`` with one line saying where and what. The library's
messages are the command line's too, and some end with a hint for it; the page says those in its own terms
(``in_page_terms``).
"""

from __future__ import annotations

from typing import Any

from diffcheck.boards.loading import BoardError, board_from_data
from diffcheck.boards.notation import NotationError, cards_from_board, load_cards, read_cards
from diffcheck.boards.reading import parse_text
from diffcheck.boards.resolution import X_HINT, unknowable
from diffcheck.catalogue import catalogue
from diffcheck.catalogue.index import SEARCH_HINT, UNCOVERED_HINT
from diffcheck.pyyaml import yaml
from diffcheck.reports.history import history
from diffcheck.reports.render import cited_decisions
from diffcheck.reports.witness import object_names
from diffcheck.words import shorten
from engines import UnknownEngine, get_engine
from engines.board.trace import render as render_trace
from rulesets.editions import is_edition_name

__all__ = ["BadRequest", "MAX_BOARD_BYTES", "PAGE_TERMS", "card_list", "editions", "in_page_terms", "judge"]

MAX_BOARD_BYTES = 64 * 1024  # a board file posted to the page; the loader's own limits apply to what it holds

# The hints at the end of the catalogue's messages (diffcheck.catalogue.index: an unknown card, a real card the
# vocabulary cannot express) that name a command or a file of the project, and what the page says instead: where on
# the page to look. (The engines' "see `diffcheck editions`" cannot reach the page: ``_engine`` takes editions only.)
PAGE_TERMS = {
    SEARCH_HINT: '(search the catalogue under "Add a card")',
    UNCOVERED_HINT: "(an object written out in full, in an imported board file, may approximate it)",
    X_HINT: "(x=N in the ability's counters and choices)",
}


class BadRequest(ValueError):
    """A request the page cannot answer: one line, where and what."""


def card_list(query: str, limit: int = 40) -> list[dict[str, Any]]:
    """The catalogue cards a search finds (names, type lines, descriptions, themes), for picking."""
    from diffcheck.catalogue.index import imported_matches

    cards = catalogue()
    wanted = query.strip().lower()
    found = cards.search(wanted or None)
    # The imported cards (diffcheck cards import) the catalogue lacks, after its own: it is the reference.
    checked = {c.name for c in found}
    found += [c for c in imported_matches(wanted, limit) if c.name not in checked and cards.get(c.name) is c]
    # As a judge types a name: names that start with it first, then names that hold it, then the rest.
    found.sort(key=lambda c: (not c.name.lower().startswith(wanted), wanted not in c.name.lower(),
                              c.source != "checked"))
    return [{"name": c.name, "type_line": c.type_line(), "pt": c.pt(), "about": c.about, "source": c.source,
             "spell": c.is_spell, "abilities": [e.label for e in c.effects if e.label],
             "choices": [_choice(ch) for ch in c.choices],
             "effect_choices": _effect_choices(c)} for c in found[:limit]]


def _effect_choices(card) -> list[dict[str, str]]:
    """What a judge may write among the choices of the card's spell or one of its abilities, resolved: their
    choices, and x where one reads a number from the game as it resolves (611.2d)."""
    listed: dict[str, str] = {}
    for effect in card.effects:
        listed.update({ch.name: ch.kind for ch in effect.choices})
        if effect.reads_the_game or effect.pays_x:
            listed["x"] = "number"
    return [{"name": name, "kind": kind} for name, kind in listed.items()]


def _choice(choice) -> dict[str, Any]:
    """A permanent's choice as the page offers it: a shape with the names of its options."""
    out: dict[str, Any] = {"name": choice.name, "kind": choice.kind}
    if choice.options:
        out["options"] = [name for name, _ in choice.options]
    return out


def editions() -> list[dict[str, Any]]:
    """The editions, oldest first, for the page's picker."""
    from rulesets.editions import EDITIONS

    return [{"key": e.key, "title": e.title, "since": e.since, "until": e.until, "aliases": list(e.aliases)}
            for e in EDITIONS]


def in_page_terms(message: str) -> str:
    """``message`` with its hints for the command line said in the page's terms (``PAGE_TERMS``)."""
    for command_line, page in PAGE_TERMS.items():
        message = message.replace(command_line, page)
    return message


def judge(cards: str | None, board_text: str | None, rules: str) -> dict[str, Any]:
    """One board, from card notation or a board file's text, under ``rules`` (an edition, an alias or a day):
    the answer, its explanation, the warnings, and its history across the editions."""
    try:
        return _judge(cards, board_text, rules)
    except BadRequest as exc:
        raise BadRequest(in_page_terms(str(exc))) from None


def _judge(cards: str | None, board_text: str | None, rules: str) -> dict[str, Any]:
    from diffcheck.boards.anachronism import caveats, warnings

    engine = _engine(rules)
    data, notation, listed, board = _board_data(cards, board_text)
    if board is None:
        try:  # a board file's mistakes are named by their place in it; cards' by the card listed (load_cards)
            board = board_from_data(data, "the board file")
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
        "warnings": [in_page_terms(w) for w in (*warnings(board, engine), *unknowable(board), *caveats(board))],
        "history": history(board).to_json(),
    }


def _board_data(cards: str | None, board_text: str | None) -> tuple[dict[str, Any], str | None, list | None, Any]:
    """The board data, its card notation (None: the board holds more than cards), the notation's items, and the
    board, loaded already where it comes from cards (None for a board file)."""
    if cards is not None and board_text is not None:
        raise BadRequest("give the cards or a board file, not both")
    if cards is not None:
        try:
            listed, data, board = load_cards(cards, "the board")
        except NotationError as exc:
            raise BadRequest(f"cards: {exc}") from None
        return data, cards_from_board(data), listed, board
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
    if notation is None:
        return data, None, None, None
    # A board file is judged as written; if it is cards alone, its notation is what the page edits. One that does
    # not read (an unknown card) is left to the loader, which names the place in the file.
    try:
        return data, notation, read_cards(notation)[0], None
    except NotationError:
        return data, None, None, None


def _engine(rules: str) -> Any:
    # Only the editions' names and dates: any other name is an engine to install or a module to import
    # (module:attribute), which a request must not make the server do.
    if not is_edition_name(rules):
        raise BadRequest(f"rules {shorten(rules)}: the page judges under an edition of the rules, an alias or a date "
                         '(YYYY-MM-DD); the "Rules" list shows the editions')
    try:
        return get_engine(rules)  # a day out of range, or not a day, is said there
    except (UnknownEngine, ValueError) as exc:
        raise BadRequest(f"rules {rules}: {exc}") from None
