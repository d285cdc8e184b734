"""The options several commands share, as typer declares them (their names, metavars and help).

They live apart from ``diffcheck.cli.inputs``, which checks the values, because declaring them imports
typer: the application imports this module when it is built, while ``diffcheck judge``'s quick path
(``diffcheck.cli.judging``) checks its words with ``inputs`` alone and never imports typer.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

__all__ = [
    "BoardOrCardsArg", "CardsOpt", "DateOpt", "EngineCmdOpt", "EngineConfigOpt", "EngineTimeoutOpt", "SaveOpt",
    "StrictOpt",
]


# Commands on one board take the board from a file or from card names.
BoardOrCardsArg = Annotated[Optional[str], typer.Argument(
    metavar="BOARD", help="Board file, YAML or JSON (board format v1); or give --cards instead.", show_default=False)]
CardsOpt = Annotated[Optional[str], typer.Option(
    "--cards", metavar="CARDS",
    help="The board from catalogue card names, in timestamp order: \"Humility, Opalescence, Grizzly Bears\"; "
    "NAME>REF attaches or targets, @opponent, #id, !ability, [+1/+1=2; color=red] (docs/board-notation.md).",
    show_default=False)]
StrictOpt = Annotated[bool, typer.Option(
    "--strict", help="Refuse a board that holds an imported card with a sentence of its Oracle text the reader did "
    "not understand (exit status 2), rather than answer with that ability left out and a warning.")]
SaveOpt = Annotated[Optional[Path], typer.Option(
    "--save", metavar="FILE", help="Also write the board built from --cards to FILE (YAML), to edit or share.",
    show_default=False)]


DateOpt = Annotated[Optional[str], typer.Option(
    "--date", metavar="YYYY-MM-DD",
    help="The rules in force that day (its document and edition). With judge, instead of --ruleset; with diff, "
    "bisect and run, as the old side, against the newest rules unless --to / --engines says otherwise.",
    show_default=False,
)]


# The options that plug in an engine from outside, the same on every command that takes an engine.
EngineCmdOpt = Annotated[Optional[list[str]], typer.Option(
    "--engine-cmd", metavar="NAME=COMMAND",
    help="An engine in any language, as a process speaking JSON lines (docs/external-engines.md); name it "
    "wherever the command takes an engine. Repeatable.", show_default=False,
)]
EngineConfigOpt = Annotated[Optional[Path], typer.Option(
    "--engine-config", metavar="FILE", help="YAML file: engines: {NAME: {command: ..., timeout: ...}}.",
    show_default=False,
)]
EngineTimeoutOpt = Annotated[float, typer.Option(
    "--engine-timeout", min=0.1, help="Seconds an outside engine may take over one board.",
)]
