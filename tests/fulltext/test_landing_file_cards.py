"""Cards of files, annexes, and another body's title (issue 34, landing38 after its scoring).

Each class with its guard:

- a row of cards (``<div class=document>``: a file's title, its size, one "Descargar"
  button) is a list of items: a card's title says what its bare button gives, so the
  executive summary's, the board resolution's and the presentation's are other documents;
  a block of two addresses, or blocks of different classes, are no cards; a mail link
  asking for another format is no second address;
- an annex or appendix is named in more languages ("Anexos 1 al 12", "Załączniki");
- a title that is the record's but for a name in capitals ("... de SEDACUSCO 2022-2027"
  for the record "... de SEDAPAL S.A. ... 2022-2027") is the same series' title for
  another body; a bracketed acronym, a text all in capitals and an author's name are none;
- a file's description on a line of its own ("PDF, 2.31 MB, 118 pages") in a longer item
  says the link gives a PDF.

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from politeharvest.fulltext._addresses import same_site
from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import PageFacts
from politeharvest.fulltext._words import BAD_TEXT, button_text, full_text_of, item_of

CDN = "https://cdn.example.gob.pe/uploads/document/file"
TITLE = "Estudio tarifario final de SEDAPAL S.A. para el quinquenio regulatorio 2022-2027"


def _card(title: str, size: str, href: str) -> str:
    return (
        f"<div class='document'><p class='document-title'>{title}</p><p class='size'>{size}</p>"
        f"<a class='btn' href='{href}'>Descargar</a></div>"
    )


def _page(body: str, title: str = TITLE) -> str:
    return (
        f"<html lang='es'><head><title>{title}</title>"
        f"<meta property='og:title' content='{title}'></head><body><main><h1>{title}</h1>"
        f"{body}</main><footer><a href='/terminos'>Términos</a></footer></body></html>"
    )


OWN = f"{CDN}/6123456/5123456-estudio-tarifario-final-sedapal-2022-2027.pdf"
SUMMARY = f"{CDN}/6123457/5123456-resumen-ejecutivo-estudio-tarifario-sedapal.pdf"
ANNEX = f"{CDN}/6123458/5123456-anexos-1-al-12-estudio-tarifario-sedapal.pdf"
SLIDES = f"{CDN}/6123462/5123456-presentacion-audiencia-publica.pdf"
OTHER = f"{CDN}/5987001/5011223-estudio-tarifario-final-sedacusco-2022-2027.pdf"
PAGE = "https://www.example.gob.pe/institucion/sunass/informes/5123456-estudio-tarifario-sedapal"


def test_a_card_s_title_says_what_its_bare_button_gives() -> None:
    body = (
        "<div class='documents'>"
        + _card("Estudio tarifario final SEDAPAL 2022-2027", "PDF · 8.4 MB", OWN)
        + _card("Resumen ejecutivo del estudio tarifario", "PDF · 900 KB", SUMMARY)
        + _card("Anexos 1 al 12", "PDF · 22 MB", ANNEX)
        + _card("Presentación de la audiencia pública", "PDF · 3.1 MB", SLIDES)
        + "</div><section class='related'><h2>Publicaciones relacionadas</h2><ul><li>"
        "<a href='/institucion/sunass/informes/5011223-estudio-tarifario-sedacusco'>Estudio tarifario "
        f"final de SEDACUSCO 2022-2027</a> · <a href='{OTHER}'>PDF</a></li></ul></section>"
    )
    kept = [c.url for c in find_candidates(_page(body), PAGE).candidates]
    assert kept == [OWN]


def test_blocks_that_are_no_cards() -> None:
    soup = BeautifulSoup(
        "<div class='list'>"
        "<div class='document'><a href='/a.pdf'>A</a> <a href='/a-summary.pdf'>B</a></div>"
        "<div class='document'><a href='/c.pdf'>C</a></div>"
        "<div class='document'><a href='/f.pdf'>F</a> "
        "<a href='mailto:formats@example.org'>Request an accessible format</a></div>"
        "<div class='other'><a href='/d.pdf'>D</a></div>"
        "<div class='lone'><a href='/e.pdf'>E</a></div>"
        "</div>",
        "html.parser",
    )
    found = {a.get_text(): item_of(a) for a in soup.find_all("a")}
    assert found["A"] is None  # two addresses: a list of files, not one file's card
    assert found["C"] is not None and found["C"].get("class") == ["document"]
    assert found["D"] is None  # no sibling of its class beside it
    assert found["E"] is None
    assert found["F"] is not None  # a mail address is no second file


@pytest.mark.parametrize(
    ("label", "annex"),
    [
        ("Anexos 1 al 12", True),
        ("Anhang A: Fragebogen", True),
        ("Załączniki do raportu", True),
        ("Приложения к отчёту", True),
        ("附录", True),
        ("Bilaga 2", True),
        ("Texto completo", False),
        ("Ekonomi raporu", False),
    ],
)
def test_an_annex_is_named_in_more_languages(label: str, annex: bool) -> None:
    assert (BAD_TEXT.search(label) is not None) is annex


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Estudio tarifario final SEDAPAL 2022-2027", True),
        ("Estudio tarifario final de SEDACUSCO 2022-2027", False),  # another body's
        ("Estudio tarifario final de SEDAPAL 2022-2027 (SUNASS)", True),  # a bracketed qualifier
        ("ESTUDIO TARIFARIO FINAL DE SEDAPAL 2022-2027", True),  # all in capitals
        ("Estudio tarifario final de SEDAPAL 2022-2027, por Rosa QUISPE", True),  # an author
    ],
)
def test_a_name_in_capitals_the_titles_lack_names_another_body(text: str, title: bool) -> None:
    facts = PageFacts(PAGE, titles=(TITLE,), surnames=("quispe",))
    assert facts.is_title(text) is title


def test_a_file_s_description_on_a_line_of_its_own_says_pdf() -> None:
    report = "https://assets.example.gov.uk/media/1/report.pdf"
    brief = "https://assets.example.gov.uk/media/2/brief.pdf"

    def attachment(href: str, label: str, meta: str, note: str = "") -> str:
        return (
            f"<section class='attachment'><h3><a href='{href}'>{label}</a></h3>"
            f"<p class='meta'>{meta}</p>{note}</section>"
        )

    title = "Rural schools: teacher recruitment and retention"
    body = attachment(
        report,
        f"{title} - research report",
        "PDF, 2.31 MB, 118 pages",
        "<p>This file may not be suitable for users of assistive technology. "
        "<a href='mailto:formats@example.gov.uk'>Request an accessible format.</a></p>",
    ) + attachment(brief, f"{title} - research brief", "PDF, 402 KB, 9 pages")
    html = (
        f"<html><head><title>{title}</title></head><body><main><h1>{title}</h1>{body}"
        "</main></body></html>"
    )
    found = find_candidates(html, "https://www.example.gov.uk/publications/rural-schools")
    assert [c.url for c in found.candidates][:1] == [report]
    first = found.candidates[0]
    assert "describes a PDF file ('PDF, 2.31 MB, 118 pages')" in first.evidence


def test_a_button_beside_another_work_s_title_link_is_that_work_s_file() -> None:
    # "Publicaciones anteriores": the title's link and its file's, on one line
    site = "https://museo.example.gob.mx"
    title = "La vivienda obrera en la Ciudad de México, 1920-1950"
    older = f"{site}/docs/publicaciones/catalogo_casas_del_pedregal_2019.pdf"
    body = (
        "<p>El catálogo impreso está a la venta en la librería del museo.</p>"
        "<h2>Publicaciones anteriores</h2><p><a href='/publicaciones/casas-del-pedregal'>"
        f"Las casas del Pedregal (2019)</a> – <a href='{older}'>Descargar catálogo completo "
        "(PDF)</a></p>"
    )
    html = (
        f"<html lang='es'><head><title>{title}</title></head><body><main><h1>{title}</h1>"
        f"{body}</main></body></html>"
    )
    found = find_candidates(html, f"{site}/publicaciones/vivienda-obrera")
    assert older not in [c.url for c in found.candidates]
    why = {c.url: c.rejected for c in found.rejected}.get(older) or ""
    assert "another work" in why or "another article" in why


def test_two_file_labels_on_one_line_are_no_work_s_line() -> None:
    # the guard: "PDF | EPUB" are one work's two files, its own (the page's record)
    site = "https://press.example.org"
    title = "Rivers of the northern plains"
    body = (
        f"<p><a href='{site}/files/rivers.pdf'>Download PDF</a> | "
        f"<a href='{site}/files/rivers.epub'>Download EPUB</a></p>"
    )
    html = (
        f"<html><head><title>{title}</title></head><body><main><h1>{title}</h1>{body}"
        "</main></body></html>"
    )
    found = find_candidates(html, f"{site}/books/rivers")
    assert [c.url for c in found.candidates][:1] == [f"{site}/files/rivers.pdf"]


@pytest.mark.parametrize("label", ["Boletín de prensa", "Press kit", "Dossier de presse"])
def test_a_press_bulletin_is_another_document(label: str) -> None:
    assert BAD_TEXT.search(label) is not None


@pytest.mark.parametrize(
    ("label", "full"),
    [
        ("研究报告全文（PDF）", "全文"),  # the research report's full text
        ("论文全文", "全文"),
        ("全文", "全文"),
        ("Full text of the annual report on water (PDF)", None),  # words of its own
        ("调研问卷与附件全文汇编", None),  # a compilation's long name
    ],
)
def test_the_full_text_of_its_one_object(label: str, full: str | None) -> None:
    assert full_text_of(label) == full


def test_a_full_report_label_in_chinese_and_in_hebrew_is_tried() -> None:
    site = "https://institute.example.cn"
    title = "浙江省县域共同富裕评价研究"
    body = (
        "<ul class='files'><li class='doc'><a href='/module/download/downfile.jsp?classid=0&"
        "filename=2405201028_quanwen.pdf'>研究报告全文（PDF）</a></li></ul>"
    )
    html = (
        f"<html lang='zh'><head><title>{title}</title></head><body><main><h1>{title}</h1>"
        f"{body}</main></body></html>"
    )
    found = find_candidates(html, f"{site}/art/2024/5/20/art_1228_5123.html")
    assert [c.url for c in found.candidates][:1] == [
        f"{site}/module/download/downfile.jsp?classid=0&filename=2405201028_quanwen.pdf"
    ]
    assert button_text("להורדת המחקר המלא (PDF)")  # Hebrew: to download the full study


def test_a_bucket_named_by_the_site_is_the_site_s() -> None:
    page = "http://www.gzass.cn/kycg/yjbg/202403/t20240312_8817.html"
    bucket = "https://gzass-files.oss-cn-shanghai.aliyuncs.com/uploadfile/2024/0312/1.pdf"
    assert same_site(bucket, page)
    # another organisation's bucket, and a short name that names no one site
    assert not same_site("https://unesco-files.oss-cn-shanghai.aliyuncs.com/1.pdf", page)
    assert not same_site("https://ipa-docs.example.com/1.pdf", "https://www.ipa.go.jp/x")


def test_a_line_of_counters_beside_a_button_names_no_work() -> None:
    site = "https://sj.example.edu.vn"
    title = "Ảnh hưởng của phân hữu cơ đến năng suất lúa ở Đồng bằng sông Cửu Long"
    own = f"{site}/ql/docgia/download/baibao-48217/05-CTU-TV-1234-2024-Nguyen.pdf"
    body = (
        f"<p class='download'><a href='{own}'><img src='/images/pdf.png' alt=''> Tải về (PDF)"
        "</a> &nbsp; Lượt xem: 1.022 · Lượt tải: 356</p>"
    )
    html = (
        f"<html lang='vi'><head><title>{title}</title></head><body><main><h1>{title}</h1>"
        f"{body}</main></body></html>"
    )
    found = find_candidates(html, f"{site}/ql/docgia/nam-2024/so-3/48217")
    assert [c.url for c in found.candidates][:1] == [own]


def test_a_label_in_an_unspaced_script_keeps_its_own_words_beside_the_title_s() -> None:
    facts = PageFacts(PAGE, titles=("贵州省乡村旅游高质量发展评估报告（2023）",))
    assert "摘要" in facts.untitled("报告摘要及主要建议.pdf")  # the summary's own word
    assert facts.untitled("乡村旅游") == ""  # the title's words alone


def test_a_file_name_in_an_unspaced_script_with_the_title_s_words_relates() -> None:
    facts = PageFacts(PAGE, titles=("贵州省乡村旅游高质量发展评估报告（2023）",))
    assert facts.relates("贵州省乡村旅游高质量发展评估报告（2023）.pdf") is not None
    assert facts.relates("报告摘要.pdf") is None  # one pair of the title's is no name of it


def test_a_title_with_numbers_beside_a_button_is_no_line_of_counters() -> None:
    # the guard: a resolution's number and its file's size are no counters (redteam7L)
    site = "https://www.example.gob.pe"
    resolution = f"{CDN}/6123460/5123456-resolucion-079-2022.pdf"
    body = (
        "<div class='card-body'><h3 class='card-title'>Resolución de Consejo Directivo N.° "
        "031-2022-ORAS-CD</h3><p class='card-text'>PDF · 310 KB</p>"
        f"<a href='{resolution}' class='btn'>Descargar</a></div>"
    )
    kept = [c.url for c in find_candidates(_page(body), PAGE).candidates]
    assert resolution not in kept, site
