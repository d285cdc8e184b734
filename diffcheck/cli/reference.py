"""The commands that look things up: ``editions``, ``engines`` and ``cards``."""

from __future__ import annotations

import json
from typing import Annotated, Any, Optional

import typer

from diffcheck.cli.inputs import EXIT_DIFFERENCE, fail
from diffcheck.reports import render
from diffcheck.words import and_list
from engines import get_engine, installed


def list_editions(
    as_json: Annotated[bool, typer.Option("--json", help="Print the editions as JSON.")] = False,
) -> None:
    """Every edition of the rules on continuous effects, 1999 to today: dates in force, documents, rule changes."""
    from diffcheck.reports.editions import editions_data, render_editions

    data = editions_data()
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False) if as_json else render_editions(data))


def list_engines(
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print the same facts as JSON: a list with, per engine, its name, source and description "
        "(or why it cannot be loaded) and, for one built on a ruleset, its rules (title, edition, document, date), "
        "layer plan and rule citations per topic (null for an engine without a ruleset).")] = False,
) -> None:
    """Installed engines; for each built on a ruleset, its rules document, date, layer plan and citations."""
    found = []
    for name, source in installed().items():
        try:
            engine: Any = get_engine(name)
        except Exception as exc:  # a broken third-party entry point is listed, not fatal
            engine = exc
        found.append((name, source, engine))
    if as_json:
        typer.echo(json.dumps(render.engines_json(found), indent=2, ensure_ascii=False))
        return
    typer.echo(render.render_engines(found))


def _import_cards(file: str) -> None:
    """Import a card-data file into the user's pool, with a progress bar on stderr, and report its reach."""
    from pathlib import Path

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from diffcheck.cardpool.sources import PoolFileError
    from diffcheck.cardpool.importing import import_pool
    from diffcheck.cardpool.paths import pool_path

    path = Path(file)
    if not path.is_file():
        fail(f"cards import {file}: no such file")
    with Progress(TextColumn("reading cards"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("read", total=None)
        try:
            pool = import_pool(path, lambda done, total: bar.update(task, completed=done, total=total))
        except PoolFileError as error:
            fail(f"cards import: {error}")
    from diffcheck.catalogue.index import forget_imported

    forget_imported()
    typer.echo(pool.describe())
    typer.echo(f"kept in {pool_path()}")
    typer.echo(reach_report(pool))


def _check_reader(file: str) -> None:
    """The reader over the catalogue cards a card-data file holds, against the checked cards (reports.reader)."""
    from pathlib import Path

    from diffcheck.cardpool.sources import PoolFileError
    from diffcheck.reports.reader import check_reader, render_check

    if not Path(file).is_file():
        fail(f"cards check {file}: no such file")
    try:
        typer.echo(render_check(check_reader(Path(file))))
    except PoolFileError as error:
        fail(f"cards check: {error}")


def reach_report(pool: Any, most: int = 10) -> str:
    """How far the reader reaches: cards by reading status, and the sentences not understood most often."""
    counts = pool.counts()
    lines = ["", "reading of the imported cards:"]
    for status in ("no layer text", "read", "partly read", "not read"):
        lines.append(f"  {status:14} {counts.get(status, 0):>7,}")
    if pool.unread:
        shown = pool.unread[:most]
        lines += ["", f"the {len(shown)} sentences not understood most often (cards):"]
        lines += [f"  {n:>6,}  {sentence}" for sentence, n in shown]
    return "\n".join(lines)


def _say_imported() -> None:
    from diffcheck.cardpool.store import load_pool

    pool = load_pool()
    typer.echo(pool.describe() if pool is not None else
               "no card pool imported (diffcheck cards import FILE reads MTGJSON's AtomicCards.json)", err=True)


def cards(
    words: Annotated[
        Optional[list[str]],
        typer.Argument(
            metavar="QUERY",
            help="A card name (shows that card in full), or words to search names, type lines, "
            "descriptions and themes for (copy, control, text, types, colors, abilities, power-toughness).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the cards found as JSON.")] = False,
    format_key: Annotated[Optional[str], typer.Option(
        "--format", metavar="FORMAT",
        help="Only the cards legal in this format: oldschool, premodern, pauper, modern, legacy, vintage, "
        "commander (as the catalogue's date records them).", show_default=False)] = None,
) -> None:
    """List and search the card catalogue: the real cards a board can name with card: NAME or cast: NAME.

    `diffcheck cards import FILE` imports a card-data file you downloaded (MTGJSON's AtomicCards.json or
    Scryfall's oracle-cards), replacing any earlier import; `diffcheck cards check FILE` measures the Oracle-text
    reader against the catalogue on the catalogue cards FILE holds. Exits 1 when nothing matches, with the nearest names.
    """
    if words and words[0] in ("import", "check"):
        if len(words) != 2:
            fail(f"cards {words[0]}: give one FILE, in the shape of MTGJSON's AtomicCards.json or Scryfall's "
                 "oracle-cards JSON")
        if words[0] == "import":
            _import_cards(words[1])
        else:
            _check_reader(words[1])
        return
    from diffcheck.catalogue import catalogue
    from diffcheck.catalogue.describe import card_json, detail, format_summary, listing
    from diffcheck.catalogue.formats import FORMATS, format_named

    fmt = None
    if format_key is not None:
        fmt = format_named(format_key)
        if fmt is None:
            fail(f"--format {format_key!r}: not a format; the formats are {', '.join(FORMATS)}")
    query = " ".join(words or ()) or None
    found_cards = catalogue()
    exact = found_cards.get(query) if query else None
    found = [exact] if exact is not None else found_cards.search(query)
    if fmt is not None:
        outside = [card.name for card in found if fmt.key not in card.formats]
        found = [card for card in found if fmt.key in card.formats]
        if not found and outside:
            shown = and_list(outside[:5] + ([f"{len(outside) - 5} more"] if len(outside) > 5 else []))
            typer.echo(f"{shown} {'is' if len(outside) == 1 else 'are'} not legal in {fmt.name} "
                       "as the catalogue records it (`diffcheck cards NAME` lists a card's formats)", err=True)
            raise typer.Exit(EXIT_DIFFERENCE)
    why_not = found_cards.not_covered(query) if query else None
    if not found and why_not is not None:
        typer.echo(why_not, err=True)
        raise typer.Exit(EXIT_DIFFERENCE)
    if not found:
        near = found_cards.nearest(query or "")
        hint = f"; did you mean {', '.join(near)}?" if near else "; `diffcheck cards` lists every card"
        typer.echo(f"no card matches {query!r}{hint}", err=True)
        raise typer.Exit(EXIT_DIFFERENCE)
    if as_json:
        typer.echo(json.dumps([card_json(card) for card in found], indent=2, ensure_ascii=False))
    elif len(found) == 1:
        typer.echo(detail(found[0]))
    else:
        typer.echo(listing(found))
        if fmt is not None:
            typer.echo("\n" + format_summary(found, fmt, searched=query is not None))
        typer.echo(f"\n{len(found)} of {len(found_cards)} cards. `diffcheck cards NAME` shows one in full.")
        _say_imported()
