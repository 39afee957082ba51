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
    from ._policy import DEFAULT_USER_AGENT, Politeness
    from .net._pacing import (
        Busy,
        HostPacer,
        HostState,
        MemoryPaceStore,
        PaceStore,
        Slot,
        SQLitePaceStore,
        host_key,
    )
    from .net._redirects import Follow, RedirectDecision, RedirectPolicy, Stop, registrable_domain
    from .net._retry import RetryDecision, parse_retry_after, retry_decision
    from .net._robots import RobotsDecision, RobotsGate, RobotsTxt
    from .net._session import PoliteSession, RequestEvent, SessionStats
    from .oai._cursor import OaiCursor
    from .oai._datestamps import format_datestamp, windows
    from .oai._pager import OaiPager
    from .oai._quick import harvest
    from .oai._records import OaiFormat, OaiIdentify, OaiPage, OaiRecord, OaiSet
    from .plan._cursor import HarvestSummary, PageResult, PlanCursor
    from .plan._plan import HarvestPlan
    from .store._sinks import CallbackSink, JsonlSink, Sink, SQLiteSink
    from .store._state import Checkpoint, SQLiteStateStore, StateStore, UrlOutcome

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
# and the full-text parts (bs4, pypdfium2, the landing rules) only when full text is used: a
# metadata-only harvest never imports them.
_LATER = {
    "Clock": ("_clock", "Clock"),
    "SystemClock": ("_clock", "SystemClock"),
    "OaiCursor": ("oai._cursor", "OaiCursor"),
    "OaiFormat": ("oai._records", "OaiFormat"),
    "OaiIdentify": ("oai._records", "OaiIdentify"),
    "OaiPage": ("oai._records", "OaiPage"),
    "OaiPager": ("oai._pager", "OaiPager"),
    "OaiRecord": ("oai._records", "OaiRecord"),
    "OaiSet": ("oai._records", "OaiSet"),
    "format_datestamp": ("oai._datestamps", "format_datestamp"),
    "windows": ("oai._datestamps", "windows"),
    "Busy": ("net._pacing", "Busy"),
    "HostPacer": ("net._pacing", "HostPacer"),
    "HostState": ("net._pacing", "HostState"),
    "MemoryPaceStore": ("net._pacing", "MemoryPaceStore"),
    "PaceStore": ("net._pacing", "PaceStore"),
    "Slot": ("net._pacing", "Slot"),
    "SQLitePaceStore": ("net._pacing", "SQLitePaceStore"),
    "host_key": ("net._pacing", "host_key"),
    "HarvestPlan": ("plan._plan", "HarvestPlan"),
    "HarvestSummary": ("plan._cursor", "HarvestSummary"),
    "PageResult": ("plan._cursor", "PageResult"),
    "PlanCursor": ("plan._cursor", "PlanCursor"),
    "DEFAULT_USER_AGENT": ("_policy", "DEFAULT_USER_AGENT"),
    "Politeness": ("_policy", "Politeness"),
    "harvest": ("oai._quick", "harvest"),
    "Follow": ("net._redirects", "Follow"),
    "RedirectDecision": ("net._redirects", "RedirectDecision"),
    "RedirectPolicy": ("net._redirects", "RedirectPolicy"),
    "Stop": ("net._redirects", "Stop"),
    "registrable_domain": ("net._redirects", "registrable_domain"),
    "RetryDecision": ("net._retry", "RetryDecision"),
    "parse_retry_after": ("net._retry", "parse_retry_after"),
    "retry_decision": ("net._retry", "retry_decision"),
    "RobotsDecision": ("net._robots", "RobotsDecision"),
    "RobotsGate": ("net._robots", "RobotsGate"),
    "RobotsTxt": ("net._robots", "RobotsTxt"),
    "PoliteSession": ("net._session", "PoliteSession"),
    "RequestEvent": ("net._session", "RequestEvent"),
    "SessionStats": ("net._session", "SessionStats"),
    "CallbackSink": ("store._sinks", "CallbackSink"),
    "JsonlSink": ("store._sinks", "JsonlSink"),
    "Sink": ("store._sinks", "Sink"),
    "SQLiteSink": ("store._sinks", "SQLiteSink"),
    "Checkpoint": ("store._state", "Checkpoint"),
    "SQLiteStateStore": ("store._state", "SQLiteStateStore"),
    "StateStore": ("store._state", "StateStore"),
    "UrlOutcome": ("store._state", "UrlOutcome"),
    "FullText": ("fulltext._step", "FullText"),
    "FullTextStep": ("fulltext._step", "FullTextStep"),
    "candidate_urls": ("fulltext._step", "candidate_urls"),
    "run_batch": ("fulltext._step", "run_batch"),
    "LANDING_RULES": ("fulltext._rules", "RULES"),
    "Candidate": ("fulltext._candidate", "Candidate"),
    "PageAnalysis": ("fulltext._candidate", "PageAnalysis"),
    "SiteRule": ("fulltext._rules", "SiteRule"),
    "find_candidates": ("fulltext._landing", "find_candidates"),
    "challenge_evidence": ("net._challenge", "challenge_evidence"),
    "FileResult": ("fulltext._pdf", "FileResult"),
    "PdfFetcher": ("fulltext._pdf", "PdfFetcher"),
    "looks_like_pdf": ("fulltext._pdf", "looks_like_pdf"),
    "safe_filename": ("fulltext._pdf", "safe_filename"),
    "LandingPageResolver": ("fulltext._resolver", "LandingPageResolver"),
    "Resolution": ("fulltext._resolver", "Resolution"),
}

if TYPE_CHECKING:
    from .fulltext._candidate import Candidate, PageAnalysis
    from .fulltext._landing import find_candidates
    from .fulltext._pdf import FileResult, PdfFetcher, looks_like_pdf, safe_filename
    from .fulltext._resolver import LandingPageResolver, Resolution
    from .fulltext._rules import RULES as LANDING_RULES
    from .fulltext._rules import SiteRule
    from .fulltext._step import FullText, FullTextStep, candidate_urls, run_batch
    from .net._challenge import challenge_evidence


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
