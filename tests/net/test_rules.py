"""Issue 36, point 5: every politeness rule a decision of its own, in one order.

Each rule of `net/_rules.py` is table-tested here without a server: it reads facts (the
request, the policy, an answer's status and headers, and what `FakeFacts` says robots.txt,
tdmrep.json, an RSL licence or a name's address is) and returns an action. The order is
pinned against the docs, and a new rule reaches the session without an edit of the door.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Mapping
from pathlib import Path

import attrs
import pytest
import requests

from politeharvest import (
    AddressRefused,
    ContactRequired,
    Disallowed,
    HarvestError,
    Politeness,
    PoliteSession,
    RightsReserved,
    RobotsUnavailable,
)
from politeharvest._policy import DEFAULT_USER_AGENT
from politeharvest.exceptions import PolicyRefusal
from politeharvest.net import RequestEvent
from politeharvest.net._flow import (
    ON_RESPONSE,
    ChallengeRule,
    Done,
    Hop,
    RedirectRule,
    RequestFlow,
    Retry,
    RetryRule,
    StopHost,
    on_response,
)
from politeharvest.net._latency import LatencyBook
from politeharvest.net._pacing import HostPacer
from politeharvest.net._preferences import UsagePreferences
from politeharvest.net._rights import TdmRule, tdmrep_rules_from
from politeharvest.net._robots import RobotsDecision, RobotsTxt, classify
from politeharvest.net._rules import (
    BEFORE_REQUEST,
    ON_ANSWER,
    ON_SEND,
    PACING,
    RULES,
    ContactRule,
    Facts,
    Found,
    Hold,
    IntervalRule,
    LatencyRule,
    PreferencesRule,
    PrivateAddressRule,
    Proceed,
    RateLimitRule,
    Refuse,
    RightsRule,
    RobotsRule,
    Rules,
    SigningRule,
)
from politeharvest.net._rules import (
    Answer as AnswerView,
)
from politeharvest.net._wire import Options
from politeharvest.testing import FakeClock, Reply, ScriptedAdapter
from tests.support import UA

DOCS = Path(__file__).resolve().parents[2] / "docs"
EPOCH = _dt.datetime(2026, 1, 1, tzinfo=_dt.timezone.utc)
PAGE = Options("page", None, False, 1 << 20)
FILE = Options("file", None, False, 1 << 20)
ALLOWED = RobotsDecision(True, "https://r.org/x", "robots.txt allows")


@attrs.define
class FakeFacts:
    """The facts a rule reads, as a table says them; `asked` records what was read."""

    policy: Politeness = attrs.field(factory=lambda: Politeness(user_agent=UA))
    robots: RobotsDecision = ALLOWED
    robots_text: str | None = None
    tdmrep: tuple[TdmRule, ...] = ()
    rsl: Mapping[str, bytes] = attrs.field(factory=dict)
    private: Mapping[str, tuple[str, str]] = attrs.field(factory=dict)
    clock: float = 100.0
    asked: list[str] = attrs.field(factory=list)

    def monotonic(self) -> float:
        return self.clock

    def now(self) -> float:
        return EPOCH.timestamp() + self.clock

    def wall(self, monotonic: float) -> _dt.datetime:
        return EPOCH + _dt.timedelta(seconds=monotonic)

    def private_resolution(self, url: str) -> tuple[str, str] | None:
        self.asked.append(f"resolve {url}")
        return self.private.get(url)

    def robots_decision_for(self, url: str, inline: float | None) -> RobotsDecision:
        self.asked.append(f"robots {url}")
        return self.robots

    def robots_txt(self, url: str) -> RobotsTxt | None:
        self.asked.append(f"robots.txt {url}")
        if self.robots_text is None:
            return None
        body = self.robots_text.encode()
        return classify(self.policy, "https://r.org/robots.txt", status=200, body=body, now=0.0)

    def tdmrep_rules(self, url: str, inline: float | None) -> tuple[TdmRule, ...]:
        self.asked.append(f"tdmrep {url}")
        return self.tdmrep

    def rsl_document(self, target: str, inline: float | None) -> bytes | None:
        self.asked.append(f"rsl {target}")
        return self.rsl.get(target)


@attrs.frozen
class Answer:
    status_code: int
    headers: Mapping[str, str] = attrs.field(factory=dict)


def test_the_fake_is_the_facts_the_door_gives() -> None:
    assert isinstance(FakeFacts(), Facts)
    with PoliteSession(Politeness(user_agent=UA)) as session:
        assert isinstance(session._door, Facts)


def _refusal(action: object, decision: str, error: type[HarvestError]) -> Refuse:
    assert isinstance(action, Refuse), action
    assert action.decision == decision
    assert isinstance(action.error, error)
    return action


# -- the order, as the docs list it -------------------------------------------------------------


def test_the_order_of_the_rules() -> None:
    names = [type(rule).__name__ for rule in BEFORE_REQUEST]
    assert names == [
        "ContactRule",
        "PrivateAddressRule",
        "RobotsRule",
        "RightsRule",
        "PreferencesRule",
    ]
    assert [type(rule).__name__ for rule in ON_RESPONSE] == [
        "ChallengeRule",
        "RetryRule",
        "RedirectRule",
    ]
    assert [type(rule).__name__ for rule in ON_ANSWER] == [
        "RateLimitRule",
        "RightsRule",
        "PreferencesRule",
    ]
    assert [type(rule).__name__ for rule in PACING] == ["IntervalRule", "LatencyRule"]
    assert [type(rule).__name__ for rule in ON_SEND] == ["SigningRule"]
    assert Rules(BEFORE_REQUEST, ON_RESPONSE, ON_ANSWER, PACING, ON_SEND) == RULES


@pytest.mark.parametrize("page", ["politeness.md", "architecture.md"])
def test_the_docs_list_the_rules_in_their_order(page: str) -> None:
    """Each tuple's rules appear in the docs' rules table in the tuple's order."""
    text = (DOCS / page).read_text(encoding="utf-8")
    table = text[text.index("<!-- rules -->") : text.index("<!-- /rules -->")]
    listed = re.findall(r"`(\w+Rule)`", table)
    for tuple_ in (BEFORE_REQUEST, ON_RESPONSE, ON_ANSWER, PACING, ON_SEND):
        names = [type(rule).__name__ for rule in tuple_]
        positions = []
        start = 0
        for name in names:
            start = listed.index(name, start)
            positions.append(start)
            start += 1
        assert positions == sorted(positions)


# -- before a request ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("user_agent", "url", "refused"),
    [
        (DEFAULT_USER_AGENT, "https://repo.org/oai", True),
        (DEFAULT_USER_AGENT, "https://repo.example.org/oai", False),  # a name for tests
        (DEFAULT_USER_AGENT, "http://127.0.0.1:8080/oai", False),  # your own machine
        (UA, "https://repo.org/oai", False),
    ],
)
def test_contact_rule(user_agent: str, url: str, refused: bool) -> None:
    facts = FakeFacts(Politeness(user_agent=user_agent))
    action = ContactRule().before(url, PAGE, facts)
    if not refused:
        assert action is None
        return
    refusal = _refusal(action, "refused", ContactRequired)
    assert refusal.detail == "the default User-Agent carries no contact"
    assert facts.asked == []


@pytest.mark.parametrize(
    ("url", "allow", "resolves", "detail", "address"),
    [
        ("https://10.0.0.5/oai", False, None, "10.0.0.5 is a private address", "10.0.0.5"),
        ("https://[::1]/oai", False, None, "::1 is a private address", "::1"),
        (
            "https://intra.org/oai",
            False,
            ("192.168.1.2", "intra.org is 192.168.1.2"),
            "intra.org is 192.168.1.2",
            "192.168.1.2",
        ),
        ("https://repo.org/oai", False, None, None, None),
        ("https://10.0.0.5/oai", True, None, None, None),
    ],
)
def test_private_address_rule(
    url: str,
    allow: bool,
    resolves: tuple[str, str] | None,
    detail: str | None,
    address: str | None,
) -> None:
    policy = Politeness(user_agent=UA, allow_private_addresses=allow)
    facts = FakeFacts(policy, private={url: resolves} if resolves else {})
    action = PrivateAddressRule().before(url, PAGE, facts)
    if detail is None:
        assert action is None
        if allow:
            assert facts.asked == []  # allowed: nothing resolved
        return
    refusal = _refusal(action, "refused", AddressRefused)
    assert refusal.detail == detail
    assert refusal.error.address == address  # type: ignore[attr-defined]


def test_robots_rule_proceeds_with_the_crawl_delay() -> None:
    decision = attrs.evolve(ALLOWED, crawl_delay=5.0)
    assert RobotsRule().before("https://r.org/x", PAGE, FakeFacts(robots=decision)) == Proceed(5.0)
    assert RobotsRule().before("https://r.org/x", PAGE, FakeFacts()) == Proceed(None)


def test_robots_rule_refuses_with_the_rule_and_its_line() -> None:
    decision = RobotsDecision(
        False,
        "https://r.org/a/1",
        "robots.txt disallows",
        rule="Disallow: /a",
        line=3,
        robots_url="https://r.org/robots.txt",
    )
    action = RobotsRule().before("https://r.org/a/1", PAGE, FakeFacts(robots=decision))
    refusal = _refusal(action, "disallowed", Disallowed)
    assert refusal.detail == "robots.txt disallows: Disallow: /a"
    error = refusal.error
    assert isinstance(error, Disallowed)
    assert (error.rule, error.line, error.robots_url) == (
        "Disallow: /a",
        3,
        "https://r.org/robots.txt",
    )


@pytest.mark.parametrize(("retry_at", "until_s"), [(700.0, 700.0), (None, 100.0)])
def test_robots_rule_an_unavailable_robots_txt(retry_at: float | None, until_s: float) -> None:
    decision = RobotsDecision(
        False,
        "https://r.org/x",
        "robots.txt unavailable (503)",
        unavailable=True,
        retry_at=retry_at,
    )
    action = RobotsRule().before("https://r.org/x", PAGE, FakeFacts(robots=decision))
    refusal = _refusal(action, "disallowed", RobotsUnavailable)
    assert refusal.detail == "robots.txt unavailable (503)"
    assert refusal.error.until == EPOCH + _dt.timedelta(seconds=until_s)  # type: ignore[attr-defined]


TDMREP = b"""[
  {"location": "/files/open/*", "tdm-reservation": 0},
  {"location": "/files/*", "tdm-reservation": 1, "tdm-policy": "https://j.example.org/tdm.json"}
]"""


@pytest.mark.parametrize(
    ("url", "opts", "policy", "reserved", "reads_tdmrep"),
    [
        ("https://r.org/files/1.pdf", FILE, {}, True, True),
        ("https://r.org/files/open/1.pdf", FILE, {}, False, True),
        ("https://r.org/files/1.pdf", PAGE, {}, False, False),  # a page: no file rules
        ("https://r.org/files/1.pdf", FILE, {"tdm_licence": "L"}, False, False),
        ("https://r.org/files/1.pdf", FILE, {"tdmrep_json": False}, False, False),
        ("https://r.org/files/1.pdf", FILE, {"tdm_reservations": False}, False, False),
    ],
)
def test_rights_rule_before_a_file(
    url: str, opts: Options, policy: dict[str, object], reserved: bool, reads_tdmrep: bool
) -> None:
    facts = FakeFacts(
        Politeness(user_agent=UA, **policy),  # type: ignore[arg-type]
        tdmrep=tdmrep_rules_from(200, TDMREP),
    )
    action = RightsRule().before(url, opts, facts)
    assert facts.asked == ([f"tdmrep {url}"] if reads_tdmrep else [])
    if not reserved:
        assert action is None
        return
    refusal = _refusal(action, "reserved", RightsReserved)
    assert refusal.detail == "/.well-known/tdmrep.json reserves /files/*"
    assert refusal.error.policy == "https://j.example.org/tdm.json"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("opts", "status", "headers", "step", "policy", "signal"),
    [
        (FILE, 200, {"tdm-reservation": "1"}, Done(), {}, "tdm-reservation"),
        (FILE, 206, {"X-Robots-Tag": "noai"}, Done(), {}, "robots-tag"),
        (FILE, 200, {"X-Robots-Tag": "noai"}, Done(), {"robots_tags": False}, None),
        (FILE, 200, {"tdm-reservation": "1"}, Done(), {"tdm_licence": "L"}, None),
        (FILE, 404, {"tdm-reservation": "1"}, Done(), {}, None),  # no file: nothing to refuse
        (PAGE, 200, {"tdm-reservation": "1"}, Done(), {}, None),  # a page is not a file
        (FILE, 200, {}, Done(), {}, None),
    ],
)
def test_rights_rule_on_a_file_s_answer(
    opts: Options,
    status: int,
    headers: dict[str, str],
    step: Done,
    policy: dict[str, object],
    signal: str | None,
) -> None:
    facts = FakeFacts(Politeness(user_agent=UA, **policy))  # type: ignore[arg-type]
    url = "https://r.org/1.pdf"
    action = RightsRule().on_answer(url, opts, step, Answer(status, headers), facts)
    assert facts.asked == []  # the file's own headers only
    if signal is None:
        assert action is None
        return
    refusal = _refusal(action, "reserved", RightsReserved)
    assert refusal.error.signal == signal  # type: ignore[attr-defined]


ROBOTS_N = "User-agent: *\nContent-Usage: train-ai=n\nAllow: /\n"
RSL_N = b"""<rsl xmlns="https://rslstandard.org/rsl">
  <content url="/"><license><prohibits type="usage">ai-train</prohibits></license></content>
</rsl>"""


@pytest.mark.parametrize(
    ("robots", "purpose", "refused"),
    [
        (ROBOTS_N, "train-ai", True),
        (ROBOTS_N, "search", False),
        (ROBOTS_N, None, False),  # no purpose: nothing refused, everything recorded
        ("User-agent: *\nContent-Signal: ai-train=no\n", "train-ai", True),
        ("User-agent: *\nLicense: https://r.org/license.xml\n", "train-ai", True),
        (None, "train-ai", False),  # robots.txt not known: nothing said
    ],
)
def test_preferences_rule_before_a_file(
    robots: str | None, purpose: str | None, refused: bool
) -> None:
    policy = Politeness(user_agent=UA, purpose=purpose)  # type: ignore[arg-type]
    facts = FakeFacts(policy, robots_text=robots, rsl={"https://r.org/license.xml": RSL_N})
    action = PreferencesRule().before("https://r.org/1.pdf", FILE, facts)
    if not refused:
        assert action is None
        return
    refusal = _refusal(action, "reserved", RightsReserved)
    assert refusal.error.signal == "usage-preference"  # type: ignore[attr-defined]
    assert refusal.detail.startswith("train-ai=n for the declared purpose (")


def test_preferences_rule_is_off_for_pages_and_when_switched_off() -> None:
    facts = FakeFacts(Politeness(user_agent=UA, purpose="train-ai"), robots_text=ROBOTS_N)
    assert PreferencesRule().before("https://r.org/x", PAGE, facts) is None
    off = Politeness(user_agent=UA, purpose="train-ai", usage_preferences=False)
    facts = FakeFacts(off, robots_text=ROBOTS_N)
    assert PreferencesRule().before("https://r.org/1.pdf", FILE, facts) is None
    assert facts.asked == []


def test_preferences_rule_on_the_answer_finds_and_notes() -> None:
    facts = FakeFacts(rsl={"https://r.org/l.xml": RSL_N})
    link = '<https://r.org/l.xml>; rel="license"; type="application/rsl+xml"'
    headers = {"Content-Usage": "search=y", "Link": link}
    action = PreferencesRule().on_answer(
        "https://r.org/1.pdf", FILE, Done(), Answer(200, headers), facts
    )
    assert isinstance(action, Found)
    assert (action.preferences.search, action.preferences.train_ai) == ("y", "n")
    assert action.note is not None and "Content-Usage: search=y" in action.note
    assert "https://r.org/l.xml (in the file's Link header)" in action.note
    # nothing said: the (empty) preferences are kept, nothing noted
    quiet = PreferencesRule().on_answer(
        "https://r.org/1.pdf", FILE, Done(), Answer(200), FakeFacts()
    )
    assert quiet == Found(UsagePreferences(), None)
    # for train-ai, the same answer is refused before its body is read
    policy = Politeness(user_agent=UA, purpose="train-ai")
    facts = FakeFacts(policy, rsl={"https://r.org/l.xml": RSL_N})
    refusal = PreferencesRule().on_answer(
        "https://r.org/1.pdf", FILE, Done(), Answer(200, headers), facts
    )
    _refusal(refusal, "reserved", RightsReserved)


# -- on an answer -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "headers", "hold", "policy"),
    [
        (
            200,
            {"RateLimit": '"default";r=0;t=30'},
            Hold(30.0, "rate-limit", 'RateLimit: "default";r=0;t=30'),
            {},
        ),
        (
            200,
            {"RateLimit": '"default";r=10;t=30'},
            Hold(3.0, "rate-limit", 'RateLimit: "default";r=10;t=30'),
            {},
        ),
        (200, {"Retry-After": "20"}, Hold(20.0, "retry-after", "Retry-After: 20"), {}),
        (200, {"RateLimit": '"default";r=0;t=30'}, None, {"rate_limit_headers": False}),
        (200, {}, None, {}),
    ],
)
def test_rate_limit_rule(
    status: int, headers: dict[str, str], hold: Hold | None, policy: dict[str, object]
) -> None:
    facts = FakeFacts(Politeness(user_agent=UA, **policy))  # type: ignore[arg-type]
    action = RateLimitRule().on_answer(
        "https://r.org/x", PAGE, Done(), Answer(status, headers), facts
    )
    assert action == hold


# -- the flow's rules ---------------------------------------------------------------------------


def test_the_first_response_rule_that_decides_wins() -> None:
    policy = Politeness(user_agent=UA)
    flow = RequestFlow(("https://r.org/oai",))
    a_challenge_on_a_429 = on_response(
        flow, policy=policy, status=429, headers={}, now=0.0, challenge="cf-mitigated: challenge"
    )
    assert isinstance(a_challenge_on_a_429, StopHost)
    # without the challenge rule, the 429 is retried; without the retry rule, it is the answer
    without = on_response(
        flow,
        policy=policy,
        status=429,
        headers={},
        now=0.0,
        challenge="cf-mitigated: challenge",
        rules=(RetryRule(), RedirectRule()),
    )
    assert isinstance(without, Retry)
    assert on_response(flow, policy=policy, status=429, headers={}, now=0.0, rules=()) == Done()
    moved = {"Location": "/oai2"}
    assert isinstance(on_response(flow, policy=policy, status=301, headers=moved, now=0.0), Hop)
    rules = (ChallengeRule(), RetryRule())
    assert (
        on_response(flow, policy=policy, status=301, headers=moved, now=0.0, rules=rules) == Done()
    )


# -- pacing -------------------------------------------------------------------------------------


@attrs.frozen
class PaceFacts:
    policy: Politeness
    pacer: HostPacer
    latency: LatencyBook


def _pace(policy: Politeness, answers: tuple[float, ...] = ()) -> PaceFacts:
    book = LatencyBook()
    for seconds in answers:
        book.observe("r.org", seconds)
    return PaceFacts(policy, HostPacer(policy), book)


@pytest.mark.parametrize(
    ("kind", "crawl_delay", "gap"),
    [("page", None, 1.0), ("page", 5.0, 5.0), ("page", 0.5, 1.0), ("file", None, 2.0)],
)
def test_interval_rule(kind: str, crawl_delay: float | None, gap: float) -> None:
    policy = Politeness(user_agent=UA, request_interval=1.0, file_interval=2.0)
    got, reason = IntervalRule().gap(_pace(policy), "r.org", kind, crawl_delay, 0.0, "")
    assert got == gap and reason


def test_latency_rule_stretches_only_a_slow_host() -> None:
    policy = Politeness(user_agent=UA)
    steady = _pace(policy, (0.02,) * 5)
    assert LatencyRule().gap(steady, "r.org", "page", None, 1.0, "interval") == (1.0, "interval")
    slow = _pace(policy, (0.02,) * 5 + (0.4,) * 3)
    gap, reason = LatencyRule().gap(slow, "r.org", "page", None, 1.0, "interval")
    assert 1.0 < gap <= policy.max_slowdown and reason.endswith("(slow answers)")
    off = _pace(attrs.evolve(policy, latency_slowdown=False), (0.02,) * 5 + (0.4,) * 3)
    assert LatencyRule().gap(off, "r.org", "page", None, 1.0, "interval") == (1.0, "interval")


# -- as a request leaves -----------------------------------------------------------------------


def test_signing_rule(tmp_path: Path) -> None:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ed25519

    assert SigningRule().on_send("GET", "https://r.org/oai", FakeFacts()) is None  # no key
    key = tmp_path / "key.pem"
    key.write_bytes(
        ed25519.Ed25519PrivateKey.generate().private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    agent = "https://bot.example.org"
    policy = Politeness(user_agent=UA, sign_key=str(key), signature_agent=agent)
    facts = FakeFacts(policy)
    headers = SigningRule().on_send("GET", "https://r.org/oai", facts)
    assert headers is not None
    assert set(headers) == {"Signature", "Signature-Input", "Signature-Agent"}
    assert f"created={int(facts.now())}" in headers["Signature-Input"]
    other = SigningRule().on_send("GET", "https://r.org/admin", facts)
    assert other is not None and other["Signature"] != headers["Signature"]


# -- a new signal is a new rule: the door is not edited -----------------------------------------


class PathReserved(PolicyRefusal):
    """A test's own refusal."""


@attrs.frozen
class RefusePath:
    """A rule of a test's own: refuse every URL under `prefix`."""

    prefix: str

    def before(self, url: str, opts: Options, facts: Facts) -> Refuse | None:
        if not url.startswith(self.prefix):
            return None
        return Refuse(
            "refused", f"under {self.prefix}", PathReserved(url, "refused by a test's rule")
        )


@attrs.frozen
class HoldOnHeader:
    """A rule of a test's own: ``X-Pause: N`` holds the host N seconds."""

    def on_answer(
        self, url: str, opts: Options, step: object, response: AnswerView, facts: Facts
    ) -> Hold | None:
        value = response.headers.get("X-Pause")
        return None if value is None else Hold(float(value), "x-pause", f"X-Pause: {value}")


def test_a_rule_added_to_the_session_refuses_and_holds_without_the_door(
    http: requests.Session, clock: FakeClock, adapter: ScriptedAdapter
) -> None:
    adapter.add("https://r.org/robots.txt", Reply(404))
    adapter.add("https://r.org/open/1", Reply(200, {"X-Pause": "30"}, "one"))
    adapter.add("https://r.org/open/2", Reply(200, {}, "two"))
    adapter.add("https://r.org/closed/1", Reply(200, {}, "never"))
    events: list[RequestEvent] = []
    rules = RULES.adding(before=(RefusePath("https://r.org/closed/"),), on_answer=(HoldOnHeader(),))
    policy = Politeness(user_agent=UA, request_interval=1.0, jitter=0.0)
    with PoliteSession(
        policy, http=http, clock=clock, rules=rules, on_event=[events.append]
    ) as session:
        with pytest.raises(PathReserved):
            session.get("https://r.org/closed/1")
        assert [e.url for e in events if e.decision == "refused"] == ["https://r.org/closed/1"]
        refused = next(e for e in events if e.decision == "refused")
        assert refused.detail == "under https://r.org/closed/"
        session.get("https://r.org/open/1")
        started = clock.monotonic()
        session.get("https://r.org/open/2")
    sent = [r.url for r in adapter.log]
    assert "https://r.org/closed/1" not in sent
    assert sent[-2:] == ["https://r.org/open/1", "https://r.org/open/2"]
    waited = next(e for e in events if e.url == "https://r.org/open/2")
    assert waited.wait_reason == "x-pause" and clock.monotonic() - started >= 30.0


def test_the_default_session_has_the_default_rules() -> None:
    with PoliteSession(Politeness(user_agent=UA)) as session:
        assert session.rules is RULES
        assert session._door.parts.rules is RULES
        other = RULES.adding(before=(RefusePath("x"),))
        session.rules = other  # set later: the next request uses it
        assert session._door.parts.rules is other
