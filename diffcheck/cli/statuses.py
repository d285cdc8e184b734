"""How an exception a command raised ends the command: one line on stderr, and the exit status.

The application (``diffcheck.cli.application``) tells click's usage errors and the like this way, and
``diffcheck judge``'s quick path (``diffcheck.cli.judging``), which runs the command without click, ends the
same way when the command raises: both use this module, which uses neither.
"""

from __future__ import annotations

import errno
import os
import sys

import typer
from typer._click import exceptions as click_exceptions  # typer's own click (pinned: typer<1)
from typer._click.utils import PacifyFlushWrapper

from diffcheck.cli.inputs import EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_PIPE_CLOSED

__all__ = ["command_status", "told"]


def told(exc: Exception) -> int | None:
    """Tell what click's main passed on in one line (the help, for no arguments) and give the exit status;
    None for anything else, which is a bug: its traceback shows."""
    if isinstance(exc, click_exceptions.NoArgsIsHelpError):
        typer.echo(exc.ctx.get_help())
        return 0
    if isinstance(exc, click_exceptions.UsageError):
        where = exc.ctx.command_path if exc.ctx is not None else "diffcheck"
        message = " ".join(exc.format_message().split())
        typer.echo(f"error: {where}: {message} (see {where} --help)", err=True)
        return EXIT_BAD_INPUT
    if isinstance(exc, click_exceptions.ClickException):
        typer.echo(f"error: {' '.join(exc.format_message().split())}", err=True)
        return exc.exit_code
    if isinstance(exc, typer.Abort):
        return EXIT_INTERRUPTED
    if isinstance(exc, OSError):
        if exc.errno == errno.EPIPE:  # the reader went away (| head): nothing to say to it
            sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - interpreter shutdown flushes it
            return EXIT_PIPE_CLOSED
        # a path the user named that cannot be read or written
        where = f"{exc.filename}: " if exc.filename else ""
        typer.echo(f"error: {where}{exc.strerror or exc}", err=True)
        return EXIT_BAD_INPUT
    return None


def command_status(exc: BaseException) -> int | None:
    """The exit status for an exception a command raised, told as the application tells it when the command runs
    under it: click's main first (an interruption, an exit, a closed pipe), then ``told``. None for a bug.

    ``diffcheck judge``'s quick path (``diffcheck.cli.judging``) runs the command without click, and ends with
    this when the command raises.
    """
    if isinstance(exc, EOFError):  # click: a new line on stderr, then Abort
        typer.echo(file=sys.stderr)
        return EXIT_INTERRUPTED
    if isinstance(exc, KeyboardInterrupt):  # click: Exit(130)
        return EXIT_INTERRUPTED
    if isinstance(exc, typer.Exit):
        return exc.exit_code
    if isinstance(exc, OSError) and exc.errno == errno.EPIPE:  # click: its wrappers that ignore the pipe, exit 1
        sys.stdout = PacifyFlushWrapper(sys.stdout)
        sys.stderr = PacifyFlushWrapper(sys.stderr)
        return EXIT_PIPE_CLOSED
    return told(exc) if isinstance(exc, Exception) else None
