"""Landing pages: a block's files labelled one by one; a file's link labelled by the DOI.

Written after landing116 (conference and event platforms, written outside the project,
scored once on 6d43db3):
- an event's contribution lists its attachments under "Presentation materials", each
  labelled ("Slides", "Poster", "Proceedings paper"): the heading was read as every
  file's kind, so the paper was rejected with the slides. A link labelled as no other kind
  among links labelled as other kinds is not what the heading says; a bare button is;
- a speech archive's paper page links its PDF with the label "doi: 10.21437/Interspeech.
  2024-1288", the record's DOI, beside "pdf of previous paper": the previous paper's file,
  whose label said "pdf", went first.
The pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._landing import find_candidates

EVENT = "https://indico.example.org/event/1287456/contributions/5512390/"
FILES = f"{EVENT}attachments"


def _contribution(third: str) -> str:
    return (
        "<html><head><title>Fast simulation of calorimeter showers with diffusion models"
        "</title></head><body><h1>Fast simulation of calorimeter showers with diffusion models"
        "</h1><section><h2>Presentation materials</h2><div class='attachments-box'>"
        f"<a class='attachment icon-file-pdf' href='{FILES}/1/slides_v3.pdf'>Slides</a>"
        f"<a class='attachment icon-file-pdf' href='{FILES}/2/poster_A0.pdf'>Poster</a>"
        f"<a class='attachment icon-file-pdf' href='{FILES}/3/paper_097.pdf'>{third}</a>"
        "</div></section></body></html>"
    )


def test_a_file_labelled_apart_from_its_blocks_other_kinds_is_not_the_headings() -> None:
    found = find_candidates(_contribution("Proceedings paper"), EVENT).candidates
    assert [c.url for c in found] == [f"{FILES}/3/paper_097.pdf"]


def test_a_bare_button_in_the_block_is_what_the_heading_says() -> None:
    found = find_candidates(_contribution("Download"), EVENT).candidates
    assert all("paper_097" not in c.url for c in found)


ISCA = "https://archive.example.org/interspeech_2024/haddad24_interspeech.html"


def test_a_file_labelled_with_the_records_doi_goes_first() -> None:
    page = (
        "<html><head><title>Prosody transfer for low-resource speech synthesis</title>"
        "<meta name='citation_doi' content='10.21437/Interspeech.2024-1288'></head><body>"
        "<h1>Prosody transfer for low-resource speech synthesis</h1>"
        "<p><a href='https://archive.example.org/interspeech_2024/haddad24_interspeech.pdf'>"
        "doi: 10.21437/Interspeech.2024-1288</a></p><p class='other'>"
        "<a href='https://archive.example.org/interspeech_2024/hadad24_interspeech.pdf'>pdf of "
        "previous paper</a></p></body></html>"
    )
    found = find_candidates(page, ISCA).candidates
    assert found[0].url.endswith("haddad24_interspeech.pdf"), [c.url for c in found]
    assert "its label is the record's DOI" in found[0].evidence
