"""`HarvestPlan`: the object applications embed (the composition root).

It wires a `PoliteSession`, an `OaiPager` per set, a `StateStore` and a sink,
and runs a harvest one page at a time. It starts no threads or processes.

- Scripts and notebooks: ``plan.run(sink="records.jsonl")`` or ``for r in plan.records():``.
- Job queues: ``cursor = plan.start()``, then one ``plan.run_page(cursor)`` per job.

Exactly once: a page's records are written to the sink and made durable,
then the lane's checkpoint (next cursor, sink position, delivered identifiers)
is committed in one transaction. After a crash the sink is rewound to the
last checkpoint and the page is fetched again, so nothing is lost or repeated.
"""

from __future__ import annotations

import datetime as _dt
import json
import logging
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import requests

from ._clock import Clock, SystemClock
from ._fulltext import FullText, FullTextStep
from ._oai import (
    DAY,
    SECONDS,
    DateLike,
    OaiCursor,
    OaiPage,
    OaiPager,
    OaiRecord,
    format_datestamp,
    parse_datestamp,
)
from ._pacing import MemoryPaceStore, PaceStore, SQLitePaceStore, host_key
from ._policy import Politeness
from ._session import PoliteSession, RequestEvent, event_hooks
from ._sinks import Row, Sink, open_sink
from ._state import Checkpoint, StateStore, open_state
from .exceptions import Deferred, HostBusy

__all__ = ["HarvestPlan", "HarvestSummary", "PageResult", "PlanCursor", "record_row"]

logger = logging.getLogger(__name__)

DEFAULT_STATE = Path(".politeharvest") / "state.sqlite"

#: A lane's cursor before its listing's first page: start a new listing (incremental).
NEW = "new"


def record_row(record: OaiRecord, *, endpoint: str, metadata_prefix: str) -> dict[str, Any]:
    """The JSON object written for a record: header, oai_dc metadata, XML for other formats."""
    row: dict[str, Any] = {
        "identifier": record.identifier,
        "datestamp": record.datestamp,
        "deleted": record.deleted,
        "sets": list(record.set_specs),
        "endpoint": endpoint,
        "metadata_prefix": metadata_prefix,
        "metadata": {k: list(v) for k, v in record.metadata.items()},
    }
    if not record.deleted and not record.metadata:
        row["xml"] = record.raw_xml.decode("utf-8")
    return row


@attrs.frozen
class Lane:
    """One listing of the harvest: a set (or the whole repository) on the endpoint."""

    key: str
    set_spec: str | None
    cursor: str | None  # the next page's OaiCursor as JSON; NEW to begin; None when done


@attrs.frozen
class PlanCursor:
    """A harvest's position, JSON round-trippable, for job queues.

    Attributes:
        run_id: the run (and job) this cursor belongs to.
        job_started_at: wall-clock start of the job (its budget counts from here).
        lanes: one per set, each with its next page (None when done).
        turn: the lane whose page comes next (pages of several sets are taken in turn).
        retry_files: the next page also retries files marked retry-later (once per run).
    """

    run_id: str
    job_started_at: float
    lanes: tuple[Lane, ...]
    turn: int = 0
    retry_files: bool = True

    @property
    def done(self) -> bool:
        """True when every lane is complete."""
        return all(lane.cursor is None for lane in self.lanes)

    def to_json(self) -> str:
        """Serialize for a job queue."""
        return json.dumps(attrs.asdict(self), sort_keys=True, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> PlanCursor:
        """Rebuild from `to_json` output."""
        data = json.loads(text)
        return cls(
            run_id=data["run_id"],
            job_started_at=float(data["job_started_at"]),
            lanes=tuple(Lane(**lane) for lane in data["lanes"]),
            turn=int(data.get("turn", 0)),
            retry_files=bool(data.get("retry_files", True)),
        )


@attrs.frozen
class PageResult:
    """The outcome of one `run_page` call.

    Attributes:
        records: the records delivered (duplicates already left out).
        next_cursor: the cursor for the next job, or None when the harvest is complete.
        deferred_until: when the page could not be fetched now: the moment to try again
            (`next_cursor` is then the same position); None otherwise.
        reason: why it was deferred.
        page: the OaiPage fetched (None when deferred).
        skipped: records left out as already delivered.
    """

    records: tuple[OaiRecord, ...]
    next_cursor: PlanCursor | None
    deferred_until: _dt.datetime | None = None
    reason: str = ""
    page: OaiPage | None = None
    skipped: int = 0


@attrs.frozen
class HarvestSummary:
    """What a `run` did."""

    records: int
    deleted: int
    skipped: int
    pages: int
    requests: int
    waits: int
    wait_s: float
    retries: int
    duration_s: float
    complete: bool
    deferred_until: _dt.datetime | None = None
    reason: str = ""
    repairs: int = 0
    stopped: bool = False


@attrs.define
class HarvestPlan:
    """A resumable, incremental, exactly-once OAI-PMH harvest, run one page at a time.

    Attributes:
        endpoint: the repository's OAI-PMH base URL.
        metadata_prefix: the format to harvest.
        sets: sets to harvest (their pages are taken in turn); empty for the whole repository.
        from_: harvest records changed from this moment; None: incremental (from the
            last completed harvest's high-water mark, or everything the first time).
        until: harvest records changed until this moment.
        policy: the politeness policy.
        state: a SQLite file path (default ``.politeharvest/state.sqlite``), ``":memory:"``,
            or a `StateStore`.
        sink: where `run` writes records: a ``.jsonl`` path, ``"-"`` (stdout), a ``.sqlite``
            path, a callable receiving each page's rows, or a `Sink`.
        fulltext: full-text settings (`FullText`): each record's file is found and fetched,
            and its output row gets a ``fulltext`` object.
        incremental: use the high-water mark when `from_` is None.
        max_inline_wait: the longest wait slept inside a call; longer ones defer.
        max_records: stop `run` after this many records (the checkpoint stays consistent).
        overlap_s: how far before the high-water mark the next incremental harvest starts.
        lease_ttl: how long a job's lease on the host lasts without renewal (> job budget).
        pace_store: where per-host pacing lives; by default an `SQLitePaceStore` in the state
            file (so every process harvesting with that file shares pacing), or in memory
            with ``state=":memory:"``.
        clock, http, on_event: passed to the `PoliteSession`.
    """

    endpoint: str
    metadata_prefix: str = "oai_dc"
    sets: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    from_: DateLike | None = None
    until: DateLike | None = None
    policy: Politeness = attrs.field(factory=Politeness)
    state: str | Path | StateStore = DEFAULT_STATE
    sink: Sink | str | Path | Callable[[list[Row]], object] | None = None
    incremental: bool = True
    max_inline_wait: float | None = None
    max_records: int | None = None
    fulltext: FullText | None = None
    overlap_s: float = 60.0
    lease_ttl: float | None = None
    clock: Clock = attrs.field(factory=SystemClock)
    http: requests.Session | None = None
    pace_store: PaceStore | None = None
    on_event: tuple[Callable[[RequestEvent], None], ...] = attrs.field(
        default=(), converter=event_hooks
    )
    _store: StateStore = attrs.field(init=False, repr=False)
    _sink: Sink | None = attrs.field(default=None, init=False, repr=False)
    _owns_sink: bool = attrs.field(default=False, init=False, repr=False)
    _sessions: dict[str, PoliteSession] = attrs.field(factory=dict, init=False, repr=False)
    _pagers: dict[str, OaiPager] = attrs.field(factory=dict, init=False, repr=False)
    _steps: dict[str, FullTextStep] = attrs.field(factory=dict, init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._store = open_state(self.state)
        if self.pace_store is None:
            state = self.state
            if isinstance(state, (str, Path)) and str(state) != ":memory:":
                self.pace_store = SQLitePaceStore(state)
            else:
                self.pace_store = MemoryPaceStore()

    @property
    def store(self) -> StateStore:
        """The plan's StateStore."""
        return self._store

    # -- job-queue API -----------------------------------------------------------------------

    def start(self) -> PlanCursor:
        """Begin a run: close stuck runs, resume unfinished lanes, start the others.

        Returns:
            The cursor of the first page (pass it to `run_page`).
        """
        now = self.clock.now()
        run = self._store.start_run(self.endpoint, now, stuck_after=self.policy.stuck_after)
        lanes = []
        resume_positions = []
        opened = self._open_sink() if self.sink is not None else None
        for spec in self.sets or (None,):
            key = self._lane_key(spec)
            checkpoint = self._store.checkpoint(key)
            if checkpoint is not None and checkpoint.cursor is not None:
                lanes.append(Lane(key, spec, checkpoint.cursor))
                resume_positions.append(checkpoint.sink_position)
                continue
            lanes.append(Lane(key, spec, NEW))
            # Record where the sink stood before this lane wrote anything, so a crash
            # during its first page is rewound too.
            start_position = opened.position() if opened is not None else -1
            self._store.commit_page(Checkpoint(key, run.run_id, NEW, start_position), [])
        cursor = PlanCursor(run.run_id, now, tuple(lanes))
        positions = [p for p in resume_positions if p >= 0]
        if positions and opened is not None:
            # Drop whatever a crashed run wrote after its last checkpoint. (Resume with
            # the same sink: a position means nothing to another file.)
            opened.rewind(max(positions))
        return cursor

    def run_page(self, cursor: PlanCursor, *, sink: Sink | None = None) -> PageResult:
        """Fetch one page of the lane whose turn it is, deliver it, checkpoint, and advance.

        Args:
            cursor: from `start` or a previous `run_page`.
            sink: where to write (default: the plan's sink).

        Returns:
            A `PageResult`; when the page cannot be had now, `deferred_until` says when to
            try again and `next_cursor` is the same position.
        """
        target = sink or self._open_sink()
        try:
            fetched = self._fetch(cursor)
        except Deferred as exc:
            return PageResult((), cursor, exc.until, exc.reason)
        lane_index, page, fresh, skipped = fetched
        rows = self._rows(cursor, fresh)
        position = target.write_page(rows)
        next_cursor = self._commit(cursor, lane_index, page, fresh, position)
        if self.fulltext is not None and cursor.retry_files:
            self._fulltext_step(cursor).reported()  # the retry rows are durable now
        return PageResult(tuple(fresh), next_cursor, page=page, skipped=skipped)

    def _rows(self, cursor: PlanCursor, fresh: Sequence[OaiRecord]) -> list[dict[str, Any]]:
        """Output rows for a page: each record, with its full text when asked for."""
        step = self._fulltext_step(cursor) if self.fulltext is not None else None
        rows: list[dict[str, Any]] = []
        if step is not None and cursor.retry_files:
            # Files marked retry-later by earlier runs come first (once per run).
            rows.extend(step.retry_due(self.clock.now()))
        for record in fresh:
            row = record_row(record, endpoint=self.endpoint, metadata_prefix=self.metadata_prefix)
            if step is not None:
                fulltext = step.for_record(record)
                if fulltext is not None:
                    row["fulltext"] = fulltext
            rows.append(row)
        return rows

    def _fulltext_step(self, cursor: PlanCursor) -> FullTextStep:
        assert self.fulltext is not None
        step = self._steps.get(cursor.run_id)
        if step is None:
            session = self._session(cursor.run_id, cursor.job_started_at)
            step = FullTextStep(session, self.fulltext, self._store)
            self._steps[cursor.run_id] = step
        return step

    # -- scripts and notebooks ---------------------------------------------------------------

    def records(self) -> Iterator[OaiRecord]:
        """Every new record, politely, across all pages and sets; resumable.

        A page is checkpointed once you have taken all its records (when you ask for the
        next one), so after an interruption the next call resumes from the last page you
        finished: at least once for the page you were in the middle of.

        Raises:
            Deferred: the harvest cannot continue now (`until` says when).
        """
        cursor: PlanCursor | None = self.start()
        try:
            while cursor is not None and not cursor.done:
                lane_index, page, fresh, _ = self._fetch(cursor)
                yield from fresh
                cursor = self._commit(cursor, lane_index, page, fresh, -1)
        finally:
            if cursor is not None:  # stopped early (break, error, deferral): give the host back
                self._end(cursor, "stopped", "")

    def run(
        self,
        sink: Sink | str | Path | Callable[[list[Row]], object] | None = None,
        *,
        on_page: Callable[[PageResult, Lane], bool] | None = None,
    ) -> HarvestSummary:
        """Harvest every page into the sink until done, deferred, stopped, or `max_records`.

        Args:
            sink: where to write (default: the plan's sink).
            on_page: called after each page is durable with its result and lane; returning
                False stops the run there (the checkpoint is intact; the next run continues).

        Returns:
            A `HarvestSummary` (records, deleted, pages, requests, waits, retries, duration).
        """
        if sink is not None:
            self.sink = sink
            self._sink = None
        started = self.clock.monotonic()
        first = self.start()
        cursor: PlanCursor | None = first
        records = deleted = skipped = pages = repairs = 0
        deferred_until: _dt.datetime | None = None
        reason = ""
        stopped = False
        try:
            while cursor is not None and not cursor.done:
                lane = cursor.lanes[cursor.turn]
                result = self.run_page(cursor)
                if result.deferred_until is not None:
                    deferred_until, reason = result.deferred_until, result.reason
                    self._end(cursor, "deferred", reason)
                    break
                pages += 1
                records += len(result.records)
                deleted += sum(1 for r in result.records if r.deleted)
                skipped += result.skipped
                repairs += len(result.page.repairs) if result.page else 0
                cursor = result.next_cursor
                if cursor is None:
                    break
                if on_page is not None and not on_page(result, lane):
                    stopped, reason = True, "stopped by the caller"
                elif self.max_records is not None and records >= self.max_records:
                    stopped, reason = True, f"stopped after {records} records (max_records)"
                if stopped:
                    self._end(cursor, "stopped", reason)
                    break
        except BaseException as exc:
            # An interruption in this process (Ctrl-C, an error) ends the run cleanly: the
            # checkpoint is intact, the host is given back for the next run.
            if cursor is not None:
                self._end(cursor, "failed", repr(exc))
            raise
        finally:
            self._close_sink()
        stats = self._stats(first.run_id)
        return HarvestSummary(
            records=records,
            deleted=deleted,
            skipped=skipped,
            pages=pages,
            requests=stats["requests"],
            waits=stats["waits"],
            wait_s=stats["wait_s"],
            retries=stats["retries"],
            duration_s=self.clock.monotonic() - started,
            complete=cursor is None or cursor.done,
            deferred_until=deferred_until,
            reason=reason,
            repairs=repairs,
            stopped=stopped,
        )

    # -- single-request helpers for tools ---------------------------------------------------------

    def pager(self) -> OaiPager:
        """An OaiPager on a session of its own (for Identify, ListSets, GetRecord...)."""
        return self._run_pager("tools", self.clock.now())

    # -- internals ------------------------------------------------------------------------------

    def _lane_key(self, spec: str | None) -> str:
        return f"{self.endpoint}|{self.metadata_prefix}|{spec or ''}"

    def _open_sink(self) -> Sink:
        if self._sink is None:
            target = self.sink if self.sink is not None else "-"
            self._sink = open_sink(target)
            self._owns_sink = self._sink is not target  # close only what the plan opened
        return self._sink

    def _close_sink(self) -> None:
        if self._sink is not None and self._owns_sink:
            self._sink.close()
        self._sink = None

    def _session(self, run_id: str, job_started_at: float) -> PoliteSession:
        session = self._sessions.get(run_id)
        if session is None:
            kwargs: dict[str, Any] = {}
            if self.http is not None:
                kwargs["http"] = self.http
            session = PoliteSession(
                self.policy,
                clock=self.clock,
                pace_store=self._pacing(),
                job_id=run_id,
                job_started_at=job_started_at,
                max_inline_wait=self.max_inline_wait,
                on_event=self.on_event,
                **kwargs,
            )
            self._sessions[run_id] = session
        return session

    def _pacing(self) -> PaceStore:
        assert self.pace_store is not None  # set in __attrs_post_init__
        return self.pace_store

    def _run_pager(self, run_id: str, job_started_at: float) -> OaiPager:
        """One pager per run (so Identify is asked once), on the run's session."""
        pager = self._pagers.get(run_id)
        if pager is None:
            session = self._session(run_id, job_started_at)
            pager = OaiPager(session, self.endpoint, metadata_prefix=self.metadata_prefix)
            self._pagers[run_id] = pager
        return pager

    def _first_cursor(self, pager: OaiPager, lane: Lane) -> OaiCursor:
        start = self.from_
        day: str | None = None
        if start is None and self.incremental:
            mark = self._store.high_water(lane.key)
            if mark is not None:
                start, day = self._incremental_from(pager, mark)
        cursor = pager.first_cursor(
            "ListRecords",
            metadata_prefix=self.metadata_prefix,
            set_spec=lane.set_spec,
            from_=start,
            until=self.until,
        )
        if day is None:
            return cursor
        # Sent as a day even where the repository announces seconds (both are legal
        # OAI-PMH; from and until must share a granularity).
        params = {**cursor.arguments, "from": day}
        if "until" in params:
            params["until"] = params["until"][:10]
        return attrs.evolve(cursor, params=params)

    def _incremental_from(self, pager: OaiPager, mark: str) -> tuple[str, str | None]:
        """The next harvest's `from` and, when it must be a whole day, that day.

        The mark minus the overlap, at the coarser of the announced and the observed
        granularity: a repository announcing seconds but stamping days (DergiPark)
        must restart from the mark's day, or records stamped later that day are missed.
        """
        moment = parse_datestamp(mark)
        if moment is None:
            return mark, None
        if len(mark.strip()) == 10 or pager.granularity() == DAY:
            day = format_datestamp(moment, DAY)
            return day, day
        return format_datestamp(moment - _dt.timedelta(seconds=self.overlap_s), SECONDS), None

    def _fetch(self, cursor: PlanCursor) -> tuple[int, OaiPage, list[OaiRecord], int]:
        """Fetch the page whose turn it is; return it with its new (not yet delivered) records."""
        index = cursor.turn
        lane = cursor.lanes[index]
        self._hold_host(cursor)
        pager = self._run_pager(cursor.run_id, cursor.job_started_at)
        if lane.cursor == NEW:
            oai_cursor = self._first_cursor(pager, lane)
        else:
            oai_cursor = OaiCursor.from_json(str(lane.cursor))
        page = pager.fetch(oai_cursor)
        pairs = [(r.identifier, r.datestamp) for r in page.records]
        new = self._store.filter_new(lane.key, pairs)
        fresh: list[OaiRecord] = []
        seen: dict[str, str] = {}
        for record in page.records:
            if record.identifier not in new:
                continue
            if record.identifier in seen and seen[record.identifier] >= record.datestamp:
                continue
            seen[record.identifier] = record.datestamp
            fresh.append(record)
        # a record repeated on one page with a newer datestamp: keep only the newest
        newest = {r.identifier: r for r in fresh}
        fresh = [r for r in fresh if newest[r.identifier] is r]
        skipped = len(page.records) - len(fresh)
        return index, page, fresh, skipped

    def _commit(
        self,
        cursor: PlanCursor,
        index: int,
        page: OaiPage,
        fresh: Sequence[OaiRecord],
        position: int,
    ) -> PlanCursor | None:
        lane = cursor.lanes[index]
        # A lane resumed from an earlier run's checkpoint continues that listing: its
        # counters and the responseDate of its first page carry over.
        base = self._store.checkpoint(lane.key)
        stamps = [r.datestamp for r in fresh if r.datestamp]
        checkpoint = Checkpoint(
            lane=lane.key,
            run_id=cursor.run_id,
            cursor=page.next_cursor.to_json() if page.next_cursor else None,
            sink_position=position,
            pages=(base.pages if base else 0) + 1,
            records=(base.records if base else 0) + len(fresh),
            response_date=(base.response_date if base else "") or page.response_date,
            max_datestamp=max([*stamps, base.max_datestamp if base else ""]),
        )
        self._store.commit_page(checkpoint, [(r.identifier, r.datestamp) for r in fresh])
        if page.next_cursor is None:
            # The lane is complete: move its high-water mark and drop its checkpoint. The
            # mark is the repository's clock at the start of this harvest (never ours).
            mark = checkpoint.response_date or checkpoint.max_datestamp
            if checkpoint.max_datestamp and len(checkpoint.max_datestamp) == 10:
                mark = mark[:10]  # datestamps are days: keep the mark coarse too
            if mark:
                self._store.set_high_water(lane.key, mark)
            self._store.clear_checkpoint(lane.key)
        lanes = list(cursor.lanes)
        lanes[index] = attrs.evolve(lane, cursor=checkpoint.cursor)
        updated = attrs.evolve(
            cursor, lanes=tuple(lanes), turn=self._next_turn(lanes, index), retry_files=False
        )
        if updated.done:
            self._store.finish_run(cursor.run_id, self.clock.now(), status="finished")
            self._release(cursor)
            return None
        self._store.heartbeat(cursor.run_id, self.clock.now())
        return updated

    @staticmethod
    def _next_turn(lanes: Sequence[Lane], index: int) -> int:
        """Round robin: the next lane after `index` that still has pages (A, B, A, B...)."""
        count = len(lanes)
        for step in range(1, count + 1):
            candidate = (index + step) % count
            if lanes[candidate].cursor is not None:
                return candidate
        return index

    def _hold_host(self, cursor: PlanCursor) -> None:
        host = host_key(self.endpoint)
        ttl = self.lease_ttl if self.lease_ttl is not None else self.policy.job_budget + 300.0
        now = self.clock.now()
        lease = self._store.acquire_lease(host, cursor.run_id, now, ttl)
        if lease is None:
            holder = next(
                (
                    r.run_id
                    for r in self._store.runs(self.endpoint)
                    if r.status == "running" and r.run_id != cursor.run_id
                ),
                "another job",
            )
            raise HostBusy(
                self.endpoint,
                _dt.datetime.fromtimestamp(now + 60.0, tz=_dt.timezone.utc),
                host=host,
                holder=holder,
            )

    def _end(self, cursor: PlanCursor, status: str, reason: str) -> None:
        """Close the run before its listing is complete, and give the host back."""
        self._store.finish_run(cursor.run_id, self.clock.now(), status=status, reason=reason)
        self._release(cursor)

    def _release(self, cursor: PlanCursor) -> None:
        self._store.release_lease(host_key(self.endpoint), cursor.run_id)

    def _stats(self, run_id: str) -> Mapping[str, Any]:
        session = self._sessions.get(run_id)
        if session is None:
            return {"requests": 0, "waits": 0, "wait_s": 0.0, "retries": 0}
        stats = session.stats
        return {
            "requests": stats.requests,
            "waits": stats.waits,
            "wait_s": stats.wait_s,
            "retries": stats.retries,
        }
