"""A page's data in Next.js flight data; an article's own header (issue 34).

Each class with its guard:

- Next.js's App Router sends a page's data as strings pushed to ``self.__next_f``
  (``self.__next_f.push([1,"5:[…]"])``): the strings decoded and joined are read as any
  script state. A file no object there claims, whose object says it is the whole text
  (``"kind": "full"``), is worth a probe that must match; one whose object says another
  kind (``"kind": "summary"``) is refused, and another document's file (an object with
  another title) stays refused;
- a ``<header>`` inside an ``<article>`` is that article's header (HTML: only a header
  scoped to no sectioning element is the page's banner): a listing entry's file link
  there is read as the entry's, while the page's own ``<header>`` stays chrome.

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._state import flight_data

PAGE = "https://www.energy-institute.example.kr/ko/research/reports/2024-07"
CDN = "https://cdn.energy-institute.example.kr/reports/2024"
TITLE = "전력시장 개편과 재생에너지 통합 방안"


def _push(chunk: str) -> str:
    return f"<script>self.__next_f.push([1,{json.dumps(chunk)}])</script>"


def _next_page(files: list[dict[str, str]], related: str = "") -> str:
    row = json.dumps(
        ["$", "div", None, {"children": {"report": {"no": "2024-07", "files": files}}}],
        ensure_ascii=False,
    )
    # the row split over two pushes, as Next.js streams it
    half = len(row) // 2
    other = (
        "7:"
        + json.dumps(
            {"related": [{"title": "재생에너지 계통 접속 대기 해소 방안", "pdf": related}]},
            ensure_ascii=False,
        )
        + "\n"
        if related
        else ""
    )
    return (
        f"<html lang='ko'><head><title>{TITLE} | 연구원</title>"
        f"<meta name='citation_title' content='{TITLE}'></head><body><main><h1>{TITLE}</h1>"
        "<div class='downloads'><!-- buttons rendered on the client --></div></main>"
        "<script>(self.__next_f=self.__next_f||[]).push([0])</script>"
        + _push('1:HL["/_next/static/css/a.css","style"]\n')
        + _push("5:" + row[:half])
        + _push(row[half:] + "\n")
        + (_push(other) if other else "")
        + "</body></html>"
    )


FULL = {"kind": "full", "label": "보고서 전문", "url": f"{CDN}/RR2024-07_main.pdf"}
SUMMARY = {"kind": "summary", "label": "요약", "url": f"{CDN}/RR2024-07_s.pdf"}
SLIDES = {"kind": "slides", "label": "발표자료", "url": f"{CDN}/RR2024-07_p.pdf"}


def _by_url(html: str) -> dict[str, tuple[float, str | None]]:
    found = find_candidates(html, PAGE)
    return {c.url: (c.score, c.rejected) for c in (*found.candidates, *found.rejected)}


class TestFlightData:
    def test_the_pushed_strings_are_decoded_and_joined_row_by_row(self) -> None:
        html = _next_page([FULL, SUMMARY])
        scripts = html.split("<script>")[1:]
        text = flight_data(s.split("</script>")[0] for s in scripts)
        assert text is not None
        assert f'"url": "{CDN}/RR2024-07_main.pdf"' in text
        assert "5:" not in text  # the rows' ids are left out

    def test_a_file_its_object_calls_the_whole_text_is_tried(self) -> None:
        found = _by_url(_next_page([FULL, SUMMARY, SLIDES]))
        score, rejected = found[FULL["url"]]
        assert rejected is None and score > 0

    def test_a_file_its_object_calls_another_kind_is_refused(self) -> None:
        found = _by_url(_next_page([FULL, SUMMARY, SLIDES]))
        assert "another kind" in (found[SUMMARY["url"]][1] or "")
        assert "another kind" in (found[SLIDES["url"]][1] or "")

    def test_another_documents_file_stays_refused(self) -> None:
        other = f"{CDN}/RR2024-06_full.pdf"
        found = _by_url(_next_page([FULL], related=other))
        assert "another document" in (found[other][1] or "")

    def test_a_file_with_no_kind_said_is_left_to_the_links(self) -> None:
        # (the guard: an unclaimed file whose object says nothing of its kind is no
        # candidate of the script state's)
        bare = {"url": f"{CDN}/RR2024-07_x.pdf"}
        found = find_candidates(_next_page([bare]), PAGE)
        assert all(c.source != "script-state" for c in (*found.candidates, *found.rejected))

    def test_a_page_without_flight_data_has_none(self) -> None:
        assert flight_data(["window.dataLayer = [];", 'console.log("x")']) is None

    @given(st.lists(st.text(max_size=40), max_size=6))
    def test_any_pushed_strings_are_read_or_passed_over(self, chunks: list[str]) -> None:
        scripts = [f"self.__next_f.push([1,{json.dumps(c)}])" for c in chunks]
        text = flight_data(scripts)
        assert text is None or isinstance(text, str)


ARTICLE_PAGE = "https://www.research-centre.example.gr/el/meletes/meleti-89"
STUDY = "Μελέτη 89: Αγροτική απασχόληση και εποχικό εργατικό δυναμικό στην Κρήτη"


def _entries(site_link: str = "") -> str:
    base = f"{ARTICLE_PAGE}/meleti-89.pdf/@@download/file"
    return (
        f"<html lang='el'><head><title>{STUDY}</title>"
        f"<meta name='DC.title' content='{STUDY}'></head><body>"
        f"<header id='portal-top'><a href='https://www.research-centre.example.gr/el'>ΚΕΠΕ</a>"
        f"{site_link}</header>"
        f"<main><article id='content'><h1>{STUDY}</h1>"
        f"<article class='entry'><header><span class='summary'>"
        f"<a class='contenttype-file' href='{base}/meleti_89.pdf'>{STUDY} (PDF)</a>"
        "</span></header></article>"
        "</article></main></body></html>"
    )


class TestArticleHeader:
    def test_a_file_in_an_articles_own_header_is_read(self) -> None:
        found = _by_url(_entries())
        url = f"{ARTICLE_PAGE}/meleti-89.pdf/@@download/file/meleti_89.pdf"
        score, rejected = found[url]
        assert rejected is None and score > 0

    def test_the_pages_own_header_stays_chrome(self) -> None:
        guide = "https://www.research-centre.example.gr/el/odigos.pdf"
        found = _by_url(_entries(f"<a href='{guide}'>{STUDY} PDF</a>"))
        assert found[guide][1] == "inside <header>"


STAT_PAGE = "https://stat.example.lt/lt/leidiniai/gyventojai-2024"
STAT_TITLE = "Gyventojai (2024 m. leidimas)"
FILES = "https://stat.example.lt/documents/10180"


def _state_page(own_pdf: str | None) -> str:
    state = {
        "publication": {
            "id": "lg-2024",
            "title": STAT_TITLE,
            "pdf": own_pdf,
            "previous": [
                {"id": "lg-2023", "pdf": f"{FILES}/1/Gyventojai_2023.pdf"},
                {"id": "lg-2022", "pdf": f"{FILES}/2/Gyventojai_2022.pdf"},
            ],
            "methodology": f"{FILES}/3/Metodika_2021.pdf",
            "files": [{"id": 17, "url": f"{FILES}/4/Gyventojai_2024_lentele.pdf"}],
        }
    }
    return (
        f"<html lang='lt'><head><title>{STAT_TITLE}</title></head><body><main>"
        f"<h1>{STAT_TITLE}</h1><div id='app'></div></main>"
        f"<script>window.__INITIAL_STATE__={json.dumps(state, ensure_ascii=False)};</script>"
        "</body></html>"
    )


class TestStateEntries:
    def test_an_entry_with_an_id_of_the_documents_shape_is_another_record(self) -> None:
        # (landing45, after its scoring: the 2023 edition was stored for the 2024 record's
        # page, held as "strong" under the 2024 object that lists it)
        found = find_candidates(_state_page(None), STAT_PAGE)
        by_url = {
            c.url: c for c in (*found.candidates, *found.rejected) if c.source == "script-state"
        }
        for year in ("1/Gyventojai_2023", "2/Gyventojai_2022"):
            # (the same address read as a script's "pdf" value is refused with it)
            assert all(
                c.rejected
                for c in (*found.candidates, *found.rejected)
                if c.url == f"{FILES}/{year}.pdf"
            )
            candidate = by_url[f"{FILES}/{year}.pdf"]
            assert candidate.source == "script-state"
            assert "another document" in (candidate.rejected or "")

    def test_a_key_naming_another_kind_refuses_its_file(self) -> None:
        found = find_candidates(_state_page(None), STAT_PAGE)
        methodology = next(
            c
            for c in found.rejected
            if c.url.endswith("Metodika_2021.pdf") and c.source == "script-state"
        )
        assert "another kind" in (methodology.rejected or "")

    def test_the_documents_own_file_and_its_file_entries_stay_its_own(self) -> None:
        # (the guards: the object's own "pdf", and an entry whose id has another shape, a
        # file's number, are the document's)
        own = f"{FILES}/5/Gyventojai_2024.pdf"
        found = find_candidates(_state_page(own), STAT_PAGE)
        strong = {c.url for c in found.candidates if c.source == "script-state" and c.strong}
        assert own in strong
        assert f"{FILES}/4/Gyventojai_2024_lentele.pdf" in strong


ITEM = "https://repository.example.ac.tz/items/5f0c2e87-41b6-4d9a-9a3c-7d1e62b0f4a8"
API = "https://repository.example.ac.tz/server/api/core"


def _bitstream(uuid: str, name: str) -> dict[str, object]:
    links = {k: {"href": f"{API}/bitstreams/{uuid}/{k}"} for k in ("content", "thumbnail")}
    return {"id": uuid, "uuid": uuid, "name": name, "type": "bitstream", "_links": links}


def _bundle(uuid: str, name: str, files: list[dict[str, object]]) -> dict[str, object]:
    return {
        "uuid": uuid,
        "name": name,
        "type": "bundle",
        "_embedded": {"bitstreams": {"_embedded": {"bitstreams": files}}},
    }


def _repository_state() -> str:
    own = "c4a91e0d-7b35-4f62-8e1a-2d9f5c6b0a17"
    licence = "9a2f7c14-3e8b-4d05-a6c9-b7e1d4f20c38"
    state = {
        f"{ITEM.replace('/items/', '/server/api/core/items/')}/bundles": {
            "_embedded": {
                "bundles": [
                    _bundle(
                        "7d3c1a92-bb50-4e26-9f08-c1a2e6d4f7b3",
                        "ORIGINAL",
                        [_bitstream(own, "Neema Mwakalinga PhD 2023.pdf")],
                    ),
                    _bundle(
                        "3e9a4f61-0c27-4d18-8b5e-a6f2d1c7e940",
                        "LICENSE",
                        [_bitstream(licence, "license.txt")],
                    ),
                ]
            }
        }
    }
    escaped = json.dumps(state).replace('"', "&q;")
    return (
        "<html><head><title>Repository</title></head><body><ds-app>Loading...</ds-app>"
        f'<script id="dspace-angular-state" type="application/json">{escaped}</script>'
        "</body></html>"
    )


def test_a_repository_file_object_named_as_a_pdf_gives_its_content_link() -> None:
    # (landing90, after its scoring: a DSpace 7 page rendered before its file section, the
    # thesis only in the state's ORIGINAL bundle, a bundle's uuid of the item's shape)
    found = find_candidates(_repository_state(), ITEM)
    kept = [c.url for c in found.candidates if c.rejected is None]
    assert kept == [f"{API}/bitstreams/c4a91e0d-7b35-4f62-8e1a-2d9f5c6b0a17/content"]
