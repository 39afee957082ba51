"""OaiPager against two independent OAI-PMH providers from PyPI, on loopback (2,500 records).

`oaipmh` 4.x serves deleted records as tombstones at seconds granularity;
`oai-repo` works at day granularity with base64 tokens and leaves deleted
records out of ListRecords (it has no tombstones).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator

import attrs
import pytest

from politeharvest import OaiPager, Politeness, PoliteSession
from politeharvest import exceptions as exc
from politeharvest.testing import LoggedRequest, LoopbackServer, Reply
from tests.support.providers import SETS, Item, generate, oai_repo_route, pyoai_route, select

pytestmark = pytest.mark.integration

ITEMS = generate(2500)
UTC = dt.timezone.utc
FAST = Politeness(
    user_agent="politeharvest-tests/1.0 (+mailto:tests@example.org)",
    request_interval=0.0,
    file_interval=0.0,
    allow_private_addresses=True,
)


@pytest.fixture(scope="module", params=["oaipmh", "oai-repo"])
def provider(request: pytest.FixtureRequest) -> Iterator[tuple[str, LoopbackServer]]:
    route = pyoai_route(ITEMS) if request.param == "oaipmh" else oai_repo_route(ITEMS)
    with LoopbackServer("127.0.0.2") as server:
        server.add("/oai", route)
        yield request.param, server


@pytest.fixture
def pager(provider: tuple[str, LoopbackServer]) -> OaiPager:
    return OaiPager(PoliteSession(FAST), provider[1].url("/oai"))


def expected(name: str, chosen: list[Item], verb: str = "ListRecords") -> set[str]:
    if name == "oai-repo" and verb == "ListRecords":
        return {i.identifier for i in chosen if not i.deleted}  # oai-repo has no tombstones
    return {i.identifier for i in chosen}


def test_identify_granularity(provider: tuple[str, LoopbackServer], pager: OaiPager) -> None:
    name, _ = provider
    wanted = "YYYY-MM-DDThh:mm:ssZ" if name == "oaipmh" else "YYYY-MM-DD"
    assert pager.identify().granularity == wanted
    assert pager.identify().deleted_record == "persistent"


def test_full_list_records_is_exact(provider: tuple[str, LoopbackServer], pager: OaiPager) -> None:
    name, _ = provider
    records = list(pager.list_records())
    got = [r.identifier for r in records]
    assert len(got) == len(set(got))
    assert set(got) == expected(name, ITEMS)
    if name == "oaipmh":
        tombstones = {r.identifier for r in records if r.deleted}
        assert tombstones == {i.identifier for i in ITEMS if i.deleted}
        assert len(tombstones) == 192
    live = next(r for r in records if not r.deleted)
    assert live.metadata["title"][0].startswith("Article ")
    assert len(live.metadata["creator"]) == 2


def test_full_list_identifiers_is_exact(
    provider: tuple[str, LoopbackServer], pager: OaiPager
) -> None:
    _name, _ = provider
    got = [r.identifier for r in pager.list_identifiers()]
    assert len(got) == len(set(got)) == 2500
    assert set(got) == {i.identifier for i in ITEMS}


@pytest.mark.parametrize("spec", SETS)
def test_selective_by_set(provider: tuple[str, LoopbackServer], pager: OaiPager, spec: str) -> None:
    name, _ = provider
    got = [r.identifier for r in pager.list_records(set_spec=spec)]
    assert len(got) == len(set(got))
    assert set(got) == expected(name, select(ITEMS, set_spec=spec, start=None, end=None))


@pytest.mark.parametrize(
    ("start", "end"),
    [
        (dt.date(2020, 3, 1), dt.date(2020, 9, 30)),
        (dt.date(2021, 1, 1), None),
        (None, dt.date(2019, 6, 30)),
        (dt.datetime(2022, 5, 5, 12, 0, tzinfo=UTC), dt.datetime(2022, 8, 1, 6, 30, tzinfo=UTC)),
    ],
)
def test_selective_by_dates(
    provider: tuple[str, LoopbackServer],
    pager: OaiPager,
    start: dt.date | None,
    end: dt.date | None,
) -> None:
    name, _ = provider
    day = name == "oai-repo"

    def lower(value: dt.date | None) -> dt.datetime | None:
        if value is None:
            return None
        if isinstance(value, dt.datetime):
            return value.replace(hour=0, minute=0, second=0) if day else value
        return dt.datetime(value.year, value.month, value.day, tzinfo=UTC)

    def upper(value: dt.date | None) -> dt.datetime | None:
        if value is None:
            return None
        if isinstance(value, dt.datetime) and not day:
            return value
        return dt.datetime(value.year, value.month, value.day, 23, 59, 59, tzinfo=UTC)

    chosen = select(ITEMS, set_spec=None, start=lower(start), end=upper(end))
    got = [r.identifier for r in pager.list_identifiers(from_=start, until=end)]
    assert len(got) == len(set(got))
    assert set(got) == expected(name, chosen, "ListIdentifiers")
    assert got


def test_all_six_verbs(provider: tuple[str, LoopbackServer], pager: OaiPager) -> None:
    assert [s.spec for s in pager.list_sets()] == list(SETS)
    assert [f.prefix for f in pager.list_metadata_formats()] == ["oai_dc"]
    record = pager.get_record(ITEMS[42].identifier)
    assert record.identifier == ITEMS[42].identifier
    assert record.set_specs == ITEMS[42].sets


def test_errors_map_to_exceptions(provider: tuple[str, LoopbackServer], pager: OaiPager) -> None:
    with pytest.raises(exc.IdDoesNotExist):
        pager.get_record("oai:int.example.org:nope")
    with pytest.raises(exc.CannotDisseminateFormat):
        pager.get_record(ITEMS[1].identifier, metadata_prefix="marc21")
    with pytest.raises(exc.CannotDisseminateFormat):
        list(pager.list_records(metadata_prefix="marc21"))
    assert list(pager.list_records(from_=dt.date(2030, 1, 1))) == []  # noRecordsMatch: empty
    with pytest.raises(exc.BadResumptionToken):
        pager._request({"verb": "ListRecords", "resumptionToken": "bm90LWEtdG9rZW4="})
    # inside a listing, a refused token restarts the listing instead of failing it
    cursor = attrs.evolve(pager.first_cursor(), resumption_token="bm90LWEtdG9rZW4=")
    restarted = pager.fetch(cursor).next_cursor
    assert restarted is not None
    assert (restarted.resumption_token, restarted.restarts) == (None, 1)
    bad_verb = OaiPager(pager.session, pager.endpoint)
    with pytest.raises(exc.BadVerb):
        bad_verb._request({"verb": "Harvest"})
    with pytest.raises(exc.BadArgument):
        bad_verb._request({"verb": "ListRecords"})


def test_post_harvest(provider: tuple[str, LoopbackServer]) -> None:
    name, server = provider
    pager = OaiPager(PoliteSession(FAST), server.url("/oai"), method="POST")
    got = {r.identifier for r in pager.list_records(set_spec="bio")}
    assert got == expected(name, select(ITEMS, set_spec="bio", start=None, end=None))


def test_expired_token_mid_listing_recovers_exactly(provider: tuple[str, LoopbackServer]) -> None:
    """The provider's token is refused once mid-listing (a proxy in front of the real
    provider answers badResumptionToken): the listing restarts from the last datestamp
    and ends with every identifier exactly once."""
    name, _server = provider
    real: Callable[[LoggedRequest], Reply] = (
        pyoai_route(ITEMS) if name == "oaipmh" else oai_repo_route(ITEMS)
    )
    tokens_seen: list[str] = []

    def flaky(request: LoggedRequest) -> Reply:
        if "resumptionToken=" in request.url:
            tokens_seen.append(request.url)
            if len(tokens_seen) in (4, 11):
                return Reply(
                    200,
                    body=(
                        '<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><responseDate>2026-01-01T00:00:00Z'
                        '</responseDate><request>x</request><error code="badResumptionToken">expired</error></OAI-PMH>'
                    ),
                )
        return real(request)

    with LoopbackServer("127.0.0.3") as proxy:
        proxy.add("/oai", flaky)
        pager = OaiPager(PoliteSession(FAST), proxy.url("/oai"))
        got = [r.identifier for r in pager.list_identifiers()]
        restarts = [r for r in proxy.log if "from=" in r.url and "resumptionToken" not in r.url]
    assert len(restarts) == 2
    assert len(got) == len(set(got)) == 2500
