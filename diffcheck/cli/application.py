"""The ``diffcheck`` application (``diffcheck.cli.app``): its commands in the order ``--help`` lists them, and
one-line errors.

Every bad input prints one line, ``error: ...``, to stderr and exits with status 2; the
commands check their own options (``diffcheck.cli.inputs``), and click's usage errors (an
unknown option, a value of the wrong type) are caught here and told the same way.
"""

from __future__ import annotations

import inspect
import os
import sys
from typing import Annotated

import typer
from typer.core import TyperCommand, TyperGroup

from diffcheck.cli.one_board import bisect, diff, history, judge
from diffcheck.cli.reference import cards, list_editions, list_engines
from diffcheck.cli.runs import changelog, peer, report, run, timeline
from diffcheck.cli.serve import serve
from diffcheck.cli.statuses import told

__all__ = ["app", "main"]


# Help printed to a file or a pipe: as wide as a wide terminal. Without a terminal to measure (and no COLUMNS),
# rich, which typer draws help with, takes 80 columns, and its option panels leave the help text a third of that.
HELP_WIDTH = 120


def help_width() -> int | None:
    """The width help is drawn at: None (rich's own choice, COLUMNS or the terminal's width) when COLUMNS is set or
    standard output is a terminal; else ``HELP_WIDTH``."""
    columns = os.environ.get("COLUMNS", "")
    if (columns.isdigit() and int(columns) > 0) or sys.stdout.isatty():
        return None
    return HELP_WIDTH


class _WideHelp:
    """Help drawn at ``help_width()`` rather than rich's 80 columns when no terminal is there to measure."""

    def format_help(self, ctx, formatter):
        try:
            from typer import rich_utils
        except ImportError:  # typer without rich writes plain help, to click's width
            return super().format_help(ctx, formatter)
        saved = rich_utils.MAX_WIDTH  # typer's own setting (TERMINAL_WIDTH) wins
        if saved is None:
            rich_utils.MAX_WIDTH = help_width()
        try:
            return super().format_help(ctx, formatter)
        finally:
            rich_utils.MAX_WIDTH = saved


class _Command(_WideHelp, TyperCommand):
    """A command of the application: its help as wide as the group's."""


class _OneLineErrors(_WideHelp, TyperGroup):
    """The command group, with click's usage errors (an unknown option, a value of the wrong type, a
    missing argument) printed as every other bad input is: one line, ``error: ...``, exit status 2.

    Overriding ``main`` covers both the console script and ``typer.testing.CliRunner``.
    """

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            code = super().main(args=args, prog_name=prog_name, complete_var=complete_var,
                                standalone_mode=False, **extra)
        except Exception as exc:  # noqa: BLE001 - what told() does not know (a bug) is raised again
            code = told(exc)
            if code is None:
                raise
        code = code if isinstance(code, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


def _about() -> str:
    """What ``diffcheck --help`` says the tool is, its figures taken from the chain of editions."""
    from rulesets.documents import FIRST, LAST
    from rulesets.editions import EDITIONS

    return (
        "Differential checker for Magic: The Gathering's continuous-effects (layer) rules: "
        f"{len(EDITIONS)} editions of the Comprehensive Rules, {FIRST.effective[:4]} to {LAST.effective[:4]}, "
        "each the one before plus named rule changes; a date names the rules in force that day.\n\n"
        "One board: judge (under today's rules unless told), diff (two editions side by side), history (every "
        "edition), bisect (the rule changes behind a difference). Many boards: run (two engines on generated "
        "boards, built-in or your own), then report; changelog, timeline and peer regenerate the committed "
        "reports. serve starts the judge's page; editions, engines and cards look things up."
    )


def _paragraphs(text: str) -> str:
    """A docstring as help: its paragraphs, each on one line, which typer's rich help would otherwise break
    where the source does (in the list of commands) rather than where the width does."""
    return "\n\n".join(" ".join(p.split()) for p in inspect.cleandoc(text).split("\n\n"))


app = typer.Typer(
    name="diffcheck",
    cls=_OneLineErrors,
    help=_about(),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"diffcheck {version('diffcheck')}")
        except PackageNotFoundError:  # a source checkout that was never installed
            typer.echo("diffcheck (not installed)")
        raise typer.Exit()


@app.callback()
def _options(
    show_version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """The options of ``diffcheck`` itself (the app's help text is given to ``typer.Typer``)."""


# The order of --help.
for name, command in (("judge", judge), ("diff", diff), ("history", history), ("run", run), ("bisect", bisect),
                      ("report", report), ("changelog", changelog), ("timeline", timeline), ("peer", peer),
                      ("serve", serve), ("editions", list_editions), ("engines", list_engines), ("cards", cards)):
    app.command(name, cls=_Command, help=_paragraphs(command.__doc__ or ""))(command)


def main() -> None:
    """The console script ``diffcheck`` and ``python -m diffcheck``."""
    app(prog_name="diffcheck")
