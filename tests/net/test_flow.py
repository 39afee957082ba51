"""A request's journey as tables: (flow, response) -> decision, and (turn, now) -> wait."""

from __future__ import annotations

from typing import Any

import pytest

from politeharvest import Politeness
from politeharvest.net._flow import (
    Defer,
    Done,
    GiveUp,
    Go,
    Hop,
    Refused,
    RequestFlow,
    Retry,
    Sleep,
    StopHost,
    WaitRefused,
    decide_busy,
    decide_wait,
    on_response,
)
from politeharvest.net._redirects import RedirectPolicy

UA = "politeharvest-tests/1.0 (+mailto:tests@example.org)"
POLICY = Politeness(user_agent=UA)  # backoff 30, 60, 120; longest wait 300 s
NOW = 1_767_225_600.0
A = "https://repo.example.org/oai"
FLOW = RequestFlow((A,))


def decide(
    status: int,
    headers: dict[str, str] | None = None,
    flow: RequestFlow = FLOW,
    **kwargs: Any,
) -> Any:
    return on_response(
        flow,
        policy=kwargs.pop("policy", POLICY),
        status=status,
        headers=headers or {},
        now=NOW,
        **kwargs,
    )


# (name, status, headers, flow, keywords, expected decision)
RESPONSES = [
    ("200 is the answer", 200, {}, FLOW, {}, Done()),
    ("404 is the answer", 404, {}, FLOW, {}, Done()),
    (
        "429 with Retry-After seconds",
        429,
        {"Retry-After": "7"},
        FLOW,
        {},
        Retry(7.0, "retry-after", RequestFlow((A,), statuses=(429,), attempt=1)),
    ),
    (
        "503 without Retry-After: the first backoff",
        503,
        {},
        FLOW,
        {},
        Retry(30.0, "backoff", RequestFlow((A,), statuses=(503,), attempt=1)),
    ),
    (
        "second 503: the second backoff, statuses kept",
        503,
        {},
        RequestFlow((A,), statuses=(429,), attempt=1),
        {},
        Retry(60.0, "backoff", RequestFlow((A,), statuses=(429, 503), attempt=2)),
    ),
    (
        "Retry-After beyond the longest wait: defer",
        429,
        {"Retry-After": "3600"},
        FLOW,
        {},
        Defer(3600.0, "retry-after"),
    ),
    (
        "every retry spent: give up, hold for the last backoff",
        503,
        {},
        RequestFlow((A,), statuses=(503, 503, 503), attempt=3),
        {},
        GiveUp(120.0, (503, 503, 503, 503)),
    ),
    (
        "every retry spent, a longer Retry-After: hold for it",
        429,
        {"Retry-After": "200"},
        RequestFlow((A,), statuses=(429, 429, 429), attempt=3),
        {},
        GiveUp(200.0, (429, 429, 429, 429)),
    ),
    (
        "403 on a page stops the host",
        403,
        {},
        FLOW,
        {},
        StopHost("403 Forbidden on a harvest request (status 403)"),
    ),
    ("403 on a file is that file's answer", 403, {}, FLOW, {"kind": "file"}, Done()),
    (
        "a bot challenge on a file stops the host",
        200,
        {},
        FLOW,
        {"kind": "file", "challenge": "Cloudflare challenge"},
        StopHost("Cloudflare challenge (status 200)"),
    ),
    (
        "a challenge answered 429 stops before any retry",
        429,
        {"Retry-After": "1"},
        FLOW,
        {"challenge": "DataDome"},
        StopHost("DataDome (status 429)"),
    ),
    (
        "403 with stop_on_forbidden off",
        403,
        {},
        FLOW,
        {"policy": Politeness(user_agent=UA, stop_on_forbidden=False)},
        Done(),
    ),
    (
        "robots.txt never stops nor retries: 403",
        403,
        {},
        FLOW,
        {"kind": "robots", "retries": False},
        Done(),
    ),
    ("robots.txt never retries: 503", 503, {}, FLOW, {"kind": "robots", "retries": False}, Done()),
    (
        "redirect within the site",
        301,
        {"Location": "/oai2"},
        FLOW,
        {},
        Hop(
            "https://repo.example.org/oai2",
            "GET",
            True,
            0.0,
            RequestFlow((A, "https://repo.example.org/oai2")),
        ),
    ),
    (
        "303 after a POST becomes a GET",
        303,
        {"Location": "https://repo.example.org/done"},
        RequestFlow((A,), "POST"),
        {},
        Hop(
            "https://repo.example.org/done",
            "GET",
            True,
            0.0,
            RequestFlow((A, "https://repo.example.org/done")),
        ),
    ),
    (
        "307 keeps the method",
        307,
        {"Location": "https://repo.example.org/again"},
        RequestFlow((A,), "POST"),
        {},
        Hop(
            "https://repo.example.org/again",
            "POST",
            True,
            0.0,
            RequestFlow((A, "https://repo.example.org/again"), "POST"),
        ),
    ),
    (
        "a hop to another host of the site drops credentials, keeps Retry-After",
        302,
        {"Location": "https://files.example.org/x.pdf", "Retry-After": "5"},
        FLOW,
        {},
        Hop(
            "https://files.example.org/x.pdf",
            "GET",
            False,
            5.0,
            RequestFlow((A, "https://files.example.org/x.pdf")),
        ),
    ),
    (
        "a 3xx is the answer when redirects are not followed",
        302,
        {"Location": "/x"},
        FLOW,
        {"follow": False},
        Done(),
    ),
    ("a 3xx without Location is the answer", 302, {}, FLOW, {}, Done()),
    (
        "a retry status wins over a Location",
        503,
        {"Location": "/x"},
        FLOW,
        {},
        Retry(30.0, "backoff", RequestFlow((A,), statuses=(503,), attempt=1)),
    ),
]


@pytest.mark.parametrize(
    ("name", "status", "headers", "flow", "kwargs", "expected"),
    RESPONSES,
    ids=[r[0] for r in RESPONSES],
)
def test_on_response(
    name: str,
    status: int,
    headers: dict[str, str],
    flow: RequestFlow,
    kwargs: dict[str, Any],
    expected: Any,
) -> None:
    assert decide(status, headers, flow, **kwargs) == expected


@pytest.mark.parametrize(
    ("location", "code"),
    [
        ("http://repo.example.org/oai", "insecure-scheme"),
        ("https://elsewhere.org/oai", "off-site"),
        ("https://repo.example.org/login?next=/oai", "auth-wall"),
        (A, "loop"),
    ],
)
def test_refused_redirects(location: str, code: str) -> None:
    step = decide(302, {"Location": location}, RequestFlow((A, "https://repo.example.org/b")))
    assert isinstance(step, Refused)
    assert step.stop.code == code


def test_hop_count_and_robots_rules() -> None:
    four = RequestFlow(tuple(f"https://repo.example.org/{n}" for n in range(4)))
    step = decide(302, {"Location": "/5"}, four)
    assert isinstance(step, Refused) and step.stop.code == "too-many-hops"
    robots = RedirectPolicy.for_robots(POLICY)  # five hops, any host (RFC 9309)
    step = decide(
        301, {"Location": "https://cdn.example.net/robots.txt"}, kind="robots", redirects=robots
    )
    assert isinstance(step, Hop) and not step.keep_credentials


# (name, start_at, now, deadline, inline, expected)
WAITS = [
    ("the turn is now", 10.0, 10.0, 100.0, None, Go()),
    ("the turn has passed", 9.0, 10.0, 100.0, None, Go()),
    ("a short wait is slept", 11.5, 10.0, 100.0, None, Sleep(1.5)),
    ("within what the caller allows", 12.0, 10.0, 100.0, 5.0, Sleep(2.0)),
    (
        "longer than the caller allows",
        20.0,
        10.0,
        100.0,
        5.0,
        WaitRefused(
            20.0,
            False,
            "the next polite moment is 10.0 s away (retry-after), longer than the caller "
            "allows to wait inline",
        ),
    ),
    (
        "after the deadline",
        60.0,
        10.0,
        50.0,
        None,
        WaitRefused(
            60.0, True, "the next polite moment (retry-after (50.000 s)) is after the deadline"
        ),
    ),
    (
        "beyond the policy's longest wait (before the deadline is looked at)",
        500.0,
        10.0,
        50.0,
        None,
        WaitRefused(
            500.0,
            False,
            "the next polite moment is 490.0 s away (retry-after), beyond the policy's "
            "longest wait of 300 s",
        ),
    ),
]


@pytest.mark.parametrize(
    ("name", "start_at", "now", "deadline", "inline", "expected"), WAITS, ids=[w[0] for w in WAITS]
)
def test_decide_wait(
    name: str, start_at: float, now: float, deadline: float, inline: float | None, expected: Any
) -> None:
    got = decide_wait(
        start_at=start_at,
        now=now,
        deadline=deadline,
        inline=inline,
        max_wait=300.0,
        reason="retry-after",
    )
    assert got == expected


@pytest.mark.parametrize(
    ("retry_at", "deadline", "inline", "waited", "expected"),
    [
        (10.5, 100.0, None, 0.0, Sleep(0.5)),
        (10.5, 100.0, 1.0, 0.4, Sleep(0.5)),
        (10.5, 100.0, 1.0, 0.6, WaitRefused(10.5, False, "host h is busy")),
        (200.0, 100.0, None, 0.0, WaitRefused(200.0, True, "host h is busy")),
        (9.0, 100.0, None, 0.0, Sleep(0.0)),
    ],
)
def test_decide_busy(
    retry_at: float, deadline: float, inline: float | None, waited: float, expected: Any
) -> None:
    got = decide_busy(
        retry_at=retry_at, now=10.0, deadline=deadline, inline=inline, waited=waited, host="h"
    )
    assert got == expected
