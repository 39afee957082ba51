"""Sanctioned sources first for a record with a DOI: Crossref's links, OpenAlex's OA locations.

Offline: both APIs are loopback fakes (each its own server), as are the repository and
the publisher; every request goes through the job's PoliteSession.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
import requests

from politeharvest import FullText, FullTextStep, PoliteSession
from politeharvest.cli import main
from politeharvest.fulltext._identity import RecordHints
from politeharvest.fulltext._sources import FileSources, crossref_candidates, openalex_candidates
from politeharvest.testing import Reply, text_pdf
from tests.support import SCALED

Serve = Callable[..., Any]
DOI = "10.5555/sources.42"
TITLE = "Sediment budgets of small alpine catchments"
HINTS = RecordHints(titles=(TITLE,), doi=DOI, surnames=("keller",), year="2024")
OWN = text_pdf([TITLE, "Anna Keller", f"https://doi.org/{DOI}", "2024"])
OTHER = text_pdf(
    [
        "Nitrate in karst springs after autumn rain",
        "Q. Zhang",
        "https://doi.org/10.5555/other.7",
        "Abstract. We sampled thirty springs monthly over two hydrological years.",
    ]
)
POLICY = attrs.evolve(SCALED, redirect_scope="host")
ROBOTS = Reply(200, body="User-agent: *\nAllow: /\n")


def test_crossref_links_are_pdf_text_links_only() -> None:
    data = {
        "message": {
            "link": [
                {
                    "URL": "https://pub.example/xml/42",
                    "content-type": "application/xml",
                    "intended-application": "text-mining",
                },
                {
                    "URL": "https://pub.example/pdf/42",
                    "content-type": "application/pdf",
                    "content-version": "vor",
                    "intended-application": "text-mining",
                },
                {
                    "URL": "https://pub.example/licence.pdf",
                    "content-type": "application/pdf",
                    "intended-application": "licence",
                },
                {"URL": "https://pub.example/42.pdf", "content-type": "unspecified"},
            ]
        }
    }
    found = crossref_candidates(data)
    assert [c.url for c in found] == ["https://pub.example/pdf/42", "https://pub.example/42.pdf"]
    assert "application/pdf, text-mining, vor" in found[0].evidence


def test_openalex_gives_the_best_location_first_then_the_others() -> None:
    data = {
        "best_oa_location": {"pdf_url": "https://repo.example/a.pdf", "version": "acceptedVersion"},
        "locations": [
            {"pdf_url": None, "landing_page_url": "https://pub.example/42"},
            {"pdf_url": "https://repo.example/a.pdf"},
            {"pdf_url": "https://preprints.example/b.pdf", "version": "submittedVersion"},
        ],
    }
    found = openalex_candidates(data)
    assert [c.url for c in found][:1] == ["https://repo.example/a.pdf"]
    assert "https://preprints.example/b.pdf" in [c.url for c in found]
    assert found[0].source == "openalex:best_oa_location"


def test_sources_need_a_contact_and_known_names() -> None:
    with pytest.raises(ValueError, match="e-mail address"):
        FileSources(("crossref",), "")
    with pytest.raises(ValueError, match="unknown full-text source"):
        FileSources(("unpaywall",), "me@example.org")


@pytest.mark.integration
def test_the_sources_file_is_tried_first_and_the_page_never_read(
    serve: Serve, http: requests.Session, tmp_path: Path
) -> None:
    repo, crossref, openalex, publisher = (serve(h) for h in ("127.0.0.2",) * 4)
    for server in (repo, crossref, openalex, publisher):
        server.add("/robots.txt", ROBOTS)
    crossref.add(
        f"/works/{DOI}",
        Reply(
            200,
            {"Content-Type": "application/json"},
            json.dumps(
                {
                    "message": {
                        "DOI": DOI,
                        "link": [
                            {
                                "URL": publisher.url("/pdf/wrong"),
                                "content-type": "application/pdf",
                                "intended-application": "text-mining",
                            }
                        ],
                    }
                }
            ),
        ),
    )
    openalex.add(
        f"/works/doi:{DOI}",
        Reply(
            200,
            {"Content-Type": "application/json"},
            json.dumps({"best_oa_location": {"pdf_url": publisher.url("/pdf/42")}}),
        ),
    )
    publisher.add("/pdf/wrong", Reply(200, {"Content-Type": "application/pdf"}, OTHER))
    publisher.add("/pdf/42", Reply(200, {"Content-Type": "application/pdf"}, OWN))
    repo.add("/record/42", Reply(200, {}, "<html><body>no link</body></html>"))
    session = PoliteSession(POLICY, http=http)
    settings = FullText(
        directory=tmp_path / "files",
        sources=("crossref", "openalex"),
        mailto="me@example.org",
        crossref_url=crossref.url("/").rstrip("/"),
        openalex_url=openalex.url("/").rstrip("/"),
    )
    row = FullTextStep(session, settings).for_url(repo.url("/record/42"), "rec:42", hints=HINTS)
    assert row["status"] == "downloaded", row
    assert Path(row["path"]).read_bytes() == OWN, (row["identity"], row["evidence"])
    assert "openalex:best_oa_location" in row["evidence"]
    asked = [r.path for r in crossref.log] + [r.path for r in openalex.log]
    assert f"/works/{DOI}?mailto=me%40example.org" in asked
    assert f"/works/doi:{DOI}?mailto=me%40example.org" in asked
    assert "/record/42" not in [r.path for r in repo.log]  # found without the page
    assert not any(p.name.startswith("rec") and "wrong" in p.name for p in tmp_path.rglob("*"))


def test_the_cli_refuses_sources_without_a_contact(tmp_path: Path, capsys: Any) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text('{"id": "a", "url": "https://repo.example.org/a"}\n')
    code = main(
        [
            "fulltext",
            str(source),
            "--out",
            str(tmp_path / "out.jsonl"),
            "--fulltext-sources",
            "crossref,openalex",
            "--user-agent",
            "bot/1.0 (mailto:me@example.org)",
        ]
    )
    assert code == 2
    assert "--mailto" in capsys.readouterr().err
