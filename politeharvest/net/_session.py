"""`PoliteSession`: the one door to the network.

Every request politeharvest makes (pages, files, robots.txt, each redirect hop, each retry,
HEADs) goes through a session's layers (`_door`), in the manner of httpx's client:

1. the journey over the request's hops: before each, refuse private addresses and ask the
   `RobotsGate` (fetching robots.txt through the same journey first, with its own redirect
   policy); after each, follow a redirect the `RedirectPolicy` allows, or refuse it;
2. the retries of one hop: after a 429/503 the job's slow-down grows, the host is held
   (Retry-After, else the backoff schedule) and the request is sent again, or deferred;
3. one exchange: refuse hosts stopped in this job (403, bot challenge), reserve the host's
   next slot in the `PaceStore` and wait for it on the `Clock` (unless longer than allowed:
   `WaitRequired`, or after the job's deadline: `BudgetExhausted`), send through the caller's
   `requests.Session` (urllib3 retries and requests' redirects off) reading at most the size
   cap, and release the slot with the response's end time (gaps are end-to-start).

Every decision is a pure function in `_flow`; this module holds the public API.
"""

from __future__ import annotations

import datetime as _dt
import random
import uuid
from collections.abc import Callable, Generator, Mapping
from typing import TYPE_CHECKING, Any, Literal

import attrs
import requests

from politeharvest._clock import Clock, SystemClock
from politeharvest._policy import Politeness
from politeharvest._reprs import value_repr
from politeharvest.exceptions import RightsReserved

from ._door import Ahead, Door
from ._events import Recorder, RequestEvent, SessionStats, event_hooks
from ._pacing import HostPacer, MemoryPaceStore, PaceStore
from ._parts import SESSION_PARTS, Parts
from ._redirects import RedirectPolicy
from ._robots import RobotsDecision, RobotsGate
from ._rules import RULES, Rules
from ._signing import signer_for
from ._transport import guarded_session
from ._urls import host_key
from ._wire import CHUNK, Environment, Options, capped_chunks

if TYPE_CHECKING:  # the rights signals (and html.parser) load when a file is asked for
    from ._rights import Reservation

__all__ = ["PoliteSession", "RequestEvent", "SessionStats", "event_hooks"]

#: Real defaults for signatures: a frozen policy and a stateless clock can be shared.
_DEFAULT_POLICY = Politeness()
_SYSTEM_CLOCK = SystemClock()


def _rewire(session: PoliteSession, attribute: attrs.Attribute[Any], value: Any) -> Any:
    """A part set after construction goes to the door: the next request uses it."""
    door = getattr(session, "_door", None)  # None while the session is being built
    if door is not None:
        door.parts = attrs.evolve(door.parts, **{attribute.name: value})
    return value


@attrs.define(repr=False)
class PoliteSession:
    """The one way to the network: robots, pacing, retries, redirects, budget.

    Wraps one `requests.Session` (bring your own for proxies, certificates or auth; its
    environment settings such as REQUESTS_CA_BUNDLE, HTTPS_PROXY and NO_PROXY are honoured).
    Thread-safe: requests to one host take turns, other hosts go on. Starts no threads.

    Attributes:
        policy: the politeness policy.
        http: the underlying requests session (created, with retries off, if not given).
        clock: the clock every wait goes through.
        pace_store: where per-host pacing state lives (in memory by default).
        job_id: the job this session works for; its slow-down multipliers and stopped hosts.
        job_started_at: the job's wall-clock start (now by default); the deadline is this
            plus `policy.job_budget`.
        max_inline_wait: the longest wait slept inside a call (None: `policy.max_wait`);
            longer ones raise `WaitRequired`.
        on_event: callables receiving one `RequestEvent` per request or refusal.
        rng: the random source for jitter.
        resolve_addresses: resolve a redirect target's name first and refuse private
            addresses (unless the policy allows them).
        credentials_origin: the only origin that receives the credentials set on the
            caller's `http` session (Authorization, Cookie, Proxy-Authorization and the
            policy's sensitive headers; default: the first request's origin). Headers
            passed to a single call are sent as given.
        answered_before: whether a host ever answered (a `HarvestPlan` asks its state); a
            host refusing connections that never answered is an error (`HostUnreachable`),
            not a deferral. A name that does not resolve always is.
        rules: the politeness rules, one ordered tuple per moment (`_rules.RULES`; add a
            rule with `RULES.adding(before=(...,))`).
    """

    __repr__ = value_repr

    policy: Politeness = attrs.field(default=_DEFAULT_POLICY, on_setattr=_rewire)
    http: requests.Session = attrs.field(
        default=attrs.Factory(
            lambda self: guarded_session(allow_private=self.policy.allow_private_addresses),
            takes_self=True,
        ),
        on_setattr=_rewire,
    )
    clock: Clock = attrs.field(default=_SYSTEM_CLOCK, on_setattr=_rewire)
    pace_store: PaceStore = attrs.field(factory=MemoryPaceStore, on_setattr=_rewire)
    job_id: str = attrs.field(factory=lambda: uuid.uuid4().hex, on_setattr=_rewire)
    job_started_at: float | None = None
    max_inline_wait: float | None = None
    on_event: tuple[Callable[[RequestEvent], None], ...] = attrs.field(
        default=(), converter=event_hooks
    )
    rng: random.Random = attrs.field(factory=random.Random, repr=False, on_setattr=_rewire)
    resolve_addresses: bool = attrs.field(default=True, on_setattr=_rewire)
    # the value asked for; the door keeps the one in use (`credentials_origin`)
    _credentials_origin: str | None = attrs.field(
        default=None, alias="credentials_origin", repr=False
    )
    answered_before: Callable[[str], bool] | None = attrs.field(default=None, on_setattr=_rewire)
    rules: Rules = attrs.field(default=RULES, on_setattr=_rewire)
    robots: RobotsGate = attrs.field(init=False, on_setattr=_rewire)
    redirects: RedirectPolicy = attrs.field(init=False, on_setattr=_rewire)
    _deadline: float = attrs.field(init=False, repr=False)
    _recorder: Recorder = attrs.field(init=False, repr=False)
    _door: Door = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        signer_for(self.policy)  # an unreadable key or a missing extra fails before any request
        self.robots = RobotsGate(self.policy)
        self.redirects = RedirectPolicy.from_policy(self.policy)
        self._recorder = Recorder(self.clock, lambda: self.on_event)
        if self.job_started_at is None:
            self.job_started_at = self.clock.now()
        self._deadline = self._deadline_from(self.job_started_at)
        parts = Parts(
            **{name: getattr(self, name) for name in SESSION_PARTS},
            pacer=HostPacer(self.policy),
            recorder=self._recorder,
            env=Environment(),
            deadline=self._deadline,
        )
        self._door = Door(parts, credentials_origin=self._credentials_origin)

    @property
    def credentials_origin(self) -> str | None:
        """The only origin that receives the caller's session credentials (see the class)."""
        return self._door.credentials_origin

    @property
    def stats(self) -> SessionStats:
        """Counters of this session's traffic."""
        return self._recorder.stats

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
        """GET `url` politely and return the final response (keywords and errors: `request`)."""
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
        """HEAD `url` politely: paced, robots-checked and counted like a GET (see `request`)."""
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
        """POST politely (OAI-PMH allows POST for long arguments); see `request`."""
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
        """Send a request politely; return the final response (``response.url`` is its address).

        Args:
            method: the HTTP method (`get`, `head` and `post` fill it in).
            url: the URL.
            kind: ``"file"`` for full-text files (the file interval applies), else ``"page"``.
            params: query parameters.
            data: the body (POST).
            headers: extra headers (User-Agent and From are the policy's).
            max_inline_wait: the longest wait slept in this call (overrides the session's).
            stream: return before reading the body. The host's turn ends when the body has
                been read to its end (`iter_body`, ``.content``, ``.text``, ``.json()``,
                ``iter_content``) or the response is closed, whichever comes first.
            timeout: seconds to connect and between bytes (a number or a pair), instead of
                the policy's; a body's total time stays bounded by the policy.
            verify: a CA bundle path, or False (not recommended), for this request.
            allow_redirects: False returns the first answer, a 3xx included.

        Raises:
            Disallowed, RobotsUnavailable: robots.txt or the deny list forbids the URL or a
                redirect target, or robots.txt cannot be read now.
            RedirectRefused: a redirect off the site, to http, looping, to a sign-in wall,
                or one hop too many.
            HostStopped, AddressRefused: a 403 or bot challenge; a private address.
            WaitRequired, BudgetExhausted: longer than allowed; past the job's deadline.
            RetriesExhausted: 429/503 after every scheduled retry.
            ResponseTooLarge, TransportError: the size cap; the network.
        """
        prepared = self._door.prepare(method, url, params=params, data=data, headers=headers)
        limit = self.policy.max_file_bytes if kind == "file" else self.policy.max_response_bytes
        inline = self.max_inline_wait if max_inline_wait is None else max_inline_wait
        opts = Options(kind, inline, stream, limit, timeout, verify)
        return self._door.journey(prepared, opts, follow=allow_redirects)[0]

    def iter_body(
        self, response: requests.Response, *, limit: int | None = None, chunk_size: int = CHUNK
    ) -> Generator[bytes, None, None]:
        """Yield a streamed response's (decompressed) body, enforcing the size cap.

        The response is closed at the end (which ends its turn on the host).

        Raises:
            ResponseTooLarge: more than `limit` bytes (default: the policy's file cap).
            TransportError: the connection broke (a truncated download).
        """
        cap = self.policy.max_file_bytes if limit is None else limit
        yield from capped_chunks(response, cap, chunk_size)

    def allowed(self, url: str) -> RobotsDecision:
        """Return the robots.txt decision for `url`, fetching robots.txt politely if needed."""
        return self._door.allowed(url, self.max_inline_wait)

    def refuse_reserved(self, url: str, found: Reservation) -> RightsReserved:
        """Refuse a file for a rights signal found before its request (its landing page's).

        Nothing is sent; the refusal is an event like any other. Returns the error.
        """
        return self._door.refuse_reserved(url, found)

    def send_ahead(
        self,
        method: str,
        url: str,
        *,
        params: Mapping[str, str] | None = None,
        data: Mapping[str, str] | bytes | None = None,
    ) -> Ahead | None:
        """Send a page's request now if its host's turn is open now; `Ahead.result()` reads it.

        None when it cannot leave at once (a wait, robots.txt to fetch, a proxy). Anything
        else sent to the host reads its answer first; `Ahead.cancel` drops it.
        """
        prepared = self._door.prepare(method, url, params=params, data=data)
        opts = Options("page", self.max_inline_wait, False, self.policy.max_response_bytes)
        return self._door.send_ahead(prepared, opts)

    @property
    def deadline(self) -> _dt.datetime:
        """When the job's budget runs out (UTC)."""
        return self._recorder.wall(self._deadline)

    def start_job(self, started_at: float | None = None) -> None:
        """Begin a new job on this session: its budget counts from `started_at` (now).

        A harvest makes each page a job of its own (`HarvestPlan.run_page`): the job's
        deadline is then `started_at` plus `policy.job_budget`. Nothing else starts
        afresh: the slow-down multipliers and stopped hosts stay `job_id`'s (the run's),
        so politeness never gets looser from one job to the next.
        """
        self.job_started_at = self.clock.now() if started_at is None else started_at
        self._deadline = self._deadline_from(self.job_started_at)
        self._door.parts = attrs.evolve(self._door.parts, deadline=self._deadline)

    def _deadline_from(self, started_at: float) -> float:
        """The job's deadline (monotonic) for a job that started at `started_at` (wall)."""
        elapsed = self.clock.now() - started_at
        return self.clock.monotonic() + self.policy.job_budget - elapsed

    def multiplier(self, url_or_host: str) -> float:
        """The job's current slow-down multiplier for a host."""
        return self.pace_store.multiplier(host_key(url_or_host), job=self.job_id)

    def close(self) -> None:
        """Drop any request sent ahead and close the underlying requests session."""
        self._door.cancel_aheads()
        self.http.close()

    def __enter__(self) -> PoliteSession:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


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
