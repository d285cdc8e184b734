"""The ``diffcheck`` application: its commands in the order ``--help`` lists them, and one-line errors.

Every bad input prints one line, ``error: ...``, to stderr and exits with status 2; the
commands check their own options (``diffcheck.cli.inputs``), and click's usage errors (an
unknown option, a value of the wrong type) are caught here and told the same way.
"""

from __future__ import annotations

import errno
import os
import sys
from typing import Annotated

import typer
from typer._click import exceptions as click_exceptions  # typer's own click (pinned: typer<1)
from typer.core import TyperGroup

from diffcheck.cli.inputs import EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_PIPE_CLOSED
from diffcheck.cli.one_board import bisect, diff, history, judge
from diffcheck.cli.reference import cards, list_editions, list_engines
from diffcheck.cli.runs import changelog, peer, report, run, timeline
from diffcheck.cli.serve import serve

__all__ = ["app", "main"]


class _OneLineErrors(TyperGroup):
    """The command group, with click's usage errors (an unknown option, a value of the wrong type, a
    missing argument) printed as every other bad input is: one line, ``error: ...``, exit status 2.

    Overriding ``main`` covers both the console script and ``typer.testing.CliRunner``.
    """

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            code = super().main(args=args, prog_name=prog_name, complete_var=complete_var,
                                standalone_mode=False, **extra)
        except click_exceptions.NoArgsIsHelpError as exc:
            typer.echo(exc.ctx.get_help())
            code = 0
        except click_exceptions.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx is not None else "diffcheck"
            message = " ".join(exc.format_message().split())
            typer.echo(f"error: {where}: {message} (see {where} --help)", err=True)
            code = EXIT_BAD_INPUT
        except click_exceptions.ClickException as exc:
            typer.echo(f"error: {' '.join(exc.format_message().split())}", err=True)
            code = exc.exit_code
        except typer.Abort:
            code = EXIT_INTERRUPTED
        except OSError as exc:
            if exc.errno == errno.EPIPE:  # the reader went away (| head): nothing to say to it
                sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - interpreter shutdown flushes it
                code = EXIT_PIPE_CLOSED
            else:  # a path the user named that cannot be read or written
                where = f"{exc.filename}: " if exc.filename else ""
                typer.echo(f"error: {where}{exc.strerror or exc}", err=True)
                code = EXIT_BAD_INPUT
        code = code if isinstance(code, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


app = typer.Typer(
    name="diffcheck",
    cls=_OneLineErrors,
    help="Differential checker for Magic: The Gathering's continuous-effects (layer) rules "
    "across rules versions (cr418: old six layers, 2006; cr613: seven layers, 2009).",
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
for name, command in (("judge", judge), ("diff", diff), ("history", history), ("run", run), ("bisect", bisect), ("report", report),
                      ("changelog", changelog), ("timeline", timeline), ("peer", peer), ("serve", serve), ("editions", list_editions),
                      ("engines", list_engines), ("cards", cards)):
    app.command(name)(command)


def main() -> None:
    """The console script ``diffcheck`` and ``python -m diffcheck``."""
    app(prog_name="diffcheck")
