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

from politeharvest.testing import LoopbackServer, OaiTestRepository
from tests.support import UA
from tests.support.plans import files_plan_maker, served_with_files


@pytest.fixture
def files_repo() -> Iterator[tuple[LoopbackServer, OaiTestRepository]]:
    with served_with_files() as served:
        yield served


@pytest.mark.integration
def test_a_second_interrupt_while_postponing_takes_the_marks_back_with_the_page(
    files_repo: tuple[LoopbackServer, OaiTestRepository], tmp_path: Path
) -> None:
    server, repository = files_repo
    sent: list[str] = []
    make = files_plan_maker(server, tmp_path, UA, sent)

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
