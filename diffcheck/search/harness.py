"""``diffcheck run``: generate boards, evaluate each with two engines, shrink and group divergences.

This module is the coordinator: it hands out chunks and shrinks to worker processes
(``diffcheck.search.worker``), takes their results in order, and keeps the run's state and files.

How a run is laid out, and why:

- Boards are made in fixed chunks: chunk ``k`` of seed ``s`` is ``CHUNK`` boards from a
  generator seeded with ``"s/k"``. Workers generate their own chunks (shipping boards
  between processes costs more than making them), and the chunking does not depend on
  ``--jobs``, so board ``i`` is the same board whatever the number of workers.
- When the old engine has a ruleset and there are rule changes between the two editions,
  the scan explains each divergent board's differences (``diffcheck.search.findings``: for each,
  the rule changes that explain it, and the characteristic); each explanation is a key.
  Chunk results are taken in chunk order, so "the first divergent board with this key" is
  the same in every run of the same seed and budget; that board alone is shrunk (in a
  worker), keeping the explanation, to a minimal board: a witness. Shrinking is spent only
  where something new can be found, and the findings the keys make up, a bounded set, are
  the run's headline. Otherwise (an outside engine) the key is the board's triage key
  (``diffcheck.search.signature``) and each new one is shrunk, keeping the divergence.
- A minimal board's signature names its group (the finer grouping engine authors use; with a
  ruleset, the signature and the explanations the board shows, so that boards that share a
  signature but show different explanations stay apart); a group keeps the minimal board from its lowest board index, its whole-outcome attribution
  (``diffcheck.search.attribution``) and the explanations it shows. A key's count is the number of
  divergent boards that showed it; a group's count is the sum over the keys it witnesses.
- Outcomes are compared with ``==``; DeepDiff runs only on a group's representative.
- After every new group, and every few seconds, the state is written atomically, before
  the files derived from it: a killed run loses no reported group, and ``--resume``
  continues from the last chunk the state counts, from the very state the run had, in its
  order (``rundir.write_state``), so it writes what the run would have written.
- The workers are this machine's processes (``--jobs``), or with ``--scheduler`` a cluster's
  (``diffcheck.search.cluster``), behind the same few pool methods: where the work runs changes
  a run's speed, never its results, so a run may be resumed on any cluster or none. This
  machine's workers end with the coordinator however it ends, killed outright too
  (``diffcheck.search.orphan``).
"""

from __future__ import annotations

import multiprocessing as mp
import os
import time
from collections import deque
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from diffcheck.search import ctrl_c, rundir
from diffcheck.search.cluster import Cluster, ClusterError, ClusterLost, ClusterPool
from diffcheck.search.divergence import differing, outcomes_diff
from diffcheck.search.findings import Explanation, headline
from diffcheck.search.nearest import nearest_rules
from diffcheck.search.worker import (
    CHUNK, ShrinkFailed, board_at, init_worker, keyed_by_findings, make_engine, scan_chunks, shrink_divergence,
    shrink_failure,
)
from engines import get_engine
from engines.board.features import FEATURES
from rulesets.editions import changes_between

__all__ = ["CHUNK", "Harness", "RunConfig", "RunError", "board_at", "triage_findings"]

MAX_KEPT_PER_KIND = 20  # engine errors kept with their boards, the first of each kind; all are counted by kind
# Of those, the first of each kind are shrunk to a minimal board that fails the same way. Not a hang (each try
# would wait for the timeout) nor a failure to start (no board is to blame).
MAX_SHRUNK_PER_KIND = 5
UNSHRINKABLE_KINDS = frozenset({"hang", "failed to start"})
UNSHRUNK = ""  # the group of a key whose board could not be shrunk (an engine failed)
SAVE_EVERY = 2.0  # seconds between state saves when nothing new was found


class RunError(Exception):
    """A run that cannot start: a bad budget, a directory in use, a state that does not fit."""


@dataclass(frozen=True)
class RunConfig:
    """What a run is: two engines, a seed and a budget. ``jobs`` and ``scheduler`` change its speed, not its
    result."""

    engines: tuple[str, str] = ("cr418", "cr613")
    seed: int = 0
    boards: int | None = 100_000
    seconds: float | None = None
    jobs: int = field(default_factory=lambda: os.cpu_count() or 1)
    commands: tuple[tuple[str, str], ...] = ()  # external engines: (name, command), docs/external-engines.md
    timeout: float = 10.0  # seconds an external engine may take over one board
    generator: str = "small"  # "small": the whole board vocabulary; "cards": catalogue cards only
    # The parts of the board vocabulary (engines.board.features) boards may use: what every engine of the run
    # implements, and ``--implements``; None is all of it. A board that uses any other is never sent.
    implements: frozenset[str] | None = None
    # A scheduler's address (diffcheck.search.cluster; "local" starts a cluster of ``jobs`` processes here).
    # Like ``jobs``, where the work runs, not what the run is: not part of its identity.
    scheduler: str | None = None

    def identity(self) -> dict:
        """What must match for ``--resume`` to continue a run."""
        identity = {"engines": list(self.engines), "seed": self.seed, "chunk": CHUNK, "generator": self.generator,
                    "commands": [list(c) for c in self.commands], "timeout": self.timeout}
        if self.implements is not None:
            identity["implements"] = sorted(self.implements)
        return identity


@dataclass
class Progress:
    boards_done: int
    boards_total: int | None
    divergent: int
    findings: int
    elapsed: float

    @property
    def rate(self) -> float:
        return self.boards_done / self.elapsed if self.elapsed > 0 else 0.0


def by_findings(config: RunConfig) -> bool:
    """Whether a run keys boards by their findings (``worker.keyed_by_findings``): both engines have rules, and
    rule changes lie between them."""
    rulesets = tuple(getattr(make_engine(name, config.commands, config.timeout), "ruleset", None)
                     for name in config.engines)
    return keyed_by_findings(rulesets, changes_between(*config.engines))


# ------------------------------------------------------------------ coordinator side


class Harness:
    """Runs (or resumes) one run into one directory."""

    def __init__(self, config: RunConfig, out: Path, on_progress: Callable[[Progress], None] | None = None,
                 cluster: Cluster | None = None) -> None:
        self.config = config
        self.out = Path(out)
        self.on_progress = on_progress
        self._cluster = cluster  # a cluster already connected (a timeline's runs share one), else config.scheduler's
        self._jobs = config.jobs  # what run.json says ran the work: the processes, or the cluster's threads
        self._by_findings = by_findings(config)
        self._resumed = False  # a new run never writes over another run's files
        self._hellos: dict[str, dict] = {}  # an outside engine's handshake, read as the run starts
        self.state: dict = {
            "version": rundir.STATE_VERSION,
            "identity": config.identity(),
            "budget": {"boards": config.boards, "seconds": config.seconds},
            "chunks_done": 0,
            "boards_done": 0,
            "divergent": 0,
            "elapsed": 0.0,
            # explanation (or triage key) -> {"first": index, "count": n, "characteristics": [...], "group": signature}
            "keys": {},
            "findings": {},  # finding -> {"count": divergent boards that show it, "first": index}
            "changes": {},  # rule change -> divergent boards with an explanation it is part of
            "shrinks": {"done": 0, "known": 0},  # shrinks finished; of them, those that ended in a known group
            "groups": {},  # signature -> representative: first_board, board, outcomes, differing, diff
            "errors": [],  # the first MAX_KEPT_PER_KIND engine errors of each kind, each with its board
            "engine_errors": 0,
        }

    @classmethod
    def resume(cls, out: Path, jobs: int | None = None, on_progress=None, scheduler: str | None = None) -> "Harness":
        """Continue the run saved in ``out`` with the budget it was started with, on any workers."""
        path = Path(out) / rundir.STATE
        if not path.exists():
            raise RunError(f"{out}: no run to resume here (no {rundir.STATE})")
        state = rundir.read_json(path)
        if state.get("version") != rundir.STATE_VERSION:
            raise RunError(f"{path}: a state of version {state.get('version')}; this diffcheck reads {rundir.STATE_VERSION}")
        identity = state["identity"]
        if identity.get("chunk") != CHUNK:
            raise RunError(f"{path}: written with chunks of {identity.get('chunk')} boards, this diffcheck uses {CHUNK}")
        config = RunConfig(
            engines=tuple(identity["engines"]), seed=identity["seed"],
            boards=state["budget"]["boards"], seconds=state["budget"]["seconds"],
            jobs=jobs or os.cpu_count() or 1,
            commands=tuple(tuple(c) for c in identity.get("commands", ())), timeout=identity.get("timeout", 10.0),
            generator=identity.get("generator", "small"),
            implements=frozenset(identity["implements"]) if "implements" in identity else None,
            scheduler=scheduler,
        )
        harness = cls(config, out, on_progress)
        harness.state = state
        harness._resumed = True
        return harness

    # -------------------------------------------------------------- the run

    def run(self) -> dict:
        """Run to the end of the budget; returns run.json's content. Ctrl-C saves and re-raises."""
        self._check_engines()
        lock = rundir.Lock(self.out)
        try:
            lock.acquire()
        except rundir.InUse as exc:
            raise RunError(str(exc)) from None
        try:
            if not self._resumed and (self.out / rundir.STATE).exists():
                raise RunError(f"{self.out}: holds a run already; resume it (diffcheck run --resume {self.out}) "
                               "or choose another directory")
            return self._run()
        finally:
            lock.release()

    def _check_engines(self) -> None:
        """Fail before any worker starts: an unknown engine, or an external one that does not start. Then
        narrow the boards to the parts of the vocabulary every engine implements (a resumed run keeps the
        parts it started with)."""
        from engines import EngineError

        implements = self.config.implements
        for name in self.config.engines:
            engine = make_engine(name, self.config.commands, self.config.timeout)
            start = getattr(engine, "start", None)
            if start is not None:
                try:
                    start()
                    self._hellos[name] = dict(engine.hello or {})
                except EngineError as exc:
                    raise RunError(f"--engines {name}: {exc}") from None
                finally:
                    engine.close()
            declared = getattr(engine, "implements", None)
            if declared is not None:
                implements = frozenset(declared) if implements is None else implements & frozenset(declared)
        if not self._resumed and implements != self.config.implements:
            self.config = replace(self.config, implements=implements)
            self.state["identity"] = self.config.identity()

    def _run(self) -> dict:
        # What the first group needs (``outcomes_diff``) is imported before any work: a Ctrl-C that
        # lands while a module is being imported can be lost (Python ignores an exception raised in an
        # import lock's callback), and the first group comes early.
        import deepdiff  # noqa: F401

        pool = self._open_pool()  # first: a cluster's start is not the run's time, as when the CLI starts it
        self._started = time.monotonic()
        self._elapsed_before = self.state["elapsed"]
        self._last_save = 0.0
        self._shrinks: dict[str, Any] = {}
        self._failure_shrinks: dict[int, Any] = {}  # position in state["errors"] -> its shrink
        self._pool = pool
        try:
            for key, entry in self.state["keys"].items():
                if entry["group"] is None:  # found before an interruption, not yet shrunk
                    self._submit_shrink(pool, key, entry)
            for position, error in enumerate(self.state["errors"]):
                if error.get("minimal_board", False) is None:  # kept before an interruption, not yet shrunk
                    self._submit_failure_shrink(position)
            self._scan_all(pool)
            while self._shrinks or self._failure_shrinks:
                self._collect_shrinks(wait=0.05)
                self._report()
            pool.close()
        except BaseException:
            pool.terminate()
            self._save()
            raise
        finally:
            pool.join()
        self._save()
        return self._run_json()

    def _open_pool(self) -> Any:
        """The workers: this machine's processes, or a cluster's (RunError for a scheduler that cannot be used)."""
        if self._cluster is None and self.config.scheduler is None:
            context = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
            with ctrl_c.held():  # a Ctrl-C as a worker is forked would be lost (diffcheck.search.ctrl_c)
                return context.Pool(self.config.jobs, init_worker, (self.config,))
        if self._cluster is not None:
            pool = self._cluster.pool(self.config)
        else:
            try:
                pool = Cluster(self.config.scheduler, self.config.jobs).pool(self.config, owned=True)
            except ClusterError as exc:
                raise RunError(str(exc)) from None
        self._jobs = pool.slots
        return pool

    def _in_flight(self, pool) -> int:
        """Tasks to keep in flight: two a worker, so none waits for the next; on a cluster, two a thread of its
        workers, however many there are now."""
        return 2 * (pool.slots if isinstance(pool, ClusterPool) else self.config.jobs)

    def _scan_all(self, pool) -> None:
        seed = self.config.seed
        # A task scans a few chunks on a cluster, where each task costs some milliseconds of CPU whatever its work;
        # one chunk here.
        per_task = pool.CHUNKS_PER_TASK if isinstance(pool, ClusterPool) else 1
        inflight: deque = deque()
        next_chunk = self.state["chunks_done"]
        while True:
            while len(inflight) < self._in_flight(pool) and not self._budget_spent(next_chunk):
                chunks = []
                while len(chunks) < per_task and not self._budget_spent(next_chunk):
                    chunks.append((seed, next_chunk, self._chunk_size(next_chunk)))
                    next_chunk += 1
                inflight.append(pool.apply_async(scan_chunks, (tuple(chunks),)))
            if not inflight:
                return
            head = inflight[0]
            head.wait(0.05)
            if head.ready():
                inflight.popleft()
                chunks = head.get()
                for n, chunk in enumerate(chunks, start=1):
                    self._take_chunk(pool, *chunk)
                    if n < len(chunks):
                        self._report()  # a task of several chunks: each chunk's progress as it is taken
            self._collect_shrinks()
            self._report()

    def _budget_spent(self, next_chunk: int) -> bool:
        boards = self.config.boards
        if boards is not None and next_chunk * CHUNK >= boards:
            return True
        seconds = self.config.seconds
        return seconds is not None and self._elapsed() >= seconds

    def _chunk_size(self, chunk: int) -> int:
        boards = self.config.boards
        return CHUNK if boards is None else min(CHUNK, boards - chunk * CHUNK)

    def _take_chunk(self, pool, chunk: int, count: int, found: list, errors: list,
                    outside: tuple[int, dict]) -> None:
        state = self.state
        assert chunk == state["chunks_done"], "chunks are taken in order"
        state["chunks_done"] += 1
        state["boards_done"] += count
        left_out, by_part = outside
        if left_out:
            state["boards_outside"] = state.get("boards_outside", 0) + left_out
            counted = state.setdefault("outside_by_part", {})
            for word, n in by_part.items():
                counted[word] = counted.get(word, 0) + n
        state["divergent"] += len(found)
        for i, engine, message, data, kind in errors:
            self._count_error({"board_index": i, "engine": engine, "error": message, "board": data, "kind": kind},
                              shrink=True)
        for index, keys, names, data in found:
            for key in keys:
                entry = state["keys"].get(key)
                if entry is None:
                    entry = state["keys"][key] = {"first": index, "count": 0, "characteristics": names, "group": None}
                    self._submit_shrink(pool, key, entry, data)
                entry["count"] += 1
            if self._by_findings:
                explanations = [Explanation.from_key(key) for key in keys]
                for change in {c for e in explanations for c in e.changes}:
                    state["changes"][change] = state["changes"].get(change, 0) + 1
                for finding in {e.finding for e in explanations}:
                    counted = state["findings"].setdefault(finding, {"count": 0, "first": index})
                    counted["count"] += 1

    def _submit_shrink(self, pool, key: str, entry: dict, data: dict | None = None) -> None:
        """Shrink a key's first board: the board itself when the scan found it in this session; after a
        resume, its seed and index (the worker makes it again)."""
        task = (self.config.seed, entry["first"], entry["characteristics"], data, key if self._by_findings else None)
        self._shrinks[key] = pool.apply_async(shrink_divergence, (task,))

    def _submit_failure_shrink(self, position: int) -> None:
        error = self.state["errors"][position]
        task = (error["engine"], error["kind"], error["error"].split(":", 1)[0], error["board"])
        self._failure_shrinks[position] = self._pool.apply_async(shrink_failure, (task,))

    def _collect_failure_shrinks(self) -> bool:
        done = [p for p, r in self._failure_shrinks.items() if r.ready()]
        for position in sorted(done):
            error = self.state["errors"][position]
            try:
                minimal = self._failure_shrinks.pop(position).get()
            except ClusterLost:
                raise
            except Exception as exc:  # noqa: BLE001 - the engine failed otherwise while shrinking: keep the board
                minimal, error["not_shrunk"] = None, f"{type(exc).__name__}: {exc}"
            if minimal is None:
                error.setdefault("not_shrunk", "the board no longer fails the same way (a failure at random?)")
                error.pop("minimal_board")
            else:
                error["minimal_board"] = minimal
        return bool(done)

    def _collect_shrinks(self, wait: float = 0.0) -> None:
        pending = list(self._shrinks.values()) + list(self._failure_shrinks.values())
        done = [k for k, r in self._shrinks.items() if r.ready()]
        if not done and wait and pending:
            pending[0].wait(wait)
            done = [k for k, r in self._shrinks.items() if r.ready()]
        changed = self._collect_failure_shrinks()
        for key in sorted(done, key=lambda k: self.state["keys"][k]["first"]):
            try:
                index, minimal, x, y, sig, attribution, keys, near_from = self._shrinks.pop(key).get()
            except ShrinkFailed as failed:
                entry = self.state["keys"][key]
                entry["group"] = UNSHRUNK
                self._count_error({"board_index": failed.index, "engine": "(while shrinking)", "error": failed.message,
                                   "board": board_at(self.config.seed, failed.index, self.config.generator,
                                                     self.config.implements),
                                   "kind": "exception"})
                changed = True
                continue
            if self._by_findings:
                # Two explanations' minimal boards can share a triage signature and still show different
                # explanations: a group is the signature and what its board shows, so that every key's
                # group has a board that shows the key, whichever shrink finishes first.
                sig = f"{sig} · {' + '.join(sorted(keys))}"
            group = self.state["groups"].get(sig)
            # One board can show several explanations, each shrunk on its own: the key breaks a tie.
            if group is None or (index, key) < (group["first_board"], group["key"]):
                a, b = self.config.engines
                # Against an engine without rules: which it is, which of the two answers is its, and the edition
                # it is compared with (``worker._shrink_one``), for its nearest rules on this group's board.
                near = None
                if near_from is not None:
                    engine, side, compared = near_from
                    near = nearest_rules(minimal, (x, y)[side], engine, compared)
                # Made whole before the state changes: a Ctrl-C landing in the diff must not leave a key
                # naming a group the state lacks (the save on the way out could not write the findings).
                self.state["groups"][sig] = {
                    "first_board": index,
                    "board": minimal,
                    "outcomes": {a: x, b: y},
                    "differing": [list(d) for d in differing(x, y)],
                    "diff": outcomes_diff(x, y),
                    "attribution": attribution,
                    "key": key,  # the explanation (or triage key) it was shrunk for
                    # What differed on the board that was shrunk (keyed by triage, the shrink kept
                    # the divergence within these characteristics: ``diverges``).
                    "characteristics": self.state["keys"][key]["characteristics"],
                    "explanations": keys,  # what the minimal board shows (diffcheck.search.findings)
                    # Against an edition, the nearest rules to the rule-less engine's answer (or None).
                    "nearest": near,
                }
                changed = True
            self.state["keys"][key]["group"] = sig
            shrinks = self.state["shrinks"]
            shrinks["done"] += 1
            shrinks["known"] += group is not None
        if changed:
            self._save()

    # -------------------------------------------------------------- reporting and saving

    def _elapsed(self) -> float:
        return self._elapsed_before + time.monotonic() - self._started

    def groups(self) -> list[dict]:
        """The groups, in the order first found, each with its count and how to find it again."""
        counts: dict[str, int] = {}
        for entry in self.state["keys"].values():
            if entry["group"]:  # neither waiting to be shrunk (None) nor failed to shrink (UNSHRUNK)
                counts[entry["group"]] = counts.get(entry["group"], 0) + entry["count"]
        # One board can witness several explanations: the key, then the signature, break a tie.
        ordered = sorted(self.state["groups"].items(),
                         key=lambda item: (item[1]["first_board"], item[1].get("key", ""), item[0]))
        return [
            {"signature": sig, "count": counts.get(sig, 0), "seed": self.config.seed, **group}
            for sig, group in ordered
        ]

    def findings(self) -> list[dict]:
        """The run's headline (``diffcheck.search.findings.headline``): one entry per finding, each with its
        count, what it changes, its explanations and its best witnesses. Without a ruleset to explain
        divergences with, each group is a finding."""
        if not self._by_findings:
            return triage_findings(self.groups())
        return headline(self.state["keys"], self.state["groups"], self.state["findings"])

    def _report(self) -> None:
        now = time.monotonic()
        if now - self._last_save >= SAVE_EVERY:
            self._save()
        if self.on_progress is not None:
            self.on_progress(Progress(
                self.state["boards_done"], self.config.boards, self.state["divergent"],
                self._finding_count(), self._elapsed(),
            ))

    def _finding_count(self) -> int:
        """Findings so far: their number depends on the scan alone, not on which shrinks are done."""
        return len(self.state["findings"]) if self._by_findings else len(self.state["groups"])

    def _save(self) -> None:
        """State first, then the files derived from it; each replaced atomically."""
        self.state["elapsed"] = self._elapsed()
        rundir.write_state(self.out / rundir.STATE, self.state)
        groups = self.groups()
        findings = self.findings()
        run = self._run_json()
        rundir.write_atomic(self.out / rundir.DIVERGENCES, rundir.group_lines(groups))
        rundir.write_atomic(self.out / rundir.FINDINGS, rundir.group_lines(findings))
        rundir.write_atomic(self.out / rundir.ERRORS, rundir.group_lines(self.state["errors"]))
        rundir.write_atomic(self.out / rundir.SUMMARY, rundir.summary_markdown(run, findings, groups))
        rundir.write_json(self.out / rundir.RUN, run)
        self._last_save = time.monotonic()

    def _run_json(self) -> dict:
        state, config = self.state, self.config
        elapsed = self._elapsed()
        return {
            "engines": list(config.engines),
            "engine_versions": {name: _engine_version(name, config, self._hellos.get(name)) for name in config.engines},
            "diffcheck_version": rundir.diffcheck_version(),
            "seed": config.seed,
            "budget": {"boards": config.boards, "seconds": config.seconds},
            "jobs": self._jobs,
            **({"scheduler": config.scheduler} if config.scheduler is not None else {}),
            "boards_done": state["boards_done"],
            **self._taken(),
            "divergent_boards": state["divergent"],
            "findings": self._finding_count(),
            "groups": len(state["groups"]),
            "keyed_by": "findings" if self._by_findings else "triage",
            "boards_by_change": dict(sorted(state.get("changes", {}).items())),
            "shrinks": dict(state.get("shrinks", {"done": 0, "known": 0})),
            "engine_errors": state.get("engine_errors", 0),
            "engine_errors_by_kind": dict(sorted(state.get("engine_errors_by_kind", {}).items())),
            "seconds": round(elapsed, 3),
            "boards_per_second": round(state["boards_done"] / elapsed, 1) if elapsed > 0 else None,
            "complete": state["boards_done"] >= (config.boards or 0) and not self._shrinks_pending(),
        }

    def _taken(self) -> dict:
        """What the engines could take: with ``implements``, the parts boards were drawn from, how many boards
        were sent, and how many were not, by the part each needed (a board may need several)."""
        implements = self.config.implements
        if implements is None:
            return {}
        outside = self.state.get("outside_by_part", {})
        left_out = self.state.get("boards_outside", 0)
        return {"implements": [word for word in FEATURES if word in implements],
                "boards_sent": self.state["boards_done"] - left_out,
                "boards_outside": left_out,
                "outside_by_part": dict(sorted(outside.items(), key=lambda item: (-item[1], item[0])))}

    def _count_error(self, entry: dict, shrink: bool = False) -> None:
        """Count an engine error by its kind; keep it, with its board, if it is among the first of its kind; with
        ``shrink`` (a failure on a generated board), shrink the board if it is among the very first."""
        state = self.state
        state["engine_errors"] = state.get("engine_errors", 0) + 1
        by_kind = state.setdefault("engine_errors_by_kind", {})
        by_kind[entry["kind"]] = by_kind.get(entry["kind"], 0) + 1
        if by_kind[entry["kind"]] <= MAX_KEPT_PER_KIND:
            state["errors"].append(entry)
            # A failure found scanning (not while shrinking a divergence) among the first of its kind: shrunk to
            # a minimal board that fails the same way; None until the shrink is done.
            if shrink and by_kind[entry["kind"]] <= MAX_SHRUNK_PER_KIND and entry["kind"] not in UNSHRINKABLE_KINDS:
                entry["minimal_board"] = None
                self._submit_failure_shrink(len(state["errors"]) - 1)

    def _shrinks_pending(self) -> bool:
        return (any(entry["group"] is None for entry in self.state["keys"].values())
                or any(e.get("minimal_board", False) is None for e in self.state["errors"]))


def triage_findings(groups: list[dict]) -> list[dict]:
    """The findings of a run keyed by triage (an engine without rules of its own): each group is a finding, in
    the order first found, so that each bug of the engine shows on its own minimal board. Against an edition, a
    finding is named by the nearest rules to the engine's answer on that board (``diffcheck.search.nearest``),
    or says that none is near; between two engines without rules, by its signature."""
    findings = []
    for g in groups:
        near = (g.get("nearest") or {}).get("brief")
        engine = (g.get("nearest") or {}).get("engine")
        finding = {
            "finding": (f"{engine} {near}" if near else f"{engine}: no rules near answer so" if engine
                        else g["signature"]),
            "changes": None, "combinations": [], "characteristics": {", ".join(g["characteristics"]): g["count"]},
            "explanations": [], "count": g["count"], "first_board": g["first_board"], "witnesses": [g["signature"]],
            "signature": g["signature"]}
        if near:
            finding["nearest"] = near
        findings.append(finding)
    return findings


def _engine_version(name: str, config: RunConfig, hello: dict | None = None) -> dict:
    """What run.json says of an engine: a built-in one's edition and document; an outside one's command and
    what its handshake said (description, its own name, and its version if it gives one)."""
    commands = dict(config.commands)
    if name in commands:
        out = {"description": f"external engine: {commands[name]}", "command": commands[name]}
        if hello:
            out.update(description=hello.get("description") or out["description"], announced=hello.get("engine"))
            if isinstance(hello.get("version"), str):
                out["version"] = hello["version"]
        return out
    engine = get_engine(name)
    ruleset = getattr(engine, "ruleset", None)
    out = {"description": getattr(engine, "description", "")}
    # An installed engine built from someone's sources says which (a peer: its version and commit), and how its
    # own input (``native_input``) is run without diffcheck: what a bug report to its maintainers names.
    for key in ("source", "native_hint"):
        if getattr(engine, key, None):
            out[key] = getattr(engine, key)
    if ruleset is not None:
        out.update(edition=getattr(ruleset, "edition", "") or None, document=ruleset.document,
                   document_date=ruleset.document_date)
        if getattr(ruleset, "caveat", ""):
            out["archive_gap"] = ruleset.caveat  # a date no known document was surely in force on
    return out
