"""Rate-limit headers as holds: the announced quota lasts until its reset (table-driven)."""

from __future__ import annotations

import pytest
from requests.structures import CaseInsensitiveDict

from politeharvest.net._ratelimit import announced_hold

NOW = 1_800_000_000.0
RETRY = (429, 503)


@pytest.mark.parametrize(
    ("headers", "status", "delay", "reason"),
    [
        # IETF draft, structured field: 10 left, reset in 30 s -> 3 s apart
        ({"RateLimit": '"default";r=10;t=30'}, 200, 3.0, "rate-limit"),
        # several quotas: the strictest counts (2 left in 10 s -> 5 s)
        ({"RateLimit": '"hour";r=1000;t=3000, "burst";r=2;t=10'}, 200, 5.0, "rate-limit"),
        # none left: nothing before the reset
        ({"RateLimit": '"default";r=0;t=42'}, 200, 42.0, "rate-limit"),
        # the draft's earlier single-field form
        ({"RateLimit": "limit=100, remaining=50, reset=25"}, 200, 0.5, "rate-limit"),
        # separate fields of earlier drafts
        ({"RateLimit-Remaining": "4", "RateLimit-Reset": "8"}, 200, 2.0, "rate-limit"),
        # X-RateLimit with an epoch reset (Zenodo, GitHub)
        (
            {"X-RateLimit-Remaining": "9", "X-RateLimit-Reset": str(int(NOW) + 45)},
            200,
            5.0,
            "rate-limit",
        ),
        (
            {"X-RateLimit-Limit": "133", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "60"},
            200,
            60.0,
            "rate-limit",
        ),
        # Retry-After on a 200: come back later
        ({"Retry-After": "7"}, 200, 7.0, "retry-after"),
        # the longer of a quota and a Retry-After
        ({"Retry-After": "7", "RateLimit": '"q";r=1;t=20'}, 200, 20.0, "rate-limit"),
    ],
)
def test_announced_holds(headers: dict[str, str], status: int, delay: float, reason: str) -> None:
    held = announced_hold(
        CaseInsensitiveDict(headers), status=status, now=NOW, retry_statuses=RETRY
    )
    assert held is not None
    assert held.delay == pytest.approx(delay)
    assert held.reason == reason
    assert held.evidence


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({}, 200),
        ({"X-RateLimit-Limit": "100"}, 200),  # a limit alone says nothing about now
        ({"X-RateLimit-Remaining": "5"}, 200),  # no reset
        ({"RateLimit": "garbage"}, 200),
        ({"RateLimit-Remaining": "-3", "RateLimit-Reset": "10"}, 200),
        ({"RateLimit-Remaining": "3", "RateLimit-Reset": "9999999"}, 200),  # not believed
        ({"X-RateLimit-Remaining": "3", "X-RateLimit-Reset": str(int(NOW) - 10)}, 200),  # past
        ({"Retry-After": "30"}, 429),  # a refusal's Retry-After is the retry decision's
        ({"Retry-After": "30"}, 503),
        ({"Retry-After": "3"}, 302),  # a redirect's is the hop's
        ({"Retry-After": "soon"}, 200),
    ],
)
def test_no_hold(headers: dict[str, str], status: int) -> None:
    assert (
        announced_hold(CaseInsensitiveDict(headers), status=status, now=NOW, retry_statuses=RETRY)
        is None
    )


def test_hold_never_negative_and_never_past_the_reset() -> None:
    for remaining in range(0, 50):
        held = announced_hold(
            CaseInsensitiveDict({"RateLimit-Remaining": str(remaining), "RateLimit-Reset": "30"}),
            status=200,
            now=NOW,
            retry_statuses=RETRY,
        )
        assert held is not None
        assert 0.0 <= held.delay <= 30.0
