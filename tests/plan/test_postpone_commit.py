"""A second interrupt while a stopped page's files are being postponed takes the page back whole.

A first stop (Ctrl-C) leaves the page's remaining files to the next run
(`FullTextStep.postpone`); a second one before the page is committed takes the page back.
The retry-later marks are part of the page's commit: taken back with it, they must not
make the next run fetch those files first and then again with their records (seen: retry
rows before their records, one file downloaded three times).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from politeharvest import FullText, HarvestPlan, Politeness, RequestEvent
from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply, serve_fulltext

UA = "politeharvest-tests/1.0 (+mailto:tests@example.org)"


@pytest.fixture
def files_repo() -> Iterator[tuple[LoopbackServer, OaiTestRepository]]:
    repository = OaiTestRepository.sample(20, page_size=10, deleted_every=0)
    with LoopbackServer("127.0.0.1") as server:
        server.add("/robots.txt", Reply(200, body="User-agent: *\n"))
        server.add("/oai", repository)
        serve_fulltext(server, repository)
        yield server, repository


@pytest.mark.integration
def test_a_second_interrupt_while_postponing_takes_the_marks_back_with_the_page(
    files_repo: tuple[LoopbackServer, OaiTestRepository], tmp_path: Path
) -> None:
    server, repository = files_repo
    policy = Politeness(
        user_agent=UA,
        request_interval=0.02,
        file_interval=0.02,
        jitter=0.0,
        allow_private_addresses=True,
    )
    sent: list[str] = []

    def count(event: RequestEvent) -> None:
        if event.kind == "file" and event.decision == "sent":
            sent.append(event.url)

    def make() -> HarvestPlan:
        return HarvestPlan(
            server.url("/oai"),
            policy=policy,
            state=tmp_path / "state.sqlite",
            sink=tmp_path / "out.jsonl",
            fulltext=FullText(directory=tmp_path / "files"),
            on_event=count,
        )

    asked_after_stop = 0

    def stop() -> bool:
        # The first Ctrl-C once three files are in; the second while the page's other
        # records are being postponed (two of seven marked), before the page is committed.
        nonlocal asked_after_stop
        if len(sent) < 3:
            return False
        asked_after_stop += 1
        if asked_after_stop == 4:
            raise KeyboardInterrupt
        return True

    with make() as plan, pytest.raises(KeyboardInterrupt):
        plan.run(stop=stop)
    assert len(sent) == 3
    out = tmp_path / "out.jsonl"
    assert not out.exists() or out.read_text() == ""  # the page was taken back

    with make() as plan:
        again = plan.run()
    assert again.complete, again.reason
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    # no retry row for a record of the page taken back: its marks went with it
    assert [row["identifier"] for row in rows if row.get("retry")] == []
    ids = [row["identifier"] for row in rows]
    assert len(ids) == len(set(ids)) == 20
    assert {row["fulltext"]["status"] for row in rows} == {"downloaded"}
    # on the server: each file once, but the three of the page taken back (asked again
    # with it, conditionally); none a third time
    files = Counter(r.path for r in server.log if r.path.startswith("/files/"))
    assert len(files) == len(repository.records) == 20
    assert sum(files.values()) == 23, files
    assert max(files.values()) == 2
