"""`PoliteSession.start_job`: a new job's budget on the same session, and nothing else new.

A harvest makes each page a job with its own budget (issue 33); what the session learnt of a
host (its slow-down multiplier, a 403 that stopped it) stays the job id's, so politeness
never gets looser from one job to the next.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from politeharvest import PoliteSession
from politeharvest.exceptions import BudgetExhausted, HostStopped
from politeharvest.testing import FakeClock, Reply, ScriptedAdapter

H = "https://repo.example.org"
Make = Callable[..., PoliteSession]


def test_a_new_job_has_a_budget_of_its_own(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock
) -> None:
    adapter.add(f"{H}/oai", Reply(200, body="ok"))
    session = make_session(job_budget=60.0, request_interval=1.0)
    session.get(f"{H}/oai")
    clock.advance(61)
    with pytest.raises(BudgetExhausted):
        session.get(f"{H}/oai")  # the first job's budget is spent
    session.start_job()
    assert session.deadline.timestamp() == pytest.approx(clock.now() + 60.0)
    assert session.get(f"{H}/oai").status_code == 200
    session.start_job(clock.now() - 59.5)  # a job that began earlier has what is left
    clock.advance(1)
    with pytest.raises(BudgetExhausted):
        session.get(f"{H}/oai")


def test_a_new_job_keeps_the_slowdown_and_the_stopped_hosts(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock
) -> None:
    adapter.add(f"{H}/slow", [Reply(503, {"Retry-After": "1"}), Reply(200)])
    adapter.add("https://other.example.org/x", Reply(403))
    session = make_session(job_budget=600.0)
    session.get(f"{H}/slow")
    assert session.multiplier(H) == 2.0
    with pytest.raises(HostStopped):
        session.get("https://other.example.org/x")
    sent = len(adapter.log)
    session.start_job()
    assert session.multiplier(H) == 2.0  # the slow-down is the run's, not the job's
    with pytest.raises(HostStopped):
        session.get("https://other.example.org/x")  # still stopped: nothing sent
    assert len(adapter.log) == sent
