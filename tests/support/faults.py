"""Staging real machine faults for the fault matrix: small disks, a relay, the real CLI."""

from __future__ import annotations

import contextlib
import json
import os
import resource
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

UA = "politeharvest-tests/1.0 (+mailto:tests@example.org)"

#: The politeness policy scaled down for the matrix (a run takes well under a second).
POLICY: dict[str, Any] = {
    "user_agent": UA,
    "request_interval": 0.0,
    "file_interval": 0.0,
    "backoff": [0.1, 0.2],
    "max_wait": 2.0,
    "robots_error_s": 0.3,
    "connect_timeout_s": 3.0,
    "read_timeout_s": 5.0,
    "robots_timeout_s": 3.0,
    "page_time_s": 30.0,
    "file_time_s": 60.0,
    "min_rate_bytes": 1000.0,
    "min_rate_s": 1.0,
    "allow_private_addresses": True,
}


def write_policy(folder: Path, **changes: Any) -> Path:
    """The scaled-down policy, with `changes`, as a JSON policy file in `folder`."""
    path = folder / "policy.json"
    path.write_text(json.dumps({**POLICY, **changes}), encoding="utf-8")
    return path


def harvest_args(url: str, folder: Path, out: Path, *extra: str) -> list[str]:
    """The command line's arguments for a harvest of `url` to `out`, policy and state in `folder`."""
    return [
        "harvest",
        url,
        "--policy",
        str(folder / "policy.json"),
        "--out",
        str(out),
        "--state",
        str(folder / "state.sqlite"),
        *extra,
    ]


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "politeharvest", *args]


def run(
    *args: str, cwd: Path, timeout: float = 60, **kwargs: Any
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command(*args), cwd=cwd, capture_output=True, text=True, timeout=timeout, **kwargs
    )


def one_line(done: subprocess.CompletedProcess[str], *words: str) -> str:
    """The run's single stderr line, with every one of `words` in it and no traceback."""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    for word in words:
        assert word in lines[0], lines[0]
    print(lines[0])  # shown with pytest -rP: the matrix's messages, for review
    return lines[0]


def identifiers(path: Path) -> list[str]:
    if not path.exists():
        return []
    return [json.loads(line)["identifier"] for line in path.read_text().splitlines()]


def exactly_once(path: Path, expected: set[str]) -> None:
    got = identifiers(path)
    assert len(got) == len(set(got)), "a record was delivered twice"
    assert set(got) == expected


def snapshot(*paths: Path) -> dict[Path, bytes]:
    """The bytes of files the library does not own, to compare after a fault."""
    return {p: p.read_bytes() for p in paths if p.is_file()}


def unchanged(before: dict[Path, bytes]) -> None:
    for path, data in before.items():
        assert path.read_bytes() == data, f"{path} was changed"


def runs(state: Path) -> list[tuple[str, str]]:
    """(status, reason) of every run in a state file, newest first."""
    db = sqlite3.connect(state)
    try:
        return list(db.execute("SELECT status, reason FROM runs ORDER BY started DESC"))
    finally:
        db.close()


# -- small disks -----------------------------------------------------------------------------


def mount_tmpfs(path: Path, size_kb: int, *, read_only: bool = False) -> bool:
    """Mount a tmpfs of `size_kb` at `path` (root only); False where mounting is not allowed."""
    path.mkdir(parents=True, exist_ok=True)
    options = f"size={size_kb}k" + (",ro" if read_only else "")
    try:
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(path)],
            capture_output=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def remount(path: Path, options: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{options}", str(path)], check=True, timeout=10)


def umount(path: Path) -> None:
    subprocess.run(["umount", "-l", str(path)], capture_output=True, timeout=10)


@contextlib.contextmanager
def small_disk(path: Path, size_kb: int, *, read_only: bool = False) -> Iterator[Path]:
    """A tmpfs of `size_kb` at `path`, or the test is skipped (mount not permitted)."""
    if os.geteuid() != 0 or not mount_tmpfs(path, size_kb, read_only=read_only):
        pytest.skip("mounting a tmpfs needs root (the RLIMIT_FSIZE scenarios still run)")
    try:
        yield path
    finally:
        umount(path)


def file_size_limit(limit: int) -> Any:
    """A preexec_fn: files may grow to `limit` bytes (writes beyond fail with EFBIG)."""

    def limit_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG instead of a kill
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return limit_files


# -- a relay that drops the server and brings it back ---------------------------------------


class Relay:
    """A TCP relay on its own loopback address: `down` refuses connections, `up` relays again."""

    def __init__(self, target: tuple[str, int], host: str = "127.0.0.1") -> None:
        self.target = target
        self.host = host
        self.port = 0
        self._listener: socket.socket | None = None
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()

    def url(self, path: str) -> str:
        return f"http://{self.host}:{self.port}{path}"

    def up(self) -> Relay:
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((self.host, self.port))
        listener.listen(16)
        self.port = listener.getsockname()[1]
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()
        return self

    def down(self) -> None:
        """Close the listener and every relayed connection: new connections are refused."""
        with self._lock:
            listener, self._listener = self._listener, None
            connections, self._open = self._open, []
        if listener is not None:
            with contextlib.suppress(OSError):
                listener.shutdown(socket.SHUT_RDWR)
            listener.close()
        for conn in connections:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)
            conn.close()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._open += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            with contextlib.suppress(OSError):
                sink.shutdown(socket.SHUT_WR)


def wait_for(predicate: Any, timeout: float = 30.0, step: float = 0.02) -> bool:
    """Poll `predicate` until true or `timeout` (test plumbing: real time)."""
    import time

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(step)
    return False


def args_with(base: Sequence[str], *extra: str) -> list[str]:
    return [*base, *extra]
