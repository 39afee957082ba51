"""A repository object's own card beside its related objects' card (issue 34).

A Fedora-based repository (Phaidra-like, Islandora-like) names its objects by a PID
(``o:1987654``) in the page's address and in each object's download address. The object's
card ("Herunterladen", "Metadaten anzeigen") and the card of its related objects (each with
its own download) are alike blocks, yet only one links a file carrying the record's PID: the
record's own, not an item of a list of other documents (landing49, after its scoring).

Guards: a related object's file is still refused, and a page whose cards all offer files
carrying the record's id (one record's files in alike cards) is judged as before.

A thesis's documents list (Pure-like): "Complete thesis" names the whole work, and the
file's card beside it ("Final published version, 9.8 MB", its licence) is no other work's
title (landing49, after its scoring).

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import _ids_of

API = "https://services.repo.example.ac.at/api/object"
PAGE = "https://repo.example.ac.at/detail/o:4711234"


def _page() -> str:
    return f"""<html lang="de"><head><title>Klanglandschaften der Stadt – Repo</title></head>
<body><main><div class="row"><div class="col-md-8">
<h1 class="title">Klanglandschaften der Stadt: Eine Geschichte des Lärms</h1>
<p>Muster, Anna · Konferenzbeitrag · 2024</p>
<div class="v-card"><div class="v-card__title">Metadaten</div><dl>
<dt>Teil von</dt><dd><a href="/detail/o:4711230">Tagung 2023 – Sammlung</a></dd></dl></div>
</div>
<div class="col-md-4">
<div class="v-card"><div class="v-card__text">
<a href="{API}/o:4711234/download" class="v-btn primary">Herunterladen</a>
<a href="/detail/o:4711234/metadata" class="v-btn">Metadaten anzeigen</a>
</div></div>
<div class="v-card"><div class="v-card__title">Verwandte Objekte</div><ul>
<li><a href="/detail/o:4711235">Klanglandschaften der Stadt – Vortragsfolien</a> (PDF)
<a href="{API}/o:4711235/download">Herunterladen</a></li>
</ul></div>
</div></div></main></body></html>"""


def test_a_fedora_pid_in_the_page_s_address_names_the_record() -> None:
    assert _ids_of(PAGE) == ["o:4711234"]


def test_the_object_s_own_card_is_no_list_of_other_documents() -> None:
    found = find_candidates(_page(), PAGE)
    kept = [c.url for c in found.candidates]
    assert kept and kept[0] == f"{API}/o:4711234/download"
    assert f"{API}/o:4711235/download" not in kept  # the related object's slides


def test_cards_that_each_offer_the_record_s_files_are_judged_as_before() -> None:
    # every card's file carries the record's id: the record's files, judged by their labels
    page = _page().replace(f"{API}/o:4711235/download", f"{API}/o:4711234/slides")
    found = find_candidates(page, PAGE)
    assert f"{API}/o:4711234/slides" not in [c.url for c in found.candidates]


# -- a thesis's documents list (landing49, after its scoring) -------------------------------

FILES = "https://research.example.nl/files"


def _thesis_page() -> str:
    rows = "".join(
        f'<li class="available"><a class="document-link" href="{FILES}/{n}/{name}.pdf">'
        f'<span>{label}</span></a><span class="meta">Final published version, {size}</span>'
        f'<span class="license">Licence: Taverne</span></li>'
        for n, name, label, size in (
            (9101, "Complete_thesis", "Complete thesis", "9.8 MB"),
            (9102, "Title_and_contents", "Title and contents", "212 KB"),
            (9103, "Chapter_1", "Chapter 1", "1.1 MB"),
        )
    )
    return (
        "<html><head><title>Soil carbon under grazing - Research portal</title>"
        '<meta name="citation_title" content="Soil carbon under grazing in coastal marshes">'
        "</head><body><main><h1>Soil carbon under grazing in coastal marshes</h1>"
        f'<section class="sidebar"><h2>Documents</h2><ul class="documents">{rows}</ul>'
        "</section></main></body></html>"
    )


def test_a_complete_thesis_label_beside_its_file_s_card_gives_the_whole_thesis() -> None:
    found = find_candidates(_thesis_page(), "https://research.example.nl/en/publications/soil")
    assert [c.url for c in found.candidates][:1] == [f"{FILES}/9101/Complete_thesis.pdf"]


# -- the record's DOI beside a bare button (landing50, after its scoring) -------------------


def test_a_button_beside_the_record_s_doi_is_the_record_s_file() -> None:
    doi = "10.5555/FUACE230115015S"
    page = (
        "<html><head><title>Seismic retrofit of masonry halls</title>"
        f'<meta name="citation_title" content="Seismic retrofit of masonry halls">'
        f'<meta name="citation_doi" content="{doi}"></head><body>'
        "<h1>Seismic retrofit of masonry halls</h1><table><tr><td>"
        f'<b>DOI:</b> <a href="https://doi.org/{doi}">{doi}</a><br>'
        "<b>Full text:</b> <a href='/img/doi/2023/0354-46052300015S.pdf'>Download PDF file</a>"
        " (1.2 MB) in the journal's print layout"
        "</td></tr></table></body></html>"
    )
    found = find_candidates(page, "https://journals.example.rs/Article.aspx?ID=0354-46052300015S")
    assert [c.url for c in found.candidates][:1] == [
        "https://journals.example.rs/img/doi/2023/0354-46052300015S.pdf"
    ]
