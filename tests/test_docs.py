"""The Python code blocks of README.md and docs/*.md run, against a local server.

Each file's blocks run in order in one namespace, as a reader would paste them. The
network they name (arXiv, repo.example.org) is this machine: every request is sent to a
loopback server holding a sample repository with landing pages and PDFs, and answered
with the address the code asked for. The only names the runner provides are the
placeholders the text describes as the reader's own code: `write_durably` and
`checkpoint`.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import requests
from requests.adapters import HTTPAdapter

import politeharvest.net._session as session_module
from politeharvest.net import SystemClock
from politeharvest.testing import (
    LoopbackServer,
    OaiTestRepository,
    Reply,
    SampleRecord,
    serve_fulltext,
)

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


class LocalNetwork(HTTPAdapter):
    """Sends every request to the local server, and answers with the address asked for."""

    def __init__(self, base: str) -> None:
        super().__init__(max_retries=0)
        self.base = base

    def send(self, request: requests.PreparedRequest, **kwargs: Any) -> requests.Response:  # type: ignore[override]
        original = str(request.url)
        parts = urlsplit(original)
        local = request.copy()
        local.url = self.base + parts.path + (f"?{parts.query}" if parts.query else "")
        response = super().send(local, **kwargs)
        response.url = original
        response.request = request
        return response


@pytest.fixture(scope="module")
def network() -> Iterator[str]:
    with LoopbackServer("127.0.0.1") as server:
        repository = OaiTestRepository.sample(1, page_size=100, deleted_every=0)
        repository.records.append(SampleRecord("oai:repo:1", 1_600_000_000.0, ("cs",), title="One"))
        server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        serve_fulltext(server, repository)
        repository.link_base = "https://repo.example.org/landing/"
        server.add("/*", repository)
        yield server.url("")


def _local_redis(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    """The Redis the docs name (127.0.0.1:6379) is the tests' own (`.ci/run`'s, or one
    started for them: the `redis_server` fixture)."""
    redis = pytest.importorskip("redis")
    target = request.getfixturevalue("redis_server").url
    original = redis.Redis.from_url.__func__
    base = target.split("?")[0].rsplit("/", 1)[0]

    def from_url(cls: Any, url: str, **kwargs: Any) -> Any:
        return original(cls, url.replace("redis://127.0.0.1:6379", base), **kwargs)

    monkeypatch.setattr(redis.Redis, "from_url", classmethod(from_url))
    client = redis.Redis.from_url("redis://127.0.0.1:6379/0")
    for key in client.scan_iter("ph:*"):
        client.delete(key)


def _jump_over_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The system clock's waits take no time: its time moves on by each wait at once.

    The docs' policies are the real ones (a second between pages, six before a file): the
    blocks slept 55 s of the module's 60. What they show is that the code runs as written;
    the pace itself is proven on loopback servers at scaled-down intervals and on FakeClock.
    Every wait in politeharvest goes through the clock, so its `now` and `monotonic` still
    see each wait as taken, in order.
    """
    lock = threading.Lock()
    jumped = [0.0]
    real_now, real_monotonic = SystemClock.now, SystemClock.monotonic

    def sleep(self: SystemClock, seconds: float, reason: str = "") -> None:
        with lock:
            jumped[0] += max(0.0, seconds)

    monkeypatch.setattr(SystemClock, "sleep", sleep)
    monkeypatch.setattr(SystemClock, "now", lambda self: real_now(self) + jumped[0])
    monkeypatch.setattr(SystemClock, "monotonic", lambda self: real_monotonic(self) + jumped[0])


def blocks(path: Path) -> list[str]:
    return BLOCK.findall(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", [p for p in DOCS if blocks(p)], ids=lambda p: p.name)
def test_code_blocks_run(
    path: Path,
    network: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
) -> None:
    def local_session(*, allow_private: bool) -> requests.Session:
        http = requests.Session()
        http.mount("https://", LocalNetwork(network.rstrip("/")))
        http.mount("http://", LocalNetwork(network.rstrip("/")))
        return http

    monkeypatch.setattr(session_module, "guarded_session", local_session)
    monkeypatch.chdir(tmp_path)
    if any("redis://" in block for block in blocks(path)):  # the blocks, not the prose
        _local_redis(monkeypatch, request)
    else:  # Redis expires leases on its own clock, which a jumped one would run ahead of
        _jump_over_waits(monkeypatch)
    namespace: dict[str, Any] = {
        "__name__": f"docs_{path.stem}",
        "write_durably": lambda records: None,
        "checkpoint": lambda cursor: None,
    }
    for number, code in enumerate(blocks(path), start=1):
        try:
            exec(compile(code, f"{path.name} block {number}", "exec"), namespace)
        except Exception as exc:  # pragma: no cover - the failure message names the block
            raise AssertionError(f"{path.name} block {number} failed: {exc!r}\n{code}") from exc
