"""Retry-After parsing and the 429/503 backoff decision (pure)."""

from __future__ import annotations

from ._retry import RetryDecision, parse_retry_after, retry_decision

__all__ = [
    "RetryDecision",
    "parse_retry_after",
    "retry_decision",
]
