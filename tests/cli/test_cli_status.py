"""`politeharvest status`: every harvest a state holds, read without changing a byte of it."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply
from tests.support import loopback_cli

pytestmark = pytest.mark.integration


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=120)


def status(cwd: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return run([sys.executable, "-m", "politeharvest", "status", *extra], cwd)


def test_status_lists_harvests_coverage_runs_and_unfinished_listings(tmp_path: Path) -> None:
    repository = OaiTestRepository.sample(150, page_size=20)
    with LoopbackServer("127.0.0.2") as server:
        server.add("/oai", repository)
        server.add("/robots.txt", Reply(404, {}, b""))
        url = server.url("/oai")
        out = str(tmp_path / "out.jsonl")
        math = run(loopback_cli("harvest", url, "--set", "math", "--out", out), tmp_path)
        assert math.returncode == 0, math.stderr
        cut = run(loopback_cli("harvest", url, "--out", out, "--max-records", "40"), tmp_path)
        assert cut.returncode == 0, cut.stderr
    state = Path(os.environ["POLITEHARVEST_STATE"])  # the default state (no --state)
    before = hashlib.sha256(state.read_bytes()).hexdigest()

    text = status(tmp_path)
    assert text.returncode == 0, text.stderr
    assert f"{url} [oai_dc] set math" in text.stdout
    assert "unfinished listing: 3 pages, 40 records so far" in text.stdout
    assert "last run of this repository:" in text.stdout and "finished" in text.stdout

    data = json.loads(status(tmp_path, "--json").stdout)
    by_set = {h["set_spec"]: h for h in data["harvests"]}
    assert set(by_set) == {"math", None}
    assert by_set["math"]["coverage"] and by_set["math"]["unfinished"] is None
    assert by_set[None]["unfinished"]["records"] == 40
    delivered = len(Path(out).read_text().splitlines())
    assert by_set[None]["records"] == by_set["math"]["records"] == delivered
    assert by_set[None]["runs"] == 2
    assert hashlib.sha256(state.read_bytes()).hexdigest() == before  # read-only


def test_status_counts_files_by_status(tmp_path: Path) -> None:
    demo = run(
        [
            sys.executable, "-m", "politeharvest", "demo", "--out", str(tmp_path / "d.jsonl"),
            "--files", str(tmp_path / "files"), "--max-records", "10", "-q",
            "--request-interval", "0.01", "--file-interval", "0.01",  # counts, not pace
        ],
        tmp_path,
    )  # fmt: skip
    assert demo.returncode == 0, demo.stderr
    data = json.loads(status(tmp_path, "--json").stdout)
    assert sum(data["files"].values()) >= 10
    assert "files:" in status(tmp_path).stdout


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (("--state", "missing.sqlite"), "no state file at missing.sqlite"),
    ],
)
def test_status_usage_errors(tmp_path: Path, extra: tuple[str, ...], message: str) -> None:
    done = status(tmp_path, *extra)
    assert done.returncode == 2 and message in done.stderr


def test_status_of_a_file_that_is_not_a_state(tmp_path: Path) -> None:
    (tmp_path / "x.sqlite").write_text("not a database" * 100)
    done = status(tmp_path, "--state", "x.sqlite")
    assert done.returncode == 1
    assert "is not a readable state file" in done.stderr
    assert "Traceback" not in done.stderr


def test_status_counts_files_apart_from_landing_pages(tmp_path: Path) -> None:
    """A record's file left to the next run by Ctrl-C is marked on its landing page; once
    retried, that mark takes the file's outcome. Counting it as a file told the user of a
    harvest of 113 files that 223 were downloaded."""
    from politeharvest.store import SQLiteStateStore, UrlOutcome

    path = tmp_path / "state.sqlite"
    store = SQLiteStateStore(path)
    try:
        for n in range(3):
            store.set_url_outcome(UrlOutcome(f"https://r.example.org/files/{n}.pdf", "downloaded"))
        for n in range(2):  # landing pages of two of them, retried after a stop
            store.set_url_outcome(
                UrlOutcome(
                    f"https://r.example.org/landing/{n}",
                    "downloaded",
                    extra={"key": f"oai:r:{n}", "landing": True},
                )
            )
        store.set_url_outcome(
            UrlOutcome(
                "https://r.example.org/landing/9",
                "retry-later",
                reason="interrupted",
                extra={"key": "oai:r:9", "landing": True},
            )
        )
    finally:
        store.close()
    data = json.loads(status(tmp_path, "--state", str(path), "--json").stdout)
    assert data["files"] == {"downloaded": 3}
    assert data["landing_pages"] == {"downloaded": 2, "retry-later": 1}
    text = status(tmp_path, "--state", str(path)).stdout
    assert "files: 3 downloaded\n" in text
    assert "landing pages: 2 downloaded, 1 retry-later" in text


def test_status_after_a_first_harvest_that_failed_names_the_run_and_its_error(
    tmp_path: Path,
) -> None:
    """A first run that fails on page one leaves no coverage and no listing, only its run:
    `status` names the repository with that run's outcome, not "no harvests yet"."""
    with LoopbackServer("127.0.0.2") as server:
        server.add("/oai", Reply(500, {"Content-Type": "text/plain"}, b"database down"))
        server.add("/robots.txt", Reply(404, {}, b""))
        url = server.url("/oai")
        failed = run(loopback_cli("harvest", url, "--out", str(tmp_path / "o.jsonl")), tmp_path)
    assert failed.returncode != 0
    text = status(tmp_path)
    assert text.returncode == 0, text.stderr
    assert "no harvests yet" not in text.stdout
    assert url in text.stdout and "nothing harvested yet" in text.stdout
    assert "failed" in text.stdout
    (harvest,) = json.loads(status(tmp_path, "--json").stdout)["harvests"]
    assert harvest["endpoint"] == url and harvest["coverage"] == []
    assert harvest["last_run"]["status"] == "failed" and "500" in harvest["last_run"]["reason"]
