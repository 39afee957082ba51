"""Access walls on the wire: an open page keeps its own file, a walled one costs no request.

Loopback servers (one process per host), the whole full-text path (`FullTextStep`): open
landing pages that carry what a wall shows one sign of (a print copy's price, "Log in to
comment" returning to the page, a script-only "Download citation") store their PDF; a page
whose file block shows a price and a sign-in link with no return never sees its file
requested.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
import requests

from politeharvest import FullText, FullTextStep, PoliteSession, SQLiteStateStore
from politeharvest.fulltext._identity import RecordHints
from politeharvest.testing import Reply, text_pdf
from tests.support import SCALED

pytestmark = pytest.mark.integration

TITLE = "Groundwater recharge estimates from chloride mass balance in semi-arid basins"
HINTS = RecordHints(titles=(TITLE,), surnames=("okafor",))
PDF = text_pdf([TITLE, "Chinedu Okafor", "Journal of Arid Hydrology 12 (2023) 45-60"])


def page(tools: str) -> str:
    return (
        f'<html><head><meta name="citation_title" content="{TITLE}"></head><body>'
        '<header><a href="/">Home</a> <a href="/login">Log in</a></header>'
        f"<main><h1>{TITLE}</h1><p>Chinedu Okafor</p>{tools}</main></body></html>"
    )


OPEN_PAGES = {
    "/article/view/1": (
        '<aside class="sidebar"><a class="obj_galley_link pdf" href="/article/download/1/11">'
        'PDF</a><div class="print"><span>Print copy: €25.00</span> '
        '<a href="/shop/add/1">Buy print copy</a></div>'
        '<a href="/login?next=/article/view/1">Log in to comment</a></aside>'
    ),
    "/article/view/2": (
        '<div class="tools"><a href="/article/download/2/21">Download PDF</a>'
        "<span>Print on demand $19.99</span>"
        '<a href="#" onclick="exportCitation()">Download citation</a></div>'
    ),
}
WALLED_PAGE = (
    '<div class="download-block"><a href="/article/download/3/31">Download PDF</a>'
    '<p>Price: USD 35.00</p><a href="/login">Sign in to buy</a></div>'
)


def test_open_pages_keep_their_file_and_a_walled_one_costs_no_request(
    serve: Callable[..., Any], http: requests.Session, tmp_path: Path
) -> None:
    site = serve("127.0.0.2")
    site.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
    for path, tools in OPEN_PAGES.items():
        site.add(path, Reply(200, {"Content-Type": "text/html"}, page(tools)))
    site.add("/article/view/3", Reply(200, {"Content-Type": "text/html"}, page(WALLED_PAGE)))
    for n in (11, 21, 31):
        site.add(
            f"/article/download/{n // 10}/{n}",
            Reply(200, {"Content-Type": "application/pdf"}, PDF),
        )
    session = PoliteSession(attrs.evolve(SCALED, redirect_scope="host"), http=http)
    state = SQLiteStateStore(tmp_path / "state.sqlite")
    step = FullTextStep(session, FullText(directory=tmp_path / "ft"), state)

    got = {
        n: step.for_url(site.url(f"/article/view/{n}"), f"rec-{n}", hints=HINTS) for n in (1, 2, 3)
    }

    for n in (1, 2):
        assert got[n]["status"] == "downloaded", (n, got[n])
        assert got[n]["identity"]["verdict"] == "matched"
    assert got[3]["status"] == "no-fulltext"
    assert "access wall" in got[3]["reason"]
    requested = [r.path for r in site.log]
    assert "/article/download/1/11" in requested and "/article/download/2/21" in requested
    assert "/article/download/3/31" not in requested
    assert not [p for p in requested if p.startswith(("/login", "/shop"))]
