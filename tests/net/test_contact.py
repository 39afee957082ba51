"""The library's default User-Agent carries no contact: it reaches no one else's host.

`is_own_or_test_host` is the table; `PoliteSession`, `HarvestPlan` and `politeharvest.harvest`
refuse another's host with `ContactRequired` before any request (robots.txt included), and
go on with a contact, to loopback, or to a name reserved for tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import requests

from politeharvest import (
    ContactRequired,
    HarvestPlan,
    PolicyRefusal,
    Politeness,
    PoliteSession,
    SQLiteStateStore,
)
from politeharvest.net._urls import is_own_or_test_host
from politeharvest.testing import FakeClock, OaiTestRepository, Reply, ScriptedAdapter
from tests.support import UA


@pytest.mark.parametrize(
    ("host", "own_or_test"),
    [
        ("127.0.0.1", True),
        ("127.0.0.2", True),  # all of 127/8 is loopback
        ("::1", True),
        ("[::1]", True),
        ("localhost", True),
        ("LOCALHOST.", True),
        ("repo.localhost", True),
        ("repo.test", True),  # RFC 6761
        ("oai.example", True),
        ("x.invalid", True),
        ("example.org", True),  # RFC 2606 second-level names
        ("repo.example.org", True),
        ("a.b.example.com", True),
        ("example.net", True),
        ("export.arxiv.org", False),
        ("notexample.org", False),  # a suffix of the name is not the reserved domain
        ("example.org.evil.com", False),
        ("test", False),
        ("10.0.0.5", False),  # a private network is someone's: its operator wants a contact
        ("192.168.1.2", False),
        ("::ffff:8.8.8.8", False),
        ("", False),
    ],
)
def test_own_or_test_hosts(host: str, own_or_test: bool) -> None:
    assert is_own_or_test_host(host) is own_or_test


def _session(http: requests.Session, clock: FakeClock, **policy: object) -> PoliteSession:
    return PoliteSession(Politeness(**policy), http=http, clock=clock)  # type: ignore[arg-type]


def test_the_default_user_agent_is_refused_before_any_request(
    http: requests.Session, clock: FakeClock, adapter: ScriptedAdapter
) -> None:
    adapter.add("https://repo.org/oai", Reply(200, body="ok"))
    with _session(http, clock) as session, pytest.raises(ContactRequired) as caught:
        session.get("https://repo.org/oai")
    assert adapter.log == []  # not even robots.txt
    error = caught.value
    assert isinstance(error, PolicyRefusal)
    assert error.url == "https://repo.org/oai" and error.host == "repo.org"
    message = str(error)
    assert message.startswith("https://repo.org/oai: repo.org is not your own machine")
    assert 'Politeness(user_agent="mybot/1.0 (mailto:you@example.org)")' in message
    assert 'contact="you@example.org"' in message


@pytest.mark.parametrize(
    ("url", "policy"),
    [
        ("https://repo.org/oai", {"user_agent": UA}),  # a contact: anyone's host
        ("https://repo.example.org/oai", {}),  # a test name
        ("http://127.0.0.1:8080/oai", {"allow_private_addresses": True, "https_only": False}),
    ],
)
def test_a_contact_or_an_own_or_test_host_goes_on(
    http: requests.Session,
    clock: FakeClock,
    adapter: ScriptedAdapter,
    url: str,
    policy: dict[str, object],
) -> None:
    adapter.add(url, Reply(200, body="ok"))
    with _session(http, clock, **policy) as session:
        assert session.get(url).text == "ok"


def test_a_redirect_to_another_host_is_refused_at_that_hop(
    http: requests.Session, clock: FakeClock, adapter: ScriptedAdapter
) -> None:
    adapter.add("https://repo.example.org/oai", Reply(301, {"Location": "https://repo.org/oai"}))
    adapter.add("https://repo.org/oai", Reply(200, body="ok"))
    policy = {"redirect_scope": "any"}  # the redirect policy lets it go: the contact rule not
    with _session(http, clock, **policy) as session, pytest.raises(ContactRequired) as caught:
        session.get("https://repo.example.org/oai")
    assert caught.value.host == "repo.org"
    assert all("repo.org/" not in r.url.replace("example.org", "") for r in adapter.log)


def test_robots_txt_redirected_to_another_host_is_not_asked_there(
    http: requests.Session, clock: FakeClock, adapter: ScriptedAdapter
) -> None:
    """robots.txt follows redirects to any host, but never to another's without a contact."""
    adapter.add(
        "https://repo.example.org/robots.txt",
        Reply(301, {"Location": "https://repo.org/robots.txt"}),
    )
    adapter.add("https://repo.org/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
    adapter.add("https://repo.example.org/oai", Reply(200, body="ok"))
    with _session(http, clock) as session, pytest.raises(ContactRequired) as caught:
        session.get("https://repo.example.org/oai")
    assert caught.value.host == "repo.org"
    assert all("repo.org/" not in r.url.replace("example.org", "") for r in adapter.log)


def test_a_plan_with_the_default_policy_refuses_another_host_and_closes_its_run(
    http: requests.Session, clock: FakeClock, adapter: ScriptedAdapter, tmp_path: Path
) -> None:
    endpoint = "https://repo.org/oai"
    adapter.add(endpoint, OaiTestRepository.sample(10, now=clock.now))
    state = tmp_path / "s.sqlite"
    where = {"state": state, "sink": tmp_path / "o.jsonl", "http": http, "clock": clock}
    with HarvestPlan(endpoint, **where) as plan, pytest.raises(ContactRequired):  # type: ignore[arg-type]
        plan.run()
    assert adapter.log == []
    store = SQLiteStateStore(state)
    assert [r.status for r in store.runs(endpoint)] == ["failed"]
    store.close()
    with HarvestPlan(endpoint, policy=Politeness(user_agent=UA), **where) as plan:  # type: ignore[arg-type]
        assert plan.run().records == 10


def test_the_one_liner_sends_the_contact_it_takes() -> None:
    """``harvest(url, contact=...)`` (and `OaiPager.from_url`) never uses the default."""
    from politeharvest import OaiPager
    from politeharvest._policy import DEFAULT_USER_AGENT

    with OaiPager.from_url("https://repo.org/oai", contact="me@example.org") as pager:
        agent = pager.session.policy.user_agent
    assert agent != DEFAULT_USER_AGENT and "mailto:me@example.org" in agent
