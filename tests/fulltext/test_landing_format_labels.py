"""A file's label, a folder of PDFs and a record's own report list, read from structure (issue 34).

Three classes of page where the record's own file was missed: a download button whose text
is a short phrase plus its format ("<words> (PDF)", or a PDF icon beside "<words> (<PDF in the
page's script>)") read as another document's title; a media folder of PDFs
(``/media/download/pdf/<collection>/<id>/4``) taken for a media page; the one report offering
a file in a list of the record's own pages taken for a list of other documents. What
decides is the label's shape (a format token or icon, a short plain phrase, no word of any
title on the page), the address's folders and the record's id: never a word of a language.
All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._links import forwarded_files
from politeharvest.fulltext._words import BAD_HREF, format_token

SITE = "https://library.example.org"


def _page(title: str, body: str, head: str = "", lang: str = "en") -> str:
    return (
        f"<html lang='{lang}'><head><meta charset='utf-8'><title>{title}</title>"
        f"<meta name='citation_title' content='{title}'>{head}</head>"
        f"<body><header><a href='/'>Home</a></header>"
        f"<main><h1>{title}</h1>{body}</main></body></html>"
    )


def _first(html: str, url: str) -> str | None:
    kept = find_candidates(html, url).candidates
    return kept[0].url if kept else None


def _why(html: str, url: str, link: str) -> str | None:
    analysis = find_candidates(html, url)
    if any(c.url == link for c in analysis.candidates):
        return None
    return next((c.rejected for c in analysis.rejected if c.url == link), "not found at all")


# -- a short label naming its format is a button's label, in any script --------------------------

#: (title, the button's words, the page-range button's words, a related item's title)
_BOOKS = [
    # Georgian (no letter case)
    (
        "ქართული ხალხური სიმღერები და მათი ისტორია",
        "ჩამოტვირთეთ მთლიანი წიგნი",
        "გვერდები 1-10",
        "ძველი ქართველი მწერლების შემოქმედება",
    ),
    # Greek (a capital only on the first word)
    (
        "Η αγροτική οικονομία της Θεσσαλίας 1881-1912",
        "Λήψη ολόκληρου βιβλίου",
        "Σελίδες 1-10",
        "Ιστορία του νεοελληνικού κράτους",
    ),
    # Amharic (Ethiopic script, no letter case)
    ("የኢትዮጵያ የግብርና ታሪክ እና ልማት", "ሙሉውን መጽሐፍ ያውርዱ", "ገጾች 1-10", "የአማርኛ ሥነ ጽሑፍ ታሪክ"),
]


@pytest.mark.parametrize(("title", "button", "pages", "other"), _BOOKS)
def test_a_short_label_naming_its_format_gives_the_records_file(
    title: str, button: str, pages: str, other: str
) -> None:
    url = f"{SITE}/item/view.jsf?PID=Job:5512"
    full = f"{SITE}/servlet/getBook?PID=Job:5512&type=full"
    html = _page(
        title,
        "<div class='actions'>"
        f"<a href='/servlet/getBook?PID=Job:5512&amp;type=full'><img src='/i/book.png' alt=''> "
        f"{button} (PDF)</a> "
        f"<a href='/servlet/getBook?PID=Job:5512&amp;type=range&amp;from=1&amp;to=10'>{pages}</a>"
        "</div>"
        "<div class='related'><ul>"
        f"<li><a href='/item/view.jsf?PID=Job:5513'>{other}</a> "
        "<a href='/servlet/getBook?PID=Job:5513&amp;type=full'>PDF</a></li></ul></div>",
    )
    assert _why(html, url, full) is None
    assert _first(html, url) == full
    # the related book's file stays another document's
    assert _why(html, url, f"{SITE}/servlet/getBook?PID=Job:5513&type=full") is not None


#: (title, the full text's words, its format in the page's script)
_ARTICLES = [
    ("پنجاب کی لوک داستانوں میں عورت کا کردار", "مکمل مضمون", "پی ڈی ایف"),  # Urdu
    ("हिंदी उपन्यास में ग्रामीण जीवन का चित्रण", "पूरा लेख", "पीडीएफ"),  # Hindi
    ("Ĉefaj temoj de la nuntempa literaturo", "kompleta artikolo", "pdf-dosiero"),  # Esperanto
]


@pytest.mark.parametrize(("title", "words", "fmt"), _ARTICLES)
def test_a_label_beside_a_pdf_icon_with_a_bracketed_qualifier_is_no_title(
    title: str, words: str, fmt: str
) -> None:
    url = f"{SITE}/journal/article/view/6123"
    own = f"{SITE}/journal/article/download/6123/2981"
    head = f"<meta name='citation_pdf_url' content='{own}'>"
    html = _page(
        title,
        "<div class='downloads'>"
        f"<a class='btn' href='/journal/article/download/6123/2981'>"
        f"<img src='/images/pdf-icon.png' alt=''> {words} ({fmt})</a></div>"
        "<div class='issue'><ul><li><a href='/journal/article/view/6122'>"
        "Another article of the issue here</a></li></ul></div>",
        head,
    )
    analysis = find_candidates(html, url)
    first = analysis.candidates[0]
    assert first.url == own
    # the page's link to the declared file is its label: the declaration stays strong
    assert first.source == "meta:citation_pdf_url"
    assert first.strong, first.evidence


def test_a_format_label_repeating_a_title_on_the_page_names_that_document() -> None:
    """A related item's title shown as a heading and again as its file's link is a name."""
    title = "ქართული ხალხური სიმღერები და მათი ისტორია"
    url = f"{SITE}/item/view.jsf?PID=Job:5512"
    html = _page(
        title,
        "<div class='actions'><a href='/servlet/getBook?PID=Job:5512&amp;type=full'>"
        "ჩამოტვირთეთ მთლიანი წიგნი (PDF)</a></div>"
        "<section><h3>ძველი ქართული მწერლობა</h3><p>"
        "<a href='/servlet/getBook?PID=Job:5513&amp;type=full'>ძველი ქართული მწერლობა (PDF)</a>"
        "</p></section>",
    )
    assert _why(html, url, f"{SITE}/servlet/getBook?PID=Job:5513&type=full") is not None
    assert _first(html, url) == f"{SITE}/servlet/getBook?PID=Job:5512&type=full"


@pytest.mark.parametrize(
    "label",
    [
        "Tenancy Reform in Travancore (PDF)",  # a title's capitals
        "agrarian relations in princely Travancore, 1880-1930 (PDF)",  # long, a date
    ],
)
def test_a_title_with_its_format_still_names_another_document(label: str) -> None:
    url = f"{SITE}/eprint/7741"
    other = f"{SITE}/eprint/6620/1/other.pdf"
    html = _page(
        "Caste, land and labour in colonial Malabar",
        f"<p><a href='/eprint/7741/1/own.pdf'>Download (PDF)</a></p>"
        f"<p>See also <a href='/eprint/6620/1/other.pdf'>{label}</a></p>",
    )
    assert _why(html, url, other) is not None
    assert _first(html, url) == f"{SITE}/eprint/7741/1/own.pdf"


def test_format_token_reads_a_standalone_format_only() -> None:
    assert format_token("ჩამოტვირთეთ მთლიანი წიგნი (PDF)") == "ჩამოტვირთეთ მთლიანი წიგნი"
    assert format_token("Texte intégral [pdf, 2 Mo]") == "Texte intégral"
    assert format_token("report.pdf") is None  # a file's name
    assert format_token("PDF-Dokument") is None  # part of a word
    assert format_token("pdfs of the issue") is None


# -- a media folder of PDFs is a file's address ---------------------------------------------------


def test_a_declared_file_in_a_media_folder_of_pdfs_is_a_candidate() -> None:
    url = f"{SITE}/collections/theses/24/items/1.0435678"
    own = f"{SITE}/media/download/pdf/24/1.0435678/4"
    html = _page(
        "Salt marsh sediment budgets under sea-level rise",
        "<div class='item-actions'>"
        "<a href='/media/download/pdf/24/1.0435678/4' title='Download PDF'>Download</a>"
        "<a href='/media/download/full-text/24/1.0435678/0' title='Full text (txt)'>Full Text</a>"
        "</div>",
        f"<meta name='citation_pdf_url' content='{own}'>",
    )
    analysis = find_candidates(html, url)
    assert analysis.candidates[0].url == own
    assert analysis.candidates[0].strong
    # the OCR text and media pages stay what they are
    assert BAD_HREF.search("/media/download/full-text/24/1.0435678/0")
    assert BAD_HREF.search("/media/images/cover-1.0435678")


# -- the one report offering a file among the record's own pages ---------------------------------

_PROJECT = "GRANT-PROJECT-19B04411"


def _reports(items: str) -> str:
    return _page(
        "Sediment transport in braided glacial rivers",
        f"<h2>Reports</h2><ul class='report-list'>{items}</ul>"
        "<h2>Outputs</h2><ul><li>[Article] Bedload pulses in a proglacial river "
        "<a href='https://journal.example.com/article/2021/3/_pdf'>Open access</a></li></ul>",
    )


def test_the_one_report_offering_a_file_among_the_records_pages_is_its_file() -> None:
    url = f"{SITE}/grant/{_PROJECT}/"
    own = f"{SITE}/file/{_PROJECT}/19B04411final.pdf"
    html = _reports(
        f"<li>2023 <a href='/report/{_PROJECT}/2023annual/'>Annual progress statement</a></li>"
        f"<li>2023 <a href='/report/{_PROJECT}/final/'>Final results statement</a> "
        f"(<a href='/file/{_PROJECT}/19B04411final.pdf' class='pdf'>"
        "<img src='/images/pdf.png' alt='PDF'></a>)</li>"
        f"<li>2022 <a href='/report/{_PROJECT}/2022annual/'>Annual progress statement</a></li>"
    )
    assert _why(html, url, own) is None
    assert _first(html, url) == own


def test_a_list_of_the_records_parts_each_with_a_file_stays_a_list_of_documents() -> None:
    """A book's chapters carry the book's id and each offers its file: other documents."""
    url = f"{SITE}/grant/{_PROJECT}/"
    html = _reports(
        "".join(
            f"<li><a href='/report/{_PROJECT}/ch{n}/'>Chapter on sediment pulse number {n}</a> "
            f"(<a href='/file/{_PROJECT}/ch{n}.pdf' class='pdf'>"
            "<img src='/images/pdf.png' alt='PDF'></a>)</li>"
            for n in (1, 2, 3)
        )
    )
    for n in (1, 2, 3):
        assert _why(html, url, f"{SITE}/file/{_PROJECT}/ch{n}.pdf") is not None


def test_a_format_label_away_from_the_title_block_keeps_its_name() -> None:
    """A sidebar's "<words> (PDF)" (a site guide) is not the record's button."""
    title = "Η αγροτική οικονομία της Θεσσαλίας 1881-1912"
    guide = f"{SITE}/help/authors_handbook.pdf"
    html = (
        f"<html><head><meta name='citation_title' content='{title}'></head><body>"
        "<table><tr><td class='side'><table>"
        "<tr><td><a href='/help/authors_handbook.pdf'>Οδηγός για συγγραφείς (PDF)</a></td></tr>"
        "</table></td><td class='main'><div><div><h1>"
        f"{title}</h1></div></div></td></tr></table></body></html>"
    )
    assert _why(html, f"{SITE}/item/5512", guide) is not None


def test_a_format_label_beside_the_title_without_the_records_id_keeps_its_name() -> None:
    """A site's list or guide "(PDF)" in the record's card is not its button: no record id."""
    title = "Η αγροτική οικονομία της Θεσσαλίας 1881-1912"
    html = _page(
        title,
        "<div class='card'><p>"
        "<a href='/static/reading_rooms.pdf'>Κατάλογος αναγνωστηρίων της βιβλιοθήκης (PDF)</a>"
        "</p></div>",
    )
    url = f"{SITE}/item/view.jsf?PID=Job:5512"
    assert _why(html, url, f"{SITE}/static/reading_rooms.pdf") is not None


def test_a_version_list_marking_the_pages_own_item_stays_a_list_of_other_versions() -> None:
    url = f"{SITE}/grant/{_PROJECT}/"
    old = f"{SITE}/file/{_PROJECT}/v1.pdf"
    html = _page(
        "Sediment transport in braided glacial rivers",
        "<div class='versions'><h2>Versions</h2><ul>"
        "<li><span aria-current='page'>2024-06-10 (2)</span></li>"
        f"<li><a href='/grant/{_PROJECT}/version/1'>2024-03-01 (1)</a> · "
        f"<a class='pdf' href='/file/{_PROJECT}/v1.pdf'>PDF</a></li></ul></div>",
    )
    assert _why(html, url, old) is not None


def test_a_plain_file_label_gains_no_pdf_evidence_from_its_format() -> None:
    """A neutral label (a site guide's words and its format) stays below the bar: no button."""
    html = _page(
        "近世越後における塩の流通と海村社会",
        "<p class='links'><a href='https://dl.example.org/static/files/remote_copy_guide.pdf'>"
        "遠隔複写サービスの利用案内（PDF）</a></p>",
    )
    guide = "https://dl.example.org/static/files/remote_copy_guide.pdf"
    assert _why(html, "https://dl.example.org/pid/12034567", guide) is not None


# -- a script joining an address is no address ----------------------------------------------------


def test_the_start_of_an_address_a_script_joins_is_not_forwarded() -> None:
    """``location.href = '/Common/DownLoad?key=' + k``: the start of a template, no file."""
    soup = BeautifulSoup(
        "<html><body><script>function go(k, t) { if (!ok) { return; }"
        " location.href = '/Common/DownLoad?key=' + k + '&type=' + t; }"
        ' function view(k) { window.location.replace("/download/view?key="+k); }</script>'
        "<script>location.href = '/files/81/paper.pdf';</script></body></html>",
        "lxml",
    )
    assert [url for _, url, _ in forwarded_files(soup)] == ["/files/81/paper.pdf"]


# -- a related record's entry: its id as the label of a page shaped like the record's ------------


def test_a_file_beside_a_link_to_another_records_page_is_that_records() -> None:
    """``<a href="/reports/citations/TR1156789">TR1156789</a> <a ...pdf>(PDF)</a> <title>``."""
    url = f"{SITE}/reports/citations/TR1187654"
    other = f"{SITE}/reports/pdfs/TR1156789.pdf"
    html = _page(
        "Corrosion fatigue of printed steel in sea water",
        "<p>Full text is not public.</p>"
        "<div class='related'><h3>Related</h3>"
        "<a href='/reports/citations/TR1156789'>TR1156789</a> "
        "<a href='/reports/pdfs/TR1156789.pdf'>(PDF)</a> Pitting of wrought steel</div>",
    )
    assert _why(html, url, other) is not None
    # the record's own entry, linking its own page, is not another record's
    own = html.replace("TR1156789", "TR1187654")
    assert _why(own, url, f"{SITE}/reports/pdfs/TR1187654.pdf") is None
