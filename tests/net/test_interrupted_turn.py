"""A request cut off by something that is not a network error gives its host's turn back.

A queue's time limit (RQ's death penalty raises its own exception inside the job), Ctrl-C or
"interrupt kernel" in a notebook: the exception passes through `PoliteSession.get` in the
middle of a request, or while it waits for its turn. The host's reservation in the pace store
must end there, or the next request (the corrected job, the cell run again) finds the host
busy until the reservation's lease lapses, minutes later.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from politeharvest import PoliteSession
from politeharvest.exceptions import WaitRequired
from politeharvest.testing import FakeClock, Reply, ScriptedAdapter

H = "https://repo.example.org"
Make = Callable[..., PoliteSession]


class JobTimeout(Exception):
    """What a queue raises inside a job at its time limit (not a requests error)."""


@pytest.mark.parametrize("interrupt", [JobTimeout, KeyboardInterrupt])
def test_a_request_cut_off_in_flight_gives_the_host_back(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock, interrupt: type[BaseException]
) -> None:
    answered = []

    def answer(seen: object) -> Reply:
        answered.append(seen)
        if len(answered) == 1:
            raise interrupt("the job's time is up")
        return Reply(200, body="ok")

    adapter.add(f"{H}/oai", answer)
    session = make_session(request_interval=1.0)
    with pytest.raises(interrupt):
        session.get(f"{H}/oai", max_inline_wait=5.0)
    started = clock.monotonic()
    # Without the turn given back the host stays busy for the reservation's lease
    # (minutes): a caller that waits at most 5 s is told to come back later.
    assert session.get(f"{H}/oai", max_inline_wait=5.0).text == "ok"
    assert clock.monotonic() - started == pytest.approx(1.0)  # the interval, no more
    assert len(answered) == 2


@pytest.mark.parametrize("interrupt", [JobTimeout, KeyboardInterrupt])
def test_a_request_cut_off_while_waiting_for_its_turn_gives_the_slot_back(
    make_session: Make,
    adapter: ScriptedAdapter,
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
    interrupt: type[BaseException],
) -> None:
    adapter.add(f"{H}/oai", Reply(200, body="ok"))
    session = make_session(request_interval=1.0)
    session.get(f"{H}/oai", max_inline_wait=5.0)
    sleep = clock.sleep

    def cut(seconds: float, reason: str = "") -> None:
        monkeypatch.setattr(clock, "sleep", sleep)  # once
        raise interrupt("the job's time is up")

    monkeypatch.setattr(clock, "sleep", cut)
    with pytest.raises(interrupt):
        session.get(f"{H}/oai", max_inline_wait=5.0)  # cut off in its 1 s wait
    try:
        assert session.get(f"{H}/oai", max_inline_wait=5.0).text == "ok"
    except WaitRequired as exc:  # pragma: no cover - the failure this test guards against
        pytest.fail(f"the host stayed reserved after the interrupted wait: {exc}")
    assert [r.url for r in adapter.log].count(f"{H}/oai") == 2  # nothing sent when cut off
