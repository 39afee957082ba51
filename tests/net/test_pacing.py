"""Pacing decisions and the in-memory PaceStore (section 13 A3, A5, A6, B6)."""

from __future__ import annotations

import math
import random
import threading
from pathlib import Path

import pytest

from politeharvest import (
    Busy,
    HostPacer,
    HostState,
    MemoryPaceStore,
    Politeness,
    Slot,
    SQLitePaceStore,
    host_key,
)
from politeharvest.net._pacing import clamp_crawl_delay


def test_pacer_gap_end_to_start() -> None:
    pacer = HostPacer(Politeness())
    start, reason = pacer.start(
        HostState(last_end=10.0), now=10.5, gap=1.0, gap_reason="request-interval"
    )
    assert (start, reason) == (11.0, "request-interval")


def test_pacer_first_request_waits_nothing() -> None:
    start, reason = HostPacer().start(HostState(), now=3.0, gap=6.0, gap_reason="file-interval")
    assert (start, reason) == (3.0, "none")


def test_pacer_multiplier_and_hold() -> None:
    pacer = HostPacer()
    state = HostState(last_end=0.0, hold_until=5.0)
    assert pacer.start(state, now=0.0, gap=1.0, gap_reason="request-interval", multiplier=2.0) == (
        5.0,
        "retry-after",
    )
    state = HostState(last_end=0.0, hold_until=1.0)
    assert pacer.start(state, now=0.0, gap=6.0, gap_reason="file-interval", multiplier=4.0) == (
        24.0,
        "file-interval x4",
    )


@pytest.mark.parametrize(
    ("kind", "crawl_delay", "expected"),
    [
        ("page", None, (1.0, "request-interval")),
        ("file", None, (6.0, "file-interval")),
        ("page", 10.0, (10.0, "crawl-delay")),  # A5: raises the floor
        ("page", 0.5, (1.0, "request-interval")),  # A5: a floor, never faster
        ("file", 3.0, (6.0, "file-interval")),
        ("page", 1e9, (300.0, "crawl-delay")),  # capped at max_wait (Heritrix)
        ("page", 400.0, (300.0, "crawl-delay")),
        ("page", math.inf, (1.0, "request-interval")),  # junk ignored
        ("page", math.nan, (1.0, "request-interval")),
        ("page", -1.0, (1.0, "request-interval")),
    ],
)
def test_gap_with_crawl_delay(
    kind: str, crawl_delay: float | None, expected: tuple[float, str]
) -> None:
    assert HostPacer(Politeness()).gap(kind, crawl_delay) == expected


@pytest.mark.parametrize("value", ["garbage", None, "nan", object()])
def test_crawl_delay_junk_is_ignored(value: object) -> None:
    assert clamp_crawl_delay(value, 300.0) is None  # type: ignore[arg-type]


def test_jitter_never_lowers_a_gap() -> None:
    """1,000 draws of jitter all give gap >= floor (A3)."""
    rng = random.Random(7)
    pacer = HostPacer(Politeness(jitter=0.5))
    for _ in range(1000):
        jitter = rng.uniform(0.0, 0.5)
        start, _ = pacer.start(
            HostState(last_end=100.0), now=100.0, gap=1.0, gap_reason="r", jitter=jitter
        )
        assert start - 100.0 >= 1.0
    # even a negative jitter (a bug elsewhere) cannot shorten it
    start, _ = pacer.start(
        HostState(last_end=100.0), now=100.0, gap=1.0, gap_reason="r", jitter=-5.0
    )
    assert start == 101.0


@pytest.mark.parametrize(
    ("given", "key"),
    [
        ("https://Example.ORG/a", "example.org"),
        ("http://example.org:8080/a", "example.org"),
        ("https://example.org./a", "example.org"),
        ("https://bücher.example/x", "xn--bcher-kva.example"),
        ("Example.org", "example.org"),
        ("https://127.0.0.2:4443/", "127.0.0.2"),
    ],
)
def test_host_key_is_the_hostname(given: str, key: str) -> None:
    """http and https (and any port) of one host share a pacer (A6)."""
    assert host_key(given) == key


@pytest.fixture(params=["memory", "sqlite"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> MemoryPaceStore | SQLitePaceStore:
    """Both backends must behave the same."""
    if request.param == "memory":
        return MemoryPaceStore()
    return SQLitePaceStore(tmp_path / "pace.sqlite")


def _reserve(
    store: MemoryPaceStore, host: str, now: float, gap: float = 1.0, job: str = "j"
) -> Slot | Busy:
    return store.reserve(
        host, job=job, now=now, gap=gap, gap_reason="request-interval", jitter=0.0, lease_s=60.0
    )


def test_store_reserve_release_end_to_start(store: MemoryPaceStore) -> None:
    slot = _reserve(store, "h", 0.0)
    assert isinstance(slot, Slot)
    assert slot.start_at == 0.0
    assert isinstance(_reserve(store, "h", 0.1), Busy)  # in flight: one at a time per host
    assert isinstance(_reserve(store, "other", 0.1), Slot)  # other hosts proceed
    store.release(slot, end=2.5)
    nxt = _reserve(store, "h", 2.6)
    assert isinstance(nxt, Slot)
    assert nxt.start_at == 3.5


def test_store_cancelled_reservation_keeps_last_end(store: MemoryPaceStore) -> None:
    first = _reserve(store, "h", 0.0)
    assert isinstance(first, Slot)
    store.release(first, end=1.0)
    second = _reserve(store, "h", 1.0)
    assert isinstance(second, Slot)
    store.release(second, end=None)  # nothing sent
    third = _reserve(store, "h", 1.5)
    assert isinstance(third, Slot)
    assert third.start_at == 2.0


def test_store_lapsed_lease_frees_the_host(store: MemoryPaceStore) -> None:
    slot = store.reserve("h", job="j", now=0.0, gap=1.0, gap_reason="r", jitter=0.0, lease_s=5.0)
    assert isinstance(slot, Slot)
    assert isinstance(_reserve(store, "h", 4.9), Busy)
    assert isinstance(_reserve(store, "h", 5.1), Slot)


def test_multiplier_doubles_up_to_eight_per_job_and_host() -> None:
    """x2, x4, x8, still x8; other hosts and other jobs start at x1 (B6)."""
    store = MemoryPaceStore()
    seen = [store.slow_down("h", job="j1", factor=2.0, cap=8.0) for _ in range(4)]
    assert seen == [2.0, 4.0, 8.0, 8.0]
    assert store.multiplier("h", job="j1") == 8.0
    assert store.multiplier("other", job="j1") == 1.0
    assert store.multiplier("h", job="j2") == 1.0


def test_holds_never_shorten(store: MemoryPaceStore) -> None:
    store.hold("h", 50.0, reason="retry-after")
    store.hold("h", 10.0, reason="backoff")
    slot = _reserve(store, "h", 0.0)
    assert isinstance(slot, Slot)
    assert (slot.start_at, slot.wait_reason) == (50.0, "retry-after")


def test_store_is_thread_safe_one_in_flight_per_host(store: MemoryPaceStore) -> None:
    holders: list[int] = []
    most = []
    lock = threading.Lock()

    def worker() -> None:
        for _ in range(200):
            got = _reserve(store, "h", 0.0, gap=0.0)
            if isinstance(got, Slot):
                with lock:
                    holders.append(1)
                    most.append(len(holders))
                with lock:
                    holders.pop()
                store.release(got, end=0.0)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert max(most) == 1
