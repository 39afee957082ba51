"""`harvest --files` at a terminal: the progress line moves while files download (a pty)."""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply, serve_fulltext
from tests.support.terminal import read_screen

pytestmark = pytest.mark.integration


def test_progress_moves_per_file_before_the_page_ends(tmp_path: Path) -> None:
    with LoopbackServer("127.0.0.1") as server:
        repository = OaiTestRepository.sample(16, page_size=50, deleted_every=0)  # one page
        server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        server.add("/oai", repository)
        serve_fulltext(server, repository)
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 140, 0, 0))
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "politeharvest",
                "harvest",
                server.url("/oai"),
                "--files",
                str(tmp_path / "files"),
                "--out",
                str(tmp_path / "out.jsonl"),
                "--state",
                str(tmp_path / "state.sqlite"),
                "--user-agent",
                "politeharvest-tests/1.0 (+mailto:tests@example.org)",
                "--allow-private-addresses",
                "--request-interval",
                "0",
                "--file-interval",
                "0.25",
            ],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=tmp_path,
        )
        os.close(slave)
        screen = b""
        moving = []  # the file counts shown before the page's end was
        deadline = time.monotonic() + 60
        try:
            while time.monotonic() < deadline:
                ready, _, _ = select.select([master], [], [], 0.2)
                if ready:
                    try:
                        chunk = os.read(master, 4096)
                    except OSError:
                        break
                    if not chunk:
                        break
                    screen += chunk
                    text = screen.decode("utf-8", "replace")
                    if "page 1" not in text:
                        moving = [
                            int(part.split()[-1])
                            for part in text.split(" file requests")[:-1]
                            if part.split() and part.split()[-1].isdigit()
                        ]
                elif process.poll() is not None:
                    break
        finally:
            process.wait(timeout=30)
            os.close(master)
    assert process.returncode == 0, screen.decode("utf-8", "replace")[-2000:]
    assert len(set(moving)) >= 3, screen.decode("utf-8", "replace")[-2000:]  # it moved
    assert "landing pages" in screen.decode("utf-8", "replace")  # per record too
    assert "files: 16 downloaded" in screen.decode("utf-8", "replace")


def test_a_retry_after_wait_counts_down_on_the_progress_line(tmp_path: Path) -> None:
    """During a 4 s Retry-After the bar says why it waits and how long is left, every second."""
    with LoopbackServer("127.0.0.1") as server:
        repository = OaiTestRepository.sample(
            60, page_size=20, replies={2: Reply(429, {"Retry-After": "4"}, b"slow down")}
        )
        server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        server.add("/oai", repository)
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 140, 0, 0))
        process = subprocess.Popen(
            [
                sys.executable, "-m", "politeharvest", "harvest", server.url("/oai"),
                "--out", str(tmp_path / "out.jsonl"), "--state", str(tmp_path / "state.sqlite"),
                "--user-agent", "politeharvest-tests/1.0 (+mailto:tests@example.org)",
                "--allow-private-addresses", "--request-interval", "0",
            ],
            stdin=slave, stdout=slave, stderr=slave, cwd=tmp_path,
        )  # fmt: skip
        os.close(slave)
        try:
            text = read_screen(master, process, 60)
        finally:
            process.wait(timeout=30)
            os.close(master)
    assert process.returncode == 0, text
    shown = {int(n) for n in re.findall(r"waiting (\d+) s \(retry-after\)", text)}
    assert {4, 3, 2, 1} <= shown, text[-2000:]
    assert len((tmp_path / "out.jsonl").read_text().splitlines()) == 60


def test_a_long_wait_is_announced_once_without_a_terminal(tmp_path: Path) -> None:
    with LoopbackServer("127.0.0.1") as server:
        repository = OaiTestRepository.sample(
            40, page_size=20, replies={2: Reply(429, {"Retry-After": "3"}, b"slow down")}
        )
        server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        server.add("/oai", repository)
        done = subprocess.run(
            [
                sys.executable, "-m", "politeharvest", "harvest", server.url("/oai"),
                "--out", str(tmp_path / "out.jsonl"), "--state", str(tmp_path / "state.sqlite"),
                "--user-agent", "politeharvest-tests/1.0 (+mailto:tests@example.org)",
                "--allow-private-addresses", "--request-interval", "0",
            ],
            capture_output=True, text=True, timeout=60, cwd=tmp_path,
        )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("waiting 3 s (retry-after)") == 1, done.stderr
    # the summary counts the traffic: robots.txt, page 1, the 429 on page 2, page 2 again
    traffic = next(line for line in done.stderr.splitlines() if line.startswith("traffic:"))
    assert traffic.startswith("traffic: 4 requests (1 robots.txt), 1 retry, waited "), traffic
    assert "retry-after" in traffic and "0 refused" in traffic
