"""A real redis-server on loopback for the fleet tests.

`.ci/run` installs redis-server when it is missing, starts it (PH_REDIS_URL) and sets
PH_REQUIRE_REDIS=1, so that a missing server fails CI instead of skipping these tests.
Without PH_REDIS_URL the tests start a server of their own; a test that stops Redis always
starts one of its own.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.redis import RedisServer, RunningServer

pytest.importorskip("redis")


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    """The server started by `.ci/run` (PH_REDIS_URL), else one started here."""
    if os.environ.get("PH_REDIS_URL"):
        yield RunningServer(os.environ["PH_REDIS_URL"])
        return
    if shutil.which("redis-server") is None:
        if os.environ.get("PH_REQUIRE_REDIS"):
            pytest.fail("redis-server is not installed (.ci/run installs it)")
        pytest.skip("redis-server is not installed (apt install redis-server)")
    folder = Path(tempfile.mkdtemp(prefix="ph-redis-"))
    server = RedisServer(folder)
    server.start()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """The server's URL with a key prefix of its own, so tests never see each other's keys."""
    return f"{redis_server.url}?prefix=t{uuid.uuid4().hex[:10]}"
