"""Per-host pacing: when may the next request to a host start?

Gaps are end-to-start (Heritrix, Nutch): from the end of the previous
response on a host to the start of the next request. The pacing key is the
hostname (lower-cased, IDNA), so http and https of one server share a pacer.

`HostPacer` is the pure decision. A `PaceStore` holds the per-host state
(last response end, Retry-After hold, the request in flight, the job's
slow-down multiplier, stopped hosts) and applies the decision atomically:
"reserve the next slot for host H". `MemoryPaceStore` serves the threads of
one process; SQLite and Redis stores share the same small interface.
"""

from __future__ import annotations

import contextlib
import math
import threading
import uuid
from typing import Protocol, runtime_checkable
from urllib.parse import urlsplit

import attrs

from ._policy import Politeness

__all__ = [
    "Busy",
    "HostPacer",
    "HostState",
    "MemoryPaceStore",
    "PaceStore",
    "Slot",
    "clamp_crawl_delay",
    "host_key",
]


def host_key(url_or_host: str) -> str:
    """Return the pacing key of a URL or host: its hostname, lower-cased, IDNA-encoded.

    Scheme and port are left out on purpose: http and https of one server are
    one server to its operator.
    """
    host = urlsplit(url_or_host).hostname if "://" in url_or_host else url_or_host
    host = (host or "").strip().rstrip(".").lower()
    if not host.isascii():
        with contextlib.suppress(UnicodeError):
            host = host.encode("idna").decode("ascii")
    return host


def clamp_crawl_delay(value: float | None, cap: float) -> float | None:
    """Return a usable Crawl-delay: None for junk (nan, inf, negative), else at most `cap`.

    A Crawl-delay above the cap (the policy's `max_wait`, 300 s) is capped, as
    Heritrix does: the host is still visited, at one request per `cap` seconds.
    """
    if value is None:
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    if math.isnan(number) or number < 0:
        return None
    if math.isinf(number):
        return None
    return min(number, cap)


@attrs.frozen
class HostState:
    """What a PaceStore remembers about one host.

    Attributes:
        last_end: monotonic time the last response on this host ended, or None.
        hold_until: no request may start before this (Retry-After, backoff).
        in_flight: the token of the reservation that holds the host, or None.
        lease_until: when that reservation lapses if never released (a crashed worker).
    """

    last_end: float | None = None
    hold_until: float = 0.0
    in_flight: str | None = None
    lease_until: float = 0.0


@attrs.frozen
class Slot:
    """A reserved turn on a host: start the request at `start_at`, then release it.

    Attributes:
        host: the pacing key.
        token: identifies this reservation to `PaceStore.release`.
        start_at: monotonic time the request may start.
        wait_reason: the constraint that set `start_at` (``"request-interval"``,
            ``"file-interval"``, ``"crawl-delay"``, ``"retry-after"``, ``"backoff"``,
            ``"none"``), with ``" xN"`` appended when the job's slow-down applies.
        multiplier: the job's slow-down multiplier for this host.
    """

    host: str
    token: str
    start_at: float
    wait_reason: str
    multiplier: float


@attrs.frozen
class Busy:
    """The host has a request in flight; ask again at `retry_at`."""

    host: str
    retry_at: float


@attrs.frozen
class HostPacer:
    """The pure pacing decision for one request (no state, no I/O).

    Attributes:
        policy: the politeness policy (intervals, jitter, max_wait).
    """

    policy: Politeness = attrs.field(factory=Politeness)

    def gap(self, kind: str, crawl_delay: float | None = None) -> tuple[float, str]:
        """Return the base gap before a request of `kind` and the rule that sets it.

        Crawl-delay is a floor on the policy's interval, never a way to go faster.
        """
        interval = self.policy.interval_for(kind)
        reason = "file-interval" if kind == "file" else "request-interval"
        delay = clamp_crawl_delay(crawl_delay, self.policy.max_wait)
        if delay is not None and delay > interval:
            return delay, "crawl-delay"
        return interval, reason

    def start(
        self,
        state: HostState,
        *,
        now: float,
        gap: float,
        gap_reason: str,
        multiplier: float = 1.0,
        jitter: float = 0.0,
        hold_reason: str = "retry-after",
    ) -> tuple[float, str]:
        """Return when a request may start on a host in `state`, and why.

        Args:
            state: the host's state.
            now: monotonic now.
            gap: the base gap (seconds) from `gap`.
            gap_reason: its rule.
            multiplier: the job's slow-down multiplier (>= 1).
            jitter: extra seconds added to the gap (>= 0; only ever lengthens it).
            hold_reason: the reason to report when the hold decides.
        """
        start, reason = now, "none"
        if state.last_end is not None:
            paced = state.last_end + gap * multiplier + max(0.0, jitter)
            if paced > start:
                start = paced
                reason = gap_reason if multiplier == 1 else f"{gap_reason} x{multiplier:g}"
        if state.hold_until > start:
            start, reason = state.hold_until, hold_reason
        return start, reason


_PACER = HostPacer()


@runtime_checkable
class PaceStore(Protocol):
    """Where per-host pacing state lives; every method is atomic.

    Times are the caller's monotonic clock (a shared store may use its own
    server clock instead, consistently).
    """

    def reserve(
        self,
        host: str,
        *,
        job: str,
        now: float,
        gap: float,
        gap_reason: str,
        jitter: float,
        lease_s: float,
    ) -> Slot | Busy:
        """Reserve the next turn on `host`, or say when to ask again if it is busy."""
        ...

    def release(self, slot: Slot, *, end: float | None) -> None:
        """End a turn: `end` is when the response ended, None if nothing was sent."""
        ...

    def hold(self, host: str, until: float, *, reason: str) -> None:
        """Start no request on `host` before `until` (never shortens an existing hold)."""
        ...

    def slow_down(self, host: str, *, job: str, factor: float, cap: float) -> float:
        """Multiply the job's multiplier for `host` by `factor` (at most `cap`); return it."""
        ...

    def multiplier(self, host: str, *, job: str) -> float:
        """Return the job's current slow-down multiplier for `host` (1.0 to start with)."""
        ...

    def stop_host(self, host: str, *, job: str, reason: str) -> None:
        """Stop `host` for the rest of the job."""
        ...

    def stopped(self, host: str, *, job: str) -> str | None:
        """Return why `host` was stopped in this job, or None."""
        ...


@attrs.define
class MemoryPaceStore:
    """A thread-safe in-memory PaceStore: the default, for one process.

    Threads sharing one `PoliteSession` take turns per host and run in
    parallel across hosts.
    """

    poll_s: float = 0.005
    _hosts: dict[str, HostState] = attrs.field(factory=dict, init=False)
    _hold_reasons: dict[str, str] = attrs.field(factory=dict, init=False)
    _multipliers: dict[tuple[str, str], float] = attrs.field(factory=dict, init=False)
    _stopped: dict[tuple[str, str], str] = attrs.field(factory=dict, init=False)
    _lock: threading.Lock = attrs.field(factory=threading.Lock, init=False, repr=False)

    def reserve(
        self,
        host: str,
        *,
        job: str,
        now: float,
        gap: float,
        gap_reason: str,
        jitter: float,
        lease_s: float,
    ) -> Slot | Busy:
        """See `PaceStore.reserve`."""
        with self._lock:
            state = self._hosts.get(host, HostState())
            if state.in_flight is not None and state.lease_until > now:
                return Busy(host, min(state.lease_until, now + self.poll_s))
            multiplier = self._multipliers.get((job, host), 1.0)
            start, reason = _PACER.start(
                state,
                now=now,
                gap=gap,
                gap_reason=gap_reason,
                multiplier=multiplier,
                jitter=jitter,
                hold_reason=self._hold_reasons.get(host, "retry-after"),
            )
            token = uuid.uuid4().hex
            self._hosts[host] = attrs.evolve(
                state, in_flight=token, lease_until=max(start, now) + lease_s
            )
            return Slot(host, token, start, reason, multiplier)

    def release(self, slot: Slot, *, end: float | None) -> None:
        """See `PaceStore.release`."""
        with self._lock:
            state = self._hosts.get(slot.host, HostState())
            if state.in_flight != slot.token:
                # The lease lapsed and someone else holds the host; still record our end.
                if end is not None and (state.last_end is None or end > state.last_end):
                    self._hosts[slot.host] = attrs.evolve(state, last_end=end)
                return
            last_end = state.last_end
            if end is not None and (last_end is None or end > last_end):
                last_end = end
            self._hosts[slot.host] = attrs.evolve(
                state, in_flight=None, lease_until=0.0, last_end=last_end
            )

    def hold(self, host: str, until: float, *, reason: str) -> None:
        """See `PaceStore.hold`."""
        with self._lock:
            state = self._hosts.get(host, HostState())
            if until > state.hold_until:
                self._hosts[host] = attrs.evolve(state, hold_until=until)
                self._hold_reasons[host] = reason

    def slow_down(self, host: str, *, job: str, factor: float, cap: float) -> float:
        """See `PaceStore.slow_down`."""
        with self._lock:
            current = self._multipliers.get((job, host), 1.0)
            new = min(cap, max(1.0, current) * factor)
            self._multipliers[(job, host)] = max(current, new)
            return self._multipliers[(job, host)]

    def multiplier(self, host: str, *, job: str) -> float:
        """See `PaceStore.multiplier`."""
        with self._lock:
            return self._multipliers.get((job, host), 1.0)

    def stop_host(self, host: str, *, job: str, reason: str) -> None:
        """See `PaceStore.stop_host`."""
        with self._lock:
            self._stopped.setdefault((job, host), reason)

    def stopped(self, host: str, *, job: str) -> str | None:
        """See `PaceStore.stopped`."""
        with self._lock:
            return self._stopped.get((job, host))

    def state(self, host: str) -> HostState:
        """Return a snapshot of `host`'s state (for audits and tests)."""
        with self._lock:
            return self._hosts.get(host, HostState())
