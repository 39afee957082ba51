"""What salvage looks for in a page that is not well-formed, found in linear time.

Salvage cuts a page into records at each record's start (its start tag, then, past blanks,
``>`` and comments, its header's), takes the root's start tag to wrap each one, and a
damaged record's header from its first start tag to the first end tag after it. Regexes
found these by scanning on from every candidate to an end that may never come, so a page
of unclosed comments or headers took quadratic time (8.7 s for 100 KB). The scans that
replaced them must find what the regexes found, on any bytes made of what pages hold, and
end in linear time on the pages that were quadratic.
"""

from __future__ import annotations

import re
import sys

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from politeharvest.oai._xml import _header_span, _record_starts, _root_open
from tests.support.timed import seconds_in_child

_NAME = rb"(?:[A-Za-z_][\w.-]*:)?"
#: The patterns the scans replaced. A comment ends at its first ``-->`` (atomic group):
#: the old pattern could also let it run on to a later one where text followed it, which
#: XML does not.
_RECORD_START = re.compile(
    rb"<" + _NAME + rb"record[\s>](?:\s|(?><!--.*?-->)|>)*<" + _NAME + rb"header[\s>/]", re.S
)
_HEADER_SPAN = re.compile(rb"<" + _NAME + rb"header[\s>/].*?</" + _NAME + rb"header\s*>", re.S)
_ROOT_OPEN = re.compile(rb"<(?P<name>" + _NAME + rb"OAI-PMH)(?:\s[^>]*)?>")

_piece = st.sampled_from(
    [
        b"<record>",
        b"<record ",
        b"<oai:record>",
        b"<records>",
        b"<header>",
        b"<header ",
        b"<header/>",
        b"<o:header\n",
        b"</header>",
        b"</header \t>",
        b"</oai:header>",
        b"<!--",
        b"-->",
        b"--",
        b" ",
        b"\n",
        b"\x0b",
        b">",
        b"x",
        b"<",
        b":",
        b"<OAI-PMH",
        b"<OAI-PMH>",
        b"<o:OAI-PMH ",
        b'<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/">',
    ]
) | st.binary(max_size=3)
_pages = st.lists(_piece, max_size=20).map(b"".join)


@pytest.mark.skipif(sys.version_info < (3, 11), reason="atomic groups came with Python 3.11")
@settings(max_examples=1500)
@given(_pages)
@example(b"<record> <!-- <record><header>")  # an unclosed comment, a record start after it
@example(b"<record> <!-- a --> <!-- <record>\n<header/>")
@example(b"<record><!-- a --> x --><header>")  # text after a comment: no record starts
@example(b"<record><!----><header><record>><header ")
def test_records_start_where_the_pattern_found_them(data: bytes) -> None:
    assert _record_starts(data) == [m.start() for m in _RECORD_START.finditer(data)]


@settings(max_examples=1000)
@given(_pages)
def test_the_header_is_the_span_the_pattern_found(data: bytes) -> None:
    found = _HEADER_SPAN.search(data)
    assert _header_span(data) == (found.group(0) if found else None)


@settings(max_examples=1000)
@given(_pages)
def test_the_root_tag_is_the_one_the_pattern_found(data: bytes) -> None:
    found = _ROOT_OPEN.search(data)
    assert _root_open(data) == ((found.group(0), found.group("name")) if found else None)


_HEAD = b'<?xml version="1.0"?><OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><ListRecords>'


@pytest.mark.parametrize(
    "body",
    [
        b"<!--" * 1_000_000,
        b"<![CDATA[" * 450_000,
        b"<record> <!--" * 300_000,
        b"<record><header><identifier>x</identifier>" + b"<header " * 500_000,
        b"<record><header>" * 250_000,
    ],
    ids=["comments", "cdata", "record-then-comment", "header-left-open", "records"],
)
def test_a_hostile_page_is_refused_or_read_in_linear_time(body: bytes) -> None:
    """4 MB pages that took hours with the patterns (quadratic): each ends in seconds, in a
    child, so a regression fails here instead of hanging the run."""
    script = (
        "import sys, time\n"
        "from politeharvest.exceptions import BadResponse\n"
        "from politeharvest.oai._xml import parse_page\n"
        "data = sys.stdin.buffer.read()\n"
        "started = time.process_time()\n"
        "try:\n"
        "    parse_page(data)\n"
        "except BadResponse:\n"
        "    pass\n"
        "print(time.process_time() - started)\n"
    )
    page = _HEAD + body + b"</ListRecords></OAI-PMH>"
    assert seconds_in_child(script, stdin=page)[0] < 10.0
