"""Coverage (core, no I/O): the datestamp spans a lane has harvested, windows, checkpoints.

The values the state persists, and the arithmetic on them that both the state stores and the
plan need: `Span` (an interval known to be harvested, with the repository's ``responseDate``),
`add_span` and `covered`, the `Window` a listing asks for, and the `Checkpoint` of an
unfinished listing. The plan's decisions about what to harvest next live in
`politeharvest.plan._planning`.
"""

from __future__ import annotations

import datetime as _dt
import math
from collections.abc import Sequence

import attrs

from politeharvest._reprs import value_repr
from politeharvest.oai._datestamps import DAY, SECONDS, format_datestamp, parse_datestamp

__all__ = [
    "Checkpoint",
    "Coverage",
    "Span",
    "Window",
    "add_span",
    "covered",
    "datestamp_of",
    "end_moment_of",
    "moment_of",
]

#: Two spans closer than this (seconds) are one: a day's last second and the next day's first.
_TOUCH_S = 1.0


def moment_of(value: str) -> float:
    """The first second an OAI-PMH datestamp stands for (seconds since the epoch, UTC).

    Raises:
        ValueError: `value` is not a datestamp (``YYYY-MM-DD`` or ``YYYY-MM-DDThh:mm:ssZ``).
    """
    parsed = parse_datestamp(value)
    if parsed is None:
        raise ValueError(f"{value!r} is not an OAI-PMH datestamp (YYYY-MM-DD[Thh:mm:ssZ])")
    return parsed.timestamp()


def end_moment_of(value: str) -> float:
    """The last second an inclusive ``until`` covers (a whole day ends at 23:59:59)."""
    return moment_of(value) + (86_399.0 if len(value.strip()) == 10 else 0.0)


def datestamp_of(moment: float, *, day: bool = False) -> str:
    """`moment` (seconds since the epoch) as an OAI-PMH datestamp, to the day or the second."""
    when = _dt.datetime.fromtimestamp(moment, tz=_dt.timezone.utc)
    return format_datestamp(when, DAY if day else SECONDS)


@attrs.frozen(repr=False)
class Span:
    """An interval of datestamps known to be harvested (inclusive, seconds since the epoch).

    Attributes:
        start: the first moment covered; None from the repository's beginning.
        end: the last moment covered.
        response_date: the repository's ``responseDate`` of the listing that covered `end`.
        day: the repository stamps records with days (a later harvest restarts from
            the whole day of `end`).
    """

    __repr__ = value_repr

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
        start = "the beginning" if self.start is None else datestamp_of(self.start)
        return f"{start} .. {datestamp_of(self.end)}"


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


@attrs.frozen(repr=False)
class Window:
    """The datestamps one listing asks for (``from``/``until`` as OAI-PMH datestamps).

    Attributes:
        from_: the first datestamp (inclusive); None from the beginning.
        until: the last datestamp (inclusive; a day means the whole day); None up to now.
        full: a full harvest (ignores coverage and delivers every record again).
        day: send the bounds as whole days, even where the repository announces seconds
            (it stamps records with days, so a restart must take the whole day again).
    """

    __repr__ = value_repr

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
        if start is not None and end is not None and moment_of(start) > end_moment_of(end):
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
    moment_of(text)  # validates
    if len(text) == 10:
        return text
    return datestamp_of(moment_of(text))


@attrs.frozen(repr=False)
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

    __repr__ = value_repr

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
