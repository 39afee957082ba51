"""OAI-PMH datestamps as tables: read, compared, windowed (writing them: test_oai_pager)."""

from __future__ import annotations

import datetime as _dt

import pytest

from politeharvest.oai._datestamps import (
    later,
    moments,
    parse_datestamp,
    split_window,
    windows,
)

UTC = _dt.timezone.utc


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2024-03-01", _dt.datetime(2024, 3, 1, tzinfo=UTC)),
        ("2024-03-01T10:20:30Z", _dt.datetime(2024, 3, 1, 10, 20, 30, tzinfo=UTC)),
        ("2024-03-01T10:20:30z", _dt.datetime(2024, 3, 1, 10, 20, 30, tzinfo=UTC)),
        ("2024-03-01T12:20:30+02:00", _dt.datetime(2024, 3, 1, 10, 20, 30, tzinfo=UTC)),
        ("2024-03-01T10:20:30.5Z", _dt.datetime(2024, 3, 1, 10, 20, 30, 500000, tzinfo=UTC)),
        ("2024-03-01T10:20:30", _dt.datetime(2024, 3, 1, 10, 20, 30, tzinfo=UTC)),  # naive: UTC
        (" 2024-03-01 ", _dt.datetime(2024, 3, 1, tzinfo=UTC)),
        ("", None),
        ("yesterday", None),
        ("2024-13-01", None),
    ],
)
def test_datestamps_are_read_as_utc_or_not_at_all(text: str, expected: _dt.datetime | None) -> None:
    assert parse_datestamp(text) == expected


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("2024-03-02", "2024-03-01", True),
        ("2024-03-01", "2024-03-01", False),
        ("2024-03-01T10:00:00Z", "2024-03-01T09:59:59Z", True),
        ("2024-03-01T10:00:00+02:00", "2024-03-01T09:00:00Z", False),  # 08:00 UTC
        ("2024-03-01T00:00:01Z", "2024-03-01", True),  # forms differ: compared as moments
        ("junk", "2024-03-01", True),  # junk is compared as text, never an error
    ],
)
def test_which_datestamp_is_later(a: str, b: str, expected: bool) -> None:
    assert later(a, b) is expected


@pytest.mark.parametrize(
    ("value", "span"),
    [
        ("2024-03-01", 86_399.0),  # a day stands for each of its seconds
        ("2024-03-01T10:20:30Z", 0.0),
    ],
)
def test_the_moments_a_datestamp_stands_for(value: str, span: float) -> None:
    found = moments(value)
    assert found is not None
    start, end = found
    assert start == parse_datestamp(value).timestamp()  # type: ignore[union-attr]
    assert end - start == span
    assert moments("junk") is None


@pytest.mark.parametrize(
    ("window", "halves"),
    [
        (
            ("2024-01-01", "2024-01-31"),
            [("2024-01-01", "2024-01-16"), ("2024-01-17", "2024-01-31")],
        ),
        (
            ("2024-01-01", "2024-01-02"),
            [("2024-01-01", "2024-01-01"), ("2024-01-02", "2024-01-02")],
        ),
        (("2024-01-05", "2024-01-05"), [("2024-01-05", "2024-01-05")]),  # one day stays whole
    ],
)
def test_a_window_is_split_in_two(window: tuple[str, str], halves: list[tuple[str, str]]) -> None:
    assert split_window(window) == halves


@pytest.mark.parametrize(
    ("size", "expected"),
    [
        (
            "month",
            [
                ("2024-01-30", "2024-01-31"),
                ("2024-02-01", "2024-02-29"),
                ("2024-03-01", "2024-03-02"),
            ],
        ),
        ("year", [("2024-01-30", "2024-03-02")]),
        (
            "week",
            [
                ("2024-01-30", "2024-02-05"),
                ("2024-02-06", "2024-02-12"),
                ("2024-02-13", "2024-02-19"),
                ("2024-02-20", "2024-02-26"),
                ("2024-02-27", "2024-03-02"),  # the last window ends with the range
            ],
        ),
    ],
)
def test_windows_cover_every_day_once(size: str, expected: list[tuple[str, str]]) -> None:
    assert windows("2024-01-30", _dt.date(2024, 3, 2), size) == expected  # type: ignore[arg-type]


def test_a_window_size_must_be_known() -> None:
    with pytest.raises(ValueError, match="window size"):
        windows("2024-01-01", "2024-02-01", "fortnight")  # type: ignore[arg-type]
