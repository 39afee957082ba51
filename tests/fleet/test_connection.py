"""The fleet's connection decisions, as tables: what names Redis, what a URL may show."""

from __future__ import annotations

from pathlib import Path

import pytest

from politeharvest import fleet
from politeharvest.fleet._connection import is_redis_url, option, public_url


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("redis://127.0.0.1:6379/0", True),
        ("rediss://cache.example.org:6380/1", True),  # TLS
        ("unix:///run/redis.sock?db=2", True),
        ("redis://host:6379/0?prefix=crawl&stream=out", True),
        ("state.sqlite", False),
        (":memory:", False),
        ("/var/lib/harvest/redis://x", False),  # a folder of that name is a path
        ("./redis", False),
        ("https://redis.example.org/", False),
        ("", False),
        (Path("redis://host:6379/0"), False),  # a Path is always a file
        (None, False),
        (6379, False),
    ],
)
def test_what_names_a_redis_store(value: object, expected: bool) -> None:
    """One decision, with the three schemes redis-py connects to; anything else is a path."""
    assert is_redis_url(value) is expected
    assert fleet.is_redis_url is is_redis_url  # the face's name is the decision itself


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/0"),
        ("redis://user:secret@host:6379/0", "redis://host:6379/0"),
        ("redis://:secret@host/0?prefix=a", "redis://host/0?prefix=a"),
        ("redis://host:6379/0?password=secret&prefix=a", "redis://host:6379/0?prefix=a"),
    ],
)
def test_a_url_is_shown_without_its_secrets(url: str, shown: str) -> None:
    """Messages and reprs name the store, never its password."""
    assert public_url(url) == shown


@pytest.mark.parametrize(
    ("url", "name", "expected"),
    [
        ("redis://host:6379/0?prefix=crawl", "prefix", "crawl"),
        ("redis://host:6379/0?stream=out&prefix=crawl", "stream", "out"),
        ("redis://host:6379/0", "stream", "ph:records"),  # the default
        ("redis://host:6379/0?db=1", "prefix", "ph"),
    ],
)
def test_our_own_options_are_read_from_the_query(url: str, name: str, expected: str) -> None:
    default = "ph:records" if name == "stream" else "ph"
    assert option(url, name, default) == expected
