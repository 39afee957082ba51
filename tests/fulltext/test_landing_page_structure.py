"""Candidates read from a page's structure, whatever its platform (issue 34, point 2).

Each test is a class of page where the article's own file sat behind structure the resolver
did not read or weighed wrongly: a PDF viewer's ``?file=`` parameter, a record described in a
child object of a single-page app's state, a file table offered as GET forms, links of one
shape told apart by the place that names their record, a captcha widget in a comment form,
PDF files in folders named like citation exports or media pages, a file's label with its
size, a download button titled to say PDF, a PDF icon beside a file's name. All pages are
written here; none is copied from a corpus.
"""

from __future__ import annotations

import json

import pytest
from bs4 import BeautifulSoup

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._links import embedded_files, forwarded_files
from politeharvest.fulltext._state import devalued, state_files
from politeharvest.fulltext._words import BAD_HREF, names_document
from politeharvest.net._challenge import challenge_evidence
from tests.support.timed import seconds_in_child

SITE = "https://papers.example.org"
TITLE = "Seasonal salinity intrusion in tidal river deltas"


def _page(body: str, head: str = "", title: str = TITLE) -> str:
    return (
        f"<html><head><title>{title}</title>{head}</head>"
        f"<body><main><h1>{title}</h1>{body}</main></body></html>"
    )


def _urls(html: str, url: str) -> list[str]:
    return [c.url for c in find_candidates(html, url).candidates]


# -- a viewer's ?file= and embedded PDFs ----------------------------------------------------


def test_a_viewers_file_parameter_is_the_file_not_the_viewer() -> None:
    page = _page(
        "<div class='embed'><iframe src='../../lib/pdfjs/web/viewer.html?file="
        f"{SITE}/files/original/ab12cd34.pdf' title='{TITLE}'></iframe></div>",
        head=f"<base href='{SITE}/site/papers/'>",
    )
    analysis = find_candidates(page, f"{SITE}/site/papers/item/77")
    assert [c.url for c in analysis.candidates] == [f"{SITE}/files/original/ab12cd34.pdf"]
    top = analysis.candidates[0]
    assert top.source == "embed" and not top.strong and "file= parameter" in top.evidence


def test_a_root_relative_file_parameter_resolves_on_the_viewers_host() -> None:
    page = _page(
        "<iframe src='https://viewer.example.net/web/viewer.html?file=/docs/9/paper.pdf'></iframe>"
    )
    assert _urls(page, f"{SITE}/record/9") == ["https://viewer.example.net/docs/9/paper.pdf"]


def test_a_viewer_without_a_file_parameter_gives_nothing() -> None:
    # a viewer page whose own address ends in .pdf is still an HTML page
    soup = BeautifulSoup(
        "<iframe src='/rsc/viewer/derivate_0042/thesis.pdf' title='Preview'></iframe>", "lxml"
    )
    assert list(embedded_files(soup)) == []


def test_an_object_of_type_pdf_embeds_its_file() -> None:
    soup = BeautifulSoup(
        "<object data='/media/42/paper.pdf' type='application/pdf'></object>"
        "<embed src='/media/42/cover.png' type='image/png'>",
        "lxml",
    )
    assert [(e.name, url) for e, url, _ in embedded_files(soup)] == [
        ("object", "/media/42/paper.pdf")
    ]


@pytest.mark.parametrize(
    "shown",
    [
        "<object data='/media/42/paper.pdf' type='application/pdf' width='100%'>"
        "<p>Your browser cannot show PDF files.</p></object>",
        "<embed src='/media/42/paper.pdf#toolbar=0&amp;view=FitH' type='application/pdf'>",
    ],
)
def test_a_pdf_the_article_block_shows_as_itself_goes_before_weak_anchors(shown: str) -> None:
    # the page's only links are other documents' (a whole issue with 'PDF' in its label);
    # the PDF the article block shows in an <object>/<embed> of its own is the page's file
    page = _page(
        f"<div class='reader'>{shown}</div>"
        "<p><a href='/media/issues/12-3/complete-issue.pdf'>PDF of the issue</a></p>"
    )
    analysis = find_candidates(page, f"{SITE}/paper/42")
    top = analysis.candidates[0]
    assert (top.url, top.source, top.strong) == (f"{SITE}/media/42/paper.pdf", "embed", True)


def test_a_viewer_in_a_list_of_other_documents_is_not_the_article() -> None:
    items = "".join(
        f"<li class='paper'><a href='{SITE}/record/{n}'>Another working paper on deltas {n}</a>"
        f"<iframe src='/pdfjs/viewer.html?file=/files/{n}.pdf'></iframe></li>"
        for n in (31, 32, 33)
    )
    analysis = find_candidates(_page(f"<ul>{items}</ul>"), f"{SITE}/record/9")
    assert analysis.candidates == ()
    assert {c.url for c in analysis.rejected if c.source == "embed"} == {
        f"{SITE}/files/{n}.pdf" for n in (31, 32, 33)
    }


# -- the script state: a record described in a child object --------------------------------

STATE = {
    "record": {
        "id": "rec-81",
        "description": {"mainTitle": TITLE, "publication": {"doi": "10.5555/delta.81"}},
        "artifacts": [
            {"type": "File", "name": "main.pdf", "downloadUrl": f"{SITE}/download/81/main.pdf"},
        ],
    },
    "related": [{"title": "Tides and sediments", "file": f"{SITE}/download/12/other.pdf"}],
}


def _own_title(kind: str, value: str) -> bool | None:
    return value == TITLE if kind == "title" else None


def _any_file(key: str, url: str) -> bool:
    return "/download/" in url


def test_a_child_object_describing_its_record_names_the_records_files() -> None:
    found = {f.url: f.own for f in state_files(json.dumps(STATE), _own_title, _any_file)}
    assert found == {f"{SITE}/download/81/main.pdf": True, f"{SITE}/download/12/other.pdf": False}


def test_a_spa_page_with_its_files_only_in_the_described_record_finds_them() -> None:
    page = _page(f"<script>window.__INITIAL_STATE__ = {json.dumps(STATE)};</script>")
    analysis = find_candidates(page, f"{SITE}/registration/rec-81")
    assert [(c.url, c.strong) for c in analysis.candidates] == [
        (f"{SITE}/download/81/main.pdf", True)
    ]


def test_a_described_title_is_lent_one_level_only_and_never_to_the_whole_state() -> None:
    # the article's description at the top of the state (beside its references' files), and
    # a journal's title two levels below a record: neither names the files around them
    state = {
        "article": {"doi": "10.5555/delta.81", "title": TITLE},
        "references": [{"pdf": {"url": f"{SITE}/download/5/cited.pdf"}}],
        "issue": {
            "journal": {"source": {"title": TITLE}},
            "files": [{"url": f"{SITE}/download/6/issue.pdf"}],
        },
    }
    found = {f.url: f.own for f in state_files(json.dumps(state), _own_title, _any_file)}
    assert found == {f"{SITE}/download/5/cited.pdf": None, f"{SITE}/download/6/issue.pdf": None}


def test_an_item_of_a_list_lends_its_title_to_nothing() -> None:
    state = {
        "page": {
            "list": [{"meta": {"title": TITLE}}],
            "files": [{"url": f"{SITE}/download/7/x.pdf"}],
        }
    }
    found = {f.url: f.own for f in state_files(json.dumps(state), _own_title, _any_file)}
    assert found == {f"{SITE}/download/7/x.pdf": None}


# -- a file table offered as GET forms --------------------------------------------------------


def test_the_other_rows_of_a_declared_files_form_table_are_tried() -> None:
    # a DSpace page (a platform a rule knows) declares the first row's file; the table offers
    # its files only as GET forms: the other rows are the record's other files, worth a probe
    rows = "".join(
        f"<tr><td>{name}</td><td>{size}</td><td><form method='get' "
        f"action='{SITE}/bitstream/123/4567/{n}/{name}'><button type='submit'>Get</button>"
        "</form></td></tr>"
        for n, name, size in ((1, "summary.pdf", "1 MB"), (2, "thesis_full.pdf", "9 MB"))
    )
    page = _page(
        f"<table class='files'>{rows}</table>",
        head=f"<meta name='citation_title' content='{TITLE}'>"
        f"<meta name='citation_pdf_url' content='{SITE}/bitstream/123/4567/1/summary.pdf'>",
    )
    urls = _urls(page, f"{SITE}/handle/123/4567")
    assert urls[0] == f"{SITE}/bitstream/123/4567/1/summary.pdf"
    assert f"{SITE}/bitstream/123/4567/2/thesis_full.pdf" in urls


# -- the place that names the record in addresses of one shape ------------------------------


def test_links_of_one_shape_with_another_records_id_in_its_place_are_rejected() -> None:
    page = _page(
        "<p>Full text: <a href='/php/getText.php?journal=rv&amp;paper=4711&amp;what=full'>"
        "PDF file (400 kB)</a></p>"
        "<h3>Citing papers</h3><ol><li>A. Author, A later note, 2024 "
        "<a href='/php/getText.php?journal=sm&amp;paper=903&amp;what=full'>PDF</a></li></ol>",
    )
    analysis = find_candidates(page, f"{SITE}/php/show.php?journal=rv&paper=4711")
    assert [c.url for c in analysis.candidates] == [
        f"{SITE}/php/getText.php?journal=rv&paper=4711&what=full"
    ]
    other = next(c for c in analysis.rejected if "paper=903" in c.url)
    assert "another record" in (other.rejected or "") and "903" in (other.rejected or "")


def test_a_path_segment_naming_another_record_is_rejected() -> None:
    page = _page(
        "<p><a class='btn' href='/en/getFile/12/3/5501'>Download PDF</a></p>"
        "<p>Next in this issue: <a href='/en/getFile/12/3/5502'>Download PDF</a></p>"
    )
    assert _urls(page, f"{SITE}/en/article/5501") == [f"{SITE}/en/getFile/12/3/5501"]


def test_the_dois_suffix_written_with_other_separators_names_the_record() -> None:
    # "Download", titled to say PDF, whose address writes the DOI's suffix rv.81.0042 as
    # RV_81_0042: kept, with the identifier's evidence
    page = _page(
        "<p><a class='btn' href='/getpdf?ID=RV_81_0042&amp;dl=1' "
        "title='Download the PDF of this article'>Download</a></p>",
        head="<meta name='citation_doi' content='10.5555/rv.81.0042'>",
    )
    analysis = find_candidates(page, f"{SITE}/journal-rv-2023-page-42")
    assert [c.url for c in analysis.candidates] == [f"{SITE}/getpdf?ID=RV_81_0042&dl=1"]
    assert "DOI suffix 'rv.81.0042'" in analysis.candidates[0].evidence


def test_a_year_in_the_pages_address_names_no_record() -> None:
    # the article's file uploaded in another year than the page's address names
    page = _page(
        "<p><a href='/uploads/2023/12/paper-final.pdf'>Download PDF</a></p>"
        "<p><a href='/uploads/2024/01/whole-volume.pdf'>Volume (PDF)</a></p>"
    )
    assert f"{SITE}/uploads/2023/12/paper-final.pdf" in _urls(
        page, f"{SITE}/articles/2024/2/seasonal-salinity-intrusion"
    )


# -- walls: a challenge widget in one form of an article page is no wall --------------------


def test_a_turnstile_widget_under_a_comment_form_of_an_article_is_no_wall() -> None:
    page = _page(
        "<p><a href='/files/paper.pdf'>Download PDF</a></p><section><h2>Comments</h2>"
        "<p>Just a moment: verify you are human before posting.</p><form method='post'>"
        "<textarea name='c'></textarea><div class='cf-turnstile' data-sitekey='x'></div>"
        "<button>Post</button></form></section>",
        head="<meta name='citation_title' content='Seasonal salinity intrusion'>"
        "<script src='https://challenges.cloudflare.com/turnstile/v0/api.js'></script>",
    )
    assert challenge_evidence(200, {}, page) is None
    assert find_candidates(page, f"{SITE}/article/1").kind == "pdf"


def test_a_turnstile_interstitial_is_still_a_wall() -> None:
    page = (
        "<html><head><title>One more step</title>"
        "<script src='https://challenges.cloudflare.com/turnstile/v0/api.js'></script></head>"
        "<body><p>Please complete the check.</p><div class='cf-turnstile'></div></body></html>"
    )
    assert "Turnstile" in (challenge_evidence(200, {}, page) or "")
    assert find_candidates(page, f"{SITE}/article/1").kind == "blocked"


# -- addresses: PDF files in folders named like citation exports or media pages --------------


@pytest.mark.parametrize(
    ("url", "blocked"),
    [
        (f"{SITE}/api/citations/2023001/downloads/paper.pdf", False),
        (f"{SITE}/api/citations/2023001/downloads/paper.pdf?attachment=true", False),
        ("https://cdn.example.org/media/publications/81-seasonal-salinity.pdf", False),
        (f"{SITE}/article/81/citation", True),
        (f"{SITE}/citation/ris?id=81", True),
        (f"{SITE}/site/media/9012", True),
        (f"{SITE}/media/81/cover.jpg", True),
    ],
)
def test_citation_and_media_folders_block_pages_not_pdf_files(url: str, blocked: bool) -> None:
    assert bool(BAD_HREF.search(url)) is blocked


def test_a_declared_pdf_on_a_media_cdn_is_a_candidate() -> None:
    pdf = "https://cdn.example.org/media/publications/81-seasonal-salinity.pdf"
    page = _page(
        f"<a class='btn' href='{pdf}'>Download PDF</a>",
        head=f"<meta name='citation_pdf_url' content='{pdf}'>",
    )
    assert _urls(page, f"{SITE}/publications/81/seasonal-salinity") == [pdf]


# -- labels: a file's label with its size, a titled button, a PDF icon -----------------------


@pytest.mark.parametrize(
    ("label", "title"),
    [
        ("متن کامل (2.4 M)", False),
        ("Texto principal [812 KB]", False),
        ("Tides, sediments and the shape of estuaries (2,1 MB)", True),
        ("Utafiti wote kamili (PDF, MB 4.2)", False),
        ("Download complete thesis [pdf; 4.2 MB]", False),
        ("Rivers of the northern plain (Vol M 5)", True),
        ("Full Report (PDF, 47 pages)", False),  # its format and a count, in any unit
        ("[연구보고서23-05]글로벌공급망재편과한국의대응.pdf", False),  # a file's name, any script
        ("Highlights (1 page)", True),  # no format: a document's name
    ],
)
def test_a_files_label_with_its_size_is_no_title(label: str, title: bool) -> None:
    anchor = BeautifulSoup(f"<a href='/f.pdf'>{label}</a>", "lxml").a
    assert anchor is not None
    assert (names_document(anchor) is not None) is title
    assert (names_document(anchor, loose=True) is not None) is title


def test_a_declared_file_labelled_with_its_size_is_not_contradicted() -> None:
    pdf = f"{SITE}/article_81_a1b2c3.pdf"
    page = _page(
        f"<ul class='files'><li><a class='pdf' href='{pdf}'>متن کامل (2.4 M)</a></li></ul>",
        head=f"<meta name='citation_pdf_url' content='{pdf}'>",
    )
    analysis = find_candidates(page, f"{SITE}/article_81.html")
    assert [(c.url, c.strong) for c in analysis.candidates] == [(pdf, True)]


def test_a_download_button_titled_pdf_is_a_candidate() -> None:
    page = _page(
        "<p><a class='btn' href='/get?doc=8123&amp;dl=1' title='Get the PDF of this article'>"
        "Download</a></p>"
    )
    analysis = find_candidates(page, f"{SITE}/paper/8123")
    assert [c.url for c in analysis.candidates] == [f"{SITE}/get?doc=8123&dl=1"]
    assert "its title mentions 'PDF'" in analysis.candidates[0].evidence


def test_a_pdf_icon_beside_a_files_name_is_a_candidate() -> None:
    page = _page(
        "<div class='files'><a href='/servlets/FileServlet/derivate_81/Thesis_Okafor.pdf'>"
        "<img src='/icons/pdf.png' alt=''> Thesis_Okafor.pdf</a> (5 MB)</div>"
    )
    analysis = find_candidates(page, f"{SITE}/receive/mods_81")
    assert [c.url for c in analysis.candidates] == [
        f"{SITE}/servlets/FileServlet/derivate_81/Thesis_Okafor.pdf"
    ]
    assert "image saying PDF" in analysis.candidates[0].evidence


def test_a_turnstile_gate_with_much_text_on_a_page_that_is_no_article_is_a_wall() -> None:
    words = " ".join(["This site checks that visitors are people before they read on."] * 30)
    page = (
        "<html><head><title>Welcome</title></head><body>"
        f"<p>{words}</p><div class='cf-turnstile'></div>"
        "<script src='https://challenges.cloudflare.com/turnstile/v0/api.js'></script>"
        "</body></html>"
    )
    assert "Turnstile" in (challenge_evidence(200, {}, page) or "")


def test_thousands_of_form_rows_viewers_and_id_shaped_links_are_read_in_linear_time() -> None:
    """1,500 rows of a file table of forms beside a declared file, viewers and links of one shape."""
    script = "\n".join(
        [
            "import time",
            "from politeharvest.fulltext._landing import find_candidates",
            "n = 1500",
            "rows = ''.join(f\"<tr><td><form method='get' action='/bitstream/1/4567/{i}/f{i}.pdf'>"
            '<button>Get</button></form></td></tr>" for i in range(n))',
            "viewers = ''.join(f\"<iframe src='/v.html?file=/files/{i}.pdf'></iframe>\" "
            "for i in range(n))",
            "links = ''.join(f\"<a href='/get.php?paper={1000 + i}'>Download PDF</a> \" "
            "for i in range(n))",
            "head = \"<meta name='citation_pdf_url' content='/bitstream/1/4567/0/f0.pdf'>\"",
            "for body in (f'<table>{rows}</table>', viewers, links):",
            "    html = f'<html><head>{head}</head><body><h1>T</h1>{body}</body></html>'",
            "    started = time.process_time()",
            "    find_candidates(html, 'https://example.org/handle/1/4567?paper=1000')",
            "    print(time.process_time() - started)",
        ]
    )
    seconds = seconds_in_child(script, timeout=90)
    assert len(seconds) == 3
    assert all(s < 8.0 for s in seconds), seconds


# -- a page that sends its reader on to its file ---------------------------------------------


def test_a_refresh_to_a_file_is_a_candidate_and_a_refresh_to_a_page_is_not() -> None:
    page = (
        "<html><head><meta http-equiv='refresh' content='3; url=/bitstream/1/4567/2/paper.pdf'>"
        f"</head><body><h1>{TITLE}</h1><p>Your download starts in a moment.</p></body></html>"
    )
    analysis = find_candidates(page, f"{SITE}/handle/1/4567")
    assert [(c.url, c.source, c.strong) for c in analysis.candidates] == [
        (f"{SITE}/bitstream/1/4567/2/paper.pdf", "forward", False)
    ]
    soup = BeautifulSoup(
        "<meta http-equiv='refresh' content='360'>"
        "<meta http-equiv='Refresh' content='0;URL=/en/home'>",
        "lxml",
    )
    assert list(forwarded_files(soup)) == []


def test_a_script_setting_location_to_a_file_is_a_candidate() -> None:
    soup = BeautifulSoup(
        "<script>setTimeout(function () { window.location.href = '/files/81/paper.pdf'; }, 500);"
        "</script><script>location.replace('/download/81/main');</script>"
        "<script>window.location = '/files/';</script>"
        "<script>window.location.href = '/en/about';</script>",
        "lxml",
    )
    assert [url for _, url, _ in forwarded_files(soup)] == [
        "/files/81/paper.pdf",
        "/download/81/main",
    ]


def test_a_forward_to_another_dois_file_is_rejected() -> None:
    page = _page(
        "<script>location.href = '/pdf/10.5555/other.99.pdf';</script>",
        head="<meta name='citation_doi' content='10.5555/delta.81'>",
    )
    analysis = find_candidates(page, f"{SITE}/article/81")
    assert analysis.candidates == ()
    assert any("another DOI" in (c.rejected or "") for c in analysis.rejected)


def test_another_version_of_the_records_id_is_not_another_record() -> None:
    # the page shows v2; the unversioned address (the latest) names the same record
    page = _page(
        "<p><a href='/hal-0456789/document'>Download PDF</a></p>"
        "<p><a href='/hal-0456789v2/file/thesis.pdf'>thesis.pdf</a></p>"
        "<p>Other theses: <a href='/hal-0456790/document'>Download PDF</a></p>"
    )
    analysis = find_candidates(page, f"{SITE}/hal-0456789v2")
    assert f"{SITE}/hal-0456789/document" in [c.url for c in analysis.candidates]
    other = next(c for c in analysis.rejected if "0456790" in c.url)
    assert "another record" in (other.rejected or "")


# -- a viewer page as the landing URL: its file one level below its address's rewrite -------


@pytest.mark.parametrize("journal", ["index.php/geo", "geo"])
def test_a_galley_viewer_page_links_its_file_below_its_rewrite(journal: str) -> None:
    # an OJS-like galley page: the viewer's header holds the download link, one level
    # deeper than the rewrite of the page's address; the iframe is filled by a script
    site = "https://periodicos.example.edu"
    own = f"{site}/{journal}/article/download/5521/3310/90817"
    page = (
        "<html><head><title>View of Coastal dune migration</title></head><body>"
        f"<header class='header_view'><a class='return' href='{site}/{journal}/article/view/"
        f"5521'>Back</a><a class='download' download href='{own}'>Save</a></header>"
        "<div id='viewer'><iframe src=''></iframe></div></body></html>"
    )
    analysis = find_candidates(page, f"{site}/{journal}/article/view/5521/3310")
    top = analysis.candidates[0]
    assert (top.url, top.strong) == (own, True)


def test_a_viewer_page_with_several_files_below_its_rewrite_confirms_none() -> None:
    site = "https://periodicos.example.edu"
    links = "".join(
        f"<a href='{site}/index.php/geo/article/download/5521/3310/{n}'>File {n}</a>"
        for n in (90817, 90818)
    )
    page = f"<html><body><header>{links}</header></body></html>"
    analysis = find_candidates(page, f"{site}/index.php/geo/article/view/5521/3310")
    assert not any(c.strong for c in analysis.candidates)


# -- Nuxt 3's devalue payload: objects name their values by index ---------------------------

# root -> {"data": 2}; 2 wraps 4, the paper with its title, its files and a related paper
NUXT3 = [
    ["ShallowReactive", 1],
    {"data": 2, "path": 3},
    ["Reactive", 4],
    "/paper/77",
    {"title": 5, "files": 6, "related": 13},
    TITLE,
    [7, 10],
    {"kind": 8, "url": 9},
    "appendix",
    f"{SITE}/store/77/appendix-tables.pdf",
    {"kind": 11, "url": 12},
    "article",
    f"{SITE}/store/77/main.pdf",
    [14],
    {"title": 15, "pdf": 16},
    "Groundwater recharge under irrigated rice terraces",
    f"{SITE}/store/78/main.pdf",
]


def test_a_nuxt3_payload_is_rebuilt_into_its_objects() -> None:
    rebuilt = devalued(json.dumps(NUXT3))
    assert rebuilt is not None
    assert json.loads(rebuilt)["data"]["files"][1] == {
        "kind": "article",
        "url": f"{SITE}/store/77/main.pdf",
    }
    assert devalued(json.dumps(["a", "b", 3])) is None  # a plain list of values
    assert devalued("{'not': 'json'}") is None


def test_the_files_of_a_nuxt3_payload_are_judged_by_their_objects() -> None:
    script = f"<script type='application/json' id='__NUXT_DATA__'>{json.dumps(NUXT3)}</script>"
    analysis = find_candidates(_page("<button>PDF</button>" + script), f"{SITE}/paper/77")
    assert [(c.url, c.strong) for c in analysis.candidates] == [(f"{SITE}/store/77/main.pdf", True)]
    rejected = {c.url: c.rejected for c in analysis.rejected if c.source == "script-state"}
    assert "another kind of document" in (rejected[f"{SITE}/store/77/appendix-tables.pdf"] or "")
    assert f"{SITE}/store/78/main.pdf" in rejected


def _sources_payload(own_format: str, other_format: str) -> list[object]:
    # a thesis whose sources name their format after their address (``url`` then
    # ``format``), one an extension-less document endpoint, one an HTML notice elsewhere;
    # another thesis of the same supervisor with its own endpoint under ``urlDocument``
    return [
        ["ShallowReactive", 1],
        {"data": 2},
        {"thesis": 3, "others": 13},
        {"title": 4, "sources": 5},
        TITLE,
        [6, 10],
        {"label": 7, "url": 8, "format": 9},
        "Online access",
        f"{SITE}/api/document/2021XYZ017",
        own_format,
        {"label": 11, "url": 12, "format": 11},
        "notice",
        "https://archive.example.net/tel-0356",
        [14],
        {"titre": 15, "url": 16, "format": 17},
        "Groundwater recharge under irrigated rice terraces",
        f"{SITE}/api/document/2018ABC221",
        other_format,
    ]


@pytest.mark.parametrize("pdf", ["PDF", "application/pdf"])
def test_an_address_whose_object_names_the_pdf_format_after_it_is_the_own_file(pdf: str) -> None:
    payload = json.dumps(_sources_payload(pdf, pdf))
    script = f"<script type='application/json' id='__NUXT_DATA__'>{payload}</script>"
    analysis = find_candidates(_page(script), f"{SITE}/thesis/2021XYZ017")
    # the own object's file, strong; never the notice (its format another) nor the other
    # thesis's file (its object another document's: left to the page's links, none here)
    assert [(c.url, c.strong) for c in analysis.candidates] == [
        (f"{SITE}/api/document/2021XYZ017", True)
    ]


def test_an_address_under_a_plain_key_without_a_pdf_format_is_no_file() -> None:
    payload = json.dumps(_sources_payload("HTML", "PDF"))
    script = f"<script type='application/json' id='__NUXT_DATA__'>{payload}</script>"
    analysis = find_candidates(_page(script), f"{SITE}/thesis/2021XYZ017")
    assert analysis.candidates == ()


# -- an endpoint asked for a PDF by its query ------------------------------------------------


def test_a_script_endpoint_whose_query_asks_for_a_pdf_is_a_files_address() -> None:
    own = f"{SITE}/fetch.jsp?doc=5f1e2d&part=main&format=pdf"
    page = _page(f"<p><a href='{own.replace('&', '&amp;')}'>Download</a></p>")
    analysis = find_candidates(page, f"{SITE}/paper/5f1e2d")
    assert [c.url for c in analysis.candidates] == [own]
    assert "its query asks for a PDF" in analysis.candidates[0].evidence
