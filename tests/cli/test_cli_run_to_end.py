"""One ``politeharvest harvest`` runs a harvest to the end, job after job (issue 33, 1 and 3).

Each page is a job with its own budget, deferrals are waited out by the command (visibly),
``--once`` keeps one job and exit 75, and Ctrl-C with ``--files`` stops within seconds:
the file in hand finished, the rest left to the next run, nothing lost or doubled.
Real servers on loopback, scaled-down policies (a job budget of about a second).
"""

from __future__ import annotations

import itertools
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

from politeharvest.testing import (
    LoggedRequest,
    LoopbackServer,
    OaiTestRepository,
    Reply,
    serve_fulltext,
)
from tests.support import SERVER_SLACK, server_gaps, server_lag

pytestmark = pytest.mark.integration

UA = "politeharvest-tests/1.0 (+mailto:tests@example.org)"
REQUEST_INTERVAL = 0.1
FILE_INTERVAL = 0.05
#: The server stamps a response's end once its thread gets a CPU again: on a busy 2-core
#: machine (load 10) its gaps read up to 14 ms short of what the wire saw, for the old code
#: as for the new. Its gaps are checked allowing for the lag it measured itself
#: (`server_gaps`, `server_lag`); the floor is checked exactly on the harvester's own
#: timestamps (--audit).
SLACK = SERVER_SLACK


def _policy(tmp_path: Path, **settings: float) -> Path:
    path = tmp_path / "policy.toml"
    values = {
        "request_interval": REQUEST_INTERVAL,
        "file_interval": FILE_INTERVAL,
        "job_budget": 1.0,
        "max_wait": 1.0,
        "jitter": 0.0,
        "user_agent": UA,
        **settings,
    }
    lines = [f"{k} = {json.dumps(v)}" for k, v in values.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _serve(repository: OaiTestRepository, *, files: bool = True) -> LoopbackServer:
    server = LoopbackServer("127.0.0.1").start()
    server.add("/robots.txt", Reply(200, body="User-agent: *\nDisallow: /admin\n"))
    server.add("/oai", repository)
    if files:
        serve_fulltext(server, repository)
    return server


@pytest.fixture
def ctrl_c_served() -> Iterator[tuple[LoopbackServer, OaiTestRepository]]:
    repository = OaiTestRepository.sample(40, page_size=10, deleted_every=0)
    server = _serve(repository)
    try:
        yield server, repository
    finally:
        server.stop()


def _harvest(*args: str) -> tuple[int, str]:
    """One ``politeharvest harvest`` command, in a process of its own (the server's log
    then stamps each response's end as the wire saw it, not after this process's harvest
    let go of the interpreter lock)."""
    done = subprocess.run(_cli("harvest", *args), capture_output=True, text=True, timeout=110)
    return done.returncode, done.stderr


def _records(out: Path) -> list[dict[str, object]]:
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    return [row for row in rows if not row.get("retry")]


def _check_gaps(server: LoopbackServer, audit: Path, file_interval: float = FILE_INTERVAL) -> None:
    """Every end-to-start gap at or above the policy's: as the server saw it (within its
    clock's slack), and exactly on the harvester's own clock (the --audit file)."""
    for request, gap in server_gaps(server.log):
        floor = file_interval if request.path.startswith("/files/") else REQUEST_INTERVAL
        assert gap >= floor - SLACK, (request.path, gap)
    rows = [json.loads(line) for line in audit.read_text(encoding="utf-8").splitlines()]
    sent = sorted(
        (row for row in rows if row.get("type") == "request" and row["start"] is not None),
        key=lambda row: row["start"],
    )
    assert len(sent) >= len(server.log) - 1
    for before, after in itertools.pairwise(sent):
        floor = file_interval if after["kind"] == "file" else REQUEST_INTERVAL
        # 2 us: the audit's rounding of wall-clock seconds
        assert after["start"] - before["end"] >= floor * after["multiplier"] - 2e-6, after


@pytest.mark.parametrize(
    ("files", "page_size", "budget"),
    [(False, 2, 0.6), (True, 4, 2.0)],
    ids=["records", "with-files"],
)
def test_one_command_harvests_past_many_job_budgets(
    tmp_path: Path, files: bool, page_size: int, budget: float
) -> None:
    repository = OaiTestRepository.sample(48, page_size=page_size, deleted_every=0)
    server = _serve(repository, files=files)
    out = tmp_path / "records.jsonl"
    policy = _policy(tmp_path, job_budget=budget)
    audit = tmp_path / "audit.jsonl"
    args = [server.url("/oai"), "--out", str(out), "--policy", str(policy), "--audit", str(audit)]
    if files:
        args += ["--files", str(tmp_path / "files")]
    try:
        started = time.monotonic()
        code, err = _harvest(*args)
        took = time.monotonic() - started
    finally:
        server.stop()
    assert code == 0, err
    # several job budgets: the old command exited 75 when the first one ended
    assert took > 3 * budget, took
    identifiers = [row["identifier"] for row in _records(out)]
    assert len(identifiers) == len(set(identifiers)) == len(repository.records)
    # a page job whose budget ran out before its request (a loaded machine: the host's
    # answers read as slow, the interval x8 past the budget) resumes from its checkpoint's
    # datestamp: a page more, and the record delivered before left out, never twice
    summary = re.search(r"48 records \(0 deleted\) in (\d+) pages", err)
    assert summary is not None, err
    assert int(summary.group(1)) == 48 // page_size or "job budget" in err, err
    if files:
        stored = sorted(p.name for p in (tmp_path / "files").glob("*.pdf"))
        assert len(stored) == len(repository.records)
        statuses = {row["fulltext"]["status"] for row in _records(out)}  # type: ignore[index]
        assert statuses == {"downloaded"}
    _check_gaps(server, audit)


def test_files_a_page_job_had_no_budget_left_for_are_fetched_before_the_command_ends(
    tmp_path: Path,
) -> None:
    # 10 records a page, a file 0.15 s apart, a job budget of 1 s: every page's budget
    # runs out among its files; those are left retry-later and fetched in later jobs
    repository = OaiTestRepository.sample(20, page_size=10, deleted_every=0)
    server = _serve(repository)
    out, files = tmp_path / "records.jsonl", tmp_path / "files"
    # a page of 10 files takes 3 s, a job 2 s: budgets run out among the files, while a
    # retry job still has room for several files on a loaded machine
    policy = _policy(tmp_path, job_budget=2.0, file_interval=0.3)
    audit = tmp_path / "audit.jsonl"
    try:
        code, err = _harvest(
            server.url("/oai"),
            "--out",
            str(out),
            "--files",
            str(files),
            "--policy",
            str(policy),
            "--audit",
            str(audit),
        )
    finally:
        server.stop()
    assert code == 0, err
    assert "left to retry (a page job" in err
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    records = [row["identifier"] for row in rows if not row.get("retry")]
    assert len(records) == len(set(records)) == 20
    last = {row["identifier"]: row["fulltext"]["status"] for row in rows}  # the latest row wins
    assert set(last.values()) == {"downloaded"}, last
    assert any(row["fulltext"]["status"] == "retry-later" for row in rows)  # budgets did run out
    assert len(list(files.glob("*.pdf"))) == 20
    _check_gaps(server, audit, file_interval=0.3)


def test_a_page_the_job_budget_cut_off_is_asked_for_by_the_next_job(tmp_path: Path) -> None:
    """A page whose body is still arriving when the job's budget runs out: the next job asks
    for it again (the command exited 1 with "a network failure" before)."""
    repository = OaiTestRepository.sample(12, page_size=2, deleted_every=0)
    asked = itertools.count()

    def listing(request: LoggedRequest) -> Reply:
        reply = repository(request)
        # the third page trickles in over about 3 s, past the job's budget of 1 s
        return attrs.evolve(reply, trickle_s=0.001) if next(asked) == 2 else reply

    server = LoopbackServer("127.0.0.1").start()
    server.add("/robots.txt", Reply(200, body="User-agent: *\n"))
    server.add("/oai", listing)
    out = tmp_path / "records.jsonl"
    try:
        code, err = _harvest(
            server.url("/oai"), "--out", str(out), "--policy", str(_policy(tmp_path))
        )
    finally:
        server.stop()
    assert code == 0, err
    assert "the job's budget ran out while the page was arriving" in err, err
    identifiers = [row["identifier"] for row in _records(out)]
    assert sorted(identifiers) == sorted(r.identifier for r in repository.records)


def test_a_file_left_to_a_later_command_is_named_with_when(tmp_path: Path) -> None:
    """A file cut by its own time limit (a network failure) is retried in an hour: the
    command ends, and its summary says how many files are left and from when, rather than
    reporting a harvest with every file had."""
    from urllib.parse import quote

    repository = OaiTestRepository.sample(4, page_size=10, deleted_every=0)
    server = _serve(repository)
    cut = repository.records[1].identifier
    trickle = Reply(200, {"Content-Type": "application/pdf"}, b"%PDF-1.4\n" + b"x" * 200)
    server.add(f"/files/{quote(cut)}.pdf", attrs.evolve(trickle, trickle_s=0.05))
    out, files = tmp_path / "records.jsonl", str(tmp_path / "files")
    policy = str(_policy(tmp_path, job_budget=60.0, file_time_s=0.5))
    try:
        code, err = _harvest(
            server.url("/oai"), "--out", str(out), "--files", files, "--policy", policy
        )
    finally:
        server.stop()
    assert code == 0, err
    statuses = {row["identifier"]: row["fulltext"]["status"] for row in _records(out)}  # type: ignore[index]
    assert statuses.pop(cut) == "retry-later"
    assert set(statuses.values()) == {"downloaded"}
    match = re.search(r"note: 1 file left to retry from (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)", err)
    assert match is not None, err
    # a network failure's mark: an hour from now, as the local time the note gives
    due = time.mktime(time.strptime(match.group(1), "%Y-%m-%d %H:%M:%S"))
    assert 3500 < due - time.time() < 3700, err


def test_a_deferral_is_waited_out_visibly_then_the_harvest_completes(tmp_path: Path) -> None:
    repository = OaiTestRepository.sample(
        12, page_size=4, deleted_every=0, replies={3: Reply(503, {"Retry-After": "3"}, "busy")}
    )
    server = _serve(repository, files=False)
    try:
        out = tmp_path / "records.jsonl"
        policy = _policy(tmp_path, job_budget=60.0)
        started = time.monotonic()
        code, err = _harvest(server.url("/oai"), "--out", str(out), "--policy", str(policy))
        took = time.monotonic() - started
    finally:
        server.stop()
    assert code == 0, err
    assert took >= 2.5  # the Retry-After was waited out, not skipped
    match = re.search(
        r"waiting until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d.* \((\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)\), "
        r"\d+ s: the server asked for 3 s",
        err,
    )
    assert match is not None, err
    identifiers = [row["identifier"] for row in _records(out)]
    assert len(identifiers) == len(set(identifiers)) == 12
    # the server was not asked again before its Retry-After was over
    log = server.requests_for("/oai")
    refused = next(i for i, r in enumerate(log) if r.status == 503)
    assert log[refused + 1].arrival - log[refused].end >= 3.0 - server_lag(log[refused])


def test_ctrl_c_during_a_wait_stops_at_once_and_the_next_run_completes(tmp_path: Path) -> None:
    repository = OaiTestRepository.sample(
        12, page_size=4, deleted_every=0, replies={3: Reply(503, {"Retry-After": "5"}, "busy")}
    )
    server = _serve(repository, files=False)
    try:
        out = tmp_path / "records.jsonl"
        policy = _policy(tmp_path, job_budget=60.0)
        args = _cli("harvest", server.url("/oai"), "--out", str(out), "--policy", str(policy))
        process = subprocess.Popen(
            args, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True
        )
        assert process.stderr is not None
        seen = ""
        while "waiting until" not in seen:
            line = process.stderr.readline()
            assert line, seen
            seen += line
        process.send_signal(signal.SIGINT)
        asked = time.monotonic()
        rest = process.stderr.read()
        process.stderr.close()
        process.wait(timeout=30)
        took = time.monotonic() - asked
        assert process.returncode == 130, seen + rest
        assert took < 2.0, took  # not the 5 s the wait had left
        assert "interrupted; run the same command to continue" in rest
        written = _records(out)
        code, err = _harvest(server.url("/oai"), "--out", str(out), "--policy", str(policy))
    finally:
        server.stop()
    assert code == 0, err
    identifiers = [row["identifier"] for row in _records(out)]
    assert 0 < len(written) < 12
    assert len(identifiers) == len(set(identifiers)) == 12


def test_robots_txt_unreadable_for_now_is_waited_out(tmp_path: Path) -> None:
    repository = OaiTestRepository.sample(8, page_size=4, deleted_every=0)
    server = LoopbackServer("127.0.0.1").start()
    server.add("/robots.txt", [Reply(503, body="busy"), Reply(200, body="User-agent: *\n")])
    server.add("/oai", repository)
    try:
        out = tmp_path / "records.jsonl"
        policy = _policy(tmp_path, robots_error_s=2.0)
        started = time.monotonic()
        code, err = _harvest(server.url("/oai"), "--out", str(out), "--policy", str(policy))
        took = time.monotonic() - started
    finally:
        server.stop()
    assert code == 0, err
    assert took >= 1.5
    assert re.search(r"waiting until .*: .*robots\.txt", err), err
    assert len(_records(out)) == 8
    robots = server.requests_for("/robots.txt")
    assert [r.status for r in robots] == [503, 200]
    assert robots[1].arrival - robots[0].end >= 2.0 - server_lag(robots[0])  # only when due
    assert all(r.arrival > robots[1].end for r in server.requests_for("/oai"))


def test_once_keeps_one_job_and_exit_75(tmp_path: Path) -> None:
    repository = OaiTestRepository.sample(
        12, page_size=4, deleted_every=0, replies={3: Reply(503, {"Retry-After": "3"}, "busy")}
    )
    server = _serve(repository, files=False)
    try:
        out = tmp_path / "records.jsonl"
        policy = _policy(tmp_path, job_budget=60.0)
        started = time.monotonic()
        code, err = _harvest(
            server.url("/oai"), "--out", str(out), "--policy", str(policy), "--once"
        )
        took = time.monotonic() - started
    finally:
        server.stop()
    assert code == 75, err
    assert took < 2.5
    assert "deferred: the server asked for 3 s" in err
    assert "waiting until" not in err
    assert 4 <= len(_records(out)) < 12  # the pages before stand; the same command continues


def test_a_wait_beyond_the_run_limit_exits_75_with_a_message(tmp_path: Path) -> None:
    repository = OaiTestRepository.sample(
        12, page_size=4, deleted_every=0, replies={3: Reply(503, {"Retry-After": "30"}, "busy")}
    )
    server = _serve(repository, files=False)
    try:
        out = tmp_path / "records.jsonl"
        policy = _policy(tmp_path, job_budget=60.0, stuck_after=5.0)
        started = time.monotonic()
        code, err = _harvest(server.url("/oai"), "--out", str(out), "--policy", str(policy))
        took = time.monotonic() - started
    finally:
        server.stop()
    assert code == 75, err
    assert took < 5.0  # not waited: the wait would end past the run's limit
    assert "its run limit of 5 s (the policy's stuck_after)" in err
    assert "deferred: the server asked for 30 s" in err


def test_a_host_that_never_answered_is_an_error_not_a_wait(tmp_path: Path) -> None:
    server = LoopbackServer("127.0.0.1").start()
    url = server.url("/oai")
    server.stop()  # nothing listens there now
    started = time.monotonic()
    code, err = _harvest(
        url, "--out", str(tmp_path / "x.jsonl"), "--policy", str(_policy(tmp_path))
    )
    assert code == 1, err
    assert time.monotonic() - started < 10.0
    assert "waiting until" not in err


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "politeharvest", *args, "--allow-private-addresses"]


@pytest.mark.parametrize(
    ("signum", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["ctrl-c", "sigterm"]
)
def test_ctrl_c_with_files_stops_within_seconds_and_the_next_run_completes(
    ctrl_c_served: tuple[LoopbackServer, OaiTestRepository],
    tmp_path: Path,
    signum: signal.Signals,
    code: int,
) -> None:
    # 10 records a page, 1.5 s between files: a page's files take 15 s; stopping "after
    # the page" takes that long, stopping after the file in hand far less.
    server, repository = ctrl_c_served
    url = server.url("/oai")
    out, files = tmp_path / "records.jsonl", tmp_path / "files"
    policy = _policy(tmp_path, file_interval=1.5, job_budget=600.0, max_wait=60.0)
    args = _cli("harvest", url, "--out", str(out), "--files", str(files), "--policy", str(policy))
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        args, cwd=tmp_path, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env
    )
    # wait for the first file of the first page to be stored, then interrupt
    deadline = time.monotonic() + 60
    while not list(files.glob("*.pdf")):
        assert time.monotonic() < deadline and process.poll() is None
        time.sleep(0.05)
    process.send_signal(signum)
    asked = time.monotonic()
    _, err = process.communicate(timeout=60)
    took = time.monotonic() - asked
    assert process.returncode == code, err
    assert took < 4.0, (took, err)
    first = _records(out)
    assert len(first) == 10  # the page's records are written and checkpointed
    left = [r for r in first if r["fulltext"]["reason"] == "interrupted"]  # type: ignore[index]
    assert 5 <= len(left) <= 9, [r["fulltext"] for r in first]  # type: ignore[index]
    assert all(r["fulltext"]["status"] == "retry-later" for r in left)  # type: ignore[index]
    # the next runs check what is stored, not the pace: a tenth of it
    fast = _policy(tmp_path, job_budget=600.0, request_interval=0.01, file_interval=0.005)
    again = subprocess.run(
        _cli("harvest", url, "--out", str(out), "--files", str(files), "--policy", str(fast)),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert again.returncode == 0, again.stderr
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    records = [r["identifier"] for r in rows if not r.get("retry")]
    retried = [r["identifier"] for r in rows if r.get("retry")]
    assert len(records) == len(set(records)) == len(repository.records)  # each once
    assert sorted(retried) == sorted(r["identifier"] for r in left)  # the rest, next run
    assert all(r["fulltext"]["status"] == "downloaded" for r in rows if r.get("retry"))
    stored = sorted(files.glob("*.pdf"))
    assert len(stored) == len(repository.records)  # every own file, once
    before = out.read_text(encoding="utf-8")
    third = subprocess.run(
        _cli("harvest", url, "--out", str(out), "--files", str(files), "--policy", str(fast)),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert third.returncode == 0, third.stderr
    assert out.read_text(encoding="utf-8") == before  # nothing retried twice
    assert not [p for p in files.iterdir() if not p.name.endswith(".pdf") and p.is_file()]


def _interrupt_after_a_file(args: list[str], cwd: Path, files: Path) -> tuple[int, str]:
    """Run the command, send SIGINT once it has stored one more file, and wait for it."""
    before = len(list(files.glob("*.pdf"))) if files.exists() else 0
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        args, cwd=cwd, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env
    )
    deadline = time.monotonic() + 60
    while len(list(files.glob("*.pdf"))) <= before:
        assert time.monotonic() < deadline and process.poll() is None
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    return process.returncode, err


def test_ctrl_c_that_leaves_files_to_the_next_run_exits_130_also_on_the_last_page(
    tmp_path: Path,
) -> None:
    """Ctrl-C among the files of the listing's last page, or among the files a later command
    retries, leaves files to the next run: the command says it was interrupted and exits
    130, not 0 as if the harvest were done (a cron job or a script would then stop)."""
    repository = OaiTestRepository.sample(6, page_size=10, deleted_every=0)  # one page
    server = _serve(repository)
    try:
        url = server.url("/oai")
        out, files = tmp_path / "records.jsonl", tmp_path / "files"
        slow = _policy(tmp_path, file_interval=0.6, job_budget=600.0, max_wait=60.0)
        args = _cli("harvest", url, "--out", str(out), "--files", str(files), "--policy", str(slow))
        # 1. Ctrl-C among the only page's files: the listing is complete, files are not
        code, err = _interrupt_after_a_file(args, tmp_path, files)
        assert code == 130, err
        assert err.strip().splitlines()[-1] == (
            "politeharvest: interrupted; run the same command to continue"
        )
        left = [r for r in _records(out) if r["fulltext"]["status"] == "retry-later"]  # type: ignore[index]
        assert 1 <= len(left) <= 5, err
        # 2. Ctrl-C among the files the next command retries
        code, err = _interrupt_after_a_file(args, tmp_path, files)
        stored = len(list(files.glob("*.pdf")))
        assert code == 130, err
        assert err.strip().splitlines()[-1] == (
            "politeharvest: interrupted; run the same command to continue"
        )
        assert stored < len(repository.records), err
        # 3. the same command, not interrupted, stores the rest and exits 0
        done = subprocess.run(args, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    finally:
        server.stop()
    assert done.returncode == 0, done.stderr
    assert "interrupted" not in done.stderr
    records = [r["identifier"] for r in _records(out)]
    assert len(records) == len(set(records)) == len(repository.records)
    assert len(list(files.glob("*.pdf"))) == len(repository.records)
