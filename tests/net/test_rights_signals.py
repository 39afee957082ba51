"""Rights signals on the wire: reserved files are never downloaded, each refusal with evidence.

One loopback site serves a `/.well-known/tdmrep.json` that reserves `/reserved/*`, a file
whose own response says `tdm-reservation: 1`, a file with `X-Robots-Tag: noai`, one with
`X-Robots-Tag: otherbot: noai` (another agent's rule) and an open file. `PdfFetcher` stores
only the open files; every refusal names its signal, and the reserved bodies are never read.
A licence the user states lifts the TDM reservations, not the robots directive.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

from politeharvest import PoliteSession
from politeharvest.fulltext._pdf import PdfFetcher
from politeharvest.testing import LoopbackServer, Reply, text_pdf
from tests.support import SCALED

pytestmark = pytest.mark.integration

TDMREP = b"""[
  {"location": "/reserved/*", "tdm-reservation": 1, "tdm-policy": "https://site.example/tdm-policy.json"},
  {"location": "/*", "tdm-reservation": 0}
]"""
PDF = {"Content-Type": "application/pdf"}


@pytest.fixture
def site() -> Iterator[LoopbackServer]:
    body = text_pdf(["A file", "2024", "Abstract. Some text to read."])
    with LoopbackServer("127.0.0.2") as server:
        server.add("/robots.txt", Reply(404, {}, b""))
        server.add(
            "/.well-known/tdmrep.json", Reply(200, {"Content-Type": "application/json"}, TDMREP)
        )
        server.add("/reserved/a.pdf", Reply(200, PDF, body))
        server.add(
            "/files/header.pdf",
            Reply(200, {**PDF, "tdm-reservation": "1", "tdm-policy": "https://p.example/"}, body),
        )
        server.add("/files/noai.pdf", Reply(200, {**PDF, "X-Robots-Tag": "noai, noimageai"}, body))
        server.add(
            "/files/otherbot.pdf", Reply(200, {**PDF, "X-Robots-Tag": "otherbot: noai"}, body)
        )
        server.add("/files/open.pdf", Reply(200, PDF, body))
        yield server


def fetch_all(server: LoopbackServer, folder: Path, **policy: object) -> dict[str, object]:
    results = {}
    rules = {"tdmrep_json": True, **policy}
    with PoliteSession(policy=attrs.evolve(SCALED, **rules)) as session:
        fetcher = PdfFetcher(session, folder)
        for name in (
            "reserved/a.pdf",
            "files/header.pdf",
            "files/noai.pdf",
            "files/otherbot.pdf",
            "files/open.pdf",
        ):
            results[name] = fetcher.fetch(server.url(f"/{name}"), key=name.replace("/", "_"))
    return results


def test_reserved_files_are_not_downloaded(site: LoopbackServer, tmp_path: Path) -> None:
    results = fetch_all(site, tmp_path)
    status = {name: result.status for name, result in results.items()}  # type: ignore[attr-defined]
    assert status == {
        "reserved/a.pdf": "reserved",
        "files/header.pdf": "reserved",
        "files/noai.pdf": "reserved",
        "files/otherbot.pdf": "downloaded",
        "files/open.pdf": "downloaded",
    }
    reasons = {name: result.reason for name, result in results.items()}  # type: ignore[attr-defined]
    assert "tdmrep.json reserves /reserved/*" in reasons["reserved/a.pdf"]
    assert "https://site.example/tdm-policy.json" in reasons["reserved/a.pdf"]
    assert "tdm-reservation: 1 in the file's headers" in reasons["files/header.pdf"]
    assert "X-Robots-Tag: noai" in reasons["files/noai.pdf"]
    stored = sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("."))
    assert len(stored) == 2
    paths = [r.path for r in site.log]
    assert paths.count("/.well-known/tdmrep.json") == 1  # once per origin
    assert "/reserved/a.pdf" not in paths  # refused before any request


def test_a_stated_licence_lifts_tdm_reservations_only(site: LoopbackServer, tmp_path: Path) -> None:
    results = fetch_all(site, tmp_path, tdm_licence="our mining licence 2026-07")
    status = {name: result.status for name, result in results.items()}  # type: ignore[attr-defined]
    assert status["reserved/a.pdf"] == status["files/header.pdf"] == "downloaded"
    assert status["files/noai.pdf"] == "reserved"


def test_switches_turn_the_signals_off(site: LoopbackServer, tmp_path: Path) -> None:
    results = fetch_all(site, tmp_path, tdm_reservations=False, robots_tags=False)
    assert {result.status for result in results.values()} == {"downloaded"}  # type: ignore[attr-defined]
    assert "/.well-known/tdmrep.json" not in [r.path for r in site.log]


def test_without_tdmrep_json_only_the_files_own_signals_count(
    site: LoopbackServer, tmp_path: Path
) -> None:
    results = fetch_all(site, tmp_path, tdmrep_json=False)
    status = {name: result.status for name, result in results.items()}  # type: ignore[attr-defined]
    assert status["reserved/a.pdf"] == "downloaded"  # only the origin's rules reserve it
    assert status["files/header.pdf"] == status["files/noai.pdf"] == "reserved"
    assert "/.well-known/tdmrep.json" not in [r.path for r in site.log]
