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
from ._pacing import Busy, HostPacer, HostState, MemoryPaceStore, PaceStore, Slot, host_key
from ._plan import HarvestPlan, HarvestSummary, PageResult, PlanCursor
from ._policy import DEFAULT_USER_AGENT, Politeness
from ._redirects import Follow, RedirectDecision, RedirectPolicy, Stop, registrable_domain
from ._retry import RetryDecision, parse_retry_after, retry_decision
from ._robots import RobotsDecision, RobotsGate, RobotsTxt
from ._session import PoliteSession, RequestEvent, SessionStats
from ._sinks import CallbackSink, JsonlSink, Sink, SQLiteSink
from ._state import Checkpoint, SQLiteStateStore, StateStore, UrlOutcome

__version__ = "0.1.0.dev0"

__all__ = [
    "DEFAULT_USER_AGENT",
    "Busy",
    "CallbackSink",
    "Checkpoint",
    "Clock",
    "Follow",
    "HarvestPlan",
    "HarvestSummary",
    "HostPacer",
    "HostState",
    "JsonlSink",
    "MemoryPaceStore",
    "OaiCursor",
    "OaiFormat",
    "OaiIdentify",
    "OaiPage",
    "OaiPager",
    "OaiRecord",
    "OaiSet",
    "PaceStore",
    "PageResult",
    "PlanCursor",
    "PoliteSession",
    "Politeness",
    "RedirectDecision",
    "RedirectPolicy",
    "RequestEvent",
    "RetryDecision",
    "RobotsDecision",
    "RobotsGate",
    "RobotsTxt",
    "SQLiteSink",
    "SQLiteStateStore",
    "SessionStats",
    "Sink",
    "Slot",
    "StateStore",
    "Stop",
    "SystemClock",
    "UrlOutcome",
    "__version__",
    "challenge_evidence",
    "exceptions",
    "format_datestamp",
    "host_key",
    "parse_retry_after",
    "presets",
    "registrable_domain",
    "retry_decision",
    "windows",
]
