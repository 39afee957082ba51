"""A file table row holding two links to one file: its cells say what the file is.

Two things went wrong on rows holding two links to one file (landing90, after its scoring):

- the row's text was read once for a file and kept, up to the cell of the first link read:
  the thumbnail's cell ("Preview"), so the "Download" link in the next cell, beside the
  file's description ("Presentation slides"), went unlabelled;
- a cell holding a thumbnail's link over the link of the file's name counted as a cell
  with a label of its own (the name's link, another element), so the row's description
  ("Supplementary Tables S1-S6") was never read.

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._landing import find_candidates

TITLE = "Cassava mosaic disease detection from smartphone images under field conditions"
EPRINTS = "http://eprints.example.edu.ng"
DSPACE = "https://dspace.example.edu.tt"


def _eprints(descriptions: list[str]) -> str:
    rows = "".join(
        f"<tr><td><a class='ep_document_link' href='{EPRINTS}/17642/{i}/17642{i}.pdf'>"
        f"<img class='ep_doc_icon' alt='' src='{EPRINTS}/17642/{i}.thumb/x.pdf'></a>"
        f"<div class='ep_preview'><div class='ep_preview_title'>Preview</div></div></td>"
        f"<td><span class='ep_document_citation'><span>PDF</span><br><span>{desc}</span></span>"
        f"<br><a class='ep_document_link' href='{EPRINTS}/17642/{i}/17642{i}.pdf'>Download (1MB)"
        f"</a> | <a href='{EPRINTS}/17642/{i}.lightbox/17642{i}.pdf'>Preview</a></td></tr>"
        for i, desc in enumerate(descriptions, start=1)
    )
    return (
        f"<html><head><title>{TITLE}</title><meta name='eprints.title' content='{TITLE}'>"
        f"</head><body><main><h1>{TITLE}</h1><table>{rows}</table></main></body></html>"
    )


def test_the_download_links_row_is_read_to_its_own_cell() -> None:
    found = find_candidates(
        _eprints(["Presentation slides (ITED 2022 talk)", "Full paper"]), f"{EPRINTS}/17642/"
    )
    assert found.candidates[0].url == f"{EPRINTS}/17642/2/176422.pdf"
    assert any(
        "Presentation" in (c.rejected or "") and c.url.endswith("176421.pdf")
        for c in found.rejected
    )


def _dspace(descriptions: list[str]) -> str:
    rows = "".join(
        f"<tr><td headers='t1'><a href='/dspace/bitstream/2139/57342/{i}/{i}.pdf'>"
        f"<img src='/dspace/retrieve/{i}.pdf.jpg' alt='Thumbnail'></a><br>"
        f"<a href='/dspace/bitstream/2139/57342/{i}/{i}.pdf'>{i}.pdf</a></td>"
        f"<td headers='t2'>{desc}</td><td headers='t3'>388.4 kB</td><td>Adobe PDF</td>"
        f"<td><a class='btn' href='/dspace/bitstream/2139/57342/{i}/{i}.pdf'>View/Open</a></td></tr>"
        for i, desc in enumerate(descriptions, start=1)
    )
    return (
        f"<html><head><title>{TITLE}</title><meta name='citation_title' content='{TITLE}'>"
        f"</head><body><main><h1>{TITLE}</h1><table><tr><th id='t1'>File</th>"
        f"<th id='t2'>Description</th><th id='t3'>Size</th><th>Format</th><th></th></tr>"
        f"{rows}</table></main></body></html>"
    )


def test_a_thumbnail_over_the_files_name_leaves_the_row_its_label() -> None:
    page = f"{DSPACE}/dspace/handle/2139/57342"
    found = find_candidates(
        _dspace(["Supplementary Tables S1-S6", "Main article (published version)"]), page
    )
    assert found.candidates[0].url == f"{DSPACE}/dspace/bitstream/2139/57342/2/2.pdf"
    assert f"{DSPACE}/dspace/bitstream/2139/57342/1/1.pdf" not in [c.url for c in found.candidates]
