"""One table: a request error or an HTTP status -> a file's status and whether to retry it.

Every row of `politeharvest.fulltext._outcome` is listed here, and the three paths that
ask it (the fetcher, the resolver's probe without a fetcher, the resolver's landing-page
read) give the same answer for the same error.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any, cast

import pytest

from politeharvest.exceptions import (
    AddressRefused,
    BadResponse,
    BudgetExhausted,
    CertificateRejected,
    ContactRequired,
    ContentError,
    Deferred,
    Disallowed,
    FetchError,
    HarvestError,
    HostBusy,
    HostStopped,
    HostUnreachable,
    LeaseLost,
    PolicyRefusal,
    RedirectRefused,
    ResponseTooLarge,
    RetriesExhausted,
    RetryLater,
    RightsReserved,
    RobotsUnavailable,
    StoreUnavailable,
    TransportError,
    WaitRequired,
)
from politeharvest.fulltext import LandingPageResolver, PdfFetcher, RecordHints
from politeharvest.fulltext._outcome import (
    ERROR_OUTCOMES,
    RETRY_LATER_STATUSES,
    error_outcome,
    resolution_status,
    status_outcome,
)
from politeharvest.fulltext._resolver import _peek
from politeharvest.testing import FakeClock

URL = "https://journal.example.org/files/1.pdf"
UNTIL = _dt.datetime(2030, 1, 1, tzinfo=_dt.timezone.utc)

#: Every error a file request can raise: (error, file status, retriable).
ERRORS: list[tuple[HarvestError, str, bool]] = [
    # not now: come back at `until`
    (BudgetExhausted(URL, UNTIL, "a wait of 30 s", deadline=UNTIL), "retry-later", True),
    (WaitRequired(URL, UNTIL, "a wait of 600 s"), "retry-later", True),
    (HostBusy(URL, UNTIL, host="journal.example.org", holder="job-2"), "retry-later", True),
    (LeaseLost(URL, UNTIL, host="journal.example.org"), "retry-later", True),
    (RetryLater(URL, UNTIL, "the server is busy"), "retry-later", True),
    (RetriesExhausted(URL, UNTIL, (429, 503, 503)), "retry-later", True),
    (RobotsUnavailable(URL, UNTIL, "robots.txt answered 503"), "retry-later", True),
    (StoreUnavailable("redis://localhost", UNTIL, "connection refused"), "retry-later", True),
    (Deferred(URL, UNTIL, "not now"), "retry-later", True),
    # we declined: nothing was sent
    (HostStopped(URL, "journal.example.org", "403 on a file"), "blocked", False),
    (Disallowed(URL, "robots.txt", rule="/files/"), "disallowed", False),
    (RightsReserved(URL, "tdmrep", "tdm-reservation: 1"), "reserved", False),
    (RedirectRefused(URL, "http://x.example", "https only", code="scheme"), "failed", False),
    (RedirectRefused(URL, "https://x.example/a", "redirect loop", code="loop"), "failed", False),
    # our own settings declined (not final: tried again once they change)
    (AddressRefused(URL, "journal.example.org", "10.0.0.1"), "refused", False),
    (ContactRequired(URL, "journal.example.org"), "refused", False),
    (
        RedirectRefused(URL, "http://x.example", "https only", code="insecure-scheme"),
        "refused",
        False,
    ),
    (
        RedirectRefused(URL, "https://10.0.0.1/", "private", code="private-address"),
        "refused",
        False,
    ),
    (RedirectRefused(URL, "https://a.example/", "off", code="off-site"), "refused", False),
    (RedirectRefused(URL, "https://x.example/5", "hops", code="too-many-hops"), "refused", False),
    (PolicyRefusal(URL, "refused"), "failed", False),
    # the wire failed
    (TransportError(URL, "read timed out"), "retry-later", True),
    (HostUnreachable(URL, "journal.example.org", "the name does not resolve"), "failed", False),
    (CertificateRejected(URL, "journal.example.org", "self-signed"), "failed", False),
    (FetchError(URL, "the wire failed"), "failed", False),
    # bytes arrived, not what was wanted
    (ResponseTooLarge(URL, 1024), "too-large", False),
    (BadResponse(URL, "unreadable"), "failed", False),
    (ContentError(URL, "not wanted"), "failed", False),
    (HarvestError("anything else"), "failed", False),
]

#: HTTP statuses: (status, file status or None when the response is read, retriable).
STATUSES: list[tuple[int, str | None, bool]] = [
    (200, None, False),
    (206, None, False),
    (304, None, False),
    (399, None, False),
    (400, "failed", False),
    (401, "failed", False),
    (403, "retry-later", True),
    (404, "failed", False),
    (408, "retry-later", True),
    (410, "failed", False),
    (425, "retry-later", True),
    (426, "retry-later", True),
    (429, "retry-later", True),
    (451, "failed", False),
    (500, "retry-later", True),
    (501, "failed", False),
    (502, "retry-later", True),
    (503, "retry-later", True),
    (504, "retry-later", True),
    (505, "failed", False),
]


@pytest.mark.parametrize(
    ("error", "status", "retriable"), ERRORS, ids=[type(e).__name__ for e, _, _ in ERRORS]
)
def test_error_row(error: HarvestError, status: str, retriable: bool) -> None:
    """Each request error gives one file status and one retriable flag, on every path."""
    outcome = error_outcome(error)
    assert (outcome.status, outcome.retriable) == (status, retriable)
    assert outcome.reason
    if isinstance(error, Deferred):
        assert outcome.not_before == error.until  # come back when the error says
    else:
        assert outcome.not_before is None


@pytest.mark.parametrize(("code", "status", "retriable"), STATUSES)
def test_status_row(code: int, status: str | None, retriable: bool) -> None:
    """An HTTP status of 400 or more is retry-later when worth another harvest, else failed."""
    outcome = status_outcome(code)
    if status is None:
        assert outcome is None
        return
    assert outcome is not None
    assert (outcome.status, outcome.retriable, outcome.reason) == (
        status,
        retriable,
        f"HTTP {code}",
    )


def test_every_row_and_status_is_listed() -> None:
    """The lists above cover every row of the table and every retry-later status."""
    assert {row.error for row in ERROR_OUTCOMES} <= {type(e) for e, _, _ in ERRORS}
    assert {c for c, s, _ in STATUSES if s == "retry-later"} == RETRY_LATER_STATUSES


def test_no_row_is_hidden_by_an_earlier_one() -> None:
    """A subclass's row comes before its parent's, so every row can decide."""
    for i, row in enumerate(ERROR_OUTCOMES):
        assert not any(issubclass(row.error, earlier.error) for earlier in ERROR_OUTCOMES[:i])
    assert ERROR_OUTCOMES[-1].error is HarvestError  # and nothing falls through


def test_reasons() -> None:
    """The reasons say what happened: the error's own sentence, a network error, a cut body."""
    stopped = HostStopped(URL, "h", "403 on a file")
    assert error_outcome(stopped).reason == stopped.reason
    assert error_outcome(WaitRequired(URL, UNTIL, "a wait of 600 s")).reason == "a wait of 600 s"
    budget = BudgetExhausted(URL, UNTIL, "a wait", deadline=UNTIL)
    assert error_outcome(budget).reason == "job budget exhausted; left for the next attempt"
    cut = TransportError(URL, "connection reset")
    assert error_outcome(cut).reason == f"network error: {cut}"
    assert error_outcome(cut, reading_body=True).reason == f"download interrupted: {cut}"
    disallowed = Disallowed(URL, "robots.txt", rule="/files/")
    assert error_outcome(disallowed).reason == str(disallowed)


@pytest.mark.parametrize(
    ("status", "resolution"),
    [
        ("blocked", "blocked"),
        ("retry-later", "retry-later"),
        ("disallowed", "failed"),
        ("reserved", "reserved"),
        ("too-large", "failed"),
        ("failed", "failed"),
    ],
)
def test_a_landing_page_reads_the_same_row(status: Any, resolution: str) -> None:
    """A Resolution has no disallowed or too-large status: those read failed."""
    assert resolution_status(status) == resolution


class _Raising:
    """A session whose every request raises `error` (the three paths ask it alike)."""

    def __init__(self, error: HarvestError) -> None:
        self.error = error
        self.clock = FakeClock()

    def get(self, url: str, **kwargs: Any) -> Any:
        raise self.error


#: The errors a request itself raises (a body's errors come while reading it).
REQUEST_ERRORS = [
    row for row in ERRORS if isinstance(row[0], Deferred | PolicyRefusal | FetchError)
]


@pytest.mark.parametrize(
    ("error", "status", "retriable"),
    REQUEST_ERRORS,
    ids=[type(e).__name__ for e, _, _ in REQUEST_ERRORS],
)
def test_the_fetcher_the_probe_and_the_landing_page_agree(
    error: HarvestError, status: str, retriable: bool, tmp_path: Path
) -> None:
    """`PdfFetcher.fetch`, a probe without a fetcher and `resolve` give the table's answer."""
    session = cast(Any, _Raising(error))
    fetched = PdfFetcher(session, tmp_path).fetch(URL, "rec-1")
    peeked = _peek(session, URL, "rec-1", RecordHints(), "not-mismatch")
    resolved = LandingPageResolver(session).resolve("https://journal.example.org/article/1")
    for result in (fetched, peeked):
        assert (result.status, result.retriable) == (status, retriable)
    assert fetched.reason == peeked.reason == resolved.reason
    assert (resolved.status, resolved.retriable) == (
        resolution_status(cast(Any, status)),
        retriable,
    )
    kinds = {"blocked": "blocked", "reserved": "pdf"}  # a reserved address: named, not read
    assert resolved.kind == kinds.get(status, "none")
    if retriable:
        assert fetched.not_before is not None  # the fetcher always says when to come back
