"""A data paper's sentence giving its dataset's DOI is no line of the paper's own DOI.

Written after identity86 (written outside the project, scored once): an Indonesian data
paper says in its abstract where its dataset is published ("Dataset dipublikasikan secara
terbuka di Mendeley Data (DOI: 10.5072/...) dan dilengkapi dengan model dasar ..."). The
sentence's small words are none of the stop list's, yet it runs in small letters: the DOI
it gives is the dataset's, cited, not the paper's own. The lines are written here.
"""

from __future__ import annotations

from politeharvest.fulltext._docfacts import _doi_line_is_own
from politeharvest.fulltext._pdflayout import Line


def _line(text: str) -> Line:
    return Line(0, text, 10.0, 500.0)


def test_a_sentence_citing_a_datasets_doi_is_not_the_documents_own() -> None:
    line = _line(
        "Mendeley Data (DOI: 10.5072/mendeley.rlwj2022.2) dan dilengkapi dengan model dasar"
        " ResNet-50 yang"
    )
    assert not _doi_line_is_own(line, 10.0)


def test_a_journals_doi_line_is_the_documents_own() -> None:
    assert _doi_line_is_own(_line("DOI: 10.5555/jtip.v7i2.1234"), 10.0)
    assert _doi_line_is_own(_line("Jurnal Teknologi Informasi 7(2) 2022 DOI: 10.5555/jtip.7"), 10.0)
