"""Links a landing page's scripts give a PDF-ish name, found in time linear in the script.

The pattern this replaced tried every letter of a long word as a start and backtracked
through the rest: a script holding 40,000 letters in a row (minified code, inline data)
took 8.6 s. `script_links` must find what it found, on any script made of what scripts hold.
"""

from __future__ import annotations

import re

from hypothesis import example, given, settings

from politeharvest.fulltext._links import script_links
from tests.support.fragments import joined
from tests.support.timed import seconds_in_child

_OLD = re.compile(
    r"""["']?(\w*pdf\w*(?:url|link|href|path|uri)\w*)["']?\s*[:=]\s*["']([^"'\s]{4,300})["']|"""
    # (or a name holding "pdf" given a PDF file's address, its path ending in ".pdf":
    # ``"pdf": "https://a.org/f.pdf"``)
    r"""["']?(\w*pdf\w*)["']?\s*[:=]\s*["']((?=[^"'\s]{4,300}["'])[^"'\s?#]*\.pdf(?:[?#][^"'\s]*)?)["']""",
    re.IGNORECASE,
)


def _old(script: str) -> list[tuple[str, str]]:
    return [(a or c, b or d) for a, b, c, d in _OLD.findall(script)]


_piece = [
    "pdf",
    "PDF",
    "Url",
    "link",
    "href",
    "path",
    "uri",
    "_",
    "a",
    "x1",
    "=",
    ":",
    " ",
    "\n",
    '"',
    "'",
    "https://a.org/f.pdf",
    "/files/x.pdf",
    ".",
    ";",
    "{",
    "é",
]


@settings(max_examples=2000)
@given(joined(_piece, max_size=24, noise=3))
@example("""a="pdfurl:'xxxx'" """)  # an assignment inside another's value
@example("""var pdfUrl = "https://a.org/x.pdf"; o = {"pdf_link": '/y/z.pdf'}""")
@example("""mypdfhref  :  '/a/b/c' ; pdfuri='abc'""")
@example("""var files = {"pdf": "https://a.org/j/4760/x.pdf", "visor": "/j/movil/"}""")
def test_the_links_are_those_the_pattern_found(script: str) -> None:
    assert script_links(script) == _old(script)


def test_a_page_with_a_long_word_in_a_script_is_read_in_linear_time() -> None:
    """400,000 letters in a row (and as many of ``pdf``): hours with the pattern, about a
    tenth of a second now; in a child, so a regression fails instead of hanging the run."""
    script = (
        "import time\n"
        "from politeharvest.fulltext._landing import find_candidates\n"
        "for body in ('a' * 400_000, 'pdf' * 130_000, 'pdfurl' * 60_000):\n"
        "    html = f\"<html><body><script>var s='{body}';</script></body></html>\"\n"
        "    started = time.process_time()\n"
        "    find_candidates(html, 'https://example.org/a')\n"
        "    print(time.process_time() - started)\n"
    )
    assert all(seconds < 5.0 for seconds in seconds_in_child(script))


_OLD_SIZE = re.compile(
    r"\d+(?:[.,]\d+)?\s*(?:[kmg]i?b|bytes?)\b|\.pdf\b|\d{1,2}:\d\d", re.IGNORECASE
)
_size_piece = [
    "1",
    "12",
    "123",
    ".",
    ",",
    " ",
    "\n",
    "kb",
    "MiB",
    "g",
    "bytes",
    "byte",
    ":",
    "00",
    ".pdf",
    "x",
]


@settings(max_examples=2000)
@given(joined(_size_piece, max_size=16, noise=2))
def test_a_size_is_found_where_the_pattern_found_one(text: str) -> None:
    from politeharvest.fulltext._regions import _SIZE

    assert bool(_SIZE.search(text)) == bool(_OLD_SIZE.search(text))


def test_a_long_run_of_digits_near_a_link_is_read_in_linear_time() -> None:
    """200,000 digits in a block beside a link: hours with the pattern tried from each digit."""
    script = (
        "import time\n"
        "from politeharvest.fulltext._landing import find_candidates\n"
        "html = ('<html><body><div><span>' + '1' * 200_000 + '</span>'\n"
        "        '<a href=\"/files/a.pdf\">PDF</a></div></body></html>')\n"
        "started = time.process_time()\n"
        "find_candidates(html, 'https://example.org/a')\n"
        "print(time.process_time() - started)\n"
    )
    assert seconds_in_child(script)[0] < 5.0


def test_a_name_holding_pdf_given_a_pdf_file_s_address_is_read() -> None:
    # (landing93's Redalyc page: its download button calls a function opening
    # ``archivos[tipo]``; the file's address is only in the page's object of files)
    script = (
        'var archivos = {"pdf": "https://www.example.org/journal/4760/476074123005/'
        '476074123005.pdf", "visor": "https://www.example.org/journal/4760/movil/"};'
    )
    assert script_links(script) == [
        ("pdf", "https://www.example.org/journal/4760/476074123005/476074123005.pdf")
    ]
    # a name holding "pdf" given a page's address says nothing of a file
    assert script_links('var o = {"pdf": "/journal/4760/viewer/"};') == []
