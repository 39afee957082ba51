"""The probe flow from tables: candidates, what each probe gives, and what the flow does.

No server and no clock: `next_action` and `after_probe` are pure, so a record's whole search
(which candidate is asked for, with what requirement, when it stops and what it answers) is
a row of a table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import pytest

from politeharvest.fulltext._candidate import Candidate
from politeharvest.fulltext._identity import Identity
from politeharvest.fulltext._pdf import FileResult
from politeharvest.fulltext._probeflow import (
    Finish,
    ProbeFlow,
    Resolution,
    after_probe,
    next_action,
    resolution_of,
)

S = "https://s.example/"


def strong(name: str, source: str = "meta:citation_pdf_url") -> Candidate:
    return Candidate(S + name, source, "declared", 90.0, strong=True)


def weak(name: str, source: str = "anchor", score: float = 50.0) -> Candidate:
    return Candidate(S + name, source, "a link", score)


def result(status: str, *, verdict: str | None = None, titled: bool = False) -> FileResult:
    identity = Identity(verdict, "table", titled=titled) if verdict else None  # type: ignore[arg-type]
    return FileResult("", "rec", status, reason=status, identity=identity)  # type: ignore[arg-type]


OWN = result("downloaded", verdict="matched")
KEPT = result("downloaded", verdict="unverifiable")
TITLED = result("downloaded", verdict="unverifiable", titled=True)
OTHER = result("wrong-file")
PAGE = result("not-pdf")
GONE = result("failed")
SIGN_IN = attrs.evolve(GONE, reason="redirect to a sign-in or single-sign-on page")


def _matched(answer: FileResult) -> bool:
    return answer.identity is not None and answer.identity.verdict == "matched"


def run(flow: ProbeFlow, answers: Mapping[str, FileResult]) -> tuple[Resolution, list[str]]:
    """Carry the flow out against a table of answers; the probes as 'name:requirement'."""
    asked: list[str] = []
    while True:
        flow, action = next_action(flow)
        if isinstance(action, Finish):
            return resolution_of(flow), asked
        asked.append(f"{action.candidate.url.removeprefix(S)}:{action.require}")
        answer = answers.get(action.candidate.url.removeprefix(S), GONE)
        if action.require == "matched" and answer.ok and not _matched(answer):
            answer = result("unconfirmed")  # what the fetcher answers a file it cannot match
        titled = answer.identity is not None and answer.identity.titled
        if action.require == "titled" and answer.ok and not (_matched(answer) or titled):
            answer = result("unconfirmed")
        flow, ended = after_probe(flow, action, attrs.evolve(answer, url=action.candidate.url))
        if ended is not None:
            return ended.resolution, asked


ROWS: list[tuple[str, dict[str, Any], dict[str, FileResult], list[str], str, int]] = [
    (
        "a strong first file is kept unless refused",
        {"candidates": (strong("a"), weak("b"))},
        {"a": KEPT},
        ["a:not-mismatch"],
        "found",
        1,
    ),
    (
        "after a refused first file, the next must match",
        {"candidates": (strong("a"), weak("b"), weak("c"))},
        {"a": OTHER, "b": OWN},
        ["a:not-mismatch", "b:matched"],
        "found",
        2,
    ),
    (
        "strong evidence that named another document: one more file request at most",
        {"candidates": (strong("a"), strong("b", "anchor"), weak("c"))},
        {"a": OTHER, "b": KEPT, "c": OWN},
        ["a:not-mismatch", "b:matched"],
        "no-fulltext",
        2,
    ),
    (
        "strong evidence answered by a sign-in page: one more file request at most",
        {"candidates": (strong("a"), weak("b"), weak("c"))},
        {"a": SIGN_IN, "c": OWN},
        ["a:not-mismatch", "b:matched"],
        "no-fulltext",
        2,
    ),
    (
        "weak candidates that gave other documents spend the whole budget",
        {"candidates": (weak("a"), weak("b"), weak("c"))},
        {"a": OTHER, "b": OTHER, "c": OWN},
        ["a:matched", "b:matched", "c:matched"],
        "found",
        3,
    ),
    (
        "a weak first file with evidence of its own is kept by its title block alone",
        {"candidates": (weak("a", score=85.0), weak("b"))},
        {"a": TITLED},
        ["a:titled"],
        "found",
        1,
    ),
    (
        "a weak first file titled so but unverifiable otherwise is not kept",
        {"candidates": (weak("a", score=85.0), weak("b"))},
        {"a": KEPT, "b": OWN},
        ["a:titled", "b:matched"],
        "found",
        2,
    ),
    (
        "after files that proved other documents, one with evidence of its own is kept titled",
        {"candidates": (weak("a", score=85.0), weak("b"), weak("c", score=85.0))},
        {"a": OTHER, "b": OTHER, "c": TITLED},
        ["a:titled", "b:matched", "c:titled"],
        "found",
        3,
    ),
    (
        "after strong evidence that named another document, the next must match",
        {"candidates": (strong("a"), weak("b", score=85.0))},
        {"a": OTHER, "b": TITLED},
        ["a:not-mismatch", "b:matched"],
        "no-fulltext",
        2,
    ),
    (
        "after a file that could not be judged, a titled one must match",
        {"candidates": (weak("a", score=85.0), weak("b", score=85.0))},
        {"a": KEPT, "b": TITLED},
        ["a:titled", "b:matched"],
        "no-fulltext",
        2,
    ),
    (
        "a bare link first, or a second file, must match however it is titled",
        {"candidates": (weak("a"), weak("b", score=85.0))},
        {"a": TITLED, "b": TITLED},
        ["a:matched", "b:matched"],
        "no-fulltext",
        2,
    ),
    (
        "three file requests at most",
        {"candidates": tuple(weak(n) for n in "abcde")},
        {},
        ["a:matched", "b:matched", "c:matched"],
        "no-fulltext",
        3,
    ),
    (
        "an endpoint that answered with a page is not asked again",
        {"candidates": (strong("dl?f=1&v=1"), weak("dl?f=1&v=2"), weak("x.pdf"))},
        {"dl?f=1&v=1": PAGE, "x.pdf": OWN},
        ["dl?f=1&v=1:not-mismatch", "x.pdf:matched"],
        "found",
        2,
    ),
    (
        "the same endpoint naming another record in its query is another address",
        {"candidates": (weak("get?paperid=702&what=fullt"), weak("get?paperid=14012&what=fullt"))},
        {"get?paperid=702&what=fullt": PAGE, "get?paperid=14012&what=fullt": OWN},
        ["get?paperid=702&what=fullt:matched", "get?paperid=14012&what=fullt:matched"],
        "found",
        2,
    ),
    (
        "without a title or DOI only a strong first file is tried",
        {"candidates": (weak("a"), strong("b")), "hinted": False},
        {"b": KEPT},
        [],
        "no-fulltext",
        0,
    ),
    (
        "a dataset's page: only the file it declares",
        {
            "candidates": (strong("zip", "anchor"), weak("readme.pdf"), strong("d.pdf")),
            "work_type": "Dataset",
        },
        {"d.pdf": OTHER},
        ["d.pdf:matched"],
        "no-fulltext",
        1,
    ),
    (
        "strict (a source's file was refused): even a strong first file must match",
        {"candidates": (strong("a"), weak("b")), "strict": True, "probes": 1, "requests": 1},
        {"a": KEPT, "b": OWN},
        ["a:matched", "b:matched"],
        "found",
        3,
    ),
    (
        "a page's rights signal: named, nothing requested",
        {"candidates": (strong("a"),), "reserved": True},
        {"a": result("reserved")},
        ["a:not-mismatch"],
        "reserved",
        0,
    ),
    (
        "a bot wall on a file ends the search",
        {"candidates": (strong("a"), weak("b"))},
        {"a": result("blocked")},
        ["a:not-mismatch"],
        "blocked",
        1,
    ),
    (
        "a file to retry later ends the search, retriable",
        {"candidates": (strong("a"), weak("b"))},
        {"a": result("retry-later")},
        ["a:not-mismatch"],
        "retry-later",
        1,
    ),
]


@pytest.mark.parametrize(
    ("flow", "answers", "asked", "status", "probes"),
    [row[1:] for row in ROWS],
    ids=[row[0] for row in ROWS],
)
def test_the_flow(
    flow: dict[str, Any],
    answers: dict[str, FileResult],
    asked: list[str],
    status: str,
    probes: int,
) -> None:
    start = ProbeFlow(S, S, **flow)
    resolution, probed = run(start, answers)
    assert probed == asked
    assert resolution.status == status
    assert resolution.probes == probes
    assert resolution.requests == probes
    considered = {c.url for c in resolution.candidates}
    if status not in ("blocked", "retry-later"):  # those report the candidates tried
        assert {c.url for c in start.candidates} <= considered  # every candidate is reported
    if status == "no-fulltext":
        assert resolution.reason and resolution.file_url is None
    if status == "found":
        assert resolution.candidates[0].rejected is None
        assert all(c.rejected for c in resolution.candidates[1 : len(asked)])


def test_every_candidate_passed_over_says_why() -> None:
    flow = ProbeFlow(S, S, (weak("a"), weak("b")), hinted=False)
    resolution, asked = run(flow, {})
    assert asked == []
    assert all("no title or DOI" in str(c.rejected) for c in resolution.candidates)
    assert "no title or DOI" in resolution.reason
