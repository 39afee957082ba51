"""Research-output portals and repositories: a viewer's button, a poster, a work's file rows.

Pages written here (issue 34), in the shapes of a university's research portal (a paper's
text behind a viewer button whose address is its ``data-pdf-url``, beside the poster's and
the slides' "Descargar" links) and of a Samvera Hyrax work (its representative file set is
a supplement; the accepted manuscript is the second row of its file table, named by its
file's name and linked to its file set's page under the work's opaque id).
"""

from __future__ import annotations

from bs4 import BeautifulSoup

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import page_facts

PORTAL = "https://produccion.example.es"
RECORD = "6512f0a4c8e1b93d27a4e015"


def _portal() -> str:
    def item(label: str, note: str, control: str) -> str:
        return (
            "<li class='list-group-item'><span class='icono icono-pdf'></span>"
            f"<div><strong>{label}</strong><br><small>{note}</small></div>{control}</li>"
        )

    files = f"{PORTAL}/api/ficheros/{RECORD}"
    return (
        "<html lang='es'><head><title>Detección temprana de estrés hídrico</title></head><body>"
        "<h1>Detección temprana de estrés hídrico en olivar mediante imágenes térmicas</h1>"
        "<section><h2>Documentos</h2><ul class='lista-documentos'>"
        + item(
            "Texto de la comunicación",
            "Versión publicada · PDF · 4 págs. · 1,1 MB",
            "<button type='button' class='btn btn-visor' data-toggle='modal' "
            f"data-pdf-url='{files}/a81f22/contenido'>Ver documento</button>",
        )
        + item(
            "Póster",
            "PDF · A0 · 7,8 MB",
            f"<a class='btn' href='/api/ficheros/{RECORD}/a81f27/contenido?descarga=1'>Descargar</a>",
        )
        + "</ul></section></body></html>"
    )


def test_a_viewer_buttons_pdf_attribute_and_its_items_pdf_icon_are_two_pieces_of_evidence() -> None:
    found = find_candidates(_portal(), f"{PORTAL}/documentos/{RECORD}")
    kept = [c.url for c in found.candidates]
    assert kept == [f"{PORTAL}/api/ficheros/{RECORD}/a81f22/contenido"]
    evidence = found.candidates[0].evidence
    assert "its attribute's name says a PDF's address" in evidence
    assert "its item describes a PDF file" in evidence


def test_an_item_label_with_an_accent_the_vocabulary_lacks_still_names_its_kind() -> None:
    found = find_candidates(_portal(), f"{PORTAL}/documentos/{RECORD}")
    refused = {c.url: c.rejected for c in found.rejected}
    poster = f"{PORTAL}/api/ficheros/{RECORD}/a81f27/contenido?descarga=1"
    assert "in an item labelled 'Póster" in (refused.get(poster) or "")


HYRAX = "https://scholarworks.example.edu"
WORK = "7h149r57x"


def _hyrax() -> str:
    def row(file_set: str, name: str) -> str:
        return (
            f"<tr class='file_set attributes'><td><img src='/downloads/{file_set}?file=thumbnail'>"
            f"</td><td><a href='/concern/parent/{WORK}/file_sets/{file_set}'>{name}</a></td>"
            f"<td>2023-10-02</td><td><a href='/downloads/{file_set}'>Download</a></td></tr>"
        )

    title = "Groundwater arsenic exposure and childhood stunting in the Red River Delta"
    return (
        f"<html><head><meta name='citation_title' content='{title}'>"
        f"<meta name='citation_pdf_url' content='{HYRAX}/downloads/9880vr63c'></head><body>"
        f"<div class='panel'><div class='panel-heading'><h1>{title}</h1></div>"
        "<div class='panel-body'><div class='row'><div class='col-sm-3'>"
        "<a href='/downloads/9880vr63c' aria-label='Download the full-sized image of "
        "Supplementary appendix'><img src='/downloads/9880vr63c?file=thumbnail'></a></div>"
        "<div class='col-sm-9'><p>We followed 1,214 children from birth to age five.</p>"
        "<table><tr><th>Version</th><td>Accepted manuscript</td></tr><tr><th>Related Dataset"
        f"</th><td><a href='/concern/datasets/kp78gh29w'>Red River Delta child growth cohort"
        "</a></td></tr></table></div></div>"
        "<div class='row'><div class='col-sm-12'><h2>Relationships</h2><table><tr><th>In "
        "Collection:</th><td><a href='/collections/n583xv07b'>School of Public Health "
        "Publications</a></td></tr></table><h2>Items</h2><table class='related-files'><tbody>"
        + row("9880vr63c", "Supplementary appendix (web-only)")
        + row("d504rm11z", "Tran_Holloway_Pham_2023_AAM.pdf")
        + "</tbody></table></div></div></div></div></body></html>"
    )


def test_a_repositorys_opaque_id_is_the_records_id() -> None:
    facts = page_facts(
        BeautifulSoup("<html></html>", "html.parser"), f"{HYRAX}/concern/articles/{WORK}"
    )
    assert WORK in facts.ids
    plain = page_facts(BeautifulSoup("<html></html>", "html.parser"), f"{HYRAX}/about/covid19x")
    assert plain.ids == ()


def test_the_row_of_a_file_named_and_linked_under_the_work_is_the_works_file() -> None:
    found = find_candidates(_hyrax(), f"{HYRAX}/concern/articles/{WORK}")
    assert f"{HYRAX}/downloads/d504rm11z" in [c.url for c in found.candidates]
    refused = {c.url: c.rejected for c in found.rejected}
    assert "alike blocks" not in (refused.get(f"{HYRAX}/downloads/d504rm11z") or "")


MASSEY = "https://mro.example.ac.nz"


def _deposit(names: tuple[str, str]) -> str:
    rows = "".join(
        f"<div class='file-wrapper'><a href='/bitstream/handle/10179/18234/{name}?sequence="
        f"{i + 1}&amp;isAllowed=y'>{name} (pdf ({size}))</a></div>"
        for i, (name, size) in enumerate(zip(names, ("612.4Kb", "6.118Mb"), strict=True))
    )
    title = "O le a'oa'oga ma le soifua maloloina o tamaiti i Samoa"
    return (
        f"<html><head><meta name='citation_title' content='{title}'></head><body><h1>{title}"
        f"</h1><div class='item-page-field-wrapper'><h5>Files</h5>{rows}</div></body></html>"
    )


def test_a_deposits_numbered_whole_file_goes_before_its_front_matter() -> None:
    found = find_candidates(
        _deposit(("01_front.pdf", "02_whole.pdf")), f"{MASSEY}/handle/10179/18234"
    )
    assert [c.url.rsplit("/", 1)[-1] for c in found.candidates][:1] == [
        "02_whole.pdf?sequence=2&isAllowed=y"
    ]


def test_an_unnumbered_whole_volume_beside_an_article_keeps_its_place() -> None:
    found = find_candidates(_deposit(("03.pdf", "complet.pdf")), f"{MASSEY}/handle/10179/18234")
    assert [c.url.rsplit("/", 1)[-1] for c in found.candidates][:1] == [
        "03.pdf?sequence=1&isAllowed=y"
    ]
