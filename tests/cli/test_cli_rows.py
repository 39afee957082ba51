"""`politeharvest harvest --out FILE.jsonl` writes the rows the API gives, byte for byte.

The command reads records without the XML its rows do not hold and writes JSON lines straight
from the records; a `HarvestPlan.run` watched by `on_page` into a `Sink` of the user's reads
every record's XML and is given dicts. The file must be those dicts encoded, on a sample
repository (sets, tombstones, unicode), on every shared ListRecords fixture served as a
page (other formats, damaged records, empty oai_dc...), and after a run stopped and resumed.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from politeharvest import HarvestPlan, Politeness
from politeharvest.cli import main
from politeharvest.oai._records import OaiRecord
from politeharvest.store._sinks import SinkMark, encode_rows
from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply
from tests.support.faults import POLICY, write_policy
from tests.support.oai_pages import fixture_files

pytestmark = pytest.mark.integration

_TOKEN = re.compile(
    rb"<(?:[\w.-]+:)?resumptionToken\b[^>]*?(?:/>|>.*?</(?:[\w.-]+:)?resumptionToken\s*>)", re.S
)


def listing_pages() -> list[bytes]:
    """Every shared fixture that is a ListRecords answer, as one page (its token cut)."""
    found = []
    for path in fixture_files():
        data = path.read_bytes()
        if b"ListRecords" in data and b"<error" not in data and b":error" not in data:
            found.append(_TOKEN.sub(b"", data))
    return found


PAGES = listing_pages()


def one_page(body: bytes) -> Callable[[Any], Reply]:
    def answer(request: Any) -> Reply:
        return Reply(200, body=body, headers={"Content-Type": "text/xml"})

    return answer


@pytest.fixture(scope="module")
def server() -> Iterator[LoopbackServer]:
    with LoopbackServer("127.0.0.9") as srv:
        srv.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        srv.add("/oai", OaiTestRepository.sample(230, page_size=40))
        for number, body in enumerate(PAGES):
            srv.add(f"/f{number}/oai", one_page(body))
        yield srv


class Keeper:
    """A `Sink` of the user's: keeps the rows it is given."""

    def __init__(self) -> None:
        self.rows: list[Any] = []

    def write_page(self, rows: Sequence[Any], *, before_write: Any = None) -> SinkMark | None:
        self.rows.extend(rows)
        return None

    def close(self) -> None:
        pass


def api_bytes(url: str, state: Path) -> tuple[bytes, list[OaiRecord]]:
    """What a watched `HarvestPlan.run` gives for `url`: its rows encoded, and its records."""
    seen: list[OaiRecord] = []

    def watch(result: Any, lane: Any) -> bool:
        seen.extend(result.records)
        return True

    keeper = Keeper()
    policy = Politeness(**{k: tuple(v) if isinstance(v, list) else v for k, v in POLICY.items()})
    with HarvestPlan(url, state=state, sink=keeper, policy=policy) as plan:
        plan.run(on_page=watch)
    return encode_rows(keeper.rows)[0], seen


def harvest(url: str, folder: Path, out: Path, *extra: str) -> int:
    return main(
        [
            "harvest",
            url,
            "--policy",
            str(write_policy(folder)),
            "--out",
            str(out),
            "--state",
            str(folder / "cli.sqlite"),
            "--quiet",
            *extra,
        ],
        out=io.StringIO(),
        err=io.StringIO(),
    )


def test_the_command_writes_what_the_api_gives(server: LoopbackServer, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    assert harvest(server.url("/oai"), tmp_path, out) == 0
    expected, seen = api_bytes(server.url("/oai"), tmp_path / "api.sqlite")
    assert out.read_bytes() == expected
    assert len(seen) == 230 and any(r.deleted for r in seen)
    assert all(r.raw_xml for r in seen)  # the records an on_page hook sees keep their XML


def test_a_run_stopped_and_resumed_writes_the_same_bytes(
    server: LoopbackServer, tmp_path: Path
) -> None:
    """--max-records stops after a page; the next run continues: the file is the same."""
    out = tmp_path / "out.jsonl"
    assert harvest(server.url("/oai"), tmp_path, out, "--max-records", "50") == 0
    assert 0 < len(out.read_bytes().splitlines()) < 230
    assert harvest(server.url("/oai"), tmp_path, out) == 0
    assert out.read_bytes() == api_bytes(server.url("/oai"), tmp_path / "api.sqlite")[0]


@pytest.mark.shared("fixtures/oai", "fixtures/oai-peers")
def test_every_fixture_page_is_written_as_the_api_gives_it(
    server: LoopbackServer, tmp_path: Path
) -> None:
    written = 0
    for number in range(len(PAGES)):
        url = server.url(f"/f{number}/oai")
        folder = tmp_path / str(number)
        folder.mkdir()
        out = folder / "out.jsonl"
        if harvest(url, folder, out) != 0:
            continue  # a page the command refuses; the API refuses it too (tests/plan)
        expected, _ = api_bytes(url, folder / "api.sqlite")
        assert out.read_bytes() == expected, number
        written += len(out.read_bytes().splitlines())
    assert written > 300, written
