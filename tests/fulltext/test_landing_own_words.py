"""A link's own words and its file's name over its section's label (issue 34, landing22's misses).

Four classes of page where the resolver found no file of the record's: a link that says
"full article" in a row labelled "Abstract"; a link whose text is the record's title in a
section headed "Supporting documents"; a link named as the page names its record ("Download
Discussion Paper") whose file's name carries the record's number, beside a summary's PDF in a
month's upload folder; the record's file beside its own highlights sheet
(``Report_458_Highlights.pdf``), read as another article's neighbour. And older rounds'
misses of the same sort: a button with its format and size in a language no vocabulary
reads ("Scarica il rapporto (pdf 1,8 MB)"), a card's own footer read as the page's, a link
naming the record by its series and number ("Working Paper No. 11034"). Each has a guard that
the label still holds where the link's own words do not say otherwise. All pages are written
here; none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._evidence import ANCHOR_WEIGHTS
from politeharvest.fulltext._landing import find_candidates

TITLE = "Photometry of three poorly studied southern open clusters"
SITE = "https://journal.example.org"


def _page(body: str, head: str = "", page_title: str = TITLE) -> str:
    meta = f"<meta name='citation_title' content='{TITLE}'>{head}"
    return f"<html><head><title>{page_title}</title>{meta}</head><body><h1>{TITLE}</h1>{body}</body></html>"


def _kept(html: str, url: str) -> list[str]:
    return [c.url for c in find_candidates(html, url).candidates]


def test_a_link_that_says_full_article_in_a_row_labelled_abstract() -> None:
    body = (
        "<table><tr><th>Resumen</th><td><a href='PDF/v60-1_hernandez.pdf'>Artículo completo"
        "</a> (2.4 MB)</td></tr></table>"
    )
    assert _kept(_page(body), f"{SITE}/v60-1/articulo.php?id=1023") == [
        f"{SITE}/v60-1/PDF/v60-1_hernandez.pdf"
    ]


def test_a_bare_pdf_link_in_a_row_labelled_abstract_stays_the_abstract() -> None:
    body = (
        "<table><tr><th>Resumen</th><td><a href='PDF/v60-1_hernandez_res.pdf'>PDF</a></td></tr>"
        "</table>"
    )
    assert _kept(_page(body), f"{SITE}/v60-1/articulo.php?id=1023") == []


def test_a_link_titled_as_the_record_under_a_supporting_documents_heading() -> None:
    own = f"{SITE}/binaries/documents/photometry-open-clusters/photometry-open-clusters.pdf"
    body = (
        "<section><h2>Supporting documents</h2>"
        f"<div><h3><a href='{own}'>{TITLE}</a></h3><p>PDF (2.8 MB, 112 pages)</p></div>"
        "<div><h3><a href='/binaries/documents/technical-annex.pdf'>Technical annex: survey "
        "methodology</a></h3><p>PDF (900 KB)</p></div></section>"
    )
    assert _kept(_page(body), f"{SITE}/publications/photometry-open-clusters/") == [own]


def test_another_title_under_a_supporting_documents_heading_stays_another_document() -> None:
    body = (
        "<section><h2>Supporting documents</h2><ul><li><a href='/binaries/data-tables.pdf'>"
        "Cluster membership tables</a></li></ul></section>"
    )
    assert _kept(_page(body), f"{SITE}/publications/photometry-open-clusters/") == []


def _series_page(label: str) -> str:
    uploads = f"{SITE}/wp-content/uploads"
    body = (
        "<div class='download-buttons'>"
        f"<a class='btn' href='{uploads}/2024/02/inst_dp_214.pdf'>{label}</a>"
        f"<a class='btn' href='{uploads}/2024/04/digest_2024_04.pdf'>Digest PDF</a></div>"
    )
    return _page(body, page_title="Discussion Paper No. 214 | Research Institute")


def test_a_file_named_as_the_page_names_its_record_with_the_records_number() -> None:
    # a button's word in a script no vocabulary reads, then the series' name the page gives
    html = _series_page("ดาวน์โหลด Discussion Paper")
    assert _kept(html, f"{SITE}/dp/214/") == [f"{SITE}/wp-content/uploads/2024/02/inst_dp_214.pdf"]


def test_a_file_named_as_another_kind_with_the_records_number_stays_another_document() -> None:
    html = _series_page("Policy Note on household debt")
    assert f"{SITE}/wp-content/uploads/2024/02/inst_dp_214.pdf" not in _kept(
        html, f"{SITE}/dp/214/"
    )


def test_the_records_file_beside_its_own_highlights_sheet() -> None:
    folder = f"{SITE}/publications/research/water"
    body = (
        f"<div class='actions'><a class='btn btn--download' href='{folder}/Research_Report_458.pdf'"
        " aria-label='Download the report (PDF)'><span class='icon'></span></a>"
        f"<a class='btn' href='{folder}/Research_Report_458_Project_Highlights.pdf'>Project "
        "highlights (2 pages)</a></div>"
    )
    kept = _kept(_page(body), f"{folder}/research-458-open-clusters.php")
    assert kept[:1] == [f"{folder}/Research_Report_458.pdf"]


def test_a_file_beside_another_articles_file_of_another_name_stays_a_neighbour() -> None:
    folder = f"{SITE}/publications/research/water"
    body = (
        f"<div class='actions'><a class='btn btn--download' href='{folder}/Research_Report_458.pdf'"
        " aria-label='Download the report (PDF)'><span class='icon'></span></a>"
        f"<a class='btn' href='{folder}/Research_Report_421.pdf'>Plastics in wastewater "
        "sludge and soils</a></div>"
    )
    assert _kept(_page(body), f"{folder}/research-458-open-clusters.php") == []


def test_a_button_with_its_format_and_size_in_a_language_no_vocabulary_reads() -> None:
    own = f"{SITE}/documents/5430/0/23-10-web.pdf/8c5f4a2e?t=1701432187214"
    body = f"<div class='download'><a href='{own}'>Scarica il rapporto (pdf 1,8 MB)</a></div>"
    assert _kept(_page(body), f"{SITE}/-/rapporti-istisan-23-10") == [own]


def test_a_components_footer_is_no_page_footer() -> None:
    own = f"{SITE}/download/photometry-open-clusters/?wpdmdl=14873"
    body = (
        "<div class='card'><div class='card-body'><p>Working paper, 42 pages</p></div>"
        f"<div class='card-footer'><a class='btn' href='{own}'>Download</a></div></div>"
    )
    assert _kept(_page(body), f"{SITE}/download/photometry-open-clusters/") == [own]
    footer = f"<footer class='site-footer'><a class='btn' href='{own}'>Download</a></footer>"
    assert _kept(_page(footer), f"{SITE}/download/photometry-open-clusters/") == []


def _numbered_page(own_label: str, other_label: str) -> str:
    head = "<meta name='citation_technical_report_number' content='11034'>"
    body = (
        "<span class='pub-type'>Working Paper No. 11034</span>"
        f"<div class='files'><a class='btn' href='/DocDL/wp11034.pdf'>{own_label}</a> (PDF, 1.6 "
        "MB)</div><h2>Related</h2><ul>"
        f"<li><a href='/DocDL/wp10987.pdf'>{other_label}</a></li></ul>"
    )
    return _page(body, head=head)


def test_a_link_naming_the_record_by_its_series_and_number() -> None:
    html = _numbered_page("Institute Working Paper No. 11034", "Institute Working Paper No. 10987")
    kept = _kept(html, f"{SITE}/publications/2024/working-paper/photometry-open-clusters")
    assert kept == [f"{SITE}/DocDL/wp11034.pdf"]


def test_a_number_in_the_pages_title_names_the_record_too() -> None:
    title = f"Science for Conservation 340: {TITLE}"
    html = (
        f"<html><head><title>{title}</title></head><body><h1>{title}</h1><ul><li>"
        "<a href='/documents/sfc340entire.pdf'>Download the full publication: Science for "
        "Conservation 340 <span>(PDF, 2,870K)</span></a></li></ul></body></html>"
    )
    assert _kept(html, f"{SITE}/series/science-for-conservation/sfc340/") == [
        f"{SITE}/documents/sfc340entire.pdf"
    ]


def test_the_records_title_on_a_file_outranks_a_summarys_label() -> None:
    # "Kurzfassung (PDF, 420 kB)": a summary's label in words no vocabulary here reads, its
    # format and size told; the record's title on the other file names the record's own
    folder = f"{SITE}/dam/documents/reports"
    body = (
        "<ul class='list-unstyled'>"
        f"<li><a class='icon icon--pdf' href='{folder}/clusters-kurzfassung.pdf'>Kurzfassung "
        "<span>(PDF, 420 kB)</span></a></li>"
        f"<li><a class='icon icon--pdf' href='{folder}/clusters-bericht.pdf'>{TITLE} "
        "<span>(PDF, 3 MB)</span></a></li></ul>"
    )
    kept = _kept(_page(body), f"{SITE}/research/photometry-open-clusters.html")
    assert kept[:1] == [f"{folder}/clusters-bericht.pdf"]


def test_a_label_before_the_title_is_no_title_alone() -> None:
    # "At a glance: <the title>" carries the title's words, but a word of its own before
    # them: it weighs less than the link that is the title alone
    folder = f"{SITE}/getmedia/reports"
    body = (
        f"<ul><li><a href='{folder}/report-118-summary.pdf'>At a glance: {TITLE} "
        "(PDF, 620 kB)</a></li>"
        f"<li><a href='{folder}/report-118-clusters.pdf'>{TITLE} (PDF, 3 MB)</a></li></ul>"
    )
    ranked = find_candidates(_page(body), f"{SITE}/reports/photometry/").candidates
    by_name = {c.url.rsplit("/", 1)[-1]: c for c in ranked}
    title_alone, glance = by_name["report-118-clusters.pdf"], by_name["report-118-summary.pdf"]
    assert (
        title_alone.score - glance.score >= ANCHOR_WEIGHTS.download_text - ANCHOR_WEIGHTS.pdf_word
    )


def _series_files(own_name: str) -> str:
    folder = "/fileadmin/publikationen/arbeitspapiere"
    groups = [
        ("Downloads", f"{folder}/{own_name}", "Arbeitspapier (PDF, 1.4 MB)"),
        ("Downloads", f"{folder}/WP_087_Datensatz.xlsx", "Datensatz Volksabstimmungen (XLSX)"),
        ("Medien", "/fileadmin/medien/2024/Medienmitteilung_WP_087.pdf", "Medienmitteilung (PDF)"),
        ("Medien", "/fileadmin/medien/2024/Vortrag.pdf", "Präsentation zum Vortrag vom 24.10.2024"),
    ]
    cards = "".join(
        f"<div class='accordion-item'><h2><button>{groups[n][0]}</button></h2>"
        "<div class='accordion-collapse'><div class='accordion-body'>"
        + "<br>".join(
            f"<a class='download' href='{h}'>{label}</a>" for _, h, label in groups[n : n + 2]
        )
        + "</div></div></div>"
        for n in (0, 2)
    )
    return _page(f"<div class='accordion'>{cards}</div>")


def test_the_records_file_named_by_its_series_number_among_its_sibling_files() -> None:
    # the page /wp-087 and the file WP_087_...: the record's own, though its card stands
    # among alike cards of the record's dataset, press release and slides
    kept = _kept(_series_files("WP_087_Frommelt.pdf"), f"{SITE}/publikationen/wp-087")
    assert kept[:1] == [f"{SITE}/fileadmin/publikationen/arbeitspapiere/WP_087_Frommelt.pdf"]


def test_alike_cards_of_other_papers_stay_a_list() -> None:
    # the other papers of the series, each its card with its title and its file: a list
    cards = "".join(
        f"<div class='accordion-item'><h3><a href='/publikationen/wp-0{n}'>{title}</a></h3>"
        f"<a class='download' href='/fileadmin/arbeitspapiere/WP_0{n}.pdf'>PDF</a></div>"
        for n, title in (
            (71, "Wahlen und Parteien in Liechtenstein seit 1921"),
            (79, "Direkte Demokratie im Kleinstaat: eine Bilanz"),
            (83, "Gemeindefinanzen und Steuerwettbewerb im Rheintal"),
        )
    )
    kept = _kept(_page(f"<div class='accordion'>{cards}</div>"), f"{SITE}/publikationen/wp-087")
    assert not any("/arbeitspapiere/WP_0" in url for url in kept)


def test_authors_names_run_together_in_a_file_name_are_read_apart() -> None:
    from bs4 import BeautifulSoup

    from politeharvest.fulltext._pagefacts import page_facts

    head = (
        "<meta name='citation_author' content='Nic Aodha, Máire'>"
        "<meta name='citation_author' content='Ó Duibhir, Pádraig'>"
    )
    facts = page_facts(BeautifulSoup(_page("", head=head), "html.parser"), f"{SITE}/eagrain/10/")
    assert facts.relates("CT10_NicAodha_ODuibhir.pdf") == "an author's name"
    assert facts.relates("CT10_Eagarfhocal.pdf") is None


def test_an_elided_word_in_a_short_label_keeps_it_plain() -> None:
    # "Tò jö l'articul" ("download the article", Ladin) on a file named by the record's
    # author: a button's plain phrase, not another document's name
    head = "<meta name='citation_author' content='Vittur, Ingrid'>"
    body = (
        "<table><tr><td><img src='/icons/pdf.png' alt='PDF'></td><td>"
        "<a href='/images/ladinia/2024/Ladinia_2024_Vittur.pdf'>Tò jö l'articul</a></td>"
        "<td>1,9 MB</td></tr></table>"
    )
    kept = _kept(_page(body, head=head), f"{SITE}/lad/ladinia-2024/articul-vittur")
    assert kept == [f"{SITE}/images/ladinia/2024/Ladinia_2024_Vittur.pdf"]


def test_a_quoted_name_stays_a_name() -> None:
    from politeharvest.fulltext._evidence import _plain_label

    assert _plain_label("l'articul dla ediziun")
    assert not _plain_label("recension de 'ciantes sacres'")


def test_full_text_in_more_languages_is_a_buttons_words() -> None:
    from politeharvest.fulltext._words import button_text

    for label in ("Plný text práce", "Pełny tekst", "Teljes szöveg", "Täysteksti"):
        assert button_text(label), label
    assert not button_text("Posudek oponenta")
