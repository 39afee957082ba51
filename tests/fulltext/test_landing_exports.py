"""A record's description is not its work (landing61, after its scoring).

- A link labelled as the record's metadata, bibliographic data or an export of it
  ("書誌情報をダウンロード", a "PDF" button titled "Export contribution details to PDF") names
  another document than the work: it is refused, however much it looks like a file.
- A host named for downloads ("dl.", "download.") says a link is a file only when it is
  another host than the page's: a digital library that is itself at "dl." serves its
  searches and exports from there, and those are no files.

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._words import file_href

LIB = "https://dl.library.example.jp"
PAGE = f"{LIB}/pid/3120044"


def _library_page(extra: str = "") -> str:
    return (
        "<html><head><title>近世農村の水利慣行 - デジタルライブラリー</title></head><body>"
        '<header><a href="/">デジタルライブラリー</a></header><main>'
        "<h1>近世農村の水利慣行</h1>"
        f'<a class="btn" href="{LIB}/api/item/search/pid/3120044?format=tsv">'
        "書誌情報をダウンロード</a>"
        "<table><tr><th>著者</th><td>"
        '<a href="/search/searchResult?searchWord=%E4%BD%90%E8%97%A4">佐藤 和彦 [著]</a>'
        "</td></tr><tr><th>出版年</th><td>1962</td></tr></table>"
        f"{extra}</main></body></html>"
    )


def test_a_library_at_a_download_host_offers_no_file_by_its_host_alone() -> None:
    found = find_candidates(_library_page(), PAGE)
    assert [c.url for c in found.candidates] == []


def test_its_own_file_is_still_found_by_its_path() -> None:
    extra = f'<a href="{LIB}/api/iiif/3120044/pdf">PDF</a>'
    found = find_candidates(_library_page(extra), PAGE)
    assert [c.url for c in found.candidates][:1] == [f"{LIB}/api/iiif/3120044/pdf"]


def test_a_download_host_of_another_site_still_says_file() -> None:
    assert file_href("https://dl.files.example.org/x/3120044", PAGE)
    assert file_href("https://download.example.com/a/77", "https://repo.example.com/items/77")
    assert not file_href(f"{LIB}/search/searchResult?searchWord=x", PAGE)
    assert file_href(f"{LIB}/files/3120044.pdf", PAGE)  # its path says so


EVENT = "https://events.example.org/event/1412/contributions/5987"


def _contribution_page(title: str) -> str:
    return (
        "<html><head><title>Timing layers for 4D tracking · Detectors 2024</title></head>"
        "<body><main><h1>Timing layers for 4D tracking</h1>"
        f'<a class="i-button icon-file-pdf" href="/event/1412/contributions/5987.pdf" '
        f'title="{title}">PDF</a>'
        "<p>We report on a beam test of LGAD timing layers.</p></main></body></html>"
    )


def test_an_export_of_the_record_is_refused() -> None:
    found = find_candidates(_contribution_page("Export contribution details to PDF"), EVENT)
    kept = [c.url for c in found.candidates]
    assert "https://events.example.org/event/1412/contributions/5987.pdf" not in kept
    refused = [c for c in found.rejected if c.url.endswith("5987.pdf")]
    assert refused and "another kind of document" in (refused[0].rejected or "")


def test_the_same_button_downloading_the_paper_is_kept() -> None:
    found = find_candidates(_contribution_page("Download the paper (PDF)"), EVENT)
    kept = [c.url for c in found.candidates]
    assert kept[:1] == ["https://events.example.org/event/1412/contributions/5987.pdf"]


PUB = "https://journal.example.org/pub/q7w2m9kd/release/3"
ASSET = "https://assets.example.net/x2r8k4mt/21714503911284.pdf"


def _download_menu(other: str) -> str:
    return (
        "<html><head><title>Privacy and the census: a review</title>"
        '<meta name="citation_title" content="Privacy and the census: a review">'
        '<meta name="citation_author" content="Ehrenreich, Dana"></head><body><main>'
        "<h1>Privacy and the census: a review</h1>"
        '<span class="download-menu"><button type="button">Download</button>'
        '<div class="menu download-formats">'
        f'<a class="menu-item formatted-download" href="{ASSET}">Download formatted PDF</a>'
        f"{other}</div></span>"
        "<p>We review the disclosure avoidance system of the census.</p></main></body></html>"
    )


def test_a_download_menu_s_other_formats_are_no_other_work() -> None:
    """Its other items are buttons (formats made on demand): their labels name no work."""
    buttons = "".join(
        f'<button class="menu-item" data-format="{f}">{label}</button>'
        for f, label in (
            ("pdf", "Export as PDF (automatically generated)"),
            ("docx", "Word"),
            ("epub", "EPUB"),
            ("jats", "JATS XML"),
        )
    )
    found = find_candidates(_download_menu(buttons), PUB)
    assert [c.url for c in found.candidates][:1] == [ASSET]


def test_an_item_naming_another_work_in_its_text_still_does() -> None:
    other = "<span>Appendix tables to the companion study on household surveys 2019</span>"
    found = find_candidates(_download_menu(other), PUB)
    assert ASSET not in [c.url for c in found.candidates]


def test_the_site_s_home_page_is_no_file_whatever_its_link_s_words() -> None:
    """A logo link to the site's root, titled with the site's name that the page's own title
    repeats, is not the record's file (landing63, after its scoring: it cost a request)."""
    home = "https://digilib.example.ac.id/"
    page = (
        "<html><head><title>Analisis kinerja keuangan - Digital Library UIN Example</title>"
        "</head><body>"
        f'<div class="logo"><a href="{home}" title="Digital Library UIN Example">'
        '<img alt="Digital Library UIN Example" src="/images/logo.png"></a></div>'
        "<h1>Analisis kinerja keuangan</h1><p>Skripsi ini membahas kinerja keuangan.</p>"
        "</body></html>"
    )
    found = find_candidates(page, "https://digilib.example.ac.id/71234/")
    assert home not in [c.url for c in found.candidates]


def test_an_icon_font_s_ligature_name_is_no_word_of_the_label() -> None:
    """Material Icons draws "picture_as_pdf" as an icon: the label is "Artikel als PDF (28
    Seiten)", a button's words, not another work's title (landing64, after its scoring); a
    file's name written with underscores stays the label it is."""
    base = "https://zeitschriften.example.de/download/pdf"
    page = (
        "<html><head><title>Die Flurnamen des oberen Lahntals</title>"
        '<meta name="citation_title" content="Die Flurnamen des oberen Lahntals">'
        '<meta name="citation_author" content="Weber, Anna"></head><body><main>'
        "<h1>Die Flurnamen des oberen Lahntals</h1><ul>"
        f'<li><a href="{base}/PPN3456_0038_LOG_0023.pdf" download>'
        '<span class="material-icons">picture_as_pdf</span> Artikel als PDF (28 Seiten)</a></li>'
        f'<li><a href="{base}/PPN3456_0038.pdf">'
        '<span class="material-icons">menu_book</span> Gesamter Band 38 als PDF</a></li>'
        "</ul></main></body></html>"
    )
    found = find_candidates(page, "https://zeitschriften.example.de/id/PPN3456_0038_LOG_0023")
    kept = [c.url for c in found.candidates]
    assert kept[:1] == [f"{base}/PPN3456_0038_LOG_0023.pdf"]
    assert f"{base}/PPN3456_0038.pdf" not in kept  # the whole volume, by its words
