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
"""

from __future__ import annotations

import datetime as _dt
import json
import math
from collections.abc import Sequence

import attrs

from ._listing import DAY, SECONDS, format_datestamp, parse_datestamp

__all__ = [
    "Checkpoint",
    "PageFacts",
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

#: Two spans closer than this (seconds) are one: a day's last second and the next day's first.
_TOUCH_S = 1.0


def _moment(value: str) -> float:
    parsed = parse_datestamp(value)
    if parsed is None:
        raise ValueError(f"{value!r} is not an OAI-PMH datestamp (YYYY-MM-DD[Thh:mm:ssZ])")
    return parsed.timestamp()


def _end_moment(value: str) -> float:
    """The last second an inclusive ``until`` covers (a whole day ends at 23:59:59)."""
    return _moment(value) + (86_399.0 if len(value.strip()) == 10 else 0.0)


def _stamp(moment: float, *, day: bool = False) -> str:
    when = _dt.datetime.fromtimestamp(moment, tz=_dt.timezone.utc)
    return format_datestamp(when, DAY if day else SECONDS)


@attrs.frozen
class Span:
    """An interval of datestamps known to be harvested (inclusive, seconds since the epoch).

    Attributes:
        start: the first moment covered; None from the repository's beginning.
        end: the last moment covered.
        response_date: the repository's ``responseDate`` of the listing that covered `end`.
        day: the repository stamps records with days (a later harvest restarts from
            the whole day of `end`).
    """

    start: float | None
    end: float
    response_date: str = ""
    day: bool = False

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form."""
        return attrs.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Span:
        """Rebuild from `to_dict`."""
        start = data.get("start")
        return cls(
            start=None if start is None else float(str(start)),
            end=float(str(data["end"])),
            response_date=str(data.get("response_date", "")),
            day=bool(data.get("day", False)),
        )

    def describe(self) -> str:
        """The span as datestamps, for messages."""
        start = "the beginning" if self.start is None else _stamp(self.start)
        return f"{start} .. {_stamp(self.end)}"


Coverage = tuple[Span, ...]


def add_span(coverage: Sequence[Span], span: Span) -> Coverage:
    """Coverage with `span` added: sorted, overlapping or touching spans merged.

    A merged span keeps the ``responseDate`` and day flag of whichever part reaches
    furthest, since that is what the next incremental harvest starts from.
    """
    spans = sorted([*coverage, span], key=lambda s: -math.inf if s.start is None else s.start)
    merged: list[Span] = []
    for item in spans:
        if merged:
            last = merged[-1]
            item_start = -math.inf if item.start is None else item.start
            if item_start <= last.end + _TOUCH_S:
                far = item if item.end > last.end else last
                merged[-1] = Span(last.start, far.end, far.response_date, far.day)
                continue
        merged.append(item)
    return tuple(merged)


def covered(coverage: Sequence[Span], start: float | None, end: float) -> bool:
    """True when one span holds all of ``[start, end]``."""
    low = -math.inf if start is None else start
    return any(
        (-math.inf if s.start is None else s.start) <= low and end <= s.end for s in coverage
    )


@attrs.frozen
class Window:
    """The datestamps one listing asks for (``from``/``until`` as OAI-PMH datestamps).

    Attributes:
        from_: the first datestamp (inclusive); None from the beginning.
        until: the last datestamp (inclusive; a day means the whole day); None up to now.
        full: a full harvest (ignores coverage and delivers every record again).
        day: send the bounds as whole days, even where the repository announces seconds
            (it stamps records with days, so a restart must take the whole day again).
    """

    from_: str | None = None
    until: str | None = None
    full: bool = False
    day: bool = False

    @classmethod
    def asked(cls, from_: str | None, until: str | None, *, full: bool = False) -> Window:
        """The window a caller asked for, normalised (days stay days; seconds get a Z).

        Raises:
            ValueError: a bound is not a datestamp, or `from_` is later than `until`.
        """
        start = _normal(from_)
        end = _normal(until)
        if start is not None and end is not None and _moment(start) > _end_moment(end):
            raise ValueError(f"from {start} is later than until {end}")
        return cls(start, end, full)

    def describe(self) -> str:
        """The window for messages (``--from X --until Y``)."""
        parts = []
        if self.from_:
            parts.append(f"--from {self.from_}")
        if self.until:
            parts.append(f"--until {self.until}")
        if self.full:
            parts.append("--full")
        return " ".join(parts) or "everything"


def _normal(value: str | None) -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    _moment(text)  # validates
    if len(text) == 10:
        return text
    return _stamp(_moment(text))


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
        out.append(Window(None, _stamp(first.start)))
    for index, span in enumerate(coverage):
        start = _stamp(span.end, day=True) if span.day else _stamp(span.end - overlap_s)
        following = coverage[index + 1] if index + 1 < len(coverage) else None
        until = None
        if following is not None and following.start is not None:
            until = _stamp(following.start, day=span.day)
        out.append(Window(start, until, day=span.day))
    return tuple(out)


def completed_span(window: Window, *, response_date: str, max_datestamp: str, now: float) -> Span:
    """What a completed listing of `window` covers.

    From its ``from`` (or the beginning) to the earlier of its ``until`` and the
    repository's ``responseDate`` when the listing began (our clock only when the
    repository sent none).
    """
    start = None if window.from_ is None else _moment(window.from_)
    clock = parse_datestamp(response_date) if response_date else None
    end = clock.timestamp() if clock is not None else now
    if window.until is not None:
        end = min(end, _end_moment(window.until))
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


@attrs.frozen
class Checkpoint:
    """Where an unfinished listing stands, written only after its page is durable.

    Attributes:
        listing: the listing's key (lane and window: see `_planning.listing_key`).
        lane: the lane key (endpoint, prefix, set).
        listing_id: unique to this listing (a full harvest deduplicates within it).
        run_id: the run that wrote it.
        cursor: the next page's OaiCursor as JSON.
        window: the listing's window as JSON.
        sink: the `SinkMark` (JSON) of the file this listing last wrote, or "".
        outputs: JSON list of ``{"path", "pages", "records"}``: where its pages went.
        pages: pages done in this listing.
        records: records delivered in this listing.
        response_date: the repository's responseDate of the listing's first page.
        max_datestamp: the highest datestamp delivered in this listing.
    """

    listing: str
    lane: str
    listing_id: str
    run_id: str
    cursor: str
    window: str = "{}"
    sink: str = ""
    outputs: str = "[]"
    pages: int = 0
    records: int = 0
    response_date: str = ""
    max_datestamp: str = ""


@attrs.frozen
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
    outputs: list[dict[str, object]] = json.loads(base.outputs) if base else []
    if facts.sink_path is not None:
        if not outputs or outputs[-1]["path"] != facts.sink_path:
            outputs.append({"path": facts.sink_path, "pages": 0, "records": 0})
        last = outputs[-1]
        last["pages"] = int(str(last["pages"])) + 1
        last["records"] = int(str(last["records"])) + len(facts.datestamps)
    checkpoint = Checkpoint(
        listing=listing,
        lane=lane,
        listing_id=listing_id,
        run_id=run_id,
        cursor=facts.next_cursor,
        window=json.dumps(attrs.asdict(window), sort_keys=True),
        sink=facts.sink or (base.sink if base else ""),
        outputs=json.dumps(outputs, sort_keys=True),
        pages=(base.pages if base else 0) + 1,
        records=(base.records if base else 0) + len(facts.datestamps),
        response_date=response_date,
        max_datestamp=max_datestamp,
    )
    return checkpoint, None
