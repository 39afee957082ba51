"""`HarvestPlan`: the object applications embed (the composition root).

It wires a `PoliteSession`, an `OaiPager` per set, a `StateStore` and a sink,
and runs a harvest one page at a time. It starts no threads or processes.

- Scripts and notebooks: ``plan.run(sink="records.jsonl")`` or ``for r in plan.records():``.
- Job queues: ``cursor = plan.start()``, then one ``plan.run_page(cursor)`` per job.

Exactly once: before a page is appended to a file, the plan notes the bytes
it is about to write; the page is written and made durable; then the listing's
checkpoint (next cursor, the file's mark, delivered identifiers) is committed
in one transaction. After a crash, the page's bytes are taken back from that
file (only if the file still ends with them) and the page is fetched again, so
nothing is lost or repeated, and no byte the plan did not write is touched.

What to harvest (coverage, windows, resume keys, turns) is computed by the pure
functions of `_planning`; this module only reads, writes and sends.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import logging
import os
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import requests

from politeharvest._clock import Clock, SystemClock
from politeharvest._files import FolderClaim, check_writable, claim_folder
from politeharvest._policy import Politeness
from politeharvest._sqlite import START_OVER
from politeharvest.exceptions import (
    Deferred,
    HostBusy,
    OutputUnknown,
    RepositoryMisbehaves,
    SinkChanged,
    SinkError,
    StateCorrupt,
)
from politeharvest.net._pacing import MemoryPaceStore, PaceStore, SQLitePaceStore, host_key
from politeharvest.net._session import PoliteSession, RequestEvent, event_hooks
from politeharvest.oai._listing import DateLike, format_datestamp, known_ordered
from politeharvest.oai._pager import OaiCursor, OaiPage, OaiPager, OaiRecord
from politeharvest.store._sinks import (
    JsonlSink,
    PendingWrite,
    Row,
    Sink,
    SinkMark,
    count_rows,
    mark_problem,
    open_sink,
    pending_action,
    probe_lock,
    rows_of,
    view_file,
)
from politeharvest.store._state import (
    ORIGIN,
    PENDING,
    Checkpoint,
    Lease,
    PageCommit,
    StateStore,
    open_state,
)
from politeharvest.store._tables import Output, open_table, replaces, rows_held, tracked_file

from ._planning import (
    PageFacts,
    Window,
    after_page,
    completed_span,
    covered,
    gaps,
    lane_key,
    listing_key,
    next_turn,
    scope_key,
)

if TYPE_CHECKING:  # the full-text modules (bs4, pypdf) load only when full text is asked for
    from politeharvest.fleet._redis import RedisStateStore
    from politeharvest.fulltext._step import FullText, FullTextStep

__all__ = ["HarvestPlan", "HarvestSummary", "Lane", "PageResult", "PlanCursor", "record_row"]

logger = logging.getLogger(__name__)

#: Real defaults for signatures: a frozen policy and a stateless clock can be shared.
_DEFAULT_POLICY = Politeness()
_SYSTEM_CLOCK = SystemClock()

DEFAULT_STATE = Path(".politeharvest") / "state.sqlite"

#: A lane's cursor before its listing's first page: start a new listing (incremental).
NEW = "new"
#: Hosts that answered a harvest with this state (kv namespace).
_ANSWERED = "answered-hosts"
#: The kv namespace of the output files this state delivered into (one per resolved path).
_OUTPUTS = "outputs"


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
        row["xml"] = record.raw_xml.decode("utf-8", "replace")
    if record.damaged:
        row["damaged"] = record.damaged  # "xml" holds the bytes as the repository sent them
    return row


@attrs.frozen
class Lane:
    """One set (or the whole repository) of the harvest, with the windows it still lists.

    Attributes:
        key: the lane key (endpoint, prefix, set).
        set_spec: the set, or None for the whole repository.
        cursor: the current listing's next page (OaiCursor JSON); NEW before its first
            page; None when the lane is done.
        window: the current listing's window.
        queue: windows to list after the current one (the other gaps of an incremental
            harvest).
    """

    key: str
    set_spec: str | None
    cursor: str | None
    window: Window = attrs.field(factory=Window)
    queue: tuple[Window, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form."""
        return {
            "key": self.key,
            "set_spec": self.set_spec,
            "cursor": self.cursor,
            "window": attrs.asdict(self.window),
            "queue": [attrs.asdict(w) for w in self.queue],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Lane:
        """Rebuild from `to_dict`."""
        return cls(
            key=data["key"],
            set_spec=data.get("set_spec"),
            cursor=data.get("cursor"),
            window=Window(**data.get("window", {})),
            queue=tuple(Window(**w) for w in data.get("queue", ())),
        )


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
        data = {
            "run_id": self.run_id,
            "job_started_at": self.job_started_at,
            "lanes": [lane.to_dict() for lane in self.lanes],
            "turn": self.turn,
            "retry_files": self.retry_files,
        }
        return json.dumps(data, sort_keys=True, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> PlanCursor:
        """Rebuild from `to_json` output."""
        data = json.loads(text)
        return cls(
            run_id=data["run_id"],
            job_started_at=float(data["job_started_at"]),
            lanes=tuple(Lane.from_dict(lane) for lane in data["lanes"]),
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
        files: with full text, how many rows of the page had each file status
            (``downloaded``, ``unchanged``, ``retry-later``, ...).
    """

    records: tuple[OaiRecord, ...]
    next_cursor: PlanCursor | None
    deferred_until: _dt.datetime | None = None
    reason: str = ""
    page: OaiPage | None = None
    skipped: int = 0
    files: Mapping[str, int] = attrs.field(factory=dict)


@attrs.frozen
class HarvestSummary:
    """What a `run` did.

    Attributes:
        notes: what the caller should know beyond the counts: where earlier pages of
            a resumed listing went, unfinished listings of other windows left as
            they are, pages written after a crash and taken back.
        files: with full text, how many files had each status.
        robots_fetches: of the requests, robots.txt (and other well-known files) fetched.
        refused: requests not sent (robots.txt, the policy, a stopped host, a reservation).
    """

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
    notes: tuple[str, ...] = ()
    files: Mapping[str, int] = attrs.field(factory=dict)
    robots_fetches: int = 0
    refused: int = 0


@attrs.define
class _Runtime:
    """What a plan opens while it runs (the plan itself is configuration)."""

    store: StateStore | None = None
    owns_store: bool = False
    pace_store: PaceStore | None = None
    sink: Sink | None = None
    owns_sink: bool = False
    sessions: dict[str, PoliteSession] = attrs.field(factory=dict)
    pagers: dict[str, OaiPager] = attrs.field(factory=dict)
    steps: dict[str, FullTextStep] = attrs.field(factory=dict)
    notes: list[str] = attrs.field(factory=list)
    pending: str | None = None
    new_ids: dict[str, str] = attrs.field(factory=dict)
    answered: bool = False
    left_out: dict[str, tuple[int, int, str]] = attrs.field(factory=dict)
    claim: FolderClaim | None = None


def _tuple(value: Sequence[str] | str) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def _datestamp(value: DateLike | None) -> str | None:
    return (
        None if value is None else format_datestamp(value) if not isinstance(value, str) else value
    )


@attrs.frozen(kw_only=True)
class HarvestPlan:
    """A resumable, incremental, exactly-once OAI-PMH harvest, run one page at a time.

    A plan is configuration (frozen; `attrs.evolve` makes variants). The state store,
    the sink and the sessions are opened when first needed (`start`, `run`) and closed
    by `close` or at the end of a ``with`` block.

    Attributes:
        endpoint: the repository's OAI-PMH base URL (the only positional argument).
        metadata_prefix: the format to harvest.
        sets: sets to harvest (their pages are taken in turn); empty for the whole repository.
        from_: harvest records changed from this moment.
        until: harvest records changed until this moment.
            With neither, a harvest is incremental: it lists every gap in what earlier
            harvests covered, up to now (everything, the first time). With either, it
            lists that window and adds it to the coverage (never more).
        policy: the politeness policy.
        state: a SQLite file path (default ``.politeharvest/state.sqlite``), ``":memory:"``,
            or a `StateStore`.
        sink: where `run` writes records: a ``.jsonl`` path, ``"-"`` (stdout), a Redis
            stream beside a Redis state (``"redis://host:6379/0?stream=NAME"``), a ``.sqlite``
            path, a ``.csv`` path, a ``.parquet`` folder, an `Output` (``overwrite=True``
            starts it afresh), a callable receiving each page's rows, or a `Sink`.
        fulltext: full-text settings (`FullText`): each record's file is found and fetched,
            and its output row gets a ``fulltext`` object.
        incremental: False for a full harvest: ignore coverage and deliver every record
            of the window again (the CLI's ``--full``).
        max_inline_wait: the longest wait slept inside a call; longer ones defer.
        max_records: stop `run` after this many records (the checkpoint stays consistent).
        overlap_s: how far before the end of the coverage an incremental harvest starts.
        lease_ttl: how long a job's lease on the host lasts without renewal (> job budget).
        pace_store: where per-host pacing lives; by default an `SQLitePaceStore` in the state
            file (so every process harvesting with that file shares pacing), or in memory
            with ``state=":memory:"``.
        lenient: a page that answers outside its request (records outside the window or
            the set, a changing completeListSize) keeps only the records asked for, and
            the listing is not recorded as covered (the CLI's ``--lenient``); without it
            such a page stops the harvest with `RepositoryMisbehaves`.
        clock, http, on_event: passed to the `PoliteSession`.
    """

    endpoint: str = attrs.field(kw_only=False)
    metadata_prefix: str = "oai_dc"
    sets: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    from_: DateLike | None = None
    until: DateLike | None = None
    policy: Politeness = _DEFAULT_POLICY
    state: str | Path | StateStore = DEFAULT_STATE
    sink: Sink | str | Path | Output | Callable[[list[Row]], object] | None = None
    incremental: bool = True
    max_inline_wait: float | None = None
    max_records: int | None = None
    fulltext: FullText | None = None
    overlap_s: float = 60.0
    lease_ttl: float | None = None
    lenient: bool = False
    clock: Clock = _SYSTEM_CLOCK
    http: requests.Session | None = None
    pace_store: PaceStore | None = None
    on_event: tuple[Callable[[RequestEvent], None], ...] = attrs.field(
        default=(), converter=event_hooks
    )
    _rt: _Runtime = attrs.field(init=False, factory=_Runtime, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # Checked now, so a bad window is a usage error before anything is opened or sent.
        self.window()

    # -- configuration ------------------------------------------------------------------------

    def window(self) -> Window:
        """The window this plan asks for (`from_`, `until`, and full or not).

        Raises:
            ValueError: a bound is not a datestamp, or `from_` is later than `until`.
        """
        return Window.asked(
            _datestamp(self.from_), _datestamp(self.until), full=not self.incremental
        )

    @property
    def scope(self) -> str:
        """What delivery is deduplicated across (the endpoint and the format)."""
        return scope_key(self.endpoint, self.metadata_prefix)

    # -- resources ------------------------------------------------------------------------------

    @property
    def store(self) -> StateStore:
        """The plan's StateStore (opened on first use)."""
        if self._rt.store is None:
            self._rt.store = open_state(self.state)
            self._rt.owns_store = self._rt.store is not self.state
        return self._rt.store

    def __enter__(self) -> HarvestPlan:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Close what the plan opened: its sink, sessions and state store."""
        self._close_sink()
        if self._rt.claim is not None:
            self._rt.claim.release()
            self._rt.claim = None
        for session in self._rt.sessions.values():
            session.close()
        self._rt.sessions.clear()
        self._rt.pagers.clear()
        self._rt.steps.clear()
        store = self._rt.store
        if store is not None and self._rt.owns_store and hasattr(store, "close"):
            store.close()
        self._rt.store = None

    # -- job-queue API -----------------------------------------------------------------------

    def start(self) -> PlanCursor:
        """Begin a run: close stuck runs, repair interrupted writes, and plan the listings.

        Each lane resumes the unfinished listing of exactly the window asked for, or
        starts it; an incremental harvest lists every gap in the lane's coverage.
        Nothing is sent.

        Returns:
            The cursor of the first page (pass it to `run_page`).

        Raises:
            SinkChanged: a file that the listing to be resumed wrote is gone or was
                changed by someone else, or a page interrupted by a crash cannot be
                taken back without touching someone else's bytes.
        """
        now = self.clock.now()
        store = self.store
        run = store.start_run(self.endpoint, now, stuck_after=self.policy.stuck_after)
        self._rt.notes.clear()
        self._rt.left_out.clear()
        try:
            # Only while holding the host: a live job may be writing its page now.
            holding = self._lease(run.run_id) is not None
            repairs = self._pending_repairs() if holding else []
            lanes = tuple(self._plan_lane(spec) for spec in self.sets or (None,))
            new_output = self._check_output(run.run_id) if self.sink is not None else None
            if self.fulltext is not None:
                check_writable(self.fulltext.directory, option="--files")
            # Every check is done: only now is anything changed.
            self._repair(repairs)
            if self.sink is not None:
                self._check_appendable()
                self._open_sink()  # an unwritable output is an error before any request
            if new_output is not None:
                store.set_value(_OUTPUTS, new_output, json.dumps({"run": run.run_id, "at": now}))
            if self.fulltext is not None:
                self._claim_files()
        except BaseException:
            with contextlib.suppress(Exception):  # a broken state: its own error is raised
                store.finish_run(run.run_id, self.clock.now(), status="failed", reason="refused")
                store.release_lease(host_key(self.endpoint), run.run_id)
            raise
        return PlanCursor(run.run_id, now, lanes)

    def _check_output(self, run_id: str) -> str | None:
        """Refuse an output that holds records this state did not deliver (no change made).

        Returns:
            The output's path when it is empty or new (to be recorded as this state's
            once it is opened), else None.

        Raises:
            OutputLocked: another process is writing it.
            StateCorrupt: the state file was empty (a full disk, a failed copy) while the
                output holds records: a new state would deliver them all again.
            OutputUnknown: the output holds records of this repository and the state never
                wrote to it.
        """
        path = self._sink_path()
        if path is None:
            return None
        probe_lock(path)
        view = view_file(path, 0, 0)
        if not view.exists or view.size == 0 or replaces(self.sink):
            return path
        store = self.store
        if store.get_value(_OUTPUTS, path) is not None:
            return None
        origin = store.get_value(*ORIGIN)  # None: a state from before outputs were recorded
        known = store.values(_OUTPUTS)
        if origin is None and not known and any(r.run_id != run_id for r in store.runs()):
            return path  # such a state wrote where it was told: this file, presumably
        rows = rows_held(path, self.endpoint)  # a CSV or Parquet output
        rows = count_rows(path, self.endpoint) if rows is None else rows
        if not rows:
            return path  # the user's own lines, or another repository's rows: none is ours
        where = str(getattr(store, "path", store))
        if origin == "empty" and not known:
            raise StateCorrupt(
                where,
                f"was an empty file (0 bytes: a full disk or a failed copy?) while {path} holds "
                f"{rows} records of {self.endpoint}; nothing was requested or written",
                START_OVER,
            )
        self._check_appendable()  # a half line that is not ours: the plainer refusal
        raise OutputUnknown(path, where, rows)

    def _claim_files(self) -> None:
        """Hold the files folder for the run; remove what crashed runs left half-written."""
        assert self.fulltext is not None
        if self._rt.claim is not None:
            return
        claim = claim_folder(
            self.fulltext.directory,
            now=self.clock.now(),
            stale_after=self.policy.file_time_s + 60.0,
        )
        self._rt.claim = claim
        if claim.removed:
            self._rt.notes.append(
                f"removed {len(claim.removed)} half-written temporary files that an interrupted "
                f"run left in {claim.folder}"
            )

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
        self._rt.pending = None
        mark = target.write_page(rows, before_write=self._note_pending)
        next_cursor = self._commit(cursor, lane_index, page, fresh, mark)
        if self.fulltext is not None and cursor.retry_files:
            self._fulltext_step(cursor).reported()  # the retry rows are durable now
        files: dict[str, int] = {}
        for row in rows:
            status = (row.get("fulltext") or {}).get("status")
            if status:
                files[status] = files.get(status, 0) + 1
        return PageResult(tuple(fresh), next_cursor, page=page, skipped=skipped, files=files)

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
        step = self._rt.steps.get(cursor.run_id)
        if step is None:
            from politeharvest.fulltext._step import FullTextStep

            session = self._session(cursor.run_id, cursor.job_started_at)
            step = FullTextStep(session, self.fulltext, self.store)
            self._rt.steps[cursor.run_id] = step
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
                cursor = self._commit(cursor, lane_index, page, fresh, None)
        finally:
            if cursor is not None:  # stopped early (break, error, deferral): give the host back
                self._end(cursor, "stopped", "")
            self._close_sink()  # start() opened it to check it is writable

    def run(
        self,
        sink: Sink | str | Path | Callable[[list[Row]], object] | None = None,
        *,
        on_page: Callable[[PageResult, Lane], bool] | None = None,
    ) -> HarvestSummary:
        """Harvest every page into the sink until done, deferred, stopped, or `max_records`.

        Args:
            sink: where to write (default: the plan's sink).
            on_page: called after every page is durable (the last one too) with its result
                and lane; returning False stops the run there (the checkpoint is intact;
                the next run continues).

        Returns:
            A `HarvestSummary` (records, deleted, pages, requests, waits, retries, duration).

        Raises:
            SinkChanged: before any request, when continuing would lose or touch data.
        """
        if sink is not None:
            with attrs.evolve(self, sink=sink) as other:
                return other.run(on_page=on_page)
        started = self.clock.monotonic()
        first = self.start()
        cursor: PlanCursor | None = first
        records = deleted = skipped = pages = repairs = 0
        files: dict[str, int] = {}
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
                for status, count in result.files.items():
                    files[status] = files.get(status, 0) + count
                cursor = result.next_cursor
                if on_page is not None and not on_page(result, lane):
                    stopped, reason = True, "stopped by the caller"
                elif self.max_records is not None and records >= self.max_records:
                    stopped, reason = True, f"stopped after {records} records (max_records)"
                if cursor is None:
                    stopped = False  # the last page: nothing left to stop
                    break
                if stopped:
                    self._end(cursor, "stopped", reason)
                    break
        except BaseException as exc:
            # An interruption in this process (Ctrl-C, an error) ends the run cleanly: the
            # checkpoint is intact, the host is given back for the next run.
            if cursor is not None:
                status = "failed"
                if isinstance(exc, KeyboardInterrupt):
                    status = "interrupted"
                elif isinstance(exc, BrokenPipeError):
                    status = "stopped"  # the reader of standard output went away
                with contextlib.suppress(Exception):  # a broken state: the first error counts
                    self._end(cursor, status, repr(exc))
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
            reason=reason if not (cursor is None or cursor.done) else "",
            repairs=repairs,
            stopped=stopped,
            notes=tuple(self._rt.notes),
            files=files,
            robots_fetches=stats["robots_fetches"],
            refused=stats["refused"],
        )

    # -- single-request helpers for tools ---------------------------------------------------------

    def pager(self) -> OaiPager:
        """An OaiPager on a session of its own (for Identify, ListSets, GetRecord...)."""
        return self._run_pager("tools", self.clock.now())

    # -- planning (reads the state; the arithmetic is in _planning) ----------------------------

    def _plan_lane(self, spec: str | None) -> Lane:
        """The lane of one set: its windows, resuming an unfinished listing of each."""
        key = lane_key(self.endpoint, self.metadata_prefix, spec)
        asked = self.window()
        store = self.store
        coverage = store.coverage(key)
        explicit = asked.from_ is not None or asked.until is not None or asked.full
        windows = (asked,) if explicit else gaps(coverage, overlap_s=self.overlap_s)
        wanted = {listing_key(key, w) for w in windows}
        for other in store.listings(key):
            if other.listing in wanted:
                continue
            window = Window(**json.loads(other.window))
            span = completed_span(
                window,
                response_date=other.response_date,
                max_datestamp=other.max_datestamp,
                now=self.clock.now(),
            )
            if covered(coverage, span.start, span.end):
                store.drop_listing(other.listing)  # a later harvest covered its window
                continue
            self._rt.notes.append(
                f"an unfinished harvest of {window.describe()} ({other.pages} pages, "
                f"{other.records} records) was left as it is; run with {window.describe()} "
                "to continue it"
            )
        found = {w: store.listing(listing_key(key, w)) for w in windows}
        for window, checkpoint in found.items():
            if checkpoint is not None:
                self._check_resumable(checkpoint, window)
        first = windows[0]
        resumed = found[first]
        cursor = resumed.cursor if resumed is not None else NEW
        return Lane(key, spec, cursor, first, windows[1:])

    def _check_resumable(self, checkpoint: Checkpoint, window: Window) -> None:
        """Refuse to resume a listing whose earlier pages' file is gone or changed."""
        if checkpoint.sink:
            mark = SinkMark.from_json(checkpoint.sink)
            view = view_file(mark.path, mark.size - mark.tail_len, mark.tail_len)
            problem = mark_problem(mark, view)
            later = [] if problem else self._unknown_rows_after(mark)
            if later:
                # Lines after the mark are someone else's, or this state's other listings';
                # records of this repository that this state never delivered mean another
                # state (or a copy of this one) went on harvesting into the file: resuming
                # from here would deliver them again.
                problem = (
                    f"holds {len(later)} records of this repository written after this "
                    "harvest's last page that this state did not deliver (by another state, "
                    "or a copy of this one)"
                )
            if problem is not None:
                raise SinkChanged(
                    mark.path,
                    problem,
                    window=window.describe(),
                    pages=checkpoint.pages,
                    records=checkpoint.records,
                )
        here = self._sink_path()
        for output in json.loads(checkpoint.outputs):
            if output["path"] != here:
                self._rt.notes.append(
                    f"{output['pages']} earlier pages ({output['records']} records) of this "
                    f"harvest ({window.describe()}) are in {output['path']}"
                )

    def _unknown_rows_after(self, mark: SinkMark) -> set[str]:
        """Identifiers of this repository's rows after `mark` that this state never delivered.

        A page written just before a crash (its pending write, which the repair takes back)
        is this state's, though not delivered.
        """
        if not count_rows(mark.path, self.endpoint, start=mark.size):
            return set()  # the quick pass: no row of this repository at all
        pairs = rows_of(mark.path, self.endpoint, self.metadata_prefix, start=mark.size)
        unknown = self.store.filter_new(self.scope, pairs)
        text = self.store.get_value(PENDING, f"{self.scope}\n{mark.path}")
        if unknown and text is not None:
            page = PendingWrite.from_json(text).data
            unknown -= {i for i in unknown if json.dumps(i, ensure_ascii=False).encode() in page}
        return unknown

    def _sink_path(self) -> str | None:
        target = self.sink
        if (tracked := tracked_file(target)) is not None:
            return tracked  # a CSV file, a Parquet dataset's ledger, an --overwrite output
        if isinstance(target, JsonlSink):
            return target.path
        if isinstance(target, str) and target.startswith(("redis://", "rediss://")):
            return None
        if isinstance(target, (str, Path)) and str(target) != "-":
            if Path(str(target)).suffix.lower() in (".sqlite", ".sqlite3", ".db"):
                return None
            return str(Path(str(target)).resolve())
        return None

    def _check_appendable(self) -> None:
        """A JSONL file that ends inside a line cannot take records: its last line would break."""
        path = self._sink_path()
        if path is None or replaces(self.sink):
            return
        view = view_file(path, -1, 0)
        if view.exists and view.size > 0:
            last = view_file(path, view.size - 1, 1).region
            if last != b"\n":
                raise SinkError(
                    f"{path} does not end with a newline: records appended to it would join "
                    "its last line. It was not changed; end it with a newline or choose "
                    "another --out"
                )

    def _pending_repairs(self) -> list[tuple[str, PendingWrite, int | None, int]]:
        """Pages written just before a crash, and what to cut each file back to (no change yet).

        Raises:
            SinkChanged: a page cannot be taken back (its file is gone, replaced, or
                written after by someone else); a full harvest forgets such pages instead.
        """
        repairs: list[tuple[str, PendingWrite, int | None, int]] = []
        prefix = self.scope + "\n"
        for key, text in self.store.values(PENDING).items():
            if not key.startswith(prefix):
                continue
            pending = PendingWrite.from_json(text)
            view = view_file(pending.path, pending.start, len(pending.data) + 1)
            action = pending_action(pending, view)
            if isinstance(action, str):
                if not self.window().full:
                    raise SinkChanged(
                        pending.path, action, window="the last harvest", pages=0, records=0
                    )
                action = None  # harvested again from the start: nothing to keep
            repairs.append((key, pending, action, view.size))
        return repairs

    def _repair(self, repairs: Sequence[tuple[str, PendingWrite, int | None, int]]) -> None:
        """Take back the pages: each from the file it went to, only bytes the plan wrote."""
        for key, pending, action, size in repairs:
            if action is not None:
                with open(pending.path, "r+b") as handle:
                    handle.truncate(action)
                    handle.flush()
                    os.fsync(handle.fileno())
                self._rt.notes.append(
                    f"took back {size - action} bytes of a page written to {pending.path} just "
                    "before an interruption (it is harvested again)"
                )
            self.store.set_value(PENDING, key, None)

    def _note_pending(self, pending: PendingWrite) -> None:
        key = f"{self.scope}\n{pending.path}"
        self.store.set_value(PENDING, key, pending.to_json())
        self._rt.pending = key

    # -- internals ------------------------------------------------------------------------------

    def _open_sink(self) -> Sink:
        if self._rt.sink is None:
            target = self.sink if self.sink is not None else "-"
            if isinstance(target, str) and target.startswith(("redis://", "rediss://")):
                self._rt.sink = self._stream_sink(target)
                self._rt.owns_sink = True
                return self._rt.sink
            table = open_table(target)  # .csv, .parquet, and every Output (--overwrite)
            if table is None:
                assert not isinstance(target, Output)
                table = open_sink(target)
            self._rt.sink = table
            self._rt.owns_sink = self._rt.sink is not target  # close only what the plan opened
        return self._rt.sink

    def _stream_sink(self, url: str) -> Sink:
        """``redis://...?stream=NAME``: the exactly-once stream beside a Redis state."""
        from politeharvest.fleet._redis import RedisStateStore, RedisStreamSink, _option

        store = self.store
        if not isinstance(store, RedisStateStore):
            raise ValueError(
                f"sink {url}: a Redis stream sink needs the state in the same Redis "
                "(state='redis://...'), so that each page and its checkpoint commit together"
            )
        return RedisStreamSink(store, _option(url, "stream", store.prefix + "records"))

    def _close_sink(self) -> None:
        if self._rt.sink is not None and self._rt.owns_sink:
            self._rt.sink.close()
        self._rt.sink = None

    def _session(self, run_id: str, job_started_at: float) -> PoliteSession:
        session = self._rt.sessions.get(run_id)
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
                answered_before=self._answered_before,
                **kwargs,
            )
            if self._fleet_store() is not None:
                from politeharvest.net._robots import SharedRobots

                # a fleet reads each robots.txt once per cache lifetime, not once per task
                session.robots.shared = SharedRobots(self.store, self.clock)
            self._rt.sessions[run_id] = session
        return session

    def _fleet_store(self) -> RedisStateStore | None:
        """The state store when it is a fleet's (Redis), else None."""
        from politeharvest.fleet._redis import RedisStateStore

        store = self.store
        return store if isinstance(store, RedisStateStore) else None

    def _answered_before(self, host: str) -> bool:
        """Whether `host` ever answered a harvest with this state (a typo never did)."""
        return self.store.get_value(_ANSWERED, host_key(host)) is not None

    def _pacing(self) -> PaceStore:
        if self.pace_store is not None:
            return self.pace_store
        fleet = self._fleet_store()
        if self._rt.pace_store is None and fleet is not None:
            from politeharvest.fleet._redis import RedisPaceStore

            # pacing lives in the same Redis as the state
            self._rt.pace_store = RedisPaceStore(fleet.client, prefix=fleet.prefix[:-1])
        if self._rt.pace_store is None:
            state = self.state
            if isinstance(state, (str, Path)) and str(state) != ":memory:":
                self._rt.pace_store = SQLitePaceStore(state)
            else:
                self._rt.pace_store = MemoryPaceStore()
        return self._rt.pace_store

    def _run_pager(self, run_id: str, job_started_at: float) -> OaiPager:
        """One pager per run (so Identify is asked once), on the run's session."""
        pager = self._rt.pagers.get(run_id)
        if pager is None:
            session = self._session(run_id, job_started_at)
            pager = OaiPager(
                session,
                self.endpoint,
                metadata_prefix=self.metadata_prefix,
                lenient=self.lenient,
                # the state leaves out what was delivered; the pager need not remember it
                max_remembered=0,
            )
            self._rt.pagers[run_id] = pager
        return pager

    def _first_cursor(self, pager: OaiPager, lane: Lane) -> OaiCursor:
        window = lane.window
        cursor = pager.first_cursor(
            "ListRecords",
            metadata_prefix=self.metadata_prefix,
            set_spec=lane.set_spec,
            from_=window.from_,
            until=window.until,
        )
        if not window.day or window.from_ is None:
            return cursor
        # Sent as a day even where the repository announces seconds (both are legal
        # OAI-PMH; from and until must share a granularity).
        params = {**cursor.arguments, "from": window.from_[:10]}
        if "until" in params:
            params["until"] = params["until"][:10]
        return attrs.evolve(cursor, params=params, origin=params)

    def _listing_id(self, lane: Lane) -> str:
        """The listing's id: from its checkpoint, or a new one for a listing's first page."""
        key = listing_key(lane.key, lane.window)
        checkpoint = self.store.listing(key)
        if checkpoint is not None:
            return checkpoint.listing_id
        return self._rt.new_ids.setdefault(key, uuid.uuid4().hex)

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
            checkpoint = self.store.listing(listing_key(lane.key, lane.window))
            stale = checkpoint is not None and checkpoint.run_id != cursor.run_id
            if stale and oai_cursor.resumption_token and known_ordered(oai_cursor):
                # The token was issued in an earlier run; the repository may have changed
                # since, and an offset-based token then points past records that moved.
                # Records come in datestamp order: restart from the last one instead.
                oai_cursor = pager.restart(oai_cursor)
            elif stale and oai_cursor.resumption_token:
                # Any other order keeps its token (a restart lists it all again) unless
                # the list changed since: a record changed after the listing began (one
                # ListIdentifiers from its responseDate asks), or its size or cursor
                # differ. Then records may have moved under the token, and the listing
                # starts again from its start.
                assert checkpoint is not None
                if pager.changed_since(oai_cursor, checkpoint.response_date):
                    logger.warning(
                        "%s: records changed since the listing began (%s); listing it "
                        "again from the start (what was delivered is left out)",
                        self.endpoint,
                        checkpoint.response_date or "no responseDate",
                    )
                    page = pager.fetch(pager.restart(oai_cursor))
                    return index, page, *self._fresh(lane, page)
                try:
                    page = pager.fetch(oai_cursor)
                except RepositoryMisbehaves as exc:
                    if exc.kind not in ("size", "cursor"):
                        raise
                    logger.warning(
                        "%s: the list changed since the last run (%s); listing it again "
                        "from the start (what was delivered is left out)",
                        self.endpoint,
                        exc.came,
                    )
                    page = pager.fetch(pager.restart(oai_cursor))
                return index, page, *self._fresh(lane, page)
        page = pager.fetch(oai_cursor)
        return index, page, *self._fresh(lane, page)

    def _fresh(self, lane: Lane, page: OaiPage) -> tuple[list[OaiRecord], int]:
        """The page's records not delivered before, and how many were left out."""
        pairs = [(r.identifier, r.datestamp) for r in page.records]
        only = self._listing_id(lane) if lane.window.full else None
        new = self.store.filter_new(self.scope, pairs, listing_id=only)
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
        skipped = page.skipped + len(page.records) - len(fresh)
        return fresh, skipped

    def _commit(
        self,
        cursor: PlanCursor,
        index: int,
        page: OaiPage,
        fresh: Sequence[OaiRecord],
        mark: SinkMark | None,
    ) -> PlanCursor | None:
        lane = cursor.lanes[index]
        key = listing_key(lane.key, lane.window)
        store = self.store
        listing_id = self._listing_id(lane)
        facts = PageFacts(
            next_cursor=page.next_cursor.to_json() if page.next_cursor else None,
            response_date=page.response_date,
            # records without a datestamp count too ("" is below every datestamp)
            datestamps=tuple(r.datestamp for r in fresh),
            sink=mark.to_json() if mark is not None else "",
            sink_path=mark.path if mark is not None else None,
            doubt=page.doubt,
        )
        if page.violations:
            self._note_doubt(lane, page)
        checkpoint, spans = after_page(
            store.listing(key),
            facts,
            listing=key,
            lane=lane.key,
            listing_id=listing_id,
            run_id=cursor.run_id,
            window=lane.window,
            # only a completed listing needs the lane's coverage (one read saved per page)
            coverage=store.coverage(lane.key) if facts.next_cursor is None else (),
            now=self.clock.now(),
        )
        coverage = None if spans is None else (lane.key, spans)
        if not self._rt.answered:
            store.set_value(_ANSWERED, host_key(self.endpoint), str(self.clock.now()))
            self._rt.answered = True
        store.commit(
            PageCommit(
                scope=self.scope,
                delivered=tuple((r.identifier, r.datestamp) for r in fresh),
                listing_id=listing_id,
                checkpoint=checkpoint,
                listing=key,
                coverage=coverage,
                pending=self._rt.pending,
            )
        )
        self._rt.pending = None
        self._rt.new_ids.pop(key, None)
        lanes = list(cursor.lanes)
        lanes[index] = self._advance(lane, checkpoint)
        updated = attrs.evolve(
            cursor,
            lanes=tuple(lanes),
            turn=next_turn([item.cursor is not None for item in lanes], index),
            retry_files=False,
        )
        if updated.done:
            store.finish_run(cursor.run_id, self.clock.now(), status="finished")
            self._release(cursor)
            return None
        store.heartbeat(cursor.run_id, self.clock.now())
        return updated

    def _note_doubt(self, lane: Lane, page: OaiPage) -> None:
        """A lenient page: say what was left out, and that the window stays uncovered."""
        notes = self._rt.notes
        count, index, first = self._rt.left_out.get(lane.key, (0, len(notes), page.violations[0]))
        count += page.out_of_scope
        what = lane.window.describe() + (f" --set {lane.set_spec}" if lane.set_spec else "")
        note = (
            f"the repository answered outside the request ({what}): {count} records not "
            "asked for were left out, and the listing is not recorded as covered, so the "
            f"next harvest lists it again (first: {first})"
        )
        if index < len(notes):
            notes[index] = note
        else:
            notes.append(note)
        self._rt.left_out[lane.key] = (count, index, first)

    def _advance(self, lane: Lane, checkpoint: Checkpoint | None) -> Lane:
        """The lane after a page: the same listing's next page, or its next window."""
        if checkpoint is not None:
            return attrs.evolve(lane, cursor=checkpoint.cursor)
        if not lane.queue:
            return attrs.evolve(lane, cursor=None)
        window = lane.queue[0]
        resumed = self.store.listing(listing_key(lane.key, window))
        return Lane(
            lane.key, lane.set_spec, resumed.cursor if resumed else NEW, window, lane.queue[1:]
        )

    def _lease(self, run_id: str) -> Lease | None:
        host = host_key(self.endpoint)
        ttl = self.lease_ttl if self.lease_ttl is not None else self.policy.job_budget + 300.0
        return self.store.acquire_lease(host, run_id, self.clock.now(), ttl)

    def _hold_host(self, cursor: PlanCursor) -> None:
        if self._lease(cursor.run_id) is None:
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
                host=host_key(self.endpoint),
                holder=holder,
            )

    def _end(self, cursor: PlanCursor, status: str, reason: str) -> None:
        """Close the run before its listing is complete, and give the host back."""
        self.store.finish_run(cursor.run_id, self.clock.now(), status=status, reason=reason)
        self._release(cursor)

    def _release(self, cursor: PlanCursor) -> None:
        self.store.release_lease(host_key(self.endpoint), cursor.run_id)

    def _stats(self, run_id: str) -> Mapping[str, Any]:
        session = self._rt.sessions.get(run_id)
        if session is None:
            return dict.fromkeys(
                ("requests", "waits", "wait_s", "retries", "robots_fetches", "refused"), 0
            )
        return attrs.asdict(session.stats)
