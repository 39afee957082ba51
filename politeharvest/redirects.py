"""Redirect decisions: https only, within the site, at most 3 hops, no private addresses."""

from __future__ import annotations

from ._redirects import Follow, RedirectDecision, RedirectPolicy, Stop, registrable_domain

__all__ = [
    "Follow",
    "RedirectDecision",
    "RedirectPolicy",
    "Stop",
    "registrable_domain",
]
