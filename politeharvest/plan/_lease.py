"""The host's lease: one job at a time harvests a repository, and gives the host back.

A run holds the host (`HostLease.hold`) before each page; the lease lasts `ttl` seconds without
renewal, so a job that dies lets the next one in. A run ends (`end`, `finish`) by closing it in
the state and releasing the lease. The state also remembers which hosts ever answered a
harvest (`note_answered`), so that a typo in a host name is told apart from a host that is down.
"""

from __future__ import annotations

import datetime as _dt

import attrs

from politeharvest._clock import Clock
from politeharvest.exceptions import HostBusy
from politeharvest.net._pacing import host_key
from politeharvest.store._state import Lease, StateStore

from ._cursor import PlanCursor

__all__ = ["ANSWERED", "HostLease", "answered_before", "note_answered"]

#: Hosts that answered a harvest with this state (kv namespace).
ANSWERED = "answered-hosts"


def answered_before(store: StateStore, host: str) -> bool:
    """Whether `host` ever answered a harvest with this state (a typo never did)."""
    return store.get_value(ANSWERED, host_key(host)) is not None


def note_answered(store: StateStore, endpoint: str, now: float) -> None:
    """Record that the repository's host answered a harvest with this state."""
    store.set_value(ANSWERED, host_key(endpoint), str(now))


@attrs.frozen
class HostLease:
    """The lease on one repository's host, held by a run through its state store.

    Attributes:
        store: where leases and runs live.
        endpoint: the repository (its host is what is leased).
        clock: the plan's clock.
        ttl: how long a lease lasts without renewal.
    """

    store: StateStore
    endpoint: str
    clock: Clock
    ttl: float

    @property
    def host(self) -> str:
        """The key the lease is held under."""
        return host_key(self.endpoint)

    def acquire(self, run_id: str) -> Lease | None:
        """Take (or renew) the host for `run_id`; None while another run holds it."""
        return self.store.acquire_lease(self.host, run_id, self.clock.now(), self.ttl)

    def hold(self, cursor: PlanCursor) -> None:
        """Hold the host for the cursor's run before a page.

        Raises:
            HostBusy: another job holds it (try again in a minute).
        """
        if self.acquire(cursor.run_id) is not None:
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

        Returns:
            `updated`, or None when the harvest is complete (the host is given back).
        """
        if updated.done:
            self.store.finish_run(cursor.run_id, self.clock.now(), status="finished")
            self.release(cursor.run_id)
            return None
        self.store.heartbeat(cursor.run_id, self.clock.now())
        return updated

    def end(self, cursor: PlanCursor, status: str, reason: str) -> None:
        """Close the run before its listing is complete, and give the host back."""
        self.store.finish_run(cursor.run_id, self.clock.now(), status=status, reason=reason)
        self.release(cursor.run_id)

    def release(self, run_id: str) -> None:
        """Give the host back (nothing happens when `run_id` does not hold it)."""
        self.store.release_lease(self.host, run_id)
