"""OaiPager robustness against the scriptable OaiTestRepository (FakeClock, scripted transport)."""

from __future__ import annotations

import datetime as dt
import gzip
from collections.abc import Callable

import brotli
import pytest

from politeharvest import OaiCursor, OaiPager, PoliteSession, format_datestamp, windows
from politeharvest import exceptions as exc
from politeharvest.oai import _answer as oai_module
from politeharvest.testing import LoggedRequest, OaiTestRepository, Reply, ScriptedAdapter

ENDPOINT = "https://repo.example.org/oai"
Make = Callable[..., PoliteSession]


def make_pager(
    make_session: Make, adapter: ScriptedAdapter, repo: OaiTestRepository, **kwargs: object
) -> OaiPager:
    adapter.add(ENDPOINT, repo)
    return OaiPager(make_session(job_budget=10**7), ENDPOINT, **kwargs)  # type: ignore[arg-type]


def ids(records: object) -> list[str]:
    return [r.identifier for r in records]  # type: ignore[attr-defined]


def test_full_harvest_exact_with_tombstones(make_session: Make, adapter: ScriptedAdapter) -> None:
    repo = OaiTestRepository.sample(260, page_size=25)
    pager = make_pager(make_session, adapter, repo)
    records = list(pager.list_records())
    assert sorted(ids(records)) == sorted(r.identifier for r in repo.records)
    assert len(records) == 260
    assert {r.identifier for r in records if r.deleted} == {
        r.identifier for r in repo.records if r.deleted
    }
    assert all(r.metadata["title"][0].startswith("Record ") for r in records if not r.deleted)


def test_tokens_with_plus_slash_equals_percent_round_trip(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    repo = OaiTestRepository.sample(200, page_size=10)
    pager = make_pager(make_session, adapter, repo)
    pages = list(pager.pages())
    tokens = [p.next_cursor.resumption_token for p in pages if p.next_cursor]
    assert any(c in "".join(t or "" for t in tokens) for c in "+/=")
    assert all(t and t.endswith("%7E") for t in tokens)
    assert sum(len(p.records) for p in pages) == 200  # the repository refuses any altered token


def test_selective_by_set_and_dates(make_session: Make, adapter: ScriptedAdapter) -> None:
    repo = OaiTestRepository.sample(300, page_size=40)
    pager = make_pager(make_session, adapter, repo)
    math = list(pager.list_records(set_spec="math"))
    assert sorted(ids(math)) == sorted(r.identifier for r in repo.records if "math" in r.sets)
    start, end = dt.date(2020, 1, 10), dt.date(2020, 1, 20)
    lo = dt.datetime(2020, 1, 10, tzinfo=dt.timezone.utc).timestamp()
    hi = dt.datetime(2020, 1, 21, tzinfo=dt.timezone.utc).timestamp()
    expected = sorted(r.identifier for r in repo.records if lo <= r.datestamp < hi)
    assert sorted(ids(pager.list_identifiers(from_=start, until=end))) == expected
    requested = [r.url for r in adapter.log if "from=" in r.url]
    assert "from=2020-01-10T00%3A00%3A00Z" in requested[0]
    assert "until=2020-01-20T23%3A59%3A59Z" in requested[0]


def test_day_granularity_is_respected(make_session: Make, adapter: ScriptedAdapter) -> None:
    repo = OaiTestRepository.sample(100, page_size=30, granularity="YYYY-MM-DD")
    pager = make_pager(make_session, adapter, repo)
    got = list(pager.list_records(from_=dt.datetime(2020, 1, 5, 13, 0, tzinfo=dt.timezone.utc)))
    assert got
    assert any(
        "from=2020-01-05&" in r.url or r.url.endswith("from=2020-01-05") for r in adapter.log
    )


def test_all_six_verbs(make_session: Make, adapter: ScriptedAdapter) -> None:
    repo = OaiTestRepository.sample(30, page_size=7)
    pager = make_pager(make_session, adapter, repo)
    assert pager.identify().deleted_record == "persistent"
    assert [f.prefix for f in pager.list_metadata_formats()] == ["oai_dc"]
    assert [s.spec for s in pager.list_sets()] == ["cs", "math", "physics"]
    assert len(list(pager.list_identifiers())) == 30
    assert len(list(pager.list_records())) == 30
    assert pager.get_record(repo.records[3].identifier).identifier == repo.records[3].identifier
    with pytest.raises(exc.IdDoesNotExist):
        pager.get_record("oai:nope")
    with pytest.raises(exc.CannotDisseminateFormat):
        list(pager.list_records(metadata_prefix="marc21"))


def test_post_method(make_session: Make, adapter: ScriptedAdapter) -> None:
    repo = OaiTestRepository.sample(40, page_size=15)
    pager = make_pager(make_session, adapter, repo, method="POST")
    assert len(list(pager.list_records())) == 40
    assert all(r.method == "POST" for r in adapter.log if r.path.startswith("/oai"))


def test_same_token_twice_is_a_loop(make_session: Make, adapter: ScriptedAdapter) -> None:
    page = (
        '<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><responseDate>2026-01-01T00:00:00Z</responseDate>'
        "<request>x</request><ListIdentifiers><header><identifier>a</identifier><datestamp>2020-01-01</datestamp>"
        "</header><resumptionToken>again</resumptionToken></ListIdentifiers></OAI-PMH>"
    )
    adapter.add(ENDPOINT, Reply(200, body=page))
    pager = OaiPager(make_session(), ENDPOINT)
    with pytest.raises(exc.ListingLoop, match="again"):
        list(pager.list_identifiers())
    assert sum(1 for r in adapter.log if r.path.startswith("/oai")) == 2


def test_endless_empty_pages_are_a_loop(make_session: Make, adapter: ScriptedAdapter) -> None:
    counter = {"n": 0}

    def empty(request: LoggedRequest) -> Reply:
        counter["n"] += 1
        return Reply(
            200,
            body='<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><responseDate>2026-01-01T00:00:00Z'
            f"</responseDate><request>x</request><ListRecords><resumptionToken>t{counter['n']}"
            "</resumptionToken></ListRecords></OAI-PMH>",
        )

    adapter.add(ENDPOINT, empty)
    pager = OaiPager(make_session(), ENDPOINT, max_empty_pages=5)
    with pytest.raises(exc.ListingLoop, match="5 pages"):
        list(pager.list_records())
    assert counter["n"] == 5


def test_missing_and_empty_token_end_the_list(make_session: Make, adapter: ScriptedAdapter) -> None:
    repo = OaiTestRepository.sample(
        45, page_size=20
    )  # pages 20, 20, 5: the last has <resumptionToken/>
    pager = make_pager(make_session, adapter, repo)
    pages = list(pager.pages())
    assert [len(p.records) for p in pages] == [20, 20, 5]
    single = OaiTestRepository.sample(5, page_size=20)  # one page, no token element at all
    adapter.add(ENDPOINT, single)
    assert [len(p.records) for p in OaiPager(make_session(), ENDPOINT).pages()] == [5]


@pytest.mark.parametrize(
    ("mangle", "repair"),
    [
        (
            lambda b: b.replace(b"<dc:title>Record", b"<dc:title>\x01\x0bRecord"),
            "control character",
        ),
        (lambda b: b.decode().encode("latin-1", "replace"), "Windows-1252"),
        (lambda b: b.replace(b'encoding="UTF-8"', b'encoding="ISO-8859-1"'), "UTF-8 although"),
        (lambda b: b + b"\n<br /><b>Notice</b>: Undefined index", "trailing"),
    ],
)
def test_broken_pages_are_repaired_without_losing_records(
    make_session: Make, adapter: ScriptedAdapter, mangle: Callable[[bytes], bytes], repair: str
) -> None:
    repo = OaiTestRepository.sample(60, page_size=20, mangle={2: mangle})
    pager = make_pager(make_session, adapter, repo)
    pages = list(pager.pages())
    assert sum(len(p.records) for p in pages) == 60
    assert pages[0].repairs == ()
    assert any(repair in note for note in pages[1].repairs)
    titles = [r.metadata["title"][0] for p in pages for r in p.records if not r.deleted]
    assert all("ünïcode" in t for t in titles)


def test_unrepairable_page_keeps_raw_and_loses_nothing_silently(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    repo = OaiTestRepository.sample(
        60, page_size=20, mangle={2: lambda b: b.replace(b"</header>", b"</heade>", 3)}
    )
    pager = make_pager(make_session, adapter, repo)
    with pytest.raises(exc.BadResponse) as caught:
        list(pager.pages())
    assert b"</heade>" in caught.value.raw


def test_huge_page_parses(make_session: Make, adapter: ScriptedAdapter) -> None:
    repo = OaiTestRepository.sample(24, page_size=24)
    repo.records[:] = [
        r.__class__(r.identifier, r.datestamp, r.sets, False, "x" * 600_000) for r in repo.records
    ]
    pager = make_pager(make_session, adapter, repo)
    pages = list(pager.pages())
    assert len(pages[0].records) == 24
    assert len(pages[0].records[0].metadata["title"][0]) == 600_000


@pytest.mark.parametrize("encoding", ["gzip", "br"])
@pytest.mark.parametrize("declared", [True, False])
def test_compressed_bodies_declared_or_not(
    make_session: Make, adapter: ScriptedAdapter, encoding: str, declared: bool
) -> None:
    repo = OaiTestRepository.sample(30, page_size=100)

    def compressed(request: LoggedRequest) -> Reply:
        reply = repo(request)
        body = reply.body_bytes()
        data = gzip.compress(body) if encoding == "gzip" else brotli.compress(body)
        headers = {
            "Content-Type": "text/xml",
            **({"Content-Encoding": encoding} if declared else {}),
        }
        return Reply(200, headers, data)

    adapter.add(ENDPOINT, compressed)
    page = OaiPager(make_session(), ENDPOINT).fetch(
        OaiPager(make_session(), ENDPOINT).first_cursor()
    )
    assert len(page.records) == 30
    assert (page.repairs == ()) is declared


def test_base_url_moving_to_https_is_followed_once(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    repo = OaiTestRepository.sample(50, page_size=10)
    adapter.add(ENDPOINT, repo)

    def moved(request: LoggedRequest) -> Reply:
        return Reply(301, {"Location": request.url.replace("http://", "https://", 1)})

    adapter.add("http://repo.example.org/oai", moved)
    pager = OaiPager(make_session(), "http://repo.example.org/oai")
    assert len(list(pager.list_records())) == 50
    assert pager.endpoint == ENDPOINT
    assert sum(1 for r in adapter.log if r.url.startswith("http://repo.example.org/oai")) == 1


def test_bad_resumption_token_restarts_from_last_datestamp(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    """The token of page 3 expires once: the listing restarts from the last datestamp,
    skips what was delivered, and ends with every identifier exactly once."""
    repo = OaiTestRepository.sample(200, page_size=20, refuse_token_once={3, 7})
    pager = make_pager(make_session, adapter, repo)
    records = list(pager.list_records())
    assert len(records) == 200
    assert sorted(ids(records)) == sorted(r.identifier for r in repo.records)
    restarts = [r for r in adapter.log if "from=" in r.url]
    assert len(restarts) == 2


def test_bad_resumption_token_day_granularity(make_session: Make, adapter: ScriptedAdapter) -> None:
    repo = OaiTestRepository.sample(
        150, page_size=20, refuse_token_once={2, 4}, granularity="YYYY-MM-DD"
    )
    pager = make_pager(make_session, adapter, repo)
    records = list(pager.list_records())
    assert sorted(ids(records)) == sorted(r.identifier for r in repo.records)


def test_expiring_tokens_split_the_window(make_session: Make, adapter: ScriptedAdapter) -> None:
    repo = OaiTestRepository.sample(120, page_size=10, step_s=86_400.0)  # one record a day
    repo.refuse_token_once = {2, 3, 5}
    pager = make_pager(make_session, adapter, repo)
    cursor = pager.first_cursor(windows=windows("2020-01-01", "2020-06-30", "month"))
    records = list(pager.records(cursor))
    assert sorted(ids(records)) == sorted(r.identifier for r in repo.records)


def test_retry_after_mid_listing_is_waited_out(
    make_session: Make, adapter: ScriptedAdapter, clock: object
) -> None:
    repo = OaiTestRepository.sample(
        60, page_size=20, replies={2: Reply(503, {"Retry-After": "12"})}
    )
    pager = make_pager(make_session, adapter, repo)
    assert len(list(pager.list_records())) == 60
    assert 12.0 in clock.sleeps  # type: ignore[attr-defined]


def test_each_page_is_parsed_once(
    make_session: Make, adapter: ScriptedAdapter, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = []
    real = oai_module.parse_page

    def counting(data: bytes, *, url: str = "", blanks: bool = True) -> object:
        calls.append(url)
        return real(data, url=url, blanks=blanks)

    monkeypatch.setattr(oai_module, "parse_page", counting)
    repo = OaiTestRepository.sample(100, page_size=10)
    pager = make_pager(make_session, adapter, repo)
    assert len(list(pager.list_records())) == 100
    assert len(calls) == 10


def test_page_per_job_with_json_cursors(make_session: Make, adapter: ScriptedAdapter) -> None:
    repo = OaiTestRepository.sample(95, page_size=20)
    pager = make_pager(make_session, adapter, repo)
    queue = [pager.first_cursor().to_json()]
    seen: list[str] = []
    while queue:
        page = pager.fetch(OaiCursor.from_json(queue.pop()))
        seen += ids(page.records)
        if page.next_cursor is not None:
            queue.append(page.next_cursor.to_json())
    assert sorted(seen) == sorted(r.identifier for r in repo.records)


@pytest.mark.parametrize(
    ("value", "granularity", "end", "expected"),
    [
        (dt.date(2020, 5, 1), "YYYY-MM-DD", False, "2020-05-01"),
        (dt.date(2020, 5, 1), "YYYY-MM-DDThh:mm:ssZ", True, "2020-05-01T23:59:59Z"),
        (
            dt.datetime(2020, 5, 1, 12, 30, tzinfo=dt.timezone(dt.timedelta(hours=2))),
            "YYYY-MM-DDThh:mm:ssZ",
            False,
            "2020-05-01T10:30:00Z",
        ),
        ("2020-05-01T10:30:00+02:00", "YYYY-MM-DD", False, "2020-05-01"),
        ("2020-05-01", "YYYY-MM-DDThh:mm:ssZ", False, "2020-05-01T00:00:00Z"),
    ],
)
def test_format_datestamp(value: object, granularity: str, end: bool, expected: str) -> None:
    assert format_datestamp(value, granularity, end=end) == expected  # type: ignore[arg-type]


def test_format_datestamp_refuses_junk() -> None:
    with pytest.raises(ValueError, match="datestamp"):
        format_datestamp("yesterday")


def test_windows_cover_every_day_once() -> None:
    months = windows("2020-01-15", "2020-04-10", "month")
    assert months == [
        ("2020-01-15", "2020-01-31"),
        ("2020-02-01", "2020-02-29"),
        ("2020-03-01", "2020-03-31"),
        ("2020-04-01", "2020-04-10"),
    ]
    assert windows("2020-12-30", "2021-01-02", "year") == [
        ("2020-12-30", "2020-12-31"),
        ("2021-01-01", "2021-01-02"),
    ]
    assert len(windows("2020-01-01", "2020-01-10", "day")) == 10


def test_a_first_page_of_exactly_100_without_a_token_is_flagged(
    make_session: Make, adapter: ScriptedAdapter, caplog: pytest.LogCaptureFixture
) -> None:
    repo = OaiTestRepository.sample(100, page_size=100)
    pager = make_pager(make_session, adapter, repo)
    assert len(list(pager.list_records())) == 100
    assert "may be partial" in caplog.text


def test_an_endpoint_move_is_reported_on_the_page(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    repo = OaiTestRepository.sample(20, page_size=10)
    adapter.add(ENDPOINT, repo)
    adapter.add(
        "http://repo.example.org/oai",
        lambda request: Reply(301, {"Location": request.url.replace("http://", "https://", 1)}),
    )
    pager = OaiPager(make_session(), "http://repo.example.org/oai")
    pages = list(pager.pages())
    assert [p.moved_to for p in pages] == [ENDPOINT, ENDPOINT]
    assert OaiPager(make_session(), ENDPOINT).fetch(pager.first_cursor()).moved_to is None
