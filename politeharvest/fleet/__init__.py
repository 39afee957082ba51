"""Fleets: many workers on many machines, one politeness, through Redis (docs/fleet.md).

``pip install 'politeharvest[redis]'``. Pass ``state="redis://host:6379/0"`` to a `HarvestPlan`
(pacing then lives in the same Redis), and ``sink="redis://host:6379/0"`` for the
exactly-once stream of records shared by the fleet. Whether a value names Redis is
`is_redis_url`'s decision, everywhere.

Only `is_redis_url` loads with the face (the command line asks it of every ``--state`` and
``--out``); the stores load on first use, so a harvest without Redis never imports them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from politeharvest._paths import loaded_on_use, publish

from ._connection import is_redis_url

if TYPE_CHECKING:
    from ._pace import RedisPaceStore
    from ._state import RedisStateStore
    from ._stream import RedisStreamSink

__all__ = ["RedisPaceStore", "RedisStateStore", "RedisStreamSink", "is_redis_url"]

__getattr__ = loaded_on_use(
    __name__,
    {"RedisPaceStore": "_pace", "RedisStateStore": "_state", "RedisStreamSink": "_stream"},
)

publish(globals())
