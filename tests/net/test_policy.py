"""The Politeness value: defaults, validation, round trips, presets."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from politeharvest import Politeness, presets


def test_defaults_are_the_project_policy() -> None:
    p = Politeness()
    assert (p.request_interval, p.file_interval) == (1.0, 6.0)
    assert p.retry_statuses == (429, 503)
    assert p.backoff == (30.0, 60.0, 120.0)
    assert (p.max_wait, p.slowdown_factor, p.max_slowdown) == (300.0, 2.0, 8.0)
    assert (p.job_budget, p.stuck_after) == (1200.0, 43200.0)
    assert (p.max_redirects, p.https_only, p.redirect_scope) == (3, True, "site")
    assert p.allow_private_addresses is False
    assert p.jitter == 0.0


@pytest.mark.parametrize("agent", ["mybot/1.0", "", "bot (contact me)"])
def test_user_agent_needs_a_contact(agent: str) -> None:
    with pytest.raises(ValueError, match="contact"):
        Politeness(user_agent=agent)


@pytest.mark.parametrize(
    "agent", ["bot/1 (+https://ex.org/bot)", "bot/1 (mailto:me@ex.org)", "bot/1 me@ex.org"]
)
def test_user_agent_with_contact(agent: str) -> None:
    assert Politeness(user_agent=agent).user_agent == agent


@pytest.mark.parametrize(
    "changes",
    [
        {"request_interval": -1},
        {"file_interval": float("nan")},
        {"jitter": float("inf")},
        {"max_slowdown": 0.5},
        {"slowdown_factor": 0},
        {"max_redirects": -1},
        {"redirect_scope": "planet"},
        {"from_address": "not an address"},
        {"backoff": (30, -1)},
        {"max_response_bytes": 0},
        {"min_rate_bytes": -1},
        {"min_rate_s": float("nan")},
        {"user_agent": "bot (+https://ex.org)\nX-Evil: 1"},
    ],
)
def test_invalid_settings_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=r"\S"):
        attrs.evolve(Politeness(), **changes)


def test_frozen() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Politeness().request_interval = 0.1  # type: ignore[misc]


def test_mapping_round_trip() -> None:
    p = attrs.evolve(presets.DERGIPARK, request_interval=2.5, allowed_hosts=("CDN.example.net",))
    data = p.to_mapping()
    assert json.loads(json.dumps(data)) == data
    assert Politeness.from_mapping(data) == p
    assert data["allowed_hosts"] == ["cdn.example.net"]


def test_unknown_setting_is_named() -> None:
    with pytest.raises(ValueError, match="request_intervall"):
        Politeness.from_mapping({"request_intervall": 2})


def test_from_toml_and_json_files(tmp_path: Path) -> None:
    toml = tmp_path / "policy.toml"
    toml.write_text(
        '[politeness]\nrequest_interval = 3.0\nbackoff = [10, 20]\nuser_agent = "b/1 (mailto:a@b.org)"\n'
    )
    loaded = Politeness.from_file(toml)
    assert (loaded.request_interval, loaded.backoff) == (3.0, (10.0, 20.0))
    js = tmp_path / "policy.json"
    js.write_text(json.dumps({"file_interval": 12}))
    assert Politeness.from_file(js, base=presets.ARXIV).file_interval == 12.0
    assert Politeness.from_file(js, base=presets.ARXIV).request_interval == 3.0


def test_bad_file_says_which(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("request_interval = [")
    with pytest.raises(ValueError, match=r"bad\.toml"):
        Politeness.from_file(bad)
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"request_interval": -3}))
    with pytest.raises(ValueError, match=r"wrong\.json"):
        Politeness.from_file(wrong)


def test_presets() -> None:
    assert presets.ARXIV.request_interval == 3.0
    assert presets.DERGIPARK.redirect_scope == "host"
    assert presets.DDB.redirect_scope == "host"
    assert presets.preset("ArXiv") is presets.ARXIV
    with pytest.raises(ValueError, match="dergipark"):
        presets.preset("nope")


def test_interval_for_kind() -> None:
    assert Politeness().interval_for("file") == 6.0
    assert Politeness().interval_for("page") == 1.0
    assert Politeness().interval_for("robots") == 1.0


def test_the_minimum_transfer_rate() -> None:
    """curl's --speed-limit/--speed-time: below 1 KiB/s for 30 s, a transfer is ended."""
    from politeharvest.exceptions import TransportError
    from politeharvest.net._wire import ReadLimit
    from politeharvest.testing import FakeClock

    policy = Politeness()
    assert (policy.min_rate_bytes, policy.min_rate_s) == (1024.0, 30.0)
    clock = FakeClock()
    limit = ReadLimit(clock, 1e9, "", policy.min_rate_bytes, policy.min_rate_s)
    since, got = clock.monotonic(), 0
    for _ in range(29):  # 29 s at 1 byte a second: not yet judged
        clock.advance(1.0)
        since, got = limit.pace("https://x.example/f.pdf", since, got + 1)
    clock.advance(1.0)
    with pytest.raises(TransportError, match="below the minimum of 1024 bytes/s over 30 s"):
        limit.pace("https://x.example/f.pdf", since, got + 1)
    # a steady 2 KiB/s passes, window after window; a pause made up for in time passes too
    since, got = clock.monotonic(), 0
    for _ in range(90):
        clock.advance(1.0)
        since, got = limit.pace("https://x.example/f.pdf", since, got + 2048)
    clock.advance(20.0)
    since, got = limit.pace("https://x.example/f.pdf", since, got)
    clock.advance(10.0)
    limit.pace("https://x.example/f.pdf", since, got + 40_000)
    # 0 turns it off
    off = ReadLimit(clock, 1e9, "", 0.0, 30.0)
    clock.advance(100.0)
    assert off.pace("u", 0.0, 0) == (0.0, 0)
