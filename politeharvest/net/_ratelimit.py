"""Limits a server announces before it has to refuse: rate-limit headers, as holds (core).

Many APIs and repositories (Zenodo and InvenioRDM, GitHub-style APIs, gateways that follow the
IETF ``RateLimit`` draft) say in every answer how many requests are left in the current window
and when it resets. `announced_hold` turns those headers into a hold on the host: with `r`
requests left and the window resetting in `t` seconds, the next request starts no sooner than
``t / r`` seconds from now, so the quota lasts until the reset and a well-announced server
never has to answer 429; with none left, nothing starts before the reset. A ``Retry-After`` on
an answer that is not a refusal (a 200 saying "come back later") is a hold too.

Recognised, in this order (the first that gives both numbers wins):

* ``RateLimit: "default";r=50;t=30`` (draft-ietf-httpapi-ratelimit-headers, structured field;
  several quotas in one field: the strictest counts) and its earlier form
  ``RateLimit: limit=100, remaining=50, reset=30``;
* ``RateLimit-Remaining`` / ``RateLimit-Reset`` (earlier drafts, separate fields);
* ``X-RateLimit-Remaining`` / ``X-RateLimit-Reset`` (seconds, or an epoch time as Zenodo and
  GitHub send it).

A ``RateLimit-Policy`` field (``"default";q=100;w=60``: a quota of `q` requests per window of
`w` seconds) paces the host from the first answer that carries it, before any ``RateLimit``
answer says how much is left: the next request starts no sooner than ``w / q`` seconds after
(the strictest of several policies; one counted in another unit than requests, ``qu``, is left
out). Where both are given, the longer hold wins. Malformed fields are ignored, as the draft
asks.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping

import attrs

from politeharvest._reprs import value_repr

from ._retry import parse_retry_after

__all__ = ["Announced", "announced_hold"]

#: A reset this far in the future is an epoch time, not a number of seconds.
EPOCH_AFTER = 10**9
#: A reset longer than a day is not believed (a clock or a unit gone wrong).
LONGEST_RESET_S = 86_400.0

_PARAM = re.compile(r"(?:^|[;,\s])(r|t|remaining|reset)\s*=\s*(-?[0-9]+(?:\.[0-9]+)?)", re.I)


@attrs.frozen(repr=False)
class Announced:
    """A hold the server's own headers ask for.

    Attributes:
        delay: seconds from now before the host's next request may start.
        reason: ``"rate-limit"`` or ``"retry-after"`` (the wait's reason in events).
        evidence: the header values that decided it.
    """

    __repr__ = value_repr

    delay: float
    reason: str
    evidence: str


def _number(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        number = float(value.strip().split(",")[0])
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def _seconds_until(reset: float, now: float) -> float:
    return reset - now if reset > EPOCH_AFTER else reset


def _structured(value: str) -> list[tuple[float, float]]:
    """``(remaining, reset)`` pairs of a ``RateLimit`` field (every quota it names)."""
    pairs = []
    for item in value.split(",") if ";" in value else [value]:
        found = {name.lower(): float(number) for name, number in _PARAM.findall(item)}
        remaining = found.get("r", found.get("remaining"))
        reset = found.get("t", found.get("reset"))
        if remaining is not None and reset is not None:
            pairs.append((remaining, reset))
    return pairs


_POLICY_PARAM = re.compile(r';\s*(q|w|qu)\s*=\s*("[^"]*"|[^;,\s]+)', re.I)


def _policy_pace(field: str) -> float | None:
    """The slowest even pace (seconds a request) the ``RateLimit-Policy`` policies allow."""
    slowest: float | None = None
    for item in field.split(","):
        found = {name.lower(): value.strip('"') for name, value in _POLICY_PARAM.findall(item)}
        if found.get("qu", "requests").lower() != "requests":
            continue  # a quota of bytes or of concurrent requests says nothing of a pace
        quota, window = _number(found.get("q")), _number(found.get("w"))
        if quota is None or window is None or quota <= 0 or not 0 < window <= LONGEST_RESET_S:
            continue
        pace = window / quota
        if slowest is None or pace > slowest:
            slowest = pace
    return slowest


def _quotas(headers: Mapping[str, str], now: float) -> tuple[list[tuple[float, float]], str]:
    field = headers.get("RateLimit")
    if field:
        pairs = _structured(field)
        if pairs:
            return pairs, f"RateLimit: {field}"
    for prefix in ("RateLimit-", "X-RateLimit-"):
        remaining = _number(headers.get(f"{prefix}Remaining"))
        reset = _number(headers.get(f"{prefix}Reset"))
        if remaining is not None and reset is not None:
            seconds = _seconds_until(reset, now)
            evidence = f"{prefix}Remaining: {remaining:g}, {prefix}Reset: {reset:g}"
            return [(remaining, seconds)], evidence
    return [], ""


def announced_hold(
    headers: Mapping[str, str], *, status: int, now: float, retry_statuses: tuple[int, ...]
) -> Announced | None:
    """The hold a response's own headers ask for, or None.

    Args:
        headers: the response's headers (case-insensitive mapping).
        status: its status; a ``Retry-After`` on a refusal (`retry_statuses`) or a redirect
            is handled by the retry and redirect decisions, not here.
        now: wall-clock seconds (an epoch reset, an HTTP-date ``Retry-After``).
        retry_statuses: the statuses the policy retries.
    """
    best: Announced | None = None
    policy = headers.get("RateLimit-Policy")
    pace = _policy_pace(policy) if policy else None
    if pace is not None:
        best = Announced(pace, "rate-limit", f"RateLimit-Policy: {policy}")
    quotas, evidence = _quotas(headers, now)
    for remaining, reset in quotas:
        if not 0.0 <= reset <= LONGEST_RESET_S or remaining < 0:
            continue
        delay = reset if remaining < 1 else reset / remaining
        if best is None or delay > best.delay:
            best = Announced(delay, "rate-limit", evidence)
    redirect = 300 <= status < 400
    if status not in retry_statuses and not redirect and "Retry-After" in headers:
        asked = parse_retry_after(headers.get("Retry-After"), now)
        longer = asked is not None and (best is None or asked > best.delay)
        if asked is not None and 0.0 < asked <= LONGEST_RESET_S and longer:
            best = Announced(asked, "retry-after", f"Retry-After: {headers['Retry-After']}")
    return best
