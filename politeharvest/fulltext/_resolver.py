"""`LandingPageResolver`: the requests around `find_candidates`, politely spent.

`resolve(url)`:

1. refuses known-problematic URLs before any request;
2. applies URL-rewrite rules (arXiv, HAL, OJS galleys) that give the file without
   reading the page;
3. otherwise reads the landing page once (its final address after redirects
   becomes the record's address); a URL that answers with a file directly is
   recognised by its first bytes, not only its Content-Type;
4. reads a FAIR Signposting linkset the page points to, when the page itself names
   no Signposting item (one request, never a file probe);
5. ranks the candidates by their evidence and probes the best ones, at most
   `max_probes` (3); a candidate the page marks as another document (a list of other
   articles, a supplement, another DOI) was rejected before and is never requested;
   a probe is the download itself when a `PdfFetcher` is given, so a verified
   file costs one request;
6. checks every file against the record (`RecordHints`): a file whose text names
   another document is never kept; a weak candidate (an anchor, learned
   structure, a URL guess) and any second probe are kept only when the file's
   text matches the record;
7. remembers the structure that held a verified link on the site (StateStore),
   only from matched files, and forgets one that led to another document.

Every `Resolution` says why: the evidence that decided (`Resolution.evidence`), each
candidate kept or rejected, and the requests spent.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from typing import Literal

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

from ._candidate import (
    KIND_BLOCKED,
    KIND_NONE,
    KIND_PDF,
    Candidate,
    PageAnalysis,
)
from ._identity import RecordHints
from ._landing import find_candidates
from ._outcome import (
    BLOCKED,
    FAILED,
    RESERVED,
    RETRY_LATER,
    WRONG_FILE,
    Outcome,
    error_outcome,
    resolution_status,
    status_outcome,
)
from ._pdf import (
    FileResult,
    PdfFetcher,
    Requirement,
    looks_like_pdf,
    read_head,
)
from ._peek import _check_in_memory, _looks_like_file_url, _peek
from ._probeflow import (
    FOUND,
    NO_FULLTEXT,
    UNVERIFIED,
    Finish,
    ProbeFlow,
    Resolution,
    after_probe,
    next_action,
    resolution_of,
)
from ._rules import RULES, SiteRule, problematic_url
from ._signposting import linkset_candidates
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
        return self._unverified(url, url, analysis, requests=0)

    def resolve(
        self,
        url: str,
        *,
        key: str | None = None,
        html_only: bool = False,
        hints: RecordHints | None = None,
    ) -> Resolution:
        """Resolve `url` to its full-text file, verifying at most `max_probes` candidates.

        Args:
            url: a landing page (or a file) URL.
            key: the identifier files are stored under (with a fetcher); default the URL.
            html_only: read the landing page only; report the best candidate unverified.
            hints: what the record says about itself (title, DOI, authors, year); every
                file is checked against it. Without hints, only strong candidates can be
                kept (a site rule's selector, a same-site ``citation_pdf_url``).
        """
        key = key or url
        hints = hints or RecordHints()
        problem = problematic_url(url)
        if problem is not None:
            return _refused(url, f"rejected before any request: {problem}")
        url_to_read = self._landing(url)
        rewritten = self._rewrite(url)
        requests = probes = 0
        if rewritten is not None and not html_only:
            resolution = self._probe_all(url, url, [rewritten], key, hints, requests=0)
            if resolution.status in (FOUND, BLOCKED, RETRY_LATER):
                return resolution
            requests, probes = resolution.requests, resolution.probes  # then read the page
        strict = False  # after a source's file was refused, later files must match
        tried: frozenset[str] = frozenset()
        if self.sources is not None and hints.doi and not html_only:
            listed, asked = source_candidates(self.session, self.sources, hints.doi)
            requests += asked
            if listed:
                # a source's word is evidence, never a verdict: its file must match the record
                resolution = self._probe_all(
                    url, url, listed, key, hints, requests=requests, probes=probes, strict=True
                )
                if resolution.status == FOUND:
                    return resolution
                requests, probes = resolution.requests, resolution.probes
                strict = probes > 0
                tried = frozenset(c.url for c in listed)
        try:
            kind: Literal["page", "file"] = "file" if _looks_like_file_url(url) else "page"
            response = self.session.get(url_to_read, kind=kind, stream=True)
            requests += 1
            landing = str(response.url)
            read = self._read_landing(response, url, key, hints, html_only)
        except RightsReserved as exc:  # the address is a file its rights holder reserves
            refused = FileResult(url, key, RESERVED, False, str(exc))
            return Resolution(
                url=url,
                landing_url=url,
                file_url=url,
                kind=KIND_PDF,
                status=RESERVED,
                reason=str(exc),
                requests=requests,
                file=refused,
            )
        except HarvestError as exc:  # robots.txt, a refused redirect, not now, a cut body...
            return _unread(url, url, error_outcome(exc), requests=requests)
        if isinstance(read, FileResult):  # the address answered with a file directly
            reason = "the address answers with a PDF directly (%PDF- in its first bytes)"
            if not read.ok:
                reserved = read.status == RESERVED  # named, not fetched
                return Resolution(
                    url=url,
                    landing_url=landing,
                    file_url=landing if reserved else None,
                    kind=KIND_PDF if reserved else KIND_NONE,
                    status=RESERVED if reserved else NO_FULLTEXT,
                    reason=read.reason,
                    requests=requests,
                    file=read,
                )
            return Resolution(
                url=url,
                landing_url=landing,
                file_url=landing,
                kind=KIND_PDF,
                status=FOUND,
                reason=reason,
                requests=requests,
                file=read,
                evidence=f"the record's address: {reason}",
            )
        if isinstance(read, str):  # a page too large to analyse
            return _refused(url, read, landing=landing, requests=requests)
        body = read
        outcome = status_outcome(response.status_code)
        if outcome is not None:
            outcome = attrs.evolve(
                outcome, reason=f"the landing page answered HTTP {response.status_code}"
            )
            return _unread(url, landing, outcome, requests=requests)
        analysis = find_candidates(
            body,
            landing,
            rules=self.rules,
            learned=self._signatures(landing),
            status=response.status_code,
            headers=response.headers,
        )
        if analysis.linksets and not html_only:
            analysis, requests = self._with_linkset(analysis, landing, requests)
        if html_only or analysis.kind != KIND_PDF:
            resolution = self._unverified(url, landing, analysis, requests=requests)
        else:
            candidates = [c for c in analysis.candidates if c.url not in tried]
            resolution = self._probe_all(
                url,
                landing,
                candidates,
                key,
                hints,
                requests=requests,
                probes=probes,
                analysis=analysis,
                # the page's own rights signals reserve the files found through it
                reserved=page_reservation(self.session.policy, landing, response.headers, body),
                strict=strict,
            )
        return attrs.evolve(resolution, html=body)

    # -- internals -----------------------------------------------------------------------------

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

    def _with_linkset(
        self, analysis: PageAnalysis, landing: str, requests: int
    ) -> tuple[PageAnalysis, int]:
        """The page's analysis with the items of its Signposting linkset (one request).

        Read only when the page names no Signposting item itself; a linkset that cannot
        be read leaves the analysis as it was.
        """
        if any(c.source == "signposting" for c in analysis.candidates):
            return analysis, requests
        url = analysis.linksets[0]
        if problematic_url(url) is not None:
            return analysis, requests
        try:
            response = self.session.get(url, kind="page")
            requests += 1
        except HarvestError as exc:
            logger.debug("linkset %s not read: %s", url, exc)
            return analysis, requests
        if response.status_code >= 400:
            return analysis, requests
        items = linkset_candidates(response.content[: 2**20], url, landing)
        known = {c.url for c in items}
        if not items:
            return analysis, requests
        ranked = (*items, *(c for c in analysis.candidates if c.url not in known))
        reason = f"{items[0].source}: {items[0].evidence}"
        return attrs.evolve(analysis, kind=KIND_PDF, reason=reason, candidates=ranked), requests

    def _landing(self, url: str) -> str:
        """A better address for the landing page, when a rule knows one (an old host)."""
        for rule in self.rules:
            if rule.landing:
                match = rule.matches(url)
                if match is not None:
                    return rule.build(rule.landing, url, match)
        return url

    def _rewrite(self, url: str) -> Candidate | None:
        """A rewrite tried before reading the page: only rules whose rewrite is no guess."""
        for rule in self.rules:
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

    def _probe_all(
        self,
        url: str,
        landing: str,
        candidates: list[Candidate],
        key: str,
        hints: RecordHints,
        *,
        requests: int,
        probes: int = 0,
        analysis: PageAnalysis | None = None,
        reserved: Reservation | None = None,
        strict: bool = False,
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
        flow = ProbeFlow(
            url,
            landing,
            tuple(candidates),
            rejected=analysis.rejected if analysis is not None else (),
            requests=requests,
            probes=probes,
            max_probes=self.max_probes,
            strict=strict,
            hinted=not hints.empty,
            reserved=reserved is not None,
            work_type=analysis.work_type if analysis is not None else "",
        )
        while True:
            flow, action = next_action(flow)
            if isinstance(action, Finish):
                return resolution_of(flow)
            candidate = action.candidate
            result = self._probe(candidate.url, key, hints, action.require, reserved)
            if result.status == WRONG_FILE and candidate.source == "learned":
                self._forget(landing, candidate)
            flow, ended = after_probe(flow, action, result)
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

    def _unverified(
        self, url: str, landing: str, analysis: PageAnalysis, *, requests: int
    ) -> Resolution:
        if analysis.kind == KIND_BLOCKED:
            return Resolution(
                url=url,
                landing_url=landing,
                file_url=None,
                kind=KIND_BLOCKED,
                status=BLOCKED,
                reason=analysis.reason,
                requests=requests,
            )
        if analysis.kind != KIND_PDF:
            return Resolution(
                url=url,
                landing_url=landing,
                file_url=None,
                kind=analysis.kind,
                status=NO_FULLTEXT,
                reason=analysis.reason,
                candidates=analysis.rejected,
                requests=requests,
            )
        top = analysis.candidates[0]
        return Resolution(
            url=url,
            landing_url=landing,
            file_url=top.url,
            kind=KIND_PDF,
            status=UNVERIFIED,
            reason=f"{analysis.reason} (not verified)",
            candidates=(*analysis.candidates, *analysis.rejected),
            requests=requests,
        )

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


def _unread(url: str, landing: str, outcome: Outcome, *, requests: int) -> Resolution:
    """A landing page whose request gave no page: blocked, retry-later or failed."""
    status = resolution_status(outcome.status)
    return Resolution(
        url=url,
        landing_url=landing,
        file_url=None,
        kind=KIND_BLOCKED if status == BLOCKED else KIND_NONE,
        status=status,
        reason=outcome.reason,
        requests=requests,
        retriable=outcome.retriable,
    )


def _refused(url: str, reason: str, *, landing: str = "", requests: int = 0) -> Resolution:
    """A landing page refused by the resolver itself (a problematic URL, a page too large)."""
    return Resolution(
        url=url,
        landing_url=landing or url,
        file_url=None,
        kind=KIND_NONE,
        status=FAILED,
        reason=reason,
        requests=requests,
    )
