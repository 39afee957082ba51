"""Issue 23's command-line items: a URL copied with its OAI-PMH query, a typo'd port, and
Ctrl-C (or SIGTERM) between pages, each through `main` or the real command."""

from __future__ import annotations

import argparse
import fcntl
import io
import json
import os
import signal
import socket
import sqlite3
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from politeharvest.cli import main
from politeharvest.cli._checks import take_base_url
from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply
from tests.support.terminal import read_screen

pytestmark = pytest.mark.integration

UA = "politeharvest-tests/1.0 (+mailto:tests@example.org)"


@pytest.fixture(scope="module")
def server() -> Iterator[LoopbackServer]:
    """One repository of 30 records in pages of 10, for the tests through `main`."""
    with LoopbackServer("127.0.0.1") as srv:
        srv.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        srv.add("/oai", OaiTestRepository.sample(30, page_size=10))
        yield srv


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


# -- a URL with its OAI-PMH query --------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "hint"),
    [
        ("?verb=Identify", None),
        ("?verb=ListRecords&metadataPrefix=oai_dc", None),
        ("?verb=ListRecords&metadataPrefix=oai_dc&set=math", "give --set math"),
    ],
)
def test_a_url_with_its_oai_query_is_harvested_from_its_base_url(
    server: LoopbackServer, tmp_path: Path, query: str, hint: str | None
) -> None:
    seen = len(server.log)
    code, _, err = cli(
        "harvest",
        server.url("/oai") + query,
        "--out",
        str(tmp_path / "o.jsonl"),
        "--state",
        str(tmp_path / "s.sqlite"),
        "--user-agent",
        UA,
        "--allow-private-addresses",
        "--request-interval",
        "0",
    )
    assert code == 0, err
    note = err.splitlines()[0]
    assert note.startswith(f"politeharvest: note: took {server.url('/oai')} as the base URL")
    assert f"dropped {query}" in note
    assert (hint in note) if hint else ("give" not in note)
    asked = [r.path for r in server.log[seen:] if r.path.startswith("/oai")]
    assert asked and all(path.count("verb=") == 1 for path in asked), asked
    assert len((tmp_path / "o.jsonl").read_text().splitlines()) == 30


def test_identify_with_its_query_in_the_url_asks_once(server: LoopbackServer) -> None:
    seen = len(server.log)
    code, out, err = cli(
        "identify",
        server.url("/oai") + "?verb=Identify",
        "--user-agent",
        UA,
        "--allow-private-addresses",
    )
    assert code == 0, err
    assert json.loads(out)["base_url"] == server.url("/oai")
    assert "dropped ?verb=Identify" in err
    assert [r.path for r in server.log[seen:] if r.path.startswith("/oai")] == [
        "/oai?verb=Identify"
    ]


@pytest.mark.parametrize(
    ("command", "url", "base", "hint"),
    [
        ("harvest", "https://h.example/oai", "https://h.example/oai", None),
        ("harvest", "https://h.example/oai?verb=Identify", "https://h.example/oai", ""),
        (
            "harvest",
            "https://h.example/index.php?page=oai&verb=ListRecords&metadataPrefix=marc21",
            "https://h.example/index.php?page=oai",
            "give --metadata-prefix marc21",
        ),
        (
            "harvest",
            "https://h.example/oai?verb=ListRecords&from=2024-01-01&until=2024-02-01",
            "https://h.example/oai",
            "give --from 2024-01-01 --until 2024-02-01",
        ),
        ("identify", "https://h.example/oai?verb=ListRecords&metadataPrefix=marc21", None, ""),
        (
            "formats",
            "https://h.example/oai?verb=ListMetadataFormats&identifier=oai:x:1",
            None,
            "give --identifier oai:x:1",
        ),
        ("record", "https://h.example/oai?verb=GetRecord&identifier=oai:x:1", None, ""),
    ],
)
def test_only_the_oai_arguments_leave_the_url(
    command: str, url: str, base: str | None, hint: str | None
) -> None:
    """A query of the base URL's own stays; the note names the options this command has."""
    args = argparse.Namespace(
        command=command, url=url, metadata_prefix="oai_dc", sets=[], from_=None, until=None
    )
    if command != "identify":
        args.identifier = None if command == "formats" else "oai:x:2"
    else:
        del args.metadata_prefix, args.sets, args.from_, args.until
    note = take_base_url(args)
    if hint is None:
        assert note is None and args.url == url
        return
    assert note is not None
    assert args.url == (base or "https://h.example/oai")
    assert (hint in note) if hint else ("give" not in note), note


# -- a typo'd port -----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


#: Every command that contacts a host, and what it adds to the URL.
CONTACTING = [
    ("harvest", ["--out", "o.jsonl", "--state", "s.sqlite"]),
    ("identify", []),
    ("formats", []),
    ("sets", []),
    ("record", ["oai:x:1"]),
]


@pytest.mark.parametrize(("command", "extra"), CONTACTING, ids=[c for c, _ in CONTACTING])
def test_a_typod_loopback_port_is_one_line_naming_the_url(
    tmp_path: Path, command: str, extra: list[str]
) -> None:
    """A host that never answered a harvest refuses connections: the URL is wrong (exit 1).

    The one-off questions (identify, formats, sets, record) ask the default state which
    hosts ever answered, as harvest asks its own; they used to say "deferred" (75).
    """
    code, words = 1, "refuses connections and has never answered; check the URL"
    url = f"http://127.0.0.1:{free_port()}/oai"
    done = subprocess.run(
        [
            sys.executable, "-m", "politeharvest", command, url, *extra,
            "--user-agent", UA, "--allow-private-addresses",
        ],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == code, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    kind = "error" if code == 1 else "deferred"
    assert lines[0].startswith(f"politeharvest: {kind}: {url}?verb="), lines[0]
    assert words in lines[0]
    assert not done.stdout
    assert not (tmp_path / "o.jsonl").exists() or not (tmp_path / "o.jsonl").read_text()


def _ph(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "politeharvest", *args],
        capture_output=True, text=True, timeout=60, cwd=cwd,
    )  # fmt: skip


def test_a_host_that_answered_a_harvest_and_now_refuses_is_asked_again_later(
    tmp_path: Path,
) -> None:
    """identify after a harvest with the default state: the host may come back (75), as the
    harvest itself says when its host is gone as the run starts."""
    with LoopbackServer("127.0.0.1") as server:
        server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        server.add("/oai", OaiTestRepository.sample(10))
        url = server.url("/oai")
        common = ["--user-agent", UA, "--allow-private-addresses"]
        done = _ph("harvest", url, "--out", "o.jsonl", "-q", *common, cwd=tmp_path)
        assert done.returncode == 0, done.stderr  # the default state ($POLITEHARVEST_STATE)
    identify = _ph("identify", url, *common, cwd=tmp_path)
    assert identify.returncode == 75, identify.stderr
    assert "robots.txt unavailable" in identify.stderr
    # --once: one job, as cron asks (without it the command waits for the host to come back)
    harvest = _ph("harvest", url, "--out", "o.jsonl", "--once", *common, cwd=tmp_path)
    assert harvest.returncode == 75, harvest.stderr


def test_fulltext_and_clean_enrich_name_a_typod_port_as_harvest_does(tmp_path: Path) -> None:
    """fulltext gives the file a final 'failed' (not a retry); clean --enrich stops, exit 1."""
    url = f"http://127.0.0.1:{free_port()}"
    common = ["--user-agent", UA, "--allow-private-addresses"]
    (tmp_path / "in.jsonl").write_text(json.dumps({"id": "a", "url": url + "/x"}) + "\n")
    done = _ph("fulltext", "in.jsonl", "--out", "r.jsonl", *common, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    row = json.loads((tmp_path / "r.jsonl").read_text())
    assert row["fulltext"]["status"] == "failed" and not row["fulltext"]["retriable"]
    assert "refuses connections and has never answered" in row["fulltext"]["reason"]
    record = {"identifier": "oai:x:1", "datestamp": "2020-01-01", "metadata": {"title": ["T"]}}
    (tmp_path / "h.jsonl").write_text(json.dumps(record) + "\n")
    enrich = ["--enrich", "crossref", "--mailto", "me@example.org", "--enrich-url", url]
    clean = _ph("clean", "h.jsonl", "--out", "c.jsonl", *enrich, *common, cwd=tmp_path)
    assert clean.returncode == 1, clean.stderr
    lines = clean.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"politeharvest: error: {url}/works?")
    assert "refuses connections and has never answered; check the URL" in lines[0]
    assert not (tmp_path / "c.jsonl").exists()


# -- Ctrl-C and SIGTERM between pages ----------------------------------------------------------


def _harvest(server: LoopbackServer, folder: Path, interval: str) -> list[str]:
    return [
        sys.executable, "-m", "politeharvest", "harvest", server.url("/oai"),
        "--out", str(folder / "o.jsonl"), "--state", str(folder / "s.sqlite"),
        "--user-agent", UA, "--allow-private-addresses", "--request-interval", interval,
    ]  # fmt: skip


def _lines(path: Path) -> int:
    return path.read_text().count("\n") if path.exists() else 0


@pytest.mark.parametrize(
    ("signum", "code", "last"),
    [
        (signal.SIGINT, 130, "politeharvest: interrupted; run the same command to continue"),
        (
            signal.SIGTERM,
            143,
            "politeharvest: terminated (SIGTERM); run the same command to continue",
        ),
    ],
    ids=["SIGINT", "SIGTERM"],
)
def test_a_signal_in_the_wait_before_a_page_sends_nothing_more(
    tmp_path: Path, signum: int, code: int, last: str
) -> None:
    """The wait for the next page is cut short; that page is not asked for, and the next run
    delivers the rest exactly once."""
    with LoopbackServer("127.0.0.1") as server:
        server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        server.add("/oai", OaiTestRepository.sample(40, page_size=10))
        args = _harvest(server, tmp_path, "3")
        process = subprocess.Popen(args, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
        deadline = time.monotonic() + 60
        while _lines(tmp_path / "o.jsonl") < 10 and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.3)  # page 1 is written; the 3 s wait before page 2 has begun
        asked = len(server.requests_for("/oai"))
        sent = time.monotonic()
        process.send_signal(signum)
        _, stderr = process.communicate(timeout=30)
        took = time.monotonic() - sent
        assert process.returncode == code, stderr
        assert stderr.strip().splitlines()[-1] == last
        assert "stopping after this page" in stderr
        assert len(server.requests_for("/oai")) == asked == 1  # page 2 was not asked for
        assert took < 2.5, stderr  # the wait was not sat out
        assert _lines(tmp_path / "o.jsonl") == 10
        assert "10 records (0 deleted) in 1 page to" in stderr
        with sqlite3.connect(tmp_path / "s.sqlite") as db:
            statuses = [row[0] for row in db.execute("SELECT status FROM runs")]
        assert statuses == ["interrupted"]
        again = subprocess.run(
            _harvest(server, tmp_path, "0"), capture_output=True, text=True, timeout=60
        )
    assert again.returncode == 0, again.stderr
    rows = [json.loads(line) for line in (tmp_path / "o.jsonl").read_text().splitlines()]
    assert len(rows) == len({row["identifier"] for row in rows}) == 40


def test_the_bar_of_an_interrupted_harvest_stops_where_it_stopped(tmp_path: Path) -> None:
    """At a terminal the bar ends at 10/40, not at a made-up 100%."""
    with LoopbackServer("127.0.0.1") as server:
        server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        server.add("/oai", OaiTestRepository.sample(40, page_size=10))
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 140, 0, 0))
        process = subprocess.Popen(
            _harvest(server, tmp_path, "3"), stdin=slave, stdout=slave, stderr=slave, cwd=tmp_path
        )
        os.close(slave)

        def interrupt() -> None:
            deadline = time.monotonic() + 60
            while _lines(tmp_path / "o.jsonl") < 10 and time.monotonic() < deadline:
                time.sleep(0.02)
            time.sleep(0.3)  # in the wait before page 2
            process.send_signal(signal.SIGINT)

        signaller = threading.Thread(target=interrupt)
        signaller.start()
        try:
            text = read_screen(master, process, 60)
        finally:
            signaller.join()
            process.wait(timeout=30)
            os.close(master)
    assert process.returncode == 130, text
    assert "10/40" in text and "100%" not in text, text[-2000:]


# -- Ctrl-C while the command starts ---------------------------------------------------------

#: The command as its console script runs it, with a Ctrl-C (a real SIGINT) arriving while
#: it checks its options: importing pyarrow for a Parquet output takes about a second.
_CTRL_C_AT_START = """
import os, signal, sys
import politeharvest.cli._main as cli_main
checks = cli_main.check_usage
def interrupted_check(args):
    os.kill(os.getpid(), signal.SIGINT)
    return checks(args)
cli_main.check_usage = interrupted_check
sys.argv[0] = "politeharvest"
cli_main.run()
"""


def test_ctrl_c_while_the_command_starts_is_one_line_not_a_traceback(
    server: LoopbackServer, tmp_path: Path
) -> None:
    seen = len(server.log)
    command = [
        sys.executable, "-c", _CTRL_C_AT_START, "harvest", server.url("/oai"),
        "--out", str(tmp_path / "o.jsonl"), "--state", str(tmp_path / "s.sqlite"),
        "--user-agent", UA, "--allow-private-addresses",
    ]  # fmt: skip
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        "politeharvest: interrupted before anything was requested"
    ]
    assert len(server.log) == seen
    assert not list(tmp_path.iterdir())
