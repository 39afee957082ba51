"""Pins the public API: a change here is a change users will notice."""

from __future__ import annotations

import politeharvest
from politeharvest import exceptions, testing


def test_all_is_pinned() -> None:
    assert sorted(politeharvest.__all__) == sorted(
        [
            "Busy",
            "CallbackSink",
            "Candidate",
            "Checkpoint",
            "Clock",
            "DEFAULT_USER_AGENT",
            "FileResult",
            "Follow",
            "FullText",
            "FullTextStep",
            "HarvestPlan",
            "HarvestSummary",
            "HostPacer",
            "HostState",
            "JsonlSink",
            "LANDING_RULES",
            "LandingPageResolver",
            "MemoryPaceStore",
            "OaiCursor",
            "OaiFormat",
            "OaiIdentify",
            "OaiPage",
            "OaiPager",
            "OaiRecord",
            "OaiSet",
            "PaceStore",
            "PageAnalysis",
            "PageResult",
            "PdfFetcher",
            "PlanCursor",
            "PoliteSession",
            "Politeness",
            "RedirectDecision",
            "RedirectPolicy",
            "RequestEvent",
            "Resolution",
            "RetryDecision",
            "RobotsDecision",
            "RobotsGate",
            "RobotsTxt",
            "SQLitePaceStore",
            "SQLiteSink",
            "SQLiteStateStore",
            "SessionStats",
            "Sink",
            "SiteRule",
            "Slot",
            "StateStore",
            "Stop",
            "SystemClock",
            "UrlOutcome",
            "__version__",
            "candidate_urls",
            "challenge_evidence",
            "exceptions",
            "find_candidates",
            "format_datestamp",
            "harvest",
            "host_key",
            "looks_like_pdf",
            "parse_retry_after",
            "presets",
            "registrable_domain",
            "retry_decision",
            "run_batch",
            "safe_filename",
            "windows",
        ]
    )
    for name in politeharvest.__all__:
        assert hasattr(politeharvest, name)


def test_exception_tree() -> None:
    e = exceptions
    assert issubclass(e.Disallowed, e.PolicyRefusal)
    assert issubclass(e.RedirectRefused, e.PolicyRefusal)
    assert issubclass(e.HostStopped, e.PolicyRefusal)
    assert issubclass(e.WaitRequired, e.Deferred)
    assert issubclass(e.BudgetExhausted, e.Deferred)
    assert issubclass(e.RetriesExhausted, e.RetryLater)
    assert issubclass(e.RobotsUnavailable, e.RetryLater)
    assert issubclass(e.TransportError, e.FetchError)
    assert issubclass(e.ResponseTooLarge, e.BadResponse)
    assert issubclass(e.BadResponse, e.ContentError)
    for name in e.__all__:
        assert issubclass(getattr(e, name), e.HarvestError)


def test_testing_helpers_are_public() -> None:
    for name in testing.__all__:
        assert hasattr(testing, name)


def test_import_starts_no_threads() -> None:
    import subprocess
    import sys

    code = "import threading, politeharvest, politeharvest.testing; print(threading.active_count())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"
