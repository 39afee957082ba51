"""FAIR Signposting against a real server: a Link header, a linkset, and what each costs.

A repository in the InvenioRDM/DSpace 7 style announces its item's file in an HTTP
``Link`` header (``rel="item"; type="application/pdf"``), or only points to a linkset
(``rel="linkset"``) that lists it. The page's own links say nothing (no "PDF" text, an
opaque address), and a sidebar lists other records' files. The file is found from the
Signposting evidence alone, the linkset costs one page request, and the row says which
evidence decided.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
import requests

from politeharvest import FullText, FullTextStep, PoliteSession
from politeharvest.fulltext._identity import RecordHints
from politeharvest.testing import LoopbackServer, Reply, text_pdf
from tests.support import SCALED

pytestmark = pytest.mark.integration

TITLE = "Snowmelt timing and soil respiration in an alpine catchment"
HINTS = RecordHints(titles=(TITLE,), doi="10.5555/rdm.2024.17", surnames=("moser",))
OWN = text_pdf([TITLE, "Anna Moser", "https://doi.org/10.5555/rdm.2024.17", "Abstract. Data."])
OTHER = text_pdf(["Lichen cover on boulder fields", "B. Keller", "doi:10.5555/rdm.2024.18"])
SIDEBAR = (
    '<aside><div class="rec"><a href="/records/18">Lichen cover on boulder fields</a>'
    '<a href="/records/18/files/lichen.pdf">lichen.pdf</a></div>'
    '<div class="rec"><a href="/records/19">Scree slope stability after fires</a>'
    '<a href="/records/19/files/scree.pdf">scree.pdf</a></div></aside>'
)


def page() -> str:
    return (
        f'<html><head><meta name="citation_title" content="{TITLE}"></head><body><main>'
        f"<h1>{TITLE}</h1><p>Abstract. We measured respiration.</p>"
        f'<div class="files"><span data-id="7f3a">Files (1)</span></div></main>{SIDEBAR}'
        "</body></html>"
    )


@pytest.fixture
def site() -> Iterator[LoopbackServer]:
    with LoopbackServer("127.0.0.1") as server:
        item = server.url("/api/records/17/files/content")
        server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        header = f'<{item}>; rel="item"; type="application/pdf", <https://doi.org/10.5555/rdm.2024.17>; rel="cite-as"'
        server.add("/records/17", Reply(200, {"Content-Type": "text/html", "Link": header}, page()))
        linkset = server.url("/records/20/linkset")
        server.add(
            "/records/20",
            Reply(
                200,
                {
                    "Content-Type": "text/html",
                    "Link": f'<{linkset}>; rel="linkset"; type="application/linkset+json"',
                },
                page(),
            ),
        )
        server.add(
            "/records/20/linkset",
            Reply(
                200,
                {"Content-Type": "application/linkset+json"},
                json.dumps(
                    {
                        "linkset": [
                            {
                                "anchor": server.url("/records/20"),
                                "item": [{"href": item, "type": "application/pdf"}],
                                "cite-as": [{"href": "https://doi.org/10.5555/rdm.2024.17"}],
                            }
                        ]
                    }
                ),
            ),
        )
        server.add("/api/records/17/files/content", Reply(200, {}, OWN))
        for n, name in ((18, "lichen"), (19, "scree")):
            server.add(f"/records/{n}/files/{name}.pdf", Reply(200, {}, OTHER))
        yield server


@pytest.mark.parametrize(("path", "pages"), [("/records/17", 1), ("/records/20", 2)])
def test_the_item_from_signposting_alone(
    site: LoopbackServer, tmp_path: Path, path: str, pages: int
) -> None:
    policy = attrs.evolve(SCALED, request_interval=0.0, file_interval=0.0, https_only=False)
    step = FullTextStep(
        PoliteSession(policy, http=requests.Session()), FullText(directory=tmp_path)
    )
    row = step.for_url(site.url(path), "rec-17", hints=HINTS)
    assert row["status"] == "downloaded", row
    assert hashlib.sha256(Path(row["path"]).read_bytes()).digest() == hashlib.sha256(OWN).digest()
    assert row["evidence"].startswith("signposting: FAIR Signposting item")
    served = [r.path for r in site.log if r.path != "/robots.txt"]
    # the page (and its linkset), the origin's tdmrep.json, then one file
    assert len(served) == pages + 2
    assert not any("/files/lichen" in p or "/files/scree" in p for p in served)
