"""politeharvest: harvest scholarly repositories politely.

OAI-PMH metadata and the full-text files behind it, without straining the
servers that host them. Every request goes through one `PoliteSession`, which
obeys robots.txt, paces each host end-to-start, waits out 429/503, follows
redirects only within the site, and never outlives the job's budget.
"""

from __future__ import annotations

from . import exceptions, presets
from ._challenge import challenge_evidence
from ._clock import Clock, SystemClock
from ._fulltext import FullText, FullTextStep, candidate_urls, run_batch
from ._landing import RULES as LANDING_RULES
from ._landing import Candidate, PageAnalysis, SiteRule, find_candidates
from ._oai import (
    OaiCursor,
    OaiFormat,
    OaiIdentify,
    OaiPage,
    OaiPager,
    OaiRecord,
    OaiSet,
    format_datestamp,
    windows,
)
from ._pacing import (
    Busy,
    HostPacer,
    HostState,
    MemoryPaceStore,
    PaceStore,
    Slot,
    SQLitePaceStore,
    host_key,
)
from ._pdf import FileResult, PdfFetcher, looks_like_pdf, safe_filename
from ._plan import HarvestPlan, HarvestSummary, PageResult, PlanCursor
from ._policy import DEFAULT_USER_AGENT, Politeness
from ._quick import harvest
from ._redirects import Follow, RedirectDecision, RedirectPolicy, Stop, registrable_domain
from ._resolver import LandingPageResolver, Resolution
from ._retry import RetryDecision, parse_retry_after, retry_decision
from ._robots import RobotsDecision, RobotsGate, RobotsTxt
from ._session import PoliteSession, RequestEvent, SessionStats
from ._sinks import CallbackSink, JsonlSink, Sink, SQLiteSink
from ._state import Checkpoint, SQLiteStateStore, StateStore, UrlOutcome

__version__ = "0.1.0.dev0"

__all__ = [
    "DEFAULT_USER_AGENT",
    "LANDING_RULES",
    "Busy",
    "CallbackSink",
    "Candidate",
    "Checkpoint",
    "Clock",
    "FileResult",
    "Follow",
    "FullText",
    "FullTextStep",
    "HarvestPlan",
    "HarvestSummary",
    "HostPacer",
    "HostState",
    "JsonlSink",
    "LandingPageResolver",
    "MemoryPaceStore",
    "OaiCursor",
    "OaiFormat",
    "OaiIdentify",
    "OaiPage",
    "OaiPager",
    "OaiRecord",
    "OaiSet",
    "PaceStore",
    "PageAnalysis",
    "PageResult",
    "PdfFetcher",
    "PlanCursor",
    "PoliteSession",
    "Politeness",
    "RedirectDecision",
    "RedirectPolicy",
    "RequestEvent",
    "Resolution",
    "RetryDecision",
    "RobotsDecision",
    "RobotsGate",
    "RobotsTxt",
    "SQLitePaceStore",
    "SQLiteSink",
    "SQLiteStateStore",
    "SessionStats",
    "Sink",
    "SiteRule",
    "Slot",
    "StateStore",
    "Stop",
    "SystemClock",
    "UrlOutcome",
    "__version__",
    "candidate_urls",
    "challenge_evidence",
    "exceptions",
    "find_candidates",
    "format_datestamp",
    "harvest",
    "host_key",
    "looks_like_pdf",
    "parse_retry_after",
    "presets",
    "registrable_domain",
    "retry_decision",
    "run_batch",
    "safe_filename",
    "windows",
]
