"""The plan's arithmetic (core, no I/O): coverage, windows, listing keys, checkpoints, turns.

`HarvestPlan` only reads, writes and sends; every decision about *what* to harvest
next is computed here from values, so the sequences of runs a user makes can be
table-tested without a server.

Coverage
    For each lane (endpoint, metadata format, set) the state keeps the datestamp
    intervals known to be harvested, each a `Span` with the repository's
    ``responseDate`` of the listing that covered it. A listing of the window
    ``[from, until]`` that completes covers ``[from, min(until, responseDate)]``:
    never more than it asked for, and never past the repository's own clock
    when it started (records changed during the listing come again next time).

Windows
    A harvest asks for a `Window`. An explicit one (``from_``/``until``) is
    harvested as asked. An incremental one is every gap in the coverage, from
    the beginning of time to now, each started a little before the covered
    interval it follows (`overlap_s`; from the whole day when the repository
    stamps days), so a record changed at the edge is not missed. ``full``
    ignores coverage.

Resume keys
    An unfinished listing belongs to its exact request: endpoint, format, set
    and window. A run that asks for another window neither continues it nor
    loses it.

Checkpoints
    A `Checkpoint` keeps its window, its file's mark and its outputs as JSON text (as the
    state stores it); `after_page` packs them and `Saved` is the one place that unpacks them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import attrs

from politeharvest._reprs import value_repr
from politeharvest.oai._datestamps import parse_datestamp
from politeharvest.store._coverage import (
    Checkpoint,
    Coverage,
    Span,
    Window,
    add_span,
    covered,
    datestamp_of,
    end_moment_of,
    moment_of,
)
from politeharvest.store._sinks import SinkMark

__all__ = [
    "Checkpoint",
    "Output",
    "PageFacts",
    "Saved",
    "Span",
    "Window",
    "add_span",
    "after_page",
    "completed_span",
    "covered",
    "gaps",
    "lane_key",
    "listing_key",
    "next_turn",
    "scope_key",
]


def gaps(coverage: Sequence[Span], *, overlap_s: float) -> tuple[Window, ...]:
    """The windows an incremental harvest lists: every gap in `coverage`, oldest first.

    Each gap after a covered span starts `overlap_s` before that span's end (or on
    its whole day, when the repository stamps days) and ends where the next span
    starts (inclusive: the edge is listed twice, and deduplication drops repeats).
    The last gap is open: up to now.
    """
    if not coverage:
        return (Window(),)
    out: list[Window] = []
    first = coverage[0]
    if first.start is not None:
        out.append(Window(None, datestamp_of(first.start)))
    for index, span in enumerate(coverage):
        start = datestamp_of(span.end, day=True) if span.day else datestamp_of(span.end - overlap_s)
        following = coverage[index + 1] if index + 1 < len(coverage) else None
        until = None
        if following is not None and following.start is not None:
            until = datestamp_of(following.start, day=span.day)
        out.append(Window(start, until, day=span.day))
    return tuple(out)


def completed_span(window: Window, *, response_date: str, max_datestamp: str, now: float) -> Span:
    """What a completed listing of `window` covers.

    From its ``from`` (or the beginning) to the earlier of its ``until`` and the
    repository's ``responseDate`` when the listing began (our clock only when the
    repository sent none).
    """
    start = None if window.from_ is None else moment_of(window.from_)
    clock = parse_datestamp(response_date) if response_date else None
    end = clock.timestamp() if clock is not None else now
    if window.until is not None:
        end = min(end, end_moment_of(window.until))
    if start is not None and end < start:
        end = start
    day = len(max_datestamp.strip()) == 10
    return Span(start, end, response_date, day)


def scope_key(endpoint: str, metadata_prefix: str) -> str:
    """What delivery is deduplicated across: one repository in one format (all sets)."""
    return f"{endpoint}|{metadata_prefix}"


def lane_key(endpoint: str, metadata_prefix: str, set_spec: str | None) -> str:
    """What coverage belongs to: one repository, one format, one set (or all of it)."""
    return f"{endpoint}|{metadata_prefix}|{set_spec or ''}"


def listing_key(lane: str, window: Window) -> str:
    """What an unfinished listing is resumed by: its lane and its exact window."""
    full = "|full" if window.full else ""
    return f"{lane}|{window.from_ or ''}|{window.until or ''}{full}"


def next_turn(active: Sequence[bool], index: int) -> int:
    """Round robin: the next lane after `index` that still has pages (A, B, A, B...).

    Args:
        active: for each lane, whether it has pages left.
        index: the lane that just had its turn.
    """
    count = len(active)
    for step in range(1, count + 1):
        candidate = (index + step) % count
        if active[candidate]:
            return candidate
    return index


@attrs.frozen(repr=False)
class Output:
    """Where some of a listing's pages went: a file, and how many pages and records."""

    __repr__ = value_repr

    path: str
    pages: int = 0
    records: int = 0


@attrs.frozen(repr=False)
class Saved:
    """A checkpoint's JSON fields as values: the one place the plan unpacks them.

    Attributes:
        checkpoint: the checkpoint as the state store holds it.
    """

    __repr__ = value_repr

    checkpoint: Checkpoint

    @property
    def window(self) -> Window:
        """The listing's window."""
        return Window(**json.loads(self.checkpoint.window))

    @property
    def mark(self) -> SinkMark | None:
        """Where the listing's last page left its file; None when it wrote no file."""
        return SinkMark.from_json(self.checkpoint.sink) if self.checkpoint.sink else None

    @property
    def outputs(self) -> tuple[Output, ...]:
        """The files the listing's pages went to, in order."""
        return tuple(
            Output(str(o["path"]), int(str(o["pages"])), int(str(o["records"])))
            for o in json.loads(self.checkpoint.outputs)
        )


@attrs.frozen(repr=False)
class PageFacts:
    """What one durable page of a listing brought (the input of `after_page`).

    Attributes:
        next_cursor: the listing's next page (OaiCursor JSON), or None: the listing is complete.
        response_date: the repository's responseDate of the page.
        datestamps: the datestamps of the records delivered from the page.
        sink: the `SinkMark` (JSON) after the page was written, or "" when nothing was
            written to a file.
        sink_path: the file written, if any.
        doubt: why the listing cannot be taken as complete (its repository answered
            outside the request); a listing in doubt adds nothing to the coverage.
    """

    __repr__ = value_repr

    next_cursor: str | None
    response_date: str
    datestamps: tuple[str, ...] = ()
    sink: str = ""
    sink_path: str | None = None
    doubt: str = ""


def after_page(
    base: Checkpoint | None,
    facts: PageFacts,
    *,
    listing: str,
    lane: str,
    listing_id: str,
    run_id: str,
    window: Window,
    coverage: Sequence[Span],
    now: float,
) -> tuple[Checkpoint | None, Coverage | None]:
    """The listing's checkpoint after a page, or (when it completed) the lane's new coverage.

    Counters and the file history carry over from `base` (the listing's checkpoint
    before the page, possibly written by an earlier run); the ``responseDate`` is the
    one of the listing's first page, since that is the repository's clock when the
    listing began.

    Returns:
        ``(checkpoint, None)`` while the listing goes on; ``(None, coverage)`` when it
        is complete; ``(None, None)`` when it is complete but in doubt (nothing
        provably covered: the coverage stays as it was).
    """
    response_date = (base.response_date if base else "") or facts.response_date
    max_datestamp = max([*facts.datestamps, base.max_datestamp if base else ""])
    if facts.next_cursor is None and facts.doubt:
        return None, None
    if facts.next_cursor is None:
        span = completed_span(
            window, response_date=response_date, max_datestamp=max_datestamp, now=now
        )
        return None, add_span(coverage, span)
    outputs = list(Saved(base).outputs) if base else []
    if facts.sink_path is not None:
        if not outputs or outputs[-1].path != facts.sink_path:
            outputs.append(Output(facts.sink_path))
        last = outputs[-1]
        outputs[-1] = Output(last.path, last.pages + 1, last.records + len(facts.datestamps))
    checkpoint = Checkpoint(
        listing=listing,
        lane=lane,
        listing_id=listing_id,
        run_id=run_id,
        cursor=facts.next_cursor,
        window=json.dumps(attrs.asdict(window), sort_keys=True),
        sink=facts.sink or (base.sink if base else ""),
        outputs=json.dumps([attrs.asdict(o) for o in outputs], sort_keys=True),
        pages=(base.pages if base else 0) + 1,
        records=(base.records if base else 0) + len(facts.datestamps),
        response_date=response_date,
        max_datestamp=max_datestamp,
    )
    return checkpoint, None
