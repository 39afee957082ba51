"""Files of other kinds told by their names: code, preregistrations, slides, codebooks.

Waste measured on landing86-99 (requests for documents not the record's): a project's file
table offered "Download" per row, each labelled by its file's name ("Download 01_clean.R",
"Download preregistration_2023-02-20.pdf"), and every row was tried; a technical-report
server's state named its files ``{"name": "TFAWS2023_Presentation_final.pdf", "links":
{"original": …}}`` beside the report's, and the slides were tried first; a data repository's
JSON-LD ``distribution`` named its codebook "oral_frailty_codebook.pdf", "kodebok_….pdf" or
"ksiazka_kodow.pdf". A file's name with a code or data extension names another format; a
preregistration and a codebook (in the languages data repositories write it) are other
kinds; the name a state's file object gives its file says its kind. All pages are written
here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._words import OTHER_FORMAT

SITE = "https://reports.example.gov"
TITLE = "Thermal analysis of a cryogenic propellant tank with lumped-node and CFD methods"


def _page(body: str, head: str = "") -> str:
    return (
        f"<html><head><title>{TITLE}</title><meta name='citation_title' content='{TITLE}'>"
        f"{head}</head><body><main><h1>{TITLE}</h1>{body}</main></body></html>"
    )


@pytest.mark.parametrize("label", ["Download 01_clean.R", "analysis.ipynb", "survey_2023.sav"])
def test_a_code_or_data_files_name_names_another_format(label: str) -> None:
    assert OTHER_FORMAT.search(label)


@pytest.mark.parametrize("label", ["Download paper.pdf", "Research report no. 3", "www.r.org"])
def test_a_pdf_or_a_plain_label_names_no_other_format(label: str) -> None:
    assert OTHER_FORMAT.search(label) is None


def test_a_file_tables_rows_named_by_their_files() -> None:
    rows = "".join(
        f"<tr><td>{name}</td><td><a href='{SITE}/download/{i}/' aria-label='Download {name}'>"
        "Download</a></td></tr>"
        for i, name in enumerate(
            ["01_clean.R", "preregistration_2023-02-20.pdf", "manuscript_final.pdf"]
        )
    )
    found = find_candidates(_page(f"<table>{rows}</table>"), f"{SITE}/project/k3m9v/")
    assert [c.url for c in found.candidates] == [f"{SITE}/download/2/"]


def test_a_state_file_objects_name_says_slides() -> None:
    state = (
        '{"citation":{"title":"' + TITLE + '","downloads":['
        '{"name":"TFAWS2023_Presentation_final.pdf","links":{"original":'
        '"/api/citations/20240003187/downloads/TFAWS2023_Presentation_final.pdf"}},'
        '{"name":"NASA-TM-20240003187.pdf","links":{"original":'
        '"/api/citations/20240003187/downloads/NASA-TM-20240003187.pdf"}}]}}'
    )
    body = f"<script id='state' type='application/json'>{state}</script>"
    found = find_candidates(_page(body), f"{SITE}/citations/20240003187")
    urls = [c.url for c in found.candidates]
    assert f"{SITE}/api/citations/20240003187/downloads/NASA-TM-20240003187.pdf" in urls
    assert not any("Presentation" in u for u in urls)


@pytest.mark.parametrize("name", ["oral_frailty_codebook.pdf", "ksiazka_kodow.pdf", "kodebok.pdf"])
def test_a_datasets_codebook_in_its_json_ld_is_no_candidate(name: str) -> None:
    ld = (
        '<script type="application/ld+json">{"@context":"http://schema.org","@type":"Dataset",'
        f'"name":"{TITLE}","distribution":['
        f'{{"@type":"DataDownload","name":"{name}","encodingFormat":"application/pdf",'
        f'"contentUrl":"{SITE}/api/access/datafile/1"}},'
        '{"@type":"DataDownload","name":"report.pdf","encodingFormat":"application/pdf",'
        f'"contentUrl":"{SITE}/api/access/datafile/2"}}]}}</script>'
    )
    found = find_candidates(_page("", head=ld), f"{SITE}/dataset.xhtml?id=7")
    assert f"{SITE}/api/access/datafile/1" not in [c.url for c in found.candidates]
    assert f"{SITE}/api/access/datafile/2" in [c.url for c in found.candidates]
