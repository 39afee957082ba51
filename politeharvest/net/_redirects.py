"""Redirect decisions: which hops to follow, and which to refuse with a reason (core)."""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

import attrs

from politeharvest._policy import Politeness, RedirectScope
from politeharvest._reprs import value_repr

from ._urls import hostname, is_private_address, platform_tenant, registrable_domain, same_origin

__all__ = [
    "Follow",
    "RedirectDecision",
    "RedirectPolicy",
    "Stop",
    "is_private_address",
    "platform_tenant",
    "registrable_domain",
    "same_origin",
]

# Paths and queries that mean "sign in first": following them never yields
# the resource, and an anonymous harvester must not try (E6).
#: Paths of sign-in pages, one pattern for every check that needs it (redirects, problematic
#: addresses, anchors not to follow).
SIGN_IN_PATH = r"/(?:login|log-in|signin|sign-in|sign_in|logon)\b"
_AUTH_WALL = re.compile(
    r"(" + SIGN_IN_PATH + r"|/Shibboleth\.sso\b"
    r"|/idp/|/saml\d?/|/SAML2/|/sso\b|/cas/login|/oauth2?/authorize|/openid-connect/auth"
    r"|/wayf\b|/discojuice|/account/login|/user/login|/auth/realms/"
    r"|[?&](cookieSet|cookie_set)=1\b|[?&]SAMLRequest=)",
    re.IGNORECASE,
)


@attrs.frozen(repr=False)
class Follow:
    """Follow the redirect to `url`."""

    __repr__ = value_repr

    url: str


@attrs.frozen(repr=False)
class Stop:
    """Refuse the redirect.

    Attributes:
        url: the refused target (absolute).
        reason: a sentence for people.
        code: a short code for programs (``"too-many-hops"``, ``"insecure-scheme"``,
            ``"off-site"``, ``"loop"``, ``"private-address"``, ``"auth-wall"``,
            ``"bad-location"``).
    """

    __repr__ = value_repr

    url: str
    reason: str
    code: str


RedirectDecision = Follow | Stop


def _host_allowed(host: str, patterns: tuple[str, ...]) -> bool:
    for pattern in patterns:
        if pattern.startswith("*."):
            if host == pattern[2:] or host.endswith(pattern[1:]):
                return True
        elif host == pattern:
            return True
    return False


@attrs.frozen(kw_only=True, repr=False)
class RedirectPolicy:
    """Decides each redirect hop: https only, within the site, a few hops, no walls.

    Attributes:
        max_hops: redirects followed per request.
        https_only: refuse any target that is not https.
        scope: ``"host"``, ``"site"`` (registrable domain) or ``"any"``.
        allowed_hosts: hosts (or ``*.domain``) always allowed as targets.
        allow_private_addresses: allow private, loopback and link-local targets.
    """

    __repr__ = value_repr

    max_hops: int = 3
    https_only: bool = True
    scope: RedirectScope = "site"
    allowed_hosts: tuple[str, ...] = ()
    allow_private_addresses: bool = False

    @classmethod
    def from_policy(cls, policy: Politeness) -> RedirectPolicy:
        """The redirect policy for harvest requests, from the politeness policy."""
        return cls(
            max_hops=policy.max_redirects,
            https_only=policy.https_only,
            scope=policy.redirect_scope,
            allowed_hosts=policy.allowed_hosts,
            allow_private_addresses=policy.allow_private_addresses,
        )

    @classmethod
    def for_robots(cls, policy: Politeness) -> RedirectPolicy:
        """The redirect policy for robots.txt fetches.

        RFC 9309 section 2.3.1.2 asks for at least 5 hops, across hosts, and
        https is not required of an http origin's robots.txt.
        """
        return cls(
            max_hops=policy.robots_max_redirects,
            https_only=False,
            scope="any",
            allow_private_addresses=policy.allow_private_addresses,
        )

    def decide(self, chain: tuple[str, ...] | list[str], location: str) -> RedirectDecision:
        """Decide whether to follow a redirect.

        Args:
            chain: the URLs requested so far, first to last; the last one redirected.
            location: its ``Location`` header (may be relative).

        Returns:
            `Follow(url)` with the absolute target, or `Stop(url, reason, code)`.
        """
        current = chain[-1]
        target = urljoin(current, location.strip())
        parts = urlsplit(target)
        host = hostname(target)
        if parts.scheme not in ("http", "https") or not host:
            return Stop(target, f"unusable Location {location!r}", "bad-location")
        hops = len(chain) - 1
        if hops >= self.max_hops:
            return Stop(
                target, f"more than {self.max_hops} redirect hop(s) ({hops + 1})", "too-many-hops"
            )
        if self.https_only and parts.scheme != "https":
            return Stop(target, "redirects are followed to https only", "insecure-scheme")
        if target in chain:
            return Stop(target, "redirect loop (A -> B -> A)", "loop")
        if _AUTH_WALL.search(target):
            return Stop(target, "redirect to a sign-in or single-sign-on page", "auth-wall")
        if not self.allow_private_addresses and is_private_address(host):
            return Stop(
                target, "target is a private, loopback or link-local address", "private-address"
            )
        if not self.in_scope(chain[0], target):
            return Stop(target, self._scope_reason(chain[0], target), "off-site")
        return Follow(target)

    def in_scope(self, start: str, target: str) -> bool:
        """Whether `target` is within this policy's scope of `start` (the first URL)."""
        host, origin_host = hostname(target), hostname(start)
        if self.scope == "any" or host == origin_host:
            return True
        if _host_allowed(host, self.allowed_hosts):
            return True
        return self.scope == "site" and registrable_domain(host) == registrable_domain(origin_host)

    def _scope_reason(self, start: str, target: str) -> str:
        origin_host = hostname(start)
        if self.scope == "host":
            return f"target leaves the host {origin_host}"
        return f"target leaves the site {registrable_domain(origin_host)}"
