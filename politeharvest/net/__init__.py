"""The network, politely.

`PoliteSession` (robots.txt, per-host pacing, 429/503 waits, redirects
within the site, budgets), and the pure decisions beneath it: pacing, robots.txt, redirects
and Retry-After.
"""

from __future__ import annotations

from politeharvest._clock import Clock, SystemClock
from politeharvest._paths import publish

from ._door import (
    Ahead,
)
from ._pacing import (
    Busy,
    HostPacer,
    HostState,
    MemoryPaceStore,
    PaceStore,
    Slot,
    SQLitePaceStore,
)
from ._redirects import (
    Follow,
    RedirectDecision,
    RedirectPolicy,
    Stop,
)
from ._retry import (
    RetryDecision,
    parse_retry_after,
    retry_decision,
)
from ._robots import (
    RobotsDecision,
    RobotsGate,
    RobotsTxt,
)
from ._session import (
    PoliteSession,
    RequestEvent,
    SessionStats,
)
from ._transport import (
    GuardedAdapter,
)
from ._urls import (
    host_key,
    registrable_domain,
)

__all__ = [
    "Ahead",
    "Busy",
    "Clock",
    "Follow",
    "GuardedAdapter",
    "HostPacer",
    "HostState",
    "MemoryPaceStore",
    "PaceStore",
    "PoliteSession",
    "RedirectDecision",
    "RedirectPolicy",
    "RequestEvent",
    "RetryDecision",
    "RobotsDecision",
    "RobotsGate",
    "RobotsTxt",
    "SQLitePaceStore",
    "SessionStats",
    "Slot",
    "Stop",
    "SystemClock",
    "host_key",
    "parse_retry_after",
    "registrable_domain",
    "retry_decision",
]

publish(globals())
