"""The record's own file behind structure whose words the resolver does not read (issue 34).

Each test is a class of page where the evidence failed on platforms no rule knows: a record's
metadata rows taken for a list of other documents (each row links a name); a download button
in a script no vocabulary reads ("הורדת הקובץ (PDF, 6.8MB)") scored as nothing, and its
short labels taken for other documents' titles; a file list's row that says PDF only by its
icon and a "PDF, 8.3 MB" beside the link. The evidence that decides is structure, a format and
a size, never a word of the page's language. All pages are written here; none is copied from
a corpus.
"""

from __future__ import annotations

import json

import pytest

from politeharvest.fulltext._candidate import MIN_SCORE
from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._words import PDF_SIZE, unread_label

SITE = "https://records.example.org"
FILES = "https://files.example.net"  # another site (an aggregator's record)
DL = "https://dl.records.example.org"  # the site's file server
TITLE = "Seasonal salinity intrusion in tidal river deltas"


def _page(body: str, title: str = TITLE) -> str:
    return (
        f"<html><head><title>{title}</title></head>"
        f"<body><main><h1>{title}</h1>{body}</main></body></html>"
    )


def _kept(html: str, url: str) -> list[str]:
    return [c.url for c in find_candidates(html, url).candidates]


def _why(html: str, url: str, link: str) -> str | None:
    analysis = find_candidates(html, url)
    if any(c.url == link for c in analysis.candidates):
        return None
    return next((c.rejected for c in analysis.rejected if c.url == link), "not found at all")


# -- a record's metadata rows are fields, not a list of documents ------------------------------

_ONLINE = (
    f"<a class='fulltext' href='{FILES}/journal/article/view/571'>Ver artículo en la revista</a>"
    f"<br><a class='fulltext pdf' href='{FILES}/journal/article/download/571/345'>"
    "Texto completo (pdf)</a>"
)


@pytest.mark.parametrize(
    "fields",
    [
        # a table of label/value rows, the labels in header cells
        "<table class='table'>"
        "<tr><th>Autor/es:</th><td><a href='/Author?name=Serra'>Serra i Puig, Montserrat</a>; "
        "<a href='/Author?name=Gallego'>Gallego Arroyo, David</a></td></tr>"
        "<tr><th>Revista:</th><td><a href='/Record/cv113'>Cuadernos de Turismo</a></td></tr>"
        "<tr><th>Año:</th><td>2023</td></tr>"
        f"<tr><th>Acceso en línea:</th><td>{_ONLINE}</td></tr></table>",
        # the same rows with their labels in plain cells ending with a colon
        "<table>"
        "<tr><td>Authors:</td><td><a href='/Author?name=Serra'>Montserrat Serra i Puig</a></td></tr>"
        "<tr><td>Journal:</td><td><a href='/Record/cv113'>Cuadernos de Turismo</a></td></tr>"
        f"<tr><td>Online:</td><td>{_ONLINE}</td></tr></table>",
        # a description list of the same fields
        "<dl><dt>Autor</dt><dd><a href='/Author?name=Serra'>Serra i Puig, Montserrat</a></dd>"
        "<dt>Revista</dt><dd><a href='/Record/cv113'>Cuadernos de Turismo</a></dd>"
        f"<dt>Acceso</dt><dd>{_ONLINE}</dd></dl>",
    ],
)
def test_a_records_metadata_rows_are_fields_not_a_list_of_documents(fields: str) -> None:
    url = f"{SITE}/Record/oai_articulo571-salinity"
    own = f"{FILES}/journal/article/download/571/345"
    assert _why(_page(fields), url, own) is None


def test_a_table_of_contents_is_still_a_list_of_other_documents() -> None:
    # rows whose first cell is a number or a title link are a list's items, not fields
    rows = "".join(
        f"<tr><th>{n}</th><td><a href='/article/view/{n}'>Another study of tidal rivers {n}</a>"
        f"</td><td><a href='{FILES}/article/download/{n}/9{n}'>PDF</a></td></tr>"
        for n in (31, 32, 33)
    )
    url = f"{SITE}/article/view/30"
    html = _page(f"<table>{rows}</table>")
    assert _kept(html, url) == []
    assert "list of other documents" in (_why(html, url, f"{FILES}/article/download/31/931") or "")


def test_a_list_of_records_in_a_description_list_is_still_a_list() -> None:
    # terms that link other records' titles are no field labels
    items = "".join(
        f"<dt><a href='/record/{n}'>Another study of tidal rivers {n}</a></dt>"
        f"<dd>Author {n}, 2022 <a href='{FILES}/files/{n}.pdf'>PDF</a></dd>"
        for n in (31, 32)
    )
    html = _page(f"<dl>{items}</dl>")
    assert _kept(html, f"{SITE}/record/30") == []


# -- a PDF's format and size describe the link in any language ---------------------------------


@pytest.mark.parametrize(
    ("label", "found"),
    [
        ("הורדת הקובץ (PDF, 6.8MB)", True),
        ("ფაილის ჩამოტვირთვა [pdf 312 KB]", True),
        ("ດາວໂຫລດ 2,1 Mo PDF", True),
        ("PDF (1.2 MB)", True),
        ("PDF", False),
        ("6 pdfs 3 MB", False),
        ("Download the PDF", False),
    ],
)
def test_a_pdfs_format_and_size_are_read_in_any_script(label: str, found: bool) -> None:
    assert (PDF_SIZE.search(label) is not None) is found


def test_a_download_button_in_an_unread_script_with_the_pdfs_size_is_a_candidate() -> None:
    servlet = f"{DL}/delivery/DeliveryManagerServlet?dps_pid="
    html = _page(
        "<section class='files'><h2>קבצים</h2><ul>"
        f"<li><span>העבודה המלאה</span> – <a class='btn' href='{servlet}FL591'>"
        "הורדת הקובץ (PDF, 6.8MB)</a> "
        f"<a class='btn' href='{servlet}IE357'>צפייה במציג</a></li>"
        f"<li><span>תקציר באנגלית</span> – <a class='btn' href='{servlet}FL600'>"
        "הורדה (PDF, 140KB)</a></li></ul></section>"
    )
    analysis = find_candidates(html, f"{SITE}/Theses/Abstracts.asp?Id=34567")
    # the whole work's file is kept; the English abstract's row (תקציר) names another
    # document, as "Abstract in English" does; the viewer is no file
    assert [c.url for c in analysis.candidates] == [f"{servlet}FL591"]
    assert "describes a PDF file" in analysis.candidates[0].evidence


# -- short labels in a script no vocabulary reads are neutral ----------------------------------


@pytest.mark.parametrize(
    ("text", "unread"),
    [
        ("צפייה במציג", True),
        ("העבודה המלאה –", True),
        ("სადისერტაციო ნაშრომი", True),
        ("ดาวน์โหลด", True),
        ("დისერტაციის სრული ტექსტი აქ", False),  # four words: a title's length
        ("View in viewer", False),
        ("Просмотр файла", False),
        ("全文を見る", False),
        ("2023", False),
    ],
)
def test_short_labels_only_in_scripts_no_vocabulary_reads_are_unread(
    text: str, unread: bool
) -> None:
    assert unread_label(text) is unread


def test_short_labels_of_a_record_file_list_in_an_unread_script_are_no_other_documents() -> None:
    # each row's label and the viewer button beside the file were read as other documents'
    # titles, so the record's own file list was "a list of other documents"
    rows = (
        f"<li><span>ნაშრომის ტექსტი</span> <a href='{DL}/view?id=11'>ნახვა ბრაუზერში</a> "
        f"<a href='{DL}/get?id=11'>PDF</a></li>"
        f"<li><span>დანართები ცხრილებით</span> <a href='{DL}/get?id=12'>PDF</a></li>"
    )
    html = _page(f"<ul>{rows}</ul>")
    assert _kept(html, f"{SITE}/dissertations/4187")[0] == f"{DL}/get?id=11"


def test_a_list_of_titles_in_an_unread_script_is_still_a_list() -> None:
    # titles are longer than three words: the sidebar of other dissertations stays rejected
    items = "".join(
        f"<li><a href='{SITE}/dissertations/{n}'>მდინარე რიონის დელტის მორფოდინამიკა {n}</a>"
        f"<br><a href='{DL}/files/{n}.pdf'>PDF</a></li>"
        for n in (4172, 4160)
    )
    html = _page(f"<aside><ul>{items}</ul></aside>")
    assert _kept(html, f"{SITE}/dissertations/4187") == []


# -- a file list's row describing its one file -------------------------------------------------


@pytest.mark.parametrize(
    "row",
    [
        # an icon whose class says PDF beside the file's label
        "<li class='file-item'><i class='icon-pdf'></i> <a href='{f}'>სადისერტაციო ნაშრომი</a>"
        " <span class='file-meta'>8.3 MB</span></li>",
        # no icon: the row's text gives the format beside the label
        "<li class='file-item'><a href='{f}'>სადისერტაციო ნაშრომი</a>"
        " <span class='file-meta'>PDF, 8.3 MB</span></li>",
        # a table row, its icon an image
        "<table><tr><td><img src='/static/img/pdf.svg' alt=''></td>"
        "<td><a href='{f}'>ნაშრომი</a></td><td>8.3 MB</td></tr></table>",
    ],
)
def test_a_rows_pdf_icon_or_format_beside_a_file_link_is_evidence(row: str) -> None:
    own = f"{DL}/data/disertaciebi/nino_beridze_disertacia.pdf"
    analysis = find_candidates(_page(row.format(f=own)), f"{SITE}/dissertations/4187")
    assert [c.url for c in analysis.candidates] == [own]
    assert analysis.candidates[0].score >= MIN_SCORE
    assert "its item describes a PDF file" in analysis.candidates[0].evidence


def test_a_rows_pdf_icon_says_nothing_of_a_row_with_several_files() -> None:
    # the icon may describe either link: no evidence for any of them
    html = _page(
        "<ul><li><i class='icon-pdf'></i> "
        f"<a href='{DL}/data/a_disertacia.pdf'>სადისერტაციო ნაშრომი</a> "
        f"<a href='{DL}/data/a_dataset.pdf'>მონაცემები</a></li></ul>"
    )
    analysis = find_candidates(html, f"{SITE}/dissertations/4187")
    assert not any("its item describes" in c.evidence for c in analysis.candidates)
    assert not any("its item describes" in c.evidence for c in analysis.rejected)


# -- objects of the page's script state named by their identifier -----------------------------

_RECORD = "7c4d9e2a1b8f3c6d5e0a9b2c4d6e8f1a"


def _state_page(state: dict[str, object]) -> str:
    return _page(f"<script id='__NEXT_DATA__' type='application/json'>{json.dumps(state)}</script>")


def test_a_list_of_other_records_in_the_state_is_not_the_records_file() -> None:
    # the record has no file ("pdfUrl": null); the similar records' items name no title nor
    # DOI, only an id of the shape of the record's id in the page's address
    state = {
        "props": {
            "pageProps": {
                "publication": {
                    "id": _RECORD,
                    "doi": "10.5555/delta.81",
                    "openAccess": {"status": "closed", "pdfUrl": None},
                    "similar": [
                        {"id": "1f2e3d4c5b6a79880706f5e4d3c2b1a0", "pdfUrl": f"{DL}/a/1.pdf"},
                        {"id": "9a8b7c6d5e4f30211203f4e5d6c7b8a9", "pdfUrl": f"{DL}/b/2.pdf"},
                    ],
                }
            }
        }
    }
    html = _state_page(state).replace(
        "<title>", "<meta name='citation_doi' content='10.5555/delta.81'><title>"
    )
    analysis = find_candidates(html, f"{SITE}/publications/{_RECORD}")
    assert analysis.candidates == ()
    assert {c.url for c in analysis.rejected if "another document" in (c.rejected or "")} >= {
        f"{DL}/a/1.pdf",
        f"{DL}/b/2.pdf",
    }


def test_a_files_own_id_in_its_address_names_the_file_not_another_record() -> None:
    # a repository's item (its UUID in the page's address) and its bitstream, whose UUID
    # (of the same shape) is in the file's address: the item's file, as its title says
    item = "0b5a2d84-6c1e-4f7a-9d3b-2e8f1c6a7b90"
    stream = "c3e1f5a7-8b2d-4e6f-a1c3-5d7e9f0b2a4c"
    state = {
        "item": {
            "uuid": item,
            "title": TITLE,
            "bitstreams": [
                {"uuid": stream, "name": "thesis.pdf", "href": f"{DL}/bitstreams/{stream}/download"}
            ],
        }
    }
    analysis = find_candidates(_state_page(state), f"{SITE}/items/{item}")
    assert [c.url for c in analysis.candidates] == [f"{DL}/bitstreams/{stream}/download"]


# -- the field naming the record, whatever other fields an address adds ------------------------


def test_a_field_naming_another_record_is_read_beside_other_query_fields() -> None:
    # the declared file names the record in ?ID_ARTICLE; a link of the same path adds
    # &download=1 and names another record (the editorial): another record's file
    html = _page(
        "<aside><ul><li><a href='/revue-eco-2024-2-page-205'>Éditorial</a> · "
        f"<a class='pdf' href='{SITE}/load_pdf?ID_ARTICLE=RECO_752_0205&amp;download=1'>PDF</a>"
        "</li></ul></aside>"
    ).replace(
        "<title>",
        "<meta name='citation_doi' content='10.3917/reco.752.0233'>"
        f"<meta name='citation_pdf_url' content='{SITE}/load_pdf?ID_ARTICLE=RECO_752_0233'>"
        "<title>",
    )
    analysis = find_candidates(html, f"{SITE}/revue-eco-2024-2-page-233")
    other = f"{SITE}/load_pdf?ID_ARTICLE=RECO_752_0205&download=1"
    assert other not in [c.url for c in analysis.candidates]
    assert "names another record" in (_why(html, f"{SITE}/revue-eco-2024-2-page-233", other) or "")


# -- a work deposited as numbered parts ----------------------------------------------------------

_PART_NAMES = ("01_title", "02_certificate", "03_preface", "04_chapter 1", "05_chapter 2")


def _parts_page(names: tuple[str, ...]) -> str:
    rows = "".join(
        f"<tr><td><a href='{DL}/bitstream/77/512/{n}/{name}.pdf'>{name}.pdf</a></td>"
        f"<td>{100 + n} kB</td><td>Adobe PDF</td></tr>"
        for n, name in enumerate(names, 1)
    )
    return _page(f"<table class='files'>{rows}</table>").replace(
        "<title>",
        f"<meta name='citation_pdf_url' content='{DL}/bitstream/77/512/1/{names[0]}.pdf'><title>",
    )


def test_a_work_deposited_as_numbered_parts_has_no_file_that_is_the_work() -> None:
    analysis = find_candidates(_parts_page(_PART_NAMES), f"{SITE}/handle/77/512")
    assert analysis.candidates == ()
    declared = next(c for c in analysis.rejected if c.source.startswith("meta:"))
    assert "numbered files" in (declared.rejected or "")


@pytest.mark.parametrize(
    "names",
    [
        ("1_thesis", "2_supplementary_tables", "3_data"),  # three files: no run of parts
        ("2019_annual_report", "2020_annual_report", "2021_annual_report", "2022_report"),
        ("03_paper", "04_appendix", "05_data", "06_code"),  # not from the first
    ],
)
def test_numbered_files_that_do_not_run_from_the_first_are_no_parts(
    names: tuple[str, ...],
) -> None:
    analysis = find_candidates(_parts_page(names), f"{SITE}/handle/77/512")
    assert not any("numbered files" in (c.rejected or "") for c in analysis.rejected)
    assert analysis.candidates[0].url == f"{DL}/bitstream/77/512/1/{names[0]}.pdf"


# -- a file link's evidence beyond its words ----------------------------------------------------

_ABSTRACT = (
    "<section><h2>Abstract</h2><p>" + "Words of the abstract go on here. " * 6 + "</p></section>"
)


def _record(body: str, head: str = "") -> str:
    return _page(_ABSTRACT + body).replace(
        "<title>", f"<meta name='citation_author' content='Kowalski, Anna'>{head}<title>"
    )


def _top(html: str) -> tuple[str, str] | None:
    analysis = find_candidates(html, f"{SITE}/record/77")
    if not analysis.candidates:
        return None
    return analysis.candidates[0].url, analysis.candidates[0].evidence


@pytest.mark.parametrize(
    ("link", "said"),
    [
        # a link holding only an icon font's or an SVG's PDF icon
        (
            "<a href='/record/77/files/8841'><i class='fa fa-file-pdf-o'></i></a>",
            "image saying PDF",
        ),
        (
            "<a href='/record/77/files/8841'><svg class='icon'><use href='#icon-pdf'></use></svg></a>",
            "image saying PDF",
        ),
        # HTML's download attribute, and its type attribute naming the target's media type
        (
            "<a href='/record/77/files/8841' download><i class='fa fa-arrow-down'></i></a>",
            "download attribute",
        ),
        ("<a href='/record/77/bin/8841' type='application/pdf'>ดาวน์โหลด</a>", "its type says"),
        # a file named by the record's author, its link's words in an unread script
        ("<a href='/uploads/2024/kowalski_salinity.pdf'>ดาวน์โหลดบทความ</a>", "author's name"),
        # the page's one file link, its label plain words of a language no vocabulary reads
        ("<a href='/record/77/files/8841.pdf'>ሙሉ ጽሑፍ</a>", "the only file link"),
        # and in languages the button vocabulary now reads: its words are a button's
        ("<a href='/record/77/files/8841.pdf'>Prenesi celotno besedilo</a>", "anchor text"),
        ("<a href='/record/77/files/8841.pdf'>Tải về toàn văn</a>", "anchor text"),
    ],
)
def test_a_file_links_evidence_is_read_from_its_markup_name_and_place(link: str, said: str) -> None:
    top = _top(_record(f"<div class='actions'>{link}</div>"))
    assert top is not None
    assert said in top[1]


def test_an_object_of_a_pdf_address_without_a_type_embeds_the_file() -> None:
    top = _top(_record("<object data='/files/8841.pdf' width='100%' height='800'></object>"))
    assert top == (
        f"{SITE}/files/8841.pdf",
        "the page embeds it for reading (<object> of a .pdf address)",
    )


@pytest.mark.parametrize(
    "label",
    ["AM-LATTICE Projektbericht 2022 (PDF)", "Publisher's PDF (subscription required)"],
)
def test_a_files_label_with_a_names_marks_still_names_another_document(label: str) -> None:
    html = _record(f"<p><a href='{DL}/projects/report_22.pdf'>{label}</a></p>")
    assert _top(html) is None


def test_the_only_file_boost_needs_the_only_file_of_the_pages_content() -> None:
    # a file table whose other rows are another kind of document: the preview link is not
    # "the only file link" though the other rows are rejected
    rows = "".join(
        f"<tr><td>{label}</td><td><a href='/record/77/files/{name}.pdf'>{name}.pdf</a></td>"
        f"<td><a class='btn' href='/record/77/file_preview/{name}.pdf'>プレビュー</a></td></tr>"
        for label, name in (("要旨", "K_youshi"), ("本文", "K_honbun"))
    )
    analysis = find_candidates(_record(f"<table>{rows}</table>"), f"{SITE}/record/77")
    everything = [*analysis.candidates, *analysis.rejected]
    assert not any("the only file link" in c.evidence for c in everything)


def test_a_file_named_as_another_kind_gains_nothing_from_being_the_only_one() -> None:
    html = _record("<p><a href='/record/77/files/54321_abstract.pdf'>Περίληψη</a></p>")
    analysis = find_candidates(html, f"{SITE}/record/77")
    assert not any(
        "the only file link" in c.evidence for c in [*analysis.candidates, *analysis.rejected]
    )


# -- the record's own blocks are no list of other documents --------------------------------------


def test_a_block_holding_the_records_fields_is_its_description_not_a_list_item() -> None:
    # the item's field table (its title in a field, its author linked) and its file table sit
    # in one block; a sibling block of the same class (the related items) names documents
    fields = (
        "<table class='itemDisplayTable'>"
        f"<tr><td class='label'>Título:</td><td>{TITLE}</td></tr>"
        "<tr><td class='label'>Autor(es):</td><td><a href='/browse?author=Souza'>"
        "Souza, Maria Clara Andrade de</a></td></tr></table>"
    )
    files = (
        "<table class='files'><tr><th>Arquivo</th><th>Tamanho</th></tr>"
        f"<tr><td><a href='{SITE}/bitstream/10482/41234/1/2021_Souza.pdf'>2021_Souza.pdf</a>"
        "</td><td>2,35 MB</td></tr></table>"
    )
    related = "<div class='box'><h3>Related</h3><a href='/handle/10482/1'>Another thesis on adherence</a></div>"
    html = _page(f"<div class='box'>{fields}{files}</div>{related}")
    assert _kept(html, f"{SITE}/handle/10482/41234") == [
        f"{SITE}/bitstream/10482/41234/1/2021_Souza.pdf"
    ]


def test_the_sections_alike_to_the_title_block_are_the_records_sections() -> None:
    # the record's description, its full-text links and its references are blocks of one
    # class; the references name other documents, yet the links block is the record's
    html = (
        f"<html><head><title>{TITLE}</title></head><body><div id='main'>"
        f"<div class='documento articulo'><h1>{TITLE}</h1><p>Abstract words.</p></div>"
        "<div class='documento'><h3>Texto completo</h3><ul class='links'>"
        f"<li><a class='pdf' href='{SITE}/descarga/articulo/8976543.pdf'>Texto completo (pdf)</a>"
        "</li></ul><h3>Otros enlaces</h3><ul><li><a href='https://journal.example.net/view/11'>"
        "Acceso a la revista (INAP)</a></li></ul></div>"
        "<div class='documento'><h3>Referencias</h3><ul><li>Gómez (2020). "
        f"<a href='{SITE}/servlet/articulo?codigo=7571234'>El silencio positivo tras la ley</a>"
        "</li></ul></div></div></body></html>"
    )
    assert _kept(html, f"{SITE}/servlet/articulo?codigo=8976543")[0] == (
        f"{SITE}/descarga/articulo/8976543.pdf"
    )


def test_a_sidebar_of_other_documents_beside_the_title_block_is_still_a_list() -> None:
    # blocks alike to each other but not to the title's block stay a list
    items = "".join(
        f"<div class='teaser'><a href='/article/{n}'>Another study of tidal rivers {n}</a> "
        f"<a href='{SITE}/files/{n}.pdf'>PDF</a></div>"
        for n in (31, 32)
    )
    html = (
        f"<html><head><title>{TITLE}</title></head><body><div id='main'>"
        f"<div class='record'><h1>{TITLE}</h1></div>{items}</div></body></html>"
    )
    assert _kept(html, f"{SITE}/article/30") == []


def test_a_download_block_named_after_the_title_blocks_header_is_no_site_chrome() -> None:
    # "page-header" holds the paper's title: its BEM sibling "page-header__download" is the
    # paper's header too, not the site's; beside the PDF, a page of the record's own
    html = (
        f"<html><head><title>{TITLE}</title></head><body><header class='site-header'>"
        "<a href='/'>Home</a></header><main><div class='page-header'>"
        f"<h1 class='page-header__title'>{TITLE}</h1></div>"
        "<div class='page-header__download'>"
        f"<a class='btn' href='{SITE}/system/files/papers/w31567/w31567.pdf'>Download PDF</a> "
        f"<a class='btn' href='{SITE}/papers/w31567.ack'>Acknowledgements and Disclosures</a>"
        "</div></main></body></html>"
    )
    assert _kept(html, f"{SITE}/papers/w31567") == [f"{SITE}/system/files/papers/w31567/w31567.pdf"]


def test_a_link_sharing_only_part_of_the_records_address_is_another_record() -> None:
    # a handle's prefix (10442) is shared by every record of the repository: the card beside
    # the file names another record (49876), not a page of this one (54321)
    html = _page(
        "<div class='card'><a href='/handle/10442/49876'>Ελληνικά ναυτιλιακά δάνεια στο Λονδίνο</a>"
        f" <a href='{SITE}/bitstream/10442/49876/1/49876.pdf'>PDF</a></div>"
    )
    assert _kept(html, f"{SITE}/handle/10442/54321") == []


@pytest.mark.parametrize("key", ["downloadUrl", "download_url", "fileUrl", "file"])
def test_a_state_key_naming_a_download_holds_the_records_file(key: str) -> None:
    # the file's address is a viewer-like path no pattern calls a file; its key says it is
    state = {
        "props": {"pageProps": {"article": {"title": TITLE, "files": [{key: "/view/28745/28876"}]}}}
    }
    analysis = find_candidates(_state_page(state), f"{SITE}/article/28745")
    assert [(c.url, c.strong) for c in analysis.candidates] == [(f"{SITE}/view/28745/28876", True)]


@pytest.mark.parametrize("key", ["profileUrl", "profile", "downloads", "url"])
def test_a_state_key_not_naming_a_file_holds_no_file(key: str) -> None:
    state = {"props": {"pageProps": {"article": {"title": TITLE, "author": {key: "/people/4711"}}}}}
    assert find_candidates(_state_page(state), f"{SITE}/article/28745").candidates == ()


def test_a_rows_pdf_icon_describes_a_button_holding_its_files_address() -> None:
    own = f"{DL}/data/disertaciebi/nino_beridze_disertacia.pdf"
    html = _page(
        "<ul><li class='file-item'><i class='icon-pdf'></i> "
        f"<button class='btn' data-href='{own}'>სადისერტაციო ნაშრომი</button></li></ul>"
    )
    analysis = find_candidates(html, f"{SITE}/dissertations/4187")
    assert [c.url for c in analysis.candidates] == [own]
    assert "its item describes a PDF file" in analysis.candidates[0].evidence


# -- the version the page's address names --------------------------------------------------------


def test_a_file_of_another_version_than_the_pages_goes_after_the_pages_own() -> None:
    # the page is version 2 of a reviewed preprint; its version list links version 1's PDF
    # first, with the stronger label, and the page's own file as a plain download
    html = _page(
        "<ul class='versions'><li><a href='/reviewed-preprints/93817v1'>Version 1</a> "
        "<a href='/reviewed-preprints/93817v1.pdf'>PDF</a></li></ul>"
        "<div class='actions'><a class='download' href='/reviewed-preprints/93817v2.pdf'>"
        "Download</a></div>"
    )
    analysis = find_candidates(html, f"{SITE}/reviewed-preprints/93817v2")
    assert analysis.candidates[0].url == f"{SITE}/reviewed-preprints/93817v2.pdf"
    older = next(c for c in analysis.candidates if c.url.endswith("93817v1.pdf"))
    assert "version v1 where the page is v2" in older.evidence


def test_a_version_in_a_segment_of_its_own_is_the_pages_version() -> None:
    html = _page(
        "<div class='versions'>"
        f"<a class='download' href='{SITE}/manuscript/202405.0789/v1/download'>Download PDF</a>"
        f"<a class='download' href='{SITE}/manuscript/202405.0789/v2/download'>Download PDF</a>"
        "</div>"
    )
    urls = _kept(html, f"{SITE}/manuscript/202405.0789/v2")
    assert urls[:2] == [
        f"{SITE}/manuscript/202405.0789/v2/download",
        f"{SITE}/manuscript/202405.0789/v1/download",
    ]


def test_among_several_json_ld_encodings_one_named_as_another_kind_is_not_the_works() -> None:
    files = ("cover_letter", "manuscript_revised", "poster_EGU2024")
    encodings = ",".join(
        f'{{"@type":"MediaObject","contentUrl":"{SITE}/api/records/1/files/{f}.pdf/content",'
        '"encodingFormat":"application/pdf"}'
        for f in files
    )
    head = (
        '<script type="application/ld+json">{"@type":"ScholarlyArticle","name":"x",'
        f'"encoding":[{encodings}]}}</script>'
    )
    html = _page("").replace("<title>", f"{head}<title>")
    assert _kept(html, f"{SITE}/records/1") == [
        f"{SITE}/api/records/1/files/manuscript_revised.pdf/content"
    ]


def test_a_single_json_ld_encoding_is_the_works_whatever_its_name() -> None:
    # a poster's record declares its poster: the name alone says nothing against it
    encoding = (
        f'{{"@type":"MediaObject","contentUrl":"{SITE}/api/records/1/files/poster.pdf/content",'
        '"encodingFormat":"application/pdf"}'
    )
    head = (
        '<script type="application/ld+json">{"@type":"CreativeWork","name":"x",'
        f'"encoding":[{encoding}]}}</script>'
    )
    html = _page("").replace("<title>", f"{head}<title>")
    assert _kept(html, f"{SITE}/records/1") == [f"{SITE}/api/records/1/files/poster.pdf/content"]


def test_an_icon_fonts_download_glyph_is_download_evidence() -> None:
    # a galley button whose only content is a download icon, its class saying PDF
    html = _record(
        "<div class='actions'><a class='galley-link pdf' "
        "href='/j/article/view/214567/198001'><i class='icon-download'></i></a></div>"
    )
    analysis = find_candidates(html, f"{SITE}/j/article/view/214567")
    assert [c.url for c in analysis.candidates] == [f"{SITE}/j/article/download/214567/198001"]
    assert "its icon says download" in analysis.candidates[0].evidence


# -- a button's words beside the format it names, in a language no vocabulary reads ----------

_DECLARED = f"{DL}/uploads/2024/11/salinity_kowalski.pdf"


def _declared_page(label: str) -> str:
    return _record(
        f"<div class='actions'><a href='{_DECLARED}'>{label}</a></div>",
        head=f"<meta name='citation_pdf_url' content='{_DECLARED}'>",
    )


@pytest.mark.parametrize(
    "label",
    [
        "Hlaða niður sem PDF",  # the format as a word at the end, capitals only its own
        "Léigh an t-alt (PDF)",  # a hyphen joining a word's letters ("t-alt") is no mark
        "Lawrlwytho'r erthygl PDF",  # an elision's apostrophe
    ],
)
def test_a_short_plain_label_with_its_format_keeps_the_declared_file(label: str) -> None:
    # the page's link to its declared file, labelled in words no vocabulary reads: the
    # label's shape (a few small words and the format) is a button's, not another title
    html = _declared_page(label)
    assert _why(html, f"{SITE}/record/77", _DECLARED) is None


@pytest.mark.parametrize(
    "label",
    [
        "Jahresbericht Stiftung Meeresforschung (PDF)",  # a name's capitals
        "Bericht zur Elbe 2023 (PDF)",  # a year
        "Publisher's PDF (subscription required)",  # a bracketed remark beside the format
        "Léigh an T-Alt PDF",  # a hyphen before a capital joins a name's parts
    ],
)
def test_a_label_with_a_names_marks_beside_its_format_still_contradicts(label: str) -> None:
    html = _declared_page(label)
    assert "names another document" in (_why(html, f"{SITE}/record/77", _DECLARED) or "")


_MEDIA = f"{SITE}/media/pure/19234/8765432"


def test_a_media_librarys_item_whose_label_describes_a_pdf_file_is_a_file_link() -> None:
    html = _record(
        f"<div class='downloads'><a class='button' href='{_MEDIA}'>"
        "<span>Lawrlwytho adroddiad</span> <span>(PDF, 2,9 MB)</span></a></div>"
    )
    assert _why(html, f"{SITE}/record/77", _MEDIA) is None


@pytest.mark.parametrize(
    "label", ["Lawrlwytho adroddiad", "Lawrlwytho adroddiad (2,9 MB)", "PDF-Dokument ansehen"]
)
def test_a_media_librarys_item_without_a_pdf_files_description_stays_blocked(label: str) -> None:
    # the folder guesses a media page (a video's, an image's); only a label describing a PDF
    # file by its format and size says the item is the file
    html = _record(f"<div class='downloads'><a class='button' href='{_MEDIA}'>{label}</a></div>")
    assert _why(html, f"{SITE}/record/77", _MEDIA) == "blocked link pattern"


# -- a source's mark after each of the record's links -------------------------------------------


def _linked_fields(own_label: str, other_label: str) -> str:
    return _record(
        "<table><tr><th>Links:</th><td>"
        f"<a href='{FILES}/bitstream/handle/77/512/report_2023.pdf?sequence=1'>{own_label}</a><br>"
        f"<a href='{FILES}/bitstream/handle/77/512/tables_2023.xlsx?sequence=2'>{other_label}</a>"
        "</td></tr></table>"
    )


_LINKED = f"{FILES}/bitstream/handle/77/512/report_2023.pdf?sequence=1"


def test_a_bracketed_source_mark_on_each_link_is_no_part_of_a_name() -> None:
    # "(Kielipankki)" ends the labels of both the record's links: where the files are kept,
    # not a title's word; "Linkki aineistoon" before it is a plain label
    # (neutral: the link's place and address decide, as for any plain label)
    html = _linked_fields(
        "Linkki aineistoon <span>(Kielipankki)</span>", "Taulukot (Excel) (Kielipankki)"
    )
    assert "names another document" not in (_why(html, f"{SITE}/record/77", _LINKED) or "")


@pytest.mark.parametrize(
    ("own_label", "other_label"),
    [
        # the mark on one link only: a name's bracket
        ("Linkki aineistoon (Kielipankki)", "Taulukot (Excel)"),
        # a name's words before the shared mark (its capitals, a year)
        ("Menetelmäraportti Kansallinen Tutkimus 2023 (Kielipankki)", "Taulukot (Kielipankki)"),
    ],
)
def test_a_bracket_on_one_link_or_a_names_words_before_it_still_name_a_document(
    own_label: str, other_label: str
) -> None:
    html = _linked_fields(own_label, other_label)
    assert "names another document" in (_why(html, f"{SITE}/record/77", _LINKED) or "")


# -- a row of buttons beside the title ---------------------------------------------------------

_SCRIPT_FILE = f"{SITE}/cy/lawrlwytho/?erthygl=412"


def _buttons_page(buttons: str) -> str:
    return _page(f"<div class='buttons'>{buttons}</div><h2>Abstract</h2><p>{'Text ' * 40}</p>")


def test_a_short_label_naming_pdf_on_a_button_beside_the_title_is_a_files_label() -> None:
    # an extension-less download script labelled in words no vocabulary reads and the format
    html = _buttons_page(
        "<a class='btn' href='/cy/lawrlwytho/?erthygl=412'>Lawrlwytho'r papur (PDF)</a>"
        "<a class='btn' href='#dyfynnu'>Sut i ddyfynnu</a>"
    )
    assert _why(html, f"{SITE}/cy/rhifyn-38/erthygl-3/", _SCRIPT_FILE) is None


def test_a_short_label_naming_pdf_inside_a_sentence_is_no_button() -> None:
    # a licence's note that names its form: the same shape of label, in prose
    html = _buttons_page(
        "Mae'r awdur wedi rhoi trwydded i'r brifysgol gyhoeddi'r gwaith. "
        "<a href='/cy/lawrlwytho/?erthygl=412'>Ffurflen drwydded (PDF)</a>"
    )
    assert _why(html, f"{SITE}/cy/rhifyn-38/erthygl-3/", _SCRIPT_FILE) is not None


def test_a_link_to_a_place_on_the_page_beside_a_bare_button_names_no_other_work() -> None:
    # "How to cite this article" beside the download button links a place on this page:
    # the button's item is the record's, not another work's line
    own = f"{SITE}/uploads/2024/11/CT10-salinity.pdf"
    html = _buttons_page(
        f"<a class='btn pdf' href='{own}'>Download PDF</a>"
        "<a class='btn' href='#cite'>Conas tagairt a dhéanamh don alt seo</a>"
    )
    assert _why(html, f"{SITE}/eagrain/10/salinity/", own) is None


# -- a run-in label before a link ------------------------------------------------------------


_BOOK = f"{SITE}/pdf/libre-acces/9782390613391.pdf"


@pytest.mark.parametrize(
    ("label", "link_text"),
    [
        ("<b>Table des matières</b> : ", "consulter (PDF)"),
        ("<b>Extrait</b> : ", "lire l'introduction (PDF)"),
        ("<strong>Excerpt:</strong> ", "read (PDF)"),
        ("<b>Inhaltsverzeichnis</b>: ", "ansehen (PDF)"),
    ],
)
def test_a_run_in_label_naming_another_kind_names_the_links_file(
    label: str, link_text: str
) -> None:
    other = f"{SITE}/pdf/extraits/9782390613384_part.pdf"
    html = _page(
        f"<p>{label}<a href='{other}'>{link_text}</a></p>"
        f"<p><a href='{_BOOK}'><img src='/img/pdf.gif' alt='Télécharger gratuitement le PDF'></a></p>"
    )
    why = _why(html, f"{SITE}/fiche.php?isbn=9782390613384", other) or ""
    assert "run-in label" in why or "another kind" in why, why


@pytest.mark.parametrize(
    "label",
    [
        "<b>Texte intégral</b> : ",  # the work's own full text
        "<b>Fichier</b> : ",  # a file, no kind
        "<b>Table des matières</b> et plus encore, ",  # no colon: a sentence's words
    ],
)
def test_a_run_in_label_naming_no_other_kind_leaves_the_link_to_its_evidence(label: str) -> None:
    html = _page(f"<p>{label}<a href='{_BOOK}'>Télécharger (PDF)</a></p>")
    why = _why(html, f"{SITE}/fiche.php?isbn=9782390613384", _BOOK) or ""
    assert "run-in label" not in why, why
