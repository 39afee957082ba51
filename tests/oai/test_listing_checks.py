"""Answers checked against the request, and recovery that cannot skip: pure steps, as tables."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from politeharvest.exceptions import BadResumptionToken
from politeharvest.oai import _listing as listing
from politeharvest.oai._cursor import OaiCursor
from politeharvest.oai._datestamps import DAY, SECONDS

URL = "https://repo.example.org/oai"


@attrs.frozen
class Rec:
    identifier: str
    datestamp: str
    set_specs: tuple[str, ...] = ()


def cursor(**changes: Any) -> OaiCursor:
    return attrs.evolve(OaiCursor("ListRecords", {"metadataPrefix": "oai_dc"}), **changes)


# -- one record against the request ----------------------------------------------------------

WINDOW = [
    ("inside, seconds", "2020-06-01T12:00:00Z", "2020-01-01", "2020-12-31", True),
    ("before from", "2019-12-31T23:59:59Z", "2020-01-01", "2020-12-31", False),
    ("the last second of a day until", "2020-12-31T23:59:59Z", "2020-01-01", "2020-12-31", True),
    ("the day after until", "2021-01-01T00:00:00Z", "2020-01-01", "2020-12-31", False),
    # a record stamped with a day is inside if any second of its day is
    ("a day stamp on a seconds window", "2020-01-01", "2020-01-01T10:00:00Z", None, True),
    ("a day stamp before it", "2019-12-31", "2020-01-01T10:00:00Z", None, False),
    ("offsets are read as UTC", "2021-01-01T01:00:00+02:00", None, "2020-12-31", True),
    ("no bounds", "1999-01-01", None, None, True),
    ("no datestamp: cannot tell", "", "2020-01-01", None, None),
    ("junk: cannot tell", "yesterday", "2020-01-01", None, None),
]


@pytest.mark.parametrize(
    ("name", "stamp", "from_", "until", "expected"), WINDOW, ids=[w[0] for w in WINDOW]
)
def test_in_window(
    name: str, stamp: str, from_: str | None, until: str | None, expected: bool | None
) -> None:
    assert listing.in_window(stamp, from_, until) is expected


SETS = [
    ("the set", ("science",), "science", True),
    ("a subset of it", ("science:physics",), "science", True),
    ("another set", ("humanities",), "science", False),
    ("a prefix is not a subset", ("sciences",), "science", False),
    ("among several", ("a", "science"), "science", True),
    ("no sets reported: cannot tell", (), "science", None),
    ("no set asked", ("a",), None, True),
]


@pytest.mark.parametrize(("name", "specs", "asked", "expected"), SETS, ids=[s[0] for s in SETS])
def test_in_set(
    name: str, specs: tuple[str, ...], asked: str | None, expected: bool | None
) -> None:
    assert listing.in_set(specs, asked) is expected


# -- one page against the request ------------------------------------------------------------

SET_CURSOR = cursor(params={"metadataPrefix": "oai_dc", "set": "science"}, page=1)
WINDOW_CURSOR = cursor(
    params={"metadataPrefix": "oai_dc", "from": "2020-01-01", "until": "2020-12-31"}, page=1
)
PAGES = [
    (
        "an honest page",
        SET_CURSOR,
        [Rec("a", "2020-01-01", ("science",)), Rec("b", "2020-01-02", ())],
        {},
        (None, None),
        2,
        [],
    ),
    (
        "records outside the set",
        SET_CURSOR,
        [Rec("a", "2020-01-01", ("science",)), Rec("b", "2020-01-02", ("humanities",))],
        {},
        (None, None),
        1,
        ["set"],
    ),
    (
        "no record carries the set: the repository does not report it (a virtual set)",
        SET_CURSOR,
        [Rec("a", "2020-01-01", ("col_1",)), Rec("b", "2020-01-02", ("col_2",))],
        {},
        (None, None),
        2,
        [],
    ),
    (
        "none carries it on this page, but earlier records of the listing did",
        attrs.evolve(SET_CURSOR, set_reported=True),
        [Rec("a", "2020-01-01", ("col_1",)), Rec("b", "2020-01-02", ("col_2",))],
        {},
        (None, None),
        0,
        ["set"],
    ),
    (
        "records outside the window",
        WINDOW_CURSOR,
        [Rec("a", "2020-05-01"), Rec("b", "2019-05-01"), Rec("c", "2021-01-01T00:00:00Z")],
        {},
        (None, None),
        1,
        ["window"],
    ),
    (
        "an update comes again newer: legitimate",
        cursor(page=3),
        [Rec("a", "2020-05-02")],
        {"a": "2020-05-01"},
        (None, None),
        1,
        [],
    ),
    (
        "the same record again unchanged: legitimate (dropped later as delivered)",
        cursor(page=3),
        [Rec("a", "2020-05-01")],
        {"a": "2020-05-01"},
        (None, None),
        1,
        [],
    ),
    (
        "a record again with an older datestamp",
        cursor(page=3),
        [Rec("a", "2020-04-01")],
        {"a": "2020-05-01"},
        (None, None),
        0,
        ["repeat"],
    ),
    (
        "completeListSize changes",
        cursor(page=1, list_size=1224),
        [Rec("a", "2020-05-01")],
        {},
        (2500, 100),
        1,
        ["size"],
    ),
    (
        "completeListSize grows in a listing proven in datestamp order: records added",
        cursor(page=1, list_size=1224, in_order=100),
        [Rec("a", "2020-05-01")],
        {},
        (1230, 100),
        1,
        [],
    ),
    (
        "completeListSize shrinks in a listing proven in datestamp order",
        cursor(page=1, list_size=1224, in_order=100),
        [Rec("a", "2020-05-01")],
        {},
        (1200, 100),
        1,
        ["size"],
    ),
    (
        "completeListSize stays",
        cursor(page=1, list_size=1224, position=0),
        [Rec("a", "2020-05-01")],
        {},
        (1224, 100),
        1,
        [],
    ),
    (
        "the first completeListSize is the list's",
        cursor(),
        [Rec("a", "2020-05-01")],
        {},
        (1224, 0),
        1,
        [],
    ),
    (
        "the cursor goes back",
        cursor(page=2, list_size=500, position=200),
        [Rec("a", "2020-05-01")],
        {},
        (500, 100),
        1,
        ["cursor"],
    ),
    (
        "the cursor passes the size",
        cursor(page=2, list_size=500, position=200),
        [Rec("a", "2020-05-01")],
        {},
        (500, 600),
        1,
        ["cursor"],
    ),
]


@pytest.mark.parametrize(
    ("name", "start", "records", "remembered", "token", "kept", "kinds"),
    PAGES,
    ids=[p[0] for p in PAGES],
)
def test_check_page(
    name: str,
    start: OaiCursor,
    records: list[Rec],
    remembered: dict[str, str],
    token: tuple[int | None, int | None],
    kept: int,
    kinds: list[str],
) -> None:
    size, position = token
    got = listing.check_page(start, records, size=size, position=position, remembered=remembered)
    assert len(got.kept) == kept
    assert [v.kind for v in got.violations] == kinds
    for violation in got.violations:
        assert violation.page == start.page + 1
        assert violation.asked and violation.came
        assert violation.describe().startswith(f"page {start.page + 1} asked ")
    assert got.out_of_scope == len(records) - kept


def test_a_violation_says_what_was_asked_and_what_came() -> None:
    got = listing.check_page(
        attrs.evolve(SET_CURSOR, set_reported=True),
        [Rec("x:1", "2020-01-01", ("humanities", "arts"))],
        size=None,
        position=None,
    )
    assert got.violations[0].describe() == (
        "page 2 asked set=science and got 1 records outside it (first: x:1, sets humanities, arts)"
    )


def test_noted_carries_the_size_and_keeps_the_first_doubt() -> None:
    got = listing.noted(cursor(), size=10, position=0, doubt="page 2 asked x")
    assert (got.list_size, got.position, got.doubt) == (10, 0, "page 2 asked x")
    later = listing.noted(got, size=None, position=None, doubt="page 3 asked y")
    assert (later.list_size, later.position, later.doubt) == (10, 0, "page 2 asked x")


# -- recovery that cannot skip ----------------------------------------------------------------


def refused() -> BadResumptionToken:
    return BadResumptionToken("expired", url=URL)


def test_evidence_of_order_needs_enough_records_in_order() -> None:
    assert not listing.known_ordered(cursor())
    assert not listing.known_ordered(cursor(in_order=listing.ORDER_EVIDENCE - 1))
    assert listing.known_ordered(cursor(in_order=listing.ORDER_EVIDENCE))
    assert not listing.known_ordered(cursor(in_order=500, ordered=False))


def test_advance_counts_records_in_order_and_forgets_them_once_out_of_order() -> None:
    page = listing.take_items(cursor(), [Rec(f"i{n}", f"2020-01-{n + 1:02d}") for n in range(12)])
    got = listing.advance(cursor(), page, token="t1", url=URL)
    assert got is not None and got.in_order == 12 and listing.known_ordered(got)
    back = listing.take_items(got, [Rec("z", "2019-01-01")])
    after = listing.advance(got, back, token="t2", url=URL)
    assert after is not None and not after.ordered and after.in_order == 0


ORIGIN = {"metadataPrefix": "oai_dc", "from": "2020-01-01", "until": "2020-12-31"}
RECOVER = [
    (
        "not known ordered: from its original arguments, not from the last datestamp",
        cursor(
            params=ORIGIN,
            origin=ORIGIN,
            resumption_token="t9",
            last_datestamp="2020-11-30",
            in_order=3,
        ),
        0,
        ORIGIN,
        (),
    ),
    (
        "known out of order: from its original arguments",
        cursor(
            params=ORIGIN,
            origin=ORIGIN,
            resumption_token="t9",
            last_datestamp="2020-11-30",
            ordered=False,
        ),
        0,
        ORIGIN,
        (),
    ),
    (
        "an ordered listing restarted before goes back to its original window",
        cursor(
            params={**ORIGIN, "from": "2020-06-01"},
            origin=ORIGIN,
            resumption_token="t9",
            last_datestamp="2020-11-30",
            ordered=False,
        ),
        0,
        ORIGIN,
        (),
    ),
    (
        "known ordered: from the last datestamp",
        cursor(
            params=ORIGIN,
            origin=ORIGIN,
            resumption_token="t9",
            last_datestamp="2020-11-30",
            in_order=200,
        ),
        0,
        {**ORIGIN, "from": "2020-11-30"},
        (),
    ),
    (
        "refused again, not ordered: the whole window split in two",
        cursor(
            params=ORIGIN,
            origin=ORIGIN,
            resumption_token="t9",
            last_datestamp="2020-11-30",
            ordered=False,
            restarts=1,
        ),
        1,
        {**ORIGIN, "until": "2020-07-01"},
        (("2020-07-02", "2020-12-31"),),
    ),
    (
        "refused again, ordered: what is left of the window split",
        cursor(
            params=ORIGIN,
            origin=ORIGIN,
            resumption_token="t9",
            last_datestamp="2020-11-30",
            in_order=200,
            restarts=1,
        ),
        1,
        {**ORIGIN, "from": "2020-11-30", "until": "2020-12-15"},
        (("2020-12-16", "2020-12-31"),),
    ),
]


@pytest.mark.parametrize(
    ("name", "start", "_again", "params", "rest"), RECOVER, ids=[r[0] for r in RECOVER]
)
def test_recover(
    name: str,
    start: OaiCursor,
    _again: int,
    params: dict[str, str],
    rest: tuple[tuple[str, str], ...],
) -> None:
    got = listing.recover(start, refused(), granularity=DAY)
    assert got.resumption_token is None
    assert got.arguments == params
    assert got.windows == rest
    assert got.list_size is None and got.position is None


def test_a_restart_from_the_start_judges_the_order_afresh() -> None:
    start = cursor(resumption_token="t", last_datestamp="2024-05-01", ordered=False)
    got = listing.restart(start, SECONDS)
    assert got.arguments == {"metadataPrefix": "oai_dc"}
    assert (got.last_datestamp, got.delivered_at_last, got.ordered) == (None, (), True)


def test_a_cursor_round_trips_with_its_origin_and_doubt() -> None:
    start = cursor(
        params={**ORIGIN, "from": "2020-06-01"},
        origin=ORIGIN,
        in_order=12,
        list_size=40,
        position=20,
        doubt="page 2 asked set=x and got y",
        tag="abc",
        set_reported=True,
    )
    assert OaiCursor.from_json(start.to_json()) == start
    assert OaiCursor.from_json(cursor().to_json()).original_arguments == {
        "metadataPrefix": "oai_dc"
    }


# -- coverage only for what is provably complete ----------------------------------------------


@pytest.mark.parametrize(("doubt", "covered"), [("", True), ("page 2 asked set=x", False)])
def test_a_listing_in_doubt_adds_nothing_to_the_coverage(doubt: str, covered: bool) -> None:
    from politeharvest.plan._planning import PageFacts, Window, after_page

    facts = PageFacts(next_cursor=None, response_date="2026-01-01T00:00:00Z", doubt=doubt)
    checkpoint, coverage = after_page(
        None,
        facts,
        listing="l",
        lane="lane",
        listing_id="id",
        run_id="run",
        window=Window(),
        coverage=(),
        now=0.0,
    )
    assert checkpoint is None  # the listing is over either way
    assert (coverage is not None and len(coverage) == 1) is covered
