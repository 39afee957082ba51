"""Property-based fuzzing of the parsers: only typed exceptions, and a time bound per input.

Inputs are random, or real fixtures mutated (bytes flipped, cut, spliced, repeated):
OAI-PMH pages (our own tests/data and ../shared/fixtures/oai when present), robots.txt
files, and landing pages.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from politeharvest.exceptions import BadResponse
from politeharvest.fulltext._landing import find_candidates
from politeharvest.net._robots import RobotsTxt, _parse
from politeharvest.oai._decode import DecodedTooLarge, decode_undeclared
from politeharvest.oai._records import read_record as _record
from politeharvest.oai._xml import _Q, parse_page, stream_items
from tests.support import SHARED

TESTS = Path(__file__).resolve().parent
OAI_SEEDS = (
    sorted((SHARED / "fixtures" / "oai").rglob("*.xml"))[:40]
    + sorted((SHARED / "fixtures" / "oai-peers").rglob("*.xml"))[:20]
)
SMALL_OAI = [p.read_bytes()[:60_000] for p in OAI_SEEDS] or [
    b'<?xml version="1.0"?><OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/">'
    b"<responseDate>2026-01-01</responseDate><request>x</request><ListRecords><record><header>"
    b"<identifier>a</identifier><datestamp>2024-01-01</datestamp></header></record>"
    b"</ListRecords></OAI-PMH>"
]
LANDING_SEEDS = [p.read_bytes() for p in sorted((TESTS / "data" / "landing").glob("*.html"))]
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def mutated(draw: st.DrawFn, seeds: list[bytes]) -> bytes:
    data = bytearray(draw(st.sampled_from(seeds)))
    for _ in range(draw(st.integers(1, 6))):
        if not data:
            break
        at = draw(st.integers(0, len(data) - 1))
        kind = draw(st.sampled_from(["flip", "cut", "insert", "repeat", "truncate"]))
        if kind == "flip":
            data[at] = draw(st.integers(0, 255))
        elif kind == "cut":
            del data[at : at + draw(st.integers(1, 200))]
        elif kind == "insert":
            data[at:at] = draw(
                st.sampled_from(
                    [b"<", b"&", b"]]>", b"<!--", b"\x00", b"<record>", b"</header>", b"\xff\xfe"]
                )
            )
        elif kind == "repeat":
            end = min(len(data), at + draw(st.integers(1, 300)))
            data[at:at] = data[at:end] * draw(st.integers(1, 4))
        else:
            del data[at:]
    return bytes(data)


def _parse_everything(raw: bytes) -> None:
    try:
        raw, _ = decode_undeclared(raw, 4 * 2**20)
    except DecodedTooLarge:
        return
    try:
        page = parse_page(raw, url="https://fuzz.example.org/oai")
    except BadResponse:
        return
    for element in page.root.iter(_Q + "record", _Q + "header"):
        _record(element, with_metadata=True)
    stream_items(raw, "ListRecords", lambda e: _record(e, with_metadata=True))


@SETTINGS
@given(mutated(SMALL_OAI))
def test_mutated_oai_pages_give_records_or_bad_response(raw: bytes) -> None:
    started = time.thread_time()
    _parse_everything(raw)
    assert time.thread_time() - started < 5


@SETTINGS
@given(st.binary(max_size=4000))
def test_random_bytes_as_an_oai_page(raw: bytes) -> None:
    started = time.thread_time()
    _parse_everything(raw)
    assert time.thread_time() - started < 5


ROBOTS_LINES = st.lists(
    st.one_of(
        st.sampled_from(
            ["User-agent: *", "User-agent: politeharvest", "User-agent: other", "Crawl-delay: 5"]
        ),
        st.builds(
            lambda field, path: f"{field}: {path}",
            st.sampled_from(["Allow", "Disallow", "allow", "DISALLOW"]),
            st.from_regex(r"/[a-z0-9/*$%._-]{0,15}", fullmatch=True),
        ),
        st.text(max_size=30),
    ),
    max_size=30,
)
PATHS = st.from_regex(r"/[a-z0-9/._%-]{0,20}(\?[a-z=&]{0,8})?", fullmatch=True)


@SETTINGS
@given(ROBOTS_LINES, st.lists(PATHS, min_size=1, max_size=5))
def test_robots_decisions_match_protego_and_never_raise(lines: list[str], paths: list[str]) -> None:
    text = "\n".join(lines)
    robots = RobotsTxt.from_text(text, user_agent="politeharvest/1.0 (+mailto:x@example.org)")
    reference = _parse(text)
    for path in paths:
        url = f"https://robots.example.org{path}"
        started = time.thread_time()
        decision = robots.allowed(url)
        assert time.thread_time() - started < 1
        assert decision.allowed == reference.can_fetch(url, "politeharvest")
        if decision.rule is not None:
            assert decision.rule.split(":", 1)[0] in ("Allow", "Disallow")


@SETTINGS
@given(st.binary(max_size=3000))
def test_random_robots_bytes_never_raise(raw: bytes) -> None:
    robots = RobotsTxt.from_text(raw.decode("utf-8", "replace"), user_agent="bot/1.0")
    robots.allowed("https://robots.example.org/a/b?c=d")


@pytest.mark.skipif(not LANDING_SEEDS, reason="no landing pages")
@SETTINGS
@given(mutated(LANDING_SEEDS or [b""]))
def test_mutated_landing_pages_never_raise(html: bytes) -> None:
    started = time.thread_time()
    analysis = find_candidates(html, "https://journal.example.org/article/1")
    assert analysis.kind in ("pdf", "dataset", "html-fulltext", "none", "blocked")
    assert time.thread_time() - started < 5
