"""The ``diffcheck`` command line: a thin layer over ``diffcheck.boards.loading``, ``engines`` and ``diffcheck.reports.render``.

Every bad input (an unreadable or invalid board, an unknown engine) prints one line,
``error: FILE: WHERE: MESSAGE``, to stderr and exits with status 2; nothing is printed to
stdout before all the work is done, so a failure writes nothing partial.
"""

from __future__ import annotations

import errno
import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Annotated, Any, NoReturn, Optional

import typer
import yaml
from typer._click import exceptions as click_exceptions  # typer's own click (pinned: typer<1)
from typer.core import TyperGroup

from diffcheck.reports import render

from diffcheck.search import rundir
from diffcheck.boards.loading import BoardError, load_board
from engines import UnknownEngine, get_engine, installed

EXIT_DIFFERENCE = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130
EXIT_PIPE_CLOSED = 1  # as the shell's own tools do when their reader goes away
DEFAULT_BOARDS = 60_000  # about 30 s on two cores (27-29 s seen on a shared machine), shrinking included
DEFAULT_OUT = Path("reports/latest")
# The committed changelog, reports/CHANGELOG-cr418-cr613.md, is this run's report.
CHANGELOG = Path("reports/CHANGELOG-cr418-cr613.md")
CHANGELOG_SEED = 2009
CHANGELOG_BOARDS = 20_000
# The committed changelog of catalogue cards (diffcheck run --cards): its examples name real cards.
CARDS_CHANGELOG = Path("reports/CHANGELOG-cr418-cr613-cards.md")
CARDS_CHANGELOG_BOARDS = 20_000

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

BoardArg = Annotated[str, typer.Argument(metavar="BOARD", help="Board file, YAML or JSON (board format v1).", show_default=False)]


DateOpt = Annotated[Optional[str], typer.Option(
    "--date", metavar="YYYY-MM-DD",
    help="The rules in force that day (its document and edition). With judge, instead of --ruleset; with diff, "
    "bisect and run, as the old side, against the newest rules unless --to / --engines says otherwise.",
    show_default=False,
)]


def _dated(day: str | None, name: str, option: str, default: str) -> str:
    """The engine name for one ruleset option, given --date: the date itself (checked here, once)."""
    if day is None:
        return name
    if name != default:
        _fail(f"{_where('--date', day)} and {_where(option, name)}: give one or the other")
    return _date(day)


def _dated_pair(day: str | None, old: str, new: str) -> tuple[str, str]:
    """--from/--to given --date: the rules of that day against --to, or against the newest rules."""
    if day is None:
        return old, new
    if old not in ("cr418",):
        _fail(f"{_where('--date', day)} and {_where('--from', old)}: give one or the other")
    return _date(day), "current" if new == "cr613" else new


_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _date(day: str) -> str:
    """A --date value, checked here for every command that takes one: a day, YYYY-MM-DD, from the first
    Comprehensive Rules document to today. Anything else is one error line saying what is expected."""
    from datetime import date

    from rulesets.documents import FIRST, DateOutOfRange, in_force

    where, today = _where("--date", day), date.today()
    expected = f"expected YYYY-MM-DD, a day from {FIRST.effective} to today ({today.isoformat()})"
    try:
        if not _ISO_DAY.fullmatch(day):  # date.fromisoformat alone takes 20100601 and 2010-W22-2 too
            raise ValueError(day)
        parsed = date.fromisoformat(day)
    except ValueError:
        _fail(f"{where}: {day!r} is not a date; {expected}")
    try:
        in_force(parsed)
    except DateOutOfRange:
        why = "is in the future" if parsed > today else "is before the first Comprehensive Rules document"
        _fail(f"{where}: {day} {why}; {expected}")
    return day


def _where(option: str, value: str) -> str:
    """``--option VALUE`` for an error line; the value quoted when it would not show as typed (empty,
    spaces around it, a newline)."""
    shown = value if value and value == value.strip() and value.isprintable() else repr(value)
    return f"{option} {shown}"


def _fail(message: str) -> NoReturn:
    typer.echo(f"error: {' '.join(message.splitlines())}", err=True)  # one line, whatever the message holds
    raise typer.Exit(EXIT_BAD_INPUT)


def _engine(name: str, option: str) -> Any:
    """The engine an option names (an edition, an alias, a date, an installed engine or module:attribute),
    loaded here for every command; what cannot be loaded, or is not an engine, is one error line."""
    try:
        return get_engine(name)
    except UnknownEngine as exc:
        _fail(f"{_where(option, name)}: {exc}")


def _edition(name: str, option: str) -> str:
    """An edition an option names (an edition key, an alias or a date), checked; else one error line."""
    from rulesets.documents import DateOutOfRange
    from rulesets.editions import UnknownEdition, resolve

    try:
        resolve(name)
    except (UnknownEdition, DateOutOfRange) as exc:
        _fail(f"{_where(option, name)}: {exc}")
    return name


def _warn(path: str, board: Any, *engines: Any) -> None:
    """Warnings (stderr) for what each engine's rules document could not have known, then the caveats of the
    catalogue cards on the board: the answer stands."""
    from diffcheck.boards.anachronism import caveats, warnings

    lines = [line for engine in engines for line in warnings(board, engine)] + caveats(board)
    for line in lines:
        typer.echo(f"warning: {path}: {line}", err=True)


def _board(path: str) -> Any:
    try:
        return load_board(path)
    except BoardError as exc:
        _fail(str(exc))


@app.command()
def judge(
    board: BoardArg,
    ruleset: Annotated[
        str,
        typer.Option(
            "--ruleset", "-r",
            help="Rules to judge under: an edition (1999-04 ... 2025-07; see `diffcheck editions`), an alias "
            "(cr418, cr613, current), a date YYYY-MM-DD (the rules in force that day) or any installed engine "
            "(see `diffcheck engines`). Defaults to cr613; a historical event names its rules, so say which.",
        ),
    ] = "cr613",
    day: DateOpt = None,
    explain: Annotated[bool, typer.Option("--explain", help="Add the layer-by-layer trace and the decisions it cites.")] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print only the outcome, as JSON (--explain is then ignored).")
    ] = False,
) -> None:
    """Final characteristics of every object on BOARD under one rules version."""
    ruleset = _dated(day, ruleset, "--ruleset", "cr613")
    engine = _engine(ruleset, "--ruleset")
    loaded = _board(board)
    _warn(board, loaded, engine)
    if explain and not as_json:
        if not hasattr(engine, "explain"):
            _fail(f"--ruleset {ruleset}: this engine cannot explain its answers (it has no explain)")
        outcome, trace = engine.explain(loaded)
        typer.echo(render.render_judgement(engine, outcome, board, trace))
        return
    outcome = engine.evaluate(loaded)
    if as_json:
        typer.echo(render.outcome_json(outcome, render.rules_info(engine)))
    else:
        typer.echo(render.render_judgement(engine, outcome, board))


@app.command()
def diff(
    board: BoardArg,
    old: Annotated[str, typer.Option("--from", help="Engine on the left.")] = "cr418",
    new: Annotated[str, typer.Option("--to", help="Engine on the right.")] = "cr613",
    as_json: Annotated[
        bool, typer.Option("--json", help='Print {"board", "outcomes", "diff"} (a DeepDiff of the objects) only.')
    ] = False,
    fail_on_difference: Annotated[
        bool, typer.Option("--fail-on-difference", help="Exit with status 1 if any characteristic differs.")
    ] = False,
    day: DateOpt = None,
) -> None:
    """BOARD under two rules versions, side by side, differences marked."""
    old, new = _dated_pair(day, old, new)
    if old == new:
        _fail(f"--from and --to both name {old}; name two different engines")
    engines = (_engine(old, "--from"), _engine(new, "--to"))
    loaded = _board(board)
    _warn(board, loaded, *engines)
    outcomes = tuple(e.evaluate(loaded) for e in engines)
    if as_json:
        rules = {e.name: render.rules_info(e) for e in engines}
        document = render.diff_document(board, {old: outcomes[0], new: outcomes[1]}, rules)
        typer.echo(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        typer.echo(render.render_diff(engines, outcomes, board))
    if fail_on_difference and render.differences(*outcomes):
        raise typer.Exit(EXIT_DIFFERENCE)


def _seconds(text: str) -> float:
    """``90``, ``90s``, ``2m``, ``1h`` -> seconds."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*", text)
    if not match:
        _fail(f"--time {text}: expected a duration such as 60s, 2m or 1h")
    return float(match.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600}[match.group(2)]


def _directory(path: Path, option: str) -> None:
    """Make the directory ``path`` (and its parents) or fail with one line saying why."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        _fail(f"{option} {path}: is a file, not a directory")
    except NotADirectoryError:
        _fail(f"{option} {path}: a part of the path is a file, not a directory")
    except OSError as exc:
        _fail(f"{option} {path}: cannot create the directory: {exc.strerror or exc}")


def _output_file(path: Path, option: str) -> None:
    """Refuse, before any work, a file that cannot be written: a directory, or a path through a
    file. Missing folders are made when the file is written."""
    if path.is_dir():
        _fail(f"{option} {path}: is a directory; name a file")
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        _fail(f"{option} {path}: {folder} is a file, not a directory")


def _fresh_out(out: Path, explicit: bool) -> None:
    """A run never writes over another run: an old default directory is moved aside, an explicit one refused."""
    if out.exists() and not out.is_dir():
        _fail(f"--out {out}: is a file, not a directory")
    lock = rundir.Lock(out)
    owner = lock.owner() if lock.path.exists() else None
    if owner is not None and rundir.alive(owner):
        _fail(f"--out {out}: another diffcheck run (process {owner}) is writing there")
    if not (out / rundir.STATE).exists():
        return
    if explicit:
        _fail(f"--out {out}: holds a run already; continue it with --resume {out}, or choose another --out")
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime((out / rundir.STATE).stat().st_mtime))
    aside = out.with_name(f"run-{stamp}")
    out.rename(aside)
    typer.echo(f"the previous run in {out} is kept in {aside}", err=True)


def _external_engines(specs: list[str], config: Path | None, timeout: float) -> tuple[tuple[tuple[str, str], ...], float]:
    """External engines from --engine-cmd NAME=COMMAND and from an --engine-config file."""
    from engines import parse_engine_cmd

    commands: dict[str, str] = {}
    if config is not None:
        try:
            data = yaml.safe_load(config.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
            _fail(f"{config}: cannot read the engine configuration: {exc}")
        engines = data.get("engines") if isinstance(data, dict) else None
        if not isinstance(engines, dict) or not engines:
            _fail(f"{config}: engines: expected a mapping NAME: {{command: ..., timeout: ...}}")
        for name, entry in engines.items():
            if not isinstance(entry, dict) or not isinstance(entry.get("command"), str):
                _fail(f"{config}: engines.{name}.command: expected the command that starts the engine, as a string")
            commands[str(name)] = entry["command"]
            if "timeout" in entry:
                if not isinstance(entry["timeout"], (int, float)) or entry["timeout"] <= 0:
                    _fail(f"{config}: engines.{name}.timeout: expected a number of seconds above 0")
                timeout = float(entry["timeout"])
    for spec in specs:
        try:
            name, command = parse_engine_cmd(spec)
        except ValueError as exc:
            _fail(f"--engine-cmd {spec}: {exc}")
        commands[name] = command
    return tuple(commands.items()), timeout


@app.command()
def run(
    engines: Annotated[str, typer.Option(
        "--engines", help="Two engines, old,new: editions, aliases, dates (2010-06-01,2021-06-01) or installed engines."
    )] = "cr418,cr613",
    boards: Annotated[
        Optional[int], typer.Option("--boards", min=1, help=f"Boards to try (default {DEFAULT_BOARDS:,} unless --time is given).")
    ] = None,
    duration: Annotated[Optional[str], typer.Option("--time", help="Stop starting new boards after this long (60s, 2m).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="The same seed and --boards give the same groups and boards.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", min=1, help="Worker processes (default: all cores).")] = os.cpu_count() or 1,
    out: Annotated[Optional[Path], typer.Option("--out", help="Run directory (default reports/latest).")] = None,
    resume: Annotated[Optional[Path], typer.Option("--resume", help="Continue the run saved in this directory.")] = None,
    fail_on_divergence: Annotated[
        bool, typer.Option("--fail-on-divergence", help="Exit with status 1 if any divergence is found.")
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", help="No progress bar.")] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the run's summary as one JSON object (no progress bar).")
    ] = False,
    cards: Annotated[
        bool, typer.Option("--cards", help="Boards of real cards from the catalogue only (diffcheck cards); "
                           "minimal boards then name cards.")
    ] = False,
    engine_cmd: Annotated[
        Optional[list[str]],
        typer.Option("--engine-cmd", help="NAME=COMMAND: an engine in any language, as a process speaking "
                     "JSON lines (docs/external-engines.md); name it in --engines. Repeatable."),
    ] = None,
    engine_config: Annotated[
        Optional[Path], typer.Option("--engine-config", help="YAML file: engines: {NAME: {command: ..., timeout: ...}}.")
    ] = None,
    engine_timeout: Annotated[
        float, typer.Option("--engine-timeout", min=0.1, help="Seconds an external engine may take over one board.")
    ] = 10.0,
    day: DateOpt = None,
) -> None:
    """Generate boards, evaluate each with two engines, shrink every divergence and group them."""
    from diffcheck.search.harness import Harness, RunConfig, RunError

    progress = None if quiet or as_json or not render.RunProgress.wanted() else render.RunProgress()
    on_progress = progress.update if progress else None
    try:
        if resume is not None:
            harness = Harness.resume(resume, jobs=jobs, on_progress=on_progress)
            directory = resume
        else:
            names = tuple(n.strip() for n in engines.split(","))
            if len(names) != 2 or not all(names):
                _fail(f"--engines {engines}: expected two engine names separated by a comma")
            if day is not None:
                names = _dated_pair(day, names[0], "current" if engines == "cr418,cr613" else names[1])
                if names[0] == names[1]:
                    _fail(f"--date {day}: the rules in force that day are the newest; name another engine with --engines")
            commands, engine_timeout = _external_engines(engine_cmd or [], engine_config, engine_timeout)
            for name in names:
                if name not in dict(commands):
                    _engine(name, "--engines")
            seconds = _seconds(duration) if duration is not None else None
            budget = boards if boards is not None else (None if seconds is not None else DEFAULT_BOARDS)
            directory = out if out is not None else DEFAULT_OUT
            _fresh_out(directory, explicit=out is not None)
            _directory(directory, "--out")
            config = RunConfig(names, seed, budget, seconds, jobs, commands, engine_timeout,
                               generator="cards" if cards else "small")
            harness = Harness(config, directory, on_progress)
        if progress:
            progress.start(harness.config)
        try:
            result = harness.run()
        finally:
            if progress:
                progress.stop()
    except RunError as exc:
        _fail(str(exc))
    except KeyboardInterrupt:
        typer.echo(
            f"interrupted; everything found so far is saved in {directory}; continue with: "
            f"diffcheck run --resume {directory}",
            err=True,
        )
        raise typer.Exit(130)
    if as_json:
        typer.echo(json.dumps(render.run_summary(result, directory), indent=2, ensure_ascii=False))
    else:
        typer.echo(render.render_run(result, harness.findings(), directory))
    if fail_on_divergence and result["divergent_boards"]:
        raise typer.Exit(EXIT_DIFFERENCE)


@app.command()
def bisect(
    board: BoardArg,
    old: Annotated[str, typer.Option("--from", help="The old ruleset's engine; rule changes are applied to it.")] = "cr418",
    new: Annotated[str, typer.Option("--to", help="The engine whose outcome the changes must reproduce.")] = "cr613",
    as_json: Annotated[bool, typer.Option("--json", help="Print the attribution as JSON only.")] = False,
    day: DateOpt = None,
) -> None:
    """The smallest set of rule changes that, applied to the old rules, gives the new outcome on BOARD."""
    from diffcheck.search.attribution import alone, bisect as find
    from rulesets.editions import changes_between

    old, new = _dated_pair(day, old, new)
    engines = (_engine(old, "--from"), _engine(new, "--to"))
    ruleset = getattr(engines[0], "ruleset", None)
    if ruleset is None:
        _fail(f"--from {old}: this engine has no ruleset to apply rule changes to")
    loaded = _board(board)
    outcomes = tuple(e.evaluate(loaded) for e in engines)
    changes = changes_between(old, new)
    if not changes:
        _fail(f"--from {old} --to {new}: no rule change leads from the first to the second (name an older "
              "edition with --from; see `diffcheck editions`)")
    attribution = find(loaded, ruleset, outcomes[1], changes)
    if as_json:
        rules = {e.name: render.rules_info(e) for e in engines}
        typer.echo(json.dumps({"board": board, "from": old, "to": new, **attribution.to_json(), "rules": rules},
                              indent=2))
        return
    typer.echo(render.render_bisect(board, engines, outcomes, attribution, alone(loaded, ruleset, attribution.changes)))


@app.command()
def report(
    run_dir: Annotated[
        Path, typer.Argument(metavar="RUN_DIR", help="A run directory written by diffcheck run.", show_default=False)
    ],
    fmt: Annotated[str, typer.Option("--format", help="md (GitHub Markdown) or html (one self-contained page).")] = "md",
    out: Annotated[
        Optional[Path], typer.Option("--out", help="File to write (default RUN_DIR/CHANGELOG.md or .html).")
    ] = None,
) -> None:
    """A changelog of a run: one section per rule change, with its groups' minimal boards and outcomes."""
    from diffcheck.reports.changelog import FORMATS, ReportError, write_changelog

    if fmt not in FORMATS:
        _fail(f"--format {fmt}: expected one of {', '.join(FORMATS)}")
    if out is not None:
        _output_file(out, "--out")
    try:
        path = write_changelog(run_dir, fmt, out)
    except ReportError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"{out if out is not None else run_dir}: cannot write the changelog: {exc.strerror or exc}")
    typer.echo(str(path))


@app.command()
def changelog(
    fmt: Annotated[str, typer.Option("--format", help="md or html.")] = "md",
    out: Annotated[
        Optional[Path], typer.Option("--out", help=f"File to write (default {CHANGELOG}, with --cards {CARDS_CHANGELOG}).")
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", min=1, help="Worker processes; the file is the same for any number.")] = os.cpu_count() or 1,
    cards: Annotated[
        bool, typer.Option("--cards", help=f"The changelog of catalogue cards: {CARDS_CHANGELOG_BOARDS:,} boards of real cards.")
    ] = False,
) -> None:
    """Regenerate a committed cr418 -> cr613 changelog: a run of its committed seed and budget, then its report."""
    import tempfile

    from diffcheck.search.harness import Harness, RunConfig
    from diffcheck.reports.changelog import FORMATS, write_changelog

    boards, generator = (CARDS_CHANGELOG_BOARDS, "cards") if cards else (CHANGELOG_BOARDS, "small")
    target = out if out is not None else CARDS_CHANGELOG if cards else CHANGELOG
    if fmt not in FORMATS:
        _fail(f"--format {fmt}: expected one of {', '.join(FORMATS)}")
    _output_file(target, "--out")
    progress = render.RunProgress() if render.RunProgress.wanted() else None
    with tempfile.TemporaryDirectory() as work:
        run_dir = Path(work) / "run"
        config = RunConfig(("cr418", "cr613"), CHANGELOG_SEED, boards, None, jobs, generator=generator)
        harness = Harness(config, run_dir, progress.update if progress else None)
        if progress:
            progress.start(config)
        try:
            harness.run()
        finally:
            if progress:
                progress.stop()
        typer.echo(str(write_changelog(run_dir, fmt, target)))


TIMELINE = {"md": Path("reports/TIMELINE.md"), "html": Path("reports/TIMELINE.html")}
# The committed timeline's budget: diffcheck.reports.timeline.BOARDS and SEED (not imported here, so the CLI starts fast).
TIMELINE_BOARDS, TIMELINE_SEED = 1_500, 2026


@app.command()
def timeline(
    start: Annotated[Optional[str], typer.Option("--from", help="First edition: a key, an alias or a date (default 1999).")] = None,
    end: Annotated[Optional[str], typer.Option("--to", help="Last edition: a key, an alias or a date (default today's).")] = None,
    fmt: Annotated[Optional[str], typer.Option("--format", help="md or html (default: both, or as --out's suffix says).")] = None,
    out: Annotated[
        Optional[Path], typer.Option("--out", help=f"File to write (default {TIMELINE['md']} and {TIMELINE['html']}).")
    ] = None,
    boards: Annotated[int, typer.Option("--boards", min=1, help="Boards per edition and generator.")] = TIMELINE_BOARDS,
    seed: Annotated[int, typer.Option("--seed", help="The seed of every run.")] = TIMELINE_SEED,
    jobs: Annotated[int, typer.Option("--jobs", min=1, help="Worker processes; the document is the same for any number.")] = os.cpu_count() or 1,
) -> None:
    """The whole chain of editions as one document: every rule change in date order, with its witnesses."""
    from diffcheck.reports.document import RENDERERS
    from diffcheck.reports.timeline import span, timeline as build

    if fmt is not None and fmt not in RENDERERS:
        _fail(f"--format {fmt}: expected one of {', '.join(RENDERERS)}")
    if out is not None:
        _output_file(out, "--out")
        targets = {fmt or ("html" if out.suffix.lower() in (".html", ".htm") else "md"): out}
    else:
        targets = {f: TIMELINE[f] for f in ([fmt] if fmt else list(TIMELINE))}
        for target in targets.values():
            _output_file(target, "--out")
    for option, name in (("--from", start), ("--to", end)):
        if name is not None:
            _edition(name, option)
    try:
        span(start, end)
    except ValueError as exc:
        _fail(str(exc))
    tell = (lambda pair: typer.echo(f"comparing {pair}", err=True)) if sys.stderr.isatty() else None
    try:
        blocks = build(start, end, boards, seed, jobs, tell)
    except KeyboardInterrupt:
        typer.echo("interrupted; nothing was written (the timeline is written whole, at the end)", err=True)
        raise typer.Exit(EXIT_INTERRUPTED)
    for name, target in targets.items():
        rundir.write_atomic(target, RENDERERS[name](blocks))
        typer.echo(str(target))


@app.command("editions")
def list_editions(
    as_json: Annotated[bool, typer.Option("--json", help="Print the editions as JSON.")] = False,
) -> None:
    """Every edition of the rules on continuous effects, 1999 to today: dates in force, documents, rule changes."""
    from diffcheck.reports.editions import editions_data, render_editions

    data = editions_data()
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False) if as_json else render_editions(data))


@app.command("engines")
def list_engines() -> None:
    """Installed engines; for each built on a ruleset, its rules document, date, layer plan and citations."""
    found = []
    for name, source in installed().items():
        try:
            engine: Any = get_engine(name)
        except Exception as exc:  # a broken third-party entry point is listed, not fatal
            engine = exc
        found.append((name, source, engine))
    typer.echo(render.render_engines(found))


@app.command()
def cards(
    words: Annotated[
        Optional[list[str]],
        typer.Argument(
            metavar="[QUERY]...",
            help="A card name (shows that card in full), or words to search names, type lines, "
            "descriptions and themes for (copy, control, text, types, colors, abilities, power-toughness).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the cards found as JSON.")] = False,
) -> None:
    """List and search the card catalogue: the real cards a board can name with card: NAME or cast: NAME.

    Exits 1 when nothing matches, with the nearest names.
    """
    from diffcheck.catalogue import catalogue
    from diffcheck.catalogue.describe import card_json, detail, listing

    query = " ".join(words or ()) or None
    found_cards = catalogue()
    exact = found_cards.get(query) if query else None
    found = [exact] if exact is not None else found_cards.search(query)
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
        typer.echo(f"\n{len(found)} of {len(found_cards)} cards. `diffcheck cards NAME` shows one in full.")


def main() -> None:
    app(prog_name="diffcheck")


if __name__ == "__main__":
    main()
