"""The Redis connection the fleet's stores share (shell): the URL, the client, the scripts.

`is_redis_url` is the one decision of whether a ``state`` or ``sink`` names Redis. Every call
goes through `RedisConnection._call`, so that a Redis out of reach is always the same
`StoreUnavailable` (a `Deferred`): no request goes out unpaced, nothing is committed, and the
harvest is tried again later. Scripts are registered once per connection and read the Redis
server's clock (`SERVER_NOW`), never a worker's.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from typing import Any, TypeGuard, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from politeharvest._extras import require
from politeharvest.exceptions import StoreUnavailable

__all__ = ["SERVER_NOW", "RedisConnection", "connect", "is_redis_url", "option", "public_url"]

T = TypeVar("T")

#: The first line of every script that needs the time: ``now``, the Redis server's clock.
SERVER_NOW = "local t = redis.call('TIME'); local now = tonumber(t[1]) + tonumber(t[2]) / 1e6\n"


def is_redis_url(value: object) -> TypeGuard[str]:
    """Whether ``value`` names a Redis store (``redis://``, ``rediss://``, ``unix://``).

    The one test of a Redis URL: the plan's state and sink, and the command line's
    ``--state`` and ``--out``, are all told apart by it.
    """
    return isinstance(value, str) and value.startswith(("redis://", "rediss://", "unix://"))


def public_url(url: str) -> str:
    """`url` as it may be shown: without its user, password or ``?password=``."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k != "password"])
    return urlunsplit((parts.scheme, f"{host}{port}", parts.path, query, ""))


def connect(url: str) -> Any:
    """A redis-py client for ``url`` (``redis://host:6379/0``); our own options removed.

    Raises:
        MissingDependency: redis-py is not installed (``pip install 'politeharvest[redis]'``;
            also an ImportError).
    """
    redis = require("redis", f"the Redis store {public_url(url)}")
    parts = urlsplit(url)
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k not in ("stream", "prefix")])
    clean = urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))
    return redis.Redis.from_url(
        clean, socket_timeout=5.0, socket_connect_timeout=2.0, health_check_interval=10
    )


def option(url: str, name: str, default: str) -> str:
    """One of our own options in `url`'s query (``?prefix=NAME``, ``?stream=NAME``)."""
    return dict(parse_qsl(urlsplit(url).query)).get(name, default)


class RedisConnection:
    """What both stores share: the client, the key prefix, scripts, and the error mapping."""

    def __init__(self, url_or_client: Any, prefix: str | None) -> None:
        if isinstance(url_or_client, str):
            self.url = public_url(url_or_client)
            self.client = connect(url_or_client)
            prefix = prefix if prefix is not None else option(url_or_client, "prefix", "ph")
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
