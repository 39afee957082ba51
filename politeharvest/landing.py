"""From a landing page to its file: site rules as data, candidates, the resolver."""

from __future__ import annotations

from ._challenge import challenge_evidence
from ._landing import (
    RULES,
    Candidate,
    PageAnalysis,
    PageFacts,
    Regions,
    SiteRule,
    find_candidates,
    page_facts,
    parse_link_header,
    parse_linkset,
)
from ._resolver import LandingPageResolver, Resolution

__all__ = [
    "RULES",
    "Candidate",
    "LandingPageResolver",
    "PageAnalysis",
    "PageFacts",
    "Regions",
    "Resolution",
    "SiteRule",
    "challenge_evidence",
    "find_candidates",
    "page_facts",
    "parse_link_header",
    "parse_linkset",
]
