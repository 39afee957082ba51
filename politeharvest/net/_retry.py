"""Retry decisions for 429/503: Retry-After parsing and the backoff schedule (core, no I/O)."""

from __future__ import annotations

import datetime as _dt
import math
import re
from email.utils import parsedate_to_datetime

import attrs

from politeharvest._policy import Politeness
from politeharvest._reprs import value_repr

__all__ = ["RetryDecision", "parse_retry_after", "retry_decision"]

_DIGITS = re.compile(r"^[0-9]+$")

#: Waits are clamped to ten years before any arithmetic: a Retry-After of
#: 99999999999999999999 seconds must defer, not overflow a datetime.
MAX_DELAY_S = 10 * 365 * 86400.0


def parse_retry_after(value: str | None, now: float) -> float | None:
    """Return the seconds a ``Retry-After`` value asks us to wait, or None if unusable.

    RFC 9110 section 10.2.3 allows ``delay-seconds`` (digits only) or an
    HTTP-date; RFC 9110 section 5.6.7 obliges recipients to accept all three
    date forms (IMF-fixdate, RFC 850, asctime). A date in the past means no
    extra wait (0.0). Anything else, including ``1.5``, ``-5``, ``soon``, an
    empty value and two conflicting headers folded into one, is junk: None,
    so the caller falls back to its schedule. Never raises.

    Args:
        value: the header value, or None when absent.
        now: wall-clock seconds since the epoch.

    Returns:
        A wait in seconds, clamped to `MAX_DELAY_S`, or None.
    """
    if value is None:
        return None
    text = value.strip()
    if not text:
        return None
    if _DIGITS.match(text):
        # More than 12 digits is beyond the clamp anyway; float() of a huge int overflows.
        return MAX_DELAY_S if len(text) > 12 else min(float(text), MAX_DELAY_S)
    if "," in text and text.count(",") > 1:
        return None  # two headers folded into one: conflicting, ignore both
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if when.tzinfo is None:  # asctime carries no zone; HTTP dates are GMT
        when = when.replace(tzinfo=_dt.timezone.utc)
    delay = when.timestamp() - now
    if not math.isfinite(delay):
        return None
    return min(max(0.0, delay), MAX_DELAY_S)


@attrs.frozen(repr=False)
class RetryDecision:
    """What to do after a 429/503.

    Attributes:
        delay: seconds to hold the host, counted from the end of the response.
        reason: ``"retry-after"`` or ``"backoff"``.
        defer: True when `delay` is longer than the policy's `max_wait`: the
            request must not be retried early, it is deferred until then.
    """

    __repr__ = value_repr

    delay: float
    reason: str
    defer: bool


def retry_decision(
    policy: Politeness, attempt: int, retry_after: str | None, now: float
) -> RetryDecision | None:
    """Decide the wait before retry number `attempt` (0-based) of a 429/503.

    Args:
        policy: the politeness policy (its backoff schedule and `max_wait`).
        attempt: how many retries were already made for this request.
        retry_after: the response's ``Retry-After`` header, or None.
        now: wall-clock seconds since the epoch.

    Returns:
        The decision, or None when every scheduled retry is spent.
    """
    scheduled = policy.retry_wait(attempt)
    if scheduled is None:
        return None
    asked = parse_retry_after(retry_after, now)
    if asked is None:
        return RetryDecision(scheduled, "backoff", scheduled > policy.max_wait)
    return RetryDecision(asked, "retry-after", asked > policy.max_wait)
