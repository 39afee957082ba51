"""A file whose body the job's budget cut off is due again at once, not an hour later.

A page job's budget can run out while a file is arriving. That is not a network failure:
the next job may ask for the file again at once, as it asks for the files the budget never
reached. Marked an hour away instead (a network failure's mark), the command's retry runs
skipped the file and ended with it left undownloaded and unreported (CI, 2026-12-06).
Real loopback server, real clock: the file trickles in over about 4 s.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from politeharvest import FullText, Politeness, PoliteSession
from politeharvest.exceptions import BodyCutByBudget, TransportError
from politeharvest.fulltext import FullTextStep
from politeharvest.store import SQLiteStateStore
from politeharvest.testing import LoopbackServer, Reply

pytestmark = pytest.mark.integration

UA = "politeharvest-tests/1.0 (+mailto:tests@example.org)"
BODY = b"%PDF-1.4\n" + b"x" * 80  # one byte every 0.05 s: about 4.5 s in all
LANDING = (
    b'<html><head><meta name="citation_title" content="A cut file">'
    b'<meta name="citation_pdf_url" content="/cut.pdf"></head>'
    b"<body><h1>A cut file</h1></body></html>"
)


def _policy(**settings: float) -> Politeness:
    return Politeness(
        user_agent=UA,
        request_interval=0.0,
        file_interval=0.0,
        allow_private_addresses=True,
        https_only=False,
        jitter=0.0,
        **settings,  # type: ignore[arg-type]
    )


def _fetch(tmp_path: Path, policy: Politeness) -> tuple[dict[str, object], SQLiteStateStore]:
    state = SQLiteStateStore(tmp_path / "state.db")
    with LoopbackServer("127.0.0.1") as server:
        server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        server.add("/article/1", Reply(200, {"Content-Type": "text/html"}, LANDING))
        server.add(
            "/cut.pdf", Reply(200, {"Content-Type": "application/pdf"}, BODY, trickle_s=0.05)
        )
        with PoliteSession(policy) as session:
            step = FullTextStep(session, FullText(directory=tmp_path / "files"), state)
            row = step.for_url(server.url("/article/1"), "rec-1")
    return row, state


def test_a_file_the_job_budget_cut_off_is_due_again_at_once(tmp_path: Path) -> None:
    row, state = _fetch(tmp_path, _policy(job_budget=1.0, file_time_s=60.0))
    assert row["status"] == "retry-later", row
    assert "budget ran out while the response was arriving" in str(row["reason"]), row
    # due now: the next job asks for it with the files the budget never reached
    (mark,) = state.retry_later(time.time())
    assert mark.extra["key"] == "rec-1"
    assert mark.url.endswith("/cut.pdf")  # the file's own mark, not the landing page's
    assert not (tmp_path / "files").exists() or not any((tmp_path / "files").iterdir())


def test_a_body_cut_by_its_own_time_limit_stays_a_network_failure(tmp_path: Path) -> None:
    # the guard: the file's own total time (not the job's budget) ends the read
    row, state = _fetch(tmp_path, _policy(job_budget=600.0, file_time_s=1.0))
    assert row["status"] == "retry-later", row
    assert "longer than 1 s in all" in str(row["reason"]), row
    assert state.retry_later(time.time() + 600) == []  # tried again in an hour
    (mark,) = state.retry_later(time.time() + 3700)
    assert mark.extra["key"] == "rec-1"
    assert mark.url.endswith("/cut.pdf")


def test_the_budget_cut_is_a_transport_error_with_its_deadline() -> None:
    import datetime as dt

    moment = dt.datetime(2026, 12, 6, 23, 0, tzinfo=dt.timezone.utc)
    error = BodyCutByBudget("https://x.example.org/a.pdf", "cut", deadline=moment)
    assert isinstance(error, TransportError)  # callers catching network failures still do
    assert error.deadline == moment
    assert str(error) == "https://x.example.org/a.pdf: cut"
