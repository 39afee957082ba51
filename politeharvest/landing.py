"""From a landing page to its file: site rules as data, candidates, the resolver."""

from __future__ import annotations

from ._challenge import challenge_evidence
from ._landing import RULES, Candidate, PageAnalysis, Regions, SiteRule, find_candidates
from ._resolver import LandingPageResolver, Resolution

__all__ = [
    "RULES",
    "Candidate",
    "LandingPageResolver",
    "PageAnalysis",
    "Regions",
    "Resolution",
    "SiteRule",
    "challenge_evidence",
    "find_candidates",
]
