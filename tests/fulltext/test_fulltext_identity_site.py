"""A journal site of 120 articles whose every page shows other articles' PDFs (loopback).

Each landing page has a sidebar of similar-article cards, each with a direct link to
another article's real PDF (title and DOI on page one). Half of the sidebars are
labelled ("Benzer Makaleler"), half are plain boxes nothing marks as a sidebar.
The articles' own links vary: a good file, a redirect to another host (refused),
HTML served as PDF, no file yet, a scanned file without text behind the page's own
``citation_pdf_url``, a chain of four redirects (refused).

From the stored bytes: no record holds another article's file, every record whose own
file could be had holds exactly that file, and learning never takes up the cards.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
import requests

from politeharvest import FullText, FullTextStep, PoliteSession, SQLiteStateStore
from politeharvest.fulltext._identity import RecordHints
from politeharvest.testing import LoopbackServer, Reply, text_pdf
from tests.support import SCALED

pytestmark = pytest.mark.integration

COUNT = 120
WORDS = [
    "river",
    "soil",
    "drought",
    "forest",
    "wheat",
    "coastal",
    "glacier",
    "wetland",
    "pasture",
    "orchard",
    "alpine",
    "karst",
    "estuary",
    "dune",
    "savanna",
    "tundra",
    "reef",
    "delta",
    "canyon",
    "prairie",
    "moorland",
    "valley",
    "lagoon",
    "plateau",
]


def title(n: int) -> str:
    a, b, c = WORDS[n % 24], WORDS[(n * 7 + 3) % 24], WORDS[(n * 11 + 5) % 24]
    return f"Long-term {a} and {b} dynamics of the {c} region, study {n}"


def doi(n: int) -> str:
    return f"10.5555/site.{n:04d}"


def own_pdf(n: int) -> bytes:
    if n % 6 == 4:  # scanned: no text layer (a trailing comment keeps the bytes unique)
        return text_pdf([" "], [" "]) + f"% scan {n}\n".encode()
    return text_pdf(
        [
            title(n),
            f"Author{n} Surname{n}",
            f"https://doi.org/{doi(n)}",
            "Abstract. We report measurements from several field campaigns and compare them",
            "with model estimates; the differences are discussed with respect to land use.",
        ]
    )


def landing(n: int) -> str:
    variant = n % 6
    own = {
        0: f'<a class="tool pdf" href="/download/{n}.pdf">PDF</a>',
        1: f'<a class="tool pdf" href="/elsewhere/{n}.pdf">PDF</a>',
        2: f'<a class="tool pdf" href="/fake/{n}.pdf">PDF</a>',
        3: "<span>The full text will be available soon.</span>",
        4: "",
        5: f'<a class="tool pdf" href="/hop1/{n}.pdf">PDF</a>',
    }[variant]
    meta = f'<meta name="citation_pdf_url" content="/download/{n}.pdf">' if variant == 4 else ""
    neighbours = [(n + k * 17) % COUNT for k in (1, 2, 3)]
    cards = "".join(
        f'<div class="card"><a href="/article/{m}">{title(m)}</a>'
        f'<a class="article-card-pdf" href="/download/{m}.pdf">PDF</a></div>'
        for m in neighbours
    )
    if n % 2:
        sidebar = (
            f'<div class="col-4"><div class="box"><h3>Benzer Makaleler</h3>{cards}</div></div>'
        )
    else:
        sidebar = f'<div class="col-4"><div class="box">{cards}</div></div>'
    return (
        f'<html><head><meta name="citation_title" content="{title(n)}">{meta}</head><body>'
        f'<div class="row"><div class="col-8"><h1>{title(n)}</h1><div class="toolbar">{own}</div>'
        f"<p>Abstract of study {n}.</p></div>{sidebar}</div></body></html>"
    )


@pytest.fixture(scope="module")
def site() -> Iterator[LoopbackServer]:
    with LoopbackServer("127.0.0.1") as server:
        server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        for n in range(COUNT):
            server.add(f"/article/{n}", Reply(200, {"Content-Type": "text/html"}, landing(n)))
            server.add(
                f"/download/{n}.pdf", Reply(200, {"Content-Type": "application/pdf"}, own_pdf(n))
            )
            server.add(
                f"/elsewhere/{n}.pdf", Reply(302, {"Location": "https://cdn.example.net/x.pdf"})
            )
            server.add(
                f"/fake/{n}.pdf",
                Reply(200, {"Content-Type": "application/pdf"}, "<html>Sign in</html>"),
            )
            for hop in range(1, 5):
                server.add(f"/hop{hop}/{n}.pdf", Reply(302, {"Location": f"/hop{hop + 1}/{n}.pdf"}))
            server.add(f"/hop5/{n}.pdf", Reply(200, {}, own_pdf(n)))
        yield server


def test_no_record_ever_holds_another_article_s_file(site: LoopbackServer, tmp_path: Path) -> None:
    policy = attrs.evolve(
        SCALED, request_interval=0.0, file_interval=0.0, https_only=False, job_budget=600.0
    )
    state = SQLiteStateStore(tmp_path / "state.sqlite")
    session = PoliteSession(policy, http=requests.Session())
    step = FullTextStep(session, FullText(directory=tmp_path / "files"), state)
    order = list(range(COUNT))
    random.Random(7).shuffle(order)  # learning sees the variants in a mixed order
    rows = {}
    for n in order:
        hints = RecordHints(titles=(title(n),), doi=doi(n), surnames=(f"surname{n}",))
        rows[n] = step.for_url(site.url(f"/article/{n}"), f"rec-{n}", hints=hints)
    owners = {hashlib.sha256(own_pdf(n)).hexdigest(): n for n in range(COUNT)}
    stored = 0
    for n, row in rows.items():
        if row["path"] is None:
            continue
        stored += 1
        digest = hashlib.sha256(Path(row["path"]).read_bytes()).hexdigest()
        assert owners.get(digest) == n, (n, row)  # the record's own bytes, never a neighbour's
    # the records whose own file could be had hold it; the others hold nothing
    expected = {n for n in range(COUNT) if n % 6 in (0, 4)}
    assert {n for n, row in rows.items() if row["path"]} == expected
    assert stored == len(expected) == 40
    assert {rows[n]["identity"]["verdict"] for n in expected if n % 6 == 0} == {"matched"}
    assert {rows[n]["identity"]["verdict"] for n in expected if n % 6 == 4} == {"unverifiable"}
    # refused and missing files were not replaced by a card's PDF
    for n in range(COUNT):
        if n % 6 in (1, 2, 3, 5):
            assert rows[n]["status"] in ("no-fulltext", "retry-later"), rows[n]
    # learning took up the article's own toolbar, never the cards
    learned = json.loads(state.get_value("landing-structure", "127.0.0.1") or "[]")
    assert learned and all("article-card-pdf" not in s and "card" not in s for s in learned)
    assert len(list((tmp_path / "files").glob("*.pdf"))) == 40
