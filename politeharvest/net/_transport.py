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
from collections.abc import Mapping
from typing import Any

from requests import PreparedRequest
from requests.adapters import HTTPAdapter
from requests.utils import select_proxy
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

from ._urls import is_private_address

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


def _request_key(
    method: str, target: str, body: Any, headers: Mapping[str, str]
) -> tuple[Any, ...]:
    """What makes two requests the same one: method, target, body and every header."""
    fields = sorted((str(k).lower(), str(v)) for k, v in headers.items())
    return (
        method,
        target,
        body if isinstance(body, (bytes, str, type(None))) else id(body),
        *fields,
    )


class _AheadHTTPConnection(HTTPConnection):
    """A connection that can carry one request sent before its answer is wanted.

    `send_ahead` writes the request at once; when the pool later opens the same request
    (requests' own path, with its timeouts, TLS, hooks and cookies), this connection does
    not write it again but reads the answer already on its way. Any other request first
    closes the connection, so an answer is never read for a request it does not belong to.
    """

    _ahead: tuple[Any, ...] | None = None

    def send_ahead(
        self, method: str, target: str, body: Any, headers: Mapping[str, str], chunked: bool
    ) -> None:
        # The arguments requests' HTTPAdapter passes (preload and decode off).
        super().request(
            method, target, body, headers, chunked=chunked, preload_content=False,
            decode_content=False,
        )  # fmt: skip
        self._ahead = _request_key(method, target, body, headers)

    def drop_ahead(self) -> None:
        """Forget a request sent ahead and close the connection its answer is on."""
        self._ahead = None
        self.close()

    def request(  # type: ignore[override]  # urllib3's own signature
        self,
        method: str,
        url: str,
        body: Any = None,
        headers: Mapping[str, str] | None = None,
        *,
        chunked: bool = False,
        preload_content: bool = True,
        decode_content: bool = True,
        enforce_content_length: bool = True,
    ) -> None:
        ahead, self._ahead = self._ahead, None
        if ahead is not None:
            same = ahead == _request_key(method, url, body, headers or {})
            if same and not preload_content and not decode_content:
                return  # sent ahead: its answer is read next
            self.close()
        super().request(
            method, url, body, headers, chunked=chunked, preload_content=preload_content,
            decode_content=decode_content, enforce_content_length=enforce_content_length,
        )  # fmt: skip

    @property
    def is_connected(self) -> bool:
        # A readable socket usually means the server closed an idle connection; with a
        # request sent ahead it is the answer arriving.
        return self._ahead is not None or super().is_connected


class _AheadHTTPSConnection(_AheadHTTPConnection, HTTPSConnection):
    pass


class _GuardedHTTPConnection(_AheadHTTPConnection):
    def _new_conn(self) -> socket.socket:
        return _connect(self)


class _GuardedHTTPSConnection(_AheadHTTPSConnection):
    def _new_conn(self) -> socket.socket:
        return _connect(self)


class _AheadHTTPPool(HTTPConnectionPool):
    ConnectionCls = _AheadHTTPConnection


class _AheadHTTPSPool(HTTPSConnectionPool):
    ConnectionCls = _AheadHTTPSConnection


class _GuardedHTTPPool(HTTPConnectionPool):
    ConnectionCls = _GuardedHTTPConnection


class _GuardedHTTPSPool(HTTPSConnectionPool):
    ConnectionCls = _GuardedHTTPSConnection


#: The parts of requests and urllib3 that sending ahead uses (urllib3 2.x, requests 2.32.2+);
#: without them nothing is sent ahead.
_POOL_PARTS = all(
    hasattr(owner, name)
    for owner, name in (
        (HTTPConnectionPool, "_get_conn"),
        (HTTPConnectionPool, "_put_conn"),
        (HTTPAdapter, "get_connection_with_tls_context"),
    )
)


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
        if self.allow_private:
            pools: dict[str, type[HTTPConnectionPool]] = {
                "http": _AheadHTTPPool,
                "https": _AheadHTTPSPool,
            }
        else:
            pools = {"http": _GuardedHTTPPool, "https": _GuardedHTTPSPool}
        self.poolmanager.pool_classes_by_scheme = pools

    def can_send_ahead(self, url: str, settings: Mapping[str, Any]) -> bool:
        """Whether `send_ahead` can write a request to `url` (not through a proxy)."""
        stock = type(self).send is HTTPAdapter.send and _POOL_PARTS
        return stock and not select_proxy(url, settings.get("proxies") or {})

    def send_ahead(
        self, request: PreparedRequest, *, settings: Mapping[str, Any], connect_timeout: float
    ) -> bool:
        """Write `request` on a pooled connection now; its answer is read by the next `send`.

        False when the pool's connections cannot carry it (their class is not this
        module's); check `can_send_ahead` first.
        """
        url = str(request.url)
        proxies = settings.get("proxies") or {}
        verify, cert = settings.get("verify", True), settings.get("cert")
        pool = self.get_connection_with_tls_context(request, verify, proxies=proxies, cert=cert)
        assert isinstance(pool, HTTPConnectionPool)
        self.cert_verify(pool, url, verify, cert)  # type: ignore[no-untyped-call]
        conn = pool._get_conn()
        if not isinstance(conn, _AheadHTTPConnection):
            pool._put_conn(conn)
            return False
        chunked = not (request.body is None or "Content-Length" in request.headers)
        conn.timeout = connect_timeout
        try:
            conn.send_ahead(
                str(request.method),
                self.request_url(request, proxies),
                request.body,
                request.headers,
                chunked,
            )
        except BaseException:
            conn.drop_ahead()
            raise
        finally:
            pool._put_conn(conn)  # the pool hands out the connection put back last first
        return True


def guarded_session(*, allow_private: bool) -> Any:
    """A requests.Session with `GuardedAdapter` mounted for http and https."""
    import requests

    http = requests.Session()
    http.mount("https://", GuardedAdapter(allow_private=allow_private))
    http.mount("http://", GuardedAdapter(allow_private=allow_private))
    return http
