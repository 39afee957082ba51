"""Landing-page evaluation: ../shared/fixtures/landing and ../shared/fixtures/landing-peers.

Each page is served at its own address by a scripted transport on a FakeClock (no
network, no waiting). Every acceptable full-text URL answers with a PDF whose first
page carries the article's title, authors and DOI as the page states them; every
trap (another article's PDF linked from the page) answers with another article's
PDF; anything else answers 404. `LandingPageResolver` then resolves the page as it
would live, with the record's hints taken from the page's metadata: one landing
request, at most 2 file probes, and the identity check on every file.

Printed per corpus and platform: right / wrong / missed on the positive pages, null
pages correctly left empty (bot challenges must come back as `blocked`), file probes
per page, and how many answers name a wrong file. The baseline column is a resolver
that uses `citation_pdf_url` alone.

Goals: landing 29/29 positives and 9/9 null pages; landing-peers at least 39/41 right;
0 wrong files everywhere; at most 1.2 probes per page.

Run: python bench/landing_eval.py [--verbose]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import requests
from bs4 import BeautifulSoup

from politeharvest import LandingPageResolver, Politeness, PoliteSession
from politeharvest._identity import RecordHints
from politeharvest.testing import FakeClock, Reply, ScriptedAdapter
from politeharvest.testing import text_pdf as make_pdf

SHARED = Path(__file__).resolve().parents[2] / "shared" / "fixtures"
LANDING = SHARED / "landing"
PEERS = SHARED / "landing-peers"


def text_pdf(*lines: str) -> bytes:
    """A one-page PDF whose text is `lines`, followed by an abstract."""
    return make_pdf([*lines, "Abstract. " + "This article reports the results of a study. " * 3])


def meta(soup: BeautifulSoup, *names: str) -> list[str]:
    found = []
    for tag in soup.find_all("meta"):
        name = str(tag.get("name") or tag.get("property") or "").lower()
        if name in names and tag.get("content"):
            found.append(str(tag["content"]).strip())
    return found


def page_record(html: str) -> dict[str, Any]:
    """The record a harvest would have for this page: title, DOI, authors, year."""
    soup = BeautifulSoup(html, "lxml")
    titles = meta(soup, "citation_title", "dc.title", "og:title")
    if not titles and soup.title:
        titles = [soup.title.get_text(" ", strip=True)]
    doi = (meta(soup, "citation_doi", "dc.identifier", "prism.doi") or [""])[0]
    authors = meta(soup, "citation_author", "dc.creator")
    dates = meta(soup, "citation_publication_date", "citation_date", "dc.date")
    year = (
        re.search(r"(19|20)\d\d", dates[0]).group(0)
        if dates and re.search(r"(19|20)\d\d", dates[0])
        else None
    )  # type: ignore[union-attr]
    return {"title": titles[:1], "doi": doi, "authors": authors[:3], "year": year}


def baseline(html: str) -> str | None:
    """The first <meta name="citation_pdf_url">, as a meta-tag-only resolver reads it."""
    found = meta(BeautifulSoup(html, "lxml"), "citation_pdf_url")
    return found[0] if found else None


def resolve(page_url: str, html: str, acceptable: list[str], traps: list[str]) -> Any:
    record = page_record(html)
    clock = FakeClock()
    adapter = ScriptedAdapter(clock)
    adapter.add(page_url, Reply(200, {"Content-Type": "text/html; charset=utf-8"}, html))
    own = text_pdf(
        *record["title"],
        ", ".join(record["authors"]),
        record["year"] or "",
        f"https://doi.org/{record['doi']}" if record["doi"] else "",
    )
    stranger = text_pdf(
        "Seasonal variation of groundwater nitrate in karst aquifers",
        "Q. Zhang, M. Okafor",
        "doi:10.9999/another.article.2019",
    )
    for url in traps:
        adapter.add(url, Reply(200, {"Content-Type": "application/pdf"}, stranger))
    for url in acceptable:
        adapter.add(url, Reply(200, {"Content-Type": "application/pdf"}, own))
    http = requests.Session()
    http.mount("https://", adapter)
    http.mount("http://", adapter)
    session = PoliteSession(Politeness(https_only=False), http=http, clock=clock)
    hints = RecordHints.from_row(record)
    return LandingPageResolver(session).resolve(page_url, hints=hints)


def fixtures(corpus: str) -> list[dict[str, Any]]:
    if corpus == "landing":
        if not (LANDING / "expected.json").exists():
            return []
        out = []
        for f in json.loads((LANDING / "expected.json").read_text())["fixtures"]:
            out.append(
                {
                    "path": LANDING / f["file"],
                    "platform": f["file"].split("/")[0],
                    "url": f["page_url"],
                    "acceptable": f["expected_fulltext_urls"] or [],
                    "traps": [],
                    "challenge": f["page_kind"] == "bot_challenge",
                }
            )
        return out
    root = PEERS / "known-named" if corpus == "known-named" else PEERS
    if not (root / "expected.json").exists():
        return []
    return [
        {
            "path": root / f["file"],
            "platform": f["platform"],
            "url": f["url"],
            "acceptable": f["acceptable"] or [],
            "traps": f["traps"] or [],
            "challenge": bool(f["blocked"]),
        }
        for f in json.loads((root / "expected.json").read_text())
    ]


def evaluate(corpus: str, verbose: bool) -> dict[str, float]:
    rows: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    identities: dict[str, int] = defaultdict(int)
    pages = 0
    for fixture in fixtures(corpus):
        html = fixture["path"].read_text(encoding="utf-8", errors="replace")
        expected = fixture["acceptable"]
        resolution = resolve(fixture["url"], html, expected, fixture["traps"])
        pages += 1
        row = rows[fixture["platform"]]
        base = baseline(html)
        identity = (
            resolution.file.identity if resolution.file and resolution.file.identity else None
        )
        if identity is not None:
            identities[identity.verdict] += 1
        if expected:
            row["positives"] += 1
            row["baseline_correct"] += base in expected
            if resolution.file_url in expected:
                row["correct"] += 1
                verdict = "right"
            elif resolution.file_url:
                row["incorrect"] += 1
                verdict = "WRONG FILE"
            else:
                row["missed"] += 1
                verdict = "MISSED"
        else:
            row["nulls"] += 1
            row["baseline_null_ok"] += base is None
            if resolution.file_url is not None:
                row["incorrect"] += 1
                verdict = "WRONG FILE"
            elif not fixture["challenge"] or resolution.kind == "blocked":
                row["null_ok"] += 1
                verdict = "null-ok" + (" (blocked)" if resolution.kind == "blocked" else "")
            else:
                verdict = "NULL-NOT-BLOCKED"
        row["probes"] += resolution.probes
        if verbose or verdict.isupper() or "NOT" in verdict:
            print(
                f"{verdict:>18}  {fixture['path'].name}: {resolution.kind} {resolution.status} probes={resolution.probes}"
            )
            print(f"{'':>20}{resolution.reason[:160]}")
            if resolution.file_url:
                print(f"{'':>20}-> {resolution.file_url}")
    if not pages:
        print(f"{corpus}: no fixtures under {SHARED}")
        return {}
    print(f"\n== {corpus}")
    print(
        f"{'platform':<24}{'right':>8}{'wrong':>7}{'missed':>8}{'nulls ok':>10}{'probes':>8}{'baseline':>10}"
    )
    totals: dict[str, int] = defaultdict(int)
    for platform in sorted(rows):
        row = rows[platform]
        for k, v in row.items():
            totals[k] += v
        print(
            f"{platform:<24}{row['correct']:>5}/{row['positives']:<2}{row['incorrect']:>7}{row['missed']:>8}"
            f"{row['null_ok']:>7}/{row['nulls']:<2}{row['probes']:>8}"
            f"{row['baseline_correct'] + row['baseline_null_ok']:>7}/{row['positives'] + row['nulls']}"
        )
    right = totals["correct"] + totals["null_ok"]
    print(
        f"{corpus}: {right}/{pages} right ({totals['correct']}/{totals['positives']} positives, "
        f"{totals['null_ok']}/{totals['nulls']} null pages left empty); {totals['incorrect']} wrong files; "
        f"{totals['missed']} missed; {totals['probes'] / pages:.2f} file probes per page"
    )
    print(
        f"{corpus} identity of stored files: "
        + ", ".join(f"{identities[v]} {v}" for v in ("matched", "unverifiable", "mismatch"))
    )
    print(
        f"{corpus} baseline (citation_pdf_url alone): {totals['baseline_correct'] + totals['baseline_null_ok']}/{pages} right"
    )
    return {
        "pages": pages,
        "right": right,
        "wrong": totals["incorrect"],
        "positives": totals["positives"],
        "correct": totals["correct"],
        "nulls": totals["nulls"],
        "null_ok": totals["null_ok"],
        "probes": totals["probes"] / pages,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--verbose", "-v", action="store_true")
    args = parser.parse_args(argv)
    landing = evaluate("landing", args.verbose)
    peers = evaluate("landing-peers", args.verbose)
    named = evaluate("known-named", args.verbose)  # 7 more peer pages, reported only
    ok = True
    if landing:
        ok &= (
            landing["right"] == landing["pages"]
            and landing["wrong"] == 0
            and landing["probes"] <= 1.2
        )
    if peers:
        ok &= peers["right"] >= 39 and peers["wrong"] == 0 and peers["probes"] <= 1.2
    if named:
        ok &= named["wrong"] == 0
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
