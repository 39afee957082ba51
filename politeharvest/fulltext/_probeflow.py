"""A record's file probes as pure decisions (no I/O), the way `net/_flow.py` treats a request.

A `ProbeFlow` is where a record's search for its file stands: the page's ranked candidates
with their evidence, those tried with what each gave, the file requests spent and the
budget (`max_probes`). `next_action` says what comes next, `Probe` (this candidate, with
what its file must show) or `Finish` (nothing left to try within the budget), recording
every candidate it passes over and why; `after_probe` takes a probe's `FileResult` and says
whether the search ends (`Ended`: found, reserved, blocked, retry-later) or goes on.
`resolution_of` answers a search that found no file; `make_resolution` is the one place a
`Resolution` is built, here and in the resolve flow (`_resolveflow.py`), whose stages run a
probe flow for the rewrite of the record's address, the sanctioned sources' files and the
page's candidates. The resolver (`_resolver.py`) only carries the actions out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final, Literal
from urllib.parse import parse_qsl, urlsplit

import attrs

from ._access import signs_in
from ._candidate import KIND_BLOCKED, KIND_DATASET, KIND_NONE, KIND_PDF, Candidate, Kind
from ._outcome import BLOCKED, NOT_PDF, RESERVED, RETRY_LATER, WRONG_FILE
from ._pdf import FileResult, Requirement

__all__ = [
    "FOUND",
    "NO_FULLTEXT",
    "UNVERIFIED",
    "Ended",
    "Finish",
    "Probe",
    "ProbeFlow",
    "Resolution",
    "Status",
    "after_probe",
    "make_resolution",
    "next_action",
    "resolution_of",
]

Status = Literal[
    "found",
    "unverified",
    "no-fulltext",
    "blocked",
    "retry-later",
    "failed",
    "reserved",
    "refused",
]

#: A `Resolution`'s statuses besides ``blocked``, ``retry-later``, ``failed`` and ``reserved``
#: (`_outcome`).
FOUND: Final = "found"
UNVERIFIED: Final = "unverified"
NO_FULLTEXT: Final = "no-fulltext"

#: Sources whose candidates a page declares (not links the evidence found).
_DECLARED = ("meta:", "link:", "jsonld", "signposting")


@attrs.frozen
class Resolution:
    """The answer for one landing page, with its reasons.

    Attributes:
        url: the URL asked about.
        landing_url: the final address of the landing page (after redirects); it becomes
            the record's original address.
        file_url: the full-text file's URL, or None.
        kind: ``"pdf"``, ``"dataset"``, ``"html-fulltext"``, ``"none"`` or ``"blocked"``.
        status: ``"found"`` (verified), ``"unverified"`` (from HTML alone), ``"no-fulltext"``,
            ``"blocked"``, ``"retry-later"``, ``"failed"``, ``"refused"`` (by the caller's own
            settings, before anything was sent: not final), ``"reserved"`` (the file its
            rights holder reserves, by the page's or the file's signals: named, not fetched).
        reason: the deciding rule and its evidence.
        candidates: every candidate considered, best first, rejected ones with their reason.
        requests: requests spent (landing page, sanctioned sources' APIs and probes).
        probes: file probes among them.
        retriable: worth trying again later.
        file: the download, when a PdfFetcher did the probing.
        html: the landing page's bytes, when it was read.
        evidence: what made the kept file the article's own (its source and evidence,
            ``"meta:citation_pdf_url: meta citation_pdf_url"``), or "" when none was kept.
    """

    url: str
    landing_url: str
    file_url: str | None
    kind: Kind
    status: Status
    reason: str
    candidates: tuple[Candidate, ...] = ()
    requests: int = 0
    probes: int = 0
    retriable: bool = False
    file: FileResult | None = None
    html: bytes | None = attrs.field(default=None, repr=False)
    evidence: str = ""


@attrs.frozen
class ProbeFlow:
    """Where a record's file probes stand.

    Attributes:
        url: the URL asked about.
        landing: the landing page's final address.
        candidates: the candidates to consider, best first.
        rejected: candidates the page analysis rejected (reported after the others).
        tried: candidates considered so far, each with what it gave (`Candidate.rejected`).
        position: how many of `candidates` were considered.
        requests: requests spent so far (the page, the sources' APIs, the probes).
        probes: file requests spent so far.
        max_probes: the record's file-request budget.
        strict: every file must match the record (an earlier file was refused elsewhere).
        hinted: the record gives a title or DOI to match a file against.
        reserved: the page's rights signals reserve its files: a probe names the file and
            requests nothing.
        work_type: the page's work when it is not a text (``"Dataset"``): only a file it
            declares as the work's own is tried.
        pages: endpoints (addresses without their query) that answered a file request
            with a page.
        last_reason: why the last candidate gave no file.
        misled: a strong candidate's file proved to be another document, or a sign-in
            page answered for it: the page's evidence misled once, and one more file
            request at most is spent on it (`after_probe` lowers `max_probes`).
    """

    url: str
    landing: str
    candidates: tuple[Candidate, ...]
    rejected: tuple[Candidate, ...] = ()
    tried: tuple[Candidate, ...] = ()
    position: int = 0
    requests: int = 0
    probes: int = 0
    max_probes: int = 3
    strict: bool = False
    hinted: bool = True
    reserved: bool = False
    work_type: str = ""
    pages: frozenset[str] = frozenset()
    last_reason: str = "no candidate could be verified"
    misled: bool = False


@attrs.frozen
class Probe:
    """Request this candidate's file; keep it only if it shows `require`."""

    candidate: Candidate
    require: Requirement


@attrs.frozen
class Finish:
    """Nothing more to try within the budget: the search ends without a file."""


@attrs.frozen
class Ended:
    """A probe ended the search: a file found, reserved, blocked or to retry later."""

    resolution: Resolution
    learn: bool = False  # the file matched the record: its link's structure may be learned


#: A query value that names a record (``paperid=14012``, ``nodeId=NODE11634567``).
_RECORD_VALUE = re.compile(r"[A-Za-z_-]{0,12}\d{3,}[\w.-]*")


def endpoint(url: str) -> str:
    """The endpoint a file request goes to, and the record its query names.

    A URL without its fragment and its query, but with the query's values that name a
    record: ``getFT.phtml?paperid=702&what=fullt`` and ``getFT.phtml?paperid=14012`` are two
    documents at one endpoint (one answering with a page says nothing of the other), while
    ``download.aspx?filename=X&dflag=pdfdown`` and ``...&dflag=nhdown`` are one document's.
    """
    parts = urlsplit(url)
    named = sorted(
        f"{k.lower()}={v}" for k, v in parse_qsl(parts.query) if _RECORD_VALUE.fullmatch(v)
    )
    where = f"{parts.scheme}://{parts.netloc.lower()}{parts.path}"
    return f"{where}?{'&'.join(named)}" if named else where


def _skip(flow: ProbeFlow, candidate: Candidate) -> str | None:
    """Why `candidate` is passed over without a request, or None."""
    if flow.work_type and not (candidate.strong and candidate.source.startswith(_DECLARED)):
        return (
            f"the page's work is a {flow.work_type}: its files are data and documentation, "
            "only a file it declares as the work's own is tried"
        )
    if endpoint(candidate.url) in flow.pages:
        return (
            "its address differs only in its query from one that answered with a page "
            "(and names the same record)"
        )
    if _requirement(flow, candidate) != "not-mismatch" and not flow.hinted:
        return "needs a file matched to the record, and the record gives no title or DOI"
    return None


#: The score of a weak first candidate whose file may be kept when its title block is the
#: record's title (``"titled"``): a label saying it gives a PDF (35) and a file's address
#: (30), two pieces of evidence of its own, not a file's address alone or a bare button.
TITLED_SCORE = 65.0


def _requirement(flow: ProbeFlow, candidate: Candidate) -> Requirement:
    """What a candidate's file must show: only a strong first one may be merely not refused.

    A weak first one with evidence of its own (`TITLED_SCORE`) may be kept when its title
    block is the record's title and nothing is against it (``"titled"``): a short title
    ("Zdravotnictví - 2023") with no author in the record is never matched alone. So may
    a later one, when every file requested before it proved another document (the page's
    summary, another year's report): those are out of the way, and the page's next file
    with evidence of its own is as much the page's first as the first was. Not after a
    strong candidate's file proved another document (the page's evidence misled), nor
    after a file that could not be judged. Every other one must be matched.
    """
    if flow.strict or flow.misled:
        return "matched"
    if flow.tried and not _refuted(flow.tried):
        return "matched"
    if candidate.strong and not flow.tried:
        return "not-mismatch"
    return "titled" if candidate.score >= TITLED_SCORE else "matched"


def _refuted(tried: tuple[Candidate, ...]) -> bool:
    """Whether files were requested for `tried` and each proved another document."""
    probed = [r for c in tried if (r := c.rejected or "").startswith(_PROBED)]
    return bool(probed) and all(r.startswith(f"{_PROBED}{WRONG_FILE}:") for r in probed)


#: How a probed candidate's refusal begins (`after_probe`): "probe: <status>: <reason>".
_PROBED = "probe: "


def next_action(flow: ProbeFlow) -> tuple[ProbeFlow, Probe | Finish]:
    """The next candidate to probe, or `Finish`; candidates passed over are recorded."""
    position, tried, last = flow.position, flow.tried, flow.last_reason
    while position < len(flow.candidates) and flow.probes < flow.max_probes:
        candidate = flow.candidates[position]
        position += 1
        why = _skip(attrs.evolve(flow, tried=tried), candidate)
        if why is not None:
            tried = (*tried, attrs.evolve(candidate, rejected=why))
            if not why.startswith("its address differs"):
                last = f"{candidate.url}: {why}"
            continue
        require = _requirement(attrs.evolve(flow, tried=tried), candidate)
        moved = attrs.evolve(flow, position=position, tried=tried, last_reason=last)
        return moved, Probe(candidate, require)
    return attrs.evolve(flow, position=position, tried=tried, last_reason=last), Finish()


def after_probe(
    flow: ProbeFlow, probe: Probe, result: FileResult
) -> tuple[ProbeFlow, Ended | None]:
    """Take a probe's result: the search ends (`Ended`) or the flow goes on (None)."""
    candidate = probe.candidate
    if not flow.reserved:  # a reserved file is named, not requested
        flow = attrs.evolve(flow, probes=flow.probes + 1, requests=flow.requests + 1)
    if result.ok:
        kind: Kind = KIND_PDF if result.kind in (None, "pdf") else KIND_DATASET
        identity = f"; {result.identity.verdict}" if result.identity else ""
        verified = f"verified ({result.reason}{identity})"
        ranked = (
            candidate,
            *flow.tried,
            *(c for c in flow.candidates if c is not candidate and c not in flow.tried),
        )
        matched = result.identity is not None and result.identity.verdict == "matched"
        found = _resolution(
            flow,
            ranked,
            file_url=result.final_url or candidate.url,
            kind=kind,
            status=FOUND,
            reason=f"{candidate.source}: {candidate.evidence}; {verified}",
            file=result,
            evidence=f"{candidate.source}: {candidate.evidence}",
        )
        return flow, Ended(found, learn=matched)
    if candidate.strong and not flow.misled and _misleads(result):
        # the page's best evidence named another document (or a sign-in): one more try at most
        flow = attrs.evolve(flow, misled=True, max_probes=min(flow.max_probes, flow.probes + 1))
    refused = attrs.evolve(candidate, rejected=f"{_PROBED}{result.status}: {result.reason}")
    pages = flow.pages | {endpoint(candidate.url)} if result.status == NOT_PDF else flow.pages
    flow = attrs.evolve(
        flow,
        tried=(*flow.tried, refused),
        pages=pages,
        last_reason=f"{candidate.url}: {result.status}: {result.reason}",
    )
    if result.status == RESERVED:  # named, not fetched: its rights holder reserves it
        rest = flow.candidates[flow.position :]
        reserved = _resolution(
            flow,
            (*flow.tried, *rest),
            file_url=candidate.url,
            kind=KIND_PDF,
            status=RESERVED,
            reason=result.reason,
            file=result,
            evidence=f"{candidate.source}: {candidate.evidence}",
        )
        return flow, Ended(reserved)
    if result.status == BLOCKED:
        blocked = _resolution(
            flow,
            flow.tried,
            file_url=None,
            kind=KIND_BLOCKED,
            status=BLOCKED,
            reason=result.reason,
            with_rejected=False,
        )
        return flow, Ended(blocked)
    if result.status == RETRY_LATER:
        later = _resolution(
            flow,
            flow.tried,
            file_url=candidate.url,
            kind=KIND_PDF,
            status=RETRY_LATER,
            reason=result.reason,
            file=result,
            retriable=True,
            with_rejected=False,
        )
        return flow, Ended(later)
    return flow, None


def _misleads(result: FileResult) -> bool:
    """True when a file request gave another document, or a sign-in page, for the candidate."""
    if result.status == WRONG_FILE:
        return True
    return bool(result.final_url and signs_in(result.final_url)) or "sign-in" in result.reason


def resolution_of(flow: ProbeFlow) -> Resolution:
    """The answer of a search that found no file: every candidate with why it gave none."""
    tried_urls = {t.url for t in flow.tried}
    rest = tuple(c for c in flow.candidates if c not in flow.tried and c.url not in tried_urls)
    return _resolution(
        flow,
        (*flow.tried, *rest),
        file_url=None,
        kind=KIND_NONE,
        status=NO_FULLTEXT,
        reason=flow.last_reason,
    )


def _resolution(
    flow: ProbeFlow,
    candidates: Sequence[Candidate],
    *,
    file_url: str | None,
    kind: Kind,
    status: Status,
    reason: str,
    file: FileResult | None = None,
    evidence: str = "",
    retriable: bool = False,
    with_rejected: bool = True,
) -> Resolution:
    """A probing's `Resolution`: the candidates considered, the requests and probes spent."""
    return make_resolution(
        flow.url,
        flow.landing,
        file_url,
        kind,
        status,
        reason,
        candidates=(*candidates, *(flow.rejected if with_rejected else ())),
        requests=flow.requests,
        probes=flow.probes,
        retriable=retriable,
        file=file,
        evidence=evidence,
    )


def make_resolution(
    url: str,
    landing: str,
    file_url: str | None,
    kind: Kind,
    status: Status,
    reason: str,
    *,
    candidates: tuple[Candidate, ...] = (),
    requests: int = 0,
    probes: int = 0,
    retriable: bool = False,
    file: FileResult | None = None,
    evidence: str = "",
) -> Resolution:
    """The one place a `Resolution` is built (the probe flow's and the resolve flow's)."""
    return Resolution(
        url=url,
        landing_url=landing,
        file_url=file_url,
        kind=kind,
        status=status,
        reason=reason,
        candidates=candidates,
        requests=requests,
        probes=probes,
        retriable=retriable,
        file=file,
        evidence=evidence,
    )
