"""The loss check's count of a page's headers, against the count it replaced.

`_expected_items` counts the OAI headers in a page's bytes (the parse must find as many).
It now finds the OAI namespace's prefixes from the namespace's own places and counts each
spelling on its own; the count must be the one the single regex of alternatives gave, on
any bytes made of what pages hold (declarations with odd spacing and quotes, prefixes,
other namespaces, headers of every spelling, junk) and on every shared fixture.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from politeharvest.oai import _xml
from politeharvest.oai._xml import _expected_items, _strip_hidden
from tests.support.oai_pages import fixture_files

_OAI_PREFIX = re.compile(
    rb"xmlns:([A-Za-z_][\w.-]*)\s*=\s*[\"']http://www\.openarchives\.org/OAI/2\.0/[\"']"
)


#: CDATA sections and comments as a regex: what `_strip_hidden` leaves out, found again from
#: every opener (quadratic on a page of unclosed ones: here only for small bytes).
_HIDDEN = re.compile(rb"<!\[CDATA\[.*?\]\]>|<!--.*?-->", re.S)


def old_expected_items(data: bytes) -> int:
    """The count as it was (politeharvest 0.2, oai/_xml.py)."""
    prefixes = {b""} | {m.group(1) + b":" for m in _OAI_PREFIX.finditer(data)}
    alternatives = b"|".join(re.escape(p) for p in sorted(prefixes, key=len, reverse=True))
    return len(re.findall(rb"<(?:" + alternatives + rb")header[\s>/]", data))


_names = st.sampled_from([b"oai", b"o", b"oai2", b"a.b-c", b"_x", b"dc", b"oai_dc", b"1bad"])
_uri = st.sampled_from(
    [
        b"http://www.openarchives.org/OAI/2.0/",
        b"http://www.openarchives.org/OAI/2.0/oai_dc/",
        b"http://www.openarchives.org/OAI/2.0",
        b"urn:other",
    ]
)
_space = st.sampled_from([b"", b" ", b"\n\t ", b"  "])
_quote = st.sampled_from([b'"', b"'"])


@st.composite
def _declaration(draw: st.DrawFn) -> bytes:
    name = draw(_names)
    return (
        draw(st.sampled_from([b"xmlns:", b"xmlns", b"xmlns:xmlns:", b" xmlns:"]))
        + name
        + draw(_space)
        + b"="
        + draw(_space)
        + draw(_quote)
        + draw(_uri)
        + draw(_quote)
    )


@st.composite
def _header(draw: st.DrawFn) -> bytes:
    prefix = draw(st.sampled_from([b"", b"oai:", b"o:", b"oai2:", b"a.b-c:", b"x:", b"oai_dc:"]))
    return b"<" + prefix + b"header" + draw(st.sampled_from([b">", b" ", b"/", b"\n", b"s", b""]))


_fragment = (
    _declaration()
    | _header()
    | st.binary(max_size=6)
    | st.sampled_from([b"<", b"xmlns:", b":", b"=", b'"', b"header", b"<record>", b"</header>"])
    | st.sampled_from([b"<!--", b"-->", b"<![CDATA[", b"]]>", b"<!"])
)


@settings(max_examples=500)
@given(st.lists(_fragment, max_size=12).map(b"".join))
def test_the_count_is_the_count_it_replaced(data: bytes) -> None:
    """The same count, CDATA sections and comments left out (they hold text, not records)."""
    assert _expected_items(data) == old_expected_items(_HIDDEN.sub(b"", data))


@pytest.mark.shared("fixtures/oai", "fixtures/oai-peers")
def test_every_shared_fixture_counts_as_before() -> None:
    files = fixture_files()
    for path in files:
        data = path.read_bytes()
        assert _expected_items(data) == old_expected_items(data), path
    assert len(files) > 50


def test_a_page_of_namespace_values_is_counted_in_linear_time() -> None:
    """200,000 OAI namespace values and no declaration: each byte looked at a few times.

    Looking back from every value to the page's start would scan 10^11 bytes (minutes);
    the scan stops at the value before, so it takes about a tenth of a second.
    """
    data = b"<x " + b'http://www.openarchives.org/OAI/2.0/"' * 200_000 + b"<header>"
    started = time.thread_time()
    assert _expected_items(data) == 1
    assert time.thread_time() - started < 5.0


@settings(max_examples=300)
@given(st.lists(_fragment, max_size=16).map(b"".join))
def test_the_one_pass_count_is_the_count_of_each_spelling(data: bytes) -> None:
    """Past a few prefixes the page is read once; the count is the same either way."""
    literal = _expected_items(data)
    saved = _xml._LITERALS
    _xml._LITERALS = 0  # every page counted in one pass
    try:
        assert _expected_items(data) == literal == old_expected_items(_HIDDEN.sub(b"", data))
    finally:
        _xml._LITERALS = saved


def test_a_page_declaring_thousands_of_prefixes_is_counted_in_linear_time() -> None:
    """16,000 declarations of the OAI namespace, each under its own prefix, and as many
    headers: one pass over the page (a pass per prefix took 19 s)."""
    count = 16_000
    declarations = b"".join(
        b'<d xmlns:p%d="http://www.openarchives.org/OAI/2.0/"/>' % i for i in range(count)
    )
    headers = b"".join(b"<p%d:header/>" % i for i in range(count))
    data = b'<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/">' + declarations + headers
    started = time.thread_time()
    assert _expected_items(data) == count
    assert time.thread_time() - started < 2.0


# -- when the count is taken -----------------------------------------------------------------------

_PAGE = (
    '<?xml version="1.0" encoding="UTF-8"?>{dtd}<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/">'
    "<responseDate>2026-01-01T00:00:00Z</responseDate><request>https://r.example/oai</request>"
    "<ListRecords>{records}</ListRecords></OAI-PMH>"
)
_RECORD = (
    "<record><header><identifier>oai:x:{n}</identifier><datestamp>2024-01-01</datestamp>"
    '</header><metadata><oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" '
    'xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:description>{text}</dc:description>'
    "</oai_dc:dc></metadata></record>"
)


def _identifiers(page: bytes) -> list[str]:
    from politeharvest.oai._records import read_records
    from politeharvest.oai._xml import OAI_NS, parse_page

    holder = parse_page(page).root.find("{" + OAI_NS + "}ListRecords")
    return [r.identifier for r in read_records(holder, "record", with_metadata=True)]


def test_a_header_inside_cdata_or_a_comment_is_not_taken_for_a_lost_record() -> None:
    """HTML abstracts in CDATA hold ``<header>``: text, not a record.

    Before, the bytes' count (one header more than the tree) refused the whole page.
    """
    for text in ("<![CDATA[<header>Intro</header> text]]>", "<!-- <header> -->text"):
        records = "".join(_RECORD.format(n=n, text=text) for n in range(3))
        page = _PAGE.format(dtd="", records=records).encode()
        assert _identifiers(page) == ["oai:x:0", "oai:x:1", "oai:x:2"]


def test_records_held_by_an_entity_of_a_dtd_are_still_counted() -> None:
    """Entities are never expanded: a record only an entity holds is refused, not lost."""
    from politeharvest.exceptions import BadResponse

    hidden = (
        "<record><header><identifier>oai:x:9</identifier><datestamp>2024-01-01</datestamp>"
        "</header></record>"
    )
    dtd = f'<!DOCTYPE OAI-PMH [<!ENTITY more "{hidden}">]>'
    page = _PAGE.format(dtd=dtd, records=_RECORD.format(n=1, text="t") + "&more;").encode()
    with pytest.raises(BadResponse, match="holds 2 records but only 1"):
        _identifiers(page)


def test_records_outside_the_oai_namespace_are_refused_not_skipped() -> None:
    """``<record xmlns="">`` parses, but is no OAI-PMH record: the page is refused, loudly."""
    from politeharvest.exceptions import BadResponse

    stray = _RECORD.format(n=2, text="t").replace("<record>", '<record xmlns="">', 1)
    page = _PAGE.format(dtd="", records=_RECORD.format(n=1, text="t") + stray).encode()
    with pytest.raises(BadResponse, match="holds 2 records but only 1"):
        _identifiers(page)


_hidden_fragment = st.sampled_from(
    [b"<!--", b"-->", b"<![CDATA[", b"]]>", b"<!", b"<![CDATA", b"--", b"-", b"]", b">", b"x"]
) | st.binary(max_size=3)


@settings(max_examples=1000)
@given(st.lists(_hidden_fragment, max_size=24).map(b"".join))
def test_hidden_sections_are_cut_as_the_regex_cuts_them(data: bytes) -> None:
    """Unclosed openers (left as text), one kind inside the other, ends right after openers:
    the linear scan leaves what the regex leaves."""
    assert _strip_hidden(data) == _HIDDEN.sub(b"", data)


@settings(max_examples=300)
@given(st.lists(_fragment, max_size=24).map(b"".join), st.integers(1, 12))
def test_a_page_read_a_window_at_a_time_counts_the_same(data: bytes, window: int) -> None:
    """Windows of any size (a window ends before a ``<``) give the count one window gives."""
    whole = _expected_items(data)
    saved = _xml._WINDOW
    _xml._WINDOW = window
    try:
        assert _expected_items(data) == whole
    finally:
        _xml._WINDOW = saved


@pytest.mark.parametrize(
    ("unit", "last"),
    [
        (b"<!--", b""),
        (b"<![CDATA[", b""),
        (b"<header>", b""),
        (b"<oai:header>", b""),
        (b"<!-- <header> -->", b""),
        (b"x<!---->", b""),
        (b"<header>", b"<!---->"),  # one comment at the end: the page is cut once, whole
    ],
)
def test_a_page_of_one_thing_repeated_is_counted_in_linear_time_and_memory(
    unit: bytes, last: bytes
) -> None:
    """2 MiB of one opener or header: counted in a second or so, holding about two copies of the
    page and a window's matches at most (the regexes this replaced took quadratic time on unclosed openers, and a
    list of matches of the whole page took several times its size)."""
    script = f"""
import json, sys, time, tracemalloc
from politeharvest.oai._xml import _expected_items
data = (b'<OAI-PMH xmlns:oai="http://www.openarchives.org/OAI/2.0/">'
        + {unit!r} * (2 * 2**20 // {len(unit)}) + {last!r})
started = time.process_time()
count = _expected_items(data)
seconds = time.process_time() - started
tracemalloc.start()
assert _expected_items(data) == count
print(json.dumps([len(data), seconds, tracemalloc.get_traced_memory()[1]]))
"""
    # a child, so that a regression to quadratic time fails here instead of hanging CI
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    size, seconds, peak = json.loads(done.stdout)
    assert seconds < 5.0, seconds
    assert peak < 2 * size + 4 * 2**20, peak / 2**20
