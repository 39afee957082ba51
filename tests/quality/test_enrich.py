"""Enrichment against local fake Crossref and OpenAlex servers (their JSON shapes, their 429s)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import attrs
import pytest

from politeharvest import PoliteSession
from politeharvest.cli import main
from politeharvest.quality import CrossrefClient, OpenAlexClient, enrich
from politeharvest.testing import LoggedRequest, LoopbackServer, Reply
from tests.support import SCALED

pytestmark = pytest.mark.integration
pytest.importorskip("rapidfuzz")

ORCID = "0000-0002-1825-0097"
TITLE = "Soil erosion under olive groves in the Aegean region"
ABSTRACT = "We measured soil loss on 40 plots over six years."

CROSSREF_WORK = {
    "DOI": "10.5555/ABC.123",
    "title": [TITLE],
    "author": [
        {"given": "Ayşe", "family": "Yılmaz", "ORCID": f"http://orcid.org/{ORCID}"},
        {"given": "Emre", "family": "Koç"},
    ],
    "issued": {"date-parts": [[2019, 5]]},
    "abstract": f"<jats:p>{ABSTRACT}</jats:p>",
}
OTHER_WORK = {
    "DOI": "10.5555/other",
    "title": ["Soil erosion under vineyards in the Douro valley"],
    "author": [{"given": "Ana", "family": "Silva"}],
    "issued": {"date-parts": [[2019]]},
    "abstract": "<jats:p>Another study.</jats:p>",
}


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> Reply:
    return Reply(status, {"Content-Type": "application/json", **(headers or {})}, json.dumps(data))


def crossref_server(server: LoopbackServer) -> None:
    server.add(
        "/works/10.5555/abc.123",
        [_json({}, 429, {"Retry-After": "1"}), _json({"status": "ok", "message": CROSSREF_WORK})],
    )

    def search(request: LoggedRequest) -> Reply:
        query = parse_qs(urlsplit(request.url).query)
        assert query["mailto"] == ["tests@example.org"]
        items = [OTHER_WORK, CROSSREF_WORK] if "olive" in query["query.bibliographic"][0] else []
        return _json({"status": "ok", "message": {"items": items}})

    server.add("/works", search)


def openalex_work() -> dict[str, Any]:
    words = ABSTRACT.split()
    index: dict[str, list[int]] = {}
    for i, word in enumerate(words):
        index.setdefault(word, []).append(i)
    return {
        "id": "https://openalex.org/W123",
        "doi": "https://doi.org/10.5555/abc.123",
        "title": TITLE,
        "publication_year": 2019,
        "authorships": [
            {"author": {"display_name": "Ayşe Yılmaz", "orcid": f"https://orcid.org/{ORCID}"}},
            {"author": {"display_name": "Emre Koç", "orcid": None}},
        ],
        "abstract_inverted_index": index,
    }


def record(**changes: Any) -> dict[str, Any]:
    metadata = {
        "title": [TITLE],
        "creator": ["Yılmaz, Ayşe", "Koç, Emre"],
        "date": ["2019"],
    }
    metadata.update(changes)
    return {"identifier": "oai:r:1", "endpoint": "https://r.example.org/oai", "metadata": metadata}


@pytest.fixture
def session() -> Any:
    with PoliteSession(attrs.evolve(SCALED, request_interval=0.01)) as s:
        yield s


def test_crossref_by_doi_waits_out_429_and_fills_without_overwriting(session: Any) -> None:
    with LoopbackServer("127.0.0.2") as server:
        crossref_server(server)
        client = CrossrefClient(session, "tests@example.org", base_url=server.base_url)
        mine = record(identifier=["https://doi.org/10.5555/ABC.123"], description=["Ours."])
        result = enrich(mine, client)
        log = server.requests_for("/works/")
    assert result.status == "enriched"
    assert "abstract" not in result.added  # the record has one: never overwritten
    assert "doi" not in result.added
    assert result.added["orcid"]["value"] == [{"name": "Ayşe Yılmaz", "orcid": ORCID}]
    assert result.added["orcid"]["source"] == "crossref"
    assert [r.status for r in log] == [429, 200]
    assert log[1].arrival - log[0].end >= 1.0  # Retry-After: 1 was waited out


def test_crossref_title_search_accepts_only_the_same_work(session: Any) -> None:
    with LoopbackServer("127.0.0.2") as server:
        crossref_server(server)
        client = CrossrefClient(session, "tests@example.org", base_url=server.base_url)
        result = enrich(record(), client)
        stranger = enrich(
            record(title=["Soil erosion under vineyards in the Douro valley"]), client
        )
    assert result.status == "enriched"
    assert result.added["doi"] == {
        "value": "10.5555/abc.123",
        "source": "crossref",
        "url": "https://doi.org/10.5555/abc.123",
    }
    assert result.added["abstract"]["value"] == ABSTRACT
    # the hit has the same title but other authors (Silva): not this record's work
    assert stranger.status == "not found"
    assert stranger.added == {}


def test_openalex_by_doi_and_by_title(session: Any) -> None:
    with LoopbackServer("127.0.0.3") as server:
        server.add(
            "/works/doi:10.5555/abc.123",
            [_json({"error": "slow down"}, 429, {"Retry-After": "1"}), _json(openalex_work())],
        )
        server.add("/works", _json({"results": [openalex_work()]}))
        client = OpenAlexClient(session, "tests@example.org", base_url=server.base_url)
        by_doi = enrich(record(identifier=["doi:10.5555/abc.123"]), client)
        by_title = enrich(record(), client)
        searched = server.requests_for("/works?")
    assert by_doi.added["abstract"] == {
        "value": ABSTRACT,
        "source": "openalex",
        "url": "https://openalex.org/W123",
    }
    assert "doi" not in by_doi.added
    assert by_title.added["doi"]["value"] == "10.5555/abc.123"
    assert "title.search" in parse_qs(urlsplit(searched[0].url).query)["filter"][0]


def test_a_service_that_keeps_answering_429_defers(session: Any) -> None:
    with LoopbackServer("127.0.0.2") as server:
        server.add("/works/10.5555/abc.123", _json({}, 429, {"Retry-After": "600"}))
        client = CrossrefClient(session, "tests@example.org", base_url=server.base_url)
        result = enrich(record(identifier=["10.5555/abc.123"]), client)
    assert result.status == "deferred"
    assert result.added == {}


def test_clean_enrich_from_the_command_line(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps(record()) + "\n", encoding="utf-8")
    out = tmp_path / "clean.jsonl"
    err = io.StringIO()
    with LoopbackServer("127.0.0.2") as server:
        crossref_server(server)
        code = main(
            [
                "clean",
                str(source),
                "--out",
                str(out),
                "--enrich",
                "crossref",
                "--mailto",
                "tests@example.org",
                "--enrich-url",
                server.base_url,
                "--allow-private-addresses",
                "--request-interval",
                "0.01",
            ],
            err=err,
        )
        agents = {r.headers.get("User-Agent", "") for r in server.log}
    assert code == 0, err.getvalue()
    (row,) = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert row["enriched"]["abstract"]["value"] == ABSTRACT
    assert row["enrichment"]["status"] == "enriched"
    assert row["original"] == record()["metadata"]  # the harvested values, untouched
    assert all("mailto:tests@example.org" in agent for agent in agents)
    assert "1 enriched from crossref" in err.getvalue()
