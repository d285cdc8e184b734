"""The harness: `diffcheck run` finds the known classes of divergence, shrinks them, groups them,
and a run is reproducible, resumable, and loses nothing."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from diffcheck.cli import app
from diffcheck.search.divergence import diverges
from diffcheck.search.harness import CHUNK, MAX_SHRUNK_PER_KIND, Harness, RunConfig, board_at
from diffcheck.search.shrink import is_minimal

ROOT = Path(__file__).parents[2]
SEED = 1
BOARDS = 4000  # found both classes below within this budget when the test was written (seed 1)


@pytest.fixture(scope="module")
def standard_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("run")
    harness = Harness(RunConfig(("cr418", "cr613"), SEED, BOARDS, None, 2), out)
    result = harness.run()
    return out, result, harness.groups(), harness.findings()


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _witnesses(groups, findings, finding, characteristic):
    by_signature = {g["signature"]: g for g in groups}
    (entry,) = [f for f in findings if f["finding"] == finding]
    return [by_signature[e["witness"]] for e in entry["explanations"]
            if e["characteristic"] == characteristic and e["witness"]]


def test_finds_the_gray_ogre_class(standard_run):
    # 418.5a puts resolved P/T modifiers in 6b with P/T setting, by timestamp; 613.3 puts setting in
    # 7b before all modifying in 7c. A modifier older than a setting effect is lost only in the old
    # rules: the finding of resolved-modifiers-after-setting, in P/T, whose witness has both.
    _, _, groups, findings = standard_run
    (witness,) = _witnesses(groups, findings, "resolved-modifiers-after-setting", "P/T")
    board = witness["board"]
    assert any("modify" in e.get("pt", {}) for e in board.get("effects", []))
    bodies = board.get("effects", []) + [a for o in board["objects"] for a in o.get("static", [])]
    assert any("set" in b.get("pt", {}) for b in bodies)
    assert witness["attribution"]["changes"] == ["resolved-modifiers-after-setting"]


def test_finds_the_color_ability_layer_split(standard_run):
    # 418.5a: ability changes share layer 5 with color changes; 613.1e-f: colors 5, abilities 6.
    # An ability that sets a color, removed by an older effect, still applies in the old rules.
    _, _, groups, findings = standard_run
    (witness,) = _witnesses(groups, findings, "abilities-own-layer", "colors")
    assert "color change [5->5]" in witness["signature"] and "ability change [5->6]" in witness["signature"]
    assert "colors" in witness["signature"].split(" |")[0].split(", ")


def test_findings_are_one_per_rule_change_and_count_every_divergent_board(standard_run):
    out, result, groups, findings = standard_run
    # Every change between the 2006 and the 2009 rules shows within this budget, alone.
    from rulesets.editions import changes_between

    alone = [f["finding"] for f in findings if f["changes"]]
    assert alone == [c.key for c in changes_between("cr418", "cr613")]
    assert all(f["changes"] == [f["finding"]] for f in findings if f["changes"])
    # Each divergent board shows at least one finding; the counts are of boards, so they add up
    # to at least the divergent boards, and no finding counts more boards than diverged.
    counts = [f["count"] for f in findings]
    assert sum(counts) >= result["divergent_boards"] >= max(counts) > 0
    for f in findings:
        assert f["witnesses"] and len(f["witnesses"]) <= 3
        assert sum(f["characteristics"].values()) >= f["count"]
        explained = {e["characteristic"] for e in f["explanations"]}
        assert set(f["characteristics"]) == explained
    assert result["findings"] == len(findings) < result["groups"] + 1


def test_a_finding_is_shrunk_once_and_its_witness_keeps_it(standard_run):
    # One shrink per explanation (a set of changes and a characteristic): none ends in an
    # explanation's witness that does not show that explanation.
    from diffcheck.search.findings import Explanation, showing
    from engines import get_engine
    from rulesets.editions import changes_between

    # A shrunk board that shows several explanations (the P/T, types and subtypes a type-setting CDA changes)
    # joins one group, the witness of each: it keeps every one of them, and is minimal for one, the
    # explanation it was shrunk for, though another might have shrunk it further.
    _, result, groups, findings = standard_run
    explanations = [e for f in findings for e in f["explanations"]]
    assert result["shrinks"]["done"] == len(explanations)
    by_signature = {g["signature"]: g for g in groups}
    a, b = get_engine("cr418"), get_engine("cr613")
    changes = changes_between("cr418", "cr613")
    by_witness: dict[str, list[str]] = {}
    for e in explanations:
        by_witness.setdefault(e["witness"], []).append(e["explanation"])
    for witness, keys in list(by_witness.items())[:6]:
        board = by_signature[witness]["board"]
        keeps = [showing(a, b, a.ruleset, changes, Explanation.from_key(key)) for key in keys]
        assert all(keep(board) for keep in keeps), keys
        assert any(is_minimal(board, keep) for keep in keeps), keys


def test_run_directory_files(standard_run):
    out, result, groups, findings = standard_run
    assert result["boards_done"] == BOARDS and result["complete"]
    written = lines(out / "divergences.jsonl")
    assert [g["signature"] for g in written] == [g["signature"] for g in groups]
    assert lines(out / "findings.jsonl") == json.loads(json.dumps(findings))
    first = written[0]
    assert set(first) >= {"signature", "count", "seed", "first_board", "board", "outcomes", "diff", "differing",
                          "explanations"}
    assert first["diff"]  # a DeepDiff of outcomes that differ is never empty
    run = json.loads((out / "run.json").read_text())
    assert run["seed"] == SEED and run["engines"] == ["cr418", "cr613"] and run["boards_per_second"] > 0
    assert run["findings"] == len(findings) and run["keyed_by"] == "findings"
    summary = (out / "summary.md").read_text()
    assert summary.count("\n### ") == len(groups) and "| object" in summary and "## Findings" in summary


def test_minimal_boards_reproduce_with_diffcheck_diff(standard_run, tmp_path):
    _, _, groups, _ = standard_run
    for g in groups[:5]:
        path = tmp_path / "board.yaml"
        path.write_text(yaml.safe_dump(g["board"]), encoding="utf-8")
        result = CliRunner().invoke(app, ["diff", str(path), "--json"])
        assert result.exit_code == 0
        # stdout only: a warning (changeling on a 2006 board, say) goes to stderr.
        document = json.loads(result.stdout)
        assert document["diff"]
        assert document["outcomes"]["cr418"] == g["outcomes"]["cr418"]
        assert document["outcomes"]["cr613"] == g["outcomes"]["cr613"]


def test_first_board_is_the_board_that_was_shrunk(standard_run):
    _, _, groups, _ = standard_run
    g = groups[0]
    assert diverges("cr418", "cr613")(board_at(SEED, g["first_board"]))


def test_an_engine_against_itself_finds_nothing(tmp_path):
    result = Harness(RunConfig(("cr613", "cr613"), SEED, 1000, None, 2), tmp_path).run()
    assert result["divergent_boards"] == 0 and result["groups"] == 0


def test_a_broken_engine_is_found_and_shrunk_to_the_expected_board(tmp_path):
    # The double ignores counters; cr613 applies them in 7d (613.3d). The smallest board that shows
    # it: one creature with one counter, nothing else.
    engines = ("doubles.engines:FORGETS_COUNTERS", "cr613")
    harness = Harness(RunConfig(engines, SEED, 600, None, 2), tmp_path)
    result = harness.run()
    assert result["groups"] >= 1
    for g in harness.groups():
        board = g["board"]
        assert g["signature"].startswith("P/T |") and "counters" in g["signature"]
        assert board.get("effects", []) == []
        (creature,) = board["objects"]
        assert creature["types"] == ["creature"] and "static" not in creature
        assert list(creature["counters"].values()) == [1]


def test_same_seed_and_budget_give_the_same_groups_whatever_jobs(tmp_path):
    texts = []
    for jobs in (1, 2):
        out = tmp_path / f"jobs{jobs}"
        Harness(RunConfig(("cr418", "cr613"), 7, 2 * CHUNK + 37, None, jobs), out).run()
        texts.append((out / "divergences.jsonl").read_text())
    assert texts[0] == texts[1] and texts[0]


def _run_in_process(args: list[str], **kwargs) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    # A shell starts a background job with SIGINT ignored, and an ignored signal stays ignored
    # across exec, so Python would install no KeyboardInterrupt handler and a Ctrl-C test would
    # see a run finish (exit 0). The run under test gets the usual handling back.
    return subprocess.Popen([sys.executable, "-m", "diffcheck", "run", "--quiet", *args], cwd=ROOT, env=env,
                            text=True, preexec_fn=_default_sigint,
                            **{"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **kwargs})


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


RESUMED = ["--boards", "3000", "--seed", "5"]  # the runs interrupted below, then resumed
# What run.json may say otherwise in a resumed run than in an uninterrupted one: how long it took.
TIMING = ("seconds", "boards_per_second")


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory) -> Path:
    """A run of RESUMED on two workers, left alone: what every interrupted run of it writes once resumed."""
    out = tmp_path_factory.mktemp("uninterrupted") / "run"
    assert _run_in_process([*RESUMED, "--jobs", "2", "--out", str(out)]).wait(timeout=300) == 0
    return out


def written(out: Path) -> dict[str, object]:
    """What a run wrote, but for how long it took: the files' texts, and run.json less its timing."""
    files: dict[str, object] = {name: (out / name).read_text(encoding="utf-8")
                                for name in ("summary.md", "findings.jsonl", "divergences.jsonl", "errors.jsonl")}
    run = json.loads((out / "run.json").read_text(encoding="utf-8"))
    files["run.json"] = {k: v for k, v in run.items() if k not in TIMING}
    return files


def assert_same_run(out: Path, expected: Path) -> None:
    mine, theirs = written(out), written(expected)
    for name in theirs:
        assert mine[name] == theirs[name], name


def test_resume_after_interruption_loses_nothing(tmp_path, uninterrupted):
    # The run to interrupt works on one core (a run's groups do not depend on --jobs), so the
    # time between its first reported group and its end is long even on a loaded machine; the
    # interrupt comes as soon as a group is reported.
    cut = tmp_path / "cut"
    process = _run_in_process([*RESUMED, "--jobs", "1", "--out", str(cut)])
    deadline = time.monotonic() + 120
    reported: list[dict] = []
    while time.monotonic() < deadline and process.poll() is None:
        if (cut / "divergences.jsonl").exists():
            reported = lines(cut / "divergences.jsonl")
            if reported:
                break
        time.sleep(0.01)
    assert process.poll() is None, "the run ended before a group was reported: nothing to interrupt"
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "--resume" in err
    state = json.loads((cut / "state.json").read_text())
    assert 0 < state["boards_done"] < 3000
    saved = {g["signature"] for g in lines(cut / "divergences.jsonl")}
    assert {g["signature"] for g in reported} <= saved  # nothing reported before the interruption is lost

    resumed = _run_in_process(["--resume", str(cut), "--jobs", "2"])
    assert resumed.wait(timeout=300) == 0
    assert_same_run(cut, uninterrupted)


def test_a_run_resumed_from_its_state_writes_what_the_run_wrote(standard_run, tmp_path):
    # The resumed run writes every file from the state it read back; summary.md writes each minimal board in its
    # own order of keys, so the state must keep it. Something to get wrong: a board not in sorted order.
    out, _, groups, _ = standard_run
    assert any(list(o) != sorted(o) for g in groups for o in g["board"]["objects"])
    copy = tmp_path / "run"
    shutil.copytree(out, copy)
    Harness.resume(copy, jobs=2).run()  # the budget was spent: nothing to do but write the files again
    assert_same_run(copy, out)


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc (Linux)")


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name (state, parent, ...), None for a process gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def _children(pid: int) -> dict[int, str]:
    """The processes whose parent is ``pid``, each with its start time, which tells it from a later process that
    gets the same id."""
    found = {}
    for entry in Path("/proc").iterdir():
        stat = _stat(int(entry.name)) if entry.name.isdigit() else None
        if stat is not None and int(stat[1]) == pid:
            found[int(entry.name)] = stat[19]
    return found


def _running(processes: dict[int, str]) -> list[int]:
    """Those still running: neither gone nor ended and waiting to be reaped."""
    return [pid for pid, started in processes.items()
            if (stat := _stat(pid)) is not None and stat[19] == started and stat[0] != "Z"]


def _still_running_after(processes: dict[int, str], seconds: float) -> list[int]:
    deadline = time.monotonic() + seconds
    while (running := _running(processes)) and time.monotonic() < deadline:
        time.sleep(0.02)
    return running


def _kill(processes: dict[int, str]) -> None:
    """SIGKILL those still running: a failing test leaves none of its processes behind."""
    for pid in _running(processes):
        os.kill(pid, signal.SIGKILL)


@needs_proc
def test_a_killed_run_leaves_no_worker_and_no_traceback_and_resumes_to_the_same_files(tmp_path, uninterrupted):
    cut = tmp_path / "cut"
    stderr = tmp_path / "stderr"
    with stderr.open("w") as err:  # the coordinator's, and its workers' after it: they inherit it
        process = _run_in_process([*RESUMED, "--jobs", "2", "--out", str(cut)], stdout=subprocess.DEVNULL,
                                  stderr=err, start_new_session=True)
    workers: dict[int, str] = {}
    try:
        # Killed on the first sign of progress: the first chunks are taken, most of the budget is still to do.
        deadline = time.monotonic() + 120
        while process.poll() is None and time.monotonic() < deadline:
            if (cut / "state.json").exists() and json.loads((cut / "state.json").read_text())["boards_done"]:
                break
            time.sleep(0.01)
        workers = _children(process.pid)
        assert process.poll() is None, "the run ended before it showed progress: nothing to kill"
        os.kill(process.pid, signal.SIGKILL)  # the coordinator alone, with no chance to stop its workers
        process.wait(timeout=30)
        assert len(workers) == 2
        assert _still_running_after(workers, 5.0) == []
        assert "Traceback" not in stderr.read_text()
    finally:
        process.kill()
        _kill(workers)
    assert 0 < json.loads((cut / "state.json").read_text())["boards_done"] < 3000

    resumed = _run_in_process(["--resume", str(cut), "--jobs", "2"])
    assert resumed.wait(timeout=300) == 0
    assert_same_run(cut, uninterrupted)


@needs_proc
def test_a_worker_busy_with_a_board_ends_with_its_killed_run(tmp_path):
    # The sample engine hangs on every board (each has an o1) and the run would wait a minute for each: a worker
    # left without its coordinator would wait it out, then start on the next board.
    hangs = f"{SAMPLE} --hang-on o1"
    stderr = tmp_path / "stderr"
    with stderr.open("w") as err:
        process = _run_in_process(["--engines", "cr613,sample", "--engine-cmd", f"sample={hangs}", "--engine-timeout",
                                   "60", "--boards", "1000", "--jobs", "2", "--out", str(tmp_path / "run")],
                                  stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
    workers: dict[int, str] = {}
    engines: dict[int, str] = {}
    try:
        deadline = time.monotonic() + 120
        while process.poll() is None and time.monotonic() < deadline:
            workers = _children(process.pid)
            engines = {pid: started for worker in workers for pid, started in _children(worker).items()}
            if len(workers) == 2 and len(engines) == 2:  # each worker's engine started, on a board it hangs on
                break
            time.sleep(0.05)
        assert process.poll() is None and len(engines) == 2, "no worker got to a board"
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
        assert _still_running_after(workers, 5.0) == []
        assert "Traceback" not in stderr.read_text()
    finally:
        process.kill()
        _kill(workers)
        _kill(engines)  # an engine that hangs does not read the end of its input: nobody else will end it


def test_cli_run_options(tmp_path):
    runner = CliRunner()
    out = tmp_path / "r"
    result = runner.invoke(app, ["run", "--boards", "600", "--seed", "1", "--jobs", "1", "--out", str(out),
                                 "--quiet", "--fail-on-divergence"])
    assert result.exit_code == 1, result.output  # divergences exist between the two rule versions
    assert "findings" in result.output and (out / "divergences.jsonl").exists()
    scripted = runner.invoke(app, ["run", "--boards", "400", "--seed", "1", "--jobs", "1", "--out",
                                   str(tmp_path / "j"), "--json"])
    assert scripted.exit_code == 0, scripted.output
    summary = json.loads(scripted.output)  # the whole output is one JSON object
    assert summary["boards"] == 400 and summary["run_dir"] == str(tmp_path / "j")
    assert summary == {**summary, **{k: v for k, v in json.loads((tmp_path / "j" / "run.json").read_text()).items()
                                     if k in ("findings", "groups", "divergent_boards", "seed")}}
    again = runner.invoke(app, ["run", "--boards", "10", "--out", str(out), "--quiet"])
    assert again.exit_code == 2 and "--resume" in again.output
    for bad in (["--time", "soon"], ["--engines", "cr418"], ["--engines", "cr418,nope"]):
        result = runner.invoke(app, ["run", *bad, "--out", str(tmp_path / "x"), "--quiet"])
        assert result.exit_code == 2, (bad, result.output)
        assert "Traceback" not in result.output
    missing = runner.invoke(app, ["run", "--resume", str(tmp_path / "nothing"), "--quiet"])
    assert missing.exit_code == 2 and "no run to resume" in missing.output


def test_a_run_killed_at_a_random_moment_and_resumed_reports_every_group(tmp_path):
    import random

    # Long enough (a few seconds on two cores) that the kill below lands mid-run.
    budget = ["--boards", "6000", "--seed", "11", "--jobs", "2"]
    whole = tmp_path / "whole"
    assert _run_in_process([*budget, "--out", str(whole)]).wait(timeout=300) == 0
    expected = (whole / "divergences.jsonl").read_text()

    cut = tmp_path / "cut"
    process = _run_in_process([*budget, "--out", str(cut)], start_new_session=True)
    deadline = time.monotonic() + 60  # a run to resume is one that has begun: its state written once
    while not (cut / "state.json").exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(random.Random().uniform(0.0, 1.0))  # then a random moment, most likely mid-run
    reported = lines(cut / "divergences.jsonl") if (cut / "divergences.jsonl").exists() else []
    os.killpg(process.pid, signal.SIGKILL)  # the coordinator and its workers, no chance to save
    process.wait(timeout=30)
    assert (cut / "lock").exists()  # left behind by the kill; its process is gone, so it is stale
    for name in ("state.json", "divergences.jsonl", "summary.md", "run.json"):
        if (cut / name).exists():
            text = (cut / name).read_text()
            if name.endswith(".json"):
                json.loads(text)  # never half-written
    resumed = _run_in_process(["--resume", str(cut)])
    assert resumed.wait(timeout=300) == 0, resumed.stderr.read()
    final = (cut / "divergences.jsonl").read_text()
    assert {g["signature"] for g in reported} <= {g["signature"] for g in lines(cut / "divergences.jsonl")}
    assert final == expected
    assert (cut / "findings.jsonl").read_text() == (whole / "findings.jsonl").read_text()
    assert (cut / "summary.md").read_text() == (whole / "summary.md").read_text()
    assert not (cut / "lock").exists()


def test_two_runs_in_one_directory_are_refused(tmp_path):
    out = tmp_path / "busy"
    first = _run_in_process(["--boards", "100000", "--seed", "1", "--jobs", "1", "--out", str(out)])
    try:
        deadline = time.monotonic() + 60
        while not (out / "state.json").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        second = _run_in_process(["--resume", str(out)])
        _, err = second.communicate(timeout=60)
        assert second.returncode == 2 and "another diffcheck run" in err and "Traceback" not in err
        third = _run_in_process(["--boards", "10", "--out", str(out)])
        _, err = third.communicate(timeout=60)
        assert third.returncode == 2 and "another diffcheck run" in err
    finally:
        first.kill()
        first.wait()


def test_an_engine_that_raises_is_an_error_on_that_board_and_the_run_goes_on(tmp_path):
    harness = Harness(RunConfig(("doubles.engines:RAISES_ON_COUNTERS", "cr613"), SEED, 1000, None, 2), tmp_path)
    result = harness.run()
    assert result["boards_done"] == 1000 and result["engine_errors"] > 0
    errors = lines(tmp_path / "errors.jsonl")
    assert errors and all(e["engine"] == "raises-on-counters" and "counters are not supported" in e["error"]
                          for e in errors)
    assert all(any(o.get("counters") for o in e["board"]["objects"]) for e in errors)
    assert result["divergent_boards"] == 0  # apart from the failures it is cr613
    # The first failures are shrunk to minimal boards that fail the same way: the engine raises on any board with
    # a counter, so what is left is one object (a creature: a counter's P/T change needs P/T) with one counter.
    shrunk = [e for e in errors if "minimal_board" in e]
    assert len(shrunk) == MAX_SHRUNK_PER_KIND
    assert all(e is not None for e in shrunk[:MAX_SHRUNK_PER_KIND]) and shrunk == errors[:MAX_SHRUNK_PER_KIND]
    for e in shrunk:
        (only,) = e["minimal_board"]["objects"]
        assert len(only["counters"]) == 1 and sum(only["counters"].values()) == 1
        assert not e["minimal_board"].get("effects") and not only.get("static")


def test_a_failure_still_to_shrink_when_a_run_stopped_is_shrunk_on_resume(tmp_path):
    # A state saved while the first failure's shrink was in flight says so (minimal_board null); the resumed run
    # shrinks it, to the same board an uninterrupted run gives.
    Harness(RunConfig(("doubles.engines:RAISES_ON_COUNTERS", "cr613"), SEED, 200, None, 1), tmp_path).run()
    state = json.loads((tmp_path / "state.json").read_text())
    first = state["errors"][0]
    expected, first["minimal_board"] = first["minimal_board"], None
    (tmp_path / "state.json").write_text(json.dumps(state))
    Harness.resume(tmp_path, jobs=1).run()
    assert lines(tmp_path / "errors.jsonl")[0]["minimal_board"] == expected is not None


SAMPLE = f"{sys.executable} {ROOT / 'tests' / 'doubles' / 'external_engine.py'}"


def test_an_external_engine_runs_through_the_whole_harness(tmp_path):
    # The sample engine is cr613 in another process, so against cr418 it shows the rule changes.
    config = RunConfig(("cr418", "sample"), SEED, 600, None, 2, (("sample", SAMPLE),), 10.0)
    harness = Harness(config, tmp_path)
    result = harness.run()
    assert result["boards_done"] == 600 and result["engine_errors"] == 0 and result["groups"] > 0
    assert all(g["attribution"]["explained"] for g in harness.groups())
    assert json.loads((tmp_path / "run.json").read_text())["engine_versions"]["sample"]["command"] == SAMPLE


def test_an_external_engine_that_crashes_or_hangs_is_restarted_and_the_run_goes_on(tmp_path):
    # Generated ids are o1, o2, ...: a board with o8 has o7 too, so o8 is checked first by the sample.
    sample = f"{SAMPLE} --crash-on o8 --hang-on o7"
    config = RunConfig(("cr613", "sample"), SEED, 40, None, 2, (("sample", sample),), 0.5)
    result = Harness(config, tmp_path).run()
    assert result["boards_done"] == 40
    errors = lines(tmp_path / "errors.jsonl")
    assert all(e["engine"] == "sample" for e in errors)
    crashed = [e for e in errors if "exited with status 3" in e["error"]]
    hung = [e for e in errors if "exited" not in e["error"]]
    assert crashed and hung
    assert all(any(o["id"] == "o8" for o in e["board"]["objects"]) for e in crashed)
    assert all(not any(o["id"] == "o8" for o in e["board"]["objects"]) for e in hung)
    # Every error is counted by its kind, and each kept one says its kind.
    assert {e["kind"] for e in crashed} == {"crash"} and {e["kind"] for e in hung} == {"hang"}
    by_kind = result["engine_errors_by_kind"]
    assert set(by_kind) == {"crash", "hang"} and sum(by_kind.values()) == result["engine_errors"] >= len(errors)
    assert json.loads((tmp_path / "run.json").read_text())["engine_errors_by_kind"] == by_kind
    assert f"crash {by_kind['crash']}" in (tmp_path / "summary.md").read_text()
    # Between failures the restarted engine answers like cr613: no divergence at all.
    assert result["divergent_boards"] == 0
    # A crash is shrunk to a minimal board that crashes too: one that keeps o8 and as little else as the shrinker
    # can take away (o8 alone). A hang is not shrunk: each try would wait for the timeout.
    assert all(e["minimal_board"]["objects"] == [o for o in e["minimal_board"]["objects"] if o["id"] == "o8"]
               for e in crashed[:MAX_SHRUNK_PER_KIND])
    assert not any("minimal_board" in e for e in hung)


def test_cli_run_with_engine_cmd_and_engine_config(tmp_path):
    runner = CliRunner()
    result = runner.invoke(app, ["run", "--engines", "cr613,sample", "--engine-cmd", f"sample={SAMPLE}",
                                 "--boards", "200", "--jobs", "1", "--out", str(tmp_path / "a"), "--quiet"])
    assert result.exit_code == 0, result.output
    config = tmp_path / "engines.yaml"
    config.write_text(yaml.safe_dump({"engines": {"sample": {"command": SAMPLE, "timeout": 5}}}))
    result = runner.invoke(app, ["run", "--engines", "cr613,sample", "--engine-config", str(config),
                                 "--boards", "200", "--jobs", "1", "--out", str(tmp_path / "b"), "--quiet"])
    assert result.exit_code == 0, result.output
    broken = runner.invoke(app, ["run", "--engines", "cr613,dead", "--engine-cmd", "dead=/nonexistent/engine",
                                 "--boards", "10", "--out", str(tmp_path / "c"), "--quiet"])
    assert broken.exit_code == 2 and "dead" in broken.output and "Traceback" not in broken.output
