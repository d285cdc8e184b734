"""What a user typed, checked before any work: dates, engines, editions, board files, paths, durations.

Each function takes an option's value and returns what the command needs, or prints one
line, ``error: WHERE: WHAT``, to stderr and exits with status 2 (``fail``): the same for
every command, so a bad input never shows a traceback and never leaves anything
half-written. The exit statuses of the whole command line are here too.
"""

from __future__ import annotations

import codecs
import io
import os
import re
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from diffcheck.boards.loading import BoardError, load_board
from diffcheck.pyyaml import yaml
from engines import EngineError, UnknownEngine, get_engine

TYPE_CHECKING = False  # typing.TYPE_CHECKING's value: judge's start imports no typing (diffcheck.cli.judging)
if TYPE_CHECKING:  # annotations only: judge's quick path imports no pathlib
    from pathlib import Path
    from typing import Any, NoReturn

# No typer here, and no run directory (it imports tabulate): ``diffcheck judge`` uses these checks on its quick
# path (``diffcheck.cli.judging``), which answers without importing either.

EXIT_DIFFERENCE = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130
EXIT_PIPE_CLOSED = 1  # as the shell's own tools do when their reader goes away


def dated(day: str | None, name: str, option: str, default: str) -> str:
    """The engine name for one ruleset option, given --date: the date itself (checked here, once)."""
    if day is None:
        return name
    if name != default:
        fail(f"{shown_option('--date', day)} and {shown_option(option, name)}: give one or the other")
    return checked_date(day)


def dated_pair(day: str | None, old: str, new: str) -> tuple[str, str]:
    """--from/--to given --date: the rules of that day against --to, or against the newest rules."""
    if day is None:
        return old, new
    if old not in ("cr418",):
        fail(f"{shown_option('--date', day)} and {shown_option('--from', old)}: give one or the other")
    return checked_date(day), "current" if new == "cr613" else new


_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def checked_date(day: str) -> str:
    """A --date value, checked here for every command that takes one: a day, YYYY-MM-DD, from the first
    Comprehensive Rules document to today. Anything else is one error line saying what is expected."""
    from datetime import date

    from rulesets.documents import FIRST, DateOutOfRange, in_force

    where, today = shown_option("--date", day), date.today()
    expected = f"expected YYYY-MM-DD, a day from {FIRST.effective} to today ({today.isoformat()})"
    try:
        if not _ISO_DAY.fullmatch(day):  # date.fromisoformat alone takes 20100601 and 2010-W22-2 too
            raise ValueError(day)
        parsed = date.fromisoformat(day)
    except ValueError:
        fail(f"{where}: {day!r} is not a date; {expected}")
    try:
        in_force(parsed)
    except DateOutOfRange:
        why = "is in the future" if parsed > today else "is before the first Comprehensive Rules document"
        fail(f"{where}: {day} {why}; {expected}")
    return day


def shown_option(option: str, value: str) -> str:
    """``--option VALUE`` for an error line; the value quoted when it would not show as typed (empty,
    spaces around it, a newline)."""
    shown = value if value and value == value.strip() and value.isprintable() else repr(value)
    return f"{option} {shown}"


def fail(message: str) -> NoReturn:
    """Print ``error: MESSAGE`` on one line to stderr and exit with status 2."""
    echo(f"error: {' '.join(message.splitlines())}", err=True)  # one line, whatever the message holds
    import typer  # here, not above: judge's quick path imports typer only when it has an error to end with

    raise typer.Exit(EXIT_BAD_INPUT)


def echo(message: str, err: bool = False) -> None:
    """Print ``message`` and a newline to stdout (stderr if ``err``), as ``typer.echo`` does, without typer.

    typer.echo writes a string to an ordinary text stream as it is, then flushes; it differs only where the
    text holds ANSI codes (dropped when the output is not a terminal), where the stream has no encoding, an
    ASCII one or is not a text stream (it writes UTF-8 to the bytes underneath), and on Windows. There typer
    does it, so that both ways print the same.
    """
    stream = sys.stderr if err else sys.stdout
    if "\x1b" in message or os.name == "nt" or not _ordinary(stream):
        import typer

        typer.echo(message, err=err)
        return
    stream.write(message + "\n")
    stream.flush()


def _ordinary(stream: Any) -> bool:
    if not isinstance(stream, io.TextIOWrapper) or stream.errors is None or not stream.encoding:
        return False
    try:
        return codecs.lookup(stream.encoding).name != "ascii"
    except LookupError:
        return True  # an encoding Python does not know is not ASCII to typer either


def engine_option(name: str, option: str) -> Any:
    """The engine an option names (an edition, an alias, a date, an installed engine or module:attribute),
    loaded here for every command; what cannot be loaded, or is not an engine, is one error line."""
    try:
        return get_engine(name)
    except UnknownEngine as exc:
        fail(f"{shown_option(option, name)}: {exc}; or an engine from outside: --engine-cmd {name}=COMMAND")


@contextmanager
def engines_named(named: Sequence[tuple[str, str]], specs: list[str] | None, config: Path | None,
                  timeout: float) -> Iterator[list[Any]]:
    """The engines ``named`` ((name, the option that named it) pairs): an outside engine where ``--engine-cmd``
    or ``--engine-config`` defines the name, else a built-in or installed one (``engine_option``). Outside
    engines are closed when the block ends; one that fails on the board is one error line."""
    commands, timeout = external_engines(specs or [], config, timeout)
    commands_by_name = dict(commands)
    made: list[Any] = []
    try:
        for name, option in named:
            command = commands_by_name.get(name)
            if command is None:
                made.append(engine_option(name, option))
            else:
                # Imported only for an outside engine: it brings subprocess and threading, which judge on a
                # built-in engine does without.
                from engines.peers.external import ExternalEngine

                made.append(ExternalEngine(name, command, timeout))
        yield made
    except EngineError as exc:
        fail(str(exc))
    finally:
        external = sys.modules.get("engines.peers.external")  # not imported: no outside engine was made
        for engine in made:
            if external is not None and isinstance(engine, external.ExternalEngine):
                engine.close()


def edition_option(name: str, option: str) -> str:
    """An edition an option names (an edition key, an alias or a date), checked; else one error line."""
    from rulesets.documents import DateOutOfRange
    from rulesets.editions import UnknownEdition, resolve

    try:
        resolve(name)
    except (UnknownEdition, DateOutOfRange) as exc:
        fail(f"{shown_option(option, name)}: {exc}")
    return name


def warn(path: str, board: Any, *engines: Any, strict: bool = False) -> None:
    """Warnings (stderr) for what each engine's rules document could not have known, for the amounts of
    resolved effects the board cannot know, then the caveats of the catalogue cards on the board: the answer
    stands. With ``strict``, a sentence of an imported card's Oracle text not understood is an error instead."""
    from diffcheck.boards.anachronism import caveats, warnings
    from diffcheck.boards.resolution import unknowable

    bearing = caveats(board)
    if strict:
        from diffcheck.cardpool.paths import NOT_UNDERSTOOD_CAVEAT

        unread = [line for line in bearing if NOT_UNDERSTOOD_CAVEAT in line]
        if unread:
            more = f" (and {len(unread) - 1} more)" if len(unread) > 1 else ""
            fail(f"--strict: {path}: {unread[0]}{more}")
    lines = [line for engine in engines for line in warnings(board, engine)] + unknowable(board) + bearing
    for line in lines:
        echo(f"warning: {path}: {line}", err=True)


def board_given(path: str | None, cards: str | None, save: Path | None) -> tuple[str, Any]:
    """The board of a command on one board, and what to call it: the file BOARD, or the board ``--cards``
    builds (written to ``--save`` if given). Anything wrong is one error line."""
    if path is not None and cards is not None:
        fail(f"BOARD {path} and {shown_option('--cards', cards)}: give one or the other")
    if cards is None:
        if path is None:
            fail("no board: give a board file, or the cards with --cards \"Humility, Opalescence, Grizzly Bears\"")
        if save is not None:
            fail(f"--save {save}: saves the board built from --cards; BOARD {path} is a file already")
        return path, loaded_board(path)
    from diffcheck.boards.notation import NotationError, load_cards

    if save is not None:
        writable_file(save, "--save")
    try:
        _, data, board = load_cards(cards, "--cards")
    except NotationError as exc:
        fail(f"--cards: {exc}")
    if save is not None:
        from diffcheck.search import rundir

        header = f"# Built by diffcheck from --cards {cards!r}: the cards in timestamp order.\n"
        rundir.write_atomic(save, header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    return f"--cards \"{cards}\"", board


def loaded_board(path: str) -> Any:
    """The board in the file ``path``, or its ``BoardError`` as one error line."""
    try:
        return load_board(path)
    except BoardError as exc:
        fail(str(exc))


def duration_seconds(text: str) -> float:
    """``90``, ``90s``, ``2m``, ``1h`` -> seconds."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*", text)
    if not match:
        fail(f"--time {text}: expected a duration such as 60s, 2m or 1h")
    return float(match.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600}[match.group(2)]


def make_directory(path: Path, option: str) -> None:
    """Make the directory ``path`` (and its parents) or fail with one line saying why."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        fail(f"{option} {path}: is a file, not a directory")
    except NotADirectoryError:
        fail(f"{option} {path}: a part of the path is a file, not a directory")
    except OSError as exc:
        fail(f"{option} {path}: cannot create the directory: {exc.strerror or exc}")


def writable_file(path: Path, option: str) -> None:
    """Refuse, before any work, a file that cannot be written: a directory, or a path through a
    file. Missing folders are made when the file is written."""
    if path.is_dir():
        fail(f"{option} {path}: is a directory; name a file")
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        fail(f"{option} {path}: {folder} is a file, not a directory")


def fresh_run_directory(out: Path, explicit: bool) -> None:
    """A run never writes over another run: an old default directory is moved aside, an explicit one refused."""
    from diffcheck.search import rundir

    if out.exists() and not out.is_dir():
        fail(f"--out {out}: is a file, not a directory")
    lock = rundir.Lock(out)
    owner = lock.owner() if lock.path.exists() else None
    if owner is not None and rundir.alive(owner):
        fail(f"--out {out}: another diffcheck run (process {owner}) is writing there")
    if not (out / rundir.STATE).exists():
        return
    if explicit:
        fail(f"--out {out}: holds a run already; continue it with --resume {out}, or choose another --out")
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime((out / rundir.STATE).stat().st_mtime))
    aside = out.with_name(f"run-{stamp}")
    out.rename(aside)
    echo(f"the previous run in {out} is kept in {aside}", err=True)


def external_engines(specs: list[str], config: Path | None,
                     timeout: float) -> tuple[tuple[tuple[str, str], ...], float]:
    """External engines from --engine-cmd NAME=COMMAND and from an --engine-config file."""
    from engines import parse_engine_cmd

    commands: dict[str, str] = {}
    if config is not None:
        try:
            data = yaml.safe_load(config.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
            fail(f"{config}: cannot read the engine configuration: {exc}")
        engines = data.get("engines") if isinstance(data, dict) else None
        if not isinstance(engines, dict) or not engines:
            fail(f"{config}: engines: expected a mapping NAME: {{command: ..., timeout: ...}}")
        for name, entry in engines.items():
            if not isinstance(entry, dict) or not isinstance(entry.get("command"), str):
                fail(f"{config}: engines.{name}.command: expected the command that starts the engine, as a string")
            commands[str(name)] = entry["command"]
            if "timeout" in entry:
                if not isinstance(entry["timeout"], (int, float)) or entry["timeout"] <= 0:
                    fail(f"{config}: engines.{name}.timeout: expected a number of seconds above 0")
                timeout = float(entry["timeout"])
    for spec in specs:
        try:
            name, command = parse_engine_cmd(spec)
        except ValueError as exc:
            fail(f"--engine-cmd {spec}: {exc}")
        commands[name] = command
    return tuple(commands.items()), timeout
