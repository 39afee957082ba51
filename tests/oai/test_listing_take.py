"""The per-record listing steps against the code they replaced, on any records and cursor.

`take_items` (which records are new after a restart, the last datestamp, the last day's
deliveries) and the order check of `advance` were made cheaper (one slice a record, no
comparison of a datestamp with itself); they must decide exactly as before, whatever the
datestamps: days and seconds mixed, offsets, junk, empty, repeats, going back in time.
"""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

from politeharvest.oai._cursor import OaiCursor
from politeharvest.oai._datestamps import later
from politeharvest.oai._listing import Taken, _in_order, advance, take_items
from politeharvest.oai._records import OaiRecord


def old_take_items(cursor: OaiCursor, records: list[Any]) -> Taken:
    """`take_items` as it was (politeharvest 0.2, oai/_listing.py)."""
    last = cursor.last_datestamp
    delivered = set(cursor.delivered_at_last)
    items: list[Any] = []
    skipped = 0
    for record in records:
        key = f"{record.identifier} {record.datestamp}"
        if key in delivered:
            skipped += 1
            continue
        items.append(record)
        stamp = record.datestamp
        if not stamp:
            continue
        if last is None or later(stamp, last):
            if last is None or stamp[:10] != last[:10]:
                delivered = set()
            last = stamp
        if stamp[:10] == last[:10]:
            delivered.add(key)
    return Taken(tuple(items), skipped, last, tuple(sorted(delivered)))


def old_in_order(last: str | None, items: list[Any]) -> bool:
    for item in items:
        stamp = getattr(item, "datestamp", "")
        if not stamp:
            continue
        if last is not None and later(last, stamp):
            return False
        last = stamp
    return True


_stamps = st.sampled_from(
    [
        "",
        "2024-01-01",
        "2024-01-02",
        "2024-01-01T00:00:00Z",
        "2024-01-01T23:59:59Z",
        "2024-01-02T00:00:00Z",
        "2024-01-01T10:00:00+02:00",
        "2024-01-01T08:00:00.5Z",
        "2023-12-31",
        "junk",
        "2024-13-01",
        " 2024-01-01",
    ]
)
_records = st.lists(
    st.builds(OaiRecord, identifier=st.sampled_from(["a", "b", "c", ""]), datestamp=_stamps),
    max_size=12,
)
_cursors = st.builds(
    lambda last, keys: OaiCursor(
        verb="ListRecords", params={}, last_datestamp=last, delivered_at_last=tuple(keys)
    ),
    st.none() | _stamps.filter(bool),
    st.lists(st.builds("{} {}".format, st.sampled_from(["a", "b", "c"]), _stamps), max_size=4),
)


@given(_cursors, _records)
def test_take_items_decides_as_before(cursor: OaiCursor, records: list[OaiRecord]) -> None:
    taken = take_items(cursor, records)
    assert attrs.evolve(taken, monotone=False, since=None) == old_take_items(cursor, records)
    assert taken.since == cursor.last_datestamp
    if taken.monotone:  # the order check's second pass would say the same
        assert old_in_order(cursor.last_datestamp, list(taken.items))


@given(st.none() | _stamps, _records)
def test_the_order_check_decides_as_before(last: str | None, records: list[OaiRecord]) -> None:
    assert _in_order(last, records) == old_in_order(last, records)


@given(_cursors, _records)
def test_advance_after_take_items_as_before(cursor: OaiCursor, records: list[OaiRecord]) -> None:
    """The cursor after a page (order evidence, last day's deliveries) is the one it was."""
    cursor = attrs.evolve(cursor, ordered=True)
    expected = old_take_items(cursor, records)
    following = advance(cursor, take_items(cursor, records), token="t", url="u")
    assert following is not None
    assert following.last_datestamp == expected.last
    assert following.delivered_at_last == expected.delivered
    assert following.ordered == old_in_order(cursor.last_datestamp, list(expected.items))
