"""The listing core: pure steps over OaiCursor values, as tables."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from politeharvest.exceptions import BadResumptionToken, ListingLoop
from politeharvest.oai import _listing as listing
from politeharvest.oai._cursor import OaiCursor
from politeharvest.oai._datestamps import DAY, SECONDS
from politeharvest.oai._listing import GranularityNeeded, Progress, Taken

URL = "https://repo.example.org/oai"


@attrs.frozen
class Rec:
    identifier: str
    datestamp: str


def cursor(**changes: Any) -> OaiCursor:
    return attrs.evolve(OaiCursor("ListRecords", {"metadataPrefix": "oai_dc"}), **changes)


def taken(*stamps: str, skipped: int = 0) -> Taken:
    return listing.take_items(cursor(), [Rec(f"id{n}", s) for n, s in enumerate(stamps)])


# -- first cursors -----------------------------------------------------------------------------

FIRST = [
    (
        "no dates: no granularity needed",
        {},
        None,
        {"metadataPrefix": "oai_dc"},
    ),
    (
        "a day at seconds granularity ends at its last second",
        {"from_": "2024-01-01", "until": "2024-01-31"},
        SECONDS,
        {
            "metadataPrefix": "oai_dc",
            "from": "2024-01-01T00:00:00Z",
            "until": "2024-01-31T23:59:59Z",
        },
    ),
    (
        "a day granularity",
        {"from_": "2024-01-01T10:00:00Z"},
        DAY,
        {"metadataPrefix": "oai_dc", "from": "2024-01-01"},
    ),
    (
        "a set",
        {"set_spec": "math"},
        None,
        {"metadataPrefix": "oai_dc", "set": "math"},
    ),
]


@pytest.mark.parametrize(
    ("name", "kwargs", "granularity", "params"), FIRST, ids=[f[0] for f in FIRST]
)
def test_first_cursor(
    name: str, kwargs: dict[str, Any], granularity: str | None, params: dict[str, str]
) -> None:
    options: dict[str, Any] = {
        "metadata_prefix": "oai_dc",
        "set_spec": None,
        "from_": None,
        "until": None,
    }
    options.update(kwargs)
    got = listing.first_cursor("ListRecords", granularity=granularity, **options)
    assert got.arguments == params
    assert got.resumption_token is None


def test_dates_need_the_granularity_and_windows_run_in_order() -> None:
    with pytest.raises(GranularityNeeded):
        listing.first_cursor(
            "ListRecords", metadata_prefix="oai_dc", set_spec=None, from_="2024-01-01", until=None
        )
    first = listing.first_cursor(
        "ListRecords",
        metadata_prefix="oai_dc",
        set_spec=None,
        from_=None,
        until=None,
        windows=[("2024-01-01", "2024-01-31"), ("2024-02-01", "2024-02-29")],
        granularity=DAY,
    )
    assert (first.arguments["from"], first.arguments["until"]) == ("2024-01-01", "2024-01-31")
    assert first.windows == (("2024-02-01", "2024-02-29"),)
    with pytest.raises(ValueError, match="not a listing verb"):
        listing.first_cursor(
            "GetRecord", metadata_prefix="oai_dc", set_spec=None, from_=None, until=None
        )


# -- items --------------------------------------------------------------------------------------


def test_take_items_skips_what_was_delivered_on_the_last_day() -> None:
    start = cursor(
        last_datestamp="2024-01-02T10:00:00Z", delivered_at_last=("a 2024-01-02T10:00:00Z",)
    )
    got = listing.take_items(
        start,
        [
            Rec("a", "2024-01-02T10:00:00Z"),
            Rec("b", "2024-01-02T11:00:00Z"),
            Rec("c", "2024-01-03T00:00:00Z"),
        ],
    )
    assert [r.identifier for r in got.items] == ["b", "c"]
    assert got.skipped == 1
    assert got.last == "2024-01-03T00:00:00Z"
    assert got.delivered == ("c 2024-01-03T00:00:00Z",)  # only the new last day is remembered


# -- advancing ----------------------------------------------------------------------------------

ADVANCE = [
    (
        "a token: its page comes next",
        cursor(),
        taken("2024-01-01"),
        "t1",
        {"resumption_token": "t1", "page": 1},
    ),
    ("no token: the end", cursor(), taken("2024-01-01"), "", None),
    (
        "an empty page with a token counts",
        cursor(empty_pages=3),
        Taken((), 0, None, ()),
        "t9",
        {"empty_pages": 4},
    ),
    (
        "records reset the empty count",
        cursor(empty_pages=3),
        taken("2024-01-01"),
        "t9",
        {"empty_pages": 0},
    ),
    (
        "datestamps going back: not ordered",
        cursor(last_datestamp="2024-05-01"),
        taken("2024-01-01"),
        "t1",
        {"ordered": False},
    ),
]


@pytest.mark.parametrize(
    ("name", "start", "page", "token", "expected"), ADVANCE, ids=[a[0] for a in ADVANCE]
)
def test_advance(
    name: str, start: OaiCursor, page: Taken, token: str, expected: dict[str, Any] | None
) -> None:
    got = listing.advance(start, page, token=token, url=URL)
    if expected is None:
        assert got is None
        return
    assert got is not None
    for field, value in expected.items():
        assert getattr(got, field) == value


LOOPS = [
    ("the same token twice", cursor(resumption_token="t1"), Taken((), 1, None, ()), "t1", "again"),
    (
        "a token of a recent page",
        cursor(resumption_token="t3", recent_tokens=("t1", "t2", "t3")),
        taken("2024-01-01"),
        "t2",
        "again",
    ),
    (
        "ten empty pages in a row",
        cursor(empty_pages=9),
        Taken((), 0, None, ()),
        "t11",
        "10 pages in a row",
    ),
]


@pytest.mark.parametrize(
    ("name", "start", "page", "token", "words"), LOOPS, ids=[x[0] for x in LOOPS]
)
def test_loops_end_the_listing(
    name: str, start: OaiCursor, page: Taken, token: str, words: str
) -> None:
    with pytest.raises(ListingLoop, match=words):
        listing.advance(start, page, token=token, url=URL)


def test_a_token_cycle_of_any_length_is_caught() -> None:
    """Brent: tokens t0..t39 come round again; the 32-token memory alone would miss it."""
    current: OaiCursor | None = cursor()
    with pytest.raises(ListingLoop, match="came round"):
        for n in range(400):
            assert current is not None
            current = listing.advance(current, taken("2024-01-01"), token=f"t{n % 40}", url=URL)


def test_the_end_of_a_window_starts_the_next_and_needs_the_granularity() -> None:
    start = cursor(windows=(("2024-02-01", "2024-02-29"),))
    with pytest.raises(GranularityNeeded):
        listing.advance(start, taken("2024-01-05"), token="", url=URL)
    got = listing.advance(start, taken("2024-01-05"), token="", url=URL, granularity=DAY)
    assert got is not None
    assert got.arguments["from"] == "2024-02-01" and got.windows == ()
    assert got.resumption_token is None and got.recent_tokens == ()


# -- recovering ---------------------------------------------------------------------------------


def refused() -> BadResumptionToken:
    return BadResumptionToken("expired", url=URL)


def test_a_refused_token_restarts_from_the_last_datestamp() -> None:
    start = cursor(
        resumption_token="t5",
        last_datestamp="2024-01-10T08:00:00Z",
        recent_tokens=("t5",),
        in_order=listing.ORDER_EVIDENCE,
    )
    got = listing.recover(start, refused(), granularity=SECONDS)
    assert got.resumption_token is None
    assert got.arguments["from"] == "2024-01-10T08:00:00Z"
    assert got.restarts == 1
    assert got.delivered_at_last == start.delivered_at_last


def test_a_window_refused_again_is_split_from_its_last_day() -> None:
    start = cursor(
        params={"metadataPrefix": "oai_dc", "from": "2024-01-01", "until": "2024-01-31"},
        resumption_token="t5",
        last_datestamp="2024-01-10",
        restarts=1,
        in_order=50,
    )
    got = listing.recover(start, refused(), granularity=DAY)
    assert (got.arguments["from"], got.arguments["until"]) == ("2024-01-10", "2024-01-20")
    assert got.windows == (("2024-01-21", "2024-01-31"),)
    assert got.restarts == 0


def test_restarts_end_after_ten() -> None:
    with pytest.raises(BadResumptionToken):
        listing.recover(cursor(resumption_token="t", restarts=10), refused(), max_restarts=100)


def test_restart_without_a_datestamp_needs_no_granularity() -> None:
    got = listing.restart(cursor(resumption_token="t"))
    assert got.arguments == {"metadataPrefix": "oai_dc"} and got.resumption_token is None
    with pytest.raises(GranularityNeeded):
        listing.restart(cursor(resumption_token="t", last_datestamp="2024-01-01", in_order=10))


# -- progress -------------------------------------------------------------------------------------


def test_pages_that_only_repeat_end_the_listing() -> None:
    progresses: dict[tuple[Any, ...], Progress] = {}
    same = taken("2024-01-01", "2024-01-02")
    listing.check_progress(progresses, cursor(), same, URL, 1000, 3)
    listing.check_progress(progresses, cursor(), same, URL, 1000, 3)
    listing.check_progress(progresses, cursor(), same, URL, 1000, 3)
    with pytest.raises(ListingLoop, match="3 pages in a row repeated"):
        listing.check_progress(progresses, cursor(), same, URL, 1000, 3)


@given(
    window=st.integers(min_value=1, max_value=12),
    keys=st.lists(st.integers(min_value=0, max_value=40), max_size=200),
)
def test_the_loop_window_never_forgets_its_last_new_records(window: int, keys: list[int]) -> None:
    """A record never seen is always new; one among the last `window` new ones never is."""
    progress = Progress(window)
    ever: set[str] = set()
    new: list[str] = []
    for number in keys:
        key = f"oai:x:{number} 2024-01-01"
        fresh = progress.see([key])
        if key not in ever:
            assert fresh == 1
        if key in new[-window:]:
            assert fresh == 0
        if fresh:
            new.append(key)
        ever.add(key)
        assert progress.stale == (0 if fresh else progress.stale)


def test_the_loop_window_grows_and_turns_over_without_forgetting() -> None:
    """Past the tables' first size and past a turn-over, the last `window` records stay known."""
    progress = Progress(1500)
    keys = [f"oai:x:{n} 2024-01-01" for n in range(4000)]
    for start in range(0, 4000, 100):
        assert progress.see(keys[start : start + 100]) == 100
    for start in range(2500, 4000, 100):  # the last 1500: all known
        assert progress.see(keys[start : start + 100]) == 0
    assert progress.stale == 15
    assert progress.see(["oai:x:new 2024-01-01", keys[-1]]) == 1 and progress.stale == 0


# -- the token read ahead of the parse ---------------------------------------------------------

PAGE = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/">'
    "<responseDate>2026-01-01T00:00:00Z</responseDate><request>{url}</request><ListRecords>"
    "<record><header><identifier>oai:x:1</identifier><datestamp>2020-01-01</datestamp></header>"
    "<metadata><x>resumptionToken</x><resumptionToken>not-this-one</resumptionToken></metadata>"
    "</record>{token}</ListRecords></OAI-PMH>"
)

SNIFFED = [
    ("<resumptionToken>abc</resumptionToken>", "abc"),
    ('<resumptionToken cursor="0" completeListSize="9">\n  a!b!c \n</resumptionToken>', "a!b!c"),
    ("<oai:resumptionToken>p1</oai:resumptionToken>", "p1"),
    ("<resumptionToken>a&amp;b</resumptionToken>", ""),  # escaped: left to the parser
    ("<resumptionToken><![CDATA[a<b]]></resumptionToken>", ""),
    ("<resumptionToken>dür</resumptionToken>", ""),  # not ASCII: left to the parser
    ('<resumptionToken completeListSize="9" cursor="9"/>', ""),  # the last page
    ("", ""),
]


@pytest.mark.parametrize(("element", "expected"), SNIFFED)
def test_the_token_read_from_the_bytes(element: str, expected: str) -> None:
    from politeharvest.oai._answer import sniffed_token as _sniffed_token

    page = PAGE.format(url=URL, token=element).encode()
    assert _sniffed_token(page) == expected


@given(token=st.text(min_size=0, max_size=40))
def test_a_token_read_from_the_bytes_is_the_parsed_token_or_nothing(token: str) -> None:
    """Never another token than the page's own: a wrong guess would cost a request."""
    from xml.sax.saxutils import escape

    from politeharvest.oai._answer import resumption_token as _token
    from politeharvest.oai._answer import sniffed_token as _sniffed_token
    from politeharvest.oai._xml import OAI_NS, parse_page

    cleaned = "".join(c for c in token if c.isprintable() and c not in "\ud800\udfff")
    element = f"<resumptionToken>{escape(cleaned)}</resumptionToken>"
    page = PAGE.format(url=URL, token=element).encode()
    parsed = parse_page(page, url=URL)
    list_el = parsed.root.find(f"{{{OAI_NS}}}ListRecords")
    assert _sniffed_token(page) in ("", _token(list_el)[0])
