"""The compact deliveries (schema 2): every encoding exact and one-to-one, datestamps in the
order of their texts, and `filter_new` against a model for any identifiers and datestamps."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from politeharvest.store import SQLiteStateStore
from politeharvest.store import _deliveries as dv
from politeharvest.store._state import PageCommit
from tests.support.stamps import identifiers, moments, prefixes, stamps


@pytest.mark.parametrize(
    ("text", "stored"),
    [
        ("2020-01-01T00:00:00Z", 1),
        ("2020-01-01", 0),
        ("2019-12-31T23:59:59Z", -1),
        ("2020-01-02", 2 * 86_400),
        ("2054-01-01T00:00:00Z", 2 * 1_073_001_600 + 1),  # still below 2**31: 4 bytes
        ("2020-01-01T00:00:00.5Z", "2020-01-01T00:00:00.5Z"),  # kept as it came
        ("2020-06-30T23:59:60Z", "2020-06-30T23:59:60Z"),
        ("", ""),
    ],
)
def test_stamps_are_stored_as_integers_where_exact(text: str, stored: int | str) -> None:
    assert dv.encode_stamp(text) == stored
    assert dv.decode_stamp(stored) == text


@given(stamps)
def test_every_datestamp_comes_back_as_it_came(text: str) -> None:
    """Never a datestamp changed: an integer only when it gives back the very text."""
    stored = dv.encode_stamp(text)
    assert dv.decode_stamp(stored) == text
    if isinstance(stored, int):
        assert -(2**63) < stored < 2**63


@given(stamps, stamps)
def test_stored_datestamps_compare_as_their_texts(a: str, b: str) -> None:
    """Never an order changed: integers keep the texts' order, mixed pairs compare as texts."""
    x, y = dv.encode_stamp(a), dv.encode_stamp(b)
    assert dv.stamp_ge(x, y) == (a >= b)
    if isinstance(x, int) and isinstance(y, int):
        assert (x >= y) == (a >= b)  # what SQLite compares without the function


@given(prefixes, identifiers, identifiers)
def test_identifier_keys_are_exact_and_one_to_one(prefix: str, a: str, b: str) -> None:
    """Never two identifiers under one key, never an identifier changed."""
    ka, kb = dv.ident_key(a, prefix), dv.ident_key(b, prefix)
    assert dv.ident_of(ka, prefix) == a
    assert ((type(ka), ka) == (type(kb), kb)) == (a == b)


@given(prefixes, identifiers, identifiers)
def test_redis_fields_are_exact_and_one_to_one(prefix: str, a: str, b: str) -> None:
    """The same for Redis's hash fields (strings only: a NUL marks an identifier kept whole)."""
    fa, fb = dv.field_key(a, prefix), dv.field_key(b, prefix)
    assert (fa == fb) == (a == b)
    assert (prefix + fa if not fa.startswith("\0") else fa[1:]) == a


@given(stamps)
def test_redis_stamp_codes_come_back_as_they_came(text: str) -> None:
    assert dv.stamp_of_code(dv.stamp_code(text)) == text


@pytest.mark.parametrize(
    ("identifiers", "prefix"),
    [
        (["oai:arXiv.org:2101.00001", "oai:arXiv.org:2101.00002"], "oai:arXiv.org:"),
        (["oai:int.example.org:00000"], "oai:int.example.org:"),
        (["hdl:1234/5678", "hdl:1234/5679"], "hdl:1234/"),
        (["oai:a.org:1", "oai:b.org:1"], "oai:"),
        (["abc", "abd"], ""),
        ([], ""),
    ],
)
def test_the_prefix_ends_at_a_separator(identifiers: list[str], prefix: str) -> None:
    assert dv.choose_prefix(identifiers) == prefix


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(identifiers, stamps), min_size=1, max_size=30))
def test_the_view_shows_what_schema_1_stored(rows: list[tuple[str, str]]) -> None:
    """`deliveries` (the view) gives the scope, identifier, datestamp and listing as text."""
    store = SQLiteStateStore()
    newest = dict(sorted(rows, key=lambda r: r[1]))  # the newest datestamp (as text) wins
    store.commit(PageCommit("repo|oai_dc", tuple(rows), "L1", None, "k"))
    view = store._db.execute("SELECT scope, identifier, datestamp, listing_id FROM deliveries")
    assert sorted(view.fetchall()) == sorted(("repo|oai_dc", i, s, "L1") for i, s in newest.items())


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["a|oai_dc", "b|marc"]),
            st.lists(st.tuples(identifiers, stamps), max_size=12),
            st.sampled_from(["L1", "L2", "L3"]),
        ),
        max_size=8,
    ),
    st.lists(st.tuples(identifiers, stamps), max_size=12),
)
def test_filter_new_never_repeats_a_delivery_nor_hides_a_newer_one(
    commits: list[tuple[str, list[tuple[str, str]], str]], asked: list[tuple[str, str]]
) -> None:
    """The store answers as a dict of the newest (datestamp, listing) per identifier would."""
    store = SQLiteStateStore()
    model: dict[tuple[str, str], tuple[str, str]] = {}
    for scope, pairs, listing in commits:
        store.commit(PageCommit(scope, tuple(pairs), listing, None, "k"))
        for ident, stamp in pairs:
            seen = model.get((scope, ident))
            if seen is None or stamp >= seen[0]:
                model[(scope, ident)] = (stamp, listing)
    for scope in ("a|oai_dc", "b|marc"):
        for only in (None, "L1", "L9"):
            expected = {
                i
                for i, s in asked
                if (seen := model.get((scope, i))) is None
                or s > seen[0]
                or (only is not None and seen[1] != only)
            }
            assert store.filter_new(scope, asked, listing_id=only) == expected


def test_a_scope_and_a_listing_are_numbered_once_and_stay(tmp_path: Path) -> None:
    """Two stores on one file share the numbers; a new scope's prefix is its first page's."""
    path = tmp_path / "s.sqlite"
    one, two = SQLiteStateStore(path), SQLiteStateStore(path)
    one.commit(PageCommit("r|oai_dc", (("oai:r.org:1", "2020-01-01"),), "L1", None, "k"))
    two.commit(PageCommit("r|oai_dc", (("other:2", "2020-01-02"),), "L1", None, "k"))
    two.commit(PageCommit("s|oai_dc", (("oai:s.org:9", "2020-01-02"),), "L2", None, "k"))
    rows = one._db.execute("SELECT * FROM scopes ORDER BY id").fetchall()
    assert rows == [(1, "r|oai_dc", "oai:r.org:"), (2, "s|oai_dc", "oai:s.org:")]
    stored = one._db.execute("SELECT scope, ident, stamp, listing FROM delivered").fetchall()
    day = 2 * 86_400
    expected = [(1, 1, 0, 1), (1, b"other:2", day, 1), (2, 9, day, 2)]  # plain numbers
    assert sorted(stored, key=repr) == sorted(expected, key=repr)
    both = [("other:2", "2020-01-02"), ("oai:r.org:1", "2020-01-01")]
    assert one.filter_new("r|oai_dc", both) == set()
    assert one.filter_new("r|oai_dc", [("other:2", "2020-01-03")]) == {"other:2"}
    assert one.filter_new("s|oai_dc", both) == {"other:2", "oai:r.org:1"}


@given(moments, st.booleans())
def test_every_canonical_datestamp_is_stored_as_its_integer(moment: dt.datetime, day: bool) -> None:
    """Never a canonical datestamp left as text: its seconds from BASE, doubled (+1 with a
    clock), whatever its year; as the view's SQL computes them back."""
    moment = moment.replace(microsecond=0)
    base = dt.datetime(2020, 1, 1)
    if day:
        text = f"{moment.year:04d}-{moment:%m-%d}"
        expected = 2 * (moment.date() - base.date()).days * 86_400
    else:
        text = f"{moment.year:04d}-{moment:%m-%dT%H:%M:%S}Z"
        expected = 2 * int((moment - base).total_seconds()) + 1
    assert dv.encode_stamp(text) == expected


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.lists(st.tuples(identifiers, stamps), max_size=10),
            st.lists(st.tuples(identifiers, stamps), max_size=10),
            st.sampled_from(["a|oai_dc", "b|marc"]),
            st.sampled_from(["a|oai_dc", "b|marc", ""]),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_a_commit_after_a_filter_stores_what_a_commit_alone_stores(
    steps: list[tuple[list[tuple[str, str]], list[tuple[str, str]], str, str]],
) -> None:
    """The keys `filter_new` hands to the next commit are the commit's own: a page filtered
    and then committed, another page filtered than the one committed, or a filter of
    another scope in between, leave the very rows a store that never filtered leaves."""
    filtered, alone = SQLiteStateStore(), SQLiteStateStore()
    for asked, committed, scope, looked in steps:
        filtered.filter_new(scope, committed)  # the page job's order: this page, then...
        if looked:
            filtered.filter_new(looked, asked)  # ...maybe another page, of another scope
        for store in (filtered, alone):
            store.commit(PageCommit(scope, tuple(committed), "L1", None, "k"))
    query = "SELECT scope, identifier, datestamp, listing_id FROM deliveries"
    rows = sorted(filtered._db.execute(query).fetchall())
    assert rows == sorted(alone._db.execute(query).fetchall())
    raw = "SELECT scope, ident, stamp FROM delivered"
    assert sorted(filtered._db.execute(raw).fetchall(), key=repr) == sorted(
        alone._db.execute(raw).fetchall(), key=repr
    )
