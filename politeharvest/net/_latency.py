"""Slowing down when the server does: each host's answer times against its own level (core).

A server under load answers more slowly before it answers 503. The crawler best-practices
draft (draft-illyes-webbotauth-cbcp) asks a client to back off "on changes in relative
response time", not only on errors. `LatencyWatch` keeps two moving averages of a host's
answer times: its usual level (slow, and fed only by answers that are not markedly slow, so
a slow spell does not become the new normal) and its recent level (fast). When the recent
level stands well above the usual one, the gaps before the host's next requests are
stretched by the ratio (at most the policy's `max_slowdown`), as after a 503; when the
answers come back to their level, so do the gaps. The factor is never below 1: the policy's
intervals are a floor, never made shorter.

`LatencyBook` holds one watch per host for a session (a fleet's workers each watch what
they see).
"""

from __future__ import annotations

import threading

import attrs

from politeharvest._reprs import value_repr

__all__ = ["LatencyBook", "LatencyWatch"]

#: Answers seen before the usual level is trusted.
WARMUP = 3
#: The recent level must be this many times the usual one to count as slow ...
SLOW_RATIO = 2.0
#: ... and this many seconds above it (a jump from 2 ms to 5 ms is noise, not load).
SLOW_MARGIN_S = 0.05
#: Weight of a new answer in the usual level (slow) and the recent level (fast).
USUAL_WEIGHT = 0.1
RECENT_WEIGHT = 0.5


@attrs.frozen(repr=False)
class LatencyWatch:
    """One host's answer times: its usual level and its recent one (seconds).

    Attributes:
        usual: the moving average of answers that were not markedly slow.
        recent: the moving average of the last few answers.
        seen: how many answers were observed.
    """

    __repr__ = value_repr

    usual: float = 0.0
    recent: float = 0.0
    seen: int = 0

    def observe(self, seconds: float) -> LatencyWatch:
        """The watch after one more answer that took `seconds`."""
        seconds = max(0.0, seconds)
        if self.seen == 0:
            return LatencyWatch(seconds, seconds, 1)
        recent = self.recent + RECENT_WEIGHT * (seconds - self.recent)
        # A slow answer moves the usual level a tenth as much: a slow spell is not the
        # new normal, but a server that stays slow for good becomes its own level in time.
        weight = USUAL_WEIGHT
        if self.seen >= WARMUP and self._markedly_slow(seconds):
            weight = USUAL_WEIGHT / 10
        usual = self.usual + weight * (seconds - self.usual)
        return LatencyWatch(usual, recent, self.seen + 1)

    def _markedly_slow(self, seconds: float) -> bool:
        return seconds > SLOW_RATIO * self.usual and seconds - self.usual > SLOW_MARGIN_S

    def factor(self, cap: float) -> float:
        """How much longer the host's gaps should be now: 1 unless it answers slowly."""
        if self.seen < WARMUP or not self._markedly_slow(self.recent):
            return 1.0
        usual = max(self.usual, 1e-3)
        return max(1.0, min(cap, self.recent / usual))


@attrs.define(repr=False)
class LatencyBook:
    """A session's latency watches, one per host (thread-safe)."""

    __repr__ = value_repr

    _watches: dict[str, LatencyWatch] = attrs.field(factory=dict)
    _lock: threading.Lock = attrs.field(factory=threading.Lock, repr=False)

    def observe(self, host: str, seconds: float) -> None:
        """Note an answer from `host` that took `seconds`."""
        with self._lock:
            self._watches[host] = self._watches.get(host, LatencyWatch()).observe(seconds)

    def factor(self, host: str, cap: float) -> float:
        """The stretch of `host`'s gaps now (1: no slow-down)."""
        with self._lock:
            watch = self._watches.get(host)
        return 1.0 if watch is None else watch.factor(cap)

    def watch(self, host: str) -> LatencyWatch:
        """The host's watch as it stands."""
        with self._lock:
            return self._watches.get(host, LatencyWatch())
