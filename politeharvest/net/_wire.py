"""The wire under `PoliteSession`: building a request, reading a body within its limits.

Nothing here decides politeness; it carries a request out and reads its answer:
`prepare` builds the request (identity headers, credentials kept to their origin, the
redirect-body cap), `Environment` caches requests' environment settings per origin, and the
body readers stop at the size cap, the total time per response and the job's deadline.
"""

from __future__ import annotations

import os
import socket
import ssl
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

import attrs
import requests
import urllib3

from politeharvest._clock import Clock
from politeharvest._policy import Politeness
from politeharvest._reprs import value_repr
from politeharvest.exceptions import BodyCutByBudget, ResponseTooLarge, TransportError

if TYPE_CHECKING:
    import datetime as _dt

from ._transport import PrivateAddressError
from ._urls import same_origin

# Credentials that never follow a redirect to another origin (RFC 9110 section 15.4
# leaves it to the client; follow-redirects' CVE-2024-28849 shows why custom ones count).
ALWAYS_SENSITIVE = ("authorization", "cookie", "proxy-authorization")
_REDIRECT_BODY_CAP = 64 * 1024
_ENV_NAMES = (
    "http_proxy", "https_proxy", "all_proxy", "no_proxy",
    "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY",
    "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE",
)  # fmt: skip
CHUNK = 64 * 1024


RequestKind = Literal["page", "file", "robots"]


@attrs.frozen(repr=False)
class Options:
    """How one request is carried out.

    Attributes:
        kind: ``"page"``, ``"file"`` or ``"robots"`` (which interval, which limits).
        inline: the longest wait slept inside the call (None: up to the policy's).
        stream: return before reading the body (the turn ends when it is read or closed).
        limit: the body's size cap.
        timeout: seconds to connect and between bytes (the policy's when None).
        verify: TLS verification for this request (the session's when None).
    """

    __repr__ = value_repr

    kind: RequestKind
    inline: float | None
    stream: bool
    limit: int
    timeout: float | tuple[float, float] | None = None
    verify: bool | str | None = None


def causes(exc: BaseException) -> list[BaseException]:
    """Every exception behind a connection error (requests and urllib3 wrap them deeply)."""
    pending: list[object] = [exc]
    seen: dict[int, BaseException] = {}
    while pending:
        current = pending.pop()
        if not isinstance(current, BaseException) or id(current) in seen:
            continue
        seen[id(current)] = current
        pending += [current.__cause__, current.__context__, getattr(current, "reason", None)]
        pending += list(current.args)
    return list(seen.values())


def private_cause(exc: BaseException) -> PrivateAddressError | None:
    """The `PrivateAddressError` behind a connection error, if that is what it was."""
    return next((c for c in causes(exc) if isinstance(c, PrivateAddressError)), None)


def certificate_cause(exc: BaseException) -> ssl.SSLCertVerificationError | None:
    """The certificate verification failure behind a connection error, if that was it."""
    found = causes(exc)
    return next((c for c in found if isinstance(c, ssl.SSLCertVerificationError)), None)


def describe_failure(exc: BaseException) -> str:
    """A connection error in a few words (requests and urllib3 nest a long dump)."""
    found = causes(exc)
    for kind, words in (
        (ssl.SSLCertVerificationError, "the TLS certificate was not accepted"),
        (socket.gaierror, "the name does not resolve"),
        (ConnectionRefusedError, "connection refused"),
        (ConnectionResetError, "connection reset by the server"),
        (TimeoutError, "timed out"),
        (urllib3.exceptions.TimeoutError, "timed out"),
        (urllib3.exceptions.ProtocolError, "the connection broke off"),
        (ssl.SSLError, "the TLS handshake failed"),
    ):
        if any(isinstance(c, kind) for c in found):
            return words
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text if len(text) <= 160 else text[:157] + "..."


@attrs.frozen(repr=False)
class ReadLimit:
    """When a response's body must have ended, and how slowly it may arrive.

    Attributes:
        clock: the session's clock.
        stop_at: its own time limit, or the job's deadline (monotonic).
        why: which of the two `stop_at` is, for the message.
        min_rate: the least bytes per second, on average over `rate_s` (0: no minimum).
        rate_s: the span of that average.
        deadline_at: when `stop_at` is the job's deadline, that moment (UTC): a body cut
            there is `BodyCutByBudget`, asked for again by the next job at once.
    """

    __repr__ = value_repr

    clock: Clock
    stop_at: float
    why: str
    min_rate: float = 0.0
    rate_s: float = 0.0
    deadline_at: _dt.datetime | None = None

    def check(self, url: str) -> None:
        if self.clock.monotonic() > self.stop_at:
            if self.deadline_at is not None:
                raise BodyCutByBudget(
                    url, f"{self.why}; stopped reading", deadline=self.deadline_at
                )
            raise TransportError(url, f"{self.why}; stopped reading")

    def pace(self, url: str, since: float, got: int) -> tuple[float, int]:
        """After a read: the rate window (its start, bytes in it) to carry on with.

        Raises:
            TransportError: fewer than `min_rate` bytes a second came over `rate_s`.
        """
        now = self.clock.monotonic()
        span = now - since
        if self.min_rate <= 0 or self.rate_s <= 0 or span < self.rate_s:
            return since, got
        if got < self.min_rate * span:
            raise TransportError(
                url,
                f"the response arrived at {got / span:.0f} bytes/s for {span:.0f} s, below "
                f"the minimum of {self.min_rate:g} bytes/s over {self.rate_s:g} s "
                "(Politeness.min_rate_bytes); stopped reading",
            )
        return now, 0


LIMIT_ATTR = "_politeharvest_read_limit"


def chunks(response: requests.Response, chunk_size: int = CHUNK) -> Iterator[bytes]:
    """The decompressed body in chunks; a broken or truncated body is a TransportError.

    Each read returns what one socket read brings (`read1`), so a body that trickles a
    byte at a time is checked against its total time limit, its minimum rate and the
    job's deadline between bytes, not only after a whole chunk has arrived.
    """
    raw = response.raw
    limit: ReadLimit | None = getattr(response.request, LIMIT_ATTR, None)
    read = getattr(raw, "read1", None)
    since, got = (limit.clock.monotonic(), 0) if limit is not None else (0.0, 0)
    try:
        if read is None:  # a transport adapter's own raw object
            yield from raw.stream(chunk_size, decode_content=True)
            return
        while True:
            if limit is not None:
                limit.check(str(response.url))
            data = read(chunk_size, decode_content=True)
            if not data:
                return
            if limit is not None:
                since, got = limit.pace(str(response.url), since, got + len(data))
            yield data
    except (requests.RequestException, OSError, urllib3.exceptions.HTTPError) as exc:
        raise TransportError(str(response.url), f"body interrupted: {exc}") from exc


def capped_chunks(response: requests.Response, cap: int, chunk_size: int) -> Iterator[bytes]:
    """The body in chunks, at most `cap` bytes (`ResponseTooLarge` beyond); then closed."""
    seen = 0
    try:
        for chunk in chunks(response, chunk_size):
            seen += len(chunk)
            if seen > cap:
                raise ResponseTooLarge(response.url, cap)
            yield chunk
    finally:
        response.close()


def read_body(response: requests.Response, limit: int, *, truncate: bool = False) -> bytes:
    """Read a (decompressed) body, stopping at `limit` + 1 bytes.

    The response is closed when reading stops early (too large, too slow, broken off), so
    its connection is not left half-read.
    """
    # Chunks of a fair size are kept as they come and joined once (a growing bytearray
    # copied each chunk again as it grew, and the whole body once more at the end: 0.3 ms
    # a 350 KB page); small ones (a server answering in tiny HTTP chunks) are gathered
    # into pieces of CHUNK first, so memory stays about the body's size, whatever it sends.
    parts: list[bytes] = []
    small = bytearray()
    size = 0
    try:
        for chunk in chunks(response):
            size += len(chunk)
            if small or len(chunk) < CHUNK // 4:
                small += chunk
                if len(small) >= CHUNK:
                    parts.append(bytes(small))
                    small.clear()
            else:
                parts.append(chunk)
            if size > limit:
                response.close()
                if truncate:
                    return b"".join([*parts, small])
                raise ResponseTooLarge(response.url, limit)
    except BaseException:
        response.close()
        raise
    if small:
        parts.append(bytes(small))
    return parts[0] if len(parts) == 1 else b"".join(parts)


def _cap_redirect_body(response: requests.Response, **kwargs: Any) -> None:
    if response.is_redirect and not getattr(response, "_content_consumed", False):
        store_body(response, read_body(response, _REDIRECT_BODY_CAP, truncate=True))


def store_body(response: requests.Response, data: bytes) -> None:
    # requests keeps the body in these two attributes; setting them makes
    # .content/.text/.json() work as usual on a body we read with a cap.
    response._content = data
    response._content_consumed = True  # type: ignore[attr-defined]


def prepare(
    http: requests.Session,
    policy: Politeness,
    method: str,
    url: str,
    *,
    credentials_origin: str,
    params: Mapping[str, str] | None = None,
    data: Mapping[str, str] | bytes | None = None,
    headers: Mapping[str, str] | None = None,
) -> requests.PreparedRequest:
    """Build a request: our identity, credentials only for their origin, capped 3xx bodies."""
    merged = {"User-Agent": policy.user_agent}
    if policy.from_address:
        merged["From"] = policy.from_address
    merged.update(headers or {})
    prepared = http.prepare_request(
        requests.Request(method, url, params=params, data=data, headers=merged)
    )
    if not same_origin(url, credentials_origin):
        # The caller's session credentials are for their origin only (robots.txt of
        # another host, a file on a CDN, a link from a landing page never get them).
        # Cookies the jar holds for that other site's own domain are its own: kept.
        given = {name.lower() for name in (headers or {})}
        from_session = {name.lower() for name in http.headers}
        if http.auth is not None:
            from_session.add("authorization")
        for name in (*ALWAYS_SENSITIVE, *policy.sensitive_headers):
            if name in from_session and name not in given:
                prepared.headers.pop(name, None)
    # requests reads a redirect's whole body before we see the response (to
    # build Response.next); this hook runs first and reads it with a cap.
    prepared.hooks.setdefault("response", []).append(_cap_redirect_body)
    # Identity is ours, whatever the caller's session carries (H1).
    prepared.headers["User-Agent"] = policy.user_agent
    if policy.from_address:
        prepared.headers["From"] = policy.from_address
    return prepared


@attrs.define(repr=False)
class Environment:
    """requests' environment settings per origin (proxies, CA bundle, certificate), cached."""

    __repr__ = value_repr

    _cache: dict[tuple[Any, ...], dict[str, Any]] = attrs.field(factory=dict, init=False)

    def settings(self, http: requests.Session, url: str) -> dict[str, Any]:
        """Return requests' environment settings for `url` (proxies, CA bundle, certificate).

        The environment (REQUESTS_CA_BUNDLE, HTTPS_PROXY, NO_PROXY, ...) applies as
        requests applies it, except that a certificate setting made on the caller's
        own session wins over the environment's bundle. Reading the environment
        costs a quarter of a loopback request, so the answer is kept per origin
        until a relevant variable or the session's settings change.
        """
        parts = urlsplit(url)
        key = (
            parts.scheme,
            parts.netloc,
            id(http),
            tuple(os.environ.get(name) for name in _ENV_NAMES),
            repr((http.verify, http.cert, http.proxies, http.trust_env)),
        )
        cached = self._cache.get(key)
        if cached is None:
            verify = None if http.verify is True else http.verify
            cached = dict(http.merge_environment_settings(url, {}, True, verify, None))
            if len(self._cache) > 1024:
                self._cache.clear()
            self._cache[key] = cached
        return dict(cached)
