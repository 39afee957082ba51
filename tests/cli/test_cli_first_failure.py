"""A first harvest that fails before its first page leaves nothing that looks like a result.

The output (and the files folder, and the folders made for them) used to be created before
the first request, to refuse an unwritable one early: a repository answering 500, or not
OAI-PMH, on page one then left an empty ``out.jsonl`` behind, a harvest that "exists".
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from politeharvest.cli import main
from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply
from tests.support import UA

pytestmark = pytest.mark.integration


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    with LoopbackServer("127.0.0.1") as srv:
        srv.add("/robots.txt", Reply(200, body="User-agent: *\n"))
        srv.add("/oai", Reply(500, {"Content-Type": "text/html"}, "<h1>oops</h1>"))
        yield srv


def cli(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, err.getvalue()


def harvest(server: LoopbackServer, tmp_path: Path, out: str, *more: str) -> tuple[int, str]:
    return cli(
        "harvest",
        server.url("/oai"),
        "--out",
        str(tmp_path / out),
        "--state",
        str(tmp_path / "state.sqlite"),
        "--user-agent",
        UA,
        "--allow-private-addresses",
        "--request-interval",
        "0",
        "--file-interval",
        "0",
        *more,
    )


@pytest.mark.parametrize(
    ("answer", "out"),
    [
        (Reply(500, {"Content-Type": "text/html"}, "<h1>oops</h1>"), "new/out.jsonl"),
        (Reply(200, {"Content-Type": "text/xml"}, "<bad>not OAI-PMH</bad>"), "out.jsonl"),
        (Reply(500, {"Content-Type": "text/html"}, "<h1>oops</h1>"), "out.csv"),
        (Reply(500, {"Content-Type": "text/html"}, "<h1>oops</h1>"), "out.sqlite"),
        (Reply(500, {"Content-Type": "text/html"}, "<h1>oops</h1>"), "out.parquet"),
    ],
)
def test_a_first_run_failing_on_page_one_leaves_no_output(
    server: LoopbackServer, tmp_path: Path, answer: Reply, out: str
) -> None:
    if out.endswith(".parquet"):
        pytest.importorskip("pyarrow")
    server.add("/oai", answer)
    code, err = harvest(server, tmp_path, out, "--files", str(tmp_path / "files"))
    assert code == 1, err
    assert "politeharvest: error:" in err
    left = sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("state.sqlite"))
    assert left == [], left  # no output, no files folder, no folder made for them


def test_an_output_there_before_a_failing_run_is_left_as_it_was(
    server: LoopbackServer, tmp_path: Path
) -> None:
    mine = tmp_path / "out.jsonl"
    mine.write_text("")  # the user's own (empty) file: not ours to remove
    code, err = harvest(server, tmp_path, "out.jsonl")
    assert code == 1, err
    assert mine.exists()


def test_after_a_failed_first_run_the_next_run_harvests(
    server: LoopbackServer, tmp_path: Path
) -> None:
    code, err = harvest(server, tmp_path, "out.jsonl")
    assert code == 1, err
    server.add("/oai", OaiTestRepository.sample(12, page_size=5))
    code, err = harvest(server, tmp_path, "out.jsonl")
    assert code == 0, err
    rows = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert len(rows) == 12


def test_a_first_harvest_of_an_empty_repository_says_so(
    server: LoopbackServer, tmp_path: Path
) -> None:
    """Not "nothing new since ...", nor that an earlier harvest took the records: none."""
    server.add("/oai", OaiTestRepository.sample(0))
    code, err = harvest(server, tmp_path, "out.jsonl")
    assert code == 0, err
    assert "the repository lists no record\n" in err
    assert "harvested before" not in err and "nothing new" not in err
    assert (tmp_path / "out.jsonl").exists()  # a harvest that found nothing is a harvest
