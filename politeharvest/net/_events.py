"""What a `PoliteSession` reports: one `RequestEvent` per request or refusal, and counters.

`Recorder` keeps a session's `SessionStats` and hands each event to the caller's hooks;
`Turn` is one request's turn on its host, finished once when its response has ended (which
releases the host with that end time: gaps are end-to-start).
"""

from __future__ import annotations

import datetime as _dt
import logging
import threading
from collections.abc import Callable, Iterable

import attrs

from politeharvest._clock import Clock
from politeharvest._reprs import value_repr

from ._pacing import PaceStore, Slot
from ._urls import host_key

__all__ = ["Recorder", "RequestEvent", "SessionStats", "Turn", "event_hooks"]

logger = logging.getLogger("politeharvest.net._session")


@attrs.frozen(repr=False)
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
        received: bytes of the response's body read from the connection (before content
            decoding), if a body was read.
    """

    __repr__ = value_repr

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
    received: int | None = None


@attrs.define(repr=False)
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

    __repr__ = value_repr

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


@attrs.define(repr=False)
class Recorder:
    """A session's counters and event hooks (thread-safe); `hooks` returns the current ones."""

    __repr__ = value_repr

    clock: Clock
    hooks: Callable[[], Iterable[Callable[[RequestEvent], None]]] = tuple
    stats: SessionStats = attrs.field(factory=SessionStats)
    _lock: threading.Lock = attrs.field(factory=threading.Lock, repr=False)

    def count(self, *, kind: str) -> None:
        with self._lock:
            self.stats.requests += 1
            if kind == "robots":
                self.stats.robots_fetches += 1

    def add(self, **changes: float) -> None:
        """Add to counters (``retries=1``, ``waits=1, wait_s=2.5``)."""
        with self._lock:
            for name, value in changes.items():
                setattr(self.stats, name, getattr(self.stats, name) + value)

    def refused(self, url: str, kind: str, decision: str, detail: str) -> None:
        self.add(refused=1)
        self.emit(
            RequestEvent(self.clock.now(), host_key(url), "-", url, kind, decision, detail=detail)
        )

    def note(self, url: str, kind: str, decision: str, detail: str) -> None:
        """Record a finding about a request that is neither a request nor a refusal."""
        self.emit(
            RequestEvent(self.clock.now(), host_key(url), "-", url, kind, decision, detail=detail)
        )

    def emit(self, event: RequestEvent) -> None:
        if event.decision not in ("sent", "redirect"):
            logger.debug("%s %s %s: %s", event.decision, event.kind, event.url, event.detail)
        for hook in self.hooks():  # read when the event happens: hooks may be set later
            hook(event)

    def wall(self, monotonic_time: float) -> _dt.datetime:
        """A monotonic moment as a UTC datetime."""
        seconds = self.clock.now() + (monotonic_time - self.clock.monotonic())
        seconds = min(seconds, 253402300799.0)  # datetime's last second, 9999-12-31
        return _dt.datetime.fromtimestamp(seconds, tz=_dt.timezone.utc)


@attrs.define(repr=False)
class Turn:
    """One request's turn on its host: finished once, when its response has ended."""

    __repr__ = value_repr

    recorder: Recorder
    pace_store: PaceStore
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
        self.at = self.recorder.clock.now()
        self.started = self.recorder.clock.monotonic()

    def finish(
        self,
        status: int | None,
        decision: str,
        detail: str = "",
        received: int | None = None,
        ended: float | None = None,
    ) -> None:
        """Release the host with the response's end time and report the request.

        `ended`: when the response ended, if the turn is given back later (a refusal's, once
        its host is held); now by default.
        """
        if self.done:
            return
        self.done = True
        slot = self.slot
        ended = self.recorder.clock.monotonic() if ended is None else ended
        self.pace_store.release(slot, end=ended)
        self.recorder.emit(
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
                received,
            )
        )
