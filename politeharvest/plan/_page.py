"""The page job: fetch the page whose turn it is, leave out what was delivered, commit, advance.

A `PageJob` is given what one page needs (the state, the repository, the clock, the run's
memory) and, per call, the pager; it never sees the plan. What to list next is computed by
the pure functions of `_planning`; the job reads the state, fetches, and commits.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from politeharvest._clock import Clock
from politeharvest._reprs import value_repr
from politeharvest.exceptions import RepositoryMisbehaves
from politeharvest.oai._cursor import OaiCursor
from politeharvest.oai._listing import known_ordered
from politeharvest.oai._pager import OaiPager
from politeharvest.oai._records import OaiPage, OaiRecord
from politeharvest.store._sinks import SinkMark
from politeharvest.store._state import Checkpoint, PageCommit, StateStore, UrlOutcome

from ._cursor import NEW, Lane, PlanCursor, RecordRows, record_row
from ._lease import note_answered
from ._planning import (
    PageFacts,
    Saved,
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
from ._recovery import Recovery

if TYPE_CHECKING:  # the full-text modules (bs4, pypdfium2) load only when full text is asked for
    from politeharvest.fulltext._step import FullTextStep

__all__ = ["Fetched", "PageJob", "RunMemo"]


def _never() -> bool:
    """A page's `stop` when none is given: never."""
    return False


logger = logging.getLogger(__name__)


@attrs.define(repr=False)
class RunMemo:
    """What a plan remembers between pages, in this process.

    Attributes:
        notes: what the caller should know beyond the counts (the summary's notes).
        new_ids: listing ids drawn for listings whose first page is not committed yet.
        answered: the repository's answer is recorded in the state (once per plan).
        left_out: per lane, records of lenient pages left out: (count, note index, first).
        pending: the key of the pending write the page being committed noted.
        reading: `records` is handing the records to its caller (who confirms a page by
            asking for the next: such a run consumes the harvest).
        written: when the host's lease was last renewed and the run's heartbeat beaten,
            by (what, run id) (`HostLease`: not written again within a second).
    """

    __repr__ = value_repr

    notes: list[str] = attrs.field(factory=list)
    new_ids: dict[str, str] = attrs.field(factory=dict)
    answered: bool = False
    left_out: dict[str, tuple[int, int, str]] = attrs.field(factory=dict)
    pending: str | None = None
    reading: bool = False
    written: dict[tuple[str, str], float] = attrs.field(factory=dict)


@attrs.frozen(repr=False)
class Fetched:
    """A page fetched for a lane, with its records not delivered before.

    Attributes:
        index: the lane's index in the cursor.
        page: the page as the repository sent it.
        fresh: its records to deliver (repeats and what was delivered left out).
        skipped: how many records were left out.
        before: the listing's checkpoint before the page (read once per page job), or None
            for a listing's first page.
    """

    __repr__ = value_repr

    index: int
    page: OaiPage
    fresh: list[OaiRecord]
    skipped: int
    before: Checkpoint | None = None


@attrs.frozen(repr=False)
class PageJob:
    """One plan's pages: planning lanes, fetching, deduplicating, committing.

    Attributes:
        store: the plan's state.
        endpoint: the repository.
        metadata_prefix: the format harvested.
        clock: the plan's clock.
        memo: the plan's memory between pages.
    """

    __repr__ = value_repr

    store: StateStore
    endpoint: str
    metadata_prefix: str
    clock: Clock
    memo: RunMemo = attrs.field(eq=False)

    @property
    def scope(self) -> str:
        """What delivery is deduplicated across (the endpoint and the format)."""
        return scope_key(self.endpoint, self.metadata_prefix)

    # -- planning (reads the state; the arithmetic is in _planning) ----------------------------

    def plan_lane(
        self, spec: str | None, asked: Window, *, overlap_s: float, recovery: Recovery
    ) -> Lane:
        """The lane of one set: its windows, resuming an unfinished listing of each.

        Raises:
            SinkChanged: a listing to be resumed cannot be (see `Recovery.check_resumable`).
        """
        key = lane_key(self.endpoint, self.metadata_prefix, spec)
        store = self.store
        coverage = store.coverage(key)
        explicit = asked.from_ is not None or asked.until is not None or asked.full
        windows = (asked,) if explicit else gaps(coverage, overlap_s=overlap_s)
        wanted = {listing_key(key, w) for w in windows}
        for other in store.listings(key):
            if other.listing in wanted:
                continue
            window = Saved(other).window
            span = completed_span(
                window,
                response_date=other.response_date,
                max_datestamp=other.max_datestamp,
                now=self.clock.now(),
            )
            if covered(coverage, span.start, span.end):
                store.drop_listing(other.listing)  # a later harvest covered its window
                continue
            self.memo.notes.append(
                f"an unfinished harvest of {window.describe()} ({other.pages} pages, "
                f"{other.records} records) was left as it is; run with {window.describe()} "
                "to continue it"
            )
        found = {w: store.listing(listing_key(key, w)) for w in windows}
        for window, checkpoint in found.items():
            if checkpoint is not None:
                recovery.check_resumable(checkpoint, window)
        first = windows[0]
        resumed = found[first]
        cursor = resumed.cursor if resumed is not None else NEW
        return Lane(key, spec, cursor, first, windows[1:])

    def listing_id(self, lane: Lane, before: Checkpoint | None = None) -> str:
        """The listing's id: from its checkpoint, or a new one for a listing's first page."""
        checkpoint = before if before is not None else self.store.listing(lane.listing_key)
        if checkpoint is not None:
            return checkpoint.listing_id
        return self.memo.new_ids.setdefault(lane.listing_key, uuid.uuid4().hex)

    # -- fetching ----------------------------------------------------------------------------------

    def first_cursor(self, pager: OaiPager, lane: Lane) -> OaiCursor:
        """The first page of the lane's listing."""
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

    def fetch(self, pager: OaiPager, cursor: PlanCursor) -> Fetched:
        """Fetch the page whose turn it is, with its new (not yet delivered) records."""
        index = cursor.turn
        lane = cursor.lanes[index]
        oai_cursor = lane.oai_cursor
        before = self.store.listing(lane.listing_key)  # once: the page job reads it thrice
        if oai_cursor is None:
            page = pager.fetch(self.first_cursor(pager, lane))
        else:
            page = self._resume(pager, cursor.run_id, before, oai_cursor)
        return Fetched(index, page, *self.fresh(lane, page, before), before=before)

    def _resume(
        self, pager: OaiPager, run_id: str, checkpoint: Checkpoint | None, oai_cursor: OaiCursor
    ) -> OaiPage:
        """The listing's next page, when its token may have been issued by an earlier run."""
        stale = checkpoint is not None and checkpoint.run_id != run_id
        if stale and oai_cursor.resumption_token and known_ordered(oai_cursor):
            # The token was issued in an earlier run; the repository may have changed
            # since, and an offset-based token then points past records that moved.
            # Records come in datestamp order: restart from the last one instead.
            return pager.fetch(pager.restart(oai_cursor))
        if not (stale and oai_cursor.resumption_token):
            return pager.fetch(oai_cursor)
        # Any other order keeps its token (a restart lists it all again) unless
        # the list changed since: a record changed after the listing began (one
        # ListIdentifiers from its responseDate asks), or its size or cursor differ.
        # Then records may have moved under the token, and the listing starts again
        # from its start.
        assert checkpoint is not None
        if pager.changed_since(oai_cursor, checkpoint.response_date):
            logger.warning(
                "%s: records changed since the listing began (%s); listing it again "
                "from the start (what was delivered is left out)",
                self.endpoint,
                checkpoint.response_date or "no responseDate",
            )
            return pager.fetch(pager.restart(oai_cursor))
        try:
            return pager.fetch(oai_cursor)
        except RepositoryMisbehaves as exc:
            if exc.kind not in ("size", "cursor"):
                raise
            logger.warning(
                "%s: the list changed since the last run (%s); listing it again "
                "from the start (what was delivered is left out)",
                self.endpoint,
                exc.came,
            )
            return pager.fetch(pager.restart(oai_cursor))

    def fresh(
        self, lane: Lane, page: OaiPage, before: Checkpoint | None = None
    ) -> tuple[list[OaiRecord], int]:
        """The page's records not delivered before, and how many were left out."""
        records = page.records
        pairs = [(r.identifier, r.datestamp) for r in records]
        only = self.listing_id(lane, before) if lane.window.full else None
        new = self.store.filter_new(self.scope, pairs, listing_id=only)
        if len(new) == len(records):  # all new, no identifier twice (a first harvest's page)
            return list(records), page.skipped
        fresh: list[OaiRecord] = []
        seen: dict[str, str] = {}
        for record in records:
            if record.identifier not in new:
                continue
            if record.identifier in seen and seen[record.identifier] >= record.datestamp:
                continue
            seen[record.identifier] = record.datestamp
            fresh.append(record)
        # a record repeated on one page with a newer datestamp: keep only the newest
        newest = {r.identifier: r for r in fresh}
        fresh = [r for r in fresh if newest[r.identifier] is r]
        skipped = page.skipped + len(records) - len(fresh)
        return fresh, skipped

    def rows(
        self,
        fresh: Sequence[OaiRecord],
        step: FullTextStep | None,
        *,
        retry_files: bool,
        lines: bool = False,
        stop: Callable[[], bool] | None = None,
    ) -> Sequence[Mapping[str, Any]]:
        """Output rows for a page: each record, with its full text when asked for.

        With `lines` (the sink reads the rows only as JSON lines: `lines_only`) and no full
        text, the rows are `RecordRows`, written straight from the records.

        `stop` is asked before each file: once it says True, no more files are asked for
        in this page; each record's row says its file was left to the next run
        (`FullTextStep.postpone`), and files of earlier runs not yet retried stay marked.
        """
        if step is None and lines:
            return RecordRows(fresh, endpoint=self.endpoint, metadata_prefix=self.metadata_prefix)
        rows: list[dict[str, Any]] = []
        stopping = stop if stop is not None else _never
        if step is not None and retry_files and not stopping():
            # Files marked retry-later by earlier runs come first (once per run).
            for update in step.retry_due(self.clock.now()):
                rows.append(update)
                if stopping():
                    break  # the others stay marked for the next run
        for record in fresh:
            row = record_row(record, endpoint=self.endpoint, metadata_prefix=self.metadata_prefix)
            if step is not None:
                if stopping():
                    fulltext = step.postpone(record, "interrupted")
                else:
                    fulltext = step.for_record(record)
                if fulltext is not None:
                    row["fulltext"] = fulltext
            rows.append(row)
        return rows

    # -- committing ----------------------------------------------------------------------------

    def commit(
        self,
        cursor: PlanCursor,
        fetched: Fetched,
        mark: SinkMark | None,
        *,
        urls: tuple[UrlOutcome, ...] = (),
    ) -> PlanCursor:
        """Commit a durable page (deliveries, checkpoint, coverage) and advance its lane.

        `urls`: the URL outcomes the page sets (its postponed files' retry-later marks),
        written in the same transaction as its checkpoint.

        Returns:
            The cursor after the page (`done` when every lane is complete).
        """
        index, page, fresh = fetched.index, fetched.page, fetched.fresh
        lane = cursor.lanes[index]
        key = lane.listing_key
        store = self.store
        listing_id = self.listing_id(lane, fetched.before)
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
            fetched.before,
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
        if not self.memo.answered:
            note_answered(store, self.endpoint, self.clock.now())
            self.memo.answered = True
        store.commit(
            PageCommit(
                scope=self.scope,
                delivered=tuple((r.identifier, r.datestamp) for r in fresh),
                listing_id=listing_id,
                checkpoint=checkpoint,
                listing=key,
                coverage=coverage,
                pending=self.memo.pending,
                urls=urls,
            )
        )
        self.memo.pending = None
        self.memo.new_ids.pop(key, None)
        lanes = list(cursor.lanes)
        lanes[index] = self.advance(lane, checkpoint)
        return attrs.evolve(
            cursor,
            lanes=tuple(lanes),
            turn=next_turn([item.cursor is not None for item in lanes], index),
            retry_files=False,
        )

    def _note_doubt(self, lane: Lane, page: OaiPage) -> None:
        """A lenient page: say what was left out, and that the window stays uncovered."""
        notes = self.memo.notes
        left_out = self.memo.left_out
        count, index, first = left_out.get(lane.key, (0, len(notes), page.violations[0]))
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
        left_out[lane.key] = (count, index, first)

    def advance(self, lane: Lane, checkpoint: Checkpoint | None) -> Lane:
        """The lane after a page: the same listing's next page, or its next window."""
        if checkpoint is not None:
            return attrs.evolve(lane, cursor=checkpoint.cursor)
        if not lane.queue:
            return attrs.evolve(lane, cursor=None)
        following = Lane(lane.key, lane.set_spec, NEW, lane.queue[0], lane.queue[1:])
        resumed = self.store.listing(following.listing_key)
        return following if resumed is None else attrs.evolve(following, cursor=resumed.cursor)
