"""A link's label that describes a file by its format and size names no document.

In a script written without spaces (Chinese, Japanese), the label's letters were counted as
a title's, so "获取电子文本 (PDF, 3.2MB)" (get the electronic text) read as another document's
name whenever its words were not in the download vocabulary; sizes in kibi-octets ("612,4
kio", "1,2 Mio") were no sizes.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from politeharvest.fulltext._words import PDF_SIZE, names_document

ROWS = [
    ("获取电子文本 (PDF, 3.2MB)", None),  # a button's words no vocabulary here reads
    ("電子版を入手 [PDF 312 KB]", None),
    (
        "Texte (PDF, 612,4 kio) du bulletin numéro douze",
        "Texte (PDF, 612,4 kio) du bulletin numéro douze",
    ),
    (
        "原爆文学における「沈黙」の表象と記憶 (PDF, 1.2MB)",
        "原爆文学における「沈黙」の表象と記憶 (PDF, 1.2MB)",
    ),
    ("轻量化网络在果园苹果识别中的应用", "轻量化网络在果园苹果识别中的应用"),
]


@pytest.mark.parametrize(("text", "named"), ROWS, ids=[r[0] for r in ROWS])
def test_a_files_label_names_no_document(text: str, named: str | None) -> None:
    anchor = BeautifulSoup(f"<a href='/f'>{text}</a>", "lxml").a
    assert anchor is not None
    assert names_document(anchor) == named


@pytest.mark.parametrize("text", ["PDF - 612.4 kio", "(pdf, 1,2 Mio)", "2 Mio PDF"])
def test_kibi_octets_are_a_files_size(text: str) -> None:
    assert PDF_SIZE.search(text)
