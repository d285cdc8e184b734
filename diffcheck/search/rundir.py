"""A run directory: its files, written atomically, so nothing reported is ever lost or half-written.

- ``state.json``: everything needed to resume (configuration, boards done, triage keys, groups), in the
  order the run made it (the other JSON files sort their keys);
- ``findings.jsonl``: the headline, one line per finding (the rule changes that explain a
  difference, and the characteristic), with its count and its witnesses' signatures;
- ``divergences.jsonl``: one line per group, the minimal board and both outcomes;
- ``summary.md``: the findings, then the groups, for people;
- ``run.json``: engines, versions, seed, budget, boards tried, speed, time;
- ``errors.jsonl``: boards on which an engine failed (crashed, hung, answered nonsense), with the error and
  its kind: the first ``harness.MAX_KEPT_PER_KIND`` of each kind (all are counted in ``run.json``), the first
  ``harness.MAX_SHRUNK_PER_KIND`` of each kind but hangs with a ``minimal_board`` that fails the same way;
- ``lock``: present while a run writes here, so a second run is refused.

Every file is written to a temporary file in the same directory, flushed to disk and renamed
over the old one: a reader sees the old file or the new one, never part of one. The state is
written before the files derived from it.
"""

from __future__ import annotations

import json
import os
import tempfile
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any, Mapping

from tabulate import tabulate

from diffcheck.pyyaml import yaml

STATE = "state.json"
DIVERGENCES = "divergences.jsonl"
FINDINGS = "findings.jsonl"
SUMMARY = "summary.md"
RUN = "run.json"
ERRORS = "errors.jsonl"
LOCK = "lock"
STATE_VERSION = 2  # 2: keys are findings (diffcheck.search.findings) when the old engine has a ruleset


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` in one step (write a temporary file, fsync, rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        # mkstemp makes the file private (0600); the result is an ordinary file, as open() would make it.
        os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _umask() -> int:
    mask = os.umask(0o022)  # reading the umask means setting it; put it straight back
    os.umask(mask)
    return mask


def write_json(path: Path, data: Any) -> None:
    write_atomic(path, json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


def write_state(path: Path, state: Mapping[str, Any]) -> None:
    """state.json, every object's keys in the order the run made them, unlike the other files: a resumed run
    reads back the very dicts it saved, and what it writes from them is what the run would have written (a
    minimal board in summary.md is written in its own order, not sorted)."""
    write_atomic(path, json.dumps(state, indent=2, ensure_ascii=False) + "\n")


def read_json(path: Path) -> Any:
    with path.open(encoding="utf-8") as f:
        return json.load(f)


def group_lines(groups: list[dict]) -> str:
    """JSON Lines: one object per group (divergences.jsonl) or per engine error (errors.jsonl)."""
    return "".join(json.dumps(g, sort_keys=True, ensure_ascii=False) + "\n" for g in groups)


def errors_kept_text(where: str) -> str:
    """Where a run's engine errors are kept, and what is kept of them (``harness.MAX_KEPT_PER_KIND``,
    ``harness.MAX_SHRUNK_PER_KIND``)."""
    return (f"the first of each kind, with their boards, are in {where}, the very first also shrunk to a minimal "
            "board that fails the same way (minimal_board)")


def errors_text(run: Mapping[str, Any]) -> str:
    """``3 boards made an engine fail (crash 2, hang 1)``: a run's engine errors, by kind."""
    n = run["engine_errors"]
    by_kind = run.get("engine_errors_by_kind") or {}
    kinds = f" ({', '.join(f'{kind} {count:,}' for kind, count in by_kind.items())})" if by_kind else ""
    return f"{counted(n, 'board')} made an engine fail{kinds}"


def taken_text(run: Mapping[str, Any]) -> str | None:
    """``9,400 of 10,000 generated boards (94%) used only the 14 parts ... and were sent; the others needed
    copy (400), ...``: what share of the generated boards the engines could take, for a run narrowed to what
    they implement (None for a run that was not)."""
    if "implements" not in run:
        return None
    done, sent = run["boards_done"], run["boards_sent"]
    share = f" ({100 * sent / done:.0f}%)" if done else ""
    text = (f"{sent:,} of {done:,} generated boards{share} used only the {len(run['implements'])} parts of the "
            f"board vocabulary the engines implement ({', '.join(run['implements'])}) and were sent")
    needed = run.get("outside_by_part") or {}
    if needed:
        text += ("; the others needed " + ", ".join(f"{word} ({n:,})" for word, n in needed.items()))
    return text


def summary_markdown(run: dict, findings: list[dict], groups: list[dict]) -> str:
    """summary.md: what was compared, the findings, then one section and table per group."""
    a, b = run["engines"]
    lines = [
        f"# Divergences between {a} and {b}",
        "",
        f"Seed {run['seed']}; {run['boards_done']:,} boards tried; {run['divergent_boards']:,} divergent; "
        f"{counted(len(findings), 'finding')}, {counted(len(groups), 'group')}.",
        "",
    ]
    if taken_text(run):
        lines += [taken_text(run) + ".", ""]
    if run.get("engine_errors"):
        lines += [f"{errors_text(run)}; {errors_kept_text(ERRORS)}.", ""]
    for name in run["engines"]:
        gap = ((run.get("engine_versions") or {}).get(name) or {}).get("archive_gap")
        if gap:
            lines += [f"Note on {name}: {gap}.", ""]
    numbers = {g["signature"]: n for n, g in enumerate(groups, start=1)}
    rows = [[n, f["count"], finding_name(f), characteristics_text(f),
             ", ".join(str(numbers[w]) for w in f["witnesses"] if w in numbers)]
            for n, f in enumerate(findings, start=1)]
    lines += ["## Findings", "",
              tabulate(rows, headers=["#", "boards", "finding", "what it changes (boards)", "witness groups"],
                       tablefmt="github"), "", "## Groups", ""]
    for n, g in enumerate(groups, start=1):
        rows = [[oid, name, _cell(x), _cell(y)] for oid, name, x, y in g["differing"]]
        lines += [
            f"### {n}. {g['signature']}",
            "",
            f"{g['count']:,} divergent board{'s' if g['count'] != 1 else ''}; first found at board "
            f"{g['first_board']} of seed {g['seed']}.",
            "",
            tabulate(rows, headers=["object", "characteristic", a, b], tablefmt="github"),
            "",
            "Minimal board:",
            "",
            "```yaml",
            _board_yaml(json.dumps(g["board"])),
            "```",
            "",
        ]
    return "\n".join(lines)


@lru_cache(maxsize=1024)
def _board_yaml(board: str) -> str:
    """A minimal board (as JSON text) as summary.md shows it, in YAML. The summary is written again at every save
    of a run, each group's board with it, and a group's board seldom changes: the dumps were most of a save."""
    return yaml.safe_dump(json.loads(board), sort_keys=False, default_flow_style=None, width=100).rstrip()


def finding_name(finding: dict) -> str:
    """How a finding is named in summaries: its rule change, or the sets of changes that only matter together."""
    if finding["changes"] is None:  # without a ruleset, a finding is a group
        return finding["finding"]
    if finding["finding"] == "together":
        sets = len(finding["combinations"])
        return f"changes that only matter together ({sets} set{'s' if sets != 1 else ''})"
    return finding["finding"]


def characteristics_text(finding: dict) -> str:
    """What a finding changes: each characteristic with its boards; for a finding that is one group (against an
    engine without rules), the group's signature, what differs and the parts involved."""
    if finding.get("signature"):
        return finding["signature"]
    ordered = sorted(finding["characteristics"].items(), key=lambda kv: (-kv[1], kv[0]))
    return ", ".join(f"{name} ({count:,})" for name, count in ordered)


def counted(count: int, word: str) -> str:
    """``3 findings``, ``1 group``, ``1,031 boards``."""
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "-"
    return str(value)


class Lock:
    """One run at a time in a directory: ``lock`` holds the writing process's id.

    A lock whose process is gone (a run killed with SIGKILL) is stale and taken over, so
    ``--resume`` works after any kind of interruption.
    """

    def __init__(self, directory: Path) -> None:
        self.path = Path(directory) / LOCK
        self.held = False

    def acquire(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(2):
            try:
                fd = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                owner = self.owner()
                if owner is not None and alive(owner):
                    raise InUse(f"{self.path.parent}: another diffcheck run (process {owner}) is writing here") from None
                self.path.unlink(missing_ok=True)  # stale: its process is gone
                continue
            with os.fdopen(fd, "w") as f:
                f.write(f"{os.getpid()}\n")
            self.held = True
            return
        raise InUse(f"{self.path.parent}: cannot take the lock {self.path}")

    def release(self) -> None:
        if self.held:
            self.path.unlink(missing_ok=True)
            self.held = False

    def owner(self) -> int | None:
        """The process id written in the lock, if there is a readable one."""
        try:
            return int(self.path.read_text().strip())
        except (OSError, ValueError):
            return None


class InUse(Exception):
    """The run directory is being written by another process."""


def alive(pid: int) -> bool:
    """Whether a process with this id exists."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@lru_cache(maxsize=1)
def diffcheck_version() -> str:
    """This process's diffcheck version, as run.json gives it ("source" for a tree not installed). Asked once: the
    code a process runs is the code it loaded, and reading the installed metadata costs some 18 ms, at every save."""
    try:
        return metadata.version("diffcheck")
    except metadata.PackageNotFoundError:
        return "source"
