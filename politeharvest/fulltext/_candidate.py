"""The values `find_candidates` answers with: a `Candidate` and a `PageAnalysis` (core).

A candidate carries its source, its evidence and its score; `element_signature`
is the tag and class path of the element that held it (what the resolver learns
about a site's structure).
"""

from __future__ import annotations

import re
from typing import Any, Final, Literal

import attrs
from bs4 import Tag

__all__ = [
    "KIND_BLOCKED",
    "KIND_DATASET",
    "KIND_HTML_FULLTEXT",
    "KIND_NONE",
    "KIND_PDF",
    "MIN_SCORE",
    "WEAK_EVIDENCE",
    "Candidate",
    "Kind",
    "PageAnalysis",
    "element_signature",
    "weak_evidence",
]


Kind = Literal["pdf", "dataset", "html-fulltext", "none", "blocked"]

KIND_PDF: Final = "pdf"
KIND_DATASET: Final = "dataset"
KIND_HTML_FULLTEXT: Final = "html-fulltext"
KIND_NONE: Final = "none"
KIND_BLOCKED: Final = "blocked"


@attrs.frozen
class Candidate:
    """A possible full-text URL, with where it came from and why it ranks where it does.

    Attributes:
        url: the absolute URL (query kept, fragment dropped).
        source: ``"rule:<name>"``, ``"meta:<name>"``, ``"link:alternate"``, ``"learned"``,
            ``"anchor"``.
        evidence: what was seen (``"meta citation_pdf_url"``, ``"anchor text 'Download PDF'"``).
        score: higher is tried first; below `MIN_SCORE` a candidate is not kept.
        rejected: why it was rejected, or None if kept.
        signature: the tag/class path of the element (for learning), if any.
        strong: the evidence alone says this is the article's own file (a site rule's
            selector or extractor, a same-site ``citation_pdf_url``); a file from a weak
            candidate (anchor, learned structure, URL guess, another site's meta) is kept
            only when its text matches the record.
    """

    url: str
    source: str
    evidence: str
    score: float
    rejected: str | None = None
    signature: str = ""
    strong: bool = False


@attrs.frozen
class PageAnalysis:
    """What a landing page says, before any probe.

    Attributes:
        url: the page's address.
        kind: ``"blocked"`` (challenge or sign-in wall), ``"html-fulltext"`` (the page is
            the article), ``"none"`` or ``"pdf"`` (candidates found; unverified).
        reason: the rule and evidence behind `kind`.
        candidates: kept candidates, best first.
        rejected: candidates considered and rejected, with reasons.
        linksets: FAIR Signposting linksets the page points to (their items are the
            work's files; reading one is a request, left to the resolver).
        work_type: what the page says its work is, when it says it is not a text (its
            JSON-LD ``@type``: ``"Dataset"``), else "". A dataset's files are its data and
            their documentation: only a file the page declares strongly is tried.
        fallback: the rejected links that are files by their own markup or address and were
            rejected for want of evidence alone (nothing says they are another document),
            best first: when no candidate is kept, the best one is worth one probe whose
            file must match the record.
    """

    url: str
    kind: Kind
    reason: str
    candidates: tuple[Candidate, ...] = ()
    rejected: tuple[Candidate, ...] = ()
    linksets: tuple[str, ...] = ()
    work_type: str = ""
    fallback: tuple[Candidate, ...] = ()


#: Candidates scoring below this are not kept (anchor evidence too weak).
MIN_SCORE = 40.0

#: How a link rejected for want of evidence alone is told (`weak_evidence`): nothing says
#: it is another document, only too little says it is the article's file.
WEAK_EVIDENCE: Final = "weak evidence"


def weak_evidence(score: float, bar: float = MIN_SCORE, why: str = "") -> str:
    """The rejection of a link whose evidence is too weak (and says nothing against it)."""
    return f"{WEAK_EVIDENCE}{f' {why}' if why else ''} (score {score:.0f} < {bar:.0f})"


def element_signature(element: Tag, depth: int = 12) -> str:
    """The tag.class path from the page root to `element` (PublicationsRetriever's idea)."""
    parts = []
    current: Any = element
    while isinstance(current, Tag) and current.name not in ("[document]", "html") and depth:
        classes = ".".join(
            sorted(c for c in current.get("class") or [] if not re.search(r"\d{3,}", c))
        )
        parts.append(current.name + (f".{classes}" if classes else ""))
        current = current.parent
        depth -= 1
    return " > ".join(reversed(parts))
