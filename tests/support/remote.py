"""LoopbackServers in a separate process, driven over a pipe.

Servers in the test process share its interpreter lock with the client: a
server thread that has written a response may wait milliseconds before it can
read the clock, so the logged end of a response would be late and the
observed gap short. In their own process the servers log what the wire saw.
CLOCK_MONOTONIC is system-wide on Linux, so times compare across processes.
"""

from __future__ import annotations

import multiprocessing as mp
import ssl
from multiprocessing.connection import Connection
from typing import Any

from politeharvest.testing import LoggedRequest, LoopbackServer, Route


def _serve(conn: Connection, cert_file: str, key_file: str) -> None:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert_file, key_file)
    servers: dict[int, LoopbackServer] = {}
    while True:
        command, *args = conn.recv()
        try:
            if command == "start":
                host, tls = args
                server = LoopbackServer(host, ssl_context=context if tls else None).start()
                servers[id(server)] = server
                conn.send((id(server), server.base_url))
            elif command == "add":
                key, path, route = args
                servers[key].add(path, route)
                conn.send(None)
            elif command == "log":
                conn.send(servers[args[0]].log)
            elif command == "max_in_flight":
                conn.send(servers[args[0]].max_in_flight)
            elif command == "stop_all":
                for server in servers.values():
                    server.stop()
                servers.clear()
                conn.send(None)
            elif command == "exit":
                conn.send(None)
                return
        except Exception as exc:  # pragma: no cover - surfaced in the test process
            conn.send(exc)


class RemoteServer:
    """A LoopbackServer living in the server process (same methods the tests use)."""

    def __init__(self, pool: ServerProcess, key: int, base_url: str, host: str) -> None:
        self._pool = pool
        self._key = key
        self.base_url = base_url
        self.host = host

    def url(self, path: str = "/") -> str:
        return self.base_url + path

    def add(self, path: str, route: Route) -> None:
        self._pool.call("add", self._key, path, route)

    @property
    def log(self) -> list[LoggedRequest]:
        result: list[LoggedRequest] = self._pool.call("log", self._key)
        return result

    @property
    def max_in_flight(self) -> int:
        result: int = self._pool.call("max_in_flight", self._key)
        return result

    def requests_for(self, path_prefix: str = "") -> list[LoggedRequest]:
        return [r for r in self.log if r.path.startswith(path_prefix)]


class ServerProcess:
    """One process hosting any number of LoopbackServers."""

    def __init__(self, cert_file: str, key_file: str) -> None:
        self._conn, child = mp.Pipe()
        self._process = mp.get_context("spawn").Process(
            target=_serve, args=(child, cert_file, key_file), daemon=True
        )
        self._process.start()

    def call(self, *message: Any) -> Any:
        self._conn.send(message)
        answer = self._conn.recv()
        if isinstance(answer, Exception):
            raise answer
        return answer

    def start(self, host: str, *, tls: bool) -> RemoteServer:
        key, base_url = self.call("start", host, tls)
        return RemoteServer(self, key, base_url, host)

    def stop_all(self) -> None:
        self.call("stop_all")

    def close(self) -> None:
        self.call("exit")
        self._process.join(timeout=5)
