"""Shared fixtures: a FakeClock, a scripted transport on it, and sessions wired to both."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
import requests

from politeharvest import Politeness, PoliteSession
from politeharvest.testing import FakeClock, ScriptedAdapter

UA = "politeharvest-tests/1.0 (+mailto:tests@example.org)"
SHARED = Path(__file__).resolve().parents[2] / "shared"


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One line per reason for the skipped tests (not a line per test)."""
    from collections import Counter

    reasons: Counter[str] = Counter()
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        reasons[reason.removeprefix("Skipped: ")] += 1
    if reasons:
        terminalreporter.write_sep("-", "skipped tests")
        for reason, count in reasons.most_common():
            terminalreporter.write_line(f"{count:4d} skipped: {reason}")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def adapter(clock: FakeClock) -> ScriptedAdapter:
    return ScriptedAdapter(clock)


@pytest.fixture
def http(adapter: ScriptedAdapter) -> requests.Session:
    session = requests.Session()
    session.mount("https://", adapter)
    session.mount("http://", adapter)
    return session


@pytest.fixture
def policy() -> Politeness:
    return Politeness(user_agent=UA, from_address="tests@example.org")


@pytest.fixture
def make_session(
    http: requests.Session, clock: FakeClock, policy: Politeness
) -> Callable[..., PoliteSession]:
    """Build a PoliteSession on the fake clock and scripted transport; kwargs evolve the policy."""

    def make(
        events: list[Any] | None = None,
        session_kwargs: dict[str, Any] | None = None,
        **changes: Any,
    ) -> PoliteSession:
        hooks = (events.append,) if events is not None else ()
        return PoliteSession(
            attrs.evolve(policy, **changes),
            http=http,
            clock=clock,
            on_event=hooks,
            **(session_kwargs or {}),
        )

    return make
