"""Files of another format, a media item's label, a plain embedded PDF, a dataset's entries (issue 34).

A software or data record's buttons download ``code.zip`` and ``README.md`` with the
record's identifier in their addresses: in a harvest of PDFs they are not requested. A
repository's media list labels each file by a link beside its download button ("Table of
contents", "Book review"): the label says what the file is. A page that embeds a plain PDF
file in an iframe shows its document. A dataset's JSON-LD entries named as its codebook or
questionnaire are not its paper. The pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from typing import Any

import pytest

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._resolveflow import _other_format, start

from .test_resolve_flow import HTML, OWN, S, analysis, run, strong, weak


@pytest.mark.parametrize(
    ("url", "types", "expected"),
    [
        ("https://d.example/records/8cv3n/files/fjordflow-2.3.1.zip?download=1", ("pdf",), "zip"),
        ("https://d.example/records/8cv3n/files/README.md?download=1", ("pdf",), "md"),
        ("https://d.example/records/8cv3n/files/data.tar.gz", ("pdf",), "gz"),
        ("https://d.example/records/8cv3n/files/data.tar.gz", ("pdf", "gzip"), None),
        ("https://d.example/records/8cv3n/files/table.csv", ("pdf", "csv"), None),
        ("https://d.example/records/8cv3n/files/paper.pdf?download=1", ("pdf",), None),
        # a script's address serves any format: it names no file's
        ("http://e.example/cgi-bin/cgiirbis_64.exe?Image_file_name=PDF/x.pdf", ("pdf",), None),
        ("https://e.example/download.php?id=3", ("pdf",), None),
        ("https://e.example/bitstream/123/4", ("pdf",), None),
    ],
)
def test_an_address_naming_another_format(
    url: str, types: tuple[str, ...], expected: str | None
) -> None:
    assert _other_format(url, types) == expected


def test_a_zip_and_a_readme_are_not_requested_in_a_pdf_harvest() -> None:
    facts: dict[str, Any] = {
        "page": HTML,
        "analysis": analysis(strong("code-2.3.1.zip"), weak("README.md")),
    }
    resolution, taken = run(start(S + "article/1"), facts)
    assert not [t for t in taken if t.startswith("probe")]
    assert resolution.file_url is None


def test_a_zip_is_requested_when_the_harvest_asks_for_zips_and_a_pdf_always() -> None:
    facts: dict[str, Any] = {
        "page": HTML,
        "analysis": analysis(strong("code-2.3.1.zip"), weak("paper.pdf")),
        "files": {"paper.pdf": OWN},
    }
    _, taken = run(start(S + "article/1"), facts)
    assert [t.split(":")[0] for t in taken if t.startswith("probe")] == ["probe paper.pdf"]
    _, taken = run(start(S + "article/1", file_types=("pdf", "zip")), facts)
    probes = [t for t in taken if t.startswith("probe")]
    assert probes[0].startswith("probe code-2.3.1.zip")


BOOK = "https://lib.example.gr/s/ekdoseis/item/5531"
ORIGINAL = "https://lib.example.gr/files/original/"


def _media(label: str, media: str = "5533") -> str:
    return (
        "<html lang='el'><head><title>Η αγροτική οικονομία της Θεσσαλίας</title></head><body>"
        "<main><h2>Η αγροτική οικονομία της Θεσσαλίας, 1881-1912</h2><div class='media-list'>"
        f"<div class='media-item'><a class='resource-link' href='/s/ekdoseis/media/{media}'>"
        f"<span>{label}</span></a> <a href='{ORIGINAL}2b7e0d4f.pdf'>Λήψη</a></div>"
        "</div></main></body></html>"
    )


@pytest.mark.parametrize("label", ["Πίνακας περιεχομένων", "Table of contents", "Βιβλιοκρισία"])
def test_a_media_items_label_says_what_its_file_is(label: str) -> None:
    found = find_candidates(_media(label), BOOK)
    assert f"{ORIGINAL}2b7e0d4f.pdf" not in [c.url for c in found.candidates]
    refused = {c.url: c.rejected or "" for c in found.rejected}
    assert "its item's label names another kind" in refused[f"{ORIGINAL}2b7e0d4f.pdf"]


def test_a_media_item_labelled_full_text_keeps_its_file() -> None:
    found = find_candidates(_media("Πλήρες κείμενο"), BOOK)
    assert f"{ORIGINAL}2b7e0d4f.pdf" in [c.url for c in found.candidates]


def _embedded(src: str) -> str:
    return (
        "<html lang='ar'><head><title>إدارة المياه الجوفية</title></head><body><main>"
        "<h2>إدارة المياه الجوفية في حوض الأزرق</h2>"
        f"<div class='pdf-embed'><iframe src='{src}'></iframe></div></main></body></html>"
    )


def test_a_plain_pdf_in_an_iframe_is_the_pages_document() -> None:
    src = "https://lib.example.jo/files/original/4be17a0c9d2f.pdf"
    found = find_candidates(_embedded(src), "https://lib.example.jo/s/amal/item/2231")
    assert [c.url for c in found.candidates][:1] == [src]
    assert not found.candidates[0].strong  # its file must match the record


@pytest.mark.parametrize(
    "src",
    [
        "https://repo.example.org/records/k8y2m/preview/Nguyen_2021.pdf?include_deleted=0",
        "https://hal.example.fr/hal-04123456v2/preview/Fournier_2023.pdf#page=1",
        "https://pub.example.de/rsc/viewer/derivate_00009811/Diss_Kaya.pdf",
    ],
)
def test_a_viewers_page_ending_in_pdf_is_no_file(src: str) -> None:
    found = find_candidates(_embedded(src), "https://repo.example.org/records/k8y2m")
    assert src not in [c.url for c in found.candidates]


def _dataset(*entries: tuple[str, str, str]) -> str:
    distribution = ", ".join(
        f'{{"@type": "DataDownload", "name": "{name}", "description": "{description}", '
        f'"encodingFormat": "application/pdf", "contentUrl": "{url}"}}'
        for name, description, url in entries
    )
    return (
        "<html lang='fr'><head><title>Enquête mobilité 2022</title>"
        '<script type=\'application/ld+json\'>{"@type": "Dataset", '
        f'"name": "Enquête sur la mobilité des étudiants (2022)", "distribution": [{distribution}]}}'
        "</script></head><body><main><h1>Enquête sur la mobilité des étudiants (2022)</h1>"
        "</main></body></html>"
    )


def test_a_datasets_entries_named_as_its_documentation_are_not_its_paper() -> None:
    api = "https://data.example.fr/api/access/datafile/"
    page = _dataset(
        (
            "guide_utilisation_v2.pdf",
            "Guide d'utilisation et dictionnaire des variables",
            api + "1",
        ),
        ("donnees_2022.pdf", "Questionnaire en ligne (version imprimable)", api + "2"),
    )
    found = find_candidates(page, "https://data.example.fr/dataset.xhtml?persistentId=doi:10.1/X")
    assert not {api + "1", api + "2"} & {c.url for c in found.candidates}


THESIS = "https://thesis.example.ru/record/diss/000412877"


@pytest.mark.parametrize(
    "label",
    ["Автореферат диссертации", "Заключение диссертационного совета", "Thesen", "Thesenpapier"],
)
def test_a_dissertations_summary_and_its_councils_conclusion_are_other_documents(
    label: str,
) -> None:
    page = (
        "<html lang='ru'><head><title>Водяные мельницы Русского Севера</title>"
        "<meta name='citation_title' content='Водяные мельницы Русского Севера'></head><body>"
        "<main><h1>Водяные мельницы Русского Севера</h1><ul class='files'>"
        f"<li>PDF <a href='https://thesis.example.ru/files/diss/2023/0412877/a.pdf'>{label}</a>"
        " (1,1 МБ)</li></ul></main></body></html>"
    )
    found = find_candidates(page, THESIS)
    assert "https://thesis.example.ru/files/diss/2023/0412877/a.pdf" not in [
        c.url for c in found.candidates
    ]


def test_a_json_api_relationship_link_is_no_file() -> None:
    # an OSF-style preprint page: its script state is a JSON:API document whose primary
    # file's relationship link addresses the file's metadata in the API
    state = (
        '{"data": {"id": "h4t9w_v2", "type": "preprints", "attributes": {"title": '
        '"Redes clientelares y agua potable en Oaxaca", "doi": "10.31235/osf.io/h4t9w_v2"}, '
        '"relationships": {"primary_file": {"links": {"related": {"href": '
        '"https://api.preprints.example.org/v2/files/65d2c7b1e4a0/"}}}}}}'
    )
    page = (
        "<html lang='es'><head><title>Redes clientelares y agua potable en Oaxaca</title>"
        "<meta name='citation_doi' content='10.31235/osf.io/h4t9w_v2'></head><body><main>"
        "<h1>Redes clientelares y agua potable en Oaxaca</h1>"
        "<a class='btn' href='https://preprints.example.org/h4t9w_v2/download'>Download</a>"
        f"<script type='application/json' id='shoebox'>{state}</script></main></body></html>"
    )
    found = find_candidates(page, "https://preprints.example.org/h4t9w_v2")
    urls = [c.url for c in found.candidates]
    assert "https://api.preprints.example.org/v2/files/65d2c7b1e4a0/" not in urls
    assert urls[:1] == ["https://preprints.example.org/h4t9w_v2/download"]
