"""Every site rule and generic evidence source, each with its own small page (tests/data/landing)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from politeharvest import LANDING_RULES, find_candidates
from politeharvest.fulltext._rules import problematic_url

DATA = Path(__file__).resolve().parents[1] / "data" / "landing"
CASES = json.loads((DATA / "cases.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(CASES))
def test_page(name: str) -> None:
    case = CASES[name]
    analysis = find_candidates((DATA / case["file"]).read_bytes(), case["url"])
    if case.get("kind") == "blocked":
        assert analysis.kind == "blocked"
        assert analysis.candidates == ()
        return
    if case["expected"] is None:
        assert analysis.candidates == (), [c.url for c in analysis.candidates]
        assert analysis.kind in ("none", "html-fulltext")
        return
    assert analysis.candidates, analysis.reason
    assert analysis.candidates[0].url == case["expected"], [
        (c.url, c.source, c.evidence) for c in analysis.candidates
    ]
    assert analysis.candidates[0].evidence
    assert analysis.reason


def test_every_rule_has_a_page() -> None:
    covered = {name.split("_")[0] for name in CASES}
    for rule in LANDING_RULES:
        assert rule.name.split("-")[0] in covered, rule.name
        assert rule.example


def test_traps_are_rejected_with_reasons() -> None:
    case = CASES["traps_only"]
    analysis = find_candidates((DATA / case["file"]).read_bytes(), case["url"])
    reasons = " | ".join(str(c.rejected) for c in analysis.rejected)
    for expected in ("blocked link pattern", "references", "anchor text 'Author guide PDF'"):
        assert expected in reasons


def test_dergipark_leaves_references_citations_and_covers_out() -> None:
    case = CASES["dergipark"]
    analysis = find_candidates((DATA / case["file"]).read_bytes(), case["url"])
    kept = [c.url for c in analysis.candidates]
    assert kept[0].endswith("/article-file/998877")
    assert not any(u.endswith(("/111111", "/222222")) or "cite-file" in u for u in kept)


def test_dspace_keeps_query_and_refuses_restricted() -> None:
    case = CASES["dspace6"]
    analysis = find_candidates((DATA / case["file"]).read_bytes(), case["url"])
    assert analysis.candidates[0].url.endswith("thesis.pdf?sequence=1&isAllowed=y")
    assert all("isAllowed=n" not in c.url for c in analysis.candidates)


def test_learned_structure_predicts_the_link() -> None:
    html = '<html><body><div class="files"><span class="f"><a href="/obj/77">Some file</a></span></div></body></html>'
    plain = find_candidates(html, "https://repo.example.org/item/1")
    assert plain.candidates == ()  # nothing says "PDF" here
    signature = "body > div.files > span.f > a"
    learned = find_candidates(html, "https://repo.example.org/item/1", learned=[signature])
    assert learned.candidates[0].url == "https://repo.example.org/obj/77"
    assert learned.candidates[0].source == "learned"


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("https://journal.example.org/login?next=/a", True),
        ("https://www.facebook.com/sharer.php?u=x", True),
        ("https://journal.example.org/search?q=pdf", True),
        ("https://journal.example.org/cite.ris", True),
        ("ftp://journal.example.org/a.pdf", True),
        ("https://journal.example.org/article/1", False),
        ("https://journal.example.org/article/1.pdf?download=true", False),
        # a search's results, in a query; a catalogue's permalink looks one record up
        ("https://catalogue.example.org/list?query=soil+carbon", True),
        ("https://catalogue.example.org/r?q=1234", True),
        ("https://portal.example.de/opac.htm?method=simpleSearch&query=idn%3D1312345678", False),
        ("https://catalogue.example.org/r?q=doi:10.1234/abc.5", False),
        # no search term and one record picked by its id: a listing's address of that
        # record's page (landing44, after its scoring); a blank search alone is a search
        (
            "https://www.example.ie/ga/publications/?q=&topic%5B%5D=x&publicationId=lrs-2024-07",
            False,
        ),
        ("https://catalogue.example.org/find?q=&sort=date", True),
        ("https://catalogue.example.org/find?q=soil&id=12", True),
        # a record picked by a named id, the search that led to it kept in the address
        # (landing53, after its scoring): that record's page
        ("https://collection.example.ca/fra/notice?app=theses&IdNumber=41877&q=eau", False),
        ("https://tdc.example.th/tdc/browse.php?option=show&titleid=612734&query=x", False),
        ("https://catalogue.example.org/find?q=soil&page=2", True),
    ],
)
def test_problematic_urls_are_refused_before_any_request(url: str, problem: bool) -> None:
    assert (problematic_url(url) is not None) is problem


@pytest.mark.parametrize(
    ("url", "dspace"),
    [
        ("https://repository.example.edu/handle/11111/2222", True),
        ("https://repository.example.edu/items/0b5ec7a4-1111-2222-3333-444455556666", True),
        ("https://archive.example.org/acervo/items/show/1873", False),  # Omeka Classic
        ("https://www.example.no/items/URN:NBN:no-nb_digibok_2019030748112", False),
    ],
)
def test_dspace_is_recognised_by_its_handles_and_item_uuids_only(url: str, dspace: bool) -> None:
    rule = next(r for r in LANDING_RULES if r.name == "dspace6")
    assert (rule.matches(url) is not None) is dspace


def test_an_omeka_item_s_own_file_is_not_held_to_a_known_platform_s_bar() -> None:
    # Omeka Classic's item page: the record's scan in #itemfiles under the title, a file
    # link whose only content is its thumbnail; no DSpace rule judges it
    own = "https://archive.example.org/acervo/files/original/7f3ca21e9b0d4c55.pdf"
    html = (
        "<html><head><title>Boletim nº 45</title></head><body><div id='primary'>"
        "<h1>Boletim do Metalúrgico nº 45 – relatório da comissão de fábrica</h1>"
        "<div id='itemfiles'><div class='item-file application-pdf'>"
        f"<a class='download-file' href='{own}'><img class='thumb' src='/t/7f3c.jpg' "
        "alt='boletim45_abr1980.pdf'></a></div></div></div>"
        "<aside id='sidebar'><h2>Exposição virtual</h2><p><a href='/acervo/files/original/"
        "catalogo_2019.pdf'>Catálogo da exposição (PDF, 12 MB)</a></p></aside></body></html>"
    )
    analysis = find_candidates(html, "https://archive.example.org/acervo/items/show/1873")
    assert own in [c.url for c in analysis.candidates]
