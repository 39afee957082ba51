"""Retry-After parsing and the 429/503 retry schedule (section 13 B2, B3, B4, B5)."""

from __future__ import annotations

import datetime as dt
from email.utils import format_datetime

import pytest

from politeharvest import Politeness, parse_retry_after, retry_decision
from politeharvest.net._retry import MAX_DELAY_S

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc).timestamp()


def _in(seconds: float) -> dt.datetime:
    return dt.datetime.fromtimestamp(NOW + seconds, tz=dt.timezone.utc)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("7", 7.0),
        ("0", 0.0),
        ("  120 ", 120.0),
        ("86400", 86400.0),
        # IMF-fixdate 90 s ahead
        (format_datetime(_in(90), usegmt=True), 90.0),
        # RFC 850 and asctime forms, 90 s ahead
        (_in(90).strftime("%A, %d-%b-%y %H:%M:%S GMT"), 90.0),
        (_in(90).strftime("%a %b %e %H:%M:%S %Y"), 90.0),
        # past dates mean no extra hold
        ("Sunday, 06-Nov-94 08:49:37 GMT", 0.0),
        ("Sun Nov  6 08:49:37 1994", 0.0),
        ("Sun, 06 Nov 1994 08:49:37 GMT", 0.0),
    ],
)
def test_retry_after_forms_are_honoured(value: str, expected: float) -> None:
    """Seconds and all three HTTP-date forms (RFC 9110 5.6.7) give the wait they ask for."""
    assert parse_retry_after(value, NOW) == pytest.approx(expected, abs=1.0)


@pytest.mark.parametrize(
    "value",
    [
        "1.5",
        "-5",
        "1m0s",
        "soon",
        "",
        "   ",
        "7, 9",
        "Fri, 31 Dec 2099 23:59:59 GMT, 5, 6",
        "0x10",
        "Mon, 32 Foo 2020 00:00:00 GMT",
        "\u0661\u0662",
    ],
)
def test_junk_retry_after_is_none_never_an_exception(value: str) -> None:
    """Invalid values fall back to the schedule: None, never an exception (B3)."""
    assert parse_retry_after(value, NOW) is None


def test_absent_retry_after_is_none() -> None:
    assert parse_retry_after(None, NOW) is None


@pytest.mark.parametrize(
    "value", ["99999999999999999999", "9" * 400, "Fri, 31 Dec 9999 23:59:59 GMT"]
)
def test_huge_retry_after_is_clamped_without_overflow(value: str) -> None:
    """Enormous waits clamp to ten years: they defer, they never overflow (B5)."""
    assert parse_retry_after(value, NOW) == MAX_DELAY_S


def test_far_future_date_is_clamped_and_deferred() -> None:
    policy = Politeness()
    decision = retry_decision(policy, 0, "Fri, 31 Dec 2099 23:59:59 GMT", NOW)
    assert decision is not None
    assert decision.defer
    assert decision.delay > policy.max_wait


def test_schedule_without_retry_after_is_30_60_120_then_spent() -> None:
    """No Retry-After: 30, 60, 120 s, then no more retries (B4)."""
    policy = Politeness()
    waits = [retry_decision(policy, attempt, None, NOW) for attempt in range(4)]
    assert [w.delay for w in waits[:3] if w] == [30.0, 60.0, 120.0]
    assert all(w is not None and w.reason == "backoff" and not w.defer for w in waits[:3])
    assert waits[3] is None


def test_junk_falls_back_to_the_schedule_never_zero() -> None:
    """A junk Retry-After gives the scheduled wait, never an immediate retry (B3)."""
    decision = retry_decision(Politeness(), 1, "soon", NOW)
    assert decision is not None
    assert (decision.delay, decision.reason) == (60.0, "backoff")


def test_retry_after_above_cap_defers() -> None:
    decision = retry_decision(Politeness(), 0, "301", NOW)
    assert decision is not None
    assert decision.defer
    assert decision.reason == "retry-after"
    decision = retry_decision(Politeness(), 0, "300", NOW)
    assert decision is not None
    assert not decision.defer
