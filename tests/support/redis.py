"""A real redis-server on loopback for the fleet tests: started, stopped, or one already running."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest


def redis_server_binary() -> str:
    """The redis-server program; the test skips without it (fails under PH_REQUIRE_REDIS=1)."""
    binary = shutil.which("redis-server")
    if binary is None:
        if os.environ.get("PH_REQUIRE_REDIS"):
            pytest.fail("redis-server is not installed (.ci/run installs it)", pytrace=False)
        pytest.skip("redis-server is not installed (apt install redis-server)")
    return binary


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class RedisServer:
    """A redis-server process on 127.0.0.1 that tests may stop and start again."""

    def __init__(self, folder: Path) -> None:
        self.binary = shutil.which("redis-server")
        self.folder = folder
        self.port = _free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.binary = self.binary or redis_server_binary()
        self.process = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
                "--dir",
                str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        # ready when it answers PING: a server that accepts connections may still be loading
        # its append-only file (it answers "-LOADING") or close the first ones
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(64).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


class RunningServer(RedisServer):
    """The redis-server that `.ci/run` started (PH_REDIS_URL); tests never stop it."""

    def __init__(self, url: str) -> None:
        super().__init__(Path(tempfile.gettempdir()))
        self._url = url.rstrip("/")

    @property
    def url(self) -> str:
        return self._url

    def start(self) -> None:
        pass

    def stop(self) -> None:
        pass
