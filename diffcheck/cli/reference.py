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

    Exits 1 when nothing matches, with the nearest names.
    """
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
