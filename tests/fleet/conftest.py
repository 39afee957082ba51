"""A real redis-server on loopback for the fleet tests.

`.ci/run` installs redis-server when it is missing, starts it (PH_REDIS_URL) and sets
PH_REQUIRE_REDIS=1, so that a missing server fails CI instead of skipping these tests.
Without PH_REDIS_URL the tests start a server of their own (the `redis_server` fixture of
tests/conftest.py, one per worker); a test that stops Redis always starts one of its own.
"""

from __future__ import annotations

import uuid

import pytest

from tests.support.redis import RedisServer

pytest.importorskip("redis")


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """The server's URL with a key prefix of its own, so tests never see each other's keys."""
    return f"{redis_server.url}?prefix=t{uuid.uuid4().hex[:10]}"
