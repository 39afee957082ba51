"""A link named by its accessible name; a host that starts like an image's extension (issue 34).

Each class with its guard:

- WAI-ARIA names a link by its ``aria-label`` before its content: a document table's
  "देखें (12 MB)" ("view") labelled "<the record's title> (हिंदी) - 12 MB" gives the
  record's file, even on the platform's files host; the other rows' buttons, labelled
  with another year's title or with no name, stay weak; a label naming another title or
  a longer text of the link's own decides nothing;
- an icon-only link titled with the record's title names its file; a titled link with
  text of its own is read by its text;
- an image is blocked by its extension at the end of a name ("cover.gif", "a.png?w=2"),
  not by a host or folder that starts alike ("www.pref.gifu.lg.jp", "/x.pngs/").

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import PageFacts
from politeharvest.fulltext._words import BAD_HREF

CDN = "https://cdn.example-platform.gov.in/s3a8e864d04c/uploads/2023/11"
TITLE = "वार्षिक प्रतिवेदन 2022-23"
PAGE = "https://institute.example.in/hi/document/annual-report-2022-23/"


def _page(rows: str, title: str = TITLE) -> str:
    return (
        f"<html lang='hi'><head><title>{title} | संस्थान</title>"
        f"<meta property='og:title' content='{title}'></head><body><main><h1>{title}</h1>"
        f"<table><thead><tr><th>शीर्षक</th><th>विवरण</th><th>फ़ाइल</th></tr></thead>"
        f"<tbody>{rows}</tbody></table></main></body></html>"
    )


def _row(title: str, href: str, label: str | None, size: str = "12 MB") -> str:
    aria = f" aria-label='{label}'" if label is not None else ""
    return (
        f"<tr><td>{title}</td><td>संस्थान की उपलब्धियाँ</td>"
        f"<td><a href='{href}'{aria}>देखें ({size})</a></td></tr>"
    )


OWN = f"{CDN}/2023111463.pdf"
SUMMARY = f"{CDN}/2023111488.pdf"
EARLIER = f"{CDN}/2022120211.pdf"


def _kept(html: str, url: str = PAGE) -> list[str]:
    return [c.url for c in find_candidates(html, url).candidates]


def test_a_bare_view_button_named_by_its_aria_label_gives_the_record_s_file() -> None:
    rows = (
        _row(f"{TITLE} (हिंदी)", OWN, f"{TITLE} (हिंदी) - 12 MB")
        + _row(f"{TITLE} – कार्यकारी सारांश", SUMMARY, None, "900 KB")
        + _row("वार्षिक प्रतिवेदन 2021-22", EARLIER, "वार्षिक प्रतिवेदन 2021-22 - 10 MB")
    )
    assert _kept(_page(rows)) == [OWN]


@pytest.mark.parametrize(
    "label",
    [
        "वार्षिक प्रतिवेदन 2021-22 - 12 MB",  # another year's report
        "कृषि अनुसंधान समाचार पत्रिका जनवरी 2024",  # another document
        "",  # no name
    ],
)
def test_an_aria_label_of_another_title_or_none_decides_nothing(label: str) -> None:
    assert _kept(_page(_row(f"{TITLE} (हिंदी)", OWN, label))) == []


def test_a_link_with_text_of_its_own_is_read_by_its_text() -> None:
    # a sentence of the link's own, longer than a button's words, is not renamed by its
    # label: the label is no evidence then
    row = (
        f"<tr><td><a href='{OWN}' aria-label='{TITLE}'>संस्थान की अनुसंधान उपलब्धियाँ, शिक्षण,"
        " प्रसार एवं प्रशासन का विवरण</a></td></tr>"
    )
    found = find_candidates(_page(row), PAGE)
    assert not any("is the article's title" in c.evidence for c in found.candidates)


ICON_PAGE = "https://www.example-museum.org/publications/shipwreck-survey-2023"
ICON_TITLE = "Underwater survey of the Atlit shipwreck 2023"


def _icons(title_attr: str, text: str = "") -> str:
    return (
        f"<html><head><title>{ICON_TITLE}</title></head><body><main><h1>{ICON_TITLE}</h1>"
        "<p>The season's dives, finds and site plans.</p>"
        f"<a href='/files/report-2023-final.pdf' title='{title_attr}'>"
        f"<i class='icon-doc'></i>{text}</a></main><footer>"
        "<a href='/files/visitor-rules.pdf'>Visitor rules</a></footer></body></html>"
    )


def test_an_icon_titled_with_the_record_s_title_names_its_file() -> None:
    assert _kept(_icons(ICON_TITLE), ICON_PAGE) == [
        "https://www.example-museum.org/files/report-2023-final.pdf"
    ]
    # (another title names nothing: the link is then kept only as the page's only file)
    other = find_candidates(_icons("Survey of the Dor lagoon 2021"), ICON_PAGE)
    assert not any("is the article's title" in c.evidence for c in other.candidates)


def test_a_titled_link_with_text_is_not_named_by_its_title() -> None:
    found = find_candidates(_icons(ICON_TITLE, "Site plans"), ICON_PAGE)
    assert not any("is the article's title" in c.evidence for c in found.candidates)


@pytest.mark.parametrize(
    ("url", "blocked"),
    [
        ("https://www.pref.gifu.lg.jp/uploaded/attachment/412873.pdf", False),
        ("https://example.org/x.pngs/report.pdf", False),
        ("https://example.org/images/cover.gif", True),
        ("https://example.org/images/a.png?w=200", True),
        ("https://example.org/img/photo.JPEG", True),
        ("https://example.org/img/photo.jpg/revision/latest", True),
    ],
)
def test_an_image_is_known_by_its_extension_not_by_a_host_that_starts_alike(
    url: str, blocked: bool
) -> None:
    assert (BAD_HREF.search(url) is not None) is blocked


def test_a_prefecture_s_file_is_no_image() -> None:
    page = (
        "<html lang='ja'><head><title>森林研究所研究報告 第53号</title></head><body><main>"
        "<h1>森林研究所研究報告 第53号</h1><h2>スギ人工林における間伐後の成長応答</h2>"
        "<p><img src='/shared/images/icon/pdf.gif' alt=''>"
        "<a href='/uploaded/attachment/412873.pdf'>本文 [PDFファイル／2.31MB]</a></p>"
        "</main></body></html>"
    )
    url = "https://www.pref.gifu.lg.jp/site/forest/412873.html"
    assert _kept(page, url) == ["https://www.pref.gifu.lg.jp/uploaded/attachment/412873.pdf"]


# -- after the red team (redteam8L): the qualifier, another document's label ---------------

LTP = "Local Transport Plan 2024 to 2029"
COUNCIL = "https://www.example-shire.gov.uk/roads-and-transport/local-transport-plan-2024-to-2029"


def _council(links: str) -> str:
    return (
        f"<html><head><title>{LTP} | Example Shire Council</title></head><body><main>"
        f"<h1>{LTP}</h1><p>The plan sets out how the council will improve travel.</p>"
        f"<ul>{links}</ul></main></body></html>"
    )


def _file(media: int, label: str) -> str:
    return (
        f"<li><a class='file__link' href='https://www.example-shire.gov.uk/media/{media}/download'"
        f" aria-label='{label}'><span class='icon'></span>Download</a></li>"
    )


@pytest.mark.parametrize(
    "label",
    [
        f"{LTP} (Consultation report) - 4 MB",  # another document, in a qualifier of its own
        f"{LTP} (Equality impact assessment) - 410 KB",
        "Local Transport Plan 2011 to 2026 - 7 MB",  # the plan before
    ],
)
def test_a_download_button_labelled_with_another_document_is_refused(label: str) -> None:
    found = find_candidates(_council(_file(12045, label)), COUNCIL)
    assert found.candidates == ()
    assert any("its label names another document" in (c.rejected or "") for c in found.rejected)


def test_a_download_button_labelled_with_the_record_s_title_is_kept() -> None:
    found = find_candidates(_council(_file(12043, f"{LTP} (English) - 6 MB")), COUNCIL)
    assert [c.url for c in found.candidates] == [
        "https://www.example-shire.gov.uk/media/12043/download"
    ]


@pytest.mark.parametrize(
    ("text", "bare"),
    [
        ("Rapport annuel (version française)", "Rapport annuel"),
        (f"{TITLE} (हिंदी)", TITLE),
        ("Rapport annuel (édition 2022)", None),  # another edition
        ("Informe de Sostenibilidad (2021)", None),
        (f"{LTP} (Consultation report)", None),  # another document
    ],
)
def test_a_qualifier_names_a_language_or_version_only(text: str, bare: str | None) -> None:
    facts = PageFacts("https://example.org/p", titles=("Rapport annuel 2023",))
    assert facts.unqualified(text) == bare


def test_the_file_a_page_shows_in_its_viewer_is_tried_before_links_saying_pdf() -> None:
    # a journal's post shows its article in a PDF.js viewer; the issue's and its contents'
    # files are links that only say PDF (landing42, after its scoring)
    uploads = "https://www.example-academy.al/wp-content/uploads/2023/12"
    page = (
        "<html lang='sq'><head><title>Rendi i fjalës në shqipen e Buzukut</title></head>"
        "<body><main><h1>Rendi i fjalës në shqipen e Buzukut</h1>"
        f"<iframe src='/pdfjs/web/viewer.html?file={uploads}/SF_2023_3-4_Hoxha.pdf'></iframe>"
        f"<p>Numri i plotë <a href='{uploads}/SF_2023_3-4_i_plote.pdf'>PDF, 11 MB</a></p>"
        f"<p>Përmbajtja <a href='{uploads}/SF_2023_3-4_Permbajtja.pdf'>PDF</a></p>"
        "</main></body></html>"
    )
    found = find_candidates(page, "https://www.example-academy.al/sf/2023-3-4/hoxha/")
    assert found.candidates[0].url == f"{uploads}/SF_2023_3-4_Hoxha.pdf"
