"""The state a run sees when it does not consume the harvest (standard output, by default).

A run to standard output cannot take a page back, and a terminal cannot even say it was read:
such a run by default records no deliveries, no coverage and no listing checkpoints, so the
next run to a file delivers everything. `ScratchState` is the `StateStore` its page job,
recovery and full-text step are given: the *record side* (listings, checkpoints, deliveries,
coverage, pending writes, outputs, files' outcomes) goes to a throwaway in-memory store that
lives for one run, which still leaves out a record met twice in that run (two overlapping
sets, a repeated page); the *host side* (runs, leases, and the small values that are facts
about a host: it answered, its robots.txt, its sets, its landing pages' structure) goes to
the real state, so the one-harvest-per-host lease, the shared pacing and the caches hold as
for any run. Files' outcomes an earlier run recorded are read (a stored file is asked for
conditionally) but never written. The pacing itself is not in the state store at all
(`Resources.pacing`).
"""

from __future__ import annotations

from collections.abc import Iterable

from politeharvest.store._coverage import Checkpoint, Span
from politeharvest.store._state import (
    Lease,
    PageCommit,
    Run,
    SQLiteStateStore,
    StateStore,
    UrlOutcome,
)

from ._lease import ANSWERED

__all__ = ["HOST_FACTS", "ScratchState"]

#: The kv namespaces that hold facts about a host, kept in the real state even by a run
#: that consumes nothing: the hosts that answered (`_lease.ANSWERED`), robots.txt shared by
#: a fleet (`net._robots.SharedRobots.namespace`), a repository's sets (the CLI's --set
#: check), and landing pages' learned structure (`fulltext._resolver._LEARNED`; named here
#: as text so that a metadata harvest does not import the full-text modules; a test checks
#: the names). Every other namespace (pending writes, outputs, full-text retry rows) is the
#: run's own.
HOST_FACTS = frozenset({ANSWERED, "robots", "list-sets", "landing-structure"})


class ScratchState:
    """A `StateStore` whose record side is a throwaway in-memory store (see the module).

    Args:
        real: the plan's state: runs, leases and host facts go there.
    """

    def __init__(self, real: StateStore) -> None:
        self.real = real
        self.scratch = SQLiteStateStore(":memory:")

    @property
    def path(self) -> str:
        """The real state's location (for messages)."""
        return str(getattr(self.real, "path", self.real))

    def close(self) -> None:
        """Forget the run's record side (the real state is its owner's to close)."""
        self.scratch.close()

    def __repr__(self) -> str:
        return f"ScratchState({self.real!r})"

    # -- the record side: the run's own -------------------------------------------------------

    def listing(self, key: str) -> Checkpoint | None:
        """See `StateStore.listing`."""
        return self.scratch.listing(key)

    def listings(self, lane: str) -> list[Checkpoint]:
        """See `StateStore.listings`."""
        return self.scratch.listings(lane)

    def drop_listing(self, key: str) -> None:
        """See `StateStore.drop_listing`."""
        self.scratch.drop_listing(key)

    def commit(self, commit: PageCommit) -> None:
        """See `StateStore.commit`."""
        self.scratch.commit(commit)

    def filter_new(
        self, scope: str, records: Iterable[tuple[str, str]], *, listing_id: str | None = None
    ) -> set[str]:
        """See `StateStore.filter_new` (only what this run delivered counts)."""
        return self.scratch.filter_new(scope, records, listing_id=listing_id)

    def coverage(self, lane: str) -> tuple[Span, ...]:
        """See `StateStore.coverage` (this run's: nothing before it)."""
        return self.scratch.coverage(lane)

    def url_outcome(self, url: str) -> UrlOutcome | None:
        """See `StateStore.url_outcome`: this run's, else the state's (read, never written).

        A file an earlier run stored is asked for conditionally (its ETag), as any run would;
        what this run learns stays its own.
        """
        return self.scratch.url_outcome(url) or self.real.url_outcome(url)

    def set_url_outcome(self, outcome: UrlOutcome) -> None:
        """See `StateStore.set_url_outcome`."""
        self.scratch.set_url_outcome(outcome)

    def retry_later(self, now: float) -> list[UrlOutcome]:
        """See `StateStore.retry_later`."""
        return self.scratch.retry_later(now)

    # -- small values: host facts are shared, the rest is the run's --------------------------

    def _values_of(self, namespace: str) -> StateStore:
        return self.real if namespace in HOST_FACTS else self.scratch

    def get_value(self, namespace: str, key: str) -> str | None:
        """See `StateStore.get_value`."""
        return self._values_of(namespace).get_value(namespace, key)

    def set_value(self, namespace: str, key: str, value: str | None) -> None:
        """See `StateStore.set_value`."""
        self._values_of(namespace).set_value(namespace, key, value)

    def values(self, namespace: str) -> dict[str, str]:
        """See `StateStore.values`."""
        return self._values_of(namespace).values(namespace)

    # -- the host side: the real state's ------------------------------------------------------

    def start_run(self, key: str, now: float, *, stuck_after: float) -> Run:
        """See `StateStore.start_run`."""
        return self.real.start_run(key, now, stuck_after=stuck_after)

    def heartbeat(self, run_id: str, now: float) -> None:
        """See `StateStore.heartbeat`."""
        self.real.heartbeat(run_id, now)

    def finish_run(self, run_id: str, now: float, *, status: str, reason: str = "") -> None:
        """See `StateStore.finish_run`."""
        self.real.finish_run(run_id, now, status=status, reason=reason)

    def runs(self, key: str | None = None) -> list[Run]:
        """See `StateStore.runs`."""
        return self.real.runs(key)

    def acquire_lease(self, host: str, holder: str, now: float, ttl: float) -> Lease | None:
        """See `StateStore.acquire_lease`."""
        return self.real.acquire_lease(host, holder, now, ttl)

    def release_lease(self, host: str, holder: str) -> None:
        """See `StateStore.release_lease`."""
        self.real.release_lease(host, holder)
