"""Every site rule and generic evidence source, each with its own small page (tests/data/landing)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from politeharvest import LANDING_RULES, find_candidates
from politeharvest.fulltext._rules import problematic_url

DATA = Path(__file__).resolve().parents[1] / "data" / "landing"
CASES = json.loads((DATA / "cases.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(CASES))
def test_page(name: str) -> None:
    case = CASES[name]
    analysis = find_candidates((DATA / case["file"]).read_bytes(), case["url"])
    if case.get("kind") == "blocked":
        assert analysis.kind == "blocked"
        assert analysis.candidates == ()
        return
    if case["expected"] is None:
        assert analysis.candidates == (), [c.url for c in analysis.candidates]
        assert analysis.kind in ("none", "html-fulltext")
        return
    assert analysis.candidates, analysis.reason
    assert analysis.candidates[0].url == case["expected"], [
        (c.url, c.source, c.evidence) for c in analysis.candidates
    ]
    assert analysis.candidates[0].evidence
    assert analysis.reason


def test_every_rule_has_a_page() -> None:
    covered = {name.split("_")[0] for name in CASES}
    for rule in LANDING_RULES:
        assert rule.name.split("-")[0] in covered, rule.name
        assert rule.example


def test_traps_are_rejected_with_reasons() -> None:
    case = CASES["traps_only"]
    analysis = find_candidates((DATA / case["file"]).read_bytes(), case["url"])
    reasons = " | ".join(str(c.rejected) for c in analysis.rejected)
    for expected in ("blocked link pattern", "references", "anchor text 'Author guide PDF'"):
        assert expected in reasons


def test_dergipark_leaves_references_citations_and_covers_out() -> None:
    case = CASES["dergipark"]
    analysis = find_candidates((DATA / case["file"]).read_bytes(), case["url"])
    kept = [c.url for c in analysis.candidates]
    assert kept[0].endswith("/article-file/998877")
    assert not any(u.endswith(("/111111", "/222222")) or "cite-file" in u for u in kept)


def test_dspace_keeps_query_and_refuses_restricted() -> None:
    case = CASES["dspace6"]
    analysis = find_candidates((DATA / case["file"]).read_bytes(), case["url"])
    assert analysis.candidates[0].url.endswith("thesis.pdf?sequence=1&isAllowed=y")
    assert all("isAllowed=n" not in c.url for c in analysis.candidates)


def test_learned_structure_predicts_the_link() -> None:
    html = '<html><body><div class="files"><span class="f"><a href="/obj/77">Some file</a></span></div></body></html>'
    plain = find_candidates(html, "https://repo.example.org/item/1")
    assert plain.candidates == ()  # nothing says "PDF" here
    signature = "body > div.files > span.f > a"
    learned = find_candidates(html, "https://repo.example.org/item/1", learned=[signature])
    assert learned.candidates[0].url == "https://repo.example.org/obj/77"
    assert learned.candidates[0].source == "learned"


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("https://journal.example.org/login?next=/a", True),
        ("https://www.facebook.com/sharer.php?u=x", True),
        ("https://journal.example.org/search?q=pdf", True),
        ("https://journal.example.org/cite.ris", True),
        ("ftp://journal.example.org/a.pdf", True),
        ("https://journal.example.org/article/1", False),
        ("https://journal.example.org/article/1.pdf?download=true", False),
    ],
)
def test_problematic_urls_are_refused_before_any_request(url: str, problem: bool) -> None:
    assert (problematic_url(url) is not None) is problem
