"""The commands of runs and what they write: ``run``, ``report``, ``changelog``, ``timeline`` and ``peer``.

A run searches (``diffcheck.search.harness``); the other four write documents from runs
(``diffcheck.reports``). The committed reports' seeds and budgets are here, so that
``changelog`` and ``timeline`` regenerate exactly the committed files.
"""

from __future__ import annotations

import json
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Iterator, Optional

import typer

from diffcheck.cli.inputs import (
    EXIT_DIFFERENCE, EXIT_INTERRUPTED, dated_pair, duration_seconds, edition_option, engine_option, external_engines,
    fail, fresh_run_directory, make_directory, writable_file,
)
from diffcheck.cli.options import DateOpt, EngineCmdOpt, EngineConfigOpt, EngineTimeoutOpt
from diffcheck.reports import render
from diffcheck.search import rundir
from diffcheck.search.rundir import counted
from engines import UnknownEngine, get_engine

DEFAULT_BOARDS = 60_000  # about 30 s on two cores (27-29 s seen on a shared machine), shrinking included
DEFAULT_OUT = Path("reports/latest")
# The committed changelog, reports/CHANGELOG-cr418-cr613.md, is this run's report.
CHANGELOG = Path("reports/CHANGELOG-cr418-cr613.md")
CHANGELOG_SEED = 2009
CHANGELOG_BOARDS = 20_000
# The committed changelog of catalogue cards (diffcheck run --cards): its examples name real cards.
CARDS_CHANGELOG = Path("reports/CHANGELOG-cr418-cr613-cards.md")
CARDS_CHANGELOG_BOARDS = 20_000

# The committed peer reports, reports/PEER-<engine>.md and .html: a run of current against the peer, this seed
# and budget, read with the peer's verdicts (diffcheck/reports/verdicts/<engine>.yaml).
PEER_SEED, PEER_BOARDS = 2026, 1_000


def peer_paths(engine: str) -> dict[str, Path]:
    return {fmt: Path(f"reports/PEER-{engine}.{fmt}") for fmt in ("md", "html")}


TIMELINE = {"md": Path("reports/TIMELINE.md"), "html": Path("reports/TIMELINE.html")}
# The committed timeline's budget: diffcheck.reports.timeline.BOARDS and SEED (not imported here, so the CLI starts fast).
TIMELINE_BOARDS, TIMELINE_SEED = 1_500, 2026

SchedulerOpt = Annotated[Optional[str], typer.Option(
    "--scheduler", metavar="ADDR",
    help="Spread the work over the workers of this scheduler (tcp://host:8786), or 'local' for --jobs worker "
         "processes of a cluster started here; the results are the same. Needs diffcheck\\[cluster].")]
# (The backslash keeps rich, which draws the help, from reading [cluster] as a style and dropping it.)


def run(
    engines: Annotated[str, typer.Option(
        "--engines", help="Two engines, old,new: editions, aliases, dates (2010-06-01,2021-06-01) or installed engines."
    )] = "cr418,cr613",
    boards: Annotated[
        Optional[int], typer.Option("--boards", min=1, help=f"Boards to try (default {DEFAULT_BOARDS:,} unless --time is given).")
    ] = None,
    duration: Annotated[Optional[str], typer.Option("--time", help="Stop starting new boards after this long (60s, 2m).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="The same seed and --boards give the same groups and boards.")] = 0,
    jobs: Annotated[int, typer.Option(
        "--jobs", min=1, show_default=False, help="Worker processes (default: all cores).")] = os.cpu_count() or 1,
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
    implements: Annotated[Optional[str], typer.Option(
        "--implements", metavar="PARTS",
        help="Draw boards from these parts of the board vocabulary only (comma-separated; see "
             "docs/external-engines.md), besides what the engines say they implement.")] = None,
    engine_cmd: EngineCmdOpt = None,
    engine_config: EngineConfigOpt = None,
    engine_timeout: EngineTimeoutOpt = 10.0,
    day: DateOpt = None,
    scheduler: SchedulerOpt = None,
) -> None:
    """Generate boards, evaluate each with two engines, shrink every divergence and group them."""
    from diffcheck.search.cluster import ClusterLost
    from diffcheck.search.harness import Harness, RunConfig, RunError

    progress = None if quiet or as_json or not render.RunProgress.wanted() else render.RunProgress()
    on_progress = progress.update if progress else None
    cluster = None
    try:
        if resume is not None:
            harness = Harness.resume(resume, jobs=jobs, on_progress=on_progress, scheduler=scheduler)
            directory = resume
        else:
            names = tuple(n.strip() for n in engines.split(","))
            if len(names) != 2 or not all(names):
                fail(f"--engines {engines}: expected two engine names separated by a comma")
            if day is not None:
                names = dated_pair(day, names[0], "current" if engines == "cr418,cr613" else names[1])
                if names[0] == names[1]:
                    fail(f"--date {day}: the rules in force that day are the newest; name another engine with --engines")
            commands, engine_timeout = external_engines(engine_cmd or [], engine_config, engine_timeout)
            for name in names:
                if name not in dict(commands):
                    engine_option(name, "--engines")
            seconds = duration_seconds(duration) if duration is not None else None
            budget = boards if boards is not None else (None if seconds is not None else DEFAULT_BOARDS)
            directory = out if out is not None else DEFAULT_OUT
            parts = implements_option(implements)
            cluster = connect(scheduler, jobs)  # before the directory is touched: a bad --scheduler changes nothing
            fresh_run_directory(directory, explicit=out is not None)
            make_directory(directory, "--out")
            config = RunConfig(names, seed, budget, seconds, jobs, commands, engine_timeout,
                               generator="cards" if cards else "small", implements=parts, scheduler=scheduler)
            harness = Harness(config, directory, on_progress, cluster)
        if progress:
            progress.start(harness.config)
        try:
            result = harness.run()
        finally:
            if progress:
                progress.stop()
            if cluster is not None:  # here, so that a Ctrl-C while a local cluster closes is told as any other
                cluster.close()
    except RunError as exc:
        fail(str(exc))
    except ClusterLost as exc:
        fail(f"{exc}; everything found so far is saved in {directory}; continue with: "
             f"diffcheck run --resume {directory}")
    except KeyboardInterrupt:
        typer.echo(
            f"interrupted; everything found so far is saved in {directory}; continue with: "
            f"diffcheck run --resume {directory}",
            err=True,
        )
        raise typer.Exit(130)
    finally:
        if cluster is not None:
            cluster.close()
    if as_json:
        typer.echo(json.dumps(render.run_summary(result, directory), indent=2, ensure_ascii=False))
    else:
        typer.echo(render.render_run(result, harness.findings(), directory))
    if fail_on_divergence and result["divergent_boards"]:
        raise typer.Exit(EXIT_DIFFERENCE)


def connect(scheduler: str | None, jobs: int):
    """``--scheduler``: a connection to a scheduler's workers (None without it), for the command's runs to share;
    one line if it cannot be used. The caller closes it."""
    if scheduler is None:
        return None
    from diffcheck.search.cluster import Cluster, ClusterError

    try:
        return Cluster(scheduler, jobs)
    except ClusterError as exc:
        fail(str(exc))
    except KeyboardInterrupt:  # while a local cluster starts: before any file, so there is nothing to resume
        typer.echo(f"interrupted; nothing was written (--scheduler {scheduler} was still starting)", err=True)
        raise typer.Exit(EXIT_INTERRUPTED)


def implements_option(text: str | None) -> frozenset[str] | None:
    """``--implements``: parts of the board vocabulary (engines.board.features), comma-separated."""
    from engines.board.features import UnknownFeature, features_from

    if text is None:
        return None
    try:
        return features_from([w.strip() for w in text.split(",") if w.strip()], f"--implements {text}")
    except UnknownFeature as exc:
        fail(str(exc))


def report(
    run_dir: Annotated[
        Path, typer.Argument(metavar="RUN_DIR", help="A run directory written by diffcheck run.", show_default=False)
    ],
    fmt: Annotated[str, typer.Option("--format", help="md (GitHub Markdown) or html (one self-contained page).")] = "md",
    out: Annotated[
        Optional[Path], typer.Option("--out", help="File to write (default RUN_DIR/CHANGELOG.md or .html).")
    ] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="After writing the changelog, print what was written as JSON, not its path: the file, the "
        "run (engines, seed, boards, divergent boards, groups) and each finding with its divergent boards, what it "
        "changes and its witnesses, and the rule changes no board showed.")] = False,
) -> None:
    """A changelog of a run: one section per rule change, with its groups' minimal boards and outcomes."""
    from diffcheck.reports.changelog import FORMATS, ReportError, load_run, summary, write_run_changelog

    if fmt not in FORMATS:
        fail(f"--format {fmt}: expected one of {', '.join(FORMATS)}")
    if out is not None:
        writable_file(out, "--out")
    try:
        loaded = load_run(run_dir)
        path = write_run_changelog(loaded, run_dir, fmt, out)
    except ReportError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{out if out is not None else run_dir}: cannot write the changelog: {exc.strerror or exc}")
    if as_json:
        document = {"written": str(path), "format": fmt, "run_dir": str(run_dir), **summary(loaded)}
        typer.echo(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        typer.echo(str(path))


def changelog(
    fmt: Annotated[str, typer.Option("--format", help="md or html.")] = "md",
    out: Annotated[
        Optional[Path], typer.Option("--out", help=f"File to write (default {CHANGELOG}, with --cards {CARDS_CHANGELOG}).")
    ] = None,
    jobs: Annotated[int, typer.Option(
        "--jobs", min=1, show_default=False,
        help="Worker processes (default: all cores); the file is the same for any number.")] = os.cpu_count() or 1,
    cards: Annotated[
        bool, typer.Option("--cards", help=f"The changelog of catalogue cards: {CARDS_CHANGELOG_BOARDS:,} boards of real cards.")
    ] = False,
) -> None:
    """Regenerate a committed cr418 -> cr613 changelog: a run of its committed seed and budget, then its report."""
    from diffcheck.reports.changelog import FORMATS, write_changelog
    from diffcheck.search.harness import RunConfig

    boards, generator = (CARDS_CHANGELOG_BOARDS, "cards") if cards else (CHANGELOG_BOARDS, "small")
    target = out if out is not None else CARDS_CHANGELOG if cards else CHANGELOG
    if fmt not in FORMATS:
        fail(f"--format {fmt}: expected one of {', '.join(FORMATS)}")
    writable_file(target, "--out")
    config = RunConfig(("cr418", "cr613"), CHANGELOG_SEED, boards, None, jobs, generator=generator)
    with committed_run(config) as run_dir:
        typer.echo(str(write_changelog(run_dir, fmt, target)))


def timeline(
    start: Annotated[Optional[str], typer.Option("--from", help="First edition: a key, an alias or a date (default 1999).")] = None,
    end: Annotated[Optional[str], typer.Option("--to", help="Last edition: a key, an alias or a date (default today's).")] = None,
    fmt: Annotated[Optional[str], typer.Option("--format", help="md or html (default: both, or as --out's suffix says).")] = None,
    out: Annotated[
        Optional[Path], typer.Option("--out", help=f"File to write (default {TIMELINE['md']} and {TIMELINE['html']}).")
    ] = None,
    boards: Annotated[int, typer.Option("--boards", min=1, help="Boards per edition and generator.")] = TIMELINE_BOARDS,
    seed: Annotated[int, typer.Option("--seed", help="The seed of every run.")] = TIMELINE_SEED,
    jobs: Annotated[int, typer.Option(
        "--jobs", min=1, show_default=False,
        help="Worker processes (default: all cores); the document is the same for any number.")] = os.cpu_count() or 1,
    scheduler: SchedulerOpt = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="After writing the files, print what was written as JSON, not their paths: the files, the "
        "editions, the budget, and each rule change with its edition, the divergent boards that showed it and its "
        "witnesses.")] = False,
) -> None:
    """The whole chain of editions as one document: every rule change in date order, with its witnesses."""
    from diffcheck.reports.document import RENDERERS
    from diffcheck.reports.timeline import document, gather, span, summary
    from diffcheck.search.cluster import ClusterLost

    targets = document_targets(fmt, out, TIMELINE)
    for option, name in (("--from", start), ("--to", end)):
        if name is not None:
            edition_option(name, option)
    try:
        chosen = span(start, end)
    except ValueError as exc:
        fail(str(exc))
    tell = (lambda pair: typer.echo(f"comparing {pair}", err=True)) if sys.stderr.isatty() else None
    cluster = connect(scheduler, jobs)
    try:
        try:
            shown = gather(chosen, boards, seed, jobs, tell, cluster)
            blocks = document(chosen, shown, boards, seed)
        finally:
            if cluster is not None:  # here, so that a Ctrl-C while a local cluster closes is told as any other
                cluster.close()
    except ClusterLost as exc:
        fail(f"{exc}; nothing was written (the timeline is written whole, at the end)")
    except KeyboardInterrupt:
        typer.echo("interrupted; nothing was written (the timeline is written whole, at the end)", err=True)
        raise typer.Exit(EXIT_INTERRUPTED)
    for name, target in targets.items():
        rundir.write_atomic(target, RENDERERS[name](blocks))
        if not as_json:
            typer.echo(str(target))
    if as_json:
        written = {"written": {name: str(target) for name, target in targets.items()}}
        typer.echo(json.dumps({**written, **summary(chosen, shown, boards, seed)}, indent=2, ensure_ascii=False))


def peer(
    engine: Annotated[str, typer.Argument(metavar="ENGINE", help="An installed peer engine with verdicts (phase).")] = "phase",
    fmt: Annotated[Optional[str], typer.Option("--format", help="md or html (default: both, or as --out's suffix says).")] = None,
    out: Annotated[Optional[Path], typer.Option(
        "--out", help="File to write (default reports/PEER-ENGINE.md and .html).")] = None,
    jobs: Annotated[int, typer.Option(
        "--jobs", min=1, show_default=False,
        help="Worker processes (default: all cores); the report is the same for any number.")] = os.cpu_count() or 1,
) -> None:
    """Regenerate a committed peer report: a run of today's rules against ENGINE, every finding with its verdict.

    Exits 1 when a group of the run has no verdict yet (the report lists it under "Not judged yet").
    """
    from diffcheck.reports.changelog import ReportError, load_run
    from diffcheck.reports.document import RENDERERS
    from diffcheck.reports.peer import load_verdicts, peer_files, peer_report, unjudged
    from diffcheck.search.harness import RunConfig

    targets = document_targets(fmt, out, peer_paths(engine))
    try:
        verdicts = load_verdicts(engine)
    except ReportError as exc:
        fail(str(exc))
    try:
        get_engine(engine)
    except (ImportError, UnknownEngine) as exc:  # ImportError: the peer's package is an optional extra
        fail(f"ENGINE {engine}: {exc}")
    # The boards each verdict names, and the peer's own input for each, go beside the report (reports/phase/).
    beside = next(iter(targets.values())).parent / engine
    with committed_run(RunConfig(("current", engine), PEER_SEED, PEER_BOARDS, None, jobs)) as run_dir:
        run = load_run(run_dir)
        blocks, left = peer_report(run, verdicts, beside.as_posix()), unjudged(run, verdicts)
        files = peer_files(run, verdicts)
    beside.mkdir(parents=True, exist_ok=True)
    for stale in sorted(set(p.name for p in beside.iterdir() if p.is_file()) - set(files)):
        (beside / stale).unlink()
    for name, text in files.items():
        rundir.write_atomic(beside / name, text)
    typer.echo(f"{beside}/ ({counted(len(files), 'file')})")
    for name, target in targets.items():
        rundir.write_atomic(target, RENDERERS[name](blocks))
        typer.echo(str(target))
    if left:
        typer.echo(f"{counted(len(left), 'group')} of the run {'has' if len(left) == 1 else 'have'} no verdict yet "
                   f"(listed under \"Not judged yet\"): {'; '.join(left)}", err=True)
        raise typer.Exit(EXIT_DIFFERENCE)


def document_targets(fmt: str | None, out: Path | None, defaults: dict[str, Path]) -> dict[str, Path]:
    """Format -> file for a command that writes a document in Markdown and HTML: ``--out`` in the format
    ``--format`` names or its suffix says; else the default files, both or the one ``--format`` names. Each
    is checked writable before any work."""
    from diffcheck.reports.document import RENDERERS

    if fmt is not None and fmt not in RENDERERS:
        fail(f"--format {fmt}: expected one of {', '.join(RENDERERS)}")
    if out is not None:
        targets = {fmt or ("html" if out.suffix.lower() in (".html", ".htm") else "md"): out}
    else:
        targets = {f: path for f, path in defaults.items() if fmt in (None, f)}
    for target in targets.values():
        writable_file(target, "--out")
    return targets


@contextmanager
def committed_run(config) -> Iterator[Path]:
    """A run of a committed document's seed and budget, in a temporary directory that lasts the block; a
    progress bar on a terminal. A run that cannot start, or Ctrl-C, is one line and nothing is written."""
    import tempfile

    from diffcheck.search.harness import Harness, RunError

    progress = render.RunProgress() if render.RunProgress.wanted() else None
    with tempfile.TemporaryDirectory() as work:
        run_dir = Path(work) / "run"
        harness = Harness(config, run_dir, progress.update if progress else None)
        if progress:
            progress.start(config)
        try:
            harness.run()
        except RunError as exc:
            fail(str(exc))
        except KeyboardInterrupt:
            typer.echo("interrupted; nothing was written (the document is written whole, at the end)", err=True)
            raise typer.Exit(EXIT_INTERRUPTED)
        finally:
            if progress:
                progress.stop()
        yield run_dir
