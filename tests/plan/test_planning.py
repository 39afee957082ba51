"""The plan's arithmetic as tables: coverage, gaps, completed spans, keys, turns, sink marks."""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from politeharvest.plan._planning import (
    Span,
    Window,
    add_span,
    completed_span,
    covered,
    gaps,
    lane_key,
    listing_key,
    next_turn,
)
from politeharvest.store import _sinks as sinks
from politeharvest.store._sinks import (
    FileView,
    PendingWrite,
    SinkMark,
    mark_problem,
    pending_action,
)

DAY = 86_400.0
T0 = 1_704_067_200.0  # 2024-01-01T00:00:00Z


def at(days: float) -> float:
    return T0 + days * DAY


@pytest.mark.parametrize(
    ("spans", "added", "expected"),
    [
        ([], Span(None, at(1)), [(None, at(1))]),
        ([Span(None, at(1))], Span(at(3), at(4)), [(None, at(1)), (at(3), at(4))]),
        ([Span(at(3), at(4))], Span(None, at(1)), [(None, at(1)), (at(3), at(4))]),
        ([Span(None, at(1))], Span(at(0.5), at(2)), [(None, at(2))]),  # overlap
        ([Span(None, at(1))], Span(at(1) + 1, at(2)), [(None, at(2))]),  # touching
        ([Span(None, at(1))], Span(at(1) + 2, at(2)), [(None, at(1)), (at(1) + 2, at(2))]),
        ([Span(None, at(1)), Span(at(3), at(4))], Span(at(1), at(3)), [(None, at(4))]),
        ([Span(at(2), at(5))], Span(at(3), at(4)), [(at(2), at(5))]),  # inside
    ],
)
def test_add_span(
    spans: list[Span], added: Span, expected: list[tuple[float | None, float]]
) -> None:
    assert [(s.start, s.end) for s in add_span(spans, added)] == expected


def test_a_merged_span_keeps_the_response_date_of_its_far_end() -> None:
    merged = add_span([Span(None, at(5), "late", True)], Span(at(1), at(2), "early", False))
    assert merged == (Span(None, at(5), "late", True),)


@pytest.mark.parametrize(
    ("spans", "expected"),
    [
        ([], [Window()]),
        ([Span(None, at(10))], [Window("2024-01-10T23:59:00Z", None)]),
        ([Span(None, at(10), day=True)], [Window("2024-01-11", None, day=True)]),
        (
            [Span(at(5), at(10))],
            [Window(None, "2024-01-06T00:00:00Z"), Window("2024-01-10T23:59:00Z", None)],
        ),
        (
            [Span(None, at(2)), Span(at(5), at(10))],
            [
                Window("2024-01-02T23:59:00Z", "2024-01-06T00:00:00Z"),
                Window("2024-01-10T23:59:00Z", None),
            ],
        ),
    ],
)
def test_gaps(spans: list[Span], expected: list[Window]) -> None:
    assert list(gaps(spans, overlap_s=60.0)) == expected


@pytest.mark.parametrize(
    ("window", "response_date", "max_datestamp", "expected"),
    [
        # unbounded: up to the repository's clock when the listing began
        (Window(), "2024-01-11T00:00:00Z", "2024-01-10T12:00:00Z", Span(None, at(10))),
        # bounded by a day: the whole day, never past the repository's clock
        (Window(None, "2024-01-05"), "2024-01-11T00:00:00Z", "", Span(None, at(5) - 1)),
        (Window(None, "2024-01-20"), "2024-01-11T00:00:00Z", "", Span(None, at(10))),
        (Window("2024-01-03", "2024-01-05"), "2024-01-11T00:00:00Z", "", Span(at(2), at(5) - 1)),
        # records stamped with days: the span says so (the next harvest takes the day again)
        (Window(), "2024-01-11T00:00:00Z", "2024-01-10", Span(None, at(10), day=True)),
    ],
)
def test_completed_span(
    window: Window, response_date: str, max_datestamp: str, expected: Span
) -> None:
    span = completed_span(window, response_date=response_date, max_datestamp=max_datestamp, now=0)
    assert (span.start, span.end, span.day) == (expected.start, expected.end, expected.day)


def test_completed_span_uses_our_clock_only_without_a_response_date() -> None:
    assert completed_span(Window(), response_date="", max_datestamp="", now=at(3)).end == at(3)


@pytest.mark.parametrize(
    ("start", "end", "expected"),
    [(None, at(1), True), (at(0.5), at(1), True), (None, at(3), False), (at(4), at(6), False)],
)
def test_covered(start: float | None, end: float, expected: bool) -> None:
    assert covered([Span(None, at(2)), Span(at(5), at(7))], start, end) is expected


@pytest.mark.parametrize(
    ("from_", "until", "message"),
    [("2024-13-01", None, "not an OAI-PMH datestamp"), ("2024-02-01", "2024-01-01", "later than")],
)
def test_bad_windows_are_value_errors(from_: str, until: str | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Window.asked(from_, until)


def test_windows_are_normalised_and_keys_tell_windows_apart() -> None:
    assert Window.asked("2024-01-01T10:00:00+02:00", None).from_ == "2024-01-01T08:00:00Z"
    assert Window.asked("2024-01-01", None).from_ == "2024-01-01"
    lane = lane_key("https://r/oai", "oai_dc", "math")
    keys = {
        listing_key(lane, Window()),
        listing_key(lane, Window(full=True)),
        listing_key(lane, Window("2024-01-01")),
        listing_key(lane, Window("2024-01-01", "2024-02-01")),
        listing_key(lane_key("https://r/oai", "oai_dc", "cs"), Window()),
        listing_key(lane_key("https://r/oai", "marc", "math"), Window()),
    }
    assert len(keys) == 6


@pytest.mark.parametrize(
    ("active", "index", "expected"),
    [
        ([True, True], 0, 1),
        ([True, True], 1, 0),
        ([True, False, True], 0, 2),
        ([False, False, True], 2, 2),
        ([True], 0, 0),
    ],
)
def test_next_turn(active: list[bool], index: int, expected: int) -> None:
    assert next_turn(active, index) == expected


spans_strategy = st.lists(
    st.tuples(st.one_of(st.none(), st.floats(0, 1000)), st.floats(0, 1000)).map(
        lambda p: Span(p[0], max(p[1], p[0] or 0.0))
    ),
    max_size=8,
)


@given(spans_strategy)
def test_coverage_is_sorted_disjoint_and_holds_every_span_added(spans: list[Span]) -> None:
    coverage: tuple[Span, ...] = ()
    for span in spans:
        coverage = add_span(coverage, span)
    for span in spans:
        assert covered(coverage, span.start, span.end)
    for left, right in itertools.pairwise(coverage):
        assert right.start is not None and right.start > left.end + 1.0  # only the first is open


# -- sink marks and pending writes --------------------------------------------------------------

LINE = b'{"identifier": "x"}\n'
MARK = SinkMark("/o.jsonl", 1, 2, 100, len(LINE), hashlib.sha256(LINE).hexdigest())


@pytest.mark.parametrize(
    ("view", "problem"),
    [
        (FileView(True, 1, 2, 100, 100 - len(LINE), LINE), None),
        (FileView(True, 1, 2, 180, 100 - len(LINE), LINE), None),  # lines appended after ours
        (FileView(False), "is gone"),
        (FileView(True, 1, 3, 100, 80, LINE), "replaced"),
        (FileView(True, 1, 2, 50, 30, b""), "cut short"),
        (FileView(True, 1, 2, 100, 80, b'{"identifier": "y"}\n'), "was changed"),
    ],
)
def test_mark_problem(view: FileView, problem: str | None) -> None:
    found = mark_problem(MARK, view)
    assert (found is None) if problem is None else (found is not None and problem in found)


PAGE = b'{"a": 1}\n{"b": 2}\n'
PENDING = PendingWrite("/o.jsonl", 1, 2, 40, PAGE)


@pytest.mark.parametrize(
    ("view", "action"),
    [
        (FileView(True, 1, 2, 40 + len(PAGE), 40, PAGE), 40),  # the whole page: take it back
        (FileView(True, 1, 2, 45, 40, PAGE[:5]), 40),  # torn: a prefix of ours
        (FileView(True, 1, 2, 40, 40, b""), None),  # the write never began
        (FileView(False), "is gone"),  # its rows may have been read: refuse
        (FileView(True, 1, 9, 60, 40, PAGE), "replaced"),  # another file now: not ours
        (FileView(True, 1, 2, 60, 40, b'{"c": 3}\n'), "someone else"),
        (FileView(True, 1, 2, 40 + len(PAGE) + 5, 40, PAGE + b"more!"), "someone else"),
    ],
)
def test_pending_action(view: FileView, action: int | str | None) -> None:
    found = pending_action(PENDING, view)
    if isinstance(action, str):
        assert isinstance(found, str) and action in found
    else:
        assert found == action


def test_pending_write_round_trips() -> None:
    assert PendingWrite.from_json(PENDING.to_json()) == PENDING
    assert json.loads(PENDING.to_json())["codec"] == "lz4"
    assert SinkMark.from_json(MARK.to_json()) == MARK


@given(st.binary(max_size=5000))
def test_any_page_round_trips_under_either_codec(data: bytes) -> None:
    pending = PendingWrite("/o.jsonl", 1, 2, 40, data)
    assert PendingWrite.from_json(pending.to_json()) == pending
    with pytest.MonkeyPatch.context() as patch:  # a page past LZ4's limit goes to zlib
        patch.setattr(sinks, "LZ4_LIMIT", len(data) - 1)
        text = pending.to_json()
    assert json.loads(text)["codec"] == "zlib"
    assert PendingWrite.from_json(text) == pending


def test_a_pending_write_noted_before_the_codec_field_still_reads() -> None:
    """A state file left by a crash under the version before (zlib, no codec) is repaired."""
    packed = base64.b64encode(zlib.compress(PAGE, 1)).decode("ascii")
    old = {"path": "/o.jsonl", "device": 1, "inode": 2, "start": 40, "data": packed}
    assert PendingWrite.from_json(json.dumps(old, sort_keys=True)) == PENDING


# -- a listing's checkpoint after each page ------------------------------------------------------

WINDOW = Window("2024-01-01")


def step(base, facts):  # type: ignore[no-untyped-def]
    from politeharvest.plan._planning import after_page

    return after_page(
        base,
        facts,
        listing="L|2024-01-01|",
        lane="L",
        listing_id="id-1",
        run_id="run-2",
        window=WINDOW,
        coverage=(Span(None, at(-10)),),
        now=at(100),
    )


def test_the_first_page_starts_the_checkpoint() -> None:
    from politeharvest.plan._planning import PageFacts

    checkpoint, coverage = step(
        None,
        PageFacts('{"p": 2}', "2024-02-01T00:00:00Z", ("2024-01-02", "2024-01-03"), "M1", "/a"),
    )
    assert coverage is None
    assert checkpoint is not None
    assert (checkpoint.pages, checkpoint.records, checkpoint.cursor) == (1, 2, '{"p": 2}')
    assert checkpoint.response_date == "2024-02-01T00:00:00Z"
    assert checkpoint.max_datestamp == "2024-01-03"
    assert checkpoint.sink == "M1"
    assert json.loads(checkpoint.outputs) == [{"path": "/a", "pages": 1, "records": 2}]


def test_later_pages_carry_counters_first_response_date_and_file_history() -> None:
    from politeharvest.plan._planning import PageFacts

    first, _ = step(None, PageFacts("c2", "2024-02-01T00:00:00Z", ("2024-01-02",), "M1", "/a"))
    # the next page, in a later run, into another file; then a page with nothing new
    second, _ = step(first, PageFacts("c3", "2024-03-01T00:00:00Z", ("2024-01-05",), "M2", "/b"))
    third, _ = step(second, PageFacts("c4", "2024-03-01T00:00:00Z", ()))
    assert third is not None
    assert (third.pages, third.records, third.cursor) == (3, 2, "c4")
    assert third.response_date == "2024-02-01T00:00:00Z"  # the listing's first page
    assert third.sink == "M2"  # the last file written, kept through an empty page
    assert json.loads(third.outputs) == [
        {"path": "/a", "pages": 1, "records": 1},
        {"path": "/b", "pages": 1, "records": 1},
    ]


def test_the_last_page_adds_the_window_to_the_coverage() -> None:
    from politeharvest.plan._planning import PageFacts

    first, _ = step(None, PageFacts("c2", "2024-02-01T00:00:00Z", ("2024-01-02",)))
    checkpoint, coverage = step(first, PageFacts(None, "2024-03-01T00:00:00Z", ("2024-01-09",)))
    assert checkpoint is None
    assert coverage == (
        Span(None, at(-10)),
        Span(at(0), at(31), "2024-02-01T00:00:00Z", day=True),  # to the first page's clock
    )
