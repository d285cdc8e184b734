"""The commands on one board: ``judge`` (one edition), ``diff`` (two, side by side), ``history`` (every edition)
and ``bisect`` (which rule changes).

Each loads the board, warns about what its edition's rules could not have known
(``diffcheck.boards.anachronism``), asks the engines, and prints what
``diffcheck.reports.render`` writes.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from diffcheck.cli import judging
from diffcheck.cli.inputs import EXIT_DIFFERENCE, board_given, dated_pair, engines_named, fail, warn
from diffcheck.cli.options import (
    BoardOrCardsArg, CardsOpt, DateOpt, EngineCmdOpt, EngineConfigOpt, EngineTimeoutOpt, SaveOpt, StrictOpt,
)
from diffcheck.reports import render
from diffcheck.reports.fit import fit_lines, output_width
from rulesets.editions import EDITIONS


# The editions and aliases a rules option takes, as the help names them (from the chain, so never stale).
_EDITIONS = f"{EDITIONS[0].key} ... {EDITIONS[-1].key}"
_ALIASES = ", ".join(alias for edition in EDITIONS for alias in edition.aliases)


def judge(
    board: BoardOrCardsArg = None,
    ruleset: Annotated[
        str,
        typer.Option(
            "--ruleset", "-r",
            help=f"Rules to judge under: an edition ({_EDITIONS}; see `diffcheck editions`), an alias "
            f"({_ALIASES}), a date YYYY-MM-DD (the rules in force that day) or any installed engine "
            f"(see `diffcheck engines`). Without it or --date, today's rules: {judging.DEFAULT_RULES}, the newest "
            "rules document (the first line of the answer names it); a historical event names its rules.",
        ),
    ] = judging.DEFAULT_RULES,
    day: DateOpt = None,
    explain: Annotated[
        bool, typer.Option("--explain", help="Add the layer-by-layer trace and the decisions it cites.")
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print only the outcome, as JSON (--explain is then ignored).")
    ] = False,
    engine_cmd: EngineCmdOpt = None,
    engine_config: EngineConfigOpt = None,
    engine_timeout: EngineTimeoutOpt = 10.0,
    cards: CardsOpt = None,
    save: SaveOpt = None,
    strict: StrictOpt = False,
) -> None:
    """Final characteristics of every object on BOARD (or the board --cards names) under one edition of the rules,
    today's unless --ruleset or --date names another."""
    # The body is judging's, which runs it without typer too when the words are plain (its quick path).
    judging.judge_board(board, ruleset, day, explain, as_json, engine_cmd, engine_config, engine_timeout, cards, save,
                        strict)


def diff(
    board: BoardOrCardsArg = None,
    old: Annotated[str, typer.Option("--from", help="Engine on the left.")] = "cr418",
    new: Annotated[str, typer.Option("--to", help="Engine on the right.")] = "cr613",
    as_json: Annotated[
        bool, typer.Option("--json", help='Print only {"board", "outcomes", "diff", "rules"}: both outcomes, the '
                           "DeepDiff of their objects and the edition and document of each engine.")
    ] = False,
    fail_on_difference: Annotated[
        bool, typer.Option("--fail-on-difference", help="Exit with status 1 if any characteristic differs.")
    ] = False,
    day: DateOpt = None,
    engine_cmd: EngineCmdOpt = None,
    engine_config: EngineConfigOpt = None,
    engine_timeout: EngineTimeoutOpt = 10.0,
    cards: CardsOpt = None,
    save: SaveOpt = None,
    strict: StrictOpt = False,
) -> None:
    """BOARD (or the board --cards names) under two rules versions, side by side, differences marked."""
    old, new = dated_pair(day, old, new)
    if old == new:
        fail(f"--from and --to both name {old}; name two different engines")
    with engines_named([(old, "--from"), (new, "--to")], engine_cmd, engine_config, engine_timeout) as engines:
        board, loaded = board_given(board, cards, save)
        warn(board, loaded, *engines, strict=strict)
        outcomes = tuple(e.evaluate(loaded) for e in engines)
    if as_json:
        rules = {e.name: render.rules_info(e) for e in engines}
        document = render.diff_document(board, {old: outcomes[0], new: outcomes[1]}, rules)
        typer.echo(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        _say(render.render_diff(engines, outcomes, board, output_width()))
    if fail_on_difference and render.differences(*outcomes):
        raise typer.Exit(EXIT_DIFFERENCE)


def bisect(
    board: BoardOrCardsArg = None,
    old: Annotated[
        str, typer.Option("--from", help="The old ruleset's engine; rule changes are applied to it.")
    ] = "cr418",
    new: Annotated[str, typer.Option(
        "--to", help="The engine whose outcome the changes must reproduce. An engine with no rules of its own "
        "(--engine-cmd) is first matched to the nearest rules: the editions that answer as it does, else every "
        "edition with one rule change added or reverted that does.")] = "cr613",
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print only the attribution as JSON (with the nearest rules, against an engine with no "
        "rules of its own).")] = False,
    day: DateOpt = None,
    engine_cmd: EngineCmdOpt = None,
    engine_config: EngineConfigOpt = None,
    engine_timeout: EngineTimeoutOpt = 10.0,
    cards: CardsOpt = None,
    save: SaveOpt = None,
) -> None:
    """The smallest set of rule changes that, applied to the old rules, gives the new outcome on BOARD (or the
    board --cards names)."""
    from diffcheck.search.attribution import NoRuleChange, NoRuleset, alone, bisect as find, rule_changes
    from diffcheck.search.nearest import nearest

    old, new = dated_pair(day, old, new)
    with engines_named([(old, "--from"), (new, "--to")], engine_cmd, engine_config, engine_timeout) as engines:
        # An engine with no ruleset of its own (from outside, or installed) has no place in the chain of editions:
        # the nearest rules to its answer say what it answers like, and the rule changes after --from (none
        # after today's rules) are only candidates to explain how it differs from --from.
        rule_less = getattr(engines[1], "ruleset", None) is None
        try:
            ruleset, changes = rule_changes(old, new, engines[0])
        except NoRuleset:
            fail(f"--from {old}: this engine has no ruleset to apply rule changes to")
        except NoRuleChange:
            if not rule_less:
                fail(f"--from {old} --to {new}: no rule change leads from the first to the second (name an older "
                     "edition with --from; see `diffcheck editions`)")
            ruleset, changes = engines[0].ruleset, ()
        board, loaded = board_given(board, cards, save)
        outcomes = tuple(e.evaluate(loaded) for e in engines)
    attribution = find(loaded, ruleset, outcomes[1], changes)
    near = nearest(loaded, outcomes[1]) if rule_less else None
    if as_json:
        rules = {e.name: render.rules_info(e) for e in engines}
        extra = {} if near is None else {"nearest": [n.to_json() for n in near]}
        typer.echo(json.dumps({"board": board, "from": old, "to": new, **attribution.to_json(), **extra,
                               "rules": rules}, indent=2))
        return
    _say(render.render_bisect(board, engines, outcomes, attribution, alone(loaded, ruleset, attribution.changes),
                              near, tried=len(changes)))


def history(
    board: BoardOrCardsArg = None,
    cards: CardsOpt = None,
    save: SaveOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the spans and boundaries as JSON.")] = False,
) -> None:
    """BOARD (or the board --cards names) under every edition, 1999 to today: the spans of dates with one
    answer, and at each change the rule changes behind it."""
    from diffcheck.reports.history import history as build, render_history

    name, loaded = board_given(board, cards, save)
    found = build(loaded)
    if as_json:
        typer.echo(json.dumps({"board": name, **found.to_json()}, indent=2, ensure_ascii=False))
        return
    _say(render_history(found, name, output_width()))


def _say(text: str) -> None:
    """Print what a command on one board says, its prose fitted to the terminal (``diffcheck.reports.fit``)."""
    typer.echo(fit_lines(text, output_width()))
