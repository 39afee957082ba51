"""Landing-page evaluation over ../shared/fixtures/landing (expected.json).

Each fixture page is served at its own address by a scripted transport on a
FakeClock (no network, no waiting); every expected full-text URL answers with a
small PDF, anything else with 404. `LandingPageResolver` then resolves the page
exactly as it would live: one landing request, at most 2 file probes.

Printed per platform and overall: correct / incorrect / missed on the positive
pages, null pages correctly left empty (bot challenges must come back as
`blocked`), and file probes per page. The baseline column is a resolver that
uses `citation_pdf_url` alone.

Goal: 29/29 positives with an acceptable URL, 9/9 null pages empty (2/2
challenges blocked), at most 1.2 probes per page.

Run: python bench/landing_eval.py [--verbose]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

import requests
from bs4 import BeautifulSoup

from politeharvest import LandingPageResolver, Politeness, PoliteSession
from politeharvest.testing import FakeClock, Reply, ScriptedAdapter

ROOT = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "landing"
PDF = b"%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


def baseline(html: str) -> str | None:
    """The first <meta name="citation_pdf_url">, as a meta-tag-only resolver reads it."""
    meta = BeautifulSoup(html, "lxml").find("meta", attrs={"name": "citation_pdf_url"})
    if meta is None:
        return None
    return str(meta.get("content") or "").strip() or None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--verbose", "-v", action="store_true")
    args = parser.parse_args(argv)
    if not (ROOT / "expected.json").exists():
        print(f"no fixtures at {ROOT}")
        return 0
    fixtures = json.loads((ROOT / "expected.json").read_text())["fixtures"]
    rows: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    total_probes = pages = 0
    for fixture in fixtures:
        platform = fixture["file"].split("/")[0]
        html = (ROOT / fixture["file"]).read_text(encoding="utf-8", errors="replace")
        expected = fixture["expected_fulltext_urls"] or []
        clock = FakeClock()
        adapter = ScriptedAdapter(clock)
        adapter.add(
            fixture["page_url"], Reply(200, {"Content-Type": "text/html; charset=utf-8"}, html)
        )
        for url in expected:
            adapter.add(url, Reply(200, {"Content-Type": "application/pdf"}, PDF))
        http = requests.Session()
        http.mount("https://", adapter)
        http.mount("http://", adapter)
        session = PoliteSession(Politeness(https_only=False), http=http, clock=clock)
        resolution = LandingPageResolver(session).resolve(fixture["page_url"])
        pages += 1
        total_probes += resolution.probes
        row = rows[platform]
        base = baseline(html)
        if expected:
            row["positives"] += 1
            row["baseline_correct"] += base in expected
            if resolution.file_url in expected:
                row["correct"] += 1
                verdict = "correct"
            elif resolution.file_url:
                row["incorrect"] += 1
                verdict = "INCORRECT"
            else:
                row["missed"] += 1
                verdict = "MISSED"
        else:
            row["nulls"] += 1
            row["baseline_null_ok"] += base is None
            empty = resolution.file_url is None
            challenge = fixture["page_kind"] == "bot_challenge"
            if empty and (not challenge or resolution.kind == "blocked"):
                row["null_ok"] += 1
                verdict = "null-ok" + (" (blocked)" if resolution.kind == "blocked" else "")
            else:
                verdict = "NULL-WRONG"
        row["probes"] += resolution.probes
        if args.verbose or verdict.isupper() or "WRONG" in verdict:
            print(
                f"{verdict:>18}  {fixture['file']}: {resolution.kind} {resolution.status} probes={resolution.probes}"
            )
            print(f"{'':>20}{resolution.reason[:150]}")
            if resolution.file_url:
                print(f"{'':>20}-> {resolution.file_url}")
    print(
        f"\n{'platform':<15}{'correct':>8}{'wrong':>7}{'missed':>8}{'nulls ok':>10}{'probes':>8}{'baseline':>10}"
    )
    totals: dict[str, int] = defaultdict(int)
    for platform in sorted(rows):
        row = rows[platform]
        for k, v in row.items():
            totals[k] += v
        print(
            f"{platform:<15}{row['correct']:>5}/{row['positives']:<2}{row['incorrect']:>7}{row['missed']:>8}"
            f"{row['null_ok']:>7}/{row['nulls']:<2}{row['probes']:>8}"
            f"{row['baseline_correct'] + row['baseline_null_ok']:>7}/{row['positives'] + row['nulls']}"
        )
    print(
        f"\noverall: {totals['correct']}/{totals['positives']} positives correct, {totals['incorrect']} incorrect, "
        f"{totals['missed']} missed; {totals['null_ok']}/{totals['nulls']} null pages left empty; "
        f"{total_probes / pages:.2f} file probes per page"
    )
    print(
        f"baseline (citation_pdf_url alone): {totals['baseline_correct']}/{totals['positives']} positives, "
        f"{totals['baseline_null_ok']}/{totals['nulls']} null pages"
    )
    ok = (
        totals["correct"] == totals["positives"]
        and totals["null_ok"] == totals["nulls"]
        and total_probes / pages <= 1.2
    )
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
