"""`harvest --warc DIR` then `replay`: the same rows, byte for byte, and WARC files that check.

A loopback repository answers some pages gzip-encoded. Two runs (the first stopped by
`--max-records`, the second continuing it) archive every exchange; `politeharvest replay`
rebuilds the output from the archive alone (the server is stopped first) and the two files are
byte-identical. warcio's own checker validates every file's digests. With `--files`, the PDFs
are archived too.
"""

from __future__ import annotations

import gzip
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

from politeharvest.testing import LoggedRequest, LoopbackServer, OaiTestRepository, Reply
from tests.support import loopback_cli

pytestmark = pytest.mark.integration
warcio = pytest.importorskip("warcio")


def cli(*args: str) -> list[str]:
    return loopback_cli(*args, interval=0.01)


class Counting:
    """A repository's replies, numbered; `change` alters the n-th (subclasses say how)."""

    def __init__(self, repo: OaiTestRepository) -> None:
        self.repo = repo
        self.count = 0

    def __call__(self, request: LoggedRequest) -> Reply:
        self.count += 1
        return self.change(self.repo(request))

    def change(self, reply: Reply) -> Reply:
        return reply


class Gzipping(Counting):
    """Every other page comes gzip-encoded, as many repositories send them."""

    def change(self, reply: Reply) -> Reply:
        if self.count % 2:
            return reply
        body = reply.body.encode("utf-8") if isinstance(reply.body, str) else reply.body
        headers = {**reply.headers, "Content-Encoding": "gzip"}
        return attrs.evolve(reply, body=gzip.compress(body), headers=headers)


@pytest.fixture
def repository() -> Iterator[LoopbackServer]:
    repo = OaiTestRepository.sample(180, page_size=25)
    server = LoopbackServer("127.0.0.2")
    server.add("/oai", Gzipping(repo))
    server.add("/robots.txt", Reply(200, body="User-agent: *\nDisallow: /private\n"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=120)


def test_replay_gives_the_same_rows_and_the_warcs_check(
    repository: LoopbackServer, tmp_path: Path
) -> None:
    out, archive = tmp_path / "records.jsonl", tmp_path / "warc"
    harvest = cli("harvest", repository.url("/oai"), "--out", str(out), "--warc", str(archive))
    first = run([*harvest, "--max-records", "60"], tmp_path)
    assert first.returncode == 0, first.stderr
    second = run(harvest, tmp_path)  # continues the unfinished listing
    assert second.returncode == 0, second.stderr
    original = out.read_bytes()
    assert len(original.splitlines()) == 180
    files = sorted(archive.glob("*.warc.gz"))
    assert len(files) == 2  # one file per run
    repository.stop()  # nothing may be sent now

    for path in files:
        checked = run([str(Path(sys.executable).parent / "warcio"), "check", str(path)], tmp_path)
        assert checked.returncode == 0, checked.stdout + checked.stderr

    replayed = tmp_path / "replayed.jsonl"
    done = run(
        [sys.executable, "-m", "politeharvest", "replay", *map(str, files), "--out", str(replayed)],
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "nothing sent" in done.stderr
    assert replayed.read_bytes() == original
    # the very folder `harvest --warc DIR` wrote, as given to it
    from_folder = tmp_path / "from-folder.jsonl"
    done = run(
        [sys.executable, "-m", "politeharvest", "replay", str(archive), "--out", str(from_folder)],
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "replayed 2 run(s)" in done.stderr
    assert from_folder.read_bytes() == original

    from warcio.archiveiterator import ArchiveIterator

    kinds: dict[str, int] = {}
    targets, linked = set(), 0
    orig_encoding = 0
    for path in files:
        with path.open("rb") as handle:
            for record in ArchiveIterator(handle):
                kinds[record.rec_type] = kinds.get(record.rec_type, 0) + 1
                targets.add(record.rec_headers.get_header("WARC-Target-URI"))
                if record.rec_type == "request":
                    linked += bool(record.rec_headers.get_header("WARC-Concurrent-To"))
                if record.rec_type == "response":
                    http = record.http_headers
                    orig_encoding += http.get_header("X-Archive-Orig-Content-Encoding") == "gzip"
                    assert http.get_header("Content-Encoding") is None
    assert kinds["warcinfo"] == 2
    assert kinds["response"] == kinds["request"] == linked == len(repository.log)
    assert repository.url("/robots.txt") in targets
    assert orig_encoding >= 3


def test_files_are_archived_too(tmp_path: Path) -> None:
    archive = tmp_path / "warc"
    done = run(
        [
            sys.executable,
            "-m",
            "politeharvest",
            "demo",
            "--out",
            str(tmp_path / "demo.jsonl"),
            "--files",
            str(tmp_path / "files"),
            "--warc",
            str(archive),
            "--max-records",
            "5",
            "-q",
            "--request-interval",  # what is archived is checked, not the pace
            "0.01",
            "--file-interval",
            "0.01",
        ],
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    from warcio.archiveiterator import ArchiveIterator

    pdfs = 0
    for path in archive.glob("*.warc.gz"):
        with path.open("rb") as handle:
            for record in ArchiveIterator(handle):
                if record.rec_type == "response":
                    body = record.content_stream().read()
                    pdfs += body.startswith(b"%PDF-")
    stored = list((tmp_path / "files").rglob("*.pdf"))
    assert stored and pdfs >= len(stored)


def test_replay_usage_errors_exit_2(tmp_path: Path) -> None:
    missing = run(
        [sys.executable, "-m", "politeharvest", "replay", "none.warc.gz", "--out", "x.jsonl"],
        tmp_path,
    )
    assert missing.returncode == 2 and "no such WARC file" in missing.stderr
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "notes.txt").write_text("not an archive")
    empty = run(
        [sys.executable, "-m", "politeharvest", "replay", "empty", "--out", "x.jsonl"], tmp_path
    )
    assert empty.returncode == 2 and "a folder without WARC files" in empty.stderr
    assert not (tmp_path / "x.jsonl").exists()


class SlowThird(Counting):
    """The third OAI page takes seconds to arrive: the harvest is interrupted while it waits."""

    def change(self, reply: Reply) -> Reply:
        return attrs.evolve(reply, duration_s=4.0) if self.count == 3 else reply


def test_replay_of_a_run_cut_short_by_ctrl_c_and_then_continued(tmp_path: Path) -> None:
    """Ctrl-C, the same command again, then `replay`: all rows, as `cli.md` promises.

    The interrupted run's archive ends before its next page; replaying it stops where it
    stopped (no "network failure" advice), and the continuing run's archive carries the
    listing to its end.
    """
    import os
    import signal
    import time

    repo = OaiTestRepository.sample(100, page_size=25)
    slow = SlowThird(repo)
    server = LoopbackServer("127.0.0.2")
    server.add("/oai", slow)
    server.add("/robots.txt", Reply(200, body="User-agent: *\n"))
    server.start()
    out, archive = tmp_path / "records.jsonl", tmp_path / "warc"
    harvest = cli("harvest", server.url("/oai"), "--out", str(out), "--warc", str(archive))
    try:
        process = subprocess.Popen(
            harvest,
            cwd=tmp_path,
            stderr=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + 60
        while slow.count < 3:  # the third page has been asked for and is on its way
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.02)
        process.send_signal(signal.SIGINT)
        _, first_err = process.communicate(timeout=60)
        assert process.returncode == 130, first_err
        cut = out.read_bytes()
        second = run(harvest, tmp_path)  # continues the unfinished listing
        assert second.returncode == 0, second.stderr
    finally:
        server.stop()  # nothing may be sent now
    original = out.read_bytes()
    assert len(original.splitlines()) == 100
    files = sorted(archive.glob("*.warc.gz"))
    assert len(files) == 2

    replay = [sys.executable, "-m", "politeharvest", "replay"]
    replayed = tmp_path / "replayed.jsonl"
    done = run([*replay, str(archive), "--out", str(replayed)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "network failure" not in done.stderr
    assert "cut short" in done.stderr  # the note on the first run
    assert replayed.read_bytes() == original

    alone = tmp_path / "alone.jsonl"
    first = min(files, key=lambda path: path.stat().st_mtime)  # names are random run ids
    done = run([*replay, str(first), "--out", str(alone)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert alone.read_bytes() == cut  # up to its last whole page


def test_a_request_the_run_did_not_archive_says_whether_the_run_ended_there() -> None:
    """Cut short (nothing more of the address archived) versus a replay gone another way."""
    import requests

    from politeharvest.audit._warc import NotArchived, ReplayAdapter, WarcRun

    run_ = WarcRun({"run": "r1"})
    page = "https://repo.example.org/oai?verb=ListRecords"
    run_.exchanges += [("GET", f"{page}&a=1", 200, "OK", [], b"1"),
                       ("GET", f"{page}&a=2", 200, "OK", [], b"2")]  # fmt: skip
    http = requests.Session()
    http.mount("https://", ReplayAdapter(run_))
    assert http.get(f"{page}&a=1").content == b"1"
    with pytest.raises(NotArchived) as went_elsewhere:
        http.get(f"{page}&a=9")  # a=2 is still unasked for: the replay diverged
    assert not went_elsewhere.value.exhausted
    assert http.get(f"{page}&a=2").content == b"2"
    with pytest.raises(NotArchived) as cut:
        http.get(f"{page}&a=3")  # nothing of the address left: the run ended here
    assert cut.value.exhausted
    assert cut.value.url == f"{page}&a=3"
