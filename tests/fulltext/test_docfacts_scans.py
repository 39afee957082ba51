"""A PDF line's page number and form field, found in time linear in the line, as before.

A line of dots, ellipses or blanks was tried from each of its characters: 18 s for a line
of 20,000 dots, and a PDF page's lines may be that long.
"""

from __future__ import annotations

import re

from hypothesis import given, settings

from politeharvest.fulltext._docfacts import _FIELD, _PAGE_NUMBER_END
from tests.support.fragments import joined
from tests.support.timed import seconds_in_child

_OLD_PAGE_NUMBER_END = re.compile(r"(\.{3,}|…+|\s)\s*\d{1,4}(\s*[-–]\s*\d{1,4})?$")
_OLD_FIELD = re.compile(r"_{4,}|\.{8,}\s*$|[☐□■]|\[\s\]")

_piece = [
    ".",
    "...",
    "....",
    "…",
    " ",
    "\t",
    "\n",
    "1",
    "12",
    "12345",
    "-",
    "–",
    "_",
    "__",
    "☐",
    "[",
    "]",
    "x",
]


@settings(max_examples=2000)
@given(joined(_piece, max_size=20, noise=2))
def test_page_numbers_and_fields_are_found_where_they_were(line: str) -> None:
    assert bool(_PAGE_NUMBER_END.search(line)) == bool(_OLD_PAGE_NUMBER_END.search(line))
    assert bool(_FIELD.search(line)) == bool(_OLD_FIELD.search(line))


def test_a_hostile_line_is_read_in_linear_time() -> None:
    """200,000 dots, ellipses or blanks in a line: hours with the patterns, milliseconds now."""
    script = (
        "import time\n"
        "from politeharvest.fulltext._docfacts import _FIELD, _PAGE_NUMBER_END\n"
        "n = 200_000\n"
        "for line in ('x ' + '.' * n + 'x', 'x' + '…' * n + 'x', 'x' + ' ' * n + 'x'):\n"
        "    started = time.process_time()\n"
        "    _PAGE_NUMBER_END.search(line), _FIELD.search(line)\n"
        "    print(time.process_time() - started)\n"
    )
    assert all(seconds < 5.0 for seconds in seconds_in_child(script))
