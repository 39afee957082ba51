"""The record's own file in its own sections and declarations (issue 34, landing6's misses).

Three classes of page where the resolver refused the record's own file: a catalogue's field
table whose labels are plain cells (no header cell, no colon) taken for a list of other
documents; a file link after the record's abstract taken for "an abstract" because the
heading "Abstract" was read as the link's label; a declared ``citation_pdf_url`` whose query
names the page's record refused for a generic folder pattern (``/reader/``). All pages are
written here; none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._candidate import MIN_SCORE
from politeharvest.fulltext._landing import find_candidates

SITE = "https://catalogue.example.org"
FILES = "http://198.51.100.7"  # the library's file server, by address
TITLE = "Seasonal salinity intrusion in tidal river deltas"


def _page(body: str, head: str = "", title: str = TITLE) -> str:
    return f"<html><head><title>{title}</title>{head}</head><body>{body}</body></html>"


def _why(html: str, url: str, link: str) -> str | None:
    analysis = find_candidates(html, url)
    if any(c.url == link for c in analysis.candidates):
        return None
    return next((c.rejected for c in analysis.rejected if c.url == link), "not found at all")


# -- a field table whose labels are plain cells ------------------------------------------------


def _fields(file_row: str, rows: str | None = None) -> str:
    rows = (
        rows
        if rows is not None
        else (
            "<tr><td>Creator</td><td><a href='/find?who=Serra'>Serra, Montserrat</a></td></tr>"
            f"<tr><td>Title</td><td>{TITLE} / Montserrat Serra</td></tr>"
            "<tr><td>Imprint</td><td>Barcelona : University, 2023</td></tr>"
            "<tr><td>Extent</td><td>96 leaves</td></tr>"
            "<tr><td>Thesis note</td><td>Master's thesis, 2023</td></tr>"
        )
    )
    return (
        "<p class='title'>Full record</p><table>"
        f"{rows}{file_row}"
        "<tr><td>Repository</td><td><a href='https://repo.example.org/handle/1/77'>"
        "https://repo.example.org/handle/1/77</a></td></tr>"
        "<tr><td>Copies</td><td><a href='/item?doc=000777'>Central Library (on shelf)</a></td></tr>"
        "</table>"
    )


_OWN = f"{FILES}/theses/2023/000777/000777.pdf"
_FILE_ROW = (
    f"<tr><td>Digital thesis</td><td><a href='{_OWN}'><img src='/icons/f-pdf.gif' "
    f"alt='Full text'></a> <a href='{FILES}/theses/2023/000777/index.html'>See the digital "
    "thesis</a></td></tr>"
)


def test_a_field_table_with_plain_label_cells_is_the_records_fields() -> None:
    url = f"{SITE}/F/?func=full-set-set&set_number=12&set_entry=1&format=999"
    assert _why(_page(_fields(_FILE_ROW)), url, _OWN) is None


def test_a_fields_next_value_under_an_empty_label_cell_keeps_the_table_the_records() -> None:
    rows = (
        "<tr><td>Creator</td><td><a href='/find?who=Serra'>Serra, Montserrat</a></td></tr>"
        "<tr><td> </td><td><a href='/find?who=Gallego'>Gallego, David</a></td></tr>"
        f"<tr><td>Title</td><td>{TITLE}</td></tr>"
        "<tr><td>Imprint</td><td>Barcelona : University, 2023</td></tr>"
        "<tr><td>Extent</td><td>96 leaves</td></tr>"
        "<tr><td>Subjects</td><td>Estuaries; Salinity</td></tr>"
    )
    url = f"{SITE}/F/?func=full-set-set&set_number=12&set_entry=1&format=999"
    assert _why(_page(_fields(_FILE_ROW, rows)), url, _OWN) is None


def test_an_icon_only_links_image_text_is_its_label() -> None:
    # the image's alt is the link's accessible name: "Full text" beside a PDF icon is a
    # full-text file even on the library's file server (another host)
    url = f"{SITE}/F/?func=full-set-set&set_number=12&set_entry=1&format=999"
    analysis = find_candidates(_page(_fields(_FILE_ROW)), url)
    own = next(c for c in analysis.candidates if c.url == _OWN)
    assert own.score >= MIN_SCORE
    assert "image's text" in own.evidence


def test_a_table_listing_other_documents_by_author_stays_a_list() -> None:
    # rows of [author | title link | year] whose titles are links: no record's fields
    rows = "".join(
        f"<tr><td>{who}</td><td><a href='/record/{n}'>{title}</a> "
        f"<a href='{FILES}/theses/{n}.pdf'><img src='/icons/f-pdf.gif' alt='Full text'></a>"
        "</td><td>2021</td></tr>"
        for n, who, title in (
            (101, "Gallego, D.", "Coastal dunes of the Ebro delta"),
            (102, "Puig, M.", "Sediment budgets of Mediterranean lagoons"),
            (103, "Ortega, L.", "Groundwater in the Llobregat aquifer"),
        )
    )
    html = _page(f"<h1>{TITLE}</h1><table>{rows}</table>")
    url = f"{SITE}/record/100"
    assert _why(html, url, f"{FILES}/theses/102.pdf") is not None


# -- a file link after the record's abstract ---------------------------------------------------


def _abstract(between: str, link: str, heading: str = "Abstract") -> str:
    return (
        f"<div class='card'><h4 class='article-title'>{TITLE}</h4>"
        "<table><tr><td>Authors</td><td>Montserrat Serra</td></tr></table>"
        f"<h5>{heading}</h5>{between}<p>{link}</p></div>"
    )


_FILE = "https://journals.example.org/filebank/article/5512/Article_3.PDF"
_LINK = f"<a class='btn' href='{_FILE}'>Full Text (PDF)</a>"


def test_a_file_after_the_records_abstract_is_the_records() -> None:
    body = _abstract("<p>This study measures salinity intrusion in three tidal deltas.</p>", _LINK)
    url = "https://journals.example.org/public/article-view.php?id=5512"
    assert _why(_page(body), url, _FILE) is None


def test_a_link_right_under_an_abstract_heading_is_an_abstract() -> None:
    abstract = "https://journals.example.org/filebank/article/5512/abstract_3.pdf"
    body = _abstract("", f"<a href='{abstract}'>Download</a>")
    url = "https://journals.example.org/public/article-view.php?id=5512"
    assert "under the heading" in (_why(_page(body), url, abstract) or "")


def test_a_label_between_heading_and_link_is_no_sentence() -> None:
    # a label naming the link's file, no sentence: the heading still labels the link
    supplement = "https://journals.example.org/filebank/article/5512/S1.pdf"
    body = _abstract(
        "<p>Tables S1-S3 with the station data of each delta</p>",
        f"<a href='{supplement}'>Download</a>",
        "Supplementary",
    )
    url = "https://journals.example.org/public/article-view.php?id=5512"
    assert _why(_page(body), url, supplement) is not None


# -- a declared file whose query names the page's record ---------------------------------------

JOURNAL = "http://journal.example.cn/jx"


def _declared(pdf: str) -> str:
    head = (
        f"<meta name='citation_title' content='{TITLE}'>"
        f"<meta name='citation_pdf_url' content='{pdf}'>"
    )
    return _page(f"<h1>{TITLE}</h1><p>Summary of the article.</p>", head)


_PAGE = f"{JOURNAL}/ch/reader/view_abstract.aspx?file_no=2024031&flag=1"


def test_a_declared_file_naming_the_pages_record_is_not_refused_by_a_folder_pattern() -> None:
    pdf = f"{JOURNAL}/ch/reader/create_pdf.aspx?file_no=2024031&flag=1&journal_id=jx"
    assert _why(_declared(pdf), _PAGE, pdf) is None


def test_a_declared_file_of_another_record_in_such_a_folder_stays_refused() -> None:
    pdf = f"{JOURNAL}/ch/reader/create_pdf.aspx?file_no=2023999&flag=1&journal_id=jx"
    assert _why(_declared(pdf), _PAGE, pdf) == "blocked link pattern"


def test_a_pattern_in_the_declared_files_own_name_still_holds() -> None:
    pdf = f"{JOURNAL}/ch/reader/supplement.aspx?file_no=2024031&flag=1"
    assert _why(_declared(pdf), _PAGE, pdf) == "blocked link pattern"


def test_a_link_not_declared_in_such_a_folder_is_a_file_when_its_script_says_pdf() -> None:
    # (refused before landing47: its blind corpus's Chinese journal linked its article's
    # file only so, "全文下载" to ``/ch/reader/create_pdf.aspx``; the folder guesses a
    # reader's page, the script's own name says it makes the PDF)
    pdf = f"{JOURNAL}/ch/reader/create_pdf.aspx?file_no=2024031&flag=1&journal_id=jx"
    html = _page(f"<h1>{TITLE}</h1><p><a href='{pdf}'>Full text</a></p>")
    assert _why(html, _PAGE, pdf) is None


def test_a_link_not_declared_to_a_readers_page_stays_refused() -> None:
    page = f"{JOURNAL}/ch/reader/view_fulltext.aspx?file_no=2024031&flag=1&journal_id=jx"
    html = _page(f"<h1>{TITLE}</h1><p><a href='{page}'>Full text</a></p>")
    assert _why(html, _PAGE, page) == "blocked link pattern"


def test_a_declared_file_named_a_pdf_in_a_media_folder_is_kept() -> None:
    """A CMS's ``/-/media/`` folder guesses; the page's declaration and the file's name say."""
    site = "https://www.example.org"
    pdf = f"{site}/-/media/Files/Publications/WP/2024/English/wp2024104-print-pdf.ashx"
    page = f"{site}/en/Publications/WP/Issues/2024/05/17/Fiscal-Rules-549876"
    assert _why(_declared(pdf), page, pdf) is None
    # the same folder undeclared is a file when its link says PDF (a media library's
    # handler: "/-/media/<path>.ashx"), and a media page when nothing says so; a declared
    # name without "pdf" stays refused
    html = _page(f"<h1>{TITLE}</h1><p><a href='{pdf}'>Download PDF</a></p>")
    assert _why(html, page, pdf) is None
    html = _page(f"<h1>{TITLE}</h1><p><a href='{pdf}'>Watch the launch</a></p>")
    assert _why(html, page, pdf) == "blocked link pattern"
    data = f"{site}/-/media/Files/Publications/WP/2024/English/wp2024104-chart-data.ashx"
    assert _why(_declared(data), page, data) == "blocked link pattern"
