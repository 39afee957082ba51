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
import json
import math
import sqlite3
import threading
import uuid
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import attrs

from politeharvest._policy import Politeness
from politeharvest._process import owner_id, process_alive
from politeharvest._reprs import value_repr

from ._urls import host_key

__all__ = [
    "Busy",
    "HostPacer",
    "HostState",
    "MemoryPaceStore",
    "PaceStore",
    "SQLitePaceStore",
    "Slot",
    "clamp_crawl_delay",
    "host_key",
]


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


@attrs.frozen(repr=False)
class HostState:
    """What a PaceStore remembers about one host.

    Attributes:
        last_end: monotonic time the last response on this host ended, or None.
        hold_until: no request may start before this (Retry-After, backoff).
        in_flight: the token of the reservation that holds the host, or None.
        lease_until: when that reservation lapses if never released (a crashed worker).
        hold_reason: why the hold was set (``"retry-after"``, ``"backoff"``).
        owner: the process holding the reservation (``host:pid``); a dead owner's
            reservation is taken over at once instead of waiting for its lease to lapse.
    """

    __repr__ = value_repr

    last_end: float | None = None
    hold_until: float = 0.0
    in_flight: str | None = None
    lease_until: float = 0.0
    hold_reason: str = "retry-after"
    owner: str = ""


@attrs.frozen(repr=False)
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

    __repr__ = value_repr

    host: str
    token: str
    start_at: float
    wait_reason: str
    multiplier: float


@attrs.frozen(repr=False)
class Busy:
    """The host has a request in flight; ask again at `retry_at`."""

    __repr__ = value_repr

    host: str
    retry_at: float


@attrs.frozen(repr=False)
class HostPacer:
    """The pure pacing decision for one request (no state, no I/O).

    Attributes:
        policy: the politeness policy (intervals, jitter, max_wait).
    """

    __repr__ = value_repr

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


# -- the store operations, as pure steps on a host's state (every backend uses them) ----------


def reserve_turn(
    state: HostState,
    *,
    host: str,
    now: float,
    gap: float,
    gap_reason: str,
    jitter: float,
    lease_s: float,
    multiplier: float,
    poll_s: float,
    token: str,
    owner: str,
    holder_alive: bool = True,
) -> tuple[HostState, Slot | Busy]:
    """Reserve the next turn on a host: the new state and the slot (or Busy).

    Pure: the new reservation's token and owner, and whether the current holder lives, are
    passed in (`_owner_fields` makes them for the stores).

    Args:
        state: the host's state.
        host: the pacing key.
        now: the caller's monotonic now.
        gap: the base gap before the request.
        gap_reason: its rule.
        jitter: extra seconds added to the gap.
        lease_s: how long the reservation lasts if never released.
        multiplier: the job's slow-down multiplier for the host.
        poll_s: how soon a caller finding the host busy asks again.
        token: identifies the new reservation.
        owner: who takes it (``host:pid``).
        holder_alive: whether the current holder's process may still run (False: its
            reservation is taken over at once instead of waiting for its lease to lapse).
    """
    if state.in_flight is not None and state.lease_until > now and holder_alive:
        return state, Busy(host, min(state.lease_until, now + poll_s))
    start, reason = _PACER.start(
        state,
        now=now,
        gap=gap,
        gap_reason=gap_reason,
        multiplier=multiplier,
        jitter=jitter,
        hold_reason=state.hold_reason,
    )
    lease_until = max(start, now) + lease_s
    reserved = attrs.evolve(state, in_flight=token, lease_until=lease_until, owner=owner)
    return reserved, Slot(host, token, start, reason, multiplier)


def _owner_fields(state: HostState) -> dict[str, Any]:
    """A new reservation's token and owner, and whether the current holder may be alive."""
    return {
        "token": uuid.uuid4().hex,
        "owner": owner_id(),
        "holder_alive": not state.in_flight or process_alive(state.owner),
    }


def release_turn(state: HostState, slot: Slot, end: float | None) -> HostState:
    """End a turn: record the response's end (if anything was sent) and free the host."""
    last_end = state.last_end
    if end is not None and (last_end is None or end > last_end):
        last_end = end
    if state.in_flight != slot.token:
        # The lease lapsed and someone else holds the host; still record our end.
        return attrs.evolve(state, last_end=last_end)
    return attrs.evolve(state, in_flight=None, lease_until=0.0, last_end=last_end)


def add_hold(state: HostState, until: float, reason: str) -> HostState:
    """Hold the host until `until` (a hold is never shortened)."""
    if until > state.hold_until:
        return attrs.evolve(state, hold_until=until, hold_reason=reason)
    return state


def next_multiplier(current: float, factor: float, cap: float) -> float:
    """The job's multiplier after one more 429/503: x`factor`, at most `cap`, never lower."""
    return max(current, min(cap, max(1.0, current) * factor))


@attrs.define(repr=False)
class MemoryPaceStore:
    """A thread-safe in-memory PaceStore: the default, for one process.

    Threads sharing one `PoliteSession` take turns per host and run in
    parallel across hosts.
    """

    __repr__ = value_repr

    poll_s: float = 0.005
    _hosts: dict[str, HostState] = attrs.field(factory=dict, init=False)
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
            current = self._hosts.get(host, HostState())
            state, answer = reserve_turn(
                current,
                host=host,
                now=now,
                gap=gap,
                gap_reason=gap_reason,
                jitter=jitter,
                lease_s=lease_s,
                multiplier=self._multipliers.get((job, host), 1.0),
                poll_s=self.poll_s,
                **_owner_fields(current),
            )
            self._hosts[host] = state
            return answer

    def release(self, slot: Slot, *, end: float | None) -> None:
        """See `PaceStore.release`."""
        with self._lock:
            self._hosts[slot.host] = release_turn(
                self._hosts.get(slot.host, HostState()), slot, end
            )

    def hold(self, host: str, until: float, *, reason: str) -> None:
        """See `PaceStore.hold`."""
        with self._lock:
            self._hosts[host] = add_hold(self._hosts.get(host, HostState()), until, reason)

    def slow_down(self, host: str, *, job: str, factor: float, cap: float) -> float:
        """See `PaceStore.slow_down`."""
        with self._lock:
            value = next_multiplier(self._multipliers.get((job, host), 1.0), factor, cap)
            self._multipliers[(job, host)] = value
            return value

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


_PACE_SCHEMA = """
CREATE TABLE IF NOT EXISTS pace_hosts (host TEXT PRIMARY KEY, state TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS pace_jobs (
    job TEXT NOT NULL, host TEXT NOT NULL, multiplier REAL NOT NULL DEFAULT 1.0, stopped TEXT,
    PRIMARY KEY (job, host)
);
"""


class SQLitePaceStore:
    """A PaceStore in an SQLite file: processes on one machine share pacing.

    Workers of one job slow down together, and no two processes hit a host faster
    than the policy allows. Times are each caller's monotonic clock, which on
    Linux is one clock for the whole machine. Uses its own connection (WAL,
    ``synchronous=NORMAL``: pacing state need not survive a power cut).

    Args:
        path: the database file (the StateStore's file works well), or ``":memory:"``.
    """

    def __init__(self, path: str | Path = ":memory:", *, poll_s: float = 0.005) -> None:
        from politeharvest._sqlite import connect

        self.path = str(path)
        self.poll_s = poll_s
        self._lock = threading.Lock()
        self._db = connect(self.path, synchronous="NORMAL")
        self._db.executescript(_PACE_SCHEMA)

    def __repr__(self) -> str:
        return f"SQLitePaceStore({self.path!r})"

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    def _tx(self) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        from politeharvest._sqlite import transaction

        return transaction(self._db, self._lock)

    @staticmethod
    def _load(db: sqlite3.Connection, host: str) -> HostState:
        row = db.execute("SELECT state FROM pace_hosts WHERE host = ?", (host,)).fetchone()
        return HostState(**json.loads(row[0])) if row else HostState()

    @staticmethod
    def _save(db: sqlite3.Connection, host: str, state: HostState) -> None:
        db.execute(
            "INSERT OR REPLACE INTO pace_hosts VALUES (?, ?)",
            (host, json.dumps(attrs.asdict(state))),
        )

    def _job(self, db: sqlite3.Connection, job: str, host: str) -> tuple[float, str | None]:
        row = db.execute(
            "SELECT multiplier, stopped FROM pace_jobs WHERE job = ? AND host = ?", (job, host)
        ).fetchone()
        return (float(row[0]), row[1]) if row else (1.0, None)

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
        with self._tx() as db:
            current = self._load(db, host)
            state, answer = reserve_turn(
                current,
                host=host,
                now=now,
                gap=gap,
                gap_reason=gap_reason,
                jitter=jitter,
                lease_s=lease_s,
                multiplier=self._job(db, job, host)[0],
                poll_s=self.poll_s,
                **_owner_fields(current),
            )
            self._save(db, host, state)
            return answer

    def release(self, slot: Slot, *, end: float | None) -> None:
        """See `PaceStore.release`."""
        with self._tx() as db:
            self._save(db, slot.host, release_turn(self._load(db, slot.host), slot, end))

    def hold(self, host: str, until: float, *, reason: str) -> None:
        """See `PaceStore.hold`."""
        with self._tx() as db:
            self._save(db, host, add_hold(self._load(db, host), until, reason))

    def slow_down(self, host: str, *, job: str, factor: float, cap: float) -> float:
        """See `PaceStore.slow_down`."""
        with self._tx() as db:
            current, stopped = self._job(db, job, host)
            value = next_multiplier(current, factor, cap)
            db.execute(
                "INSERT OR REPLACE INTO pace_jobs VALUES (?, ?, ?, ?)", (job, host, value, stopped)
            )
            return value

    def multiplier(self, host: str, *, job: str) -> float:
        """See `PaceStore.multiplier`."""
        with self._lock:
            return self._job(self._db, job, host)[0]

    def stop_host(self, host: str, *, job: str, reason: str) -> None:
        """See `PaceStore.stop_host`."""
        with self._tx() as db:
            current, stopped = self._job(db, job, host)
            db.execute(
                "INSERT OR REPLACE INTO pace_jobs VALUES (?, ?, ?, ?)",
                (job, host, current, stopped or reason),
            )

    def stopped(self, host: str, *, job: str) -> str | None:
        """See `PaceStore.stopped`."""
        with self._lock:
            return self._job(self._db, job, host)[1]

    def state(self, host: str) -> HostState:
        """Return a snapshot of `host`'s state (for audits and tests)."""
        with self._lock:
            return self._load(self._db, host)
