"""The demo's sample repository, through the real command (subprocesses).

``politeharvest demo --serve --port N`` serves the sample until Ctrl-C; ``harvest`` with
the flags it prints stores every record's PDF, each one *matched* by the identity check;
``demo --full --files`` does the same; ``demo --files`` after a plain ``demo`` fetches the
files of the records already harvested, or says what to run. The sample's PDFs are
written by hand (no reportlab): the identity check matches each to its own record and
to no other.
"""

from __future__ import annotations

import hashlib
import json
import shlex
import signal
import socket
import subprocess
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest

from politeharvest.fulltext import check_identity
from politeharvest.testing import OaiTestRepository, serve_sample
from tests.support.faults import command, run

pytestmark = pytest.mark.integration

SAMPLE = OaiTestRepository.demo()
LIVE = {r.identifier for r in SAMPLE.records if not r.deleted}
FAST = ["--request-interval", "0.01", "--file-interval", "0.01"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def assert_files_matched(out: Path, folder: Path, cwd: Path) -> None:
    """Every record of the sample once; each live one's PDF stored, its sha256, matched."""
    harvested = rows(out)
    assert sorted(r["identifier"] for r in harvested) == sorted(
        r.identifier for r in SAMPLE.records
    )
    verdicts: Counter[str] = Counter()
    for row in harvested:
        if row["deleted"]:
            continue
        fulltext = row["fulltext"]
        assert fulltext["status"] == "downloaded", fulltext
        verdicts[fulltext["identity"]["verdict"]] += 1
        stored = cwd / fulltext["path"]
        assert stored.parent.resolve() == folder.resolve()
        assert hashlib.sha256(stored.read_bytes()).hexdigest() == fulltext["sha256"]
    assert verdicts == {"matched": len(LIVE)}
    assert len(list(folder.glob("*.pdf"))) == len(LIVE)


def _read_until(stream: IO[str] | None, marker: str, timeout: float = 30.0) -> str:
    assert stream is not None
    seen = ""
    end = time.monotonic() + timeout
    while marker not in seen and time.monotonic() < end:
        line = stream.readline()
        if not line:
            break
        seen += line
    assert marker in seen, seen
    return seen


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``politeharvest demo --serve --port N`` in a subprocess: the process and what it printed."""
    with (
        (tmp_path / "serve.err").open("w") as log,
        subprocess.Popen(
            command("demo", "--serve", "--port", str(free_port())),
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=log,  # a line per request: a file, which never fills as a pipe would
            text=True,
            # Ctrl-C as a terminal sends it, whatever the worker that starts it ignores
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        ) as server,
    ):
        try:
            yield server, _read_until(server.stdout, "Press Ctrl-C")
        finally:
            if server.poll() is None:
                server.kill()
            server.wait(10)


def test_serve_then_harvest_with_the_flags_it_prints(
    tmp_path: Path, served: tuple[subprocess.Popen[str], str]
) -> None:
    server, printed = served
    endpoint = next(w for w in printed.split() if w.endswith("/oai"))
    assert endpoint.startswith("http://127.0.0.1:")
    line = next(x for x in printed.splitlines() if x.strip().startswith("politeharvest harvest"))
    words = shlex.split(line)[1:]  # harvest URL --allow-private-addresses ... --out X --files D
    assert words[:2] == ["harvest", endpoint]
    # the printed pace (0.1 s) overridden as a user may: what is checked is that the printed
    # flags reach the server and store every file, not how long 220 requests take at its pace
    done = run(*words, "--state", "state.sqlite", "-q", *FAST, cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr
    out = tmp_path / words[words.index("--out") + 1]
    folder = tmp_path / words[words.index("--files") + 1]
    assert_files_matched(out, folder, tmp_path)

    # a second server on the same port: a usage error, before anything is served
    port = endpoint.split(":")[2].split("/")[0]
    for quiet in ([], ["-q"]):
        taken = run("demo", "--serve", "--port", port, *quiet, cwd=tmp_path, timeout=300)
        assert taken.returncode == 2
        assert f"--port {port} is taken on 127.0.0.1" in taken.stderr
        assert "Traceback" not in taken.stderr

    # a demo harvest on that port harvests the sample served there (the same endpoint)
    listings = (tmp_path / "serve.err").read_text().count("verb=ListRecords")
    # 27 s alone; past 60 s under the README's default of four workers on two cores
    demo = run(
        "demo", "--port", port, "--out", "d.jsonl", "--state", "d.sqlite", "-q", *FAST,
        cwd=tmp_path, timeout=300,
    )  # fmt: skip
    assert demo.returncode == 0, demo.stderr
    assert {r["endpoint"] for r in rows(tmp_path / "d.jsonl")} == {endpoint}
    assert (tmp_path / "serve.err").read_text().count("verb=ListRecords") == 2 * listings

    # Ctrl-C stops it: exit 0, said, within seconds
    started = time.monotonic()
    status = Path(f"/proc/{server.pid}/status")
    masks = [x for x in status.read_text().splitlines() if x.startswith(("SigIgn", "SigCgt"))]
    server.send_signal(signal.SIGINT)
    try:
        code = server.wait(15)
    except subprocess.TimeoutExpired:  # say what the process did with the signal
        raise AssertionError(f"demo --serve did not end on SIGINT: {masks}") from None
    assert code == 0
    assert time.monotonic() - started < 10
    shown = (tmp_path / "serve.err").read_text()
    assert "GET /oai?verb=ListRecords&metadataPrefix=oai_dc 200" in shown
    assert shown.count(" /files/") == len(LIVE)  # the harvest's; the demo's fetched none
    assert shown.rstrip().endswith("stopped serving the sample")


def test_serve_refuses_harvest_options(tmp_path: Path) -> None:
    done = run("demo", "--serve", "--port", "0", "--out", "x.jsonl", cwd=tmp_path)
    assert done.returncode == 2
    assert "--out is an option of the harvest" in done.stderr
    assert not (tmp_path / "x.jsonl").exists()


def test_demo_full_files_stores_matched_pdfs(tmp_path: Path) -> None:
    state = ["--state", str(tmp_path / "state.sqlite"), "--port", "0", *FAST]
    done = run("demo", *state, "--out", "demo.jsonl", "-q", cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr
    again = run(
        "demo", *state, "--full", "--overwrite", "--out", "demo.jsonl", "--files", "files", "-q",
        cwd=tmp_path, timeout=300,
    )  # fmt: skip
    assert again.returncode == 0, again.stderr
    assert_files_matched(tmp_path / "demo.jsonl", tmp_path / "files", tmp_path)


def test_demo_files_after_a_plain_demo(tmp_path: Path) -> None:
    """The README's order: ``demo --out demo.jsonl``, then ``demo ... --files DIR``."""
    port = str(free_port())  # one endpoint for every run, as the default port gives
    state = ["--state", str(tmp_path / "state.sqlite"), "--port", port, *FAST]
    first = run("demo", *state, "--out", "demo.jsonl", cwd=tmp_path, timeout=300)
    assert first.returncode == 0, first.stderr
    # into a new file: the records harvested before are harvested again, with their files
    new = run("demo", *state, "--out", "new.jsonl", "--files", "files", cwd=tmp_path, timeout=300)
    assert new.returncode == 0, new.stderr
    assert "harvesting them again (--full) to fetch their files" in new.stderr
    assert_files_matched(tmp_path / "new.jsonl", tmp_path / "files", tmp_path)
    # into the file that holds them: their files are asked for (retry rows, joined by clean)
    same = run("demo", *state, "--out", "demo.jsonl", "--files", "files2", cwd=tmp_path)
    assert same.returncode == 0, same.stderr
    assert f"{len(LIVE)} records harvested before without --files" in same.stderr
    joined = run("clean", "demo.jsonl", "--out", "joined.jsonl", cwd=tmp_path)
    assert joined.returncode == 0, joined.stderr
    assert_files_matched(tmp_path / "joined.jsonl", tmp_path / "files2", tmp_path)


def test_each_sample_pdf_matches_its_record_and_no_other() -> None:
    """The identity check itself: each served PDF matched to its record, not to a neighbour."""
    import requests

    with serve_sample(port=0) as sample:
        live = [r for r in sample.repository.records if not r.deleted]
        with requests.Session() as http:
            http.trust_env = False  # loopback: no proxy
            replies = {
                r.identifier: http.get(sample.file_url(r.identifier), timeout=10) for r in live
            }
    own: Counter[str] = Counter()
    other: Counter[str] = Counter()
    for index, record in enumerate(live):
        assert replies[record.identifier].headers["Content-Type"] == "application/pdf"
        metadata = {
            "title": [record.title],
            "creator": list(record.creators),
            "identifier": [f"https://doi.org/{record.doi}"] if record.doi else [],
            "date": [record.date],
        }
        own[check_identity(replies[record.identifier].content, metadata).verdict] += 1
        neighbour = live[index - 1]
        other[check_identity(replies[neighbour.identifier].content, metadata).verdict] += 1
    assert own == {"matched": len(live)}
    assert other["matched"] == 0


def test_the_sample_gives_clean_dedupe_work(tmp_path: Path) -> None:
    state = ["--state", str(tmp_path / "state.sqlite"), "--port", "0", *FAST]
    done = run("demo", *state, "--out", "demo.jsonl", "-q", cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr
    harvested = rows(tmp_path / "demo.jsonl")
    live = [r for r in harvested if not r["deleted"]]
    assert all(r["metadata"].get(k) for r in live for k in ("creator", "subject", "description"))
    assert sum(len(r["sets"]) > 1 for r in harvested) >= 10  # records in two sets
    cleaned = run(
        "clean", "demo.jsonl", "--out", "clean.jsonl", "--dedupe", "--clusters", "c.jsonl",
        cwd=tmp_path,
    )  # fmt: skip
    assert cleaned.returncode == 0, cleaned.stderr
    clusters = rows(tmp_path / "c.jsonl")
    assert len(clusters) == 6  # every 20th record is another record of an earlier work
    assert all(len(c["cluster"]) == 2 for c in clusters)
    assert len(rows(tmp_path / "clean.jsonl")) == len(harvested) - 6


def test_serve_ends_on_sigterm_and_names_its_host(tmp_path: Path) -> None:
    from politeharvest.testing import free_loopback

    host = "127.0.0.2" if free_loopback("127.0.0.2") else "127.0.0.1"
    with (
        (tmp_path / "serve.err").open("w") as log,
        subprocess.Popen(
            command("demo", "--serve", "--port", "0", "--host", host, "-q"),
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
        ) as server,
    ):
        printed = _read_until(server.stdout, "Press Ctrl-C")
        endpoint = next(w for w in printed.split() if w.endswith("/oai"))
        assert endpoint.startswith(f"http://{host}:")
        assert "/landing/oai:demo.politeharvest.org:0000" in printed
        server.send_signal(signal.SIGTERM)
        assert server.wait(15) == 0
    shown = (tmp_path / "serve.err").read_text()
    assert shown.strip() == "politeharvest: stopped serving the sample"  # -q: no request lines


def test_an_address_not_of_this_machine_is_a_usage_error(tmp_path: Path) -> None:
    done = run("demo", "--serve", "--host", "192.0.2.1", "--port", "0", cwd=tmp_path)
    assert done.returncode == 2
    assert "cannot serve on 192.0.2.1:0" in done.stderr
    assert "Traceback" not in done.stderr


def test_only_a_standing_sample_is_reused() -> None:
    """A demo harvest's own sample stops with it: another harvest never takes it over."""
    passing = serve_sample(port=0, standing=False)
    try:
        with pytest.raises(OSError, match="already in use"):
            serve_sample(port=passing.port, reuse=True)
    finally:
        passing.stop()
    with serve_sample(port=0) as standing:
        reused = serve_sample(port=standing.port, reuse=True)
        assert reused.server is None and reused.endpoint == standing.endpoint
        reused.stop()  # leaves the standing one running
        assert standing.server is not None
        with pytest.raises(OSError, match="already in use"):
            serve_sample(port=standing.port)  # without reuse: the port is taken
