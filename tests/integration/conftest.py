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

from ._remote import RemoteServer, ServerProcess

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


def loopback_cli(*args: str, interval: float = 0.05) -> list[str]:
    """A `python -m politeharvest` command for a loopback repository, scaled down."""
    import sys

    return [
        sys.executable,
        "-m",
        "politeharvest",
        *args,
        "--allow-private-addresses",
        "--user-agent",
        UA,
        "--request-interval",
        str(interval),
    ]


HOSTS = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"]

#: A server stamps a response's end after its write returns; a server process waiting
#: for a CPU stamps late, so the gap it sees is short by that wait. Server-side checks
#: allow this much; the session's own timestamps are checked with no tolerance.
SERVER_SLACK = 0.005


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
def serve_here(server_context: ssl.SSLContext) -> Iterator[Callable[..., LoopbackServer]]:
    """Start LoopbackServers in the test process (`tls=True` for https)."""
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


@pytest.fixture(scope="session")
def server_processes(
    ca: trustme.CA, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, ServerProcess]]:
    """One server process per loopback host, started on first use and kept for the session."""
    folder = tmp_path_factory.mktemp("server-cert")
    cert = ca.issue_cert(*HOSTS, "127.0.0.1", "localhost")
    cert_file, key_file = folder / "cert.pem", folder / "key.pem"
    cert_file.write_bytes(b"".join(pem.bytes() for pem in cert.cert_chain_pems))
    cert.private_key_pem.write_to_path(str(key_file))
    processes: dict[str, ServerProcess] = {}
    processes["files"] = (str(cert_file), str(key_file))  # type: ignore[assignment]
    yield processes
    del processes["files"]
    for process in processes.values():
        process.close()


@pytest.fixture
def serve(server_processes: dict[str, ServerProcess]) -> Iterator[Callable[..., RemoteServer]]:
    """Start LoopbackServers, each host in a process of its own, so a server's log is
    free of the interpreter lock the client (and other hosts' handlers) would hold
    (`tls=True` for https); all are stopped after the test."""
    used: list[ServerProcess] = []

    def start(host: str = "127.0.0.2", *, tls: bool = True) -> RemoteServer:
        if not free_loopback(host):
            pytest.skip(f"cannot bind {host} on this machine")
        if host not in server_processes:
            cert_file, key_file = server_processes["files"]  # type: ignore[misc]
            server_processes[host] = ServerProcess(cert_file, key_file)
        process = server_processes[host]
        used.append(process)
        return process.start(host, tls=tls)

    yield start
    for process in used:
        process.stop_all()


@pytest.fixture
def http(ca_bundle: Path) -> Iterator[requests.Session]:
    session = requests.Session()
    session.verify = str(ca_bundle)
    yield session
    session.close()
