"""Files told apart by their names (landing50 and landing51, after their scoring).

- A button labelled (``aria-label``) with a file's name ("download file AAM_Doe_2024.pdf")
  is that file's link, its kind read from the name: no other document's title. A file
  named as another kind ("Conference_slides_Doe.pdf") is still refused.
- A file whose name opens the names of the page's other files in its folder
  ("000087.pdf" beside "000087_slides.pdf" and "000087_poster.pdf") is the work's own
  file, whatever its label ("Paper") says; a file with no such parts gains nothing.

- On a whole book's page (``og:type`` book), "Complete book (PDF)" names the record's own
  file; on a chapter's page it names another object.

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import PageFacts

DL = "https://repository.example.ac.uk/ndownloader/files"
PAGE = "https://repository.example.ac.uk/articles/journal_contribution/Heat_risk/2543"


def _figshare_like() -> str:
    rows = "".join(
        f'<li><span title="{name}">{name}</span><span>1.2 MB</span>'
        f'<a href="{DL}/{n}" aria-label="download file {name}">Download</a></li>'
        for n, name in (
            (4501, "AAM_Doe-Roe_2024_BuildEnv.pdf"),
            (4502, "Conference_slides_Doe_2023.pdf"),
        )
    )
    return (
        "<html><head><title>Heat risk in retrofitted housing</title>"
        '<meta name="citation_title" content="Heat risk in retrofitted housing: monitored evidence">'
        '<meta name="citation_author" content="Doe, Jane"></head><body><main>'
        f"<h1>Heat risk in retrofitted housing: monitored evidence</h1><ul>{rows}</ul>"
        "</main></body></html>"
    )


def test_a_button_labelled_with_a_file_s_name_is_that_file_s_link() -> None:
    found = find_candidates(_figshare_like(), PAGE)
    kept = [c.url for c in found.candidates]
    assert kept[:1] == [f"{DL}/4501"]
    assert f"{DL}/4502" not in kept  # the slides, by their file's name


ZEN = "https://zenodo.example.net/records/1487/files"  # another site than the page's


def _conference_page(parts: bool) -> str:
    extra = (
        f'<a href="{ZEN}/000087_slides.pdf?download=1">Slides</a> '
        f'<a href="{ZEN}/000087_poster.pdf?download=1">Poster</a>'
        if parts
        else ""
    )
    return (
        "<html><head><title>Raga similarity from audio</title></head><body><main>"
        "<h1>Raga similarity from audio</h1><p>Session 4 · Poster 87</p>"
        f'<div class="links"><a href="{ZEN}/000087.pdf">Paper</a> {extra} '
        '<a href="https://video.example.org/watch?v=q8">Video</a></div>'
        "</main></body></html>"
    )


def test_a_file_whose_name_opens_its_parts_names_is_the_work_s_file() -> None:
    found = find_candidates(_conference_page(parts=True), "https://conf.example.org/poster_87.html")
    assert [c.url for c in found.candidates][:1] == [f"{ZEN}/000087.pdf"]


def test_a_bare_paper_link_without_parts_gains_nothing() -> None:
    found = find_candidates(
        _conference_page(parts=False), "https://conf.example.org/poster_87.html"
    )
    assert f"{ZEN}/000087.pdf" not in [c.url for c in found.candidates]


# -- a whole book's own resource (landing51, after its scoring) -------------------------------


@pytest.mark.parametrize(
    ("label", "book", "own"),
    [
        ("Complete book (PDF)", True, True),  # the whole book's record: its own file
        ("Full book", True, True),
        ("Complete book (PDF)", False, False),  # a chapter's page: another object
        ("Reading group guide", True, False),
    ],
)
def test_a_whole_book_s_label_names_a_book_record_s_own_file(
    label: str, book: bool, own: bool
) -> None:
    facts = PageFacts("https://press.example.edu/projects/salt", titles=("Salt Roads",), book=book)
    assert facts.names_own(label) is own


# -- a quoted main title (landing55, after its scoring) --------------------------------------

STUDY = "Wärmepumpen in Bestandsgebäuden – Ergebnisse eines vierjährigen Feldtests"


@pytest.mark.parametrize(
    ("label", "own"),
    [
        ("Studie »Wärmepumpen in Bestandsgebäuden« (Abschlussbericht) PDF, 9 MB", True),
        ("„Wärmepumpen in Bestandsgebäuden“", True),
        ("Pressemitteilung zur Studie »Wärmepumpen in Bestandsgebäuden«", False),  # about it
        ("Rezension der Studie »Wärmepumpen in Bestandsgebäuden«", False),  # a review of it
        ("Studie »Wärmepumpen« (Kurzfassung)", False),  # not the whole main title
    ],
)
def test_a_label_quoting_the_main_title_names_the_record(label: str, own: bool) -> None:
    assert PageFacts("https://www.example.de/studie", titles=(STUDY,)).names_own(label) is own


# -- an item labelling the work's full text (landing57, after its scoring) --------------------

BDE = "https://www.bank.example.es/f/Publicaciones/DocumentosTrabajo/24/Files"


def _working_paper(label: str) -> str:
    return (
        "<html><head><title>Monetary transmission and household debt</title>"
        '<meta name="citation_title" content="Monetary transmission and household debt">'
        "</head><body><main><h1>Monetary transmission and household debt</h1>"
        f'<div class="document"><span class="document__title">{label}</span>'
        '<span class="document__meta">PDF · 2,4 MB</span>'
        f'<a class="button" href="{BDE}/dt2418.pdf">Descargar</a></div>'
        "</main></body></html>"
    )


def test_an_item_labelling_the_full_text_gives_the_work_s_file() -> None:
    # "Documento completo (inglés)" beside a bare "Descargar": the work's full text in
    # English, read before as another work's title in the item
    found = find_candidates(
        _working_paper("Documento completo (inglés)"), "https://www.bank.example.es/dt2418"
    )
    assert f"{BDE}/dt2418.pdf" in [c.url for c in found.candidates]
