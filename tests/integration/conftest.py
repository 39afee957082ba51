"""Real servers on loopback: several hosts (127.0.0.x), TLS with trustme certificates."""

from __future__ import annotations

import ssl
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import requests
import trustme

from politeharvest import Politeness
from politeharvest.testing import LoopbackServer, free_loopback

UA = "politeharvest-tests/1.0 (+mailto:tests@example.org)"

#: The politeness policy scaled down: 50 ms between pages, 150 ms before files.
SCALED = Politeness(
    user_agent=UA,
    request_interval=0.05,
    file_interval=0.15,
    backoff=(0.1, 0.2, 0.4),
    max_wait=2.0,
    job_budget=120.0,
    robots_error_s=0.3,
    allow_private_addresses=True,
    connect_timeout_s=5.0,
    read_timeout_s=5.0,
    robots_timeout_s=2.0,
)

HOSTS = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"]


@pytest.fixture(scope="session")
def ca() -> trustme.CA:
    return trustme.CA()


@pytest.fixture(scope="session")
def ca_bundle(ca: trustme.CA, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ca") / "ca.pem"
    ca.cert_pem.write_to_path(str(path))
    return path


@pytest.fixture(scope="session")
def server_context(ca: trustme.CA) -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert(*HOSTS, "127.0.0.1", "localhost").configure_cert(context)
    return context


@pytest.fixture
def serve(server_context: ssl.SSLContext) -> Iterator[Callable[..., LoopbackServer]]:
    """Start LoopbackServers (`tls=True` for https); all are stopped after the test."""
    started: list[LoopbackServer] = []

    def start(host: str = "127.0.0.2", *, tls: bool = True, port: int = 0) -> LoopbackServer:
        if not free_loopback(host):
            pytest.skip(f"cannot bind {host} on this machine")
        server = LoopbackServer(host, port, ssl_context=server_context if tls else None).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def http(ca_bundle: Path) -> Iterator[requests.Session]:
    session = requests.Session()
    session.verify = str(ca_bundle)
    yield session
    session.close()
