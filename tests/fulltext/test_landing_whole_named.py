"""Among a record's declared files alike, the one whose name says it is the whole work.

A repository declares each of a thesis's documents alike (``eprints.document_url`` for its
cover, its chapters, its bibliography and its whole text): the file named as the whole
("SKRIPSI FULL.pdf") is tried first among them (landing46, after its scoring). The guard:
among weak links, a name saying "full" ("…_pilns_numurs.pdf", the full issue) is another
object than the article and does not go first.

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._words import names_whole

REPO = "https://eprints.example.ac.id"
TITLE = "Pengaruh Media Pembelajaran Interaktif terhadap Hasil Belajar Siswa"


def _eprints(names: list[str]) -> str:
    metas = "".join(
        f"<meta name='eprints.document_url' content='{REPO}/id/eprint/812/{i}/{n}'>"
        for i, n in enumerate(names, start=1)
    )
    return (
        f"<html><head><title>{TITLE}</title><meta name='eprints.title' content='{TITLE}'>"
        f"{metas}</head><body><main><h1>{TITLE}</h1></main></body></html>"
    )


def test_the_declared_file_named_whole_goes_first() -> None:
    html = _eprints(["BAB%20I.pdf", "DAFTAR%20PUSTAKA.pdf", "SKRIPSI%20FULL.pdf"])
    found = find_candidates(html, f"{REPO}/id/eprint/812/")
    strong = [c.url for c in found.candidates if c.strong]
    assert strong[0] == f"{REPO}/id/eprint/812/3/SKRIPSI%20FULL.pdf"


def test_weak_links_keep_their_order() -> None:
    base = "https://journal.example.lv/faili/2023_2"
    html = (
        f"<html><head><title>{TITLE}</title></head><body><main><h1>{TITLE}</h1>"
        f"<p><a href='{base}/2023_2_Ozolina.pdf'>PDF</a></p>"
        f"<p><a href='{base}/2023_2_pilns_numurs.pdf'>PDF</a></p></main></body></html>"
    )
    found = find_candidates(html, "https://journal.example.lv/raksts/2")
    weak = [c.url for c in found.candidates if not c.strong]
    assert weak.index(f"{base}/2023_2_Ozolina.pdf") < weak.index(f"{base}/2023_2_pilns_numurs.pdf")


def test_names_that_say_whole() -> None:
    assert names_whole("https://x.example/a/SKRIPSI%20FULL.pdf")
    assert names_whole("https://x.example/a/Informe_completo.pdf")
    assert names_whole("https://x.example/a/Laporan_Lengkap.pdf")
    assert not names_whole("https://x.example/a/BAB%20I.pdf")
    assert not names_whole("https://x.example/a/fullerene_study.pdf")
