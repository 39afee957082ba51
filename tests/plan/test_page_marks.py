"""A file's retry-later mark is part of its page's commit, like a postponed file's.

A file that cannot be had now (a cut download, a 503 or 429 waited out in vain) is marked
retry-later. Written to the state at once, the mark outlived its page when the page was
taken back (a second Ctrl-C before the commit): the next run retried the file first, as
an update row for a record not yet written, and then fetched it again with its record.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest

from politeharvest import FullText, HarvestPlan, RequestEvent
from politeharvest._clock import SystemClock
from politeharvest._testing._works import demo_pdf
from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply
from tests.support import UA
from tests.support.plans import scaled_policy, served_with_files


class _Later(SystemClock):
    """The system clock two hours on: every retry-later mark of a cut download is due."""

    def now(self) -> float:
        return super().now() + 7200.0


@pytest.fixture
def files_repo() -> Iterator[tuple[LoopbackServer, OaiTestRepository]]:
    with served_with_files() as served:
        yield served


@pytest.mark.integration
@pytest.mark.parametrize("failure", ["cut", "503"])
def test_a_files_retry_later_mark_is_taken_back_with_its_page(
    files_repo: tuple[LoopbackServer, OaiTestRepository], tmp_path: Path, failure: str
) -> None:
    server, repository = files_repo
    second = repository.records[1]
    path = "/files/" + quote(second.identifier) + ".pdf"
    # The second record's file fails once (a broken download, or a 503 not retried at once:
    # the policy has no backoff), then comes whole.
    body = demo_pdf(second)
    pdf = {"Content-Type": "application/pdf"}
    failed = (
        Reply(200, pdf, body, truncate_at=100)
        if failure == "cut"
        else Reply(503, {"Content-Type": "text/plain", "Retry-After": "1"}, "busy")
    )
    server.add(path, [failed, Reply(200, pdf, body)])
    policy = scaled_policy(UA, backoff=())
    sent: list[str] = []

    def count(event: RequestEvent) -> None:
        if event.kind == "file" and event.decision == "sent":
            sent.append(event.url)

    def make(clock: SystemClock | None = None) -> HarvestPlan:
        return HarvestPlan(
            server.url("/oai"),
            policy=policy,
            state=tmp_path / "state.sqlite",
            sink=tmp_path / "out.jsonl",
            fulltext=FullText(directory=tmp_path / "files"),
            on_event=count,
            clock=clock or SystemClock(),
        )

    def stop() -> bool:
        # A Ctrl-C after the cut file and one more, then a second before the page's commit.
        if len(sent) >= 3:
            raise KeyboardInterrupt
        return False

    with make() as plan, pytest.raises(KeyboardInterrupt):
        plan.run(stop=stop)
    out = tmp_path / "out.jsonl"
    assert not out.exists() or out.read_text() == ""  # the page was taken back
    assert Counter(r.path for r in server.log)[path] == 1

    # The next run, once any mark would be due (two hours later): the page comes again,
    # with its files, each asked for once.
    with make(_Later()) as plan:
        again = plan.run()
    assert again.complete, again.reason
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["identifier"] for row in rows if row.get("retry")] == []
    ids = [row["identifier"] for row in rows]
    assert len(ids) == len(set(ids)) == 20
    assert {row["fulltext"]["status"] for row in rows} == {"downloaded"}
    assert Counter(r.path for r in server.log)[path] == 2  # once cut, once whole
