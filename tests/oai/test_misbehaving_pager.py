"""The misbehaving-repository zoo through `OaiPager`, on a real loopback server.

A lying repository never makes the pager lose a record or deliver one from outside the
request silently: a strict pager raises `RepositoryMisbehaves` on the first page that
breaks its request; a lenient one keeps only the records asked for, each once, and says
the listing is in doubt. Tokens that the repository forgets (badResumptionToken or a
bare HTTP 500) restart a listing not in datestamp order from its start, and the pager
delivers each record exactly once.
"""

from __future__ import annotations

import calendar
import time
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from politeharvest import OaiCursor, OaiPager, Politeness, PoliteSession
from politeharvest.exceptions import RepositoryMisbehaves
from politeharvest.oai._listing import in_set, in_window
from politeharvest.testing import (
    LoopbackServer,
    MisbehavingRepository,
    identifier_ordered,
    set_dropped_from_tokens,
    size_changing,
    window_broken_after_first_page,
)
from tests.support import SCALED

pytestmark = pytest.mark.integration

FROM, UNTIL = "2020-01-01", "2020-12-31"


def _fast() -> Politeness:
    return attrs.evolve(SCALED, request_interval=0.0)


@pytest.fixture
def serve() -> Iterator[Any]:
    servers: list[LoopbackServer] = []

    def start(repo: MisbehavingRepository) -> str:
        server = LoopbackServer("127.0.0.4").start()
        server.add("/oai", repo)
        servers.append(server)
        return server.url("/oai")

    yield start
    for server in servers:
        server.stop()


def pages(pager: OaiPager, cursor: OaiCursor | None) -> list[Any]:
    out = []
    while cursor is not None:
        page = pager.fetch(cursor)
        out.append(page)
        cursor = page.next_cursor
    return out


def stamp(seconds: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def in_2020(seconds: float) -> bool:
    low = calendar.timegm((2020, 1, 1, 0, 0, 0))
    high = calendar.timegm((2020, 12, 31, 23, 59, 59))
    return low <= seconds <= high


# -- answers outside the request --------------------------------------------------------------

CASES = [
    ("set dropped from tokens", set_dropped_from_tokens, {"set_spec": "science"}, "set"),
    (
        "window broken after page 1",
        window_broken_after_first_page,
        {"from_": FROM, "until": UNTIL},
        "window",
    ),
    ("completeListSize changing", size_changing, {}, "size"),
]


def wanted(repo: MisbehavingRepository, options: dict[str, Any]) -> set[str]:
    return {
        r.identifier
        for r in repo.records
        if ("set_spec" not in options or options["set_spec"] in r.sets)
        and ("from_" not in options or in_2020(r.datestamp))
    }


@pytest.mark.parametrize(("name", "make", "options", "kind"), CASES, ids=[c[0] for c in CASES])
def test_a_strict_pager_names_the_misbehaviour_and_delivers_nothing_outside(
    serve: Any, name: str, make: Any, options: dict[str, Any], kind: str
) -> None:
    repo = make()
    pager = OaiPager(PoliteSession(_fast()), serve(repo))
    delivered: list[Any] = []
    with pytest.raises(RepositoryMisbehaves) as raised:
        for page in pager.pages(pager.first_cursor(**options)):
            delivered.extend(page.records)
    error = raised.value
    assert (error.kind, error.page) == (kind, 2)
    assert "--lenient" in str(error) and "\n" not in str(error)
    assert error.asked in str(error) and error.came in str(error)
    assert {r.identifier for r in delivered} <= wanted(repo, options)
    assert len(delivered) == 100  # page 1 only, and nothing of the page that lied


@pytest.mark.parametrize(("name", "make", "options", "kind"), CASES, ids=[c[0] for c in CASES])
def test_a_lenient_pager_keeps_only_what_was_asked_once_and_says_it_is_in_doubt(
    serve: Any, name: str, make: Any, options: dict[str, Any], kind: str
) -> None:
    repo = make()
    pager = OaiPager(PoliteSession(_fast()), serve(repo), lenient=True)
    got = pages(pager, pager.first_cursor(**options))
    records = [r for page in got for r in page.records]
    ids = [r.identifier for r in records]
    assert len(ids) == len(set(ids))  # each once
    assert set(ids) <= wanted(repo, options)  # nothing from outside the request
    for record in records:
        assert in_set(record.set_specs, options.get("set_spec")) is not False
        if "from_" in options:
            assert in_window(record.datestamp, FROM, UNTIL + "T23:59:59Z")
    assert got[0].doubt == ""  # page 1 was honest
    assert got[-1].doubt.startswith("page 2 asked")
    left_out = sum(page.out_of_scope for page in got)
    assert (left_out == 0) == (kind == "size")  # the size lied; the records did not
    if kind == "size":
        assert set(ids) == wanted(repo, options)  # the records were right, only the size lied


def test_out_of_scope_counts_what_was_left_out(serve: Any) -> None:
    repo = set_dropped_from_tokens()
    pager = OaiPager(PoliteSession(_fast()), serve(repo), lenient=True)
    got = pages(pager, pager.first_cursor(set_spec="science"))
    outside = sum(page.out_of_scope for page in got)
    listed_outside = sum(1 for r in repo.records if "science" not in r.sets) - 50
    # page 1 was the set's; from page 2 on the whole repository came (offset 100)
    assert outside == listed_outside


# -- tokens forgotten -------------------------------------------------------------------------


@pytest.mark.parametrize("answer", ["badResumptionToken", "http500"])
def test_forgotten_tokens_of_an_identifier_ordered_listing_lose_nothing(
    serve: Any, answer: str
) -> None:
    """The repository forgets its tokens after page 10 of 25: the listing is not in
    datestamp order, so it restarts from the start, and each record comes once."""
    repo = identifier_ordered(forgotten_answer=answer)  # type: ignore[arg-type]
    pager = OaiPager(PoliteSession(_fast()), serve(repo))
    cursor: OaiCursor | None = pager.first_cursor()
    records: list[Any] = []
    count = 0
    while cursor is not None:
        page = pager.fetch(cursor)
        records.extend(page.records)
        count += 1
        if count == 10:
            repo.forget_tokens()
        cursor = page.next_cursor
    ids = [r.identifier for r in records]
    assert len(ids) == len(set(ids)) == 2500
    assert page.doubt == ""  # restarted from the start: nothing can have been skipped


def test_a_listing_resumed_elsewhere_after_forgotten_tokens_loses_nothing(serve: Any) -> None:
    """Another pager (another process) resumes the cursor after the tokens were forgotten:
    it cannot know what the first delivered, so records may come again, never missing."""
    repo = identifier_ordered()
    url = serve(repo)
    first = OaiPager(PoliteSession(_fast()), url)
    cursor: OaiCursor | None = first.first_cursor()
    seen: list[str] = []
    for _ in range(10):
        assert cursor is not None
        page = first.fetch(cursor)
        seen.extend(r.identifier for r in page.records)
        cursor = page.next_cursor
    assert cursor is not None
    saved = cursor.to_json()
    repo.forget_tokens()
    second = OaiPager(PoliteSession(_fast()), url)
    rest = [r.identifier for p in pages(second, OaiCursor.from_json(saved)) for r in p.records]
    assert set(seen) | set(rest) == {r.identifier for r in repo.records}
    assert len(rest) == len(set(rest))


def test_an_ordered_listing_continues_from_its_last_datestamp(serve: Any) -> None:
    """Datestamp order proven by the records seen: a forgotten token restarts from the
    last datestamp (fewer pages again), and nothing is lost or repeated."""
    repo = MisbehavingRepository.sample(2500, page_size=100)  # honest, in datestamp order
    pager = OaiPager(PoliteSession(_fast()), serve(repo))
    cursor: OaiCursor | None = pager.first_cursor()
    records: list[Any] = []
    count = 0
    restart_from = None
    while cursor is not None:
        page = pager.fetch(cursor)
        records.extend(page.records)
        count += 1
        if count == 10:
            repo.forget_tokens()
        if page.next_cursor is not None and page.next_cursor.resumption_token is None:
            restart_from = page.next_cursor.arguments.get("from")
        cursor = page.next_cursor
    ids = [r.identifier for r in records]
    assert len(ids) == len(set(ids)) == 2500
    assert restart_from is not None and restart_from > stamp(repo.records[0].datestamp)


def test_past_its_memory_a_restarted_listing_may_repeat_but_never_loses(serve: Any) -> None:
    repo = identifier_ordered()
    pager = OaiPager(PoliteSession(_fast()), serve(repo), max_remembered=500)
    cursor: OaiCursor | None = pager.first_cursor()
    ids: list[str] = []
    count = 0
    while cursor is not None:
        page = pager.fetch(cursor)
        ids.extend(r.identifier for r in page.records)
        count += 1
        if count == 10:
            repo.forget_tokens()
        cursor = page.next_cursor
    assert set(ids) == {r.identifier for r in repo.records}
    assert len(ids) == 2500 + 500  # the 500 it did not remember came again
