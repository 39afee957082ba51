"""Standard output does not use up the harvest, through the real command (subprocesses).

``politeharvest harvest URL`` without ``--out`` writes JSON lines to standard output and
records nothing as delivered: a following ``--out FILE`` run delivers everything, after a
whole run, a ``| head -1``, ``--max-records``, Ctrl-C or SIGTERM alike. ``--consume`` keeps
the rule of a file (the unread page of a ``| head`` is not counted delivered). Such a run
still holds the host's lease: a second process harvesting the host meanwhile is deferred.
"""

from __future__ import annotations

import fcntl
import json
import shlex
import signal
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest

from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply
from tests.support import UA
from tests.support.faults import identifiers, run, wait_for

pytestmark = pytest.mark.integration

REPO = OaiTestRepository.sample(120, page_size=20)
ALL = sorted(r.identifier for r in REPO.records)
NOTE = "note: standard output does not use up the harvest"
AGAIN = "the same command starts again from the beginning"


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with LoopbackServer("127.0.0.1") as server:
        server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        server.add("/oai", REPO)
        yield server.url("/oai")


def harvest(url: str, folder: Path, *extra: str, interval: str = "0") -> list[str]:
    return [
        "harvest", url, "--state", str(folder / "state.sqlite"), "--user-agent", UA,
        "--allow-private-addresses", "--request-interval", interval, *extra,
    ]  # fmt: skip


def shown(text: str) -> list[str]:
    return [json.loads(line)["identifier"] for line in text.splitlines()]


def test_a_run_to_standard_output_then_a_file_run_delivers_everything(
    url: str, tmp_path: Path
) -> None:
    for _ in range(2):
        look = run(*harvest(url, tmp_path), cwd=tmp_path)
        assert look.returncode == 0, look.stderr
        assert sorted(shown(look.stdout)) == ALL
        assert NOTE in look.stderr and "--consume" in look.stderr
        assert "nothing new" not in look.stderr
    out = tmp_path / "records.jsonl"
    done = run(*harvest(url, tmp_path, "--out", str(out)), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(identifiers(out)) == ALL
    assert NOTE not in done.stderr
    again = run(*harvest(url, tmp_path, "--out", str(out)), cwd=tmp_path)
    assert "nothing new" in again.stderr  # the file run consumed it
    assert len(identifiers(out)) == len(ALL)


def test_demo_then_demo_into_a_file_gives_the_whole_file(tmp_path: Path) -> None:
    state = ["--state", str(tmp_path / "state.sqlite"), "--request-interval", "0"]
    look = run("demo", *state, cwd=tmp_path)
    assert look.returncode == 0, look.stderr
    assert len(shown(look.stdout)) == 120
    done = run("demo", *state, "--out", "records.jsonl", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert len(set(identifiers(tmp_path / "records.jsonl"))) == 120
    assert "nothing new" not in done.stderr


def _piped(args: list[str], folder: Path, reader: str) -> subprocess.CompletedProcess[str]:
    """``politeharvest ARGS | READER`` through a real shell pipe; the pipeline's status."""
    line = " ".join(shlex.quote(a) for a in [sys.executable, "-m", "politeharvest", *args])
    return subprocess.run(
        ["bash", "-c", f"set -o pipefail; {line} | {reader}"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("lines", [1, 30])  # 30: the first page was read whole
def test_head_then_a_file_run_still_delivers_everything(
    url: str, tmp_path: Path, lines: int
) -> None:
    piped = _piped(harvest(url, tmp_path, "-q"), tmp_path, f"head -{lines}")
    assert piped.returncode == 0, piped.stderr  # the reader went away: a quiet end
    assert len(shown(piped.stdout)) == lines
    assert piped.stderr == ""
    out = tmp_path / "records.jsonl"
    done = run(*harvest(url, tmp_path, "--out", str(out)), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(identifiers(out)) == ALL


def test_with_consume_standard_output_uses_up_the_harvest(url: str, tmp_path: Path) -> None:
    """Today's rule, asked for: what the reader read is delivered, the unread page is not."""
    piped = _piped(harvest(url, tmp_path, "-q", "--consume"), tmp_path, "head -30")
    assert piped.returncode == 0, piped.stderr
    first = shown(piped.stdout)
    assert len(first) == 30
    rest = run(*harvest(url, tmp_path, "--consume"), cwd=tmp_path)
    assert rest.returncode == 0, rest.stderr
    assert NOTE not in rest.stderr
    later = shown(rest.stdout)
    assert not set(first[:20]) & set(later)  # the first page was read whole: delivered
    # A page counts once the pipe's reader has read it: `head` stops at line 30 having read
    # either part of the second page (it comes again) or all of it (its last ten, read and
    # thrown away, are used up: the cost of --consume). Never more, and never twice.
    missing = set(ALL) - set(first) - set(later)
    assert missing in (set(), set(ALL[30:40])), sorted(missing)
    assert len(later) == len(set(later))
    out = tmp_path / "records.jsonl"
    done = run(*harvest(url, tmp_path, "--out", str(out)), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert identifiers(out) == []
    assert "nothing new" in done.stderr and "add --full" in done.stderr


def test_max_records_on_standard_output_starts_again_next_time(url: str, tmp_path: Path) -> None:
    runs = [run(*harvest(url, tmp_path, "--max-records", "30"), cwd=tmp_path) for _ in range(2)]
    for done in runs:
        assert done.returncode == 0, done.stderr
        assert f"(--max-records); {AGAIN}" in done.stderr
    assert shown(runs[0].stdout) == shown(runs[1].stdout)
    assert len(shown(runs[0].stdout)) == 40  # whole pages


def _look(url: str, folder: Path, stdout: IO[str], interval: str) -> subprocess.Popen[str]:
    """A slow harvest to standard output (a file), once it has written its first page."""
    looking = subprocess.Popen(
        [sys.executable, "-m", "politeharvest", *harvest(url, folder, interval=interval)],
        cwd=folder,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert wait_for(lambda: Path(stdout.name).read_text().count("\n") >= 20)
    return looking


@pytest.mark.parametrize(
    ("signum", "code", "what"),
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated (SIGTERM)")],
    ids=["SIGINT", "SIGTERM"],
)
def test_a_signal_ends_a_look_which_the_next_run_starts_again(
    url: str, tmp_path: Path, signum: int, code: int, what: str
) -> None:
    seen = tmp_path / "shown.jsonl"
    with seen.open("w") as stdout:
        looking = _look(url, tmp_path, stdout, "0.4")
        looking.send_signal(signum)
        _, stderr = looking.communicate(timeout=60)
    assert looking.returncode == code, stderr
    assert stderr.strip().splitlines()[-1] == (
        f"politeharvest: {what}; {AGAIN} (standard output consumed nothing; --consume "
        "continues where a run stopped)"
    )
    assert 20 <= len(identifiers(seen)) < len(ALL)
    out = tmp_path / "records.jsonl"
    done = run(*harvest(url, tmp_path, "--out", str(out)), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(identifiers(out)) == ALL


def test_a_look_holds_the_host_against_a_second_process(url: str, tmp_path: Path) -> None:
    """One harvest per host, whatever the output: the second process is deferred (75)."""
    seen = tmp_path / "shown.jsonl"
    with seen.open("w") as stdout:
        # 1 s between pages: the second process starts while the look holds the host, also
        # on a loaded machine (at 0.3 s the look had ended before the second one began)
        looking = _look(url, tmp_path, stdout, "1.0")
        try:
            out = tmp_path / "records.jsonl"
            second = run(*harvest(url, tmp_path, "--out", str(out), "--once"), cwd=tmp_path)
            assert second.returncode == 75, second.stderr
            assert "another" in second.stderr and "run again" in second.stderr
            assert identifiers(out) == []
        finally:
            looking.communicate(timeout=60)
    assert looking.returncode == 0
    assert sorted(identifiers(seen)) == ALL
    done = run(*harvest(url, tmp_path, "--out", str(out)), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(identifiers(out)) == ALL


def test_consume_is_in_the_help(tmp_path: Path) -> None:
    done = run("harvest", "--help", cwd=tmp_path)
    assert "--consume" in done.stdout and "standard output" in done.stdout


def _unread(pipe: IO[str]) -> int:
    """How many bytes wait in a pipe that nobody reads."""
    count = bytearray(4)
    fcntl.ioctl(pipe.fileno(), termios.FIONREAD, count)
    return int.from_bytes(count, sys.byteorder)


@pytest.mark.parametrize(
    ("extra", "last"),
    [
        ((), f"politeharvest: interrupted; {AGAIN} (standard output consumed nothing; "),
        (
            ("--consume",),
            "politeharvest: interrupted; every page written is durable: run the same command "
            "to continue",
        ),
    ],
    ids=["look", "consume"],
)
def test_a_second_ctrl_c_while_the_reader_lags_stops_at_once(
    url: str, tmp_path: Path, extra: tuple[str, ...], last: str
) -> None:
    """A page waits in the pipe for a reader that never reads: Ctrl-C twice ends the run."""
    looking = subprocess.Popen(
        [sys.executable, "-m", "politeharvest", *harvest(url, tmp_path, *extra)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert looking.stdout is not None
    assert wait_for(lambda: _unread(looking.stdout) > 0)  # page 1 written, not read
    looking.send_signal(signal.SIGINT)  # stop after this page: it never ends
    time.sleep(0.5)
    looking.send_signal(signal.SIGINT)  # at once
    _, stderr = looking.communicate(timeout=60)
    assert looking.returncode == 130, stderr
    assert stderr.strip().splitlines()[-1].startswith(last), stderr
    out = tmp_path / "records.jsonl"
    done = run(*harvest(url, tmp_path, "--out", str(out)), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(identifiers(out)) == ALL  # the unread page was not delivered either way
