"""Redis stores for fleets: pacing, state and an exactly-once sink shared by many machines.

Every pacing decision is one Lua script that reads the Redis server's clock (``TIME``), never a
worker's: a slot's start, a hold, a lease expiry are all in server time, and converted to the
caller's clock only when handed back (``start_at`` = caller's now + the server's delay). A
page's commit is one script too: it checks that this job still holds the host's lease (its
fencing token), records the deliveries, the checkpoint, the coverage and, for
`RedisStreamSink`, appends the page's rows to the stream, all or nothing.

When Redis cannot be reached, every call raises `StoreUnavailable` (a `Deferred`): no request
goes out unpaced, nothing is committed, and the harvest is tried again later.
"""

from __future__ import annotations

import datetime as _dt
import json
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeGuard, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import attrs

from politeharvest._clock import Clock, SystemClock
from politeharvest._process import owner_id, process_alive
from politeharvest.exceptions import LeaseLost, StoreUnavailable
from politeharvest.net._pacing import Busy, Slot
from politeharvest.store._coverage import Checkpoint, Span
from politeharvest.store._sinks import SinkMark
from politeharvest.store._state import Lease, PageCommit, Run, UrlOutcome, is_new

__all__ = [
    "RedisPaceStore",
    "RedisStateStore",
    "RedisStreamSink",
    "connect",
    "is_redis_url",
]

T = TypeVar("T")


def is_redis_url(value: object) -> TypeGuard[str]:
    """Whether ``value`` names a Redis store (``redis://``, ``rediss://``, ``unix://``).

    The one test of a Redis URL: the plan's state and sink, and the command line's
    ``--state`` and ``--out``, are all told apart by it.
    """
    return isinstance(value, str) and value.startswith(("redis://", "rediss://", "unix://"))


def _public(url: str) -> str:
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k != "password"])
    return urlunsplit((parts.scheme, f"{host}{port}", parts.path, query, ""))


def connect(url: str) -> Any:
    """A redis-py client for ``url`` (``redis://host:6379/0``); our own options removed.

    Raises:
        ImportError: redis-py is not installed (``pip install 'politeharvest[redis]'``).
    """
    try:
        import redis
    except ImportError as exc:
        raise ImportError(
            f"{_public(url)} needs redis-py: pip install 'politeharvest[redis]'"
        ) from exc
    parts = urlsplit(url)
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k not in ("stream", "prefix")])
    clean = urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))
    return redis.Redis.from_url(
        clean, socket_timeout=5.0, socket_connect_timeout=2.0, health_check_interval=10
    )


def _option(url: str, name: str, default: str) -> str:
    return dict(parse_qsl(urlsplit(url).query)).get(name, default)


class _Redis:
    """What both stores share: the client, the key prefix, scripts, and the error mapping."""

    def __init__(self, url_or_client: Any, prefix: str | None) -> None:
        if isinstance(url_or_client, str):
            self.url = _public(url_or_client)
            self.client = connect(url_or_client)
            prefix = prefix if prefix is not None else _option(url_or_client, "prefix", "ph")
        else:
            self.client = url_or_client
            kwargs = self.client.connection_pool.connection_kwargs
            self.url = f"redis://{kwargs.get('host', '?')}:{kwargs.get('port', '?')}"
        self.prefix = f"{prefix or 'ph'}:"
        self._scripts: dict[str, Any] = {}

    def close(self) -> None:
        self.client.close()

    def _call(self, action: Callable[[], T]) -> T:
        import redis

        try:
            return action()
        except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError) as exc:
            until = _dt.datetime.now(_dt.timezone.utc) + _dt.timedelta(seconds=30)
            raise StoreUnavailable(self.url, until, str(exc) or type(exc).__name__) from exc

    def _script(self, name: str, source: str) -> Any:
        if name not in self._scripts:
            self._scripts[name] = self.client.register_script(source)
        return self._scripts[name]

    def _run(self, name: str, source: str, *args: Any) -> Any:
        script = self._script(name, source)
        return self._call(lambda: script(keys=[], args=[self.prefix, *args]))

    def _k(self, *parts: str) -> str:
        return self.prefix + ":".join(parts)


# -- pacing -----------------------------------------------------------------------------------

_NOW = "local t = redis.call('TIME'); local now = tonumber(t[1]) + tonumber(t[2]) / 1e6\n"

_RESERVE = (
    _NOW
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
    _NOW
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
    _NOW
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


class RedisPaceStore(_Redis):
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


# -- state ------------------------------------------------------------------------------------

_LEASE = (
    _NOW
    + """
local p, host, holder, ttl, owner, dead = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), ARGV[5],
    ARGV[6]
local lk = p .. 'lease:' .. host
local cur = redis.call('HMGET', lk, 'holder', 'expires', 'token', 'owner')
if cur[1] and cur[1] ~= holder and tonumber(cur[2]) > now and cur[4] ~= dead then
  return {'held', cur[1]}
end
local token = tonumber(cur[3]) or 0
if cur[1] ~= holder then token = token + 1 end
redis.call('HSET', lk, 'holder', holder, 'expires', tostring(now + ttl), 'token', tostring(token),
    'owner', owner)
return {'ok', tostring(now + ttl), tostring(token)}
"""
)

_COMMIT = """
local p = ARGV[1]
local c = cjson.decode(ARGV[2])
for _, f in ipairs(c.fences) do
  local cur = redis.call('HMGET', p .. 'lease:' .. f[1], 'holder', 'token')
  if cur[1] ~= f[2] or tonumber(cur[2]) ~= tonumber(f[3]) then
    return redis.error_reply('LEASELOST ' .. f[1])
  end
end
local dk = p .. 'deliv:' .. c.scope
for _, d in ipairs(c.delivered) do
  local old = redis.call('HGET', dk, d[1])
  if (not old) or cjson.decode(old)[1] <= d[2] then
    redis.call('HSET', dk, d[1], cjson.encode({d[2], c.listing_id}))
  end
end
local lk = p .. 'listing:' .. c.listing
if c.checkpoint == cjson.null then
  local old = redis.call('GET', lk)
  if old then redis.call('SREM', p .. 'lane:' .. cjson.decode(old)[2], c.listing) end
  redis.call('DEL', lk)
else
  redis.call('SET', lk, cjson.encode(c.checkpoint))
  redis.call('SADD', p .. 'lane:' .. c.checkpoint[2], c.listing)
end
if c.coverage ~= cjson.null then
  redis.call('HSET', p .. 'coverage', c.coverage[1], c.coverage[2])
end
if c.pending ~= cjson.null then redis.call('HDEL', p .. 'kv:pending-write', c.pending) end
if c.stream ~= cjson.null then
  for _, row in ipairs(c.rows) do redis.call('XADD', c.stream, '*', 'row', row) end
end
return 1
"""


class RedisStateStore(_Redis):
    """A `StateStore` in Redis: what `SQLiteStateStore` holds, shared by every worker.

    Coverage, resume positions, delivered identifiers, URL outcomes and retry-later marks,
    small values (learned site structure, pending writes), runs (stuck runs closed) and
    per-host leases with fencing tokens. A page's commit is one atomic script that first
    checks this job's lease token: a worker whose lease lapsed cannot commit over the job
    that took the host over.

    Args:
        url: ``redis://host:6379/0`` (``?prefix=NAME`` to keep several fleets apart), or a
            redis-py client.
    """

    def __init__(self, url: Any, *, prefix: str | None = None) -> None:
        super().__init__(url, prefix)
        self._fences: dict[str, tuple[str, int]] = {}
        self._staged: tuple[str, list[str]] | None = None
        self._owner = owner_id()

    def __repr__(self) -> str:
        return f"RedisStateStore({self.url!r})"

    # listings, coverage and deduplication

    def listing(self, key: str) -> Checkpoint | None:
        """See `StateStore.listing`."""
        text = self._call(lambda: self.client.get(self._k("listing", key)))
        return None if text is None else Checkpoint(*json.loads(text))

    def listings(self, lane: str) -> list[Checkpoint]:
        """See `StateStore.listings`."""
        keys = sorted(
            k.decode() for k in self._call(lambda: self.client.smembers(self._k("lane", lane)))
        )
        found = [self.listing(k) for k in keys]
        return [c for c in found if c is not None]

    def drop_listing(self, key: str) -> None:
        """See `StateStore.drop_listing`."""
        old = self.listing(key)
        pipe = self.client.pipeline(transaction=True)
        pipe.delete(self._k("listing", key))
        if old is not None:
            pipe.srem(self._k("lane", old.lane), key)
        self._call(pipe.execute)

    def stage_rows(self, stream: str, rows: Sequence[str]) -> None:
        """Rows for `RedisStreamSink`, appended by the next `commit` in the same script."""
        self._staged = (stream, list(rows))

    def commit(self, commit: PageCommit) -> None:
        """See `StateStore.commit` (atomic, fenced by this job's leases)."""
        import redis

        staged, self._staged = self._staged, None
        payload = {
            "fences": [[h, holder, token] for h, (holder, token) in self._fences.items()],
            "scope": commit.scope,
            "delivered": [list(pair) for pair in commit.delivered],
            "listing_id": commit.listing_id,
            "listing": commit.listing,
            "checkpoint": None
            if commit.checkpoint is None
            else list(attrs.astuple(commit.checkpoint)),
            "coverage": None
            if commit.coverage is None
            else [
                commit.coverage[0],
                json.dumps([s.to_dict() for s in commit.coverage[1]], sort_keys=True),
            ],
            "pending": commit.pending,
            "stream": staged[0] if staged else None,
            "rows": staged[1] if staged else [],
        }
        try:
            self._run("commit", _COMMIT, json.dumps(payload))
        except redis.exceptions.ResponseError as exc:
            if "LEASELOST" not in str(exc):
                raise
            host = str(exc).split("LEASELOST", 1)[1].strip()
            self._fences.pop(host, None)
            until = _dt.datetime.now(_dt.timezone.utc) + _dt.timedelta(seconds=60)
            raise LeaseLost(commit.listing, until, host=host) from None

    def filter_new(
        self, scope: str, records: Iterable[tuple[str, str]], *, listing_id: str | None = None
    ) -> set[str]:
        """See `StateStore.filter_new`."""
        pairs = list(records)
        if not pairs:
            return set()
        key = self._k("deliv", scope)
        known = self._call(lambda: self.client.hmget(key, [ident for ident, _ in pairs]))
        return {
            ident
            for (ident, stamp), value in zip(pairs, known, strict=True)
            if is_new(stamp, None if value is None else tuple(json.loads(value)), listing_id)
        }

    def coverage(self, lane: str) -> tuple[Span, ...]:
        """See `StateStore.coverage`."""
        text = self._call(lambda: self.client.hget(self._k("coverage"), lane))
        return () if text is None else tuple(Span.from_dict(i) for i in json.loads(text))

    # URLs

    def url_outcome(self, url: str) -> UrlOutcome | None:
        """See `StateStore.url_outcome`."""
        text = self._call(lambda: self.client.hget(self._k("urls"), url))
        if text is None:
            return None
        return UrlOutcome(**json.loads(text))

    def set_url_outcome(self, outcome: UrlOutcome) -> None:
        """See `StateStore.set_url_outcome`."""
        data = attrs.asdict(outcome)
        pipe = self.client.pipeline(transaction=True)
        pipe.hset(self._k("urls"), outcome.url, json.dumps(data, sort_keys=True))
        if outcome.status == "retry-later":
            pipe.sadd(self._k("retry"), outcome.url)
        else:
            pipe.srem(self._k("retry"), outcome.url)
        self._call(pipe.execute)

    def retry_later(self, now: float) -> list[UrlOutcome]:
        """See `StateStore.retry_later`."""
        urls = sorted(
            u.decode() for u in self._call(lambda: self.client.smembers(self._k("retry")))
        )
        found = [o for u in urls if (o := self.url_outcome(u)) is not None]
        return [
            o
            for o in found
            if o.status == "retry-later" and (o.not_before is None or o.not_before <= now)
        ]

    # runs

    def _save_run(self, run: Run, pipe: Any) -> None:
        pipe.hset(self._k("runs"), run.run_id, json.dumps(attrs.asdict(run)))
        pipe.sadd(self._k("runs-of", run.key), run.run_id)

    def start_run(self, key: str, now: float, *, stuck_after: float) -> Run:
        """See `StateStore.start_run` (stuck runs, of any key, are closed as failed)."""
        run = Run(uuid.uuid4().hex, key, now, now, "running")
        pipe = self.client.pipeline(transaction=True)
        for old in self.runs():
            if old.status == "running" and old.started < now - stuck_after:
                reason = f"stuck: older than {int(stuck_after)} s, closed when next seen"
                self._save_run(
                    attrs.evolve(old, status="failed", finished=now, reason=reason), pipe
                )
        self._save_run(run, pipe)
        self._call(pipe.execute)
        return run

    def _update_run(self, run_id: str, **changes: Any) -> None:
        text = self._call(lambda: self.client.hget(self._k("runs"), run_id))
        if text is None:
            return
        run = attrs.evolve(Run(**json.loads(text)), **changes)
        pipe = self.client.pipeline(transaction=True)
        self._save_run(run, pipe)
        self._call(pipe.execute)

    def heartbeat(self, run_id: str, now: float) -> None:
        """See `StateStore.heartbeat`."""
        self._update_run(run_id, heartbeat=now)

    def finish_run(self, run_id: str, now: float, *, status: str, reason: str = "") -> None:
        """See `StateStore.finish_run`."""
        self._update_run(run_id, status=status, finished=now, reason=reason, heartbeat=now)

    def runs(self, key: str | None = None) -> list[Run]:
        """See `StateStore.runs`."""
        if key is None:
            texts = list(self._call(lambda: self.client.hvals(self._k("runs"))))
        else:
            ids = list(self._call(lambda: self.client.smembers(self._k("runs-of", key))))
            texts = (
                [t for t in self._call(lambda: self.client.hmget(self._k("runs"), ids)) if t]
                if ids
                else []
            )
        runs = [Run(**json.loads(t)) for t in texts]
        return sorted(runs, key=lambda r: r.started, reverse=True)

    # small values

    def get_value(self, namespace: str, key: str) -> str | None:
        """See `StateStore.get_value`."""
        value = self._call(lambda: self.client.hget(self._k("kv", namespace), key))
        return None if value is None else value.decode()

    def set_value(self, namespace: str, key: str, value: str | None) -> None:
        """See `StateStore.set_value`."""
        name = self._k("kv", namespace)
        if value is None:
            self._call(lambda: self.client.hdel(name, key))
        else:
            self._call(lambda: self.client.hset(name, key, value))

    def values(self, namespace: str) -> dict[str, str]:
        """See `StateStore.values`."""
        items = self._call(lambda: self.client.hgetall(self._k("kv", namespace)))
        return {k.decode(): v.decode() for k, v in sorted(items.items())}

    # leases

    def acquire_lease(self, host: str, holder: str, now: float, ttl: float) -> Lease | None:
        """See `StateStore.acquire_lease`.

        Expiry is in the Redis server's time; the holder renews it; a dead holder on this
        machine is taken over at once.
        """
        owner = self._call(lambda: self.client.hget(self._k("lease", host), "owner"))
        text = owner.decode() if owner else ""
        dead = text if text and not process_alive(text) else "\0"
        answer = self._run("lease", _LEASE, host, holder, repr(ttl), self._owner, dead)
        if answer[0].decode() != "ok":
            return None
        token = int(answer[2])
        self._fences[host] = (holder, token)
        return Lease(host, holder, float(answer[1]), token)

    def release_lease(self, host: str, holder: str) -> None:
        """See `StateStore.release_lease`."""
        key = self._k("lease", host)
        self._fences.pop(host, None)

        def release() -> None:
            with self.client.pipeline() as pipe:
                pipe.watch(key)
                if pipe.hget(key, "holder") == holder.encode():
                    pipe.multi()
                    pipe.delete(key)
                    pipe.execute()

        self._call(release)


# -- the shared sink ---------------------------------------------------------------------------


@attrs.define
class RedisStreamSink:
    """An exactly-once sink for fleets: a Redis stream written with the checkpoint.

    Each page's rows go to the stream in the same atomic script as the page's checkpoint
    (a page is in the stream once, or not at all).

    Read it with ``XRANGE`` (``redis-cli XRANGE ph:records - +``) or `rows`; each entry has
    one field, ``row``, holding the JSON row as ``harvest`` writes it.

    Args:
        store: the plan's `RedisStateStore` (the stream lives in the same Redis).
        stream: the stream's key.
    """

    store: RedisStateStore
    stream: str = "ph:records"

    def write_page(
        self,
        rows: Sequence[Mapping[str, Any]],
        *,
        before_write: Callable[[Any], None] | None = None,
    ) -> SinkMark | None:
        """Stage the page's rows; the plan's next commit appends them atomically."""
        self.store.stage_rows(
            self.stream, [json.dumps(r, ensure_ascii=False, sort_keys=True) for r in rows]
        )
        return None

    def rows(self) -> list[dict[str, Any]]:
        """Every row in the stream, in order (for small streams and tests)."""
        entries = self.store._call(lambda: self.store.client.xrange(self.stream))
        return [json.loads(fields[b"row"]) for _, fields in entries]

    def close(self) -> None:
        """Nothing to flush: rows are durable when their page commits."""
