"""Catalogue, discovery-layer and aggregator pages: the record's file held elsewhere (issue 34).

landing73 (15 of 24 own files found when scored once on 855135f) showed a class of pages
no rule knows: a library catalogue's or an aggregator's record whose full text sits on a
repository's host, linked under the record's fields in the words of the catalogue's
language. Each test is one of the structures that hid the file; the guards keep what made
the resolver careful. All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from politeharvest.fulltext._access import signs_in
from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._links import link_sources
from politeharvest.fulltext._pagefacts import page_facts
from politeharvest.fulltext._words import BAD_HREF

CATALOGUE = "https://catalogue.example.org"
REPOSITORY = "https://repository.example.edu"
TITLE = "Seasonal grazing and soil carbon on upland commons"


def _record(
    body: str, *, head: str = "", h1: str = f'<h1 class="record-title">{TITLE}</h1>'
) -> str:
    return (
        f"<html><head><title>{TITLE} | Catalogue</title>{head}</head><body>"
        f"<header><nav><a href='{CATALOGUE}/'>Home</a> <a href='{CATALOGUE}/login'>Sign in</a>"
        f"</nav></header><main>{h1}{body}</main></body></html>"
    )


def _found(page: str, url: str) -> list[str]:
    return [c.url for c in find_candidates(page, url).candidates if c.rejected is None]


def test_a_label_that_names_its_own_pdf_file_in_brackets_says_pdf() -> None:
    file = f"{REPOSITORY}/bitstream/handle/10024/8812/Moor_Hale.pdf?sequence=2"
    page = _record(
        f'<div class="recordURLs"><ul><li><a href="{file}">Avaa verkkoaineisto '
        "(Moor_Hale.pdf)</a></li></ul></div>"
    )
    assert _found(page, f"{CATALOGUE}/Record/view?id=theseus") == [file]


def test_a_bracketed_name_of_another_file_says_nothing_of_the_link() -> None:
    file = f"{REPOSITORY}/bitstream/handle/10024/8812/Moor_Hale.pdf?sequence=2"
    page = _record(
        f'<div class="recordURLs"><ul><li><a href="{file}">Avaa verkkoaineisto '
        "(Liite_1.pdf)</a></li></ul></div>"
    )
    assert _found(page, f"{CATALOGUE}/Record/view?id=theseus") == []


def test_a_label_opening_with_full_text_says_where_not_which_document() -> None:
    hal = "https://hal.example.org/halshs-04123456/document"
    lab = "https://www.lab.example.org/wp-content/uploads/2023/06/WP2311.pdf"
    page = _record(
        "<span class='online_resources'>Ressource en ligne : "
        f"<a href='{hal}'>Texte intégral sur HAL-SHS (PDF)</a> | "
        f"<a href='{lab}'>Texte intégral sur le site du GATE (PDF)</a></span>"
    )
    assert set(_found(page, f"{CATALOGUE}/cgi-bin/koha/opac-detail.pl?biblionumber=218804")) == {
        hal,
        lab,
    }


def test_a_label_naming_another_document_still_names_it() -> None:
    other = f"{REPOSITORY}/files/other-report.pdf"
    page = _record(f"<p>See also <a href='{other}'>Heather burning on lowland heaths (PDF)</a></p>")
    assert _found(page, f"{CATALOGUE}/Record/8812") == []


def test_a_label_in_an_unread_script_on_the_file_named_as_the_record() -> None:
    page_url = (
        f"{CATALOGUE}/primo_library/libweb/action/display.do?tabs=detailsTab"
        "&doc=HAI_ALEPH000812345&vid=HAI"
    )
    file = f"{REPOSITORY}/theses/2021/HAI_ALEPH000812345.pdf"
    other = f"{REPOSITORY}/theses/2021/HAI_ALEPH000799999.pdf"
    page = _record(
        f"<ul><li><a href='{file}'>לטקסט המלא של העבודה (PDF)</a></li></ul>"
        f"<p><a href='{other}'>לטקסט המלא של העבודה (PDF)</a></p>"
    )
    found = _found(page, page_url)
    assert file in found and other not in found


def test_a_source_prefixed_record_id_in_the_query_names_the_record() -> None:
    soup = BeautifulSoup("<html><head><title>x</title></head><body></body></html>", "lxml")
    facts = page_facts(soup, f"{CATALOGUE}/display.do?doc=HAI_ALEPH000812345&vid=HAI")
    assert "hai_aleph000812345" in facts.ids
    quoted = page_facts(
        soup, f"{CATALOGUE}/opac/showFullRecord?currentResultId=Woe%3D1287654321%26any"
    )
    assert "1287654321" in quoted.ids


def test_a_block_named_like_the_title_s_own_class_is_the_record_s_fields() -> None:
    file = f"{REPOSITORY}/bitstream/1843/51234/1/dissertacao.pdf"
    page = _record(
        "<div id='citationFields' class='citation-fields'><dl>"
        f"<dt>Título:</dt><dd>{TITLE}</dd>"
        "<dt>Autores:</dt><dd>Moorcroft, Rita</dd>"
        "<dt>Data de publicação:</dt><dd>2023-03-14</dd>"
        "<dt>Tipo de documento:</dt><dd>masterThesis</dd>"
        f"<dt>URL de acesso:</dt><dd><a href='{file}'>{file}</a></dd></dl></div>",
        h1=f"<h1 class='citation-title'>{TITLE}</h1>",
    )
    assert _found(page, f"{CATALOGUE}/ehost/detail/detail?vid=2") == [file]


def test_a_citations_list_is_still_a_region_of_other_works() -> None:
    cited = f"{REPOSITORY}/bitstream/1843/40000/1/other.pdf"
    page = _record(
        "<dl><dt>Autores:</dt><dd>Moorcroft, Rita</dd>"
        "<dt>Data de publicação:</dt><dd>2023-03-14</dd></dl>"
        f"<div class='citations-list'><dl><dt>URL de acesso:</dt><dd><a href='{cited}'>{cited}"
        "</a></dd></dl></div>",
        h1=f"<h1 class='record-title'>{TITLE}</h1>",
    )
    assert _found(page, f"{CATALOGUE}/ehost/detail/detail?vid=2") == []


def test_a_javascript_href_opening_an_address_gives_that_address() -> None:
    file = "https://press.example.cz/library/catalog/download/1987/5432/6789?inline=1"
    soup = BeautifulSoup(
        f"<a href='javascript:open_window(\"{file}\");'>{file}</a>"
        "<a href='javascript:void(0)'>Menu</a>",
        "lxml",
    )
    found = [(address, where) for _, address, where in link_sources(soup)]
    assert (file, "javascript: href") in found
    assert all(where != "javascript: href" or address == file for address, where in found)


def test_an_aggregator_page_names_its_authors_and_doi_in_json_ld_and_its_address() -> None:
    head = (
        '<script type="application/ld+json">{"@context": "http://schema.org", "@type": '
        f'"ScholarlyArticle", "name": "{TITLE}", "author": [{{"@type": "Person", "name": '
        '"Rita Moorcroft"}, {"@type": "Person", "familyName": "Halloran"}]}</script>'
    )
    soup = BeautifulSoup(_record("", head=head), "lxml")
    facts = page_facts(soup, f"{CATALOGUE}/search/publication?pid=10.1016%2Fj.ecolind.2023.110765")
    assert facts.surnames == ("moorcroft", "halloran")
    assert facts.doi == "10.1016/j.ecolind.2023.110765"


def test_a_link_whose_title_names_pdf_in_the_record_s_field() -> None:
    page_url = f"{CATALOGUE}/opac/showFullRecord?currentResultId=Woe%3D1287654321%26any"
    archived = "https://archive.example.org/1287654321/34"
    page = _record(
        "<table><tr><td class='label'>Online-Zugriff</td><td>"
        f"<a href='{archived}' title='Archivobjekt öffnen (PDF)'>Archivobjekt öffnen</a>"
        "</td></tr></table>"
    )
    assert _found(page, page_url) == [archived]


def test_a_button_beside_the_record_s_table_of_fields_is_the_record_s_file() -> None:
    file = f"{CATALOGUE}/uploads/publish/1563720240312101544.pdf"
    page = _record(
        "<div class='row'><div class='col-md-8'><table class='publish-info'>"
        "<tr><th>ผู้แต่ง</th><td>กองโรคติดต่อนำโดยแมลง กรมควบคุมโรค</td></tr>"
        "<tr><th>ปีที่พิมพ์</th><td>2567</td></tr></table>"
        f"<a class='btn btn-download' href='{file}'><i class='fa fa-file-pdf-o'></i> "
        "ดาวน์โหลดไฟล์</a></div></div>"
    )
    assert _found(page, f"{CATALOGUE}/dvb/news.php?news=41236") == [file]


@pytest.mark.parametrize(
    ("url", "blocked"),
    [
        ("https://register.example.org/assets/guidelines/057-031l.pdf", False),
        ("https://www.example.org/register", True),
        ("https://www.example.org/user/register?next=/", True),
        ("https://share.example.org/files/report.pdf", False),
        ("https://www.example.org/share/", True),
    ],
)
def test_a_host_named_like_a_control_is_no_control(url: str, blocked: bool) -> None:
    assert (BAD_HREF.search(url) is not None) is blocked


@pytest.mark.parametrize(
    ("url", "walled"),
    [
        ("https://register.example.org/assets/guidelines/057-031l.pdf", False),
        ("https://login.example.org/files/a.pdf", True),
        ("https://www.example.org/register", True),
        ("https://www.example.org/login?next=/a.pdf", True),
    ],
)
def test_only_a_host_named_for_signing_in_is_a_sign_in_page(url: str, walled: bool) -> None:
    assert signs_in(url) is walled


def test_json_ld_authors_are_the_work_s_not_the_web_page_s() -> None:
    # an @graph of the page and its work: the page's author (the site's editor) is no
    # author of the record; a script that does not parse is passed over
    head = (
        '<script type="application/ld+json">{not json</script>'
        '<script type="application/ld+json">{"@context": "https://schema.org", "@graph": ['
        '{"@type": "WebPage", "author": {"@type": "Person", "name": "Site Editor"}},'
        f'{{"@type": "Thesis", "name": "{TITLE}", "author": "Moorcroft, Rita"}}]}}</script>'
    )
    soup = BeautifulSoup(_record("", head=head), "lxml")
    assert page_facts(soup, f"{CATALOGUE}/Record/view?id=abc").surnames == ("moorcroft",)
