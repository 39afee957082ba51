"""The layers under `PoliteSession`, in the manner of httpx's client.

    journey   one loop over a request's hops: the rules before each hop (`Rules.before`:
              contact, private addresses, robots.txt, a file's rights and preferences),
              then the redirect decision after it
    retries   one hop's 429/503 loop: slow the job down, hold the host, send again; the
              rules on an answer that is not retried (`Rules.on_answer`: rate limits, a
              file's rights and preferences)
    exchange  one request: a stopped host is refused, the host's turn is taken (and waited
              for, its gap made by `Rules.pacing`), the request is sent and its body read
              within its limits, the turn ends

Every decision is a rule's (`_rules`) or `_flow`'s (`on_response` over `Rules.on_response`,
`decide_wait`, `decide_busy`); these layers carry the actions out, and implement the facts
the rules read (`_rules.Facts`: robots.txt, tdmrep.json and RSL documents, fetched through
the same journey). robots.txt goes through the same journey with its own redirect
policy, no gate and no retries (a 429 there means "unavailable", RFC 9309).
"""

from __future__ import annotations

import datetime as _dt
import logging
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs
import requests
import urllib3

from politeharvest._policy import Politeness
from politeharvest._reprs import value_repr
from politeharvest.exceptions import (
    AddressRefused,
    CertificateRejected,
    Disallowed,
    HarvestError,
    HostStopped,
    RedirectRefused,
    ResponseTooLarge,
    RetriesExhausted,
    RightsReserved,
    RobotsUnavailable,
    TransportError,
    WaitRequired,
)

from ._addresses import private_resolution, raise_if_unreachable, refuse_private_names
from ._challenge import challenge_evidence
from ._events import RequestEvent, Turn
from ._flow import (
    Decision,
    Defer,
    GiveUp,
    Hop,
    Refused,
    RequestFlow,
    Retry,
    StopHost,
    on_response,
)
from ._pacing import Busy
from ._parts import Parts
from ._redirects import RedirectPolicy
from ._robots import RobotsDecision, RobotsTxt, classify
from ._rules import ContactRule, Found, Hold, Proceed, Refuse, RobotsRule, refuse_reserved
from ._transport import GuardedAdapter
from ._turns import end_turn_with, read_limit, reservation, take_turn, timeouts
from ._urls import host_key, hostname, robots_url_for
from ._wire import (
    ALWAYS_SENSITIVE,
    LIMIT_ATTR,
    Options,
    RequestKind,
    certificate_cause,
    describe_failure,
    prepare,
    private_cause,
    read_body,
)
from ._wire import store_body as _store_body

if TYPE_CHECKING:  # rights signals (html.parser) load when a file is asked for
    from ._rights import Reservation, TdmRule

__all__ = ["Ahead", "Door", "Options"]

logger = logging.getLogger("politeharvest.net._session")


#: An RSL licence document larger than this states nothing (it is not read on).
RSL_MAX_BYTES = 256 * 1024


#: Set on a request signed as it was sent ahead (its answer is matched by its headers).
_SIGNED_AHEAD = "_politeharvest_signed_ahead"


def as_sent(door: Door, prepared: requests.PreparedRequest) -> None:
    """The rules as a request leaves (`Rules.on_send`: the signature, RFC 9421)."""
    method, url = str(prepared.method), str(prepared.url)
    for rule in door.parts.rules.on_send:
        headers = rule.on_send(method, url, door)
        if headers:
            prepared.headers.update(headers)


@attrs.define(repr=False)
class Door:
    """The layers of one `PoliteSession`: the parts it is given, and what it keeps.

    The session gives it new `parts` when one of the session's attributes is set.

    It keeps what its requests change: the origin that receives the caller's credentials
    (the first request's unless given), the requests sent ahead, and each origin's
    tdmrep.json rules and RSL licences.

    It decides nothing itself: it applies the rules of `parts.rules` (`_rules.Rules`) in
    their order, carries out their actions (`refuse`, `answered`, `as_sent`), and is the
    `_rules.Facts` they read.
    """

    __repr__ = value_repr

    parts: Parts
    _credentials_origin: str | None = attrs.field(default=None, alias="credentials_origin")
    _aheads: dict[str, Ahead] = attrs.field(factory=dict, init=False, repr=False)
    # origin -> (monotonic time it stands until, the rules of its /.well-known/tdmrep.json)
    _tdmrep: dict[str, tuple[float, tuple[TdmRule, ...]]] = attrs.field(
        factory=dict, init=False, repr=False
    )
    # licence URL -> (monotonic time it stands until, the RSL document or None)
    _rsl: dict[str, tuple[float, bytes | None]] = attrs.field(factory=dict, init=False, repr=False)

    @property
    def credentials_origin(self) -> str | None:
        """The only origin that receives the caller's session credentials (None: not yet)."""
        return self._credentials_origin

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
        if self._credentials_origin is None:
            self._credentials_origin = url  # the caller's first request names the origin
        return prepare(
            self.parts.http,
            self.parts.policy,
            method,
            url,
            credentials_origin=self._credentials_origin,
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
        rules = redirects if redirects is not None else self.parts.redirects
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
                self.parts.recorder.refused(
                    stop.url, opts.kind, "refused", f"{stop.code}: {stop.reason}"
                )
                raise RedirectRefused(
                    flow.url, stop.url, stop.reason, code=stop.code, chain=flow.chain
                )
            return response, None

    def gate(self, url: str, opts: Options) -> float | None:
        """The rules before a request (`Rules.before`, in order); the Crawl-delay."""
        crawl_delay = None
        for rule in self.parts.rules.before:
            action = rule.before(url, opts, self)
            if isinstance(action, Proceed):
                if action.crawl_delay is not None:
                    crawl_delay = action.crawl_delay
            elif action is not None:
                raise self.refuse(url, opts.kind, action)
        return crawl_delay

    def refuse(self, url: str, kind: str, action: Refuse) -> HarvestError:
        """Carry out a refusal: its event, then the error to raise."""
        self.parts.recorder.refused(url, kind, action.decision, action.detail)
        return action.error

    def answered(
        self, response: requests.Response, url: str, opts: Options, step: Decision
    ) -> None:
        """The rules on an answer that is not retried (`Rules.on_answer`, in order)."""
        p = self.parts
        for rule in p.rules.on_answer:
            action = rule.on_answer(url, opts, step, response, self)
            if action is None:
                continue
            if isinstance(action, Hold):
                host = host_key(url)
                p.pace_store.hold(host, p.clock.monotonic() + action.delay, reason=action.reason)
                logger.debug(
                    "%s: holding %s for %.2f s (%s)", url, host, action.delay, action.evidence
                )
            elif isinstance(action, Found):
                response.usage_preferences = action.preferences  # type: ignore[attr-defined]
                if action.note is not None:
                    p.recorder.note(url, "file", "preferences", action.note)
            else:
                response.close()  # the body is never read
                raise self.refuse(url, opts.kind, action)

    def refuse_reserved(self, url: str, found: Reservation) -> RightsReserved:
        """Refuse a file for a rights signal (an event like any other); return the error."""
        error = self.refuse(url, "file", refuse_reserved(url, found))
        assert isinstance(error, RightsReserved)
        return error

    # -- the facts the rules read (`_rules.Facts`) ----------------------------------------

    @property
    def policy(self) -> Politeness:
        return self.parts.policy

    def monotonic(self) -> float:
        return self.parts.clock.monotonic()

    def now(self) -> float:
        return self.parts.clock.now()

    def wall(self, monotonic: float) -> _dt.datetime:
        return self.parts.recorder.wall(monotonic)

    def private_resolution(self, url: str) -> tuple[str, str] | None:
        return private_resolution(self.parts, url)

    def robots_txt(self, url: str) -> RobotsTxt | None:
        p = self.parts
        return p.robots.cached(url, p.clock.monotonic())

    def rsl_document(self, target: str, inline: float | None) -> bytes | None:
        """An RSL licence document (fetched once a day, paced, gated); None: unreadable."""
        p = self.parts
        cached = self._rsl.get(target)
        if cached is None or p.clock.monotonic() >= cached[0]:
            policy = p.policy
            opts = Options("robots", inline, True, RSL_MAX_BYTES, policy.robots_timeout_s)
            body: bytes | None = None
            try:
                crawl_delay = self.robots_decision(target, inline, "robots").crawl_delay
                response, refused = self.fetch_origin_file(target, opts, crawl_delay)
                try:
                    if refused is None and response.status_code == 200:
                        body = read_body(response, RSL_MAX_BYTES, truncate=True)
                finally:
                    response.close()
            except (Disallowed, TransportError, ResponseTooLarge, RobotsUnavailable) as exc:
                logger.info("%s could not be read (%s): no RSL terms from it", target, exc)
            lifetime = policy.robots_cache_s if body is not None else policy.robots_error_s
            cached = (p.clock.monotonic() + lifetime, body)
            self._rsl[target] = cached
        return cached[1]

    def tdmrep_rules(self, url: str, inline: float | None) -> tuple[TdmRule, ...]:
        """The origin's ``/.well-known/tdmrep.json`` rules, fetched and kept as robots.txt is."""
        from ._rights import TDMREP_MAX_BYTES, tdmrep_lifetime, tdmrep_rules_from, tdmrep_url

        p = self.parts
        where = tdmrep_url(url)
        cached = self._tdmrep.get(where)
        if cached is not None and p.clock.monotonic() < cached[0]:
            return cached[1]
        policy = p.policy
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
        self._tdmrep[where] = (p.clock.monotonic() + lifetime, rules)
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
        p = self.parts
        if not gate:  # robots.txt: a plain GET of the target, never another's host uncontacted
            refused = ContactRule.judge(hop.url, p.policy)
            if refused is not None:
                raise self.refuse(hop.url, kind, refused)
            return self.prepare("GET", hop.url)
        if p.resolve_addresses and not p.policy.allow_private_addresses:
            refuse_private_names(p, flow.url, hop.url, flow.chain, kind)
        if hop.hold:  # a Retry-After on a 3xx delays the hop (E4)
            p.pace_store.hold(
                host_key(hop.url), p.clock.monotonic() + hop.hold, reason="retry-after"
            )
        nxt = response.next
        if nxt is None or str(nxt.url) != hop.url:
            nxt = self.prepare(hop.method, hop.url)
        else:
            nxt.headers["User-Agent"] = p.policy.user_agent
        if not hop.keep_credentials:
            for name in (*ALWAYS_SENSITIVE, *p.policy.sensitive_headers):
                nxt.headers.pop(name, None)
        p.recorder.add(redirects=1)
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
        p = self.parts
        while True:
            response = ahead.answer() if ahead is not None else None
            ahead = None
            if response is None:
                response = self.exchange(prepared, opts, crawl_delay, flow.attempt)
            head = response._content if isinstance(response._content, bytes) else b""
            try:
                step = on_response(
                    flow,
                    rules=p.rules.on_response,
                    policy=p.policy,
                    status=response.status_code,
                    headers=response.headers,
                    now=p.clock.now(),
                    kind=opts.kind,
                    challenge=challenge_evidence(
                        response.status_code, response.headers, head[:65536]
                    )
                    if opts.kind != "robots"
                    else None,
                    redirects=rules,
                    follow=follow,
                    retries=gate,
                )
            except BaseException:
                response.close()  # (a refusal's turn on the host ends with it)
                raise
            if isinstance(step, StopHost):
                self.stop_host(response, flow.url, opts.kind, step.reason)
            if not isinstance(step, (Retry, Defer, GiveUp)):
                if response.status_code in p.policy.retry_statuses and not opts.stream:
                    response.close()  # a refusal answered as it is: its turn ends now
                self.answered(response, flow.url, opts, step)
                return response, step
            try:
                # the hold first, then the host's turn ends: a worker reserving the host in
                # between would get a slot after the refusal, not after its Retry-After
                self.hold_after_refusal(response, flow, opts.kind, step)
            finally:
                response.close()  # a streamed response ends its turn on the host here
            assert isinstance(step, Retry)
            flow = step.flow

    def stop_host(
        self, response: requests.Response, url: str, kind: RequestKind, reason: str
    ) -> None:
        """A bot challenge or a 403 stops the host for the job (B8)."""
        p = self.parts
        host = host_key(url)
        p.pace_store.stop_host(host, job=p.job_id, reason=reason)
        response.close()
        p.recorder.emit(
            RequestEvent(
                p.clock.now(), host, "-", url, kind, "stopped", response.status_code, detail=reason
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
        p, url = self.parts, flow.url
        host = host_key(url)
        multiplier = p.pace_store.slow_down(
            host, job=p.job_id, factor=p.policy.slowdown_factor, cap=p.policy.max_slowdown
        )
        end = p.clock.monotonic()
        if isinstance(step, GiveUp):
            until = end + step.hold
            p.pace_store.hold(host, until, reason="backoff")
            raise RetriesExhausted(url, p.recorder.wall(until), step.statuses)
        until = end + step.delay
        p.pace_store.hold(host, until, reason=step.reason)
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
            p.recorder.refused(url, kind, "deferred", f"{step.reason} {step.delay:.0f} s")
            raise WaitRequired(
                url,
                p.recorder.wall(until),
                f"the server asked for {step.delay:.0f} s ({step.reason}), more than "
                f"the policy's longest wait of {p.policy.max_wait:.0f} s; "
                "the host is held until then",
            )
        p.recorder.add(retries=1)

    # -- exchange: one request ------------------------------------------------------------

    def exchange(
        self,
        prepared: requests.PreparedRequest,
        opts: Options,
        crawl_delay: float | None,
        attempt: int,
    ) -> requests.Response:
        """One request: refuse a stopped host, take the host's turn, send, read, end the turn."""
        p = self.parts
        url, method, host = str(prepared.url), str(prepared.method), host_key(str(prepared.url))
        self.settle_ahead(host)
        stopped = p.pace_store.stopped(host, job=p.job_id)
        if stopped is not None:
            p.recorder.refused(url, opts.kind, "stopped", stopped)
            raise HostStopped(url, host, stopped)
        # Everything that can be worked out before the wait is, so the request leaves
        # as soon as its turn comes.
        settings = self.settings(url, opts)
        slot, waited = take_turn(p, url, host, opts, crawl_delay)
        turn = Turn(p.recorder, p.pace_store, slot, method, url, opts.kind, waited, attempt)
        p.recorder.count(kind=opts.kind)
        started = p.clock.monotonic()
        response = self.complete(prepared, opts, turn, settings)
        if opts.kind != "file" and not opts.stream:  # a file's time says more of its size
            p.latency.observe(host, p.clock.monotonic() - started)
        return response

    def settings(self, url: str, opts: Options) -> dict[str, Any]:
        settings = self.parts.env.settings(self.parts.http, url)
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
        p, url = self.parts, str(prepared.url)
        connect, read = timeouts(p, opts.timeout)
        if not prepared.__dict__.pop(_SIGNED_AHEAD, False):  # sent ahead: signed then
            as_sent(self, prepared)
        # The limit travels with the request, so requests' redirect hook reads with it too.
        setattr(prepared, LIMIT_ATTR, read_limit(p, opts.kind, read))
        try:
            response = p.http.send(
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
                raise CertificateRejected(url, hostname(url), why) from exc
            raise TransportError(url, f"request failed: {describe_failure(exc)}") from exc
        except TransportError as exc:  # the body broke off while it was read
            turn.finish(None, "error", str(exc))
            raise
        except ResponseTooLarge as exc:
            turn.finish(200, "error", str(exc))
            raise
        except BaseException as exc:
            # Cut off by the caller, not the network: a queue's time limit (raised inside
            # the job), Ctrl-C, a notebook's "interrupt kernel". The host's turn ends here,
            # or the next request (the corrected job, the cell run again) finds the host
            # busy until the reservation's lease lapses, minutes later.
            turn.finish(None, "error", f"cut off by {type(exc).__name__}")
            raise
        end_turn_with(p, response, turn, opts.stream)
        return response

    # -- sending ahead ------------------------------------------------------------------

    def send_ahead(self, prepared: requests.PreparedRequest, opts: Options) -> Ahead | None:
        """Send a request now if its host's turn is open now; read its answer later.

        Nothing is sent (None) unless everything a request needs is already settled: the
        gate passes, the host is not stopped, the turn needs no wait, and the transport
        can write a request before reading (the session's own adapter, no proxy).
        """
        p = self.parts
        url, host = str(prepared.url), host_key(str(prepared.url))
        adapter = p.http.get_adapter(url)
        if host in self._aheads or not isinstance(adapter, GuardedAdapter):
            return None
        settings = self.settings(url, opts)
        if not adapter.can_send_ahead(url, settings):
            return None
        try:
            crawl_delay = self.gate(url, opts)
        except HarvestError:
            return None  # the request made in the usual way will say why
        now = p.clock.monotonic()
        if now >= p.deadline or p.pace_store.stopped(host, job=p.job_id) is not None:
            return None
        slot = reservation(p, host, opts, crawl_delay)(now)
        if isinstance(slot, Busy):
            return None
        if slot.start_at > now:
            p.pace_store.release(slot, end=None)
            return None
        method = str(prepared.method)
        turn = Turn(p.recorder, p.pace_store, slot, method, url, opts.kind, 0.0, 0)
        connect, _ = timeouts(p, opts.timeout)
        as_sent(self, prepared)
        prepared.__dict__[_SIGNED_AHEAD] = True  # its answer is matched by these headers
        try:
            sent = adapter.send_ahead(prepared, settings=settings, connect_timeout=connect)
        except (OSError, urllib3.exceptions.HTTPError) as exc:
            turn.finish(None, "error", f"sending ahead failed: {exc}")
            return None
        if not sent:
            p.pace_store.release(slot, end=None)
            return None
        p.recorder.count(kind=opts.kind)
        ahead = Ahead(self, prepared, opts, crawl_delay, turn, settings)
        self._aheads[host] = ahead
        return ahead

    def cancel_aheads(self) -> None:
        for ahead in list(self._aheads.values()):
            ahead.cancel()

    def forget(self, ahead: Ahead) -> None:
        """`ahead`'s answer was read: its host's requests go on in the usual way."""
        if self._aheads.get(host_key(ahead.url)) is ahead:
            del self._aheads[host_key(ahead.url)]

    def settle_ahead(self, host: str) -> None:
        """Read the answer sent ahead to `host`, if any, before anything else goes there.

        An answer that is a refusal (429/503) gives the host back now: its hold is written
        when its own request reads it (`retries`), and the request going there first would
        otherwise find the host taken by that turn until its lease lapsed.
        """
        ahead = self._aheads.get(host)
        if ahead is not None:
            ahead.settle()
            answer = ahead.settled_answer()
            if answer is not None and answer.status_code in self.parts.policy.retry_statuses:
                answer.close()

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
        """robots.txt's decision for `url`, carried out (`RobotsRule`): raised if refused."""
        decision = self.robots_decision_for(url, inline)
        action = RobotsRule.judge(url, decision, self)
        if isinstance(action, Refuse):
            raise self.refuse(url, kind, action)
        return decision

    def robots_decision_for(self, url: str, inline: float | None) -> RobotsDecision:
        """robots.txt's decision for `url`, robots.txt fetched first when not known."""
        p = self.parts
        decision = p.robots.cached_decision(url, p.clock.monotonic())
        if decision is None:
            with p.robots.origin_lock(url):
                decision = p.robots.cached_decision(url, p.clock.monotonic())
                if decision is None:
                    entry = self.fetch_robots(url, inline)
                    p.robots.learn(url, entry)
                    decision = entry.allowed(url, delay_cap=p.policy.max_wait)
        return decision

    def fetch_origin_file(
        self, url: str, opts: Options, crawl_delay: float | None = None
    ) -> tuple[requests.Response, Refused | None]:
        """GET an origin's own file (robots.txt, tdmrep.json): paced, no gate, no retries."""
        return self.journey(
            self.prepare("GET", url),
            opts,
            redirects=RedirectPolicy.for_robots(self.parts.policy),
            gate=False,
            crawl_delay=crawl_delay,
        )

    def fetch_robots(self, url: str, inline: float | None) -> RobotsTxt:
        """Fetch the origin's robots.txt through the same journey and classify it (RFC 9309)."""
        p = self.parts
        policy = p.policy
        robots_url = robots_url_for(url)
        opts = Options("robots", inline, True, policy.robots_max_bytes, policy.robots_timeout_s)
        try:
            response, refused = self.fetch_origin_file(robots_url, opts)
        except (TransportError, ResponseTooLarge) as exc:
            if isinstance(exc, TransportError):
                raise_if_unreachable(p, url, exc)
            now = p.clock.monotonic()
            return classify(policy, robots_url, status=None, body=None, now=now, error=str(exc))
        if refused is not None:
            # RFC 9309 2.3.1.2: beyond the redirects we follow, robots.txt counts as
            # unavailable (4xx): allow all.
            now = p.clock.monotonic()
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
            now=p.clock.monotonic(),
            truncated=truncated,
        )
        if entry.note.startswith("parsed ("):
            logger.warning("%s: %s", robots_url, entry.note)
        return entry


@attrs.define(repr=False)
class Ahead:
    """A request sent before its answer is wanted (`PoliteSession.send_ahead`).

    It holds its host's turn until its answer is read: by `result` (which then carries the
    request over its retries and redirects like any other), by `settle` when something else
    is about to go to the same host, or by `cancel`, which reads and discards it (the server
    does the work anyway, and nothing else may reach the host before it is done).
    """

    __repr__ = value_repr

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
                self.door.forget(self)

    def settled_answer(self) -> requests.Response | None:
        """The first answer once it was read (`settle`), None before or if it failed."""
        return self._response

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
