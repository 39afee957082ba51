"""The whole resolution from tables: what each request gives, and what the flow does next.

No server and no clock: `next_action` and the `after_*` steps of `_resolveflow` are pure, so a
record's resolution (the rewrite of its address, the sanctioned sources, the landing page, its
linkset, its rights signals, the probes) is a row of a table: the facts each request gives in,
the actions taken and the answer out. The probes run through `_probeflow`, from the same table.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Mapping
from typing import Any

import attrs
import pytest

from politeharvest.fulltext import _resolver
from politeharvest.fulltext._candidate import Candidate, PageAnalysis
from politeharvest.fulltext._identity import Identity
from politeharvest.fulltext._outcome import Outcome
from politeharvest.fulltext._pdf import FileResult
from politeharvest.fulltext._probeflow import Finish, Resolution, after_probe, resolution_of
from politeharvest.fulltext._probeflow import next_action as next_probe
from politeharvest.fulltext._resolveflow import (
    AnalysePage,
    AskSources,
    Done,
    FileAnswered,
    LinksetRead,
    PageFacts,
    PageReserved,
    PageTooLarge,
    PageUnread,
    ProbeCandidates,
    ReadLinkset,
    ReadPage,
    ReadRights,
    ResolveFlow,
    after_analysis,
    after_linkset,
    after_page,
    after_probing,
    after_rights,
    after_sources,
    next_action,
    start,
)
from politeharvest.fulltext._rules import RULES
from politeharvest.net._rights import Reservation

S = "https://s.example/"
PAGE = S + "article/1"
DOI = "10.1234/x.1"


def strong(name: str, source: str = "meta:citation_pdf_url") -> Candidate:
    return Candidate(S + name, source, "declared", 90.0, strong=True)


def weak(name: str, source: str = "anchor") -> Candidate:
    return Candidate(S + name, source, "a link", 50.0)


def result(status: str, *, verdict: str | None = None) -> FileResult:
    identity = Identity(verdict, "table") if verdict else None  # type: ignore[arg-type]
    return FileResult("", "rec", status, reason=status, identity=identity)  # type: ignore[arg-type]


def analysis(*candidates: Candidate, kind: str = "pdf", linksets: tuple[str, ...] = ()) -> Any:
    return PageAnalysis(PAGE, kind, f"{kind} page", candidates, linksets=linksets)  # type: ignore[arg-type]


OWN = result("downloaded", verdict="matched")
KEPT = result("downloaded", verdict="unverifiable")
OTHER = result("wrong-file")
GONE = result("failed")
HTML = PageFacts(PAGE, 200, {}, b"<html>the page</html>")
LINKSET = json.dumps(
    {"linkset": [{"anchor": PAGE, "item": [{"href": "/ls.pdf", "type": "application/pdf"}]}]}
).encode()
TDM = Reservation("tdm-reservation", "tdm-reservation: 1 in the page's headers")


def _matched(answer: FileResult) -> bool:
    return answer.identity is not None and answer.identity.verdict == "matched"


def run(flow: ResolveFlow, facts: Mapping[str, Any]) -> tuple[Resolution, list[str]]:
    """Carry the flow out against a table of facts; the actions taken, as words."""
    taken: list[str] = []
    files: Mapping[str, FileResult] = facts.get("files", {})
    while True:
        flow, action = next_action(flow)
        if isinstance(action, Done):
            return action.resolution, taken
        if isinstance(action, ProbeCandidates):
            flow = after_probing(flow, _probe(action, files, taken))
        elif isinstance(action, AskSources):
            taken.append("sources")
            listed, asked = facts["sources"]
            flow = after_sources(flow, listed, asked)
        elif isinstance(action, ReadPage):
            taken.append("page")
            flow = after_page(flow, facts["page"], requested=facts.get("requested", True))
        elif isinstance(action, AnalysePage):
            taken.append("analyse")
            flow = after_analysis(flow, facts["analysis"])
        elif isinstance(action, ReadLinkset):
            taken.append("linkset")
            flow = after_linkset(flow, facts["linkset"])
        else:
            assert isinstance(action, ReadRights)
            taken.append("rights")
            flow = after_rights(flow, facts.get("rights"))


def _probe(action: ProbeCandidates, files: Mapping[str, FileResult], taken: list[str]) -> Any:
    """A probe flow carried out against the table's files ('probe name:requirement')."""
    flow = action.flow
    while True:
        flow, probe = next_probe(flow)
        if isinstance(probe, Finish):
            return resolution_of(flow)
        name = probe.candidate.url.removeprefix(S)
        taken.append(f"probe {name}:{probe.require}")
        answer = files.get(name, GONE)
        if probe.require == "matched" and answer.ok and not _matched(answer):
            answer = result("unconfirmed")  # what the fetcher answers a file it cannot match
        flow, ended = after_probe(flow, probe, attrs.evolve(answer, url=probe.candidate.url))
        if ended is not None:
            return ended.resolution


def flow(**given: Any) -> ResolveFlow:
    return ResolveFlow(given.pop("url", PAGE), "rec", PAGE, **given)


PAGE_THEN_A = {"page": HTML, "analysis": analysis(strong("a.pdf"), weak("b.pdf"))}


def faint(name: str, score: float = 25.0) -> Candidate:
    """A file link rejected for want of evidence alone (`PageAnalysis.fallback`)."""
    return Candidate(S + name, "anchor", "address looks like a file", score, rejected="weak")


def kept_none(*fallback: Candidate, kind: str = "none", work_type: str = "") -> Any:
    """A page that kept no candidate, with its weak files."""
    return PageAnalysis(
        PAGE,
        kind,
        "no full-text file link on the page",
        rejected=fallback,  # type: ignore[arg-type]
        fallback=fallback,
        work_type=work_type,
    )


ROWS: list[tuple[str, dict[str, Any], dict[str, Any], list[str], str, int, int]] = [
    (
        "the rewrite's file found: the page is never read",
        {"rewrite": strong("rw.pdf", "rule:arxiv")},
        {"files": {"rw.pdf": KEPT}},
        ["probe rw.pdf:not-mismatch"],
        "found",
        1,
        1,
    ),
    (
        "the rewrite's file refused: the page is read, its strong first file kept unless refused",
        {"rewrite": strong("rw.pdf", "rule:arxiv")},
        {**PAGE_THEN_A, "files": {"rw.pdf": OTHER, "a.pdf": KEPT}},
        ["probe rw.pdf:not-mismatch", "page", "analyse", "rights", "probe a.pdf:not-mismatch"],
        "found",
        3,
        2,
    ),
    (
        "the rewrite answered by a bot wall: the resolution ends",
        {"rewrite": strong("rw.pdf", "rule:arxiv")},
        {"files": {"rw.pdf": result("blocked")}},
        ["probe rw.pdf:not-mismatch"],
        "blocked",
        1,
        1,
    ),
    (
        "the rewrite's file to retry later: the resolution ends",
        {"rewrite": strong("rw.pdf", "rule:arxiv")},
        {"files": {"rw.pdf": result("retry-later")}},
        ["probe rw.pdf:not-mismatch"],
        "retry-later",
        1,
        1,
    ),
    (
        "the rewrite's file reserved: the page is read all the same",
        {"rewrite": strong("rw.pdf", "rule:arxiv")},
        {**PAGE_THEN_A, "files": {"rw.pdf": result("reserved"), "a.pdf": KEPT}},
        ["probe rw.pdf:not-mismatch", "page", "analyse", "rights", "probe a.pdf:not-mismatch"],
        "found",
        3,
        2,
    ),
    (
        "html_only: no rewrite, no source, no linkset, no rights, nothing probed",
        {"rewrite": strong("rw.pdf"), "doi": DOI, "html_only": True},
        {"page": HTML, "analysis": analysis(strong("a.pdf"), linksets=(S + "ls",))},
        ["page", "analyse"],
        "unverified",
        1,
        0,
    ),
    (
        "a source's file found: the page is never read",
        {"doi": DOI},
        {"sources": ((weak("src.pdf", "crossref"),), 2), "files": {"src.pdf": OWN}},
        ["sources", "probe src.pdf:matched"],
        "found",
        3,
        1,
    ),
    (
        "a source's file refused: every later file must match, its address is not asked again",
        {"doi": DOI},
        {
            "sources": ((strong("src.pdf", "openalex"),), 2),
            "page": HTML,
            "analysis": analysis(strong("src.pdf"), strong("a.pdf"), weak("b.pdf")),
            "files": {"src.pdf": OTHER, "a.pdf": KEPT, "b.pdf": OWN},
        },
        [
            "sources",
            "probe src.pdf:matched",
            "page",
            "analyse",
            "rights",
            "probe a.pdf:matched",
            "probe b.pdf:matched",
        ],
        "found",
        6,
        3,
    ),
    (
        "the sources list no file: the page as without them, their requests counted",
        {"doi": DOI},
        {**PAGE_THEN_A, "sources": ((), 2), "files": {"a.pdf": KEPT}},
        ["sources", "page", "analyse", "rights", "probe a.pdf:not-mismatch"],
        "found",
        4,
        1,
    ),
    (
        "no DOI: the sources are not asked",
        {},
        {**PAGE_THEN_A, "files": {"a.pdf": KEPT}},
        ["page", "analyse", "rights", "probe a.pdf:not-mismatch"],
        "found",
        2,
        1,
    ),
    (
        "the address answers with a file directly",
        {},
        {"page": FileAnswered(S + "f.pdf", OWN)},
        ["page"],
        "found",
        1,
        0,
    ),
    (
        "the address answers with a file its headers reserve: named, not fetched",
        {},
        {"page": FileAnswered(S + "f.pdf", result("reserved"))},
        ["page"],
        "reserved",
        1,
        0,
    ),
    (
        "the address answers with another document's file",
        {},
        {"page": FileAnswered(S + "f.pdf", OTHER)},
        ["page"],
        "no-fulltext",
        1,
        0,
    ),
    (
        "the address is a file its rights holder reserves",
        {},
        {"page": PageReserved("reserved by tdm-reservation: 1")},
        ["page"],
        "reserved",
        1,
        0,
    ),
    (
        "the page request gave no page (not now): nothing counted",
        {},
        {
            "page": PageUnread(
                Outcome(status="retry-later", retriable=True, reason="the host asks us to wait")
            ),
            "requested": False,
        },
        ["page"],
        "retry-later",
        0,
        0,
    ),
    (
        "the page answers HTTP 404",
        {},
        {"page": PageFacts(PAGE, 404)},
        ["page"],
        "failed",
        1,
        0,
    ),
    (
        "the page answers HTTP 503",
        {},
        {"page": PageFacts(PAGE, 503)},
        ["page"],
        "retry-later",
        1,
        0,
    ),
    (
        "a page too large to analyse",
        {},
        {"page": PageTooLarge(PAGE, "the landing page is over 5 bytes")},
        ["page"],
        "failed",
        1,
        0,
    ),
    (
        "a bot wall's page",
        {},
        {"page": HTML, "analysis": analysis(kind="blocked")},
        ["page", "analyse"],
        "blocked",
        1,
        0,
    ),
    (
        "a page naming no file",
        {},
        {"page": HTML, "analysis": analysis(kind="none")},
        ["page", "analyse"],
        "no-fulltext",
        1,
        0,
    ),
    (
        "a linkset read: its items first",
        {},
        {
            "page": HTML,
            "analysis": analysis(weak("a.pdf"), linksets=(S + "ls",)),
            "linkset": LinksetRead(200, LINKSET),
            "files": {"ls.pdf": KEPT},
        },
        ["page", "analyse", "linkset", "rights", "probe ls.pdf:not-mismatch"],
        "found",
        3,
        1,
    ),
    (
        "a linkset answering 404: its request counted, the page's candidates as they were",
        {},
        {
            "page": HTML,
            "analysis": analysis(weak("a.pdf"), linksets=(S + "ls",)),
            "linkset": LinksetRead(404),
            "files": {"a.pdf": OWN},
        },
        ["page", "analyse", "linkset", "rights", "probe a.pdf:matched"],
        "found",
        3,
        1,
    ),
    (
        "a linkset request that gave nothing: nothing counted",
        {},
        {
            "page": HTML,
            "analysis": analysis(weak("a.pdf"), linksets=(S + "ls",)),
            "linkset": None,
            "files": {"a.pdf": OWN},
        },
        ["page", "analyse", "linkset", "rights", "probe a.pdf:matched"],
        "found",
        2,
        1,
    ),
    (
        "no linkset read when the page names a Signposting item itself",
        {},
        {
            "page": HTML,
            "analysis": analysis(strong("s.pdf", "signposting"), linksets=(S + "ls",)),
            "files": {"s.pdf": KEPT},
        },
        ["page", "analyse", "rights", "probe s.pdf:not-mismatch"],
        "found",
        2,
        1,
    ),
    (
        "the page's rights signals reserve its files: named, nothing requested",
        {},
        {**PAGE_THEN_A, "rights": TDM, "files": {"a.pdf": result("reserved")}},
        ["page", "analyse", "rights", "probe a.pdf:not-mismatch"],
        "reserved",
        1,
        0,
    ),
    (
        "no candidate kept: the best weak file is probed once, and must match the record",
        {},
        {
            "page": HTML,
            "analysis": kept_none(faint("w1.pdf"), faint("w2.pdf")),
            "files": {"w1.pdf": OWN},
        },
        ["page", "analyse", "rights", "probe w1.pdf:matched"],
        "found",
        2,
        1,
    ),
    (
        "no candidate kept: a weak file that gives another document ends it, one probe spent",
        {},
        {
            "page": HTML,
            "analysis": kept_none(faint("w1.pdf"), faint("w2.pdf")),
            "files": {"w1.pdf": OTHER, "w2.pdf": OWN},
        },
        ["page", "analyse", "rights", "probe w1.pdf:matched"],
        "no-fulltext",
        2,
        1,
    ),
    (
        "no candidate kept: a weak file the record cannot be matched to is not kept",
        {},
        {"page": HTML, "analysis": kept_none(faint("w1.pdf")), "files": {"w1.pdf": KEPT}},
        ["page", "analyse", "rights", "probe w1.pdf:matched"],
        "no-fulltext",
        2,
        1,
    ),
    (
        "no weak file when the record gives nothing to match against",
        {"hinted": False},
        {"page": HTML, "analysis": kept_none(faint("w1.pdf")), "files": {"w1.pdf": OWN}},
        ["page", "analyse"],
        "no-fulltext",
        1,
        0,
    ),
    (
        "no weak file read as the full text of a page that is the article (html-fulltext)",
        {},
        {
            "page": HTML,
            "analysis": kept_none(faint("w1.pdf"), kind="html-fulltext"),
            "files": {"w1.pdf": OWN},
        },
        ["page", "analyse"],
        "no-fulltext",
        1,
        0,
    ),
    (
        "no weak file on a dataset's page (its files are data and documentation)",
        {},
        {
            "page": HTML,
            "analysis": kept_none(faint("w1.pdf"), work_type="Dataset"),
            "files": {"w1.pdf": OWN},
        },
        ["page", "analyse"],
        "no-fulltext",
        1,
        0,
    ),
    (
        "no weak file with html_only, and none once the budget is spent",
        {"html_only": True},
        {"page": HTML, "analysis": kept_none(faint("w1.pdf")), "files": {"w1.pdf": OWN}},
        ["page", "analyse"],
        "no-fulltext",
        1,
        0,
    ),
    (
        "a source's file refused: the weak file tried is not the source's again",
        {"doi": DOI},
        {
            "sources": ((weak("w1.pdf", "crossref"),), 1),
            "page": HTML,
            "analysis": kept_none(faint("w1.pdf"), faint("w2.pdf")),
            "files": {"w1.pdf": OTHER, "w2.pdf": OWN},
        },
        ["sources", "probe w1.pdf:matched", "page", "analyse", "rights", "probe w2.pdf:matched"],
        "found",
        4,
        2,
    ),
    (
        "no weak file named when the page's rights signals reserve its files (none is fetched)",
        {},
        {
            "page": HTML,
            "analysis": kept_none(faint("w1.pdf")),
            "rights": TDM,
            "files": {"w1.pdf": result("reserved")},
        },
        ["page", "analyse", "rights"],
        "no-fulltext",
        1,
        0,
    ),
    (
        "no weak file once the record's file budget is spent",
        {"doi": DOI, "max_probes": 1},
        {
            "sources": ((weak("src.pdf", "crossref"),), 1),
            "page": HTML,
            "analysis": kept_none(faint("w1.pdf")),
            "files": {"src.pdf": OTHER, "w1.pdf": OWN},
        },
        ["sources", "probe src.pdf:matched", "page", "analyse"],
        "no-fulltext",
        3,
        1,
    ),
    (
        "a problematic address: refused before any request",
        {"url": "mailto:someone@s.example"},
        {},
        [],
        "failed",
        0,
        0,
    ),
]


@pytest.mark.parametrize(
    ("given", "facts", "taken", "status", "requests", "probes"),
    [row[1:] for row in ROWS],
    ids=[row[0] for row in ROWS],
)
def test_the_flow(
    given: dict[str, Any],
    facts: dict[str, Any],
    taken: list[str],
    status: str,
    requests: int,
    probes: int,
) -> None:
    resolution, actions = run(flow(**given), facts)
    assert actions == taken
    assert resolution.status == status
    assert resolution.requests == requests
    assert (resolution.probes, bool(resolution.reason)) == (probes, True)
    if status == "retry-later":
        assert resolution.retriable


def test_an_analysed_page_comes_back_with_the_answer() -> None:
    page_only = run(flow(html_only=True), PAGE_THEN_A)[0]
    probed = run(flow(), {**PAGE_THEN_A, "files": {"a.pdf": KEPT}})[0]
    assert page_only.html == probed.html == HTML.body
    assert page_only.file_url == S + "a.pdf"
    assert [c.url for c in page_only.candidates] == [S + "a.pdf", S + "b.pdf"]
    unread = run(flow(), {"page": PageFacts(PAGE, 404, {}, b"<html>gone</html>")})[0]
    assert unread.html is None
    assert unread.reason == "the landing page answered HTTP 404"


def test_a_file_at_the_address_is_its_own_evidence() -> None:
    found = run(flow(), {"page": FileAnswered(S + "final.pdf", OWN)})[0]
    assert (found.file_url, found.landing_url, found.kind) == (
        S + "final.pdf",
        S + "final.pdf",
        "pdf",
    )
    assert found.evidence.startswith("the record's address: ")
    reserved = run(flow(), {"page": FileAnswered(S + "final.pdf", result("reserved"))})[0]
    assert reserved.file_url == S + "final.pdf"
    refused = run(flow(), {"page": PageReserved("reserved")})[0]
    assert (refused.file_url, refused.file and refused.file.status) == (PAGE, "reserved")


def test_a_sources_file_refused_leaves_strict_and_tried() -> None:
    moved = after_sources(flow(doi=DOI, stage="sources"), (strong("src.pdf", "crossref"),), 2)
    assert moved.stage == "sources-probe"
    moved, action = next_action(moved)
    assert isinstance(action, ProbeCandidates)
    assert action.flow.strict
    assert action.flow.requests == 2
    refused = resolution_of(attrs.evolve(action.flow, probes=1, requests=3))
    after = after_probing(moved, refused)
    assert (after.stage, after.strict, after.tried) == ("page", True, frozenset({S + "src.pdf"}))
    assert (after.requests, after.probes) == (3, 1)
    unprobed = after_probing(moved, resolution_of(action.flow))
    assert not unprobed.strict  # nothing was probed: no file was refused


def test_start_knows_the_rules_rewrite_and_better_address() -> None:
    arxiv = start("https://arxiv.org/abs/1706.03762", rules=RULES)
    assert arxiv.rewrite is not None
    assert arxiv.rewrite.url == "https://arxiv.org/pdf/1706.03762"
    assert arxiv.rewrite.strong
    assert arxiv.key == "https://arxiv.org/abs/1706.03762"
    _, action = next_action(arxiv)
    assert isinstance(action, ProbeCandidates)
    assert [c.url for c in action.flow.candidates] == ["https://arxiv.org/pdf/1706.03762"]
    plain = start(PAGE, key="rec", rules=RULES)
    assert (plain.rewrite, plain.read_url, plain.key) == (None, PAGE, "rec")
    _, action = next_action(plain)
    assert action == ReadPage(PAGE, "page", fetch_file=True)
    _, action = next_action(start(S + "files/x.pdf", rules=RULES, html_only=True))
    assert action == ReadPage(S + "files/x.pdf", "file", fetch_file=False)


def test_the_resolver_builds_no_resolution_itself() -> None:
    source = inspect.getsource(_resolver)
    assert "Resolution(" not in source
    assert "status_outcome" not in source
