"""Fleets: many workers on many machines, one politeness, through Redis (docs/fleet.md).

``pip install 'politeharvest[redis]'``. Pass ``state="redis://host:6379/0"`` to a `HarvestPlan`
(pacing then lives in the same Redis), and ``sink="redis://host:6379/0"`` for the
exactly-once stream of records shared by the fleet. Whether a value names Redis is
`is_redis_url`'s decision, everywhere.
"""

from __future__ import annotations

from politeharvest._paths import publish

from ._connection import is_redis_url
from ._pace import RedisPaceStore
from ._state import RedisStateStore
from ._stream import RedisStreamSink

__all__ = ["RedisPaceStore", "RedisStateStore", "RedisStreamSink", "is_redis_url"]

publish(globals())
