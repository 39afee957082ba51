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

The plan is configuration and the order of the steps; the steps are its parts:
`_resources` (what it opens, and which backend), `_lease` (the host), `_recovery`
(checks and repairs before a run), `_page` (one page: fetch, deduplicate, commit,
advance), `_cursor` (the values a job queue carries). What to harvest (coverage,
windows, resume keys, turns) is computed by the pure functions of `_planning`.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import attrs
import requests

from politeharvest._clock import Clock, SystemClock
from politeharvest._files import check_writable
from politeharvest._policy import Politeness
from politeharvest._reprs import value_repr
from politeharvest.exceptions import BodyCutByBudget, BudgetExhausted, Deferred, LeaseLost
from politeharvest.net._pacing import PaceStore
from politeharvest.net._session import RequestEvent, event_hooks
from politeharvest.oai._datestamps import DateLike, format_datestamp
from politeharvest.oai._pager import OaiPager
from politeharvest.oai._records import OaiRecord
from politeharvest.store._filepaths import output_folder, rebase_paths
from politeharvest.store._sinks import PendingWrite, Row, Sink, SinkMark
from politeharvest.store._state import StateStore, UrlOutcome
from politeharvest.store._tables import Output, lines_only, replaces

from ._cursor import HarvestSummary, Lane, PageResult, PlanCursor
from ._earlier import mark_earlier_records, note_without_files, others_without_files
from ._lease import HostLease, gives_host_back
from ._page import Fetched, PageJob, RunMemo
from ._planning import Window, scope_key
from ._recovery import Recovery, note_pending
from ._resources import Resources, output_path, sink_path, writes_stdout

if TYPE_CHECKING:  # the full-text modules (bs4, pypdf) load only when full text is asked for
    from politeharvest.fulltext._step import FullText

__all__ = ["HarvestPlan"]

#: Real defaults for signatures: a frozen policy and a stateless clock can be shared.
_DEFAULT_POLICY = Politeness()
_SYSTEM_CLOCK = SystemClock()


def _tuple(value: Sequence[str] | str) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def _datestamp(value: DateLike | None) -> str | None:
    return (
        None if value is None else format_datestamp(value) if not isinstance(value, str) else value
    )


@attrs.frozen(kw_only=True, repr=False)
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
        state: a SQLite file path, ``":memory:"``, a Redis URL, or a `StateStore`; None (the
            default) is ``$POLITEHARVEST_STATE``, else ``./.politeharvest/state.sqlite`` where
            it exists (0.1's default), else ``state.sqlite`` in the user's data folder
            (``~/.local/share/politeharvest`` on Linux): found again whatever folder a run
            starts in.
        sink: where `run` writes records: a ``.jsonl`` path, ``"-"`` (stdout), a Redis
            stream beside a Redis state (``"redis://host:6379/0?stream=NAME"``), a ``.sqlite``
            path, a ``.csv`` path, a ``.parquet`` folder, an `Output` (``overwrite=True``
            starts it afresh), a callable receiving each page's rows, or a `Sink`.
        fulltext: full-text settings (`FullText`): each record's file is found and fetched,
            and its output row gets a ``fulltext`` object.
        incremental: False for a full harvest: ignore coverage and deliver every record
            of the window again (the CLI's ``--full``).
        consume: whether a run records what it delivers (deliveries, coverage, listing
            checkpoints), so that the next run continues after it. None (the default)
            decides by the sink: standard output (``"-"``, or no sink) does not (it cannot
            take a page back, nor a terminal say it was read), so the next run, into a file
            say, delivers everything again; every other sink does (a file, SQLite, a
            stream, a callable or `Sink` that returns normally: it confirmed the page), and
            so does `records` (you confirm a page by asking for the next). True makes a run
            to standard output consume the harvest (the CLI's ``--consume``: the unread page
            of a ``| head`` is not counted delivered). False is for standard output and
            callables only. A run that consumes nothing still holds the host's lease, keeps
            to the shared pacing and caches, records its run, and writes a record met twice
            in it (two overlapping sets) once.
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

    __repr__ = value_repr

    endpoint: str = attrs.field(kw_only=False)
    metadata_prefix: str = "oai_dc"
    sets: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    from_: DateLike | None = None
    until: DateLike | None = None
    policy: Politeness = _DEFAULT_POLICY
    state: str | Path | StateStore | None = None
    sink: Sink | str | Path | Output | Callable[[list[Row]], object] | None = None
    incremental: bool = True
    consume: bool | None = None
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
    _rt: Resources = attrs.field(init=False, eq=False, repr=False)
    _memo: RunMemo = attrs.field(init=False, factory=RunMemo, eq=False, repr=False)

    @_rt.default
    def _resources(self) -> Resources:
        return Resources(self)

    def __attrs_post_init__(self) -> None:
        # Checked now, so a bad window is a usage error before anything is opened or sent.
        self.window()
        callback = callable(self.sink) and not isinstance(self.sink, Sink)
        if self.consume is False and not (writes_stdout(self.sink) or callback):
            raise ValueError(
                f"consume=False is for standard output and callables; sink {self.sink!r} "
                "records what it delivers (a file's pages are taken back after a crash "
                "against the state): leave consume out"
            )

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

    @property
    def consumes(self) -> bool:
        """Whether this plan's runs record what they deliver (see `consume`)."""
        if self.consume is not None:
            return self.consume
        return self._memo.reading or not writes_stdout(self.sink)

    # -- resources ------------------------------------------------------------------------------

    @property
    def store(self) -> StateStore:
        """The plan's StateStore (opened on first use)."""
        return self._rt.store

    def __enter__(self) -> HarvestPlan:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Close what the plan opened: its sink, sessions and state store."""
        self._rt.close()

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
        self._rt.new_run()  # a run that consumes nothing starts from nothing
        run = store.start_run(self.endpoint, now, stuck_after=self.policy.stuck_after)
        self._memo.notes.clear()
        self._memo.left_out.clear()
        host, recovery, job, asked = self._host(), self._recovery(), self._job(), self.window()
        try:
            # Only while holding the host: a live job may be writing its page now.
            holding = host.acquire(run.run_id) is not None
            repairs = recovery.pending_repairs(full=asked.full) if holding else []
            lanes = tuple(
                job.plan_lane(spec, asked, overlap_s=self.overlap_s, recovery=recovery)
                for spec in self.sets or (None,)
            )
            new_output = recovery.check_output(run.run_id) if self.sink is not None else None
            if self.fulltext is not None:
                self._rt.made.note(self.fulltext.directory)
                check_writable(self.fulltext.directory, option="--files")
            # Every check is done: only now is anything changed.
            recovery.repair(repairs)
            if self.sink is not None:
                recovery.check_appendable()
                self._rt.made.note(output_path(self.sink))
                self._open_sink()  # an unwritable output is an error before any request
            if new_output is not None:
                recovery.record_output(new_output, run.run_id, now)
            if self.fulltext is not None:
                self._rt.claim_files(self._memo.notes)
            self._earlier_records(run.run_id, now)
        except BaseException:
            with contextlib.suppress(Exception):  # a broken state: its own error is raised
                store.finish_run(run.run_id, self.clock.now(), status="failed", reason="refused")
                host.release(run.run_id)
            raise
        return PlanCursor(run.run_id, now, lanes)

    def _earlier_records(self, run_id: str, now: float) -> None:
        """Records an output got without full text: noted, or (with it) marked for their files."""
        output = output_path(self.sink)
        if output is None or not self.consumes or self.window().full:
            return  # --full delivers the window's records again, each with its file
        output = Path(os.path.abspath(output))
        scope = scope_key(self.endpoint, self.metadata_prefix)
        step = self._rt.fulltext_step(run_id, now, self._records())
        if step is None:
            note_without_files(self.store, scope, output)
            return
        if replaces(self.sink):
            return  # --overwrite: the records written before are not kept
        marked, problem = mark_earlier_records(
            self.store,
            step,
            scope,
            output,
            endpoint=self.endpoint,
            metadata_prefix=self.metadata_prefix,
        )
        if problem is not None:
            self._memo.notes.append(problem)
        for other in others_without_files(self.store, scope, output)[:3]:
            self._memo.notes.append(
                f"records of this repository were harvested before without --files into "
                f"{other}: to fetch their files, run this harvest with --out {other} and --files"
            )
        if marked:
            self._memo.notes.append(
                f"{marked} records harvested before without --files into {output}: their "
                "files are asked for now, each written as a retry row (politeharvest clean "
                "puts it into its record)"
            )

    @gives_host_back
    def run_page(
        self,
        cursor: PlanCursor,
        *,
        sink: Sink | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> PageResult:
        """Fetch one page of the lane whose turn it is, deliver it, checkpoint, and advance.

        Each page is a job of its own: its budget (`Politeness.job_budget`) counts from
        when this call begins; the slow-down of the host stays the run's.

        Args:
            cursor: from `start` or a previous `run_page`.
            sink: where to write (default: the plan's sink).
            stop: asked between a page's files (with full text): once it returns True, the
                file in hand is finished and each file not yet asked for is left to the
                next run (its row says ``retry-later``, reason ``interrupted``); the page's
                records are written and checkpointed as always. Call `run_page` no more.

        Returns:
            A `PageResult`; when the page cannot be had now, `deferred_until` says when to
            try again and `next_cursor` is the same position.
        """
        target = sink or self._open_sink()
        try:
            fetched = self._fetch(cursor)
        except Deferred as exc:
            return PageResult((), cursor, exc.until, exc.reason)
        step = self._rt.fulltext_step(cursor.run_id, cursor.job_started_at, self._records())
        if step is not None:
            step.begin_page()  # a page taken back before its commit: its marks went too
        rows = self._job().rows(
            fetched.fresh,
            step,
            retry_files=cursor.retry_files,
            lines=lines_only(target),
            stop=stop,
        )
        if step is not None:  # files named relative to the output's folder (absolute: stdout)
            rows = rebase_paths(rows, output_folder(output_path(self.sink)))
        self._memo.pending = None
        mark = target.write_page(rows, before_write=self._note_pending)
        marks = step.take_postponed() if step is not None else ()
        next_cursor = self._commit(cursor, fetched, mark, marks)
        if step is not None:
            step.page_committed()  # the page's refusals by your own settings are kept now
            if cursor.retry_files:
                step.reported()  # the retry rows are durable now
        files: dict[str, int] = {}
        for row in rows if step is not None else ():  # only full text gives rows a file
            status = (row.get("fulltext") or {}).get("status")
            if status:
                files[status] = files.get(status, 0) + 1
        return PageResult(
            tuple(fetched.fresh),
            next_cursor,
            page=fetched.page,
            skipped=fetched.skipped,
            files=files,
        )

    # -- scripts and notebooks ---------------------------------------------------------------

    def records(self) -> Iterator[OaiRecord]:
        """Every new record, politely, across all pages and sets; resumable.

        A page is checkpointed once you have taken all its records (when you ask for the
        next one), so after an interruption the next call resumes from the last page you
        finished: at least once for the page you were in the middle of.

        Raises:
            Deferred: the harvest cannot continue now (`until` says when).
        """
        self._memo.reading = True  # the caller confirms a page by asking for the next
        cursor: PlanCursor | None = None
        try:
            cursor = self.start()
            while cursor is not None and not cursor.done:
                fetched = self._fetch(cursor)
                yield from fetched.fresh
                cursor = self._commit(cursor, fetched, None)
        finally:
            if cursor is not None:  # stopped early (break, error, deferral): give the host back
                self._host().end(cursor, "stopped", "")
            self._close_sink()  # start() opened it to check it is writable
            self._memo.reading = False

    def run(
        self,
        sink: Sink | str | Path | Callable[[list[Row]], object] | None = None,
        *,
        on_page: Callable[[PageResult, Lane], bool] | None = None,
        record_xml: bool = True,
        stop: Callable[[], bool] | None = None,
    ) -> HarvestSummary:
        """Harvest every page into the sink until done, deferred, stopped, or `max_records`.

        Args:
            sink: where to write (default: the plan's sink).
            on_page: called after every page is durable (the last one too) with its result
                and lane; returning False stops the run there (the checkpoint is intact;
                the next run continues).
            record_xml: the records of `on_page`'s results carry their `raw_xml`. False
                leaves it b"" where the row does not hold it (records with oai_dc metadata,
                tombstones), which spares serialising every record's XML, a fifth of the
                cost of reading it (the command line's progress reads no XML). Without
                `on_page` no caller sees the records, and it is never serialised needlessly.
            stop: a callable asked between a page's files and after each page (a flag a
                signal handler sets, say: the plan installs no handler): once it returns
                True, the rest of the page's files are left to the next run (`run_page`),
                the page is written, and the run stops there (``stopped``).

        Returns:
            A `HarvestSummary` (records, deleted, pages, requests, waits, retries, duration).

        Raises:
            SinkChanged: before any request, when continuing would lose or touch data.
        """
        if sink is not None:
            with attrs.evolve(self, sink=sink) as other:
                return other.run(on_page=on_page, record_xml=record_xml, stop=stop)
        started = self.clock.monotonic()
        first = self.start()
        cursor: PlanCursor | None = first
        pager: OaiPager | None = None
        records = deleted = skipped = pages = repairs = 0
        files: dict[str, int] = {}
        deferred_until: _dt.datetime | None = None
        reason = ""
        stopped = False
        try:
            # This process lists the pages one after another: each next page's request may
            # leave while this one is parsed and written (only when its host's turn is open
            # at once, so never against the pacing). `run_page` alone does not: in a job
            # queue the next page may be another worker's. Nor with several lanes still
            # listing: their pages take turns, so the next page is another lane's, and a
            # token asked twice may be refused by a repository that uses each once.
            pager = self._rt.pager(first.run_id, first.job_started_at)
            pager.keep_xml = on_page is not None and record_xml
            while cursor is not None and not cursor.done:
                lane = cursor.lanes[cursor.turn]
                pager.send_ahead = sum(one.cursor is not None for one in cursor.lanes) == 1
                result = self.run_page(cursor, stop=stop)
                if result.deferred_until is not None:
                    deferred_until, reason = result.deferred_until, result.reason
                    pager.drop_ahead()  # nothing of this run in flight once the host is given back
                    self._host().end(cursor, "deferred", reason)
                    break
                pages += 1
                records += len(result.records)
                deleted += sum(1 for r in result.records if r.deleted)
                skipped += result.skipped
                repairs += len(result.page.repairs) if result.page else 0
                for status, count in result.files.items():
                    files[status] = files.get(status, 0) + count
                cursor = result.next_cursor
                asked_to_stop = on_page is not None and not on_page(result, lane)
                if asked_to_stop or (stop is not None and stop()):
                    stopped, reason = True, "stopped by the caller"
                elif self.max_records is not None and records >= self.max_records:
                    stopped, reason = True, f"stopped after {records} records (max_records)"
                del result  # not held while the next page is fetched and parsed (a page's RSS)
                if cursor is None:
                    stopped = False  # the last page: nothing left to stop
                    break
                if stopped:
                    pager.drop_ahead()
                    self._host().end(cursor, "stopped", reason)
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
                    if pager is not None:
                        pager.drop_ahead()
                    self._host().end(cursor, status, repr(exc))
            raise
        finally:
            try:
                if pager is not None:
                    pager.send_ahead = False
                    pager.keep_xml = True
                    pager.drop_ahead()
            finally:
                self._close_sink()  # even when a second Ctrl-C ends the drop
        stats = self._rt.stats(first.run_id)
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
            notes=tuple(self._memo.notes),
            files=files,
            robots_fetches=stats["robots_fetches"],
            refused=stats["refused"],
            consumed=self.consumes,
        )

    # -- single-request helpers for tools ---------------------------------------------------------

    def pager(self) -> OaiPager:
        """An OaiPager on a session of its own (for Identify, ListSets, GetRecord...)."""
        return self._rt.pager("tools", self.clock.now())

    # -- the parts a page goes through ---------------------------------------------------------

    def _host(self) -> HostLease:
        ttl = self.lease_ttl if self.lease_ttl is not None else self.policy.job_budget + 300.0
        return HostLease(self.store, self.endpoint, self.clock, ttl, self._memo.written)

    def _records(self) -> StateStore:
        """Where the record side goes: the state, or the run's scratch (`consumes`)."""
        return self._rt.records_for(self.consumes)

    def _recovery(self) -> Recovery:
        output = sink_path(self.sink)
        return Recovery(
            self._records(),
            self.endpoint,
            self.metadata_prefix,
            output,
            self._memo.notes,
            replacing=replaces(self.sink),
        )

    def _job(self) -> PageJob:
        return PageJob(self._records(), self.endpoint, self.metadata_prefix, self.clock, self._memo)

    def _fetch(self, cursor: PlanCursor) -> Fetched:
        """Hold the host, then fetch the page whose turn it is on the run's pager."""
        self._host().hold(cursor)
        pager = self._rt.pager(cursor.run_id, cursor.job_started_at)
        # Each page is a job of its own: its budget counts from now (the run's slow-down
        # multipliers and stopped hosts stay the session's: `PoliteSession.start_job`).
        self._rt.session(cursor.run_id, cursor.job_started_at).start_job()
        try:
            return self._job().fetch(pager, cursor)
        except BodyCutByBudget as exc:
            # the job's budget, not the network, ended the page: the next job asks again
            raise BudgetExhausted(
                exc.url,
                exc.deadline,
                "the job's budget ran out while the page was arriving",
                deadline=exc.deadline,
            ) from exc

    def _commit(
        self,
        cursor: PlanCursor,
        fetched: Fetched,
        mark: SinkMark | None,
        urls: tuple[UrlOutcome, ...] = (),
    ) -> PlanCursor | None:
        """Commit a durable page (with the URL outcomes it sets); the next cursor, or None."""
        try:
            job = self._job()
            committed = job.commit(cursor, fetched, mark, urls=urls)
            self._rt.made.used = True  # the output holds a harvest now, even an empty one
            return self._host().after_page(cursor, committed)
        except LeaseLost:
            self._memo.written.clear()  # another job holds the host: ask again before a page
            raise

    def _note_pending(self, pending: PendingWrite) -> None:
        # Not through `_recovery()`: it resolves the output's path, 0.3 ms a page.
        self._memo.pending = note_pending(self._records(), self.scope, pending)

    def _open_sink(self) -> Sink:
        return self._rt.open_sink()

    def _close_sink(self) -> None:
        self._rt.close_sink()
