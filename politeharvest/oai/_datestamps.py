"""OAI-PMH datestamps (core): read, written at a repository's granularity, compared, windowed.

A datestamp is a day (``YYYY-MM-DD``) or a second (``YYYY-MM-DDThh:mm:ssZ``), always UTC
(OAI-PMH 2.0 section 3.3.1); which of the two a repository speaks is its granularity, from
Identify. Repositories also write offsets and fractions: `parse_datestamp` reads them all,
and every comparison here tolerates the two granularities side by side.
"""

from __future__ import annotations

import datetime as _dt
from typing import Literal

__all__ = [
    "DAY",
    "SECONDS",
    "DateLike",
    "format_datestamp",
    "later",
    "moments",
    "parse_datestamp",
    "split_window",
    "windows",
]

DAY = "YYYY-MM-DD"
SECONDS = "YYYY-MM-DDThh:mm:ssZ"

DateLike = _dt.date | _dt.datetime | str


def parse_datestamp(value: str) -> _dt.datetime | None:
    """Read an OAI datestamp (day or seconds; Z, offsets, fractions) as UTC; None if junk."""
    text = value.strip()
    if not text:
        return None
    try:
        if len(text) == 10:
            day = _dt.date.fromisoformat(text)
            return _dt.datetime(day.year, day.month, day.day, tzinfo=_dt.timezone.utc)
        moment = _dt.datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=_dt.timezone.utc)
    return moment.astimezone(_dt.timezone.utc)


def format_datestamp(value: DateLike, granularity: str = SECONDS, *, end: bool = False) -> str:
    """Format a date for a from/until argument at the repository's granularity, in UTC.

    Args:
        value: a `date`, a `datetime` (naive ones are taken as UTC) or an OAI datestamp string.
        granularity: ``"YYYY-MM-DD"`` or ``"YYYY-MM-DDThh:mm:ssZ"`` (from Identify).
        end: the value ends a range (``until``): a whole day given to a repository
            with seconds granularity then means the day's last second, so the
            day's records are included (ruby-oai#52).

    Raises:
        ValueError: the string is not a datestamp.
    """
    whole_day = (isinstance(value, str) and len(value.strip()) == 10) or (
        isinstance(value, _dt.date) and not isinstance(value, _dt.datetime)
    )
    if isinstance(value, str):
        moment = parse_datestamp(value)
        if moment is None:
            raise ValueError(f"{value!r} is not an OAI-PMH datestamp (YYYY-MM-DD[Thh:mm:ssZ])")
    elif isinstance(value, _dt.datetime):
        moment = value if value.tzinfo else value.replace(tzinfo=_dt.timezone.utc)
        moment = moment.astimezone(_dt.timezone.utc)
    else:
        moment = _dt.datetime(value.year, value.month, value.day, tzinfo=_dt.timezone.utc)
    if granularity == DAY:
        return moment.strftime("%Y-%m-%d")
    if end and whole_day:
        return moment.strftime("%Y-%m-%dT23:59:59Z")
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def windows(
    start: DateLike, end: DateLike, size: Literal["year", "month", "week", "day"] = "month"
) -> list[tuple[str, str]]:
    """Split [start, end] into consecutive date windows (inclusive, day granularity).

    Huge archives are harvested window by window, so a failing window costs
    little and each window's listing stays short-lived.

    Returns:
        ``(from, until)`` pairs of ``YYYY-MM-DD`` strings covering every day once.
    """
    first = _as_date(start)
    last = _as_date(end)
    out: list[tuple[str, str]] = []
    current = first
    while current <= last:
        if size == "day":
            stop = current
        elif size == "week":
            stop = current + _dt.timedelta(days=6)
        elif size == "month":
            following = (current.replace(day=1) + _dt.timedelta(days=32)).replace(day=1)
            stop = following - _dt.timedelta(days=1)
        elif size == "year":
            stop = _dt.date(current.year, 12, 31)
        else:
            raise ValueError(f"window size must be year, month, week or day, not {size!r}")
        stop = min(stop, last)
        out.append((current.isoformat(), stop.isoformat()))
        current = stop + _dt.timedelta(days=1)
    return out


def _as_date(value: DateLike) -> _dt.date:
    if isinstance(value, _dt.datetime):
        return value.astimezone(_dt.timezone.utc).date() if value.tzinfo else value.date()
    if isinstance(value, _dt.date):
        return value
    moment = parse_datestamp(value)
    if moment is None:
        raise ValueError(f"{value!r} is not a date")
    return moment.date()


def split_window(window: tuple[str, str]) -> list[tuple[str, str]]:
    """A ``(from, until)`` window of days cut in two halves (a single day stays whole)."""
    first, last = _as_date(window[0]), _as_date(window[1])
    if first >= last:
        return [window]
    middle = first + (last - first) // 2
    return [
        (first.isoformat(), middle.isoformat()),
        ((middle + _dt.timedelta(days=1)).isoformat(), last.isoformat()),
    ]


def later(a: str, b: str, read: dict[str, _dt.datetime | None] | None = None) -> bool:
    """Whether datestamp `a` is after `b` (junk compared as text, so never an error).

    `read`, a loop's own dict, remembers the datestamps parsed: a page compares each record
    with the same one, which may be megabytes of junk (parsing it again for each of a page's
    records took quadratic time: 33 s for a page of 2 MB).
    """
    if len(a) == len(b) and a[-1:] == b[-1:] and (len(a) == 10 or a[-1:] == "Z"):
        return a > b  # same ISO 8601 form: text order is time order
    left, right = _parsed(a, read), _parsed(b, read)
    if left is None or right is None:
        return a > b
    return left > right


def _parsed(value: str, read: dict[str, _dt.datetime | None] | None) -> _dt.datetime | None:
    if read is None:
        return parse_datestamp(value)
    if value not in read:
        read[value] = parse_datestamp(value)
    return read[value]


def moments(value: str) -> tuple[float, float] | None:
    """The moments a datestamp stands for: a day is its whole day, a second itself."""
    moment = parse_datestamp(value)
    if moment is None:
        return None
    start = moment.timestamp()
    return start, start + (86_399.0 if len(value.strip()) == 10 else 0.0)
