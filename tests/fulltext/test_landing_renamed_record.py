"""The page's record number under another field's name in a file's address (issue 34).

A download manager serves an item's details page and its file from one script: the page
``downloads.php?cat_id=4&download_id=57``, the file ``downloads.php?cat_id=4&file_id=57``,
its only label an image's "İndir" (download). The same fields and values with one field
renamed name the page's own record, however short its number; another number under the
renamed field (``file_id=12``, the abstract book) does not. The pages are written here.
"""

from __future__ import annotations

from bs4 import BeautifulSoup

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import page_facts

SITE = "http://www.sempozyum.example.org.tr"
PAGE = f"{SITE}/downloads.php?cat_id=4&download_id=57"
OWN = f"{SITE}/downloads.php?cat_id=4&file_id=57"
BOOK = f"{SITE}/downloads.php?cat_id=1&file_id=12"
TITLE = "Karadeniz'de hamsi av kompozisyonunun boy-frekans analizi"


def _page() -> str:
    return (
        f"<html lang='tr'><head><title>Bildiriler: {TITLE}</title></head><body>"
        f"<table><tr><td><b>{TITLE}</b></td></tr>"
        "<tr><td><strong>Yazar:</strong></td><td>A. Yılmaz</td></tr>"
        "<tr><td><strong>Dosya boyutu:</strong></td><td>1.06 Mb</td></tr>"
        "<tr><td colspan='2'><a href='downloads.php?cat_id=4&amp;file_id=57'>"
        "<img src='images/download.gif' alt='İndir'></a></td></tr></table>"
        "<div>Sempozyum özet kitabı <a href='downloads.php?cat_id=1&amp;file_id=12'>"
        "buradan</a> indirilebilir.</div></body></html>"
    )


def test_the_file_under_the_pages_record_number_renamed_is_the_records() -> None:
    found = find_candidates(_page(), PAGE)
    assert [c.url for c in found.candidates][:1] == [OWN]
    assert "download_id=57 as file_id=57" in found.candidates[0].evidence


def test_only_one_renamed_field_with_the_same_value_names_the_record() -> None:
    facts = page_facts(BeautifulSoup(_page(), "html.parser"), PAGE)
    assert facts.renamed_record(OWN) is not None
    assert facts.renamed_record(BOOK) is None  # another category and another number
    assert facts.renamed_record(f"{SITE}/downloads.php?cat_id=4&file_id=58") is None
    assert facts.renamed_record(f"{SITE}/other.php?cat_id=4&file_id=57") is None
    assert facts.renamed_record(f"{SITE}/downloads.php?cat_id=4&download_id=57") is None
    assert facts.renamed_record(f"{SITE}/downloads.php?file_id=57") is None
