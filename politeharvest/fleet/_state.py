"""`RedisStateStore` (shell): what `SQLiteStateStore` holds, shared by every worker of a fleet.

A page's commit is one script: it checks that this job still holds the host's lease (its
fencing token), records the deliveries, the checkpoint, the coverage and, for
`RedisStreamSink`, appends the page's rows to the stream, all or nothing.

Deliveries are kept as compactly as in SQLite (`politeharvest.store._deliveries`): one hash
per scope, keyed by the scope's small id (``dv:<id>``), whose fields are the identifiers
without the scope's prefix and whose values are the listing's small id and the datestamp as
an integer where exact (``"<listing> <stamp>"``; a datestamp kept as text is ``'`` and the
text). A scope delivered into by a version before this one (its ``deliv:<scope>`` hash of
JSON values exists) goes on in that form, so that nothing it delivered is forgotten.
"""

from __future__ import annotations

import datetime as _dt
import json
import uuid
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from politeharvest._process import owner_id, process_alive
from politeharvest.exceptions import LeaseLost
from politeharvest.store import _deliveries as dv
from politeharvest.store._coverage import Checkpoint, Span
from politeharvest.store._state import Lease, PageCommit, Run, UrlOutcome, is_new

from ._connection import SERVER_NOW, RedisConnection

__all__ = ["RedisStateStore"]

_LEASE = (
    SERVER_NOW
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

#: A run's heartbeat, in place (one round trip): the JSON `_save_run` wrote, its one
#: ``"heartbeat": <number>`` replaced (inside a JSON string a quote is escaped: no match).
_HEARTBEAT = """
local k, run_id, beat = ARGV[1] .. 'runs', ARGV[2], ARGV[3]
local text = redis.call('HGET', k, run_id)
if not text then return 0 end
local new = string.gsub(text, '"heartbeat": [%d%.eE%+%-]+', '"heartbeat": ' .. beat, 1)
redis.call('HSET', k, run_id, new)
return 1
"""

#: A scope's id and identifier prefix, given once (the first page's prefix) and never changed.
_SCOPE = """
local p, scope, prefix = ARGV[1], ARGV[2], ARGV[3]
local cur = redis.call('HGET', p .. 'scopes', scope)
if cur then return cur end
local id = redis.call('HINCRBY', p .. 'seq', 'scope', 1)
local value = cjson.encode({id, prefix})
redis.call('HSET', p .. 'scopes', scope, value)
return value
"""

#: A stored datestamp's text (`_deliveries.decode_stamp` in Lua), for comparing an integer
#: with a datestamp kept as text (days to a civil date: H. Hinnant's algorithm).
_STAMP_TEXT = f"""
local function stamp_text(v)
  local secs = math.floor(v / 2) + {dv.BASE}
  local days = math.floor(secs / 86400)
  local rest = secs - days * 86400
  local z = days + 719468
  local era = math.floor(z / 146097)
  local doe = z - era * 146097
  local yoe = math.floor((doe - math.floor(doe / 1460) + math.floor(doe / 36524)
    - math.floor(doe / 146096)) / 365)
  local doy = doe - (365 * yoe + math.floor(yoe / 4) - math.floor(yoe / 100))
  local mp = math.floor((5 * doy + 2) / 153)
  local d = doy - math.floor((153 * mp + 2) / 5) + 1
  local m = mp < 10 and mp + 3 or mp - 9
  local y = yoe + era * 400 + (m <= 2 and 1 or 0)
  local text = string.format('%04d-%02d-%02d', y, m, d)
  if v % 2 == 1 then
    text = text .. string.format('T%02d:%02d:%02dZ', math.floor(rest / 3600),
      math.floor(rest / 60) % 60, rest % 60)
  end
  return text
end
local function at_least(new, old)
  local a, b = tonumber(new), tonumber(old)
  if a and b then return a >= b end
  local x = a and stamp_text(a) or string.sub(new, 2)
  local y = b and stamp_text(b) or string.sub(old, 2)
  return x >= y
end
"""

_COMMIT = (
    _STAMP_TEXT
    + """
local p = ARGV[1]
local c = cjson.decode(ARGV[2])
for _, f in ipairs(c.fences) do
  local cur = redis.call('HMGET', p .. 'lease:' .. f[1], 'holder', 'token')
  if cur[1] ~= f[2] or tonumber(cur[2]) ~= tonumber(f[3]) then
    return redis.error_reply('LEASELOST ' .. f[1])
  end
end
if c.legacy then
  local dk = p .. 'deliv:' .. c.scope
  for _, d in ipairs(c.delivered) do
    local old = redis.call('HGET', dk, d[1])
    if (not old) or cjson.decode(old)[1] <= d[2] then
      redis.call('HSET', dk, d[1], cjson.encode({d[2], c.listing_id}))
    end
  end
elseif #c.delivered > 0 then
  local ids = p .. 'listing-ids'
  local listing = redis.call('HGET', ids, c.listing_id)
  if not listing then
    listing = redis.call('HINCRBY', p .. 'seq', 'listing', 1)
    redis.call('HSET', ids, c.listing_id, listing)
  end
  local dk = p .. 'dv:' .. c.scope_id
  local fields = {}
  for i, d in ipairs(c.delivered) do fields[i] = d[1] end
  local olds = redis.call('HMGET', dk, unpack(fields))
  local now, order = {}, {}
  for i, d in ipairs(c.delivered) do
    local old = now[d[1]] or olds[i]  -- a page may list an identifier twice: in its order
    if (not old) or at_least(d[2], string.match(old, ' (.*)$')) then
      if not now[d[1]] then order[#order + 1] = d[1] end
      now[d[1]] = listing .. ' ' .. d[2]
    end
  end
  local changes = {}
  for _, f in ipairs(order) do
    changes[#changes + 1] = f
    changes[#changes + 1] = now[f]
  end
  if #changes > 0 then redis.call('HSET', dk, unpack(changes)) end
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
for _, u in ipairs(c.urls) do
  redis.call('HSET', p .. 'urls', u[1], u[2])
  if u[3] then
    redis.call('SADD', p .. 'retry', u[1])
  else
    redis.call('SREM', p .. 'retry', u[1])
  end
end
if c.stream ~= cjson.null then
  for _, row in ipairs(c.rows) do redis.call('XADD', c.stream, '*', 'row', row) end
end
return 1
"""
)


class RedisStateStore(RedisConnection):
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
        #: Scope -> (id, identifier prefix), or None for a scope kept in the older form.
        self._scopes: dict[str, tuple[int, str] | None] = {}
        self._owner = owner_id()
        #: Commits refused because a lease was lost (`HostLease` asks for its host again
        #: after any: a refusal drops that host's fence, whichever plan's commit met it).
        self.leases_lost = 0
        #: The hash fields `filter_new` computed last: (scope, prefix, identifier -> field).
        self._fields: tuple[str, str, dict[str, str]] | None = None

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

    def lanes(self) -> list[str]:
        """Every lane (endpoint, format, set) with coverage or an unfinished listing.

        For ``politeharvest status``: the lanes a Redis state holds, as the SQLite state's
        ``coverage`` and ``listings`` tables list them.
        """
        covered = self._call(lambda: self.client.hkeys(self._k("coverage")))
        marker = self._k("lane", "")
        listed = self._call(lambda: list(self.client.scan_iter(match=marker + "*", count=500)))
        found = {k.decode() if isinstance(k, bytes) else str(k) for k in covered}
        for key in listed:
            name = key.decode() if isinstance(key, bytes) else str(key)
            if self.listings(name[len(marker) :]):
                found.add(name[len(marker) :])
        return sorted(found)

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

    def _scope(
        self, scope: str, first: Sequence[tuple[str, str]] = ()
    ) -> tuple[int, str] | bool | None:
        """The scope's (id, prefix); None for a scope kept in the older form.

        With `first` (a page to deliver), a new scope gets its id and prefix; without,
        a scope nothing was delivered into yet is False.
        """
        if scope in self._scopes:
            return self._scopes[scope]
        pipe = self.client.pipeline(transaction=False)
        pipe.exists(self._k("deliv", scope))
        pipe.hget(self._k("scopes"), scope)
        legacy, text = self._call(pipe.execute)
        if legacy:
            self._scopes[scope] = None
            return None
        if text is None and not first:
            return False
        if text is None:
            prefix = dv.choose_prefix(i for i, _ in first)
            text = self._run("scope", _SCOPE, scope, prefix)
        number, prefix = json.loads(text)
        found = self._scopes[scope] = (int(number), str(prefix))
        return found

    def commit(self, commit: PageCommit) -> None:
        """See `StateStore.commit` (atomic, fenced by this job's leases)."""
        import redis

        found = self._scope(commit.scope, commit.delivered) if commit.delivered else False
        staged, self._staged = self._staged, None
        if isinstance(found, tuple):
            number, prefix = found
            delivered = self._delivered(commit, prefix)
        else:
            number, delivered = 0, [list(pair) for pair in commit.delivered]
        payload = {
            "fences": [[h, holder, token] for h, (holder, token) in self._fences.items()],
            "scope": commit.scope,
            "scope_id": number,
            "legacy": found is None,
            "delivered": delivered,
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
            # the page's URL outcomes (`set_url_outcome`'s, written with the page)
            "urls": [
                [o.url, json.dumps(attrs.asdict(o), sort_keys=True), o.status == "retry-later"]
                for o in commit.urls
            ],
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
            self.leases_lost += 1
            until = _dt.datetime.now(_dt.timezone.utc) + _dt.timedelta(seconds=60)
            raise LeaseLost(commit.listing, until, host=host) from None

    def _delivered(self, commit: PageCommit, prefix: str) -> list[list[str]]:
        """The page's [field, stamp code] pairs, each field as `filter_new` found it."""
        fields, self._fields = self._fields, None
        known = fields[2] if fields is not None and fields[:2] == (commit.scope, prefix) else {}
        field_key, stamp_code = dv.field_key, dv.stamp_code
        return [[known.get(i) or field_key(i, prefix), stamp_code(d)] for i, d in commit.delivered]

    def filter_new(
        self, scope: str, records: Iterable[tuple[str, str]], *, listing_id: str | None = None
    ) -> set[str]:
        """See `StateStore.filter_new`."""
        pairs = list(records)
        if not pairs:
            return set()
        found = self._scope(scope)
        if found is False:
            return {ident for ident, _ in pairs}  # nothing delivered in this scope yet
        if not isinstance(found, tuple):  # the older form: identifiers, JSON values
            key = self._k("deliv", scope)
            known = self._call(lambda: self.client.hmget(key, [ident for ident, _ in pairs]))
            return {
                ident
                for (ident, stamp), value in zip(pairs, known, strict=True)
                if is_new(stamp, None if value is None else tuple(json.loads(value)), listing_id)
            }
        number, prefix = found
        field_key = dv.field_key
        fields = {ident: field_key(ident, prefix) for ident, _ in pairs}
        self._fields = (scope, prefix, fields)  # each field once a page: the commit's too
        pipe = self.client.pipeline(transaction=False)
        pipe.hmget(self._k("dv", str(number)), [fields[i] for i, _ in pairs])
        if listing_id is not None:
            pipe.hget(self._k("listing-ids"), listing_id)
        answers = self._call(pipe.execute)
        only = None if listing_id is None else int(answers[1] or -1)  # -1: delivered none
        fresh = set()
        for (ident, stamp), value in zip(pairs, answers[0], strict=True):
            seen = None
            if value is not None:
                by, _, code = value.decode().partition(" ")
                seen = (dv.stamp_of_code(code), int(by))
            if is_new(stamp, seen, only):
                fresh.add(ident)
        return fresh

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
        """See `StateStore.heartbeat` (one script: once a page, one round trip)."""
        self._run("heartbeat", _HEARTBEAT, run_id, json.dumps(float(now)))

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
        answer: Any = None
        if self._fences.get(host, ("",))[0] == holder:  # renewing: one round trip a page
            answer = self._run("lease", _LEASE, host, holder, repr(ttl), self._owner, "\0")
        if answer is None or answer[0].decode() != "ok":
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
