"""`RedisPaceStore` (shell): one pacing per host for every worker of a fleet, in Redis.

Every pacing decision is one Lua script that reads the Redis server's clock (``TIME``), never a
worker's: a slot's start, a hold, a lease expiry are all in server time, and converted to the
caller's clock only when handed back (``start_at`` = caller's now + the server's delay). The
rule is `HostPacer`'s (`net._pacing`), written again in Lua so that a reservation is atomic.
"""

from __future__ import annotations

import uuid
from typing import Any

from politeharvest._clock import Clock, SystemClock
from politeharvest._process import owner_id, process_alive
from politeharvest.net._pacing import Busy, Slot

from ._connection import SERVER_NOW, RedisConnection

__all__ = ["RedisPaceStore"]

_RESERVE = (
    SERVER_NOW
    + """
local p, host, job = ARGV[1], ARGV[2], ARGV[3]
local gap, jitter, lease_s, poll = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]),
    tonumber(ARGV[7])
local token, owner, dead = ARGV[8], ARGV[9], ARGV[10]
local hk = p .. 'pace:' .. host
local s = redis.call('HMGET', hk, 'last_end', 'hold_until', 'in_flight', 'lease_until',
    'hold_reason', 'owner')
local last_end, hold_until = tonumber(s[1]), tonumber(s[2]) or 0
local in_flight, lease_until = s[3], tonumber(s[4]) or 0
if in_flight and in_flight ~= '' and lease_until > now and s[6] ~= dead then
  return {'busy', tostring(math.min(lease_until, now + poll) - now)}
end
local mult = tonumber(redis.call('HGET', p .. job, 'mult')) or 1
local start, reason = now, 'none'
if last_end then
  local paced = last_end + gap * mult + math.max(0, jitter)
  if paced > start then start = paced; reason = 'gap' end
end
if hold_until > start then start = hold_until; reason = 'hold' end
redis.call('HSET', hk, 'in_flight', token, 'lease_until', tostring(math.max(start, now) + lease_s),
    'owner', owner)
return {'slot', tostring(start - now), reason, tostring(mult), s[5] or 'retry-after'}
"""
)

_RELEASE = (
    SERVER_NOW
    + """
local p, host, token, age = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local hk = p .. 'pace:' .. host
if age ~= '' then
  local end_at = now - tonumber(age)
  local last = tonumber(redis.call('HGET', hk, 'last_end'))
  if (not last) or end_at > last then redis.call('HSET', hk, 'last_end', tostring(end_at)) end
end
if redis.call('HGET', hk, 'in_flight') == token then
  redis.call('HSET', hk, 'in_flight', '', 'lease_until', '0')
end
return 1
"""
)

_HOLD = (
    SERVER_NOW
    + """
local p, host, delay, reason = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4]
local hk = p .. 'pace:' .. host
local untl = now + delay
if untl > (tonumber(redis.call('HGET', hk, 'hold_until')) or 0) then
  redis.call('HSET', hk, 'hold_until', tostring(untl), 'hold_reason', reason)
end
return 1
"""
)

_SLOW = """
local p, key, factor, cap, ttl = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]),
    tonumber(ARGV[5])
local jk = p .. key
local cur = tonumber(redis.call('HGET', jk, 'mult')) or 1
local value = math.max(cur, math.min(cap, math.max(1, cur) * factor))
redis.call('HSET', jk, 'mult', tostring(value))
redis.call('EXPIRE', jk, ttl)
return tostring(value)
"""


class RedisPaceStore(RedisConnection):
    """A `PaceStore` in Redis: every worker on every machine shares one pacing per host.

    Decisions use the Redis server's clock. A reservation (one request in flight per host)
    lapses after its lease, so a killed worker's turn is taken over; on the worker's own
    machine a dead process's reservation is taken over at once.

    Args:
        url: ``redis://host:6379/0`` (``?prefix=NAME`` to share one Redis between fleets),
            or a redis-py client.
        clock: the caller's clock (times handed in and out are on it).
        poll_s: how soon a caller finding the host busy asks again.
        shared_slowdown: the x2-up-to-x8 slow-down after a 429/503 applies to every job of
            the fleet on that host (not only the job that was answered), and lapses
            `slowdown_ttl_s` after the last one. False: per job, as on one machine.
        slowdown_ttl_s: how long a shared slow-down lasts after the last 429/503.
    """

    def __init__(
        self,
        url: Any,
        *,
        prefix: str | None = None,
        clock: Clock | None = None,
        poll_s: float = 0.005,
        shared_slowdown: bool = True,
        slowdown_ttl_s: float = 3600.0,
    ) -> None:
        super().__init__(url, prefix)
        self.shared_slowdown = shared_slowdown
        self.slowdown_ttl_s = slowdown_ttl_s
        self.clock = clock or SystemClock()
        self.poll_s = poll_s
        self._owner = owner_id()

    def __repr__(self) -> str:
        return f"RedisPaceStore({self.url!r})"

    def _slow_key(self, host: str, job: str) -> str:
        return f"slow:{host}" if self.shared_slowdown else f"job:{job}:{host}"

    def reserve(
        self,
        host: str,
        *,
        job: str,
        now: float,
        gap: float,
        gap_reason: str,
        jitter: float,
        lease_s: float,
    ) -> Slot | Busy:
        """See `PaceStore.reserve`."""
        holder = self._call(lambda: self.client.hget(self._k("pace", host), "owner"))
        owner = holder.decode() if holder else ""
        dead = owner if owner and not process_alive(owner) else "\0"
        token = uuid.uuid4().hex
        answer = self._run(
            "reserve",
            _RESERVE,
            host,
            self._slow_key(host, job),
            repr(gap),
            repr(jitter),
            repr(lease_s),
            repr(self.poll_s),
            token,
            self._owner,
            dead,
        )
        # The server's delays count from when the script ran; the caller's clock is read
        # after the answer came back, so a mapped start is late by the return trip, never early.
        now = max(now, self.clock.monotonic())
        kind = answer[0].decode()
        if kind == "busy":
            return Busy(host, now + float(answer[1]))
        delay, rule, multiplier = float(answer[1]), answer[2].decode(), float(answer[3])
        if rule == "gap":
            reason = gap_reason if multiplier == 1 else f"{gap_reason} x{multiplier:g}"
        elif rule == "hold":
            reason = answer[4].decode()
        else:
            reason = "none"
        return Slot(host, token, now + delay, reason, multiplier)

    def release(self, slot: Slot, *, end: float | None) -> None:
        """See `PaceStore.release`."""
        age = "" if end is None else repr(max(0.0, self.clock.monotonic() - end))
        self._run("release", _RELEASE, slot.host, slot.token, age)

    def hold(self, host: str, until: float, *, reason: str) -> None:
        """See `PaceStore.hold`."""
        delay = until - self.clock.monotonic()
        self._run("hold", _HOLD, host, repr(delay), reason)

    def slow_down(self, host: str, *, job: str, factor: float, cap: float) -> float:
        """See `PaceStore.slow_down`."""
        key = self._slow_key(host, job)
        ttl = int(max(1.0, self.slowdown_ttl_s)) if self.shared_slowdown else 172800
        return float(self._run("slow", _SLOW, key, repr(factor), repr(cap), str(ttl)))

    def multiplier(self, host: str, *, job: str) -> float:
        """See `PaceStore.multiplier`."""
        value = self._call(
            lambda: self.client.hget(self.prefix + self._slow_key(host, job), "mult")
        )
        return float(value) if value else 1.0

    def stop_host(self, host: str, *, job: str, reason: str) -> None:
        """See `PaceStore.stop_host`."""
        key = self._k("job", job, host)
        self._call(lambda: self.client.hsetnx(key, "stopped", reason))
        self._call(lambda: self.client.expire(key, 172800))

    def stopped(self, host: str, *, job: str) -> str | None:
        """See `PaceStore.stopped`."""
        value = self._call(lambda: self.client.hget(self._k("job", job, host), "stopped"))
        return value.decode() if value else None
