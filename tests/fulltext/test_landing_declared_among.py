"""A record's declared file among a platform's file links, and a declared file named as no article.

DSpace's site rule matches every bitstream link of a record (a questionnaire, a summary, the
article) and so says nothing of which is the article's. The page's own declaration
(``citation_pdf_url``) does, even under another form of the file's address: that file goes
first, tried once (landing105, after its scoring). The other way round: a declared file
whose name says it is another kind of document ("Abstract.pdf", a repository declaring its
record's first bitstream) beside a file of the page named as no such thing is not strong. And a repository's document list notes each file after its link
with a dash ("PDF - Presentation"): a note naming another kind sends that file after the
others (landing105 again).

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext._landing import find_candidates

REPO = "http://repository.example.ac.tz"
TITLE = "Smallholder maize storage practices in Mvomero district"
PAGE = f"{REPO}/handle/123456789/4872"


def _dspace(meta: str, files: list[tuple[str, int, str]]) -> str:
    """An XMLUI item page: a citation_pdf_url `meta`, and a file row for each of `files`."""
    rows = "".join(
        f"<div class='file-wrapper'><div class='thumbnail-wrapper'>"
        f"<a class='image-link' href='/bitstream/handle/123456789/4872/{name}?sequence={seq}'>"
        f"<img alt='Thumbnail' src='/thumb/{seq}.jpg'></a></div>"
        f"<div class='file-metadata'><div><span>Name:</span><span>{name}</span></div>"
        f"<div><span>Description:</span><span>{description}</span></div></div>"
        f"<div class='file-link'><a href='/bitstream/handle/123456789/4872/{name}?sequence={seq}'>"
        f"View/Open</a></div></div>"
        for name, seq, description in files
    )
    return (
        f"<html><head><title>{TITLE}</title><meta name='citation_title' content='{TITLE}'>"
        f"<meta name='citation_pdf_url' content='{meta}'></head><body><main><h1>{TITLE}</h1>"
        f"<h2>Files in this item</h2>{rows}</main></body></html>"
    )


FILES = [("Dodoso_Mvomero_2019.pdf", 1, "Dodoso la utafiti"), ("TAJAS_21_88-101.pdf", 2, "")]


def test_the_declared_file_goes_first_among_the_rules_links() -> None:
    html = _dspace(f"{REPO}/bitstream/123456789/4872/2/TAJAS_21_88-101.pdf", FILES)
    found = find_candidates(html, PAGE)
    top = found.candidates[0]
    assert top.url == f"{REPO}/bitstream/handle/123456789/4872/TAJAS_21_88-101.pdf?sequence=2"
    assert "declares this file" in top.evidence
    # the declared address is the same file: not tried a second time
    urls = [c.url for c in found.candidates]
    assert f"{REPO}/bitstream/123456789/4872/2/TAJAS_21_88-101.pdf" not in urls


def test_a_file_name_shared_by_two_links_names_neither() -> None:
    files = [("article.pdf", 1, ""), ("article.pdf", 2, "")]
    html = _dspace(f"{REPO}/bitstream/123456789/4872/2/article.pdf", files)
    found = find_candidates(html, PAGE)
    assert not any("declares this file" in c.evidence for c in found.candidates)
    assert f"{REPO}/bitstream/123456789/4872/2/article.pdf" in [c.url for c in found.candidates]


def test_a_declared_abstract_beside_another_file_is_not_strong() -> None:
    html = (
        f"<html><head><title>{TITLE}</title><meta name='citation_title' content='{TITLE}'>"
        f"<meta name='citation_pdf_url' content='{REPO}/bitstream/11295/163/1/Abstract.pdf'>"
        f"</head><body><main><h1>{TITLE}</h1><table><tr><td>"
        f"<a href='/bitstream/handle/11295/163/Final%20Thesis.pdf?sequence=2'>Final Thesis.pdf</a>"
        f"</td><td>2.4 MB</td><td>PDF</td></tr></table></main></body></html>"
    )
    found = find_candidates(html, f"{REPO}/handle/11295/163")
    declared = next(c for c in found.candidates if c.source.startswith("meta:"))
    assert not declared.strong
    assert "named 'Abstract', beside another file" in declared.evidence
    assert found.candidates[0].url.endswith("Final%20Thesis.pdf?sequence=2")


def test_a_declared_abstract_alone_keeps_its_strength() -> None:
    html = (
        f"<html><head><title>{TITLE}</title><meta name='citation_title' content='{TITLE}'>"
        f"<meta name='citation_pdf_url' content='{REPO}/bitstream/11295/163/1/Abstract.pdf'>"
        f"</head><body><main><h1>{TITLE}</h1></main></body></html>"
    )
    found = find_candidates(html, f"{REPO}/handle/11295/163")
    assert found.candidates[0].strong


EPRINTS = "http://repository.example.ac.fj"


def _eprints_documents(notes: list[str]) -> str:
    """An EPrints abstract page listing documents, each "PDF" with a dash note after it."""
    rows = "".join(
        f"<tr><td><a class='ep_document_link' href='{EPRINTS}/14022/{i}/doc{i}.pdf'>"
        f"<img class='ep_doc_icon' alt='[img]' src='{EPRINTS}/14022/{i}.thumb/doc{i}.pdf'></a></td>"
        f"<td><a class='ep_document_link' href='{EPRINTS}/14022/{i}/doc{i}.pdf'>"
        f"<span class='ep_document_citation'>PDF</span></a>{note}<br>"
        f"<a href='{EPRINTS}/14022/{i}/doc{i}.pdf'>Download (1MB)</a></td></tr>"
        for i, note in enumerate(notes, start=1)
    )
    return (
        f"<html><head><title>{TITLE}</title><meta name='eprints.title' content='{TITLE}'>"
        f"</head><body><main><h1>{TITLE}</h1><table>{rows}</table></main></body></html>"
    )


def test_a_documents_dash_note_naming_another_kind_sends_it_after_the_others() -> None:
    html = _eprints_documents([" - Presentation", ""])
    found = find_candidates(html, f"{EPRINTS}/14022/")
    assert found.candidates[0].url == f"{EPRINTS}/14022/2/doc2.pdf"
    assert any("its note 'Presentation'" in (c.rejected or "") for c in found.rejected)


@pytest.mark.parametrize(
    "note",
    [
        " - Published Version",
        " - Accepted Version",
        # not a note: a sentence, or more than a few words
        " - the slides of the talk are at the conference site.",
        " - Presentation slides shown at the annual regional meeting in Suva",
    ],
)
def test_a_dash_note_that_names_no_other_kind_leaves_the_order(note: str) -> None:
    html = _eprints_documents([note, ""])
    found = find_candidates(html, f"{EPRINTS}/14022/")
    assert found.candidates[0].url == f"{EPRINTS}/14022/1/doc1.pdf"
