"""A font that shows Windows-1251's bytes as Latin-1's letters (issue 34, identity73).

Written after identity73 (written outside the project, scored once): an old Russian
collection's PDF sets its text in a font whose encoding maps Windows-1251's bytes to Latin-1's
characters, so its text layer reads "ÌÎÐÔÎËÎÃÈ" for "МОРФОЛОГИ". No language
writes most of a line's letters in Latin-1's upper half: such a line, or such a word in a
line of Latin names, is read back as Windows-1251. The texts are written here.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from politeharvest.fulltext._pdflayout import _cyrillic_undone


@pytest.mark.parametrize(
    ("shown", "read"),
    [
        ("ÌÎÐÔÎËÎÃÈ×ÅÑÊÀß ÈÇÌÅÍ×ÈÂÎÑÒÜ ÏËÎÒÂÛ", "МОРФОЛОГИЧЕСКАЯ ИЗМЕНЧИВОСТЬ ПЛОТВЫ"),
        ("À. Â. Êîæåâíèêîâ, Å. Í. Ñìèðíîâà", "А. В. Кожевников, Е. Н. Смирнова"),
        ("RUTILUS RUTILUS (L.) ÐÛÁÈÍÑÊÎÃÎ", "RUTILUS RUTILUS (L.) РЫБИНСКОГО"),
        ("ÓÄÊ 597.554.3-151", "УДК 597.554.3-151"),
    ],
)
def test_a_line_shown_as_latin_is_read_as_cyrillic(shown: str, read: str) -> None:
    assert _cyrillic_undone(shown) == read


@pytest.mark.parametrize(
    "line",
    [
        "Économie française et société à la fin du siècle",
        "Þórður Ægisson og Ólöf Jónsdóttir",
        "Ó Súilleabháin, Ç. Öztürk, Ğ. Şahin",
        "Über die Böden Österreichs",
        "МОРФОЛОГИЧЕСКАЯ ИЗМЕНЧИВОСТЬ",
    ],
)
def test_text_of_the_languages_that_write_these_letters_is_left_alone(line: str) -> None:
    assert _cyrillic_undone(line) == line


@given(st.text(alphabet=st.characters(max_codepoint=0x7F), max_size=80))
def test_ascii_is_never_changed(line: str) -> None:
    assert _cyrillic_undone(line) == line
