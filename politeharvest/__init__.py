"""politeharvest: harvest scholarly repositories politely.

OAI-PMH metadata and the full-text files behind it, without straining the
servers that host them. Every request goes through one `PoliteSession`, which
obeys robots.txt, paces each host end-to-start, waits out 429/503, follows
redirects only within the site, and never outlives the job's budget.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import exceptions

if TYPE_CHECKING:
    from . import presets
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
    from ._plan import HarvestPlan, HarvestSummary, PageResult, PlanCursor
    from ._policy import DEFAULT_USER_AGENT, Politeness
    from ._quick import harvest
    from ._redirects import Follow, RedirectDecision, RedirectPolicy, Stop, registrable_domain
    from ._retry import RetryDecision, parse_retry_after, retry_decision
    from ._robots import RobotsDecision, RobotsGate, RobotsTxt
    from ._session import PoliteSession, RequestEvent, SessionStats
    from ._sinks import CallbackSink, JsonlSink, Sink, SQLiteSink
    from ._state import Checkpoint, SQLiteStateStore, StateStore, UrlOutcome

from ._version import __version__

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

# Every public name loads on first use (``import politeharvest`` costs a few milliseconds),
# and the full-text parts (bs4, pypdf, the landing rules) only when full text is used: a
# metadata-only harvest never imports them.
_LATER = {
    "Clock": ("_clock", "Clock"),
    "SystemClock": ("_clock", "SystemClock"),
    "OaiCursor": ("_oai", "OaiCursor"),
    "OaiFormat": ("_oai", "OaiFormat"),
    "OaiIdentify": ("_oai", "OaiIdentify"),
    "OaiPage": ("_oai", "OaiPage"),
    "OaiPager": ("_oai", "OaiPager"),
    "OaiRecord": ("_oai", "OaiRecord"),
    "OaiSet": ("_oai", "OaiSet"),
    "format_datestamp": ("_oai", "format_datestamp"),
    "windows": ("_oai", "windows"),
    "Busy": ("_pacing", "Busy"),
    "HostPacer": ("_pacing", "HostPacer"),
    "HostState": ("_pacing", "HostState"),
    "MemoryPaceStore": ("_pacing", "MemoryPaceStore"),
    "PaceStore": ("_pacing", "PaceStore"),
    "Slot": ("_pacing", "Slot"),
    "SQLitePaceStore": ("_pacing", "SQLitePaceStore"),
    "host_key": ("_pacing", "host_key"),
    "HarvestPlan": ("_plan", "HarvestPlan"),
    "HarvestSummary": ("_plan", "HarvestSummary"),
    "PageResult": ("_plan", "PageResult"),
    "PlanCursor": ("_plan", "PlanCursor"),
    "DEFAULT_USER_AGENT": ("_policy", "DEFAULT_USER_AGENT"),
    "Politeness": ("_policy", "Politeness"),
    "harvest": ("_quick", "harvest"),
    "Follow": ("_redirects", "Follow"),
    "RedirectDecision": ("_redirects", "RedirectDecision"),
    "RedirectPolicy": ("_redirects", "RedirectPolicy"),
    "Stop": ("_redirects", "Stop"),
    "registrable_domain": ("_redirects", "registrable_domain"),
    "RetryDecision": ("_retry", "RetryDecision"),
    "parse_retry_after": ("_retry", "parse_retry_after"),
    "retry_decision": ("_retry", "retry_decision"),
    "RobotsDecision": ("_robots", "RobotsDecision"),
    "RobotsGate": ("_robots", "RobotsGate"),
    "RobotsTxt": ("_robots", "RobotsTxt"),
    "PoliteSession": ("_session", "PoliteSession"),
    "RequestEvent": ("_session", "RequestEvent"),
    "SessionStats": ("_session", "SessionStats"),
    "CallbackSink": ("_sinks", "CallbackSink"),
    "JsonlSink": ("_sinks", "JsonlSink"),
    "Sink": ("_sinks", "Sink"),
    "SQLiteSink": ("_sinks", "SQLiteSink"),
    "Checkpoint": ("_state", "Checkpoint"),
    "SQLiteStateStore": ("_state", "SQLiteStateStore"),
    "StateStore": ("_state", "StateStore"),
    "UrlOutcome": ("_state", "UrlOutcome"),
    "FullText": ("_fulltext", "FullText"),
    "FullTextStep": ("_fulltext", "FullTextStep"),
    "candidate_urls": ("_fulltext", "candidate_urls"),
    "run_batch": ("_fulltext", "run_batch"),
    "LANDING_RULES": ("_landing", "RULES"),
    "Candidate": ("_landing", "Candidate"),
    "PageAnalysis": ("_landing", "PageAnalysis"),
    "SiteRule": ("_landing", "SiteRule"),
    "find_candidates": ("_landing", "find_candidates"),
    "challenge_evidence": ("_challenge", "challenge_evidence"),
    "FileResult": ("_pdf", "FileResult"),
    "PdfFetcher": ("_pdf", "PdfFetcher"),
    "looks_like_pdf": ("_pdf", "looks_like_pdf"),
    "safe_filename": ("_pdf", "safe_filename"),
    "LandingPageResolver": ("_resolver", "LandingPageResolver"),
    "Resolution": ("_resolver", "Resolution"),
}

if TYPE_CHECKING:
    from ._challenge import challenge_evidence
    from ._fulltext import FullText, FullTextStep, candidate_urls, run_batch
    from ._landing import RULES as LANDING_RULES
    from ._landing import Candidate, PageAnalysis, SiteRule, find_candidates
    from ._pdf import FileResult, PdfFetcher, looks_like_pdf, safe_filename
    from ._resolver import LandingPageResolver, Resolution


def _public(value: Any, name: str) -> Any:
    if (
        isinstance(value, type)
        and value.__module__.startswith("politeharvest.")
        and name in __all__
    ):
        # help() and reprs show the public path, politeharvest.OaiPager.
        value.__module__ = "politeharvest"
    return value


def __getattr__(name: str) -> Any:
    if name == "presets":
        import importlib

        return importlib.import_module(".presets", __name__)
    if name in _LATER:
        import importlib

        module, attribute = _LATER[name]
        value = _public(getattr(importlib.import_module(f".{module}", __name__), attribute), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LATER})


for _name in __all__:
    if _name not in _LATER:
        _public(globals().get(_name), _name)
del _name
