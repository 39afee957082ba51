"""Transport plumbing (shell): a requests adapter that checks the address it connects to.

`allow_private_addresses=False` must hold for every URL the library contacts:
endpoints, record and landing URLs, candidates, robots.txt, redirect hops. A check
on the name before the request leaves a window: the name may resolve to a public
address for the check and to 127.0.0.1 for the connection (DNS rebinding). So the
check happens where the connection is made: `GuardedAdapter`'s connections resolve
the name once, refuse if any address is private, loopback, link-local or reserved,
and connect to the address they checked. TLS still verifies the certificate
against the host name (SNI and hostname checks use the name, not the address).

Through a proxy the proxy resolves the name, so `PoliteSession` checks the name
before the request instead (documented in docs/security.md).
"""

from __future__ import annotations

import socket
from typing import Any

from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

from ._redirects import is_private_address

__all__ = ["GuardedAdapter", "PrivateAddressError", "guarded_session", "resolve_public"]


class PrivateAddressError(OSError):
    """A connection refused before it was made: the name resolves to a private address."""

    def __init__(self, host: str, address: str) -> None:
        self.host = host
        self.address = address
        super().__init__(f"{host} resolves to the private address {address}")


def resolve_public(host: str, port: int) -> list[tuple[Any, ...]]:
    """Resolve `host` once; refuse when any of its addresses is private (no I/O but DNS).

    Raises:
        PrivateAddressError: the name (or the literal address) is private.
        OSError: the name does not resolve.
    """
    if is_private_address(host):
        raise PrivateAddressError(host, host)
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    for info in infos:
        address = str(info[4][0])
        if is_private_address(address):
            raise PrivateAddressError(host, address)
    return infos


def _connect(conn: HTTPConnection) -> socket.socket:
    """Connect to an address the name resolved to, after checking every one of them."""
    host = conn._dns_host  # the name urllib3 would resolve (without brackets)
    infos = resolve_public(host, conn.port or 80)
    error: OSError | None = None
    for family, kind, proto, _, address in infos:
        sock = socket.socket(family, kind, proto)
        try:
            for option in conn.socket_options or ():
                sock.setsockopt(*option)
            timeout = conn.timeout
            if isinstance(timeout, (int, float)):
                sock.settimeout(timeout)
            if conn.source_address:
                sock.bind(conn.source_address)
            sock.connect(address)
            return sock
        except OSError as exc:
            error = exc
            sock.close()
    raise error or OSError(f"cannot connect to {host}")


class _GuardedHTTPConnection(HTTPConnection):
    def _new_conn(self) -> socket.socket:
        return _connect(self)


class _GuardedHTTPSConnection(HTTPSConnection):
    def _new_conn(self) -> socket.socket:
        return _connect(self)


class _GuardedHTTPPool(HTTPConnectionPool):
    ConnectionCls = _GuardedHTTPConnection


class _GuardedHTTPSPool(HTTPSConnectionPool):
    ConnectionCls = _GuardedHTTPSConnection


class GuardedAdapter(HTTPAdapter):
    """An HTTPAdapter whose direct connections go only to public addresses.

    Args:
        allow_private: connect anywhere (tests, intranets).
        max_retries: urllib3 retries (0: politeharvest retries itself, paced).
    """

    def __init__(self, *, allow_private: bool = False, max_retries: int = 0) -> None:
        self.allow_private = allow_private
        super().__init__(max_retries=max_retries)

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        super().init_poolmanager(*args, **kwargs)
        if not self.allow_private:
            self.poolmanager.pool_classes_by_scheme = {
                "http": _GuardedHTTPPool,
                "https": _GuardedHTTPSPool,
            }


def guarded_session(*, allow_private: bool) -> Any:
    """A requests.Session with `GuardedAdapter` mounted for http and https."""
    import requests

    http = requests.Session()
    http.mount("https://", GuardedAdapter(allow_private=allow_private))
    http.mount("http://", GuardedAdapter(allow_private=allow_private))
    return http
