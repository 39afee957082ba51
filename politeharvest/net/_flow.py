"""One request's journey as pure decisions (no I/O, no clock, no state of its own).

A `RequestFlow` is where a request stands: the hops so far, the 429/503 statuses of this hop,
and the attempt. After each response, `on_response` says what comes next:

* `StopHost`: a bot challenge, or a 403 on a harvest request: the host is stopped for the job;
* `Retry`: a 429/503 within the schedule: hold the host for `delay`, then send again;
* `Defer`: the server asked for longer than the policy's longest wait: hold the host, defer;
* `GiveUp`: every scheduled retry was spent: hold the host for `hold`, give up;
* `Hop`: a redirect the policy follows: the next URL, its method, whether credentials stay;
* `Refused`: a redirect the policy refuses;
* `Done`: the response is the answer.

Three rules of their own decide them, in the order of `ON_RESPONSE` (the first that decides
wins; none: `Done`): `ChallengeRule` (`StopHost`), `RetryRule` (`Retry`, `Defer`, `GiveUp`),
`RedirectRule` (`Hop`, `Refused`).

`decide_wait` is the other decision of a request: when its reserved turn comes, sleep for it,
or defer (longer than the caller lets a worker sleep, beyond the policy's longest wait, or
after the job's deadline). `decide_busy` decides for a host whose turn is held by another
request. The session (`_session.py`) carries the decisions out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple, Protocol

import attrs

from politeharvest._policy import Politeness
from politeharvest._reprs import value_repr

from ._redirects import Follow, RedirectPolicy, Stop
from ._retry import parse_retry_after, retry_decision
from ._urls import same_origin

__all__ = [
    "ON_RESPONSE",
    "Answered",
    "ChallengeRule",
    "Defer",
    "Done",
    "GiveUp",
    "Go",
    "Hop",
    "RedirectRule",
    "Refused",
    "RequestFlow",
    "ResponseRule",
    "Retry",
    "RetryRule",
    "Sleep",
    "StopHost",
    "decide_busy",
    "decide_wait",
    "on_response",
]


@attrs.frozen(repr=False)
class RequestFlow:
    """Where one request stands.

    Attributes:
        chain: the URLs so far (the first asked for, then each redirect hop).
        method: the current hop's method.
        statuses: the 429/503 statuses answered to the current hop.
        attempt: retries already made for the current hop.
    """

    __repr__ = value_repr

    chain: tuple[str, ...]
    method: str = "GET"
    statuses: tuple[int, ...] = ()
    attempt: int = 0

    @property
    def url(self) -> str:
        """The current hop's URL."""
        return self.chain[-1]


@attrs.frozen(repr=False)
class Done:
    """The response is the answer."""

    __repr__ = value_repr


@attrs.frozen(repr=False)
class StopHost:
    """Stop the host for the rest of the job."""

    __repr__ = value_repr

    reason: str


@attrs.frozen(repr=False)
class Retry:
    """Hold the host for `delay` seconds (`reason`), then send the same request again."""

    __repr__ = value_repr

    delay: float
    reason: str
    flow: RequestFlow


@attrs.frozen(repr=False)
class Defer:
    """Hold the host for `delay` seconds; the caller should come back then."""

    __repr__ = value_repr

    delay: float
    reason: str


@attrs.frozen(repr=False)
class GiveUp:
    """Every scheduled retry was spent: hold the host for `hold` seconds and give up."""

    __repr__ = value_repr

    hold: float
    statuses: tuple[int, ...]


@attrs.frozen(repr=False)
class Hop:
    """Follow a redirect.

    Attributes:
        url: the next URL.
        method: its method (GET after a 303, the same method otherwise).
        keep_credentials: whether the next hop is the same origin.
        hold: seconds the target's host must wait first (Retry-After on the 3xx), or 0.
        flow: the flow after the hop.
    """

    __repr__ = value_repr

    url: str
    method: str
    keep_credentials: bool
    hold: float
    flow: RequestFlow


@attrs.frozen(repr=False)
class Refused:
    """A redirect the policy refuses."""

    __repr__ = value_repr

    stop: Stop


Decision = Done | StopHost | Retry | Defer | GiveUp | Hop | Refused


class Answered(NamedTuple):
    """What a response rule reads of an answer to the current hop (see `on_response`).

    A named tuple: one is made for every answer, and a tuple is made fastest.
    """

    policy: Politeness
    status: int
    headers: Mapping[str, str]
    now: float
    kind: str
    challenge: str | None
    redirects: RedirectPolicy | None
    follow: bool
    retries: bool


class ResponseRule(Protocol):
    """A rule applied to each answer: a decision, or None to leave it to the next."""

    def decide(self, flow: RequestFlow, answer: Answered) -> Decision | None:
        """What comes next after `answer` to `flow`'s current hop (None: not this rule's)."""


@attrs.frozen(repr=False)
class ChallengeRule:
    """A bot challenge, or a 403 on a page, stops the host for the job (never robots.txt)."""

    __repr__ = value_repr

    def decide(self, flow: RequestFlow, answer: Answered) -> Decision | None:
        if answer.kind == "robots":
            return None
        evidence = answer.challenge
        forbidden = answer.status == 403 and answer.policy.stop_on_forbidden
        if evidence is None and forbidden and answer.kind != "file":
            # a 403 on a page (OAI-PMH, landing page) means "stop harvesting here"; on a
            # file it is usually that one file's restriction
            evidence = "403 Forbidden on a harvest request"
        if evidence is not None:
            return StopHost(f"{evidence} (status {answer.status})")
        return None


@attrs.frozen(repr=False)
class RetryRule:
    """A 429/503 is retried on the backoff schedule (Retry-After honoured), or deferred."""

    __repr__ = value_repr

    def decide(self, flow: RequestFlow, answer: Answered) -> Decision | None:
        if not answer.retries or answer.status not in answer.policy.retry_statuses:
            return None
        header = answer.headers.get("Retry-After")
        return _after_refusal(flow, answer.policy, answer.status, header, answer.now)


@attrs.frozen(repr=False)
class RedirectRule:
    """A redirect is followed or refused by the redirect policy."""

    __repr__ = value_repr

    def decide(self, flow: RequestFlow, answer: Answered) -> Decision | None:
        status, headers = answer.status, answer.headers
        if not answer.follow or status not in _REDIRECTS or "Location" not in headers:
            return None
        return _hop(flow, answer.policy, answer.redirects, status, headers, answer.now)


_REDIRECTS = frozenset((301, 302, 303, 307, 308))

#: After each answer, in this order: the first rule that decides wins; none: `Done`.
ON_RESPONSE: tuple[ResponseRule, ...] = (ChallengeRule(), RetryRule(), RedirectRule())

_DONE = Done()


def on_response(
    flow: RequestFlow,
    *,
    policy: Politeness,
    status: int,
    headers: Mapping[str, str],
    now: float,
    kind: str = "page",
    challenge: str | None = None,
    redirects: RedirectPolicy | None = None,
    follow: bool = True,
    retries: bool = True,
    rules: tuple[ResponseRule, ...] = ON_RESPONSE,
) -> Decision:
    """What comes after a response with `status` and `headers` to the current hop.

    The `rules` decide in order (`ON_RESPONSE`: challenge, retry, redirect); the first
    decision wins, and an answer no rule decides is `Done`.

    Args:
        flow: where the request stands.
        policy: the politeness policy (retry statuses, backoff, longest wait, 403 rule).
        status: the response's status.
        headers: its headers (``Retry-After``, ``Location``).
        now: wall-clock seconds (for an HTTP-date Retry-After).
        kind: ``"page"``, ``"file"`` or ``"robots"`` (robots.txt neither stops nor retries).
        challenge: evidence of a bot challenge in the response, if any.
        redirects: the redirect policy (the policy's own when None).
        follow: whether redirects are followed at all (False: a 3xx is the answer).
        retries: whether 429/503 are retried (robots.txt: no, it counts as unavailable).
        rules: the response rules, in order.
    """
    answer = Answered(policy, status, headers, now, kind, challenge, redirects, follow, retries)
    for rule in rules:
        decision = rule.decide(flow, answer)
        if decision is not None:
            return decision
    return _DONE


def _after_refusal(
    flow: RequestFlow, policy: Politeness, status: int, header: str | None, now: float
) -> Decision:
    statuses = (*flow.statuses, status)
    decision = retry_decision(policy, flow.attempt, header, now)
    if decision is None:
        last = policy.backoff[-1] if policy.backoff else 0.0
        return GiveUp(max(last, parse_retry_after(header, now) or 0.0), statuses)
    if decision.defer:
        return Defer(decision.delay, decision.reason)
    return Retry(
        decision.delay,
        decision.reason,
        attrs.evolve(flow, statuses=statuses, attempt=flow.attempt + 1),
    )


def _hop(
    flow: RequestFlow,
    policy: Politeness,
    redirects: RedirectPolicy | None,
    status: int,
    headers: Mapping[str, str],
    now: float,
) -> Decision:
    rules = redirects if redirects is not None else RedirectPolicy.from_policy(policy)
    step = rules.decide(flow.chain, headers.get("Location", ""))
    if not isinstance(step, Follow):
        return Refused(step)
    method = "GET" if status == 303 else flow.method
    return Hop(
        url=step.url,
        method=method,
        keep_credentials=same_origin(flow.url, step.url),
        hold=parse_retry_after(headers.get("Retry-After"), now) or 0.0,
        flow=RequestFlow((*flow.chain, step.url), method),
    )


# -- waits ------------------------------------------------------------------------------------


@attrs.frozen(repr=False)
class Go:
    """The turn is now: send."""

    __repr__ = value_repr


@attrs.frozen(repr=False)
class Sleep:
    """Sleep `seconds` (the turn comes then), then send."""

    __repr__ = value_repr

    seconds: float


@attrs.frozen(repr=False)
class WaitRefused:
    """Do not wait: come back at `start_at` (monotonic).

    Attributes:
        start_at: when the turn would have come.
        budget: the refusal is the job's deadline (else a wait too long to sleep).
        message: a sentence saying why.
    """

    __repr__ = value_repr

    start_at: float
    budget: bool
    message: str


def decide_wait(
    *,
    start_at: float,
    now: float,
    deadline: float,
    inline: float | None,
    max_wait: float,
    reason: str,
) -> Go | Sleep | WaitRefused:
    """Sleep for a reserved turn, or refuse to.

    Args:
        start_at: when the turn comes (monotonic).
        now: monotonic now.
        deadline: the job's deadline (monotonic).
        inline: the longest the caller lets a worker sleep (None: up to `max_wait`).
        max_wait: the policy's longest wait.
        reason: why the turn is then (``"request-interval"``, ``"retry-after"``...).
    """
    wait = start_at - now
    if wait <= 0:
        return Go()
    limit = max_wait if inline is None else min(inline, max_wait)
    if wait > max_wait:
        return WaitRefused(
            start_at,
            False,
            f"the next polite moment is {wait:.1f} s away ({reason}), "
            f"beyond the policy's longest wait of {max_wait:.0f} s",
        )
    if start_at >= deadline:
        return WaitRefused(
            start_at,
            True,
            f"the next polite moment ({reason} ({wait:.3f} s)) is after the deadline",
        )
    if wait > limit:
        return WaitRefused(
            start_at,
            False,
            f"the next polite moment is {wait:.1f} s away ({reason}), "
            "longer than the caller allows to wait inline",
        )
    return Sleep(wait)


def decide_busy(
    *,
    retry_at: float,
    now: float,
    deadline: float,
    inline: float | None,
    waited: float,
    host: str,
) -> Sleep | WaitRefused:
    """Another request holds the host's turn: sleep until `retry_at`, or refuse to."""
    pause = max(0.0, retry_at - now)
    if retry_at > deadline:
        return WaitRefused(retry_at, True, f"host {host} is busy")
    if inline is not None and waited + pause > inline:
        return WaitRefused(retry_at, False, f"host {host} is busy")
    return Sleep(pause)
