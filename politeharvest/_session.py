"""`PoliteSession`: the one door to the network.

Every request politeharvest makes (pages, files, robots.txt, each redirect
hop, each retry, HEADs) goes through `PoliteSession._exchange`, which does, in
this order:

1. refuse hosts stopped in this job (403, bot challenge);
2. ask the `RobotsGate` (fetching robots.txt through this same door first);
3. reserve the host's next slot in the `PaceStore` and wait for it on the
   `Clock`, unless the wait is longer than allowed (`WaitRequired`) or would
   end after the job's deadline (`BudgetExhausted`);
4. send through the caller's `requests.Session` (urllib3 retries and
   requests' automatic redirects off), reading at most the size cap;
5. release the slot with the response's end time (gaps are end-to-start);
6. decide: stop (403, challenge), retry the same request after a hold
   (429/503: Retry-After or the backoff schedule; the job's multiplier grows),
   follow a redirect (`RedirectPolicy`), or return.
"""

from __future__ import annotations

import datetime as _dt
import logging
import os
import random
import socket
import threading
import uuid
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from typing import Any, Literal
from urllib.parse import urlsplit

import attrs
import requests
import urllib3
from requests.adapters import HTTPAdapter

from ._challenge import challenge_evidence
from ._clock import Clock, SystemClock
from ._pacing import Busy, HostPacer, MemoryPaceStore, PaceStore, Slot, host_key
from ._policy import Politeness
from ._redirects import Follow, RedirectPolicy, is_private_address, same_origin
from ._retry import parse_retry_after, retry_decision
from ._robots import RobotsDecision, RobotsGate, RobotsTxt, classify, robots_url_for
from ._transport import GuardedAdapter, PrivateAddressError, guarded_session, resolve_public
from .exceptions import (
    AddressRefused,
    BudgetExhausted,
    Deferred,
    Disallowed,
    HostStopped,
    HostUnreachable,
    RedirectRefused,
    ResponseTooLarge,
    RetriesExhausted,
    RobotsUnavailable,
    TransportError,
    WaitRequired,
)

__all__ = ["PoliteSession", "RequestEvent", "SessionStats"]

logger = logging.getLogger(__name__)

#: Real defaults for signatures: a frozen policy and a stateless clock can be shared.
_DEFAULT_POLICY = Politeness()
_SYSTEM_CLOCK = SystemClock()

Kind = Literal["page", "file", "robots"]

# Credentials that never follow a redirect to another origin (RFC 9110 section 15.4
# leaves it to the client; follow-redirects' CVE-2024-28849 shows why custom ones count).
_ALWAYS_SENSITIVE = ("authorization", "cookie", "proxy-authorization")
_REDIRECT_BODY_CAP = 64 * 1024
_ENV_NAMES = (
    "http_proxy", "https_proxy", "all_proxy", "no_proxy",
    "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY",
    "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE",
)  # fmt: skip
_CHUNK = 64 * 1024


@attrs.frozen
class RequestEvent:
    """One request (or refusal) as it happened, for audits of politeness.

    Attributes:
        at: wall-clock time (epoch seconds) the request started, or the decision was made.
        host: the pacing key.
        method: HTTP method.
        url: the URL requested (or refused).
        kind: ``"page"``, ``"file"`` or ``"robots"``.
        decision: what happened: ``"sent"``, ``"retry"``, ``"redirect"``, ``"stopped"``,
            ``"disallowed"``, ``"refused"`` (redirect), ``"deferred"``, ``"budget"``, ``"error"``.
        status: the HTTP status, if a response came.
        wait_s: seconds waited before the request.
        wait_reason: why (``"request-interval"``, ``"file-interval x2"``, ``"retry-after"``...).
        multiplier: the job's slow-down multiplier for the host.
        attempt: 0 for the first try, 1.. for retries.
        started: monotonic start of the request (None if nothing was sent).
        ended: monotonic end of the response (None if nothing was sent).
        detail: more evidence (the rule, the redirect target, the error).
    """

    at: float
    host: str
    method: str
    url: str
    kind: str
    decision: str
    status: int | None = None
    wait_s: float = 0.0
    wait_reason: str = ""
    multiplier: float = 1.0
    attempt: int = 0
    started: float | None = None
    ended: float | None = None
    detail: str = ""


@attrs.define
class SessionStats:
    """Counters of one session's traffic (for summaries).

    Attributes:
        requests: requests sent (all kinds, all hops, all retries).
        robots_fetches: of which robots.txt fetches.
        retries: resends after 429/503.
        redirects: redirect hops followed.
        waits: waits slept.
        wait_s: seconds slept in total.
        refused: requests not sent (robots, deny list, stopped host, redirect policy).
    """

    requests: int = 0
    robots_fetches: int = 0
    retries: int = 0
    redirects: int = 0
    waits: int = 0
    wait_s: float = 0.0
    refused: int = 0


def event_hooks(
    hooks: Iterable[Callable[[RequestEvent], None]],
) -> tuple[Callable[[RequestEvent], None], ...]:
    """The `on_event` hooks as a tuple (a single callable is accepted too)."""
    if callable(hooks):
        return (hooks,)
    return tuple(hooks)


def _causes(exc: BaseException) -> list[BaseException]:
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


def _private_cause(exc: BaseException) -> PrivateAddressError | None:
    """The `PrivateAddressError` behind a connection error, if that is what it was."""
    return next((c for c in _causes(exc) if isinstance(c, PrivateAddressError)), None)


@attrs.frozen
class _ReadLimit:
    """When a response's body must have ended: its own time limit, or the job's deadline."""

    clock: Clock
    stop_at: float
    why: str

    def check(self, url: str) -> None:
        if self.clock.monotonic() > self.stop_at:
            raise TransportError(url, f"{self.why}; stopped reading")


_LIMIT_ATTR = "_politeharvest_read_limit"


def _chunks(response: requests.Response, chunk_size: int = _CHUNK) -> Iterator[bytes]:
    """The decompressed body in chunks; a broken or truncated body is a TransportError.

    Each read returns what one socket read brings (`read1`), so a body that trickles a
    byte at a time is checked against its total time limit and the job's deadline
    between bytes, not only after a whole chunk has arrived.
    """
    raw = response.raw
    limit: _ReadLimit | None = getattr(response.request, _LIMIT_ATTR, None)
    read = getattr(raw, "read1", None)
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
            yield data
    except (requests.RequestException, OSError, urllib3.exceptions.HTTPError) as exc:
        raise TransportError(str(response.url), f"body interrupted: {exc}") from exc


def _read_body(response: requests.Response, limit: int, *, truncate: bool = False) -> bytes:
    """Read a (decompressed) body, stopping at `limit` + 1 bytes."""
    buf = bytearray()
    for chunk in _chunks(response):
        buf += chunk
        if len(buf) > limit:
            response.close()
            if truncate:
                return bytes(buf)
            raise ResponseTooLarge(response.url, limit)
    return bytes(buf)


def _cap_redirect_body(response: requests.Response, **kwargs: Any) -> None:
    if response.is_redirect and not getattr(response, "_content_consumed", False):
        _store_body(response, _read_body(response, _REDIRECT_BODY_CAP, truncate=True))


def _store_body(response: requests.Response, data: bytes) -> None:
    # requests keeps the body in these two attributes; setting them makes
    # .content/.text/.json() work as usual on a body we read with a cap.
    response._content = data
    response._content_consumed = True  # type: ignore[attr-defined]


@attrs.define
class _Turn:
    """One request's turn on its host: finished once, when its response has ended."""

    session: PoliteSession
    slot: Slot
    method: str
    url: str
    kind: str
    waited: float
    attempt: int
    at: float = attrs.field(init=False)
    started: float = attrs.field(init=False)
    done: bool = attrs.field(default=False, init=False)

    def __attrs_post_init__(self) -> None:
        self.at = self.session.clock.now()
        self.started = self.session.clock.monotonic()

    def finish(self, status: int | None, decision: str, detail: str = "") -> None:
        """Release the host with the response's end time and report the request."""
        if self.done:
            return
        self.done = True
        session, slot = self.session, self.slot
        ended = session.clock.monotonic()
        session.pace_store.release(slot, end=ended)
        session._emit(
            RequestEvent(
                self.at,
                slot.host,
                self.method,
                self.url,
                self.kind,
                decision,
                status,
                self.waited,
                slot.wait_reason,
                slot.multiplier,
                self.attempt,
                self.started,
                ended,
                detail,
            )
        )


@attrs.define
class PoliteSession:
    """The polite door to the network: robots, pacing, retries, redirects, budget.

    Wraps one `requests.Session` (bring your own for proxies, certificates or
    auth; its environment settings such as REQUESTS_CA_BUNDLE, HTTPS_PROXY and
    NO_PROXY are honoured). Safe to share between threads: requests to one
    host take turns, different hosts proceed in parallel. Starts no threads.

    Attributes:
        policy: the politeness policy.
        http: the underlying requests session (created, with retries off, if not given).
        clock: the clock every wait goes through.
        pace_store: where per-host pacing state lives (in memory by default).
        job_id: the job this session works for; the slow-down multiplier and
            stopped hosts belong to it (a new job starts at x1).
        job_started_at: wall-clock start of the job (now by default); the job's
            deadline is this plus `policy.job_budget`.
        max_inline_wait: the longest wait slept inside a call (None: up to
            `policy.max_wait`); longer ones raise `WaitRequired`.
        on_event: callables receiving one `RequestEvent` per request or refusal.
        rng: the random source for jitter.
        resolve_addresses: before following a redirect, resolve the target's
            name and refuse private addresses (unless the policy allows them).
        credentials_origin: the only origin (scheme, host, port) that receives the
            credentials set on the caller's `http` session (Authorization, Cookie,
            Proxy-Authorization headers and the policy's sensitive headers): robots.txt
            of other origins, redirect hops and full-text probes never get them.
            Default: the origin of the first request sent through this session.
            Headers passed to a single call are sent as given.
        answered_before: tells whether a host ever answered (a `HarvestPlan` asks its
            state); a host that refuses connections and never answered is then an error
            (`HostUnreachable`), not a deferral. A name that does not resolve always is.
    """

    policy: Politeness = _DEFAULT_POLICY
    http: requests.Session = attrs.field(
        default=attrs.Factory(
            lambda self: guarded_session(allow_private=self.policy.allow_private_addresses),
            takes_self=True,
        )
    )
    clock: Clock = _SYSTEM_CLOCK
    pace_store: PaceStore = attrs.field(factory=MemoryPaceStore)
    job_id: str = attrs.field(factory=lambda: uuid.uuid4().hex)
    job_started_at: float | None = None
    max_inline_wait: float | None = None
    on_event: tuple[Callable[[RequestEvent], None], ...] = attrs.field(
        default=(), converter=event_hooks
    )
    rng: random.Random = attrs.field(factory=random.Random, repr=False)
    resolve_addresses: bool = True
    credentials_origin: str | None = None
    answered_before: Callable[[str], bool] | None = None
    robots: RobotsGate = attrs.field(init=False)
    redirects: RedirectPolicy = attrs.field(init=False)
    stats: SessionStats = attrs.field(factory=SessionStats, init=False)
    _pacer: HostPacer = attrs.field(init=False, repr=False)
    _deadline: float = attrs.field(init=False, repr=False)
    _stats_lock: threading.Lock = attrs.field(factory=threading.Lock, init=False, repr=False)
    _env_cache: dict[tuple[Any, ...], dict[str, Any]] = attrs.field(
        factory=dict, init=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        self.robots = RobotsGate(self.policy)
        self.redirects = RedirectPolicy.from_policy(self.policy)
        self._pacer = HostPacer(self.policy)
        if self.job_started_at is None:
            self.job_started_at = self.clock.now()
        elapsed = self.clock.now() - self.job_started_at
        self._deadline = self.clock.monotonic() + self.policy.job_budget - elapsed

    # -- public API ------------------------------------------------------------------

    def get(
        self,
        url: str,
        *,
        kind: Literal["page", "file"] = "page",
        params: Mapping[str, str] | None = None,
        headers: Mapping[str, str] | None = None,
        max_inline_wait: float | None = None,
        stream: bool = False,
        timeout: float | tuple[float, float] | None = None,
        verify: bool | str | None = None,
        allow_redirects: bool = True,
    ) -> requests.Response:
        """GET `url` politely and return the final response (``response.url`` is its address).

        The keywords people pass to ``requests.get`` work, with the policy still in force.

        Args:
            url: the URL.
            kind: ``"file"`` for full-text files (the file interval applies), else ``"page"``.
            params: query parameters.
            headers: extra request headers (User-Agent and From come from the policy).
            max_inline_wait: the longest wait slept in this call (overrides the session's).
            stream: return before reading the body; read it with `iter_body` and close
                the response (``with session.get(..., stream=True) as r:``), which ends
                the request's turn on the host.
            timeout: seconds to connect and between bytes (a number, or a pair), instead
                of the policy's; a body's total time stays bounded by the policy.
            verify: TLS verification for this request: a CA bundle path, or False (not
                recommended), instead of the session's.
            allow_redirects: False returns the first answer, a 3xx included, without
                following it (robots.txt, pacing and retries still apply).

        Raises:
            Disallowed: robots.txt or the deny list forbids the URL (or a redirect target).
            RobotsUnavailable: the origin's robots.txt cannot be read now.
            RedirectRefused: a redirect left the site, went to http, was a loop, a
                sign-in wall, or one hop too many.
            HostStopped: the host answered 403 or a bot challenge.
            WaitRequired: the next polite moment is later than the caller allows.
            BudgetExhausted: the wait would end after the job's deadline.
            RetriesExhausted: 429/503 after every scheduled retry.
            ResponseTooLarge: the body passed the size cap.
            AddressRefused: the host is, or resolves to, a private address.
            TransportError: the network failed.
        """
        return self.request(
            "GET",
            url,
            kind=kind,
            params=params,
            headers=headers,
            max_inline_wait=max_inline_wait,
            stream=stream,
            timeout=timeout,
            verify=verify,
            allow_redirects=allow_redirects,
        )

    def head(
        self,
        url: str,
        *,
        kind: Literal["page", "file"] = "page",
        headers: Mapping[str, str] | None = None,
        max_inline_wait: float | None = None,
        timeout: float | tuple[float, float] | None = None,
        verify: bool | str | None = None,
        allow_redirects: bool = True,
    ) -> requests.Response:
        """HEAD `url` politely: paced, robots-checked and counted like a GET (see `get`)."""
        return self.request(
            "HEAD",
            url,
            kind=kind,
            headers=headers,
            max_inline_wait=max_inline_wait,
            timeout=timeout,
            verify=verify,
            allow_redirects=allow_redirects,
        )

    def post(
        self,
        url: str,
        *,
        data: Mapping[str, str] | bytes | None = None,
        headers: Mapping[str, str] | None = None,
        max_inline_wait: float | None = None,
        timeout: float | tuple[float, float] | None = None,
        verify: bool | str | None = None,
    ) -> requests.Response:
        """POST politely (OAI-PMH allows POST for long arguments); see `get`."""
        return self.request(
            "POST",
            url,
            data=data,
            headers=headers,
            max_inline_wait=max_inline_wait,
            timeout=timeout,
            verify=verify,
        )

    def request(
        self,
        method: str,
        url: str,
        *,
        kind: Literal["page", "file"] = "page",
        params: Mapping[str, str] | None = None,
        data: Mapping[str, str] | bytes | None = None,
        headers: Mapping[str, str] | None = None,
        max_inline_wait: float | None = None,
        stream: bool = False,
        timeout: float | tuple[float, float] | None = None,
        verify: bool | str | None = None,
        allow_redirects: bool = True,
    ) -> requests.Response:
        """Send any request through the polite door (see `get` for the keywords and errors)."""
        prepared = self._prepare(method, url, params=params, data=data, headers=headers)
        limit = self.policy.max_file_bytes if kind == "file" else self.policy.max_response_bytes
        inline = self.max_inline_wait if max_inline_wait is None else max_inline_wait
        chain: list[str] = [str(prepared.url)]
        statuses: list[int] = []
        attempt = 0
        while True:
            current = str(prepared.url)
            if not self.policy.allow_private_addresses:
                # before robots.txt, so the refusal names the URL asked for
                self._check_address(current, kind, self._environment(current))
            decision = self._robots_decision(current, inline, kind)
            response = self._exchange(
                prepared,
                kind=kind,
                inline=inline,
                stream=stream,
                limit=limit,
                crawl_delay=decision.crawl_delay,
                attempt=attempt,
                timeout=timeout,
                verify=verify,
            )
            status = response.status_code
            if status in self.policy.retry_statuses:
                statuses.append(status)
                response.close()  # a streamed response ends its turn on the host here
                self._retry_or_raise(response, current, kind, attempt, tuple(statuses))
                attempt += 1
                continue
            if response.is_redirect and allow_redirects:
                prepared = self._next_hop(response, chain, kind)
                chain.append(str(prepared.url))
                attempt = 0
                continue
            return response

    def iter_body(
        self, response: requests.Response, *, limit: int | None = None, chunk_size: int = _CHUNK
    ) -> Generator[bytes, None, None]:
        """Yield a streamed response's (decompressed) body, enforcing the size cap.

        The response is closed at the end (which ends its turn on the host).

        Raises:
            ResponseTooLarge: more than `limit` bytes (default: the policy's file cap).
            TransportError: the connection broke (a truncated download).
        """
        cap = self.policy.max_file_bytes if limit is None else limit
        seen = 0
        try:
            for chunk in _chunks(response, chunk_size):
                seen += len(chunk)
                if seen > cap:
                    raise ResponseTooLarge(response.url, cap)
                yield chunk
        finally:
            response.close()

    def allowed(self, url: str) -> RobotsDecision:
        """Return the robots.txt decision for `url`, fetching robots.txt politely if needed."""
        try:
            return self._robots_decision(url, self.max_inline_wait, "page")
        except Disallowed as exc:
            return RobotsDecision(
                False,
                url,
                reason=exc.reason,
                rule=exc.rule,
                line=exc.line,
                robots_url=exc.robots_url,
            )

    @property
    def deadline(self) -> _dt.datetime:
        """When the job's budget runs out (UTC)."""
        return self._wall(self._deadline)

    def multiplier(self, url_or_host: str) -> float:
        """The job's current slow-down multiplier for a host."""
        return self.pace_store.multiplier(host_key(url_or_host), job=self.job_id)

    def close(self) -> None:
        """Close the underlying requests session."""
        self.http.close()

    def __enter__(self) -> PoliteSession:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- building requests -------------------------------------------------------------

    def _prepare(
        self,
        method: str,
        url: str,
        *,
        params: Mapping[str, str] | None = None,
        data: Mapping[str, str] | bytes | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> requests.PreparedRequest:
        merged = {"User-Agent": self.policy.user_agent}
        if self.policy.from_address:
            merged["From"] = self.policy.from_address
        merged.update(headers or {})
        request = requests.Request(method, url, params=params, data=data, headers=merged)
        prepared = self.http.prepare_request(request)
        if self.credentials_origin is None:
            self.credentials_origin = url  # the caller's first request names the origin
        if not same_origin(url, self.credentials_origin):
            # The caller's session credentials are for their origin only (robots.txt of
            # another host, a file on a CDN, a link from a landing page never get them).
            # Cookies the jar holds for that other site's own domain are its own: kept.
            given = {name.lower() for name in (headers or {})}
            from_session = {name.lower() for name in self.http.headers}
            if self.http.auth is not None:
                from_session.add("authorization")
            for name in (*_ALWAYS_SENSITIVE, *self.policy.sensitive_headers):
                if name in from_session and name not in given:
                    prepared.headers.pop(name, None)
        # requests reads a redirect's whole body before we see the response (to
        # build Response.next); this hook runs first and reads it with a cap.
        prepared.hooks.setdefault("response", []).append(_cap_redirect_body)
        # Identity is ours, whatever the caller's session carries (H1).
        prepared.headers["User-Agent"] = self.policy.user_agent
        if self.policy.from_address:
            prepared.headers["From"] = self.policy.from_address
        return prepared

    # -- robots ------------------------------------------------------------------------

    def _robots_decision(self, url: str, inline: float | None, kind: str) -> RobotsDecision:
        decision = self.robots.allowed(url, self.clock.monotonic())
        if decision is None:
            with self.robots.origin_lock(url):
                decision = self.robots.allowed(url, self.clock.monotonic())
                if decision is None:
                    entry = self._fetch_robots(url, inline)
                    self.robots.learn(url, entry)
                    decision = entry.allowed(url, delay_cap=self.policy.max_wait)
        if decision.unavailable:
            self._refused(url, kind, "disallowed", decision.reason)
            retry_at = (
                decision.retry_at if decision.retry_at is not None else self.clock.monotonic()
            )
            raise RobotsUnavailable(url, self._wall(retry_at), decision.reason)
        if not decision.allowed:
            self._refused(url, kind, "disallowed", f"{decision.reason}: {decision.rule}")
            raise Disallowed(
                url,
                decision.reason,
                rule=decision.rule,
                line=decision.line,
                robots_url=decision.robots_url,
            )
        return decision

    def _fetch_robots(self, url: str, inline: float | None) -> RobotsTxt:
        """Fetch the origin's robots.txt through the door and classify it (RFC 9309)."""
        policy = self.policy
        robots_url = robots_url_for(url)
        hops = RedirectPolicy.for_robots(policy)
        chain = [robots_url]
        prepared = self._prepare("GET", robots_url)
        while True:
            try:
                response = self._exchange(
                    prepared,
                    kind="robots",
                    inline=inline,
                    stream=True,
                    limit=policy.robots_max_bytes,
                    crawl_delay=None,
                    attempt=0,
                    timeout=policy.robots_timeout_s,
                )
            except TransportError as exc:
                self._raise_if_unreachable(url, exc)
                return classify(
                    policy,
                    robots_url,
                    status=None,
                    body=None,
                    now=self.clock.monotonic(),
                    error=str(exc),
                )
            except ResponseTooLarge as exc:
                return classify(
                    policy,
                    robots_url,
                    status=None,
                    body=None,
                    now=self.clock.monotonic(),
                    error=str(exc),
                )
            if response.is_redirect:
                step = hops.decide(chain, response.headers.get("Location", ""))
                response.close()
                if not isinstance(step, Follow):
                    # RFC 9309 2.3.1.2: beyond the redirects we follow, robots.txt
                    # counts as unavailable (4xx): allow all.
                    return classify(
                        policy,
                        robots_url,
                        status=response.status_code,
                        body=None,
                        now=self.clock.monotonic(),
                    )
                chain.append(step.url)
                prepared = self._prepare("GET", step.url)
                continue
            truncated = False
            try:
                body = _read_body(response, policy.robots_max_bytes, truncate=True)
            except TransportError as exc:
                body, truncated = b"", True
                logger.info("robots.txt %s truncated: %s", robots_url, exc)
            finally:
                response.close()
            entry = classify(
                policy,
                robots_url,
                status=response.status_code,
                body=body,
                now=self.clock.monotonic(),
                truncated=truncated,
            )
            if entry.note.startswith("parsed ("):
                logger.warning("%s: %s", robots_url, entry.note)
            return entry

    def _raise_if_unreachable(self, url: str, exc: TransportError) -> None:
        """A name that does not resolve, or a new host refusing connections, is an error."""
        host = urlsplit(url).hostname or ""
        causes = _causes(exc)
        if any(isinstance(c, socket.gaierror) for c in causes):
            raise HostUnreachable(url, host, "the name does not resolve") from exc
        refused = any(isinstance(c, ConnectionRefusedError) for c in causes)
        if refused and self.answered_before is not None and not self.answered_before(host):
            raise HostUnreachable(
                url, host, "it refuses connections and has never answered"
            ) from exc

    # -- the exchange: one paced request ------------------------------------------------

    def _exchange(
        self,
        prepared: requests.PreparedRequest,
        *,
        kind: Kind,
        inline: float | None,
        stream: bool,
        limit: int,
        crawl_delay: float | None,
        attempt: int,
        timeout: float | tuple[float, float] | None = None,
        verify: bool | str | None = None,
    ) -> requests.Response:
        url = str(prepared.url)
        method = str(prepared.method)
        host = host_key(url)
        stopped = self.pace_store.stopped(host, job=self.job_id)
        if stopped is not None:
            self._refused(url, kind, "stopped", stopped)
            raise HostStopped(url, host, stopped)
        # Everything that can be worked out before the wait is, so the request leaves
        # as soon as its turn comes.
        if isinstance(timeout, tuple):
            connect, read = timeout
        else:
            connect = self.policy.connect_timeout_s if timeout is None else timeout
            read = self.policy.read_timeout_s if timeout is None else timeout
        settings = self._environment(url)
        if verify is not None:
            settings["verify"] = verify
        slot, waited = self._take_turn(url, host, kind, inline, crawl_delay, stream)
        turn = _Turn(self, slot, method, url, kind, waited, attempt)
        self._count(kind=kind)
        total = {"file": self.policy.file_time_s, "robots": read}.get(kind, self.policy.page_time_s)
        started = self.clock.monotonic()
        if started + total <= self._deadline:
            why = f"the response took longer than {total:g} s in all"
            limit_at = started + total
        else:
            why, limit_at = (
                "the job's budget ran out while the response was arriving",
                self._deadline,
            )
        # The limit travels with the request, so requests' redirect hook reads with it too.
        setattr(prepared, _LIMIT_ATTR, _ReadLimit(self.clock, limit_at, why))
        try:
            response = self.http.send(
                prepared, allow_redirects=False, timeout=(connect, read), **settings
            )
            if not stream and not response.is_redirect:
                _store_body(response, _read_body(response, limit))
        except requests.RequestException as exc:
            turn.finish(None, "error", str(exc))
            private = _private_cause(exc)
            if private is not None:
                raise AddressRefused(url, private.host, private.address) from exc
            raise TransportError(url, f"request failed: {exc}") from exc
        except TransportError as exc:  # the body broke off while it was read
            turn.finish(None, "error", str(exc))
            raise
        except ResponseTooLarge as exc:
            turn.finish(200, "error", str(exc))
            raise
        if stream and not response.is_redirect:
            # A streamed response keeps the host's turn until it is closed (end-to-start).
            original_close = response.close

            def close() -> None:
                try:
                    original_close()
                finally:
                    turn.finish(response.status_code, "sent")

            response.close = close  # type: ignore[method-assign]
        else:
            turn.finish(response.status_code, self._decision_of(response))
        try:
            self._after_response(response, kind=kind, host=host, url=url)
        except BaseException:
            response.close()
            raise
        return response

    def _environment(self, url: str) -> dict[str, Any]:
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
            tuple(os.environ.get(name) for name in _ENV_NAMES),
            repr((self.http.verify, self.http.cert, self.http.proxies, self.http.trust_env)),
        )
        cached = self._env_cache.get(key)
        if cached is None:
            verify = None if self.http.verify is True else self.http.verify
            cached = dict(self.http.merge_environment_settings(url, {}, True, verify, None))
            if len(self._env_cache) > 1024:
                self._env_cache.clear()
            self._env_cache[key] = cached
        return dict(cached)

    def _take_turn(
        self,
        url: str,
        host: str,
        kind: Kind,
        inline: float | None,
        crawl_delay: float | None,
        stream: bool,
    ) -> tuple[Slot, float]:
        """Reserve the host's next slot and wait for it; return the slot and the wait."""
        gap, gap_reason = self._pacer.gap(kind, crawl_delay)
        jitter = self.rng.uniform(0.0, self.policy.jitter) if self.policy.jitter > 0 else 0.0
        lease = self.policy.connect_timeout_s + self.policy.read_timeout_s + 60.0
        if stream:
            lease = max(lease, self.policy.job_budget)
        busy_waited = 0.0
        while True:
            now = self.clock.monotonic()
            if now >= self._deadline:
                self._refused(url, kind, "budget", "job budget spent")
                raise BudgetExhausted(
                    url, self._wall(now), "the job's budget is spent", deadline=self.deadline
                )
            reserved = self.pace_store.reserve(
                host,
                job=self.job_id,
                now=now,
                gap=gap,
                gap_reason=gap_reason,
                jitter=jitter,
                lease_s=lease + max(0.0, self.policy.max_wait),
            )
            if isinstance(reserved, Busy):
                pause = max(0.0, reserved.retry_at - now)
                if reserved.retry_at > self._deadline:
                    raise BudgetExhausted(
                        url,
                        self._wall(reserved.retry_at),
                        f"host {host} is busy",
                        deadline=self.deadline,
                    )
                if inline is not None and busy_waited + pause > inline:
                    raise WaitRequired(url, self._wall(reserved.retry_at), f"host {host} is busy")
                busy_waited += pause
                self.clock.sleep(pause, "host busy")
                continue
            slot = reserved
            break
        wait = slot.start_at - now
        if wait <= 0:
            return slot, 0.0
        limit = self.policy.max_wait if inline is None else min(inline, self.policy.max_wait)
        reason = f"{slot.wait_reason} ({wait:.3f} s)"
        until = self._wall(slot.start_at)
        refusal: Deferred | None = None
        if wait > self.policy.max_wait:
            refusal = WaitRequired(
                url,
                until,
                f"the next polite moment is {wait:.1f} s away ({slot.wait_reason}), "
                f"beyond the policy's longest wait of {self.policy.max_wait:.0f} s",
            )
        elif slot.start_at >= self._deadline:
            refusal = BudgetExhausted(
                url,
                until,
                f"the next polite moment ({reason}) is after the deadline",
                deadline=self.deadline,
            )
        elif wait > limit:
            refusal = WaitRequired(
                url,
                until,
                f"the next polite moment is {wait:.1f} s away ({slot.wait_reason}), "
                "longer than the caller allows to wait inline",
            )
        if refusal is not None:
            self.pace_store.release(slot, end=None)
            decision = "budget" if isinstance(refusal, BudgetExhausted) else "deferred"
            self._refused(url, kind, decision, reason)
            raise refusal
        remaining = wait
        while remaining > 0:
            self.clock.sleep(remaining, slot.wait_reason)
            remaining = slot.start_at - self.clock.monotonic()
        with self._stats_lock:
            self.stats.waits += 1
            self.stats.wait_s += wait
        return slot, wait

    # -- decisions after a response ---------------------------------------------------

    def _after_response(
        self, response: requests.Response, *, kind: Kind, host: str, url: str
    ) -> None:
        """Stop signals: a bot challenge or a 403 stops the host for the job (B8)."""
        if kind == "robots":
            return
        status = response.status_code
        head = response._content if isinstance(response._content, bytes) else b""
        evidence = challenge_evidence(status, response.headers, head[:65536])
        # A 403 on a page (OAI-PMH, landing page) means "stop harvesting here" (OAI-PMH
        # guidelines); on a file it usually means that one file is restricted, so it is
        # the file's outcome, not the host's, unless the body is a bot challenge.
        if evidence is None and status == 403 and self.policy.stop_on_forbidden and kind != "file":
            evidence = "403 Forbidden on a harvest request"
        if evidence is not None:
            reason = f"{evidence} (status {status})"
            self.pace_store.stop_host(host, job=self.job_id, reason=reason)
            response.close()
            self._emit(
                RequestEvent(
                    self.clock.now(), host, "-", url, kind, "stopped", status, detail=reason
                )
            )
            raise HostStopped(url, host, reason, status=status)

    def _retry_or_raise(
        self,
        response: requests.Response,
        url: str,
        kind: Kind,
        attempt: int,
        statuses: tuple[int, ...],
    ) -> None:
        """After a 429/503: slow the job down, hold the host, and retry or give up (B1-B7)."""
        host = host_key(url)
        multiplier = self.pace_store.slow_down(
            host, job=self.job_id, factor=self.policy.slowdown_factor, cap=self.policy.max_slowdown
        )
        header = response.headers.get("Retry-After")
        decision = retry_decision(self.policy, attempt, header, self.clock.now())
        end = self.clock.monotonic()
        if decision is None:
            last = self.policy.backoff[-1] if self.policy.backoff else 0.0
            asked = parse_retry_after(header, self.clock.now())
            until = end + max(last, asked or 0.0)
            self.pace_store.hold(host, until, reason="backoff")
            raise RetriesExhausted(url, self._wall(until), statuses)
        until = end + decision.delay
        self.pace_store.hold(host, until, reason=decision.reason)
        logger.info(
            "%s answered %s; holding %s for %.1f s (%s), slow-down x%g",
            url,
            response.status_code,
            host,
            decision.delay,
            decision.reason,
            multiplier,
        )
        if decision.defer:
            self._refused(url, kind, "deferred", f"{decision.reason} {decision.delay:.0f} s")
            raise WaitRequired(
                url,
                self._wall(until),
                f"the server asked for {decision.delay:.0f} s ({decision.reason}), more than "
                f"the policy's longest wait of {self.policy.max_wait:.0f} s; "
                "the host is held until then",
            )
        with self._stats_lock:
            self.stats.retries += 1

    def _next_hop(
        self, response: requests.Response, chain: list[str], kind: Kind
    ) -> requests.PreparedRequest:
        """Decide a redirect and build the next request (E1-E7)."""
        current = chain[-1]
        location = response.headers.get("Location", "")
        step = self.redirects.decide(tuple(chain), location)
        if not isinstance(step, Follow):
            self._refused(step.url, kind, "refused", f"{step.code}: {step.reason}")
            raise RedirectRefused(
                current, step.url, step.reason, code=step.code, chain=tuple(chain)
            )
        target = step.url
        if self.resolve_addresses and not self.policy.allow_private_addresses:
            self._refuse_private_names(current, target, chain, kind)
        # A Retry-After on a 3xx delays the hop (E4).
        asked = parse_retry_after(response.headers.get("Retry-After"), self.clock.now())
        if asked:
            self.pace_store.hold(
                host_key(target), self.clock.monotonic() + asked, reason="retry-after"
            )
        nxt = response.next
        if nxt is None or str(nxt.url) != target:
            nxt = self._prepare(
                "GET" if response.status_code == 303 else str(response.request.method), target
            )
        else:
            nxt.headers["User-Agent"] = self.policy.user_agent
        if not same_origin(current, target):
            for name in (*_ALWAYS_SENSITIVE, *self.policy.sensitive_headers):
                nxt.headers.pop(name, None)
        with self._stats_lock:
            self.stats.redirects += 1
        return nxt

    def _check_address(self, url: str, kind: Kind, settings: Mapping[str, Any]) -> None:
        """Refuse a private host before its robots.txt is read or its turn is taken.

        Runs for the URL asked for and for every redirect hop (robots.txt hops are
        decided by their own redirect policy and, for names, where the connection is
        made). A literal private address (or ``localhost``) is refused here. A name is checked
        where the connection is made when the session's adapter is a `GuardedAdapter`
        and no proxy is used (no rebinding window); otherwise it is resolved here.
        """
        host = urlsplit(url).hostname or ""
        if is_private_address(host):
            self._refused(url, kind, "refused", f"{host} is a private address")
            raise AddressRefused(url, host, host)
        adapter = self.http.get_adapter(url)
        guarded = isinstance(adapter, GuardedAdapter)
        proxied = bool(requests.utils.select_proxy(url, settings.get("proxies") or {}))
        # An adapter with a send() of its own (a test transport, a cache) connects nowhere
        # by itself: only a stock HTTPAdapter's connections are resolved here.
        stock = type(adapter).send is HTTPAdapter.send
        if (guarded and not proxied) or not stock or not self.resolve_addresses:
            return
        try:
            resolve_public(host, urlsplit(url).port or 443)
        except PrivateAddressError as exc:
            self._refused(url, kind, "refused", str(exc))
            raise AddressRefused(url, host, exc.address) from None
        except OSError:
            return  # the name does not resolve: the request fails as a TransportError

    def _refuse_private_names(
        self, current: str, target: str, chain: list[str], kind: Kind
    ) -> None:
        host = urlsplit(target).hostname or ""
        if is_private_address(host):
            return  # literal addresses were already decided by the policy
        try:
            resolve_public(host, urlsplit(target).port or 443)
        except PrivateAddressError as exc:
            reason = str(exc)
            self._refused(target, kind, "refused", reason)
            raise RedirectRefused(
                current, target, reason, code="private-address", chain=tuple(chain)
            ) from None
        except OSError:
            return  # resolution fails again at send time, as a TransportError

    # -- bookkeeping --------------------------------------------------------------------

    def _decision_of(self, response: requests.Response) -> str:
        if response.status_code in self.policy.retry_statuses:
            return "retry"
        if response.is_redirect:
            return "redirect"
        return "sent"

    def _wall(self, monotonic_time: float) -> _dt.datetime:
        seconds = self.clock.now() + (monotonic_time - self.clock.monotonic())
        seconds = min(seconds, 253402300799.0)  # datetime's last second, 9999-12-31
        return _dt.datetime.fromtimestamp(seconds, tz=_dt.timezone.utc)

    def _count(self, *, kind: str) -> None:
        with self._stats_lock:
            self.stats.requests += 1
            if kind == "robots":
                self.stats.robots_fetches += 1

    def _refused(self, url: str, kind: str, decision: str, detail: str) -> None:
        with self._stats_lock:
            self.stats.refused += 1
        self._emit(
            RequestEvent(self.clock.now(), host_key(url), "-", url, kind, decision, detail=detail)
        )

    def _emit(self, event: RequestEvent) -> None:
        if event.decision not in ("sent", "redirect"):
            logger.debug("%s %s %s: %s", event.decision, event.kind, event.url, event.detail)
        for hook in self.on_event:
            hook(event)


class _Made:
    """A signature default that says what is made per session (not attrs' NOTHING)."""

    def __init__(self, what: str) -> None:
        self.what = what

    def __repr__(self) -> str:
        return f"<{self.what}>"


def _signature_with_real_defaults() -> None:
    import inspect

    made = {
        "http": _Made("a new requests.Session that checks addresses where it connects"),
        "pace_store": _Made("a new MemoryPaceStore"),
        "job_id": _Made("a new random id"),
        "rng": _Made("a new random.Random"),
    }
    signature = inspect.signature(PoliteSession)
    parameters = [
        p.replace(default=made[p.name]) if p.name in made else p
        for p in signature.parameters.values()
    ]
    PoliteSession.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]


_signature_with_real_defaults()
