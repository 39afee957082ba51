"""The clock seam: every wait in politeharvest goes through a `Clock`.

This is the only module (with the shell that uses it) allowed to read the
system time or sleep, so that a simulated 12-hour harvest can run in
milliseconds on `politeharvest.testing.FakeClock`.
"""

from __future__ import annotations

import time
from typing import Protocol, runtime_checkable

__all__ = ["Clock", "SystemClock"]


@runtime_checkable
class Clock(Protocol):
    """What politeharvest needs to know about time.

    `now` is wall-clock time (seconds since the epoch, UTC), used for anything
    stored or shown: job starts, deadlines reported to callers, Retry-After
    dates. `monotonic` never goes backwards and paces requests. `sleep` waits;
    `reason` says why, for audit logs and `FakeClock` records.
    """

    def now(self) -> float:
        """Return wall-clock seconds since the epoch."""
        ...

    def monotonic(self) -> float:
        """Return seconds on a clock that never goes backwards."""
        ...

    def sleep(self, seconds: float, reason: str = "") -> None:
        """Wait `seconds` (never negative); `reason` is for the record."""
        ...


class SystemClock:
    """The real clock: `time.time`, `time.monotonic` and `time.sleep`."""

    def now(self) -> float:
        """Return `time.time()`."""
        return time.time()

    def monotonic(self) -> float:
        """Return `time.monotonic()`."""
        return time.monotonic()

    def sleep(self, seconds: float, reason: str = "") -> None:
        """Sleep for `seconds` with `time.sleep` (negative values sleep not at all)."""
        if seconds > 0:
            time.sleep(seconds)

    def __repr__(self) -> str:
        return "SystemClock()"
