"""The fleet's stores by their path before fleet/ was split (one module a store): names only.

`store/_state.open_state` and `plan/_plan` import from here, and both are being moved by the
split of plan/ (issue 21): this module goes once they import `politeharvest.fleet` (or its
modules). Nothing new imports from here.
"""

from __future__ import annotations

from ._connection import connect, is_redis_url
from ._connection import option as _option
from ._pace import RedisPaceStore
from ._state import RedisStateStore
from ._stream import RedisStreamSink

__all__ = [
    "RedisPaceStore",
    "RedisStateStore",
    "RedisStreamSink",
    "_option",
    "connect",
    "is_redis_url",
]
