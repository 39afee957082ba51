"""`LandingPageResolver`: the requests around `find_candidates`, politely spent.

The decisions are pure flows: `_resolveflow` (the stages of a resolution: the rewrite, the
sanctioned sources, the landing page, its linkset, its rights signals, the probes) and
`_probeflow` (a stage's file probes). `resolve` is a loop that carries their actions out:
the requests, the page's analysis, the learning of site structure. `resolve(url)`:

1. refuses known-problematic URLs before any request;
2. applies URL-rewrite rules (arXiv, HAL, OJS galleys) that give the file without
   reading the page;
3. asks the sanctioned sources (`sources`: Crossref, OpenAlex) for a record with a DOI;
   their files must match the record, and once one is refused every later file must;
4. otherwise reads the landing page once (its final address after redirects
   becomes the record's address); a URL that answers with a file directly is
   recognised by its first bytes, not only its Content-Type;
5. reads a FAIR Signposting linkset the page points to, when the page itself names
   no Signposting item (one request, never a file probe);
6. ranks the candidates by their evidence and probes the best ones, at most
   `max_probes` (3); a candidate the page marks as another document (a list of other
   articles, a supplement, another DOI) was rejected before and is never requested;
   a probe is the download itself when a `PdfFetcher` is given, so a verified
   file costs one request;
7. checks every file against the record (`RecordHints`): a file whose text names
   another document is never kept; a weak candidate (an anchor, learned
   structure, a URL guess) and any second probe are kept only when the file's
   text matches the record;
8. remembers the structure that held a verified link on the site (StateStore),
   only from matched files, and forgets one that led to another document.

Every `Resolution` says why: the evidence that decided (`Resolution.evidence`), each
candidate kept or rejected, and the requests spent.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence

import attrs
import requests

from politeharvest.exceptions import (
    HarvestError,
    RightsReserved,
)
from politeharvest.net._pacing import host_key
from politeharvest.net._rights import Reservation, file_signals, page_reservation
from politeharvest.net._session import PoliteSession
from politeharvest.store._state import StateStore

from ._candidate import Candidate
from ._identity import RecordHints
from ._landing import find_candidates
from ._outcome import RESERVED, WRONG_FILE, error_outcome
from ._pdf import (
    FileResult,
    PdfFetcher,
    Requirement,
    looks_like_pdf,
    read_head,
)
from ._peek import _check_in_memory, _peek
from ._probeflow import (
    Finish,
    ProbeFlow,
    Resolution,
    after_probe,
    resolution_of,
)
from ._probeflow import (
    next_action as next_probe,
)
from ._resolveflow import (
    AnalysePage,
    AskSources,
    Done,
    FileAnswered,
    LinksetRead,
    PageFacts,
    PageRead,
    PageReserved,
    PageTooLarge,
    PageUnread,
    ProbeCandidates,
    ReadLinkset,
    ReadPage,
    after_analysis,
    after_linkset,
    after_page,
    after_probing,
    after_rights,
    after_sources,
    next_action,
    start,
    unverified,
)
from ._rules import RULES, SiteRule
from ._sources import FileSources, source_candidates

__all__ = ["LandingPageResolver", "Resolution"]

logger = logging.getLogger(__name__)

_LEARNED = "landing-structure"


Probe = Callable[[str], FileResult]


@attrs.define
class LandingPageResolver:
    """From an article's page to its full-text file, explaining every answer.

    Attributes:
        session: the PoliteSession every request goes through.
        rules: the site rules (`politeharvest.landing_rules()` lists the defaults).
        learned: where learned site structure is kept (a StateStore), or None.
        max_probes: file probes per article at most.
        fetcher: when set, probes are downloads through it (one request per verified file).
        sources: sanctioned sources asked first for a record with a DOI (Crossref's
            registered links, OpenAlex's open-access locations); None: the page only.
    """

    session: PoliteSession
    rules: Sequence[SiteRule] = RULES
    learned: StateStore | None = None
    max_probes: int = 3
    fetcher: PdfFetcher | None = None
    sources: FileSources | None = None

    def resolve_html(self, html: str | bytes, url: str) -> Resolution:
        """Run the rules on a page the caller already has; no request, candidates unverified."""
        analysis = find_candidates(html, url, rules=self.rules, learned=self._signatures(url))
        return unverified(url, url, analysis, 0)

    def resolve(
        self,
        url: str,
        *,
        key: str | None = None,
        html_only: bool = False,
        hints: RecordHints | None = None,
    ) -> Resolution:
        """Resolve `url` to its full-text file, verifying at most `max_probes` candidates.

        The decisions are the resolve flow's (`_resolveflow`): here only the requests each
        of its actions names, until it is done.

        Args:
            url: a landing page (or a file) URL.
            key: the identifier files are stored under (with a fetcher); default the URL.
            html_only: read the landing page only; report the best candidate unverified.
            hints: what the record says about itself (title, DOI, authors, year); every
                file is checked against it. Without hints, only strong candidates can be
                kept (a site rule's selector, a same-site ``citation_pdf_url``).
        """
        hints = hints or RecordHints()
        flow = start(
            url,
            key=key or url,
            rules=self.rules,
            doi=(hints.doi or "") if self.sources is not None else "",
            html_only=html_only,
            hinted=not hints.empty,
            max_probes=self.max_probes,
            file_types=self.fetcher.file_types if self.fetcher is not None else ("pdf",),
        )
        while True:
            flow, action = next_action(flow)
            if isinstance(action, Done):
                return action.resolution
            if isinstance(action, ProbeCandidates):
                resolution = self._probe_all(action.flow, flow.key, hints, action.reservation)
                flow = after_probing(flow, resolution)
            elif isinstance(action, AskSources):
                assert self.sources is not None
                listed, asked = source_candidates(self.session, self.sources, action.doi)
                flow = after_sources(flow, listed, asked)
            elif isinstance(action, ReadPage):
                requested, read = self._read_page(action, flow.url, flow.key, hints)
                flow = after_page(flow, read, requested=requested)
            elif isinstance(action, AnalysePage):
                page = action.page
                analysis = find_candidates(
                    page.body,
                    page.landing,
                    rules=self.rules,
                    learned=self._signatures(page.landing),
                    status=page.status,
                    headers=page.headers,
                )
                flow = after_analysis(flow, analysis)
            elif isinstance(action, ReadLinkset):
                flow = after_linkset(flow, self._read_linkset(action.url))
            else:  # ReadRights: the page's own rights signals reserve the files found through it
                page = action.page
                policy = self.session.policy
                reserved = page_reservation(policy, page.landing, page.headers, page.body)
                flow = after_rights(flow, reserved)

    # -- internals -----------------------------------------------------------------------------

    def _read_page(
        self, action: ReadPage, url: str, key: str, hints: RecordHints
    ) -> tuple[bool, PageRead]:
        """Read the landing page; whether a request was answered, and what it gave."""
        requested = False
        try:
            response = self.session.get(action.url, kind=action.kind, stream=True)
            requested = True
            landing = str(response.url)
            read = self._read_landing(response, url, key, hints, not action.fetch_file)
        except RightsReserved as exc:  # the address is a file its rights holder reserves
            return requested, PageReserved(str(exc))
        except HarvestError as exc:  # robots.txt, a refused redirect, not now, a cut body...
            return requested, PageUnread(error_outcome(exc))
        if isinstance(read, FileResult):  # the address answered with a file directly
            return requested, FileAnswered(landing, read)
        if isinstance(read, str):  # a page too large to analyse
            return requested, PageTooLarge(landing, read)
        return requested, PageFacts(landing, response.status_code, response.headers, read)

    def _read_landing(
        self,
        response: requests.Response,
        url: str,
        key: str,
        hints: RecordHints,
        html_only: bool,
    ) -> bytes | FileResult | str:
        """Read a landing response: a file is streamed to storage, a page read up to a bound.

        Returns:
            the page's bytes; or the `FileResult` when the address answered with a file
            (streamed to a temporary file by the fetcher, never held in memory); or why
            the page is too large to analyse.
        """
        policy = self.session.policy
        chunks = self.session.iter_body(response, limit=policy.max_file_bytes)
        try:
            head = read_head(chunks)
            landing = str(response.url)
            if looks_like_pdf(head):
                # a file at a page's address: its own headers may reserve it (read no further)
                found = None if html_only else file_signals(policy, landing, response.headers)
                if found is not None:
                    refused = self.session.refuse_reserved(landing, found)
                    return FileResult(url, key, RESERVED, False, str(refused), landing)
                if self.fetcher is not None and not html_only:
                    return self.fetcher.save_stream(
                        url,
                        key,
                        head,
                        chunks,
                        final_url=landing,
                        content_type=response.headers.get("Content-Type", ""),
                        etag=response.headers.get("ETag"),
                        last_modified=response.headers.get("Last-Modified"),
                        hints=hints,
                    )
                return _check_in_memory(url, key, landing, head, chunks, hints)
            body = bytearray(head)
            for chunk in chunks:
                body += chunk
                if len(body) > policy.max_landing_bytes:
                    return (
                        f"the landing page is over {policy.max_landing_bytes} bytes: too large "
                        "to analyse (Politeness.max_landing_bytes)"
                    )
        finally:
            chunks.close()
        tags = body.count(b"<")
        if tags > policy.max_landing_tags:
            return (
                f"the landing page has about {tags} tags: too large to analyse "
                f"(Politeness.max_landing_tags is {policy.max_landing_tags})"
            )
        return bytes(body)

    def _read_linkset(self, url: str) -> LinksetRead | None:
        """A Signposting linkset's response (one request), or None when none came."""
        try:
            response = self.session.get(url, kind="page")
        except HarvestError as exc:
            logger.debug("linkset %s not read: %s", url, exc)
            return None
        return LinksetRead(response.status_code, response.content)

    def _probe_all(
        self,
        flow: ProbeFlow,
        key: str,
        hints: RecordHints,
        reserved: Reservation | None = None,
    ) -> Resolution:
        """Carry out the probe flow (`_probeflow`): probe what it says, until it ends.

        The decisions are the flow's: candidates best first within the record's budget
        (`max_probes`); the first probe of a strong candidate keeps a file unless its text
        names another document, any other keeps only a file whose text matches the record
        (no fallback to strangers; with `strict`, every file must match). A file its rights
        holder reserves ends the probes: `reserved` (the page's signal) names the first
        candidate that would be fetched, and nothing is requested. Here only the requests,
        and the learning of the structure that held a matched file's link.
        """
        landing = flow.landing
        while True:
            flow, probe = next_probe(flow)
            if isinstance(probe, Finish):
                return resolution_of(flow)
            candidate = probe.candidate
            result = self._probe(candidate.url, key, hints, probe.require, reserved)
            if result.status == WRONG_FILE and candidate.source == "learned":
                self._forget(landing, candidate)
            flow, ended = after_probe(flow, probe, result)
            if ended is not None:
                if ended.learn:
                    self._learn(landing, candidate)
                return ended.resolution

    def _probe(
        self,
        url: str,
        key: str,
        hints: RecordHints,
        require: Requirement,
        reserved: Reservation | None = None,
    ) -> FileResult:
        if self.fetcher is not None:
            return self.fetcher.fetch(url, key, hints=hints, require=require, reserved=reserved)
        if reserved is not None:
            refused = self.session.refuse_reserved(url, reserved)
            return FileResult(url, key, RESERVED, False, str(refused))
        return _peek(self.session, url, key, hints, require)

    def _signatures(self, url: str) -> list[str]:
        if self.learned is None:
            return []
        stored = self.learned.get_value(_LEARNED, host_key(url))
        return json.loads(stored) if stored else []

    def _forget(self, landing: str, candidate: Candidate) -> None:
        """A learned structure led to another document's file: never use it again."""
        if self.learned is None or not candidate.signature:
            return
        known = [s for s in self._signatures(landing) if s != candidate.signature]
        self.learned.set_value(_LEARNED, host_key(landing), json.dumps(known) if known else None)

    def _learn(self, landing: str, candidate: Candidate) -> None:
        if self.learned is None or not candidate.signature:
            return
        known = self._signatures(landing)
        if candidate.signature in known:
            return
        self.learned.set_value(
            _LEARNED, host_key(landing), json.dumps([candidate.signature, *known][:5])
        )
