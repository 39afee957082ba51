"""Issue 36, point 1, through the command line: usage preferences in rows, refusals, the report.

A loopback repository whose robots.txt says ``Content-Usage: train-ai=n`` for one record's
file and whose file server sends ``Content-Usage`` headers for two others. Harvested with
``--files --purpose train-ai``: the file known in advance is never requested, the one whose
answer says ``n`` is not stored, every other file is, and each row names its evidence. With no
purpose every file is stored and every row with a statement carries it. The operator report
lists each signal and what was done.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import attrs
import pytest

from politeharvest.audit import read_audit, summarize
from politeharvest.cli import main
from politeharvest.testing import (
    LoggedRequest,
    LoopbackServer,
    OaiTestRepository,
    Reply,
    serve_fulltext,
)

pytestmark = pytest.mark.integration

UA = "politeharvest-tests/1.0 (+mailto:tests@example.org)"


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[LoopbackServer, list[str]]]:
    repository = OaiTestRepository.sample(6, page_size=3)
    with LoopbackServer("127.0.0.1") as server:
        serve_fulltext(server, repository)
        ids = [r.identifier for r in repository.records if not r.deleted]
        closed, said_n, said_y = (f"/files/{quote(i)}.pdf" for i in ids[1:4])
        server.add(
            "/robots.txt",
            Reply(200, {}, f"User-agent: *\nContent-Usage: {closed} train-ai=n\nAllow: /\n"),
        )
        files = server.routes._routes["/files/*"]  # the sample's own PDF route
        assert callable(files)

        def with_headers(request: LoggedRequest) -> Reply:
            reply = files(request)
            extra = {said_n: "train-ai=n", said_y: "train-ai=y, search=y"}.get(request.path)
            if extra is None:
                return reply
            return attrs.evolve(reply, headers={**reply.headers, "Content-Usage": extra})

        server.add("/files/*", with_headers)
        server.add("/oai", repository)
        yield server, ids


def harvest(tmp: Path, server: LoopbackServer, *options: str) -> dict[str, dict]:
    out, err = io.StringIO(), io.StringIO()
    code = main(
        [
            "harvest",
            server.url("/oai"),
            "--user-agent",
            UA,
            "--out",
            str(tmp / "out.jsonl"),
            "--state",
            str(tmp / "state.sqlite"),
            "--files",
            str(tmp / "files"),
            "--request-interval",
            "0",
            "--file-interval",
            "0",
            "--allow-private-addresses",
            "--audit",
            str(tmp / "audit.jsonl"),
            "--quiet",
            *options,
        ],
        out=out,
        err=err,
    )
    assert code == 0, err.getvalue()
    rows = [json.loads(line) for line in (tmp / "out.jsonl").read_text().splitlines()]
    return {row["identifier"]: row for row in rows if not row.get("deleted")}


def test_purpose_train_ai(tmp_path: Path, site: tuple[LoopbackServer, list[str]]) -> None:
    server, ids = site
    before = len(server.log)
    rows = harvest(tmp_path, server, "--purpose", "train-ai")
    asked = [r.path for r in server.log[before:]]
    first, closed, said_n, said_y, *rest = ids
    # known in advance (robots.txt): never requested, its row says why
    assert f"/files/{quote(closed)}.pdf" not in asked
    assert rows[closed]["fulltext"]["status"] == "reserved"
    assert "robots.txt line 2: Content-Usage" in rows[closed]["fulltext"]["reason"]
    # said by its own answer: requested, not stored
    assert rows[said_n]["fulltext"]["status"] == "reserved"
    assert "Content-Usage: train-ai=n in the file's headers" in rows[said_n]["fulltext"]["reason"]
    assert rows[said_n]["fulltext"]["path"] is None and rows[closed]["fulltext"]["path"] is None
    stored = {p.name for p in (tmp_path / "files").rglob("*.pdf")}
    assert len(stored) == len(ids) - 2
    # allowed: stored, with what was said
    assert rows[said_y]["fulltext"]["status"] == "downloaded"
    assert rows[said_y]["fulltext"]["preferences"]["train-ai"] == "y"
    for identifier in (first, *rest):
        assert rows[identifier]["fulltext"]["status"] == "downloaded"
        assert rows[identifier]["fulltext"]["preferences"] is None  # nothing was said
    report = summarize(read_audit(tmp_path / "audit.jsonl"))
    signals = " ".join(k for host in report.hosts for k in host.signals)
    assert "not fetched or not stored" in signals and "recorded" in signals


def test_no_purpose_stores_every_file_with_its_preferences(
    tmp_path: Path, site: tuple[LoopbackServer, list[str]]
) -> None:
    server, ids = site
    rows = harvest(tmp_path, server)
    _, closed, said_n, said_y, *_ = ids
    assert all(row["fulltext"]["status"] == "downloaded" for row in rows.values())
    assert rows[closed]["fulltext"]["preferences"]["train-ai"] == "n"
    evidence = rows[closed]["fulltext"]["preferences"]["evidence"]
    assert evidence == ["robots.txt line 2: Content-Usage: train-ai=n"]
    assert rows[said_n]["fulltext"]["preferences"]["train-ai"] == "n"
    assert rows[said_y]["fulltext"]["preferences"]["search"] == "y"
