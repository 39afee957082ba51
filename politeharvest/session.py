"""The polite door: `PoliteSession`, its request events and statistics, and the clock seam."""

from __future__ import annotations

from ._clock import Clock, SystemClock
from ._door import Ahead
from ._session import PoliteSession, RequestEvent, SessionStats
from ._transport import GuardedAdapter

__all__ = [
    "Ahead",
    "Clock",
    "GuardedAdapter",
    "PoliteSession",
    "RequestEvent",
    "SessionStats",
    "SystemClock",
]
