"""The layers under `PoliteSession`, in the manner of httpx's client.

    journey   one loop over a request's hops: the gate (private addresses, robots.txt)
              before each hop, then the redirect decision after it
    retries   one hop's 429/503 loop: slow the job down, hold the host, send again
    exchange  one request: a stopped host is refused, the host's turn is taken (and waited
              for), the request is sent and its body read within its limits, the turn ends

Every decision is a pure function of `_flow` (`on_response`, `decide_wait`, `decide_busy`);
these layers carry them out. robots.txt goes through the same journey with its own redirect
policy, no gate and no retries (a 429 there means "unavailable", RFC 9309).
"""

from __future__ import annotations

import logging
import socket
import threading
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

import attrs
import requests
import urllib3
from requests.adapters import HTTPAdapter

from politeharvest.exceptions import (
    AddressRefused,
    BudgetExhausted,
    CertificateRejected,
    Deferred,
    Disallowed,
    HarvestError,
    HostStopped,
    HostUnreachable,
    RedirectRefused,
    ResponseTooLarge,
    RetriesExhausted,
    RightsReserved,
    RobotsUnavailable,
    TransportError,
    WaitRequired,
)

from ._challenge import challenge_evidence
from ._events import RequestEvent, Turn
from ._flow import (
    Decision,
    Defer,
    Done,
    GiveUp,
    Hop,
    Refused,
    RequestFlow,
    Retry,
    Sleep,
    StopHost,
    WaitRefused,
    decide_busy,
    decide_wait,
    on_response,
)
from ._pacing import Busy, Slot, host_key
from ._ratelimit import announced_hold
from ._redirects import RedirectPolicy, is_private_address
from ._rights import (
    TDMREP_MAX_BYTES,
    TdmRule,
    file_signals,
    tdmrep_lifetime,
    tdmrep_rules_from,
    tdmrep_url,
)
from ._robots import RobotsDecision, RobotsTxt, classify, robots_url_for
from ._transport import GuardedAdapter, PrivateAddressError, resolve_public
from ._wire import (
    ALWAYS_SENSITIVE,
    LIMIT_ATTR,
    ReadLimit,
    causes,
    certificate_cause,
    describe_failure,
    prepare,
    private_cause,
    read_body,
)
from ._wire import store_body as _store_body

if TYPE_CHECKING:
    from ._session import PoliteSession

__all__ = ["Ahead", "Door", "Options"]

logger = logging.getLogger("politeharvest.net._session")

RequestKind = Literal["page", "file", "robots"]


@attrs.frozen
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

    kind: RequestKind
    inline: float | None
    stream: bool
    limit: int
    timeout: float | tuple[float, float] | None = None
    verify: bool | str | None = None


@attrs.define
class Door:
    """The layers of one `PoliteSession` (which it reads live: policy, stores, clock)."""

    s: PoliteSession

    def prepare(
        self,
        method: str,
        url: str,
        *,
        params: Mapping[str, str] | None = None,
        data: Mapping[str, str] | bytes | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> requests.PreparedRequest:
        """Build a request (the caller's first request names the credentials' origin)."""
        if self.s.credentials_origin is None:
            self.s.credentials_origin = url  # the caller's first request names the origin
        return prepare(
            self.s.http,
            self.s.policy,
            method,
            url,
            credentials_origin=self.s.credentials_origin,
            params=params,
            data=data,
            headers=headers,
        )

    # -- journey: hops, with the gate before each -----------------------------------------

    def journey(
        self,
        prepared: requests.PreparedRequest,
        opts: Options,
        *,
        follow: bool = True,
        redirects: RedirectPolicy | None = None,
        gate: bool = True,
        ahead: Ahead | None = None,
        crawl_delay: float | None = None,
    ) -> tuple[requests.Response, Refused | None]:
        """Carry a request over its hops; return the answer (and a refused hop, ungated).

        With `ahead`, the first hop's first answer is the one sent ahead (`send_ahead`);
        ungated, `crawl_delay` is the one robots.txt gave (none for robots.txt itself).
        """
        delay = crawl_delay
        flow = RequestFlow((str(prepared.url),), str(prepared.method))
        rules = redirects if redirects is not None else self.s.redirects
        while True:
            if ahead is not None:  # gated when it was sent
                crawl_delay = ahead.crawl_delay
            else:
                crawl_delay = self.gate(flow.url, opts) if gate else delay
            response, step = self.retries(
                prepared, flow, opts, crawl_delay, follow, rules, gate, ahead
            )
            ahead = None
            if isinstance(step, Hop):
                if not gate:
                    response.close()
                prepared = self.next_hop(response, step, flow, opts.kind, gate)
                flow = step.flow
                continue
            if isinstance(step, Refused):
                if not gate:
                    response.close()
                    return response, step
                stop = step.stop
                self.s._recorder.refused(
                    stop.url, opts.kind, "refused", f"{stop.code}: {stop.reason}"
                )
                raise RedirectRefused(
                    flow.url, stop.url, stop.reason, code=stop.code, chain=flow.chain
                )
            return response, None

    def gate(self, url: str, opts: Options) -> float | None:
        """Private addresses, robots.txt, then a file's TDM rules; return the Crawl-delay."""
        if not self.s.policy.allow_private_addresses:
            # before robots.txt, so the refusal names the URL asked for
            self.check_address(url, opts.kind, self.s._env.settings(self.s.http, url))
        crawl_delay = self.robots_decision(url, opts.inline, opts.kind).crawl_delay
        if opts.kind == "file":
            self.check_rights(url, None, opts.inline)
        return crawl_delay

    # -- rights signals for files: TDMRep and robots directives ---------------------------

    def check_rights(
        self, url: str, headers: Mapping[str, str] | None, inline: float | None = None
    ) -> None:
        """Refuse a file whose rights holder reserves mining (before its body is read)."""
        s = self.s
        policy = s.policy
        if not (policy.tdm_reservations or policy.robots_tags):
            return
        rules: tuple[TdmRule, ...] = ()
        if headers is None:
            if not (policy.tdm_reservations and policy.tdmrep_json) or policy.tdm_licence:
                return  # before the request, only the origin's rules can refuse a file
            rules = self.tdmrep_rules(url, inline)
        found = file_signals(policy, url, headers, rules)
        if found is not None:
            raise s.refuse_reserved(url, found)

    def tdmrep_rules(self, url: str, inline: float | None) -> tuple[TdmRule, ...]:
        """The origin's ``/.well-known/tdmrep.json`` rules, fetched and kept as robots.txt is."""
        s = self.s
        where = tdmrep_url(url)
        cached = s._tdmrep.get(where)
        if cached is not None and s.clock.monotonic() < cached[0]:
            return cached[1]
        policy = s.policy
        opts = Options("robots", inline, True, TDMREP_MAX_BYTES, policy.robots_timeout_s)
        status: int | None = None
        rules: tuple[TdmRule, ...] = ()
        try:  # robots.txt and the deny list govern it like any other request
            crawl_delay = self.robots_decision(where, inline, "robots").crawl_delay
            response, refused = self.fetch_origin_file(where, opts, crawl_delay)
            status = response.status_code
            try:
                if refused is None and status == 200:
                    rules = tdmrep_rules_from(
                        status, read_body(response, TDMREP_MAX_BYTES, truncate=True)
                    )
            finally:
                response.close()
        except Disallowed:
            status = 403  # refused by robots.txt: a standing answer, kept as a 4xx is
        except (TransportError, ResponseTooLarge, RobotsUnavailable) as exc:
            status = None
            logger.info("%s could not be read (%s): no TDM rules from it", where, exc)
        lifetime = tdmrep_lifetime(
            status, cache_s=policy.robots_cache_s, error_s=policy.robots_error_s
        )
        s._tdmrep[where] = (s.clock.monotonic() + lifetime, rules)
        return rules

    def next_hop(
        self,
        response: requests.Response,
        hop: Hop,
        flow: RequestFlow,
        kind: RequestKind,
        gate: bool,
    ) -> requests.PreparedRequest:
        """The request for a redirect's target (E1-E7)."""
        s = self.s
        if not gate:  # robots.txt: a plain GET of the target
            return self.prepare("GET", hop.url)
        if s.resolve_addresses and not s.policy.allow_private_addresses:
            self.refuse_private_names(flow.url, hop.url, flow.chain, kind)
        if hop.hold:  # a Retry-After on a 3xx delays the hop (E4)
            s.pace_store.hold(
                host_key(hop.url), s.clock.monotonic() + hop.hold, reason="retry-after"
            )
        nxt = response.next
        if nxt is None or str(nxt.url) != hop.url:
            nxt = self.prepare(hop.method, hop.url)
        else:
            nxt.headers["User-Agent"] = s.policy.user_agent
        if not hop.keep_credentials:
            for name in (*ALWAYS_SENSITIVE, *s.policy.sensitive_headers):
                nxt.headers.pop(name, None)
        s._recorder.add(redirects=1)
        return nxt

    # -- retries: one hop, 429/503 ---------------------------------------------------------

    def retries(
        self,
        prepared: requests.PreparedRequest,
        flow: RequestFlow,
        opts: Options,
        crawl_delay: float | None,
        follow: bool,
        rules: RedirectPolicy,
        gate: bool,
        ahead: Ahead | None = None,
    ) -> tuple[requests.Response, Decision]:
        """Send one hop until it is answered (or refused); return the answer and what next."""
        s = self.s
        while True:
            response = ahead.answer() if ahead is not None else None
            ahead = None
            if response is None:
                response = self.exchange(prepared, opts, crawl_delay, flow.attempt)
            head = response._content if isinstance(response._content, bytes) else b""
            step = on_response(
                flow,
                policy=s.policy,
                status=response.status_code,
                headers=response.headers,
                now=s.clock.now(),
                kind=opts.kind,
                challenge=challenge_evidence(response.status_code, response.headers, head[:65536])
                if opts.kind != "robots"
                else None,
                redirects=rules,
                follow=follow,
                retries=gate,
            )
            if isinstance(step, StopHost):
                self.stop_host(response, flow.url, opts.kind, step.reason)
            if not isinstance(step, (Retry, Defer, GiveUp)):
                self.hold_as_announced(response, flow.url)
                if opts.kind == "file" and isinstance(step, Done) and response.status_code < 300:
                    try:
                        self.check_rights(flow.url, response.headers)
                    except RightsReserved:
                        response.close()  # the body is never read
                        raise
                return response, step
            response.close()  # a streamed response ends its turn on the host here
            self.hold_after_refusal(response, flow, opts.kind, step)
            assert isinstance(step, Retry)
            flow = step.flow

    def hold_as_announced(self, response: requests.Response, url: str) -> None:
        """Hold the host as its rate-limit headers ask, before it has to answer 429."""
        s = self.s
        if not s.policy.rate_limit_headers:
            return
        announced = announced_hold(
            response.headers,
            status=response.status_code,
            now=s.clock.now(),
            retry_statuses=s.policy.retry_statuses,
        )
        if announced is not None:
            host = host_key(url)
            s.pace_store.hold(host, s.clock.monotonic() + announced.delay, reason=announced.reason)
            logger.debug(
                "%s: holding %s for %.2f s (%s)", url, host, announced.delay, announced.evidence
            )

    def stop_host(
        self, response: requests.Response, url: str, kind: RequestKind, reason: str
    ) -> None:
        """A bot challenge or a 403 stops the host for the job (B8)."""
        s = self.s
        host = host_key(url)
        s.pace_store.stop_host(host, job=s.job_id, reason=reason)
        response.close()
        s._recorder.emit(
            RequestEvent(
                s.clock.now(), host, "-", url, kind, "stopped", response.status_code, detail=reason
            )
        )
        raise HostStopped(url, host, reason, status=response.status_code)

    def hold_after_refusal(
        self,
        response: requests.Response,
        flow: RequestFlow,
        kind: RequestKind,
        step: Retry | Defer | GiveUp,
    ) -> None:
        """After a 429/503: slow the job down and hold the host; raise unless retrying."""
        s, url = self.s, flow.url
        host = host_key(url)
        multiplier = s.pace_store.slow_down(
            host, job=s.job_id, factor=s.policy.slowdown_factor, cap=s.policy.max_slowdown
        )
        end = s.clock.monotonic()
        if isinstance(step, GiveUp):
            until = end + step.hold
            s.pace_store.hold(host, until, reason="backoff")
            raise RetriesExhausted(url, s._recorder.wall(until), step.statuses)
        until = end + step.delay
        s.pace_store.hold(host, until, reason=step.reason)
        logger.info(
            "%s answered %s; holding %s for %.1f s (%s), slow-down x%g",
            url,
            response.status_code,
            host,
            step.delay,
            step.reason,
            multiplier,
        )
        if isinstance(step, Defer):
            s._recorder.refused(url, kind, "deferred", f"{step.reason} {step.delay:.0f} s")
            raise WaitRequired(
                url,
                s._recorder.wall(until),
                f"the server asked for {step.delay:.0f} s ({step.reason}), more than "
                f"the policy's longest wait of {s.policy.max_wait:.0f} s; "
                "the host is held until then",
            )
        s._recorder.add(retries=1)

    # -- exchange: one request ------------------------------------------------------------

    def exchange(
        self,
        prepared: requests.PreparedRequest,
        opts: Options,
        crawl_delay: float | None,
        attempt: int,
    ) -> requests.Response:
        """One request: refuse a stopped host, take the host's turn, send, read, end the turn."""
        s = self.s
        url, method, host = str(prepared.url), str(prepared.method), host_key(str(prepared.url))
        self.settle_ahead(host)
        stopped = s.pace_store.stopped(host, job=s.job_id)
        if stopped is not None:
            s._recorder.refused(url, opts.kind, "stopped", stopped)
            raise HostStopped(url, host, stopped)
        # Everything that can be worked out before the wait is, so the request leaves
        # as soon as its turn comes.
        settings = self.settings(url, opts)
        slot, waited = self.take_turn(url, host, opts, crawl_delay)
        turn = Turn(s._recorder, s.pace_store, slot, method, url, opts.kind, waited, attempt)
        s._recorder.count(kind=opts.kind)
        return self.complete(prepared, opts, turn, settings)

    def settings(self, url: str, opts: Options) -> dict[str, Any]:
        settings = self.s._env.settings(self.s.http, url)
        if opts.verify is not None:
            settings["verify"] = opts.verify
        return settings

    def complete(
        self,
        prepared: requests.PreparedRequest,
        opts: Options,
        turn: Turn,
        settings: dict[str, Any],
    ) -> requests.Response:
        """Send (or, sent ahead, read the answer of) a request whose turn was taken."""
        s, url = self.s, str(prepared.url)
        connect, read = self.timeouts(opts.timeout)
        # The limit travels with the request, so requests' redirect hook reads with it too.
        setattr(prepared, LIMIT_ATTR, self.read_limit(opts.kind, read))
        try:
            response = s.http.send(
                prepared, allow_redirects=False, timeout=(connect, read), **settings
            )
            if not opts.stream and not response.is_redirect:
                _store_body(response, read_body(response, opts.limit))
        except requests.RequestException as exc:
            turn.finish(None, "error", str(exc))
            private = private_cause(exc)
            if private is not None:
                raise AddressRefused(url, private.host, private.address) from exc
            rejected = certificate_cause(exc)
            if rejected is not None:  # a setting to fix: never retried, never deferred
                why = rejected.verify_message or rejected.reason or "verification failed"
                raise CertificateRejected(url, urlsplit(url).hostname or "", why) from exc
            raise TransportError(url, f"request failed: {describe_failure(exc)}") from exc
        except TransportError as exc:  # the body broke off while it was read
            turn.finish(None, "error", str(exc))
            raise
        except ResponseTooLarge as exc:
            turn.finish(200, "error", str(exc))
            raise
        self.end_turn_with(response, turn, opts.stream)
        return response

    def timeouts(self, timeout: float | tuple[float, float] | None) -> tuple[float, float]:
        policy = self.s.policy
        if isinstance(timeout, tuple):
            return timeout
        if timeout is None:
            return policy.connect_timeout_s, policy.read_timeout_s
        return timeout, timeout

    def read_limit(self, kind: RequestKind, read: float) -> ReadLimit:
        """The body's total time: its own limit, or the job's deadline if that comes first."""
        s = self.s
        total = {"file": s.policy.file_time_s, "robots": read}.get(kind, s.policy.page_time_s)
        started = s.clock.monotonic()
        rate = (s.policy.min_rate_bytes, s.policy.min_rate_s)
        if started + total <= s._deadline:
            return ReadLimit(
                s.clock, started + total, f"the response took longer than {total:g} s in all", *rate
            )
        return ReadLimit(
            s.clock, s._deadline, "the job's budget ran out while the response was arriving", *rate
        )

    def end_turn_with(self, response: requests.Response, turn: Turn, stream: bool) -> None:
        """End the host's turn now, or (streamed) when the response is closed."""
        if stream and not response.is_redirect:
            original_close = response.close

            def close() -> None:
                try:
                    original_close()
                finally:
                    turn.finish(response.status_code, "sent", received=received_bytes(response))

            response.close = close  # type: ignore[method-assign]
            # `.content`, `.text`, `.json()` and `iter_lines` read through `iter_content`:
            # a body read to its end ends the turn then, as requests users expect, without
            # waiting for a `close()` they may never call.
            original_iter = response.iter_content

            def iter_content(
                chunk_size: int | None = 1, decode_unicode: bool = False
            ) -> Iterator[Any]:
                yield from original_iter(chunk_size, decode_unicode)
                turn.finish(response.status_code, "sent", received=received_bytes(response))

            response.iter_content = iter_content  # type: ignore[method-assign]
            return
        status = response.status_code
        if status in self.s.policy.retry_statuses:
            decision = "retry"
        elif response.is_redirect:
            decision = "redirect"
        else:
            decision = "sent"
        turn.finish(status, decision, received=received_bytes(response))

    def take_turn(
        self, url: str, host: str, opts: Options, crawl_delay: float | None
    ) -> tuple[Slot, float]:
        """Reserve the host's next slot and wait for it; return the slot and the wait."""
        s = self.s
        reserve = self.reservation(host, opts, crawl_delay)
        busy_waited = 0.0
        while True:
            now = s.clock.monotonic()
            if now >= s._deadline:
                s._recorder.refused(url, opts.kind, "budget", "job budget spent")
                raise BudgetExhausted(
                    url, s._recorder.wall(now), "the job's budget is spent", deadline=s.deadline
                )
            reserved = reserve(now)
            if not isinstance(reserved, Busy):
                break
            step = decide_busy(
                retry_at=reserved.retry_at,
                now=now,
                deadline=s._deadline,
                inline=opts.inline,
                waited=busy_waited,
                host=host,
            )
            if isinstance(step, WaitRefused):
                raise self.refusal(url, step)
            busy_waited += step.seconds
            s.clock.sleep(step.seconds, "host busy")
        return reserved, self.wait_for(url, reserved, now, opts)

    def reservation(
        self, host: str, opts: Options, crawl_delay: float | None
    ) -> Callable[[float], Slot | Busy]:
        """How to reserve the host's next turn for this request (called with `now`)."""
        s = self.s
        gap, gap_reason = s._pacer.gap(opts.kind, crawl_delay)
        jitter = s.rng.uniform(0.0, s.policy.jitter) if s.policy.jitter > 0 else 0.0
        lease = s.policy.connect_timeout_s + s.policy.read_timeout_s + 60.0
        if opts.stream:
            lease = max(lease, s.policy.job_budget)
        lease += max(0.0, s.policy.max_wait)

        def reserve(now: float) -> Slot | Busy:
            return s.pace_store.reserve(
                host,
                job=s.job_id,
                now=now,
                gap=gap,
                gap_reason=gap_reason,
                jitter=jitter,
                lease_s=lease,
            )

        return reserve

    # -- sending ahead ------------------------------------------------------------------

    def send_ahead(self, prepared: requests.PreparedRequest, opts: Options) -> Ahead | None:
        """Send a request now if its host's turn is open now; read its answer later.

        Nothing is sent (None) unless everything a request needs is already settled: the
        gate passes, the host is not stopped, the turn needs no wait, and the transport
        can write a request before reading (the session's own adapter, no proxy).
        """
        s = self.s
        url, host = str(prepared.url), host_key(str(prepared.url))
        adapter = s.http.get_adapter(url)
        if host in s._aheads or not isinstance(adapter, GuardedAdapter):
            return None
        settings = self.settings(url, opts)
        if not adapter.can_send_ahead(url, settings):
            return None
        try:
            crawl_delay = self.gate(url, opts)
        except HarvestError:
            return None  # the request made in the usual way will say why
        now = s.clock.monotonic()
        if now >= s._deadline or s.pace_store.stopped(host, job=s.job_id) is not None:
            return None
        slot = self.reservation(host, opts, crawl_delay)(now)
        if isinstance(slot, Busy):
            return None
        if slot.start_at > now:
            s.pace_store.release(slot, end=None)
            return None
        method = str(prepared.method)
        turn = Turn(s._recorder, s.pace_store, slot, method, url, opts.kind, 0.0, 0)
        connect, _ = self.timeouts(opts.timeout)
        try:
            sent = adapter.send_ahead(prepared, settings=settings, connect_timeout=connect)
        except (OSError, urllib3.exceptions.HTTPError) as exc:
            turn.finish(None, "error", f"sending ahead failed: {exc}")
            return None
        if not sent:
            s.pace_store.release(slot, end=None)
            return None
        s._recorder.count(kind=opts.kind)
        ahead = Ahead(self, prepared, opts, crawl_delay, turn, settings)
        s._aheads[host] = ahead
        return ahead

    def cancel_aheads(self) -> None:
        for ahead in list(self.s._aheads.values()):
            ahead.cancel()

    def settle_ahead(self, host: str) -> None:
        """Read the answer sent ahead to `host`, if any, before anything else goes there."""
        ahead = self.s._aheads.get(host)
        if ahead is not None:
            ahead.settle()

    def wait_for(self, url: str, slot: Slot, now: float, opts: Options) -> float:
        """Sleep until the slot's start, or give the slot back and defer."""
        s = self.s
        step = decide_wait(
            start_at=slot.start_at,
            now=now,
            deadline=s._deadline,
            inline=opts.inline,
            max_wait=s.policy.max_wait,
            reason=slot.wait_reason,
        )
        if isinstance(step, WaitRefused):
            s.pace_store.release(slot, end=None)
            decision = "budget" if step.budget else "deferred"
            wait = slot.start_at - now
            s._recorder.refused(url, opts.kind, decision, f"{slot.wait_reason} ({wait:.3f} s)")
            raise self.refusal(url, step)
        if not isinstance(step, Sleep):
            return 0.0
        remaining = step.seconds
        while remaining > 0:
            s.clock.sleep(remaining, slot.wait_reason)
            remaining = slot.start_at - s.clock.monotonic()
        s._recorder.add(waits=1, wait_s=step.seconds)
        return step.seconds

    def refusal(self, url: str, step: WaitRefused) -> Deferred:
        s = self.s
        until = s._recorder.wall(step.start_at)
        if step.budget:
            return BudgetExhausted(url, until, step.message, deadline=s.deadline)
        return WaitRequired(url, until, step.message)

    # -- the gate: addresses and robots.txt -----------------------------------------------

    def allowed(self, url: str, inline: float | None) -> RobotsDecision:
        """The robots.txt decision for `url`, a refusal as a decision (not raised)."""
        try:
            return self.robots_decision(url, inline, "page")
        except Disallowed as exc:
            return RobotsDecision(
                False,
                url,
                reason=exc.reason,
                rule=exc.rule,
                line=exc.line,
                robots_url=exc.robots_url,
            )

    def robots_decision(self, url: str, inline: float | None, kind: str) -> RobotsDecision:
        s = self.s
        decision = s.robots.cached_decision(url, s.clock.monotonic())
        if decision is None:
            with s.robots.origin_lock(url):
                decision = s.robots.cached_decision(url, s.clock.monotonic())
                if decision is None:
                    entry = self.fetch_robots(url, inline)
                    s.robots.learn(url, entry)
                    decision = entry.allowed(url, delay_cap=s.policy.max_wait)
        if decision.unavailable:
            s._recorder.refused(url, kind, "disallowed", decision.reason)
            retry_at = decision.retry_at if decision.retry_at is not None else s.clock.monotonic()
            raise RobotsUnavailable(url, s._recorder.wall(retry_at), decision.reason)
        if not decision.allowed:
            s._recorder.refused(url, kind, "disallowed", f"{decision.reason}: {decision.rule}")
            raise Disallowed(
                url,
                decision.reason,
                rule=decision.rule,
                line=decision.line,
                robots_url=decision.robots_url,
            )
        return decision

    def fetch_origin_file(
        self, url: str, opts: Options, crawl_delay: float | None = None
    ) -> tuple[requests.Response, Refused | None]:
        """GET an origin's own file (robots.txt, tdmrep.json): paced, no gate, no retries."""
        return self.journey(
            self.prepare("GET", url),
            opts,
            redirects=RedirectPolicy.for_robots(self.s.policy),
            gate=False,
            crawl_delay=crawl_delay,
        )

    def fetch_robots(self, url: str, inline: float | None) -> RobotsTxt:
        """Fetch the origin's robots.txt through the same journey and classify it (RFC 9309)."""
        s = self.s
        policy = s.policy
        robots_url = robots_url_for(url)
        opts = Options("robots", inline, True, policy.robots_max_bytes, policy.robots_timeout_s)
        try:
            response, refused = self.fetch_origin_file(robots_url, opts)
        except (TransportError, ResponseTooLarge) as exc:
            if isinstance(exc, TransportError):
                self.raise_if_unreachable(url, exc)
            now = s.clock.monotonic()
            return classify(policy, robots_url, status=None, body=None, now=now, error=str(exc))
        if refused is not None:
            # RFC 9309 2.3.1.2: beyond the redirects we follow, robots.txt counts as
            # unavailable (4xx): allow all.
            now = s.clock.monotonic()
            return classify(policy, robots_url, status=response.status_code, body=None, now=now)
        truncated = False
        try:
            body = read_body(response, policy.robots_max_bytes, truncate=True)
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
            now=s.clock.monotonic(),
            truncated=truncated,
        )
        if entry.note.startswith("parsed ("):
            logger.warning("%s: %s", robots_url, entry.note)
        return entry

    def raise_if_unreachable(self, url: str, exc: TransportError) -> None:
        """A name that does not resolve, or a new host refusing connections, is an error."""
        host = urlsplit(url).hostname or ""
        found = causes(exc)
        if any(isinstance(c, socket.gaierror) for c in found):
            raise HostUnreachable(url, host, "the name does not resolve") from exc
        refused = any(isinstance(c, ConnectionRefusedError) for c in found)
        answered = self.s.answered_before
        if refused and answered is not None and not answered(host):
            raise HostUnreachable(
                url, host, "it refuses connections and has never answered"
            ) from exc

    def check_address(self, url: str, kind: str, settings: dict[str, Any]) -> None:
        """Refuse a private host before its robots.txt is read or its turn is taken.

        A literal private address (or ``localhost``) is refused here. A name is checked
        where the connection is made when the session's adapter is a `GuardedAdapter`
        and no proxy is used (no rebinding window); otherwise it is resolved here.
        """
        s = self.s
        host = urlsplit(url).hostname or ""
        if is_private_address(host):
            s._recorder.refused(url, kind, "refused", f"{host} is a private address")
            raise AddressRefused(url, host, host)
        adapter = s.http.get_adapter(url)
        guarded = isinstance(adapter, GuardedAdapter)
        proxied = bool(requests.utils.select_proxy(url, settings.get("proxies") or {}))
        # An adapter with a send() of its own (a test transport, a cache) connects nowhere
        # by itself: only a stock HTTPAdapter's connections are resolved here.
        stock = type(adapter).send is HTTPAdapter.send
        if (guarded and not proxied) or not stock or not s.resolve_addresses:
            return
        try:
            resolve_public(host, urlsplit(url).port or 443)
        except PrivateAddressError as exc:
            s._recorder.refused(url, kind, "refused", str(exc))
            raise AddressRefused(url, host, exc.address) from None
        except OSError:
            return  # the name does not resolve: the request fails as a TransportError

    def refuse_private_names(
        self, current: str, target: str, chain: tuple[str, ...], kind: str
    ) -> None:
        host = urlsplit(target).hostname or ""
        if is_private_address(host):
            return  # literal addresses were already decided by the policy
        try:
            resolve_public(host, urlsplit(target).port or 443)
        except PrivateAddressError as exc:
            reason = str(exc)
            self.s._recorder.refused(target, kind, "refused", reason)
            raise RedirectRefused(
                current, target, reason, code="private-address", chain=chain
            ) from None
        except OSError:
            return  # resolution fails again at send time, as a TransportError


@attrs.define
class Ahead:
    """A request sent before its answer is wanted (`PoliteSession.send_ahead`).

    It holds its host's turn until its answer is read: by `result` (which then carries the
    request over its retries and redirects like any other), by `settle` when something else
    is about to go to the same host, or by `cancel`, which reads and discards it (the server
    does the work anyway, and nothing else may reach the host before it is done).
    """

    door: Door
    prepared: requests.PreparedRequest
    opts: Options
    crawl_delay: float | None
    turn: Turn
    settings: dict[str, Any]
    _response: requests.Response | None = attrs.field(default=None, init=False)
    _error: Exception | None = attrs.field(default=None, init=False)
    _settled: bool = attrs.field(default=False, init=False)
    _lock: threading.Lock = attrs.field(factory=threading.Lock, init=False, repr=False)

    @property
    def url(self) -> str:
        return str(self.prepared.url)

    def settle(self) -> None:
        """Read the first answer now (ending the host's turn); keep it for `result`."""
        with self._lock:  # a session shared by threads: the answer is read once
            if self._settled:
                return
            self._settled = True
            try:
                self._response = self.door.complete(
                    self.prepared, self.opts, self.turn, self.settings
                )
            except HarvestError as exc:
                self._error = exc
            finally:
                self.door.s._aheads.pop(host_key(self.url), None)

    def answer(self) -> requests.Response | None:
        """The first answer; None if its connection failed (the request is then made again).

        A connection closed or timed out while the answer waited may be the server's
        answer to our delay, so the request is made once more, in a turn of its own; a body
        over its time or size limit is the server's doing and is raised as it would be.
        """
        self.settle()
        if isinstance(self._error, TransportError) and self._error.__cause__ is not None:
            logger.info("%s: the answer sent ahead failed (%s); again", self.url, self._error)
            return None
        if self._error is not None:
            raise self._error
        return self._response

    def result(self) -> requests.Response:
        """The final response, as `PoliteSession.request` would return it."""
        return self.door.journey(self.prepared, self.opts, ahead=self)[0]

    def cancel(self) -> None:
        """The answer is not needed: read it (within the response limits) and discard it."""
        if not self._settled:
            logger.debug("%s was sent ahead and is not needed", self.url)
        self.settle()
        if self._response is not None:
            self._response.close()


def received_bytes(response: requests.Response) -> int | None:
    """Bytes of a response's body read from its connection so far (None if unknown)."""
    tell = getattr(response.raw, "tell", None)
    if tell is not None:
        try:
            return int(tell())
        except (OSError, ValueError, TypeError):
            pass
    content = getattr(response, "_content", None)
    return len(content) if isinstance(content, bytes) else None
