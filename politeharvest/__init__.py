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

#: What most users need. Parts for advanced use live in public submodules:
#: `politeharvest.oai`, `.session`, `.pacing`, `.robots`, `.redirects`, `.retry`,
#: `.landing`, `.fulltext`, `.state`, `.sinks`, `.presets`, `.exceptions`, `.testing`.
#: (Everything listed there stays importable from here too.)
__all__ = [
    "Deferred",
    "FullText",
    "HarvestError",
    "HarvestPlan",
    "HarvestSummary",
    "JsonlSink",
    "LandingPageResolver",
    "OaiCursor",
    "OaiPage",
    "OaiPager",
    "OaiRecord",
    "PageResult",
    "PdfFetcher",
    "PlanCursor",
    "PoliteSession",
    "Politeness",
    "RequestEvent",
    "Resolution",
    "SQLiteStateStore",
    "WaitRequired",
    "__version__",
    "exceptions",
    "harvest",
    "presets",
]

# Every exception is importable from the top level (``from politeharvest import WaitRequired``).
from .exceptions import *

for _name in __all__:
    _value = globals().get(_name)
    if isinstance(_value, type) and _value.__module__.startswith("politeharvest."):
        # help() and reprs show the public path, politeharvest.OaiPager.
        _value.__module__ = "politeharvest"
del _name, _value
