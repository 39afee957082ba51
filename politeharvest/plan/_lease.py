"""The host's lease: one job at a time harvests a repository, and gives the host back.

A run holds the host (`HostLease.hold`) before each page; the lease lasts `ttl` seconds without
renewal, so a job that dies lets the next one in. A run ends (`end`, `finish`) by closing it in
the state and releasing the lease. A page job that raises gives the host back at once
(`gives_host_back`), even when its worker process lives on to run the next job. The state
also remembers which hosts ever answered a harvest (`note_answered`), so that a typo in a host
name is told apart from a host that is down.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import functools
from collections.abc import Callable
from typing import Concatenate, ParamSpec, Protocol, TypeVar

import attrs

from politeharvest._clock import Clock
from politeharvest._reprs import value_repr
from politeharvest.exceptions import Deferred, HostBusy
from politeharvest.net._pacing import host_key
from politeharvest.store._state import Lease, StateStore

from ._cursor import PlanCursor

__all__ = [
    "ANSWERED",
    "FRESH_S",
    "HostLease",
    "answered_before",
    "gives_host_back",
    "note_answered",
]

#: Hosts that answered a harvest with this state (kv namespace).
ANSWERED = "answered-hosts"
#: A lease renewed, or a heartbeat beaten, this recently (seconds) by this plan is not
#: written again before the next page: pages at interval 0 come 40 a second, and each
#: write is a transaction (a round trip to Redis).
FRESH_S = 1.0


def answered_before(store: StateStore, host: str) -> bool:
    """Whether `host` ever answered a harvest with this state (a typo never did)."""
    return store.get_value(ANSWERED, host_key(host)) is not None


def note_answered(store: StateStore, endpoint: str, now: float) -> None:
    """Record that the repository's host answered a harvest with this state."""
    store.set_value(ANSWERED, host_key(endpoint), str(now))


@attrs.frozen(repr=False)
class HostLease:
    """The lease on one repository's host, held by a run through its state store.

    Attributes:
        store: where leases and runs live.
        endpoint: the repository (its host is what is leased).
        clock: the plan's clock.
        ttl: how long a lease lasts without renewal.
        written: when this plan last renewed the lease (``"lease"``) and beat the run's
            heartbeat (``"beat"``), by run id, on the clock's monotonic seconds: the plan's
            memory (`RunMemo.written`), None to write before and after every page.
    """

    __repr__ = value_repr

    store: StateStore
    endpoint: str
    clock: Clock
    ttl: float
    written: dict[tuple[str, str], float] | None = attrs.field(default=None, eq=False)

    def _fresh(self, what: str, run_id: str, since: float) -> bool:
        """Whether this plan wrote `what` for the run less than `FRESH_S` ago (monotonic)."""
        last = None if self.written is None else self.written.get((what, run_id))
        return last is not None and 0.0 <= since - last < FRESH_S

    def _wrote(self, what: str, run_id: str, since: float) -> None:
        if self.written is not None:
            self.written[(what, run_id)] = since

    def _losses(self) -> float:
        """How many leases the store was told it lost (`RedisStateStore.leases_lost`).

        A store that fences no commit counts none. A loss seen by any plan on the store,
        for any host, may have taken this plan's fence with it.
        """
        return float(getattr(self.store, "leases_lost", 0))

    @property
    def host(self) -> str:
        """The key the lease is held under."""
        return host_key(self.endpoint)

    def acquire(self, run_id: str) -> Lease | None:
        """Take (or renew) the host for `run_id`; None while another run holds it."""
        return self.store.acquire_lease(self.host, run_id, self.clock.now(), self.ttl)

    def hold(self, cursor: PlanCursor) -> None:
        """Hold the host for the cursor's run before a page.

        A lease this plan renewed less than `FRESH_S` ago is held still: nobody else can
        take it before it expires (`ttl` after that renewal, at least ten times `FRESH_S`
        later) while this process lives, so it is not written again, unless the store
        has since been told of a lost lease (by this plan or another sharing the store):
        then the lease is asked for again, and the store holds its fence anew.

        Raises:
            HostBusy: another job holds it (try again in a minute).
        """
        since = self.clock.monotonic()  # not the wall clock: a step back must not count
        losses = self._losses()
        if (
            self.ttl >= 10 * FRESH_S
            and self._fresh("lease", cursor.run_id, since)
            and self.written is not None
            and self.written.get(("losses", cursor.run_id)) == losses
        ):
            return
        lease = self.store.acquire_lease(self.host, cursor.run_id, self.clock.now(), self.ttl)
        if lease is not None:
            self._wrote("lease", cursor.run_id, since)
            self._wrote("losses", cursor.run_id, losses)
            return
        holder = next(
            (
                r.run_id
                for r in self.store.runs(self.endpoint)
                if r.status == "running" and r.run_id != cursor.run_id
            ),
            "another job",
        )
        raise HostBusy(
            self.endpoint,
            _dt.datetime.fromtimestamp(self.clock.now() + 60.0, tz=_dt.timezone.utc),
            host=self.host,
            holder=holder,
        )

    def after_page(self, cursor: PlanCursor, updated: PlanCursor) -> PlanCursor | None:
        """After a durable page: finish the run when `updated` is done, else beat its heart.

        A heartbeat this plan beat less than `FRESH_S` ago is not beaten again.

        Returns:
            `updated`, or None when the harvest is complete (the host is given back).
        """
        if updated.done:
            self.store.finish_run(cursor.run_id, self.clock.now(), status="finished")
            self.release(cursor.run_id)
            return None
        since = self.clock.monotonic()
        if not self._fresh("beat", cursor.run_id, since):
            self.store.heartbeat(cursor.run_id, self.clock.now())
            self._wrote("beat", cursor.run_id, since)
        return updated

    def end(self, cursor: PlanCursor, status: str, reason: str) -> None:
        """Close the run before its listing is complete, and give the host back."""
        self.store.finish_run(cursor.run_id, self.clock.now(), status=status, reason=reason)
        self.release(cursor.run_id)

    def release(self, run_id: str) -> None:
        """Give the host back (nothing happens when `run_id` does not hold it)."""
        if self.written is not None:
            for what in ("lease", "losses", "beat"):
                self.written.pop((what, run_id), None)
        self.store.release_lease(self.host, run_id)


class _HoldsHosts(Protocol):
    def _host(self) -> HostLease: ...


P = ParamSpec("P")
R = TypeVar("R")
H = TypeVar("H", bound=_HoldsHosts)


def gives_host_back(
    page_job: Callable[Concatenate[H, PlanCursor, P], R],
) -> Callable[Concatenate[H, PlanCursor, P], R]:
    """A page job that raises anything closes its run and gives the host back at once.

    A queue's worker often lives on after a job failed (Celery's prefork pool, RQ's
    SimpleWorker): a lease kept until its `ttl` ran out would defer every corrected job
    for that long. The run is closed as failed (as deferred for a raised `Deferred`, as
    interrupted for Ctrl-C). The checkpoint is untouched (a page is committed with its
    records or not at all), so the next job continues from the last page committed; the
    error is raised as it came.
    """

    @functools.wraps(page_job)
    def run(plan: H, cursor: PlanCursor, /, *args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return page_job(plan, cursor, *args, **kwargs)
        except BaseException as exc:
            status = (
                "interrupted"
                if isinstance(exc, KeyboardInterrupt)
                else "deferred"  # raised, not returned: the store away, the lease lost
                if isinstance(exc, Deferred)
                else "failed"
            )
            with contextlib.suppress(Exception):  # a broken state: the job's own error counts
                plan._host().end(cursor, status, repr(exc))
            raise

    return run
