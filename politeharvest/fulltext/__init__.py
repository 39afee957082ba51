"""Full text: the record's own file, or none.

The per-record step and batch mode, landing pages and their site rules, the resolver, the
fetcher and the identity check.
"""

from __future__ import annotations

from politeharvest._paths import publish
from politeharvest.net._challenge import challenge_evidence

from ._candidate import Candidate, PageAnalysis
from ._identity import Identity, RecordHints, check_identity, decide, pdf_text
from ._landing import find_candidates
from ._pagefacts import PageFacts, page_facts
from ._pdf import FileResult, PdfFetcher, looks_like_pdf, safe_filename
from ._regions import Regions
from ._resolver import LandingPageResolver, Resolution
from ._rules import RULES, SiteRule
from ._signposting import parse_link_header, parse_linkset
from ._step import FullText, FullTextStep, candidate_urls, run_batch

__all__ = [
    "RULES",
    "Candidate",
    "FileResult",
    "FullText",
    "FullTextStep",
    "Identity",
    "LandingPageResolver",
    "PageAnalysis",
    "PageFacts",
    "PdfFetcher",
    "RecordHints",
    "Regions",
    "Resolution",
    "SiteRule",
    "candidate_urls",
    "challenge_evidence",
    "check_identity",
    "decide",
    "find_candidates",
    "looks_like_pdf",
    "page_facts",
    "parse_link_header",
    "parse_linkset",
    "pdf_text",
    "run_batch",
    "safe_filename",
]

publish(globals())
