"""The politeness rules a request goes through, one decision each, in one order (core).

Each rule reads facts and returns an action; the door (`_door.Door`) carries the actions out
and never decides itself. The facts a rule needs beyond the request (robots.txt, an origin's
``tdmrep.json``, an RSL licence, where a name resolves) come through `Facts`, which the door
implements by fetching them through its own journey and which a test fakes. The order is
one tuple per moment, and `docs/politeness.md` lists it:

    BEFORE_REQUEST  before each hop of a request (`BeforeRule.before`)
        ContactRule         another's host while the User-Agent is the library's default
        PrivateAddressRule  a private, loopback or link-local address (or a name for one)
        RobotsRule          robots.txt (fetched first if not known); gives the Crawl-delay
        RightsRule          a file the origin's tdmrep.json reserves
        PreferencesRule     a file robots.txt (or an RSL licence it names) says n to
    ON_RESPONSE     after each answer, the first that decides (`_flow.on_response`)
        ChallengeRule, RetryRule, RedirectRule (in `_flow`)
    ON_ANSWER       after an answer that is not retried (`AnswerRule.on_answer`)
        RateLimitRule       the host's rate-limit headers (and a Retry-After on a 200): hold
        RightsRule          a file whose own headers reserve mining (before its body is read)
        PreferencesRule     a file whose headers (or the RSL licences they name) say n;
                            otherwise its preferences, noted on its row
    PACING          each turn's gap, each rule taking the gap so far (`GapRule.gap`)
        IntervalRule        the policy's interval for the kind, robots.txt's Crawl-delay
        LatencyRule         stretched while the host answers well above its usual time
    ON_SEND         as a request leaves, after its turn came (`SendRule.on_send`)
        SigningRule         the policy's key signs it (RFC 9421, Web Bot Auth)

The actions: `Proceed` (with robots.txt's Crawl-delay), `Refuse` (an event's decision and
detail, and the error raised), `Hold` (the host's next request starts no sooner), `Found`
(a file's usage preferences, kept on its response and noted), and headers set on a request
as it leaves (a `Mapping`, `ON_SEND`). A new signal is a new rule in
one of the tuples (a `PoliteSession(rules=...)` of its own, `Rules.adding`), with its table
test; the door is not edited.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol, runtime_checkable
from urllib.parse import urljoin

import attrs

from politeharvest._policy import DEFAULT_USER_AGENT, Politeness
from politeharvest._reprs import value_repr
from politeharvest.exceptions import (
    AddressRefused,
    ContactRequired,
    Disallowed,
    HarvestError,
    RightsReserved,
    RobotsUnavailable,
)

from ._flow import ON_RESPONSE, Decision, Done, ResponseRule
from ._latency import LatencyBook
from ._pacing import HostPacer
from ._preferences import (
    UsagePreferences,
    content_usage,
    link_licences,
    robots_licences,
    robots_preferences,
    rsl_preferences,
)
from ._ratelimit import announced_hold
from ._robots import RobotsDecision, RobotsTxt
from ._signing import signer_for
from ._urls import hostname, is_own_or_test_host, is_private_address

if TYPE_CHECKING:  # rights signals (html.parser) load when a file is asked for
    from ._rights import Reservation, TdmRule
    from ._wire import Options

__all__ = [
    "BEFORE_REQUEST",
    "ON_ANSWER",
    "ON_SEND",
    "PACING",
    "RULES",
    "AnswerRule",
    "BeforeRule",
    "ContactRule",
    "Facts",
    "Found",
    "GapRule",
    "Hold",
    "IntervalRule",
    "LatencyRule",
    "PaceFacts",
    "PreferencesRule",
    "PrivateAddressRule",
    "Proceed",
    "RateLimitRule",
    "Refuse",
    "RightsRule",
    "RobotsRule",
    "Rules",
    "SendRule",
    "SigningRule",
    "refuse_reserved",
    "site_preferences",
]


# -- actions ----------------------------------------------------------------------------------


@attrs.frozen(repr=False)
class Proceed:
    """Go on; robots.txt's Crawl-delay (seconds, clamped) is the gap's floor, if any."""

    __repr__ = value_repr

    crawl_delay: float | None = None


@attrs.frozen(repr=False)
class Refuse:
    """Refuse the request: one event (`decision`, `detail`), then `error` is raised.

    Attributes:
        decision: the event's decision (``"refused"``, ``"disallowed"``, ``"reserved"``).
        detail: the event's detail: the evidence.
        error: the typed error the caller meets.
    """

    __repr__ = value_repr

    decision: str
    detail: str
    error: HarvestError


@attrs.frozen(repr=False)
class Hold:
    """Hold the host: its next request starts no sooner than `delay` seconds from now."""

    __repr__ = value_repr

    delay: float
    reason: str
    evidence: str


@attrs.frozen(repr=False)
class Found:
    """A file's usage preferences: kept on its response; `note` (if any) on its row."""

    __repr__ = value_repr

    preferences: UsagePreferences
    note: str | None = None


BeforeAction = Proceed | Refuse
AnswerAction = Refuse | Hold | Found


# -- facts ------------------------------------------------------------------------------------


@runtime_checkable
class Facts(Protocol):
    """What a rule may read beyond the request (the door implements it; tests fake it)."""

    @property
    def policy(self) -> Politeness:
        """The politeness policy."""

    def monotonic(self) -> float:
        """The session clock's monotonic now."""

    def now(self) -> float:
        """The session clock's wall-clock now (seconds since the epoch)."""

    def wall(self, monotonic: float) -> _dt.datetime:
        """A monotonic time as a UTC datetime (for the errors that say until when)."""

    def private_resolution(self, url: str) -> tuple[str, str] | None:
        """Where `url`'s name resolves when that is private: (address, detail), or None.

        None too when the name is checked where the connection is made (no proxy, the
        session's guarded adapter) or when it does not resolve.
        """

    def robots_decision_for(self, url: str, inline: float | None) -> RobotsDecision:
        """robots.txt's decision for `url` (fetched through the door when not known)."""

    def robots_txt(self, url: str) -> RobotsTxt | None:
        """The origin's robots.txt as known now, without fetching it."""

    def tdmrep_rules(self, url: str, inline: float | None) -> tuple[TdmRule, ...]:
        """The origin's ``/.well-known/tdmrep.json`` rules (fetched and kept)."""

    def rsl_document(self, target: str, inline: float | None) -> bytes | None:
        """An RSL licence document (fetched and kept a day), None if it cannot be read."""


class PaceFacts(Protocol):
    """What a pacing rule reads: the policy, the host's pacer and its answer times."""

    @property
    def policy(self) -> Politeness: ...

    @property
    def pacer(self) -> HostPacer: ...

    @property
    def latency(self) -> LatencyBook: ...


class BeforeRule(Protocol):
    """A rule applied before each hop of a request."""

    def before(self, url: str, opts: Options, facts: Facts) -> BeforeAction | None:
        """The action for a request to `url` (None: nothing to say)."""


class AnswerRule(Protocol):
    """A rule applied to an answer that is not retried (a redirect's, a refused one's too)."""

    def on_answer(
        self, url: str, opts: Options, step: Decision, response: Answer, facts: Facts
    ) -> AnswerAction | None:
        """The action for `response` to `url`, after the flow decided `step`."""


class GapRule(Protocol):
    """A rule that makes a host's gap before a request (each takes the gap so far)."""

    def gap(
        self,
        facts: PaceFacts,
        host: str,
        kind: str,
        crawl_delay: float | None,
        gap: float,
        reason: str,
    ) -> tuple[float, str]:
        """The gap (seconds) and its reason after this rule."""


class SendRule(Protocol):
    """A rule applied as a request leaves: headers to set on it (None: none)."""

    def on_send(self, method: str, url: str, facts: Facts) -> Mapping[str, str] | None:
        """The headers to set on a `method` request to `url` now."""


class Answer(Protocol):
    """What an answer rule reads of a response (a `requests.Response` is one)."""

    @property
    def status_code(self) -> int: ...

    @property
    def headers(self) -> Mapping[str, str]: ...


def _header_values(headers: Mapping[str, str], name: str) -> list[str]:
    """Every value of a header (requests folds repeated fields into one, comma-joined)."""
    value = headers.get(name)
    return [value] if value else []


def refuse_reserved(url: str, found: Reservation) -> Refuse:
    """The refusal of a file for a rights signal or a usage preference."""
    return Refuse(
        "reserved", found.evidence, RightsReserved(url, found.signal, found.evidence, found.policy)
    )


def _is_answered_file(opts: Options, step: Decision, response: Answer) -> bool:
    return opts.kind == "file" and isinstance(step, Done) and response.status_code < 300


# -- before a request -------------------------------------------------------------------------


@attrs.frozen(repr=False)
class ContactRule:
    """Another's host is refused while the User-Agent is the library's default.

    Reads the policy's User-Agent and the URL's host; refuses with `ContactRequired`. Your
    own machine and names reserved for tests are exempt.
    """

    __repr__ = value_repr

    def before(self, url: str, opts: Options, facts: Facts) -> Refuse | None:
        return self.judge(url, facts.policy)

    @staticmethod
    def judge(url: str, policy: Politeness) -> Refuse | None:
        """The refusal of `url` under `policy`'s User-Agent, if any."""
        if policy.user_agent != DEFAULT_USER_AGENT:
            return None
        host = hostname(url)
        if is_own_or_test_host(host):
            return None
        reason = "the default User-Agent carries no contact"
        return Refuse("refused", reason, ContactRequired(url, host))


@attrs.frozen(repr=False)
class PrivateAddressRule:
    """A private host is refused before its robots.txt is read or its turn is taken.

    Reads the URL's host (a literal address, ``localhost``) and, for a name, where it
    resolves (`Facts.private_resolution`); refuses with `AddressRefused` unless the policy
    allows private addresses.
    """

    __repr__ = value_repr

    def before(self, url: str, opts: Options, facts: Facts) -> Refuse | None:
        if facts.policy.allow_private_addresses:
            return None
        host = hostname(url)
        if is_private_address(host):
            return Refuse(
                "refused", f"{host} is a private address", AddressRefused(url, host, host)
            )
        resolved = facts.private_resolution(url)
        if resolved is None:
            return None
        address, detail = resolved
        return Refuse("refused", detail, AddressRefused(url, host, address))


@attrs.frozen(repr=False)
class RobotsRule:
    """robots.txt (RFC 9309): a disallowed or unavailable origin is refused.

    Reads robots.txt's decision for the URL (`Facts.robots_decision_for`); proceeds with its
    Crawl-delay, or refuses with `Disallowed` (the rule and its line) or `RobotsUnavailable`
    (until robots.txt is fetched again).
    """

    __repr__ = value_repr

    def before(self, url: str, opts: Options, facts: Facts) -> BeforeAction:
        return self.judge(url, facts.robots_decision_for(url, opts.inline), facts)

    @staticmethod
    def judge(url: str, decision: RobotsDecision, facts: Facts) -> BeforeAction:
        """The action for robots.txt's `decision` on `url`."""
        if decision.unavailable:
            retry_at = decision.retry_at if decision.retry_at is not None else facts.monotonic()
            error: HarvestError = RobotsUnavailable(url, facts.wall(retry_at), decision.reason)
            return Refuse("disallowed", decision.reason, error)
        if not decision.allowed:
            error = Disallowed(
                url,
                decision.reason,
                rule=decision.rule,
                line=decision.line,
                robots_url=decision.robots_url,
            )
            return Refuse("disallowed", f"{decision.reason}: {decision.rule}", error)
        return Proceed(decision.crawl_delay)


@attrs.frozen(repr=False)
class RightsRule:
    """A file whose rights holder reserves text and data mining is refused.

    Before the request it reads the origin's ``tdmrep.json`` (when the policy honours TDM
    reservations, reads that file, and holds no licence); on the answer, the file's own
    headers (``tdm-reservation``, ``X-Robots-Tag``), before its body is read. Refuses with
    `RightsReserved`, naming the evidence.
    """

    __repr__ = value_repr

    def before(self, url: str, opts: Options, facts: Facts) -> Refuse | None:
        policy = facts.policy
        if opts.kind != "file" or not (policy.tdm_reservations or policy.robots_tags):
            return None
        if not (policy.tdm_reservations and policy.tdmrep_json) or policy.tdm_licence:
            return None  # before the request, only the origin's rules can refuse a file
        from ._rights import file_signals

        found = file_signals(policy, url, None, facts.tdmrep_rules(url, opts.inline))
        return None if found is None else refuse_reserved(url, found)

    def on_answer(
        self, url: str, opts: Options, step: Decision, response: Answer, facts: Facts
    ) -> Refuse | None:
        policy = facts.policy
        if not (policy.tdm_reservations or policy.robots_tags):
            return None
        if not _is_answered_file(opts, step, response):
            return None
        from ._rights import file_signals

        found = file_signals(policy, url, response.headers, ())
        return None if found is None else refuse_reserved(url, found)


def site_preferences(url: str, inline: float | None, facts: Facts) -> UsagePreferences:
    """What robots.txt (Content-Usage, Content-Signal, RSL License lines) says of `url`."""
    robots = facts.robots_txt(url)
    if robots is None or robots.mode != "rules" or not robots.text:
        return UsagePreferences()
    prefs = robots_preferences(robots.text, facts.policy.user_agent, url)
    for licence in robots_licences(robots.text):
        prefs = prefs.combine(_rsl(licence, url, inline, "named in robots.txt", facts))
    return prefs


def _rsl(
    licence: str, url: str, inline: float | None, where: str, facts: Facts
) -> UsagePreferences:
    target = urljoin(url, licence)
    body = facts.rsl_document(target, inline)
    if body is None:
        return UsagePreferences()
    return rsl_preferences(body, url, f"{target} ({where})")


def _refuses(url: str, prefs: UsagePreferences, policy: Politeness) -> Refuse | None:
    if not prefs.refuses(policy.purpose):
        return None
    from ._rights import Reservation

    evidence = f"{policy.purpose}=n for the declared purpose ({'; '.join(prefs.evidence)})"
    return refuse_reserved(url, Reservation("usage-preference", evidence))


@attrs.frozen(repr=False)
class PreferencesRule:
    """A file whose usage preferences say n for the policy's purpose is refused.

    Before the request it reads robots.txt as known (Content-Usage, Content-Signal) and the
    RSL licences it names; on the answer, the file's ``Content-Usage`` and RSL ``Link``
    headers join them. Refuses with `RightsReserved` (``usage-preference``), or on the
    answer gives the preferences found (kept for the file's row, noted when known).
    """

    __repr__ = value_repr

    def before(self, url: str, opts: Options, facts: Facts) -> Refuse | None:
        policy = facts.policy
        if opts.kind != "file" or not policy.usage_preferences:
            return None
        return _refuses(url, site_preferences(url, opts.inline, facts), policy)

    def on_answer(
        self, url: str, opts: Options, step: Decision, response: Answer, facts: Facts
    ) -> Refuse | Found | None:
        policy = facts.policy
        if not policy.usage_preferences or not _is_answered_file(opts, step, response):
            return None
        prefs = site_preferences(url, opts.inline, facts)
        for value in _header_values(response.headers, "Content-Usage"):
            where = f"Content-Usage: {value} in the file's headers"
            prefs = prefs.combine(UsagePreferences.stated(content_usage(value), where))
        for licence in link_licences(_header_values(response.headers, "Link")):
            prefs = prefs.combine(
                _rsl(licence, url, opts.inline, "in the file's Link header", facts)
            )
        refused = _refuses(url, prefs, policy)
        if refused is not None:
            return refused
        return Found(prefs, "; ".join(prefs.evidence) if prefs.known else None)


# -- on an answer -----------------------------------------------------------------------------


@attrs.frozen(repr=False)
class RateLimitRule:
    """A host that announces its limits is held so that its quota lasts (`_ratelimit`).

    Reads the answer's ``RateLimit``/``RateLimit-Policy``/``X-RateLimit-*`` headers and a
    ``Retry-After`` on an answer that is not a refusal; holds the host.
    """

    __repr__ = value_repr

    def on_answer(
        self, url: str, opts: Options, step: Decision, response: Answer, facts: Facts
    ) -> Hold | None:
        policy = facts.policy
        if not policy.rate_limit_headers:
            return None
        announced = announced_hold(
            response.headers,
            status=response.status_code,
            now=facts.now(),
            retry_statuses=policy.retry_statuses,
        )
        if announced is None:
            return None
        return Hold(announced.delay, announced.reason, announced.evidence)


# -- pacing -----------------------------------------------------------------------------------


@attrs.frozen(repr=False)
class IntervalRule:
    """The policy's interval for the kind of request, raised to robots.txt's Crawl-delay."""

    __repr__ = value_repr

    def gap(
        self,
        facts: PaceFacts,
        host: str,
        kind: str,
        crawl_delay: float | None,
        gap: float,
        reason: str,
    ) -> tuple[float, str]:
        mine, why = facts.pacer.gap(kind, crawl_delay)
        return (mine, why) if mine >= gap else (gap, reason)


@attrs.frozen(repr=False)
class LatencyRule:
    """A host answering well above its usual time has its gaps stretched (`_latency`)."""

    __repr__ = value_repr

    def gap(
        self,
        facts: PaceFacts,
        host: str,
        kind: str,
        crawl_delay: float | None,
        gap: float,
        reason: str,
    ) -> tuple[float, str]:
        policy = facts.policy
        if not policy.latency_slowdown:
            return gap, reason
        stretch = facts.latency.factor(host, policy.max_slowdown)
        if stretch > 1.0:  # the host answers well above its usual time: give it room
            return gap * stretch, f"{reason} x{stretch:.2g} (slow answers)"
        return gap, reason


# -- as a request leaves ---------------------------------------------------------------------


@attrs.frozen(repr=False)
class SigningRule:
    """A request is signed as it leaves when the policy has a key (RFC 9421, `_signing`).

    Reads the policy's key and signature agent, the request's method and URL, and the time;
    gives the ``Signature``, ``Signature-Input`` and ``Signature-Agent`` headers.
    """

    __repr__ = value_repr

    def on_send(self, method: str, url: str, facts: Facts) -> Mapping[str, str] | None:
        signer = signer_for(facts.policy)
        return None if signer is None else signer.headers_for(method, url, facts.now())


# -- the order --------------------------------------------------------------------------------

#: Before each hop of a request, in this order (the first refusal wins).
BEFORE_REQUEST: tuple[BeforeRule, ...] = (
    ContactRule(),
    PrivateAddressRule(),
    RobotsRule(),
    RightsRule(),
    PreferencesRule(),
)
#: After an answer that is not retried, in this order (a refusal ends the request).
ON_ANSWER: tuple[AnswerRule, ...] = (RateLimitRule(), RightsRule(), PreferencesRule())
#: Each turn's gap, in this order.
PACING: tuple[GapRule, ...] = (IntervalRule(), LatencyRule())
#: As a request leaves, in this order.
ON_SEND: tuple[SendRule, ...] = (SigningRule(),)


@attrs.frozen(repr=False)
class Rules:
    """The rules a session's requests go through, one ordered tuple per moment.

    Attributes:
        before: before each hop (`BeforeRule`), the first refusal wins.
        on_response: after each answer (`_flow.ResponseRule`), the first that decides.
        on_answer: after an answer that is not retried (`AnswerRule`).
        pacing: each turn's gap (`GapRule`).
        on_send: as a request leaves (`SendRule`).
    """

    __repr__ = value_repr

    before: tuple[BeforeRule, ...] = BEFORE_REQUEST
    on_response: tuple[ResponseRule, ...] = ON_RESPONSE
    on_answer: tuple[AnswerRule, ...] = ON_ANSWER
    pacing: tuple[GapRule, ...] = PACING
    on_send: tuple[SendRule, ...] = ON_SEND

    def adding(
        self,
        *,
        before: tuple[BeforeRule, ...] = (),
        on_answer: tuple[AnswerRule, ...] = (),
        pacing: tuple[GapRule, ...] = (),
        on_send: tuple[SendRule, ...] = (),
    ) -> Rules:
        """These rules with more after each tuple's own (a new signal, without the door)."""
        return Rules(
            (*self.before, *before),
            self.on_response,
            (*self.on_answer, *on_answer),
            (*self.pacing, *pacing),
            (*self.on_send, *on_send),
        )


#: The rules every `PoliteSession` applies unless given others.
RULES = Rules()
