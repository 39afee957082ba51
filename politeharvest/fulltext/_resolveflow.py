"""A record's whole resolution as pure decisions (no I/O), around the probe flow.

A `ResolveFlow` is where a record's resolution stands: the address asked about and the one
to read, the stage it is at, the requests and file probes spent, the candidates already
tried, whether later files must match the record (`strict`) and the budget. `next_action`
says what comes next: `ProbeCandidates` (a `ProbeFlow` to carry out: the rewrite of the
record's address, the sanctioned sources' files, the page's candidates), `AskSources`,
`ReadPage`, `AnalysePage`, `ReadLinkset`, `ReadRights`, or `Done` with the answer. Each
action's facts come back through its own step (`after_probing`, `after_sources`,
`after_page`, `after_analysis`, `after_linkset`, `after_rights`), which returns the flow
moved on. The stages, in order:

1. ``start``: a known-problematic address is refused before any request;
2. ``rewrite``: a rule's rewrite of the address (no guess) is probed first; a file found,
   a bot wall or a retry-later ends the resolution, anything else reads the page;
3. ``sources``: a record with a DOI asks the sanctioned sources (Crossref, OpenAlex);
   their files are probed and must match the record (``sources-probe``); a refused one
   makes every later file match too (`strict`), and its address is not asked again;
4. ``page``: the landing page is read once: a file answering directly, a rights
   reservation, an error, an HTTP error status or a page too large end the resolution;
5. ``analyse``: the page's candidates (`find_candidates`);
6. ``linkset``: a Signposting linkset the page points to, when it names no item itself;
7. ``rights``: without a PDF candidate (or with `html_only`) the best candidate is
   reported unverified, unless the page has a weak file worth one probe (`_fallback`);
   otherwise the page's own rights signals are read;
8. ``probe``: the page's candidates not tried yet are probed (`ProbeFlow`); on a page
   that kept none, its best weak file (`PageAnalysis.fallback`: a file by its markup or
   address, rejected for want of evidence alone) is probed once, and its file must match
   the record.

`_resolution` (with `_probeflow.make_resolution`) is where every `Resolution` is built.
The resolver (`_resolver.py`) only carries the actions out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal
from urllib.parse import unquote, urlsplit

import attrs

from politeharvest.net._rights import Reservation

from ._candidate import KIND_BLOCKED, KIND_NONE, KIND_PDF, Candidate, Kind, PageAnalysis
from ._outcome import (
    BLOCKED,
    FAILED,
    RESERVED,
    RETRY_LATER,
    Outcome,
    resolution_status,
    status_outcome,
)
from ._pdf import FileResult
from ._peek import _looks_like_file_url
from ._probeflow import (
    FOUND,
    NO_FULLTEXT,
    UNVERIFIED,
    ProbeFlow,
    Resolution,
    Status,
    make_resolution,
)
from ._rules import SiteRule, problematic_url
from ._signposting import linkset_candidates

__all__ = [
    "Action",
    "AnalysePage",
    "AskSources",
    "Done",
    "FileAnswered",
    "LinksetRead",
    "PageFacts",
    "PageRead",
    "PageReserved",
    "PageTooLarge",
    "PageUnread",
    "ProbeCandidates",
    "ReadLinkset",
    "ReadPage",
    "ReadRights",
    "ResolveFlow",
    "Stage",
    "after_analysis",
    "after_linkset",
    "after_page",
    "after_probing",
    "after_rights",
    "after_sources",
    "next_action",
    "start",
    "unverified",
]

Stage = Literal[
    "start",
    "rewrite",
    "sources",
    "sources-probe",
    "page",
    "analyse",
    "linkset",
    "rights",
    "probe",
    "done",
]

#: The largest linkset read (bytes).
_LINKSET_BYTES = 2**20


# -- what the resolver learns from its requests ------------------------------------------------


@attrs.frozen
class PageFacts:
    """A landing page as read: its final address, status, headers and bytes."""

    landing: str
    status: int
    headers: Mapping[str, str] = attrs.field(factory=dict, repr=False)
    body: bytes = attrs.field(default=b"", repr=False)


@attrs.frozen
class PageReserved:
    """The record's address is a file its rights holder reserves (`RightsReserved`)."""

    reason: str


@attrs.frozen
class PageUnread:
    """The landing request gave no page: robots.txt, a refused redirect, not now, a cut body."""

    outcome: Outcome


@attrs.frozen
class FileAnswered:
    """The record's address answered with a file directly (its first bytes say ``%PDF-``)."""

    landing: str
    file: FileResult


@attrs.frozen
class PageTooLarge:
    """The page is too large to analyse (`Politeness.max_landing_bytes` or its tags)."""

    landing: str
    reason: str


PageRead = PageFacts | PageReserved | PageUnread | FileAnswered | PageTooLarge


@attrs.frozen
class LinksetRead:
    """A linkset's response: its status and its first bytes."""

    status: int
    content: bytes = b""


# -- where a resolution stands -----------------------------------------------------------------


@attrs.frozen
class ResolveFlow:
    """Where a record's resolution stands.

    Attributes:
        url: the URL asked about.
        key: the identifier files are stored under.
        read_url: the address read for the landing page (a rule may know a better one).
        rewrite: a rule's rewrite of `url` into the file's address, or None.
        stage: what the resolution does next (the module's docstring lists the stages).
        doi: the record's DOI when the sanctioned sources are to be asked, else "".
        html_only: read the landing page only, and report the best candidate unverified.
        hinted: the record gives a title or DOI to match a file against.
        max_probes: the record's file-request budget.
        file_types: what counts as a file (`PdfFetcher.file_types`): a candidate whose
            address names a file of another format (``README.md``, ``code.zip`` in a PDF
            harvest) is not requested.
        requests: requests spent so far (the page, the sources' APIs, the probes).
        probes: file requests spent so far.
        listed: the sanctioned sources' candidates.
        tried: addresses of candidates already probed (the sources'): not asked again.
        strict: every later file must match the record (a source's file was refused).
        page: the landing page as read.
        analysis: the page's candidates.
        reservation: the page's rights signals reserving its files, when it has them.
        resolution: the answer, once the stage is ``done``.
    """

    url: str
    key: str
    read_url: str
    rewrite: Candidate | None = None
    stage: Stage = "start"
    doi: str = ""
    html_only: bool = False
    hinted: bool = True
    max_probes: int = 3
    file_types: tuple[str, ...] = ("pdf",)
    requests: int = 0
    probes: int = 0
    listed: tuple[Candidate, ...] = ()
    tried: frozenset[str] = frozenset()
    strict: bool = False
    page: PageFacts | None = None
    analysis: PageAnalysis | None = None
    reservation: Reservation | None = None
    resolution: Resolution | None = None


# -- what comes next ---------------------------------------------------------------------------


@attrs.frozen
class ProbeCandidates:
    """Carry out this probe flow (its `next_action`/`after_probe`) and give its answer."""

    flow: ProbeFlow
    reservation: Reservation | None = None


@attrs.frozen
class AskSources:
    """Ask the sanctioned sources for this DOI's files (`source_candidates`)."""

    doi: str


@attrs.frozen
class ReadPage:
    """Read the landing page at `url`; a file answering is stored only when `fetch_file`."""

    url: str
    kind: Literal["page", "file"]
    fetch_file: bool


@attrs.frozen
class AnalysePage:
    """Find the page's candidates (`find_candidates`)."""

    page: PageFacts


@attrs.frozen
class ReadLinkset:
    """Read the Signposting linkset at `url` (one request, never a file probe)."""

    url: str


@attrs.frozen
class ReadRights:
    """Read the page's own rights signals (`page_reservation`)."""

    page: PageFacts


@attrs.frozen
class Done:
    """The resolution ends with this answer."""

    resolution: Resolution


Action = ProbeCandidates | AskSources | ReadPage | AnalysePage | ReadLinkset | ReadRights | Done


def start(
    url: str,
    *,
    key: str = "",
    rules: Sequence[SiteRule] = (),
    doi: str = "",
    html_only: bool = False,
    hinted: bool = True,
    max_probes: int = 3,
    file_types: tuple[str, ...] = ("pdf",),
) -> ResolveFlow:
    """A resolution of `url` before any request, with what the site rules say of it.

    Args:
        url: the landing page (or file) URL.
        key: the identifier files are stored under; default the URL.
        rules: the site rules: a better address to read, a rewrite that gives the file.
        doi: the record's DOI when sanctioned sources are configured, else "".
        html_only: read the landing page only.
        hinted: the record gives a title or DOI.
        max_probes: file probes at most.
        file_types: what counts as a file (``"pdf"``, and optionally ``"zip"``, ``"gzip"``,
            ``"csv"``): an address naming a file of another format is not requested.
    """
    return ResolveFlow(
        url,
        key or url,
        _landing(rules, url),
        _rewrite(rules, url),
        doi=doi,
        html_only=html_only,
        hinted=hinted,
        max_probes=max_probes,
        file_types=file_types,
    )


def _landing(rules: Sequence[SiteRule], url: str) -> str:
    """A better address for the landing page, when a rule knows one (an old host)."""
    for rule in rules:
        if rule.landing:
            match = rule.matches(url)
            if match is not None:
                return rule.build(rule.landing, url, match)
    return url


def _rewrite(rules: Sequence[SiteRule], url: str) -> Candidate | None:
    """A rewrite tried before reading the page: only rules whose rewrite is no guess."""
    for rule in rules:
        target = None if rule.guess else rule.rewritten(url)
        if target is not None:
            return Candidate(
                target,
                f"rule:{rule.name}",
                f"URL rewrite of {url}",
                rule.score + 5,
                strong=True,
            )
    return None


def next_action(flow: ResolveFlow) -> tuple[ResolveFlow, Action]:
    """What the resolution does next; stages with nothing to request are passed through."""
    while True:
        stage = flow.stage
        if stage == "done":
            assert flow.resolution is not None
            return flow, Done(flow.resolution)
        if stage == "start":
            problem = problematic_url(flow.url)
            if problem is not None:
                refused = _refused(flow, f"rejected before any request: {problem}", flow.url)
                return _done(flow, refused)
            flow = attrs.evolve(flow, stage="rewrite")
        elif stage == "rewrite":
            if flow.rewrite is not None and not flow.html_only:
                return flow, ProbeCandidates(_probing(flow, flow.url, (flow.rewrite,)))
            flow = attrs.evolve(flow, stage="sources")
        elif stage == "sources":
            if flow.doi and not flow.html_only:
                return flow, AskSources(flow.doi)
            flow = attrs.evolve(flow, stage="page")
        elif stage == "sources-probe":
            # a source's word is evidence, never a verdict: its file must match the record
            return flow, ProbeCandidates(_probing(flow, flow.url, flow.listed, strict=True))
        elif stage == "page":
            kind: Literal["page", "file"] = "file" if _looks_like_file_url(flow.url) else "page"
            return flow, ReadPage(flow.read_url, kind, fetch_file=not flow.html_only)
        elif stage == "analyse":
            assert flow.page is not None
            return flow, AnalysePage(flow.page)
        elif stage == "linkset":
            linkset = _linkset_to_read(flow)
            if linkset is not None:
                return flow, ReadLinkset(linkset)
            flow = attrs.evolve(flow, stage="rights")
        elif stage == "rights":
            assert flow.page is not None
            assert flow.analysis is not None
            if flow.html_only or (flow.analysis.kind != KIND_PDF and _fallback(flow) is None):
                answer = unverified(flow.url, flow.page.landing, flow.analysis, flow.requests)
                # the probes a source's files took count, though the page gave none
                answer = attrs.evolve(answer, html=flow.page.body, probes=flow.probes)
                return _done(flow, answer)
            return flow, ReadRights(flow.page)
        else:  # "probe"
            assert flow.page is not None
            assert flow.analysis is not None
            analysis = _without_other_formats(flow.analysis, flow.file_types)
            flow = attrs.evolve(flow, analysis=analysis)
            assert flow.page is not None
            fallback = _fallback(flow) if analysis.kind != KIND_PDF else None
            if fallback is not None and flow.reservation is not None:
                # a reserved file is named, never fetched: a weak one could not be matched
                answer = unverified(flow.url, flow.page.landing, analysis, flow.requests)
                return _done(flow, attrs.evolve(answer, html=flow.page.body, probes=flow.probes))
            if fallback is not None:
                # no candidate kept: the best weak file, once, and its file must match
                probing = _probing(
                    flow,
                    flow.page.landing,
                    (fallback,),
                    strict=True,
                    rejected=tuple(c for c in analysis.rejected if c is not fallback),
                    reserved=flow.reservation is not None,
                )
                probing = attrs.evolve(
                    probing, max_probes=min(flow.max_probes, flow.probes + _FALLBACK_PROBES)
                )
                return flow, ProbeCandidates(probing, flow.reservation)
            probing = _probing(
                flow,
                flow.page.landing,
                tuple(c for c in analysis.candidates if c.url not in flow.tried),
                strict=flow.strict,
                rejected=analysis.rejected,
                work_type=analysis.work_type,
                reserved=flow.reservation is not None,
            )
            return flow, ProbeCandidates(probing, flow.reservation)


def _probing(
    flow: ResolveFlow,
    landing: str,
    candidates: tuple[Candidate, ...],
    *,
    strict: bool = False,
    rejected: tuple[Candidate, ...] = (),
    work_type: str = "",
    reserved: bool = False,
) -> ProbeFlow:
    """The probe flow of a stage: these candidates, from the requests spent so far."""
    return ProbeFlow(
        flow.url,
        landing,
        candidates,
        rejected=rejected,
        requests=flow.requests,
        probes=flow.probes,
        max_probes=flow.max_probes,
        strict=strict,
        hinted=flow.hinted,
        reserved=reserved,
        work_type=work_type,
    )


#: A file name's extension that names a format of data, code or archive, and the file type
#: it is (`PdfFetcher.file_types`; None: a type no harvest fetches as full text). A script's
#: (``cgiirbis_64.exe``, ``download.php``) is no file's: it serves any format.
_FORMATS: Mapping[str, str | None] = {
    "zip": "zip",
    "gz": "gzip",
    "tgz": "gzip",
    "csv": "csv",
    **dict.fromkeys(
        [
            "tar",
            "7z",
            "rar",
            "bz2",
            "xz",
            "tsv",
            "md",
            "rst",
            "cff",
            "ipynb",
            "rmd",
            "sav",
            "dta",
            "rds",
            "rdata",
            "nc",
            "h5",
            "hdf5",
            "mat",
            "sql",
        ]
    ),
}


def _other_format(url: str, file_types: tuple[str, ...]) -> str | None:
    """The extension of `url`'s file name when it names a format not in `file_types`, or None."""
    name = unquote(urlsplit(url).path).rsplit("/", 1)[-1].lower()
    extension = name.rsplit(".", 1)[-1] if "." in name.strip(".") else ""
    if extension not in _FORMATS:
        return None
    kind = _FORMATS[extension]
    return extension if kind is None or kind not in file_types else None


def _without_other_formats(analysis: PageAnalysis, file_types: tuple[str, ...]) -> PageAnalysis:
    """`analysis` with the candidates whose address names another format moved to rejected.

    A software or data record's buttons download ``code-2.3.1.zip`` and ``README.md``, the
    record's identifier in their addresses; in a harvest of PDFs each would cost the site
    a file request to answer "not a PDF".
    """
    kept: list[Candidate] = []
    dropped: list[Candidate] = []
    for candidate in analysis.candidates:
        extension = _other_format(candidate.url, file_types)
        if extension is None:
            kept.append(candidate)
            continue
        why = f"its address names a .{extension} file, not a {'/'.join(file_types)} file"
        dropped.append(attrs.evolve(candidate, rejected=why))
    fallback = tuple(c for c in analysis.fallback if _other_format(c.url, file_types) is None)
    if not dropped and len(fallback) == len(analysis.fallback):
        return analysis
    kind = analysis.kind if kept or analysis.kind != KIND_PDF else KIND_NONE
    return attrs.evolve(
        analysis,
        candidates=tuple(kept),
        rejected=(*dropped, *analysis.rejected),
        fallback=fallback,
        kind=kind,
    )


#: File requests a page without a kept candidate may spend on its weak files.
_FALLBACK_PROBES = 1


def _fallback(flow: ResolveFlow) -> Candidate | None:
    """The weak file worth one probe when the page kept no candidate, or None.

    Only on a page that says nothing else of its full text (no candidate kept, no full
    text as HTML, no wall), for a record with a title or DOI to match the file against
    (its file must match: `ProbeFlow` with `strict`), within the record's budget, and
    never an address already tried.
    """
    analysis = flow.analysis
    if analysis is None or analysis.kind != KIND_NONE or not flow.hinted or flow.html_only:
        return None
    if analysis.work_type or flow.probes >= flow.max_probes:
        return None
    return next((c for c in analysis.fallback if c.url not in flow.tried), None)


def _linkset_to_read(flow: ResolveFlow) -> str | None:
    """The linkset to read: the page's first, when it names no Signposting item itself."""
    analysis = flow.analysis
    if analysis is None or not analysis.linksets or flow.html_only:
        return None
    if any(c.source == "signposting" for c in analysis.candidates):
        return None
    url = analysis.linksets[0]
    return None if problematic_url(url) is not None else url


def _done(flow: ResolveFlow, resolution: Resolution) -> tuple[ResolveFlow, Done]:
    return attrs.evolve(flow, stage="done", resolution=resolution), Done(resolution)


def _finish(flow: ResolveFlow, resolution: Resolution) -> ResolveFlow:
    return attrs.evolve(flow, stage="done", resolution=resolution)


# -- the facts each action brings back ---------------------------------------------------------


def after_probing(flow: ResolveFlow, resolution: Resolution) -> ResolveFlow:
    """Take a probe flow's answer: the resolution ends, or goes on to the next stage.

    After the rewrite, a file found, a bot wall or a retry-later ends it; after the
    sources, only a file found does (a refused file makes later files match the record);
    the page's probing always ends it.
    """
    spent = attrs.evolve(flow, requests=resolution.requests, probes=resolution.probes)
    if flow.stage == "rewrite":
        if resolution.status in (FOUND, BLOCKED, RETRY_LATER):
            return _finish(flow, resolution)
        return attrs.evolve(spent, stage="sources")  # then read the page
    if flow.stage == "sources-probe":
        if resolution.status == FOUND:
            return _finish(flow, resolution)
        return attrs.evolve(
            spent,
            stage="page",
            strict=resolution.probes > 0,
            tried=frozenset(c.url for c in flow.listed),
        )
    assert flow.page is not None
    analysis = flow.analysis
    if analysis is not None and analysis.kind != KIND_PDF and resolution.status == NO_FULLTEXT:
        # the page kept no candidate and its best weak file gave none: the page's reason
        reason = f"{analysis.reason}; its best weak file gave none ({resolution.reason})"
        resolution = attrs.evolve(resolution, reason=reason)
    return _finish(flow, attrs.evolve(resolution, html=flow.page.body))


def after_sources(flow: ResolveFlow, listed: Sequence[Candidate], asked: int) -> ResolveFlow:
    """Take the sanctioned sources' candidates (and the requests asking them took)."""
    spent = attrs.evolve(flow, requests=flow.requests + asked)
    if not listed:
        return attrs.evolve(spent, stage="page")
    return attrs.evolve(spent, stage="sources-probe", listed=tuple(listed))


def after_page(flow: ResolveFlow, read: PageRead, *, requested: bool = True) -> ResolveFlow:
    """Take the landing page as read (`requested`: the request was answered at all)."""
    flow = attrs.evolve(flow, requests=flow.requests + requested)
    if isinstance(read, PageReserved):  # the address is a file its rights holder reserves
        refused = FileResult(flow.url, flow.key, RESERVED, False, read.reason)
        return _finish(
            flow, _resolution(flow, flow.url, flow.url, KIND_PDF, RESERVED, read.reason, refused)
        )
    if isinstance(read, PageUnread):
        return _finish(flow, _unread(flow, flow.url, read.outcome))
    if isinstance(read, FileAnswered):  # the address answered with a file directly
        return _finish(flow, _file_answered(flow, read))
    if isinstance(read, PageTooLarge):
        return _finish(flow, _refused(flow, read.reason, read.landing))
    outcome = status_outcome(read.status)
    if outcome is not None:
        outcome = attrs.evolve(outcome, reason=f"the landing page answered HTTP {read.status}")
        return _finish(flow, _unread(flow, read.landing, outcome))
    return attrs.evolve(flow, stage="analyse", page=read)


def after_analysis(flow: ResolveFlow, analysis: PageAnalysis) -> ResolveFlow:
    """Take the page's candidates."""
    return attrs.evolve(flow, stage="linkset", analysis=analysis)


def after_linkset(flow: ResolveFlow, read: LinksetRead | None) -> ResolveFlow:
    """Take a linkset's response (None: the request gave none); its items rank first.

    A linkset that cannot be read, or names no file, leaves the analysis as it was.
    """
    moved = attrs.evolve(flow, stage="rights")
    if read is None:
        return moved
    moved = attrs.evolve(moved, requests=flow.requests + 1)
    analysis = flow.analysis
    if read.status >= 400 or analysis is None or flow.page is None:
        return moved
    url = analysis.linksets[0]
    items = linkset_candidates(read.content[:_LINKSET_BYTES], url, flow.page.landing)
    if not items:
        return moved
    known = {c.url for c in items}
    ranked = (*items, *(c for c in analysis.candidates if c.url not in known))
    reason = f"{items[0].source}: {items[0].evidence}"
    merged = attrs.evolve(analysis, kind=KIND_PDF, reason=reason, candidates=ranked)
    return attrs.evolve(moved, analysis=merged)


def after_rights(flow: ResolveFlow, reservation: Reservation | None) -> ResolveFlow:
    """Take the page's rights signals: they reserve the files found through it."""
    return attrs.evolve(flow, stage="probe", reservation=reservation)


# -- the answers -------------------------------------------------------------------------------


def unverified(url: str, landing: str, analysis: PageAnalysis, requests: int) -> Resolution:
    """The answer from a page's analysis alone: its best candidate, not verified."""
    if analysis.kind == KIND_BLOCKED:
        return make_resolution(
            url, landing, None, KIND_BLOCKED, BLOCKED, analysis.reason, requests=requests
        )
    if analysis.kind != KIND_PDF:
        return make_resolution(
            url,
            landing,
            None,
            analysis.kind,
            NO_FULLTEXT,
            analysis.reason,
            candidates=analysis.rejected,
            requests=requests,
        )
    return make_resolution(
        url,
        landing,
        analysis.candidates[0].url,
        KIND_PDF,
        UNVERIFIED,
        f"{analysis.reason} (not verified)",
        candidates=(*analysis.candidates, *analysis.rejected),
        requests=requests,
    )


def _file_answered(flow: ResolveFlow, read: FileAnswered) -> Resolution:
    file, landing = read.file, read.landing
    if not file.ok:
        reserved = file.status == RESERVED  # named, not fetched
        return _resolution(
            flow,
            landing,
            landing if reserved else None,
            KIND_PDF if reserved else KIND_NONE,
            RESERVED if reserved else NO_FULLTEXT,
            file.reason,
            file,
        )
    reason = "the address answers with a PDF directly (%PDF- in its first bytes)"
    return _resolution(
        flow, landing, landing, KIND_PDF, FOUND, reason, file, f"the record's address: {reason}"
    )


def _unread(flow: ResolveFlow, landing: str, outcome: Outcome) -> Resolution:
    """A landing page whose request gave no page: blocked, retry-later or failed."""
    status = resolution_status(outcome.status)
    kind: Kind = KIND_BLOCKED if status == BLOCKED else KIND_NONE
    return _resolution(
        flow, landing, None, kind, status, outcome.reason, retriable=outcome.retriable
    )


def _refused(flow: ResolveFlow, reason: str, landing: str) -> Resolution:
    """A landing page refused by the resolver itself (a problematic URL, a page too large)."""
    return _resolution(flow, landing, None, KIND_NONE, FAILED, reason)


def _resolution(
    flow: ResolveFlow,
    landing: str,
    file_url: str | None,
    kind: Kind,
    status: Status,
    reason: str,
    file: FileResult | None = None,
    evidence: str = "",
    *,
    retriable: bool = False,
) -> Resolution:
    """A resolution that ends before any file probe of the page (no probes counted)."""
    return make_resolution(
        flow.url,
        landing,
        file_url,
        kind,
        status,
        reason,
        requests=flow.requests,
        retriable=retriable,
        file=file,
        evidence=evidence,
    )
