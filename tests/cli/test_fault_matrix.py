"""The fault matrix: everyday machine faults, staged for real, through the CLI in subprocesses.

Each scenario asserts the exit code, a one-line message naming the cause, the object
(file, folder, host) and the remedy, every record exactly once after the obvious recovery
step, and that no byte changed in files the library does not own. Disks are small tmpfs
mounts (root) or RLIMIT_FSIZE; signals go to the running CLI; TLS servers carry trustme
certificates; a relay drops the server and brings it back.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import ssl
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
import trustme

from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply
from tests.support.faults import (
    Relay,
    command,
    exactly_once,
    file_size_limit,
    identifiers,
    one_line,
    remount,
    run,
    runs,
    small_disk,
    snapshot,
    unchanged,
    wait_for,
    write_policy,
)

pytestmark = pytest.mark.integration

REPO = OaiTestRepository.sample(120, page_size=20)
ALL = {r.identifier for r in REPO.records}


class Switchable:
    """The test repository, trickling its answers while `slow` is set."""

    def __init__(self, repo: OaiTestRepository) -> None:
        self.repo = repo
        self.slow = threading.Event()

    def __call__(self, request: object) -> Reply:
        reply = self.repo(request)  # type: ignore[arg-type]
        return attrs.evolve(reply, trickle_s=0.01) if self.slow.is_set() else reply


@pytest.fixture(scope="module")
def route() -> Switchable:
    return Switchable(REPO)


@pytest.fixture(scope="module")
def server(route: Switchable) -> Iterator[LoopbackServer]:
    with LoopbackServer("127.0.0.7") as srv:
        srv.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        srv.add("/oai", route)
        yield srv


@attrs.define
class Job:
    """One harvest's files, and the command line that runs it."""

    folder: Path
    url: str
    out: Path
    state: Path
    policy: Path

    def args(
        self, *extra: str, out: Path | str | None = None, state: Path | None = None
    ) -> list[str]:
        return [
            "harvest",
            self.url,
            "--policy",
            str(self.policy),
            "--out",
            str(out if out is not None else self.out),
            "--state",
            str(state if state is not None else self.state),
            "--quiet",
            *extra,
        ]

    def run(self, *extra: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
        out = kwargs.pop("out", None)
        state = kwargs.pop("state", None)
        return run(*self.args(*extra, out=out, state=state), cwd=self.folder, **kwargs)  # type: ignore[arg-type]


@pytest.fixture
def job(server: LoopbackServer, tmp_path: Path) -> Job:
    return Job(
        tmp_path,
        server.url("/oai"),
        tmp_path / "records.jsonl",
        tmp_path / "state.sqlite",
        write_policy(tmp_path),
    )


def harvested(job: Job) -> bytes:
    """A complete harvest into the job's files; the output's bytes."""
    done = job.run()
    assert done.returncode == 0, done.stderr
    exactly_once(job.out, ALL)
    return job.out.read_bytes()


def requests_made(server: LoopbackServer, since: int) -> int:
    return len(server.log) - since


def refused_before_any_request(
    job: Job, server: LoopbackServer, *words: str, args: tuple[str, ...] = (), **where: object
) -> str:
    """Run; assert exit 2, one line holding `words`, and not one request made."""
    seen = len(server.log)
    done = job.run(*args, **where)
    assert done.returncode == 2, done.stderr
    line = one_line(done, *words)
    assert requests_made(server, seen) == 0
    return line


# -- the state file ------------------------------------------------------------------------------


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _cut(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])


def _overwritten(path: Path) -> None:
    path.write_bytes(b'{"not": "a state"}\n' * 300)


def _zeroed(path: Path) -> None:
    path.write_bytes(b"\0" * path.stat().st_size)


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (_empty, "was an empty file"),
        (_cut, "state.sqlite"),
        (_overwritten, "not a state file"),
        (_zeroed, "not a state file"),
    ],
    ids=["empty", "cut", "overwritten", "zeroed"],
)
def test_a_damaged_state_is_refused_and_the_advice_loses_and_repeats_nothing(
    job: Job, server: LoopbackServer, damage: object, words: str
) -> None:
    harvested(job)
    for leftover in job.folder.glob("state.sqlite-*"):
        leftover.unlink()  # the WAL is gone with the damage (a failed copy copies one file)
    damage(job.state)  # type: ignore[operator]
    before = snapshot(job.out)
    seen = len(server.log)
    done = job.run()
    assert done.returncode == 2
    one_line(done, words, str(job.state), "--state NEW.sqlite --full --out NEW.jsonl")
    assert requests_made(server, seen) == 0
    unchanged(before)
    again = job.run()  # the same command once more: still refused, never a fresh start
    assert again.returncode == 2
    one_line(again, words, str(job.state))
    assert requests_made(server, seen) == 0
    unchanged(before)
    # the advice, followed: every record once in the new file, the old one untouched
    fresh = job.folder / "NEW.jsonl"
    again = job.run("--full", out=fresh, state=job.folder / "NEW.sqlite")  # the advice
    assert again.returncode == 0, again.stderr
    exactly_once(fresh, ALL)
    unchanged(before)


def test_an_empty_state_with_no_records_out_yet_starts_afresh(job: Job) -> None:
    job.state.write_bytes(b"")
    done = job.run()
    assert done.returncode == 0, done.stderr
    exactly_once(job.out, ALL)


def test_a_state_that_is_a_folder_is_refused_before_any_request(
    job: Job, server: LoopbackServer
) -> None:
    job.state.mkdir()
    refused_before_any_request(job, server, str(job.state), "is a folder", "--state")
    done = job.run(state=job.folder / "state-file.sqlite")
    assert done.returncode == 0, done.stderr
    exactly_once(job.out, ALL)


def test_an_output_holding_records_another_state_wrote_is_refused(
    job: Job, server: LoopbackServer
) -> None:
    harvested(job)
    before = snapshot(job.out)
    seen = len(server.log)
    other = job.folder / "other.sqlite"
    done = job.run(state=other)
    assert done.returncode == 2
    one_line(done, str(job.out), "records of this repository", "did not write", "new --out")
    assert requests_made(server, seen) < 2  # no listing (robots.txt at most)
    unchanged(before)
    again = job.run()  # the state that wrote it: nothing new, nothing twice
    assert again.returncode == 0, again.stderr
    exactly_once(job.out, ALL)


def test_an_output_holding_only_the_users_own_lines_is_appended_to(job: Job) -> None:
    job.out.write_text('{"note": "my own line"}\n')
    mine = job.out.read_bytes()
    done = job.run()
    assert done.returncode == 0, done.stderr
    assert job.out.read_bytes().startswith(mine)
    lines = job.out.read_text().splitlines()[1:]
    assert sorted(json.loads(line)["identifier"] for line in lines) == sorted(ALL)


def test_a_refused_resume_advice_never_duplicates(job: Job) -> None:
    done = job.run("--max-records", "40")
    assert done.returncode == 0, done.stderr
    job.out.unlink()  # the output of an unfinished harvest is gone
    refused = job.run()
    assert refused.returncode == 2
    line = one_line(refused, str(job.out), "is gone", "--full and a new --out")
    assert "run with --full" in line
    fresh = job.folder / "again.jsonl"
    again = job.run("--full", out=fresh)
    assert again.returncode == 0, again.stderr
    exactly_once(fresh, ALL)


# -- disks and folders ---------------------------------------------------------------------------


def test_a_full_disk_for_the_output(job: Job, server: LoopbackServer) -> None:
    with small_disk(job.folder / "disk", 32) as disk:
        out = disk / "records.jsonl"
        done = job.run(out=out)
        assert done.returncode == 1
        one_line(done, str(out), "the disk is full", "free space")
        assert 0 < len(identifiers(out)) < len(ALL)
        assert out.read_bytes().endswith(b"\n")  # the page not fully written was taken back
        remount(disk, "size=2m")
        again = job.run(out=out)
        assert again.returncode == 0, again.stderr
        exactly_once(out, ALL)


def test_a_file_size_limit_for_the_output(job: Job) -> None:
    """RLIMIT_FSIZE: the same fault without root (writes beyond the limit fail, EFBIG).

    The output starts with 2 MB of the user's own lines, so the limit is reached there
    first (the state file stays far below it).
    """
    mine = b'{"note": "the user\'s own line"}\n' * 64_000
    job.out.write_bytes(mine)
    done = job.run(preexec_fn=file_size_limit(len(mine) + 20_000))
    assert done.returncode == 1
    one_line(done, str(job.out), "size limit", "run the same command")
    assert job.out.read_bytes().startswith(mine)
    got = job.out.read_bytes()[len(mine) :].splitlines()
    assert 0 < len(got) < len(ALL)
    assert job.out.read_bytes().endswith(b"\n")  # the page not fully written was taken back
    again = job.run()
    assert again.returncode == 0, again.stderr
    rows = job.out.read_bytes()[len(mine) :].splitlines()
    assert sorted(json.loads(r)["identifier"] for r in rows) == sorted(ALL)


def test_a_full_disk_for_the_state(job: Job) -> None:
    with small_disk(job.folder / "disk", 120) as disk:
        state = disk / "state.sqlite"
        done = job.run(state=state)
        assert done.returncode == 1, done.stderr
        one_line(done, str(state), "the disk is full", "free space")
        remount(disk, "size=8m")
        again = job.run(state=state)
        assert again.returncode == 0, again.stderr
        exactly_once(job.out, ALL)


def test_a_read_only_folder_for_the_default_state(
    job: Job, server: LoopbackServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    with small_disk(job.folder / "ro", 64, read_only=True) as folder:
        monkeypatch.setenv("POLITEHARVEST_STATE", str(folder / "harvests" / "state.sqlite"))
        seen = len(server.log)
        args = [a for a in job.args() if a not in ("--state", str(job.state))]
        done = run(*args, cwd=job.folder)
        assert done.returncode == 2
        one_line(done, str(folder), "cannot be written", "--state")
        assert requests_made(server, seen) == 0


def test_a_read_only_files_folder_is_refused_before_any_request(
    job: Job, server: LoopbackServer
) -> None:
    with small_disk(job.folder / "ro", 64, read_only=True) as folder:
        words = (str(folder), "cannot be written", "--files")
        refused_before_any_request(job, server, *words, args=("--files", str(folder)))
        assert not job.out.exists()


def test_a_files_path_that_is_a_file_is_refused(job: Job, server: LoopbackServer) -> None:
    blocker = job.folder / "files"
    blocker.write_text("mine")
    before = snapshot(blocker)
    words = (str(blocker), "is a file, not a folder", "--files")
    refused_before_any_request(job, server, *words, args=("--files", str(blocker)))
    unchanged(before)


def test_an_output_that_is_a_folder_is_refused(job: Job, server: LoopbackServer) -> None:
    job.out.mkdir()
    refused_before_any_request(job, server, str(job.out), "is a folder", "--out")


def test_a_read_only_output_folder_is_refused(job: Job, server: LoopbackServer) -> None:
    with small_disk(job.folder / "ro", 64, read_only=True) as folder:
        words = (str(folder), "cannot be written", "--out")
        refused_before_any_request(job, server, *words, out=folder / "records.jsonl")


# -- full text: files on a disk that fills, a kill during a file ----------------------------------

PDF = b"%PDF-1.7\n" + b"0" * 24_000 + b"\n%%EOF\n"


class Journal:
    """Records whose landing pages link PDFs; `slow` trickles the PDFs."""

    def __init__(self, server: LoopbackServer) -> None:
        self.slow = threading.Event()
        self.repo = OaiTestRepository.sample(
            6, page_size=3, deleted_every=100, link_base=server.url("/landing/")
        )
        self.ids = {r.identifier for r in self.repo.records}
        server.add("/oai", self.repo)
        server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        server.add("/landing/*", self.landing)
        server.add("/files/*", self.pdf)

    def landing(self, request: object) -> Reply:
        name = str(getattr(request, "path", "")).rsplit(":", 1)[-1]
        head = f'<meta name="citation_pdf_url" content="/files/{name}.pdf">'
        return Reply(200, {"Content-Type": "text/html"}, f"<html><head>{head}</head></html>")

    def pdf(self, request: object) -> Reply:
        reply = Reply(200, {"Content-Type": "application/pdf"}, PDF)
        return attrs.evolve(reply, trickle_s=0.0005) if self.slow.is_set() else reply


@pytest.fixture
def journal() -> Iterator[tuple[LoopbackServer, Journal]]:
    with LoopbackServer("127.0.0.8") as srv:
        yield srv, Journal(srv)


def test_a_full_disk_for_the_files(journal: tuple[LoopbackServer, Journal], tmp_path: Path) -> None:
    srv, site = journal
    job = Job(
        tmp_path,
        srv.url("/oai"),
        tmp_path / "r.jsonl",
        tmp_path / "s.sqlite",
        write_policy(tmp_path),
    )
    with small_disk(tmp_path / "files", 64) as files:
        done = job.run("--files", str(files))
        assert done.returncode == 1, done.stderr
        one_line(done, str(files), "the disk is full", "free space")
        remount(files, "size=4m")
        again = job.run("--files", str(files))
        assert again.returncode == 0, again.stderr
        exactly_once(job.out, site.ids)
        assert not list(files.glob(".part-*"))


def _downloading(files: Path) -> bool:
    """A PDF's body has begun to arrive in a temporary file.

    Not the writability probe (`.part-probe-*`) the command makes and removes at once
    before its first request: a kill timed on that one lands before any file is begun.
    """
    for part in files.glob(".part-*"):
        try:
            if not part.name.startswith(".part-probe-") and part.stat().st_size > 0:
                return True
        except FileNotFoundError:  # removed between the listing and the look
            continue
    return False


def test_sigkill_during_a_file_leaves_no_temporary_file_for_good(
    journal: tuple[LoopbackServer, Journal], tmp_path: Path
) -> None:
    srv, site = journal
    policy = write_policy(tmp_path, min_rate_s=0.0)
    job = Job(tmp_path, srv.url("/oai"), tmp_path / "r.jsonl", tmp_path / "s.sqlite", policy)
    files = tmp_path / "files"
    mine = files / "notes.txt"
    files.mkdir()
    mine.write_text("the user's own file")
    before = snapshot(mine)
    site.slow.set()
    process = subprocess.Popen(command(*job.args("--files", str(files))), cwd=tmp_path)
    try:
        assert wait_for(lambda: _downloading(files), timeout=60)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        site.slow.clear()
    assert list(files.glob(".part-*"))
    done = run(*[a for a in job.args("--files", str(files)) if a != "--quiet"], cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "half-written temporary files" in done.stderr
    assert not list(files.glob(".part-*"))
    exactly_once(job.out, site.ids)
    unchanged(before)


# -- signals -------------------------------------------------------------------------------------


def _slow_run(job: Job, *extra: str, **policy: object) -> subprocess.Popen[str]:
    args = [a for a in job.args(*extra) if a != "--quiet"]
    write_policy(job.folder, **{"request_interval": 0.3, **policy})
    return subprocess.Popen(
        command(*args), cwd=job.folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )


@pytest.mark.parametrize(
    ("signum", "code", "line"),
    [
        (
            signal.SIGTERM,
            143,
            "politeharvest: terminated (SIGTERM); run the same command to continue",
        ),
        (signal.SIGINT, 130, "politeharvest: interrupted; run the same command to continue"),
    ],
    ids=["SIGTERM", "SIGINT"],
)
def test_a_signal_finishes_the_page_and_closes_the_run(
    job: Job, signum: int, code: int, line: str
) -> None:
    process = _slow_run(job)
    assert wait_for(lambda: len(identifiers(job.out)) >= 20)
    process.send_signal(signum)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == code, stderr
    assert stderr.strip().splitlines()[-1] == line
    written = identifiers(job.out)
    assert 0 < len(written) < len(ALL) and len(written) % 20 == 0  # whole pages
    assert all(status != "running" for status, _ in runs(job.state))
    again = job.run()
    assert again.returncode == 0, again.stderr
    exactly_once(job.out, ALL)


def test_sigterm_twice_stops_at_once(job: Job, route: Switchable) -> None:
    """The second SIGTERM ends a page that trickles in: the page in hand is rolled back."""
    process = _slow_run(job, min_rate_s=0.0)
    try:
        assert wait_for(lambda: len(identifiers(job.out)) >= 20)
        route.slow.set()  # the next page trickles (no minimum rate in this policy)
        process.send_signal(signal.SIGTERM)
        time.sleep(0.5)
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=30)
    finally:
        route.slow.clear()
    assert process.returncode == 143, stderr
    assert "Traceback" not in stderr
    assert stderr.strip().splitlines()[-1].startswith("politeharvest: terminated (SIGTERM)")
    assert all(status != "running" for status, _ in runs(job.state))
    again = job.run()
    assert again.returncode == 0, again.stderr
    exactly_once(job.out, ALL)


def test_sigterm_ends_any_other_command_in_one_line(server: LoopbackServer, tmp_path: Path) -> None:
    server.add("/sleepy", Reply(200, body="late", duration_s=20.0))
    policy = write_policy(tmp_path)
    args = ["identify", server.url("/sleepy"), "--policy", str(policy)]
    since = len(server.log)  # the server serves the whole module: only this run's requests
    process = subprocess.Popen(command(*args), cwd=tmp_path, stderr=subprocess.PIPE, text=True)
    assert wait_for(lambda: any(r.path.startswith("/robots.txt") for r in server.log[since:]))
    time.sleep(0.3)  # the Identify request is on its way
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 143, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr
    assert lines[0].startswith("politeharvest: terminated (SIGTERM)")


def test_a_missing_ca_bundle_is_a_usage_error(job: Job, server: LoopbackServer) -> None:
    missing = job.folder / "no-such-ca.pem"
    seen = len(server.log)
    done = job.run("--ca-bundle", str(missing))
    assert done.returncode == 2
    one_line(done, str(missing), "no such file", "PEM")
    assert requests_made(server, seen) == 0


# -- two processes at once ------------------------------------------------------------------------


def test_two_runs_with_different_states_into_one_output(job: Job) -> None:
    first = _slow_run(job)
    assert wait_for(lambda: job.out.exists())
    second = job.run(state=job.folder / "other.sqlite")
    first.communicate(timeout=60)
    assert first.returncode == 0
    assert second.returncode in (2, 75)
    one_line(second, str(job.out))
    assert "another harvest is writing" in second.stderr or "did not write" in second.stderr
    exactly_once(job.out, ALL)


def test_two_runs_with_one_state_into_one_output(job: Job) -> None:
    first = _slow_run(job)
    assert wait_for(lambda: job.out.exists())
    second = job.run("--once")  # one job: deferred while the first holds the host
    first.communicate(timeout=60)
    assert first.returncode == 0
    assert second.returncode == 75
    one_line(second, "run again")
    exactly_once(job.out, ALL)


# -- standard output -------------------------------------------------------------------------------

#: A reader that takes five lines, one byte at a time, and goes away: every byte it did
#: not read is still in the pipe.
READER = (
    "import os,sys\n"
    "seen = b''\n"
    "while seen.count(b'\\n') < 5:\n"
    "    seen += os.read(0, 1)\n"
    "sys.stdout.buffer.write(seen)\n"
)


def test_a_reader_that_goes_away_ends_quietly_and_loses_nothing(job: Job) -> None:
    """With --consume: standard output records what it delivered (a reader that left did not)."""
    import sys

    harvest = subprocess.Popen(
        command(*job.args("--consume", out="-")),
        cwd=job.folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    reader = subprocess.run(
        [sys.executable, "-c", READER], stdin=harvest.stdout, capture_output=True, timeout=60
    )
    assert harvest.stdout is not None
    harvest.stdout.close()
    _, stderr = harvest.communicate(timeout=60)
    assert harvest.returncode == 0, stderr
    assert stderr == b""
    read = [json.loads(line)["identifier"] for line in reader.stdout.splitlines()]
    assert len(read) == 5
    # the page the reader did not finish was not checkpointed: the next run has it all
    again = job.run("--consume", out="-")
    assert again.returncode == 0, again.stderr
    rest = [json.loads(line)["identifier"] for line in again.stdout.splitlines()]
    assert len(rest) == len(set(rest))
    assert set(rest) | set(read) == ALL
    assert set(read) <= set(rest)  # at least once: the unread page comes again


# -- the network: TLS, a host that goes away, a body that trickles --------------------------------


@pytest.fixture(scope="module")
def tls(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LoopbackServer, Path]]:
    """https on 127.0.0.1 with a certificate for "localhost" only, and its CA's bundle."""
    ca = trustme.CA()
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("localhost").configure_cert(context)
    bundle = tmp_path_factory.mktemp("tls") / "ca.pem"
    ca.cert_pem.write_to_path(str(bundle))
    with LoopbackServer("127.0.0.1", ssl_context=context) as srv:
        srv.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        srv.add("/oai", OaiTestRepository.sample(120, page_size=20))
        yield srv, bundle


@pytest.mark.parametrize(
    ("host", "trusted", "words", "fixed_host"),
    [
        # a CA the machine does not know: trusting it (--ca-bundle) is the remedy
        ("localhost", False, ("TLS certificate of localhost", "--ca-bundle"), "localhost"),
        # a certificate for another name: the name it was issued for is the remedy
        ("127.0.0.1", True, ("TLS certificate of 127.0.0.1", "another name"), "localhost"),
    ],
    ids=["untrusted", "wrong-name"],
)
def test_a_certificate_that_is_not_accepted_is_an_error_naming_the_remedy(
    tls: tuple[LoopbackServer, Path],
    tmp_path: Path,
    host: str,
    trusted: bool,
    words: tuple[str, ...],
    fixed_host: str,
) -> None:
    srv, bundle = tls
    url = f"https://{host}:{srv.port}/oai"
    job = Job(tmp_path, url, tmp_path / "r.jsonl", tmp_path / "s.sqlite", write_policy(tmp_path))
    done = job.run(*(["--ca-bundle", str(bundle)] if trusted else []))
    assert done.returncode == 1  # an error to fix, never a deferral to retry
    line = one_line(done, *words)
    assert len(line) < 400 and "deferred" not in line
    job.url = f"https://{fixed_host}:{srv.port}/oai"
    again = job.run("--ca-bundle", str(bundle))
    assert again.returncode == 0, again.stderr
    exactly_once(job.out, ALL)


def test_a_file_host_with_an_untrusted_certificate_fails_that_file_only(
    tls: tuple[LoopbackServer, Path], tmp_path: Path
) -> None:
    """A CDN's bad certificate is that file's outcome, not the end of the harvest."""
    srv, _ = tls
    with LoopbackServer("127.0.0.8") as journal:
        repo = OaiTestRepository.sample(
            4, page_size=2, deleted_every=100, link_base=journal.url("/landing/")
        )
        journal.add("/oai", repo)
        journal.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        pdf = f"https://localhost:{srv.port}/files/paper.pdf"
        head = f'<meta name="citation_pdf_url" content="{pdf}">'
        page = Reply(200, {"Content-Type": "text/html"}, f"<html><head>{head}</head></html>")
        journal.add("/landing/*", page)
        job = Job(
            tmp_path,
            journal.url("/oai"),
            tmp_path / "r.jsonl",
            tmp_path / "s.sqlite",
            write_policy(tmp_path),
        )
        done = job.run("--files", str(tmp_path / "files"))
    assert done.returncode == 0, done.stderr
    exactly_once(job.out, {r.identifier for r in repo.records})
    rows = [json.loads(line) for line in job.out.read_text().splitlines()]
    reasons = [row["fulltext"].get("reason", "") for row in rows]
    assert all("TLS certificate of localhost" in reason for reason in reasons), reasons


def test_a_host_that_goes_away_and_comes_back(server: LoopbackServer, tmp_path: Path) -> None:
    relay = Relay(("127.0.0.7", server.port), host="127.0.0.9").up()
    try:
        policy = write_policy(tmp_path, request_interval=0.3)
        job = Job(tmp_path, relay.url("/oai"), tmp_path / "r.jsonl", tmp_path / "s.sqlite", policy)
        process = subprocess.Popen(
            command(*job.args("--once")), cwd=tmp_path, stderr=subprocess.PIPE, text=True
        )
        assert wait_for(lambda: len(identifiers(job.out)) >= 20)
        relay.down()
        _, stderr = process.communicate(timeout=60)
        assert process.returncode in (1, 75), stderr
        lines = stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in stderr, stderr
        assert "127.0.0.9" in lines[0] and "refused" in lines[0] and "later" in lines[0]
        assert len(lines[0]) < 400
        relay.up()
        again = job.run()
        assert again.returncode == 0, again.stderr
        exactly_once(job.out, ALL)
    finally:
        relay.down()


def test_a_host_that_never_answered_refuses_connections(tmp_path: Path) -> None:
    relay = Relay(("127.0.0.1", 9), host="127.0.0.9").up()
    url = relay.url("/oai")
    relay.down()
    job = Job(tmp_path, url, tmp_path / "r.jsonl", tmp_path / "s.sqlite", write_policy(tmp_path))
    done = job.run()
    assert done.returncode == 1
    one_line(done, "127.0.0.9", "refuses connections", "check the URL")


def test_a_trickling_body_is_ended_at_the_minimum_rate(
    job: Job, server: LoopbackServer, route: Switchable
) -> None:
    route.slow.set()
    started = time.monotonic()
    try:
        done = job.run("--once", timeout=120)
    finally:
        route.slow.clear()
    took = time.monotonic() - started
    assert done.returncode in (1, 75)
    one_line(done, "minimum", "bytes/s")
    assert took < 30  # the page time limit (30 s) was never reached: the rate ended it
    again = job.run()
    assert again.returncode == 0, again.stderr
    exactly_once(job.out, ALL)


def test_two_states_taking_turns_on_one_output_never_repeat_a_record(job: Job) -> None:
    """A copy of the state (a backup, a second machine) goes on harvesting into the file;
    the original, run again, must not deliver those records a second time."""
    done = job.run("--max-records", "40")
    assert done.returncode == 0, done.stderr
    copy = job.folder / "copy.sqlite"
    shutil.copyfile(job.state, copy)
    by_copy = job.run(state=copy)
    assert by_copy.returncode == 0, by_copy.stderr
    before = snapshot(job.out)
    again = job.run()
    assert again.returncode == 2
    one_line(again, str(job.out), "written after this harvest's last page", "a new --out")
    unchanged(before)
    exactly_once(job.out, ALL)


# -- the pieces behind the matrix, directly ---------------------------------------------------


def test_inspect_file_tells_new_empty_damaged_and_healthy_apart(tmp_path: Path) -> None:
    from politeharvest._sqlite import inspect_file
    from politeharvest.exceptions import StateCorrupt, StorageError
    from politeharvest.store._state import SQLiteStateStore

    assert inspect_file(tmp_path / "none.sqlite") == "new"
    (tmp_path / "empty.sqlite").write_bytes(b"")
    assert inspect_file(tmp_path / "empty.sqlite") == "empty"
    good = tmp_path / "good.sqlite"
    store = SQLiteStateStore(good)
    for index in range(200):
        store.set_value("n", str(index), "x" * 500)
    store.close()
    assert inspect_file(good) == "sqlite"
    cut = tmp_path / "cut.sqlite"
    cut.write_bytes(good.read_bytes()[:8192])
    with pytest.raises(StateCorrupt, match="is cut short"):
        inspect_file(cut)
    (tmp_path / "junk.sqlite").write_bytes(b"SQLite format 2\0" + b"x" * 200)
    with pytest.raises(StateCorrupt, match="not an SQLite database"):
        inspect_file(tmp_path / "junk.sqlite")
    (tmp_path / "folder.sqlite").mkdir()
    with pytest.raises(StorageError, match="is a folder"):
        SQLiteStateStore(tmp_path / "folder.sqlite")


def test_count_rows_counts_this_repositorys_rows_across_read_boundaries(tmp_path: Path) -> None:
    from politeharvest.store._sinks import count_rows

    endpoint = "https://repo.example.org/oai"
    path = tmp_path / "mixed.jsonl"
    lines = [
        json.dumps({"endpoint": endpoint, "identifier": f"a{i}"}, sort_keys=True) for i in range(7)
    ]
    lines += [json.dumps({"endpoint": endpoint + "2", "identifier": "other"}), '{"note": 1}']
    path.write_text("\n".join(lines) + "\n")
    for chunk in (7, 13, 64, 1 << 20):  # a match split between two reads is counted once
        assert count_rows(path, endpoint, chunk=chunk) == 7
    start = len(lines[0]) + 1
    assert count_rows(path, endpoint, start=start, chunk=11) == 6
    assert count_rows(tmp_path / "none.jsonl", endpoint) == 0


def test_claim_folder_removes_every_leftover_only_when_alone(tmp_path: Path) -> None:
    from politeharvest._files import claim_folder

    files = tmp_path / "files"
    (files / "html").mkdir(parents=True)
    for name in (".part-abc", "html/.page.html.x1.part", "kept.pdf"):
        (files / name).write_bytes(b"x")
    now = time.time()
    first = claim_folder(files, now=now, stale_after=60.0)
    assert sorted(first.removed) == [".page.html.x1.part", ".part-abc"]
    assert (files / "kept.pdf").exists()
    # a second run while the first holds the folder: only old leftovers go
    (files / ".part-new").write_bytes(b"x")
    (files / ".part-old").write_bytes(b"x")
    os.utime(files / ".part-old", (now - 3600, now - 3600))
    second = claim_folder(files, now=now, stale_after=60.0)
    assert second.removed == [".part-old"]
    assert (files / ".part-new").exists()
    first.release()
    second.release()


def test_a_pipe_whose_reader_left_is_a_broken_pipe_not_a_delivery() -> None:
    from politeharvest.store._sinks import _drained

    read, write = os.pipe()
    try:
        os.write(write, b"unread\n")
        os.close(read)
        with pytest.raises(BrokenPipeError):
            _drained(write)
    finally:
        os.close(write)
    read, write = os.pipe()
    try:
        os.write(write, b"read\n")
        assert os.read(read, 100) == b"read\n"
        _drained(write)  # everything was read: returns at once
    finally:
        os.close(read)
        os.close(write)


def test_an_output_locked_by_another_writer_is_refused(tmp_path: Path) -> None:
    import fcntl

    from politeharvest.exceptions import OutputLocked
    from politeharvest.store._sinks import JsonlSink, probe_lock

    path = tmp_path / "out.jsonl"
    path.write_text("")
    other = os.open(path, os.O_RDONLY)  # another process's lock, as far as flock can tell
    fcntl.flock(other, fcntl.LOCK_EX)
    try:
        with pytest.raises(OutputLocked, match="another harvest is writing"):
            probe_lock(path)
        with pytest.raises(OutputLocked):
            JsonlSink(path)
    finally:
        os.close(other)
    one, two = JsonlSink(path), JsonlSink(path)  # this process's sinks share its lock
    probe_lock(path)
    one.close()
    two.close()
