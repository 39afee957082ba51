"""`harvest --audit` and `politeharvest report`: the audit agrees with the server's own log.

A loopback repository answers one page with 429 (Retry-After 1 s). A harvest through the real
command line writes an audit; the report's per-host request counts, least end-to-start gap and
429s are compared with what the server logged. A harvest killed with SIGKILL and run again
leaves an audit with every request the server answered at most once; the HTML report renders
in headless Chromium (skipped where no browser is installed).
"""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from politeharvest.audit._log import AuditLog, read_audit
from politeharvest.audit._report import render_html, render_text, summarize
from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply
from tests.support import SERVER_SLACK, UA, loopback_cli, server_gaps

pytestmark = pytest.mark.integration

INTERVAL = 0.05


def cli(*args: str) -> list[str]:
    return loopback_cli(*args, interval=INTERVAL)


@pytest.fixture
def repository() -> Iterator[tuple[LoopbackServer, OaiTestRepository]]:
    repo = OaiTestRepository.sample(
        300, page_size=30, replies={4: Reply(429, {"Retry-After": "1"}, b"slow down")}
    )
    with LoopbackServer("127.0.0.2") as server:
        server.add("/oai", repo)
        server.add("/robots.txt", Reply(200, body="User-agent: *\nDisallow: /private\n"))
        yield server, repo


def sent_rows(audit: Path) -> list[dict[str, object]]:
    return [r for r in read_audit(audit) if r["type"] == "request" and r["start"] is not None]


def test_report_agrees_with_the_servers_log(
    repository: tuple[LoopbackServer, OaiTestRepository], tmp_path: Path
) -> None:
    server, repo = repository
    audit, out = tmp_path / "audit.jsonl", tmp_path / "records.jsonl"
    done = subprocess.run(
        cli("harvest", server.url("/oai"), "--out", str(out), "--audit", str(audit)),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert len(out.read_text().splitlines()) == len(repo.records)

    report = summarize(read_audit(audit))
    (host,) = report.hosts
    log = sorted(server.log, key=lambda r: r.arrival)
    assert host.sent == len(log)
    assert host.requests == {"robots": 1, "page": len(log) - 1}
    assert host.statuses.get(429) == sum(r.status == 429 for r in log) == 1
    assert host.max_in_flight == 1 == server.max_in_flight
    # the client sees each exchange from a little before the server to a little after it,
    # so its gaps are a little shorter than the server's: never longer
    server_gap = min(gap for _, gap in server_gaps(log))  # its own late stamps allowed for
    assert host.min_gap_s is not None
    assert host.min_gap_s <= server_gap + SERVER_SLACK
    assert host.min_gap_s >= INTERVAL - SERVER_SLACK
    assert host.below_floor == 0
    assert host.max_multiplier == 2.0  # the 429 slowed the job down
    # the request after the 429 starts a full Retry-After after the refusal ended; the report's
    # "retry-after" wait is the sleep that took, less the moments the refusal's own handling
    # took (milliseconds; 6 ms on a loaded two-core machine), so most of a second
    sent = sent_rows(audit)
    refused = next(i for i, r in enumerate(sent) if r.get("status") == 429)
    after = sent[refused + 1]
    assert float(after["start"]) - float(sent[refused]["end"]) >= 1.0 - SERVER_SLACK
    assert host.waits.get("retry-after", 0.0) >= 0.9
    assert host.bytes > 0

    text = render_text(report)
    assert f"we made {len(log)} requests to 127.0.0.2" in text
    assert "never more than 1 at a time" in text
    assert "tests@example.org" in text

    html_out = tmp_path / "report.html"
    made = subprocess.run(
        [sys.executable, "-m", "politeharvest", "report", str(audit), "--out", str(html_out)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert made.returncode == 0, made.stderr
    page = html_out.read_text()
    assert "<svg" in page and "127.0.0.2" in page and "<script" not in page


def test_audit_after_sigkill_holds_each_request_once(
    repository: tuple[LoopbackServer, OaiTestRepository], tmp_path: Path
) -> None:
    server, repo = repository
    audit, out = tmp_path / "audit.jsonl", tmp_path / "records.jsonl"
    args = cli("harvest", server.url("/oai"), "--out", str(out), "--audit", str(audit))
    victim = subprocess.Popen(
        args, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 30
    while len(server.log) < 4 and time.monotonic() < deadline:
        time.sleep(0.01)
    victim.send_signal(signal.SIGKILL)
    victim.wait(timeout=10)
    with audit.open("ab") as handle:  # as if the kill had torn the last line
        handle.write(b'{"type":"request","run":"x","url":"torn')
    final = subprocess.run(args, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert final.returncode == 0, final.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len({r["identifier"] for r in rows}) == len(rows) == len(repo.records)

    logged = sent_rows(audit)
    keys = [(r["url"], r["start"]) for r in logged]
    assert len(keys) == len(set(keys)), "a request written twice"
    # a request the kill cut short was seen by the server but never finished here
    assert len(server.log) - len(logged) in (0, 1)
    assert all(line.endswith("\n") for line in audit.read_text().splitlines(keepends=True))
    assert sum(1 for r in read_audit(audit) if r["type"] == "run") == 2


def test_torn_last_line_is_cut_when_the_audit_is_opened(tmp_path: Path) -> None:
    audit = tmp_path / "audit.jsonl"
    audit.write_bytes(b'{"type":"run","run":"a"}\n{"type":"request","ru')
    with AuditLog(audit, run="b").open():
        pass
    lines = audit.read_text().splitlines()
    assert [json.loads(line)["run"] for line in lines] == ["a", "b"]


def test_report_usage_errors_exit_2(tmp_path: Path) -> None:
    def report(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "politeharvest", "report", *args],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
        )

    missing = report("nothing.jsonl", "--out", "r.html")
    assert missing.returncode == 2 and "no such audit file" in missing.stderr
    (tmp_path / "a.jsonl").write_text("")
    neither = report("a.jsonl")
    assert neither.returncode == 2 and "--out FILE.html, --text" in neither.stderr


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (.ci/run installs one)")
def test_report_renders_in_headless_chromium(tmp_path: Path) -> None:
    image_module = pytest.importorskip("PIL.Image")
    rows: list[dict[str, object]] = [
        {"type": "run", "run": "r", "user_agent": UA, "request_interval": 1.0, "file_interval": 6.0}
    ]
    for n in range(20):
        kind = "file" if n % 5 == 4 else "page"
        rows.append(
            {
                "type": "request",
                "run": "r",
                "start": 1000.0 + 8 * n,
                "end": 1000.5 + 8 * n,
                "host": "repo.example.org",
                "url": f"https://repo.example.org/{n}",
                "kind": kind,
                "status": 429 if n == 7 else 200,
                "bytes": 1000,
                "multiplier": 2.0 if n > 7 else 1.0,
                "decision": "retry" if n == 7 else "sent",
            }
        )
    page = tmp_path / "report.html"
    page.write_text(render_html(summarize(rows)))
    shot = tmp_path / "shot.png"
    subprocess.run(
        [
            CHROMIUM or "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={tmp_path / 'profile'}",
            "--window-size=1000,900",
            f"--screenshot={shot}",
            page.as_uri(),
        ],
        capture_output=True,
        timeout=90,
        check=True,
    )
    image = image_module.open(shot).convert("RGB")
    colours = image.getcolors(maxcolors=1_000_000) or []
    counts = {colour: n for n, colour in colours}
    # the timeline's marks: pages blue, files orange, the 429 red (inline SVG, no script)
    assert counts.get((0x1F, 0x77, 0xB4), 0) > 50
    assert counts.get((0xFF, 0x7F, 0x0E), 0) > 20
    assert counts.get((0xD6, 0x27, 0x28), 0) > 5
